//! Singles: a cell with one candidate left (naked), a value with one place left in a unit
//! (hidden).

use crate::puzzle::{Cell, ValueSet};

use super::board::{Board, Unit};
use super::step::{Found, Placement, Step};
use super::technique::{Technique, UnitKind};

/// Naked singles (see [`super::technique::TechniqueSpec`]).
pub(crate) const NAKED: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "naked singles",
    find: |board, _, out| naked(board, out),
    describe,
};

/// Hidden singles, in the units of the kinds the rung gives, in that order.
pub(crate) const HIDDEN: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "hidden singles",
    find: |board, scope, out| {
        if let super::technique::Scope::Units(kinds) = scope {
            hidden(board, kinds, out)
        }
    },
    describe,
};

/// Cells with one candidate that hold no value yet.
pub fn naked(board: &Board, out: &mut Found) {
    naked_each(board, |cell, v| {
        let mut step = Step::new(Technique::NakedSingle);
        step.cells.push(cell);
        step.values = ValueSet::single(v);
        step.placements.push(Placement::new(cell, v));
        out.push(step);
        !out.done()
    });
}

/// The placements [`naked`] finds, in its order, without their steps (what forcing chains
/// follow, many times a step).
pub(crate) fn naked_placements(board: &Board, out: &mut Vec<Placement>) {
    naked_each(board, |cell, v| {
        out.push(Placement::new(cell, v));
        true
    });
}

/// Calls `f` with each naked single in cell order, until it returns false.
fn naked_each(board: &Board, mut f: impl FnMut(Cell, u8) -> bool) {
    for cell in board.cells() {
        if board.is_placed(cell) {
            continue;
        }
        if let Some(v) = board.candidates(cell).single_value() {
            if !f(cell, v) {
                return;
            }
        }
    }
}

/// Values with one place left in a unit of the given kinds (boxes first, as people look).
pub fn hidden(board: &Board, kinds: &[UnitKind], out: &mut Found) {
    hidden_each(board, kinds, |unit, kind, cell, v| {
        let mut step = Step::new(Technique::HiddenSingle(kind));
        step.cells.push(cell);
        step.units.push(unit);
        step.values = ValueSet::single(v);
        step.placements.push(Placement::new(cell, v));
        out.push(step);
        !out.done()
    });
}

/// The placements [`hidden`] finds in every unit (a cell once for each unit it is the single
/// of), in the order of the units, without their steps: what forcing chains follow, where
/// the order of one sweep's placements does not matter.
pub(crate) fn hidden_placements(board: &Board, out: &mut Vec<Placement>) {
    for u in 0..board.units().len() {
        hidden_in(board, u, |cell, v| {
            out.push(Placement::new(cell, v));
            true
        });
    }
}

/// Calls `f` with each hidden single (its unit and the unit's kind, the cell, the value), in
/// the units of `kinds` in that order, until it returns false.
fn hidden_each(
    board: &Board,
    kinds: &[UnitKind],
    mut f: impl FnMut(Unit, UnitKind, Cell, u8) -> bool,
) {
    for &kind in kinds {
        for (u, &unit) in board.units().iter().enumerate() {
            if unit_kind(unit) == kind && !hidden_in(board, u, |cell, v| f(unit, kind, cell, v)) {
                return;
            }
        }
    }
}

/// Calls `f` with each hidden single of unit `units()[u]` (the cell, the value), until it
/// returns false; false when it did.
#[inline(always)]
fn hidden_in(board: &Board, u: usize, mut f: impl FnMut(Cell, u8) -> bool) -> bool {
    let (open, placed) = board.unit_open(u);
    if open == 0 {
        return true;
    }
    let cells = board.unit_cells_at(u);
    // Values seen once and more than once among the unplaced cells' candidates.
    let (mut once, mut more) = (ValueSet::EMPTY, ValueSet::EMPTY);
    let mut m = open;
    while m != 0 {
        let cand = board.candidates(cells[m.trailing_zeros() as usize]);
        m &= m - 1;
        more |= once & cand;
        once |= cand;
    }
    let single = once & !more & !placed & ValueSet::full(board.size());
    for v in single.iter() {
        let cell = cells
            .iter()
            .copied()
            .find(|&c| !board.is_placed(c) && board.candidates(c).contains(v))
            .expect("a value seen once has a place");
        if !f(cell, v) {
            return false;
        }
    }
    true
}

pub fn unit_kind(unit: Unit) -> UnitKind {
    match unit {
        Unit::Row(_) => UnitKind::Row,
        Unit::Column(_) => UnitKind::Col,
        Unit::Box(_) => UnitKind::Box,
        Unit::Region(_) => UnitKind::Region,
        Unit::Diagonal | Unit::AntiDiagonal => UnitKind::Diagonal,
        Unit::Extra(_) => UnitKind::Extra,
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    let p = step.placements[0];
    let cell = board.name(p.cell);
    match step.technique {
        Technique::HiddenSingle(_) => {
            format!(
                "In {}, only {cell} can hold {}, so {cell} = {}",
                step.units[0], p.value, p.value
            )
        }
        _ => format!("Only {} is left in {cell}, so {cell} = {}", p.value, p.value),
    }
}

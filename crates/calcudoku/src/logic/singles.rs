//! Singles: a cell with one candidate left (naked), a value with one place left in a unit
//! (hidden).

use crate::puzzle::ValueSet;

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
    for cell in board.cells() {
        if board.is_placed(cell) {
            continue;
        }
        if let Some(v) = board.candidates(cell).single_value() {
            let mut step = Step::new(Technique::NakedSingle);
            step.cells.push(cell);
            step.values = ValueSet::single(v);
            step.placements.push(Placement::new(cell, v));
            out.push(step);
            if out.done() {
                return;
            }
        }
    }
}

/// Values with one place left in a unit of the given kinds (boxes first, as people look).
pub fn hidden(board: &Board, kinds: &[UnitKind], out: &mut Found) {
    let full = ValueSet::full(board.size());
    for &kind in kinds {
        for (u, &unit) in board.units().iter().enumerate() {
            if unit_kind(unit) != kind {
                continue;
            }
            let (open, placed) = board.unit_open(u);
            if open == 0 {
                continue;
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
            let single = once & !more & !placed & full;
            for v in single.iter() {
                let cell = cells
                    .iter()
                    .copied()
                    .find(|&c| !board.is_placed(c) && board.candidates(c).contains(v))
                    .expect("a value seen once has a place");
                let mut step = Step::new(Technique::HiddenSingle(kind));
                step.cells.push(cell);
                step.units.push(unit);
                step.values = ValueSet::single(v);
                step.placements.push(Placement::new(cell, v));
                out.push(step);
                if out.done() {
                    return;
                }
            }
        }
    }
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

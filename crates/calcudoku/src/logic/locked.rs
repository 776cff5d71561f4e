//! Locked candidates, where a box meets a row or column:
//!
//! - pointing: in a box, a value's places all lie in one row (column), so that line's value is
//!   in this box and it leaves the rest of the line;
//! - claiming: in a row (column), a value's places all lie in one box, so it leaves the rest of
//!   that box.

use crate::puzzle::{Cell, MAX_SIZE, ValueSet, bits};

use super::board::{Board, Unit};
use super::step::{Found, List, Placement, Step, eliminations_text};
use super::technique::Technique;

/// This file's technique (see [`super::technique::TechniqueSpec`]).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "locked candidates",
    find: |board, scope, out| {
        if let super::technique::Scope::Variant(pointing) = scope {
            find(board, pointing, out)
        }
    },
    describe,
};

pub fn find(board: &Board, pointing: bool, out: &mut Found) {
    if !board.puzzle().has_regions() {
        return;
    }
    let region = |u: Unit| matches!(u, Unit::Box(_) | Unit::Region(_));
    let line = |u: Unit| matches!(u, Unit::Row(_) | Unit::Column(_));
    let n = board.size();
    let mut places_of = [0u64; MAX_SIZE + 1];
    for (u, &unit) in board.units().iter().enumerate() {
        let from_box = region(unit);
        if from_box != pointing || !(from_box || line(unit)) {
            continue;
        }
        // A value's places among the unit's open cells, a bit per position: no list for each
        // unit and value, most of which have too many places to be locked anywhere.
        let (open, placed) = board.unit_open(u);
        let cells = board.unit_cells_at(u);
        // Every value's places at once, from each open cell's candidates.
        let places_of = &mut places_of[..=n];
        places_of.fill(0);
        for i in bits(open) {
            for v in board.candidates(cells[i]).iter() {
                places_of[usize::from(v)] |= 1 << i;
            }
        }
        for v in 1..=n as u8 {
            // Placed in the unit: nothing of it is left to lock.
            if placed.contains(v) {
                continue;
            }
            let places = places_of[usize::from(v)];
            if places & places.wrapping_sub(1) == 0 {
                continue;
            }
            // The other unit all the places share: a line for a box (or jigsaw region), the
            // box for a line.
            let first = cells[places.trailing_zeros() as usize];
            let units = board.units();
            let shared = board.unit_indices_of(first).find(|&w| {
                w != u
                    && if from_box { line(units[w]) } else { region(units[w]) }
                    && bits(places).all(|i| board.unit_indices_of(cells[i]).any(|x| x == w))
            });
            let Some(target) = shared.map(|w| units[w]) else { continue };
            let places: List<Cell> = bits(places).map(|i| cells[i]).collect();
            let mut step = Step::new(Technique::LockedCandidates { pointing });
            for &c in board.unit_cells(target) {
                if !places.contains(&c) && board.candidates(c).contains(v) {
                    step.eliminations.push(Placement::new(c, v));
                }
            }
            if step.eliminations.is_empty() {
                continue;
            }
            step.units.push(unit);
            step.units.push(target);
            step.values = ValueSet::single(v);
            step.cells = places;
            out.push(step);
            if out.done() {
                return;
            }
        }
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    let v = step.values.min().unwrap_or(0);
    let (within, target) = (step.units[0], step.units[1]);
    format!(
        "In {within}, {v} can only go in {target}, so {v} leaves the rest of {target}: remove {}",
        eliminations_text(board, &step.eliminations)
    )
}

//! Locked candidates, where a box meets a row or column:
//!
//! - pointing: in a box, a value's places all lie in one row (column), so that line's value is
//!   in this box and it leaves the rest of the line;
//! - claiming: in a row (column), a value's places all lie in one box, so it leaves the rest of
//!   that box.

use crate::puzzle::{Cell, ValueSet};

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
    for &unit in board.units() {
        let from_box = region(unit);
        if from_box != pointing || !(from_box || line(unit)) {
            continue;
        }
        for v in 1..=n as u8 {
            let places: List<Cell> = board.places(unit, v).collect();
            if places.len() < 2 || places.iter().any(|&c| board.is_placed(c)) {
                continue;
            }
            // The other unit all the places share: a line for a box (or jigsaw region), the
            // box for a line.
            let shared = board.units_of(places[0]).find(|&u| {
                u != unit
                    && if from_box { line(u) } else { region(u) }
                    && places.iter().all(|&c| board.units_of(c).any(|w| w == u))
            });
            let Some(target) = shared else { continue };
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

//! Cage placement: the values each cell of a cage can take, over every way of filling the cage
//! that fits the candidates (no value twice in a row or column within the cage); any other
//! candidate goes.
//!
//! Keen's normal cage deduction: where the cage combination asks only which values the cage
//! uses, this asks which cell can hold which.

use super::board::Board;
use super::step::{Found, Placement, Step, eliminations_text};
use super::technique::Technique;

/// This file's technique (see [`super::technique::TechniqueSpec`]).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "cage placements",
    find: |board, _, out| find(board, out),
    describe,
};

pub fn find(board: &Board, out: &mut Found) {
    for (k, cage) in board.cages().iter().enumerate() {
        // A cage's layouts are enumerated on a budget (about a millisecond at most).
        if out.tick_by(64) {
            return;
        }
        if cage.cells.iter().all(|&c| board.is_placed(c)) {
            continue;
        }
        let analysis = board.cage_analysis(k);
        if !analysis.complete {
            continue;
        }
        let each = &analysis.per_cell;
        if cage.cells.iter().zip(each).all(|(&c, &keep)| (board.candidates(c) & !keep).is_empty()) {
            continue;
        }
        let mut step = Step::new(Technique::CagePlacement);
        step.cages.push(k);
        step.cells = cage.cells.iter().copied().collect();
        for (&c, &keep) in cage.cells.iter().zip(each) {
            step.values |= keep;
            for v in (board.candidates(c) & !keep).iter() {
                step.eliminations.push(Placement::new(c, v));
            }
        }
        out.push(step);
        if out.done() {
            return;
        }
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    let cage = board.cage_name(step.cages[0]);
    format!(
        "No way of filling {cage} puts these values in these cells (each cell's row and column allow only some arrangements), so remove {}",
        eliminations_text(board, &step.eliminations)
    )
}

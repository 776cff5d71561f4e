//! Cage combination: the values a whole cage can be made of, from its arithmetic and the
//! candidates of its cells; any other value leaves every cell of the cage.
//!
//! This is Keen's easy cage deduction: it does not ask which cell takes which value, only
//! which values occur in some way of filling the cage.

use super::board::Board;
use super::step::{Found, Placement, Step, eliminations_text, value_list};
use super::technique::Technique;

/// This file's technique (see [`super::technique::TechniqueSpec`]).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "cage combinations",
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
        let union = analysis.union;
        if cage.cells.iter().all(|&c| (board.candidates(c) & !union).is_empty()) {
            continue;
        }
        let mut step = Step::new(Technique::CageCombination);
        step.cages.push(k);
        step.cells = cage.cells.iter().copied().collect();
        step.values = union;
        for &c in &cage.cells {
            for v in (board.candidates(c) & !union).iter() {
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
    if step.values.is_empty() {
        return format!("{cage} cannot be filled with the candidates left");
    }
    format!(
        "{cage} can only be made of {}, so remove {}",
        value_list(step.values),
        eliminations_text(board, &step.eliminations)
    )
}

//! Cage placement: the values each cell of a cage can take, over every way of filling the cage
//! that fits the candidates (no value twice in a row or column within the cage); any other
//! candidate goes.
//!
//! Keen's normal cage deduction: where the cage combination asks only which values the cage
//! uses, this asks which cell can hold which.

use crate::puzzle::ValueSet;

use super::board::Board;
use super::layouts;
use super::step::{Found, Placement, Step, eliminations_text};
use super::technique::Technique;

pub fn find(board: &Board, out: &mut Found) {
    for (k, cage) in board.cages().iter().enumerate() {
        if cage.cells.iter().all(|&c| board.is_placed(c)) {
            continue;
        }
        let mut each = vec![ValueSet::EMPTY; cage.cells.len()];
        let mut budget = layouts::BUDGET;
        let complete = layouts::for_each(board, k, &mut budget, |values| {
            for (set, &v) in each.iter_mut().zip(values) {
                set.insert(v);
            }
        });
        if !complete {
            continue;
        }
        let mut step = Step::new(Technique::CagePlacement);
        step.cages.push(k);
        step.cells = cage.cells.clone();
        for (&c, &keep) in cage.cells.iter().zip(&each) {
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

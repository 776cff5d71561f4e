//! Trial: when no technique applies, assume a value in a cell with few candidates and follow
//! every consequence (an exhaustive search); when no solution holds that value, it goes.
//!
//! The step lists only what it proves (the elimination); the assumption is its `chain`.
//! Nothing here assumes the puzzle has one solution: when every candidate of the chosen cell
//! leads to a solution, the puzzle has several and no step is returned.

use crate::solve::{Branching, Solver};

use super::board::Board;
use super::step::{Found, Step};
use super::technique::Technique;

/// This file's technique (see [`super::technique::TechniqueSpec`]).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "trial",
    find: |board, _, out| find(board, out),
    describe,
};

pub fn find(board: &Board, out: &mut Found) {
    let mut cells: Vec<_> =
        board.cells().filter(|&c| !board.is_placed(c) && board.candidates(c).len() > 1).collect();
    if cells.is_empty() {
        return;
    }
    cells.sort_by_key(|&c| (board.candidates(c).len(), c));
    let with = |grid| board.puzzle().with_givens(grid);
    // One search of the board's placements, up to two solutions, answers most of the
    // questions below at once: a value a solution of it holds leads to that solution, and
    // when it has exactly one, every other value of every cell leads to none.
    // (The grader may have made this search already, to know the puzzle is worth grading.)
    let deadline = out.deadline();
    let (first, unique) = match out.searched.take() {
        Some(searched) => searched,
        None => {
            let Ok(here) = with(board.to_grid()) else { return };
            let solver = Solver::new(&here).with_deadline(deadline);
            match solver.search(Branching::FewestCandidates, 2) {
                Ok((first, count, _)) => (first, count.solutions == 1 && count.complete),
                Err(_) => return out.expire(),
            }
        }
    };
    for cell in cells {
        if out.tick_by(board.cell_count() as u32) || out.out_of_time() {
            return;
        }
        let known = first.as_ref().map(|g| g.get(cell));
        for v in board.candidates(cell).iter() {
            if known == Some(v) {
                continue;
            }
            if !unique {
                let mut grid = board.to_grid();
                grid.set(cell, v);
                let Ok(puzzle) = with(grid) else { continue };
                let Ok(count) = Solver::new(&puzzle).with_deadline(deadline).count(1) else {
                    return out.expire();
                };
                if count.solutions != 0 {
                    continue;
                }
            }
            out.push(Step::refuted(Technique::Trial, cell, v));
            if out.done() {
                return;
            }
        }
        if !out.is_empty() {
            return;
        }
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    let e = step.eliminations[0];
    format!(
        "Trying {} in {} leads to a contradiction whichever way the rest is filled, so {} is not {}",
        e.value,
        board.name(e.cell),
        board.name(e.cell),
        e.value
    )
}

//! What the generators of Skyscrapers and Futoshiki share: a solution and every clue it
//! allows (the clues around the grid, the signs between cells), givens added where the
//! ladder gets stuck, then clues and givens taken away in a random order while the ladder up
//! to the level still solves the puzzle; kept when it is exactly at the level.

use crate::clock::Instant;
use crate::logic::{Grade, Ladder, LogicError, Rule, grade_path};
use crate::puzzle::{Cell, Grid, Puzzle};
use crate::solve::{Branching, Solver};

use super::rng::Rng;
use super::{GenerateError, at_level, solves_within};

/// A puzzle built from the clues left on (`on[k]`) and the givens.
pub(super) type Build<'a> = dyn Fn(&[bool], &Grid) -> Puzzle + 'a;

/// What a puzzle is made of: its solution, how many clues it may have (all kept when
/// `keep_clues`), and how a puzzle is built from some of them and givens.
pub(super) struct Parts<'a> {
    pub solution: &'a Grid,
    pub clues: usize,
    pub keep_clues: bool,
    pub build: &'a Build<'a>,
}

/// Makes a puzzle of `parts` at `level` of `ladder` (already cut at that level); None when
/// the level is not reached.
pub(super) fn make(
    parts: &Parts<'_>,
    ladder: &Ladder,
    level: Option<u8>,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grade)>, GenerateError> {
    let Parts { solution, clues, keep_clues, build } = *parts;
    let n = solution.size();
    let mut on = vec![true; clues];
    let mut givens = Grid::empty(n);
    // With trial on the ladder, it solves exactly the puzzles with one solution: the exact
    // solver says so much faster than trial's steps.
    let trial = ladder.rungs.iter().any(|r| r.rule == Rule::TRIAL);
    // Givens where the ladder gets stuck, until it solves the puzzle. With trial, until the
    // puzzle has one solution: a given where a solution found differs from the one meant
    // (grading a puzzle of several solutions with trial costs a search per candidate).
    if trial {
        loop {
            let puzzle = build(&on, &givens);
            let (found, count, _) = Solver::new(&puzzle)
                .with_deadline(deadline)
                .search(Branching::FewestCandidates, 2)
                .map_err(|_| GenerateError::Timeout)?;
            if count.solutions <= 1 {
                break;
            }
            let found = found.expect("two solutions found");
            let empty = (0..n * n).map(|i| Cell(i as u16)).filter(|&c| givens.get(c) == 0);
            let differ: Vec<Cell> =
                empty.clone().filter(|&c| found.get(c) != solution.get(c)).collect();
            let open: Vec<Cell> = if differ.is_empty() { empty.collect() } else { differ };
            let cell = open[rng.below(open.len())];
            givens.set(cell, solution.get(cell));
        }
    }
    loop {
        let puzzle = build(&on, &givens);
        let Ok(board) = crate::logic::Board::new(&puzzle) else { return Ok(None) };
        let (grade, end) = match grade_path(board, ladder, deadline) {
            Ok(done) => done,
            Err(LogicError::Timeout) => return Err(GenerateError::Timeout),
            Err(_) => return Ok(None),
        };
        if grade.solved {
            break;
        }
        let open: Vec<Cell> = end.cells().filter(|&c| !end.is_placed(c)).collect();
        if open.is_empty() {
            return Ok(None);
        }
        let cell = open[rng.below(open.len())];
        givens.set(cell, solution.get(cell));
    }
    let solves = |on: &[bool], givens: &Grid| -> Result<bool, GenerateError> {
        let puzzle = build(on, givens);
        if trial {
            let count = Solver::new(&puzzle)
                .with_deadline(deadline)
                .count(2)
                .map_err(|_| GenerateError::Timeout)?;
            return Ok(count.solutions == 1);
        }
        Ok(solves_within(&puzzle, ladder, level, deadline)?.is_some())
    };
    if !keep_clues {
        for k in rng.permutation(clues) {
            on[k] = false;
            if !solves(&on, &givens)? {
                on[k] = true;
            }
        }
    }
    let mut given: Vec<usize> = (0..n * n).filter(|&i| givens.cells()[i] != 0).collect();
    rng.shuffle(&mut given);
    for i in given {
        let cell = Cell(i as u16);
        givens.set(cell, 0);
        if !solves(&on, &givens)? {
            givens.set(cell, solution.get(cell));
        }
    }
    let puzzle = build(&on, &givens);
    Ok(at_level(&puzzle, ladder, level, deadline)?.map(|g| (puzzle, g)))
}

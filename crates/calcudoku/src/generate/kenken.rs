//! KenKen the way Keen makes them: a random Latin square, cut into cages, an operator for each
//! cage, kept when the logic ladder solves it at the level asked and not at the one below.

use crate::clock::Instant;
use crate::logic::{Grade, Ladder, Rule};
use crate::solve::Solver;
use crate::puzzle::{Cage, Cell, Grid, Puzzle};

use super::ops::{OpChoice, choose};
use super::rng::Rng;
use super::{GenerateError, Options, at_level, cages, latin};

/// One candidate puzzle; None when it misses the level (or could not be cut).
pub(super) fn attempt(
    options: &Options,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Grade)>, GenerateError> {
    let n = options.size;
    let square = latin::latin_square(n, rng);
    let Some(cut) = cages::cut(n, options.max_cage, rng, |_, _| true) else { return Ok(None) };
    let values: Vec<Vec<u8>> =
        cut.iter().map(|k| k.iter().map(|&c| square.cells()[c]).collect()).collect();
    let choice = OpChoice {
        allowed: options.ops.clone(),
        long_sub_div: options.long_ops,
        // Keen avoids giveaway × pairs above normal.
        hard: options.level.is_some_and(|l| l > 1),
    };
    let clues = choose(&values, n, &choice, rng);
    let mut list = Vec::with_capacity(cut.len());
    for (cells, (op, target)) in cut.iter().zip(clues) {
        // A cage no allowed operator fits (`--ops` narrowing): try another cut.
        if op.is_none() && cells.len() > 1 {
            return Ok(None);
        }
        let op = if options.hidden_ops && cells.len() > 1 { None } else { op };
        list.push(Cage::new(target, op, cells.iter().map(|&c| Cell(c as u16)).collect()));
    }
    let puzzle = Puzzle::kenken(n, list).expect("the cages tile the grid");
    // Sound steps never solve a puzzle with several solutions, so such a candidate is
    // rejected whatever the ladder does; with trial on the ladder finding that out would take
    // a search per candidate value of every cell before it gets stuck, so the exact solver is
    // asked first.
    if ladder.rungs.iter().any(|r| r.rule == Rule::Trial) {
        let count = Solver::new(&puzzle)
            .with_deadline(deadline)
            .count(2)
            .map_err(|_| GenerateError::Timeout)?;
        if count.solutions != 1 || !count.complete {
            return Ok(None);
        }
    }
    Ok(at_level(&puzzle, ladder, options.level, deadline)?.map(|g| (puzzle, square, g)))
}

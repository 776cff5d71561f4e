//! Solving: candidate bitsets, one propagator per constraint kind, search with an undo trail,
//! and a sink that can stop at a count. `brute` holds the seeds' prescribed brute force.

pub mod brute;

use crate::puzzle::{Grid, Puzzle};

/// How many solutions a search found, and whether it looked at everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    pub solutions: u64,
    /// False when the search stopped at the limit: there may be more.
    pub complete: bool,
}

/// The first solution in row-major order (the one the seeds' brute force finds), or None.
pub fn solve(puzzle: &Puzzle) -> Option<Grid> {
    let _ = puzzle;
    todo!()
}

/// Counts solutions, stopping once `limit` are found.
pub fn count(puzzle: &Puzzle, limit: u64) -> Count {
    let _ = (puzzle, limit);
    todo!()
}

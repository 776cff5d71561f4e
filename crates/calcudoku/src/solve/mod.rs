//! Solving: candidate bitsets, one propagator per constraint kind, search with an undo trail,
//! and a sink that can stop at a count.
//!
//! - [`model`]: the puzzle compiled for search (units, peers, cages and their conflicts);
//! - [`cage`]: the cage propagator (exact support filtering, bounds as a fallback);
//! - [`engine`]: propagation to a fixed point and depth-first search.

mod cage;
mod engine;
mod model;

use std::time::{Duration, Instant};

pub use engine::{Branching, Stats};

pub mod brute;

use crate::puzzle::{Grid, Puzzle};
use engine::{Engine, Sink, Stop};
use model::Model;

/// How many solutions a search found, and whether it looked at everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    pub solutions: u64,
    /// False when the search stopped at the limit: there may be more.
    pub complete: bool,
}

/// The search ran out of time before it was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("gave up after {0:?}")]
pub struct Timeout(pub Duration);

/// What solving a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The first solution in row-major order, if any.
    pub grid: Option<Grid>,
    /// Solutions counted up to two: tells "none", "unique" and "several" apart.
    pub count: Count,
    pub stats: Stats,
}

impl Report {
    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.count.solutions == 1 && self.count.complete
    }
}

/// A puzzle compiled once, to be searched any number of times.
pub struct Solver {
    model: Model,
    deadline: Option<Instant>,
}

impl Solver {
    pub fn new(puzzle: &Puzzle) -> Solver {
        Solver { model: Model::new(puzzle), deadline: None }
    }

    /// Stops any later search once `deadline` has passed.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Solver {
        self.deadline = deadline;
        self
    }

    /// Searches with the given branching until `limit` solutions are found.
    pub fn search(
        &self,
        branching: Branching,
        limit: u64,
    ) -> Result<(Option<Grid>, Count, Stats), Timeout> {
        let started = Instant::now();
        let mut sink = Sink { limit: limit.max(1), found: 0, first: None };
        let mut engine = Engine::new(&self.model, self.deadline);
        let stop = if limit == 0 { Some(Stop::Enough) } else { engine.run(branching, &mut sink) };
        match stop {
            Some(Stop::Timeout) => Err(Timeout(started.elapsed())),
            stop => Ok((
                sink.first,
                Count { solutions: sink.found, complete: stop.is_none() },
                engine.stats,
            )),
        }
    }

    /// The first solution in row-major order, and whether it is unique.
    ///
    /// The fast branching looks for two solutions; when there is at most one, that settles it.
    /// When there are several, a second search in row-major order finds the first of them.
    pub fn solve(&self) -> Result<Report, Timeout> {
        let (grid, count, mut stats) = self.search(Branching::FewestCandidates, 2)?;
        if count.solutions < 2 {
            return Ok(Report { grid, count, stats });
        }
        let (grid, _, more) = self.search(Branching::RowMajor, 1)?;
        stats += more;
        Ok(Report { grid, count, stats })
    }

    /// Counts solutions, stopping once `limit` are found.
    pub fn count(&self, limit: u64) -> Result<Count, Timeout> {
        self.search(Branching::FewestCandidates, limit).map(|(_, count, _)| count)
    }
}

/// The first solution in row-major order (the one the seeds' brute force finds), or None.
pub fn solve(puzzle: &Puzzle) -> Option<Grid> {
    Solver::new(puzzle).solve().expect("no deadline was set").grid
}

/// Counts solutions, stopping once `limit` are found.
pub fn count(puzzle: &Puzzle, limit: u64) -> Count {
    Solver::new(puzzle).count(limit).expect("no deadline was set")
}

//! Solving: candidate bitsets, one propagator per constraint kind, search with an undo trail,
//! and a sink that can stop at a count.
//!
//! Inside (private modules, so named in plain text):
//!
//! - `model`: the puzzle compiled for search (units, peers, cages and their conflicts, the
//!   sums Killer Sudoku's units imply);
//! - `cage`: the cage propagator (tables, exact support search, bounds as a fallback);
//! - `engine`: propagation to a fixed point and depth-first search with conflict weights, and
//!   (`engine::first`) the search for the first solution in row-major order among several;
//! - `bands`: the bands and stacks of boxes, where the engine finds locked candidates;
//! - `sudoku9`: a specialised engine for the classic 9×9 Sudoku and the 9×9 X-Sudoku, used
//!   when a puzzle is one (an X-Sudoku keeps the `houses` engine for the generator's fill of
//!   an empty grid within a budget);
//! - `houses`: an engine for the other puzzles made of houses alone (Sudoku of other shapes,
//!   jigsaw, X, windoku, Latin squares with givens) up to 16×16.

mod bands;
mod cage;
mod engine;
mod houses;
mod model;

use crate::clock::{Duration, Instant};
use std::sync::OnceLock;

pub use engine::{Branching, Stats};

pub mod brute;
mod sudoku9;

use crate::puzzle::{BoxShape, Family, Grid, Kind, Puzzle};
use engine::{Engine, Sink, Stop};
use houses::Houses;
use model::Model;

/// Guesses a 9×9 Sudoku's row-major search may make (beyond four times the count's) before
/// its first solution is looked for by the general engine. On `serg-benchmark` (10,000
/// puzzles with several solutions) the row-major search needs at most a few dozen.
pub(crate) const ROW_MAJOR9_GUESSES: u64 = 2_000;

/// Guesses the houses engine may make on its narrowest choices, for a search to `limit`
/// solutions, before the general engine takes over. Its guesses are cheap but blind (the
/// fewest candidates, no learning, singles and locked candidates only): on 16×16 Sudokus with
/// a quarter to a third of their cells given, about one in a hundred sent it into a subtree
/// without a solution that it took minutes to leave (700,000 guesses and more, where a
/// typical count takes a few hundred), while the general engine's weighted search, with every
/// subset rule, counted each of the 750 in under 5 ms.
fn houses_budget(limit: u64) -> u64 {
    20_000u64.saturating_add(limit.saturating_mul(64))
}

/// How many solutions a search found, and whether it looked at everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit asked for.
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
    /// What the search did (narrowings, nodes, backtracks).
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
    /// The general model; for a classic 9×9 Sudoku or a puzzle of houses alone built only
    /// when first needed.
    model: OnceLock<Model>,
    /// The givens of a classic 9×9 Sudoku (3×3 boxes, no cages), or of a 9×9 X-Sudoku:
    /// searched by [`sudoku9`].
    sudoku9: Option<[u8; 81]>,
    /// Whether the 9×9 givens are an X-Sudoku's (both main diagonals hold every value once).
    diagonals9: bool,
    /// Another puzzle made of houses alone, its givens, and the puzzle (for the general model,
    /// should a search need it): searched by the `houses` engine.
    houses: Option<(Houses, Puzzle)>,
    deadline: Option<Instant>,
    /// Debug builds (and so the tests) check every grid found against the puzzle's rules,
    /// independently of the engines.
    #[cfg(debug_assertions)]
    puzzle: Puzzle,
}

impl Solver {
    /// Compiles `puzzle` for search (a classic 9×9 Sudoku goes to the specialised engine).
    pub fn new(puzzle: &Puzzle) -> Solver {
        let boxes9 = puzzle.size() == 9 && puzzle.boxes() == Some(BoxShape { height: 3, width: 3 });
        let classic = boxes9 && puzzle.kind() == Kind::plain(Family::Sudoku);
        let x = Kind { diagonals: true, ..Kind::plain(Family::Sudoku) };
        let diagonals9 = boxes9 && puzzle.kind() == x;
        let sudoku9 = (classic || diagonals9)
            .then(|| puzzle.givens().cells().try_into().expect("9×9 givens"));
        // An X-Sudoku keeps the houses engine too: the generator's fill within a budget of
        // guesses (`any_within`) and the row-major fallback run there.
        let houses = if classic { None } else { Houses::new(puzzle).map(|h| (h, puzzle.clone())) };
        let model = OnceLock::new();
        if sudoku9.is_none() && houses.is_none() {
            let _ = model.set(Model::new(puzzle));
        }
        Solver {
            model,
            sudoku9,
            diagonals9,
            houses,
            deadline: None,
            #[cfg(debug_assertions)]
            puzzle: puzzle.clone(),
        }
    }

    /// A solver for a classic 9×9 Sudoku given as its 81 values row by row (0 for an empty
    /// cell), without building a [`Puzzle`]: what a batch of one-line Sudokus needs, where
    /// building each puzzle costs as much as solving it. The same answers as
    /// `Solver::new(&puzzle)` for the puzzle of those givens (givens that clash have no
    /// solution). None when a value is above 9.
    pub fn sudoku9(givens: &[u8; 81]) -> Option<Solver> {
        // A fold rather than `any`: the compiler checks sixteen values at a time.
        if givens.iter().fold(false, |above, &v| above | (v > 9)) {
            return None;
        }
        Some(Solver {
            model: OnceLock::new(),
            sudoku9: Some(*givens),
            diagonals9: false,
            houses: None,
            deadline: None,
            #[cfg(debug_assertions)]
            puzzle: Solver::sudoku9_puzzle(givens),
        })
    }

    /// The puzzle of classic 9×9 givens.
    fn sudoku9_puzzle(givens: &[u8; 81]) -> Puzzle {
        let grid = Grid::from_valid(9, givens.to_vec());
        let boxes = Some(BoxShape { height: 3, width: 3 });
        Puzzle::sudoku(9, boxes, grid).expect("values up to 9 make a 9×9 Sudoku")
    }

    /// A solver that always uses the general engine (to cross-check the specialised one).
    #[cfg(test)]
    pub(crate) fn general(puzzle: &Puzzle) -> Solver {
        let mut s = Solver::new(puzzle);
        s.sudoku9 = None;
        s.houses = None;
        let _ = s.model.set(Model::new(puzzle));
        s
    }

    /// The general model, built from the puzzle (or the 9×9 givens) when it was not built up
    /// front.
    fn model(&self) -> &Model {
        self.model.get_or_init(|| {
            if let Some((_, puzzle)) = &self.houses {
                return Model::new(puzzle);
            }
            let givens = self.sudoku9.expect("the model is built up front for other puzzles");
            Model::new(&Solver::sudoku9_puzzle(&givens))
        })
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
        let found = self.search_engines(branching, limit);
        if let Ok((grid, _, _)) = &found {
            self.check(grid.as_ref());
        }
        found
    }

    /// Debug builds (and so the tests) check every grid found against the puzzle's rules,
    /// independently of the engines.
    fn check(&self, grid: Option<&Grid>) {
        #[cfg(debug_assertions)]
        if let Some(grid) = grid {
            assert!(self.puzzle.is_solution(grid), "the solver found an invalid grid:\n{grid}");
        }
        #[cfg(not(debug_assertions))]
        let _ = grid;
    }

    fn search_engines(
        &self,
        branching: Branching,
        limit: u64,
    ) -> Result<(Option<Grid>, Count, Stats), Timeout> {
        // The clock is read only when there is a deadline (a short 9×9 search takes about as
        // long as a few clock reads).
        let started = self.deadline.map(|_| Instant::now());
        let timeout = || Timeout(started.map_or(Duration::ZERO, |t| t.elapsed()));
        if let (Some(givens), Branching::FewestCandidates) = (&self.sudoku9, branching) {
            let found = sudoku9::solve9_until(givens, self.diagonals9, limit, self.deadline)
                .ok_or_else(timeout)?;
            let grid = found.first.map(|g| Grid::from_valid(9, g.to_vec()));
            let count = Count { solutions: found.solutions, complete: found.solutions < limit };
            return Ok((grid, count, Stats { nodes: found.guesses, ..Stats::default() }));
        }
        let mut guessed = 0;
        if let Some((houses, puzzle)) = &self.houses {
            // The row-major search is the tests' reference: it keeps to the houses engine.
            let row_major = branching == Branching::RowMajor;
            let budget = if row_major { u64::MAX } else { houses_budget(limit) };
            let found = houses
                .search(puzzle.givens().cells(), limit, row_major, budget, self.deadline)
                .ok_or_else(timeout)?;
            if !found.out_of_guesses {
                let grid = found.first.map(|g| Grid::from_valid(puzzle.size(), g));
                let count = Count { solutions: found.solutions, complete: found.solutions < limit };
                return Ok((grid, count, Stats { nodes: found.guesses, ..Stats::default() }));
            }
            guessed = found.guesses;
        }
        let mut sink = Sink { limit: limit.max(1), found: 0, first: None };
        let mut engine = Engine::new(self.model(), self.deadline);
        let stop = if limit == 0 { Some(Stop::Enough) } else { engine.run(branching, &mut sink) };
        match stop {
            Some(Stop::Timeout) => Err(timeout()),
            stop => Ok((
                sink.first,
                Count { solutions: sink.found, complete: stop.is_none() },
                Stats { nodes: engine.stats.nodes + guessed, ..engine.stats },
            )),
        }
    }

    /// The first solution in row-major order, and whether it is unique.
    ///
    /// One search counts to two and, when there are several solutions, goes on to find the
    /// first of them in row-major order (see the engine's `first`): up to the second
    /// solution it is the count's search, node for node. A classic 9×9 Sudoku is counted by
    /// its own engine first; with several solutions, the same engine searches in row-major
    /// order (its first solution is the answer), and only when that wanders past a budget of
    /// guesses does the puzzle go to the general engine.
    pub fn solve(&self) -> Result<Report, Timeout> {
        let started = self.deadline.map(|_| Instant::now());
        let timeout = || Timeout(started.map_or(Duration::ZERO, |t| t.elapsed()));
        let mut stats = Stats::default();
        if let Some(givens) = &self.sudoku9 {
            let (counted, first) =
                sudoku9::first9_until(givens, self.diagonals9, ROW_MAJOR9_GUESSES, self.deadline)
                    .ok_or_else(timeout)?;
            stats.nodes = counted.guesses;
            let count = Count { solutions: counted.solutions, complete: counted.solutions < 2 };
            let grid = match first {
                sudoku9::RowMajor9::First(first) => Some(Grid::from_valid(9, first.to_vec())),
                sudoku9::RowMajor9::NoSolution => None,
                sudoku9::RowMajor9::OutOfGuesses => {
                    // Past its budget: the search below (the houses engine for an
                    // X-Sudoku, else the general engine).
                    None
                }
            };
            if grid.is_some() || count.solutions == 0 {
                self.check(grid.as_ref());
                return Ok(Report { grid, count, stats });
            }
        }
        if let Some((houses, puzzle)) = &self.houses {
            let (n, givens) = (puzzle.size(), puzzle.givens().cells());
            let counted = houses.search(givens, 2, false, houses_budget(2), self.deadline);
            let counted = counted.ok_or_else(timeout)?;
            stats.nodes = counted.guesses;
            let count = Count { solutions: counted.solutions, complete: counted.solutions < 2 };
            // Past its budget, the general engine below counts and finds the first.
            if !counted.out_of_guesses {
                if counted.solutions < 2 {
                    let grid = counted.first.map(|g| Grid::from_valid(n, g));
                    self.check(grid.as_ref());
                    return Ok(Report { grid, count, stats });
                }
                // Several: the first in row-major order, within a budget of guesses.
                let budget = ROW_MAJOR9_GUESSES + 4 * counted.guesses;
                let first = houses.search(givens, 1, true, budget, self.deadline);
                let first = first.ok_or_else(timeout)?;
                stats.nodes += first.guesses;
                if let Some(g) = first.first {
                    let grid = Some(Grid::from_valid(n, g));
                    self.check(grid.as_ref());
                    return Ok(Report { grid, count, stats });
                }
            }
        }
        let mut engine = Engine::new(self.model(), self.deadline);
        let (grid, found) = engine.first_of_several().map_err(|_| timeout())?;
        self.check(grid.as_ref());
        stats += engine.stats;
        stats += engine.side_stats;
        let count = Count { solutions: found.min(2), complete: found < 2 };
        Ok(Report { grid, count, stats })
    }

    /// A solution, not necessarily the first in row-major order, found by guessing on the
    /// narrowest choices within `guesses` guesses (a puzzle of houses alone; others search
    /// without a budget): None when there is none or the budget ran out first. What a
    /// generator needs to fill an empty layout, where the first solution in row-major order
    /// can take a long search and some layouts (a jigsaw X) have no solution at all.
    pub(crate) fn any_within(&self, guesses: u64) -> Result<Option<Grid>, Timeout> {
        if let Some(found) = self.x9_until(1) {
            // A 9×9 X-Sudoku: filled by the 9×9 engine, the budget read against its guesses.
            let found = found?;
            let grid = found.first.filter(|_| found.guesses <= guesses);
            let grid = grid.map(|g| Grid::from_valid(9, g.to_vec()));
            self.check(grid.as_ref());
            return Ok(grid);
        }
        let (Some((_, puzzle)), Some(found)) = (&self.houses, self.houses_within(1, guesses))
        else {
            return self.search(Branching::FewestCandidates, 1).map(|(grid, _, _)| grid);
        };
        let grid = found?.first.map(|g| Grid::from_valid(puzzle.size(), g));
        self.check(grid.as_ref());
        Ok(grid)
    }

    /// Counts solutions as [`Solver::count`] does, within `guesses` guesses for a puzzle of
    /// houses alone (others count without a budget): None when the budget ran out first.
    pub(crate) fn count_within(&self, limit: u64, guesses: u64) -> Result<Option<Count>, Timeout> {
        if let Some(found) = self.x9_until(limit) {
            // A 9×9 X-Sudoku: counted by the 9×9 engine, the budget read against its guesses.
            let found = found?;
            let count = Count { solutions: found.solutions, complete: found.solutions < limit };
            return Ok((found.guesses <= guesses).then_some(count));
        }
        let Some(found) = self.houses_within(limit, guesses) else {
            return self.count(limit).map(Some);
        };
        let found = found?;
        Ok((!found.out_of_guesses)
            .then_some(Count { solutions: found.solutions, complete: found.solutions < limit }))
    }

    /// A 9×9 X-Sudoku searched to `limit` solutions by the 9×9 engine (a guess there costs a
    /// fraction of one in the houses engine), within the deadline; None for any other puzzle.
    fn x9_until(&self, limit: u64) -> Option<Result<sudoku9::Sudoku9Result, Timeout>> {
        let givens = self.sudoku9.as_ref().filter(|_| self.diagonals9)?;
        let started = self.deadline.map(|_| Instant::now());
        let found = sudoku9::solve9_until(givens, true, limit, self.deadline);
        Some(found.ok_or_else(|| Timeout(started.map_or(Duration::ZERO, |t| t.elapsed()))))
    }

    /// The houses engine's search to `limit` solutions on the narrowest choices, within
    /// `guesses` guesses and the deadline; None for a puzzle that is not of houses alone.
    fn houses_within(&self, limit: u64, guesses: u64) -> Option<Result<houses::Found, Timeout>> {
        let (houses, puzzle) = self.houses.as_ref()?;
        let started = self.deadline.map(|_| Instant::now());
        let found = houses.search(puzzle.givens().cells(), limit, false, guesses, self.deadline);
        Some(found.ok_or_else(|| Timeout(started.map_or(Duration::ZERO, |t| t.elapsed()))))
    }

    /// Counts solutions, stopping once `limit` are found.
    pub fn count(&self, limit: u64) -> Result<Count, Timeout> {
        if let Some(givens) = &self.sudoku9 {
            // The count alone: the 9×9 engine keeps no solution.
            let started = self.deadline.map(|_| Instant::now());
            let found = sudoku9::count9_until(givens, self.diagonals9, limit, self.deadline)
                .ok_or_else(|| Timeout(started.map_or(Duration::ZERO, |t| t.elapsed())))?;
            return Ok(Count { solutions: found.solutions, complete: found.solutions < limit });
        }
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

//! The first solution in row-major order (the smallest grid, read row by row) of a puzzle that
//! may have several, for the price of a count to two and, mostly, not much more.
//!
//! The search is the count's, node for node, until a second solution is found. From then on
//! the count is settled and the same search goes on as a branch and bound: the smaller of the
//! two solutions is the bound, propagation keeps only grids that come before it (see
//! [`Engine::before_bound`]), and each solution found, smaller, becomes the bound. When the
//! search is over, nothing comes before the bound. What this costs past the count is the proof
//! that no smaller value fits the cells before the first one where solutions differ.
//!
//! That proof can be long where a search in row-major order finds the answer at once: puzzles
//! with a great many solutions (an empty Latin square, one cage over the whole grid), whose
//! first solution in row-major order is the first that search meets. So once the bounded
//! search has taken as many nodes as the count, a search in row-major order is tried on the
//! side with a share of the nodes used so far; when it runs out, the bounded search goes on
//! until its nodes have grown [`SIDE_GROWTH`] times, and so on. Whichever finishes first gives
//! the answer: the first solution of a search in row-major order (smallest values first) is
//! the first in that order.

use super::{Branching, Conflict, Engine, Sink, Stop};
use crate::puzzle::{Grid, MAX_SIZE};

/// The cells of the largest grid.
const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// A side search in row-major order gets the bounded search's nodes so far divided by this,
/// plus one per cell (to fill the grid without a backtrack). Nodes of `solve` over those of
/// `count --limit 2` on `bench/kenken-multisol` (sums per size, 9×9 / 10×10 / 11×11 / 12×12):
/// the bounded search alone 1.50 / 1.92 / 1.21 / 1.82; with a share of a quarter 1.56 / 1.66
/// / 1.26 / 1.90, an eighth 1.54 / 1.83 / 1.25 / 1.86, a sixteenth 1.53 / 1.94 / 1.25 / 1.84.
const SIDE_SHARE: u64 = 8;

/// After a side search runs out, the bounded search goes on until its nodes have grown this
/// many times.
const SIDE_GROWTH: u64 = 4;

/// When side searches run.
#[derive(Clone, Copy, Debug)]
pub(in crate::solve) struct Plan {
    /// The first side search once the bounded search's nodes are this many times the count's
    /// (u64::MAX: never).
    start: u64,
    /// A side search gets the nodes so far divided by `share`, plus `extra`.
    share: u64,
    extra: u64,
    /// Whether a side search runs on top of the bounded search's recursion, which then goes
    /// on where it was. Else the bounded search unwinds first and starts again from the root
    /// (weights and bound kept): for grids so large that the two searches' recursions together
    /// could be deeper than one search of the largest grid (a level per cell).
    nested: bool,
}

impl Plan {
    /// The plan for a grid of `cells` cells.
    pub fn new(cells: usize) -> Plan {
        Plan { start: 2, share: SIDE_SHARE, extra: cells as u64, nested: 2 * cells <= MAX_CELLS }
    }
}

/// The state of a search for the first solution in row-major order.
pub(in crate::solve) struct First {
    /// The smallest solution found so far, one bit per cell (empty before the first): cells'
    /// bits compare as their values do, so grids compare as these vectors do.
    best: Vec<u64>,
    /// Whether propagation keeps only the grids before `best` (from the second solution on).
    pub(super) bounded: bool,
    plan: Plan,
}

impl Engine<'_> {
    /// The first solution in row-major order, if any, and the number of solutions found (at
    /// least two when there are several, and then more only when they were found on the way).
    /// Err: out of time.
    pub fn first_of_several(&mut self) -> Result<(Option<Grid>, u64), Stop> {
        self.first_with(Plan::new(self.dom.len()))
    }

    fn first_with(&mut self, plan: Plan) -> Result<(Option<Grid>, u64), Stop> {
        self.first = Some(First { best: Vec::new(), bounded: false, plan });
        let mut sink = Sink { limit: u64::MAX, found: 0, first: None };
        let solved = match self.root() {
            Ok(solved) => solved,
            Err(stop) => return stop.map_or(Ok((None, 0)), Err),
        };
        if solved {
            // The root decided every cell: its solution is the only one.
            self.found_solution(&mut sink);
        } else {
            self.bounded_search(&mut sink)?;
        }
        let first = self.first.take().expect("set above");
        let grid = (!first.best.is_empty()).then(|| super::decided_grid(self.m.n, &first.best));
        Ok((grid, sink.found))
    }

    /// The search from the root (bounded from the second solution on), with side searches
    /// in row-major order as the plan says.
    fn bounded_search(&mut self, sink: &mut Sink) -> Result<(), Stop> {
        let root = self.mark();
        loop {
            match self.search(Branching::FewestCandidates, sink) {
                Some(Stop::Timeout) => return Err(Stop::Timeout),
                Some(Stop::Budget) => {
                    // Not nested: the side search from the root, and when it runs out the
                    // bounded search again.
                    if self.side_search()? {
                        return Ok(());
                    }
                    self.undo(root);
                    self.node_budget = self.stats.nodes.saturating_mul(SIDE_GROWTH);
                }
                _ => return Ok(()),
            }
        }
    }

    /// A solution, every cell decided: the smallest so far (after the second solution, every
    /// one found is). The second settles the count, and the search goes on bounded.
    pub(super) fn found_solution(&mut self, sink: &mut Sink) -> Option<Stop> {
        sink.found += 1;
        let first = self.first.as_mut().expect("looking for the first solution");
        debug_assert!(!first.bounded || self.dom < first.best, "a solution after the bound");
        if first.best.is_empty() || self.dom < first.best {
            first.best.clone_from(&self.dom);
        }
        if sink.found == 2 {
            first.bounded = true;
            self.node_budget = self.stats.nodes.saturating_mul(first.plan.start);
        }
        None
    }

    /// The search has used its nodes: outside this module the end of the search; here, the
    /// time for a side search in row-major order, from here when the plan nests it (then
    /// Some(Stop::Enough) when it found the answer, None to go on).
    pub(super) fn out_of_nodes(&mut self) -> Option<Stop> {
        if !self.first.as_ref().is_some_and(|f| f.plan.nested) {
            return Some(Stop::Budget);
        }
        match self.side_search() {
            Err(stop) => Some(stop),
            Ok(true) => Some(Stop::Enough),
            Ok(false) => {
                self.node_budget = self.stats.nodes.saturating_mul(SIDE_GROWTH);
                None
            }
        }
    }

    /// A search in row-major order with a share of the nodes used so far: true when it found
    /// the answer (which becomes the best solution).
    fn side_search(&mut self) -> Result<bool, Stop> {
        let plan = self.first.as_ref().expect("looking for the first solution").plan;
        let budget = self.stats.nodes / plan.share + plan.extra;
        let mut side = Engine::new(self.m, self.deadline).with_node_budget(budget);
        let mut sink = Sink { limit: 1, found: 0, first: None };
        let stop = side.run(Branching::RowMajor, &mut sink);
        self.side_stats += side.stats;
        match (stop, sink.first) {
            (Some(Stop::Timeout), _) => Err(Stop::Timeout),
            (_, Some(grid)) => {
                let best = grid.cells().iter().map(|&v| 1 << (v - 1)).collect();
                self.first.as_mut().expect("looking for the first solution").best = best;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Keeps the grid before the bound (the best solution so far) in row-major order. Past
    /// the cells decided as in the bound, the first other cell keeps only values up to the
    /// bound's there; and the bound's own value only if a later cell could still go below the
    /// bound's while the cells between keep the bound's values. Ok(true): a cell was narrowed.
    pub(super) fn before_bound(&mut self) -> Result<bool, Conflict> {
        let best = &self.first.as_ref().expect("bounded").best;
        let dom = &self.dom;
        let Some(i) = (0..dom.len()).find(|&i| dom[i] != best[i]) else {
            return Err(Conflict); // the bound itself
        };
        let (d, b) = (dom[i], best[i]);
        let below = d & (b - 1);
        let keep = if d & b == 0 {
            below
        } else {
            // Whether, with this cell as in the bound, a later cell can go below the bound.
            let mut later = false;
            for (&d, &b) in dom[i + 1..].iter().zip(&best[i + 1..]) {
                if d & (b - 1) != 0 {
                    later = true;
                    break;
                }
                if d & b == 0 {
                    break;
                }
            }
            if later { below | b } else { below }
        };
        if d & !keep == 0 {
            return Ok(false);
        }
        self.narrow(i, d & keep)?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::brute::brute_force;
    use super::super::super::count;
    use super::super::Model;
    use super::*;
    use crate::corpus::{
        CageSettings, SplitMix64, keen_like, random_cages, random_killer, random_sudoku_grid,
    };
    use crate::puzzle::{BoxShape, Cell, Puzzle};

    /// Small puzzles of every kind, with several solutions, and the first in row-major order
    /// by the brute force.
    fn several() -> Vec<(Puzzle, Grid)> {
        let mut puzzles = Vec::new();
        let mut rng = SplitMix64::new(19);
        for seed in 0..200 {
            let n = 4 + seed as usize % 4;
            puzzles.push(keen_like(n, seed).0);
            let settings = CageSettings { max_cells: 5, hidden_percent: 50 };
            puzzles.push(random_cages(n, seed, settings).0);
            // Sizes with boxes.
            let n = [4, 6][seed as usize % 2];
            puzzles.push(random_killer(n, seed, 4).expect("boxes").0);
            let mut givens = random_sudoku_grid(n, &mut rng).expect("boxes");
            for i in 0..n * n {
                if rng.below(3) != 0 {
                    givens.set(Cell(i as u16), 0);
                }
            }
            puzzles.push(Puzzle::sudoku(n, BoxShape::standard(n), givens).expect("valid"));
        }
        puzzles.retain(|p| count(p, 2).solutions == 2);
        puzzles
            .into_iter()
            .map(|p| {
                let first = brute_force(&p).0.expect("solutions");
                (p, first)
            })
            .collect()
    }

    /// Whatever the plan of side searches (never; at once, with budgets too small to finish,
    /// or large enough; nested or from the root), the answer is the brute force's first
    /// solution, and at least two solutions are found.
    #[test]
    fn every_plan_finds_the_first_solution() {
        let puzzles = several();
        assert!(puzzles.len() >= 300, "only {} puzzles with several solutions", puzzles.len());
        for (p, want) in &puzzles {
            let cells = (p.size() * p.size()) as u64;
            let plans = [false, true].into_iter().flat_map(|nested| {
                [
                    Plan { start: u64::MAX, share: 1, extra: 0, nested },
                    Plan { start: 1, share: u64::MAX, extra: 1, nested },
                    Plan { start: 1, share: 1, extra: cells, nested },
                    Plan { nested, ..Plan::new(cells as usize) },
                ]
            });
            let m = Model::new(p);
            for plan in plans {
                let mut e = Engine::new(&m, None);
                let (grid, found) = e.first_with(plan).expect("no deadline");
                assert_eq!(grid.as_ref(), Some(want), "{plan:?}\n{p:?}");
                assert!(found >= 2, "{plan:?}: {found} found\n{p:?}");
            }
        }
    }
}

//! The seeds' prescribed brute force (seeds 000 and 003), with their counters.
//!
//! # The algorithm
//!
//! All cells start at 0 and are visited in row-major order. The current cell's value is
//! incremented by 1:
//!
//! * if the value is now above N, the cell is reset to 0 and the search moves back to the
//!   previous cell — one **backtrack**;
//! * otherwise the grid is **checked** (one check: [`validate::grid_valid`] — no repeat in any
//!   row, column or box, every full cage meets its target, every partial cage can still do so,
//!   no repeat in a Killer cage). If valid, the search moves on to the next cell; if not, the
//!   same cell is incremented again.
//!
//! The search ends when it moves past the last cell (the first solution in row-major
//! lexicographic order) or back before the first cell (no solution).
//!
//! # Counting, exactly as the seeds' reference programs do
//!
//! * `checks`: one per value 1..=N placed in a cell, valid or not (a value above N is not
//!   checked);
//! * `backtracks`: one per reset of a cell from above N to 0 — including the last one, which
//!   moves back from the first cell and ends an unsolvable search.
//!
//! This reproduces all 14 counted fixtures (`checks: 2265 backtracks: 438` for seed 003's
//! sample, `checks: 6096 backtracks: 1016` for the unsolvable `010-6x6`).
//!
//! # Givens
//!
//! Cells with a given keep their value: the search skips them both moving forward and moving
//! back, and they add nothing to either counter (the seeds have no givens). Before the search
//! the grid of givens is checked once, uncounted; if it already breaks a rule, the answer is
//! "no solution" with both counters 0.
//!
//! # Checking incrementally
//!
//! Each check looks only at the rules through the cell just changed
//! (the validator's one-cell check). Every partial rule is closed under emptying cells
//! (see [`validate`]), so the rest of the grid is always valid at that point and the answer is
//! the same as the whole-grid check: the counters count the seeds' whole-grid checks.
//!
//! # Budget
//!
//! [`brute_force_with`] stops after a number of checks, or when a callback polled every
//! [`POLL_EVERY`] checks says so.

use crate::puzzle::{Cell, Grid, Puzzle};
use crate::validate::{self, CellChecker};

/// The seeds' counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BruteStats {
    /// Values 1..=N placed and checked.
    pub checks: u64,
    /// Cells reset from above N to 0 (moves back).
    pub backtracks: u64,
}

impl std::fmt::Display for BruteStats {
    /// The seeds' line: `checks: 2265 backtracks: 438`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "checks: {} backtracks: {}", self.checks, self.backtracks)
    }
}

/// How a brute-force search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BruteOutcome {
    /// The first solution in row-major order.
    Solved(Grid),
    /// The search tried everything: there is no solution.
    NoSolution,
    /// The budget ran out (or the callback asked to stop) before the search ended.
    Stopped,
}

/// The outcome and the counters of a brute-force search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BruteResult {
    /// How the search ended.
    pub outcome: BruteOutcome,
    /// The seeds' counters: checks and backtracks.
    pub stats: BruteStats,
}

impl BruteResult {
    /// The solution, if the search found one.
    pub fn solution(&self) -> Option<&Grid> {
        match &self.outcome {
            BruteOutcome::Solved(g) => Some(g),
            _ => None,
        }
    }
    /// Whether the search ran to its end (found a solution or proved there is none).
    pub fn complete(&self) -> bool {
        self.outcome != BruteOutcome::Stopped
    }
}

/// How often (in checks) [`brute_force_with`] polls its callback.
pub const POLL_EVERY: u64 = 1 << 12;

/// The seeds' brute force, to its end: the first solution (or none) and the counters.
pub fn brute_force(puzzle: &Puzzle) -> (Option<Grid>, BruteStats) {
    let r = brute_force_with(puzzle, None, &mut |_| false);
    match r.outcome {
        BruteOutcome::Solved(g) => (Some(g), r.stats),
        _ => (None, r.stats),
    }
}

/// The seeds' brute force with a budget: at most `max_checks` checks (None: no limit), and
/// `stop` is called with the counters every [`POLL_EVERY`] checks — returning true stops the
/// search. A stopped search reports [`BruteOutcome::Stopped`] and the counters so far.
pub fn brute_force_with(
    puzzle: &Puzzle,
    max_checks: Option<u64>,
    stop: &mut dyn FnMut(&BruteStats) -> bool,
) -> BruteResult {
    let checker = CellChecker::new(puzzle);
    search(puzzle, max_checks, stop, &|grid, cell| checker.cell_valid(grid, cell))
}

/// The search, with the check as a parameter (tests compare the incremental check with the
/// whole-grid one).
fn search(
    puzzle: &Puzzle,
    max_checks: Option<u64>,
    stop: &mut dyn FnMut(&BruteStats) -> bool,
    valid: &dyn Fn(&Grid, Cell) -> bool,
) -> BruteResult {
    let mut stats = BruteStats::default();
    let mut grid = puzzle.givens().clone();
    if !validate::grid_valid(puzzle, &grid) {
        return BruteResult { outcome: BruteOutcome::NoSolution, stats };
    }
    let n = puzzle.size() as u8;
    let free: Vec<Cell> = (0..puzzle.cell_count())
        .filter(|&i| puzzle.givens().cells()[i] == 0)
        .map(|i| Cell(i as u16))
        .collect();
    let limit = max_checks.unwrap_or(u64::MAX);
    let mut i = 0usize;
    while i < free.len() {
        let cell = free[i];
        let v = grid.get(cell) + 1;
        if v > n {
            grid.set(cell, 0);
            stats.backtracks += 1;
            if i == 0 {
                return BruteResult { outcome: BruteOutcome::NoSolution, stats };
            }
            i -= 1;
            continue;
        }
        grid.set(cell, v);
        if stats.checks >= limit || (stats.checks % POLL_EVERY == POLL_EVERY - 1 && stop(&stats)) {
            return BruteResult { outcome: BruteOutcome::Stopped, stats };
        }
        stats.checks += 1;
        if valid(&grid, cell) {
            i += 1;
        }
    }
    BruteResult { outcome: BruteOutcome::Solved(grid), stats }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{BoxShape, Cage, Operator};
    use std::path::PathBuf;

    /// The assignments' fixtures, kept in the repository.
    fn fixtures() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
    }

    fn read(rel: &str) -> String {
        let path = fixtures().join(rel);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// Seed 000 (`cells`: `target cell…`) or seed 003 (`counted`: `target count cell…`) sum
    /// cages; the side is the square root of the number of cells. A tiny test-only reader.
    fn sum_puzzle(text: &str, counted: bool) -> Puzzle {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let k: usize = lines.next().unwrap().parse().unwrap();
        let cages: Vec<Cage> = lines
            .take(k)
            .map(|l| {
                let nums: Vec<u64> = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
                let cells = &nums[if counted { 2 } else { 1 }..];
                if counted {
                    assert_eq!(nums[1] as usize, cells.len());
                }
                Cage::new(
                    nums[0],
                    Some(Operator::Add),
                    cells.iter().map(|&c| Cell(c as u16)).collect(),
                )
            })
            .collect();
        let total: usize = cages.iter().map(|c| c.cells.len()).sum();
        let n = total.isqrt();
        assert_eq!(n * n, total);
        Puzzle::kenken(n, cages).unwrap()
    }

    /// Seeds 001/004 `ops`: N rows of cage ids, then one line of labels by id.
    fn ops_puzzle(text: &str) -> Puzzle {
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let (ids, labels) = lines.split_at(lines.len() - 1);
        let n = ids.len();
        let labels: Vec<&str> = labels[0].split_whitespace().collect();
        let mut cells = vec![Vec::new(); labels.len()];
        for (r, l) in ids.iter().enumerate() {
            for (c, id) in l.split_whitespace().enumerate() {
                cells[id.parse::<usize>().unwrap()].push(Cell::at(r, c, n));
            }
        }
        let cages = labels
            .iter()
            .zip(cells)
            .map(|(label, cells)| {
                let op = label.chars().last().and_then(Operator::from_char);
                let digits = if op.is_some() { &label[..label.len() - 1] } else { label };
                Cage::new(digits.parse().unwrap(), op, cells)
            })
            .collect();
        Puzzle::kenken(n, cages).unwrap()
    }

    fn show(grid: Option<&Grid>) -> String {
        grid.map_or_else(|| "No solution.\n".to_string(), Grid::to_string)
    }

    fn assert_fixture(puzzle: &Puzzle, out: &str, stats: &str, name: &str) {
        let (grid, got) = brute_force(puzzle);
        assert_eq!(show(grid.as_ref()), out, "{name}: grid");
        assert_eq!(got.to_string(), stats.trim(), "{name}: counters");
        if let Some(g) = &grid {
            assert!(puzzle.is_solution(g), "{name}: not a solution");
        }
    }

    #[test]
    fn seed_samples_match_grid_and_counters() {
        for (name, counted) in [("calcudoku-5x5-counted", true), ("calcudoku-5x5-cells", false)] {
            let p = sum_puzzle(&read(&format!("seeds/{name}.in")), counted);
            assert_fixture(
                &p,
                &read(&format!("seeds/{name}.out")),
                &read(&format!("seeds/{name}.stats")),
                name,
            );
        }
        let p = sum_puzzle(&read("seeds/calcudoku-5x5-counted.in"), true);
        assert_eq!(brute_force(&p).1, BruteStats { checks: 2265, backtracks: 438 });
    }

    #[test]
    fn every_sum_cage_fixture_matches_grid_and_counters() {
        let dir = fixtures().join("sum-cages");
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.unwrap().file_name().into_string().ok())
            .filter_map(|f| f.strip_suffix(".counted.in").map(str::to_string))
            .collect();
        names.sort();
        assert_eq!(names.len(), 12);
        for name in &names {
            let out = read(&format!("sum-cages/{name}.out"));
            let stats = read(&format!("sum-cages/{name}.stats"));
            for (ext, counted) in [("counted.in", true), ("cells.in", false)] {
                let p = sum_puzzle(&read(&format!("sum-cages/{name}.{ext}")), counted);
                assert_fixture(&p, &out, &stats, &format!("{name}.{ext}"));
            }
        }
    }

    #[test]
    fn unsolvable_fixture_counts_the_last_move_back() {
        let p = sum_puzzle(&read("sum-cages/010-6x6.counted.in"), true);
        let r = brute_force_with(&p, None, &mut |_| false);
        assert_eq!(r.outcome, BruteOutcome::NoSolution);
        assert_eq!(r.stats, BruteStats { checks: 6096, backtracks: 1016 });
    }

    #[test]
    fn ops_fixtures_solve() {
        let p = ops_puzzle(&read("seeds/calcudoku-6x6-ops.in"));
        assert_eq!(show(brute_force(&p).0.as_ref()), read("seeds/calcudoku-6x6-ops.out"));
        let p = ops_puzzle(&read("seeds/calcudoku-6x6-ops-unsolvable.in"));
        assert_eq!(
            show(brute_force(&p).0.as_ref()),
            read("seeds/calcudoku-6x6-ops-unsolvable.out")
        );
    }

    fn grid_of(text: &str) -> Grid {
        let cells: Vec<u8> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
        Grid::from_valid(cells.len().isqrt(), cells)
    }

    #[test]
    fn sudoku_9x9_from_the_seeds() {
        let givens = grid_of(&read("seeds/sudoku-9x9.in"));
        let p = Puzzle::sudoku(9, BoxShape::standard(9), givens).unwrap();
        let (grid, stats) = brute_force(&p);
        let grid = grid.expect("solvable");
        assert_eq!(grid.to_string(), read("seeds/sudoku-9x9.out"));
        assert!(p.is_solution(&grid));
        assert!(stats.checks > 0);
    }

    #[test]
    fn givens_are_skipped_and_uncounted() {
        // 2x2 Latin square with one given: only the three free cells are counted.
        let p = Puzzle::new(2, None, Grid::from_valid(2, vec![2, 0, 0, 0]), vec![], false).unwrap();
        let (grid, stats) = brute_force(&p);
        assert_eq!(grid.unwrap().cells(), &[2, 1, 1, 2]);
        // cell 1: 1 ok; cell 2: 1 ok; cell 3: 1 bad, 2 ok.
        assert_eq!(stats, BruteStats { checks: 4, backtracks: 0 });
        // Givens that clash: no solution, nothing counted.
        let p = Puzzle::new(2, None, Grid::from_valid(2, vec![2, 2, 0, 0]), vec![], false).unwrap();
        assert_eq!(brute_force(&p), (None, BruteStats::default()));
        // Everything given and right: solved without a check.
        let p = Puzzle::new(2, None, Grid::from_valid(2, vec![2, 1, 1, 2]), vec![], false).unwrap();
        assert_eq!(
            brute_force(&p),
            (Some(Grid::from_valid(2, vec![2, 1, 1, 2])), BruteStats::default())
        );
    }

    #[test]
    fn budget_stops_the_search() {
        let p = sum_puzzle(&read("seeds/calcudoku-5x5-counted.in"), true);
        let r = brute_force_with(&p, Some(100), &mut |_| false);
        assert_eq!(r.outcome, BruteOutcome::Stopped);
        assert!(!r.complete());
        assert_eq!(r.stats.checks, 100);
        let r = brute_force_with(&p, Some(2265), &mut |_| false);
        assert_eq!(r.stats, BruteStats { checks: 2265, backtracks: 438 });
        assert!(r.solution().is_some());
        let mut polls = 0;
        let r = brute_force_with(&p, None, &mut |s| {
            polls += 1;
            assert_eq!(s.checks % POLL_EVERY, POLL_EVERY - 1);
            true
        });
        // 2265 checks never reach the first poll.
        assert_eq!(
            (polls, r.outcome.clone()),
            (0, BruteOutcome::Solved(r.solution().unwrap().clone()))
        );
        let p = sum_puzzle(&read("sum-cages/007-5x5.counted.in"), true);
        let r = brute_force_with(&p, None, &mut |_| true);
        assert_eq!(r.outcome, BruteOutcome::Stopped);
        assert_eq!(r.stats.checks, POLL_EVERY - 1);
    }

    #[test]
    fn killer_cages_reject_repeats() {
        // 4x4 with 2x2 boxes and an L-shaped cage 5+ over (1,2), (1,3), (2,3): the two ends share
        // no row, column or box, so only Killer rules keep them apart — and three different
        // values add up to at least 6.
        let cages = vec![Cage::new(5, Some(Operator::Add), vec![Cell(1), Cell(2), Cell(6)])];
        let killer =
            Puzzle::new(4, BoxShape::standard(4), Grid::empty(4), cages.clone(), true).unwrap();
        let plain = Puzzle::new(4, BoxShape::standard(4), Grid::empty(4), cages, false).unwrap();
        assert_eq!(brute_force(&killer).0, None);
        let p = brute_force(&plain).0.unwrap();
        assert!(plain.is_solution(&p));
        assert_eq!(p.get(Cell(1)), p.get(Cell(6)));
    }

    #[test]
    fn incremental_check_counts_like_the_whole_grid_check() {
        use crate::corpus::{SplitMix64, random_kenken};
        let whole = |p: &Puzzle| {
            search(p, Some(2_000_000), &mut |_| false, &|g, _| validate::grid_valid(p, g))
        };
        let fast = |p: &Puzzle| brute_force_with(p, Some(2_000_000), &mut |_| false);
        let mut puzzles = vec![
            sum_puzzle(&read("seeds/calcudoku-5x5-counted.in"), true),
            sum_puzzle(&read("sum-cages/010-6x6.counted.in"), true),
            ops_puzzle(&read("seeds/calcudoku-6x6-ops.in")),
        ];
        // Random KenKens, some with Killer rules and boxes, some with givens from the square.
        let mut rng = SplitMix64::new(99);
        for seed in 0..150 {
            let size = 1 + rng.below(5);
            let (p, square) = random_kenken(size, seed, &[]);
            let mut givens = Grid::empty(size);
            if seed % 3 == 0 {
                for i in 0..size * size {
                    if rng.below(4) == 0 {
                        givens.set(Cell(i as u16), square.cells()[i]);
                    }
                }
            }
            let boxes = if seed % 2 == 0 { BoxShape::standard(size) } else { None };
            let distinct = seed % 5 == 0;
            puzzles.push(Puzzle::new(size, boxes, givens, p.cages().to_vec(), distinct).unwrap());
        }
        for p in &puzzles {
            assert_eq!(fast(p), whole(p), "{p:?}");
        }
    }
}

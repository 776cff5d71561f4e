//! Properties of the solver on random puzzles: random Latin squares cut into random cages with
//! every operator (and hidden operators), sizes 1 to 6.
//!
//! - the solver always returns a grid that the independent checker accepts;
//! - on sizes up to 4, the solution count equals plain enumeration of every Latin square, and
//!   the grid returned is the first solution in row-major order.

use std::sync::OnceLock;

use calcudoku::solve::{self, Solver};
use calcudoku::{Cage, Grid, Puzzle};
use calcudoku_testkit::random_kenken;
use proptest::prelude::*;

/// Every Latin square of side n (n ≤ 4: at most 576), in row-major (lexicographic) order.
fn latin_squares(n: usize) -> &'static [Grid] {
    static CACHE: [OnceLock<Vec<Grid>>; 5] = [const { OnceLock::new() }; 5];
    CACHE[n].get_or_init(|| {
        let mut all = Vec::new();
        let mut cells = vec![0u8; n * n];
        fill(n, 0, &mut cells, &mut all);
        all
    })
}

fn fill(n: usize, i: usize, cells: &mut Vec<u8>, all: &mut Vec<Grid>) {
    if i == n * n {
        all.push(Grid::from_cells(n, cells.clone()).unwrap());
        return;
    }
    let (r, c) = (i / n, i % n);
    for v in 1..=n as u8 {
        if (0..c).all(|j| cells[r * n + j] != v) && (0..r).all(|j| cells[j * n + c] != v) {
            cells[i] = v;
            fill(n, i + 1, cells, all);
            cells[i] = 0;
        }
    }
}

/// The same puzzle with the operators of some cages hidden (chosen by the bits of `mask`).
fn hide_operators(p: &Puzzle, mask: u64) -> Puzzle {
    let cages = p
        .cages()
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let hide = c.cells.len() > 1 && mask >> (k % 64) & 1 == 1;
            Cage::new(c.target, if hide { None } else { c.op }, c.cells.clone())
        })
        .collect();
    Puzzle::new(p.size(), p.boxes(), p.givens().clone(), cages, p.distinct_cages()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn solutions_are_valid(size in 1usize..=6, seed: u64, mask: u64) {
        let (puzzle, planted) = random_kenken(size, seed, &[]);
        let puzzle = hide_operators(&puzzle, mask);
        prop_assert!(puzzle.is_solution(&planted), "the generator plants a solution");
        let report = Solver::new(&puzzle).solve().unwrap();
        let grid = report.grid.expect("a puzzle with a planted solution is solvable");
        prop_assert!(puzzle.is_solution(&grid));
        // The first solution in row-major order cannot come after the planted one.
        prop_assert!(grid.cells() <= planted.cells());
        prop_assert!(report.count.solutions >= 1);
    }

    #[test]
    fn count_and_first_solution_agree_with_enumeration(size in 1usize..=4, seed: u64, mask: u64) {
        let (puzzle, _) = random_kenken(size, seed, &[]);
        let puzzle = hide_operators(&puzzle, mask);
        let solutions: Vec<&Grid> =
            latin_squares(size).iter().filter(|g| puzzle.is_solution(g)).collect();
        let count = solve::count(&puzzle, 10_000);
        prop_assert!(count.complete);
        prop_assert_eq!(count.solutions, solutions.len() as u64);
        let first = solve::solve(&puzzle);
        prop_assert_eq!(first.as_ref(), solutions.first().copied());
    }

    /// A changed target either has no solution or a different valid one, never an invalid grid.
    #[test]
    fn altered_puzzles_never_get_invalid_grids(size in 2usize..=4, seed: u64, which: usize, delta in 1u64..4) {
        let (puzzle, _) = random_kenken(size, seed, &[]);
        let k = which % puzzle.cages().len();
        let mut cages = puzzle.cages().to_vec();
        cages[k].target += delta;
        let altered = Puzzle::new(size, None, puzzle.givens().clone(), cages, false).unwrap();
        let expected = latin_squares(size).iter().filter(|g| altered.is_solution(g)).count() as u64;
        prop_assert_eq!(solve::count(&altered, 10_000).solutions, expected);
        if let Some(grid) = solve::solve(&altered) {
            prop_assert!(altered.is_solution(&grid));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// From 11×11 the fast search branches by conflict weights, which learn from each failure:
    /// its counts must still be those of the row-major search (up to a limit past two, so that
    /// puzzles with hidden operators and many solutions make the weights move).
    #[test]
    fn weighted_kenken_counts_agree_with_row_major(size in 11usize..=12, seed: u64, mask: u64) {
        let (puzzle, planted) = random_kenken(size, seed, &[]);
        let puzzle = hide_operators(&puzzle, mask);
        let count = |branching| {
            let (grid, count, _) = Solver::new(&puzzle).search(branching, 20).unwrap();
            if let Some(g) = &grid {
                assert!(puzzle.is_solution(g), "not a solution:\n{g}");
            }
            (count.solutions, count.complete)
        };
        let fast = count(solve::Branching::FewestCandidates);
        prop_assert!(fast.0 >= 1, "the planted solution {planted} is missed");
        prop_assert_eq!(fast, count(solve::Branching::RowMajor));
    }
}

#[test]
fn enumeration_counts_latin_squares() {
    // The known numbers of Latin squares of orders 1 to 4 keep the reference honest.
    let counts: Vec<usize> = (1..=4).map(|n| latin_squares(n).len()).collect();
    assert_eq!(counts, vec![1, 2, 12, 576]);
}

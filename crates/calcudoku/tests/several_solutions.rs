//! `solve` on puzzles with several solutions (#19) returns the first in row-major order: the
//! brute force's on small random puzzles, and on `bench/kenken-multisol` the first solution of
//! a plain search in row-major order (smallest values first), computed here from each puzzle.

use std::path::PathBuf;

use calcudoku::format;
use calcudoku::solve::brute::brute_force;
use calcudoku::solve::{Branching, Solver, count};
use calcudoku::validate;
use calcudoku_testkit::{CageSettings, keen_like, random_cages};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn solve_returns_the_brute_force_first_solution(
        size in 3usize..=6,
        seed in any::<u64>(),
        hidden in prop_oneof![Just(None), (0usize..=100).prop_map(Some)],
    ) {
        // Keen-like cages, or cages of up to five cells with hidden operators.
        let puzzle = match hidden {
            None => keen_like(size, seed).0,
            Some(hidden_percent) => {
                random_cages(size, seed, CageSettings { max_cells: 5, hidden_percent }).0
            }
        };
        let report = Solver::new(&puzzle).solve().unwrap();
        let counted = count(&puzzle, 2);
        prop_assert_eq!(report.count, counted);
        prop_assert_eq!(report.grid, brute_force(&puzzle).0);
    }
}

#[test]
fn the_multisol_set_solves_to_the_first_row_major_solution() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../bench/kenken-multisol");
    let mut files = Vec::new();
    for size in 9..=12 {
        let dir = root.join(format!("{size}x{size}"));
        let read = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let mut these: Vec<PathBuf> = read
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        assert_eq!(these.len(), 15, "{}", dir.display());
        files.append(&mut these);
    }
    files.sort();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let puzzle = format::parse(&text, None).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let solver = Solver::new(&puzzle);
        let report = solver.solve().unwrap();
        assert!(!report.count.complete && report.count.solutions == 2, "{}", f.display());
        let grid = report.grid.unwrap_or_else(|| panic!("{}: no solution", f.display()));
        assert_eq!(validate::check_solution(&puzzle, &grid), Ok(()), "{}", f.display());
        let (row_major, _, _) = solver.search(Branching::RowMajor, 1).unwrap();
        assert_eq!(Some(&grid), row_major.as_ref(), "{}", f.display());
        // The kept answer (made by the solver of the time, which found it otherwise).
        let kept = std::fs::read_to_string(f.with_extension("out")).unwrap();
        assert_eq!(grid.to_string(), kept, "{}", f.display());
    }
}

/// A KenKen below 11×11 branches on the fewest candidates, and past 500 search nodes on
/// conflict weights as well (the engine's `WEIGH_AFTER`). On these two 10×10s of Keen's cage
/// shapes, each with several solutions, the count to two took 52,651 and 31,357 nodes with the
/// fewest candidates alone; with the weights, 11,532 and 5,359.
#[test]
fn a_long_kenken_search_below_11x11_learns_from_its_contradictions() {
    for (seed, before) in [(15u64, 52_651u64), (26, 31_357)] {
        let (puzzle, _) = keen_like(10, seed);
        let (grid, counted, stats) =
            Solver::new(&puzzle).search(Branching::FewestCandidates, 2).unwrap();
        assert_eq!((counted.solutions, counted.complete), (2, false), "seed {seed}");
        assert!(puzzle.is_solution(&grid.unwrap()), "seed {seed}");
        assert!(stats.nodes < before / 2, "seed {seed}: {} nodes", stats.nodes);
    }
}

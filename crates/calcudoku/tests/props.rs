//! Properties: format round trips, solver answers checked by the independent validators, and
//! puzzles with one target changed (no solution, or a valid different grid — never an invalid
//! one). Case counts are kept moderate so the suite stays fast.

use calcudoku::format::{self, Format, Layout};
use calcudoku::solve::Solver;
use calcudoku::{BoxShape, Cage, Grid, Operator, Puzzle, validate};
use calcudoku_testkit::{SplitMix64, random_kenken};
use proptest::prelude::*;

fn ops_subset() -> impl Strategy<Value = Vec<Operator>> {
    proptest::sample::subsequence(Operator::ALL.to_vec(), 1..=4)
}

/// A puzzle with its cages in a canonical order (by first cell, cells sorted): formats may
/// number cages their own way, and a one-cell sum is the same as a one-cell given.
fn canonical(p: &Puzzle) -> Puzzle {
    let mut cages: Vec<Cage> = p
        .cages()
        .iter()
        .map(|c| {
            let mut cells = c.cells.clone();
            cells.sort();
            let op = if cells.len() == 1 && c.op == Some(Operator::Add) { None } else { c.op };
            Cage::new(c.target, op, cells)
        })
        .collect();
    cages.sort_by_key(|c| c.cells[0]);
    Puzzle::new(p.size(), p.boxes(), p.givens().clone(), cages, p.distinct_cages()).unwrap()
}

/// Writes, reads back (forced and detected), and checks the puzzle and the text are unchanged.
fn round_trip(p: &Puzzle, f: Format, layout: Layout) -> Result<(), TestCaseError> {
    let text = format::write_puzzle(p, f, layout)
        .map_err(|e| TestCaseError::fail(format!("{f} cannot write it: {e}")))?;
    let forced = format::parse(&text, Some(f))
        .map_err(|e| TestCaseError::fail(format!("{f}: {e} in\n{text}")))?;
    prop_assert_eq!(canonical(&forced), canonical(p), "{} forced:\n{}", f, text);
    let again = format::write_puzzle(&forced, f, layout).unwrap();
    prop_assert_eq!(&again, &text);
    let detected = format::parse(&text, None)
        .map_err(|e| TestCaseError::fail(format!("detected {f}: {e} in\n{text}")))?;
    prop_assert_eq!(canonical(&detected), canonical(p), "{} detected:\n{}", f, text);
    Ok(())
}

/// A random solved Sudoku of side `n` with the standard boxes (a shifted pattern, then digits,
/// rows within bands and columns within stacks shuffled).
fn random_sudoku_solution(n: usize, rng: &mut SplitMix64) -> (BoxShape, Grid) {
    let shape = BoxShape::standard(n).unwrap();
    let (h, w) = (shape.height as usize, shape.width as usize);
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let mut rows: Vec<usize> = Vec::new();
    for band in 0..n / h {
        let mut r: Vec<usize> = (band * h..(band + 1) * h).collect();
        rng.shuffle(&mut r);
        rows.extend(r);
    }
    let mut cols: Vec<usize> = Vec::new();
    for stack in 0..n / w {
        let mut c: Vec<usize> = (stack * w..(stack + 1) * w).collect();
        rng.shuffle(&mut c);
        cols.extend(c);
    }
    let mut cells = vec![0u8; n * n];
    for (i, &r) in rows.iter().enumerate() {
        for (j, &c) in cols.iter().enumerate() {
            cells[i * n + j] = digits[(w * (r % h) + r / h + c) % n];
        }
    }
    (shape, Grid::from_cells(n, cells).unwrap())
}

/// A Sudoku made from a random solution, each cell kept as a given with probability
/// `keep`/100.
fn random_sudoku(n: usize, seed: u64, keep: u64) -> (Puzzle, Grid) {
    let mut rng = SplitMix64::new(seed);
    let (shape, solution) = random_sudoku_solution(n, &mut rng);
    let givens: Vec<u8> =
        solution.cells().iter().map(|&v| if rng.next_u64() % 100 < keep { v } else { 0 }).collect();
    let p = Puzzle::sudoku(n, Some(shape), Grid::from_cells(n, givens).unwrap()).unwrap();
    (p, solution)
}

/// The solver's answer, checked by both independent validators.
fn solve_checked(p: &Puzzle) -> Result<Option<Grid>, TestCaseError> {
    let report = Solver::new(p).solve().expect("no deadline");
    if let Some(g) = &report.grid {
        prop_assert!(p.is_solution(g), "not a solution:\n{}", g);
        prop_assert_eq!(validate::check_solution(p, g), Ok(()));
        prop_assert!(report.count.solutions >= 1);
    } else {
        prop_assert_eq!(report.count.solutions, 0);
    }
    Ok(report.grid)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn ops_round_trip(size in 1usize..=9, seed in any::<u64>(), ops in ops_subset()) {
        let (p, _) = random_kenken(size, seed, &ops);
        round_trip(&p, Format::OPS, Layout::Rows)?;
    }

    #[test]
    fn keen_round_trip(size in 1usize..=9, seed in any::<u64>(), ops in ops_subset()) {
        let (p, _) = random_kenken(size, seed, &ops);
        // Keen has no givens: they become one-cell sum cages.
        let cages: Vec<Cage> = p.cages().iter().map(|c| Cage::new(c.target, c.op, c.cells.clone())).collect();
        let p = Puzzle::kenken(size, cages).unwrap();
        round_trip(&p, Format::KEEN, Layout::Rows)?;
    }

    #[test]
    fn cage_list_round_trips(size in 1usize..=9, seed in any::<u64>()) {
        let (p, _) = random_kenken(size, seed, &[Operator::Add]);
        round_trip(&p, Format::CELLS, Layout::Rows)?;
        round_trip(&p, Format::COUNTED, Layout::Rows)?;
    }

    #[test]
    fn sudoku_round_trips(n in prop::sample::select(vec![4usize, 6, 8, 9, 12, 16]), seed in any::<u64>(), keep in 0u64..=100) {
        let (p, solution) = random_sudoku(n, seed, keep);
        prop_assert!(p.is_solution(&solution));
        round_trip(&p, Format::SUDOKU, Layout::Rows)?;
        round_trip(&p, Format::SUDOKU, Layout::Line)?;
    }

    #[test]
    fn kenken_answers_are_valid_and_first(size in 1usize..=6, seed in any::<u64>(), ops in ops_subset()) {
        let (p, planted) = random_kenken(size, seed, &ops);
        let grid = solve_checked(&p)?;
        let grid = grid.expect("a planted puzzle has a solution");
        // The first solution in row-major order comes no later than the planted one.
        prop_assert!(grid.cells() <= planted.cells());
    }

    #[test]
    fn sudoku_answers_are_valid(n in prop::sample::select(vec![4usize, 6, 9]), seed in any::<u64>(), keep in 30u64..=100) {
        let (p, _) = random_sudoku(n, seed, keep);
        prop_assert!(solve_checked(&p)?.is_some());
    }

    #[test]
    fn a_changed_target_never_gives_an_invalid_grid(
        size in 2usize..=6,
        seed in any::<u64>(),
        ops in ops_subset(),
        pick in any::<prop::sample::Index>(),
        delta in 1u64..=5,
    ) {
        let (p, planted) = random_kenken(size, seed, &ops);
        let k = pick.index(p.cages().len());
        let cages: Vec<Cage> = p
            .cages()
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let target = if i == k { c.target + delta } else { c.target };
                Cage::new(target, c.op, c.cells.clone())
            })
            .collect();
        let changed = Puzzle::new(size, p.boxes(), p.givens().clone(), cages, p.distinct_cages()).unwrap();
        prop_assert!(!changed.is_solution(&planted));
        if let Some(grid) = solve_checked(&changed)? {
            prop_assert_ne!(grid, planted);
        }
    }
}

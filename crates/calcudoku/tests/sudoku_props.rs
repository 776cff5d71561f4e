//! Properties of the general engine on Sudokus (puzzles with boxes), whose search branches and
//! deduces differently from KenKen's: random solved grids of sizes 4 to 16 with random givens
//! kept (so anywhere from one solution to thousands), some with a given changed (often none).
//!
//! - the count of the fast branching (weighted cells, which learn from contradictions) equals
//!   the count of the row-major branching, up to a limit well past two, so that the search
//!   meets many contradictions and the weights move;
//! - on 4×4, both equal plain enumeration of every Latin square that fits;
//! - the first solution reported is a valid grid.
//!
//! Both searches of the first property run within a deadline (see `DEADLINE`).

use calcudoku::clock::{Duration, Instant};
use calcudoku::puzzle::{BoxShape, Cell};
use calcudoku::solve::{Branching, Solver};
use calcudoku::{Grid, Puzzle};
use calcudoku_testkit::{SplitMix64, random_sudoku_grid};
use proptest::prelude::*;

/// A Sudoku from a random solved grid of side `n`, each cell kept with probability `keep`/100,
/// and with `change` (when Some) one given replaced by another value. None when the changed
/// givens already clash.
fn random_puzzle(n: usize, seed: u64, keep: u64, change: Option<(usize, u8)>) -> Option<Puzzle> {
    let mut rng = SplitMix64::new(seed);
    let solution = random_sudoku_grid(n, &mut rng).unwrap();
    let cells: Vec<u8> =
        solution.cells().iter().map(|&v| if rng.next_u64() % 100 < keep { v } else { 0 }).collect();
    let mut givens = Grid::from_cells(n, cells).unwrap();
    if let Some((at, v)) = change {
        givens.set(Cell((at % (n * n)) as u16), v % n as u8 + 1);
    }
    Puzzle::sudoku(n, BoxShape::standard(n), givens).ok()
}

/// Counts solutions up to `limit` with a branching; the grid found must be valid.
fn count(p: &Puzzle, branching: Branching, limit: u64) -> Result<(u64, bool), TestCaseError> {
    let (grid, count, _) = Solver::new(p).search(branching, limit).expect("no deadline");
    check(p, grid.as_ref(), count.solutions)?;
    Ok((count.solutions, count.complete))
}

/// The grid a search found must be a solution, and be there exactly when it counted some.
fn check(p: &Puzzle, grid: Option<&Grid>, solutions: u64) -> Result<(), TestCaseError> {
    if let Some(g) = grid {
        prop_assert!(p.is_solution(g), "not a solution:\n{}", g);
    }
    prop_assert_eq!(grid.is_some(), solutions > 0);
    Ok(())
}

/// How long each search may take on one case of `weighted_and_row_major_counts_agree`. On a
/// 16×16 with a third of its givens and hundreds of solutions, row-major order (the naive
/// reference) can wander for many minutes (`PROPTEST_RNG_SEED=124`); about one seed in thirty
/// drew such a case, and a run outside CI then seemed to hang. The fast count to 300 once took
/// 70 s on such a case (`PROPTEST_RNG_SEED=158`), lost in the houses engine's search, which
/// now hands over to the general engine past a budget of guesses (see `big_sudoku.rs`). A
/// case either search does not finish in time is compared no further.
const DEADLINE: Duration = Duration::from_secs(5);

/// Every 4×4 Latin square (576), to enumerate the solutions of 4×4 Sudokus.
fn latin_squares_4() -> Vec<Grid> {
    fn fill(i: usize, cells: &mut [u8; 16], all: &mut Vec<Grid>) {
        if i == 16 {
            all.push(Grid::from_cells(4, cells.to_vec()).unwrap());
            return;
        }
        let (r, c) = (i / 4, i % 4);
        for v in 1..=4 {
            if (0..c).all(|j| cells[r * 4 + j] != v) && (0..r).all(|j| cells[j * 4 + c] != v) {
                cells[i] = v;
                fill(i + 1, cells, all);
                cells[i] = 0;
            }
        }
    }
    let mut all = Vec::new();
    fill(0, &mut [0; 16], &mut all);
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn weighted_and_row_major_counts_agree(
        n in prop::sample::select(vec![4usize, 6, 8, 12, 16]),
        seed: u64,
        keep in 0u64..=70,
        change: Option<(usize, u8)>,
    ) {
        // Fewer givens on the small sizes; the large ones keep enough to stay quick.
        let keep = if n >= 12 { 30 + keep } else { keep };
        let Some(p) = random_puzzle(n, seed, keep, change) else { return Ok(()) };
        let limit = 300;
        let within = |branching| {
            let solver = Solver::new(&p).with_deadline(Some(Instant::now() + DEADLINE));
            solver.search(branching, limit)
        };
        let (Ok(fast), Ok(row_major)) =
            (within(Branching::FewestCandidates), within(Branching::RowMajor))
        else {
            return Ok(());
        };
        for (grid, counted, _) in [&fast, &row_major] {
            check(&p, grid.as_ref(), counted.solutions)?;
        }
        let counts = |c: &calcudoku::solve::Count| (c.solutions, c.complete);
        prop_assert_eq!(counts(&fast.1), counts(&row_major.1));
    }

    #[test]
    fn counts_agree_with_enumeration_on_4x4(seed: u64, keep in 0u64..=60, change: Option<(usize, u8)>) {
        let Some(p) = random_puzzle(4, seed, keep, change) else { return Ok(()) };
        let expected = latin_squares_4().iter().filter(|g| p.is_solution(g)).count() as u64;
        prop_assert_eq!(count(&p, Branching::FewestCandidates, 1000)?, (expected, true));
    }
}

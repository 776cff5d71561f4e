//! Differential test of the solver against a plain counter written apart from it
//! (`common::oracle`, which reads the rules from the puzzle model and never calls
//! `calcudoku::solve`), on random puzzles of every kind: KenKen 3–12 with every operator (`−`
//! and `÷` on three or more cells, hidden operators, givens, cells in no cage, one cage over
//! most of the grid), Sudoku with boxes of every shape (h×w) for sides 4 to 16 and 25, Killer
//! 4, 6, 8 and 9, KenKen cages on a grid with boxes. The puzzles are cut from random
//! grids and then loosened (cages merged, givens removed) or broken (a target changed, a wrong
//! given), so there are puzzles with no solution, one, and several.
//!
//! For each puzzle: `solve::count(p, 2)` and the count of `Solver::solve` equal the oracle's
//! count (capped at 2, exact when the solver says it looked at everything), `solve::solve(p)`
//! equals the oracle's first solution in row-major order (or both have none), and any grid
//! returned passes `Puzzle::is_solution`.
//!
//! The seed is fixed. `CALCUDOKU_DIFFERENTIAL=N` runs N puzzles of every shape instead of the
//! few the default run makes, and `CALCUDOKU_DIFFERENTIAL_SEED=S` starts from another seed.

mod common;

use std::time::{Duration, Instant};

use calcudoku::format::{self, Format, Layout};
use calcudoku::solve::{self, Count, Solver};
use calcudoku::{Cage, Cell, Grid, Operator, Puzzle};
use calcudoku_testkit::drafts::{Draft, boxed_kenken, kenken, killer, one_big_cage, sudoku};
use common::oracle::{self, Answer};

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

/// Puzzles per shape: `CALCUDOKU_DIFFERENTIAL` when set, else the shape's default.
fn per_shape(default: usize) -> usize {
    match std::env::var("CALCUDOKU_DIFFERENTIAL") {
        Ok(n) => n.trim().parse().expect("CALCUDOKU_DIFFERENTIAL must be a number"),
        Err(_) => default,
    }
}

fn base_seed() -> u64 {
    match std::env::var("CALCUDOKU_DIFFERENTIAL_SEED") {
        Ok(s) => s.trim().parse().expect("CALCUDOKU_DIFFERENTIAL_SEED must be a number"),
        Err(_) => 0x19_d1ff,
    }
}

/// A seed for puzzle `index` of a shape, different for every shape name.
fn seed_for(shape: &str, index: usize) -> u64 {
    let mut h: u64 = base_seed() ^ 0xcbf2_9ce4_8422_2325;
    for b in shape.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

// ---------------------------------------------------------------------------------------------
// The comparison
// ---------------------------------------------------------------------------------------------

/// What the solver said about a puzzle.
struct Said {
    count: Count,
    solve_count: Count,
    first: Option<Grid>,
}

fn ask_solver(p: &Puzzle) -> Said {
    let count = solve::count(p, 2);
    let report = Solver::new(p).solve().expect("no deadline");
    let first = solve::solve(p);
    assert_eq!(first, report.grid, "solve::solve and Solver::solve differ");
    Said { count, solve_count: report.count, first }
}

/// Whether the solver's answers agree with the oracle's (counted up to 3).
fn compare(p: &Puzzle, oracle: &Answer, said: &Said) -> Result<(), String> {
    for (what, c) in [("count(2)", said.count), ("solve().count", said.solve_count)] {
        if c.solutions != oracle.count.min(2) {
            return Err(format!("{what}: {} solutions, the oracle {}", c.solutions, oracle.count));
        }
        if c.complete && c.solutions != oracle.count {
            return Err(format!(
                "{what}: {} solutions, complete, but the oracle finds {}",
                c.solutions, oracle.count
            ));
        }
        if !c.complete && c.solutions < 2 {
            return Err(format!("{what}: stopped at {} solutions below the limit", c.solutions));
        }
    }
    if said.first != oracle.first {
        let show = |g: &Option<Grid>| g.as_ref().map_or("none\n".to_string(), |g| g.to_string());
        return Err(format!(
            "first solution differs\nsolver:\n{}oracle:\n{}",
            show(&said.first),
            show(&oracle.first)
        ));
    }
    if let Some(g) = &said.first {
        if !p.is_solution(g) {
            return Err(format!("the solver's grid is no solution:\n{g}"));
        }
    }
    Ok(())
}

fn describe(p: &Puzzle) -> String {
    format::write_puzzle(p, Format::JSON, Layout::Rows).unwrap_or_else(|_| format!("{p:?}"))
}

/// Runs `count` puzzles of one shape through both and returns how many had 0, 1 and 2+
/// solutions.
fn run(shape: &str, count: usize, make: impl Fn(u64) -> Draft) -> [usize; 3] {
    let mut classes = [0; 3];
    let mut failures = Vec::new();
    let (mut oracle_time, mut solver_time) = (Duration::ZERO, Duration::ZERO);
    for i in 0..count {
        let seed = seed_for(shape, i);
        let draft = make(seed);
        let p = draft.puzzle();
        let started = Instant::now();
        let truth = oracle::answer(&p, 3);
        let between = Instant::now();
        classes[truth.count.min(2) as usize] += 1;
        let said = ask_solver(&p);
        oracle_time += between - started;
        solver_time += between.elapsed();
        if (between - started).as_secs() >= 1 || between.elapsed().as_secs() >= 1 {
            eprintln!(
                "note: {shape} #{i} (seed {seed:#x}) took {:.2?} in the oracle, {:.2?} in the \
                 solver",
                between - started,
                between.elapsed()
            );
        }
        if let Err(e) = compare(&p, &truth, &said) {
            failures.push(format!(
                "{shape} #{i} (seed {seed:#x},{}): {e}\n{}",
                draft.story,
                describe(&p)
            ));
        }
    }
    eprintln!(
        "{shape}: {count} puzzles, solutions 0/1/2+: {classes:?} (oracle {oracle_time:.2?}, \
         solver {solver_time:.2?})"
    );
    assert!(
        failures.is_empty(),
        "{} of {count} disagree:\n{}",
        failures.len(),
        failures.join("\n")
    );
    classes
}

fn assert_all_classes(what: &str, totals: [usize; 3]) {
    assert!(
        totals.iter().all(|&c| c > 0),
        "{what}: puzzles with 0, 1 and 2+ solutions should all occur, got {totals:?}"
    );
}

fn add(a: [usize; 3], b: [usize; 3]) -> [usize; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

#[test]
fn kenken_small_sizes_agree() {
    let mut totals = [0; 3];
    for n in 3..=6 {
        let shape = format!("kenken {n}");
        totals = add(totals, run(&shape, per_shape(30), |s| kenken(n, s, 4, 20, 0)));
        let shape = format!("kenken {n} long cages");
        totals = add(totals, run(&shape, per_shape(15), |s| kenken(n, s, 7, 40, 0)));
    }
    assert_all_classes("kenken 3-6", totals);
}

#[test]
fn kenken_large_sizes_agree() {
    let mut totals = [0; 3];
    for (n, count, reveal) in
        [(7, 15, 0), (8, 12, 0), (9, 10, 0), (10, 6, 5), (11, 4, 10), (12, 4, 10)]
    {
        let shape = format!("kenken {n}");
        totals = add(totals, run(&shape, per_shape(count), |s| kenken(n, s, 4, 20, reveal)));
    }
    assert!(totals[1] + totals[2] > 0, "some large KenKen should be solvable: {totals:?}");
}

#[test]
fn big_cages_agree() {
    let mut totals = [0; 3];
    for n in 3..=6 {
        let shape = format!("one big cage {n}");
        totals = add(totals, run(&shape, per_shape(15), |s| one_big_cage(n, s)));
    }
    assert_all_classes("big cages", totals);
}

#[test]
fn sudoku_of_every_box_shape_agrees() {
    // (height, width, puzzles, percent given at the loosest).
    let shapes = [
        (2, 2, 20, 15),
        (1, 4, 8, 20),
        (2, 3, 20, 20),
        (3, 2, 10, 20),
        (2, 4, 12, 25),
        (4, 2, 8, 25),
        (3, 3, 20, 20),
        (2, 5, 4, 30),
        (5, 2, 4, 30),
        (3, 4, 8, 30),
        (4, 3, 4, 30),
        (2, 6, 4, 35),
        (2, 7, 2, 40),
        (3, 5, 2, 40),
        (4, 4, 6, 45),
        (5, 5, 2, 55),
    ];
    let mut totals = [0; 3];
    for (h, w, count, loosest) in shapes {
        let shape = format!("sudoku {}x{} boxes {h}x{w}", h * w, h * w);
        // From the loosest to plenty of givens, by the seed.
        totals = add(
            totals,
            run(&shape, per_shape(count), |s| {
                let keep = loosest + (s % 4) as usize * (90 - loosest) / 4;
                sudoku(h, w, s, keep)
            }),
        );
    }
    assert_all_classes("sudoku", totals);
}

#[test]
fn classic_sudoku_through_the_general_engine_agrees() {
    // A classic 9×9 Sudoku goes to the specialised engine; with its givens also written as
    // one-cell cages it goes to the general one. Both must agree with the oracle.
    let mut totals = [0; 3];
    let shape = "sudoku 9x9 givens as cages";
    totals = add(
        totals,
        run(shape, per_shape(12), |s| {
            let mut d = sudoku(3, 3, s, 30 + (s % 3) as usize * 15);
            d.givens_as_cages();
            d
        }),
    );
    assert!(totals.iter().sum::<usize>() > 0);
}

#[test]
fn killer_agrees() {
    let mut totals = [0; 3];
    for (h, w, count, max_cage) in [(2, 2, 25, 3), (2, 3, 20, 4), (2, 4, 8, 4), (3, 3, 10, 5)] {
        let shape = format!("killer {}", h * w);
        totals = add(totals, run(&shape, per_shape(count), |s| killer(h, w, s, max_cage)));
    }
    assert_all_classes("killer", totals);
}

#[test]
fn kenken_cages_with_boxes_agree() {
    let mut totals = [0; 3];
    for (h, w) in [(2, 2), (2, 3), (3, 3)] {
        let shape = format!("boxed kenken {}", h * w);
        totals = add(totals, run(&shape, per_shape(10), |s| boxed_kenken(h, w, s)));
    }
    assert!(totals.iter().sum::<usize>() > 0);
}

// ---------------------------------------------------------------------------------------------
// The checks themselves
// ---------------------------------------------------------------------------------------------

/// Every Latin square of side n ≤ 4 in row-major order, by plain enumeration.
fn all_latin_squares(n: usize) -> Vec<Grid> {
    fn fill(n: usize, i: usize, cells: &mut Vec<u8>, out: &mut Vec<Grid>) {
        if i == n * n {
            out.push(Grid::from_cells(n, cells.clone()).unwrap());
            return;
        }
        let (r, c) = (i / n, i % n);
        for v in 1..=n as u8 {
            if (0..c).all(|j| cells[r * n + j] != v) && (0..r).all(|j| cells[j * n + c] != v) {
                cells[i] = v;
                fill(n, i + 1, cells, out);
                cells[i] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(n, 0, &mut vec![0; n * n], &mut out);
    out
}

#[test]
fn the_oracle_matches_plain_enumeration() {
    // On sides up to 4 every Latin square can be tried against `Puzzle::is_solution`: the
    // oracle's count and first solution must be what that enumeration gives (this checks the
    // oracle's partial-cage bounds for − and ÷ on many cells and for hidden operators).
    let mut checked = 0;
    for n in 2..=4 {
        let squares = all_latin_squares(n);
        for i in 0..per_shape(60) {
            let seed = seed_for("oracle", n * 1000 + i);
            let d = match i % 3 {
                0 => kenken(n, seed, 5, 40, 0),
                1 => one_big_cage(n, seed),
                _ if n == 4 => killer(2, 2, seed, 3),
                _ => kenken(n, seed, 3, 0, 0),
            };
            let p = d.puzzle();
            let solutions: Vec<&Grid> = squares.iter().filter(|g| p.is_solution(g)).collect();
            let truth = oracle::answer(&p, 3);
            assert_eq!(truth.count, solutions.len().min(3) as u64, "{}", describe(&p));
            assert_eq!(truth.first.as_ref(), solutions.first().copied(), "{}", describe(&p));
            checked += 1;
        }
    }
    assert!(checked >= 3);
}

#[test]
fn a_wrong_answer_is_caught() {
    // A puzzle with several solutions: the empty 4×4 Latin square with one sum cage.
    let cage = Cage::new(7, Some(Operator::Add), vec![Cell(0), Cell(1), Cell(4)]);
    let p = Puzzle::kenken(4, vec![cage]).unwrap();
    let truth = oracle::answer(&p, 3);
    assert_eq!(truth.count, 3);
    let right = ask_solver(&p);
    assert_eq!(compare(&p, &truth, &right), Ok(()));
    let first = truth.first.clone().unwrap();
    let other = truth.found.iter().find(|g| **g != first).unwrap().clone();
    let one = Count { solutions: 1, complete: true };
    let wrong = [
        Said { count: one, ..ask_solver(&p) },
        Said { solve_count: one, ..ask_solver(&p) },
        Said { count: Count { solutions: 2, complete: true }, ..ask_solver(&p) },
        Said { first: Some(other), ..ask_solver(&p) },
        Said { first: None, ..ask_solver(&p) },
    ];
    for said in &wrong {
        assert!(compare(&p, &truth, said).is_err());
    }
    // No solution: a wrong given in a row that the cage fills.
    let mut givens = Grid::empty(4);
    givens.set(Cell(0), 4);
    givens.set(Cell(1), 4);
    let none = Puzzle::new(4, None, givens, Vec::new(), false).unwrap();
    let truth = oracle::answer(&none, 3);
    assert_eq!((truth.count, truth.first.clone()), (0, None));
    assert_eq!(compare(&none, &truth, &ask_solver(&none)), Ok(()));
    let claimed = Said { count: one, solve_count: one, first: Some(first.clone()) };
    assert!(compare(&none, &truth, &claimed).is_err());
    // A grid that is no solution at all is caught even if the oracle were to agree.
    let fake = Answer {
        count: 1,
        first: Some(Grid::from_cells(4, vec![1; 16]).unwrap()),
        found: Vec::new(),
    };
    let said = Said { count: one, solve_count: one, first: fake.first.clone() };
    assert!(compare(&p, &fake, &said).is_err());
}

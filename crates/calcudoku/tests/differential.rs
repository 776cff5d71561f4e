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

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use calcudoku::format::{self, Format, Layout};
use calcudoku::puzzle::neighbours;
use calcudoku::solve::{self, Count, Solver};
use calcudoku::{BoxShape, Cage, Cell, Grid, Operator, Puzzle};
use common::oracle::{self, Answer};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

// ---------------------------------------------------------------------------------------------
// Randomness and settings
// ---------------------------------------------------------------------------------------------

struct Rng(ChaCha8Rng);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }
    /// A number in 0..n (n > 0).
    fn below(&mut self, n: usize) -> usize {
        ((self.0.next_u64() as u128 * n as u128) >> 64) as usize
    }
    /// True `percent` times in a hundred.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
    fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

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
// Grids
// ---------------------------------------------------------------------------------------------

/// A random Latin square, row by row: each row is a perfect matching of columns to the values
/// their column lacks, found by augmenting paths over a shuffled order. A Latin rectangle
/// always extends by a row (Hall's theorem), so this never gets stuck.
fn latin_square(n: usize, rng: &mut Rng) -> Vec<u8> {
    fn augment(
        col: usize,
        allowed: &[Vec<usize>],
        seen: &mut [bool],
        holder: &mut [Option<usize>],
    ) -> bool {
        for &v in &allowed[col] {
            if seen[v] {
                continue;
            }
            seen[v] = true;
            if holder[v].is_none_or(|c| augment(c, allowed, seen, holder)) {
                holder[v] = Some(col);
                return true;
            }
        }
        false
    }
    let mut cells = vec![0u8; n * n];
    let mut in_col = vec![vec![false; n]; n];
    for r in 0..n {
        let allowed: Vec<Vec<usize>> = (0..n)
            .map(|c| {
                let mut vs: Vec<usize> = (0..n).filter(|&v| !in_col[c][v]).collect();
                rng.shuffle(&mut vs);
                vs
            })
            .collect();
        let mut holder: Vec<Option<usize>> = vec![None; n];
        for c in rng.permutation(n) {
            assert!(augment(c, &allowed, &mut vec![false; n], &mut holder), "Hall's theorem");
        }
        for (v, c) in holder.iter().enumerate() {
            let c = c.expect("a perfect matching");
            cells[r * n + c] = v as u8 + 1;
            in_col[c][v] = true;
        }
    }
    cells
}

/// A random solved Sudoku with boxes of `h` rows by `w` columns: the pattern
/// `(w·(r mod h) + r div h + c) mod n` with bands, stacks, the rows of each band, the columns
/// of each stack and the symbols shuffled (and, for square boxes, maybe transposed).
fn sudoku_grid(h: usize, w: usize, rng: &mut Rng) -> Vec<u8> {
    let n = h * w;
    let groups = |count: usize, per: usize, rng: &mut Rng| -> Vec<usize> {
        let order = rng.permutation(count);
        let mut out = Vec::new();
        for g in order {
            out.extend(rng.permutation(per).into_iter().map(|i| g * per + i));
        }
        out
    };
    // Rows come in w bands of h rows; columns in h stacks of w columns.
    let rows = groups(w, h, rng);
    let cols = groups(h, w, rng);
    let symbols = rng.permutation(n);
    let transpose = h == w && rng.chance(50);
    let mut cells = vec![0u8; n * n];
    for (r, &rr) in rows.iter().enumerate() {
        for (c, &cc) in cols.iter().enumerate() {
            let v = symbols[(w * (rr % h) + rr / h + cc) % n] as u8 + 1;
            let at = if transpose { c * n + r } else { r * n + c };
            cells[at] = v;
        }
    }
    cells
}

// ---------------------------------------------------------------------------------------------
// Cages
// ---------------------------------------------------------------------------------------------

/// Cuts the grid into connected pieces, each grown from a random free cell to a size drawn by
/// `size`, through cells that `fits` the piece.
fn cut(
    n: usize,
    rng: &mut Rng,
    mut size: impl FnMut(&mut Rng) -> usize,
    fits: impl Fn(&[usize], usize) -> bool,
) -> Vec<Vec<usize>> {
    let mut owner = vec![usize::MAX; n * n];
    let mut pieces: Vec<Vec<usize>> = Vec::new();
    for start in rng.permutation(n * n) {
        if owner[start] != usize::MAX {
            continue;
        }
        let want = size(rng).max(1);
        let k = pieces.len();
        owner[start] = k;
        let mut cells = vec![start];
        while cells.len() < want {
            let beside: Vec<usize> = cells
                .iter()
                .flat_map(|&c| neighbours(n, c))
                .filter(|&x| owner[x] == usize::MAX && fits(&cells, x))
                .collect();
            if beside.is_empty() {
                break;
            }
            let next = beside[rng.below(beside.len())];
            owner[next] = k;
            cells.push(next);
        }
        cells.sort_unstable();
        pieces.push(cells);
    }
    pieces
}

/// A label for a cage over `values`: a random operator among `ops` that suits them (a sum
/// when none does), hidden `hidden` times in a hundred; one cell is a given.
fn label(values: &[u8], ops: &[Operator], hidden: usize, rng: &mut Rng) -> (Option<Operator>, u64) {
    if values.len() == 1 {
        return if rng.chance(50) {
            (None, values[0] as u64)
        } else {
            (Some(ops[rng.below(ops.len())]), values[0] as u64)
        };
    }
    let mut order = ops.to_vec();
    rng.shuffle(&mut order);
    let (op, t) = order
        .into_iter()
        .find_map(|o| o.apply(values).map(|t| (o, t)))
        .unwrap_or_else(|| (Operator::Add, Operator::Add.apply(values).unwrap()));
    (if rng.chance(hidden) { None } else { Some(op) }, t)
}

fn cells_of(cells: &[usize]) -> Vec<Cell> {
    cells.iter().map(|&c| Cell(c as u16)).collect()
}

/// The puzzle being made, before it becomes a `Puzzle`: pieces with labels, givens, the grid
/// it was cut from.
struct Draft {
    n: usize,
    boxes: Option<BoxShape>,
    solution: Vec<u8>,
    pieces: Vec<(Vec<usize>, Option<Operator>, u64)>,
    givens: Vec<u8>,
    distinct: bool,
    /// What was done to it, for the failure message.
    story: String,
}

impl Draft {
    fn new(n: usize, boxes: Option<BoxShape>, solution: Vec<u8>, distinct: bool) -> Draft {
        Draft {
            n,
            boxes,
            solution,
            pieces: Vec::new(),
            givens: vec![0; n * n],
            distinct,
            story: String::new(),
        }
    }

    fn values(&self, cells: &[usize]) -> Vec<u8> {
        cells.iter().map(|&c| self.solution[c]).collect()
    }

    fn label_all(
        &mut self,
        pieces: Vec<Vec<usize>>,
        ops: &[Operator],
        hidden: usize,
        rng: &mut Rng,
    ) {
        for cells in pieces {
            let (op, t) = label(&self.values(&cells), ops, hidden, rng);
            self.pieces.push((cells, op, t));
        }
    }

    /// Merges two neighbouring cages into one, labelled anew from the solution's values: the
    /// solution still fits, others may too.
    fn merge(&mut self, ops: &[Operator], hidden: usize, rng: &mut Rng) {
        if self.pieces.len() < 2 {
            return;
        }
        let a = rng.below(self.pieces.len());
        let near: Vec<usize> = (0..self.pieces.len())
            .filter(|&b| {
                b != a
                    && self.pieces[a]
                        .0
                        .iter()
                        .any(|&c| neighbours(self.n, c).any(|x| self.pieces[b].0.contains(&x)))
            })
            .collect();
        if near.is_empty() {
            return;
        }
        let b = near[rng.below(near.len())];
        let (hi, lo) = (a.max(b), a.min(b));
        let (extra, _, _) = self.pieces.remove(hi);
        let mut cells = self.pieces.remove(lo).0;
        cells.extend(extra);
        cells.sort_unstable();
        let (op, t) = label(&self.values(&cells), ops, hidden, rng);
        let _ = write!(self.story, " merged into {} cells;", cells.len());
        self.pieces.push((cells, op, t));
    }

    /// Changes the target of one cage of two or more cells: often no solution is left.
    fn retarget(&mut self, rng: &mut Rng) {
        let big: Vec<usize> =
            (0..self.pieces.len()).filter(|&k| self.pieces[k].0.len() > 1).collect();
        if big.is_empty() {
            return;
        }
        let k = big[rng.below(big.len())];
        let t = self.pieces[k].2;
        let new = match rng.below(3) {
            0 => t + 1,
            1 => t.saturating_sub(1),
            _ => t * 2,
        };
        let _ = write!(self.story, " cage {k} target {t} -> {new};");
        self.pieces[k].2 = new;
    }

    /// Gives `percent` of the cells their solution value.
    fn reveal(&mut self, percent: usize, rng: &mut Rng) {
        for c in 0..self.n * self.n {
            if rng.chance(percent) {
                self.givens[c] = self.solution[c];
            }
        }
    }

    /// Changes one given to another value (or adds a wrong one): usually no solution is left.
    fn wrong_given(&mut self, rng: &mut Rng) {
        let c = rng.below(self.n * self.n);
        let right = self.solution[c];
        let v = (right as usize + rng.below(self.n - 1)) % self.n + 1;
        let _ = write!(self.story, " cell {c} given {v} (was {right});");
        self.givens[c] = v as u8;
    }

    /// Drops cages at random (their cells belong to no cage then): more solutions.
    fn drop_cages(&mut self, percent: usize, rng: &mut Rng) {
        let before = self.pieces.len();
        self.pieces.retain(|_| !rng.chance(percent));
        let _ = write!(self.story, " {} cages dropped;", before - self.pieces.len());
    }

    fn puzzle(&self) -> Puzzle {
        let cages =
            self.pieces.iter().map(|(cells, op, t)| Cage::new(*t, *op, cells_of(cells))).collect();
        let givens = Grid::from_cells(self.n, self.givens.clone()).unwrap();
        Puzzle::new(self.n, self.boxes, givens, cages, self.distinct).expect("a well-formed puzzle")
    }
}

// ---------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------

/// A KenKen of side `n` (seed `seed`) with every operator, cages of 1 to `max_cage` cells,
/// `hidden` percent of their operators hidden and `reveal` percent of the cells given (for
/// large sides, so that the oracle stays quick). Variants by the seed: as cut, two cages
/// merged, a target changed, givens (one maybe wrong), cages dropped.
fn kenken(n: usize, seed: u64, max_cage: usize, hidden: usize, reveal: usize) -> Draft {
    let mut rng = Rng::new(seed);
    let mut d = Draft::new(n, None, latin_square(n, &mut rng), false);
    let pieces = cut(n, &mut rng, |r| 1 + r.below(max_cage), |_, _| true);
    d.label_all(pieces, &Operator::ALL, hidden, &mut rng);
    if reveal > 0 {
        d.reveal(reveal, &mut rng);
    }
    match rng.below(6) {
        0 => d.story.push_str(" as cut;"),
        1 => {
            d.merge(&Operator::ALL, hidden, &mut rng);
            d.merge(&Operator::ALL, hidden, &mut rng);
        }
        2 => d.retarget(&mut rng),
        3 => {
            d.reveal(10, &mut rng);
            if rng.chance(50) {
                d.wrong_given(&mut rng);
            }
        }
        4 => d.drop_cages(20, &mut rng),
        _ => {
            d.merge(&Operator::ALL, hidden, &mut rng);
            d.retarget(&mut rng);
        }
    }
    d
}

/// A grid with one cage over most of it (the rest cut small): long sums, products,
/// differences and quotients, and hidden operators.
fn one_big_cage(n: usize, seed: u64) -> Draft {
    let mut rng = Rng::new(seed);
    let mut d = Draft::new(n, None, latin_square(n, &mut rng), false);
    let big = n * n / 2 + rng.below(n * n / 2);
    let mut first = true;
    let pieces = cut(
        n,
        &mut rng,
        |r| {
            if std::mem::take(&mut first) { big } else { 1 + r.below(3) }
        },
        |_, _| true,
    );
    d.label_all(pieces, &Operator::ALL, 30, &mut rng);
    d.reveal(15, &mut rng);
    match rng.below(3) {
        0 => d.story.push_str(" as cut;"),
        1 => d.retarget(&mut rng),
        _ => d.merge(&Operator::ALL, 30, &mut rng),
    }
    d
}

/// A Sudoku with boxes of `h`×`w`: a random solved grid with `keep` percent of its cells given
/// (and, one time in four, a wrong given).
fn sudoku(h: usize, w: usize, seed: u64, keep: usize) -> Draft {
    let mut rng = Rng::new(seed);
    let n = h * w;
    let boxes = BoxShape { height: h as u8, width: w as u8 };
    let mut d = Draft::new(n, Some(boxes), sudoku_grid(h, w, &mut rng), false);
    d.reveal(keep, &mut rng);
    let _ = write!(d.story, " {keep}% given;");
    // A wrong given among few on a large grid makes a search that must look everywhere before
    // it gives up (for the oracle above all): only where propagation settles it.
    if rng.chance(25) && (n <= 9 || keep >= 60) {
        d.wrong_given(&mut rng);
    }
    d
}

/// A Killer Sudoku with usual boxes: a solved grid cut into cages of distinct values (sums),
/// then as cut, merged, retargeted or with a few givens.
fn killer(h: usize, w: usize, seed: u64, max_cage: usize) -> Draft {
    let mut rng = Rng::new(seed);
    let n = h * w;
    let boxes = BoxShape { height: h as u8, width: w as u8 };
    let solution = sudoku_grid(h, w, &mut rng);
    let mut d = Draft::new(n, Some(boxes), solution.clone(), true);
    let fits = |cells: &[usize], c: usize| cells.iter().all(|&x| solution[x] != solution[c]);
    let pieces = cut(n, &mut rng, |r| 1 + r.below(max_cage), fits);
    d.label_all(pieces, &[Operator::Add], 0, &mut rng);
    match rng.below(5) {
        0 => d.story.push_str(" as cut;"),
        1 => d.merge(&[Operator::Add], 0, &mut rng),
        2 => d.retarget(&mut rng),
        3 => {
            d.reveal(8, &mut rng);
            d.wrong_given(&mut rng);
        }
        _ => d.reveal(10, &mut rng),
    }
    d
}

/// KenKen cages on a grid with Sudoku boxes (the model allows it; no puzzle kind has a name
/// for it), values within cages free to repeat.
fn boxed_kenken(h: usize, w: usize, seed: u64) -> Draft {
    let mut rng = Rng::new(seed);
    let n = h * w;
    let boxes = BoxShape { height: h as u8, width: w as u8 };
    let mut d = Draft::new(n, Some(boxes), sudoku_grid(h, w, &mut rng), false);
    let pieces = cut(n, &mut rng, |r| 1 + r.below(4), |_, _| true);
    d.label_all(pieces, &Operator::ALL, 20, &mut rng);
    if rng.chance(50) {
        d.merge(&Operator::ALL, 20, &mut rng);
    } else {
        d.retarget(&mut rng);
    }
    d
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
            for c in 0..81 {
                if d.givens[c] != 0 {
                    d.pieces.push((vec![c], None, d.givens[c] as u64));
                }
            }
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
    let cage = Cage::new(7, Some(Operator::Add), cells_of(&[0, 1, 4]));
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

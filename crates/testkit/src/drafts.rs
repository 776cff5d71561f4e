//! Random puzzles of every kind, loosened or broken on purpose, for differential tests: cut
//! from a random grid, then cages merged, givens removed or added (some wrong), targets changed,
//! cages dropped, so that there are puzzles with no solution, one, and several. Each draft
//! tells its story (what was done to it) for failure messages.

use std::fmt::Write as _;

use calcudoku::puzzle::neighbours;
use calcudoku::{BoxShape, Cage, Cell, Grid, Operator, Puzzle};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// The drafts' random numbers (ChaCha8, seeded).
pub struct Rng(ChaCha8Rng);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }
    /// A number in 0..n (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.0.next_u64() as u128 * n as u128) >> 64) as usize
    }
    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    /// The items in a random order.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
    /// A random permutation of 0..n.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
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
pub struct Draft {
    n: usize,
    boxes: Option<BoxShape>,
    solution: Vec<u8>,
    pieces: Vec<(Vec<usize>, Option<Operator>, u64)>,
    givens: Vec<u8>,
    distinct: bool,
    /// What was done to it, for the failure message.
    pub story: String,
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

    /// Writes every given as a one-cell cage of that value too (the puzzle then goes to the
    /// general engine, not the 9×9 one).
    pub fn givens_as_cages(&mut self) {
        for c in 0..self.n * self.n {
            if self.givens[c] != 0 {
                self.pieces.push((vec![c], None, self.givens[c] as u64));
            }
        }
    }

    /// The puzzle of the draft.
    pub fn puzzle(&self) -> Puzzle {
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
pub fn kenken(n: usize, seed: u64, max_cage: usize, hidden: usize, reveal: usize) -> Draft {
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
pub fn one_big_cage(n: usize, seed: u64) -> Draft {
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
pub fn sudoku(h: usize, w: usize, seed: u64, keep: usize) -> Draft {
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
pub fn killer(h: usize, w: usize, seed: u64, max_cage: usize) -> Draft {
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
pub fn boxed_kenken(h: usize, w: usize, seed: u64) -> Draft {
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

//! Deterministic random puzzles for tests and benchmarks (the corpus helpers): a random Latin
//! square cut into random cages whose targets are computed from the square, so every puzzle has
//! at least that solution. Their own small PRNG (SplitMix64) keeps the puzzles the bench sets
//! and tests were made from exactly as they were; new puzzles come from
//! [`calcudoku::generate`].
//!
//! [`repaired_keen_like`] makes Keen-like puzzles whose solution the solver proves unique, by
//! repairing a random cutting wherever another solution fits (it made `bench/kenken-scale`).

use calcudoku::puzzle::{Cage, Cell, Grid, Operator, Puzzle, neighbours};

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and good enough for making test puzzles.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`; equal seeds give equal streams.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64-bit word of the stream.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in 0..n (n > 0), without modulo bias worth speaking of (n is small here).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Fisher–Yates.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

fn permutation(n: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut p);
    p
}

/// A random N×N Latin square: the cyclic square `(r + c) mod N` with its rows, columns and
/// symbols permuted at random. (Not uniform over all Latin squares; plenty for tests.)
pub fn random_latin_square(size: usize, rng: &mut SplitMix64) -> Grid {
    let (rows, cols, symbols) =
        (permutation(size, rng), permutation(size, rng), permutation(size, rng));
    let mut cells = vec![0u8; size * size];
    for r in 0..size {
        for c in 0..size {
            cells[r * size + c] = symbols[(rows[r] + cols[c]) % size] as u8 + 1;
        }
    }
    Grid::from_cells(size, cells).expect("values in 1..=N")
}

/// A random KenKen of side `size` (1..=64) planted on a random Latin square, which is returned
/// with it. The same `(size, seed, ops)` always gives the same puzzle.
///
/// The grid is cut into connected cages of 1 to 4 cells. Each cage of two or more cells gets
/// an operator drawn from `ops` (empty `ops`: all four) with the target its cells make in the
/// square; `-` and `/` cages have exactly two cells, and `/` only where the quotient is exact.
/// A cage for which no allowed operator fits, and every one-cell cage, becomes a given: one
/// cell, no operator (`Cage::op == None`), target its value.
pub fn random_kenken(size: usize, seed: u64, ops: &[Operator]) -> (Puzzle, Grid) {
    let ops: &[Operator] = if ops.is_empty() { &Operator::ALL } else { ops };
    let mut rng = SplitMix64::new(seed);
    let square = random_latin_square(size, &mut rng);
    let n = size;
    let mut taken = vec![false; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut cages = Vec::new();
    for &start in &order {
        if taken[start] {
            continue;
        }
        let op = ops[rng.below(ops.len())];
        let want = match op {
            Operator::Sub | Operator::Div => 2,
            _ => 1 + rng.below(4),
        };
        taken[start] = true;
        let mut cells = vec![start];
        while cells.len() < want {
            let mut free = Vec::new();
            for &c in &cells {
                for i in neighbours(n, c) {
                    if !taken[i] && !free.contains(&i) {
                        free.push(i);
                    }
                }
            }
            if free.is_empty() {
                break;
            }
            let next = free[rng.below(free.len())];
            taken[next] = true;
            cells.push(next);
        }
        cells.sort_unstable();
        let values: Vec<u8> = cells.iter().map(|&c| square.cells()[c]).collect();
        let as_cells = |cs: &[usize]| cs.iter().map(|&c| Cell(c as u16)).collect::<Vec<_>>();
        // The drawn operator first, then the others allowed, in a random order.
        let mut tries = ops.to_vec();
        rng.shuffle(&mut tries);
        tries.retain(|&o| o != op);
        tries.insert(0, op);
        let fitting = if values.len() < 2 {
            None
        } else {
            tries.into_iter().find_map(|o| target(o, &values).map(|t| (o, t)))
        };
        match fitting {
            Some((o, t)) => cages.push(Cage::new(t, Some(o), as_cells(&cells))),
            None => {
                for (&c, &v) in cells.iter().zip(&values) {
                    cages.push(Cage::new(v as u64, None, as_cells(&[c])));
                }
            }
        }
    }
    let puzzle = Puzzle::kenken(n, cages).expect("the cages tile the grid");
    debug_assert!(puzzle.is_solution(&square));
    (puzzle, square)
}

/// How [`random_cages`] cuts and labels a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CageSettings {
    /// Cages have 1 to this many cells (up to the whole grid).
    pub max_cells: usize,
    /// Of every hundred cages of two or more cells, this many hide their operator.
    pub hidden_percent: usize,
}

/// A random KenKen of side `size` with cages of any size and every operator on any number of
/// cells (`-` and `/` on three or more by their general rules), planted on a random Latin
/// square, which is returned with it: the shapes that stress the solver (large cages, hidden
/// operators) rather than Keen-like ones. Each cage of two or more cells tries the operators
/// in a random order and takes the first whose target its values make (a positive difference,
/// an exact quotient, a product within 64 bits; a sum always fits); then, `hidden_percent`
/// times in a hundred, it hides the operator. One-cell cages are givens. Uniqueness is not
/// checked. The same `(size, seed, settings)` always gives the same puzzle.
pub fn random_cages(size: usize, seed: u64, settings: CageSettings) -> (Puzzle, Grid) {
    let mut rng = SplitMix64::new(seed);
    let square = random_latin_square(size, &mut rng);
    let n = size;
    let mut owner = vec![usize::MAX; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut cages = Vec::new();
    for start in order {
        if owner[start] != usize::MAX {
            continue;
        }
        let want = 1 + rng.below(settings.max_cells.clamp(1, n * n));
        let k = cages.len();
        let mut cells =
            grow_piece(n, &mut owner, start, k, want, usize::MAX, &mut rng, |_, _| true);
        cells.sort_unstable();
        let values: Vec<u8> = cells.iter().map(|&c| square.cells()[c]).collect();
        let mut ops = Operator::ALL;
        rng.shuffle(&mut ops);
        let (op, target) = if values.len() == 1 {
            (None, values[0] as u64)
        } else {
            let (op, t) = ops
                .iter()
                .find_map(|&o| o.apply(&values).filter(|&t| t > 0).map(|t| (o, t)))
                .expect("a sum always fits");
            let hidden = rng.below(100) < settings.hidden_percent;
            (if hidden { None } else { Some(op) }, t)
        };
        cages.push(Cage::new(target, op, cells.into_iter().map(|c| Cell(c as u16)).collect()));
    }
    let puzzle = Puzzle::kenken(n, cages).expect("the cages tile the grid");
    debug_assert!(puzzle.is_solution(&square));
    (puzzle, square)
}

/// The target `values` make under `op`, when `op` suits them (`-` and `/`: two cells; `/`:
/// exact).
fn target(op: Operator, values: &[u8]) -> Option<u64> {
    let two_cells_only = matches!(op, Operator::Sub | Operator::Div);
    if two_cells_only && values.len() != 2 {
        return None;
    }
    op.apply(values)
}

/// A random solved Sudoku of side `size` with its usual boxes (h×w): the pattern grid
/// `(w·(r mod h) + r div h + c) mod N`, with bands, stacks, rows within bands, columns within
/// stacks and symbols shuffled. None when `size` has no usual boxes.
pub fn random_sudoku_grid(size: usize, rng: &mut SplitMix64) -> Option<Grid> {
    let b = calcudoku::puzzle::BoxShape::standard(size)?;
    let (h, w) = (b.height as usize, b.width as usize);
    // Rows: bands of h rows (there are w bands); columns: stacks of w columns (h stacks).
    let shuffled = |groups: usize, per: usize, rng: &mut SplitMix64| -> Vec<usize> {
        let order = permutation(groups, rng);
        order
            .iter()
            .flat_map(|&g| permutation(per, rng).into_iter().map(move |i| g * per + i))
            .collect()
    };
    let rows = shuffled(w, h, rng);
    let cols = shuffled(h, w, rng);
    let symbols = permutation(size, rng);
    let mut cells = vec![0u8; size * size];
    for r in 0..size {
        for c in 0..size {
            let (rr, cc) = (rows[r], cols[c]);
            cells[r * size + c] = symbols[(w * (rr % h) + rr / h + cc) % size] as u8 + 1;
        }
    }
    Some(Grid::from_cells(size, cells).expect("values in 1..=N"))
}

/// A random Sudoku of side `size` with a unique solution: a random solved grid from which
/// givens are removed in random order as long as the solution stays unique, until at most
/// `keep` givens remain or no more can go. Returns the puzzle and its solution.
pub fn random_sudoku(size: usize, seed: u64, keep: usize) -> Option<(Puzzle, Grid)> {
    let mut rng = SplitMix64::new(seed);
    let solution = random_sudoku_grid(size, &mut rng)?;
    let boxes = calcudoku::puzzle::BoxShape::standard(size);
    let mut givens = solution.clone();
    let mut order: Vec<usize> = (0..size * size).collect();
    rng.shuffle(&mut order);
    let mut left = size * size;
    for i in order {
        if left <= keep {
            break;
        }
        let v = givens.cells()[i];
        givens.set(calcudoku::puzzle::Cell(i as u16), 0);
        let p = Puzzle::sudoku(size, boxes, givens.clone()).ok()?;
        if calcudoku::solve::count(&p, 2).solutions == 1 {
            left -= 1;
        } else {
            givens.set(calcudoku::puzzle::Cell(i as u16), v);
        }
    }
    Some((Puzzle::sudoku(size, boxes, givens).ok()?, solution))
}

/// A Killer Sudoku of side `size` (usual boxes) without givens: a random solved grid cut into
/// connected cages of 1 to `max_cage` cells, each grown from a random free cell through
/// neighbours whose values it does not hold yet, and labelled with its sum. Uniqueness is not
/// checked. Returns the puzzle and the grid it was cut from; None when `size` has no usual
/// boxes.
pub fn random_killer(size: usize, seed: u64, max_cage: usize) -> Option<(Puzzle, Grid)> {
    let mut rng = SplitMix64::new(seed);
    let solved = random_sudoku_grid(size, &mut rng)?;
    let value = |c: usize| solved.cells()[c];
    let mut owner = vec![usize::MAX; size * size];
    let mut order: Vec<usize> = (0..size * size).collect();
    rng.shuffle(&mut order);
    let mut cages = Vec::new();
    for start in order {
        if owner[start] != usize::MAX {
            continue;
        }
        let want = 1 + rng.below(max_cage.max(1));
        let fits = |cage: &[usize], c: usize| cage.iter().all(|&d| value(d) != value(c));
        let k = cages.len();
        let mut cells = grow_piece(size, &mut owner, start, k, want, usize::MAX, &mut rng, fits);
        cells.sort_unstable();
        let target = cells.iter().map(|&c| value(c) as u64).sum();
        let cells = cells.into_iter().map(|c| Cell(c as u16)).collect();
        cages.push(Cage::new(target, Some(Operator::Add), cells));
    }
    let boxes = calcudoku::puzzle::BoxShape::standard(size);
    Some((Puzzle::new(size, boxes, Grid::empty(size), cages, true).ok()?, solved))
}

/// A KenKen shaped like Keen's: a random Latin square cut into connected cages of 2 to 4
/// cells (a cell left alone joins a neighbouring cage); two-cell cages get `/` when the
/// quotient is exact and a draw says so, else `-`, `+` or `*`; larger cages get `+` or `*`.
/// Uniqueness is not checked here (see [`unique_keen_like`]).
pub fn keen_like(size: usize, seed: u64) -> (Puzzle, Grid) {
    let mut rng = SplitMix64::new(seed);
    let square = random_latin_square(size, &mut rng);
    let n = size;
    let mut owner = vec![usize::MAX; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in 0..n * n {
        if owner[start] != usize::MAX {
            continue;
        }
        let want = 2 + rng.below(3);
        let k = cages.len();
        let cells = grow_piece(n, &mut owner, start, k, want, usize::MAX, &mut rng, |_, _| true);
        if cells.len() == 1 && n > 1 {
            // Join the smallest neighbouring cage.
            let target = neighbours(n, start)
                .map(|x| owner[x])
                .filter(|&o| o != k && o != usize::MAX)
                .min_by_key(|&o| cages[o].len());
            if let Some(o) = target {
                owner[start] = o;
                cages[o].push(start);
                continue;
            }
        }
        cages.push(cells);
    }
    let cages = cages
        .into_iter()
        .map(|mut cells| {
            cells.sort_unstable();
            let values: Vec<u8> = cells.iter().map(|&c| square.cells()[c]).collect();
            let op = if values.len() == 1 {
                None
            } else if values.len() == 2 {
                let (a, b) = (values[0].max(values[1]), values[0].min(values[1]));
                match rng.below(4) {
                    0 if a % b == 0 => Some(Operator::Div),
                    0 | 1 => Some(Operator::Sub),
                    2 => Some(Operator::Add),
                    _ => Some(Operator::Mul),
                }
            } else if rng.below(2) == 0 {
                Some(Operator::Add)
            } else {
                Some(Operator::Mul)
            };
            let t = match op {
                None => values[0] as u64,
                Some(o) => target(o, &values).expect("the chosen operators fit"),
            };
            Cage::new(t, op, cells.iter().map(|&c| Cell(c as u16)).collect())
        })
        .collect();
    let puzzle = Puzzle::kenken(n, cages).expect("the cages tile the grid");
    debug_assert!(puzzle.is_solution(&square));
    (puzzle, square)
}

/// The first Keen-like KenKen from `seed` on whose solution is unique (as proved by the
/// solver within `budget` per attempt), with its seed; None after `attempts` tries.
pub fn unique_keen_like(
    size: usize,
    seed: u64,
    attempts: u64,
    budget: std::time::Duration,
) -> Option<(u64, Puzzle, Grid)> {
    (seed..seed + attempts).find_map(|s| {
        let (p, g) = keen_like(size, s);
        let solver = calcudoku::solve::Solver::new(&p)
            .with_deadline(Some(calcudoku::clock::Instant::now() + budget));
        match solver.count(2) {
            Ok(c) if c.solutions == 1 && c.complete => Some((s, p, g)),
            _ => None,
        }
    })
}

// ---------------------------------------------------------------------------------------------
// The repairing generator.

/// Grows piece `k` from `start`, a cell marked `free` in `owner`, to `want` cells: each step
/// marks a random `free` cell beside the piece as `k` (one that `fits(piece, cell)`), until
/// none is left. Returns its cells.
#[allow(clippy::too_many_arguments)]
fn grow_piece(
    n: usize,
    owner: &mut [usize],
    start: usize,
    k: usize,
    want: usize,
    free: usize,
    rng: &mut SplitMix64,
    fits: impl Fn(&[usize], usize) -> bool,
) -> Vec<usize> {
    owner[start] = k;
    let mut cells = vec![start];
    while cells.len() < want {
        let beside: Vec<usize> = cells
            .iter()
            .flat_map(|&c| neighbours(n, c))
            .filter(|&x| owner[x] == free && fits(&cells, x))
            .collect();
        if beside.is_empty() {
            break;
        }
        let next = beside[rng.below(beside.len())];
        owner[next] = k;
        cells.push(next);
    }
    cells
}

/// A Keen-like operator for a cage holding `values` (two or more), with the odds of the Keen
/// puzzles in the project's shared corpus (its 10×10 sets, about 1,800 cages): a pair whose
/// quotient is exact gets `/` 5 times in 8, else `-`, `+` or `*` evenly; another pair gets `-`
/// 9 times in 20, `+` 7 in 20, `*` 4 in 20; a larger cage gets `*` 7 times in 10, else `+`.
fn keen_operator(values: &[u8], rng: &mut SplitMix64) -> Operator {
    if values.len() == 2 {
        let (a, b) = (values[0].max(values[1]), values[0].min(values[1]));
        if a % b == 0 {
            match rng.below(8) {
                0..5 => Operator::Div,
                5 => Operator::Sub,
                6 => Operator::Add,
                _ => Operator::Mul,
            }
        } else {
            match rng.below(20) {
                0..9 => Operator::Sub,
                9..16 => Operator::Add,
                _ => Operator::Mul,
            }
        }
    } else if rng.below(10) < 7 {
        Operator::Mul
    } else {
        Operator::Add
    }
}

/// The operators [`keen_operator`] can give a cage holding `values`.
fn keen_operators(values: &[u8]) -> Vec<Operator> {
    let mut ops = vec![Operator::Add, Operator::Mul];
    if values.len() == 2 {
        ops.push(Operator::Sub);
        let (a, b) = (values[0].max(values[1]), values[0].min(values[1]));
        if a % b == 0 {
            ops.push(Operator::Div);
        }
    }
    ops
}

/// How many ways the cells of a cage can be filled so that the cage holds (`op` on `target`;
/// values in 1..=n, different within a row or column): the cage's looseness, before the rest
/// of the puzzle is taken into account.
fn assignments(n: usize, cells: &[usize], op: Operator, target: u64) -> u64 {
    fn fill(n: usize, cells: &[usize], op: Operator, target: u64, values: &mut Vec<u8>) -> u64 {
        let i = values.len();
        if i == cells.len() {
            return op.holds(target, values) as u64;
        }
        let mut total = 0;
        for v in 1..=n as u8 {
            let clash = cells[..i]
                .iter()
                .zip(values.iter())
                .any(|(&c, &w)| w == v && (c / n == cells[i] / n || c % n == cells[i] % n));
            let partial: u64 = values.iter().map(|&w| w as u64).sum::<u64>() + v as u64;
            let hopeless = match op {
                Operator::Add => partial > target,
                Operator::Mul => {
                    let p: u64 = values.iter().map(|&w| w as u64).product::<u64>() * v as u64;
                    target % p != 0
                }
                _ => false,
            };
            if clash || hopeless {
                continue;
            }
            values.push(v);
            total += fill(n, cells, op, target, values);
            values.pop();
        }
        total
    }
    fill(n, cells, op, target, &mut Vec::with_capacity(cells.len()))
}

/// Whether the cells, all in the grid, are connected through shared sides.
fn connected(n: usize, cells: &[usize]) -> bool {
    let Some(&first) = cells.first() else { return true };
    let mut seen = vec![first];
    let mut i = 0;
    while i < seen.len() {
        for x in neighbours(n, seen[i]) {
            if cells.contains(&x) && !seen.contains(&x) {
                seen.push(x);
            }
        }
        i += 1;
    }
    seen.len() == cells.len()
}

/// Cuts `region` (any set of cells of an `n`×`n` grid) at random into connected pieces of 2 to
/// 4 cells, grown from the region's cells in row-major order, each to a size drawn with the
/// weights `sizes` (of 2, 3 and 4 cells; it may stay smaller when it runs out of room). A cell left alone joins a
/// neighbouring piece that has room, or takes a cell from a neighbouring piece of 3 or 4 that
/// stays connected without it; when neither is possible it stays a piece of one cell (the
/// caller may draw again).
fn cut_region(
    n: usize,
    region: &[usize],
    sizes: [u32; 3],
    rng: &mut SplitMix64,
) -> Vec<Vec<usize>> {
    let total: u32 = sizes.iter().sum::<u32>().max(1);
    const OUTSIDE: usize = usize::MAX;
    const FREE: usize = usize::MAX - 1;
    let mut piece_of = vec![OUTSIDE; n * n];
    let mut starts = region.to_vec();
    starts.sort_unstable();
    for &c in &starts {
        piece_of[c] = FREE;
    }
    let mut pieces: Vec<Vec<usize>> = Vec::new();
    for &start in &starts {
        if piece_of[start] != FREE {
            continue;
        }
        let mut draw = rng.below(total as usize) as u32;
        let mut want = 2;
        for &w in &sizes[..2] {
            if draw < w {
                break;
            }
            draw -= w;
            want += 1;
        }
        let k = pieces.len();
        let mut cells = grow_piece(n, &mut piece_of, start, k, want, FREE, rng, |_, _| true);
        if cells.len() == 1 {
            let beside: Vec<usize> =
                neighbours(n, start).map(|x| piece_of[x]).filter(|&p| p < k).collect();
            // Join the smallest neighbouring piece that has room …
            if let Some(&p) =
                beside.iter().filter(|&&p| pieces[p].len() < 4).min_by_key(|&&p| pieces[p].len())
            {
                piece_of[start] = p;
                pieces[p].push(start);
                continue;
            }
            // … or take a cell from a full one, which must stay connected without it.
            let taken = neighbours(n, start).find(|&x| {
                let p = piece_of[x];
                p < k && {
                    let rest: Vec<usize> = pieces[p].iter().copied().filter(|&y| y != x).collect();
                    connected(n, &rest)
                }
            });
            if let Some(x) = taken {
                pieces[piece_of[x]].retain(|&y| y != x);
                piece_of[x] = k;
                cells.push(x);
            }
        }
        pieces.push(cells);
    }
    for p in &mut pieces {
        p.sort_unstable();
    }
    pieces
}

/// [`cut_region`] drawn up to `tries` times until no piece has a single cell; the last draw
/// when every one had some.
fn cut_region_whole(
    n: usize,
    region: &[usize],
    sizes: [u32; 3],
    tries: usize,
    rng: &mut SplitMix64,
) -> Vec<Vec<usize>> {
    let mut pieces = Vec::new();
    for _ in 0..tries.max(1) {
        pieces = cut_region(n, region, sizes, rng);
        if pieces.iter().all(|p| p.len() > 1) {
            break;
        }
    }
    pieces
}

/// Cages cut up afresh each time a check is too hard (see [`Cutting::tighten`]).
const TIGHTENED: usize = 3;

/// A grid cut into cages with operators, over a fixed solution (the planted square).
struct Cutting<'s> {
    n: usize,
    square: &'s Grid,
    /// The cage of each cell.
    owner: Vec<usize>,
    /// The cells of each cage, sorted; empty once the cage has been cut up again.
    cages: Vec<Vec<usize>>,
    /// The operator of each cage (None on a one-cell cage: a given).
    ops: Vec<Option<Operator>>,
    /// Cage sizes and operator draws.
    settings: RepairSettings,
}

impl<'s> Cutting<'s> {
    /// A fresh random cutting of the whole grid with Keen-like operators.
    fn fresh(square: &'s Grid, settings: &RepairSettings, rng: &mut SplitMix64) -> Cutting<'s> {
        let n = square.size();
        let mut cutting = Cutting {
            n,
            square,
            owner: vec![0; n * n],
            cages: Vec::new(),
            ops: Vec::new(),
            settings: *settings,
        };
        let all: Vec<usize> = (0..n * n).collect();
        for cells in cut_region_whole(n, &all, settings.sizes, 8, rng) {
            let op = cutting.draw_operator(&cells, settings.draws, rng);
            cutting.add(cells, op);
        }
        cutting
    }

    fn values(&self, cells: &[usize]) -> Vec<u8> {
        cells.iter().map(|&c| self.square.cells()[c]).collect()
    }

    /// A Keen-like operator for a new cage on `cells` (None for one cell): the one with the
    /// fewest assignments of `draws` draws.
    fn draw_operator(
        &self,
        cells: &[usize],
        draws: usize,
        rng: &mut SplitMix64,
    ) -> Option<Operator> {
        if cells.len() < 2 {
            return None;
        }
        let values = self.values(cells);
        (0..draws.max(1))
            .map(|_| keen_operator(&values, rng))
            .min_by_key(|&o| self.looseness(cells, Some(o)))
    }

    /// The number of assignments of a cage on `cells` with operator `op` (1 for a given).
    fn looseness(&self, cells: &[usize], op: Option<Operator>) -> u64 {
        match op {
            None => 1,
            Some(o) => {
                let t = target(o, &self.values(cells)).expect("operators are chosen to fit");
                assignments(self.n, cells, o, t)
            }
        }
    }

    fn add(&mut self, cells: Vec<usize>, op: Option<Operator>) {
        for &c in &cells {
            self.owner[c] = self.cages.len();
        }
        self.cages.push(cells);
        self.ops.push(op);
    }

    /// The puzzle: every cage with its target computed from the square.
    fn puzzle(&self) -> Puzzle {
        let cages = self
            .cages
            .iter()
            .zip(&self.ops)
            .filter(|(cells, _)| !cells.is_empty())
            .map(|(cells, &op)| {
                let values = self.values(cells);
                let t = match op {
                    None => values[0] as u64,
                    Some(o) => target(o, &values).expect("operators are chosen to fit"),
                };
                Cage::new(t, op, cells.iter().map(|&c| Cell(c as u16)).collect())
            })
            .collect();
        Puzzle::kenken(self.n, cages).expect("the cages tile the grid")
    }

    /// Whether a cage on `cells` with operator `op` (target from the square) rules `other`
    /// out.
    fn separates(&self, cells: &[usize], op: Option<Operator>, other: &Grid) -> bool {
        let values = self.values(cells);
        let theirs: Vec<u8> = cells.iter().map(|&c| other.cells()[c]).collect();
        match op {
            None => values != theirs,
            Some(o) => {
                let t = target(o, &values).expect("operators are chosen to fit");
                !o.holds(t, &theirs)
            }
        }
    }

    /// The cages next to cage `k`.
    fn adjacent_cages(&self, k: usize) -> Vec<usize> {
        let mut adj: Vec<usize> = self.cages[k]
            .iter()
            .flat_map(|&c| neighbours(self.n, c))
            .map(|x| self.owner[x])
            .filter(|&o| o != k)
            .collect();
        adj.sort_unstable();
        adj.dedup();
        adj
    }

    /// Cuts the cells of `cages` up again into `pieces` with the given operators.
    fn replace(&mut self, cages: &[usize], pieces: Vec<(Vec<usize>, Option<Operator>)>) {
        for &k in cages {
            self.cages[k].clear();
        }
        for (cells, op) in pieces {
            self.add(cells, op);
        }
    }

    /// Changes the cutting so that `other` (another solution of the current puzzle) no longer
    /// fits: picks a cell where `other` differs from the square and either gives its cage
    /// another Keen-like operator that rules `other` out, or cuts that cage and one or more
    /// of its neighbours up afresh, with operators chosen (among the Keen-like ones) to rule
    /// `other` out. False when no such change was found.
    fn repair(&mut self, other: &Grid, rng: &mut SplitMix64) -> bool {
        let differ: Vec<usize> =
            (0..self.n * self.n).filter(|&c| self.square.cells()[c] != other.cells()[c]).collect();
        if differ.is_empty() {
            return false;
        }
        for attempt in 0..48 {
            let d = differ[rng.below(differ.len())];
            let k = self.owner[d];
            // The smallest change first, half the time: another operator on the same cage.
            if attempt % 2 == 0 && self.cages[k].len() > 1 {
                let values = self.values(&self.cages[k]);
                let mut ops = keen_operators(&values);
                rng.shuffle(&mut ops);
                if let Some(op) = ops.into_iter().find(|&o| {
                    Some(o) != self.ops[k] && self.separates(&self.cages[k], Some(o), other)
                }) {
                    self.ops[k] = Some(op);
                    return true;
                }
            }
            // Cut the cage and some neighbours (more as attempts fail) up again.
            let mut region_cages = vec![k];
            let mut adj = self.adjacent_cages(k);
            rng.shuffle(&mut adj);
            region_cages.extend(adj.into_iter().take(1 + attempt / 16));
            let region: Vec<usize> =
                region_cages.iter().flat_map(|&k| self.cages[k].iter().copied()).collect();
            let pieces = cut_region(self.n, &region, self.settings.sizes, rng);
            if pieces.iter().any(|p| p.len() == 1) {
                continue;
            }
            let mut any = false;
            let pieces: Vec<(Vec<usize>, Option<Operator>)> = pieces
                .into_iter()
                .map(|cells| {
                    let mut op = self.draw_operator(&cells, self.settings.draws, rng);
                    if !self.separates(&cells, op, other) {
                        let mut ops = keen_operators(&self.values(&cells));
                        rng.shuffle(&mut ops);
                        if let Some(o) =
                            ops.into_iter().find(|&o| self.separates(&cells, Some(o), other))
                        {
                            op = Some(o);
                        }
                    }
                    any |= self.separates(&cells, op, other);
                    (cells, op)
                })
                .collect();
            if any {
                self.replace(&region_cages, pieces);
                return true;
            }
        }
        false
    }

    /// Changes the puzzle where it is loosest, for when the solver needed too much search (or
    /// time) on it: the [`TIGHTENED`] cages with the most assignments are each cut up afresh
    /// with a neighbouring cage, the new cages getting the tighter of one more operator draw
    /// than usual.
    fn tighten(&mut self, rng: &mut SplitMix64) {
        let mut live: Vec<(u64, usize)> = (0..self.cages.len())
            .filter(|&k| self.cages[k].len() > 1)
            .map(|k| (self.looseness(&self.cages[k], self.ops[k]), k))
            .collect();
        live.sort_unstable_by(|a, b| b.cmp(a));
        for (_, k) in live.into_iter().take(TIGHTENED) {
            // An earlier cut of this round may have taken this cage in already.
            if !self.cages[k].is_empty() {
                self.recut_with_neighbour(k, self.settings.draws + 1, rng);
            }
        }
    }

    /// Cuts cage `k` and a random neighbour up afresh, with the tightest of `draws` operator
    /// draws on each new cage.
    fn recut_with_neighbour(&mut self, k: usize, draws: usize, rng: &mut SplitMix64) {
        let adj = self.adjacent_cages(k);
        let mut region_cages = vec![k];
        if !adj.is_empty() {
            region_cages.push(adj[rng.below(adj.len())]);
        }
        let region: Vec<usize> =
            region_cages.iter().flat_map(|&k| self.cages[k].iter().copied()).collect();
        let pieces = cut_region_whole(self.n, &region, self.settings.sizes, 8, rng)
            .into_iter()
            .map(|cells| {
                let op = self.draw_operator(&cells, draws, rng);
                (cells, op)
            })
            .collect();
        self.replace(&region_cages, pieces);
    }

    /// Another solution that differs from the square by one *cycle switch*, if any: in two
    /// rows (or two columns), the values of some columns (rows) swapped along a cycle; or two
    /// values swapped along a cycle of rows. Every such switch gives another Latin square; the
    /// first that meets all the cages it touches is returned. A cheap search for the small,
    /// local ambiguities that make a cutting fail, before the solver is asked.
    fn cycle_switch(&self) -> Option<Grid> {
        let n = self.n;
        let sq = self.square.cells();
        // Where each value is in each row and each column.
        let mut col_of = vec![0usize; n * (n + 1)];
        let mut row_of = vec![0usize; n * (n + 1)];
        for (c, &v) in sq.iter().enumerate() {
            col_of[(c / n) * (n + 1) + v as usize] = c % n;
            row_of[(c % n) * (n + 1) + v as usize] = c / n;
        }
        let mut seen = vec![false; n];
        let mut changed: Vec<(usize, u8)> = Vec::new();
        for kind in 0..3 {
            for a in 0..n {
                for b in a + 1..n {
                    seen.fill(false);
                    for start in 0..n {
                        if seen[start] {
                            continue;
                        }
                        changed.clear();
                        let mut i = start;
                        while !seen[i] {
                            seen[i] = true;
                            i = match kind {
                                // Rows a and b, over columns: swap the two values of column i.
                                0 => {
                                    let (x, y) = (a * n + i, b * n + i);
                                    changed.extend([(x, sq[y]), (y, sq[x])]);
                                    col_of[a * (n + 1) + sq[y] as usize]
                                }
                                // Columns a and b, over rows.
                                1 => {
                                    let (x, y) = (i * n + a, i * n + b);
                                    changed.extend([(x, sq[y]), (y, sq[x])]);
                                    row_of[a * (n + 1) + sq[y] as usize]
                                }
                                // Values a+1 and b+1, over rows: swap them in row i.
                                _ => {
                                    let (va, vb) = (a as u8 + 1, b as u8 + 1);
                                    let (x, y) = (
                                        i * n + col_of[i * (n + 1) + va as usize],
                                        i * n + col_of[i * (n + 1) + vb as usize],
                                    );
                                    changed.extend([(x, vb), (y, va)]);
                                    row_of[(y % n) * (n + 1) + va as usize]
                                }
                            };
                        }
                        if self.fits_change(&changed) {
                            let mut other = sq.to_vec();
                            for &(c, v) in &changed {
                                other[c] = v;
                            }
                            return Some(Grid::from_cells(n, other).expect("values in 1..=N"));
                        }
                    }
                }
            }
        }
        None
    }

    /// Whether the square with the `changed` cells set to new values still meets every cage
    /// they are in.
    fn fits_change(&self, changed: &[(usize, u8)]) -> bool {
        let value = |c: usize| {
            changed.iter().find(|&&(x, _)| x == c).map_or(self.square.cells()[c], |&(_, v)| v)
        };
        changed.iter().all(|&(c, _)| {
            let k = self.owner[c];
            let cells = &self.cages[k];
            let values: Vec<u8> = cells.iter().map(|&x| value(x)).collect();
            match self.ops[k] {
                None => false,
                Some(o) => {
                    let t = target(o, &self.values(cells)).expect("operators are chosen to fit");
                    o.holds(t, &values)
                }
            }
        })
    }

    /// Cuts a random cage and a neighbour up afresh: a blind change for when the solver said
    /// "several solutions" but no other solution could be pinned down.
    fn shake(&mut self, rng: &mut SplitMix64) {
        let live: Vec<usize> =
            (0..self.cages.len()).filter(|&k| !self.cages[k].is_empty()).collect();
        let k = live[rng.below(live.len())];
        self.recut_with_neighbour(k, self.settings.draws, rng);
    }
}

/// One of the eight symmetries of the square grid (`sym` in 0..8: bit 0 transposes, bit 1
/// reverses rows, bit 2 reverses columns), applied to a cell index.
fn map_cell(n: usize, sym: usize, c: usize) -> usize {
    let (mut r, mut col) = (c / n, c % n);
    if sym & 1 != 0 {
        (r, col) = (col, r);
    }
    if sym & 2 != 0 {
        r = n - 1 - r;
    }
    if sym & 4 != 0 {
        col = n - 1 - col;
    }
    r * n + col
}

/// What a solver check of a candidate puzzle found.
enum Check {
    /// The square is the only solution, proved within the limits.
    Unique(calcudoku::solve::Stats),
    /// Another solution than the square.
    Another(Grid),
    /// Several solutions, but every search tried returned the square first.
    SeveralUnseen,
    /// The count needed more search nodes than allowed, or ran out of time (`timed_out`).
    TooHard { timed_out: bool },
}

/// Counts the solutions of `puzzle` up to two; when there are several, looks for one that is
/// not `square`: the first found by each branching rule, on the puzzle and on its seven
/// mirror images (different search orders find different solutions first). A search that
/// needs more nodes than `settings.max_nodes` counts as if it had run out of time, so that
/// what is made does not depend on the machine's speed (as long as the time allowed is
/// ample for that many nodes).
fn check(puzzle: &Puzzle, square: &Grid, settings: &RepairSettings) -> Check {
    use calcudoku::solve::{Branching, Solver};
    let search = |p: &Puzzle, branching: Branching, limit: u64| {
        let deadline = settings.budget.map(|b| calcudoku::clock::Instant::now() + b);
        match Solver::new(p).with_deadline(deadline).search(branching, limit) {
            Ok((_, _, stats)) if settings.max_nodes.is_some_and(|m| stats.nodes > m) => Err(false),
            Ok(found) => Ok(found),
            Err(_) => Err(true),
        }
    };
    let (first, count, stats) = match search(puzzle, Branching::FewestCandidates, 2) {
        Ok(found) => found,
        Err(timed_out) => return Check::TooHard { timed_out },
    };
    if count.complete && count.solutions <= 1 {
        debug_assert_eq!(first.as_ref(), Some(square));
        return Check::Unique(stats);
    }
    let n = puzzle.size();
    for sym in 0..8 {
        let mirrored;
        let p = if sym == 0 {
            puzzle
        } else {
            let cages = puzzle
                .cages()
                .iter()
                .map(|cage| {
                    let cells = cage.cells.iter().map(|c| map_cell(n, sym, c.index()));
                    Cage::new(cage.target, cage.op, cells.map(|c| Cell(c as u16)).collect())
                })
                .collect();
            mirrored = Puzzle::kenken(n, cages).expect("a mirror image of a valid puzzle");
            &mirrored
        };
        for branching in [Branching::FewestCandidates, Branching::RowMajor] {
            let found = match (sym, branching) {
                (0, Branching::FewestCandidates) => first.clone(),
                // A probe that is too hard is skipped.
                _ => search(p, branching, 1).ok().and_then(|(g, _, _)| g),
            };
            let Some(g) = found else { continue };
            let back: Vec<u8> = (0..n * n).map(|c| g.cells()[map_cell(n, sym, c)]).collect();
            if back != square.cells() {
                return Check::Another(Grid::from_cells(n, back).expect("values in 1..=N"));
            }
        }
    }
    Check::SeveralUnseen
}

/// Settings of [`repaired_keen_like`].
#[derive(Clone, Copy, Debug)]
pub struct RepairSettings {
    /// Time allowed to each solver search; a search that runs out of time is taken as "too
    /// hard" (see `max_nodes`). `None`: no limit, and the result depends on the seed only.
    pub budget: Option<std::time::Duration>,
    /// Search nodes the solver may need to prove the solution unique: a puzzle that needs more
    /// is made tighter where it is loosest and checked again. `None`: any number.
    pub max_nodes: Option<u64>,
    /// Keen-like operators drawn for each new cage, the one with the fewest assignments kept
    /// (1: exactly Keen-like odds; more: tighter cages, less search).
    pub draws: usize,
    /// Odds of the sizes a new cage is grown to: 2, 3 and 4 cells. The default, 12 : 3 : 1,
    /// gives about 74% pairs, 21% triples and 5% cages of four in `bench/kenken-scale` (a
    /// growing cage may run out of room; a stray cell joins a neighbour), near the Keen
    /// puzzles of the shared corpus (85%, 13%, 2%).
    pub sizes: [u32; 3],
    /// Repairs tried on one cutting before starting a fresh one.
    pub max_repairs: u32,
    /// Fresh cuttings (each on a fresh square) tried before giving up.
    pub max_cuttings: u32,
}

impl Default for RepairSettings {
    fn default() -> RepairSettings {
        RepairSettings {
            budget: None,
            max_nodes: None,
            draws: 1,
            sizes: [12, 3, 1],
            max_repairs: 2000,
            max_cuttings: 100,
        }
    }
}

/// What making a puzzle with [`repaired_keen_like`] took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Cuttings started (1: the first one was repaired into a unique puzzle).
    pub cuttings: u32,
    /// Solver checks (each a count to two, perhaps followed by searches for another solution).
    pub checks: u32,
    /// Repairs against another solution found by a cycle switch, without the solver.
    pub switch_repairs: u32,
    /// Repairs against another solution found by the solver.
    pub solver_repairs: u32,
    /// Blind changes after the solver found several solutions but none other than the square.
    pub shakes: u32,
    /// Changes after a check was too hard (more nodes than allowed, or out of time).
    pub tightenings: u32,
    /// Checks that ran out of time (each also counted in `tightenings`).
    pub timeouts: u32,
}

/// A puzzle made by [`repaired_keen_like`], and what making it took.
#[derive(Clone, Debug)]
pub struct Repaired {
    /// The puzzle: a KenKen with one solution.
    pub puzzle: Puzzle,
    /// Its solution, proved unique by the solver.
    pub solution: Grid,
    /// How much repairing it took.
    pub effort: Effort,
    /// The solver's statistics on the search that proved the solution unique.
    pub proof: calcudoku::solve::Stats,
}

/// A Keen-like KenKen of side `size` whose solution the solver proves unique, made by repair:
/// a random Latin square is cut into connected cages of 2 to 4 cells (sizes drawn with
/// `settings.sizes`) with Keen-like operators (see [`RepairSettings`]). While another solution
/// turns up — first among the cycle switches of the square, which needs no solver, then by
/// the solver — a cell where it differs from the square is picked, and that cell's cage gets
/// another operator or is cut up afresh with a neighbouring cage, so that the other solution
/// no longer fits. When the solver needs more than `settings.max_nodes` search nodes (or its
/// time), the loosest cages are cut up afresh. A one-cell cage (a given) appears only when a
/// cut cannot avoid one.
///
/// The same `(size, seed, settings)` gives the same puzzle as long as no search runs out of
/// time (with `settings.budget == None`, always). None when every cutting failed (sizes
/// below 4 may have no such puzzle).
pub fn repaired_keen_like(size: usize, seed: u64, settings: &RepairSettings) -> Option<Repaired> {
    let mut rng = SplitMix64::new(seed);
    let mut effort = Effort::default();
    for _ in 0..settings.max_cuttings {
        effort.cuttings += 1;
        let square = random_latin_square(size, &mut rng);
        let mut cutting = Cutting::fresh(&square, settings, &mut rng);
        for _ in 0..=settings.max_repairs {
            if let Some(other) = cutting.cycle_switch() {
                if !cutting.repair(&other, &mut rng) {
                    break;
                }
                effort.switch_repairs += 1;
                continue;
            }
            let puzzle = cutting.puzzle();
            effort.checks += 1;
            match check(&puzzle, &square, settings) {
                Check::Unique(proof) => {
                    return Some(Repaired { puzzle, solution: square, effort, proof });
                }
                Check::Another(other) => {
                    if !cutting.repair(&other, &mut rng) {
                        break;
                    }
                    effort.solver_repairs += 1;
                }
                Check::SeveralUnseen => {
                    cutting.shake(&mut rng);
                    effort.shakes += 1;
                }
                Check::TooHard { timed_out } => {
                    effort.timeouts += timed_out as u32;
                    effort.tightenings += 1;
                    cutting.tighten(&mut rng);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_squares_are_latin() {
        let mut rng = SplitMix64::new(7);
        for n in 1..=9 {
            let g = random_latin_square(n, &mut rng);
            assert!(Puzzle::kenken(n, vec![]).unwrap().is_solution(&g), "{g}");
        }
    }

    #[test]
    fn puzzles_are_deterministic_and_planted() {
        for n in 1..=7 {
            for seed in 0..50 {
                let (p, g) = random_kenken(n, seed, &[]);
                assert_eq!((p.clone(), g.clone()), random_kenken(n, seed, &[]));
                assert!(p.is_solution(&g));
                assert!(p.cages_cover_grid());
                for cage in p.cages() {
                    assert!((1..=4).contains(&cage.cells.len()));
                    match cage.op {
                        Some(Operator::Sub | Operator::Div) => assert_eq!(cage.cells.len(), 2),
                        None => assert_eq!(cage.cells.len(), 1),
                        _ => assert!(cage.cells.len() >= 2),
                    }
                }
            }
        }
        assert_ne!(random_kenken(5, 1, &[]).0, random_kenken(5, 2, &[]).0);
    }

    #[test]
    fn only_the_allowed_operators() {
        for ops in [&[Operator::Add][..], &[Operator::Div], &[Operator::Sub, Operator::Mul]] {
            for seed in 0..30 {
                let (p, g) = random_kenken(6, seed, ops);
                assert!(p.is_solution(&g));
                assert!(p.cages().iter().all(|c| c.op.is_none_or(|o| ops.contains(&o))));
            }
        }
        let (p, _) = random_kenken(6, 3, &[Operator::Add]);
        assert!(p.cages().iter().any(|c| c.op == Some(Operator::Add)));
    }

    /// The repairing generator at small sizes, without time or node limits (so exactly
    /// reproducible): unique, cages of 2 to 4 connected cells, Keen-like operators.
    #[test]
    fn repaired_puzzles_are_unique_and_keen_like() {
        let settings = RepairSettings::default();
        for n in 4..=7 {
            for seed in 0..12 {
                let made = repaired_keen_like(n, seed, &settings).expect("a puzzle");
                let (p, g) = (&made.puzzle, &made.solution);
                assert!(p.cages_cover_grid());
                assert!(p.is_solution(g));
                let count = calcudoku::solve::count(p, 2);
                assert_eq!((count.solutions, count.complete), (1, true), "n {n} seed {seed}");
                assert_eq!(calcudoku::solve::solve(p).as_ref(), Some(g));
                for cage in p.cages() {
                    let cells: Vec<usize> = cage.cells.iter().map(|c| c.index()).collect();
                    assert!((2..=4).contains(&cells.len()), "n {n} seed {seed}: {cage:?}");
                    assert!(connected(n, &cells), "{cage:?}");
                    match cage.op {
                        Some(Operator::Sub | Operator::Div) => assert_eq!(cells.len(), 2),
                        Some(Operator::Add | Operator::Mul) => {}
                        None => panic!("a cage of {} cells without an operator", cells.len()),
                    }
                }
            }
        }
    }

    #[test]
    fn repaired_puzzles_are_deterministic() {
        let settings = RepairSettings::default();
        for n in [5, 6] {
            for seed in 0..5 {
                let a = repaired_keen_like(n, seed, &settings).unwrap();
                let b = repaired_keen_like(n, seed, &settings).unwrap();
                assert_eq!((&a.puzzle, &a.solution, a.effort), (&b.puzzle, &b.solution, b.effort));
            }
        }
        let one = repaired_keen_like(6, 1, &settings).unwrap();
        let two = repaired_keen_like(6, 2, &settings).unwrap();
        assert_ne!(one.puzzle, two.puzzle);
    }

    /// A node limit (deterministic, unlike time) is honoured by what comes out.
    #[test]
    fn repaired_puzzles_keep_to_the_node_limit() {
        let settings = RepairSettings { max_nodes: Some(5), ..RepairSettings::default() };
        for seed in 0..6 {
            let made = repaired_keen_like(7, seed, &settings).unwrap();
            assert!(made.proof.nodes <= 5, "{:?}", made.proof);
            let again = repaired_keen_like(7, seed, &settings).unwrap();
            assert_eq!(made.puzzle, again.puzzle);
        }
    }

    #[test]
    fn cut_regions_are_tiled_by_connected_pieces() {
        let mut rng = SplitMix64::new(3);
        for n in 2..=9 {
            let all: Vec<usize> = (0..n * n).collect();
            for _ in 0..20 {
                let pieces = cut_region(n, &all, [1, 1, 1], &mut rng);
                let mut cells: Vec<usize> = pieces.concat();
                cells.sort_unstable();
                assert_eq!(cells, all);
                for p in &pieces {
                    assert!((1..=4).contains(&p.len()) && connected(n, p), "{p:?}");
                }
            }
        }
        // An L-shaped region of three cells, cut only in pairs: one pair and a stray that
        // must join it.
        let pieces = cut_region(3, &[0, 1, 3], [1, 0, 0], &mut rng);
        assert_eq!(pieces.len(), 1);
    }

    #[test]
    fn assignments_are_counted() {
        // Two cells of one row of a 4×4: 3+ is (1,2) or (2,1); 4+ is (1,3) or (3,1) (not 2,2).
        assert_eq!(assignments(4, &[0, 1], Operator::Add, 3), 2);
        assert_eq!(assignments(4, &[0, 1], Operator::Add, 4), 2);
        // Two cells in different rows and columns may repeat a value.
        assert_eq!(assignments(4, &[0, 5], Operator::Add, 4), 3);
        assert_eq!(assignments(6, &[0, 1], Operator::Sub, 1), 10);
        assert_eq!(assignments(6, &[0, 1], Operator::Div, 3), 4);
        assert_eq!(assignments(6, &[0, 1, 2], Operator::Mul, 6), 6);
    }

    /// Two cells of a row swapped with the two below them (an intercalate) is another
    /// solution when a cage cannot tell them apart; the cycle switches find it.
    #[test]
    fn cycle_switches_find_intercalates() {
        // 1 2 / 2 1 in the top-left corner of the cyclic 4×4 square.
        let square =
            Grid::from_cells(4, vec![1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2, 4, 1, 2, 3]).unwrap();
        let settings = RepairSettings::default();
        let mut cutting = Cutting {
            n: 4,
            square: &square,
            owner: vec![0; 16],
            cages: Vec::new(),
            ops: Vec::new(),
            settings,
        };
        // Rows as pairs 0-1 2-3 with +: rows 0 and 1 swapped in columns … many switches fit.
        for r in 0..4 {
            cutting.add(vec![r * 4, r * 4 + 1], Some(Operator::Add));
            cutting.add(vec![r * 4 + 2, r * 4 + 3], Some(Operator::Add));
        }
        let other = cutting.cycle_switch().expect("a switch that fits");
        assert_ne!(&other, &square);
        assert!(cutting.puzzle().is_solution(&other));
        // A repair rules it out.
        let mut rng = SplitMix64::new(1);
        assert!(cutting.repair(&other, &mut rng));
        assert!(!cutting.puzzle().is_solution(&other));
        assert!(cutting.puzzle().is_solution(&square));
    }
}

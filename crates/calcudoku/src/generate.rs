//! Deterministic random puzzles for tests and benchmarks: a random Latin square cut into
//! random cages whose targets are computed from the square, so every puzzle has at least that
//! solution. A small built-in PRNG (SplitMix64) keeps the results the same on every platform
//! and release, without a `rand` dependency.

use crate::puzzle::{Cage, Cell, Grid, Operator, Puzzle};

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and good enough for making test puzzles.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

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
    Grid::from_cells(size, cells)
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
                let (r, col) = (c / n, c % n);
                let mut push = |i: usize| {
                    if !taken[i] && !free.contains(&i) {
                        free.push(i);
                    }
                };
                if r > 0 {
                    push(c - n);
                }
                if r + 1 < n {
                    push(c + n);
                }
                if col > 0 {
                    push(c - 1);
                }
                if col + 1 < n {
                    push(c + 1);
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

/// The target `values` make under `op`, when `op` suits them (`-` and `/`: two cells; `/`:
/// exact).
fn target(op: Operator, values: &[u8]) -> Option<u64> {
    let (max, min) = (*values.iter().max()? as u64, *values.iter().min()? as u64);
    match op {
        Operator::Add => Some(values.iter().map(|&v| v as u64).sum()),
        Operator::Mul => Some(values.iter().map(|&v| v as u64).product()),
        Operator::Sub if values.len() == 2 => Some(max - min),
        Operator::Div if values.len() == 2 && max % min == 0 => Some(max / min),
        _ => None,
    }
}

/// A random solved Sudoku of side `size` with its usual boxes (h×w): the pattern grid
/// `(w·(r mod h) + r div h + c) mod N`, with bands, stacks, rows within bands, columns within
/// stacks and symbols shuffled. None when `size` has no usual boxes.
pub fn random_sudoku_grid(size: usize, rng: &mut SplitMix64) -> Option<Grid> {
    let b = crate::puzzle::BoxShape::standard(size)?;
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
    Some(Grid::from_cells(size, cells))
}

/// A random Sudoku of side `size` with a unique solution: a random solved grid from which
/// givens are removed in random order as long as the solution stays unique, until at most
/// `keep` givens remain or no more can go. Returns the puzzle and its solution.
pub fn random_sudoku(size: usize, seed: u64, keep: usize) -> Option<(Puzzle, Grid)> {
    let mut rng = SplitMix64::new(seed);
    let solution = random_sudoku_grid(size, &mut rng)?;
    let boxes = crate::puzzle::BoxShape::standard(size);
    let mut givens = solution.clone();
    let mut order: Vec<usize> = (0..size * size).collect();
    rng.shuffle(&mut order);
    let mut left = size * size;
    for i in order {
        if left <= keep {
            break;
        }
        let v = givens.cells()[i];
        givens.set(crate::puzzle::Cell(i as u16), 0);
        let p = Puzzle::sudoku(size, boxes, givens.clone()).ok()?;
        if crate::solve::count(&p, 2).solutions == 1 {
            left -= 1;
        } else {
            givens.set(crate::puzzle::Cell(i as u16), v);
        }
    }
    Some((Puzzle::sudoku(size, boxes, givens).ok()?, solution))
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
    let neighbours = |c: usize| {
        let (r, col) = (c / n, c % n);
        let mut v = Vec::with_capacity(4);
        if r > 0 {
            v.push(c - n);
        }
        if r + 1 < n {
            v.push(c + n);
        }
        if col > 0 {
            v.push(c - 1);
        }
        if col + 1 < n {
            v.push(c + 1);
        }
        v
    };
    for start in 0..n * n {
        if owner[start] != usize::MAX {
            continue;
        }
        let want = 2 + rng.below(3);
        let k = cages.len();
        owner[start] = k;
        let mut cells = vec![start];
        while cells.len() < want {
            let free: Vec<usize> = cells
                .iter()
                .flat_map(|&c| neighbours(c))
                .filter(|&x| owner[x] == usize::MAX)
                .collect();
            if free.is_empty() {
                break;
            }
            let next = free[rng.below(free.len())];
            owner[next] = k;
            cells.push(next);
        }
        if cells.len() == 1 && n > 1 {
            // Join the smallest neighbouring cage.
            let target = neighbours(start)
                .into_iter()
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
        let solver =
            crate::solve::Solver::new(&p).with_deadline(Some(std::time::Instant::now() + budget));
        match solver.count(2) {
            Ok(c) if c.solutions == 1 && c.complete => Some((s, p, g)),
            _ => None,
        }
    })
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
}

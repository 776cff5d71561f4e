//! Random Latin squares and Sudoku solution grids.
//!
//! A Latin square is built row by row: each row is a random perfect matching of columns to the
//! symbols each column still lacks (one always exists: the columns and missing symbols form a
//! regular bipartite graph); no draw is made where there is one way on (the last row, a column
//! with one symbol left), and squares of side 5 or less are drawn whole with the same law (at
//! sides 4 and 5 from the orbits of the squares: [`orbits`]). A Sudoku grid up to side 12 is
//! filled cell by cell with random values ([`fill`]); a larger one starts from a few random
//! consistent values, is completed by the solver, and is then shuffled by the grid's
//! symmetries (symbols, rows within a band, bands, columns within a stack, stacks).

use crate::puzzle::{BoxShape, Cell, Grid, Puzzle, ValueSet};
use crate::solve::{Branching, Solver};

use super::rng::Rng;

mod fill;
#[cfg(test)]
mod law;
mod orbits;

/// A random Latin square of side `n` (at most [`MAX_SIDE`]).
#[cfg(test)]
pub fn latin_square(n: usize, rng: &mut Rng) -> Grid {
    let mut cells = Vec::new();
    latin_cells(n, rng, &mut cells);
    Grid::from_valid(n, cells)
}

/// The cells of a random Latin square of side `n` (at most [`MAX_SIDE`]), row by row, into
/// `cells` (its buffer reused).
pub(super) fn latin_cells(n: usize, rng: &mut Rng, cells: &mut Vec<u8>) {
    assert!(n <= MAX_SIDE, "Latin squares up to {MAX_SIDE}×{MAX_SIDE}");
    cells.clear();
    cells.resize(n * n, 0);
    if n <= 3 {
        // Each square of side 3 or less is its first row turned by the same step from row to
        // row (1 or 2 places at side 3): a random first row and a random step draw every one
        // of them alike, as the matchings below do (12 squares at side 3), in three draws.
        let mut first = [1u8, 2, 3];
        rng.shuffle(&mut first[..n]);
        let step = if n == 3 { 1 + rng.below(2) } else { 1 };
        for r in 0..n {
            for c in 0..n {
                cells[r * n + c] = first[(c + r * step) % n];
            }
        }
        return;
    }
    if n <= 5 {
        orbits::draw(n, rng, cells);
        return;
    }
    // missing[c]: the symbols column c does not have yet (bit s).
    let mut missing = [((1u32 << n) - 1) as u16; MAX_SIDE];
    for r in 0..n.saturating_sub(1) {
        let mut cols: [u8; MAX_SIDE] = std::array::from_fn(|i| i as u8);
        rng.shuffle(&mut cols[..n]);
        // owner[s]: the column matched to symbol s in this row.
        let mut owner = [NONE; MAX_SIDE];
        for &c in &cols[..n] {
            let found = augment(c, &missing, &mut owner, &mut 0, rng);
            debug_assert!(found, "a Latin rectangle always extends");
        }
        for (s, &c) in owner[..n].iter().enumerate() {
            cells[r * n + c as usize] = s as u8 + 1;
            missing[c as usize] &= !(1 << s);
        }
    }
    // The last row has no choice: each column lacks one symbol. Drawing nothing for it (nor
    // for a column with one symbol left, in `augment`) leaves the law of the squares as it
    // was: a draw with one outcome tells nothing.
    for c in 0..n {
        cells[(n - 1) * n + c] = missing[c].trailing_zeros() as u8 + 1;
    }
}

/// The largest side [`latin_cells`] makes (KenKen's).
pub const MAX_SIDE: usize = 16;

/// No column yet.
const NONE: u8 = u8::MAX;

/// Kuhn's augmenting path for column `c`: a symbol for it, moving others' along the way;
/// `seen` holds the symbols this search has visited. The column tries the symbols it lacks in
/// a random order, drawn as it goes (a Fisher–Yates shuffle stopped at the first that works:
/// most columns take their first draw, and the order has the distribution of a whole shuffle).
fn augment(
    c: u8,
    missing: &[u16; MAX_SIDE],
    owner: &mut [u8; MAX_SIDE],
    seen: &mut u16,
    rng: &mut Rng,
) -> bool {
    let mut options = [0u8; MAX_SIDE];
    let mut k = 0;
    let mut open = missing[c as usize] & !*seen;
    while open != 0 {
        options[k] = open.trailing_zeros() as u8;
        k += 1;
        open &= open - 1;
    }
    for i in 0..k {
        if k - i > 1 {
            options.swap(i, i + rng.below(k - i));
        }
        let s = options[i] as usize;
        // A deeper search may have visited it since the list was made.
        if *seen & (1 << s) != 0 {
            continue;
        }
        *seen |= 1 << s;
        if owner[s] == NONE || augment(owner[s], missing, owner, seen, rng) {
            owner[s] = c;
            return true;
        }
    }
    false
}

/// A random solved Sudoku of side `n` with boxes `boxes`: up to side 12 filled cell by cell
/// ([`fill`]); larger, a few random values that agree, completed by the solver, shuffled by
/// the grid's symmetries.
pub fn sudoku_grid(n: usize, boxes: BoxShape, rng: &mut Rng) -> Grid {
    if n <= fill::MAX_FILL {
        return fill::sudoku_fill(n, boxes, rng);
    }
    loop {
        let mut givens = Grid::empty(n);
        for _ in 0..n {
            let cell = Cell(rng.below(n * n) as u16);
            if givens.get(cell) != 0 {
                continue;
            }
            let options = free_values(&givens, boxes, cell);
            if options.is_empty() {
                continue;
            }
            givens.set(cell, options[rng.below(options.len())]);
        }
        let puzzle = Puzzle::sudoku(n, Some(boxes), givens).expect("values in range");
        // Any completion does: the first the search meets (the first in row-major order, as
        // `solve` gives it, costs a second search on a grid this empty: 6×6 Killer spent two
        // thirds of its time there).
        if let Ok((Some(grid), _, _)) = Solver::new(&puzzle).search(Branching::FewestCandidates, 1)
        {
            return shuffle_sudoku(&grid, boxes, rng);
        }
    }
}

/// The values no row, column or box of `cell` holds yet, in increasing order.
fn free_values(grid: &Grid, boxes: BoxShape, cell: Cell) -> Vec<u8> {
    let n = grid.size();
    let (r, c) = (cell.row(n), cell.col(n));
    let (h, w) = (usize::from(boxes.height), usize::from(boxes.width));
    let (top, left) = (r - r % h, c - c % w);
    let mut used = ValueSet::EMPTY;
    for k in 0..n {
        used.insert(grid.at(r, k));
        used.insert(grid.at(k, c));
        used.insert(grid.at(top + k / w, left + k % w));
    }
    (1..=n as u8).filter(|&v| !used.contains(v)).collect()
}

/// The grid under a random symmetry of Sudoku: symbols relabelled, rows shuffled within bands
/// and bands among themselves, the same for columns and stacks.
fn shuffle_sudoku(grid: &Grid, b: BoxShape, rng: &mut Rng) -> Grid {
    let n = grid.size();
    let (h, w) = (b.height as usize, b.width as usize);
    let symbols = rng.permutation(n);
    let order = |count: usize, span: usize, rng: &mut Rng| -> Vec<usize> {
        let groups = rng.permutation(count);
        groups
            .iter()
            .flat_map(|&g| {
                let inner = rng.permutation(span);
                inner.into_iter().map(move |i| g * span + i).collect::<Vec<_>>()
            })
            .collect()
    };
    let rows = order(n / h, h, rng);
    let cols = order(n / w, w, rng);
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let v = grid.at(rows[r], cols[c]);
            cells[r * n + c] = symbols[v as usize - 1] as u8 + 1;
        }
    }
    Grid::from_valid(n, cells)
}

#[cfg(test)]
mod tests;

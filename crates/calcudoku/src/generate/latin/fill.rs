//! A random solved Sudoku of side up to 12, filled cell by cell.
//!
//! A depth-first search in row-major order: each cell takes a value its row, column and box
//! lack, drawn at random among them; a cell left with none sends the search back to the cell
//! before, which tries another of its values. At side 9 this takes about 130 placements a grid
//! (2,000 fills: median 117, the 99th percentile 343), against some 140k instructions for the
//! solver's completion of a few random givens it replaced; at side 12 the median is 357 but a
//! fill now and then wanders (the longest of 2,000 took 116k), so a fill past its budget
//! starts again, from the stream where it stopped. Beyond side 12 the wandering grows (side
//! 16: one fill in 17 past a million), and the solver completes the grid instead.

use crate::puzzle::{BoxShape, Grid};

use super::super::rng::Rng;

/// The largest side filled here.
pub(super) const MAX_FILL: usize = 12;

/// A random solved Sudoku of side `n` (at most [`MAX_FILL`]) with boxes `boxes`.
pub(super) fn sudoku_fill(n: usize, boxes: BoxShape, rng: &mut Rng) -> Grid {
    assert!(n <= MAX_FILL, "filled up to {MAX_FILL}×{MAX_FILL}");
    let (h, w) = (usize::from(boxes.height), usize::from(boxes.width));
    let cells = n * n;
    let box_of: [u8; MAX_FILL * MAX_FILL] =
        std::array::from_fn(|i| if i < cells { ((i / n / h) * h + (i % n) / w) as u8 } else { 0 });
    let budget = 50 * cells as u64;
    loop {
        if let Some(values) = fill(n, &box_of, budget, rng) {
            return Grid::from_valid(n, values[..cells].iter().map(|&v| v + 1).collect());
        }
    }
}

/// One fill within `budget` placements: the values (0-based) row by row, or None when the
/// budget ran out.
fn fill(
    n: usize,
    box_of: &[u8; MAX_FILL * MAX_FILL],
    budget: u64,
    rng: &mut Rng,
) -> Option<[u8; MAX_FILL * MAX_FILL]> {
    let full = (1u16 << n) - 1;
    // The values each row, column and box holds (bit v), the values each cell on the path has
    // not tried yet, and the value it holds.
    let (mut rows, mut cols, mut boxes) = ([0u16; MAX_FILL], [0u16; MAX_FILL], [0u16; MAX_FILL]);
    let mut untried = [0u16; MAX_FILL * MAX_FILL];
    let mut value = [0u8; MAX_FILL * MAX_FILL];
    let mut placed = 0u64;
    let mut i = 0;
    untried[0] = full;
    loop {
        let (r, c, b) = (i / n, i % n, usize::from(box_of[i]));
        if untried[i] == 0 {
            // Nothing left here: back to the cell before, which gives up its value.
            if i == 0 {
                return None;
            }
            i -= 1;
            let (r, c, b) = (i / n, i % n, usize::from(box_of[i]));
            let bit = !(1u16 << value[i]);
            rows[r] &= bit;
            cols[c] &= bit;
            boxes[b] &= bit;
            continue;
        }
        placed += 1;
        if placed > budget {
            return None;
        }
        // The k-th of the untried values, k drawn at random.
        let mut rest = untried[i];
        for _ in 0..rng.below(rest.count_ones() as usize) {
            rest &= rest - 1;
        }
        let v = rest.trailing_zeros();
        untried[i] &= !(1 << v);
        value[i] = v as u8;
        rows[r] |= 1 << v;
        cols[c] |= 1 << v;
        boxes[b] |= 1 << v;
        i += 1;
        if i == n * n {
            return Some(value);
        }
        let (r, c, b) = (i / n, i % n, usize::from(box_of[i]));
        untried[i] = full & !(rows[r] | cols[c] | boxes[b]);
    }
}

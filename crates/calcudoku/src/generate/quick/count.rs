//! Counting a small KenKen's solutions, up to two, from the quick test's fixed point.
//!
//! Above Keen's hard, a candidate the rungs up to hard leave stuck is mostly one with several
//! solutions, which the generator turns down before the ladder grades it. On grids up to 9×9
//! the fixed point (every candidate a solution can use is still there: the rules are sound)
//! leaves little to search up to 5×5: a plain depth-first search over the cells in row-major
//! order, with the rows' and columns' values as bitsets and each cage checked as its cells
//! are filled, counts most candidates in a few hundred nodes where the exact solver compiles
//! the puzzle first. (From 6×6 on it runs out of its budget too often to pay, and choosing
//! the cell with the fewest values first, without propagation, searched more.)

use smallvec::SmallVec;

use crate::puzzle::{Operator, rule_holds};

use super::super::cages::CageCells;
use super::super::ops::Clue;
use super::{CELLS, MAX_CELLS, Mask, QUICK_UP_TO};

/// How many solutions (0, 1 or 2: two means two or more) the `n`×`n` KenKen cut into `cut`
/// with `clues` has among the candidates `cand` (cells in row-major order), or None when the
/// search passes `budget` nodes or the puzzle is beyond the quick test's reach (a side above
/// [`QUICK_UP_TO`], a cage above [`MAX_CELLS`]).
pub(in super::super) fn solutions_within(
    n: usize,
    cut: &[CageCells],
    clues: &[Clue],
    cand: &[Mask],
    budget: u32,
) -> Option<u8> {
    if n > QUICK_UP_TO || cut.iter().any(|k| k.len() > MAX_CELLS) || cand.len() < n * n {
        return None;
    }
    let mut search = Search {
        n,
        cut,
        clues,
        cand,
        cage_of: [0; CELLS],
        closes: [false; CELLS],
        grid: [0; CELLS],
        sum: [0; CELLS],
        product: [1; CELLS],
        placed: [0; CELLS],
        rows: [0; QUICK_UP_TO],
        cols: [0; QUICK_UP_TO],
        found: 0,
        nodes: 0,
        budget,
    };
    for (k, cells) in cut.iter().enumerate() {
        for &c in cells {
            search.cage_of[c] = k as u8;
        }
        // A cage is checked whole when its last cell in row-major order is filled.
        search.closes[*cells.iter().max()?] = true;
    }
    search.fill(0).then_some(search.found)
}

/// The search's state: the values placed so far (cells before the current one).
struct Search<'a> {
    n: usize,
    cut: &'a [CageCells],
    clues: &'a [Clue],
    cand: &'a [Mask],
    cage_of: [u8; CELLS],
    /// Whether a cell is the last of its cage in row-major order.
    closes: [bool; CELLS],
    /// The values placed so far (cells before the current one).
    grid: [u8; CELLS],
    /// Per cage: the sum and the product of its values placed so far, and how many.
    sum: [u64; CELLS],
    product: [u64; CELLS],
    placed: [u8; CELLS],
    /// The values placed in each row and column, bit `v - 1`.
    rows: [Mask; QUICK_UP_TO],
    cols: [Mask; QUICK_UP_TO],
    found: u8,
    nodes: u32,
    budget: u32,
}

impl Search<'_> {
    /// Fills cell `c` and those after it in row-major order (a cage's cells come close
    /// together, so each is checked soon); false when the budget ran out (the count is then
    /// unknown), true otherwise, with the solutions found added to `found` (stopping at two).
    fn fill(&mut self, c: usize) -> bool {
        let n = self.n;
        if c == n * n {
            self.found += 1;
            return true;
        }
        let (r, col) = (c / n, c % n);
        let mut open = self.cand[c] & !self.rows[r] & !self.cols[col];
        while open != 0 {
            self.nodes += 1;
            if self.nodes > self.budget {
                return false;
            }
            let bit = open & open.wrapping_neg();
            open &= open - 1;
            let v = bit.trailing_zeros() as u8 + 1;
            self.grid[c] = v;
            if !self.cage_may_hold(c) {
                continue;
            }
            let k = self.cage_of[c] as usize;
            self.rows[r] |= bit;
            self.cols[col] |= bit;
            self.sum[k] += v as u64;
            self.product[k] *= v as u64;
            self.placed[k] += 1;
            let finished = self.fill(c + 1);
            self.rows[r] &= !bit;
            self.cols[col] &= !bit;
            self.sum[k] -= v as u64;
            self.product[k] /= v as u64;
            self.placed[k] -= 1;
            if !finished {
                return false;
            }
            if self.found >= 2 {
                return true;
            }
        }
        true
    }

    /// Whether the cage of cell `c`, filled up to `c`, can still meet its clue: exactly when
    /// `c` is its last cell; before, a sum or product must still have room for the rest.
    /// (The cage's sum and product so far are kept as its cells are placed: the values
    /// placed before `c`, then `c`'s, make them; only other rules list the values.)
    fn cage_may_hold(&self, c: usize) -> bool {
        let k = self.cage_of[c] as usize;
        let (op, target) = self.clues[k];
        let v = self.grid[c] as u64;
        let left = (self.cut[k].len() - self.placed[k] as usize - 1) as u64;
        match op {
            Some(Operator::Add) => {
                let sum = self.sum[k] + v;
                if self.closes[c] {
                    return sum == target;
                }
                sum + left <= target && sum + left * self.n as u64 >= target
            }
            Some(Operator::Mul) => {
                // At most 9⁸: no overflow on the quick test's grids and cages.
                let product = self.product[k] * v;
                if self.closes[c] {
                    return product == target;
                }
                target % product == 0
            }
            _ if self.closes[c] => {
                let values: SmallVec<[u8; MAX_CELLS]> =
                    self.cut[k].iter().filter(|&&d| d <= c).map(|&d| self.grid[d]).collect();
                rule_holds(op, target, &values)
            }
            _ => true,
        }
    }
}

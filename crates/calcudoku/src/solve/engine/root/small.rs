//! The state of a fixed-size pass (see the parent module): candidates in an array indexed by
//! a byte, work lists as bitsets on the stack, and the rules that read and narrow them (naked
//! and hidden singles, a table cage's filter).

use super::super::Conflict;
use super::SMALL_SIDE;
use crate::solve::model::NO_CAGE;

/// A set of up to `64 * W` items (cells or cages), lowest first out: `W` words, each looked
/// at in turn (one or two for the grids up to 11×11, where a word-per-bit summary costs more
/// than it saves).
#[derive(Clone, Copy)]
pub(super) struct Set<const W: usize> {
    words: [u64; W],
}

impl<const W: usize> Set<W> {
    pub const EMPTY: Set<W> = Set { words: [0; W] };

    #[inline(always)]
    pub fn insert(&mut self, i: u8) {
        self.words[(i >> 6) as usize % W] |= 1 << (i & 63);
    }

    #[inline(always)]
    pub fn remove(&mut self, i: u8) {
        self.words[(i >> 6) as usize % W] &= !(1 << (i & 63));
    }

    #[inline(always)]
    pub fn pop(&mut self) -> Option<u8> {
        for w in 0..W {
            let word = self.words[w];
            if word != 0 {
                self.words[w] = word & (word - 1);
                return Some((w as u32 * 64 + word.trailing_zeros()) as u8);
            }
        }
        None
    }

    /// The first `count` items (at most `64 * W`).
    pub fn first(count: usize) -> Set<W> {
        let mut s = Set::EMPTY;
        for (w, word) in s.words.iter_mut().enumerate() {
            let from = w * 64;
            if count >= from + 64 {
                *word = u64::MAX;
            } else if count > from {
                *word = (1u64 << (count - from)) - 1;
            }
        }
        s
    }
}

/// The state of the pass.
pub(super) struct Small<'a, const CELLS: usize, const W: usize, const K: usize, const N: usize> {
    pub n: usize,
    pub dom: [u64; CELLS],
    /// Decided cells whose value has not yet left their row and column.
    pub singles: Set<W>,
    pub cages: Set<K>,
    /// Lines whose hidden singles are to be looked at: bit `r` row `r`, bit `n + c` column `c`.
    pub lines: u32,
    /// Per line (rows, then columns), values of decided cells known to have left the line's
    /// other cells: not looked for as hidden singles. Values decided since are missing until
    /// their naked single is applied, which only costs a hidden-single search that finds them
    /// where they are.
    pub gone: [u64; 2 * SMALL_SIDE],
    pub cell_cage: &'a [u32],
    pub cell_units: &'a [[u32; 3]],
    pub narrowings: u64,
}

impl<const CELLS: usize, const W: usize, const K: usize, const N: usize> Small<'_, CELLS, W, K, N> {
    /// The side: `N` when the pass was made for one side, else the puzzle's.
    #[inline(always)]
    pub fn side(&self) -> usize {
        if N > 0 { N } else { self.n }
    }

    /// Narrows cell `c` (in the lines `lines`) to `new`, a subset of its candidates, and
    /// queues what depends on it.
    #[inline(always)]
    pub fn narrow(&mut self, c: u8, lines: u32, new: u64) -> Result<(), Conflict> {
        let old = self.dom[c as usize % CELLS];
        if new == old {
            return Ok(());
        }
        if new == 0 {
            return Err(Conflict);
        }
        self.narrowings += 1;
        self.dom[c as usize % CELLS] = new;
        if new & (new - 1) == 0 {
            self.singles.insert(c);
        }
        let k = self.cell_cage[c as usize];
        if k != NO_CAGE {
            self.cages.insert(k as u8);
        }
        self.lines |= lines;
        Ok(())
    }

    /// The line bits of cell `c`.
    #[inline(always)]
    pub fn lines_of(&self, c: u8) -> u32 {
        // Constant side (`N` > 0): a shift or a multiplication, no table.
        if let (Some(row), Some(col)) = ((c as usize).checked_div(N), (c as usize).checked_rem(N)) {
            return 1 << row | 1 << (N + col);
        }
        let [row, col, _] = self.cell_units[c as usize];
        1 << row | 1 << col
    }

    /// The value of decided cell `c` leaves its row and column. The cells that hold it are
    /// found first, a bit each, by a scan without branches; only they are narrowed.
    #[inline(always)]
    pub fn naked_single(&mut self, c: u8) -> Result<(), Conflict> {
        let n = self.side();
        let v = self.dom[c as usize % CELLS];
        let (r, col) = (c as usize / n, c as usize % n);
        // Each cell's `v` bit (0 or `v`), moved up by the cell's place: `v`'s bit `b` plus
        // the place stays below 32 for sides up to 16; shifted down by `b` at the end.
        // The row and the column as slices checked once, so that the unrolled scans of a
        // pass made for one side index them without checks or wrapping.
        let row = &self.dom[r * n..][..n];
        let column = &self.dom[col..][..(n - 1) * n + 1];
        let (mut in_row, mut in_col) = (0u64, 0u64);
        for j in 0..n {
            in_row |= (row[j] & v) << j;
            in_col |= (column[j * n] & v) << j;
        }
        let b = v.trailing_zeros();
        let mut in_row = (in_row >> b) as u32 & !(1 << col);
        let mut in_col = (in_col >> b) as u32 & !(1 << r);
        self.gone[r] |= v;
        self.gone[(n + col) % (2 * SMALL_SIDE)] |= v;
        // Only `v` leaves cells here: in this row (column) it stays placed, and nothing else
        // changes, so only the other line of each cell narrowed can gain a hidden single.
        while in_row != 0 {
            let j = in_row.trailing_zeros() as usize;
            in_row &= in_row - 1;
            let p = r * n + j;
            let d = self.dom[p % CELLS];
            self.narrow(p as u8, 1 << (n + j), d & !v)?;
        }
        while in_col != 0 {
            let j = in_col.trailing_zeros() as usize;
            in_col &= in_col - 1;
            let p = j * n + col;
            let d = self.dom[p % CELLS];
            self.narrow(p as u8, 1 << j, d & !v)?;
        }
        Ok(())
    }

    /// Filters a cage of `cells` through its table of one word of live assignments (`live`,
    /// see [`Table`](crate::solve::cage::Table)): drops those using a value gone from its
    /// cell, then keeps in each cell the values some live assignment uses.
    #[inline(always)]
    pub fn filter_word(
        &mut self,
        cells: &[u16],
        masks: &[u64],
        live: &mut u64,
    ) -> Result<(), Conflict> {
        let n = self.side();
        let mut left = *live;
        for (i, &c) in cells.iter().enumerate() {
            let masks = &masks[i * n..i * n + n];
            let mut allowed = 0;
            let mut d = self.dom[c as usize % CELLS];
            while d != 0 {
                allowed |= masks[d.trailing_zeros() as usize];
                d &= d - 1;
            }
            left &= allowed;
        }
        if left == 0 {
            return Err(Conflict);
        }
        *live = left;
        for (i, &c) in cells.iter().enumerate() {
            let masks = &masks[i * n..i * n + n];
            let c = c as u8;
            let old = self.dom[c as usize % CELLS];
            let mut keep = 0;
            let mut d = old;
            while d != 0 {
                let bit = d & d.wrapping_neg();
                if left & masks[d.trailing_zeros() as usize] != 0 {
                    keep |= bit;
                }
                d &= d - 1;
            }
            if keep != old {
                let lines = self.lines_of(c);
                self.narrow(c, lines, keep)?;
            }
        }
        Ok(())
    }

    /// Hidden singles of line `u` (a row below `n`, else a column): a value with one place
    /// goes there; a value with none, or a cell needing two, is a contradiction.
    #[inline(always)]
    pub fn hidden_singles(&mut self, u: usize, full: u64) -> Result<(), Conflict> {
        let n = self.side();
        // A row and a column each get their own copy, where the step is a constant.
        if u < n {
            self.hidden_singles_in(u, u * n, 1, full)
        } else {
            self.hidden_singles_in(u, u - n, n, full)
        }
    }

    /// [`Small::hidden_singles`] of the line of `n` cells from cell `first` by `step`.
    #[inline(always)]
    fn hidden_singles_in(
        &mut self,
        u: usize,
        first: usize,
        step: usize,
        full: u64,
    ) -> Result<(), Conflict> {
        let n = self.side();
        // The line as a slice checked once (see `naked_single`).
        let line = &self.dom[first..][..(n - 1) * step + 1];
        let (mut once, mut twice) = (0u64, 0u64);
        for j in 0..n {
            let d = line[j * step];
            twice |= once & d;
            once |= d;
        }
        if once != full {
            return Err(Conflict);
        }
        let hidden = once & !twice & !self.gone[u % (2 * SMALL_SIDE)];
        if hidden == 0 {
            return Ok(());
        }
        for j in 0..n {
            let c = (first + j * step) as u8;
            let d = self.dom[c as usize % CELLS];
            let h = d & hidden;
            if h != 0 && d != h {
                if h & (h - 1) != 0 {
                    return Err(Conflict);
                }
                let lines = self.lines_of(c);
                self.narrow(c, lines, h)?;
            }
        }
        Ok(())
    }
}

//! Tables of a cage's valid assignments, filtered by bit masks as candidates go.

use super::Filtered;

/// A cage's valid assignments as a compact table: tuple `t` is bit `t % 64` of word `t / 64`;
/// `mask(i, v)` holds the tuples that put value `v` at position `i`. The search keeps, per
/// cage, the set of tuples still possible and narrows it as candidates go. The masks live in
/// the model's shared array (see [`Table::build`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Table<'m> {
    /// Words per tuple set.
    pub words: usize,
    /// Values per position (the puzzle's size).
    pub n: usize,
    /// `masks[((i * n) + v - 1) * words + w]`.
    pub masks: &'m [u64],
}

impl Table<'_> {
    /// Appends the masks of the table of `tuples` (flattened, `k` values each) to `masks`
    /// and its set of all tuples to `all`; returns its words per tuple set.
    pub fn build(
        tuples: &[u8],
        k: usize,
        n: usize,
        masks: &mut Vec<u64>,
        all: &mut Vec<u64>,
    ) -> usize {
        let count = tuples.len() / k;
        let words = count.div_ceil(64).max(1);
        let at = masks.len();
        masks.resize(at + k * n * words, 0);
        let masks = &mut masks[at..];
        if words == 1 {
            // At most 64 tuples (every early table): position `i`'s masks are the `n` words
            // from `i * n`.
            for (t, tuple) in tuples.chunks_exact(k).enumerate() {
                for (row, &v) in masks.chunks_exact_mut(n).zip(tuple) {
                    row[v as usize - 1] |= 1u64 << t;
                }
            }
        } else {
            Self::fill(tuples, k, n, words, masks);
        }
        let at = all.len();
        all.resize(at + words, u64::MAX);
        if count % 64 != 0 {
            all[at + words - 1] = (1u64 << (count % 64)) - 1;
        }
        if count == 0 {
            all[at] = 0;
        }
        words
    }

    /// The masks of a table of `words` words per tuple set (see [`Table::build`]).
    fn fill(tuples: &[u8], k: usize, n: usize, words: usize, masks: &mut [u64]) {
        for (t, tuple) in tuples.chunks_exact(k).enumerate() {
            for (i, &v) in tuple.iter().enumerate() {
                masks[(i * n + v as usize - 1) * words + t / 64] |= 1u64 << (t % 64);
            }
        }
    }

    /// The tuples that put value `v` at position `i`.
    fn mask(&self, i: usize, v: usize) -> &[u64] {
        let at = (i * self.n + v - 1) * self.words;
        &self.masks[at..at + self.words]
    }

    /// Drops from `live` the tuples that use a value no longer a candidate of its cell, then
    /// writes into `out`, per position, the candidates some live tuple uses. `allowed` is a
    /// buffer the caller keeps, so that filtering allocates nothing.
    pub fn filter(
        &self,
        cells: &[u16],
        dom: &[u64],
        live: &mut [u64],
        allowed: &mut Vec<u64>,
        out: &mut Vec<u64>,
    ) -> Filtered {
        out.clear();
        if let [live] = live {
            // One word of tuples: the common case, kept branch-light. Position `i`'s masks
            // are then the `n` words from `i * n`.
            let n = self.n;
            for (i, &c) in cells.iter().enumerate() {
                let masks = &self.masks[i * n..i * n + n];
                let mut allowed = 0;
                let mut d = dom[c as usize];
                while d != 0 {
                    allowed |= masks[d.trailing_zeros() as usize];
                    d &= d - 1;
                }
                *live &= allowed;
            }
            if *live == 0 {
                return Filtered::Impossible;
            }
            for (i, &c) in cells.iter().enumerate() {
                let masks = &self.masks[i * n..i * n + n];
                let mut keep = 0;
                let mut d = dom[c as usize];
                while d != 0 {
                    let bit = d & d.wrapping_neg();
                    if *live & masks[d.trailing_zeros() as usize] != 0 {
                        keep |= bit;
                    }
                    d &= d - 1;
                }
                out.push(keep);
            }
            return Filtered::Narrowed;
        }
        allowed.clear();
        allowed.resize(self.words, 0);
        for (i, &c) in cells.iter().enumerate() {
            allowed.fill(0);
            let mut d = dom[c as usize];
            while d != 0 {
                for (a, &x) in allowed.iter_mut().zip(self.mask(i, d.trailing_zeros() as usize + 1))
                {
                    *a |= x;
                }
                d &= d - 1;
            }
            for (l, &a) in live.iter_mut().zip(allowed.iter()) {
                *l &= a;
            }
        }
        if live.iter().all(|&w| w == 0) {
            return Filtered::Impossible;
        }
        for (i, &c) in cells.iter().enumerate() {
            let mut keep = 0;
            let mut d = dom[c as usize];
            while d != 0 {
                let v = d.trailing_zeros() as usize + 1;
                if live.iter().zip(self.mask(i, v)).any(|(&l, &x)| l & x != 0) {
                    keep |= 1u64 << (v - 1);
                }
                d &= d - 1;
            }
            out.push(keep);
        }
        Filtered::Narrowed
    }
}

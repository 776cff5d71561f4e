//! The 9×9 candidate board the SE rater works on: a value and a candidate mask per cell, and
//! the fixed tables (houses in SE's cell order, peers in index order) every rule reads.
//!
//! Candidates are bits 0..=8 of a `u16` (bit `v - 1` for value `v`). A placed cell has no
//! candidates, as in SE, so "cardinality 1" always means an unplaced naked single.

use crate::logic::MASK_SIZE;

/// House kinds in SE's order: blocks, rows, columns.
pub(crate) const BLOCK: usize = 0;
pub(crate) const ROW: usize = 1;
pub(crate) const COL: usize = 2;

/// All nine candidates.
pub(crate) const ALL: u16 = 0x1ff;

/// Cell sets as 81-bit masks.
pub(crate) type CellSet = u128;

const fn build_houses() -> [[[u8; 9]; 9]; 3] {
    let mut h = [[[0u8; 9]; 9]; 3];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            // Block i, position j: row-major inside the block.
            let r = (i / 3) * 3 + j / 3;
            let c = (i % 3) * 3 + j % 3;
            h[BLOCK][i][j] = (r * 9 + c) as u8;
            h[ROW][i][j] = (i * 9 + j) as u8;
            h[COL][i][j] = (j * 9 + i) as u8;
            j += 1;
        }
        i += 1;
    }
    h
}

/// The positions (bits 0..=8, in [`HOUSES`]' order) of the cells of `set` in a house.
#[inline]
fn house_positions(set: CellSet, kind: usize, index: usize) -> u16 {
    match kind {
        ROW => (set >> (9 * index)) as u16 & 0x1ff,
        BLOCK => {
            let at = index / 3 * 27 + index % 3 * 3;
            let rows = (set >> at) as u32;
            (rows & 7 | rows >> 6 & 7 << 3 | rows >> 12 & 7 << 6) as u16
        }
        _ => {
            // The column's cells are 9 bits apart: the first eight (bits 0, 9, …, 63 of the
            // low word) gathered by one multiplication, which moves bit 9i to 56 + i and
            // nothing else onto bits 56..64 (9i + 8j = 56 + k only for i = k, j = 7 - k, and
            // no two shifted bits meet, so nothing carries); the ninth is bit 72.
            let column = set >> index;
            let low = (column as u64 & 0x8040_2010_0804_0201).wrapping_mul(0x0101_0101_0101_0101);
            (low >> 56) as u16 | ((column >> 72) as u16 & 1) << 8
        }
    }
}

/// `HOUSES[kind][index][position]` is a cell index.
pub(crate) const HOUSES: [[[u8; 9]; 9]; 3] = build_houses();

const fn build_cell_house() -> [[u8; 3]; 81] {
    let mut t = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let r = cell / 9;
        let c = cell % 9;
        t[cell][BLOCK] = ((r / 3) * 3 + c / 3) as u8;
        t[cell][ROW] = r as u8;
        t[cell][COL] = c as u8;
        cell += 1;
    }
    t
}

/// `CELL_HOUSE[cell][kind]`: the index of the cell's house of that kind.
pub(crate) const CELL_HOUSE: [[u8; 3]; 81] = build_cell_house();

const fn sees(a: usize, b: usize) -> bool {
    a != b
        && (a / 9 == b / 9
            || a % 9 == b % 9
            || ((a / 27) == (b / 27) && (a % 9) / 3 == (b % 9) / 3))
}

const fn build_peers() -> [[u8; 20]; 81] {
    let mut t = [[0u8; 20]; 81];
    let mut a = 0;
    while a < 81 {
        let mut k = 0;
        let mut b = 0;
        while b < 81 {
            if sees(a, b) {
                t[a][k] = b as u8;
                k += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// The 20 cells each cell sees, in increasing index order (SE's order).
pub(crate) const PEERS: [[u8; 20]; 81] = build_peers();

const fn build_peer_sets() -> [CellSet; 81] {
    let mut t = [0u128; 81];
    let mut a = 0;
    while a < 81 {
        let mut k = 0;
        while k < 20 {
            t[a] |= 1u128 << PEERS[a][k];
            k += 1;
        }
        a += 1;
    }
    t
}

/// [`PEERS`] as cell sets.
pub(crate) const PEER_SET: [CellSet; 81] = build_peer_sets();

const fn build_house_sets() -> [[CellSet; 9]; 3] {
    let mut t = [[0u128; 9]; 3];
    let mut k = 0;
    while k < 3 {
        let mut i = 0;
        while i < 9 {
            let mut j = 0;
            while j < 9 {
                t[k][i] |= 1u128 << HOUSES[k][i][j];
                j += 1;
            }
            i += 1;
        }
        k += 1;
    }
    t
}

/// [`HOUSES`] as cell sets.
pub(crate) const HOUSE_SET: [[CellSet; 9]; 3] = build_house_sets();

/// Tests of a set's size without counting its bits (the default x86-64 target has no
/// `popcnt`: `count_ones` there is a dozen instructions a word, and these tests run in every
/// rule's inner loops).
pub(crate) trait Bits: Copy {
    /// Exactly one member.
    fn single(self) -> bool;
    /// Two members or more.
    fn many(self) -> bool;
    /// Exactly two members.
    fn pair(self) -> bool;
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            #[inline]
            fn single(self) -> bool {
                self != 0 && self & self.wrapping_sub(1) == 0
            }
            #[inline]
            fn many(self) -> bool {
                self & self.wrapping_sub(1) != 0
            }
            #[inline]
            fn pair(self) -> bool {
                (self & self.wrapping_sub(1)).single()
            }
        }
    };
}
bits!(u16);
bits!(u128);

/// The number of members of a mask of values or places (a table look-up: see [`Bits`]).
#[inline]
pub(crate) fn size(m: u16) -> u32 {
    u32::from(MASK_SIZE[usize::from(m & 0x1ff)]) + u32::from(MASK_SIZE[usize::from(m >> 9)])
}

/// Whether two distinct cells share a house.
#[inline]
pub(crate) fn see(a: usize, b: usize) -> bool {
    PEER_SET[a] >> b & 1 == 1
}

/// The bit of value `v` (1..=9).
#[inline]
pub(crate) const fn bit(v: usize) -> u16 {
    1 << (v - 1)
}

/// Iterates the values (1..=9) of a mask, smallest first.
#[inline]
pub(crate) fn values(mut m: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let v = m.trailing_zeros() as usize + 1;
            m &= m - 1;
            Some(v)
        }
    })
}

/// Iterates the cells of a set, smallest index first.
#[inline]
pub(crate) fn cells(mut s: CellSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if s == 0 {
            None
        } else {
            let c = s.trailing_zeros() as usize;
            s &= s - 1;
            Some(c)
        }
    })
}

/// The `rNcM` name of a cell.
pub(crate) fn cell_name(cell: usize) -> String {
    let mut s = String::with_capacity(4);
    push_cell(&mut s, cell);
    s
}

/// Appends a cell's name (`r3c7`) without formatting machinery (the singles, which are most
/// steps, write their sentence this way).
pub(crate) fn push_cell(s: &mut String, cell: usize) {
    s.push('r');
    s.push(char::from(b'1' + (cell / 9) as u8));
    s.push('c');
    s.push(char::from(b'1' + (cell % 9) as u8));
}

/// The name of a house: `block 3`, `row 5`, `column 2`.
pub(crate) fn house_name(kind: usize, index: usize) -> String {
    let mut s = String::with_capacity(8);
    push_house(&mut s, kind, index);
    s
}

/// Appends a house's name (see [`house_name`]).
pub(crate) fn push_house(s: &mut String, kind: usize, index: usize) {
    s.push_str(["block ", "row ", "column "][kind]);
    s.push(char::from(b'1' + index as u8));
}

/// The board: placed values and candidates.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Grid {
    /// 0 for an empty cell.
    pub(crate) values: [u8; 81],
    /// Candidates of the empty cells; 0 for placed cells.
    pub(crate) cands: [u16; 81],
    /// For each value (index `v - 1`), the cells holding it as a candidate. Kept in step with
    /// `cands` by [`Grid::remove`], [`Grid::place`] and [`Grid::sync`].
    pub(crate) vc: [CellSet; 9],
}

impl Grid {
    /// An empty board with every candidate in every cell.
    pub(crate) fn empty() -> Self {
        let mut g = Grid { values: [0; 81], cands: [ALL; 81], vc: [0; 9] };
        g.sync();
        g
    }

    /// A board from values and candidates.
    pub(crate) fn from_parts(values: [u8; 81], cands: [u16; 81]) -> Self {
        let mut g = Grid { values, cands, vc: [0; 9] };
        g.sync();
        g
    }

    /// Recomputes [`Grid::vc`] from the candidates.
    pub(crate) fn sync(&mut self) {
        self.vc = [0; 9];
        for c in 0..81 {
            let mut m = self.cands[c];
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                self.vc[v] |= 1u128 << c;
            }
        }
    }

    /// Removes the candidates in `mask` from `cell`.
    #[inline]
    pub(crate) fn remove(&mut self, cell: usize, mask: u16) {
        let mut m = self.cands[cell] & mask;
        self.cands[cell] &= !mask;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            self.vc[v] &= !(1u128 << cell);
        }
    }

    /// Whether every cell holds a value.
    pub(crate) fn is_solved(&self) -> bool {
        self.empty_set() == 0
    }

    /// Whether `cell` still has candidate `v`.
    #[inline]
    pub(crate) fn has(&self, cell: usize, v: usize) -> bool {
        self.cands[cell] & bit(v) != 0
    }

    /// The positions (bits 0..=8) of candidate `v` in a house.
    #[inline]
    pub(crate) fn positions(&self, kind: usize, index: usize, v: usize) -> u16 {
        house_positions(self.vc[v - 1], kind, index)
    }

    /// The cells of a house that hold candidate `v`.
    #[inline]
    pub(crate) fn cells_with(&self, kind: usize, index: usize, v: usize) -> CellSet {
        self.vc[v - 1] & HOUSE_SET[kind][index]
    }

    /// The cells without a value.
    #[inline]
    pub(crate) fn empty_set(&self) -> CellSet {
        // Eight cells at a time: a value (0..=9) plus 0x7f sets its byte's top bit unless it
        // is 0, and never carries into the next byte.
        const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const TOP: u64 = 0x8080_8080_8080_8080;
        let mut set = 0u128;
        for (i, chunk) in self.values.chunks_exact(8).enumerate() {
            let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            let zero = !(w + LOW) & TOP;
            // The top bits of the eight bytes gathered into the low byte, first cell lowest.
            let bits = (zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
            set |= u128::from(bits) << (8 * i);
        }
        set | u128::from(self.values[80] == 0) << 80
    }

    /// Empty cells in a house.
    #[inline]
    pub(crate) fn empty_count(&self, kind: usize, index: usize) -> usize {
        HOUSES[kind][index].iter().filter(|&&c| self.values[c as usize] == 0).count()
    }

    /// Places `v` in `cell` and removes it from the cell's peers (SE's `setValueAndCancel`).
    pub(crate) fn place(&mut self, cell: usize, v: usize) {
        self.values[cell] = v as u8;
        self.remove(cell, ALL);
        let b = !bit(v);
        for &p in &PEERS[cell] {
            self.cands[p as usize] &= b;
        }
        self.vc[v - 1] &= !PEER_SET[cell];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tests of a set's size agree with counting its bits.
    #[test]
    fn size_tests_agree_with_counting() {
        for m in 0..=u16::MAX {
            let n = m.count_ones();
            assert_eq!(size(m), n);
            assert_eq!((m.single(), m.many(), m.pair()), (n == 1, n >= 2, n == 2));
            let wide = u128::from(m) << (m % 113);
            assert_eq!((wide.single(), wide.many(), wide.pair()), (n == 1, n >= 2, n == 2));
        }
    }

    /// The empty cells read eight at a time are the cells holding 0.
    #[test]
    fn empty_set_is_the_cells_without_a_value() {
        let mut rng = crate::generate::rng::Rng::new(0x2545_f491_4f6c_dd1d, 0);
        for round in 0..200 {
            let mut values = [0u8; 81];
            for v in &mut values {
                // Mostly empty early, mostly full late, every value 0..=9 somewhere.
                let filled = rng.below(200) < round;
                *v = if filled { rng.below(9) as u8 + 1 } else { rng.below(10) as u8 };
            }
            let g = Grid::from_parts(values, [0; 81]);
            let scan = (0..81).filter(|&c| values[c] == 0).fold(0u128, |s, c| s | 1 << c);
            assert_eq!(g.empty_set(), scan);
            assert_eq!(g.is_solved(), scan == 0);
        }
        assert!(Grid::from_parts([5; 81], [0; 81]).is_solved());
    }

    /// Positions read from the per-value cell sets equal a scan of the house's cells, for
    /// every house and value of boards with random candidates.
    #[test]
    fn positions_are_the_house_cells_holding_the_value() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..50 {
            let mut cands = [0u16; 81];
            for c in &mut cands {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *c = x as u16 & ALL;
            }
            let g = Grid::from_parts([0; 81], cands);
            for kind in [BLOCK, ROW, COL] {
                for index in 0..9 {
                    for v in 1..=9 {
                        let scan = HOUSES[kind][index]
                            .iter()
                            .enumerate()
                            .filter(|&(_, &c)| g.has(c as usize, v))
                            .fold(0u16, |m, (p, _)| m | 1 << p);
                        assert_eq!(g.positions(kind, index, v), scan, "{kind} {index} {v}");
                    }
                }
            }
        }
    }
}

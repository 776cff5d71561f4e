//! The engine's constant tables, built at compile time, and its bit helpers: band words read as
//! (row, box) pairs, the permutations a digit can take in a band, and bit counting by hand.

use super::{BAND, COLUMN};

/// The (row, box) pairs of a band word that hold a candidate, as a 9-bit index: bit
/// `box * 3 + row`.
#[inline(always)]
pub(super) fn pairs(x: u32) -> usize {
    // Bit 0 of each three-cell group (bit `row * 9 + box * 3`) says whether it is non-empty;
    // the shifts then bring rows 1 and 2 next to row 0.
    let g = (x | x >> 1 | x >> 2) & 0x124_9249;
    ((g | g >> 8 | g >> 16) & 0x1ff) as usize
}

/// A digit's (band, column) pairs in stack `st` that hold a candidate, as a 9-bit index (bit
/// `band * 3 + column`, the column counted within the stack), from its columns per band
/// (`fold(band 0) | fold(band 1) << 9 | fold(band 2) << 18`). [`STACK`] and [`PERM_LOG`]
/// take it.
#[inline(always)]
pub(super) fn stack_pairs(cols: u32, st: usize) -> usize {
    let v = cols >> (3 * st) & 0x1c0e07;
    ((v | v >> 6 | v >> 12) & 0x1ff) as usize
}

/// For the (row, box) pairs of a band that still have a candidate (index as [`pairs`]), the
/// band's cells that some permutation of rows to boxes can use; 0 when there is none.
pub(super) const PERMUTED: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] =
        [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut ok = true;
            let mut cells = 0u32;
            let mut r = 0;
            while r < 3 {
                ok &= s >> (perm[r] * 3 + r) & 1 == 1;
                cells |= 7 << (r * 9 + perm[r] * 3);
                r += 1;
            }
            if ok {
                t[s] |= cells;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// The six permutations of a band's rows to its boxes, as the cells they allow.
pub(super) const PERM_CELLS: [u32; 6] = {
    const PERMS: [[usize; 3]; 6] =
        [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            t[p] |= 7 << (r * 9 + PERMS[p][r] * 3);
            r += 1;
        }
        p += 1;
    }
    t
};

/// For the (row, box) pairs of a band (index as [`pairs`]), the permutations (bit `p` of
/// [`PERM_CELLS`]) they allow.
pub(super) const CONFIGS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            // The permutation's pairs, as a pairs index.
            let cells = PERM_CELLS[p];
            let g = (cells | cells >> 1 | cells >> 2) & 0x124_9249;
            let idx = (g | g >> 8 | g >> 16) & 0x1ff;
            if s as u32 & idx == idx {
                t[s] |= 1 << p;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// For the (row, box) pairs of a band (index as [`pairs`]), those of rows left with one box:
/// the minirows (a row's three cells in one box) the digit must use.
pub(super) const FORCED: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut r = 0;
        while r < 3 {
            let row = s & (0x49 << r);
            if row != 0 && row & (row - 1) == 0 {
                t[s] |= row as u16;
            }
            r += 1;
        }
        s += 1;
    }
    t
};

/// For (row, box) pairs (index as [`pairs`]), the cells of those minirows, and of their rows.
pub(super) const PAIR_CELLS: [[u32; 512]; 2] = {
    let mut t = [[0u32; 512]; 2];
    let mut s = 0;
    while s < 512 {
        let mut i = 0;
        while i < 9 {
            if s >> i & 1 != 0 {
                let (k, r) = (i / 3, i % 3);
                t[0][s] |= 7 << (r * 9 + k * 3);
                t[1][s] |= 0x1ff << (r * 9);
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// The stack logic's table. A digit's columns per band, `fold(band 0) | fold(band 1) << 9 |
/// fold(band 2) << 18`, seen through one stack (its columns shifted to 0..3 in each band) and
/// packed (bit `band * 3 + column`), index this; the entry has the (band, column) pairs some
/// permutation of columns to bands can use, in the unpacked layout (bit `band * 9 + column`).
pub(super) const STACK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        // The band table takes pair (row r, box k) at index bit k * 3 + r and lays it out at
        // bits r * 9 + k * 3 ..+3; the pair (band b, column c) is the same shape with b for r
        // and c for k.
        let mut index = 0;
        let mut i = 0;
        while i < 9 {
            index |= (s >> i & 1) << (i % 3 * 3 + i / 3);
            i += 1;
        }
        let cells = PERMUTED[index];
        let mut b = 0;
        while b < 3 {
            let mut c = 0;
            while c < 3 {
                if cells >> (b * 9 + c * 3) & 1 != 0 {
                    t[s] |= 1 << (b * 9 + c);
                }
                c += 1;
            }
            b += 1;
        }
        s += 1;
    }
    t
};

/// For a cell of a band (bit `r * 9 + c`), the band's cells that stay candidates for a digit
/// placed there: all but its row, box and column, itself kept.
pub(super) const KEEP: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut bit = 0;
    while bit < 27 {
        let (r, c) = (bit / 9, bit % 9);
        let peers = (0x1ff << (9 * r)) | ((7 << (c / 3 * 3)) * COLUMN) | (COLUMN << c);
        t[bit] = (BAND & !peers) | 1 << bit;
        bit += 1;
    }
    t
};

/// The column (0..9) of each bit of a band.
pub(super) const COLUMN_OF: [u8; 27] = {
    let mut t = [0u8; 27];
    let mut bit = 0;
    while bit < 27 {
        t[bit] = (bit % 9) as u8;
        bit += 1;
    }
    t
};

/// All 27 words.
pub(super) const ALL: u32 = (1 << 27) - 1;

/// The other two bands.
pub(super) const OTHER: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// The columns (9 bits) that hold a cell of `x` (27 bits).
#[inline(always)]
pub(super) fn fold(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 0x1ff
}

/// A 9-bit row kept when it holds exactly one cell, else 0.
pub(super) const LONE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        if x != 0 && x & (x - 1) == 0 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
};

/// The cells of `x` (27 bits) alone in their row.
#[inline(always)]
pub(super) fn lone_in_row(x: u32) -> u32 {
    LONE[(x & 0x1ff) as usize] as u32
        | (LONE[(x >> 9 & 0x1ff) as usize] as u32) << 9
        | (LONE[(x >> 18) as usize] as u32) << 18
}

/// The number of set bits of a 6-bit number.
pub(super) const SMALL_COUNT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut x = 0;
    while x < 64 {
        t[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    t
};

/// The numbers of set bits of two 32-bit words, counted side by side in one 64-bit word (the
/// build targets CPUs without a popcount instruction).
#[inline(always)]
pub(super) fn count2(a: u32, b: u32) -> (u32, u32) {
    let mut v = a as u64 | (b as u64) << 32;
    v -= v >> 1 & 0x5555_5555_5555_5555;
    v = (v & 0x3333_3333_3333_3333) + (v >> 2 & 0x3333_3333_3333_3333);
    v = (v + (v >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte 3 of the product sums bytes 0..=3 (the first word), byte 7 all eight.
    let sums = v.wrapping_mul(0x0101_0101_0101_0101);
    let first = (sums >> 24 & 0xff) as u32;
    (first, (sums >> 56) as u32 - first)
}

/// For (row, box) pairs (index as [`pairs`]), the base-2 logarithm of how many permutations
/// they allow, in 1/4096ths (0 for none or one). A stack's (band, column) pairs, packed as for
/// [`STACK`], index it too: that reads the 3×3 matrix transposed, which allows as many.
pub(super) const PERM_LOG: [u16; 512] = {
    // log2(n) * 4096 for n = 0..=6, rounded.
    const LOG: [u16; 7] = [0, 0, 4096, 6492, 8192, 9511, 10588];
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = LOG[(CONFIGS[s] as u32).count_ones() as usize];
        s += 1;
    }
    t
};

/// Per band, its cells on the main diagonal (row `r`, column `r`): bits `3b`, `3b + 10`,
/// `3b + 20`.
pub(super) const MAIN_DIAGONAL: [u32; 3] = [0x100401, 0x100401 << 3, 0x100401 << 6];
/// Per band, its cells on the anti-diagonal (row `r`, column `8 - r`): bits `8 - 3b`,
/// `16 - 3b`, `24 - 3b`.
pub(super) const ANTI_DIAGONAL: [u32; 3] = [0x10101 << 8, 0x10101 << 5, 0x10101 << 2];
/// Box `k` of a band (columns `3k` to `3k + 2` of its three rows).
const BOX_IN_BAND: u32 = 7 * COLUMN;
/// Per band, its box the main diagonal crosses (the `b`th).
pub(super) const MAIN_BOXES: [u32; 3] = [BOX_IN_BAND, BOX_IN_BAND << 3, BOX_IN_BAND << 6];
/// Per band, its box the anti-diagonal crosses (the `(2 - b)`th).
pub(super) const ANTI_BOXES: [u32; 3] = [BOX_IN_BAND << 6, BOX_IN_BAND << 3, BOX_IN_BAND];

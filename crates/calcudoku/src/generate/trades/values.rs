//! [`keeps_values`](super::keeps_values) up to 8×8 without the state of `Trades`: the same
//! trades weighed, with a tenth of the setting up.

use super::{Balance, CageCells};

/// [`super::keeps_values`] for up to `CELLS` cells (at most 64: sides up to 8, so that a line's
/// places of its values fit in a word and a set of cages in a mask), the same trades weighed.
/// Without clues a trade keeps every cage exactly when each cage holds the same values after
/// it, so each cell's cage and where each line holds each value are all the search needs.
pub(super) fn values_kept<const CELLS: usize>(n: usize, square: &[u8], cut: &[CageCells]) -> bool {
    debug_assert!(n * n <= CELLS && CELLS <= 64);
    let mut cage = [0u8; CELLS];
    for (k, cells) in cut.iter().enumerate() {
        for &c in cells.as_slice() {
            cage[c] = k as u8;
        }
    }
    // `across[r]`: the column where row r holds v in its 4 bits from 4 (v - 1); `down[c]`:
    // the row where column c holds v. Words, not tables: no index to check.
    let (mut across, mut down) = ([0u32; 8], [0u32; 8]);
    for (r, row) in square.chunks_exact(n).enumerate() {
        for (c, &v) in row.iter().enumerate() {
            let shift = 4 * (u32::from(v) - 1);
            across[r & 7] |= (c as u32) << shift;
            down[c & 7] |= (r as u32) << shift;
        }
    }
    let lines = &LINES[n];
    // A rectangle `a b` over `b a` moves a to the cells q and r (`q` right of or below `p`'s
    // a, `r` below or right of it) and b to p and s. A cage keeps its values when it holds as
    // many of p and s as of q and r: p shares its cage with q or with r, and s with the
    // other. So every rectangle that keeps the cages has two cells of one cage in one row
    // (p, q) or one column (p, r): only those pairs are tried, not every two rows.
    for cells in cut {
        let cells = cells.as_slice();
        for (i, &p) in cells.iter().enumerate() {
            let (r1, c1) = line_of(lines[p]);
            for &q in &cells[i + 1..] {
                let (r2, c2) = line_of(lines[q]);
                let (a, b) = (square[p], square[q]);
                let kept = if r1 == r2 {
                    // The other row of the rectangle holds b in column c1.
                    let r = place_of(down[c1 & 7], b);
                    square[r * n + c2] == a && cage[r * n + c1] == cage[r * n + c2]
                } else if c1 == c2 {
                    // The other column holds b in row r1.
                    let c = place_of(across[r1 & 7], b);
                    square[r2 * n + c] == a && cage[r1 * n + c] == cage[r2 * n + c]
                } else {
                    false
                };
                if kept {
                    return true;
                }
            }
        }
    }
    // The longer cycles, of neighbouring rows or columns.
    let mut delta = [0u64; CELLS];
    cycles_kept(n, square, &cage, &across, &mut delta, |a, at| (a * n + at, (a + 1) * n + at))
        || cycles_kept(n, square, &cage, &down, &mut delta, |a, at| (at * n + a, at * n + a + 1))
}

/// The row and the column of a cell as [`LINES`] gives them.
#[inline]
fn line_of(packed: u8) -> (usize, usize) {
    (usize::from(packed >> 4), usize::from(packed & 15))
}

/// The place of value `v` in a line's word of places (`across` or `down` of [`values_kept`]).
#[inline]
fn place_of(word: u32, v: u8) -> usize {
    (word >> (4 * (u32::from(v) - 1)) & 15) as usize
}

/// `LINES[n][c]`: the row of cell c of an n×n grid in the high 4 bits, its column in the low,
/// for sides up to 8: a load where a division was (about a tenth of `values_kept` at 4×4).
const LINES: [[u8; 64]; 9] = {
    let mut t = [[0u8; 64]; 9];
    let mut n = 1;
    while n <= 8 {
        let mut c = 0;
        while c < n * n {
            t[n][c] = (((c / n) << 4) | (c % n)) as u8;
            c += 1;
        }
        n += 1;
    }
    t
};

/// The longer cycles of [`values_kept`] (three places or more) of rows or of columns:
/// `cells(a, at)` the cells of lines a and a + 1 at place `at`, `places[a]` where line a holds
/// each value (as `across` or `down`). `delta` is zero, and left so.
fn cycles_kept<const CELLS: usize>(
    n: usize,
    square: &[u8],
    cage: &[u8; CELLS],
    places: &[u32; 8],
    delta: &mut [u64; CELLS],
    cells: impl Fn(usize, usize) -> (usize, usize),
) -> bool {
    for a in 0..n.saturating_sub(1) {
        let mut seen = 0u32;
        for start in 0..n {
            if seen >> start & 1 != 0 {
                continue;
            }
            // The cycle through `start`: next comes the place where line a holds what line
            // a + 1 holds here. A cage the cycle changes one cell of cannot keep its values
            // (the cell's value changes): the cages met once and twice tell, before anything
            // is counted, and rule out most cycles.
            let (mut at, mut len) = (start, 0);
            let mut changed = [(0u8, 0u8); 8];
            let (mut once, mut twice) = (0u64, 0u64);
            loop {
                seen |= 1 << at;
                let (x, y) = cells(a, at);
                changed[len & 7] = (x as u8, y as u8);
                len += 1;
                let (bx, by) = (1u64 << cage[x], 1u64 << cage[y]);
                twice |= once & bx;
                once |= bx;
                twice |= once & by;
                once |= by;
                at = place_of(places[a & 7], square[y]);
                if at == start {
                    break;
                }
            }
            if len < 3 || once != twice {
                continue;
            }
            // The cells of each place take each other's values: each cage's counts of values
            // must not move.
            for &(x, y) in &changed[..len] {
                let (x, y) = (x as usize, y as usize);
                let change =
                    Balance::Values.of(square[y]).wrapping_sub(Balance::Values.of(square[x]));
                let (kx, ky) = (cage[x] as usize, cage[y] as usize);
                delta[kx] = delta[kx].wrapping_add(change);
                delta[ky] = delta[ky].wrapping_sub(change);
            }
            let mut kept = true;
            let mut rest = once;
            while rest != 0 {
                let k = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                kept &= delta[k] == 0;
                delta[k] = 0;
            }
            if kept {
                return true;
            }
        }
    }
    false
}

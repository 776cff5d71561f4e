//! Naked sets (pair 3.0, triplet 3.6, quad 5.0), hidden sets (pair 3.4, triplet 4.0, quad
//! 5.4) and SE's direct hidden sets (pair 2.0, triplet 2.5: a hidden set that leaves a hidden
//! single for another value of the house; only the single is placed).
//!
//! SE's scan: houses blocks, columns, rows in index order; tuples of positions (naked) or
//! values (hidden) in colexicographic order.

use std::ops::ControlFlow;

use super::grid::{BLOCK, Bits, COL, Grid, HOUSES, ROW, bit, cell_name, house_name, size, values};
use super::hint::{Hint, removals_text};

const SCAN: [usize; 3] = [BLOCK, COL, ROW];

/// Every subset of 0..9 as a mask, by size and within a size in increasing numeric (colex)
/// order; `TUPLE_AT[k]..TUPLE_AT[k + 1]` are those of size `k`.
const TUPLES: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut n = 0;
    let mut k = 0;
    while k <= 9 {
        let mut m = 0u32;
        while m < 512 {
            if m.count_ones() == k {
                t[n] = m as u16;
                n += 1;
            }
            m += 1;
        }
        k += 1;
    }
    t
};

const TUPLE_AT: [usize; 11] = {
    let mut at = [0usize; 11];
    let mut k = 0;
    while k < 10 {
        // C(9, k) subsets of size k.
        let mut c = 1usize;
        let mut i = 0;
        while i < k {
            c = c * (9 - i) / (i + 1);
            i += 1;
        }
        at[k + 1] = at[k] + c;
        k += 1;
    }
    at
};

/// The k-subsets of 0..9 as masks, in increasing numeric (colex) order.
pub(crate) fn tuples(k: u32) -> impl Iterator<Item = u16> {
    let k = k as usize;
    let range = if k <= 9 { TUPLE_AT[k]..TUPLE_AT[k + 1] } else { 0..0 };
    TUPLES[range].iter().copied()
}

/// A naked set found in a house.
pub(crate) struct NakedFound {
    pub(crate) kind: usize,
    pub(crate) index: usize,
    /// Positions of the set's cells in the house.
    pub(crate) positions: u16,
    /// The set's values.
    pub(crate) values: u16,
    /// (cell, mask) removed from the other cells of the house.
    pub(crate) removals: Vec<(u8, u16)>,
}

/// Calls `f` on every naked set of `degree` that removes something, in SE's order.
pub(crate) fn each_naked<B>(
    grid: &Grid,
    degree: u32,
    mut f: impl FnMut(NakedFound) -> ControlFlow<B>,
) -> Option<B> {
    for kind in SCAN {
        for index in 0..9 {
            if grid.empty_count(kind, index) < 2 * degree as usize {
                continue;
            }
            let house = &HOUSES[kind][index];
            // Positions whose cell has two candidates or more: a set uses only those.
            let mut many = 0u16;
            for (p, &c) in house.iter().enumerate() {
                many |= u16::from(grid.cands[c as usize].many()) << p;
            }
            for t in tuples(degree) {
                if t & !many != 0 {
                    continue;
                }
                let mut union = 0u16;
                for p in values(t) {
                    union |= grid.cands[house[p - 1] as usize];
                }
                if size(union) != degree {
                    continue;
                }
                let mut removals = Vec::new();
                for (p, &cell) in house.iter().enumerate() {
                    if t & (1 << p) == 0 {
                        let m = grid.cands[cell as usize] & union;
                        if m != 0 {
                            removals.push((cell, m));
                        }
                    }
                }
                if removals.is_empty() {
                    continue;
                }
                if let ControlFlow::Break(b) =
                    f(NakedFound { kind, index, positions: t, values: union, removals })
                {
                    return Some(b);
                }
            }
        }
    }
    None
}

/// A hidden set found in a house.
pub(crate) struct HiddenFound {
    pub(crate) kind: usize,
    pub(crate) index: usize,
    pub(crate) positions: u16,
    pub(crate) values: u16,
}

/// Calls `f` on every hidden set of `degree` in SE's order (whether it removes anything or
/// not: the caller decides). `direct` uses SE's looser house condition for direct sets.
pub(crate) fn each_hidden<B>(
    grid: &Grid,
    degree: u32,
    direct: bool,
    mut f: impl FnMut(HiddenFound) -> ControlFlow<B>,
) -> Option<B> {
    for kind in SCAN {
        for index in 0..9 {
            let empty = grid.empty_count(kind, index);
            if !(empty > 2 * degree as usize || (direct && empty > degree as usize)) {
                continue;
            }
            let mut pos = [0u16; 10];
            // Values with two places or more: a set uses only those.
            let mut many = 0u16;
            for (v, p) in pos.iter_mut().enumerate().skip(1) {
                *p = grid.positions(kind, index, v);
                many |= u16::from(p.many()) << (v - 1);
            }
            for t in tuples(degree) {
                if t & !many != 0 {
                    continue;
                }
                let mut union = 0u16;
                for vi in values(t) {
                    union |= pos[vi];
                }
                if size(union) != degree {
                    continue;
                }
                if let ControlFlow::Break(b) =
                    f(HiddenFound { kind, index, positions: union, values: t })
                {
                    return Some(b);
                }
            }
        }
    }
    None
}

const NAMES: [&str; 3] = ["Pair", "Triplet", "Quad"];

/// The first naked set of `degree` (2..=4).
pub(crate) fn naked(grid: &Grid, degree: u32) -> Option<Hint> {
    each_naked(grid, degree, |n| {
        let cells: Vec<String> = values(n.positions)
            .map(|p| cell_name(HOUSES[n.kind][n.index][p - 1] as usize))
            .collect();
        let vals: Vec<String> = values(n.values).map(|v| v.to_string()).collect();
        ControlFlow::Break(Hint {
            name: format!("Naked {}", NAMES[degree as usize - 2]),
            rating: [3.0, 3.6, 5.0][degree as usize - 2],
            text: format!(
                "{} hold only {} in {}: {}",
                cells.join(","),
                vals.join(","),
                house_name(n.kind, n.index),
                removals_text(&n.removals)
            ),
            removals: n.removals,
            place: None,
        })
    })
}

/// Removals of a hidden set: the other values of its cells.
pub(crate) fn hidden_removals(grid: &Grid, h: &HiddenFound) -> Vec<(u8, u16)> {
    let mut out = Vec::new();
    for p in values(h.positions) {
        let cell = HOUSES[h.kind][h.index][p - 1];
        let m = grid.cands[cell as usize] & !h.values;
        if m != 0 {
            out.push((cell, m));
        }
    }
    out
}

/// The first hidden set of `degree` (2..=4) that removes something.
pub(crate) fn hidden(grid: &Grid, degree: u32) -> Option<Hint> {
    each_hidden(grid, degree, false, |h| {
        let removals = hidden_removals(grid, &h);
        if removals.is_empty() {
            return ControlFlow::Continue(());
        }
        let vals: Vec<String> = values(h.values).map(|v| v.to_string()).collect();
        ControlFlow::Break(Hint {
            name: format!("Hidden {}", NAMES[degree as usize - 2]),
            rating: [3.4, 4.0, 5.4][degree as usize - 2],
            text: format!(
                "{} fit only in the same {} cells of {}: {}",
                vals.join(","),
                degree,
                house_name(h.kind, h.index),
                removals_text(&removals)
            ),
            removals,
            place: None,
        })
    })
}

/// The first direct hidden pair or triplet.
pub(crate) fn direct_hidden(grid: &Grid, degree: u32) -> Option<Hint> {
    each_hidden(grid, degree, true, |h| {
        for v in 1..=9 {
            if h.values & bit(v) != 0 {
                continue;
            }
            let p = grid.positions(h.kind, h.index, v);
            if p.many() {
                let rest = p & !h.positions;
                if rest.single() {
                    let cell = HOUSES[h.kind][h.index][rest.trailing_zeros() as usize] as usize;
                    let vals: Vec<String> = values(h.values).map(|v| v.to_string()).collect();
                    return ControlFlow::Break(Hint {
                        name: format!("Direct Hidden {}", NAMES[degree as usize - 2]),
                        rating: [2.0, 2.5][degree as usize - 2],
                        removals: Vec::new(),
                        place: Some((cell as u8, v as u8)),
                        text: format!(
                            "{}: {} fill {} cells of {}, leaving one place for {v}",
                            cell_name(cell),
                            vals.join(","),
                            degree,
                            house_name(h.kind, h.index)
                        ),
                    });
                }
            }
        }
        ControlFlow::Continue(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuples_are_colex_and_complete() {
        let t: Vec<u16> = tuples(2).collect();
        assert_eq!(t.len(), 36);
        assert_eq!(&t[..4], &[0b11, 0b101, 0b110, 0b1001]);
        assert_eq!(tuples(4).count(), 126);
        assert_eq!(tuples(1).count(), 9);
        // Every size, against the subsets in numeric order.
        for k in 0..=9u32 {
            let want: Vec<u16> = (0..512u16).filter(|m| m.count_ones() == k).collect();
            assert_eq!(tuples(k).collect::<Vec<_>>(), want, "size {k}");
        }
        let _ = (ROW, COL);
    }
}

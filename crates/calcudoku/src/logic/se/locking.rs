//! Intersections. Direct Pointing (1.7) / Direct Claiming (1.9): a locked candidate whose
//! removal leaves a hidden single in a house of the first kind (only the value is placed).
//! Pointing (2.6) / Claiming (2.8): the removals themselves.
//!
//! SE's scan: for each value, pairs (block, column), (block, row), (column, block),
//! (row, block); the first house in index order, then the crossing one.

use super::grid::{BLOCK, Bits, COL, CellSet, Grid, HOUSE_SET, ROW, cell_name, cells};
use super::grid::{bit, house_name, values};
use super::hint::{Hint, removals_text};

/// The (first, second) house kinds in SE's order.
pub(crate) const PAIRS: [(usize, usize); 4] =
    [(BLOCK, COL), (BLOCK, ROW), (COL, BLOCK), (ROW, BLOCK)];

/// `CROSSING[k1][i1][k2]`: the houses of kind `k2` that cross house `(k1, i1)`, a bit each.
const CROSSING: [[[u16; 3]; 9]; 3] = {
    let mut t = [[[0u16; 3]; 9]; 3];
    let mut k1 = 0;
    while k1 < 3 {
        let mut i1 = 0;
        while i1 < 9 {
            let mut k2 = 0;
            while k2 < 3 {
                let mut i2 = 0;
                while i2 < 9 {
                    if HOUSE_SET[k1][i1] & HOUSE_SET[k2][i2] != 0 {
                        t[k1][i1][k2] |= 1 << i2;
                    }
                    i2 += 1;
                }
                k2 += 1;
            }
            i1 += 1;
        }
        k1 += 1;
    }
    t
};

/// Houses of kind `k2` that cross house `(k1, i1)`, in index order.
fn crossing(k1: usize, i1: usize, k2: usize) -> impl Iterator<Item = usize> {
    values(CROSSING[k1][i1][k2]).map(|i| i - 1)
}

/// The candidates of `v` in house `(k2, i2)` outside `(k1, i1)`.
fn victims(grid: &Grid, k1: usize, i1: usize, k2: usize, i2: usize, v: usize) -> CellSet {
    grid.cells_with(k2, i2, v) & !HOUSE_SET[k1][i1]
}

fn is_locked(grid: &Grid, k1: usize, i1: usize, k2: usize, i2: usize, v: usize) -> bool {
    let s = grid.cells_with(k1, i1, v);
    s.many() && s & !HOUSE_SET[k2][i2] == 0
}

/// The first Direct Pointing / Direct Claiming.
pub(crate) fn direct(grid: &Grid) -> Option<Hint> {
    for (k1, k2) in PAIRS {
        for v in 1..=9 {
            for i1 in 0..9 {
                if !grid.cells_with(k1, i1, v).many() {
                    continue;
                }
                for i2 in crossing(k1, i1, k2) {
                    if !is_locked(grid, k1, i1, k2, i2, v) {
                        continue;
                    }
                    // A house of the first kind, crossing the second, left with one place.
                    for i3 in crossing(k2, i2, k1) {
                        if i3 == i1 {
                            continue;
                        }
                        let s3 = grid.cells_with(k1, i3, v);
                        if s3.many() {
                            let rest = s3 & !HOUSE_SET[k2][i2];
                            if rest.single() {
                                let cell = rest.trailing_zeros() as usize;
                                let pointing = k1 == BLOCK;
                                return Some(Hint {
                                    name: if pointing {
                                        "Direct Pointing"
                                    } else {
                                        "Direct Claiming"
                                    }
                                    .into(),
                                    rating: if pointing { 1.7 } else { 1.9 },
                                    removals: Vec::new(),
                                    place: Some((cell as u8, v as u8)),
                                    text: format!(
                                        "{}: {v} in {} lies in {}, so {v} has one place left in {}",
                                        cell_name(cell),
                                        house_name(k1, i1),
                                        house_name(k2, i2),
                                        house_name(k1, i3)
                                    ),
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

/// The first Pointing / Claiming that removes something. SE scans value first, then houses.
pub(crate) fn indirect(grid: &Grid) -> Option<Hint> {
    for (k1, k2) in PAIRS {
        for v in 1..=9 {
            for i1 in 0..9 {
                if !grid.cells_with(k1, i1, v).many() {
                    continue;
                }
                for i2 in crossing(k1, i1, k2) {
                    if !is_locked(grid, k1, i1, k2, i2, v) {
                        continue;
                    }
                    let vic = victims(grid, k1, i1, k2, i2, v);
                    if vic != 0 {
                        let removals: Vec<(u8, u16)> =
                            cells(vic).map(|c| (c as u8, bit(v))).collect();
                        let pointing = k1 == BLOCK;
                        let text = format!(
                            "{v} in {} lies in {}: {}",
                            house_name(k1, i1),
                            house_name(k2, i2),
                            removals_text(&removals)
                        );
                        return Some(Hint {
                            name: if pointing { "Pointing" } else { "Claiming" }.into(),
                            rating: if pointing { 2.6 } else { 2.8 },
                            removals,
                            place: None,
                            text,
                        });
                    }
                }
            }
        }
    }
    None
}

/// All Pointing / Claiming eliminations for the nested chains' "advanced" step, in SE's order:
/// each found as (value, first house, second house, cells removed).
pub(crate) fn all_indirect(
    grid: &Grid,
    mut f: impl FnMut(usize, (usize, usize), (usize, usize), CellSet),
) {
    for (k1, k2) in PAIRS {
        for v in 1..=9 {
            for i1 in 0..9 {
                if !grid.cells_with(k1, i1, v).many() {
                    continue;
                }
                for i2 in crossing(k1, i1, k2) {
                    if !is_locked(grid, k1, i1, k2, i2, v) {
                        continue;
                    }
                    let vic = victims(grid, k1, i1, k2, i2, v);
                    if vic != 0 {
                        f(v, (k1, i1), (k2, i2), vic);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The crossing table lists exactly the houses that share a cell, in index order.
    #[test]
    fn crossing_houses_share_cells() {
        for k1 in [BLOCK, ROW, COL] {
            for i1 in 0..9 {
                for k2 in [BLOCK, ROW, COL] {
                    let want: Vec<usize> =
                        (0..9).filter(|&i2| HOUSE_SET[k1][i1] & HOUSE_SET[k2][i2] != 0).collect();
                    assert_eq!(crossing(k1, i1, k2).collect::<Vec<_>>(), want);
                }
            }
        }
        assert_eq!(crossing(BLOCK, 4, ROW).collect::<Vec<_>>(), [3, 4, 5]);
    }
}

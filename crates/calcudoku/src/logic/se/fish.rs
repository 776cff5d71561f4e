//! Basic fish: X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2). SE's scan: base columns then
//! base rows; tuples of base houses in colexicographic order; values 1..=9 (skipping a value
//! already placed more than `9 - 2·degree` times).

use std::ops::ControlFlow;

use super::grid::{Bits, COL, Grid, HOUSES, ROW, bit, house_name, size, values};
use super::hint::{Hint, removals_text};
use super::subsets::tuples;

/// A fish: base kind and indexes, cover indexes (of the other line kind), value, removals.
pub(crate) struct FishFound {
    pub(crate) base_kind: usize,
    pub(crate) base: u16,
    pub(crate) cover: u16,
    pub(crate) value: usize,
    pub(crate) removals: Vec<(u8, u16)>,
}

/// Calls `f` on every fish of `degree` that removes something, in SE's order.
pub(crate) fn each_fish<B>(
    grid: &Grid,
    degree: u32,
    mut f: impl FnMut(FishFound) -> ControlFlow<B>,
) -> Option<B> {
    let mut occ = [0usize; 10];
    for &v in &grid.values {
        occ[v as usize] += 1;
    }
    // Each line's places of each value, `pos[kind][line][v - 1]` (kind: ROW or COL), and the
    // lines where a value has two places or more (`many[kind][v - 1]`, a bit per line): a
    // base line with fewer gives no fish.
    let mut pos = [[[0u16; 9]; 9]; 3];
    for c in 0..81 {
        let (r, col) = (c / 9, c % 9);
        let mut m = grid.cands[c];
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            pos[ROW][r][v] |= 1 << col;
            pos[COL][col][v] |= 1 << r;
        }
    }
    let mut many = [[0u16; 9]; 3];
    for kind in [ROW, COL] {
        for line in 0..9 {
            for v in 0..9 {
                many[kind][v] |= u16::from(pos[kind][line][v].many()) << line;
            }
        }
    }
    for (base_kind, cover_kind) in [(COL, ROW), (ROW, COL)] {
        for t in tuples(degree) {
            for v in 1..=9 {
                if occ[v] + 2 * degree as usize > 9 || t & !many[base_kind][v - 1] != 0 {
                    continue;
                }
                let mut union = 0u16;
                for b in values(t) {
                    union |= pos[base_kind][b - 1][v - 1];
                }
                if size(union) != degree {
                    continue;
                }
                let mut removals = Vec::new();
                for c in values(union) {
                    let p = pos[cover_kind][c - 1][v - 1] & !t;
                    for q in values(p) {
                        removals.push((HOUSES[cover_kind][c - 1][q - 1], bit(v)));
                    }
                }
                if removals.is_empty() {
                    continue;
                }
                if let ControlFlow::Break(b) =
                    f(FishFound { base_kind, base: t, cover: union, value: v, removals })
                {
                    return Some(b);
                }
            }
        }
    }
    None
}

/// The first fish of `degree` (2..=4).
pub(crate) fn fish(grid: &Grid, degree: u32) -> Option<Hint> {
    each_fish(grid, degree, |fsh| {
        let names: Vec<String> =
            values(fsh.base).map(|b| house_name(fsh.base_kind, b - 1)).collect();
        ControlFlow::Break(Hint {
            name: ["X-Wing", "Swordfish", "Jellyfish"][degree as usize - 2].into(),
            rating: [3.2, 3.8, 5.2][degree as usize - 2],
            text: format!(
                "{} in {} lie in {} lines across: {}",
                fsh.value,
                names.join(", "),
                degree,
                removals_text(&fsh.removals)
            ),
            removals: fsh.removals,
            place: None,
        })
    })
}

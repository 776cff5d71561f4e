//! Aligned Pair Exclusion (6.2) and Aligned Triplet Exclusion (7.5): combinations of values
//! for 2 or 3 base cells that would empty a common "excluder" cell (or repeat a value in a
//! house) are impossible; a value of a base cell left in no possible combination goes.
//!
//! SE's scan: base candidates are the cells with 2+ candidates and no naked single among
//! their peers, each with its excluders (peers with 2..=degree candidates); pairs of them in
//! colexicographic order; for triplets, the third cell is drawn from the first two cells'
//! excluders that are base candidates too.

use smallvec::SmallVec;

use super::grid::{CellSet, Grid, PEER_SET, bit, cell_name, cells, see, size, values};
use super::hint::{Hint, removals_text};

struct Base {
    cell: usize,
    /// Excluders (peers with 2..=degree candidates).
    set: CellSet,
}

fn bases(grid: &Grid, degree: u32) -> Vec<Base> {
    // The cells by candidate count, as sets: naked singles, and excluders (2..=degree).
    let (mut singles, mut excluders, mut open) = (0u128, 0u128, 0u128);
    for (cell, &m) in grid.cands.iter().enumerate() {
        let n = size(m);
        singles |= u128::from(n == 1) << cell;
        excluders |= u128::from(n >= 2 && n <= degree) << cell;
        open |= u128::from(n >= 2) << cell;
    }
    let mut out = Vec::new();
    for cell in cells(open) {
        let set = PEER_SET[cell] & excluders;
        if PEER_SET[cell] & singles == 0 && set != 0 {
            out.push(Base { cell, set });
        }
    }
    out
}

/// Exclusions known to remove nothing, by what decides them: the base cells' candidates,
/// which of them see each other, and the set of distinct excluder masks that lie within
/// their values (the result depends on nothing else). A rule run tries thousands of
/// triplets, and the board changes little between runs, so most come back unchanged.
/// Direct-mapped: a slot holds the last key hashed to it.
struct Barren {
    slots: Vec<(u128, u32)>,
}

const BARREN_SLOTS: usize = 1 << 13;

#[cfg(test)]
thread_local! {
    /// Exclusions answered from [`Barren`] (tests check that the memo is exercised).
    static BARREN_HITS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

thread_local! {
    static BARREN: std::cell::RefCell<Barren> =
        std::cell::RefCell::new(Barren { slots: vec![(0, 0); BARREN_SLOTS] });
}

/// The index of a mask of 2 or 3 values among such masks (0..120, in increasing numeric
/// order); excluders have 2 or 3 candidates, so other masks are never asked.
const MASK_ID: [u8; 512] = {
    let mut t = [0u8; 512];
    let (mut m, mut id) = (0usize, 0u8);
    while m < 512 {
        let n = (m as u16).count_ones();
        if n == 2 || n == 3 {
            t[m] = id;
            id += 1;
        }
        m += 1;
    }
    t
};

impl Barren {
    fn slot(key: (u128, u32)) -> usize {
        let h = (key.0 as u64) ^ ((key.0 >> 64) as u64).rotate_left(29) ^ u64::from(key.1);
        (h.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 51) as usize
    }
}

/// Removals of the exclusion on `cells` (2 or 3) with common excluders `common`.
fn exclusion(grid: &Grid, cells: &[usize], common: CellSet) -> Vec<(u8, u16)> {
    let n = cells.len();
    // Only an excluder whose candidates all lie among the base cells' can block a
    // combination; without one, only a repeated value could, which would need more base
    // cells in one house than values among them (a broken board).
    let union = cells.iter().fold(0u16, |a, &c| a | grid.cands[c]);
    // Those excluders, the only ones that can block a combination (with 2 or 3 candidates,
    // each a set of values a combination blocks by using them all).
    let mut ex: SmallVec<[u16; 16]> = SmallVec::new();
    let mut masks = 0u128;
    for c in super::grid::cells(common) {
        let m = grid.cands[c];
        if m & !union == 0 {
            ex.push(m);
            masks |= 1 << MASK_ID[m as usize];
        }
    }
    if ex.is_empty() {
        return Vec::new();
    }
    let m0 = grid.cands[cells[0]];
    let m1 = grid.cands[cells[1]];
    let s01 = see(cells[0], cells[1]);
    let m2 = if n == 3 { grid.cands[cells[2]] } else { 0 };
    let (s02, s12) =
        if n == 3 { (see(cells[0], cells[2]), see(cells[1], cells[2])) } else { (false, false) };
    let key = (
        masks,
        u32::from(m0)
            | u32::from(m1) << 9
            | u32::from(m2) << 18
            | u32::from(s01) << 27
            | u32::from(s02) << 28
            | u32::from(s12) << 29,
    );
    let slot = Barren::slot(key);
    if BARREN.with(|b| b.borrow().slots[slot] == key) {
        #[cfg(test)]
        BARREN_HITS.with(|h| h.set(h.get() + 1));
        return Vec::new();
    }
    let out = exclude(cells, &ex, [m0, m1, m2], [s01, s02, s12]);
    if out.is_empty() {
        BARREN.with(|b| b.borrow_mut().slots[slot] = key);
    }
    out
}

/// The exclusion proper: `ex` the excluders' masks, `m` the base cells' candidates, `s`
/// whether cells 0-1, 0-2, 1-2 see each other.
fn exclude(cells: &[usize], ex: &[u16], m: [u16; 3], s: [bool; 3]) -> Vec<(u8, u16)> {
    let n = cells.len();
    let [m0, m1, m2] = m;
    let [s01, s02, s12] = s;
    let mut allowed = [0u16; 3];
    if n == 2 {
        for a in values(m0) {
            for b in values(m1) {
                let used = bit(a) | bit(b);
                if (a == b && s01) || ex.iter().any(|&m| m & !used == 0) {
                    continue;
                }
                allowed[0] |= bit(a);
                allowed[1] |= bit(b);
            }
            // Every value of both base cells allowed: nothing to remove.
            if allowed[0] == m0 && allowed[1] == m1 {
                return Vec::new();
            }
        }
    } else {
        // For each value pair of the first two cells, the third cell's values left: an
        // excluder is emptied by (a, b, c) when what a and b leave of it is nothing (every c)
        // or c alone.
        for a in values(m0) {
            for b in values(m1) {
                if a == b && s01 {
                    continue;
                }
                let used = bit(a) | bit(b);
                let mut blocked = 0u16;
                for &m in ex {
                    let left = m & !used;
                    if left & left.wrapping_sub(1) == 0 {
                        // Empty (blocks every c, all bits set) or a single value.
                        blocked |= if left == 0 { u16::MAX } else { left };
                    }
                }
                let mut cs = m2 & !blocked;
                if s02 {
                    cs &= !bit(a);
                }
                if s12 {
                    cs &= !bit(b);
                }
                if cs != 0 {
                    allowed[0] |= bit(a);
                    allowed[1] |= bit(b);
                    allowed[2] |= cs;
                }
            }
            // Every value of every base cell allowed: nothing to remove.
            if allowed[0] == m0 && allowed[1] == m1 && allowed[2] == m2 {
                return Vec::new();
            }
        }
    }
    let mut order: SmallVec<[usize; 3]> = (0..n).collect();
    order.sort_by_key(|&i| cells[i]);
    let mut out = Vec::new();
    for i in order {
        let m = m[i] & !allowed[i];
        if m != 0 {
            out.push((cells[i] as u8, m));
        }
    }
    out
}

fn hint(degree: u32, cells: &[usize], removals: Vec<(u8, u16)>) -> Hint {
    let names: Vec<String> = cells.iter().map(|&c| cell_name(c)).collect();
    Hint {
        name: if degree == 2 { "Aligned Pair Exclusion" } else { "Aligned Triplet Exclusion" }
            .into(),
        rating: if degree == 2 { 6.2 } else { 7.5 },
        text: format!(
            "the combinations of {} that leave a neighbour empty are out: {}",
            names.join(","),
            removals_text(&removals)
        ),
        removals,
        place: None,
    }
}

/// The first Aligned Pair Exclusion.
pub(crate) fn pair(grid: &Grid) -> Option<Hint> {
    let b = bases(grid, 2);
    if b.len() < 2 {
        return None;
    }
    for n2 in 1..b.len() {
        for n1 in 0..n2 {
            let common = b[n1].set & b[n2].set;
            if common.count_ones() < 2 {
                continue;
            }
            let cells = [b[n1].cell, b[n2].cell];
            let removals = exclusion(grid, &cells, common);
            if !removals.is_empty() {
                return Some(hint(2, &cells, removals));
            }
        }
    }
    None
}

/// The first Aligned Triplet Exclusion.
pub(crate) fn triplet(grid: &Grid) -> Option<Hint> {
    let b = bases(grid, 3);
    if b.len() < 3 {
        return None;
    }
    let mut base_of = [usize::MAX; 81];
    for (i, x) in b.iter().enumerate() {
        base_of[x.cell] = i;
    }
    let base_set: CellSet = b.iter().fold(0, |a, x| a | 1u128 << x.cell);
    for n2 in 1..b.len() {
        for n1 in 0..n2 {
            let (c0, c1) = (b[n1].cell, b[n2].cell);
            let common01 = b[n1].set & b[n2].set;
            if common01.count_ones() < 2 {
                continue;
            }
            // The twin area: excluders of either that are bases, in SE's insertion order
            // (the first cell's, then the second's new ones).
            let not01 = !(1u128 << c0 | 1u128 << c1);
            let first = b[n1].set & base_set & not01;
            let second = b[n2].set & !b[n1].set & base_set & not01;
            for c2 in super::grid::cells(first).chain(super::grid::cells(second)) {
                let common = common01 & b[base_of[c2]].set;
                if common.count_ones() < 2 {
                    continue;
                }
                let cells = [c0, c1, c2];
                let removals = exclusion(grid, &cells, common);
                if !removals.is_empty() {
                    return Some(hint(3, &cells, removals));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng::Rng;
    use crate::logic::se::grid::{ALL, PEER_SET, cells};

    /// The exclusion (from the memo or not) equals trying every combination of the base
    /// cells' values against every common excluder and a repeat between cells that see each
    /// other, on random boards of small candidate sets (so that excluders often block), for
    /// pairs and triplets of cells, seeing each other or not.
    #[test]
    fn exclusion_keeps_exactly_the_values_of_some_unblocked_combination() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d, 0);
        let (mut tried, mut removing) = (0, 0);
        let hits_before = BARREN_HITS.with(|h| h.get());
        // Enough boards over five values that different boards meet the same key (cells'
        // candidates, which see which, excluder masks) and are answered from the memo.
        for _ in 0..4000 {
            let mut cands = [0u16; 81];
            for c in &mut cands {
                // Two or three values most of the time, from four values, so that excluders
                // often fall within the base cells' values.
                let mut m = 0u16;
                while m.count_ones() < 2 + rng.chance(1, 3) as u32 {
                    m |= 1 << rng.below(4);
                }
                *c = m & ALL;
            }
            let g = Grid::from_parts([0; 81], cands);
            for n in [2usize, 3] {
                // Base cells close together, so that they share peers.
                let c0 = rng.below(81);
                let near: Vec<usize> = cells(PEER_SET[c0]).collect();
                let c1 = near[rng.below(near.len())];
                let c2 = near[rng.below(near.len())];
                let base: Vec<usize> = if n == 2 { vec![c0, c1] } else { vec![c0, c1, c2] };
                if n == 3 && c2 == c1 {
                    continue;
                }
                let excluders = (0..81)
                    .filter(|&c| (2..=n as u32).contains(&g.cands[c].count_ones()))
                    .fold(0u128, |s, c| s | 1u128 << c);
                let common = base.iter().fold(excluders, |s, &c| s & PEER_SET[c]);
                let mut allowed = [0u16; 3];
                let ms: Vec<u16> = base.iter().map(|&c| g.cands[c]).collect();
                for a in values(ms[0]) {
                    for b in values(ms[1]) {
                        for c in values(if n == 3 { ms[2] } else { 1 }) {
                            let vals = if n == 3 { vec![a, b, c] } else { vec![a, b] };
                            let repeat = (0..n).any(|i| {
                                (i + 1..n).any(|j| vals[i] == vals[j] && see(base[i], base[j]))
                            });
                            let used = vals.iter().fold(0u16, |m, &v| m | bit(v));
                            let emptied = cells(common).any(|e| g.cands[e] & !used == 0);
                            if !repeat && !emptied {
                                for i in 0..n {
                                    allowed[i] |= bit(vals[i]);
                                }
                            }
                        }
                    }
                }
                let mut want: Vec<(u8, u16)> = (0..n)
                    .map(|i| (base[i] as u8, ms[i] & !allowed[i]))
                    .filter(|&(_, m)| m != 0)
                    .collect();
                want.sort();
                // Without an excluder inside the base cells' values only a repeat blocks,
                // which on a board that has passed the naked subsets never removes anything
                // (the shortcut the rule takes); these random boards may hold naked pairs.
                let union = ms.iter().fold(0u16, |a, &m| a | m);
                if !cells(common).any(|e| g.cands[e] & !union == 0) {
                    want.clear();
                }
                tried += 1;
                removing += !want.is_empty() as u32;
                assert_eq!(exclusion(&g, &base, common), want, "cells {base:?}");
            }
        }
        // The boards exercise both outcomes, and the memo of exclusions that remove nothing.
        assert!(removing > 500 && removing < tried - 500, "{removing} of {tried}");
        let hits = BARREN_HITS.with(|h| h.get()) - hits_before;
        assert!(hits > 100, "{hits} answers from the memo");
    }
}

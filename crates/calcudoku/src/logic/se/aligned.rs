//! Aligned Pair Exclusion (6.2) and Aligned Triplet Exclusion (7.5): combinations of values
//! for 2 or 3 base cells that would empty a common "excluder" cell (or repeat a value in a
//! house) are impossible; a value of a base cell left in no possible combination goes.
//!
//! SE's scan: base candidates are the cells with 2+ candidates and no naked single among
//! their peers, each with its excluders (peers with 2..=degree candidates); pairs of them in
//! colexicographic order; for triplets, the third cell is drawn from the first two cells'
//! excluders that are base candidates too.

use smallvec::SmallVec;

use super::grid::{CellSet, Grid, PEERS, bit, cell_name, see, values};
use super::hint::{Hint, removals_text};

struct Base {
    cell: usize,
    /// Excluders (peers with 2..=degree candidates).
    set: CellSet,
}

fn bases(grid: &Grid, degree: u32) -> Vec<Base> {
    let mut out = Vec::new();
    for cell in 0..81 {
        if grid.cands[cell].count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut set = 0u128;
        for &p in &PEERS[cell] {
            let n = grid.cands[p as usize].count_ones();
            if n == 1 {
                single = true;
                break;
            } else if n >= 2 && n <= degree {
                set |= 1u128 << p;
            }
        }
        if !single && set != 0 {
            out.push(Base { cell, set });
        }
    }
    out
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
    let ex: SmallVec<[u16; 16]> =
        super::grid::cells(common).map(|c| grid.cands[c]).filter(|&m| m & !union == 0).collect();
    if ex.is_empty() {
        return Vec::new();
    }
    let mut allowed = [0u16; 3];
    let m0 = grid.cands[cells[0]];
    let m1 = grid.cands[cells[1]];
    let s01 = see(cells[0], cells[1]);
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
        let m2 = grid.cands[cells[2]];
        let (s02, s12) = (see(cells[0], cells[2]), see(cells[1], cells[2]));
        for a in values(m0) {
            for b in values(m1) {
                if a == b && s01 {
                    continue;
                }
                let used = bit(a) | bit(b);
                let mut blocked = 0u16;
                for &m in &ex {
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
        let m = grid.cands[cells[i]] & !allowed[i];
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

    /// The exclusion equals trying every combination of the base cells' values against every
    /// common excluder and a repeat between cells that see each other, on random boards of
    /// small candidate sets (so that excluders often block), for pairs and triplets of cells,
    /// seeing each other or not.
    #[test]
    fn exclusion_keeps_exactly_the_values_of_some_unblocked_combination() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d, 0);
        let (mut tried, mut removing) = (0, 0);
        for _ in 0..400 {
            let mut cands = [0u16; 81];
            for c in &mut cands {
                // Two or three values most of the time, from a few values, so that excluders
                // often fall within the base cells' values.
                let mut m = 0u16;
                while m.count_ones() < 2 + rng.chance(1, 3) as u32 {
                    m |= 1 << rng.below(5);
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
        // The boards exercise both outcomes.
        assert!(removing > 50 && removing < tried - 50, "{removing} of {tried}");
    }
}

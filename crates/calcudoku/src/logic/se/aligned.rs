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
    let m2 = if n == 3 { grid.cands[cells[2]] } else { 1 };
    let s01 = see(cells[0], cells[1]);
    let (s02, s12) =
        if n == 3 { (see(cells[0], cells[2]), see(cells[1], cells[2])) } else { (false, false) };
    for a in values(m0) {
        for b in values(m1) {
            if a == b && s01 {
                continue;
            }
            for c in values(m2) {
                let used = if n == 3 {
                    if (a == c && s02) || (b == c && s12) {
                        continue;
                    }
                    bit(a) | bit(b) | bit(c)
                } else {
                    bit(a) | bit(b)
                };
                if ex.iter().any(|&m| m & !used == 0) {
                    continue;
                }
                allowed[0] |= bit(a);
                allowed[1] |= bit(b);
                if n == 3 {
                    allowed[2] |= bit(c);
                }
                // Every value of every base cell allowed: nothing to remove.
                if allowed[0] == m0 && allowed[1] == m1 && (n == 2 || allowed[2] == m2) {
                    return Vec::new();
                }
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

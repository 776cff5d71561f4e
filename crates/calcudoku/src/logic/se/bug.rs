//! Bivalue Universal Grave, types 1 (5.6), 2 and 4 (5.7) and 3 (5.7 + 0.1 per extra value of
//! its naked set), with lkSudoku's handling of a single extra value spread over several cells
//! (SukakuExplainer's default). Sound only on a puzzle with one solution.

use super::grid::{
    BLOCK, Bits, CELL_HOUSE, COL, CellSet, Grid, HOUSE_SET, PEER_SET, ROW, bit, cell_name, cells,
    values,
};
use super::hint::{Hint, removals_text};
use super::subsets::tuples;

fn hint(kind: u8, rating: f64, bug: &[usize], removals: Vec<(u8, u16)>) -> Hint {
    let names: Vec<String> = bug.iter().map(|&c| cell_name(c)).collect();
    Hint {
        name: format!("BUG type {kind}"),
        rating,
        text: format!(
            "without the extra candidates of {} every cell would hold two values and every house \
             each value twice (two solutions): {}",
            names.join(","),
            removals_text(&removals)
        ),
        removals,
        place: None,
    }
}

/// The first BUG hint, SE's order.
pub(crate) fn bug(grid: &Grid) -> Option<Hint> {
    let mut temp = grid.clone();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0u16; 81];
    let mut all_bug = 0u16;
    let mut common: Option<CellSet> = None;
    let mut all_extra: Option<CellSet> = None;
    let mut only_value = 0;
    let mut one_value = true;
    let add_common = |common: &mut Option<CellSet>, cell: usize, bug_cells: &[usize]| {
        let mut c = match *common {
            None => PEER_SET[cell],
            Some(c) => c & PEER_SET[cell],
        };
        for &b in bug_cells {
            c &= !(1u128 << b);
        }
        *common = Some(c);
    };
    // The cells with three or more candidates, where extra values can be.
    let wide: CellSet =
        (0..81).filter(|&c| grid.cands[c].count_ones() >= 3).fold(0, |s, c| s | 1u128 << c);
    for kind in [BLOCK, ROW, COL] {
        for index in 0..9 {
            for v in 1..=9 {
                let pos = grid.cells_with(kind, index, v);
                let n = pos.count_ones();
                if n == 0 || n == 2 {
                    continue;
                }
                let new_set: CellSet = pos & wide;
                match all_extra {
                    None => {
                        all_extra = Some(new_set);
                        only_value = v;
                    }
                    Some(ref mut s) if one_value => {
                        if only_value == v {
                            *s |= new_set;
                        } else {
                            one_value = false;
                        }
                    }
                    _ => {}
                }
                if new_set.single() {
                    let cell = new_set.trailing_zeros() as usize;
                    if !bug_cells.contains(&cell) {
                        bug_cells.push(cell);
                    }
                    bug_values[cell] |= bit(v);
                    all_bug |= bit(v);
                    temp.remove(cell, bit(v));
                    add_common(&mut common, cell, &bug_cells);
                    if bug_cells.len() > 1 && all_bug.many() && common == Some(0) {
                        return None;
                    }
                }
                if new_set == 0 {
                    return None;
                }
            }
        }
    }
    if one_value
        && let Some(extra) = all_extra
        && extra.count_ones() as usize > bug_cells.len()
    {
        let mut rest = extra;
        for &b in &bug_cells {
            rest &= !(1u128 << b);
        }
        for cell in cells(rest) {
            bug_cells.push(cell);
            bug_values[cell] = bit(only_value);
            temp.remove(cell, bit(only_value));
            add_common(&mut common, cell, &bug_cells);
            if bug_cells.len() > 1 && all_bug.many() && common == Some(0) {
                return None;
            }
        }
    }
    // Without the extra candidates: a bivalue grave?
    for c in 0..81 {
        if temp.values[c] == 0 && !temp.cands[c].pair() {
            return None;
        }
    }
    for kind in [BLOCK, ROW, COL] {
        for index in 0..9 {
            for v in 1..=9 {
                let n = temp.cells_with(kind, index, v).count_ones();
                if n != 0 && n != 2 {
                    return None;
                }
            }
        }
    }
    let common_set = common.unwrap_or(0);
    if bug_cells.len() == 1 {
        let c = bug_cells[0];
        return Some(hint(1, 5.6, &bug_cells, vec![(c as u8, grid.cands[c] & !all_bug)]));
    }
    if all_bug.single() {
        let v = all_bug.trailing_zeros() as usize + 1;
        if common_set != 0 {
            let removals: Vec<(u8, u16)> =
                cells(common_set).filter(|&c| grid.has(c, v)).map(|c| (c as u8, bit(v))).collect();
            if !removals.is_empty() {
                return Some(hint(2, 5.7, &bug_cells, removals));
            }
        }
        if bug_cells.len() == 2 {
            return type4(grid, &bug_cells, &bug_values, all_bug);
        }
        return None;
    }
    if common_set != 0 {
        if bug_cells.len() == 2
            && let Some(h) = type4(grid, &bug_cells, &bug_values, all_bug)
        {
            return Some(h);
        }
        return type3(grid, &bug_cells, all_bug, common_set);
    }
    None
}

fn shared_house(cs: &[usize], kind: usize) -> Option<usize> {
    let i = CELL_HOUSE[cs[0]][kind];
    cs.iter().all(|&c| CELL_HOUSE[c][kind] == i).then_some(i as usize)
}

fn type4(grid: &Grid, bug: &[usize], bug_values: &[u16; 81], all_bug: u16) -> Option<Hint> {
    let (c1, c2) = (bug[0], bug[1]);
    let common = grid.cands[c1] & grid.cands[c2] & !all_bug;
    if !common.single() {
        return None;
    }
    for kind in [BLOCK, ROW, COL] {
        if shared_house(bug, kind).is_some() {
            let b1 = grid.cands[c1] & !bug_values[c1] & !common;
            let b2 = grid.cands[c2] & !bug_values[c2] & !common;
            return Some(hint(4, 5.7, bug, vec![(c1 as u8, b1), (c2 as u8, b2)]));
        }
    }
    None
}

fn type3(grid: &Grid, bug: &[usize], all_bug: u16, common: CellSet) -> Option<Hint> {
    for degree in 2..=6u32 {
        for kind in [BLOCK, ROW, COL] {
            let Some(index) = shared_house(bug, kind) else { continue };
            let region_cells: Vec<usize> = cells(common & HOUSE_SET[kind][index]).collect();
            if region_cells.len() < degree as usize {
                continue;
            }
            for t in subsets_of(degree - 1, region_cells.len()) {
                let naked: Vec<usize> = t.iter().map(|&i| region_cells[i]).collect();
                let other: u16 = naked.iter().fold(0, |a, &c| a | grid.cands[c]);
                if other.count_ones() != degree {
                    continue;
                }
                if naked.iter().any(|&c| !grid.cands[c].many()) || !all_bug.many() {
                    continue;
                }
                let set = other | all_bug;
                if set.count_ones() != degree {
                    continue;
                }
                let removals: Vec<(u8, u16)> = region_cells
                    .iter()
                    .filter(|c| !naked.contains(c) && !bug.contains(c))
                    .filter_map(|&c| {
                        let m = grid.cands[c] & set;
                        (m != 0).then_some((c as u8, m))
                    })
                    .collect();
                if !removals.is_empty() {
                    let add = f64::from(set.count_ones() - 1) * 0.1;
                    return Some(hint(3, 5.7 + add, bug, removals));
                }
            }
        }
    }
    None
}

/// k-subsets of 0..n (as index lists) in colexicographic order.
fn subsets_of(k: u32, n: usize) -> Vec<Vec<usize>> {
    if n <= 9 {
        return tuples(k)
            .filter(|&t| (t as usize) < 1 << n)
            .map(|t| values(t).map(|v| v - 1).collect())
            .collect();
    }
    let mut out = Vec::new();
    let mut next: u64 = (1 << k) - 1;
    while next < 1 << n {
        out.push((0..n).filter(|&i| next >> i & 1 == 1).collect());
        let low = next & next.wrapping_neg();
        let ripple = next + low;
        next = (((ripple ^ next) >> 2) / low) | ripple;
    }
    out
}

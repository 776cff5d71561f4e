//! Aligned Pair Exclusion (6.2) and Aligned Triplet Exclusion (7.5): combinations of values
//! for 2 or 3 base cells that would empty a common "excluder" cell (or repeat a value in a
//! house) are impossible; a value of a base cell left in no possible combination goes.
//!
//! SE's scan: base candidates are the cells with 2+ candidates and no naked single among
//! their peers, each with its excluders (peers with 2..=degree candidates); pairs of them in
//! colexicographic order; for triplets, the third cell is drawn from the first two cells'
//! excluders that are base candidates too.

use super::grid::{Grid, PEERS, cell_name, see, values};
use super::hint::{Hint, removals_text};

struct Base {
    cell: usize,
    excluders: Vec<u8>,
}

fn bases(grid: &Grid, degree: u32) -> Vec<Base> {
    let mut out = Vec::new();
    for cell in 0..81 {
        if grid.cands[cell].count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut ex = Vec::new();
        for &p in &PEERS[cell] {
            let n = grid.cands[p as usize].count_ones();
            if n == 1 {
                single = true;
            } else if n >= 2 && n <= degree {
                ex.push(p);
            }
        }
        if !single && !ex.is_empty() {
            out.push(Base { cell, excluders: ex });
        }
    }
    out
}

/// Removals of the exclusion on `cells` with common excluders `common`.
fn exclusion(grid: &Grid, cells: &[usize], common: &[u8]) -> Vec<(u8, u16)> {
    let n = cells.len();
    let mut allowed = vec![0u16; n];
    let lists: Vec<Vec<usize>> = cells.iter().map(|&c| values(grid.cands[c]).collect()).collect();
    let mut idx = vec![0usize; n];
    loop {
        let combo: Vec<usize> = (0..n).map(|i| lists[i][idx[i]]).collect();
        let mut ok = true;
        'pairs: for i in 0..n {
            for j in i + 1..n {
                if combo[i] == combo[j] && see(cells[i], cells[j]) {
                    ok = false;
                    break 'pairs;
                }
            }
        }
        if ok {
            let mut used = 0u16;
            for &v in &combo {
                used |= 1 << (v - 1);
            }
            if common.iter().any(|&e| grid.cands[e as usize] & !used == 0) {
                ok = false;
            }
        }
        if ok {
            for i in 0..n {
                allowed[i] |= 1 << (combo[i] - 1);
            }
        }
        // Next combination.
        let mut k = 0;
        loop {
            if k == n {
                let mut out = Vec::new();
                let mut order: Vec<usize> = (0..n).collect();
                order.sort_by_key(|&i| cells[i]);
                for i in order {
                    let m = grid.cands[cells[i]] & !allowed[i];
                    if m != 0 {
                        out.push((cells[i] as u8, m));
                    }
                }
                return out;
            }
            idx[k] += 1;
            if idx[k] < lists[k].len() {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
    }
}

fn common_of(lists: &[&Vec<u8>]) -> Vec<u8> {
    let mut common: Vec<u8> = lists[0].clone();
    for l in &lists[1..] {
        common.retain(|c| l.contains(c));
    }
    common
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
            let common = common_of(&[&b[n1].excluders, &b[n2].excluders]);
            if common.len() < 2 {
                continue;
            }
            let cells = [b[n1].cell, b[n2].cell];
            let removals = exclusion(grid, &cells, &common);
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
    let is_base: Vec<bool> = {
        let mut v = vec![false; 81];
        for x in &b {
            v[x.cell] = true;
        }
        v
    };
    let base_of = |cell: usize| b.iter().position(|x| x.cell == cell).unwrap();
    for n2 in 1..b.len() {
        for n1 in 0..n2 {
            let (c0, c1) = (b[n1].cell, b[n2].cell);
            // The twin area: excluders of either, that are bases, in insertion order.
            let mut twin: Vec<usize> = Vec::new();
            for &e in b[n1].excluders.iter().chain(b[n2].excluders.iter()) {
                let e = e as usize;
                if is_base[e] && e != c0 && e != c1 && !twin.contains(&e) {
                    twin.push(e);
                }
            }
            for &c2 in &twin {
                let ex2 = &b[base_of(c2)].excluders;
                let common = common_of(&[&b[n1].excluders, &b[n2].excluders, ex2]);
                if common.len() < 2 {
                    continue;
                }
                let cells = [c0, c1, c2];
                let removals = exclusion(grid, &cells, &common);
                if !removals.is_empty() {
                    return Some(hint(3, &cells, removals));
                }
            }
        }
    }
    None
}

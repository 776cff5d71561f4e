//! Counting the solutions of a candidate board (up to a limit), to prove uniqueness before
//! SE's uniqueness rules are used, and to check steps in tests.

use super::grid::{Grid, HOUSES, PEERS};

/// Each cell's possible values: the value's bit for placed cells, the candidates otherwise.
fn masks(grid: &Grid) -> [u16; 81] {
    let mut m = [0u16; 81];
    for c in 0..81 {
        m[c] = if grid.values[c] != 0 { 1 << (grid.values[c] - 1) } else { grid.cands[c] };
    }
    m
}

/// Propagates singles; `false` on a contradiction.
fn propagate(m: &mut [u16; 81], fixed: &mut [bool; 81]) -> bool {
    loop {
        let mut changed = false;
        for c in 0..81 {
            if m[c] == 0 {
                return false;
            }
            if !fixed[c] && m[c].count_ones() == 1 {
                fixed[c] = true;
                changed = true;
                let b = m[c];
                for &p in &PEERS[c] {
                    let p = p as usize;
                    if m[p] & b != 0 {
                        if fixed[p] {
                            return false;
                        }
                        m[p] &= !b;
                        if m[p] == 0 {
                            return false;
                        }
                    }
                }
            }
        }
        // Hidden singles.
        for kind in 0..3 {
            for house in &HOUSES[kind] {
                let mut once = 0u16;
                let mut twice = 0u16;
                for &c in house {
                    let x = m[c as usize];
                    twice |= once & x;
                    once |= x;
                }
                if once != 0x1ff {
                    return false;
                }
                let single = once & !twice;
                if single != 0 {
                    for &c in house {
                        let c = c as usize;
                        let x = m[c] & single;
                        if x != 0 && !fixed[c] && m[c] != x {
                            if x.count_ones() > 1 {
                                return false;
                            }
                            m[c] = x;
                            changed = true;
                        }
                    }
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

fn search(mut m: [u16; 81], mut fixed: [bool; 81], limit: usize, found: &mut usize) {
    if !propagate(&mut m, &mut fixed) {
        return;
    }
    let mut best = None;
    let mut best_n = 10;
    for c in 0..81 {
        let n = m[c].count_ones();
        if n > 1 && n < best_n {
            best_n = n;
            best = Some(c);
        }
    }
    let Some(c) = best else {
        *found += 1;
        return;
    };
    let mut x = m[c];
    while x != 0 && *found < limit {
        let b = x & x.wrapping_neg();
        x &= !b;
        let mut n = m;
        n[c] = b;
        search(n, fixed, limit, found);
    }
}

/// The number of solutions of the board, counting no further than `limit`.
pub(crate) fn count(grid: &Grid, limit: usize) -> usize {
    let mut found = 0;
    search(masks(grid), [false; 81], limit, &mut found);
    found
}

/// The unique solution's values, if the board has exactly one.
#[cfg(test)]
pub(crate) fn solve(grid: &Grid) -> Option<[u8; 81]> {
    if count(grid, 2) != 1 {
        return None;
    }
    // Fix cells one by one to the value that keeps a solution.
    let mut m = masks(grid);
    for c in 0..81 {
        for v in 1..=9u8 {
            let b = 1u16 << (v - 1);
            if m[c] & b == 0 {
                continue;
            }
            let mut t = m;
            t[c] = b;
            let mut found = 0;
            search(t, [false; 81], 1, &mut found);
            if found == 1 {
                m[c] = b;
                break;
            }
        }
    }
    let mut out = [0u8; 81];
    for c in 0..81 {
        out[c] = m[c].trailing_zeros() as u8 + 1;
    }
    Some(out)
}

//! Counting the solutions of a candidate board (up to a limit), to prove uniqueness before
//! SE's uniqueness rules are used, and to check steps in tests.

use super::SeError;
use super::grid::{Bits, Grid, HOUSES, PEERS};
use crate::clock::Instant;

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
            if !fixed[c] && m[c].single() {
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
                            if x.many() {
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

/// Guesses between two looks at the clock.
const CLOCK_EVERY: u32 = 256;

struct Search {
    limit: usize,
    found: usize,
    deadline: Option<Instant>,
    guesses: u32,
    timed_out: bool,
}

impl Search {
    fn run(&mut self, mut m: [u16; 81], mut fixed: [bool; 81]) {
        self.guesses = self.guesses.wrapping_add(1);
        if self.guesses % CLOCK_EVERY == 0
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.timed_out = true;
        }
        if self.timed_out || !propagate(&mut m, &mut fixed) {
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
            self.found += 1;
            return;
        };
        let mut x = m[c];
        while x != 0 && self.found < self.limit && !self.timed_out {
            let b = x & x.wrapping_neg();
            x &= !b;
            let mut n = m;
            n[c] = b;
            self.run(n, fixed);
        }
    }
}

/// The number of solutions of the board, counting no further than `limit`; a timeout once
/// `deadline` has passed.
pub(crate) fn count(
    grid: &Grid,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<usize, SeError> {
    let mut s = Search { limit, found: 0, deadline, guesses: 0, timed_out: false };
    s.run(masks(grid), [false; 81]);
    if s.timed_out { Err(SeError::Timeout) } else { Ok(s.found) }
}

/// The unique solution's values, if the board has exactly one.
#[cfg(test)]
pub(crate) fn solve(grid: &Grid) -> Option<[u8; 81]> {
    if count(grid, 2, None) != Ok(1) {
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
            if count(&Grid::from_parts([0; 81], t), 1, None) == Ok(1) {
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

//! The propagator of a line clue (Skyscrapers): from an edge, exactly `seen` towers are seen
//! along a line, each taller than all before it.
//!
//! Walking the line from the viewer, the state after each cell is the tallest tower so far
//! `t` and the towers seen `k`; a value `v` moves it to `(v, k + 1)` when taller, leaves it
//! when lower (never equal: the tallest so far holds that value). A value stays in a cell
//! when some path of states through the line's candidates passes it and ends with `k` = the
//! clue and `t` = N (the tallest tower is in every line). The paths ignore that the line's
//! values must differ, so they keep every value a solution has (sound), and they are exact
//! once the cells are decided.
//!
//! The states before a cell are kept as one mask of tallest values per count `k` (bit `t - 1`
//! for `t`, as domains hold values), so that a step is a few operations on words: from counts
//! `k - 1`, the cell's values above the lowest tallest reached become tallest with count `k`;
//! a tallest `t` keeps its count when the cell has a value below it. A forward pass gives what
//! each cell can be reached with, a backward pass what can still end right, and a cell keeps
//! the values some pair of them passes: O(N·seen) word operations per line.

use super::{Conflict, Engine};
use crate::puzzle::MAX_SIZE;

/// The bits strictly above the lowest set bit of `x` (none when `x` is 0).
#[inline(always)]
fn above(x: u64) -> u64 {
    !(x ^ x.wrapping_sub(1))
}

/// The bits strictly below the highest set bit of `x` (none when `x` is 0).
#[inline(always)]
fn below(x: u64) -> u64 {
    if x == 0 { 0 } else { u64::MAX >> x.leading_zeros() >> 1 }
}

/// The rows of masks a line's passes use, kept between calls (see the module's notes).
#[derive(Clone, Debug)]
pub(super) struct LinePasses {
    forward: Vec<u64>,
    backward: Vec<u64>,
    /// The line's domains, nearest the viewer first, and the values they keep.
    dom: [u64; MAX_SIZE],
    keep: [u64; MAX_SIZE],
}

impl Default for LinePasses {
    fn default() -> LinePasses {
        LinePasses {
            forward: Vec::new(),
            backward: Vec::new(),
            dom: [0; MAX_SIZE],
            keep: [0; MAX_SIZE],
        }
    }
}

impl LinePasses {
    /// The values of each domain of `dom` some path of the line's states passes with `seen`
    /// towers seen from the line's start (`dom` nearest the viewer first, N = its length,
    /// `seen` in 1..=N).
    fn supports(&mut self, dom: impl ExactSizeIterator<Item = u64>, seen: usize) -> &[u64] {
        let n = dom.len();
        for (to, d) in self.dom.iter_mut().zip(dom) {
            *to = d;
        }
        let (dom, keep) = (&self.dom[..n], &mut self.keep[..n]);
        // Rows of `w` masks, one per count 0..=seen: forward row i (1 ≤ i < n) holds the
        // tallest values reached before cell i with each count; backward row i (1 ≤ i ≤ n)
        // the tallest values before cell i from which the line can still end right.
        let w = seen + 1;
        let (forward, backward) = (&mut self.forward, &mut self.backward);
        if forward.len() < (n + 1) * w {
            forward.resize((n + 1) * w, 0);
            backward.resize((n + 1) * w, 0);
        }
        // Before cell 1: the first tower is seen, whatever it is.
        forward[w..2 * w].fill(0);
        forward[w + 1] = dom[0];
        for i in 1..n.saturating_sub(1) {
            let d = dom[i];
            let hides = above(d); // tallest values the cell can stand below
            let (from, to) = forward[i * w..(i + 2) * w].split_at_mut(w);
            to[0] = 0;
            for k in 1..w {
                to[k] = d & above(from[k - 1]) | from[k] & hides;
            }
        }
        backward[n * w..(n + 1) * w].fill(0);
        backward[n * w + seen] = 1 << (n - 1); // all seen, and the tallest is N
        for i in (1..n).rev() {
            let d = dom[i];
            let hides = above(d);
            let (here, next) = backward[i * w..(i + 2) * w].split_at_mut(w);
            for k in 0..seen {
                here[k] = below(d & next[k + 1]) | next[k] & hides;
            }
            here[seen] = next[seen] & hides;
        }
        // A value v of cell i stays as a new tallest (above a tallest reached with count k,
        // and ending right from (v, k + 1)) or hidden (below a tallest both reached and able
        // to end right with the same count).
        keep[0] = dom[0] & backward[w + 1];
        for i in 1..n {
            let from = &forward[i * w..(i + 1) * w];
            let next = &backward[(i + 1) * w..(i + 2) * w];
            let mut support = 0;
            for k in 0..seen {
                support |= above(from[k]) & next[k + 1] | below(from[k] & next[k]);
            }
            support |= below(from[seen] & next[seen]);
            keep[i] = dom[i] & support;
        }
        keep
    }
}

impl Engine<'_> {
    /// Filters line clue `s`; a contradiction when a cell of the line is left with no value.
    pub(super) fn sightline(&mut self, s: usize) -> Result<(), Conflict> {
        let m = self.m;
        let n = m.n;
        let line = m.more.sightlines[s];
        let cells = &m.more.sight_cells[line.cells_at as usize..line.cells_at as usize + n];
        let seen = line.seen as usize;
        // A puzzle's clues are in 1..=N (checked when it is built; 0 is no clue).
        debug_assert!((1..=n).contains(&seen), "clue {seen} on a side of {n}");
        let keep = self.line_passes.supports(cells.iter().map(|&c| self.dom[c as usize]), seen);
        if let Some(i) = keep.iter().position(|&k| k == 0) {
            self.emptied = cells[i] as usize;
            return Err(Conflict);
        }
        // What the clue's own narrowings queue of it is dropped: filtering is idempotent.
        let mut done = Ok(());
        for (i, &c) in cells.iter().enumerate() {
            done = self.narrow(c as usize, self.line_passes.keep[i]);
            if done.is_err() {
                break;
            }
        }
        self.sight_queue.drop_item(s);
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sequence of values from the domains (repeats allowed), and how many it shows.
    fn brute(dom: &[u64], seen: usize) -> Vec<u64> {
        let n = dom.len();
        let mut keep = vec![0u64; n];
        let mut values = vec![0usize; n];
        fn go(i: usize, dom: &[u64], seen: usize, values: &mut [usize], keep: &mut [u64]) {
            let n = dom.len();
            if i == n {
                let (mut tallest, mut count) = (0, 0);
                for &v in values.iter() {
                    if v == tallest {
                        return; // equal to the tallest so far: no path passes it
                    }
                    if v > tallest {
                        tallest = v;
                        count += 1;
                    }
                }
                if count == seen && tallest == n {
                    for (k, &v) in keep.iter_mut().zip(values.iter()) {
                        *k |= 1 << (v - 1);
                    }
                }
                return;
            }
            for v in 1..=n {
                if dom[i] >> (v - 1) & 1 == 1 {
                    values[i] = v;
                    go(i + 1, dom, seen, values, keep);
                }
            }
        }
        go(0, dom, seen, &mut values, &mut keep);
        keep
    }

    /// The passes keep exactly the values some path of states passes, for random domains of
    /// lines of 1 to 6 cells and every count.
    #[test]
    fn supports_are_the_paths_values() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut passes = LinePasses::default();
        for round in 0..3000 {
            let n = 1 + round % 6;
            let all = (1u64 << n) - 1;
            let dom: Vec<u64> = (0..n)
                .map(|_| {
                    let d = next() & all;
                    if d == 0 || next() % 3 == 0 { all } else { d }
                })
                .collect();
            for seen in 1..=n {
                let keep = passes.supports(dom.iter().copied(), seen);
                assert_eq!(keep, brute(&dom, seen), "domains {dom:?}, seen {seen}");
            }
        }
    }
}

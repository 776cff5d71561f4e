//! The propagator of a line clue (Skyscrapers): from an edge, exactly `seen` towers are seen
//! along a line, each taller than all before it.
//!
//! Walking the line from the viewer, the state after each cell is the tallest tower so far
//! `m` and the towers seen `k`; a value `v` moves it to `(v, k + 1)` when taller, leaves it
//! when lower (never equal: the tallest so far holds that value). A value stays in a cell
//! when some path of states through the line's candidates passes it and ends with `k` = the
//! clue and `m` = N (the tallest tower is in every line). The paths ignore that the line's
//! values must differ, so they keep every value a solution has (sound), and they are exact
//! once the cells are decided. Sets of `k` are bit masks, one per `m`: a forward pass, a
//! backward pass, and a pass that keeps the supported values, each O(N²) per line.

use super::{Conflict, Engine};

impl Engine<'_> {
    /// Filters line clue `s`; a contradiction when a cell of the line is left with no value.
    pub(super) fn sightline(&mut self, s: usize) -> Result<(), Conflict> {
        let m = self.m;
        let n = m.n;
        let line = m.more.sightlines[s];
        let cells = &m.more.sight_cells[line.cells_at as usize..line.cells_at as usize + n];
        let width = n + 1;
        // forward[i * width + t]: the counts seen (bit k) with tallest t before cell i;
        // backward[(i + 1) * width + t]: the counts before cell i + 1 that can still end right.
        let mut forward = std::mem::take(&mut self.sight_forward);
        let mut backward = std::mem::take(&mut self.sight_backward);
        forward.clear();
        forward.resize(n * width, 0);
        backward.clear();
        backward.resize((n + 1) * width, 0);
        forward[0] = 1; // nothing seen, nothing tall
        for i in 0..n - 1 {
            let d = self.dom[cells[i] as usize];
            let (from, to) = forward[i * width..(i + 2) * width].split_at_mut(width);
            let mut lower = 0u128; // counts with a tallest below t
            for t in 0..=n {
                let taller = d >> t.saturating_sub(1) & 1 == 1 && t > 0; // value t in d
                let below = t > 1 && d & ((1u64 << (t - 1)) - 1) != 0; // a value below t
                to[t] = if taller { lower << 1 } else { 0 } | if below { from[t] } else { 0 };
                lower |= from[t];
            }
        }
        backward[n * width + n] = 1u128 << line.seen;
        for i in (0..n).rev() {
            let d = self.dom[cells[i] as usize];
            let (here, next) = backward[i * width..(i + 2) * width].split_at_mut(width);
            let mut above = 0u128; // from values above t in d
            for t in (0..=n).rev() {
                let below = t > 1 && d & ((1u64 << (t - 1)) - 1) != 0;
                here[t] = above >> 1 | if below { next[t] } else { 0 };
                if t > 0 && d >> (t - 1) & 1 == 1 {
                    above |= next[t];
                }
            }
        }
        // A value v of cell i is supported as a new tallest (some count before it, with a
        // tallest below v, plus one, ends right) or hidden (some tallest above v both reached
        // and able to end right).
        let mut keep = [0u64; 64];
        for i in 0..n {
            let d = self.dom[cells[i] as usize];
            let from = &forward[i * width..(i + 1) * width];
            let next = &backward[(i + 1) * width..(i + 2) * width];
            let mut hidden = 0u64; // values hidden behind a reachable tallest above them
            let mut reach_above = false;
            for t in (1..=n).rev() {
                if reach_above {
                    hidden |= 1 << (t - 1);
                }
                reach_above |= from[t] & next[t] != 0;
            }
            let mut lower = 0u128;
            let mut new_tallest = 0u64;
            for v in 1..=n {
                lower |= from[v - 1];
                if (lower << 1) & next[v] != 0 {
                    new_tallest |= 1 << (v - 1);
                }
            }
            keep[i] = d & (new_tallest | hidden);
            if keep[i] == 0 {
                self.sight_forward = forward;
                self.sight_backward = backward;
                self.emptied = cells[i] as usize;
                return Err(Conflict);
            }
        }
        self.sight_forward = forward;
        self.sight_backward = backward;
        // The clue's own narrowings need not queue it again: filtering is idempotent.
        self.sight_queue.hold(s);
        let mut done = Ok(());
        for (i, &c) in cells.iter().enumerate() {
            done = self.narrow(c as usize, keep[i]);
            if done.is_err() {
                break;
            }
        }
        self.sight_queue.release(s);
        done
    }
}

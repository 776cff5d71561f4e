//! The search: one bitboard of cells per value, singles to a fixed point, a guess on a cell
//! with the fewest candidates (or the first open cell, for the row-major search), the state
//! copied for every branch.

use crate::clock::Instant;

use super::bits::{self, Bits};
use super::{CLOCK_EVERY, Layout, cell, unit};

/// Values a board holds at most (the bitboards of a state).
pub(super) const MAX_VALUES: usize = 16;

/// A board: for each value the cells that may still hold it (a placed cell keeps its value),
/// and the cells not placed yet.
#[derive(Clone, Copy)]
pub(super) struct State<const W: usize> {
    cand: [Bits<W>; MAX_VALUES],
    open: Bits<W>,
    /// For each value, the units it is placed in (a mask of indices into the layout's units):
    /// singles and locked candidates skip them.
    done: [u64; MAX_VALUES],
}

impl<const W: usize> State<W> {
    /// The board of the givens (row-major values, 0 empty), propagated; None when they clash
    /// or propagation finds no room for a value.
    pub(super) fn new(lay: &Layout<W>, givens: &[u8]) -> Option<State<W>> {
        let mut s = State { cand: [[0; W]; MAX_VALUES], open: lay.all, done: [0; MAX_VALUES] };
        for d in 0..lay.n {
            s.cand[d] = lay.all;
        }
        for (c, &v) in givens.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let d = v as usize - 1;
            if d >= lay.n || !bits::has(&s.cand[d], c) || !bits::has(&s.open, c) {
                return None;
            }
            s.place(lay, d, c);
        }
        // Every value everywhere is the fixed point locked candidates start from.
        s.propagate(lay, &[lay.all; MAX_VALUES]).then_some(s)
    }

    /// Value `d` (from 0) in cell `c`: the cell loses its other values, the value leaves the
    /// cell's peers.
    #[inline(always)]
    fn place(&mut self, lay: &Layout<W>, d: usize, c: usize) {
        for e in 0..lay.n {
            bits::remove(&mut self.cand[e], c);
        }
        self.cand[d] = bits::minus(&self.cand[d], &lay.peers[cell(c)]);
        bits::insert(&mut self.cand[d], c);
        bits::remove(&mut self.open, c);
        self.done[d] |= lay.units_of[cell(c)];
    }

    /// Naked and hidden singles until neither places anything, then locked candidates, all
    /// to a fixed point; false at a contradiction (a cell without a value, a unit without
    /// room for one). `base`: the boards of an earlier fixed point of locked candidates that
    /// these boards come from (the parent of a guess): only units where a value lost places
    /// since then are looked at again.
    // Values index several boards at once: range loops say that best.
    #[allow(clippy::needless_range_loop)]
    fn propagate(&mut self, lay: &Layout<W>, base: &[Bits<W>; MAX_VALUES]) -> bool {
        let n = lay.n;
        let mut base = *base;
        let mut singles_base = base;
        loop {
            let mut placed = false;
            // Naked singles: open cells with one value left (counted over the values, a bit
            // of each cell at a time).
            let (mut ones, mut twos) = ([0u64; W], [0u64; W]);
            for d in 0..n {
                twos = bits::or(&twos, &bits::and(&ones, &self.cand[d]));
                ones = bits::or(&ones, &self.cand[d]);
            }
            if !bits::is_empty(&bits::minus(&self.open, &ones)) {
                return false;
            }
            let singles = bits::minus(&bits::and(&self.open, &ones), &twos);
            if !bits::is_empty(&singles) {
                for c in bits::cells(singles) {
                    match (0..n).find(|&d| bits::has(&self.cand[d], c)) {
                        Some(d) => self.place(lay, d, c),
                        // An earlier single took its last value.
                        None => return false,
                    }
                }
                // Naked singles are cheap to find: again before hidden singles.
                continue;
            }
            // Hidden singles: a value with one place left in a unit it is not placed in yet
            // (looked for, as locked candidates below, only in units where the value lost a
            // place since the last time they were looked at).
            let start = self.cand;
            for d in 0..n {
                let mut todo = touched(lay, &singles_base[d], &self.cand[d]) & !self.done[d];
                while todo != 0 {
                    let unit = &lay.units[unit(todo)];
                    todo &= todo - 1;
                    let x = bits::and(&self.cand[d], unit);
                    if bits::is_empty(&x) {
                        return false;
                    }
                    if bits::one_of_some(&x) && bits::meets(&x, &self.open) {
                        let c = bits::first(&x);
                        self.place(lay, d, c);
                        placed = true;
                    }
                }
            }
            singles_base = start;
            if placed {
                continue;
            }
            // Locked candidates: a value whose places in a unit all lie in another unit too
            // leaves the rest of that other unit (units where the value is placed have
            // nothing to give or take).
            // A unit whose places for a value are those it had at the last fixed point gives
            // the same answer as there, none: only units holding a place the value lost since
            // are looked at (after a guess, the guessed cell's few units for most values).
            let start = self.cand;
            let mut cut = false;
            for d in 0..n {
                let mut todo = touched(lay, &base[d], &self.cand[d]) & !self.done[d];
                while todo != 0 {
                    let a = unit(todo);
                    todo &= todo - 1;
                    let places = bits::and(&self.cand[d], &lay.units[a]);
                    if bits::is_empty(&places) {
                        // An earlier cut took the value's last place in this unit.
                        return false;
                    }
                    // The other units of the first place, which must hold every place.
                    let first = bits::first(&places);
                    let mut others = lay.units_of[cell(first)] & !self.done[d] & !(1 << a);
                    while others != 0 {
                        let b = &lay.units[unit(others)];
                        others &= others - 1;
                        if !bits::is_empty(&bits::minus(&places, b)) {
                            continue;
                        }
                        let rest = bits::minus(b, &lay.units[a]);
                        if bits::meets(&self.cand[d], &rest) {
                            self.cand[d] = bits::minus(&self.cand[d], &rest);
                            cut = true;
                        }
                    }
                }
            }
            if !cut {
                return true;
            }
            base = start;
        }
    }

    /// The open cell to guess on: the first in row-major order, or one with the fewest values
    /// (a two-valued cell with the most open peers when there is one).
    fn pick(&self, lay: &Layout<W>, row_major: bool) -> usize {
        if row_major {
            return bits::first(&self.open);
        }
        let (mut ones, mut twos, mut threes) = ([0u64; W], [0u64; W], [0u64; W]);
        for d in 0..lay.n {
            let c = &self.cand[d];
            threes = bits::or(&threes, &bits::and(&twos, c));
            twos = bits::or(&twos, &bits::and(&ones, c));
            ones = bits::or(&ones, c);
        }
        let pairs = bits::minus(&bits::and(&self.open, &twos), &threes);
        if !bits::is_empty(&pairs) {
            // Of the two-valued cells, the one with the most open peers: either value
            // reaches furthest (20–40% fewer guesses on Solo's hardest jigsaw and X puzzles
            // than the first one).
            let mut best = (0u32, bits::first(&pairs));
            for c in bits::cells(pairs) {
                let open_peers = bits::and(&lay.peers[cell(c)], &self.open);
                let degree: u32 = open_peers.iter().map(|w| w.count_ones()).sum();
                if degree > best.0 {
                    best = (degree, c);
                }
            }
            return best.1;
        }
        let mut best = (usize::MAX, 0);
        for c in bits::cells(self.open) {
            let k = (0..lay.n).filter(|&d| bits::has(&self.cand[d], c)).count();
            if k < best.0 {
                best = (k, c);
            }
        }
        best.1
    }

    /// The values of a solved board, row-major.
    pub(super) fn grid(&self, lay: &Layout<W>) -> Vec<u8> {
        let mut g = vec![0u8; lay.cells];
        for d in 0..lay.n {
            for c in bits::cells(self.cand[d]) {
                g[c] = d as u8 + 1;
            }
        }
        g
    }
}

/// The units (a mask) holding a place that a value's board `now` lost since `then`.
#[inline(always)]
fn touched<const W: usize>(lay: &Layout<W>, then: &Bits<W>, now: &Bits<W>) -> u64 {
    let lost = bits::minus(then, now);
    match bits::count(&lost) {
        0 => 0,
        // Many lost places reach most units: cheaper to take them all.
        k if k > 2 * lay.n as u32 => lay.every_unit,
        _ => bits::cells(lost).fold(0, |m, c| m | lay.units_of[cell(c)]),
    }
}

/// A depth-first search to `limit` solutions.
pub(super) struct Search<'a, const W: usize> {
    lay: &'a Layout<W>,
    limit: u64,
    /// Guess on the first open cell, smallest value first: the first solution found is then
    /// the first in row-major order.
    row_major: bool,
    /// Guesses allowed before the search gives up (`u64::MAX`: no budget).
    budget: u64,
    deadline: Option<Instant>,
    pub found: u64,
    pub first: Option<State<W>>,
    pub guesses: u64,
    pub timed_out: bool,
    pub out_of_guesses: bool,
}

impl<'a, const W: usize> Search<'a, W> {
    pub(super) fn new(
        lay: &'a Layout<W>,
        limit: u64,
        row_major: bool,
        budget: u64,
        deadline: Option<Instant>,
    ) -> Search<'a, W> {
        Search {
            lay,
            limit,
            row_major,
            budget,
            deadline,
            found: 0,
            first: None,
            guesses: 0,
            timed_out: false,
            out_of_guesses: false,
        }
    }

    fn stopped(&self) -> bool {
        self.found >= self.limit || self.timed_out || self.out_of_guesses
    }

    /// Searches below a propagated, consistent board.
    pub(super) fn run(&mut self, s: State<W>) {
        if bits::is_empty(&s.open) {
            self.found += 1;
            if self.first.is_none() {
                self.first = Some(s);
            }
            return;
        }
        let c = s.pick(self.lay, self.row_major);
        let mut values = [0u8; MAX_VALUES];
        let mut k = 0;
        for d in 0..self.lay.n {
            if bits::has(&s.cand[d], c) {
                values[k] = d as u8;
                k += 1;
            }
        }
        for &d in &values[..k] {
            if self.stopped() {
                return;
            }
            if self.guesses >= self.budget {
                self.out_of_guesses = true;
                return;
            }
            self.guesses += 1;
            if self.guesses % CLOCK_EVERY == 0 && self.deadline.is_some_and(|t| Instant::now() >= t)
            {
                self.timed_out = true;
                return;
            }
            let mut child = s;
            child.place(self.lay, d as usize, c);
            if child.propagate(self.lay, &s.cand) {
                self.run(child);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{self, Format};
    use crate::solve::houses::Houses;

    /// Walks the search tree below `s` (at most `budget` nodes), checking at every guess that
    /// propagation from the parent's fixed point, which looks again only at units where a
    /// value lost places, ends exactly where propagation from scratch does.
    fn walk<const W: usize>(lay: &Layout<W>, s: &State<W>, budget: &mut u32) {
        if *budget == 0 || bits::is_empty(&s.open) {
            return;
        }
        *budget -= 1;
        let c = s.pick(lay, false);
        for d in 0..lay.n {
            if !bits::has(&s.cand[d], c) {
                continue;
            }
            let (mut quick, mut full) = (*s, *s);
            quick.place(lay, d, c);
            full.place(lay, d, c);
            let ok = quick.propagate(lay, &s.cand);
            assert_eq!(ok, full.propagate(lay, &[lay.all; MAX_VALUES]), "value {d} in cell {c}");
            if ok {
                assert!(quick.cand[..lay.n] == full.cand[..lay.n], "value {d} in cell {c}");
                walk(lay, &quick, budget);
            }
        }
    }

    #[test]
    fn propagation_from_a_fixed_point_ends_where_a_fresh_one_does() {
        // Solo's hardest jigsaw, X and jigsaw X kinds need guesses: their trees are walked.
        let ids = [
            "9j:c3_1_5b7_7j1b7e3d7c2c8c3d9e4b2j3_2b8_6_9c,ecad__d_caa_abd_bd_bb__bebcda__a_aa_aa_a_a__ab__a_baa__aa_bdac",
            "3x3x:a6a4a2e8h2b6a9a8_1_4c7_3k3_7c2_8_6a7a9b5h1e5a7a6a",
            "9jx:a5a3d1e5e6a7m4a5c7a9m4a9e5e2d3a4a,c_d_____aa__aaa__aab_aba__ba___a_baacdf__a__eabehad__c_dbdd_",
        ];
        for id in ids {
            let p = format::parse(id, Some(Format::SOLO)).unwrap();
            // Half the givens only, so that the searches branch.
            let mut givens = p.givens().cells().to_vec();
            let mut kept = 0;
            for v in givens.iter_mut().filter(|v| **v != 0) {
                kept += 1;
                if kept % 2 == 0 {
                    *v = 0;
                }
            }
            let Some(Houses::W2(lay)) = Houses::new(&p) else { panic!("{id}: a 9×9 layout") };
            let start = State::new(&lay, &givens).expect("consistent givens");
            let mut budget = 300;
            walk(&lay, &start, &mut budget);
            assert_eq!(budget, 0, "{id}: the search branched too little to test anything");
        }
    }
}

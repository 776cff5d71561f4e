//! Where the search branches (a cell or a unit's value; fewest candidates, conflict weights or
//! row-major order) and how it tries each alternative.

use std::ops::ControlFlow;

use super::super::cage::pair_count;
use super::{Branching, Choice, Engine, Sink, Stop};
use crate::solve::model::NO_CAGE;

impl Engine<'_> {
    /// How many assignments the cage of a cell still allows (u32::MAX when unknown).
    pub(super) fn live_tuples(&self, c: usize) -> u32 {
        let k = self.m.cell_cage[c];
        if k == NO_CAGE {
            return u32::MAX;
        }
        let cage = self.m.cage(k as usize);
        if let Some(partners) = cage.pair {
            let (a, b) = (self.dom[cage.cells[0] as usize], self.dom[cage.cells[1] as usize]);
            return pair_count(partners, a, b);
        }
        let late = self.late_tables.get(k as usize).copied().flatten();
        let late = late.map(|(_, words, at)| (at as usize, words as usize));
        match self.m.live_words(k as usize).or(late) {
            Some((at, words)) => self.tuples[at..at + words].iter().map(|w| w.count_ones()).sum(),
            None => u32::MAX,
        }
    }

    /// The open cell with the fewest candidates; among those, the cell whose cage has the
    /// fewest live assignments left (the most constrained), then the cell with the most open
    /// cells in its units (whose choice tells the most). Returns the cell and its count.
    pub(super) fn fewest_candidates(&mut self) -> Option<(usize, u32)> {
        if super::all_decided(&self.dom) {
            return None;
        }
        let mut open = std::mem::take(&mut self.open_in_unit);
        open.clear();
        // The best cell so far, its key, and its degree once a tie has needed it.
        let mut best: Option<(usize, (u32, u32), Option<u32>)> = None;
        for (c, &d) in self.dom.iter().enumerate() {
            let len = d.count_ones();
            if len < 2 || best.is_some_and(|(_, key, _)| len > key.0) {
                continue;
            }
            let key = (len, self.live_tuples(c));
            match &mut best {
                Some((b, best_key, best_degree)) if key == *best_key => {
                    let mine = self.degree(c, &mut open);
                    let theirs = *best_degree.get_or_insert_with(|| self.degree(*b, &mut open));
                    if mine > theirs {
                        best = Some((c, key, Some(mine)));
                    }
                }
                Some((_, best_key, _)) if key > *best_key => {}
                _ => best = Some((c, key, None)),
            }
        }
        self.open_in_unit = open;
        best.map(|(c, key, _)| (c, key.0))
    }

    /// The open cell with the fewest candidates per weight (the sum of its units' and cage's
    /// weights; ties: first in row-major order). Measured against [`Engine::fewest_candidates`]
    /// with places: nodes 122,537 → 11,962 and 43,400 → 1,426 on the two 25×25 in
    /// `bench/sudoku-big`, 8,811 → 2,917 on its 16×16, 7,560 → 3,361 on 25 more generated
    /// 16×16 and 30,044 → 9,213 on two more generated 25×25. Branching on places as well, or
    /// breaking ties by degree, did worse there. KenKen below
    /// [`WEIGHTED_FROM`](super::WEIGHTED_FROM) keeps the unweighted rule for its first
    /// [`WEIGH_AFTER`](super::WEIGH_AFTER) nodes: Keen's trees are a few dozen nodes, too small
    /// to learn from; longer searches take up weights from there.
    pub(super) fn weighted_cell(&self) -> Option<usize> {
        // The best cell so far, its candidate count and weight.
        let mut best: Option<(usize, u64, u64)> = None;
        for (c, (&d, &w)) in self.dom.iter().zip(&self.cell_weights).enumerate() {
            if d & (d - 1) == 0 {
                continue;
            }
            let len = u64::from(d.count_ones());
            debug_assert_eq!(w, self.weight_from_scratch(c), "cell {c}");
            // len / w < best_len / best_w, without division.
            if best.is_none_or(|(_, best_len, best_w)| len * best_w < best_len * w) {
                best = Some((c, len, w));
            }
        }
        best.map(|(c, _, _)| c)
    }

    /// The weight of cell `c` from its units' and cage's.
    pub(super) fn weight_from_scratch(&self, c: usize) -> u64 {
        let m = self.m;
        let k = m.cell_cage[c];
        let cage = if k == NO_CAGE { 0 } else { self.cage_weights[k as usize] };
        m.units_of(c).iter().map(|&u| self.unit_weights[u as usize]).sum::<u64>() + cage
    }

    /// The open cells in the units of `c`, counting per unit into `open` (empty: not yet).
    pub(super) fn degree(&self, c: usize, open: &mut Vec<u32>) -> u32 {
        let m = self.m;
        if open.is_empty() {
            open.extend((0..m.unit_count).map(|u| self.open_cells(u)));
        }
        m.units_of(c).iter().map(|&u| open[u as usize]).sum()
    }

    /// The cells of a unit with more than one candidate.
    pub(super) fn open_cells(&self, u: usize) -> u32 {
        self.m.unit(u).iter().filter(|&&c| self.dom[c as usize].count_ones() > 1).count() as u32
    }

    /// The unit and value with the fewest places left, if some has fewer than `below` (and at
    /// least two: a value with one place is placed by propagation). Returns the unit, the
    /// value's bit and its number of places.
    ///
    /// Places are counted for all values of a unit at once with bit-sliced counters: bit `v`
    /// of `b0`, `b1`, `b2` are the binary digits of value `v`'s count, `b3` marks eight or more.
    pub(super) fn fewest_places(&self, below: u32) -> Option<(usize, u64, u32)> {
        let m = self.m;
        let mut best = None;
        let mut best_count = below.min(8);
        for u in 0..m.unit_count {
            let (mut b0, mut b1, mut b2, mut b3) = (0u64, 0u64, 0u64, 0u64);
            for &c in m.unit(u) {
                let d = self.dom[c as usize];
                let c0 = b0 & d;
                b0 ^= d;
                let c1 = b1 & c0;
                b1 ^= c0;
                b3 |= b2 & c1;
                b2 ^= c1;
            }
            for k in 2..best_count {
                let bit = |b: u64, i: u32| if k >> i & 1 == 1 { b } else { !b };
                let exact = bit(b0, 0) & bit(b1, 1) & bit(b2, 2) & !b3;
                if exact != 0 {
                    best = Some((u, exact & exact.wrapping_neg(), k));
                    best_count = k;
                    break;
                }
            }
            if best_count == 2 {
                break;
            }
        }
        best
    }

    pub(super) fn pick(&mut self, branching: Branching) -> Option<Choice> {
        match branching {
            Branching::RowMajor => self.dom.iter().position(|d| d & (d - 1) != 0).map(Choice::Cell),
            Branching::FewestCandidates if !self.unit_weights.is_empty() => {
                self.weighted_cell().map(Choice::Cell)
            }
            Branching::FewestCandidates => {
                // A value's places win over a cell's candidates when as few: measured on the
                // corpora, that pays in Latin squares without boxes (nodes /1.3 to /2 on 8×8
                // to 10×10; with boxes only fewer places did, before weights).
                let (cell, len) = self.fewest_candidates()?;
                let below = len + 1;
                Some(match self.fewest_places(below) {
                    Some((unit, value, _)) => Choice::Place { unit, value },
                    None => Choice::Cell(cell),
                })
            }
        }
    }

    /// Every cell is decided: a solution, for the sink (or the search for the first in
    /// row-major order). Some(stop) when the search is to stop.
    pub(super) fn solved(&mut self, sink: &mut Sink) -> Option<Stop> {
        if self.first.is_some() {
            return self.found_solution(sink);
        }
        sink.found += 1;
        if sink.first.is_none() {
            sink.first = Some(super::decided_grid(self.m.n, &self.dom));
        }
        (sink.found >= sink.limit).then_some(Stop::Enough)
    }

    /// Depth-first search below the current (propagated) state.
    ///
    /// A branching that has narrowed the state without deciding it (a value or place left
    /// after the others failed, or a failure with weights) asks for a fresh pick, made in this
    /// loop: the recursion stays one level per branch taken.
    pub(super) fn search(&mut self, branching: Branching, sink: &mut Sink) -> Option<Stop> {
        loop {
            let Some(choice) = self.pick(branching) else {
                return self.solved(sink);
            };
            self.stats.nodes += 1;
            if self.stats.nodes == self.weigh_after {
                self.start_weights();
            }
            if self.stats.nodes > self.node_budget {
                if let Some(stop) = self.out_of_nodes() {
                    return Some(stop);
                }
            }
            // Picking a branch looks at every cell.
            if self.spend(self.dom.len() as u64) {
                return Some(Stop::Timeout);
            }
            let next = match choice {
                Choice::Cell(cell) => self.branch_on_cell(cell, branching, sink),
                Choice::Place { unit, value } => self.branch_on_place(unit, value, branching, sink),
            };
            if let ControlFlow::Break(end) = next {
                return end;
            }
        }
    }

    /// Tries each value of `cell` in increasing order; once one fails it is removed, and what
    /// that implies is propagated before the next value is tried (with weights, before the
    /// next cell is picked: the search is then binary, value or not value).
    pub(super) fn branch_on_cell(
        &mut self,
        cell: usize,
        branching: Branching,
        sink: &mut Sink,
    ) -> ControlFlow<Option<Stop>> {
        loop {
            let d = self.dom[cell];
            if d & (d - 1) == 0 {
                // Only one value is left (the others failed): the cell is decided.
                return ControlFlow::Continue(());
            }
            if let Err(end) = self.try_then_exclude(cell, d & d.wrapping_neg(), branching, sink) {
                return ControlFlow::Break(end);
            }
            if branching == Branching::FewestCandidates && !self.unit_weights.is_empty() {
                // The failure has moved the weights: the best cell may now be another one.
                // Measured: 2-7% fewer backtracks on the big Sudokus than going on here.
                return ControlFlow::Continue(());
            }
        }
    }

    /// Tries each place of `value` in `unit` in turn (the value must go in one of them); once
    /// a place fails the value leaves it, and what that implies is propagated before the next
    /// place is tried.
    pub(super) fn branch_on_place(
        &mut self,
        unit: usize,
        value: u64,
        branching: Branching,
        sink: &mut Sink,
    ) -> ControlFlow<Option<Stop>> {
        let m = self.m;
        loop {
            let mut places = m.unit(unit).iter().filter(|&&c| self.dom[c as usize] & value != 0);
            let Some(&cell) = places.next() else {
                return ControlFlow::Break(None);
            };
            if places.next().is_none() {
                // One place is left (the others failed): propagation has put the value there.
                return ControlFlow::Continue(());
            }
            if let Err(end) = self.try_then_exclude(cell as usize, value, branching, sink) {
                return ControlFlow::Break(end);
            }
        }
    }

    /// One branch of either kind: searches below `cell` set to `v` (a bit); when that finds
    /// no reason to stop, `v` leaves the cell and what that implies is propagated. Err ends
    /// the branching: with the stop to pass on, or None after a contradiction.
    pub(super) fn try_then_exclude(
        &mut self,
        cell: usize,
        v: u64,
        branching: Branching,
        sink: &mut Sink,
    ) -> Result<(), Option<Stop>> {
        if let Some(stop) = self.try_value(cell, v, branching, sink) {
            return Err(Some(stop));
        }
        let d = self.dom[cell];
        self.narrow(cell, d & !v).and_then(|()| self.propagate()).map_err(|_| self.conflict_stop())
    }

    /// Searches below `cell` set to the value `v` (a bit), then undoes it; counts a failure.
    pub(super) fn try_value(
        &mut self,
        cell: usize,
        v: u64,
        branching: Branching,
        sink: &mut Sink,
    ) -> Option<Stop> {
        let mark = self.mark();
        if self.narrow(cell, v).and_then(|()| self.propagate()).is_ok() {
            if let Some(stop) = self.search(branching, sink) {
                return Some(stop);
            }
        } else if self.timed_out {
            return Some(Stop::Timeout);
        }
        self.stats.backtracks += 1;
        self.undo(mark);
        None
    }
}

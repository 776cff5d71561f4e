//! The general engine: candidate bitsets per cell, propagation to a fixed point (naked singles,
//! hidden singles per row/column/box, exact cage filtering), and depth-first search with an
//! undo trail.

use std::time::Instant;

use super::cage::Table;
use super::cage::{CageFilter, Filtered};
use super::model::{CageModel, Model, NO_CAGE};
use crate::puzzle::Grid;

/// Which cell the search branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branching {
    /// The cell with the fewest candidates (ties: first in row-major order). Fastest.
    FewestCandidates,
    /// The first open cell in row-major order: solutions come out in row-major order, so the
    /// first one found is the one the seeds' brute force finds.
    RowMajor,
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Candidate sets narrowed.
    pub narrowings: u64,
    /// Cage filterings run.
    pub cage_filterings: u64,
    /// Search nodes (branches tried).
    pub nodes: u64,
    /// Branches that failed.
    pub backtracks: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.narrowings += o.narrowings;
        self.cage_filterings += o.cage_filterings;
        self.nodes += o.nodes;
        self.backtracks += o.backtracks;
    }
}

/// Why a search stopped before it had looked at everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The sink has all it wants.
    Enough,
    /// The deadline passed.
    Timeout,
}

/// The contradiction that ends a branch.
struct Conflict;

/// A point of the trails to come back to.
#[derive(Clone, Copy)]
struct Mark {
    cells: usize,
    tuples: usize,
}

/// Receives solutions; says when to stop.
pub(crate) struct Sink {
    pub limit: u64,
    pub found: u64,
    pub first: Option<Grid>,
}

/// Mutable search state: candidates, the trail that restores them, and propagation queues.
pub(crate) struct Engine<'m> {
    m: &'m Model,
    dom: Vec<u64>,
    trail: Vec<(u16, u64)>,
    /// Live tuples of the table cages (see [`super::cage::Table`]), and their undo trail.
    tuples: Vec<u64>,
    tuple_trail: Vec<(u32, u64)>,
    /// Buffers reused by table filtering.
    scratch: Vec<u64>,
    allowed: Vec<u64>,
    singles: Vec<u16>,
    cage_queue: Vec<u32>,
    cage_queued: Vec<bool>,
    unit_queue: Vec<u32>,
    unit_queued: Vec<bool>,
    filter: CageFilter,
    supports: Vec<u64>,
    pub stats: Stats,
    deadline: Option<Instant>,
}

impl<'m> Engine<'m> {
    pub fn new(m: &'m Model, deadline: Option<Instant>) -> Engine<'m> {
        // Buffers start at sizes that an easy puzzle does not outgrow: growing them costs as
        // much as a few hundred narrowings.
        let cells = m.initial.len();
        Engine {
            m,
            dom: m.initial.clone(),
            trail: Vec::with_capacity((cells * m.n).min(1 << 16)),
            tuples: m.initial_tuples.clone(),
            tuple_trail: Vec::with_capacity(m.initial_tuples.len() * 2),
            scratch: Vec::with_capacity(64),
            allowed: Vec::with_capacity(64),
            singles: Vec::with_capacity(cells),
            cage_queue: Vec::with_capacity(m.cage_count()),
            cage_queued: vec![false; m.cage_count()],
            unit_queue: Vec::with_capacity(m.unit_count),
            unit_queued: vec![false; m.unit_count],
            filter: CageFilter::default(),
            supports: Vec::with_capacity(64),
            stats: Stats::default(),
            deadline,
        }
    }

    /// Runs the search from the starting candidates, feeding solutions to `sink`.
    pub fn run(&mut self, branching: Branching, sink: &mut Sink) -> Option<Stop> {
        // Everything is to be looked at once: givens, every cage, every unit.
        for c in 0..self.dom.len() {
            if self.dom[c].count_ones() == 1 {
                self.singles.push(c as u16);
            }
        }
        for k in 0..self.m.cage_count() {
            self.queue_cage(k as u32);
        }
        for u in 0..self.m.unit_count {
            self.queue_unit(u as u32);
        }
        if self.propagate().is_err() {
            return None;
        }
        self.search(branching, sink)
    }

    fn queue_cage(&mut self, k: u32) {
        if !self.cage_queued[k as usize] {
            self.cage_queued[k as usize] = true;
            self.cage_queue.push(k);
        }
    }

    fn queue_unit(&mut self, u: u32) {
        if !self.unit_queued[u as usize] {
            self.unit_queued[u as usize] = true;
            self.unit_queue.push(u);
        }
    }

    /// Narrows a cell's candidates to `new` (a subset of the current ones), recording the old
    /// set on the trail and scheduling what depends on the cell.
    fn narrow(&mut self, c: usize, new: u64) -> Result<(), Conflict> {
        let old = self.dom[c];
        if new == old {
            return Ok(());
        }
        if new == 0 {
            return Err(Conflict);
        }
        self.stats.narrowings += 1;
        self.trail.push((c as u16, old));
        self.dom[c] = new;
        if new & (new - 1) == 0 {
            self.singles.push(c as u16);
        }
        let k = self.m.cell_cage[c];
        if k != NO_CAGE {
            self.queue_cage(k);
        }
        let m = self.m;
        for &u in m.units_of(c) {
            self.queue_unit(u);
        }
        Ok(())
    }

    fn mark(&self) -> Mark {
        Mark { cells: self.trail.len(), tuples: self.tuple_trail.len() }
    }

    fn undo(&mut self, mark: Mark) {
        for (c, old) in self.trail.drain(mark.cells..).rev() {
            self.dom[c as usize] = old;
        }
        for (w, old) in self.tuple_trail.drain(mark.tuples..).rev() {
            self.tuples[w as usize] = old;
        }
    }

    fn clear_queues(&mut self) {
        self.singles.clear();
        for k in self.cage_queue.drain(..) {
            self.cage_queued[k as usize] = false;
        }
        for u in self.unit_queue.drain(..) {
            self.unit_queued[u as usize] = false;
        }
    }

    /// Propagates to a fixed point; on a contradiction the queues are emptied.
    fn propagate(&mut self) -> Result<(), Conflict> {
        let r = self.propagate_inner();
        if r.is_err() {
            self.clear_queues();
        }
        r
    }

    fn propagate_inner(&mut self) -> Result<(), Conflict> {
        loop {
            // Naked singles: a placed value leaves every peer.
            if let Some(c) = self.singles.pop() {
                let v = self.dom[c as usize];
                let m = self.m;
                for &p in m.peers(c as usize) {
                    let d = self.dom[p as usize];
                    if d & v != 0 {
                        self.narrow(p as usize, d & !v)?;
                    }
                }
                continue;
            }
            if let Some(k) = self.cage_queue.pop() {
                self.cage_queued[k as usize] = false;
                self.filter_cage(k as usize)?;
                continue;
            }
            if let Some(u) = self.unit_queue.pop() {
                self.unit_queued[u as usize] = false;
                self.hidden_singles(u as usize)?;
                if !self.m.partitions.is_empty() {
                    self.locked_candidates(u as usize)?;
                }
                continue;
            }
            return Ok(());
        }
    }

    fn filter_cage(&mut self, k: usize) -> Result<(), Conflict> {
        self.stats.cage_filterings += 1;
        let m = self.m;
        let cage = m.cage(k);
        let mut supports = std::mem::take(&mut self.supports);
        let found = match cage.table {
            Some((table, at)) => self.filter_table(&cage, &table, at, &mut supports),
            None => self.filter.filter(&cage, &self.dom, &mut supports),
        };
        // The cage's own narrowings need not queue it again: filtering is idempotent.
        self.cage_queued[k] = true;
        let mut r = match found {
            Filtered::Impossible => Err(Conflict),
            Filtered::Narrowed => Ok(()),
        };
        if r.is_ok() {
            for (i, &c) in cage.cells.iter().enumerate() {
                if supports[i] != self.dom[c as usize] {
                    r = self.narrow(c as usize, supports[i]);
                    if r.is_err() {
                        break;
                    }
                }
            }
        }
        self.cage_queued[k] = false;
        self.supports = supports;
        r
    }

    /// Table filtering on the cage's live tuples, whose changed words go on the trail.
    fn filter_table(
        &mut self,
        cage: &CageModel<'_>,
        table: &Table<'_>,
        at: usize,
        out: &mut Vec<u64>,
    ) -> Filtered {
        if table.words == 1 {
            // The common case: the live tuples fit a word, kept on the stack.
            let mut live = [self.tuples[at]];
            let found = table.filter(cage.cells, &self.dom, &mut live, &mut self.allowed, out);
            if found == Filtered::Narrowed && live[0] != self.tuples[at] {
                self.tuple_trail.push((at as u32, self.tuples[at]));
                self.tuples[at] = live[0];
            }
            return found;
        }
        let mut live = std::mem::take(&mut self.scratch);
        live.clear();
        live.extend_from_slice(&self.tuples[at..at + table.words]);
        let found = table.filter(cage.cells, &self.dom, &mut live, &mut self.allowed, out);
        if found == Filtered::Narrowed {
            for (w, &l) in live.iter().enumerate() {
                if l != self.tuples[at + w] {
                    self.tuple_trail.push(((at + w) as u32, self.tuples[at + w]));
                    self.tuples[at + w] = l;
                }
            }
        }
        self.scratch = live;
        found
    }

    /// In a row, column or box every value must appear: a value that fits only one cell goes
    /// there, and a value that fits none is a contradiction.
    fn hidden_singles(&mut self, u: usize) -> Result<(), Conflict> {
        let m = self.m;
        let unit = m.unit(u);
        let (mut once, mut twice) = (0u64, 0u64);
        for &c in unit {
            let d = self.dom[c as usize];
            twice |= once & d;
            once |= d;
        }
        if once != m.full {
            return Err(Conflict);
        }
        let hidden = once & !twice;
        if hidden == 0 {
            return Ok(());
        }
        for &c in unit {
            let d = self.dom[c as usize];
            let h = d & hidden;
            if h != 0 && d != h {
                if h & (h - 1) != 0 {
                    return Err(Conflict); // one cell would need two values
                }
                self.narrow(c as usize, h)?;
            }
        }
        Ok(())
    }

    /// Where a box meets a row or column: a value that, within one of them, can only go in
    /// the cells they share cannot go anywhere else in the other.
    fn locked_candidates(&mut self, u: usize) -> Result<(), Conflict> {
        let m = self.m;
        for part in &m.partitions[u] {
            let mut masks = [0u64; 64];
            for (i, &s) in part.iter().enumerate() {
                masks[i] =
                    m.segments[s as usize].cells.iter().fold(0, |a, &c| a | self.dom[c as usize]);
            }
            for (i, &s) in part.iter().enumerate() {
                let others = masks[..part.len()]
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .fold(0, |a, (_, &x)| a | x);
                let only = masks[i] & !others;
                if only == 0 {
                    continue;
                }
                let seg = &m.segments[s as usize];
                let other = if u as u32 == seg.line { seg.boxu } else { seg.line };
                for &c in m.unit(other as usize) {
                    let units = m.units_of(c as usize);
                    let inside = units.contains(&seg.line) && units.contains(&seg.boxu);
                    let d = self.dom[c as usize];
                    if !inside && d & only != 0 {
                        self.narrow(c as usize, d & !only)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// How many assignments the cage of a cell still allows (u32::MAX when unknown).
    fn live_tuples(&self, c: usize) -> u32 {
        let k = self.m.cell_cage[c];
        if k == NO_CAGE {
            return u32::MAX;
        }
        match self.m.live_words(k as usize) {
            Some((at, words)) => self.tuples[at..at + words].iter().map(|w| w.count_ones()).sum(),
            None => u32::MAX,
        }
    }

    fn pick(&self, branching: Branching) -> Option<usize> {
        match branching {
            Branching::RowMajor => self.dom.iter().position(|d| d & (d - 1) != 0),
            Branching::FewestCandidates => {
                // Fewest candidates; among those, the cell whose cage has the fewest live
                // assignments left (the most constrained).
                let mut best = None;
                let mut best_key = (u32::MAX, u32::MAX);
                for (c, &d) in self.dom.iter().enumerate() {
                    let len = d.count_ones();
                    if len > 1 && len <= best_key.0 {
                        let key = (len, self.live_tuples(c));
                        if key < best_key {
                            best_key = key;
                            best = Some(c);
                        }
                    }
                }
                best
            }
        }
    }

    /// Depth-first search below the current (propagated) state. Each value of the chosen cell
    /// is tried in increasing order; once it fails it is removed, and what that implies is
    /// propagated before the next value is tried.
    fn search(&mut self, branching: Branching, sink: &mut Sink) -> Option<Stop> {
        let Some(cell) = self.pick(branching) else {
            sink.found += 1;
            if sink.first.is_none() {
                let cells = self.dom.iter().map(|&d| d.trailing_zeros() as u8 + 1).collect();
                sink.first = Some(Grid::from_cells(self.m.n, cells));
            }
            return (sink.found >= sink.limit).then_some(Stop::Enough);
        };
        self.stats.nodes += 1;
        if self.stats.nodes % 1024 == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    return Some(Stop::Timeout);
                }
            }
        }
        loop {
            let d = self.dom[cell];
            if d & (d - 1) == 0 {
                // Only one value is left (the others failed): the cell is decided.
                return self.search(branching, sink);
            }
            let v = d & d.wrapping_neg();
            let mark = self.mark();
            if self.narrow(cell, v).and_then(|()| self.propagate()).is_ok() {
                if let Some(stop) = self.search(branching, sink) {
                    return Some(stop);
                }
            }
            self.stats.backtracks += 1;
            self.undo(mark);
            if self.narrow(cell, d & !v).and_then(|()| self.propagate()).is_err() {
                return None;
            }
        }
    }
}

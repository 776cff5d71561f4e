//! The general engine: candidate bitsets per cell, propagation to a fixed point, and
//! depth-first search with an undo trail.
//!
//! Propagation runs its deductions cheapest first, each from its own queue: naked singles (a
//! placed value leaves its peers), exact cage filtering, hidden singles per row/column/box,
//! then (with boxes) locked candidates a band of boxes at a time, and last naked and hidden
//! subsets per unit: every one of them (all-different arc consistency) from size 8, pairs only
//! below. Subsets wait until the starting propagation is stuck without them: most easy puzzles
//! are solved before that, and for them the subset scans would be pure cost. Large cages wait
//! too: their tables are built from the candidates the root has left without them, which are
//! far fewer (see the model's late cages).
//!
//! Without boxes (KenKen) up to 10×10, the search branches either on a cell (each candidate in
//! turn) or on a value of a unit (each place in turn), whichever has fewer alternatives: the
//! cell with the fewest candidates (ties: fewest live tuples in its cage, then most open cells
//! in its units) against the unit/value with the fewest places. With boxes (Sudoku, Killer
//! Sudoku), and in larger KenKen, it branches on the cell with the fewest candidates per
//! conflict weight of its units and cage (dom/wdeg): every contradiction adds one to the weight
//! of the unit or cage that found it, so the search learns where the puzzle is tight. [`Branching::RowMajor`] branches on cells
//! only, in row-major order.
//!
//! `first` (a submodule) finds the first solution in row-major order of a puzzle with several:
//! the count's search, going on as a branch and bound once two solutions are known.

mod first;

use crate::clock::Instant;
use std::ops::ControlFlow;

use std::rc::Rc;

use super::bands::{Band, Bands};
use super::cage::Table;
use super::cage::{CageFilter, Filtered, NODE_BUDGET, filter_pair, pair_count};
use super::model::{CageModel, MAX_TUPLES, Model, NO_CAGE};
use crate::puzzle::Grid;

/// No value, or no cell, in a matching.
const NONE: u8 = u8::MAX;

/// Smallest size whose units get [`Engine::all_different`] instead of naked and hidden pairs.
/// Measured in instructions over whole KenKen sets: from 8×8 it pays (0.75 to 1.0 of the
/// pairs' cost), below it costs up to 7% (6×6).
const ALL_DIFFERENT_FROM: usize = 8;

/// Which cell the search branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branching {
    /// The cell with the fewest candidates (ties: first in row-major order). Fastest.
    FewestCandidates,
    /// The first open cell in row-major order: solutions come out in row-major order, so the
    /// first one found is the one the seeds' brute force finds.
    RowMajor,
}

/// What the search branches on.
#[derive(Clone, Copy, Debug)]
enum Choice {
    /// Each candidate of a cell in turn.
    Cell(usize),
    /// Each place of a value (a bit) in a unit in turn.
    Place { unit: usize, value: u64 },
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
    /// The search used the nodes it was allowed ([`Engine::with_node_budget`]).
    Budget,
}

/// The contradiction that ends a branch.
struct Conflict;

/// Items (cages, units, bands) waiting to be looked at, each at most once: a stack and a flag
/// per item.
struct Pending {
    queue: Vec<u32>,
    queued: Vec<bool>,
}

impl Pending {
    fn new(items: usize) -> Pending {
        Pending { queue: Vec::with_capacity(items), queued: vec![false; items] }
    }

    /// Queues item `i` unless it is queued (or held) already.
    #[inline]
    fn push(&mut self, i: u32) {
        if !self.queued[i as usize] {
            self.queued[i as usize] = true;
            self.queue.push(i);
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<u32> {
        let i = self.queue.pop()?;
        self.queued[i as usize] = false;
        Some(i)
    }

    /// Keeps item `i` (not queued) from being queued until [`Pending::release`].
    fn hold(&mut self, i: usize) {
        self.queued[i] = true;
    }

    fn release(&mut self, i: usize) {
        self.queued[i] = false;
    }

    fn clear(&mut self) {
        for i in self.queue.drain(..) {
            self.queued[i as usize] = false;
        }
    }
}

/// A point of the trails to come back to.
#[derive(Clone, Copy)]
struct Mark {
    cells: usize,
    tuples: usize,
}

/// Latin squares without boxes (KenKen) branch by conflict weights from this size on. On
/// `bench/kenken-scale` weights cut the nodes per set 2–4× from 13×13 (14×14: 2,793 → 731,
/// 16×16: 3,649 → 1,285); on the corpus' 8×8 to 10×10 sets, whose trees are a few dozen nodes,
/// they were as often worse as better (9x9-unreasonable +5% instructions, 10x10-hard −13%).
const WEIGHTED_FROM: usize = 11;

/// Units of work (about a few nanoseconds each: a cage walk's node, a cell looked at) between
/// two readings of the clock. The deadline is watched wherever time goes (propagation, cage
/// walks, late tables, search), each adding its work to one counter: the hot paths pay an
/// addition and a comparison, and the clock is read every few tens of microseconds.
const CHECK_EVERY: u64 = 1 << 14;

/// Receives solutions; says when to stop.
pub(crate) struct Sink {
    pub limit: u64,
    pub found: u64,
    pub first: Option<Grid>,
}

/// Mutable search state: candidates, the trail that restores them, and propagation queues.
pub(crate) struct Engine<'m> {
    m: &'m Model,
    /// Search nodes allowed before the search stops with [`Stop::Budget`].
    node_budget: u64,
    /// The first solution in row-major order, when looked for (see `first`).
    first: Option<first::First>,
    dom: Vec<u64>,
    trail: Vec<(u16, u64)>,
    /// Live tuples of the table cages (see [`super::cage::Table`]), and their undo trail.
    tuples: Vec<u64>,
    tuple_trail: Vec<(u32, u64)>,
    /// The tables of the late cages (see [`Model`]), built once the root has propagated
    /// without them: their masks, and per cage where they lie (masks, words per tuple set,
    /// live tuples in `tuples`); None for a cage with too many assignments, which is walked.
    late_masks: Vec<u64>,
    late_tables: Vec<Option<(u32, u32, u32)>>,
    /// Whether the late tables are built (until then late cages are not filtered).
    late_built: bool,
    /// Buffers reused by table filtering.
    scratch: Vec<u64>,
    allowed: Vec<u64>,
    singles: Vec<u16>,
    /// Cages and units (hidden singles) to be looked at.
    cage_queue: Pending,
    unit_queue: Pending,
    /// Bands and stacks (puzzles with boxes only), and those whose locked candidates are to
    /// be looked at: once the cheaper deductions have settled.
    bands: Rc<Bands>,
    band_queue: Pending,
    /// Open cells per unit, counted when picking a cell (a buffer kept between picks).
    open_in_unit: Vec<u32>,
    /// Units whose naked and hidden subsets (pairs below size 8) are to be looked at, last.
    pair_queue: Pending,
    /// Whether subsets are looked at (not until the starting propagation is stuck).
    pairs: bool,
    /// Candidate masks of the segments of the band being looked at, and per line and per box
    /// the values seen in one segment and in two or more.
    segment_masks: Vec<u64>,
    line_counts: Vec<(u64, u64)>,
    box_counts: Vec<(u64, u64)>,
    filter: CageFilter,
    supports: Vec<u64>,
    /// One plus the contradictions found by each unit and by each cage: where puzzles with
    /// boxes branch (see [`Engine::weighted_cell`]). Empty without boxes.
    unit_weights: Vec<u64>,
    cage_weights: Vec<u64>,
    /// Per cell, the sum of its units' and its cage's weights, kept as they grow: picking a
    /// cell reads one number per cell instead of four.
    cell_weights: Vec<u64>,
    /// The cell whose candidates last ran out.
    emptied: usize,
    /// Per unit, the values of its decided cells, counted as naked singles look at them and
    /// taken out by undo (see [`Engine::hidden_singles`], which runs once every decided cell
    /// has been looked at). Never more than they hold; after a contradiction undo may leave
    /// one out (two decided cells had the same value), which costs a scan at most.
    /// Empty without boxes: KenKen's units are short, and keeping them cost up to 1.3% of
    /// its instructions (8×8 to 10×10 sets).
    decided_in: Vec<u64>,
    /// Per unit and position, the value (bit index) the position had in the unit's last
    /// matching (see [`Engine::all_different`]); not restored on backtracking, checked on use.
    /// Empty below size [`ALL_DIFFERENT_FROM`].
    matching: Vec<u8>,
    pub stats: Stats,
    /// The work of the searches in row-major order tried on the side while looking for the
    /// first solution in that order (see `first`).
    pub side_stats: Stats,
    deadline: Option<Instant>,
    /// Work done so far (see [`CHECK_EVERY`]), and when to read the clock next (never
    /// without a deadline).
    work: u64,
    check_at: u64,
    /// The deadline has passed: every contradiction from then on means "stop".
    timed_out: bool,
}

impl<'m> Engine<'m> {
    pub fn new(m: &'m Model, deadline: Option<Instant>) -> Engine<'m> {
        // Buffers start at sizes that an easy puzzle does not outgrow: growing them costs as
        // much as a few hundred narrowings.
        let cells = m.initial.len();
        let bands = Rc::new(Bands::new(m));
        // Only what the puzzle uses is allocated: a KenKen is solved in the time of a few
        // allocations.
        let weighted = !bands.bands.is_empty() || m.n >= WEIGHTED_FROM;
        Engine {
            m,
            node_budget: u64::MAX,
            first: None,
            dom: m.initial.clone(),
            trail: Vec::with_capacity((cells * m.n).min(1 << 16)),
            tuples: m.initial_tuples.clone(),
            tuple_trail: Vec::with_capacity(m.initial_tuples.len() * 2),
            late_masks: Vec::new(),
            late_tables: Vec::new(),
            late_built: false,
            scratch: Vec::with_capacity(64),
            allowed: Vec::with_capacity(64),
            singles: Vec::with_capacity(cells),
            cage_queue: Pending::new(m.cage_count()),
            unit_queue: Pending::new(m.unit_count),
            band_queue: Pending::new(bands.bands.len()),
            bands,
            pair_queue: Pending::new(m.unit_count),
            open_in_unit: Vec::new(),
            pairs: true,
            segment_masks: Vec::new(),
            line_counts: Vec::new(),
            box_counts: Vec::new(),
            filter: CageFilter::default(),
            supports: Vec::with_capacity(64),
            unit_weights: if weighted { vec![1; m.unit_count] } else { Vec::new() },
            cage_weights: if weighted { vec![1; m.cage_count()] } else { Vec::new() },
            cell_weights: if weighted {
                let units = m.units_of(0).len() as u64;
                m.cell_cage.iter().map(|&k| units + u64::from(k != NO_CAGE)).collect()
            } else {
                Vec::new()
            },
            emptied: 0,
            decided_in: Vec::new(),
            matching: if m.n >= ALL_DIFFERENT_FROM {
                vec![NONE; m.unit_count * m.n]
            } else {
                Vec::new()
            },
            stats: Stats::default(),
            side_stats: Stats::default(),
            deadline,
            work: 0,
            check_at: if deadline.is_some() { 0 } else { u64::MAX },
            timed_out: false,
        }
    }

    /// Reads the clock (once [`CHECK_EVERY`] units of work have passed): whether the deadline
    /// has passed.
    #[cold]
    #[inline(never)]
    fn out_of_time(&mut self) -> bool {
        self.check_at = self.work.saturating_add(CHECK_EVERY);
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
            self.check_at = 0;
        }
        self.timed_out
    }

    /// Stops the search with [`Stop::Budget`] past `nodes` search nodes.
    pub fn with_node_budget(mut self, nodes: u64) -> Engine<'m> {
        self.node_budget = nodes;
        self
    }

    /// Counts `units` of work; true when the deadline has passed.
    #[inline]
    fn spend(&mut self, units: u64) -> bool {
        self.work += units;
        self.work >= self.check_at && self.out_of_time()
    }

    /// What a contradiction means: the end of a branch, or of the whole search once the
    /// deadline has passed (propagation stops with a contradiction then).
    fn conflict_stop(&self) -> Option<Stop> {
        self.timed_out.then_some(Stop::Timeout)
    }

    /// Runs the search from the starting candidates, feeding solutions to `sink`.
    pub fn run(&mut self, branching: Branching, sink: &mut Sink) -> Option<Stop> {
        match self.root() {
            Ok(()) => self.search(branching, sink),
            Err(end) => end,
        }
    }

    /// Propagates everything at the root, once. Err: the search is over before it began,
    /// with the stop to pass on (a timeout) or None (a contradiction: no solution).
    fn root(&mut self) -> Result<(), Option<Stop>> {
        self.queue_everything();
        // Subsets wait until the cheaper deductions alone are stuck: most easy puzzles are
        // solved before that, and for them the subset scans would be pure cost.
        self.pairs = false;
        self.propagate().map_err(|_| self.conflict_stop())?;
        // Then the late cages, with tables cut down to what the root's candidates allow.
        if self.m.has_late_cages() {
            if !self.build_late_tables() {
                return Err(Some(Stop::Timeout));
            }
            self.propagate().map_err(|_| self.conflict_stop())?;
        }
        if self.dom.iter().any(|&d| d & (d - 1) != 0) {
            self.pairs = true;
            self.propagate().map_err(|_| self.conflict_stop())?;
        }
        Ok(())
    }

    /// Everything is to be looked at once: givens, every cage, every unit, every band.
    fn queue_everything(&mut self) {
        if !self.bands.bands.is_empty() {
            self.decided_in = vec![0; self.m.unit_count];
        }
        for c in 0..self.dom.len() {
            if self.dom[c].count_ones() == 1 {
                self.singles.push(c as u16);
            }
        }
        for k in 0..self.m.cage_count() {
            self.cage_queue.push(k as u32);
        }
        for u in 0..self.m.unit_count {
            self.queue_unit(u as u32);
        }
        for b in 0..self.bands.bands.len() {
            self.band_queue.push(b as u32);
        }
    }

    /// Builds the tables of the late cages from the current candidates (the root's: the
    /// tables hold for the whole search below) and queues those cages; false when the
    /// deadline passed first.
    fn build_late_tables(&mut self) -> bool {
        let m = self.m;
        let mut tuples = Vec::new();
        self.late_tables = vec![None; m.cage_count()];
        for k in 0..m.cage_count() {
            let cage = m.cage(k);
            if !cage.late {
                continue;
            }
            let listed =
                self.filter.enumerate(cage, m.n, &self.dom, (MAX_TUPLES, NODE_BUDGET), &mut tuples);
            if self.spend(self.filter.work() + tuples.len() as u64) {
                return false;
            }
            if listed {
                let masks_at = self.late_masks.len() as u32;
                let len = cage.cells.len();
                let words = Table::build(&tuples, len, m.n, &mut self.late_masks, &mut self.tuples);
                let live_at = (self.tuples.len() - words) as u32;
                self.late_tables[k] = Some((masks_at, words as u32, live_at));
            }
            self.cage_queue.push(k as u32);
        }
        self.late_built = true;
        true
    }

    /// Queues unit `u` for hidden singles and, later, for subsets.
    #[inline]
    fn queue_unit(&mut self, u: u32) {
        self.unit_queue.push(u);
        self.pair_queue.push(u);
    }

    /// Counts a contradiction found by unit `u` (puzzles with boxes).
    fn bump_unit(&mut self, u: u32) {
        if let Some(w) = self.unit_weights.get_mut(u as usize) {
            *w += 1;
            for &c in self.m.unit(u as usize) {
                self.cell_weights[c as usize] += 1;
            }
        }
    }

    /// Counts a contradiction found by cage `k` (puzzles with boxes).
    fn bump_cage(&mut self, k: u32) {
        if let Some(w) = self.cage_weights.get_mut(k as usize) {
            *w += 1;
            // A derived cage (Killer Sudoku) is no cell's own: it weighs for none.
            let m = self.m;
            for &c in m.cage(k as usize).cells {
                if m.cell_cage[c as usize] == k {
                    self.cell_weights[c as usize] += 1;
                }
            }
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
            self.emptied = c;
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
            self.cage_queue.push(k);
        }
        let m = self.m;
        for &k in m.derived_cages(c) {
            self.cage_queue.push(k);
        }
        for &u in m.units_of(c) {
            self.queue_unit(u);
        }
        if let Some(&bands) = self.bands.of_cell.get(c) {
            for b in bands {
                self.band_queue.push(b);
            }
        }
        Ok(())
    }

    fn mark(&self) -> Mark {
        Mark { cells: self.trail.len(), tuples: self.tuple_trail.len() }
    }

    fn undo(&mut self, mark: Mark) {
        let m = self.m;
        if self.decided_in.is_empty() {
            for (c, old) in self.trail.drain(mark.cells..).rev() {
                self.dom[c as usize] = old;
            }
        } else {
            for (c, old) in self.trail.drain(mark.cells..).rev() {
                let now = self.dom[c as usize];
                if now & (now - 1) == 0 {
                    // Decided here: what the trail holds has two values at least.
                    for &u in m.units_of(c as usize) {
                        self.decided_in[u as usize] &= !now;
                    }
                }
                self.dom[c as usize] = old;
            }
        }
        for (w, old) in self.tuple_trail.drain(mark.tuples..).rev() {
            self.tuples[w as usize] = old;
        }
    }

    fn clear_queues(&mut self) {
        self.singles.clear();
        self.cage_queue.clear();
        self.unit_queue.clear();
        self.band_queue.clear();
        self.pair_queue.clear();
    }

    /// Propagates to a fixed point; on a contradiction the queues are emptied.
    fn propagate(&mut self) -> Result<(), Conflict> {
        let r = self.propagate_inner();
        if r.is_err() {
            self.clear_queues();
        }
        r
    }

    /// Each deduction that finds a contradiction adds one to the weight of the unit or cage it
    /// looked at: a naked single to the units its cell shares with the emptied peer, locked
    /// candidates to the units of the emptied cell.
    fn propagate_inner(&mut self) -> Result<(), Conflict> {
        let m = self.m;
        // Work per unit looked at (hidden singles, subsets) and per band.
        let unit_work = m.n as u64;
        loop {
            if self.work >= self.check_at && self.out_of_time() {
                return Err(Conflict);
            }
            // Naked singles: a placed value leaves every peer.
            if let Some(c) = self.singles.pop() {
                self.work += unit_work;
                let v = self.dom[c as usize];
                if !self.decided_in.is_empty() {
                    for &u in m.units_of(c as usize) {
                        self.decided_in[u as usize] |= v;
                    }
                }
                for &p in m.peers(c as usize) {
                    let d = self.dom[p as usize];
                    if d & v != 0 && self.narrow(p as usize, d & !v).is_err() {
                        let shared = m.units_of(c as usize);
                        for &u in m.units_of(p as usize).iter().filter(|u| shared.contains(u)) {
                            self.bump_unit(u);
                        }
                        return Err(Conflict);
                    }
                }
                continue;
            }
            if let Some(k) = self.cage_queue.pop() {
                if self.filter_cage(k as usize).is_err() {
                    self.bump_cage(k);
                    return Err(Conflict);
                }
                continue;
            }
            if let Some(u) = self.unit_queue.pop() {
                self.work += unit_work;
                if self.hidden_singles(u as usize).is_err() {
                    self.bump_unit(u);
                    return Err(Conflict);
                }
                continue;
            }
            if let Some(b) = self.band_queue.pop() {
                self.work += unit_work * 4;
                if self.locked_candidates(b as usize).is_err() {
                    for &u in m.units_of(self.emptied) {
                        self.bump_unit(u);
                    }
                    return Err(Conflict);
                }
                continue;
            }
            if let Some(u) = self.pairs.then(|| self.pair_queue.pop()).flatten() {
                self.work += unit_work * 2;
                let found = if m.n >= ALL_DIFFERENT_FROM {
                    self.all_different(u as usize)
                } else {
                    self.naked_pairs(u as usize).and_then(|()| self.hidden_pairs(u as usize))
                };
                if found.is_err() {
                    self.bump_unit(u);
                    return Err(Conflict);
                }
                continue;
            }
            if self.first.as_ref().is_some_and(|f| f.bounded) && self.before_bound()? {
                continue;
            }
            return Ok(());
        }
    }

    fn filter_cage(&mut self, k: usize) -> Result<(), Conflict> {
        self.stats.cage_filterings += 1;
        let m = self.m;
        let cage = m.cage(k);
        self.work += cage.cells.len() as u64;
        let mut supports = std::mem::take(&mut self.supports);
        let found = match (cage.pair, cage.table) {
            (Some(partners), _) => {
                let (a, b) = (self.dom[cage.cells[0] as usize], self.dom[cage.cells[1] as usize]);
                filter_pair(partners, a, b, &mut supports)
            }
            (None, Some((table, at))) => self.filter_table(&cage, &table, at, &mut supports),
            (None, None) => match self.filter_late(k, &cage, &mut supports) {
                Some(found) => found,
                None => {
                    self.supports = supports;
                    return Ok(()); // a late cage waits for its table
                }
            },
        };
        // The cage's own narrowings need not queue it again: filtering is idempotent.
        self.cage_queue.hold(k);
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
        self.cage_queue.release(k);
        self.supports = supports;
        r
    }

    /// Filters a cage with no table in the model: through its late table, or by the walk
    /// when it has none; None while the late tables are not built.
    #[inline(never)]
    fn filter_late(
        &mut self,
        k: usize,
        cage: &CageModel<'_>,
        out: &mut Vec<u64>,
    ) -> Option<Filtered> {
        if let Some((masks_at, words, at)) = self.late_tables.get(k).copied().flatten() {
            let late_masks = std::mem::take(&mut self.late_masks);
            let (from, words) = (masks_at as usize, words as usize);
            let to = from + cage.cells.len() * self.m.n * words;
            let table = Table { words, n: self.m.n, masks: &late_masks[from..to] };
            let found = self.filter_table(cage, &table, at as usize, out);
            self.late_masks = late_masks;
            return Some(found);
        }
        if cage.late && !self.late_built {
            return None;
        }
        let found = self.filter.filter(cage, &self.dom, out);
        self.work += self.filter.work();
        Some(found)
    }

    /// Table filtering on the cage's live tuples, whose changed words go on the trail.
    #[inline(always)]
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
        // Values in one cell, in two or more, and those of decided cells (which have nothing
        // left to tell: their single candidate is their value). With boxes the last are kept
        // per unit rather than found here: 2% fewer instructions on the 25×25 Sudokus of
        // `bench/sudoku-big`.
        let (mut once, mut twice) = (0u64, 0u64);
        let decided = if let Some(&decided) = self.decided_in.get(u) {
            for &c in unit {
                let d = self.dom[c as usize];
                twice |= once & d;
                once |= d;
            }
            debug_assert_eq!(decided, self.decided_values(u), "unit {u}");
            decided
        } else {
            let mut decided = 0;
            for &c in unit {
                let d = self.dom[c as usize];
                twice |= once & d;
                once |= d;
                decided |= if d & (d - 1) == 0 { d } else { 0 };
            }
            decided
        };
        if once != m.full {
            return Err(Conflict);
        }
        let hidden = once & !twice & !decided;
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

    /// The values of the decided cells of unit `u`, from scratch.
    fn decided_values(&self, u: usize) -> u64 {
        let singles = self.m.unit(u).iter().map(|&c| self.dom[c as usize]);
        singles.filter(|&d| d & (d - 1) == 0).fold(0, |a, d| a | d)
    }

    /// Every subset rule of a unit at once (generalized arc consistency of its all-different
    /// constraint, after Régin): a value stays in a cell only if some way of giving the unit's
    /// open cells distinct values gives it there. Naked and hidden pairs, triples and so on are
    /// all cases of it. A maximum matching of open cells to values (kept from the last call as
    /// a hint) gives one way; in the graph where a cell points to the cells whose matched value
    /// it could take, a value stays in a cell exactly when the cell and the value's owner lie
    /// in the same strongly connected component (then the matching can be rotated round a
    /// cycle through both).
    fn all_different(&mut self, u: usize) -> Result<(), Conflict> {
        let m = self.m;
        let unit = m.unit(u);
        // The open cells (positions in the unit) and their candidates.
        let mut pos = [0u8; 64];
        let mut dom = [0u64; 64];
        let mut k = 0;
        let mut union = 0u64;
        for (i, &c) in unit.iter().enumerate() {
            let d = self.dom[c as usize];
            if d & (d - 1) != 0 {
                pos[k] = i as u8;
                dom[k] = d;
                union |= d;
                k += 1;
            }
        }
        let values = union.count_ones() as usize;
        if values < k {
            return Err(Conflict);
        }
        // Two open cells with two values between them both hold exactly those. More values
        // than cells only happens while a decided value is still among its peers (naked
        // singles run first): left to them.
        if k <= 2 || values > k {
            return Ok(());
        }
        let mut mate = [NONE; 64];
        let mut owner = [NONE; 64];
        let mut owned = 0u64;
        let hint = &mut self.matching[u * m.n..(u + 1) * m.n];
        for i in 0..k {
            let v = hint[pos[i] as usize];
            if v != NONE && dom[i] >> v & 1 == 1 && owned >> v & 1 == 0 {
                mate[i] = v;
                owner[v as usize] = i as u8;
                owned |= 1 << v;
            }
        }
        for i in 0..k {
            if mate[i] != NONE {
                continue;
            }
            let free = dom[i] & !owned;
            if free != 0 {
                let v = free.trailing_zeros() as u8;
                mate[i] = v;
                owner[v as usize] = i as u8;
                owned |= 1 << v;
                continue;
            }
            // Augmenting path, breadth-first over cells; parent[j]: the cell that reached j
            // (and would take j's value).
            let mut parent = [NONE; 64];
            let mut queue = [0u8; 64];
            let (mut head, mut tail) = (0, 1);
            queue[0] = i as u8;
            let mut seen = 0u64;
            let mut end = None;
            while head < tail {
                let a = queue[head] as usize;
                head += 1;
                let reach = dom[a] & !seen;
                seen |= reach;
                let free = reach & !owned;
                if free != 0 {
                    end = Some((a, free.trailing_zeros() as u8));
                    break;
                }
                let mut vs = reach;
                while vs != 0 {
                    let j = owner[vs.trailing_zeros() as usize];
                    vs &= vs - 1;
                    parent[j as usize] = a as u8;
                    queue[tail] = j;
                    tail += 1;
                }
            }
            let Some((mut a, mut v)) = end else {
                return Err(Conflict);
            };
            owned |= 1 << v;
            loop {
                let old = mate[a];
                mate[a] = v;
                owner[v as usize] = a as u8;
                if a == i {
                    break;
                }
                a = parent[a] as usize;
                v = old;
            }
        }
        for i in 0..k {
            hint[pos[i] as usize] = mate[i];
        }
        // Cell graph: i -> j when i could take j's value. A value stays in a cell only when
        // the cell and the value's owner lie in the same strongly connected component.
        let mut adj = [0u64; 64];
        let mut radj = [0u64; 64];
        for i in 0..k {
            let mut vs = dom[i];
            let mut a = 0u64;
            while vs != 0 {
                let j = owner[vs.trailing_zeros() as usize];
                vs &= vs - 1;
                a |= 1 << j;
                radj[j as usize] |= 1 << i;
            }
            adj[i] = a;
        }
        let mut left = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
        while left != 0 {
            let s = left.trailing_zeros() as usize;
            let closure = |g: &[u64; 64]| {
                let (mut reach, mut front) = (1u64 << s, 1u64 << s);
                while front != 0 {
                    let mut next = 0;
                    let mut f = front;
                    while f != 0 {
                        next |= g[f.trailing_zeros() as usize];
                        f &= f - 1;
                    }
                    front = next & left & !reach;
                    reach |= front;
                }
                reach
            };
            let scc = closure(&adj) & closure(&radj);
            left &= !scc;
            if left == 0 && scc.count_ones() as usize == k {
                return Ok(()); // one component: nothing to remove
            }
            let mut vals = 0u64;
            let mut p = scc;
            while p != 0 {
                vals |= 1 << mate[p.trailing_zeros() as usize];
                p &= p - 1;
            }
            let mut p = scc;
            while p != 0 {
                let i = p.trailing_zeros() as usize;
                p &= p - 1;
                if dom[i] & !vals != 0 {
                    self.narrow(unit[pos[i] as usize] as usize, dom[i] & vals)?;
                }
            }
        }
        Ok(())
    }

    /// Two cells of a unit with the same two candidates hold those two values: no other cell
    /// of the unit can.
    fn naked_pairs(&mut self, u: usize) -> Result<(), Conflict> {
        let m = self.m;
        let unit = m.unit(u);
        for (i, &a) in unit.iter().enumerate() {
            let d = self.dom[a as usize];
            if d.count_ones() != 2 {
                continue;
            }
            let Some(&b) = unit[i + 1..].iter().find(|&&b| self.dom[b as usize] == d) else {
                continue;
            };
            for &c in unit {
                let e = self.dom[c as usize];
                if c != a && c != b && e & d != 0 {
                    self.narrow(c as usize, e & !d)?;
                }
            }
        }
        Ok(())
    }

    /// Two values that each fit only the same two cells of a unit fill them: those cells can
    /// hold nothing else.
    fn hidden_pairs(&mut self, u: usize) -> Result<(), Conflict> {
        let m = self.m;
        let unit = m.unit(u);
        // Values seen in at least one, two and three cells.
        let (mut one, mut two, mut three) = (0u64, 0u64, 0u64);
        for &c in unit {
            let d = self.dom[c as usize];
            three |= two & d;
            two |= one & d;
            one |= d;
        }
        let two = two & !three;
        if two.count_ones() < 2 {
            return Ok(());
        }
        // Each such value's places, as bits of positions in the unit.
        let mut found = [(0u64, 0u64); 64];
        let mut len = 0;
        let mut vs = two;
        while vs != 0 {
            let v = vs & vs.wrapping_neg();
            vs &= vs - 1;
            let places = unit
                .iter()
                .enumerate()
                .filter(|&(_, &c)| self.dom[c as usize] & v != 0)
                .fold(0u64, |a, (i, _)| a | 1 << i);
            found[len] = (v, places);
            len += 1;
        }
        for i in 0..len {
            for j in i + 1..len {
                if found[i].1 == found[j].1 {
                    let both = found[i].0 | found[j].0;
                    let mut p = found[i].1;
                    while p != 0 {
                        let c = unit[p.trailing_zeros() as usize] as usize;
                        p &= p - 1;
                        self.narrow(c, self.dom[c] & both)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Where a box meets a row or column: a value that, within one of them, can only go in
    /// the cells they share cannot go anywhere else in the other. Looked at for a whole band
    /// (or stack) at once, from the candidate masks of its segments. Segments are read from
    /// the band's flat cell array and counted line by line without divisions: 8% fewer
    /// instructions on the big Sudokus than through the model's segments.
    fn locked_candidates(&mut self, b: usize) -> Result<(), Conflict> {
        let bands = Rc::clone(&self.bands);
        let band = &bands.bands[b];
        let mut masks = std::mem::take(&mut self.segment_masks);
        let mut lines = std::mem::take(&mut self.line_counts);
        let mut boxes = std::mem::take(&mut self.box_counts);
        masks.clear();
        let dom = &self.dom;
        let segments = band.cells.chunks_exact(band.width);
        masks.extend(segments.map(|seg| seg.iter().fold(0, |a, &c| a | dom[c as usize])));
        lines.clear();
        boxes.clear();
        boxes.resize(band.boxes, (0, 0));
        for row in masks.chunks_exact(band.boxes) {
            let (mut once, mut twice) = (0, 0);
            for (&mask, (box_once, box_twice)) in row.iter().zip(boxes.iter_mut()) {
                twice |= once & mask;
                once |= mask;
                *box_twice |= *box_once & mask;
                *box_once |= mask;
            }
            lines.push((once, twice));
        }
        let mut r = Ok(());
        'all: for line in 0..band.lines {
            for bx in 0..band.boxes {
                let mask = masks[line * band.boxes + bx];
                // Values of the line only here, still elsewhere in the box; and the other way.
                let line_locked = mask & !lines[line].1 & boxes[bx].1;
                let box_locked = mask & !boxes[bx].1 & lines[line].1;
                if line_locked != 0 {
                    let others =
                        (0..band.lines).filter(|&l| l != line).map(|l| l * band.boxes + bx);
                    r = self.remove_from_segments(band, others, line_locked);
                }
                if r.is_ok() && box_locked != 0 {
                    let others =
                        (0..band.boxes).filter(|&x| x != bx).map(|x| line * band.boxes + x);
                    r = self.remove_from_segments(band, others, box_locked);
                }
                if r.is_err() {
                    break 'all;
                }
            }
        }
        self.segment_masks = masks;
        self.line_counts = lines;
        self.box_counts = boxes;
        r
    }

    /// Removes the values `gone` from the cells of the band's segments at positions `at`.
    fn remove_from_segments(
        &mut self,
        band: &Band,
        at: impl Iterator<Item = usize>,
        gone: u64,
    ) -> Result<(), Conflict> {
        for i in at {
            for &c in &band.cells[i * band.width..(i + 1) * band.width] {
                let d = self.dom[c as usize];
                if d & gone != 0 {
                    self.narrow(c as usize, d & !gone)?;
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
    fn fewest_candidates(&mut self) -> Option<(usize, u32)> {
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
    /// breaking ties by degree, did worse there. KenKen below [`WEIGHTED_FROM`] keeps the
    /// unweighted rule: its trees are a few dozen nodes, too small to learn from.
    fn weighted_cell(&self) -> Option<usize> {
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
    fn weight_from_scratch(&self, c: usize) -> u64 {
        let m = self.m;
        let k = m.cell_cage[c];
        let cage = if k == NO_CAGE { 0 } else { self.cage_weights[k as usize] };
        m.units_of(c).iter().map(|&u| self.unit_weights[u as usize]).sum::<u64>() + cage
    }

    /// The open cells in the units of `c`, counting per unit into `open` (empty: not yet).
    fn degree(&self, c: usize, open: &mut Vec<u32>) -> u32 {
        let m = self.m;
        if open.is_empty() {
            open.extend((0..m.unit_count).map(|u| self.open_cells(u)));
        }
        m.units_of(c).iter().map(|&u| open[u as usize]).sum()
    }

    /// The cells of a unit with more than one candidate.
    fn open_cells(&self, u: usize) -> u32 {
        self.m.unit(u).iter().filter(|&&c| self.dom[c as usize].count_ones() > 1).count() as u32
    }

    /// The unit and value with the fewest places left, if some has fewer than `below` (and at
    /// least two: a value with one place is placed by propagation). Returns the unit, the
    /// value's bit and its number of places.
    ///
    /// Places are counted for all values of a unit at once with bit-sliced counters: bit `v`
    /// of `b0`, `b1`, `b2` are the binary digits of value `v`'s count, `b3` marks eight or more.
    fn fewest_places(&self, below: u32) -> Option<(usize, u64, u32)> {
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

    fn pick(&mut self, branching: Branching) -> Option<Choice> {
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

    /// Depth-first search below the current (propagated) state.
    ///
    /// A branching that has narrowed the state without deciding it (a value or place left
    /// after the others failed, or a failure with weights) asks for a fresh pick, made in this
    /// loop: the recursion stays one level per branch taken.
    fn search(&mut self, branching: Branching, sink: &mut Sink) -> Option<Stop> {
        loop {
            let Some(choice) = self.pick(branching) else {
                if self.first.is_some() {
                    return self.found_solution(sink);
                }
                sink.found += 1;
                if sink.first.is_none() {
                    let cells = self.dom.iter().map(|&d| d.trailing_zeros() as u8 + 1).collect();
                    sink.first = Some(Grid::from_valid(self.m.n, cells));
                }
                return (sink.found >= sink.limit).then_some(Stop::Enough);
            };
            self.stats.nodes += 1;
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
    fn branch_on_cell(
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
    fn branch_on_place(
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
    fn try_then_exclude(
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
    fn try_value(
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

#[cfg(test)]
mod tests {
    use super::super::cage::bits;
    use super::*;
    use crate::generate::SplitMix64;
    use crate::puzzle::Puzzle;

    /// The values each cell has in some assignment of distinct values to all the cells (the
    /// reference, by trying them all), or None when there is no such assignment.
    fn supported(doms: &[u64]) -> Option<Vec<u64>> {
        fn go(i: usize, doms: &[u64], used: u64, path: &mut Vec<u64>, out: &mut [u64]) {
            if i == doms.len() {
                for (o, &v) in out.iter_mut().zip(path.iter()) {
                    *o |= v;
                }
                return;
            }
            let mut vs = doms[i] & !used;
            while vs != 0 {
                let v = vs & vs.wrapping_neg();
                vs &= vs - 1;
                path.push(v);
                go(i + 1, doms, used | v, path, out);
                path.pop();
            }
        }
        let mut out = vec![0; doms.len()];
        go(0, doms, 0, &mut Vec::new(), &mut out);
        out.iter().all(|&o| o != 0).then_some(out)
    }

    /// Random candidates for the first row of an empty Latin square of side `n`: usually
    /// around a hidden permutation (so that an assignment exists), sometimes not; with
    /// `decided`, some cells have one candidate.
    fn random_row(n: usize, rng: &mut SplitMix64, decided: bool) -> Vec<u64> {
        let mut perm: Vec<u64> = (0..n).map(|v| 1 << v).collect();
        rng.shuffle(&mut perm);
        let planted = rng.below(4) != 0;
        let density = 2 + rng.below(5) as u64; // in tenths
        (0..n)
            .map(|i| {
                loop {
                    let mut d =
                        (0..n).filter(|_| rng.next_u64() % 10 < density).fold(0, |a, v| a | 1 << v);
                    if planted {
                        d |= perm[i];
                    }
                    let one = decided && rng.below(5) == 0;
                    if one && d != 0 {
                        break d & d.wrapping_neg();
                    }
                    if !one && d.count_ones() >= 2 {
                        break d;
                    }
                }
            })
            .collect()
    }

    /// The decided values kept per unit against a count from scratch, along random descents
    /// and backtracks through Sudokus of every usual size (whenever propagation is done: they
    /// are counted as naked singles look at cells).
    #[test]
    fn decided_values_follow_the_search() {
        let mut rng = SplitMix64::new(11);
        for case in 0..60 {
            let n = [4, 6, 8, 9, 12, 16][case % 6];
            let mut givens = crate::generate::random_sudoku_grid(n, &mut rng).unwrap();
            for i in 0..n * n {
                if rng.below(3) != 0 {
                    givens.set(crate::puzzle::Cell(i as u16), 0);
                }
            }
            let p = Puzzle::sudoku(n, crate::puzzle::BoxShape::standard(n), givens).unwrap();
            let m = Model::new(&p);
            let mut e = Engine::new(&m, None);
            e.queue_everything();
            e.pairs = rng.below(2) == 0;
            assert!(e.propagate().is_ok(), "givens from a solution");
            let check = |e: &Engine<'_>| {
                for u in 0..m.unit_count {
                    assert_eq!(e.decided_in[u], e.decided_values(u), "case {case}, unit {u}");
                }
            };
            check(&e);
            let mut marks = Vec::new();
            for _ in 0..200 {
                let open: Vec<usize> = (0..n * n).filter(|&c| e.dom[c].count_ones() > 1).collect();
                if open.is_empty() || (!marks.is_empty() && rng.below(3) == 0) {
                    let Some(mark) = marks.pop() else { break };
                    e.undo(mark);
                } else {
                    let c = open[rng.below(open.len())];
                    let values: Vec<usize> = bits(e.dom[c]).collect();
                    let v = 1u64 << values[rng.below(values.len())];
                    let mark = e.mark();
                    if e.narrow(c, v).and_then(|()| e.propagate()).is_ok() {
                        marks.push(mark);
                    } else {
                        e.undo(mark);
                    }
                }
                check(&e);
            }
        }
    }

    /// The subset rule against the reference: with every cell open it keeps exactly the
    /// supported values and fails exactly when there are none; with decided cells among them
    /// (where it may leave work to naked singles) it never removes a supported value and
    /// never fails when an assignment exists. The engine is reused, so matchings kept from
    /// earlier rows serve as stale hints.
    #[test]
    fn all_different_keeps_exactly_the_supported_values() {
        let mut rng = SplitMix64::new(7);
        for n in [8, 9] {
            let p = Puzzle::sudoku(n, None, Grid::empty(n)).unwrap();
            let m = Model::new(&p);
            let mut e = Engine::new(&m, None);
            for case in 0..3000 {
                let decided = case % 3 == 2;
                let row = random_row(n, &mut rng, decided);
                e.dom[..n].copy_from_slice(&row);
                let found = e.all_different(0);
                e.clear_queues();
                let got = &e.dom[..n];
                match supported(&row) {
                    None if !decided => assert!(found.is_err(), "{row:?}: no assignment"),
                    None => {}
                    Some(keep) => {
                        assert!(found.is_ok(), "{row:?}: failed, yet {keep:?} fit");
                        let lost = got.iter().zip(&keep).any(|(g, k)| k & !g != 0);
                        assert!(!lost, "{row:?}: kept {got:?}, supported {keep:?}");
                        if !decided {
                            assert_eq!(got, &keep[..], "{row:?}");
                        }
                    }
                }
            }
        }
    }
}

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
//! Submodules: `units` holds the deductions within a row, column or box (hidden singles,
//! subsets, locked candidates), `branch` the choice of where to branch and the trying of each
//! alternative, and `first` the first solution in row-major order of a puzzle with several
//! (the count's search, going on as a branch and bound once two solutions are known).

mod branch;
mod first;
mod queues;
mod relations;
mod root;
mod sightlines;
mod spare;
mod units;

use crate::clock::Instant;
use queues::{BitQueue, Pending, UnitQueue};

use std::rc::Rc;

use super::bands::Bands;
use super::cage::Table;
use super::cage::{CageFilter, Filtered, NODE_BUDGET, pair_supports};
use super::model::{CageModel, MAX_TUPLES, Model, NO_CAGE};
use crate::puzzle::Grid;

/// No value, or no cell, in a matching.
const NONE: u8 = u8::MAX;

/// Search nodes after which an engine without conflict weights (KenKen below
/// [`WEIGHTED_FROM`], Towers, Futoshiki and Adjacent below it) branches on them too. Keen's
/// puzzles take at most 83 nodes at 8×8 to 10×10 (the corpus), so their searches are as
/// before; weighing from the start cost Keen's 9×9 puzzles 27% more instructions. Longer
/// searches learn, as from 11×11 (PERFORMANCE.md, stop 72):
/// - random KenKens of Keen's cage shapes, most with several solutions: 100 of 10×10
///   (`keen_like`, seeds 0–99), count to two 115 → 62 ms on average, solve 154 → 71 ms,
///   those over 0.2 s 17 → 4; 9×9 count 7.3 → 2.9 ms, solve 15.8 → 5.6 ms;
/// - Tatham's 9×9 unreasonable Towers and recursive Futoshiki, whose searches run to
///   thousands: 17–21% fewer instructions on the shared tables; 10×10 Adjacent recursive 8×
///   quicker to generate (though one 10×10 Futoshiki recursive, seed 1, took 51 s instead
///   of 8).
const WEIGH_AFTER: u64 = 500;

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

/// Whether every cell of `dom` is decided, without an early exit: the loop vectorizes, and a
/// solved grid (every easy puzzle at the root) is looked at whole anyway.
fn all_decided(dom: &[u64]) -> bool {
    dom.iter().fold(0, |open, &d| open | d & d.wrapping_sub(1)) == 0
}

/// The grid of `dom`, every cell decided, on a side of `n`.
fn decided_grid(n: usize, dom: &[u64]) -> Grid {
    Grid::from_valid(n, dom.iter().map(|&d| d.trailing_zeros() as u8 + 1).collect())
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
    unit_queue: UnitQueue,
    /// Cells whose relations' other cells are to be filtered (see
    /// [`More::arcs`](super::model::More::arcs)), and line clues to be looked at (none in
    /// KenKen, Sudoku and Killer).
    relation_queue: BitQueue,
    sight_queue: BitQueue,
    /// The line clues' passes (see `sightlines`), kept between calls.
    line_passes: sightlines::LinePasses,
    /// Bands and stacks (puzzles with boxes only), and those whose locked candidates are to
    /// be looked at: once the cheaper deductions have settled.
    bands: Rc<Bands>,
    band_queue: Pending,
    /// Open cells per unit, counted when picking a cell (a buffer kept between picks).
    open_in_unit: Vec<u32>,
    /// Units whose naked and hidden subsets (pairs below size 8) are to be looked at, last.
    pair_queue: UnitQueue,
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
    /// The search node from which an engine without weights takes them up (see
    /// [`WEIGH_AFTER`]); `u64::MAX`: never.
    weigh_after: u64,
    /// No boxes, no derived cages and units queued as bits (see [`UnitQueue`]): a narrowed
    /// cell queues its cage, row and column only.
    plain: bool,
    /// A cell's units are its row and column alone, with no derived cages and no bands
    /// (Towers, Unequal, Adjacent; KenKen too, where `plain` does not already hold): a
    /// narrowed cell queues those two, its relations and its line clues, without looking for
    /// the rest (see [`Engine::schedule_lines`]).
    lines: bool,
    /// Whether narrowings go on the trails (not at the root, see [`Engine::root`]).
    trailing: bool,
    /// Whether the root may propagate on fixed-size state (see `root`); tests turn it off to
    /// compare with the general propagation.
    small: bool,
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
    /// Empty until [`Engine::all_different`] first runs (from size [`ALL_DIFFERENT_FROM`]).
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
    /// Assignments of a late cage as they are listed (see [`Engine::build_late_tables`]).
    listed: Vec<u8>,
    /// Where the buffers go back when the engine is dropped (see `spare`).
    spare: Option<Box<spare::Spare>>,
}

impl Drop for Engine<'_> {
    fn drop(&mut self) {
        let Some(mut spare) = self.spare.take() else { return };
        spare.dom = std::mem::take(&mut self.dom);
        spare.trail = std::mem::take(&mut self.trail);
        spare.tuples = std::mem::take(&mut self.tuples);
        spare.tuple_trail = std::mem::take(&mut self.tuple_trail);
        spare.late_masks = std::mem::take(&mut self.late_masks);
        spare.late_tables = std::mem::take(&mut self.late_tables);
        spare.scratch = std::mem::take(&mut self.scratch);
        spare.allowed = std::mem::take(&mut self.allowed);
        spare.singles = std::mem::take(&mut self.singles);
        spare.cage_queue = std::mem::take(&mut self.cage_queue).into_parts();
        spare.supports = std::mem::take(&mut self.supports);
        spare.listed = std::mem::take(&mut self.listed);
        spare.filter = std::mem::take(&mut self.filter);
        spare::put_back(spare);
    }
}

impl<'m> Engine<'m> {
    pub fn new(m: &'m Model, deadline: Option<Instant>) -> Engine<'m> {
        // Buffers come from the last engine dropped on this thread (see `spare`), refilled.
        // They start at sizes that an easy puzzle does not outgrow: growing them costs as
        // much as a few hundred narrowings.
        let cells = m.initial.len();
        let mut spare = spare::take();
        let bands = if m.partitions.is_empty() {
            Rc::clone(spare.no_bands.get_or_insert_with(|| Rc::new(Bands::default())))
        } else {
            Rc::new(Bands::new(m))
        };
        let mut dom = std::mem::take(&mut spare.dom);
        dom.clear();
        dom.extend_from_slice(&m.initial);
        let mut trail = std::mem::take(&mut spare.trail);
        trail.clear();
        trail.reserve((cells * m.n).min(1 << 16));
        let mut tuples = std::mem::take(&mut spare.tuples);
        tuples.clear();
        tuples.extend_from_slice(&m.initial_tuples);
        let mut tuple_trail = std::mem::take(&mut spare.tuple_trail);
        tuple_trail.clear();
        tuple_trail.reserve(m.initial_tuples.len() * 2);
        let mut late_masks = std::mem::take(&mut spare.late_masks);
        late_masks.clear();
        let mut late_tables = std::mem::take(&mut spare.late_tables);
        late_tables.clear();
        let mut singles = std::mem::take(&mut spare.singles);
        singles.clear();
        singles.reserve(cells);
        let (queue, queued) = std::mem::take(&mut spare.cage_queue);
        let mut supports = std::mem::take(&mut spare.supports);
        supports.reserve(64);
        // Only what the puzzle uses is allocated: a KenKen is solved in the time of a few
        // allocations.
        let no_bands = bands.bands.is_empty();
        let lines = m.more.cell_units.is_empty()
            && m.units_of(0).len() == 2
            && m.derived_cages_none()
            && no_bands;
        // Conflict weights where they pay: with boxes, regions or extra units, and on large
        // squares; not where a cell's units are its row and column (Towers, Unequal,
        // Adjacent), whose searches the fewest candidates or places of a plain Latin square
        // keep smaller (measured in PERFORMANCE.md, "Towers and Unequal, third pass"), until
        // a search passes `WEIGH_AFTER` nodes.
        let weighted = !no_bands || m.n >= WEIGHTED_FROM || (m.has_regions_or_more() && !lines);
        let unit_bits = !weighted;
        let mut engine = Engine {
            m,
            node_budget: u64::MAX,
            first: None,
            dom,
            trail,
            tuples,
            tuple_trail,
            late_masks,
            late_tables,
            late_built: false,
            scratch: std::mem::take(&mut spare.scratch),
            allowed: std::mem::take(&mut spare.allowed),
            singles,
            cage_queue: Pending::reusing(m.cage_count(), queue, queued),
            unit_queue: UnitQueue::new(m.unit_count, unit_bits),
            relation_queue: BitQueue::new(m.more.arcs_of.len()),
            sight_queue: BitQueue::new(m.more.sightlines.len()),
            line_passes: sightlines::LinePasses::default(),
            band_queue: Pending::new(bands.bands.len()),
            bands,
            pair_queue: UnitQueue::new(m.unit_count, unit_bits),
            open_in_unit: Vec::new(),
            pairs: true,
            segment_masks: Vec::new(),
            line_counts: Vec::new(),
            box_counts: Vec::new(),
            filter: std::mem::take(&mut spare.filter),
            supports,
            listed: std::mem::take(&mut spare.listed),
            unit_weights: Vec::new(),
            cage_weights: Vec::new(),
            cell_weights: Vec::new(),
            weigh_after: if !weighted { WEIGH_AFTER } else { u64::MAX },
            plain: !m.has_regions_or_more()
                && m.derived_cages_none()
                && !weighted
                && m.unit_count <= 64,
            lines,
            trailing: true,
            small: true,
            emptied: 0,
            decided_in: Vec::new(),
            matching: Vec::new(),
            stats: Stats::default(),
            side_stats: Stats::default(),
            deadline,
            work: 0,
            check_at: if deadline.is_some() { 0 } else { u64::MAX },
            timed_out: false,
            spare: Some(spare),
        };
        if weighted {
            engine.start_weights();
        }
        engine
    }

    /// Conflict weights from now on, every unit and cage at 1 (see [`Engine::weighted_cell`]).
    #[cold]
    pub(super) fn start_weights(&mut self) {
        let m = self.m;
        self.unit_weights = vec![1; m.unit_count];
        self.cage_weights = vec![1; m.cage_count()];
        self.cell_weights = (0..m.initial.len()).map(|c| self.weight_from_scratch(c)).collect();
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
            Ok(true) => self.solved(sink),
            Ok(false) => self.search(branching, sink),
            Err(end) => end,
        }
    }

    /// Propagates everything at the root, once: Ok(true) when that decided every cell (no
    /// search is needed), Ok(false) when it may not have. Err: the search is over before it
    /// began, with the stop to pass on (a timeout) or None (a contradiction: no solution).
    fn root(&mut self) -> Result<bool, Option<Stop>> {
        // Nothing undoes the root's narrowings: they go on no trail.
        self.trailing = false;
        let rooted = self.root_propagation();
        self.trailing = true;
        rooted
    }

    fn root_propagation(&mut self) -> Result<bool, Option<Stop>> {
        // Subsets wait until the cheaper deductions alone are stuck: most easy puzzles are
        // solved before that, and for them the subset scans would be pure cost.
        self.pairs = false;
        // A cage that no assignment meets left its cells empty in the model.
        if self.dom.iter().fold(false, |empty, &d| empty | (d == 0)) {
            return Err(None);
        }
        if self.small_root_fits() {
            self.small_root().map_err(|_| self.conflict_stop())?;
        } else {
            self.queue_everything();
            self.propagate().map_err(|_| self.conflict_stop())?;
        }
        // Then the late cages, with tables cut down to what the root's candidates allow.
        if self.m.has_late_cages() {
            if !self.build_late_tables() {
                return Err(Some(Stop::Timeout));
            }
            if self.small_late_fits() {
                self.small_late().map_err(|_| self.conflict_stop())?;
            } else {
                self.propagate().map_err(|_| self.conflict_stop())?;
            }
        }
        if !all_decided(&self.dom) {
            self.pairs = true;
            if self.small_root_fits() && (!self.m.has_late_cages() || self.small_late_fits()) {
                self.small_subsets().map_err(|_| self.conflict_stop())?;
            }
            self.propagate().map_err(|_| self.conflict_stop())?;
            return Ok(false);
        }
        Ok(true)
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
        for c in 0..self.m.more.arcs_of.len() {
            self.relation_queue.push(c as u32);
        }
        for s in 0..self.m.more.sightlines.len() {
            self.sight_queue.push(s as u32);
        }
    }

    /// Builds the tables of the late cages from the current candidates (the root's: the
    /// tables hold for the whole search below) and queues those cages; false when the
    /// deadline passed first.
    fn build_late_tables(&mut self) -> bool {
        let m = self.m;
        let mut tuples = std::mem::take(&mut self.listed);
        self.late_tables.clear();
        self.late_tables.resize(m.cage_count(), None);
        for &k in m.late_cages() {
            let k = k as usize;
            let cage = m.cage(k);
            let listed =
                self.filter.enumerate(cage, m.n, &self.dom, (MAX_TUPLES, NODE_BUDGET), &mut tuples);
            if self.spend(self.filter.work() + tuples.len() as u64) {
                self.listed = tuples;
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
        self.listed = tuples;
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
    #[inline(always)]
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
        if self.trailing {
            self.trail.push((c as u16, old));
        }
        self.dom[c] = new;
        if new & (new - 1) == 0 {
            self.singles.push(c as u16);
        }
        self.schedule(c);
        Ok(())
    }

    /// Queues what depends on cell `c`, which has just narrowed: its cage, its units and, in
    /// puzzles that have them, its derived cages and its band and stack.
    #[inline(always)]
    fn schedule(&mut self, c: usize) {
        let m = self.m;
        let k = m.cell_cage[c];
        if k != NO_CAGE {
            self.cage_queue.push(k);
        }
        if self.plain {
            // A Latin square without boxes (KenKen), its units queued as bits: a row and a
            // column, nothing else.
            let [row, col, _] = m.cell_units[c];
            let units = 1 << row | 1 << col;
            self.unit_queue.bits |= units;
            self.pair_queue.bits |= units;
        } else if self.lines {
            self.schedule_lines(c);
        } else {
            self.schedule_general(c);
        }
    }

    /// [`Engine::schedule`] past the cage when a cell's units are its row and column (see
    /// `lines`): the same queues, in the same order, as [`Engine::schedule_general`].
    #[inline(never)]
    fn schedule_lines(&mut self, c: usize) {
        let m = self.m;
        let [row, col, _] = m.cell_units[c];
        self.unit_queue.push_two(row, col);
        self.pair_queue.push_two(row, col);
        self.queue_relations_and_clues(c);
    }

    /// Queues the relations and line clues of cell `c`, last in either schedule.
    #[inline(always)]
    fn queue_relations_and_clues(&mut self, c: usize) {
        let m = self.m;
        if let Some(arcs) = m.more.arcs_of.get(c) {
            // A cell whose values spread over more than three in a row leaves every value of
            // a not-consecutive partner some value to go with.
            let d = self.dom[c];
            if arcs.len != 0 && !(arcs.sparse && d >> d.trailing_zeros() >= 8) {
                self.relation_queue.push(c as u32);
            }
        }
        for &s in m.more.sightlines_of.of(c) {
            self.sight_queue.push(s);
        }
    }

    /// [`Engine::schedule`] past the cage, for puzzles with boxes, derived cages or weights.
    #[inline(never)]
    fn schedule_general(&mut self, c: usize) {
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
        self.queue_relations_and_clues(c);
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
        self.relation_queue.clear();
        self.sight_queue.clear();
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
                for peers in m.peers(c as usize) {
                    for &p in peers {
                        let d = self.dom[p as usize];
                        if d & v != 0 && p != c && self.narrow(p as usize, d & !v).is_err() {
                            let shared = m.units_of(c as usize);
                            let units = m.units_of(p as usize);
                            for &u in units.iter().filter(|u| shared.contains(u)) {
                                self.bump_unit(u);
                            }
                            return Err(Conflict);
                        }
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
            if let Some(c) = self.relation_queue.pop() {
                self.work += 2;
                self.relations(c as usize)?;
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
            if let Some(s) = self.sight_queue.pop() {
                self.work += unit_work * unit_work;
                if self.sightline(s as usize).is_err() {
                    self.bump_unit(m.more.sightlines[s as usize].unit);
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
        if let Some((ca, cb, partners)) = m.pair(k) {
            // Most cages: two cells, filtered through their partner masks.
            self.work += 2;
            let (a, b) = pair_supports(partners, self.dom[ca], self.dom[cb]);
            if a == 0 {
                return Err(Conflict);
            }
            // The cage's own narrowings need not queue it again: filtering is idempotent.
            self.cage_queue.hold(k);
            let r = self.narrow(ca, a).and_then(|()| self.narrow(cb, b));
            self.cage_queue.release(k);
            return r;
        }
        let cage = m.cage(k);
        self.work += cage.cells.len() as u64;
        let mut supports = std::mem::take(&mut self.supports);
        let found = match cage.table {
            Some((table, at)) => self.filter_table(&cage, &table, at, &mut supports),
            None => match self.filter_late(k, &cage, &mut supports) {
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
                if self.trailing {
                    self.tuple_trail.push((at as u32, self.tuples[at]));
                }
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
                    if self.trailing {
                        self.tuple_trail.push(((at + w) as u32, self.tuples[at + w]));
                    }
                    self.tuples[at + w] = l;
                }
            }
        }
        self.scratch = live;
        found
    }
}

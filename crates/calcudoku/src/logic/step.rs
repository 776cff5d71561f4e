//! A step: one deduction a person can follow, as a value.

use smallvec::SmallVec;

use crate::clock::Instant;

use crate::puzzle::{Cell, ValueSet};

/// A short list kept inline (most steps name a handful of cells, units and values): no
/// allocation in the solver's inner loop.
pub type List<T> = SmallVec<[T; 6]>;

use super::board::{Board, Contradiction, Unit};
use super::technique::Technique;

/// A value in a cell: placed by a step, or eliminated from the cell's candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    /// The cell it concerns.
    pub cell: Cell,
    /// The value, 1..=N.
    pub value: u8,
}

impl Placement {
    /// `value` in `cell`.
    pub const fn new(cell: Cell, value: u8) -> Placement {
        Placement { cell, value }
    }
}

/// One deduction: the technique, what it looks at, what it proves.
///
/// `placements` and `eliminations` hold only what the step proves (never the hypotheses of a
/// chain or a trial, which are in `chain`). Placing a value also removes it from the cell's
/// peers; those removals are not listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The deduction used.
    pub technique: Technique,
    /// The cells the reasoning looks at (to highlight).
    pub cells: List<Cell>,
    /// The rows, columns and boxes it looks at.
    pub units: List<Unit>,
    /// The cages it looks at (indices into the puzzle's cages).
    pub cages: List<usize>,
    /// The values the reasoning is about (a subset's values, a fish's digit, a cage's set).
    pub values: ValueSet,
    /// A number the reasoning arrives at (innies and outies: the sum of the cells), else 0.
    pub amount: u64,
    /// For chains and trials: the links, in order (a cell and the value it is assumed or
    /// forced to hold); empty for other techniques.
    pub chain: List<Placement>,
    /// The values the step proves go in their cells.
    pub placements: List<Placement>,
    /// The candidates the step proves can leave their cells.
    pub eliminations: List<Placement>,
}

impl Step {
    /// A step of `technique` with nothing filled in yet.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            cells: List::new(),
            units: List::new(),
            cages: List::new(),
            values: ValueSet::EMPTY,
            amount: 0,
            chain: List::new(),
            placements: List::new(),
            eliminations: List::new(),
        }
    }

    /// A step of `technique` that removes `v` from `cell` because assuming it there fails
    /// (a contradiction chain, or trial): the cell, the value, the assumption as its chain.
    pub fn refuted(technique: Technique, cell: Cell, v: u8) -> Step {
        let mut step = Step::new(technique);
        step.cells.push(cell);
        step.values = ValueSet::single(v);
        step.chain.push(Placement::new(cell, v));
        step.eliminations.push(Placement::new(cell, v));
        step
    }

    /// Whether the step changes anything on `board`.
    pub fn makes_progress(&self, board: &Board) -> bool {
        self.placements.iter().any(|p| !board.is_placed(p.cell))
            || self.eliminations.iter().any(|e| board.candidates(e.cell).contains(e.value))
    }

    /// Applies the step's placements and eliminations to `board`.
    pub fn apply(&self, board: &mut Board) -> Result<(), Contradiction> {
        for e in &self.eliminations {
            board.eliminate(e.cell, e.value)?;
        }
        for p in &self.placements {
            board.place(p.cell, p.value)?;
        }
        Ok(())
    }

    /// One plain English sentence that explains the step, on the board it was found on.
    pub fn text(&self, board: &Board) -> String {
        let text = super::describe(self, board);
        let mut chars = text.chars();
        match chars.next() {
            Some(first) => first.to_uppercase().chain(chars).collect(),
            None => text,
        }
    }
}

/// Steps a technique found, whether the finder should stop at the first, and the time by
/// which it must stop.
///
/// A finder that runs long (trial, forcing chains, subsets and fish on big units, cages with
/// many layouts) asks [`Found::tick_by`] (or [`Found::out_of_time`]) in its loops and returns
/// when it says so; the caller then sees [`Found::timed_out`]. The steps recorded before are
/// sound, but the sweep is not complete.
///
/// Besides the deadline, a grader may set a limit on the work done (the sum of the ticks),
/// which stops the finders the same way: the same place on every machine.
pub struct Found {
    steps: Vec<Step>,
    all: bool,
    deadline: Option<Instant>,
    late: bool,
    /// Work that may still be ticked before the next look at the clock and the limit, and
    /// how much that was when last set.
    countdown: u64,
    chunk: u64,
    /// Work ticked before the countdown was last set, and the most allowed in all.
    work: u64,
    work_limit: u64,
    /// What the grader already searched on this board, for trial: the first solution and
    /// whether it is the only one.
    pub(crate) searched: Option<(Option<crate::puzzle::Grid>, bool)>,
}

thread_local! {
    /// The room of the last [`Found`] dropped on this thread, for the next one: a grader makes
    /// one per puzzle, and would otherwise grow a new list of steps each time.
    static ROOM: std::cell::Cell<Vec<Step>> = const { std::cell::Cell::new(Vec::new()) };
}

impl Drop for Found {
    fn drop(&mut self) {
        if self.steps.capacity() == 0 {
            return;
        }
        let mut room = std::mem::take(&mut self.steps);
        room.clear();
        // The larger of the two rooms stays (a thread-local being torn down keeps none).
        let _ = ROOM.try_with(|r| {
            let kept = r.take();
            r.set(if kept.capacity() >= room.capacity() { kept } else { room });
        });
    }
}

/// Work ticked between two readings of the clock (ticks of one are a node of a search).
const TICKS: u64 = 1 << 10;

impl Found {
    /// Collects the first step only (hints and explanations take the easiest step each time).
    pub fn first() -> Found {
        Found {
            steps: ROOM.try_with(std::cell::Cell::take).unwrap_or_default(),
            all: false,
            deadline: None,
            late: false,
            countdown: u64::MAX,
            chunk: u64::MAX,
            work: 0,
            work_limit: u64::MAX,
            searched: None,
        }
    }
    /// Collects every step a sweep of the technique finds (grading applies them together).
    pub fn all() -> Found {
        let mut found = Found::first();
        found.all = true;
        found
    }
    /// The same, stopping the finder once `deadline` has passed.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Found {
        self.set_deadline(deadline);
        self
    }
    /// Sets the time by which the finder must stop (None: no limit), and forgets an earlier
    /// expiry.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.late = false;
        self.recount();
    }
    /// The time by which the finder must stop, for the searches it starts.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }
    /// Records a step; steps that change nothing are dropped.
    pub fn push(&mut self, step: Step) {
        if !step.placements.is_empty() || !step.eliminations.is_empty() {
            self.steps.push(step);
        }
    }
    /// True once the finder may stop looking: it wanted one step and has it, or its time is
    /// up (as last seen by [`Found::out_of_time`] or [`Found::tick`]).
    pub fn done(&self) -> bool {
        self.late || (!self.all && !self.steps.is_empty())
    }
    /// Whether the deadline has passed (reads the clock) or the work limit is reached: a finder
    /// asks between pieces of work that may each take a while.
    pub fn out_of_time(&mut self) -> bool {
        self.tick_by_u64(0);
        if !self.late {
            if let Some(d) = self.deadline {
                self.late = Instant::now() >= d;
            }
        }
        self.late
    }
    /// Whether to stop, for small pieces of work done by the million (a node of a search):
    /// the clock is read once every 1,024 ticks.
    pub fn tick(&mut self) -> bool {
        self.tick_by(1)
    }
    /// [`Found::tick`] for a piece of work worth `work` small ones (a cage's layouts: 64).
    pub fn tick_by(&mut self, work: u32) -> bool {
        self.tick_by_u64(u64::from(work))
    }
    fn tick_by_u64(&mut self, work: u64) -> bool {
        if work < self.countdown {
            self.countdown -= work;
            return self.late;
        }
        // The countdown ran out: add up the work, look at the limit and the clock.
        self.work += self.chunk - self.countdown + work;
        self.chunk = 0;
        self.countdown = 0;
        if self.work >= self.work_limit {
            self.late = true;
        } else if let Some(d) = self.deadline {
            self.late |= Instant::now() >= d;
        }
        self.recount();
        self.late
    }
    /// Adds up the work of the countdown so far and starts the next one.
    fn recount(&mut self) {
        self.work += self.chunk - self.countdown;
        let left = self.work_limit.saturating_sub(self.work);
        self.chunk = if self.deadline.is_some() { left.min(TICKS) } else { left };
        self.countdown = self.chunk;
    }
    /// The work ticked in all.
    fn work_done(&self) -> u64 {
        self.work + (self.chunk - self.countdown)
    }
    /// Stops the finders once the work ticked from now on reaches `limit` (None: no limit).
    pub(crate) fn limit_work(&mut self, limit: Option<u64>) {
        self.recount();
        self.work_limit = limit.map_or(u64::MAX, |l| self.work.saturating_add(l));
        self.chunk = 0;
        self.countdown = 0;
        self.recount();
    }
    /// Whether the work limit stopped the finder (not the deadline).
    pub(crate) fn worked_out(&self) -> bool {
        self.work_done() >= self.work_limit
    }
    /// Marks the time as up (a search the finder started ran out of it).
    pub fn expire(&mut self) {
        self.late = true;
    }
    /// Whether the finder stopped because the deadline passed: its sweep is incomplete.
    pub fn timed_out(&self) -> bool {
        self.late
    }
    /// Whether no step has been recorded.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
    /// The steps recorded, in the order found.
    pub fn into_steps(mut self) -> Vec<Step> {
        std::mem::take(&mut self.steps)
    }
    /// The steps recorded so far, in the order found.
    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }
    /// Forgets the steps recorded (and an expiry), keeping the room they took and the
    /// deadline (a grading loop reuses one).
    pub(crate) fn clear(&mut self) {
        self.steps.clear();
        self.late = false;
        self.searched = None;
    }
}

/// Writes a list of cells as `r1c2, r1c3 and r2c2`.
pub fn cell_list(board: &Board, cells: &[Cell]) -> String {
    and_list(cells.iter().map(|&c| board.name(c).to_string()))
}

/// Writes values as `3, 4 and 5`.
pub fn value_list(values: ValueSet) -> String {
    and_list(values.iter().map(|v| v.to_string()))
}

/// Joins words as English does: `a`, `a and b`, `a, b and c`.
pub fn and_list(items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        k => format!("{} and {}", items[..k - 1].join(", "), items[k - 1]),
    }
}

/// Writes what a step removes, cells with the same values together:
/// `3 from r1c2 and r1c3; 4 and 5 from r4c4`.
pub fn eliminations_text(board: &Board, eliminations: &[Placement]) -> String {
    let mut by_cell: Vec<(Cell, ValueSet)> = Vec::new();
    for e in eliminations {
        match by_cell.iter_mut().find(|(c, _)| *c == e.cell) {
            Some((_, vs)) => vs.insert(e.value),
            None => by_cell.push((e.cell, ValueSet::single(e.value))),
        }
    }
    let mut groups: Vec<(ValueSet, Vec<Cell>)> = Vec::new();
    for (cell, vs) in by_cell {
        match groups.iter_mut().find(|(g, _)| *g == vs) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((vs, vec![cell])),
        }
    }
    groups.sort_by_key(|(vs, _)| (vs.min(), vs.bits()));
    groups
        .iter()
        .map(|(vs, cells)| format!("{} from {}", value_list(*vs), cell_list(board, cells)))
        .collect::<Vec<_>>()
        .join("; ")
}

//! A step: one deduction a person can follow, as a value.

use smallvec::SmallVec;

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

/// Steps a technique found, and whether the finder should stop at the first.
pub struct Found {
    steps: Vec<Step>,
    all: bool,
}

impl Found {
    /// Collects the first step only (hints and explanations take the easiest step each time).
    pub fn first() -> Found {
        Found { steps: Vec::new(), all: false }
    }
    /// Collects every step a sweep of the technique finds (grading applies them together).
    pub fn all() -> Found {
        Found { steps: Vec::new(), all: true }
    }
    /// Records a step; steps that change nothing are dropped.
    pub fn push(&mut self, step: Step) {
        if !step.placements.is_empty() || !step.eliminations.is_empty() {
            self.steps.push(step);
        }
    }
    /// True once the finder may stop looking.
    pub fn done(&self) -> bool {
        !self.all && !self.steps.is_empty()
    }
    /// Whether no step has been recorded.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
    /// The steps recorded, in the order found.
    pub fn into_steps(self) -> Vec<Step> {
        self.steps
    }
    /// The steps recorded so far, in the order found.
    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }
    /// Forgets the steps recorded, keeping the room they took (a grading loop reuses one).
    pub(crate) fn clear(&mut self) {
        self.steps.clear();
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

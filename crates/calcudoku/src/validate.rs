//! Validity of partly filled grids (0 = empty), and the first broken rule in words.
//!
//! The seeds' checking rules (seed 000 `validate_rows`/`validate_cages`, seed 003
//! `check_valid`) on the one [`Puzzle`] model, for every constraint it has. The brute force
//! ([`crate::solve::brute`]) uses the same rules one cell at a time, so there is one
//! definition of "valid"; [`check`] names the first broken rule for people.
//!
//! # Rules for a partly filled grid
//!
//! A grid is *valid* when no rule is broken yet:
//!
//! * no value twice in a row, a column or any other house (box, region, diagonal, extra
//!   region) — empty cells never clash;
//! * a relation between two cells holds once both are filled;
//! * a line clue (Skyscrapers) holds once its line is full;
//! * a **full** cage meets its target ([`Cage::holds`]);
//! * a **partial** cage (some cells empty) is judged by a rule that never rejects an
//!   assignment that could still be completed:
//!   * `+`: the sum so far is strictly below the target (every empty cell adds at least 1);
//!   * `*`: the product so far divides the target;
//!   * `-`, `/`, a hidden operator (`7?`) and a given (`3`): no check until full;
//! * with Killer rules ([`Puzzle::distinct_cages`]) no value twice within a cage.
//!
//! Every partial rule is closed under emptying cells: removing values from a valid grid leaves
//! it valid. That is what lets a search check only the constraints through the cell it just
//! filled (`CellChecker::cell_valid`) and get the same answer as the whole-grid check
//! ([`grid_valid`]).
//!
//! Givens and the range 1..=N are not part of `grid_valid` (the seeds' checks do not look at
//! them); [`check`] reports them too.

use std::fmt;

use crate::puzzle::{
    Cage, Cell, Constraint, Edge, Grid, House, Operator, Puzzle, RelationKind, ValueSet,
    towers_seen,
};

// ---------------------------------------------------------------------------------------------
// Lines and boxes
// ---------------------------------------------------------------------------------------------

/// The first value (in order of first appearance) that occurs more than once among the
/// non-zero `values`, with how many times it occurs.
fn first_repeat(values: impl Iterator<Item = u8> + Clone) -> Option<(u8, usize)> {
    let mut seen = ValueSet::EMPTY;
    for v in values.clone() {
        if v == 0 || v > 64 {
            continue;
        }
        if seen.contains(v) {
            return Some((v, values.filter(|&w| w == v).count()));
        }
        seen.insert(v);
    }
    None
}

fn row_iter(grid: &Grid, r: usize) -> impl Iterator<Item = u8> + Clone + '_ {
    grid.cells()[r * grid.size()..(r + 1) * grid.size()].iter().copied()
}

fn column_iter(grid: &Grid, c: usize) -> impl Iterator<Item = u8> + Clone + '_ {
    let n = grid.size();
    (0..n).map(move |r| grid.at(r, c))
}

/// The cells of box `b` (0-based, row-major), in row-major order.
#[cfg(test)]
fn box_cells(
    shape: crate::puzzle::BoxShape,
    size: usize,
    b: usize,
) -> impl Iterator<Item = (usize, usize)> + Clone {
    let (h, w) = (shape.height as usize, shape.width as usize);
    let per_row = size / w;
    let (r0, c0) = ((b / per_row) * h, (b % per_row) * w);
    (0..h * w).map(move |k| (r0 + k / w, c0 + k % w))
}

#[cfg(test)]
fn box_iter(
    grid: &Grid,
    shape: crate::puzzle::BoxShape,
    b: usize,
) -> impl Iterator<Item = u8> + Clone + '_ {
    box_cells(shape, grid.size(), b).map(|(r, c)| grid.at(r, c))
}

/// No row holds a value twice (seed 000 `validate_rows`).
fn rows_valid(grid: &Grid) -> bool {
    (0..grid.size()).all(|r| first_repeat(row_iter(grid, r)).is_none())
}

/// No column holds a value twice.
fn columns_valid(grid: &Grid) -> bool {
    (0..grid.size()).all(|c| first_repeat(column_iter(grid, c)).is_none())
}

/// No box holds a value twice (true when the puzzle has no boxes).
#[cfg(test)]
fn boxes_valid(puzzle: &Puzzle, grid: &Grid) -> bool {
    match puzzle.boxes() {
        None => true,
        Some(shape) => (0..grid.size()).all(|b| first_repeat(box_iter(grid, shape, b)).is_none()),
    }
}

/// Every cage is fine so far: full cages meet their target, partial cages can still do so
/// (see the module docs), and with Killer rules no cage repeats a value.
fn cages_valid(puzzle: &Puzzle, grid: &Grid) -> bool {
    puzzle.cages().iter().all(|cage| cage_fault(cage, grid, puzzle.distinct_cages()).is_none())
}

/// Whether no rule of the module notes is broken yet (seed 003 `check_valid`): what [`check`]
/// finds nothing wrong in, givens and the range of values aside.
pub fn grid_valid(puzzle: &Puzzle, grid: &Grid) -> bool {
    rows_valid(grid)
        && columns_valid(grid)
        && cages_valid(puzzle, grid)
        && other_faults(puzzle, grid).is_none()
}

// ---------------------------------------------------------------------------------------------
// Cages
// ---------------------------------------------------------------------------------------------

/// What the cells of a cage make, as far as the fault is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `+`: the sum of the filled cells.
    Sum(u64),
    /// `*`: the product of the filled cells (None: larger than any target).
    Product(Option<u64>),
    /// `-`: the largest minus all the others.
    Difference(i64),
    /// `/`: the largest divided by the product of the others (None: not exact).
    Quotient(Option<u64>),
    /// A hidden operator (`7?`): no operator makes the target.
    NoOperator,
    /// A given (`3`): the one cell holds this value instead.
    Holds(u8),
}

/// What is wrong with one cage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CageFault {
    /// Killer rules: `value` occurs `count` times in the cage.
    Repeats {
        /// The first value met a second time, in cage order.
        value: u8,
        /// How many of the cage's cells hold it (2 or more).
        count: usize,
    },
    /// The cage is full and misses its target.
    Misses(Outcome),
    /// The cage still has empty cells but can no longer meet its target: a partial sum at
    /// or above a `+` target, a partial product that does not divide a `*` target.
    Overshoots(Outcome),
}

/// Runs `f` on the cage's values (cage order, 0 = empty) without allocating for small cages.
fn with_values<T>(cage: &Cage, grid: &Grid, f: impl FnOnce(&[u8]) -> T) -> T {
    let len = cage.cells.len();
    if len <= 32 {
        let mut buf = [0u8; 32];
        for (slot, &c) in buf.iter_mut().zip(&cage.cells) {
            *slot = grid.get(c);
        }
        f(&buf[..len])
    } else {
        let values: Vec<u8> = cage.cells.iter().map(|&c| grid.get(c)).collect();
        f(&values)
    }
}

fn product(values: &[u8]) -> Option<u64> {
    values.iter().try_fold(1u64, |p, &v| p.checked_mul(v as u64))
}

/// What a full cage's cells make under its operator (for describing a miss).
fn outcome(cage: &Cage, values: &[u8]) -> Outcome {
    match cage.op {
        Some(Operator::Add) => Outcome::Sum(values.iter().map(|&v| v as u64).sum()),
        Some(Operator::Mul) => Outcome::Product(product(values)),
        Some(Operator::Sub) => {
            let max = values.iter().copied().max().unwrap_or(0) as i64;
            let rest: i64 = values.iter().map(|&v| v as i64).sum::<i64>() - max;
            Outcome::Difference(max - rest)
        }
        Some(Operator::Div) => {
            let max = values.iter().copied().max().unwrap_or(0) as u64;
            let rest = product(values).and_then(|p| p.checked_div(max));
            Outcome::Quotient(match rest {
                Some(r) if r > 0 && max % r == 0 => Some(max / r),
                _ => None,
            })
        }
        None if values.len() == 1 => Outcome::Holds(values[0]),
        None => Outcome::NoOperator,
    }
}

/// Judges a cage's values (cage order, 0 = empty) by the rules in the module docs.
pub(crate) fn cage_values_fault(cage: &Cage, values: &[u8], distinct: bool) -> Option<CageFault> {
    if distinct {
        if let Some((value, count)) = first_repeat(values.iter().copied()) {
            return Some(CageFault::Repeats { value, count });
        }
    }
    let filled = values.iter().filter(|&&v| v != 0).count();
    if filled == values.len() {
        return if cage.holds(values) {
            None
        } else {
            Some(CageFault::Misses(outcome(cage, values)))
        };
    }
    match cage.op {
        Some(Operator::Add) => {
            let sum: u64 = values.iter().map(|&v| v as u64).sum();
            (sum >= cage.target).then_some(CageFault::Overshoots(Outcome::Sum(sum)))
        }
        Some(Operator::Mul) => {
            let p =
                values.iter().filter(|&&v| v != 0).try_fold(1u64, |p, &v| p.checked_mul(v as u64));
            match p {
                Some(p) if cage.target % p == 0 => None,
                _ => Some(CageFault::Overshoots(Outcome::Product(p))),
            }
        }
        // A difference, a quotient, a hidden operator or a given can always still be met (as far
        // as a check that looks at this cage alone knows): judged only when full.
        Some(Operator::Sub) | Some(Operator::Div) | None => None,
    }
}

/// Judges one cage on a partly filled grid.
pub(crate) fn cage_fault(cage: &Cage, grid: &Grid, distinct: bool) -> Option<CageFault> {
    with_values(cage, grid, |values| cage_values_fault(cage, values, distinct))
}

// ---------------------------------------------------------------------------------------------
// One cell
// ---------------------------------------------------------------------------------------------

/// Precomputed lookups for checking one cell at a time (the brute force's inner check).
#[derive(Clone, Debug)]
pub(crate) struct CellChecker<'p> {
    puzzle: &'p Puzzle,
    cage_of: Vec<Option<usize>>,
    /// The constraints beyond rows, columns and cages (houses such as boxes and diagonals,
    /// relations, line clues), and each cell's, by index.
    others: Vec<Constraint<'p>>,
    others_of: Vec<Vec<u32>>,
}

impl<'p> CellChecker<'p> {
    /// A checker for `puzzle` (notes which cage and other constraints each cell is in, once).
    pub fn new(puzzle: &'p Puzzle) -> CellChecker<'p> {
        let others = other_constraints(puzzle);
        let mut others_of = vec![Vec::new(); puzzle.cell_count()];
        for (k, c) in others.iter().enumerate() {
            for cell in constraint_cells(c) {
                others_of[cell.index()].push(k as u32);
            }
        }
        CellChecker { puzzle, cage_of: puzzle.cage_of_cells(), others, others_of }
    }

    /// Whether the rules through `cell` hold: its value (if any) is not repeated in its row,
    /// column or other houses or (Killer) cage, and its cage, relations and line clues are
    /// fine so far. When the rest of the grid is valid (as [`grid_valid`] judges), this equals
    /// `grid_valid` on the whole grid.
    pub fn cell_valid(&self, grid: &Grid, cell: Cell) -> bool {
        let n = grid.size();
        let (r, c) = (cell.row(n), cell.col(n));
        let v = grid.get(cell);
        if v != 0 {
            for k in 0..n {
                if (k != c && grid.at(r, k) == v) || (k != r && grid.at(k, c) == v) {
                    return false;
                }
            }
        }
        let cage_ok = match self.cage_of[cell.index()] {
            Some(k) => {
                cage_fault(&self.puzzle.cages()[k], grid, self.puzzle.distinct_cages()).is_none()
            }
            None => true,
        };
        cage_ok
            && self.others_of[cell.index()]
                .iter()
                .all(|&k| constraint_fault(&self.others[k as usize], grid).is_none())
    }

    /// The values that could go in `cell` now: those that break no rule through the cell
    /// (its current value is ignored), and only the given one for a given cell.
    #[cfg(test)]
    pub fn candidates(&self, grid: &Grid, cell: Cell) -> ValueSet {
        let n = grid.size();
        let mut g = grid.clone();
        let given = self.puzzle.givens().get(cell);
        let mut out = ValueSet::EMPTY;
        for v in 1..=n as u8 {
            if given != 0 && given != v {
                continue;
            }
            g.set(cell, v);
            if self.cell_valid(&g, cell) {
                out.insert(v);
            }
        }
        out
    }
}

/// The values that could go in `cell` of a partly filled grid (seed 002 `get_candidates`):
/// see [`CellChecker::candidates`].
#[cfg(test)]
pub(crate) fn candidates(puzzle: &Puzzle, grid: &Grid, cell: Cell) -> ValueSet {
    CellChecker::new(puzzle).candidates(grid, cell)
}

// ---------------------------------------------------------------------------------------------
// Houses beyond rows and columns, relations, line clues
// ---------------------------------------------------------------------------------------------

/// The constraints of a puzzle past its rows, columns, cages and givens (which are checked
/// on their own): boxes or regions, diagonals, extra regions, relations, line clues.
fn other_constraints(puzzle: &Puzzle) -> Vec<Constraint<'_>> {
    if !puzzle.has_regions()
        && !puzzle.diagonals()
        && puzzle.extra_regions().is_empty()
        && puzzle.relations().is_empty()
        && puzzle.line_clues().is_none()
    {
        return Vec::new();
    }
    let mut all = puzzle.constraints();
    all.retain(|c| {
        !matches!(
            c,
            Constraint::House { house: House::Row(_) | House::Column(_), .. }
                | Constraint::Cage { .. }
                | Constraint::Given { .. }
        )
    });
    all
}

/// The cells a constraint reads.
fn constraint_cells(c: &Constraint<'_>) -> Vec<Cell> {
    match c {
        Constraint::House { cells, .. } | Constraint::Sightline { cells, .. } => cells.clone(),
        Constraint::Cage { cage, .. } => cage.cells.clone(),
        Constraint::Relation(r) => vec![r.a, r.b],
        Constraint::Given { cell, .. } => vec![*cell],
    }
}

/// What is wrong with one of the other constraints on a partly filled grid, if anything: a
/// house repeating a value, a relation broken by its two filled cells, a full line seeing
/// another number of towers than its clue.
fn constraint_fault(c: &Constraint<'_>, grid: &Grid) -> Option<Violation> {
    let n = grid.size();
    let at = |cell: Cell| (cell.row(n) + 1, cell.col(n) + 1);
    match c {
        Constraint::House { house, cells } => {
            let (value, count) = first_repeat(cells.iter().map(|&c| grid.get(c)))?;
            Some(match *house {
                House::Row(r) => Violation::Row { row: r as usize + 1, value, count },
                House::Column(c) => Violation::Column { col: c as usize + 1, value, count },
                House::Box(b) => Violation::Box { index: b as usize + 1, value, count },
                house => Violation::House { house, value, count },
            })
        }
        Constraint::Relation(r) => {
            let (a, b) = (grid.get(r.a), grid.get(r.b));
            (a != 0 && b != 0 && !r.kind.holds(a, b)).then(|| Violation::Relation {
                first: at(r.a),
                second: at(r.b),
                kind: r.kind,
                values: (a, b),
            })
        }
        Constraint::Sightline { edge, index, seen, cells } => {
            let values: Vec<u8> = cells.iter().map(|&c| grid.get(c)).collect();
            let found = towers_seen(values.iter().copied());
            (!values.contains(&0) && found != *seen).then_some(Violation::Sightline {
                edge: *edge,
                index: index + 1,
                seen: *seen,
                found,
            })
        }
        Constraint::Cage { .. } | Constraint::Given { .. } => None,
    }
}

/// The first fault of the other constraints, in their order.
fn other_faults(puzzle: &Puzzle, grid: &Grid) -> Option<Violation> {
    other_constraints(puzzle).iter().find_map(|c| constraint_fault(c, grid))
}

// ---------------------------------------------------------------------------------------------
// The first broken rule, in words
// ---------------------------------------------------------------------------------------------

/// A broken rule, for people checking their own answer. All rows, columns and boxes are
/// **1-based**, as people count (boxes numbered row-major, as seed 002 does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The grid is not N×N.
    Size {
        /// Side length N of the puzzle.
        expected: usize,
        /// Side length of the grid checked.
        found: usize,
    },
    /// A value outside 1..=N.
    OutOfRange {
        /// Row of the cell (1-based).
        row: usize,
        /// Column of the cell (1-based).
        col: usize,
        /// The value found there (above N; 0 is an empty cell, never out of range).
        value: u8,
        /// Side length N, the largest allowed value.
        size: usize,
    },
    /// A given cell holds something else.
    Given {
        /// Row of the cell (1-based).
        row: usize,
        /// Column of the cell (1-based).
        col: usize,
        /// The puzzle's given value.
        given: u8,
        /// The different value the grid holds there.
        found: u8,
    },
    /// A value `count` times in a row.
    Row {
        /// The row (1-based).
        row: usize,
        /// The first value met a second time, scanning left to right.
        value: u8,
        /// How many times it occurs in the row (2 or more).
        count: usize,
    },
    /// A value `count` times in a column.
    Column {
        /// The column (1-based).
        col: usize,
        /// The first value met a second time, scanning top to bottom.
        value: u8,
        /// How many times it occurs in the column (2 or more).
        count: usize,
    },
    /// A value `count` times in a box.
    Box {
        /// The box (1-based, boxes numbered row-major).
        index: usize,
        /// The first value met a second time, scanning the box row-major.
        value: u8,
        /// How many times it occurs in the box (2 or more).
        count: usize,
    },
    /// A value `count` times in a house other than a row, column or box: a jigsaw region, a
    /// diagonal, an extra region.
    House {
        /// The house.
        house: House,
        /// The first value met a second time, scanning the house row-major.
        value: u8,
        /// How many times it occurs there (2 or more).
        count: usize,
    },
    /// A relation between two filled cells that their values break.
    Relation {
        /// The first cell, (row, column), 1-based.
        first: (usize, usize),
        /// The second cell.
        second: (usize, usize),
        /// What should hold between the first cell's value and the second's.
        kind: RelationKind,
        /// Their values.
        values: (u8, u8),
    },
    /// A full line that shows another number of towers than its clue.
    Sightline {
        /// The edge the clue stands at.
        edge: Edge,
        /// The column (top, bottom) or row (left, right), 1-based.
        index: usize,
        /// The clue.
        seen: u8,
        /// The towers seen along the line.
        found: u8,
    },
    /// A cage that breaks its rule; (row, col) is its first cell in row-major order.
    Cage {
        /// Row of the cage's first cell (1-based).
        row: usize,
        /// Column of the cage's first cell (1-based).
        col: usize,
        /// The cage's label, as [`Cage::label`] writes it (`12+`, `3`, `7?`).
        label: String,
        /// The cage's target.
        target: u64,
        /// What is wrong with it.
        fault: CageFault,
    },
    /// An empty cell (only from [`check_solution`]).
    Empty {
        /// Row of the first empty cell (1-based).
        row: usize,
        /// Column of that cell (1-based).
        col: usize,
    },
}

fn times(count: usize) -> String {
    const WORDS: [&str; 9] =
        ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    match count {
        2..=10 => WORDS[count - 2].to_string(),
        _ => count.to_string(),
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Size { expected, found } => {
                write!(f, "the grid is {found}x{found}, expected {expected}x{expected}")
            }
            Violation::OutOfRange { row, col, value, size } => {
                write!(f, "value {value} at row {row}, column {col} is out of range 1..{size}")
            }
            Violation::Given { row, col, given, found } => {
                write!(
                    f,
                    "cell at row {row}, column {col} should be the given {given}, not {found}"
                )
            }
            Violation::Row { row, value, count } => {
                write!(f, "row {row} has {} {value}s", times(*count))
            }
            Violation::Column { col, value, count } => {
                write!(f, "column {col} has {} {value}s", times(*count))
            }
            Violation::Box { index, value, count } => {
                write!(f, "box {index} has {} {value}s", times(*count))
            }
            Violation::House { house, value, count } => {
                write!(f, "{house} has {} {value}s", times(*count))
            }
            Violation::Relation { first: (r1, c1), second: (r2, c2), kind, values: (a, b) } => {
                let (one, other) = (
                    format!("row {r1}, column {c1} ({a})"),
                    format!("row {r2}, column {c2} ({b})"),
                );
                match kind {
                    RelationKind::Less => {
                        write!(f, "cell at {one} should be less than the cell at {other}")
                    }
                    RelationKind::Consecutive => {
                        write!(f, "cells at {one} and {other} should differ by 1")
                    }
                    RelationKind::NotConsecutive => {
                        write!(f, "cells at {one} and {other} should not differ by 1")
                    }
                }
            }
            Violation::Sightline { edge, index, seen, found } => {
                let line = match edge {
                    Edge::Top | Edge::Bottom => "column",
                    Edge::Left | Edge::Right => "row",
                };
                let towers = if *found == 1 { "tower is" } else { "towers are" };
                let edge = edge.name();
                write!(f, "from the {edge} of {line} {index}, {found} {towers} seen, not {seen}")
            }
            Violation::Empty { row, col } => write!(f, "cell at row {row}, column {col} is empty"),
            Violation::Cage { row, col, label, target, fault } => {
                write!(f, "cage at row {row}, column {col} ({label}) ")?;
                let partial = matches!(fault, CageFault::Overshoots(_));
                let outcome = match fault {
                    CageFault::Repeats { value, count } => {
                        return write!(f, "has {} {value}s", times(*count));
                    }
                    CageFault::Misses(o) | CageFault::Overshoots(o) => o,
                };
                let already = if partial { "already " } else { "" };
                match outcome {
                    Outcome::Sum(s) => write!(f, "{already}adds up to {s}")?,
                    Outcome::Product(Some(p)) => write!(f, "{already}multiplies to {p}")?,
                    Outcome::Product(None) => {
                        write!(f, "{already}multiplies to more than {target}")?
                    }
                    Outcome::Difference(d) => write!(f, "has a difference of {d}")?,
                    Outcome::Quotient(Some(q)) => write!(f, "has a quotient of {q}")?,
                    Outcome::Quotient(None) => write!(f, "does not divide evenly")?,
                    Outcome::NoOperator => write!(f, "cannot make {target} with any of + - * /")?,
                    Outcome::Holds(v) => write!(f, "holds {v}")?,
                }
                if partial {
                    f.write_str(" with cells left")?;
                    if let Outcome::Product(Some(_)) = outcome {
                        write!(f, ", which does not divide {target}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Violation {}

/// The first broken rule of a partly filled grid (0 = empty cells are fine), checked in this
/// order: grid size, values out of range and then givens (row-major), rows, columns, boxes or
/// regions, diagonals, extra regions, cages (in the puzzle's order), relations, line clues.
/// `Ok(())` when nothing is broken yet.
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let n = puzzle.size();
    if grid.size() != n {
        return Err(Violation::Size { expected: n, found: grid.size() });
    }
    for (i, &v) in grid.cells().iter().enumerate() {
        let (row, col) = (i / n + 1, i % n + 1);
        if v as usize > n {
            return Err(Violation::OutOfRange { row, col, value: v, size: n });
        }
    }
    for (i, (&g, &v)) in puzzle.givens().cells().iter().zip(grid.cells()).enumerate() {
        if g != 0 && v != 0 && g != v {
            return Err(Violation::Given { row: i / n + 1, col: i % n + 1, given: g, found: v });
        }
    }
    for r in 0..n {
        if let Some((value, count)) = first_repeat(row_iter(grid, r)) {
            return Err(Violation::Row { row: r + 1, value, count });
        }
    }
    for c in 0..n {
        if let Some((value, count)) = first_repeat(column_iter(grid, c)) {
            return Err(Violation::Column { col: c + 1, value, count });
        }
    }
    // Boxes, regions, diagonals and extra regions, then the cages, then relations and lines.
    let others = other_constraints(puzzle);
    let (houses, rest): (Vec<_>, Vec<_>) =
        others.iter().partition(|c| matches!(c, Constraint::House { .. }));
    if let Some(v) = houses.iter().find_map(|c| constraint_fault(c, grid)) {
        return Err(v);
    }
    for cage in puzzle.cages() {
        if let Some(fault) = cage_fault(cage, grid, puzzle.distinct_cages()) {
            let first = cage.cells.iter().min().copied().unwrap_or(Cell(0));
            return Err(Violation::Cage {
                row: first.row(n) + 1,
                col: first.col(n) + 1,
                label: cage.label(),
                target: cage.target,
                fault,
            });
        }
    }
    match rest.iter().find_map(|c| constraint_fault(c, grid)) {
        Some(v) => Err(v),
        None => Ok(()),
    }
}

/// [`check`], and then the first empty cell: `Ok(())` exactly when the grid solves the puzzle.
pub fn check_solution(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    check(puzzle, grid)?;
    let n = puzzle.size();
    match grid.cells().iter().position(|&v| v == 0) {
        Some(i) => Err(Violation::Empty { row: i / n + 1, col: i % n + 1 }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::BoxShape;
    use crate::puzzle::Operator::{Add, Div, Mul, Sub};

    fn grid(n: usize, cells: &[u8]) -> Grid {
        Grid::from_valid(n, cells.to_vec())
    }

    fn cage(target: u64, op: Option<Operator>, cells: &[u16]) -> Cage {
        Cage::new(target, op, cells.iter().map(|&c| Cell(c)).collect())
    }

    /// A 4×4 KenKen with every kind of cage; its solution is `SOLUTION`.
    fn kenken() -> Puzzle {
        Puzzle::kenken(
            4,
            vec![
                cage(6, Some(Add), &[0, 4, 8]),
                cage(6, Some(Mul), &[1, 2]),
                cage(1, Some(Sub), &[3, 7]),
                cage(4, Some(Div), &[5, 6]),
                cage(8, Some(Mul), &[9, 10, 11]),
                cage(7, None, &[12, 13]),
                cage(2, None, &[14]),
                cage(1, Some(Mul), &[15]),
            ],
        )
        .unwrap()
    }

    const SOLUTION: [u8; 16] = [1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1];

    /// The KenKen grid with only `set` filled.
    fn partial(set: &[(u16, u8)]) -> Grid {
        let mut g = Grid::empty(4);
        for &(c, v) in set {
            g.set(Cell(c), v);
        }
        g
    }

    fn message(p: &Puzzle, g: &Grid) -> String {
        check(p, g).unwrap_err().to_string()
    }

    #[test]
    fn kenken_solution_and_empty_grid_pass() {
        let p = kenken();
        let g = grid(4, &SOLUTION);
        assert!(p.is_solution(&g));
        assert!(grid_valid(&p, &g));
        assert_eq!(check(&p, &g), Ok(()));
        assert_eq!(check_solution(&p, &g), Ok(()));
        let e = Grid::empty(4);
        assert!(grid_valid(&p, &e));
        assert_eq!(check(&p, &e), Ok(()));
        assert_eq!(
            check_solution(&p, &e).unwrap_err().to_string(),
            "cell at row 1, column 1 is empty"
        );
    }

    #[test]
    fn sum_cages_full_and_partial() {
        let p = kenken();
        // Partial, still below: fine.
        assert!(cages_valid(&p, &partial(&[(0, 2), (4, 3)])));
        // Partial, reaching the target with a cell left: broken.
        let g = partial(&[(0, 2), (4, 4)]);
        assert!(!cages_valid(&p, &g));
        assert_eq!(
            message(&p, &g),
            "cage at row 1, column 1 (6+) already adds up to 6 with cells left"
        );
        assert_eq!(
            message(&p, &partial(&[(0, 3), (4, 4)])),
            "cage at row 1, column 1 (6+) already adds up to 7 with cells left"
        );
        // Full, wrong.
        let g = partial(&[(0, 1), (4, 2), (8, 4)]);
        assert!(!cages_valid(&p, &g) && rows_valid(&g) && columns_valid(&g));
        assert_eq!(message(&p, &g), "cage at row 1, column 1 (6+) adds up to 7");
        assert!(cages_valid(&p, &partial(&[(0, 1), (4, 2), (8, 3)])));
    }

    #[test]
    fn product_cages_full_and_partial() {
        let p = kenken();
        assert!(cages_valid(&p, &partial(&[(1, 3)])));
        assert!(cages_valid(&p, &partial(&[(1, 1)])));
        let g = partial(&[(1, 4)]);
        assert!(!grid_valid(&p, &g));
        assert_eq!(
            message(&p, &g),
            "cage at row 1, column 2 (6*) already multiplies to 4 with cells left, which does not divide 6"
        );
        assert_eq!(
            message(&p, &partial(&[(1, 3), (2, 1)])),
            "cage at row 1, column 2 (6*) multiplies to 3"
        );
        // 8* over three cells: a partial product equal to the target is fine (the last cell can
        // be 1).
        assert!(cages_valid(&p, &partial(&[(9, 4), (10, 2)])));
        assert_eq!(
            message(&p, &partial(&[(9, 4), (10, 3)])).as_str(),
            "cage at row 3, column 2 (8*) already multiplies to 12 with cells left, which does not divide 8"
        );
    }

    #[test]
    fn difference_and_quotient_cages_judged_when_full() {
        let p = kenken();
        // Partial: never judged.
        assert!(cages_valid(&p, &partial(&[(3, 4)])));
        assert!(cages_valid(&p, &partial(&[(5, 3)])));
        assert_eq!(
            message(&p, &partial(&[(3, 4), (7, 2)])),
            "cage at row 1, column 4 (1-) has a difference of 2"
        );
        assert_eq!(
            message(&p, &partial(&[(5, 1), (6, 3)])),
            "cage at row 2, column 2 (4/) has a quotient of 3"
        );
        assert_eq!(
            message(&p, &partial(&[(5, 2), (6, 3)])),
            "cage at row 2, column 2 (4/) does not divide evenly"
        );
        assert!(cages_valid(&p, &partial(&[(3, 4), (7, 3), (5, 4), (6, 1)])));
    }

    #[test]
    fn hidden_operator_and_given_cages() {
        let p = kenken();
        assert!(cages_valid(&p, &partial(&[(12, 4)])));
        assert!(cages_valid(&p, &partial(&[(12, 4), (13, 3)])));
        assert!(cages_valid(&p, &partial(&[(12, 3), (13, 4)])));
        assert_eq!(
            message(&p, &partial(&[(12, 4), (13, 2)])),
            "cage at row 4, column 1 (7?) cannot make 7 with any of + - * /"
        );
        assert_eq!(message(&p, &partial(&[(14, 3)])), "cage at row 4, column 3 (2) holds 3");
        assert_eq!(
            message(&p, &partial(&[(15, 2)])),
            "cage at row 4, column 4 (1*) multiplies to 2"
        );
    }

    #[test]
    fn rows_columns_and_range() {
        let p = kenken();
        // Row 3 gets two 4s (and column 1 two 4s: rows are reported first).
        let mut g = grid(4, &SOLUTION);
        g.set(Cell(8), 4);
        assert!(!rows_valid(&g) && !columns_valid(&g));
        assert_eq!(message(&p, &g), "row 3 has two 4s");
        let g = partial(&[(0, 1), (1, 1), (3, 1)]);
        assert_eq!(message(&p, &g), "row 1 has three 1s");
        let g = partial(&[(1, 1), (5, 1)]);
        assert!(rows_valid(&g) && !columns_valid(&g));
        assert_eq!(message(&p, &g), "column 2 has two 1s");
        let g = partial(&[(1, 7)]);
        assert_eq!(message(&p, &g), "value 7 at row 1, column 2 is out of range 1..4");
        assert_eq!(message(&p, &Grid::empty(3)), "the grid is 3x3, expected 4x4");
    }

    fn seed_sudoku() -> (Puzzle, Grid) {
        #[rustfmt::skip]
        let givens = [
            5, 3, 0, 0, 7, 0, 0, 0, 0,
            6, 0, 0, 1, 9, 5, 0, 0, 0,
            0, 9, 8, 0, 0, 0, 0, 6, 0,
            8, 0, 0, 0, 6, 0, 0, 0, 3,
            4, 0, 0, 8, 0, 3, 0, 0, 1,
            7, 0, 0, 0, 2, 0, 0, 0, 6,
            0, 6, 0, 0, 0, 0, 2, 8, 0,
            0, 0, 0, 4, 1, 9, 0, 0, 5,
            0, 0, 0, 0, 8, 0, 0, 7, 9,
        ];
        #[rustfmt::skip]
        let solved = [
            5, 3, 4, 6, 7, 8, 9, 1, 2,
            6, 7, 2, 1, 9, 5, 3, 4, 8,
            1, 9, 8, 3, 4, 2, 5, 6, 7,
            8, 5, 9, 7, 6, 1, 4, 2, 3,
            4, 2, 6, 8, 5, 3, 7, 9, 1,
            7, 1, 3, 9, 2, 4, 8, 5, 6,
            9, 6, 1, 5, 3, 7, 2, 8, 4,
            2, 8, 7, 4, 1, 9, 6, 3, 5,
            3, 4, 5, 2, 8, 6, 1, 7, 9,
        ];
        (Puzzle::sudoku(9, BoxShape::standard(9), grid(9, &givens)).unwrap(), grid(9, &solved))
    }

    #[test]
    fn sudoku_rules() {
        let (p, solved) = seed_sudoku();
        assert_eq!(check(&p, &solved), Ok(()));
        assert_eq!(check(&p, p.givens()), Ok(()));
        assert!(grid_valid(&p, p.givens()) && boxes_valid(&p, &solved));
        // Wrong given.
        let mut g = solved.clone();
        g.set(Cell(0), 3);
        g.set(Cell(1), 5);
        assert_eq!(message(&p, &g), "cell at row 1, column 1 should be the given 5, not 3");
        // A box repeat that is no row or column repeat: box 4 gets two 9s.
        let mut g2 = Grid::empty(9);
        g2.set(Cell::at(3, 0, 9), 9);
        g2.set(Cell::at(4, 1, 9), 9);
        let empty = Puzzle::sudoku(9, BoxShape::standard(9), Grid::empty(9)).unwrap();
        assert!(rows_valid(&g2) && columns_valid(&g2) && !boxes_valid(&empty, &g2));
        assert_eq!(message(&empty, &g2), "box 4 has two 9s");
        // Without boxes, boxes are always valid.
        assert!(boxes_valid(&kenken(), &g2));
    }

    #[test]
    fn killer_cages_must_not_repeat() {
        let cages = vec![cage(9, Some(Add), &[1, 2, 6])];
        let killer =
            Puzzle::new(4, BoxShape::standard(4), Grid::empty(4), cages.clone(), true).unwrap();
        let plain = Puzzle::new(4, BoxShape::standard(4), Grid::empty(4), cages, false).unwrap();
        let g = partial(&[(1, 2), (6, 2)]);
        assert!(grid_valid(&plain, &g));
        assert!(
            !grid_valid(&killer, &g)
                && rows_valid(&g)
                && columns_valid(&g)
                && boxes_valid(&killer, &g)
        );
        assert_eq!(message(&killer, &g), "cage at row 1, column 2 (9+) has two 2s");
        assert!(grid_valid(&killer, &partial(&[(1, 2), (6, 3)])));
        assert_eq!(
            message(&killer, &partial(&[(1, 2), (2, 4), (6, 1)])),
            "cage at row 1, column 2 (9+) adds up to 7"
        );
    }

    #[test]
    fn candidates_follow_every_rule() {
        let (p, _) = seed_sudoku();
        let c = candidates(&p, p.givens(), Cell::at(0, 2, 9));
        assert_eq!(c.iter().collect::<Vec<_>>(), vec![1, 2, 4]);
        // A given cell: only its value.
        assert_eq!(candidates(&p, p.givens(), Cell(0)), ValueSet::single(5));
        let k = kenken();
        let e = Grid::empty(4);
        assert_eq!(candidates(&k, &e, Cell(0)), ValueSet::full(4));
        assert_eq!(candidates(&k, &e, Cell(1)).iter().collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(candidates(&k, &e, Cell(14)), ValueSet::single(2));
        // Row, column and the cage together; the cell's own value is ignored.
        let g = partial(&[(0, 1), (4, 4), (8, 2), (6, 4)]);
        assert_eq!(candidates(&k, &g, Cell(4)).iter().collect::<Vec<_>>(), vec![3]);
        assert!(CellChecker::new(&k).cell_valid(&g, Cell(5)));
        assert!(!CellChecker::new(&k).cell_valid(&g, Cell(8)));
    }

    /// The constraints beyond rows, columns, boxes and cages are named when broken: a jigsaw
    /// region, a diagonal, a relation, a full line of towers; and the brute force's one-cell
    /// check agrees with the whole-grid one.
    #[test]
    fn other_constraints_are_named() {
        use crate::puzzle::{LineClues, Relation};
        let g = grid(4, &[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let jigsaw = Puzzle::builder(4)
            .regions(vec![0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3])
            .build()
            .unwrap();
        assert_eq!(message(&jigsaw, &g), "region 1 has two 3s");
        let x = Puzzle::builder(4).diagonals(true).build().unwrap();
        assert_eq!(message(&x, &g), "the diagonal has two 4s");
        let less = Relation::new(Cell(1), Cell(0), RelationKind::Less);
        let futoshiki = Puzzle::builder(4).relations(vec![less]).build().unwrap();
        assert_eq!(
            message(&futoshiki, &g),
            "cell at row 1, column 2 (2) should be less than the cell at row 1, column 1 (1)"
        );
        let bar = Relation::new(Cell(0), Cell(4), RelationKind::Consecutive);
        let adjacent = Puzzle::builder(4).relations(vec![bar]).build().unwrap();
        assert_eq!(
            message(&adjacent, &g),
            "cells at row 1, column 1 (1) and row 2, column 1 (3) should differ by 1"
        );
        let clues = LineClues { left: vec![0, 0, 3, 0], ..LineClues::none(4) };
        let towers = Puzzle::builder(4).line_clues(clues).build().unwrap();
        assert_eq!(message(&towers, &g), "from the left of row 3, 2 towers are seen, not 3");
        // An empty cell in the line: not judged yet.
        let mut partial = g.clone();
        partial.set(Cell(9), 0);
        assert_eq!(check(&towers, &partial), Ok(()));
        for p in [&jigsaw, &x, &futoshiki, &adjacent, &towers] {
            let whole = grid_valid(p, &g);
            let checker = CellChecker::new(p);
            let by_cell = (0..16).all(|c| checker.cell_valid(&g, Cell(c)));
            assert_eq!((whole, by_cell), (false, false));
            assert!(grid_valid(p, &Grid::empty(4)));
        }
    }
}

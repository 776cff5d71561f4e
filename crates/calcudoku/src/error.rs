//! Typed errors of the library: structural problems of a puzzle, and parse errors that say
//! where (line and column, 1-based) and what was expected.

use thiserror::Error;

use crate::puzzle::BoxShape;

/// A puzzle whose parts do not fit together.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The side length is 0 or larger than [`MAX_SIZE`](crate::puzzle::MAX_SIZE).
    #[error("size {size} is not supported (expected 1 to {max})", max = crate::puzzle::MAX_SIZE)]
    Size {
        /// The side length asked for.
        size: usize,
    },
    /// The box shape has a zero side, or height × width is not the side length.
    #[error("boxes of {shape} do not tile a {size}x{size} grid")]
    BoxShape {
        /// The box shape given.
        shape: BoxShape,
        /// Side length N of the puzzle.
        size: usize,
    },
    /// The grid of givens has a different side length from the puzzle.
    #[error("givens grid is {found}x{found}, expected {expected}x{expected}")]
    GivensSize {
        /// Side length of the puzzle.
        expected: usize,
        /// Side length of the givens grid.
        found: usize,
    },
    /// A grid was built from a number of values other than N².
    #[error("a {size}x{size} grid has {cells} cells, found {found}", cells = size * size)]
    CellCount {
        /// Side length N of the grid.
        size: usize,
        /// Number of values supplied.
        found: usize,
    },
    /// A cell holds a value above N (0, an empty cell, is always allowed).
    #[error("cell {cell} holds {value}, expected 0 (empty) or 1 to {size}", cell = cell.0)]
    GivenOutOfRange {
        /// The first cell (row-major) holding such a value.
        cell: crate::puzzle::Cell,
        /// The value it holds.
        value: u8,
        /// Side length N of the grid.
        size: usize,
    },
    /// A cage lists no cells.
    #[error("cage {cage} has no cells")]
    EmptyCage {
        /// Index of the cage in the puzzle's cage list (0-based).
        cage: usize,
    },
    /// A cage names a cell index not below N².
    #[error("cell {cell} is out of range (the grid has cells 0 to {last})", last = cells - 1)]
    CellOutOfRange {
        /// The row-major cell index named.
        cell: usize,
        /// Number of cells in the grid (N²).
        cells: usize,
    },
    /// One cell appears in two cages (or twice in one cage, when `first == second`).
    #[error("cell {cell} is in two cages ({first} and {second})")]
    CellInTwoCages {
        /// The row-major cell index.
        cell: usize,
        /// Index of the first cage holding it (0-based, in the puzzle's cage list).
        first: usize,
        /// Index of the later cage that holds it again.
        second: usize,
    },
    /// Windoku's windows asked of a side that has no box shape to size them.
    #[error("a {size}x{size} grid has no windoku windows (its side has no box shape)")]
    NoWindows {
        /// Side length N of the puzzle.
        size: usize,
    },
    /// Both rectangular boxes and irregular regions were given.
    #[error("a puzzle has either boxes or irregular regions, not both")]
    BoxesAndRegions,
    /// A region map does not have one label per cell.
    #[error("the regions name {found} cells, expected {cells} (one per cell)", cells = size * size)]
    RegionMapSize {
        /// Side length N of the puzzle.
        size: usize,
        /// Labels given.
        found: usize,
    },
    /// The regions do not number N.
    #[error(
        "the regions do not tile the grid: {found} regions, expected {size} of {size} cells each"
    )]
    RegionCount {
        /// Side length N of the puzzle.
        size: usize,
        /// Regions found (N + 1 when there are more than N).
        found: usize,
    },
    /// A region does not hold N cells.
    #[error(
        "the regions do not tile the grid: region {} has {cells} cells, expected {size}",
        region + 1
    )]
    RegionSize {
        /// The region, numbered from 0 in order of first appearance (row-major).
        region: usize,
        /// Its cells.
        cells: usize,
        /// Side length N of the puzzle.
        size: usize,
    },
    /// An extra region holds fewer than 2 or more than N cells.
    #[error("extra region {} has {cells} cells, expected 2 to {size}", region + 1)]
    ExtraRegionSize {
        /// The extra region (0-based, in input order).
        region: usize,
        /// Its cells.
        cells: usize,
        /// Side length N of the puzzle.
        size: usize,
    },
    /// An extra region lists a cell twice.
    #[error("extra region {} lists cell {cell} twice", region + 1)]
    ExtraRegionRepeat {
        /// The extra region (0-based, in input order).
        region: usize,
        /// The row-major cell index.
        cell: usize,
    },
    /// A relation between a cell and itself.
    #[error("relation {} relates cell {cell} to itself", relation + 1)]
    RelationToItself {
        /// The relation (0-based, in input order).
        relation: usize,
        /// The row-major cell index.
        cell: usize,
    },
    /// A side of line clues does not have N clues.
    #[error("{found} {} clues, expected {size} (0 for none)", edge.name())]
    LineClueCount {
        /// The edge.
        edge: crate::puzzle::Edge,
        /// Clues given on it.
        found: usize,
        /// Side length N of the puzzle.
        size: usize,
    },
    /// A line clue above N.
    #[error("the {} clue {} is {seen}, expected 0 (none) to {size}", edge.name(), index + 1)]
    LineClueRange {
        /// The edge.
        edge: crate::puzzle::Edge,
        /// Its position along the edge (0-based).
        index: usize,
        /// The clue.
        seen: u8,
        /// Side length N of the puzzle.
        size: usize,
    },
}

/// What went wrong while reading a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input holds no puzzle (nothing, or only blank lines and comments).
    #[error("the input is empty (expected a puzzle)")]
    Empty,
    /// The text at the error's place is not what the format allows there.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What the format allows there, in words ("a digit", "9 rows").
        expected: String,
        /// What the input holds instead, in words or quoted.
        found: String,
    },
    /// The text reads well but describes a puzzle whose parts do not fit together.
    #[error(transparent)]
    Invalid(#[from] ModelError),
    /// Format detection found more than one format that reads the input; holds their names,
    /// comma-separated.
    #[error("the input fits several formats ({0}); choose one with --format")]
    Ambiguous(String),
    /// Any other problem, described by the message.
    #[error("{0}")]
    Other(String),
    /// A cell listed in two cages of a cage list (`cells`, `counted`), naming both cages by line.
    #[error(
        "cell {cell} is in two cages (the cage on line {first_line} and the cage on line {second_line})"
    )]
    CellInTwoCages {
        /// The row-major cell index (0-based).
        cell: usize,
        /// Line (1-based) of the cage that lists the cell first.
        first_line: usize,
        /// Line (1-based) of the cage that lists it again.
        second_line: usize,
    },
    /// The cages of a cage list hold a number of cells that is not N² for any N.
    #[error("the cages hold {cells} cells, which is not a square number (N x N); {hint}")]
    NotSquare {
        /// Number of cells the cages hold together.
        cells: usize,
        /// The nearest grid and, when few, the cells no cage covers.
        hint: String,
    },
    /// `ops`: cage ids not numbered 0, 1, 2, … in order of first appearance (row-major).
    #[error(
        "cage ids must be numbered in order of first appearance: expected {expected}, found {found}"
    )]
    CageOrder {
        /// The next unused id, which a new cage must take.
        expected: usize,
        /// The id found instead.
        found: u64,
    },
    /// `sudoku`: two givens with the same value in one row, column or box (rows and columns
    /// 1-based).
    #[error(
        "the given {value} at row {row}, column {col} repeats the {value} at row {first_row}, column {first_col} (same {unit})"
    )]
    ConflictingGivens {
        /// The repeated value.
        value: u8,
        /// Where both lie: `"row"`, `"column"` or `"box"`.
        unit: &'static str,
        /// Row (1-based) of the earlier given.
        first_row: usize,
        /// Column (1-based) of the earlier given.
        first_col: usize,
        /// Row (1-based) of the later given, the one reported.
        row: usize,
        /// Column (1-based) of the later given.
        col: usize,
    },
}

/// A puzzle that a format cannot express (say, multiplication cages in the `cells` format).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The puzzle has a feature the format has no way to write.
    #[error("the {format} format cannot express {what}")]
    Unsupported {
        /// Name of the format, as [`Format::name`](crate::format::Format::name) gives it.
        format: &'static str,
        /// The feature that cannot be written, in words.
        what: String,
    },
}

impl WriteError {
    /// A [`WriteError::Unsupported`] for format `format` and the feature `what`.
    pub fn unsupported(format: &'static str, what: impl Into<String>) -> WriteError {
        WriteError::Unsupported { format, what: what.into() }
    }
}

/// A parse error at a place in the input. `line` and `column` are 1-based; 0 means the error
/// concerns the input as a whole (or the whole line, for the column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Line of the input, from 1; 0 for the input as a whole.
    pub line: usize,
    /// Column (in characters) on that line, from 1; 0 for the whole line.
    pub column: usize,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// An error of `kind` at `line` and `column` (1-based; 0 as in [`ParseError`]).
    pub fn new(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { line, column, kind }
    }
    /// "expected X, found Y" at a place.
    pub fn expected(
        line: usize,
        column: usize,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> ParseError {
        ParseError::new(
            line,
            column,
            ParseErrorKind::Expected { expected: expected.into(), found: found.into() },
        )
    }
    /// An error about the whole input.
    pub fn whole(kind: ParseErrorKind) -> ParseError {
        ParseError::new(0, 0, kind)
    }
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = singular_after_one(self.kind.to_string());
        match (self.line, self.column) {
            (0, _) => write!(f, "{kind}"),
            (l, 0) => write!(f, "line {l}: {kind}"),
            (l, c) => write!(f, "line {l}, column {c}: {kind}"),
        }
    }
}

/// "found 1 characters" → "found 1 character": the messages count things with `{n} things`.
fn singular_after_one(mut msg: String) -> String {
    const NOUNS: [&str; 10] = [
        "characters",
        "values",
        "rows",
        "cells",
        "labels",
        "clues",
        "edges",
        "cage ids",
        "cage lines",
        "cages",
    ];
    for noun in NOUNS {
        let plural = format!(" 1 {noun}");
        let mut from = 0;
        while let Some(i) = msg[from..].find(&plural).map(|i| i + from) {
            let end = i + plural.len();
            if msg[end..].chars().next().is_none_or(|c| !c.is_alphanumeric()) {
                msg.remove(end - 1);
            }
            from = end - 1;
        }
    }
    msg
}

/// The message already says everything `kind` says, so the kind is not a separate cause: an
/// error chain (`anyhow`'s `{:#}`) prints each fact once.
impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn a_chain_states_each_fact_once() {
        let e = ParseError::expected(4, 5, "a digit", "'x'");
        assert_eq!(e.to_string(), "line 4, column 5: expected a digit, found 'x'");
        assert!(e.source().is_none());
        let model = ParseErrorKind::Invalid(ModelError::EmptyCage { cage: 2 });
        assert_eq!(model.to_string(), "cage 2 has no cells");
        // Transparent: the model error is the message, not a second cause printed after it.
        assert!(model.source().is_none());
    }
}

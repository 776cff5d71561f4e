//! Typed errors of the library: structural problems of a puzzle, and parse errors that say
//! where (line and column, 1-based) and what was expected.

use thiserror::Error;

use crate::puzzle::BoxShape;

/// A puzzle whose parts do not fit together.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ModelError {
    #[error("size {size} is not supported (expected 1 to {max})", max = crate::puzzle::MAX_SIZE)]
    Size { size: usize },
    #[error("boxes of {shape} do not tile a {size}x{size} grid")]
    BoxShape { shape: BoxShape, size: usize },
    #[error("givens grid is {found}x{found}, expected {expected}x{expected}")]
    GivensSize { expected: usize, found: usize },
    #[error("a {size}x{size} grid has {cells} cells, found {found}", cells = size * size)]
    CellCount { size: usize, found: usize },
    #[error("cell {cell} holds {value}, expected 0 (empty) or 1 to {size}", cell = cell.0)]
    GivenOutOfRange { cell: crate::puzzle::Cell, value: u8, size: usize },
    #[error("cage {cage} has no cells")]
    EmptyCage { cage: usize },
    #[error("cell {cell} is out of range (the grid has cells 0 to {last})", last = cells - 1)]
    CellOutOfRange { cell: usize, cells: usize },
    #[error("cell {cell} is in two cages ({first} and {second})")]
    CellInTwoCages { cell: usize, first: usize, second: usize },
    #[error("cell {cell} is in no cage")]
    CellInNoCage { cell: usize },
}

/// What went wrong while reading a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    #[error("the input is empty (expected a puzzle)")]
    Empty,
    #[error("expected {expected}, found {found}")]
    Expected { expected: String, found: String },
    #[error(transparent)]
    Invalid(#[from] ModelError),
    #[error("the input fits several formats ({0}); choose one with --format")]
    Ambiguous(String),
    #[error("{0}")]
    Other(String),
    /// A cell listed in two cages of a cage list (`cells`, `counted`), naming both cages by line.
    #[error(
        "cell {cell} is in two cages (the cage on line {first_line} and the cage on line {second_line})"
    )]
    CellInTwoCages { cell: usize, first_line: usize, second_line: usize },
    /// The cages of a cage list hold a number of cells that is not N² for any N.
    #[error("the cages hold {cells} cells, which is not a square number (N x N); {hint}")]
    NotSquare { cells: usize, hint: String },
    /// `ops`: cage ids not numbered 0, 1, 2, … in order of first appearance (row-major).
    #[error(
        "cage ids must be numbered in order of first appearance: expected {expected}, found {found}"
    )]
    CageOrder { expected: usize, found: u64 },
    /// `sudoku`: two givens with the same value in one row, column or box (rows and columns
    /// 1-based).
    #[error(
        "the given {value} at row {row}, column {col} repeats the {value} at row {first_row}, column {first_col} (same {unit})"
    )]
    ConflictingGivens {
        value: u8,
        unit: &'static str,
        first_row: usize,
        first_col: usize,
        row: usize,
        col: usize,
    },
}

/// A puzzle that a format cannot express (say, multiplication cages in the `cells` format).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WriteError {
    #[error("the {format} format cannot express {what}")]
    Unsupported { format: &'static str, what: String },
}

impl WriteError {
    pub fn unsupported(format: &'static str, what: impl Into<String>) -> WriteError {
        WriteError::Unsupported { format, what: what.into() }
    }
}

/// A parse error at a place in the input. `line` and `column` are 1-based; 0 means the error
/// concerns the input as a whole (or the whole line, for the column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub kind: ParseErrorKind,
}

impl ParseError {
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

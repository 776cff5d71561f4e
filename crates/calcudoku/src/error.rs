//! Typed errors of the library: structural problems of a puzzle ([`ModelError`], defined with
//! the model in `puzzle` and re-exported here), and parse errors that say where (line and
//! column, 1-based) and what was expected.

use thiserror::Error;

pub use crate::puzzle::error::ModelError;

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

impl ParseError {
    /// What went wrong, without the place (`expected …, found …`): front ends that show the
    /// place their own way (`FILE:LINE:COLUMN: …`) print this after it.
    pub fn what(&self) -> String {
        singular_after_one(self.kind.to_string())
    }
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = self.what();
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

//! Text formats: one file per format, each with a parser and a writer, plus detection.
//!
//! | name      | what it is                                                              |
//! |-----------|-------------------------------------------------------------------------|
//! | `cells`   | seed 000: number of cages, then `target cell cell …` per cage (sums)    |
//! | `counted` | seed 003: number of cages, then `target count cell …` per cage (sums)   |
//! | `ops`     | seeds 001/004: N rows of N cage ids, then one line of labels (`80*`, `3`) |
//! | `sudoku`  | an 81-character line (or a file of them), or N rows of N values         |

pub mod keen;
use std::fmt;

use crate::error::ParseError;
use crate::puzzle::{Grid, Puzzle};

/// A text format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Cells,
    Counted,
    Ops,
    Sudoku,
}

impl Format {
    pub const ALL: [Format; 4] = [Format::Cells, Format::Counted, Format::Ops, Format::Sudoku];

    pub const fn name(self) -> &'static str {
        match self {
            Format::Cells => "cells",
            Format::Counted => "counted",
            Format::Ops => "ops",
            Format::Sudoku => "sudoku",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a solution is written back: rows of space-separated numbers, or one line per puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// N lines of N numbers separated by one space (the seeds' output).
    Rows,
    /// One line of N² characters (Sudoku line form; values above 9 as letters `A`=10 …).
    Line,
}

/// One puzzle of a document, or the error that kept it from being read.
#[derive(Clone, Debug)]
pub struct Entry {
    /// 1-based line where the puzzle starts.
    pub line: usize,
    pub puzzle: Result<Puzzle, ParseError>,
}

/// What a text holds: its format, how answers should be laid out, and its puzzles (a file of
/// one-line Sudokus holds many; a bad one does not stop the others).
#[derive(Clone, Debug)]
pub struct Document {
    pub format: Format,
    pub layout: Layout,
    pub entries: Vec<Entry>,
}

/// Writes a solution in the layout its puzzle came in.
pub fn write_solution(grid: &Grid, layout: Layout) -> String {
    match layout {
        Layout::Rows => grid.to_string(),
        Layout::Line => {
            let mut s: String = grid.cells().iter().map(|&v| value_char(v)).collect();
            s.push('\n');
            s
        }
    }
}

/// The character of a value in the line form: `.` empty, `1`–`9`, then `A`=10, `B`=11, ….
pub fn value_char(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v) as char,
        _ => (b'A' + v - 10) as char,
    }
}

/// Reads a text in the given format, or detects it. Errors that concern the whole text (empty,
/// ambiguous, nothing fits) come back as `Err`; errors of one puzzle of a batch come back in
/// its entry.
pub fn read(text: &str, format: Option<Format>) -> Result<Document, ParseError> {
    let _ = (text, format);
    todo!("format helper implements")
}

/// Reads a text that must hold exactly one puzzle.
pub fn parse(text: &str, format: Option<Format>) -> Result<Puzzle, ParseError> {
    let doc = read(text, format)?;
    let mut entries = doc.entries.into_iter();
    match (entries.next(), entries.next()) {
        (Some(e), None) => e.puzzle,
        (None, _) => Err(ParseError::whole(crate::error::ParseErrorKind::Empty)),
        (Some(_), Some(e)) => Err(ParseError::new(
            e.line,
            0,
            crate::error::ParseErrorKind::Other("expected one puzzle, found several".into()),
        )),
    }
}

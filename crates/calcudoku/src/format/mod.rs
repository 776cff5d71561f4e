//! Text formats: one file per format, each with its descriptor ([`FormatSpec`]: name, help,
//! detection, parse, write), listed once in [`Format::ALL`]; plus detection.
//!
//! | name      | what it is                                                              |
//! |-----------|-------------------------------------------------------------------------|
//! | `ops`     | seeds 001/004: N rows of N cage ids, then one line of labels (`80*`, `3`) |
//! | `cells`   | seed 000: number of cages, then `target cell cell …` per cage (sums)    |
//! | `counted` | seed 003: number of cages, then `target count cell …` per cage (sums)   |
//! | `sudoku`  | an 81-character line (or a file of them), or N rows of N values         |
//! | `jigsaw`  | a line of N² givens and a line of N² region labels (or two grids)       |
//! | `solo`    | a Solo game ID: `3x3:…`, jigsaw `9j:…`, X `3x3x:…`, Killer `3x3k:…`     |
//! | `keen`    | a Keen game ID: `4:b_5a_abbaa__,m6s1m12a9m4a5`                          |
//! | `json`    | every puzzle kind as one JSON object (size, boxes, givens, cages, …)    |
//! | `towers`  | a Towers game ID (Skyscrapers): `4:2/1//3/2/3/2/1/2/3/1/3/2/2/4/1`       |
//! | `unequal` | an Unequal game ID (Futoshiki, `Na:` Adjacent): `3:0R,0,0,0,2,0,0,0,0U`   |
//! | `skyscrapers` | a Skyscrapers grid drawn with its clues around it                    |
//! | `futoshiki` | a Futoshiki grid drawn with `<` `>` `^` `v` (Adjacent: `|` `-`)         |
//!
//! Answers (filled or partly filled grids, to check against a puzzle) are read by [`grid`].

//!
//! ## Detection
//!
//! [`read`] without a format tries every format. Those under which the text reads as a
//! consistent puzzle (cells in range, each in exactly one cage, …) are kept:
//! - formats that read every puzzle of the text are preferred to those that read only some
//!   (a jigsaw's two lines are also a one-line Sudoku followed by a bad one);
//! - exactly one: that format;
//! - several that give the very same puzzles: the one of lowest preference (`json`, `keen`,
//!   `ops`, `sudoku`, `counted`, `cells`: the more self-checking format first);
//! - several giving different puzzles: the one that reads the text as written, when one does
//!   (a Futoshiki drawing's `|` and `-` are its signs, which other formats take for a drawn
//!   grid's rules); else [`ParseErrorKind::Ambiguous`](crate::error::ParseErrorKind::Ambiguous) naming them;
//! - none: the error of the most plausible format, judged by the shape of the text: a first
//!   line `boxes …` is `ops`; a game ID is the game's (Keen, Towers, Unequal) by its shape;
//!   `<`, `>`, `^` (`∧`, `∨`) make it `futoshiki`, and N clues above N rows of N + 2 numbers
//!   above N clues `skyscrapers`; a single number on the first line is `counted` when at least half
//!   the cage lines have a second number equal to the number of cells after it, else `cells`
//!   (but a number above 4096, more cages than any grid has, on lines of one word each, is a
//!   Sudoku line of digits of the wrong length: `sudoku`); another single word on the first
//!   line is `sudoku` (line form); rows of several numbers are `ops`
//!   when there is one line more than the first row has numbers (or a label-like word ends the
//!   text), `sudoku` when there are as many lines as numbers in the first row, and otherwise the
//!   format whose error comes later in the text.
//!
//! Input may have a UTF-8 byte-order mark, CRLF line ends, tabs, extra spaces and blank lines
//! anywhere; line and column numbers in errors are 1-based positions in the original text
//! (columns count characters, a tab is one column).
//!
//! A text that is not one puzzle may be several: Keen game IDs or JSON objects one a line,
//! JSON objects over several lines, or puzzles of another format with blank lines between
//! (what `convert` and `generate` write for several puzzles).
//!
//! Before any of that, what surrounds puzzles in the files people have is blanked out (see
//! `decor`): `#` comments, `.sdk` section headers (`[Puzzle]`), the `==> FILE <==` headers of
//! output of several files, and the rules of grids drawn with `|`, `-` and `+`. A one-line Sudoku may be followed on its line by a rating or any
//! other note (`…  # 9.2`, `…<tab>9.2`), and a Keen game ID may carry Keen's full parameters
//! (`6dh:…`, `9dxm:…`).

pub mod cells;
pub mod counted;
mod decor;
mod detect;
pub mod futoshiki;
pub mod grid;
pub mod jigsaw;
pub mod json;
pub mod keen;
pub mod ops;
pub mod skyscrapers;
pub mod solo;
mod stream;
pub mod sudoku;
mod tatham;
mod text;
pub mod towers;
pub mod unequal;

pub use decor::is_blank_or_comment;
pub(crate) use detect::Shape;
pub use detect::read;

use std::fmt;

use crate::error::{ParseError, WriteError};
use crate::puzzle::{Grid, Puzzle};

/// What a format is, in one descriptor in the format's own file: its name and help, how
/// detection recognises it, how it is read and written. [`Format::ALL`] lists them; a new
/// format is a file with its descriptor and a line in that list.
pub struct FormatSpec {
    /// The lower-case name used on the command line and in messages (`ops`, `sudoku`, …).
    pub name: &'static str,
    /// What it is, in a line.
    pub summary: &'static str,
    /// Its paragraph of `calcudoku --help`: what it holds, and an example (indented).
    pub help: &'static str,
    /// Whether a text of this shape could be in the format: a cheap necessary condition, so
    /// that detection reads the text only in the formats that pass (all, if none reads it).
    pub(crate) could_be: fn(&Shape<'_>) -> bool,
    /// Reads a text holding one puzzle.
    pub(crate) parse: fn(&str) -> Result<Puzzle, ParseError>,
    /// A format that reads a whole file of puzzles itself (Sudoku's lines) reads it here.
    pub(crate) read_batch: Option<ReadDocument>,
    /// How detection tries the format, when not as [`FormatSpec::read_batch`] or
    /// [`FormatSpec::parse`] would (Sudoku: only a first line, when the text is clearly no
    /// file of lines).
    pub(crate) detect: Option<ReadDocument>,
    /// Writes a puzzle (an error when the format cannot express it); `layout` chooses between
    /// a format's forms (Sudoku line or rows, JSON on one line or pretty).
    pub(crate) write: fn(&Puzzle, Layout) -> Result<String, WriteError>,
    /// For formats of one puzzle per line (game IDs, JSON objects): whether a line looks like
    /// one, so that a text of several such lines is read line by line.
    pub(crate) one_per_line: Option<fn(&str) -> bool>,
    /// Whether a text that no format reads is this format's to explain, from its first token
    /// (and whether the token is alone on its line): `{`, `boxes`, a game ID.
    pub(crate) claims: fn(&str, bool) -> bool,
    /// When several formats read the very same puzzles, the lowest preference wins (the
    /// format that checks itself most).
    pub(crate) preference: u8,
    /// Whether the format reads the text as written, with the `|` and `-` that other formats
    /// take for the rules of a drawn grid (a drawing whose signs they are).
    pub(crate) raw: bool,
}

/// Reads a whole text into a document of puzzles.
pub(crate) type ReadDocument = fn(&str) -> Result<Document, ParseError>;

/// A text format: a handle on its [`FormatSpec`].
#[derive(Clone, Copy)]
pub struct Format(&'static FormatSpec);

impl Format {
    /// N rows of N cage ids, then a line of cage labels (`3+`, `6*`, `7?`), with an optional
    /// `boxes HxW` line for Killer Sudoku (see [`ops`]).
    pub const OPS: Format = Format(&ops::SPEC);
    /// Sum cages as a list: the number of cages, then `target cell cell …` per line (see
    /// [`cells`]).
    pub const CELLS: Format = Format(&cells::SPEC);
    /// Like [`Format::CELLS`] with a cell count after each target (see [`counted`]).
    pub const COUNTED: Format = Format(&counted::SPEC);
    /// A Sudoku of givens: one line of N² characters per puzzle, or N rows of N values (see
    /// [`sudoku`]).
    pub const SUDOKU: Format = Format(&sudoku::SPEC);
    /// A Sudoku's givens and its irregular regions, on two lines or as two grids (see
    /// [`jigsaw`]).
    pub const JIGSAW: Format = Format(&jigsaw::SPEC);
    /// Simon Tatham's Solo game ID: Sudoku, jigsaw, X, Killer (see [`solo`]).
    pub const SOLO: Format = Format(&solo::SPEC);
    /// Simon Tatham's Keen game ID (see [`keen`]).
    pub const KEEN: Format = Format(&keen::SPEC);
    /// Any puzzle kind as a JSON object (see [`json`]).
    pub const JSON: Format = Format(&json::SPEC);
    /// Simon Tatham's Towers game ID: Skyscrapers (see [`towers`]).
    pub const TOWERS: Format = Format(&towers::SPEC);
    /// Simon Tatham's Unequal game ID: Futoshiki and Adjacent (see [`unequal`]).
    pub const UNEQUAL: Format = Format(&unequal::SPEC);
    /// A Skyscrapers grid drawn with its clues around it (see [`skyscrapers`]).
    pub const SKYSCRAPERS: Format = Format(&skyscrapers::SPEC);
    /// A Futoshiki (or Adjacent) grid drawn with its signs (see [`futoshiki`]).
    pub const FUTOSHIKI: Format = Format(&futoshiki::SPEC);

    /// Every format, in the order `--help` lists them.
    pub const ALL: &'static [Format] = &[
        Format::OPS,
        Format::CELLS,
        Format::COUNTED,
        Format::SUDOKU,
        Format::JIGSAW,
        // Before Keen: a file of Solo IDs is read line by line as Solo's, not Keen's.
        Format::SOLO,
        Format::KEEN,
        Format::JSON,
        Format::TOWERS,
        Format::UNEQUAL,
        Format::SKYSCRAPERS,
        Format::FUTOSHIKI,
    ];

    /// The lower-case name used on the command line and in messages (`"cells"`, `"ops"`, …).
    pub const fn name(self) -> &'static str {
        self.0.name
    }

    /// What the format is, in a line.
    pub const fn summary(self) -> &'static str {
        self.0.summary
    }

    /// The format's descriptor.
    pub const fn spec(self) -> &'static FormatSpec {
        self.0
    }

    /// The format of that name, ignoring ASCII case; `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.iter().copied().find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// The names of every format, in [`Format::ALL`]'s order.
    pub fn names() -> Vec<&'static str> {
        Format::ALL.iter().map(|f| f.name()).collect()
    }

    /// The formats' paragraphs of `--help`, under a heading.
    pub fn help() -> String {
        let mut s =
            String::from("Formats (detected automatically; force one with --format NAME):\n");
        for f in Format::ALL {
            s.push('\n');
            s.push_str(f.0.help.trim_end());
            s.push('\n');
        }
        s
    }
}

impl PartialEq for Format {
    fn eq(&self, other: &Format) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Format {}

impl std::hash::Hash for Format {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Format({})", self.name())
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
    /// The puzzle, or why it could not be read (the error's line counts in the whole text).
    pub puzzle: Result<Puzzle, ParseError>,
}

/// What a text holds: its format, how answers should be laid out, and its puzzles (a file of
/// one-line Sudokus holds many; a bad one does not stop the others).
#[derive(Clone, Debug)]
pub struct Document {
    /// The format the text was read in (given, or detected).
    pub format: Format,
    /// How answers to these puzzles should be written: [`Layout::Line`] for one-line Sudokus,
    /// else [`Layout::Rows`].
    pub layout: Layout,
    /// The puzzles, in text order.
    pub entries: Vec<Entry>,
}

/// Writes a solution in the layout its puzzle came in.
pub fn write_solution(grid: &Grid, layout: Layout) -> String {
    match layout {
        Layout::Rows => {
            let mut s = String::new();
            grid.write_rows(&mut s);
            s
        }
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

/// Writes a puzzle in a format; `layout` chooses between the Sudoku line and rows forms, and
/// between JSON on one line (JSON Lines, for batches) and pretty-printed (the other formats
/// have one form). Errors when the format cannot express the puzzle.
pub fn write_puzzle(puzzle: &Puzzle, format: Format, layout: Layout) -> Result<String, WriteError> {
    (format.spec().write)(puzzle, layout)
}

/// What a puzzle has beyond boxes, givens and cages, which the cage and Sudoku formats cannot
/// write: the first found, in words.
pub(crate) fn beyond_boxes_and_cages(puzzle: &Puzzle) -> Option<&'static str> {
    beyond(puzzle, &[])
}

/// What a puzzle has beyond boxes, givens, cages and the `allowed` features (named as
/// [`beyond_boxes_and_cages`] names them): the first found, in words.
pub(crate) fn beyond(puzzle: &Puzzle, allowed: &[&str]) -> Option<&'static str> {
    [
        (puzzle.jigsaw().is_some(), "jigsaw regions"),
        (puzzle.diagonals(), "diagonals"),
        (!puzzle.extra_regions().is_empty(), "extra regions"),
        (!puzzle.relations().is_empty(), "relations between cells"),
        (puzzle.line_clues().is_some(), "line clues"),
    ]
    .into_iter()
    .find_map(|(has, what)| (has && !allowed.contains(&what)).then_some(what))
}

/// An error unless the puzzle has nothing beyond boxes, givens and cages (see
/// [`beyond_boxes_and_cages`]).
pub(crate) fn only_boxes_and_cages(
    puzzle: &Puzzle,
    format: &'static str,
) -> Result<(), WriteError> {
    match beyond_boxes_and_cages(puzzle) {
        Some(what) => Err(WriteError::unsupported(format, what)),
        None => Ok(()),
    }
}

/// Cage formats carry givens only as one-cell cages: every given must sit in a one-cell cage
/// (sum or no operator) of the same target.
pub(crate) fn check_givens_in_cages(
    puzzle: &Puzzle,
    format: &'static str,
) -> Result<(), WriteError> {
    // Most puzzles written have no givens: no map of the cages for them.
    if puzzle.givens().cells().iter().all(|&v| v == 0) {
        return Ok(());
    }
    let owner = puzzle.cage_of_cells();
    let n = puzzle.size();
    for (i, &v) in puzzle.givens().cells().iter().enumerate() {
        if v == 0 {
            continue;
        }
        let ok = owner[i].is_some_and(|k| {
            let cage = &puzzle.cages()[k];
            cage.cells.len() == 1
                && cage.target == v as u64
                && matches!(cage.op, None | Some(crate::puzzle::Operator::Add))
        });
        if !ok {
            return Err(WriteError::unsupported(
                format,
                format!(
                    "the given {v} at row {}, column {} (not a one-cell cage)",
                    i / n + 1,
                    i % n + 1
                ),
            ));
        }
    }
    Ok(())
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

/// Reads one puzzle in any format, by detection (as [`parse`] with no format).
impl std::str::FromStr for Puzzle {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Puzzle, ParseError> {
        parse(text, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A format that cannot write a puzzle's constraints says which, instead of writing a
    /// different puzzle.
    #[test]
    fn formats_refuse_what_they_cannot_write() {
        // Each case, what it has, and the formats besides JSON that can write it.
        let cases = [
            (
                r#"{"size": 4, "regions": ["aabb", "abbd", "accd", "ccdd"]}"#,
                "jigsaw regions",
                &[Format::JIGSAW, Format::SOLO][..],
            ),
            (r#"{"size": 4, "boxes": "2x2", "diagonals": true}"#, "diagonals", &[Format::SOLO][..]),
            (
                r#"{"size": 3, "relations": [{"cells": [[0,0],[0,1]], "rel": "<"}]}"#,
                "relations between cells",
                &[Format::UNEQUAL, Format::FUTOSHIKI][..],
            ),
            (
                r#"{"size": 3, "skyscrapers": {"top": [1, 2, 2]}}"#,
                "line clues",
                &[Format::TOWERS, Format::SKYSCRAPERS][..],
            ),
        ];
        for (text, what, can) in cases {
            let p = parse(text, Some(Format::JSON)).unwrap();
            for &format in Format::ALL.iter().filter(|&&f| f != Format::JSON) {
                let written = write_puzzle(&p, format, Layout::Rows);
                if can.contains(&format) {
                    let back = parse(&written.unwrap(), Some(format)).unwrap();
                    assert_eq!(back, p, "{format}");
                    continue;
                }
                let e = written.unwrap_err().to_string();
                // The Latin-square formats name the boxes of an X-Sudoku first.
                let named = e.ends_with(what) || (what == "diagonals" && e.ends_with("boxes"));
                assert!(named, "{format}: {e}");
            }
            assert!(write_puzzle(&p, Format::JSON, Layout::Line).is_ok());
        }
    }
}

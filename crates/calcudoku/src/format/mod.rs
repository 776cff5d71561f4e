//! Text formats: one file per format, each with a parser and a writer, plus detection.
//!
//! | name      | what it is                                                              |
//! |-----------|-------------------------------------------------------------------------|
//! | `cells`   | seed 000: number of cages, then `target cell cell …` per cage (sums)    |
//! | `counted` | seed 003: number of cages, then `target count cell …` per cage (sums)   |
//! | `ops`     | seeds 001/004: N rows of N cage ids, then one line of labels (`80*`, `3`) |
//! | `sudoku`  | an 81-character line (or a file of them), or N rows of N values         |
//! | `keen`    | a Keen game ID: `4:b_5a_abbaa__,m6s1m12a9m4a5`                          |
//! | `json`    | any puzzle kind as one JSON object (size, boxes, givens, cages)         |
//!
//! Answers (filled or partly filled grids, to check against a puzzle) are read by [`grid`].

//!
//! ## Detection
//!
//! [`read`] without a format tries every format. Those under which the text reads as a
//! consistent puzzle (cells in range, each in exactly one cage, …) are kept:
//! - exactly one: that format;
//! - several that give the very same puzzles: the first in the order `ops`, `sudoku`,
//!   `counted`, `cells` (the more self-checking format first);
//! - several giving different puzzles: [`ParseErrorKind::Ambiguous`] naming them;
//! - none: the error of the most plausible format, judged by the shape of the text: a first
//!   line `boxes …` is `ops`; a single number on the first line is `counted` when at least half
//!   the cage lines have a second number equal to the number of cells after it, else `cells`; another
//!   single word on the first line is `sudoku` (line form); rows of several numbers are `ops`
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
pub mod grid;
pub mod json;
pub mod keen;
pub mod ops;
mod stream;
pub mod sudoku;
mod text;

pub use decor::is_blank_or_comment;

use std::fmt;

use crate::error::{ParseError, ParseErrorKind, WriteError};
use crate::puzzle::{Grid, Puzzle};

/// A text format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Sum cages as a list: the number of cages, then `target cell cell …` per line, cells
    /// numbered from 0 row-major (see [`cells`]).
    Cells,
    /// Like [`Format::Cells`] with a cell count after each target: `target count cell …`
    /// (see [`counted`]).
    Counted,
    /// N rows of N cage ids, then a line of cage labels (`3+`, `6*`, `7?`), with an optional
    /// `boxes HxW` line for Killer Sudoku (see [`ops`]).
    Ops,
    /// A Sudoku of givens: one line of N² characters per puzzle, or N rows of N values (see
    /// [`sudoku`]).
    Sudoku,
    /// Simon Tatham's Keen game ID: `4:b_5a_abbaa__,m6s1m12a9m4a5`.
    Keen,
    /// Any puzzle kind as a JSON object (see [`json`]).
    Json,
}

impl Format {
    /// Every format, in the order of this enum.
    pub const ALL: [Format; 6] =
        [Format::Cells, Format::Counted, Format::Ops, Format::Sudoku, Format::Keen, Format::Json];

    /// The lower-case name used on the command line and in messages (`"cells"`, `"ops"`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Format::Cells => "cells",
            Format::Counted => "counted",
            Format::Ops => "ops",
            Format::Sudoku => "sudoku",
            Format::Keen => "keen",
            Format::Json => "json",
        }
    }

    /// The format of that name, ignoring ASCII case; `None` for an unknown name.
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
    let stripped = decor::strip(text);
    let text = stripped.as_ref();
    if text::is_blank(text) {
        return Err(text::empty());
    }
    let whole = match format {
        Some(f) => read_as(text, f),
        None => detect(text),
    };
    match whole {
        Ok(doc) => Ok(doc),
        // Not one puzzle: perhaps a stream of several (what `generate` writes).
        Err(e) => stream::read(text, format).unwrap_or(Err(e)),
    }
}

/// Reads a text in one format.
fn read_as(text: &str, format: Format) -> Result<Document, ParseError> {
    let puzzle = match format {
        Format::Cells => cells::parse(text)?,
        Format::Counted => counted::parse(text)?,
        Format::Ops => ops::parse(text)?,
        Format::Keen => keen::parse(text)?,
        Format::Json => json::parse(text)?,
        Format::Sudoku => return sudoku::read(text),
    };
    let line = text::lines(text).next().map_or(1, |l| l.no);
    Ok(Document { format, layout: Layout::Rows, entries: vec![Entry { line, puzzle: Ok(puzzle) }] })
}

/// The detection rule of the module documentation.
fn detect(text: &str) -> Result<Document, ParseError> {
    // Formats whose shape cannot fit the text are not tried, unless nothing else fits (then
    // every format is tried, so that the error comes from the most plausible one).
    let shape = Shape::of(text);
    let shaped: Vec<Format> = Format::ALL.into_iter().filter(|&f| shape.could_be(f)).collect();
    if shaped.len() < Format::ALL.len() {
        if let Some(found) = decide(text, &shaped) {
            return found;
        }
    }
    decide(text, &Format::ALL).expect("with every format tried, detection always decides")
}

/// What detection looks at before reading: the first line's first token, whether it is
/// alone there, and whether the text has as many lines as the first has tokens.
struct Shape<'a> {
    first: Option<&'a str>,
    single: bool,
    square: bool,
}

impl<'a> Shape<'a> {
    fn of(text: &'a str) -> Shape<'a> {
        let Some(line) = text::lines(text).next() else {
            return Shape { first: None, single: false, square: false };
        };
        let mut toks = line.tokens();
        let first = toks.next().map(|t| t.text);
        let rest = toks.count();
        let single = first.is_some() && rest == 0;
        // The rows form of Sudoku has as many lines as its first row has values.
        let n = rest + 1;
        let square = !single && text::lines(text).take(n + 1).count() == n;
        Shape { first, single, square }
    }

    /// A necessary condition, cheap to test, for the text to read as `format`.
    fn could_be(&self, format: Format) -> bool {
        let Some(tok) = self.first else { return true };
        match format {
            Format::Json => tok.starts_with('{'),
            Format::Keen => tok.contains(':'),
            Format::Cells | Format::Counted => self.single && text::is_digits(tok),
            Format::Ops => !tok.starts_with('{') && !tok.contains(':'),
            Format::Sudoku => self.single || self.square,
        }
    }
}

/// The detection rule over `formats`: Some(the document or the error to report), or None when
/// no format fits and not all were tried.
fn decide(text: &str, formats: &[Format]) -> Option<Result<Document, ParseError>> {
    let results: Vec<(Format, Result<Document, ParseError>)> = formats
        .iter()
        .copied()
        .map(|f| {
            let r = if f == Format::Sudoku && !sudoku_plausible(text) {
                // Do not build a batch of errors from a text that is clearly no Sudoku line file.
                sudoku::read(&first_line_only(text))
            } else {
                read_as(text, f)
            };
            (f, r)
        })
        .collect();
    let fits: Vec<usize> = (0..results.len())
        .filter(|&i| {
            results[i].1.as_ref().is_ok_and(|d| d.entries.iter().any(|e| e.puzzle.is_ok()))
        })
        .collect();
    if let [only] = fits[..] {
        return Some(results.into_iter().nth(only).expect("an index of results").1);
    }
    if fits.len() > 1 {
        let puzzles = |i: usize| {
            let d = results[i].1.as_ref().expect("fits");
            d.entries.iter().map(|e| e.puzzle.as_ref().ok()).collect::<Vec<_>>()
        };
        let first = puzzles(fits[0]);
        if fits.iter().all(|&i| puzzles(i) == first) {
            const PREFERENCE: [Format; 6] = [
                Format::Json,
                Format::Keen,
                Format::Ops,
                Format::Sudoku,
                Format::Counted,
                Format::Cells,
            ];
            let best = PREFERENCE
                .iter()
                .find_map(|p| fits.iter().copied().find(|&i| results[i].0 == *p))
                .expect("some fit");
            return Some(results.into_iter().nth(best).expect("an index of results").1);
        }
        let names: Vec<&str> = fits.iter().map(|&i| results[i].0.name()).collect();
        return Some(Err(ParseError::whole(ParseErrorKind::Ambiguous(names.join(", ")))));
    }
    if formats.len() < Format::ALL.len() {
        return None;
    }
    let guess = guess(text, &results);
    Some(
        results
            .into_iter()
            .find(|(f, _)| *f == guess)
            .map(|(_, r)| r)
            .expect("every format was tried"),
    )
}

/// The first non-blank line of the text, at its own line number (blank lines kept before it).
fn first_line_only(text: &str) -> String {
    let first = text::lines(text).next().map_or(1, |l| l.no);
    let line = text::lines(text).next().map_or("", |l| l.text);
    let mut s = "\n".repeat(first - 1);
    s.push_str(line);
    s
}

/// Whether a text could be a Sudoku batch: its first line is rows of several values, or one
/// word of a line-form or compact-row length.
fn sudoku_plausible(text: &str) -> bool {
    let Some(first) = text::lines(text).next() else {
        return false;
    };
    let mut toks = first.tokens();
    let Some(tok) = toks.next() else { return false };
    if toks.next().is_some() {
        return true;
    }
    let len = tok.text.chars().take(sudoku::LINE_LENGTHS[6] + 1).count();
    sudoku::LINE_LENGTHS.contains(&len) || sudoku::is_side(len)
}

/// The most plausible format of a text that fits none (see the module documentation).
fn guess(text: &str, results: &[(Format, Result<Document, ParseError>)]) -> Format {
    let Some(first) = text::lines(text).next() else {
        return Format::Sudoku;
    };
    let toks: Vec<&str> = first.tokens().take(2).map(|t| t.text).collect();
    if toks[0].starts_with('{') {
        return Format::Json;
    }
    if toks[0].eq_ignore_ascii_case("boxes") {
        return Format::Ops;
    }
    if toks.len() == 1 && keen::looks_like_id(toks[0]) {
        return Format::Keen;
    }
    let position = |f: Format| match results.iter().find(|(g, _)| *g == f) {
        Some((_, Err(e))) => (e.line, e.column),
        _ => (usize::MAX, 0),
    };
    if toks.len() == 1 {
        let numeric = text::is_digits(toks[0].strip_prefix('+').unwrap_or(toks[0]));
        if !numeric || (toks[0].len() >= 16 && text::lines(text).nth(1).is_none()) {
            return Format::Sudoku;
        }
        // Cells or counted: does the second number count the cells after it?
        let (mut yes, mut no) = (0usize, 0usize);
        for line in text::lines(text).skip(1).take(text::MAX_CELLS + 1) {
            let mut t = line.tokens();
            t.next();
            let declared = t.next().and_then(|t| text::parse_u64(t.text));
            let rest = t.take(text::MAX_CELLS + 1).count() as u64;
            if declared == Some(rest) { yes += 1 } else { no += 1 }
        }
        return if yes > 0 && yes >= no { Format::Counted } else { Format::Cells };
    }
    let n = first.tokens().take(crate::puzzle::MAX_SIZE + 2).count();
    let lines: Vec<_> = text::lines(text).take(crate::puzzle::MAX_SIZE + 3).collect();
    let label_like = lines.last().is_some_and(|l| {
        l.tokens().take(text::MAX_CELLS).any(|t| {
            !text::is_digits(t.text) && t.text.chars().next().is_some_and(|c| c.is_ascii_digit())
        })
    });
    if lines.len() == n + 1 || label_like {
        return Format::Ops;
    }
    if lines.len() == n {
        // N rows of N numbers: a Sudoku, unless N is no Sudoku size and the ops reading got
        // further (a KenKen whose labels line is missing).
        if cage_ids(&lines) {
            return Format::Ops;
        }
        if sudoku::is_side(n) || position(Format::Ops).0 <= position(Format::Sudoku).0 {
            return Format::Sudoku;
        }
        return Format::Ops;
    }
    if position(Format::Sudoku) > position(Format::Ops) { Format::Sudoku } else { Format::Ops }
}

/// Whether rows of numbers read as cage ids: each new number the next one from 0, and more of
/// them than a row has cells (a KenKen's grid whose labels line is missing, not a Sudoku).
fn cage_ids(lines: &[text::Line<'_>]) -> bool {
    let n = lines.first().map_or(0, |l| l.tokens().count());
    let mut next = 0u64;
    for line in lines {
        for t in line.tokens() {
            match text::parse_u64(t.text) {
                Some(id) if id == next => next += 1,
                Some(id) if id < next => {}
                _ => return false,
            }
        }
    }
    next > n as u64
}

/// Writes a puzzle in a format; `layout` chooses between the Sudoku line and rows forms, and
/// between JSON on one line (JSON Lines, for batches) and pretty-printed (the other formats
/// have one form). Errors when the format cannot express the puzzle.
pub fn write_puzzle(puzzle: &Puzzle, format: Format, layout: Layout) -> Result<String, WriteError> {
    match format {
        Format::Cells => cells::write(puzzle),
        Format::Counted => counted::write(puzzle),
        Format::Ops => ops::write(puzzle),
        Format::Json => match layout {
            Layout::Line => json::write_line(puzzle),
            Layout::Rows => json::write(puzzle),
        },
        Format::Keen => keen::write(puzzle)
            .map(|mut id| {
                id.push('\n');
                id
            })
            .map_err(|e| WriteError::unsupported("keen", e.to_string())),
        Format::Sudoku => match layout {
            Layout::Line => sudoku::write_line(puzzle),
            Layout::Rows => sudoku::write_rows(puzzle),
        },
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

//! Filled or partly filled grids, as people write their answers (for checking them against a
//! puzzle with [`crate::validate::check`]). Three forms:
//!
//! - **rows**: N rows of N whitespace-separated numbers, `0` or `.` (also `-`, `_`, `*`) for an
//!   empty cell — the form the solver prints;
//! - **compact rows**: N rows of N characters without spaces, as in the line form;
//! - **line**: one line of N² characters (the one-line Sudoku form): `1`–`9`, then letters
//!   `A`=10, `B`=11, … (either case), `.` or `0` (also `-`, `_`, `*`) for an empty cell.
//!
//! Spaces may split compact rows into groups, and `#` comments and the rules of a drawn grid
//! (`|`, `-`, `+`) are ignored, as for puzzles. Values must lie in 0..=N. [`parse`] takes N from the text; [`parse_sized`] expects a given N
//! (the puzzle's), so that a grid of the wrong size is reported at the first row that shows it.
//! Errors give 1-based line and column numbers, as the puzzle parsers do.

use crate::error::{ParseError, ParseErrorKind};
use crate::puzzle::{Grid, MAX_SIZE};

use super::text::{self, Line, ceil_sqrt, show};

/// Largest value a character can spell (`Z` = 35).
pub(super) const MAX_CHAR_VALUE: usize = 35;

/// Reads a grid in any of its forms; its size is what the text shows (the number of values in
/// the first row, or the square root of the length of a single line).
pub fn parse(text: &str) -> Result<Grid, ParseError> {
    parse_grid(text, None)
}

/// Reads a grid that must be `size`×`size`.
pub fn parse_sized(text: &str, size: usize) -> Result<Grid, ParseError> {
    parse_grid(text, Some(size))
}

fn parse_grid(text: &str, size: Option<usize>) -> Result<Grid, ParseError> {
    if let Some(n) = size {
        if n == 0 || n > MAX_SIZE {
            return Err(ParseError::whole(ParseErrorKind::Invalid(
                crate::error::ModelError::Size { size: n },
            )));
        }
    }
    let stripped = super::decor::strip(text);
    let text = stripped.as_ref();
    let mut lines = text::lines(text);
    let first = lines.next().ok_or_else(|| {
        ParseError::whole(ParseErrorKind::Other(
            "the grid is empty (expected rows of values)".into(),
        ))
    })?;
    let single_line = lines.next().is_none();
    let mut toks = first.tokens();
    let tok = toks.next().expect("a non-blank line has a token");
    if toks.next().is_some() {
        let count = first.tokens().take(MAX_SIZE + 1).count();
        // Rows of characters split into groups (a drawn grid's boxes: `534 678 912`).
        let chars: usize = first.tokens().take(MAX_SIZE + 1).map(|t| t.text.chars().count()).sum();
        if is_grouped(first) && size.is_none_or(|n| n == chars) && chars <= MAX_CHAR_VALUE {
            return read_compact(text, chars, &why(chars, size.is_some()), true)
                .map(|cells| Grid::from_valid(chars, cells.values));
        }
        return parse_rows(text, size.unwrap_or(count), size.is_some());
    }
    let len = tok.text.chars().take(MAX_SIZE * MAX_SIZE + 1).count();
    let line_form = match size {
        Some(n) => single_line && n > 1 && len == n * n,
        None => single_line && len > 1 && ceil_sqrt(len).pow(2) == len,
    };
    if line_form {
        return parse_line(first, ceil_sqrt(len));
    }
    match size {
        Some(1) => parse_rows(text, 1, true),
        Some(n) if single_line && len > n && ceil_sqrt(len).pow(2) == len => {
            Err(ParseError::expected(
                first.no,
                0,
                format!("a line of {} characters (the puzzle is {n}x{n})", n * n),
                format!("{len} characters"),
            ))
        }
        Some(n) => parse_compact(text, n, true),
        None if len == 1 => parse_rows(text, 1, false),
        None => parse_compact(text, len, false),
    }
}

/// The value of a character of the line and compact forms: 0 empty, 1–9, letters 10….
fn char_value(c: char) -> Option<u8> {
    match c {
        '.' | '0' | '-' | '_' | '*' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        'a'..='z' => Some(c as u8 - b'a' + 10),
        'A'..='Z' => Some(c as u8 - b'A' + 10),
        _ => None,
    }
}

/// What a size means to the reader: "the puzzle is 5x5" or "as in the first row".
fn why(n: usize, expected: bool) -> String {
    if expected { format!("the puzzle is {n}x{n}") } else { FIRST_ROW.to_string() }
}

/// Why a row must have the length it must, when the first row set it.
pub(super) const FIRST_ROW: &str = "as in the first row";

fn range(n: usize) -> String {
    if n == 1 { "1".to_string() } else { format!("from 1 to {n}") }
}

/// One character of a line or compact row, checked against the size.
pub(super) fn cell_char(line: usize, col: usize, c: char, n: usize) -> Result<u8, ParseError> {
    match char_value(c) {
        Some(v) if v as usize <= n => Ok(v),
        Some(v) => Err(ParseError::expected(
            line,
            col,
            format!("a value {} or '.' for an empty cell", range(n)),
            format!("'{c}' (value {v}, too large for a {n}x{n} grid)"),
        )),
        None => Err(ParseError::expected(
            line,
            col,
            if n > 9 {
                "a digit, a letter (A=10, B=11, …) or '.' for an empty cell"
            } else {
                "a digit or '.' for an empty cell"
            },
            show(&c.to_string()),
        )),
    }
}

/// One line of N² characters.
fn parse_line(line: Line<'_>, n: usize) -> Result<Grid, ParseError> {
    let tok = line.tokens().next().expect("a non-blank line has a token");
    let mut values = Vec::with_capacity(n * n);
    for (i, c) in tok.text.chars().enumerate() {
        values.push(cell_char(line.no, tok.col + i, c, n)?);
    }
    Ok(Grid::from_valid(n, values))
}

/// Whether a row is characters in groups of one width, two or more (`534 678 912`), as the
/// boxes of a drawn grid split it.
pub(super) fn is_grouped(line: Line<'_>) -> bool {
    let width = line.tokens().next().map_or(0, |t| t.text.chars().count());
    width >= 2
        && line.tokens().take(MAX_SIZE + 1).all(|t| {
            t.text.chars().count() == width && t.text.chars().all(|c| char_value(c).is_some())
        })
}

/// N rows of N characters.
fn parse_compact(text: &str, n: usize, expected: bool) -> Result<Grid, ParseError> {
    if n > MAX_CHAR_VALUE {
        let first = text::lines(text).next().expect("not blank");
        return Err(ParseError::expected(
            first.no,
            0,
            "rows of numbers separated by spaces (rows without spaces go up to 35 values)",
            format!("a row of {} characters", first.text.trim().chars().count()),
        ));
    }
    read_compact(text, n, &why(n, expected), false).map(|cells| Grid::from_valid(n, cells.values))
}

/// N rows of N whitespace-separated numbers.
fn parse_rows(text: &str, n: usize, expected: bool) -> Result<Grid, ParseError> {
    if n > MAX_SIZE {
        let first = text::lines(text).next().expect("not blank");
        return Err(ParseError::expected(
            first.no,
            0,
            format!("a row of at most {MAX_SIZE} values"),
            format!("more than {MAX_SIZE}"),
        ));
    }
    read_rows(text, n, &why(n, expected)).map(|cells| Grid::from_valid(n, cells.values))
}

/// The values of a grid's rows, row-major, and where each stands (line, column): for errors
/// found later, such as clashing Sudoku givens.
pub(super) struct Cells {
    pub values: Vec<u8>,
    pub places: Vec<(usize, usize)>,
}

/// Reads N rows of N characters (the compact form); `why` says why N, for the errors.
/// With `grouped`, spaces may split a row into groups of characters (a drawn grid's boxes).
pub(super) fn read_compact(
    text: &str,
    n: usize,
    why: &str,
    grouped: bool,
) -> Result<Cells, ParseError> {
    read_grid_rows(text, n, why, "characters", |line, cells| {
        for (k, tok) in line.tokens().enumerate() {
            if k > 0 && !grouped {
                return Err(ParseError::expected(
                    line.no,
                    tok.col,
                    format!("a row of {n} characters without spaces ({why})"),
                    "a space",
                ));
            }
            for (i, c) in tok.text.chars().enumerate() {
                if cells.len() == n {
                    return Err(ParseError::expected(
                        line.no,
                        tok.col + i,
                        format!("{n} characters in this row ({why})"),
                        "more",
                    ));
                }
                cells.push(cell_char(line.no, tok.col + i, c, n)?, (line.no, tok.col + i));
            }
        }
        Ok(())
    })
}

/// Reads N rows of N whitespace-separated numbers (`0` or `.` empty); `why` says why N.
pub(super) fn read_rows(text: &str, n: usize, why: &str) -> Result<Cells, ParseError> {
    read_grid_rows(text, n, why, "values", |line, cells| {
        for tok in line.tokens() {
            if cells.len() == n {
                return Err(ParseError::expected(
                    line.no,
                    tok.col,
                    format!("{n} values in this row ({why})"),
                    format!("more, starting with {}", show(tok.text)),
                ));
            }
            let mut chars = tok.text.chars();
            let v = match tok.text {
                "." | "-" | "_" | "*" => 0,
                // A letter for 10 and above (A=10, …), as in the line form.
                t if n > 9
                    && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                    && chars.next().is_none() =>
                {
                    cell_char(line.no, tok.col, t.chars().next().expect("one character"), n)?
                }
                t => match text::parse_u64(t) {
                    Some(v) if v <= n as u64 => v as u8,
                    _ => {
                        return Err(ParseError::expected(
                            line.no,
                            tok.col,
                            format!("a value {}, or 0 or '.' for an empty cell", range(n)),
                            show(t),
                        ));
                    }
                },
            };
            cells.push(v, (line.no, tok.col));
        }
        Ok(())
    })
}

/// The values of one row being read, and where they stand.
struct Row<'a> {
    cells: &'a mut Cells,
    start: usize,
}

impl Row<'_> {
    fn len(&self) -> usize {
        self.cells.values.len() - self.start
    }

    fn push(&mut self, v: u8, place: (usize, usize)) {
        self.cells.values.push(v);
        self.cells.places.push(place);
    }
}

/// Reads N rows with `row`, which reads one line's values (`unit`: what a row holds N of),
/// and checks that each row and the grid have N of them.
fn read_grid_rows(
    text: &str,
    n: usize,
    why: &str,
    unit: &str,
    mut row: impl FnMut(Line<'_>, &mut Row<'_>) -> Result<(), ParseError>,
) -> Result<Cells, ParseError> {
    let mut cells = Cells { values: Vec::with_capacity(n * n), places: Vec::with_capacity(n * n) };
    let mut rows = 0;
    let mut last_no = 0;
    for line in text::lines(text) {
        if rows == n {
            return Err(ParseError::expected(
                line.no,
                line.tokens().next().map_or(1, |t| t.col),
                format!("{n} rows ({why})"),
                format!("more, starting with {}", show(line.text.trim())),
            ));
        }
        let start = cells.values.len();
        let mut this = Row { cells: &mut cells, start };
        row(line, &mut this)?;
        let k = this.len();
        if k < n {
            return Err(ParseError::expected(
                line.no,
                line.end_col(),
                format!("{n} {unit} in this row ({why})"),
                k.to_string(),
            ));
        }
        rows += 1;
        last_no = line.no;
    }
    if rows < n {
        return Err(ParseError::expected(
            last_no,
            0,
            format!("{n} rows ({why})"),
            format!("{rows} (the grid ends at line {last_no})"),
        ));
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROWS: &str = "4 1 2 5 3\n1 5 4 3 2\n2 3 5 4 1\n3 4 1 2 5\n5 2 3 1 4\n";

    fn cells(g: &Grid) -> Vec<u8> {
        g.cells().to_vec()
    }

    #[test]
    fn rows_compact_and_line_agree() {
        let g = parse(ROWS).unwrap();
        assert_eq!(g.size(), 5);
        assert_eq!(g.to_string(), ROWS);
        let compact = ROWS.replace(' ', "");
        assert_eq!(parse(&compact).unwrap(), g);
        let line = compact.replace('\n', "");
        assert_eq!(parse(&line).unwrap(), g);
        for t in [ROWS, compact.as_str(), line.as_str()] {
            assert_eq!(parse_sized(t, 5).unwrap(), g);
        }
    }

    #[test]
    fn empty_cells_crlf_and_blank_lines() {
        let g = parse("\u{feff}\r\n1 . 0\r\n\r\n- 3 _\r\n* 1 2\r\n").unwrap();
        assert_eq!(cells(&g), [1, 0, 0, 0, 3, 0, 0, 1, 2]);
        let g = parse_sized("1..\n.3.\n..2", 3).unwrap();
        assert_eq!(cells(&g), [1, 0, 0, 0, 3, 0, 0, 0, 2]);
        let g = parse("12.4....\n........\n").unwrap_err();
        assert_eq!((g.line, g.column), (2, 0)); // 8 characters: 8 rows expected
        let g = parse("1.2.\n").unwrap();
        assert_eq!(cells(&g), [1, 0, 2, 0]);
    }

    #[test]
    fn large_values() {
        let mut rows = String::new();
        for r in 0..10 {
            let row: Vec<String> = (0..10).map(|c| ((r + c) % 10 + 1).to_string()).collect();
            rows.push_str(&row.join(" "));
            rows.push('\n');
        }
        let g = parse_sized(&rows, 10).unwrap();
        assert_eq!(g.at(0, 9), 10);
        let line: String = g.cells().iter().map(|&v| super::super::value_char(v)).collect();
        assert_eq!(parse(&line).unwrap(), g);
        assert_eq!(parse_sized(&line, 10).unwrap(), g);
    }

    #[test]
    fn one_by_one() {
        assert_eq!(cells(&parse("1\n").unwrap()), [1]);
        assert_eq!(cells(&parse_sized("1\n", 1).unwrap()), [1]);
        assert_eq!(cells(&parse_sized(".\n", 1).unwrap()), [0]);
    }

    #[test]
    fn wrong_sizes_name_the_row() {
        // A 4×4 grid for a 5×5 puzzle: the first row is short.
        let four = "1 2 3 4\n2 1 4 3\n3 4 1 2\n4 3 2 1\n";
        let e = parse_sized(four, 5).unwrap_err();
        assert_eq!((e.line, e.column), (1, 8));
        assert_eq!(
            e.to_string(),
            "line 1, column 8: expected 5 values in this row (the puzzle is 5x5), found 4"
        );
        // Too few rows.
        let e = parse_sized(&ROWS[..40], 5).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 4: expected 5 rows (the puzzle is 5x5), found 4 (the grid ends at line 4)"
        );
        // Too many rows.
        let e = parse_sized(&format!("{ROWS}1 2 3 4 5\n"), 5).unwrap_err();
        assert_eq!((e.line, e.column), (6, 1));
        // A long row.
        let e = parse("1 2\n2 1 2\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 5));
        assert!(e.to_string().contains("as in the first row"), "{e}");
        // A line of the wrong length for the puzzle is read as a compact row.
        let e = parse_sized("1234123412341234", 5).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: expected a line of 25 characters (the puzzle is 5x5), found 16 characters"
        );
        // Compact rows of the wrong length.
        let e = parse_sized("1234\n2143\n3412\n4321\n", 5).unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
        assert!(e.to_string().contains("expected 5 characters in this row"), "{e}");
    }

    #[test]
    fn bad_characters() {
        let e = parse("1 2\nx 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert_eq!(
            e.to_string(),
            "line 2, column 1: expected a value from 1 to 2, or 0 or '.' for an empty cell, found 'x'"
        );
        let e = parse("1 3\n2 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        let e = parse_sized("12\n2?\n", 2).unwrap_err();
        assert_eq!((e.line, e.column), (2, 2));
        assert!(e.to_string().contains("expected a digit or '.'"), "{e}");
        let e = parse("12.9").unwrap_err();
        assert_eq!((e.line, e.column), (1, 4));
        assert!(e.to_string().contains("a value from 1 to 2 or '.'"), "{e}");
        let e = parse("1 -2\n2 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        let e = parse("12\n2 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        assert!(e.to_string().contains("without spaces"), "{e}");
    }

    #[test]
    fn empty_and_sizes() {
        assert!(parse("").unwrap_err().to_string().contains("empty"));
        assert!(parse(" \n\n").unwrap_err().to_string().contains("empty"));
        assert!(parse_sized("1", 0).is_err());
        assert!(parse_sized("1", 65).is_err());
        let long = "1".repeat(40);
        let e = parse(&format!("{long}\n{long}\n")).unwrap_err();
        assert!(e.to_string().contains("spaces"), "{e}");
    }
}

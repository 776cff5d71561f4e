//! A Futoshiki puzzle drawn as text: rows of values with signs between the cells, as Tatham's
//! Unequal copies its grids.
//!
//! ```text
//! . < . . > 2
//! ^       v
//! . . 3 . .
//! ```
//!
//! - A row: its N cells (a value, or `.` or `0` when empty) with `<` or `>` between two
//!   neighbours where the puzzle has one.
//! - Between two rows, a line of `^` (the upper cell is less than the lower; also `∧`) and `v`
//!   (greater; also `V`, `∨`), each under the cell it belongs to; a line with no sign may be
//!   left out.
//! - Adjacent mode: `|` between two neighbours of a row and `-` between two rows mark the
//!   pairs that differ by 1; every pair of neighbours without a bar does not.
//!
//! The drawing is read as written (its `|` and `-` are signs, not the rules of a drawn grid).
//! A drawing without any sign is a Latin square with givens: detection leaves such text to
//! the other formats (`--format futoshiki` reads it).

use super::json::unmarked_neighbours;
use super::text;
use crate::error::{ParseError, ParseErrorKind, WriteError};
use crate::puzzle::{Cell, Grid, MAX_SIZE, Puzzle, Relation, RelationKind};

/// The `futoshiki` format's descriptor (see [`super::FormatSpec`]).
pub(crate) const SPEC: super::FormatSpec = super::FormatSpec {
    name: "futoshiki",
    summary: "a Futoshiki grid drawn with < > between cells and ^ v between rows",
    help: "  futoshiki
           A Futoshiki grid drawn as Tatham's Unequal copies it: rows of values (. or
           0 empty) with < or > between cells, and under them ^ or v between rows
           (∧ ∨ too); Adjacent mode marks neighbours that differ by 1 with | and -.
             . < . . > 2
             ^       v",
    could_be: |s| s.first.is_some_and(|t| !t.starts_with('{')),
    parse,
    read_batch: None,
    detect: Some(|t| {
        if !has_sign(t) {
            return Err(ParseError::whole(ParseErrorKind::Other(
                "a drawing without signs other than | (a Latin square, or a drawn grid)".into(),
            )));
        }
        super::detect::read_as(t, super::Format::FUTOSHIKI)
    }),
    write: |p, _| write(p),
    one_per_line: None,
    claims: |_, _| false,
    preference: 4,
    raw: true,
};

/// What a character of a drawing is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// `<` or `>` between two cells of a row: whether the left one is the greater.
    Across(bool),
    /// `^` or `v` between two rows: whether the upper one is the greater.
    Down(bool),
    /// `|` between two cells of a row (Adjacent).
    BarAcross,
    /// `-` between two rows (Adjacent).
    BarDown,
}

fn mark(c: char) -> Option<Mark> {
    Some(match c {
        '<' => Mark::Across(false),
        '>' => Mark::Across(true),
        '^' | '∧' => Mark::Down(false),
        'v' | 'V' | '∨' => Mark::Down(true),
        '|' => Mark::BarAcross,
        '-' => Mark::BarDown,
        _ => return None,
    })
}

/// Whether the lines a drawing can have hold a sign other than `|`: detection leaves a text
/// without one to the other formats (a Latin square with givens; a Sudoku whose boxes are
/// drawn with `|`).
fn has_sign(text: &str) -> bool {
    text::lines(text)
        .take(2 * MAX_SIZE + 1)
        .any(|l| l.text.chars().any(|c| mark(c).is_some_and(|m| m != Mark::BarAcross)))
}

/// One item of a row: a cell (its value and the column of its first character) or a sign
/// (and its column).
#[derive(Clone, Copy, Debug)]
enum Item {
    Cell(u8, usize),
    Sign(Mark, usize),
}

/// The items of a line, or the column of a character that belongs in no drawing.
fn items(line: &str) -> Result<Vec<Item>, (usize, char)> {
    let mut out = Vec::new();
    let mut chars = line.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        let col = i + 1;
        if c.is_ascii_digit() {
            let mut v = c.to_digit(10).unwrap_or(0);
            while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                v = (v * 10 + d.to_digit(10).unwrap_or(0)).min(1000);
                chars.next();
            }
            out.push(Item::Cell(v.min(255) as u8, col));
        } else if c == '.' || c == '_' {
            out.push(Item::Cell(0, col));
        } else if let Some(m) = mark(c) {
            out.push(Item::Sign(m, col));
        } else if !c.is_whitespace() && c != '\u{feff}' {
            return Err((col, c));
        }
    }
    Ok(out)
}

/// Reads a drawn Futoshiki (or Adjacent) grid.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    // The rows of cells, each with its line number and items; the lines of signs between.
    let mut rows: Vec<(usize, Vec<Item>)> = Vec::new();
    let mut downs: Vec<(usize, usize, Mark, usize)> = Vec::new(); // (line, column, sign, row above)
    for line in text::lines(text).take(2 * MAX_SIZE + 1) {
        let found = items(line.text).map_err(|(col, c)| {
            ParseError::expected(
                line.no,
                col,
                "a value, '.', or a sign (< > ^ v | -)",
                format!("'{}'", c.escape_debug()),
            )
        })?;
        if found.iter().any(|i| matches!(i, Item::Cell(..))) {
            rows.push((line.no, found));
            continue;
        }
        let Some(above) = rows.len().checked_sub(1) else {
            return Err(ParseError::new(
                line.no,
                0,
                ParseErrorKind::Other("a line of signs before the first row of cells".into()),
            ));
        };
        for item in found {
            if let Item::Sign(m, col) = item {
                downs.push((line.no, col, m, above));
            }
        }
    }
    let Some((first_no, first)) = rows.first() else {
        return Err(text::empty());
    };
    let n = first.iter().filter(|i| matches!(i, Item::Cell(..))).count();
    if n > MAX_SIZE || rows.len() != n {
        let at = rows.get(n).map_or(rows[rows.len() - 1].0 + 1, |r| r.0);
        return Err(ParseError::new(
            at,
            0,
            ParseErrorKind::Expected {
                expected: format!("{n} rows of cells (as many as the first row has cells)"),
                found: if rows.len() > n { "more".into() } else { rows.len().to_string() },
            },
        ));
    }
    let mut givens = Grid::empty(n);
    let mut relations = Vec::new();
    let mut adjacent = None;
    let mut mode = |m: Mark, line: usize, col: usize| {
        let bar = matches!(m, Mark::BarAcross | Mark::BarDown);
        match adjacent {
            Some(a) if a != bar => Err(ParseError::new(
                line,
                col,
                ParseErrorKind::Other(
                    "bars (| -) and signs (< > ^ v) in one drawing: Adjacent mode has bars only"
                        .into(),
                ),
            )),
            _ => {
                adjacent = Some(bar);
                Ok(())
            }
        }
    };
    // Each row's cells, with the column each starts at.
    let mut columns: Vec<Vec<usize>> = Vec::with_capacity(n);
    for (r, (no, row)) in rows.iter().enumerate() {
        let mut cols = Vec::with_capacity(n);
        let mut pending: Option<(Mark, usize)> = None;
        for &item in row {
            match item {
                Item::Cell(v, col) => {
                    if cols.len() == n {
                        return Err(ParseError::expected(
                            *no,
                            col,
                            format!("{n} cells in a row (as many as the first row)"),
                            "more",
                        ));
                    }
                    if v as usize > n {
                        return Err(ParseError::expected(
                            *no,
                            col,
                            format!("a value of 1 to {n}, or . or 0 when empty"),
                            v.to_string(),
                        ));
                    }
                    let c = cols.len();
                    givens.set(Cell::at(r, c, n), v);
                    if let Some((m, _)) = pending.take() {
                        let (a, b) = (Cell::at(r, c - 1, n), Cell::at(r, c, n));
                        relations.push(match m {
                            Mark::Across(true) => Relation::new(b, a, RelationKind::Less),
                            Mark::Across(false) => Relation::new(a, b, RelationKind::Less),
                            _ => Relation::new(a, b, RelationKind::Consecutive),
                        });
                    }
                    cols.push(col);
                }
                Item::Sign(m, col) => {
                    if !matches!(m, Mark::Across(_) | Mark::BarAcross)
                        || cols.is_empty()
                        || pending.is_some()
                    {
                        return Err(ParseError::expected(
                            *no,
                            col,
                            "a sign between two cells of the row (< > or |)",
                            format!("'{}'", sign_char(m)),
                        ));
                    }
                    mode(m, *no, col)?;
                    pending = Some((m, col));
                }
            }
        }
        if let Some((m, col)) = pending {
            return Err(ParseError::expected(
                *no,
                col,
                "a sign between two cells of the row",
                format!("'{}' after the last cell", sign_char(m)),
            ));
        }
        if cols.len() < n {
            let end = row.iter().map(|i| match *i {
                Item::Cell(_, c) | Item::Sign(_, c) => c,
            });
            return Err(ParseError::expected(
                *no,
                end.max().unwrap_or(0) + 1,
                format!("{n} cells in a row (as many as the first row)"),
                cols.len().to_string(),
            ));
        }
        columns.push(cols);
    }
    let mut taken = vec![false; n * n];
    for (no, col, m, above) in downs {
        if !matches!(m, Mark::Down(_) | Mark::BarDown) || above + 1 >= n {
            let why = if above + 1 >= n { "after the last row" } else { "between two rows" };
            return Err(ParseError::new(
                no,
                col,
                ParseErrorKind::Other(format!(
                    "the sign '{}' stands {why} (^ v or - go between two rows, < > | within one)",
                    sign_char(m)
                )),
            ));
        }
        mode(m, no, col)?;
        // The cell of the row above whose column is nearest.
        let c = (0..n).min_by_key(|&c| columns[above][c].abs_diff(col)).unwrap_or(0);
        let (a, b) = (Cell::at(above, c, n), Cell::at(above + 1, c, n));
        if std::mem::replace(&mut taken[a.index()], true) {
            return Err(ParseError::new(
                no,
                col,
                ParseErrorKind::Other(format!(
                    "a second sign under row {} column {} (one sign between two cells)",
                    above + 1,
                    c + 1
                )),
            ));
        }
        relations.push(match m {
            Mark::Down(true) => Relation::new(b, a, RelationKind::Less),
            Mark::Down(false) => Relation::new(a, b, RelationKind::Less),
            _ => Relation::new(a, b, RelationKind::Consecutive),
        });
    }
    if adjacent == Some(true) {
        let unmarked = unmarked_neighbours(n, &relations);
        relations.extend(unmarked);
    }
    Puzzle::builder(n)
        .givens(givens)
        .relations(relations)
        .build()
        .map_err(|e| ParseError::new(*first_no, 0, ParseErrorKind::Invalid(e)))
}

fn sign_char(m: Mark) -> char {
    match m {
        Mark::Across(true) => '>',
        Mark::Across(false) => '<',
        Mark::Down(true) => 'v',
        Mark::Down(false) => '^',
        Mark::BarAcross => '|',
        Mark::BarDown => '-',
    }
}

/// Writes a puzzle as a drawn Futoshiki (or Adjacent) grid, as Tatham's Unequal copies it
/// (a line between two rows only when it has a sign); an error when it has anything beyond
/// givens and signs between neighbours.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    // What the Unequal ID can say, the drawing can: the same checks.
    super::unequal::write(puzzle)
        .map_err(|e| WriteError::unsupported("futoshiki", unsupported_what(e)))?;
    let n = puzzle.size();
    // The sign right of each cell and below it.
    let mut right = vec![' '; n * n];
    let mut below = vec![' '; n * n];
    for r in puzzle.relations() {
        let (a, b) = (r.a.index().min(r.b.index()), r.a.index().max(r.b.index()));
        let across = b == a + 1;
        let sign = match r.kind {
            RelationKind::NotConsecutive => continue,
            RelationKind::Consecutive => {
                if across {
                    '|'
                } else {
                    '-'
                }
            }
            // The first cell of the pair (upper, left) is the lesser.
            RelationKind::Less if r.a.index() == a => {
                if across {
                    '<'
                } else {
                    '^'
                }
            }
            RelationKind::Less => {
                if across {
                    '>'
                } else {
                    'v'
                }
            }
        };
        if across { right[a] = sign } else { below[a] = sign }
    }
    let w = n.to_string().len();
    let mut out = String::new();
    for r in 0..n {
        let mut line = String::new();
        for c in 0..n {
            let v = puzzle.givens().at(r, c);
            let s = if v == 0 { ".".to_string() } else { v.to_string() };
            line.push_str(&format!("{s:>w$}"));
            if c + 1 < n {
                line.push(' ');
                line.push(right[r * n + c]);
                line.push(' ');
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        if r + 1 < n && below[r * n..(r + 1) * n].iter().any(|&s| s != ' ') {
            let mut line = String::new();
            for c in 0..n {
                line.push_str(&format!("{:>w$}", below[r * n + c]));
                if c + 1 < n {
                    line.push_str("   ");
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    Ok(out)
}

/// The `what` of an Unequal write error, for the same error in this format's name.
fn unsupported_what(e: WriteError) -> String {
    match e {
        WriteError::Unsupported { what, .. } => what,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_signs() {
        let drawn = ". < .   . > 2\n^       v\n.   .   3   .\n.   .   .   .\n.   .   .   .\n";
        let p = parse(drawn).unwrap();
        assert_eq!(p.kind().id(), "futoshiki");
        let rel = |a, b| Relation::new(Cell(a), Cell(b), RelationKind::Less);
        // r1c1 < r1c2, r1c4 < r1c3, r1c1 < r2c1, r2c3 < r1c3.
        assert_eq!(p.relations(), [rel(0, 1), rel(0, 4), rel(3, 2), rel(6, 2)]);
        assert_eq!(p.givens().at(0, 3), 2);
        assert_eq!(write(&p).unwrap(), drawn);
        // Tatham's spacing, glued signs, ∧ ∨.
        let tatham = ".<. .>2\n∧   ∨\n. . 3 .\n. . . .\n. . . .\n";
        let q = parse(tatham).unwrap();
        assert_eq!(q, p);
        assert_eq!(q.relations().len(), 4);
    }

    #[test]
    fn reads_and_writes_adjacent_bars() {
        let drawn = "1 | 2   .\n        -\n.   .   .\n.   .   .\n";
        let p = parse(drawn).unwrap();
        assert_eq!(p.kind().id(), "adjacent");
        assert_eq!(write(&p).unwrap(), drawn);
        // As read through detection: the bars are not a drawn grid's rules.
        assert_eq!(super::super::parse(drawn, None).unwrap(), p);
    }

    #[test]
    fn bad_drawings_say_where() {
        let cases = [
            (". < .\n.\n", "line 2, column 2: expected 2 cells in a row"),
            (". < .\n. . .\n", "line 2, column 5: expected 2 cells in a row"),
            (". < . <\n. .\n", "line 1, column 7: expected a sign between two cells"),
            ("< . .\n. .\n", "line 1, column 1: expected a sign between two cells"),
            (". x .\n. .\n", "line 1, column 3: expected a value, '.', or a sign"),
            (". < .\n. .\n^\n", "line 3, column 1: the sign '^' stands after the last row"),
            (". | .\n. < .\n", "line 2, column 3: bars (| -) and signs (< > ^ v) in one"),
            (". < .\n. 3\n", "line 2, column 3: expected a value of 1 to 2"),
        ];
        for (text, want) in cases {
            let e = parse(text).unwrap_err().to_string();
            assert!(e.starts_with(want), "{text:?}: {e}");
        }
    }
}

//! A Skyscrapers puzzle drawn as text: the grid with its clues around it.
//!
//! ```text
//!    . 3 . 2
//! .  . . . .  .
//! 2  . . 1 .  .
//! .  . . . .  3
//! .  . . . .  .
//!    . 1 . .
//! ```
//!
//! N + 2 lines: the clues above the columns (N), then each row as its left clue, its N cells
//! and its right clue, then the clues below the columns. `.` or `0` stands for no clue and for
//! an empty cell; numbers are separated by spaces (or the rules of a drawn grid). The corners
//! stay blank.

use super::text::{self, Line, Token};
use crate::error::{ParseError, ParseErrorKind, WriteError};
use crate::puzzle::{Cell, Edge, Grid, LineClues, MAX_SIZE, Puzzle};

/// The `skyscrapers` format's descriptor (see [`super::FormatSpec`]).
pub(crate) const SPEC: super::FormatSpec = super::FormatSpec {
    name: "skyscrapers",
    summary: "a Skyscrapers grid drawn with its clues around it",
    help: "  skyscrapers
           A Skyscrapers grid drawn with its clues around it: a line of N clues
           above, N rows of a clue, N cells and a clue, a line of N clues below
           (. or 0: no clue, an empty cell).
                . 3 .        (and so on, N + 2 lines)
             2  . . .  .",
    could_be: |s| !s.single,
    parse,
    read_batch: None,
    detect: None,
    write: |p, _| write(p),
    one_per_line: None,
    claims: |_, _| false,
    preference: 4,
    raw: false,
};

/// A token's number: `.` and `0` are none (0).
fn number(line: &Line<'_>, tok: Token<'_>, max: usize, what: &str) -> Result<u8, ParseError> {
    if tok.text == "." {
        return Ok(0);
    }
    match text::parse_u64(tok.text) {
        Some(v) if v as usize <= max && !tok.text.starts_with('+') => Ok(v as u8),
        _ => Err(ParseError::expected(
            line.no,
            tok.col,
            format!("{what} of 1 to {max}, or . or 0 for none"),
            text::show(tok.text),
        )),
    }
}

/// Reads a drawn Skyscrapers grid.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let lines: Vec<Line<'_>> = text::lines(text).take(MAX_SIZE + 3).collect();
    let Some(first) = lines.first() else {
        return Err(text::empty());
    };
    let Some(row) = lines.get(1) else {
        return Err(ParseError::new(
            first.no + 1,
            0,
            ParseErrorKind::Other(
                "expected the grid's rows after the line of clues above it".into(),
            ),
        ));
    };
    let width = row.tokens().take(MAX_SIZE + 3).count();
    if !(3..=MAX_SIZE + 2).contains(&width) {
        return Err(ParseError::new(
            row.no,
            0,
            ParseErrorKind::Expected {
                expected: format!(
                    "a row of a clue, the cells and a clue (3 to {} numbers)",
                    MAX_SIZE + 2
                ),
                found: width.to_string(),
            },
        ));
    }
    let n = width - 2;
    if lines.len() != n + 2 {
        let at = lines.get(n + 2).map_or(lines[lines.len() - 1].no + 1, |l| l.no);
        return Err(ParseError::new(
            at,
            0,
            ParseErrorKind::Expected {
                expected: format!("{} lines (clues above, {n} rows, clues below)", n + 2),
                found: if lines.len() > n + 2 { "more".into() } else { lines.len().to_string() },
            },
        ));
    }
    let mut clues = LineClues::none(n);
    for (line, edge) in [(lines[0], Edge::Top), (lines[n + 1], Edge::Bottom)] {
        let toks: Vec<Token<'_>> = line.tokens().take(n + 3).collect();
        if toks.len() != n {
            // The corners hold nothing: with them the text would be a square of numbers,
            // which other formats read too.
            let corners = if toks.len() == n + 2 { " (without the corners)" } else { "" };
            return Err(ParseError::new(
                line.no,
                0,
                ParseErrorKind::Expected {
                    expected: format!("{n} clues{corners}"),
                    found: toks.len().to_string(),
                },
            ));
        }
        let inner = &toks[..];
        for (i, &t) in inner.iter().enumerate() {
            clues.edge_mut(edge)[i] = number(&line, t, n, "a clue")?;
        }
    }
    let mut givens = Grid::empty(n);
    for (r, line) in lines[1..=n].iter().enumerate() {
        let toks: Vec<Token<'_>> = line.tokens().take(n + 3).collect();
        if toks.len() != n + 2 {
            let col = toks.get(n + 2).map_or(line.end_col(), |t| t.col);
            return Err(ParseError::new(
                line.no,
                col,
                ParseErrorKind::Expected {
                    expected: format!("a clue, {n} cells and a clue"),
                    found: format!("{} numbers", toks.len().min(n + 3)),
                },
            ));
        }
        clues.left[r] = number(line, toks[0], n, "a clue")?;
        clues.right[r] = number(line, toks[n + 1], n, "a clue")?;
        for (c, &t) in toks[1..=n].iter().enumerate() {
            givens.set(Cell::at(r, c, n), number(line, t, n, "a value")?);
        }
    }
    Puzzle::builder(n)
        .line_clues(clues)
        .givens(givens)
        .build()
        .map_err(|e| ParseError::new(first.no, 0, ParseErrorKind::Invalid(e)))
}

/// Writes a puzzle as a drawn Skyscrapers grid (`.` for no clue and for an empty cell); an
/// error when it has anything beyond line clues and givens.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    if let Some(what) = super::tatham::beyond_latin(puzzle) {
        return Err(WriteError::unsupported("skyscrapers", what));
    }
    if !puzzle.relations().is_empty() {
        return Err(WriteError::unsupported("skyscrapers", "relations between cells"));
    }
    let n = puzzle.size();
    let none = LineClues::none(n);
    let clues = puzzle.line_clues().unwrap_or(&none);
    let w = n.to_string().len();
    let field = |v: u8| {
        let s = if v == 0 { ".".to_string() } else { v.to_string() };
        format!("{s:>w$}")
    };
    let fields = |vs: &mut dyn Iterator<Item = u8>| vs.map(field).collect::<Vec<_>>().join(" ");
    let mut out = String::new();
    let edge_line =
        |edge: Edge| format!("{:w$}  {}\n", "", fields(&mut clues.edge(edge).iter().copied()));
    out.push_str(&edge_line(Edge::Top));
    for r in 0..n {
        let cells = fields(&mut puzzle.givens().rows().nth(r).unwrap_or(&[]).iter().copied());
        out.push_str(&format!("{}  {cells}  {}\n", field(clues.left[r]), field(clues.right[r])));
    }
    out.push_str(&edge_line(Edge::Bottom));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DRAWN: &str =
        "   . 3 . 2\n.  . . . .  .\n2  . . 1 .  .\n.  . . . .  3\n.  . . . .  .\n   . 1 . .\n";

    #[test]
    fn reads_and_writes_the_drawing() {
        let p = parse(DRAWN).unwrap();
        let c = p.line_clues().unwrap();
        assert_eq!((c.top.as_slice(), c.bottom.as_slice()), (&[0, 3, 0, 2][..], &[0, 1, 0, 0][..]));
        assert_eq!((c.left.as_slice(), c.right.as_slice()), (&[0, 2, 0, 0][..], &[0, 0, 3, 0][..]));
        assert_eq!(p.givens().at(1, 2), 1);
        assert_eq!(write(&p).unwrap(), DRAWN);
        // Zeros for none, and the rules of a drawn grid.
        let boxed = "  0 3 0 2\n  +-------+\n0 |0 0 0 0| 0\n2 |0 0 1 0| 0\n0 |0 0 0 0| 3\n0 |0 0 0 0| 0\n  +-------+\n   . 1 . .\n";
        assert_eq!(super::super::parse(boxed, None).unwrap(), p);
    }

    #[test]
    fn bad_drawings_say_where() {
        let cases = [
            ("   . 2\n.  . .  .\n", "line 3: expected 4 lines"),
            (
                "   . 2\n.  . .  .\n.  . 5  .\n   . .\n",
                "line 3, column 6: expected a value of 1 to 2",
            ),
            (
                "   . 2\n.  . .  .\n.  . .\n   . .\n",
                "line 3, column 7: expected a clue, 2 cells and a clue",
            ),
            (
                ".  1 .  .\n.  . .  .\n.  . .  .\n   . .\n",
                "line 1: expected 2 clues (without the corners), found 4",
            ),
        ];
        for (text, want) in cases {
            let e = parse(text).unwrap_err().to_string();
            assert!(e.starts_with(want), "{text:?}: {e}");
        }
    }
}

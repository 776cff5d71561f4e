//! The `cells` format (seed 000): the number of cages, then one line per cage,
//! `target cell cell …`, cells numbered from 0 row-major. Every cage is a sum.
//!
//! ```text
//! 9
//! 9 0 5 6
//! 7 1 2
//! …
//! ```
//!
//! The grid side N is the square root of the number of cells listed; every cell 0..N² must be
//! in exactly one cage. The `counted` format shares this parser (it adds a cell count after the
//! target).

use crate::error::{ModelError, ParseError, ParseErrorKind, WriteError};
use crate::puzzle::{Cage, Cell, Operator, Puzzle};

use super::text::{self, Line, MAX_CELLS, Token, ceil_sqrt, parse_u64, show};

/// The `cells` format's descriptor (see [`super::FormatSpec`]).
pub(crate) const SPEC: super::FormatSpec = super::FormatSpec {
    name: "cells",
    summary: "the number of cages, then `target cell cell …` per sum cage (seed 000)",
    help: "  cells    The number of cages, then one line per sum cage: target, then its
           cells numbered from 0 in row-major order (N = √cells).
             3
             3 0 1
             ...",
    could_be: |s| s.single && s.first.is_some_and(super::text::is_digits),
    parse,
    read_batch: None,
    detect: None,
    write: |p, _| write(p),
    one_per_line: None,
    claims: |_, _| false,
    preference: 5,
    raw: false,
};

/// Reads a `cells` text.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    parse_cage_list(text, false)
}

/// Writes a puzzle in the `cells` format. Only sum cages covering the grid can be written.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    write_cage_list(puzzle, false)
}

/// Where a cell was listed.
#[derive(Clone, Copy)]
struct Place {
    line: usize,
    col: usize,
}

/// Parses the cage-list forms: `cells` (`counted == false`) or `counted`.
pub(crate) fn parse_cage_list(text: &str, counted: bool) -> Result<Puzzle, ParseError> {
    let mut lines = text::lines(text);
    let first = lines.next().ok_or_else(text::empty)?;
    let (t, count) = count_line(first, " on the first line")?;

    // Who holds each cell (cells above MAX_CELLS are rejected before they get here).
    let mut owner: Vec<Option<Place>> = vec![None; MAX_CELLS];
    let mut cages: Vec<Cage> = Vec::new();
    let mut last_line = first.no;
    for line in lines {
        if cages.len() == count {
            let tok = line.tokens().next().map_or(1, |t| t.col);
            return Err(ParseError::expected(
                line.no,
                tok,
                format!("no more cages (line {} says {count})", first.no),
                show(line.text.trim()),
            ));
        }
        last_line = line.no;
        cages.push(parse_cage_line(line, counted, &mut owner)?);
    }
    if cages.len() < count {
        return Err(ParseError::expected(
            first.no,
            t.col,
            format!("{count} cage lines after this count"),
            format!("{} (the input ends at line {last_line})", cages.len()),
        ));
    }

    let total: usize = cages.iter().map(|c| c.cells.len()).sum();
    let highest = owner.iter().rposition(Option::is_some).unwrap_or(0);
    let n = ceil_sqrt(total.max(highest + 1));
    if n * n != total {
        let side = ceil_sqrt(total);
        if side * side == total {
            // A square count, but some cell lies beyond it.
            let cell = (total..MAX_CELLS).find(|&c| owner[c].is_some()).unwrap_or(total);
            let place = owner[cell].unwrap_or(Place { line: 0, col: 0 });
            return Err(ParseError::new(
                place.line,
                place.col,
                ParseErrorKind::Invalid(ModelError::CellOutOfRange { cell, cells: total }),
            ));
        }
        let missing: Vec<String> =
            (0..n * n).filter(|&c| owner[c].is_none()).take(5).map(|c| c.to_string()).collect();
        let hint = if n * n > total && !missing.is_empty() {
            format!(
                "a {n}x{n} grid has {} cells, and {} in no cage",
                n * n,
                if missing.len() == 1 {
                    format!("cell {} is", missing[0])
                } else {
                    format!("cells {} are", missing.join(", "))
                }
            )
        } else {
            format!("a {n}x{n} grid has {} cells", n * n)
        };
        return Err(ParseError::whole(ParseErrorKind::NotSquare { cells: total, hint }));
    }
    Puzzle::kenken(n, cages).map_err(|e| ParseError::whole(ParseErrorKind::Invalid(e)))
}

/// The first line of a cage list: the number of cages, and its token.
fn count_line<'a>(first: Line<'a>, place: &str) -> Result<(Token<'a>, usize), ParseError> {
    let mut toks = first.tokens();
    let Some(t) = toks.next() else {
        return Err(text::empty());
    };
    let count = match parse_u64(t.text) {
        Some(0) => {
            return Err(ParseError::expected(
                first.no,
                t.col,
                "a positive number of cages",
                show(t.text),
            ));
        }
        Some(c) => c,
        None => {
            return Err(ParseError::expected(
                first.no,
                t.col,
                format!("the number of cages (a whole number){place}"),
                show(t.text),
            ));
        }
    };
    if let Some(extra) = toks.next() {
        return Err(ParseError::expected(
            first.no,
            extra.col,
            format!("only the number of cages{place}"),
            show(extra.text),
        ));
    }
    if count > MAX_CELLS as u64 {
        return Err(ParseError::expected(
            first.no,
            t.col,
            format!("at most {MAX_CELLS} cages (a 64x64 grid has {MAX_CELLS} cells)"),
            count.to_string(),
        ));
    }
    Ok((t, count as usize))
}

/// One line of a cage list on its own (the `counted` form when `counted`): its first line is
/// line 1 of the errors. A cell listed twice in the line is an error; cells of other cages are
/// not known here.
pub(crate) fn parse_one_cage(text: &str, counted: bool) -> Result<Cage, ParseError> {
    let line = text::lines(text).next().ok_or_else(|| {
        ParseError::expected(
            1,
            1,
            if counted {
                "a cage: its target, its number of cells, then its cells"
            } else {
                "a cage: its target, then its cells"
            },
            "an empty line",
        )
    })?;
    let mut owner: Vec<Option<Place>> = vec![None; MAX_CELLS];
    parse_cage_line(line, counted, &mut owner)
}

/// The first line of a cage list on its own: the number of cages.
pub(crate) fn parse_cage_count(text: &str) -> Result<usize, ParseError> {
    let first = text::lines(text).next().ok_or_else(|| {
        ParseError::expected(1, 1, "the number of cages (a whole number)", "an empty line")
    })?;
    count_line(first, "").map(|(_, count)| count)
}

fn parse_cage_line(
    line: Line<'_>,
    counted: bool,
    owner: &mut [Option<Place>],
) -> Result<Cage, ParseError> {
    let mut toks = line.tokens();
    let t = toks.next().expect("a non-blank line has a token");
    let target = text::parse_target(line.no, t)?;
    let mut declared: Option<(Token<'_>, u64)> = None;
    if counted {
        let Some(c) = toks.next() else {
            return Err(ParseError::expected(
                line.no,
                line.end_col(),
                "the number of cells after the target",
                "the end of the line",
            ));
        };
        match parse_u64(c.text) {
            Some(k) if k > 0 => declared = Some((c, k)),
            _ => {
                return Err(ParseError::expected(
                    line.no,
                    c.col,
                    "the number of cells in the cage (a positive whole number)",
                    show(c.text),
                ));
            }
        }
    }
    let mut cells = Vec::new();
    for tok in toks {
        let cell = match parse_u64(tok.text) {
            Some(c) if c < MAX_CELLS as u64 => c as usize,
            Some(_) => {
                return Err(ParseError::expected(
                    line.no,
                    tok.col,
                    format!("a cell number from 0 to {} (grids are at most 64x64)", MAX_CELLS - 1),
                    show(tok.text),
                ));
            }
            None => {
                return Err(ParseError::expected(
                    line.no,
                    tok.col,
                    "a cell number",
                    show(tok.text),
                ));
            }
        };
        if let Some(first) = owner[cell] {
            if first.line == line.no {
                return Err(ParseError::expected(
                    line.no,
                    tok.col,
                    "each cell once in a cage",
                    format!("cell {cell} again"),
                ));
            }
            return Err(ParseError::new(
                line.no,
                tok.col,
                ParseErrorKind::CellInTwoCages {
                    cell,
                    first_line: first.line,
                    second_line: line.no,
                },
            ));
        }
        owner[cell] = Some(Place { line: line.no, col: tok.col });
        cells.push(Cell(cell as u16));
    }
    if cells.is_empty() {
        return Err(ParseError::expected(
            line.no,
            line.end_col(),
            if counted { "cell numbers after the count" } else { "cell numbers after the target" },
            "the end of the line",
        ));
    }
    if let Some((tok, k)) = declared {
        if k != cells.len() as u64 {
            return Err(ParseError::expected(
                line.no,
                tok.col,
                format!("{k} cells (as the count says)"),
                format!("{} cells", cells.len()),
            ));
        }
    }
    Ok(Cage::new(target, Some(Operator::Add), cells))
}

/// Writes the cage-list forms.
pub(crate) fn write_cage_list(puzzle: &Puzzle, counted: bool) -> Result<String, WriteError> {
    let name = if counted { "counted" } else { "cells" };
    super::only_boxes_and_cages(puzzle, name)?;
    if puzzle.boxes().is_some() || puzzle.distinct_cages() {
        return Err(WriteError::unsupported(
            name,
            "boxes or distinct-valued cages (Killer Sudoku)",
        ));
    }
    if let Some(c) = puzzle.cage_of_cells().iter().position(Option::is_none) {
        return Err(WriteError::unsupported(name, format!("a cell in no cage (cell {c})")));
    }
    super::check_givens_in_cages(puzzle, name)?;
    let mut out = format!("{}\n", puzzle.cages().len());
    for cage in puzzle.cages() {
        match cage.op {
            Some(Operator::Add) => {}
            None if cage.cells.len() == 1 => {}
            _ => {
                return Err(WriteError::unsupported(
                    name,
                    format!("the cage {} (only sums)", cage.label()),
                ));
            }
        }
        out.push_str(&cage.target.to_string());
        if counted {
            out.push_str(&format!(" {}", cage.cells.len()));
        }
        for c in &cage.cells {
            out.push_str(&format!(" {}", c.0));
        }
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "9\n9 0 5 6\n7 1 2\n10 3 8 13\n14 4 9 14 19\n3 7\n8 10 11 16\n13 12 17 21 22\n5 15 20\n6 18 23 24\n";

    #[test]
    fn reads_the_seed() {
        let p = parse(SEED).unwrap();
        assert_eq!(p.size(), 5);
        assert_eq!(p.cages().len(), 9);
        assert!(p.cages_cover_grid());
        assert_eq!(p.cages()[4], Cage::new(3, Some(Operator::Add), vec![Cell(7)]));
    }

    #[test]
    fn round_trip() {
        let p = parse(SEED).unwrap();
        assert_eq!(parse(&write(&p).unwrap()).unwrap(), p);
    }

    fn err(text: &str) -> ParseError {
        parse(text).unwrap_err()
    }

    #[test]
    fn errors() {
        let e = err("2\n3 0 1\n3 1 3 2\n");
        assert_eq!((e.line, e.column), (3, 3));
        assert!(matches!(
            e.kind,
            ParseErrorKind::CellInTwoCages { cell: 1, first_line: 2, second_line: 3 }
        ));
        assert!(e.to_string().contains("line 2") && e.to_string().contains("line 3"), "{e}");

        let e = err("2\n3 0 1\n3 x 2\n");
        assert_eq!((e.line, e.column), (3, 3));
        assert_eq!(e.to_string(), "line 3, column 3: expected a cell number, found 'x'");

        let e = err("2\n3 0 1\n3 2 5\n");
        assert_eq!((e.line, e.column), (3, 5));
        assert!(matches!(
            e.kind,
            ParseErrorKind::Invalid(ModelError::CellOutOfRange { cell: 5, cells: 4 })
        ));

        let e = err("2\n3 0 1\n3 3\n");
        assert!(matches!(e.kind, ParseErrorKind::NotSquare { cells: 3, .. }));
        assert!(
            e.to_string().contains("cell 2 is in no cage") || e.to_string().contains("cell 2"),
            "{e}"
        );

        let e = err("3\n3 0 1\n3 3 2\n");
        assert_eq!((e.line, e.column), (1, 1));
        assert!(e.to_string().contains("expected 3 cage lines"), "{e}");

        let e = err("1\n3 0 1\n3 3 2\n");
        assert_eq!((e.line, e.column), (3, 1));

        let e = err("1\n0 0\n");
        assert_eq!(e.to_string(), "line 2, column 1: expected a positive target, found '0'");
        let e = err("1\n99999999999999999999 0\n");
        assert_eq!((e.line, e.column), (2, 1));

        let e = err("1000000000000\n1 0\n");
        assert_eq!((e.line, e.column), (1, 1));
        assert!(e.to_string().contains("at most 4096 cages"), "{e}");

        let e = err("1\n5\n");
        assert_eq!((e.line, e.column), (2, 2));
    }
}

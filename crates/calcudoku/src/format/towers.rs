//! Simon Tatham's Towers game IDs (Skyscrapers), e.g. `4:2/1//3/2/3/2/1/2/3/1/3/2/2/4/1`.
//!
//! An ID is `N:` (the side length; Towers' full parameters, `d` and a level letter as in
//! `6dh:`, are read too), then the clues and perhaps the givens:
//!
//! - 4N clue fields separated by `/`: above each column left to right, below each column,
//!   left of each row top to bottom, right of each row. A field is a number 1 to N (how many
//!   towers are seen from there), or empty for no clue.
//! - Then, when some cells are given, `,` and the grid in reading order: a letter `a`…`z`
//!   skips 1 to 26 empty cells, a number is a given, and `_` separates two numbers that
//!   follow each other.
//!
//! Tatham's game opens sizes 3 to 9; the format reads and writes every size.

use super::tatham::{Cursor, Game, game_of};
use crate::error::{ParseError, ParseErrorKind, WriteError};
use crate::puzzle::{Edge, Grid, LineClues, Puzzle};

/// Towers' level letters in its parameters: easy, hard, extreme, unreasonable.
const LEVELS: &str = "ehxu";

/// Whether a line looks like a Towers game ID (to tell the format, not to read it).
pub fn looks_like_id(line: &str) -> bool {
    game_of(line) == Some(Game::Towers)
}

/// The `towers` format's descriptor (see [`super::FormatSpec`]).
pub(crate) const SPEC: super::FormatSpec = super::FormatSpec {
    name: "towers",
    summary: "a game ID of Simon Tatham's Towers (Skyscrapers): clues, givens",
    help: "  towers   A game ID of Simon Tatham's Towers (Skyscrapers): 4N clues separated
           by / (top, bottom, left, right; empty for none), then , and givens.
             4:2/1//3/2/3/2/1/2/3/1/3/2/2/4/1,c3l",
    could_be: |s| s.first.is_some_and(looks_like_id),
    parse,
    read_batch: None,
    detect: None,
    write: |p, _| {
        let mut id = write(p)?;
        id.push('\n');
        Ok(id)
    },
    one_per_line: Some(looks_like_id),
    claims: |first, alone| alone && looks_like_id(first),
    preference: 1,
    raw: false,
};

/// Reads a Towers game ID (surrounding whitespace and a byte-order mark are ignored).
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let mut cur = Cursor::trimmed(text)?;
    let start = cur.pos;
    let n = cur.size()?;
    cur.level(LEVELS, "e, h, x or u")?;
    cur.colon("Towers")?;

    let mut clues = LineClues::none(n);
    for (k, edge) in Edge::ALL.into_iter().enumerate() {
        for i in 0..n {
            if k + i > 0 {
                if cur.peek() != Some('/') {
                    return Err(cur.expected(
                        cur.pos,
                        format!("'/' and the next clue ({} clues: 4 × {n})", 4 * n),
                    ));
                }
                cur.bump();
            }
            if cur.peek().is_some_and(|c| c.is_ascii_digit()) {
                let at = cur.pos;
                let (digits, value) = cur.number();
                match value {
                    Some(v) if (1..=n as u64).contains(&v) => clues.edge_mut(edge)[i] = v as u8,
                    _ => {
                        let (line, column) = cur.line_col(at);
                        return Err(ParseError::expected(
                            line,
                            column,
                            format!("a clue of 1 to {n}, or nothing"),
                            digits,
                        ));
                    }
                }
            }
        }
    }
    let mut givens = Grid::empty(n);
    match cur.peek() {
        None => {}
        Some(',') => {
            cur.bump();
            read_givens(&mut cur, &mut givens)?;
        }
        Some('/') => {
            return Err(cur.error(
                cur.pos,
                ParseErrorKind::Other(format!("more than {} clues (4 × {n})", 4 * n)),
            ));
        }
        Some(_) => return Err(cur.expected(cur.pos, "',' and the givens, or the end of the ID")),
    }
    Puzzle::builder(n)
        .line_clues(clues)
        .givens(givens)
        .build()
        .map_err(|e| cur.error(start, ParseErrorKind::Invalid(e)))
}

/// Reads the givens after the clues' `,` to the end of the ID: exactly N² cells.
fn read_givens(cur: &mut Cursor<'_>, givens: &mut Grid) -> Result<(), ParseError> {
    let n = givens.size();
    let cells = n * n;
    let mut at_cell = 0usize;
    while let Some(c) = cur.peek() {
        let at = cur.pos;
        match c {
            'a'..='z' => {
                at_cell += c as usize - 'a' as usize + 1;
                cur.bump();
            }
            '_' => cur.bump(),
            '0'..='9' => {
                let (digits, value) = cur.number();
                let v = match value {
                    Some(v) if (1..=n as u64).contains(&v) => v as u8,
                    _ => {
                        let (line, column) = cur.line_col(at);
                        return Err(ParseError::expected(
                            line,
                            column,
                            format!("a given of 1 to {n}"),
                            digits,
                        ));
                    }
                };
                if at_cell < cells {
                    givens.set(crate::puzzle::Cell(at_cell as u16), v);
                }
                at_cell += 1;
            }
            _ => {
                return Err(cur.expected(at, "a given, a letter that skips cells, or '_'"));
            }
        }
        if at_cell > cells {
            return Err(cur.error(
                at,
                ParseErrorKind::Other(format!("the givens run past the grid's {cells} cells")),
            ));
        }
    }
    if at_cell < cells {
        return Err(cur.error(
            cur.pos,
            ParseErrorKind::Expected {
                expected: format!("{cells} cells of givens"),
                found: at_cell.to_string(),
            },
        ));
    }
    Ok(())
}

/// Writes a puzzle as a Towers game ID (without a trailing newline): its line clues and
/// givens; an error when it has anything else.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    if let Some(what) = super::tatham::beyond_latin(puzzle) {
        return Err(WriteError::unsupported("towers", what));
    }
    if !puzzle.relations().is_empty() {
        return Err(WriteError::unsupported("towers", "relations between cells"));
    }
    let n = puzzle.size();
    let none = LineClues::none(n);
    let clues = puzzle.line_clues().unwrap_or(&none);
    let mut id = format!("{n}:");
    for (k, edge) in Edge::ALL.into_iter().enumerate() {
        for (i, &clue) in clues.edge(edge).iter().enumerate() {
            if k + i > 0 {
                id.push('/');
            }
            if clue != 0 {
                id.push_str(&clue.to_string());
            }
        }
    }
    let givens = puzzle.givens().cells();
    if givens.iter().any(|&v| v != 0) {
        id.push(',');
        super::tatham::write_runs(&mut id, givens);
    }
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_clues_and_givens() {
        let p = parse("6dx:2//3//4/////1//3////1//4/1//4///2,c3t2k").unwrap();
        let c = p.line_clues().unwrap();
        assert_eq!(c.top, [2, 0, 3, 0, 4, 0]);
        assert_eq!(c.bottom, [0, 0, 0, 1, 0, 3]);
        assert_eq!(c.left, [0, 0, 0, 1, 0, 4]);
        assert_eq!(c.right, [1, 0, 4, 0, 0, 2]);
        let g = p.givens();
        assert_eq!(g.at(0, 3), 3);
        assert_eq!(g.at(4, 0), 2);
        assert_eq!(g.cells().iter().filter(|&&v| v != 0).count(), 2);
        assert_eq!(write(&p).unwrap(), "6:2//3//4/////1//3////1//4/1//4///2,c3t2k");
    }

    #[test]
    fn bad_ids_say_where() {
        let cases = [
            ("4:1/2/3", "line 1, column 8: expected '/' and the next clue (16 clues: 4 × 4)"),
            ("4:5///////////////", "line 1, column 3: expected a clue of 1 to 4, or nothing"),
            ("3:////////////", "line 1, column 14: more than 12 clues (4 × 3)"),
            ("3:///////////,a", "line 1, column 16: expected 9 cells of givens, found 1"),
            ("3:///////////,j", "line 1, column 15: the givens run past the grid's 9 cells"),
            ("3:///////////,h4", "line 1, column 16: expected a given of 1 to 3, found 4"),
            ("3dq:///////////", "line 1, column 3: expected a level letter after 'd'"),
        ];
        for (id, want) in cases {
            let e = parse(id).unwrap_err().to_string();
            assert!(e.starts_with(want), "{id}: {e}");
        }
    }
}

//! Simon Tatham's Unequal game IDs (Futoshiki, and its Adjacent mode), e.g.
//! `4:0,0,2R,0,1D,0,0,0,3,0,0,0,0,0U,0,4,`.
//!
//! An ID is `N:` (the side length, then `a` in Adjacent mode; Unequal's full parameters, `d`
//! and a level letter as in `6dk:` or `6adk:`, are read too), then one field per cell in
//! reading order, each followed by `,` (the last one's is optional):
//!
//! - the cell's value, 0 when empty, then its signs: `U`, `R`, `D`, `L` for the neighbour
//!   above, to the right, below, to the left;
//! - in Unequal mode a sign says the cell is *greater* than that neighbour (so `2R` is a `>`
//!   to the right of a 2); in Adjacent mode it says the two differ by 1 (a bar), and both
//!   cells carry it, while neighbours with no bar do not differ by 1;
//! - letters `a`…`z` before a field skip 1 to 26 empty cells with no signs.

use super::json::{is_adjacent_mode, unmarked_neighbours};
use super::tatham::{Cursor, Game, game_of};
use crate::error::{ParseError, ParseErrorKind, WriteError};
use crate::puzzle::{Cell, Grid, Puzzle, Relation, RelationKind};

/// Unequal's level letters in its parameters: trivial, easy, tricky, extreme, recursive.
const LEVELS: &str = "tekxr";

/// The signs of a cell, in the order Unequal writes them, with the neighbour each points at.
const SIGNS: [(char, isize, isize); 4] = [('U', -1, 0), ('R', 0, 1), ('D', 1, 0), ('L', 0, -1)];

/// Whether a line looks like an Unequal game ID (to tell the format, not to read it).
pub fn looks_like_id(line: &str) -> bool {
    game_of(line) == Some(Game::Unequal)
}

/// The `unequal` format's descriptor (see [`super::FormatSpec`]).
pub(crate) const SPEC: super::FormatSpec = super::FormatSpec {
    name: "unequal",
    summary: "a game ID of Simon Tatham's Unequal (Futoshiki; Adjacent with `a`)",
    help: "  unequal  A game ID of Simon Tatham's Unequal (Futoshiki): per cell its value (0
           empty) and signs U R D L (greater than that neighbour), then ','. `Na:`
           is the Adjacent mode (the sign marks neighbours that differ by 1).
             4:0,0,2R,0,1D,0,0,0,3,0,0,0,0,0U,0,4,",
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

/// The neighbour of cell `i` in direction `(dr, dc)` on a side of `n`, if on the grid.
fn neighbour(i: usize, n: usize, dr: isize, dc: isize) -> Option<usize> {
    let r = (i / n) as isize + dr;
    let c = (i % n) as isize + dc;
    let inside = |x: isize| (0..n as isize).contains(&x);
    (inside(r) && inside(c)).then(|| r as usize * n + c as usize)
}

/// Reads an Unequal game ID (surrounding whitespace and a byte-order mark are ignored).
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let mut cur = Cursor::trimmed(text)?;
    let start = cur.pos;
    let n = cur.size()?;
    let adjacent = cur.peek() == Some('a');
    if adjacent {
        cur.bump();
    }
    cur.level(LEVELS, "t, e, k, x or r")?;
    cur.colon("Unequal")?;

    let cells = n * n;
    let mut givens = Grid::empty(n);
    // Each cell's signs (a bit per entry of SIGNS) and where its field starts.
    let mut signs = vec![0u8; cells];
    let mut field_at = vec![cur.pos; cells];
    let mut i = 0usize;
    while cur.peek().is_some() {
        while let Some(c @ 'a'..='z') = cur.peek() {
            i += c as usize - 'a' as usize + 1;
            cur.bump();
        }
        if i >= cells {
            return Err(cur.error(
                cur.pos,
                ParseErrorKind::Other(format!("more than the grid's {cells} cells")),
            ));
        }
        let at = cur.pos;
        if !cur.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(cur.expected(at, "a cell's value (0 when empty)"));
        }
        let (digits, value) = cur.number();
        match value {
            Some(v) if v <= n as u64 => givens.set(Cell(i as u16), v as u8),
            _ => {
                let (line, column) = cur.line_col(at);
                return Err(ParseError::expected(
                    line,
                    column,
                    format!("a value of 0 (empty) to {n}"),
                    digits,
                ));
            }
        }
        field_at[i] = at;
        while let Some(k) = cur.peek().and_then(|c| SIGNS.iter().position(|s| s.0 == c)) {
            signs[i] |= 1 << k;
            cur.bump();
        }
        i += 1;
        match cur.peek() {
            Some(',') => cur.bump(),
            None => {}
            Some(_) if i < cells => return Err(cur.expected(cur.pos, "',' after a cell")),
            Some(_) => {}
        }
    }
    if i < cells {
        return Err(cur.error(
            cur.pos,
            ParseErrorKind::Expected { expected: format!("{cells} cells"), found: i.to_string() },
        ));
    }

    let mut relations = Vec::new();
    for (i, &s) in signs.iter().enumerate() {
        for (k, &(c, dr, dc)) in SIGNS.iter().enumerate() {
            if s & 1 << k == 0 {
                continue;
            }
            let bad = |what: String| cur.error(field_at[i], ParseErrorKind::Other(what));
            let Some(j) = neighbour(i, n, dr, dc) else {
                return Err(bad(format!("the sign {c} points off the grid")));
            };
            // The sign that points back from the neighbour.
            let back = signs[j] & 1 << ((k + 2) % 4) != 0;
            let (a, b) = (Cell(i as u16), Cell(j as u16));
            if adjacent {
                if !back {
                    return Err(bad(format!(
                        "the sign {c} is not matched by a sign back from the neighbour (in \
                         Adjacent mode both cells carry the bar)"
                    )));
                }
                if i < j {
                    relations.push(Relation::new(a, b, RelationKind::Consecutive));
                }
            } else {
                if back {
                    return Err(bad(format!(
                        "the sign {c} contradicts the neighbour's sign back (each of two cells \
                         greater than the other)"
                    )));
                }
                relations.push(Relation::new(b, a, RelationKind::Less));
            }
        }
    }
    if adjacent {
        let unmarked = unmarked_neighbours(n, &relations);
        relations.extend(unmarked);
    }
    Puzzle::builder(n)
        .givens(givens)
        .relations(relations)
        .build()
        .map_err(|e| cur.error(start, ParseErrorKind::Invalid(e)))
}

/// Writes a puzzle as an Unequal game ID (without a trailing newline): its givens and its
/// `<` relations between neighbours, or in Adjacent mode its bars; an error when it has
/// anything else.
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    let fail = |what: &str| Err(WriteError::unsupported("unequal", what));
    if let Some(what) = super::tatham::beyond_latin(puzzle) {
        return fail(what);
    }
    if puzzle.line_clues().is_some() {
        return fail("line clues");
    }
    let n = puzzle.size();
    let relations = puzzle.relations();
    let adjacent = !relations.is_empty() && is_adjacent_mode(n, relations);
    let mut signs = vec![0u8; n * n];
    for r in relations {
        let (a, b) = (r.a.index(), r.b.index());
        let toward = |from: usize, to: usize| {
            SIGNS.iter().position(|&(_, dr, dc)| neighbour(from, n, dr, dc) == Some(to))
        };
        let (Some(ab), Some(ba)) = (toward(a, b), toward(b, a)) else {
            return fail("a relation between cells that are not neighbours");
        };
        match r.kind {
            RelationKind::Less if !adjacent => signs[b] |= 1 << ba,
            RelationKind::Consecutive if adjacent => {
                signs[a] |= 1 << ab;
                signs[b] |= 1 << ba;
            }
            RelationKind::NotConsecutive if adjacent => {}
            _ => {
                return fail(
                    "relations of several kinds (Unequal has '<' between neighbours, or \
                     Adjacent mode's bars on every pair of neighbours that differ by 1)",
                );
            }
        }
    }
    let mut id = format!("{n}{}:", if adjacent { "a" } else { "" });
    for (i, &v) in puzzle.givens().cells().iter().enumerate() {
        id.push_str(&v.to_string());
        for (k, &(c, _, _)) in SIGNS.iter().enumerate() {
            if signs[i] & 1 << k != 0 {
                id.push(c);
            }
        }
        id.push(',');
    }
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_signs_as_relations() {
        // A 3×3: r1c1 > r1c2 (R on r1c1), r3c3 > r2c3 (U on r3c3); a given 2 at r2c2.
        let p = parse("3dk:0R,0,0,0,2,0,0,0,0U").unwrap();
        let rel = |a, b| Relation::new(Cell(a), Cell(b), RelationKind::Less);
        assert_eq!(p.relations(), [rel(1, 0), rel(5, 8)]);
        assert_eq!(p.givens().at(1, 1), 2);
        assert_eq!(write(&p).unwrap(), "3:0R,0,0,0,2,0,0,0,0U,");
        // Letters skip empty cells.
        assert_eq!(parse("3:0R,g0U").unwrap(), p.with_givens(Grid::empty(3)).unwrap());
    }

    #[test]
    fn reads_adjacent_mode() {
        let p = parse("3a:1R,2L,3,0,0,0,0,0,0,").unwrap();
        assert_eq!(p.kind().id(), "adjacent");
        assert_eq!(p.relations().len(), 12);
        let bars: Vec<_> =
            p.relations().iter().filter(|r| r.kind == RelationKind::Consecutive).collect();
        assert_eq!(bars, [&Relation::new(Cell(0), Cell(1), RelationKind::Consecutive)]);
        assert_eq!(write(&p).unwrap(), "3a:1R,2L,3,0,0,0,0,0,0,");
    }

    #[test]
    fn bad_ids_say_where() {
        let cases = [
            ("3:0,0,0", "line 1, column 8: expected 9 cells, found 3"),
            ("3:0,0,0,0,0,0,0,0,0,0", "line 1, column 21: more than the grid's 9 cells"),
            ("3:0,4", "line 1, column 5: expected a value of 0 (empty) to 3, found 4"),
            ("3:0U,0,0,0,0,0,0,0,0", "line 1, column 3: the sign U points off the grid"),
            ("3:0R,0L,0,0,0,0,0,0,0", "line 1, column 3: the sign R contradicts"),
            ("3a:0R,0,0,0,0,0,0,0,0", "line 1, column 4: the sign R is not matched"),
            ("3:0X", "line 1, column 4: expected ',' after a cell, found 'X'"),
            ("3:,", "line 1, column 3: expected a cell's value (0 when empty), found ','"),
        ];
        for (id, want) in cases {
            let e = parse(id).unwrap_err().to_string();
            assert!(e.starts_with(want), "{id}: {e}");
        }
    }
}

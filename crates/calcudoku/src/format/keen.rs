//! Simon Tatham's Keen game IDs, e.g. `4:b_5a_abbaa__,m6s1m12a9m4a5`.
//!
//! An ID is `N:` (the side length; Keen's full parameters, as in `6dh:` or `9dxm:`, are read
//! too), a *block string* saying which internal edges are walls, a comma, and one clue per cage.
//!
//! # The block string
//!
//! The grid has E = 2·N·(N−1) internal edges, taken in this order:
//!
//! 1. the vertical edges (between horizontally adjacent cells) in reading order, row by row,
//!    N−1 per row: edge `y·(N−1) + x` lies between (y, x) and (y, x+1);
//! 2. the horizontal edges (between vertically adjacent cells) in transposed order, column by
//!    column: edge `N·(N−1) + x·(N−1) + y` lies between (y, x) and (y+1, x).
//!
//! After the last real edge comes one *virtual* wall that terminates the string. Each symbol
//! describes a run of joined (wall-less) edges and what follows it:
//!
//! * `_` — no joined edge, then a wall;
//! * `a`..`y` — 1..25 joined edges, then a wall;
//! * `z` — 25 joined edges and *no* wall (so `za` is 26 joined edges then a wall).
//!
//! A symbol followed by a decimal number is repeated that many times (`_5` = `_____`); Keen
//! writes a symbol twice (`cc`) when it occurs twice and uses a count from three on.
//!
//! Altogether the symbols must cover exactly E + 1 positions, the last being the virtual wall:
//! so the string always ends in a wall-letter (`_`..`y`) whose wall is the terminator, never
//! in `z`. A 1×1 grid has no internal edge and the block string `_`.
//!
//! # The clues
//!
//! Cages are the connected groups of cells joined by wall-less edges. The clues follow in the
//! order of each cage's first cell in reading order: `a` sum, `m` product, `s` difference,
//! `d` quotient, each followed by its decimal value. Keen allows `s` and `d` only on cages of
//! two cells. A single cell (Keen never generates one) gets `a` and its value: it is read as a
//! given (a cage without operator), and a given is written that way.

use thiserror::Error;

use super::tatham::Cursor;
use crate::error::{ParseError, ParseErrorKind};
use crate::puzzle::{Cage, Cell, Operator, Puzzle};

/// Why a puzzle cannot be written as a Keen game ID: what it has that an ID cannot express
/// (a noun phrase: "the keen format cannot express …").
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KeenWriteError {
    /// The puzzle has constraints beyond cages (regions, diagonals, relations, line clues).
    #[error("{what}")]
    Beyond {
        /// What it has, in words.
        what: &'static str,
    },
    /// The puzzle has Sudoku boxes.
    #[error("boxes (this puzzle has {shape} boxes; Keen puzzles have none)")]
    Boxes {
        /// The puzzle's box shape.
        shape: crate::puzzle::BoxShape,
    },
    /// The puzzle has givens (Keen has none; a one-cell cage says the same).
    #[error("givens (cell {cell} holds {value}); make it a one-cell cage")]
    Given {
        /// The first given cell, as a row-major index from 0.
        cell: usize,
        /// Its value.
        value: u8,
    },
    /// The values within each cage must differ (Killer rules), which Keen cannot say.
    #[error("cages of distinct values (Keen cages may repeat a value)")]
    DistinctCages,
    /// A cell lies in no cage.
    #[error("a cell in no cage (cell {cell}; Keen needs every cell in a cage)")]
    CellInNoCage {
        /// The first such cell, as a row-major index from 0.
        cell: usize,
    },
    /// A cage's cells do not form one region joined edge to edge.
    #[error("cage {cage}, which is not orthogonally connected (Keen cages are connected regions)")]
    CageNotConnected {
        /// Index of the cage in the puzzle's cage list (0-based).
        cage: usize,
    },
    /// A cage of several cells has no operator (a hidden-operator cage).
    #[error("cage {cage} without its operator (Keen has no hidden-operator cages)")]
    HiddenOperator {
        /// Index of the cage in the puzzle's cage list (0-based).
        cage: usize,
    },
    /// A `-` or `/` cage has other than two cells.
    #[error("cage {cage}, with {op} on {cells} cells (Keen allows it on 2 cells only)")]
    OperatorNeedsTwoCells {
        /// Index of the cage in the puzzle's cage list (0-based).
        cage: usize,
        /// The cage's operator, [`Operator::Sub`] or [`Operator::Div`].
        op: Operator,
        /// How many cells the cage has.
        cells: usize,
    },
}

/// Keen's level letters in its parameters: easy, normal, hard, extreme, unreasonable.
const KEEN_LEVELS: &str = "enhxu";

/// Whether a line looks like a Keen game ID (to tell the format, not to read it): one word,
/// a size perhaps followed by parameters (letters and digits, from a digit), then ':' and the
/// description, or '#' and a random seed (an ID Keen cannot share, named as such when read);
/// not the ID of another of Tatham's games (Towers, Unequal: see `format::tatham`).
pub fn looks_like_id(line: &str) -> bool {
    super::tatham::game_of(line) == Some(super::tatham::Game::Keen)
}

/// The `keen` format's descriptor (see [`super::FormatSpec`]).
pub(crate) const SPEC: super::FormatSpec = super::FormatSpec {
    name: "keen",
    summary: "a game ID of Simon Tatham's Keen: size, cage borders, clues",
    help: "  keen     A game ID of Simon Tatham's Keen: size, cage borders, clues.
             4:b_5a_abbaa__,m6s1m12a9m4a5",
    could_be: |s| s.first.is_some_and(|t| t.contains(':')),
    parse,
    read_batch: None,
    detect: None,
    write: |p, _| {
        let mut id =
            write(p).map_err(|e| crate::error::WriteError::unsupported("keen", e.to_string()))?;
        id.push('\n');
        Ok(id)
    },
    one_per_line: Some(looks_like_id),
    claims: |first, alone| alone && looks_like_id(first),
    preference: 1,
    raw: false,
};

/// Reads a Keen game ID (surrounding whitespace and a byte-order mark are ignored). The size
/// may carry Keen's full parameters (`6dh:…`, `9dxm:…`), which are checked and not kept.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let mut cur = Cursor::trimmed(text)?;
    let start = cur.pos;
    let size = cur.size()?;
    // Keen's full parameters, as Keen writes them (`6dh:`, `9dxm:`): `d` and the level's letter,
    // then `m` for multiplication only. They say how the puzzle was made, not what it is.
    cur.level(KEEN_LEVELS, "e, n, h, x or u")?;
    if cur.peek() == Some('m') {
        cur.bump();
    }
    cur.colon("Keen")?;

    // The block string.
    let mut dsf = Dsf::new(size * size);
    parse_blocks(&mut cur, size, &mut dsf)?;
    if cur.peek() != Some(',') {
        return Err(cur.expected(cur.pos, "',' after the block string"));
    }
    cur.bump();

    // The cages, in order of their first cell.
    let mut cages: Vec<Vec<Cell>> = Vec::new();
    let mut cage_of_root = vec![usize::MAX; size * size];
    for i in 0..size * size {
        let root = dsf.find(i);
        if cage_of_root[root] == usize::MAX {
            cage_of_root[root] = cages.len();
            cages.push(Vec::new());
        }
        cages[cage_of_root[root]].push(Cell(i as u16));
    }

    // The clues.
    let mut clues: Vec<(usize, Option<Operator>, u64)> = Vec::with_capacity(cages.len());
    let mut found = 0usize;
    let mut first_extra = None;
    while let Some(c) = cur.peek() {
        let at = cur.pos;
        let op = match c {
            'a' => Operator::Add,
            'm' => Operator::Mul,
            's' => Operator::Sub,
            'd' => Operator::Div,
            c if c.is_alphabetic() => {
                return Err(cur.expected(at, "a clue letter ('a', 'm', 's' or 'd')"));
            }
            _ => return Err(cur.expected(at, "a clue letter ('a', 'm', 's' or 'd')")),
        };
        cur.bump();
        if !cur.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(cur.expected(cur.pos, format!("a digit after the clue letter '{c}'")));
        }
        let value_at = cur.pos;
        let (digits, value) = cur.number();
        let Some(value) = value else {
            let (line, column) = cur.line_col(value_at);
            return Err(ParseError::expected(
                line,
                column,
                format!("a clue value of at most {}", u64::MAX),
                digits,
            ));
        };
        if value == 0 {
            // No cage of Keen can make 0 (the solver's tables assume positive targets).
            let (line, column) = cur.line_col(value_at);
            return Err(ParseError::expected(line, column, "a positive clue value", "0"));
        }
        if found < cages.len() {
            let cells = cages[found].len();
            let op = match op {
                Operator::Sub | Operator::Div if cells != 2 => {
                    return Err(cur.error(
                        at,
                        ParseErrorKind::Other(format!(
                            "clue '{c}' needs a cage of 2 cells, this cage has {cells}"
                        )),
                    ));
                }
                Operator::Add if cells == 1 => None,
                op => Some(op),
            };
            clues.push((at, op, value));
        } else if first_extra.is_none() {
            first_extra = Some(at);
        }
        found += 1;
    }
    if found != cages.len() {
        let at = first_extra.unwrap_or(cur.pos);
        return Err(ParseError::new(
            cur.line_col(at).0,
            cur.line_col(at).1,
            ParseErrorKind::Expected {
                expected: format!("{} clues", cages.len()),
                found: found.to_string(),
            },
        ));
    }

    let cages = cages
        .into_iter()
        .zip(clues)
        .map(|(cells, (_, op, value))| Cage::new(value, op, cells))
        .collect();
    Puzzle::kenken(size, cages).map_err(|e| cur.error(start, ParseErrorKind::Invalid(e)))
}

/// Reads the block string up to (not including) the ',' or the end of the input, joining the
/// cells of `dsf` across every wall-less edge.
fn parse_blocks(cur: &mut Cursor<'_>, size: usize, dsf: &mut Dsf) -> Result<(), ParseError> {
    let edges = (2 * size * (size - 1)) as u64;
    // Positions covered so far (joined edges and walls, the last wall being the virtual one).
    let mut covered: u64 = 0;
    let mut last_is_z = false;
    let mut any = false;
    let mut overrun_at: Option<usize> = None;
    loop {
        let at = cur.pos;
        let c = match cur.peek() {
            None | Some(',') => break,
            Some(c @ ('_' | 'a'..='z')) => c,
            Some(_) => {
                let what = if covered == edges + 1 && !last_is_z && overrun_at.is_none() {
                    "',' after the block string"
                } else {
                    "a block letter ('_' or 'a' to 'z') or ','"
                };
                return Err(cur.expected(at, what));
            }
        };
        if covered == edges + 1
            && !last_is_z
            && overrun_at.is_none()
            && !cur.text[at..cur.end].contains(',')
        {
            // Complete, and no ',' anywhere after: the comma is missing (the clues follow).
            // With a ',' further on, the block string is too long: that is reported below.
            return Err(cur.expected(
                at,
                format!("',' after the block string (all {edges} edges are described)"),
            ));
        }
        cur.bump();
        let mut count = 1u64;
        if cur.peek().is_some_and(|c| c.is_ascii_digit()) {
            let count_at = cur.pos;
            count = cur.number().1.unwrap_or(u64::MAX);
            if count == 0 {
                return Err(cur.error(
                    count_at,
                    ParseErrorKind::Other(format!(
                        "repeat count 0 after '{c}' (expected 1 or more)"
                    )),
                ));
            }
        }
        any = true;
        let (joined, wall) = match c {
            '_' => (0u64, true),
            'z' => (25, false),
            c => (c as u64 - 'a' as u64 + 1, true),
        };
        last_is_z = !wall;
        let step = joined + u64::from(wall);
        let span = count.saturating_mul(step);
        if overrun_at.is_none() && covered.saturating_add(span) <= edges + 1 {
            // At most E + 1 positions: the loops below are bounded by the grid.
            for _ in 0..count {
                for _ in 0..joined {
                    if covered >= edges {
                        // A joined edge on the virtual terminator.
                        overrun_at.get_or_insert(at);
                    } else {
                        let (p0, p1) = edge_cells(covered as usize, size);
                        dsf.union(p0, p1);
                    }
                    covered += 1;
                }
                covered += u64::from(wall);
            }
        } else {
            overrun_at.get_or_insert(at);
            covered = covered.saturating_add(span);
        }
    }
    if !any {
        return Err(cur.expected(cur.pos, "a block string ('_' or 'a' to 'z')"));
    }
    let described = if last_is_z { covered } else { covered - 1 };
    if overrun_at.is_some() || described != edges {
        let at = overrun_at.unwrap_or(cur.pos);
        return Err(cur.error(
            at,
            ParseErrorKind::Other(format!(
                "block string describes {described} edges, expected {edges}"
            )),
        ));
    }
    if last_is_z {
        return Err(cur.expected(
            cur.pos,
            "a letter after the final 'z' (the block string must end in a wall)",
        ));
    }
    Ok(())
}

/// The two cells on either side of internal edge `i` (see the module documentation).
fn edge_cells(i: usize, size: usize) -> (usize, usize) {
    let per = size - 1;
    if i < size * per {
        let (y, x) = (i / per, i % per);
        (y * size + x, y * size + x + 1)
    } else {
        let j = i - size * per;
        let (x, y) = (j / per, j % per);
        (y * size + x, (y + 1) * size + x)
    }
}

/// Writes a puzzle as its canonical Keen game ID (without a trailing newline).
pub fn write(puzzle: &Puzzle) -> Result<String, KeenWriteError> {
    if let Some(what) = super::beyond_boxes_and_cages(puzzle) {
        return Err(KeenWriteError::Beyond { what });
    }
    if let Some(shape) = puzzle.boxes() {
        return Err(KeenWriteError::Boxes { shape });
    }
    if let Some((cell, &value)) = puzzle.givens().cells().iter().enumerate().find(|(_, v)| **v != 0)
    {
        return Err(KeenWriteError::Given { cell, value });
    }
    if puzzle.distinct_cages() {
        return Err(KeenWriteError::DistinctCages);
    }
    let n = puzzle.size();
    let owner = puzzle.cage_of_cells();
    if let Some(cell) = owner.iter().position(Option::is_none) {
        return Err(KeenWriteError::CellInNoCage { cell });
    }
    let owner: Vec<usize> = owner.into_iter().flatten().collect();

    for (k, cage) in puzzle.cages().iter().enumerate() {
        let cells = cage.cells.len();
        match cage.op {
            None if cells > 1 => return Err(KeenWriteError::HiddenOperator { cage: k }),
            Some(op @ (Operator::Sub | Operator::Div)) if cells != 2 => {
                return Err(KeenWriteError::OperatorNeedsTwoCells { cage: k, op, cells });
            }
            _ => {}
        }
        if !connected(cage, &owner, k, n) {
            return Err(KeenWriteError::CageNotConnected { cage: k });
        }
    }

    // The run symbols, one per wall (the last wall being the virtual terminator).
    let edges = 2 * n * (n - 1);
    let mut symbols: Vec<char> = Vec::new();
    let mut run = 0usize;
    for i in 0..=edges {
        let wall = i == edges || {
            let (p0, p1) = edge_cells(i, n);
            owner[p0] != owner[p1]
        };
        if wall {
            while run > 25 {
                symbols.push('z');
                run -= 25;
            }
            symbols.push(if run == 0 { '_' } else { (b'a' + run as u8 - 1) as char });
            run = 0;
        } else {
            run += 1;
        }
    }

    let mut out = format!("{n}:");
    let mut i = 0;
    while i < symbols.len() {
        let c = symbols[i];
        let reps = symbols[i..].iter().take_while(|&&s| s == c).count();
        out.push(c);
        match reps {
            1 => {}
            2 => out.push(c),
            _ => out.push_str(&reps.to_string()),
        }
        i += reps;
    }
    out.push(',');

    let mut order: Vec<(usize, &Cage)> = puzzle
        .cages()
        .iter()
        .map(|c| (c.cells.iter().map(|c| c.index()).min().unwrap_or(0), c))
        .collect();
    order.sort_by_key(|&(first, _)| first);
    for (_, cage) in order {
        let letter = match cage.op {
            None | Some(Operator::Add) => 'a',
            Some(Operator::Mul) => 'm',
            Some(Operator::Sub) => 's',
            Some(Operator::Div) => 'd',
        };
        out.push(letter);
        out.push_str(&cage.target.to_string());
    }
    Ok(out)
}

/// Whether the cells of cage `k` form one orthogonally connected region.
fn connected(cage: &Cage, owner: &[usize], k: usize, n: usize) -> bool {
    let Some(&first) = cage.cells.first() else {
        return true;
    };
    let mut seen = vec![false; n * n];
    let mut stack = vec![first.index()];
    seen[first.index()] = true;
    let mut reached = 0;
    while let Some(i) = stack.pop() {
        reached += 1;
        let (r, c) = (i / n, i % n);
        let neighbours = [
            (r > 0).then(|| i - n),
            (r + 1 < n).then(|| i + n),
            (c > 0).then(|| i - 1),
            (c + 1 < n).then(|| i + 1),
        ];
        for j in neighbours.into_iter().flatten() {
            if !seen[j] && owner[j] == k {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    reached == cage.cells.len()
}

/// Union-find over the cells.
struct Dsf(Vec<usize>);

impl Dsf {
    fn new(n: usize) -> Dsf {
        Dsf((0..n).collect())
    }
    fn find(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            // Keep the smaller index as the root (not required, but tidy).
            let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.0[hi] = lo;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{BoxShape, Grid};
    use proptest::prelude::*;

    #[test]
    fn ids_are_told_from_other_lines() {
        for id in ["4:_a,a4", "6dh:_3a,m6", "9dxm:a_b,s1", " 5:abc ", "6dh#12345"] {
            assert!(looks_like_id(id), "{id}");
        }
        let sudoku =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        for other in ["", "4", "a4:x", "4 :x", "4: x", "boxes 3x3", "1 2 +", sudoku, "5.#3", "{"] {
            assert!(!looks_like_id(other), "{other:?}");
        }
    }

    fn cells(v: &[u16]) -> Vec<Cell> {
        v.iter().map(|&i| Cell(i)).collect()
    }

    fn err(text: &str) -> ParseError {
        parse(text).expect_err(text)
    }

    fn message(text: &str) -> String {
        err(text).to_string()
    }

    #[test]
    fn reads_the_example() {
        let p = parse("4:b_5a_abbaa__,m6s1m12a9m4a5\n").unwrap();
        assert_eq!(p.size(), 4);
        assert_eq!(p.cages().len(), 6);
        assert_eq!(p.cages()[0], Cage::new(6, Some(Operator::Mul), cells(&[0, 1, 2])));
        assert_eq!(write(&p).unwrap(), "4:b_5a_abbaa__,m6s1m12a9m4a5");
    }

    #[test]
    fn reads_a_small_corpus_puzzle() {
        // 3x3-easy/001: rows "0 1 1 / 0 2 2 / 3 3 2", labels "3+ 1- 3* 1-".
        let p = parse("3:_aba_3a,a3s1m3s1").unwrap();
        let expected = Puzzle::kenken(
            3,
            vec![
                Cage::new(3, Some(Operator::Add), cells(&[0, 3])),
                Cage::new(1, Some(Operator::Sub), cells(&[1, 2])),
                Cage::new(3, Some(Operator::Mul), cells(&[4, 5, 8])),
                Cage::new(1, Some(Operator::Sub), cells(&[6, 7])),
            ],
        )
        .unwrap();
        assert_eq!(p, expected);
        assert_eq!(write(&p).unwrap(), "3:_aba_3a,a3s1m3s1");
    }

    #[test]
    fn one_by_one() {
        let p = parse("1:_,a1").unwrap();
        assert_eq!(p.cages(), &[Cage::new(1, None, cells(&[0]))]);
        assert_eq!(write(&p).unwrap(), "1:_,a1");
        assert!(message("1:,a1").contains("expected a block string"));
    }

    #[test]
    fn single_cell_cages() {
        // 2x2 with every cell alone: 4 walls + terminator.
        let p = parse("2:_5,a1a2a2m1").unwrap();
        assert_eq!(p.cages()[0], Cage::new(1, None, cells(&[0])));
        assert_eq!(p.cages()[3], Cage::new(1, Some(Operator::Mul), cells(&[3])));
        assert_eq!(write(&p).unwrap(), "2:_5,a1a2a2m1");
        let given = Puzzle::kenken(2, vec![Cage::new(2, None, cells(&[0, 1, 2, 3]))]);
        assert_eq!(write(&given.unwrap()), Err(KeenWriteError::HiddenOperator { cage: 0 }));
    }

    /// An n×n grid that is one big cage: every edge joined.
    fn one_cage(n: usize) -> Puzzle {
        Puzzle::kenken(
            n,
            vec![Cage::new(1, Some(Operator::Add), (0..(n * n) as u16).map(Cell).collect())],
        )
        .unwrap()
    }

    #[test]
    fn run_length_letters() {
        // 3x3, one cage: 12 joined edges then the terminator = "l".
        assert_eq!(write(&one_cage(3)).unwrap(), "3:l,a1");
        assert_eq!(parse("3:l,a1").unwrap(), one_cage(3));
        // 4x4: 24 joined = "x"; 5x5: 40 joined = 25 + 15 = "zo".
        assert_eq!(write(&one_cage(4)).unwrap(), "4:x,a1");
        assert_eq!(write(&one_cage(5)).unwrap(), "5:zo,a1");
        assert_eq!(parse("5:zo,a1").unwrap(), one_cage(5));
        // 6x6: 60 = 25 + 25 + 10 = "zzj"; 8x8: 112 = 4*25 + 12 = "z4l".
        assert_eq!(write(&one_cage(6)).unwrap(), "6:zzj,a1");
        assert_eq!(write(&one_cage(8)).unwrap(), "8:z4l,a1");
        assert_eq!(parse("8:z4l,a1").unwrap(), one_cage(8));
        // "a12": twelve times (one joined edge, then a wall), then the terminator.
        let p = parse("4:a12_,a1a2a3a4").unwrap();
        let expected = Puzzle::kenken(
            4,
            vec![
                Cage::new(1, Some(Operator::Add), cells(&[0, 1, 4])),
                Cage::new(2, Some(Operator::Add), cells(&[2, 3, 5, 6, 8, 9, 12])),
                Cage::new(3, Some(Operator::Add), cells(&[7, 10, 11, 13, 14])),
                Cage::new(4, None, cells(&[15])),
            ],
        )
        .unwrap();
        assert_eq!(p, expected);
        assert_eq!(write(&p).unwrap(), "4:a12_,a1a2a3a4");
        // Too long a run for a 3x3 grid.
        let e = message("3:a12_,a1");
        assert!(e.contains("block string describes 24 edges, expected 12"), "{e}");
        // "z_" is 25 joined edges then a wall, just like "y".
        assert_eq!(
            parse("4:z_,a1").map_err(|e| e.to_string()),
            Err("line 1, column 3: block string describes 25 edges, expected 24".into())
        );
        assert_eq!(parse("6:z_zi,a1").unwrap(), parse("6:yzi,a1").unwrap());
    }

    #[test]
    fn repeat_counts() {
        // 4x4 horizontal dominoes: rows (a,_,a) x4 ; columns all walls. Vertical string:
        // a _ a a _ a a _ a a _ a then 12 horizontal walls + terminator.
        let dominoes = Puzzle::kenken(
            4,
            (0..8u16)
                .map(|k| Cage::new(3, Some(Operator::Add), cells(&[2 * k, 2 * k + 1])))
                .collect(),
        )
        .unwrap();
        let id = write(&dominoes).unwrap();
        // Runs carry across row ends: a, then three times 2 joined edges, a, 12 walls.
        assert_eq!(id, "4:ab3a_12,a3a3a3a3a3a3a3a3");
        assert_eq!(parse(&id).unwrap(), dominoes);
        // "bbb" and "b3" mean the same, "_12" and twelve underscores too, and a count of 1.
        assert_eq!(parse("4:abbba____________,a3a3a3a3a3a3a3a3").unwrap(), dominoes);
        assert_eq!(parse("4:a1b2ba1_12,a3a3a3a3a3a3a3a3").unwrap(), dominoes);
        assert!(message("4:a0b3a_12,a3").contains("repeat count 0"));
    }

    #[test]
    fn malformed_ids() {
        let cases: &[(&str, &str)] = &[
            ("", "empty"),
            ("   \n", "empty"),
            ("x:_,a1", "expected the grid size"),
            ("4", "expected a digit or ':' after the size, found the end of the input"),
            ("4;b_5a", "expected a digit or ':' after the size, found ';'"),
            ("0:_,a1", "size 0 is not supported"),
            ("999:_,a1", "size 999 is not supported"),
            ("99999999999999999999999:_,a1", "is not supported"),
            ("65:_,a1", "size 65 is not supported"),
            ("4:b_5a_abbaa__m6s1m12a9m4a5", "expected ',' after the block string"),
            ("4:b_5a_abbaa__", "expected ',' after the block string, found the end of the input"),
            ("4:b_5a_b,m6", "block string describes 13 edges, expected 24"),
            ("4:b_6a_abbaa__,m6s1m12a9m4a5", "block string describes 25 edges, expected 24"),
            ("4:b_5a_abba!a__,m6", "expected a block letter"),
            ("4:b_5a_abbaa__,m6s1m12a9m4", "expected 6 clues, found 5"),
            ("4:b_5a_abbaa__,m6s1m12a9m4a5a1", "expected 6 clues, found 7"),
            (
                "4:b_5a_abbaa__,m6s1q12a9m4a5",
                "expected a clue letter ('a', 'm', 's' or 'd'), found 'q'",
            ),
            (
                "4:b_5a_abbaa__,m6s1m12a9m4a",
                "expected a digit after the clue letter 'a', found the end of the input",
            ),
            ("4:b_5a_abbaa__,m6s1m12a9m4a5,", "expected a clue letter"),
            ("4:b_5a_abbaa__,s6s1m12a9m4a5", "needs a cage of 2 cells, this cage has 3"),
            (
                "4:b_5a_abbaa__,m6s1m12a9m4a99999999999999999999999",
                "expected a clue value of at most",
            ),
            ("4:z,a1", "block string describes 25 edges, expected 24"),
            ("3:l1000000000000000000000000,a1", "block string describes"),
            ("2:a_b,a1a1", "block string describes 5 edges, expected 4"),
            ("2:c,a1", "block string describes 3 edges, expected 4"),
            ("5:z,a1", "block string describes 25 edges, expected 40"),
        ];
        for (text, want) in cases {
            let got = match parse(text) {
                Ok(p) => panic!("{text:?} parsed as {p:?}"),
                Err(e) => e.to_string(),
            };
            if !got.contains(want) {
                panic!("{text:?}: got {got:?}, wanted {want:?}");
            }
        }
    }

    #[test]
    fn error_positions() {
        let e = err("4:b_5a_abbaa__,m6s1q12a9m4a5");
        assert_eq!((e.line, e.column), (1, 20));
        let e = err("4;");
        assert_eq!((e.line, e.column), (1, 2));
        let e = err("\u{feff}  4:b_5a_b,m6");
        assert_eq!((e.line, e.column), (1, 12));
        assert_eq!(
            e.to_string(),
            "line 1, column 12: block string describes 13 edges, expected 24"
        );
        let e = err("999:_,a1");
        assert_eq!((e.line, e.column), (1, 1));
        assert!(matches!(
            e.kind,
            ParseErrorKind::Invalid(crate::error::ModelError::Size { size: 999 })
        ));
        let e = err("4:b_5a_abbaa__,m6s1m12a9m4");
        assert!(matches!(e.kind, ParseErrorKind::Expected { .. }));
        assert_eq!((e.line, e.column), (1, 27));
    }

    #[test]
    fn ends_in_z() {
        // 5x5 with 40 edges: "zo" is fine; "zo" + nothing is fine, a trailing z is not.
        let e = message("3:_11z,a1");
        assert!(e.contains("describes"), "{e}");
        // 6x6: 60 edges, e.g. "z" "z" + 10 joined edges without a final wall cannot occur.
        let e = message("6:_35z,a1");
        assert!(e.contains("must end in a wall"), "{e}");
    }

    #[test]
    fn write_errors() {
        let boxed = Puzzle::new(4, BoxShape::standard(4), Grid::empty(4), vec![], false).unwrap();
        assert!(matches!(write(&boxed), Err(KeenWriteError::Boxes { .. })));
        let mut g = Grid::empty(2);
        g.set(Cell(1), 2);
        let given = Puzzle::new(2, None, g, vec![], false).unwrap();
        assert_eq!(write(&given), Err(KeenWriteError::Given { cell: 1, value: 2 }));
        let partial =
            Puzzle::kenken(2, vec![Cage::new(3, Some(Operator::Add), cells(&[0, 1]))]).unwrap();
        assert_eq!(write(&partial), Err(KeenWriteError::CellInNoCage { cell: 2 }));
        let split = Puzzle::kenken(
            2,
            vec![
                Cage::new(3, Some(Operator::Add), cells(&[0, 3])),
                Cage::new(3, Some(Operator::Add), cells(&[1, 2])),
            ],
        )
        .unwrap();
        assert_eq!(write(&split), Err(KeenWriteError::CageNotConnected { cage: 0 }));
        let sub3 = Puzzle::kenken(
            2,
            vec![
                Cage::new(1, Some(Operator::Sub), cells(&[0, 1, 2])),
                Cage::new(1, None, cells(&[3])),
            ],
        )
        .unwrap();
        assert!(matches!(
            write(&sub3),
            Err(KeenWriteError::OperatorNeedsTwoCells { cage: 0, cells: 3, .. })
        ));
        let distinct =
            Puzzle::new(1, None, Grid::empty(1), vec![Cage::new(1, None, cells(&[0]))], true)
                .unwrap();
        assert_eq!(write(&distinct), Err(KeenWriteError::DistinctCages));
    }

    #[test]
    fn large_sizes() {
        // 64x64 all single cells: 8064 walls + terminator = "_8065".
        let n = 64usize;
        let mut id = format!("{n}:_{},", 2 * n * (n - 1) + 1);
        for _ in 0..n * n {
            id.push_str("a1");
        }
        let p = parse(&id).unwrap();
        assert_eq!(p.cages().len(), n * n);
        assert_eq!(write(&p).unwrap(), id);
        assert_eq!(write(&one_cage(64)).unwrap(), "64:z322n,a1"); // 8064 = 322*25 + 14
        assert_eq!(parse("64:z322n,a1").unwrap(), one_cage(64));
    }

    /// A random partition of an n×n grid into connected cages, with clues Keen can carry.
    fn arb_puzzle() -> impl Strategy<Value = Puzzle> {
        (1usize..=9)
            .prop_flat_map(|n| {
                let edges = 2 * n * (n - 1);
                (
                    Just(n),
                    proptest::collection::vec(any::<bool>(), edges),
                    proptest::collection::vec(0u8..4, n * n),
                )
            })
            .prop_map(|(n, joined, ops)| {
                let mut dsf = Dsf::new(n * n);
                for (i, &j) in joined.iter().enumerate() {
                    if j {
                        let (a, b) = edge_cells(i, n);
                        dsf.union(a, b);
                    }
                }
                let mut groups: Vec<Vec<Cell>> = Vec::new();
                let mut index = vec![usize::MAX; n * n];
                for i in 0..n * n {
                    let r = dsf.find(i);
                    if index[r] == usize::MAX {
                        index[r] = groups.len();
                        groups.push(Vec::new());
                    }
                    groups[index[r]].push(Cell(i as u16));
                }
                let cages = groups
                    .into_iter()
                    .enumerate()
                    .map(|(k, cells)| {
                        let op = match (cells.len(), ops[k]) {
                            (1, 0) => None,
                            (1, _) => Some(Operator::Mul),
                            (2, 2) => Some(Operator::Sub),
                            (2, 3) => Some(Operator::Div),
                            (_, x) if x % 2 == 0 => Some(Operator::Add),
                            _ => Some(Operator::Mul),
                        };
                        Cage::new(k as u64 + 1, op, cells)
                    })
                    .collect();
                Puzzle::kenken(n, cages).unwrap()
            })
    }

    proptest! {
        #[test]
        fn never_panics(s in "\\PC{0,40}") {
            let _ = parse(&s);
        }

        #[test]
        fn never_panics_on_keenish_text(s in "[0-9]{1,3}(:[_a-z0-9]{0,30}(,[amsdq0-9]{0,20})?)?") {
            let _ = parse(&s);
        }

        #[test]
        fn mutated_ids_never_panic(p in arb_puzzle(), at in any::<prop::sample::Index>(), c in any::<char>()) {
            let id = write(&p).unwrap();
            let mut chars: Vec<char> = id.chars().collect();
            let i = at.index(chars.len());
            chars[i] = c;
            let mutated: String = chars.iter().collect();
            let _ = parse(&mutated);
            chars.truncate(i);
            let truncated: String = chars.iter().collect();
            let _ = parse(&truncated);
        }

        #[test]
        fn write_then_parse(p in arb_puzzle()) {
            let id = write(&p).unwrap();
            let back = parse(&id).unwrap();
            prop_assert_eq!(&back, &p);
            prop_assert_eq!(write(&back).unwrap(), id);
        }
    }
}

//! 9×9 Sudoku on a given clue pattern (`--pattern`): the cells that hold clues are fixed, the
//! digits are not.
//!
//! Each attempt draws a random solution grid, keeps its digits on the pattern's cells, and
//! keeps the puzzle when its solution is unique (and at the level asked, when one was). Most
//! grids leave a sparse pattern with several solutions, so sparse patterns take many attempts:
//! see the README's measurements.
//!
//! A pattern is written as one line of 81 characters or as 9 rows of 9, row by row; a clue is
//! `x`, `X`, `#` or a digit 1–9 (so a puzzle can serve as its own pattern), an empty cell `.`,
//! `0` or `-`. Spaces and tabs inside a line are ignored, blank lines too.

use std::fmt;

use crate::clock::Instant;
use crate::logic::{Grade, Ladder};
use crate::puzzle::{BoxShape, Cell, Grid, Puzzle};

use super::rng::Rng;
use super::{GenerateError, Options, at_level, clues, latin};

/// The fewest clues a 9×9 Sudoku with one solution has (McGuire, Tugemann and Civario, 2012):
/// a sparser pattern can never give a puzzle.
pub const MIN_CLUES: usize = 17;

/// Which cells of a 9×9 grid hold clues.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pattern {
    clue: [bool; 81],
}

/// What is wrong with a pattern, and where (line and column from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {what}")]
pub struct PatternError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// What was expected there.
    pub what: String,
}

impl Pattern {
    /// Reads a pattern: one line of 81 cells or 9 lines of 9 (see the module's doc).
    pub fn parse(text: &str) -> Result<Pattern, PatternError> {
        let err = |line, column, what: String| Err(PatternError { line, column, what });
        // (line number, cells of the line with their columns)
        let mut rows: Vec<(usize, Vec<(usize, bool)>)> = Vec::new();
        let mut last_line = 0;
        for (k, line) in text.lines().enumerate() {
            last_line = k + 1;
            let mut cells = Vec::new();
            for (col, ch) in line.chars().enumerate() {
                let clue = match ch {
                    'x' | 'X' | '#' | '1'..='9' => true,
                    '.' | '0' | '-' => false,
                    ' ' | '\t' | '\r' => continue,
                    _ => {
                        return err(
                            k + 1,
                            col + 1,
                            format!(
                                "expected x, X, # or a digit 1-9 for a clue, or . 0 - for an \
                                 empty cell, found {ch:?}"
                            ),
                        );
                    }
                };
                cells.push((col + 1, clue));
            }
            if !cells.is_empty() {
                rows.push((k + 1, cells));
            }
        }
        let Some((first_line, first)) = rows.first() else {
            return err(1, 1, "expected a 9×9 clue pattern (81 cells), found nothing".into());
        };
        let width = if rows.len() == 1 && first.len() != 9 { 81 } else { 9 };
        let mut clue = Vec::with_capacity(81);
        for (line, cells) in &rows {
            if cells.len() != width {
                let column =
                    cells.get(width).map_or_else(|| cells.last().map_or(1, |c| c.0 + 1), |c| c.0);
                let what = if rows.len() == 1 {
                    format!(
                        "expected one line of 81 cells or 9 rows of 9, found {} cells",
                        cells.len()
                    )
                } else {
                    format!("expected 9 cells in a row, found {}", cells.len())
                };
                return err(*line, column, what);
            }
            if clue.len() == 81 {
                return err(*line, 1, "expected 9 rows, found more".into());
            }
            clue.extend(cells.iter().map(|c| c.1));
        }
        if clue.len() < 81 {
            return err(
                last_line + 1,
                1,
                format!("expected 9 rows, found {} (from line {first_line})", rows.len()),
            );
        }
        let pattern = Pattern { clue: clue.try_into().expect("81 cells") };
        let n = pattern.clues();
        if n < MIN_CLUES {
            return err(
                *first_line,
                1,
                format!(
                    "the pattern has {n} clues; a 9×9 Sudoku with one solution has at least \
                     {MIN_CLUES}"
                ),
            );
        }
        Ok(pattern)
    }

    /// Whether cell `c` (0..81, row by row) holds a clue.
    pub fn is_clue(&self, c: usize) -> bool {
        self.clue[c]
    }

    /// How many clues.
    pub fn clues(&self) -> usize {
        self.clue.iter().filter(|&&c| c).count()
    }

    /// The pattern of a puzzle's givens: its clues where the puzzle has a given.
    pub fn of(puzzle: &Puzzle) -> Option<Pattern> {
        let cells = puzzle.givens().cells();
        let clue: [bool; 81] = cells.iter().map(|&v| v != 0).collect::<Vec<_>>().try_into().ok()?;
        Some(Pattern { clue })
    }
}

impl fmt::Display for Pattern {
    /// One line of 81 characters, `x` for a clue and `.` for an empty cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &c in &self.clue {
            f.write_str(if c { "x" } else { "." })?;
        }
        Ok(())
    }
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pattern({self})")
    }
}

/// One attempt: a random grid kept on the pattern's cells, when the puzzle has one solution
/// and is at the level.
pub(super) fn attempt(
    options: &Options,
    pattern: &Pattern,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Grade)>, GenerateError> {
    let boxes = BoxShape::standard(9).expect("9×9 has boxes");
    let solution = latin::sudoku_grid(9, boxes, rng);
    let mut givens = solution.clone();
    for c in (0..81).filter(|&c| !pattern.is_clue(c)) {
        givens.set(Cell(c as u16), 0);
    }
    let puzzle = Puzzle::sudoku(9, Some(boxes), givens).expect("in range");
    if !clues::unique(&puzzle, deadline)? {
        return Ok(None);
    }
    Ok(at_level(&puzzle, ladder, options.level, deadline)?.map(|g| (puzzle, solution, g)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROWS: &str = "x.x.x.x.x\n.........\nxxx...xxx\n\n..x.x.x..\nx.......x\n..x.x.x..\nxxx...xxx\n.........\nx.x.x.x.x\n";

    #[test]
    fn rows_and_one_line_read_the_same() {
        let p = Pattern::parse(ROWS).unwrap();
        assert_eq!(p.clues(), 5 + 6 + 3 + 2 + 3 + 6 + 5);
        let line = p.to_string();
        assert_eq!(line.len(), 81);
        assert_eq!(Pattern::parse(&line).unwrap(), p);
        // Digits, '#' and spaces.
        let alt = line.replace('x', "7").replacen('7', "#", 3).replace('.', "0 ");
        assert_eq!(Pattern::parse(&alt).unwrap(), p);
        assert!(p.is_clue(0) && !p.is_clue(1));
    }

    #[test]
    fn bad_patterns_name_their_place() {
        let at = |text: &str| {
            let e = Pattern::parse(text).unwrap_err();
            (e.line, e.column, e.what)
        };
        let (l, c, w) = at(&ROWS.replacen("xxx...xxx", "xxx..?xxx", 1));
        assert_eq!((l, c), (3, 6), "{w}");
        assert!(w.contains("found '?'"), "{w}");
        let (l, c, w) = at(&ROWS.replacen("..x.x.x..", "..x.x.x.", 1));
        assert_eq!((l, c), (5, 9), "{w}");
        assert!(w.contains("expected 9 cells in a row, found 8"), "{w}");
        let (l, _, w) = at("x.x.x.x.x\n.........\n");
        assert_eq!(l, 3);
        assert!(w.contains("expected 9 rows, found 2"), "{w}");
        let (l, c, w) = at(&"x".repeat(80));
        assert_eq!((l, c), (1, 81), "{w}");
        assert!(w.contains("one line of 81 cells"), "{w}");
        let (_, _, w) = at(&format!("{}{}", "x".repeat(16), ".".repeat(65)));
        assert!(w.contains("has 16 clues"), "{w}");
        let (l, c, w) = at("");
        assert_eq!((l, c), (1, 1));
        assert!(w.contains("found nothing"), "{w}");
        let (l, _, w) = at(&format!("{ROWS}x.x.x.x.x\n"));
        assert_eq!(l, 11, "{w}");
    }
}

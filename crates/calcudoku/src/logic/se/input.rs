//! Reading SE's inputs: plain givens (81 characters, `1`–`9`, and `.`, `0`, `-`, `*`, `x`,
//! `_` for an empty cell) and Sukaku pencil marks (729 characters: character `9·cell + v − 1`
//! is `v` when the cell has candidate `v`, else `.` or `0`; whitespace inside is ignored, so
//! 81 groups of 9 or 9 lines of 81 read the same), or 81 whitespace-separated candidate lists
//! such as `1379 5 28 …`.

use super::grid::{Bits, Grid, PEERS, bit};

/// A puzzle as SE reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeInput {
    /// Plain givens, 0 for an empty cell.
    Givens([u8; 81]),
    /// Candidates of each cell (bit `v − 1` for value `v`).
    Pencilmarks([u16; 81]),
}

/// What is wrong with an input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeParseError {
    /// A character that is neither a digit nor an empty-cell mark.
    #[error("column {column}: expected a digit 1-9 or '.' for an empty cell, found {found:?}")]
    BadChar {
        /// 1-based column in the text.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A pencil-mark digit in the wrong place.
    #[error("column {column}: pencil mark {found} stands where candidate {expected} belongs")]
    MisplacedMark {
        /// 1-based column.
        column: usize,
        /// The digit found.
        found: char,
        /// The digit that position stands for.
        expected: char,
    },
    /// Not 81 cells nor 729 marks nor 81 candidate lists.
    #[error("expected 81 cells, 729 pencil marks or 81 candidate lists, found {0} characters")]
    Length(usize),
}

fn empty_mark(ch: char) -> bool {
    matches!(ch, '.' | '0' | '-' | '*' | 'x' | 'X' | '_')
}

/// Parses one puzzle (see the module notes for the forms).
pub fn parse(text: &str) -> Result<SeInput, SeParseError> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() == 81 && tokens.iter().all(|t| t.chars().all(|c| c.is_ascii_digit())) {
        // Candidate lists.
        let mut cands = [0u16; 81];
        let mut column = 1;
        for (i, t) in tokens.iter().enumerate() {
            let at = text[column - 1..].find(t).map_or(column, |o| column + o);
            for (k, ch) in t.chars().enumerate() {
                let v = ch.to_digit(10).unwrap_or(0) as usize;
                if v == 0 {
                    return Err(SeParseError::BadChar { column: at + k, found: ch });
                }
                cands[i] |= bit(v);
            }
            column = at + t.len();
        }
        return Ok(SeInput::Pencilmarks(cands));
    }
    let chars: Vec<(usize, char)> = text
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, c)| (i + 1, c))
        .collect();
    match chars.len() {
        81 => {
            let mut g = [0u8; 81];
            for (i, &(column, ch)) in chars.iter().enumerate() {
                if let Some(d) = ch.to_digit(10).filter(|&d| d >= 1) {
                    g[i] = d as u8;
                } else if !empty_mark(ch) {
                    return Err(SeParseError::BadChar { column, found: ch });
                }
            }
            Ok(SeInput::Givens(g))
        }
        729 => {
            let mut cands = [0u16; 81];
            for (i, &(column, ch)) in chars.iter().enumerate() {
                let expected = char::from(b'1' + (i % 9) as u8);
                if ch.is_ascii_digit() && ch != '0' {
                    if ch != expected {
                        return Err(SeParseError::MisplacedMark { column, found: ch, expected });
                    }
                    cands[i / 9] |= bit(i % 9 + 1);
                } else if !empty_mark(ch) {
                    return Err(SeParseError::BadChar { column, found: ch });
                }
            }
            Ok(SeInput::Pencilmarks(cands))
        }
        n => Err(SeParseError::Length(n)),
    }
}

impl SeInput {
    /// The board SE starts from.
    pub(crate) fn board(&self) -> Grid {
        match self {
            SeInput::Givens(g) => super::board_from_givens(g),
            SeInput::Pencilmarks(c) => {
                let mut grid = Grid::from_parts([0; 81], *c);
                // SE's adjustment: a lone candidate no peer shares becomes a given.
                for cell in 0..81 {
                    let m = grid.cands[cell];
                    if m.single() && PEERS[cell].iter().all(|&p| grid.cands[p as usize] & m == 0) {
                        grid.values[cell] = m.trailing_zeros() as u8 + 1;
                        grid.remove(cell, m);
                    }
                }
                grid
            }
        }
    }
}

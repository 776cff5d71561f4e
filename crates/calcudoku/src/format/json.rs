//! `json`: every puzzle kind as one JSON object, for other tools to read and write.
//!
//! ```json
//! {
//!   "size": 4,
//!   "boxes": "2x2",
//!   "givens": [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
//!   "cages": [{ "op": "+", "target": 7, "cells": [[0, 1], [1, 1]] }],
//!   "distinct_cages": true
//! }
//! ```
//!
//! - `size`: N (required); `boxes`: `"HxW"` (rows × columns of a box), absent for none;
//! - `givens`: N rows of N numbers, 0 for empty (absent: none);
//! - `cages`: each with `cells` as `[row, column]` pairs counted from 0, `target`, and `op`: one
//!   of `+ - * /` (other common spellings too), or absent/null/`"?"`: no operator (a given on
//!   one cell, a hidden operator on several);
//! - `distinct_cages`: whether values in a cage must differ (Killer Sudoku); absent: true when
//!   the puzzle has both boxes and cages.
//!
//! Several puzzles are JSON Lines: one object per line ([`write_line`]), as `convert` and
//! `generate` write a batch and as detection reads one back.

use serde::{Deserialize, Serialize};

use crate::error::{ModelError, ParseError, ParseErrorKind, WriteError};
use crate::puzzle::{BoxShape, Cage, Cell, Grid, MAX_SIZE, Operator, Puzzle};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct JsonPuzzle {
    size: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    boxes: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    givens: Option<Vec<Vec<u8>>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    cages: Vec<JsonCage>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    distinct_cages: Option<bool>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonCage {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    op: Option<String>,
    target: u64,
    cells: Vec<[usize; 2]>,
}

fn whole(msg: String) -> ParseError {
    ParseError::whole(ParseErrorKind::Other(msg))
}

/// Reads a puzzle from its JSON object.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let j: JsonPuzzle = serde_json::from_str(text).map_err(|e| {
        let kind = ParseErrorKind::Other(format!(
            "invalid puzzle JSON: {}",
            strip_position(&e.to_string())
        ));
        ParseError::new(e.line(), e.column(), kind)
    })?;
    from_json(j)
}

/// The puzzle of a deserialized object, checked.
pub(crate) fn from_json(j: JsonPuzzle) -> Result<Puzzle, ParseError> {
    let n = j.size;
    if n == 0 || n > MAX_SIZE {
        return Err(ParseError::whole(ModelError::Size { size: n }.into()));
    }
    let boxes = match &j.boxes {
        None => None,
        Some(b) => {
            let shape = b
                .split_once(['x', 'X', '×'])
                .and_then(|(h, w)| {
                    Some(BoxShape { height: h.trim().parse().ok()?, width: w.trim().parse().ok()? })
                })
                .ok_or_else(|| {
                    whole(format!("\"boxes\": expected \"HxW\" such as \"3x3\", found \"{b}\""))
                })?;
            Some(shape)
        }
    };
    let givens = match &j.givens {
        None => Grid::empty(n),
        Some(rows) => {
            if rows.len() != n || rows.iter().any(|r| r.len() != n) {
                return Err(whole(format!("\"givens\": expected {n} rows of {n} numbers")));
            }
            // Checked here: a value out of range is the reader's error, not a broken promise.
            Grid::from_cells(n, rows.concat()).map_err(|e| ParseError::whole(e.into()))?
        }
    };
    let mut cages = Vec::with_capacity(j.cages.len().min(n * n));
    for (k, c) in j.cages.iter().enumerate() {
        let op = match c.op.as_deref().map(str::trim) {
            None | Some("" | "?") => None,
            Some(s) => {
                let mut chars = s.chars();
                match (chars.next().and_then(Operator::from_char), chars.next()) {
                    (Some(op), None) => Some(op),
                    _ => {
                        return Err(whole(format!(
                            "cage {k}: expected an operator (+ - * / or ?), found \"{s}\""
                        )));
                    }
                }
            }
        };
        if c.target == 0 {
            return Err(whole(format!("cage {k}: expected a positive target, found 0")));
        }
        let mut cells = Vec::with_capacity(c.cells.len().min(n * n));
        for &[r, col] in &c.cells {
            if r >= n || col >= n {
                return Err(whole(format!(
                    "cage {k}: cell [{r}, {col}] is outside the grid (rows and columns 0 to {})",
                    n - 1
                )));
            }
            cells.push(Cell::at(r, col, n));
        }
        cages.push(Cage::new(c.target, op, cells));
    }
    let distinct = j.distinct_cages.unwrap_or(boxes.is_some() && !cages.is_empty());
    Puzzle::new(n, boxes, givens, cages, distinct).map_err(|e| ParseError::whole(e.into()))
}

/// serde_json ends its messages with " at line L column C", which the error says anyway.
fn strip_position(msg: &str) -> &str {
    msg.rfind(" at line ").map_or(msg, |i| &msg[..i])
}

/// Writes a puzzle as a JSON object (pretty-printed, one cage per line).
pub fn write(puzzle: &Puzzle) -> Result<String, WriteError> {
    pretty(&to_json(puzzle))
}

/// Writes a puzzle as a JSON object on one line (for JSON Lines: one puzzle per line, the
/// way a batch is written and read back).
pub fn write_line(puzzle: &Puzzle) -> Result<String, WriteError> {
    let mut s = compact(&to_json(puzzle))?;
    s.push('\n');
    Ok(s)
}

pub(crate) fn to_json(puzzle: &Puzzle) -> JsonPuzzle {
    let n = puzzle.size();
    let givens = (!puzzle.givens().cells().iter().all(|&v| v == 0))
        .then(|| puzzle.givens().rows().map(<[u8]>::to_vec).collect());
    let cages = puzzle
        .cages()
        .iter()
        .map(|c| JsonCage {
            op: c.op.map(|o| o.symbol().to_string()),
            target: c.target,
            cells: c.cells.iter().map(|&cell| [cell.row(n), cell.col(n)]).collect(),
        })
        .collect();
    let default_distinct = puzzle.boxes().is_some() && !puzzle.cages().is_empty();
    JsonPuzzle {
        size: n,
        boxes: puzzle.boxes().map(|b| b.to_string()),
        givens,
        cages,
        distinct_cages: (puzzle.distinct_cages() != default_distinct)
            .then_some(puzzle.distinct_cages()),
    }
}

fn pretty(j: &JsonPuzzle) -> Result<String, WriteError> {
    // One field per line, one cage or givens row per line: readable and diff-friendly.
    let mut fields = vec![format!("  \"size\": {}", j.size)];
    if let Some(b) = &j.boxes {
        fields.push(format!("  \"boxes\": {}", compact(b)?));
    }
    if let Some(rows) = &j.givens {
        let rows: Vec<String> = rows.iter().map(compact).collect::<Result<_, _>>()?;
        fields.push(format!("  \"givens\": [\n    {}\n  ]", rows.join(",\n    ")));
    }
    if !j.cages.is_empty() {
        let cages: Vec<String> = j.cages.iter().map(compact).collect::<Result<_, _>>()?;
        fields.push(format!("  \"cages\": [\n    {}\n  ]", cages.join(",\n    ")));
    }
    if let Some(d) = j.distinct_cages {
        fields.push(format!("  \"distinct_cages\": {d}"));
    }
    let s = format!("{{\n{}\n}}\n", fields.join(",\n"));
    Ok(s)
}

/// Compact JSON of one value, for the line-per-item layout.
fn compact<T: Serialize>(value: &T) -> Result<String, WriteError> {
    serde_json::to_string(value).map_err(|e| WriteError::unsupported("json", e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killer_round_trip() {
        let text = r#"{"size": 4, "boxes": "2x2",
            "givens": [[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],
            "cages": [{"op": "+", "target": 7, "cells": [[0,1],[1,1]]}]}"#;
        let p = parse(text).unwrap();
        assert_eq!(p.boxes(), Some(BoxShape { height: 2, width: 2 }));
        assert!(p.distinct_cages());
        assert_eq!(p.givens().at(0, 0), 1);
        assert_eq!(p.cages()[0].cells, vec![Cell(1), Cell(5)]);
        assert_eq!(parse(&write(&p).unwrap()).unwrap(), p);
    }

    #[test]
    fn hidden_operator_and_given() {
        let p = parse(r#"{"size": 2, "cages": [{"target": 2, "cells": [[0,0]]}, {"op": "?", "target": 2, "cells": [[0,1],[1,1]]}]}"#).unwrap();
        assert_eq!(p.cages()[0].op, None);
        assert_eq!(p.cages()[1].op, None);
        assert!(!p.distinct_cages());
        assert_eq!(parse(&write(&p).unwrap()).unwrap(), p);
    }

    #[test]
    fn errors_say_where_and_what() {
        let e = parse("{\n  \"size\": 4,\n  \"cages\": [x]\n}").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.to_string().contains("invalid puzzle JSON"), "{e}");
        let e = parse(r#"{"size": 4, "cages": [{"op": "%", "target": 3, "cells": [[0,0]]}]}"#)
            .unwrap_err();
        assert!(e.to_string().contains("expected an operator"), "{e}");
        let e = parse(r#"{"size": 4, "cages": [{"op": "+", "target": 3, "cells": [[0,4]]}]}"#)
            .unwrap_err();
        assert!(e.to_string().contains("outside the grid"), "{e}");
        let e = parse(r#"{"size": 400}"#).unwrap_err();
        assert!(e.to_string().contains("not supported"), "{e}");
        let e = parse(r#"{"size": 4, "colour": "red"}"#).unwrap_err();
        assert!(e.to_string().contains("unknown field"), "{e}");
        let e = parse(r#"{"size": 4, "boxes": "3by3"}"#).unwrap_err();
        assert!(e.to_string().contains("expected \"HxW\""), "{e}");
    }
}

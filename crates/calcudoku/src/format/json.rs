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
//!   the puzzle has both regions (boxes or jigsaw) and cages.
//! - `regions` (jigsaw): N rows of N region labels (numbers, or strings of N characters);
//!   N regions of N cells each;
//! - `diagonals`: `true` for X (both main diagonals hold every value once);
//! - `extra_regions` (windoku, hyper): a list of regions, each a list of 2 to N `[row, column]`
//!   cells whose values differ;
//! - `relations`: each `{"cells": [A, B], "rel": R}` with A and B `[row, column]` cells and R
//!   one of `<` (A's value is less than B's), `>`, `consecutive` (they differ by 1),
//!   `not-consecutive`;
//! - `adjacent`: `true` for Tatham's Adjacent mode: every pair of neighbouring cells with no
//!   relation written must not be consecutive (written this way whenever it fits);
//! - `skyscrapers`: `{"top": [...], "bottom": [...], "left": [...], "right": [...]}`, N clues a
//!   side (columns left to right, rows top to bottom), 0 for none; a side left out has none.
//!
//! Several puzzles are JSON Lines: one object per line ([`write_line`]), as `convert` and
//! `generate` write a batch and as detection reads one back.

use serde::{Deserialize, Serialize};

use crate::error::{ModelError, ParseError, ParseErrorKind, WriteError};
use crate::puzzle::{
    BoxShape, Cage, Cell, Grid, LineClues, MAX_SIZE, Operator, Puzzle, Relation, RelationKind,
};

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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    regions: Option<JsonRegions>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    diagonals: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    extra_regions: Vec<Vec<[usize; 2]>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    relations: Vec<JsonRelation>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    adjacent: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    skyscrapers: Option<JsonClues>,
}

/// A jigsaw's region labels: rows of numbers, or rows of characters.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum JsonRegions {
    Numbers(Vec<Vec<u64>>),
    Letters(Vec<String>),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonRelation {
    cells: [[usize; 2]; 2],
    rel: String,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct JsonClues {
    #[serde(default)]
    top: Vec<u8>,
    #[serde(default)]
    bottom: Vec<u8>,
    #[serde(default)]
    left: Vec<u8>,
    #[serde(default)]
    right: Vec<u8>,
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

/// The `json` format's descriptor (see [`super::FormatSpec`]).
pub(crate) const SPEC: super::FormatSpec = super::FormatSpec {
    name: "json",
    summary: "any puzzle kind as one JSON object (JSON Lines for several)",
    help: "  json     Any puzzle kind as one object: size, boxes, givens, cages; regions,
           diagonals, extra_regions, relations, adjacent, skyscrapers.
             {\"size\": 4, \"boxes\": \"2x2\", \"cages\": [{\"op\": \"+\", \"target\": 7,
              \"cells\": [[0, 1], [1, 1]]}]}",
    could_be: |s| s.first.is_some_and(|t| t.starts_with('{')),
    parse,
    read_batch: None,
    detect: None,
    write: |p, layout| match layout {
        super::Layout::Line => write_line(p),
        super::Layout::Rows => write(p),
    },
    one_per_line: Some(|l| l.trim_start().starts_with('{') && l.trim_end().ends_with('}')),
    claims: |first, _| first.starts_with('{'),
    preference: 0,
    raw: false,
};

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
    let cell = |what: &str, [r, col]: [usize; 2]| {
        if r >= n || col >= n {
            return Err(whole(format!(
                "{what}: cell [{r}, {col}] is outside the grid (rows and columns 0 to {})",
                n - 1
            )));
        }
        Ok(Cell::at(r, col, n))
    };
    let regions = match &j.regions {
        None => None,
        Some(labels) => Some(region_labels(labels, n)?),
    };
    let mut extra_regions = Vec::with_capacity(j.extra_regions.len().min(n * n));
    for (k, region) in j.extra_regions.iter().enumerate() {
        let what = format!("extra region {}", k + 1);
        extra_regions.push(region.iter().map(|&rc| cell(&what, rc)).collect::<Result<_, _>>()?);
    }
    let mut relations = Vec::with_capacity(j.relations.len().min(4 * n * n));
    for (k, r) in j.relations.iter().enumerate() {
        let what = format!("relation {}", k + 1);
        let (a, b) = (cell(&what, r.cells[0])?, cell(&what, r.cells[1])?);
        relations.push(match r.rel.trim() {
            "<" => Relation::new(a, b, RelationKind::Less),
            ">" => Relation::new(b, a, RelationKind::Less),
            "consecutive" => Relation::new(a, b, RelationKind::Consecutive),
            "not-consecutive" => Relation::new(a, b, RelationKind::NotConsecutive),
            other => {
                return Err(whole(format!(
                    "{what}: expected \"rel\" to be <, >, consecutive or not-consecutive, found \"{other}\""
                )));
            }
        });
    }
    if j.adjacent {
        relations.extend(unmarked_neighbours(n, &relations));
    }
    let distinct =
        j.distinct_cages.unwrap_or((boxes.is_some() || regions.is_some()) && !cages.is_empty());
    let mut builder = Puzzle::builder(n)
        .boxes(boxes)
        .givens(givens)
        .cages(cages, distinct)
        .diagonals(j.diagonals)
        .extra_regions(extra_regions)
        .relations(relations);
    if let Some(labels) = regions {
        builder = builder.regions(labels);
    }
    if let Some(c) = j.skyscrapers {
        let side = |v: Vec<u8>| if v.is_empty() { vec![0; n] } else { v };
        let clues = LineClues {
            top: side(c.top),
            bottom: side(c.bottom),
            left: side(c.left),
            right: side(c.right),
        };
        builder = builder.line_clues(clues);
    }
    builder.build().map_err(|e| ParseError::whole(e.into()))
}

/// A jigsaw's labels, one per cell row-major, from N rows of N numbers or characters.
fn region_labels(labels: &JsonRegions, n: usize) -> Result<Vec<u8>, ParseError> {
    let shape = || whole(format!("\"regions\": expected {n} rows of {n} region labels"));
    let mut names: Vec<String> = Vec::new();
    let mut name_of = |label: String| -> Result<u8, ParseError> {
        let k = match names.iter().position(|l| *l == label) {
            Some(k) => k,
            None => {
                names.push(label);
                names.len() - 1
            }
        };
        // More than N labels: the model names the fault (too many regions).
        u8::try_from(k.min(n)).map_err(|_| shape())
    };
    let mut out = Vec::with_capacity(n * n);
    match labels {
        JsonRegions::Numbers(rows) => {
            if rows.len() != n || rows.iter().any(|r| r.len() != n) {
                return Err(shape());
            }
            for v in rows.iter().flatten() {
                out.push(name_of(v.to_string())?);
            }
        }
        JsonRegions::Letters(rows) => {
            if rows.len() != n || rows.iter().any(|r| r.chars().count() != n) {
                return Err(shape());
            }
            for ch in rows.iter().flat_map(|r| r.chars()) {
                out.push(name_of(ch.to_string())?);
            }
        }
    }
    Ok(out)
}

/// Tatham's Adjacent mode: every pair of neighbouring cells that no relation names must not
/// hold consecutive values.
pub(crate) fn unmarked_neighbours(n: usize, marked: &[Relation]) -> Vec<Relation> {
    let named =
        |a: Cell, b: Cell| marked.iter().any(|r| (r.a, r.b) == (a, b) || (r.a, r.b) == (b, a));
    let mut out = Vec::new();
    for c in 0..n * n {
        let a = Cell(c as u16);
        let right = (c % n + 1 < n).then(|| Cell(c as u16 + 1));
        let below = (c + n < n * n).then(|| Cell((c + n) as u16));
        for b in [right, below].into_iter().flatten() {
            if !named(a, b) {
                out.push(Relation::new(a, b, RelationKind::NotConsecutive));
            }
        }
    }
    out
}

/// Whether the relations are Tatham's Adjacent mode: every pair of neighbouring cells named
/// once, as consecutive or not, and nothing else.
pub(crate) fn is_adjacent_mode(n: usize, relations: &[Relation]) -> bool {
    let neighbours = |r: &Relation| {
        let (a, b) = (r.a.index().min(r.b.index()), r.a.index().max(r.b.index()));
        b == a + n || (b == a + 1 && b % n != 0)
    };
    relations.len() == 2 * n * (n - 1)
        && relations.iter().all(|r| r.kind != RelationKind::Less && neighbours(r))
        && unmarked_neighbours(n, relations).is_empty()
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
    let default_distinct = puzzle.has_regions() && !puzzle.cages().is_empty();
    let rc = |c: Cell| [c.row(n), c.col(n)];
    let adjacent = !puzzle.relations().is_empty() && is_adjacent_mode(n, puzzle.relations());
    let relations = puzzle
        .relations()
        .iter()
        .filter(|r| !(adjacent && r.kind == RelationKind::NotConsecutive))
        .map(|r| JsonRelation { cells: [rc(r.a), rc(r.b)], rel: r.kind.name().to_string() })
        .collect();
    JsonPuzzle {
        size: n,
        boxes: puzzle.boxes().map(|b| b.to_string()),
        givens,
        cages,
        distinct_cages: (puzzle.distinct_cages() != default_distinct)
            .then_some(puzzle.distinct_cages()),
        regions: puzzle.jigsaw().map(|map| {
            JsonRegions::Numbers(
                map.chunks(n).map(|r| r.iter().map(|&k| k as u64).collect()).collect(),
            )
        }),
        diagonals: puzzle.diagonals(),
        extra_regions: puzzle
            .extra_regions()
            .iter()
            .map(|r| r.iter().map(|&c| rc(c)).collect())
            .collect(),
        relations,
        adjacent,
        skyscrapers: puzzle.line_clues().map(|c| JsonClues {
            top: c.top.clone(),
            bottom: c.bottom.clone(),
            left: c.left.clone(),
            right: c.right.clone(),
        }),
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
    if let Some(JsonRegions::Numbers(rows)) = &j.regions {
        let rows: Vec<String> = rows.iter().map(compact).collect::<Result<_, _>>()?;
        fields.push(format!("  \"regions\": [\n    {}\n  ]", rows.join(",\n    ")));
    }
    if j.diagonals {
        fields.push("  \"diagonals\": true".into());
    }
    if !j.extra_regions.is_empty() {
        let regions: Vec<String> = j.extra_regions.iter().map(compact).collect::<Result<_, _>>()?;
        fields.push(format!("  \"extra_regions\": [\n    {}\n  ]", regions.join(",\n    ")));
    }
    if !j.relations.is_empty() {
        let relations: Vec<String> = j.relations.iter().map(compact).collect::<Result<_, _>>()?;
        fields.push(format!("  \"relations\": [\n    {}\n  ]", relations.join(",\n    ")));
    }
    if j.adjacent {
        fields.push("  \"adjacent\": true".into());
    }
    if let Some(c) = &j.skyscrapers {
        let sides =
            [("top", &c.top), ("bottom", &c.bottom), ("left", &c.left), ("right", &c.right)];
        let sides: Vec<String> = sides
            .iter()
            .map(|(name, v)| Ok(format!("\"{name}\": {}", compact(v)?)))
            .collect::<Result<_, WriteError>>()?;
        fields.push(format!("  \"skyscrapers\": {{\n    {}\n  }}", sides.join(",\n    ")));
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

    /// Every new kind reads, says what it is, and reads back from what is written, pretty
    /// and on one line.
    #[test]
    fn new_kinds_round_trip() {
        let cases = [
            (r#"{"size": 4, "regions": ["aabb", "acbb", "accd", "cddd"]}"#, "jigsaw"),
            (r#"{"size": 4, "boxes": "2x2", "diagonals": true}"#, "x"),
            (
                r#"{"size": 4, "boxes": "2x2", "extra_regions": [[[0,1],[0,2],[1,1],[1,2]]]}"#,
                "windoku",
            ),
            (
                r#"{"size": 3, "relations": [{"cells": [[0,0],[0,1]], "rel": "<"},
                    {"cells": [[2,2],[1,2]], "rel": ">"}]}"#,
                "futoshiki",
            ),
            (
                r#"{"size": 3, "adjacent": true, "relations": [{"cells": [[0,0],[0,1]], "rel": "consecutive"}]}"#,
                "adjacent",
            ),
            (
                r#"{"size": 4, "skyscrapers": {"top": [1,0,0,2], "right": [0,0,3,0]}}"#,
                "skyscrapers",
            ),
            (
                r#"{"size": 4, "regions": [[1,1,2,2],[1,3,2,2],[1,3,3,4],[3,4,4,4]],
                    "cages": [{"op": "+", "target": 3, "cells": [[0,0],[0,1]]}]}"#,
                "killer-jigsaw",
            ),
        ];
        for (text, kind) in cases {
            let p = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(p.kind().id(), kind, "{text}");
            assert_eq!(parse(&write(&p).unwrap()).unwrap(), p, "{}", write(&p).unwrap());
            assert_eq!(parse(&write_line(&p).unwrap()).unwrap(), p);
        }
        // Adjacent mode: every unmarked pair of neighbours is not consecutive, and is written
        // back as the mode, not pair by pair.
        let p = parse(cases[4].0).unwrap();
        assert_eq!(p.relations().len(), 12);
        let again = write(&p).unwrap();
        assert!(
            again.contains("\"adjacent\": true") && !again.contains("not-consecutive"),
            "{again}"
        );
        // `>` is kept as `<` the other way round.
        let p = parse(cases[3].0).unwrap();
        assert_eq!(p.relations()[1], Relation::new(Cell(5), Cell(8), RelationKind::Less));
    }

    #[test]
    fn new_kinds_errors() {
        let e = parse(r#"{"size": 4, "regions": ["aabb", "abbb", "accd", "cddd"]}"#).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the regions do not tile the grid: region 2 has 5 cells, expected 4"
        );
        let e = parse(r#"{"size": 4, "regions": ["aabb", "abbb"]}"#).unwrap_err();
        assert!(e.to_string().contains("expected 4 rows of 4 region labels"), "{e}");
        let e = parse(r#"{"size": 4, "regions": ["aabb", "abbb", "accd", "ccde"]}"#).unwrap_err();
        assert!(e.to_string().contains("regions do not tile the grid"), "{e}");
        let e = parse(r#"{"size": 3, "relations": [{"cells": [[0,0],[0,1]], "rel": "<="}]}"#)
            .unwrap_err();
        assert!(e.to_string().contains("relation 1: expected \"rel\""), "{e}");
        let e = parse(r#"{"size": 3, "relations": [{"cells": [[0,0],[0,3]], "rel": "<"}]}"#)
            .unwrap_err();
        assert!(e.to_string().contains("relation 1: cell [0, 3] is outside"), "{e}");
        let e = parse(r#"{"size": 3, "relations": [{"cells": [[1,1],[1,1]], "rel": "<"}]}"#)
            .unwrap_err();
        assert!(e.to_string().contains("relates cell 4 to itself"), "{e}");
        let e = parse(r#"{"size": 3, "skyscrapers": {"top": [1, 2]}}"#).unwrap_err();
        assert_eq!(e.to_string(), "2 top clues, expected 3 (0 for none)");
        let e = parse(r#"{"size": 3, "skyscrapers": {"left": [1, 4, 0]}}"#).unwrap_err();
        assert_eq!(e.to_string(), "the left clue 2 is 4, expected 0 (none) to 3");
        let e = parse(r#"{"size": 3, "extra_regions": [[[0,0]]]}"#).unwrap_err();
        assert_eq!(e.to_string(), "extra region 1 has 1 cell, expected 2 to 3");
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

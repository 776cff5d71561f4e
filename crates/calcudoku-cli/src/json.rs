//! `--json`: JSON Lines, one object per puzzle (or per step), each naming its file and line.

use calcudoku::Grid;
use calcudoku::logic::{Board, Placement};
pub use serde_json::{Map, Value};

use crate::answer::Place;

/// An object that starts with the puzzle's file and line.
pub fn object(place: &Place) -> Map<String, Value> {
    let mut o = Map::new();
    o.insert("file".into(), place.name.into());
    o.insert("line".into(), place.line.into());
    o
}

/// An object as one line of text.
pub fn line(o: Map<String, Value>) -> String {
    let mut s = Value::Object(o).to_string();
    s.push('\n');
    s
}

/// The error object of a puzzle that could not be read or answered.
pub fn error(place: &Place, message: &str) -> String {
    let mut o = object(place);
    o.insert("status".into(), "error".into());
    o.insert("error".into(), message.into());
    line(o)
}

/// A grid as rows of numbers (0 for an empty cell).
pub fn grid(g: &Grid) -> Value {
    Value::Array(g.rows().map(|r| r.iter().map(|&v| Value::from(v)).collect()).collect())
}

/// Placements as `{"row", "col", "value"}` objects counted from 1.
pub fn placements(board: &Board, list: &[Placement]) -> Value {
    list.iter()
        .map(|p| {
            let mut o = Map::new();
            o.insert("row".into(), (board.row(p.cell) + 1).into());
            o.insert("col".into(), (board.col(p.cell) + 1).into());
            o.insert("value".into(), p.value.into());
            Value::Object(o)
        })
        .collect()
}

//! `--json`: JSON Lines, one object per puzzle (or per step), each naming its file and line.

pub use serde_json::{Map, Value};

use crate::place::Place;

/// An object that starts with the puzzle's file and line.
pub fn object(place: &Place) -> Map<String, Value> {
    let mut o = Map::new();
    o.insert("file".into(), place.name.into());
    o.insert("line".into(), place.line.into());
    o
}

/// A result of the library's (see `calcudoku::results`) after the puzzle's file and line, and
/// `extra` fields (a step's number), as one line.
pub fn result<T: serde::Serialize>(place: &Place, extra: &[(&str, Value)], value: &T) -> String {
    let mut o = object(place);
    for (k, v) in extra {
        o.insert((*k).into(), v.clone());
    }
    match serde_json::to_value(value) {
        Ok(Value::Object(fields)) => o.extend(fields),
        // The results are structs and tagged enums: objects. Anything else goes under "result".
        Ok(other) => {
            o.insert("result".into(), other);
        }
        Err(e) => {
            o.insert("status".into(), "error".into());
            o.insert("error".into(), e.to_string().into());
        }
    }
    line(o)
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

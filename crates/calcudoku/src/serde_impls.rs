//! `Serialize` and `Deserialize` for [`Puzzle`] and [`Grid`] (feature `serde`).
//!
//! A puzzle is the object of the `json` format (`size`, `boxes`, `givens`, `cages`,
//! `distinct_cages`), and reading one checks it as the format does: a deserialized puzzle is
//! always a consistent one. A grid is its rows of numbers, 0 for an empty cell.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::format::json::{JsonPuzzle, from_json, to_json};
use crate::puzzle::{Grid, Puzzle};

impl Serialize for Puzzle {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        to_json(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Puzzle {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Puzzle, D::Error> {
        from_json(JsonPuzzle::deserialize(deserializer)?).map_err(D::Error::custom)
    }
}

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.rows())
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Grid, D::Error> {
        let rows = Vec::<Vec<u8>>::deserialize(deserializer)?;
        let n = rows.len();
        if let Some(r) = rows.iter().position(|r| r.len() != n) {
            return Err(D::Error::custom(format!(
                "row {} has {} values, expected {n} (a grid is square)",
                r + 1,
                rows[r].len()
            )));
        }
        Grid::from_cells(n, rows.concat()).map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use crate::format;
    use crate::puzzle::{Grid, Puzzle};

    #[test]
    fn round_trips_and_checks() {
        let p = format::parse("0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3+\n", None).unwrap();
        let text = serde_json::to_string(&p).unwrap();
        assert!(text.starts_with("{\"size\":3,"), "{text}");
        assert_eq!(serde_json::from_str::<Puzzle>(&text).unwrap(), p);
        let grid = crate::solve::solve(&p).unwrap();
        let rows = serde_json::to_string(&grid).unwrap();
        assert_eq!(serde_json::from_str::<Grid>(&rows).unwrap(), grid);
        // What the format refuses, deserializing refuses too.
        let bad = r#"{"size": 2, "cages": [{"op": "+", "target": 3, "cells": [[0,0],[0,5]]}]}"#;
        let e = serde_json::from_str::<Puzzle>(bad).unwrap_err().to_string();
        assert!(e.contains("outside the grid"), "{e}");
        assert!(serde_json::from_str::<Grid>("[[1,2],[3]]").is_err());
        assert!(serde_json::from_str::<Grid>("[[1,2],[3,1]]").is_err());
    }
}

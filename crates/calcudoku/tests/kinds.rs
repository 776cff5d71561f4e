//! Every puzzle kind beyond plain KenKen: Sudoku of sizes 4 to 16 in both forms, and Killer
//! Sudoku — each solved to a valid, unique grid; the two forms of a Sudoku agree.

use std::path::PathBuf;

use calcudoku::format::{self, Format, Layout};
use calcudoku::solve::Solver;

fn repo(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn sudoku_of_every_size_in_both_forms() {
    for n in [4, 6, 8, 12, 16, 25] {
        let rows = repo(&format!("tests/data/sudoku/sudoku-{n}x{n}.rows.txt"));
        let line = repo(&format!("tests/data/sudoku/sudoku-{n}x{n}.line.txt"));
        let doc_rows = format::read(&rows, None).unwrap();
        let doc_line = format::read(&line, None).unwrap();
        assert_eq!((doc_rows.format, doc_rows.layout), (Format::SUDOKU, Layout::Rows), "{n}x{n}");
        assert_eq!((doc_line.format, doc_line.layout), (Format::SUDOKU, Layout::Line), "{n}x{n}");
        let p = doc_rows.entries[0].puzzle.clone().unwrap();
        assert_eq!(&p, doc_line.entries[0].puzzle.as_ref().unwrap(), "{n}x{n}: forms disagree");
        assert_eq!(p.size(), n);
        let report = Solver::new(&p).solve().unwrap();
        assert!(report.is_unique(), "{n}x{n}");
        let grid = report.grid.unwrap();
        assert!(p.is_solution(&grid), "{n}x{n}");
        // Line in, line out: values above 9 as letters.
        let written = format::write_solution(&grid, Layout::Line);
        assert_eq!(written.trim_end().len(), n * n);
        if n > 9 {
            assert!(written.contains('A'), "{n}x{n} line output uses letters: {written}");
        }
    }
}

#[test]
fn killer_sudoku_example_is_unique_and_respects_distinct_cages() {
    let p = format::parse(&repo("examples/killer-9x9.ops.txt"), None).unwrap();
    assert!(p.distinct_cages() && p.boxes().is_some());
    let report = Solver::new(&p).solve().unwrap();
    assert!(report.is_unique());
    let grid = report.grid.unwrap();
    assert!(p.is_solution(&grid));
    assert_eq!(grid.to_string(), repo("tests/fixtures/seeds/sudoku-9x9.out"));
    // The same puzzle through JSON gives the same answer.
    let json = format::write_puzzle(&p, Format::JSON, Layout::Rows).unwrap();
    assert_eq!(format::parse(&json, None).unwrap(), p);
}

#[test]
fn killer_cages_must_hold_distinct_values() {
    // A 4x4 with 2x2 boxes and a two-cell sum cage of 4 across two boxes: as a KenKen cage
    // (values may repeat across boxes) 2+2 would do; Killer rules forbid it, leaving 1+3.
    let killer = r#"{"size": 4, "boxes": "2x2", "cages": [{"op": "+", "target": 4, "cells": [[1,1],[2,2]]}]}"#;
    let kenken = r#"{"size": 4, "boxes": "2x2", "distinct_cages": false, "cages": [{"op": "+", "target": 4, "cells": [[1,1],[2,2]]}]}"#;
    let count =
        |t: &str| Solver::new(&format::parse(t, None).unwrap()).count(10_000).unwrap().solutions;
    let (k, plain) = (count(killer), count(kenken));
    assert!(k < plain, "distinct cages must rule out 2+2: {k} vs {plain}");
    let p = format::parse(killer, None).unwrap();
    let grid = Solver::new(&p).solve().unwrap().grid.unwrap();
    assert_ne!(grid.at(1, 1), grid.at(2, 2));
}

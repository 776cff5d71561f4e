//! Every Keen game ID of the corpus (`kenken/*/NNN.keen`, the in-repository sample and the
//! shared full set) reads as the same puzzle as the `ops` file beside it (`NNN.in`), and writes
//! back to the identical ID.

mod common;

use std::fs;
use std::path::PathBuf;

use calcudoku::format::keen;
use calcudoku::{Cage, Cell, Operator, Puzzle};

/// A small reader for the `ops` format, for this test only: N rows of N cage ids, then one line
/// of labels (`80*`, `5-`, `2/`, `11+`, a bare number for a given); label k is cage id k.
fn parse_ops(text: &str) -> Result<Puzzle, String> {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let (labels, rows) = lines.split_last().ok_or("empty .in file")?;
    let n = rows.len();
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let ids: Vec<usize> = row
            .split_whitespace()
            .map(|t| t.parse().map_err(|e| format!("{t}: {e}")))
            .collect::<Result<_, _>>()?;
        if ids.len() != n {
            return Err(format!("row {r} has {} ids, expected {n}", ids.len()));
        }
        for (c, &id) in ids.iter().enumerate() {
            if id >= cells.len() {
                cells.resize(id + 1, Vec::new());
            }
            cells[id].push(Cell::at(r, c, n));
        }
    }
    let labels: Vec<&str> = labels.split_whitespace().collect();
    if labels.len() != cells.len() {
        return Err(format!("{} labels for {} cages", labels.len(), cells.len()));
    }
    let cages = cells
        .into_iter()
        .zip(labels)
        .map(|(cells, label)| {
            let (digits, op) = match label.chars().last().and_then(Operator::from_char) {
                Some(op) => (&label[..label.len() - 1], Some(op)),
                None => (label, None),
            };
            let target = digits.parse().map_err(|e| format!("label {label}: {e}"))?;
            Ok(Cage::new(target, op, cells))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Puzzle::kenken(n, cages).map_err(|e| e.to_string())
}

#[test]
fn corpus_ids_match_their_ops_files_and_round_trip() {
    for corpus in common::corpora("kenken") {
        check_corpus(&corpus);
    }
}

fn check_corpus(corpus: &common::Corpus) {
    let dir = &corpus.root;
    let mut files: Vec<PathBuf> = common::kenken_sets(dir)
        .iter()
        .flat_map(|set| common::kenken_files(set))
        .map(|p| p.with_extension("keen"))
        .collect();
    files.sort();

    let mut failures = Vec::new();
    for path in &files {
        let id = fs::read_to_string(path).unwrap();
        let ops = fs::read_to_string(path.with_extension("in")).unwrap();
        let expected = match parse_ops(&ops) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{}: bad .in: {e}", path.display()));
                continue;
            }
        };
        let puzzle = match keen::parse(&id) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        if puzzle != expected {
            failures.push(format!("{}: differs from its .in", path.display()));
            continue;
        }
        match keen::write(&puzzle) {
            Ok(back) if back == id.trim() => {}
            Ok(back) => {
                failures.push(format!("{}: wrote {back}, expected {}", path.display(), id.trim()))
            }
            Err(e) => failures.push(format!("{}: write failed: {e}", path.display())),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    eprintln!("{} Keen IDs parsed and round-tripped", files.len());
    let least = if corpus.name == "sample" { 98 } else { 490 };
    assert!(files.len() >= least, "only {} .keen files in {}", files.len(), dir.display());
}

//! Every Solo game ID of the corpus (`tatham/solo.tsv`: the in-repository sample and the shared
//! set) reads as a puzzle whose one solution is the one Solo's solver gives, and writes back to
//! the identical ID.

mod common;

use calcudoku::Grid;
use calcudoku::format::solo;
use calcudoku::solve::Solver;

/// The rows of a `solo.tsv`: spec, ID, level, solution.
pub fn rows(root: &std::path::Path) -> Vec<[String; 4]> {
    let text = std::fs::read_to_string(root.join("solo.tsv")).unwrap();
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "{l}");
            [f[0], f[1], f[2], f[3]].map(str::to_string)
        })
        .collect()
}

fn grid(rows: &str) -> Grid {
    let cells: Vec<u8> = rows.split(['/', ' ']).map(|v| v.parse().unwrap()).collect();
    let n = (cells.len() as f64).sqrt() as usize;
    Grid::from_cells(n, cells).unwrap()
}

#[test]
fn corpus_ids_read_solve_and_round_trip() {
    for corpus in common::corpora("tatham") {
        let rows = rows(&corpus.root);
        assert!(rows.len() >= 56, "{}: {} rows", corpus.name, rows.len());
        for [spec, id, _, solution] in &rows {
            let p = solo::parse(id).unwrap_or_else(|e| panic!("{spec} {id}: {e}"));
            // Written without the level and symmetry some IDs carry (`3x3db:`).
            let written = solo::write(&p).unwrap();
            assert_eq!(written.split_once(':').unwrap().1, id.split_once(':').unwrap().1);
            assert!(id.starts_with(written.split(':').next().unwrap()), "{written} {id}");
            assert_eq!(solo::parse(&written).unwrap(), p);
            let kind = p.kind();
            assert_eq!(kind.jigsaw, spec.contains('j'), "{id}");
            assert_eq!(kind.diagonals, spec.split('d').next().unwrap().ends_with('x'), "{id}");
            let report = Solver::new(&p).solve().unwrap();
            assert!(report.is_unique(), "{id}");
            assert_eq!(report.grid.unwrap(), grid(solution), "{id}");
        }
    }
}

/// Every ID's level on Solo's scale is the one Solo's own solver gives it.
#[test]
fn corpus_levels_are_solos() {
    for corpus in common::corpora("tatham") {
        let mut wrong = Vec::new();
        let rows = rows(&corpus.root);
        for [_, id, level, _] in &rows {
            let p = solo::parse(id).unwrap();
            let got = calcudoku::logic::solo_grade(&p, None).unwrap().level;
            if got.name() != level.to_lowercase() {
                wrong.push(format!("{id}: {got}, Solo says {level}"));
            }
        }
        assert!(
            wrong.is_empty(),
            "{}: {} of {}:\n{}",
            corpus.name,
            wrong.len(),
            rows.len(),
            wrong.join("\n")
        );
    }
}

//! The shared puzzle corpus: every KenKen solves to its `.out` and is unique, every Norvig
//! Sudoku gets a valid unique solution.
//!
//! The corpus lives beside the repository (`../shared/data`). Where it is absent the tests say
//! so and pass, except under CI (`CI=true`), where a missing corpus is a failure.

use std::path::PathBuf;

use calcudoku::format;
use calcudoku::solve::Solver;

fn shared(path: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data").join(path);
    if p.exists() {
        return Some(p);
    }
    assert!(std::env::var("CI").is_err(), "corpus {} missing under CI", p.display());
    eprintln!("skipping: {} not found", p.display());
    None
}

#[test]
fn every_kenken_solves_to_its_answer_and_is_unique() {
    let Some(root) = shared("kenken") else { return };
    let mut dirs: Vec<_> = std::fs::read_dir(&root).unwrap().map(|e| e.unwrap().path()).collect();
    dirs.retain(|d| d.is_dir());
    dirs.sort();
    let mut solved = 0;
    for dir in dirs {
        let mut files: Vec<_> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.retain(|f| f.extension().is_some_and(|e| e == "in"));
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            let expected = std::fs::read_to_string(f.with_extension("out")).unwrap();
            let puzzle =
                format::parse(&text, None).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let report = Solver::new(&puzzle).solve().unwrap();
            assert!(report.is_unique(), "{}: {:?}", f.display(), report.count);
            let grid = report.grid.unwrap();
            assert!(puzzle.is_solution(&grid));
            assert_eq!(grid.to_string(), expected, "{}", f.display());
            solved += 1;
        }
    }
    assert!(solved >= 490, "only {solved} KenKen puzzles found");
}

#[test]
fn every_norvig_sudoku_has_a_valid_unique_solution() {
    for set in ["sudoku/norvig-top95.txt", "sudoku/norvig-hardest.txt"] {
        let Some(path) = shared(set) else { return };
        let text = std::fs::read_to_string(&path).unwrap();
        let doc = format::read(&text, None).unwrap();
        assert_eq!(doc.format, format::Format::Sudoku);
        assert_eq!(doc.entries.len(), text.lines().filter(|l| !l.trim().is_empty()).count());
        for entry in doc.entries {
            let puzzle = entry.puzzle.unwrap();
            let report = Solver::new(&puzzle).solve().unwrap();
            assert!(report.is_unique(), "{set} line {}", entry.line);
            assert!(puzzle.is_solution(report.grid.as_ref().unwrap()));
        }
    }
}

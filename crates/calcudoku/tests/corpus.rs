//! The puzzle corpora: every KenKen solves to its `.out` and is unique, every Norvig Sudoku
//! gets a valid unique solution — on the in-repository sample always, and on the shared full
//! sets beside the repository when present (required under CI).

mod common;

use calcudoku::format;
use calcudoku::solve::Solver;

#[test]
fn every_kenken_solves_to_its_answer_and_is_unique() {
    for corpus in common::corpora("kenken") {
        let mut solved = 0;
        for dir in common::kenken_sets(&corpus.root) {
            for f in common::kenken_files(&dir) {
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
        let least = if corpus.name == "sample" { 98 } else { 490 };
        assert!(solved >= least, "only {solved} KenKen puzzles in the {} corpus", corpus.name);
    }
}

#[test]
fn every_norvig_sudoku_has_a_valid_unique_solution() {
    for path in common::corpora("sudoku")
        .iter()
        .flat_map(|c| ["norvig-top95.txt", "norvig-hardest.txt"].map(|f| c.root.join(f)))
    {
        let set = path.display();
        let text = std::fs::read_to_string(&path).unwrap();
        let doc = format::read(&text, None).unwrap();
        assert_eq!(doc.format, format::Format::SUDOKU);
        assert_eq!(doc.entries.len(), text.lines().filter(|l| !l.trim().is_empty()).count());
        for entry in doc.entries {
            let puzzle = entry.puzzle.unwrap();
            let report = Solver::new(&puzzle).solve().unwrap();
            assert!(report.is_unique(), "{set} line {}", entry.line);
            assert!(puzzle.is_solution(report.grid.as_ref().unwrap()));
        }
    }
}

//! The Killer Sudokus kept in `bench/killer-9x9/` (see its README): each solves to its `.out`,
//! uniquely, and that grid keeps every rule of the puzzle (cage sums, distinct values in a
//! cage, rows, columns and boxes), also by the independent checker.

use std::path::PathBuf;

use calcudoku::format;
use calcudoku::solve::Solver;
use calcudoku::validate;

#[test]
fn every_kept_killer_solves_to_its_answer_and_is_unique() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../bench/killer-9x9");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 30, "{}", dir.display());
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let puzzle = format::parse(&text, None).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert!(puzzle.distinct_cages() && puzzle.boxes().is_some(), "{}: a Killer", f.display());
        let report = Solver::new(&puzzle).solve().unwrap();
        assert!(report.is_unique(), "{}: {:?}", f.display(), report.count);
        let grid = report.grid.unwrap();
        assert_eq!(validate::check_solution(&puzzle, &grid), Ok(()), "{}", f.display());
        let expected = std::fs::read_to_string(f.with_extension("out")).unwrap();
        assert_eq!(grid.to_string(), expected, "{}", f.display());
    }
}

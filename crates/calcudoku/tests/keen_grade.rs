//! `logic::grade` gives every KenKen of the corpus the level of its folder — Keen's own grade
//! (`NxN-level[-multonly]/NNN.in`): on the in-repository sample always, on the shared full
//! corpus when present (required under CI). The figure to keep is 100%.

mod common;

use calcudoku::{format, logic};

#[test]
fn every_corpus_kenken_grades_at_its_keen_level() {
    for corpus in common::corpora("kenken") {
        let mut wrong = Vec::new();
        let mut total = 0;
        for set in common::kenken_sets(&corpus.root) {
            let name = set.file_name().unwrap().to_string_lossy().to_string();
            let want = name.split('-').nth(1).expect("NxN-level folder name").to_string();
            for f in common::kenken_files(&set) {
                let puzzle = format::parse(&std::fs::read_to_string(&f).unwrap(), None).unwrap();
                let grade = logic::grade(&puzzle, None).unwrap();
                assert!(grade.solved, "{}", f.display());
                if grade.level_name != want {
                    wrong.push(format!("{}: {} (want {want})", f.display(), grade.level_name));
                }
                total += 1;
            }
        }
        let least = if corpus.name == "sample" { 98 } else { 490 };
        assert!(total >= least, "only {total} puzzles in the {} corpus", corpus.name);
        assert!(
            wrong.is_empty(),
            "{} of {total} off their level:\n{}",
            wrong.len(),
            wrong.join("\n")
        );
    }
}

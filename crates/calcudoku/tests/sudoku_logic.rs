//! The Sudoku and Killer ladder: every step is sound (checked against the solution), paths
//! that end solved end at the solution, and the levels mean something on the public sets —
//! every `forum-hardest-1905-11plus` puzzle rates in the top two levels, and the median rating
//! of `17-clue` is below that of `magictour-top1465`. On the in-repository samples always, on
//! the shared full sets with `CALCUDOKU_FULL=1`.

mod common;

use calcudoku::logic::{self, Board, End, Ladder, SUDOKU_LEVELS};
use calcudoku::{Grid, Puzzle, format, solve};
use proptest::prelude::*;

/// Explains `puzzle` one step at a time and checks every step against `solution`.
fn explain_soundly(puzzle: &Puzzle, solution: &Grid) -> logic::Explanation {
    let board = Board::new(puzzle).unwrap();
    let ladder = Ladder::for_board(&board);
    let e = logic::explain(board.clone(), &ladder, None).unwrap();
    let mut replay = board;
    for (step, text) in &e.steps {
        for p in &step.step.placements {
            assert_eq!(solution.get(p.cell), p.value, "{text}");
        }
        for x in &step.step.eliminations {
            assert_ne!(solution.get(x.cell), x.value, "{text}");
        }
        step.step.apply(&mut replay).unwrap();
    }
    if e.end == End::Solved {
        assert_eq!(&e.board.to_grid(), solution);
    }
    e
}

fn lines(root: &std::path::Path, set: &str, take: usize) -> Vec<String> {
    let text = std::fs::read_to_string(root.join(set)).unwrap();
    text.lines().filter(|l| l.len() >= 81).take(take).map(str::to_string).collect()
}

fn full() -> bool {
    std::env::var_os("CALCUDOKU_FULL").is_some()
}

#[test]
fn every_step_on_the_public_samples_is_sound() {
    let root = &common::corpora("sudoku")[0].root;
    for set in ["17-clue.txt", "magictour-top1465.txt", "forum-hardest-1905-11plus.txt"] {
        for line in lines(root, set, 12) {
            let puzzle = format::parse(&line, None).unwrap();
            let solution = solve::solve(&puzzle).unwrap();
            let e = explain_soundly(&puzzle, &solution);
            assert_eq!(e.end, End::Solved, "{set}: {line}");
        }
    }
}

fn median(mut xs: Vec<f32>) -> f32 {
    xs.sort_by(f32::total_cmp);
    xs[xs.len() / 2]
}

#[test]
fn levels_order_the_public_sets() {
    for corpus in common::corpora("sudoku") {
        if corpus.name == "shared" && !full() {
            continue;
        }
        let take = if corpus.name == "sample" { 40 } else { usize::MAX };
        let grade = |set: &str| -> Vec<logic::Grade> {
            lines(&corpus.root, set, take)
                .iter()
                .map(|l| logic::grade(&format::parse(l, None).unwrap(), None).unwrap())
                .collect()
        };
        let hardest = grade("forum-hardest-1905-11plus.txt");
        let top_two = SUDOKU_LEVELS.len() - 2;
        for (i, g) in hardest.iter().enumerate() {
            assert!(g.level as usize >= top_two, "11plus puzzle {} graded {}", i + 1, g.level_name);
        }
        let easy = median(grade("17-clue.txt").iter().map(|g| g.rating).collect());
        let hard = median(grade("magictour-top1465.txt").iter().map(|g| g.rating).collect());
        assert!(easy < hard, "median ratings: 17-clue {easy}, top1465 {hard}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_sudokus_are_explained_soundly(
        size in prop::sample::select(vec![4usize, 6, 9]),
        seed in any::<u64>(),
        keep_pct in 30usize..60,
    ) {
        let keep = size * size * keep_pct / 100;
        let (puzzle, solution) = calcudoku_testkit::random_sudoku(size, seed, keep).unwrap();
        explain_soundly(&puzzle, &solution);
    }

    #[test]
    fn random_killers_are_explained_soundly(
        size in prop::sample::select(vec![4usize, 6, 9]),
        seed in any::<u64>(),
        max_cage in 2usize..8,
    ) {
        let (puzzle, solution) = calcudoku_testkit::random_killer(size, seed, max_cage).unwrap();
        explain_soundly(&puzzle, &solution);
    }
}

#[test]
fn a_sixteen_by_sixteen_sudoku_is_explained_soundly() {
    let (puzzle, solution) = calcudoku_testkit::random_sudoku(16, 7, 150).unwrap();
    let e = explain_soundly(&puzzle, &solution);
    assert!(!e.steps.is_empty());
}

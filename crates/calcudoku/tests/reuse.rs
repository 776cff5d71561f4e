//! The solver keeps the vectors of a dropped model and engine for the next puzzle on the same
//! thread. Nothing may carry over: a mix of puzzles (every size of KenKen up to 16×16, with one
//! solution, several or none, Sudoku and Killer Sudoku between them) solved one after another
//! on one thread gives exactly what each gives on a thread of its own, search counters
//! included; and a solver kept alive while others come and go answers the same again.

use calcudoku::puzzle::Puzzle;
use calcudoku::solve::{Report, Solver};
use calcudoku_testkit::{CageSettings, random_cages, random_kenken, random_killer, random_sudoku};

fn puzzles() -> Vec<Puzzle> {
    let mut out = Vec::new();
    for i in 0..60u64 {
        let n = [3, 8, 16, 5, 9, 12, 4, 10, 6, 14, 7, 11][i as usize % 12];
        let p = match i % 5 {
            0 | 1 => random_kenken(n, i, &[]).0,
            2 => random_cages(n.min(6), i, CageSettings { max_cells: 4, hidden_percent: 30 }).0,
            3 => random_sudoku([4, 9, 6][i as usize % 3], i, 20).unwrap().0,
            _ => random_killer([4, 9][i as usize % 2], i, 5).unwrap().0,
        };
        out.push(p);
    }
    out
}

fn solve(p: &Puzzle) -> Report {
    Solver::new(p).solve().expect("no deadline")
}

#[test]
fn buffers_left_by_one_puzzle_change_nothing_for_the_next() {
    let puzzles = puzzles();
    let alone: Vec<Report> = puzzles
        .iter()
        .map(|p| {
            let p = p.clone();
            std::thread::spawn(move || solve(&p)).join().unwrap()
        })
        .collect();
    let in_turn: Vec<Report> = puzzles.iter().map(solve).collect();
    for (i, (a, b)) in alone.iter().zip(&in_turn).enumerate() {
        assert_eq!(a, b, "puzzle {i}");
    }
    // A solver alive across the others, searched before and after them.
    let kept = Solver::new(&puzzles[2]);
    let before = kept.solve().unwrap();
    let again: Vec<Report> = puzzles.iter().rev().map(solve).collect();
    assert_eq!(kept.solve().unwrap(), before);
    assert_eq!(before, alone[2]);
    for (i, r) in again.iter().rev().enumerate() {
        assert_eq!(*r, alone[i], "puzzle {i}, second pass");
    }
    // Every kind of answer was met.
    let several = alone.iter().filter(|r| r.count.solutions > 1).count();
    let unique = alone.iter().filter(|r| r.is_unique()).count();
    assert!(several > 3 && unique > 3, "{several} {unique}");
}

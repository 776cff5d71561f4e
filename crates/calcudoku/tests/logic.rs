//! The logic engine on small puzzles kept here: paths end at the solution, steps are sound,
//! hints on a player's grid name wrong cells.

use calcudoku::logic::{self, Board, End, Hint, Ladder, Technique};
use calcudoku::{Cell, Grid, format, solve};

const KENKEN_4_EASY: &str = "0 0 0 1\n2 3 4 1\n2 3 4 4\n2 3 5 5\n6* 1- 12* 9+ 4* 5+\n";
const SUDOKU: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";

fn explain_checked(text: &str) -> logic::Explanation {
    let puzzle = format::parse(text, None).unwrap();
    let solution = solve::solve(&puzzle).unwrap();
    let board = Board::new(&puzzle).unwrap();
    let ladder = Ladder::for_board(&board);
    let explanation = logic::explain(board.clone(), &ladder, None).unwrap();
    // Replay: no step removes or misplaces a value of the solution.
    let mut replay = board;
    for (step, text) in &explanation.steps {
        assert!(!text.is_empty());
        for p in &step.step.placements {
            assert_eq!(solution.get(p.cell), p.value, "{text}");
        }
        for e in &step.step.eliminations {
            assert_ne!(solution.get(e.cell), e.value, "{text}");
        }
        step.step.apply(&mut replay).unwrap();
        assert!(replay.admits(&solution));
    }
    assert_eq!(explanation.end, End::Solved);
    assert_eq!(explanation.board.to_grid(), solution);
    explanation
}

#[test]
fn easy_kenken_is_solved_by_easy_steps() {
    let e = explain_checked(KENKEN_4_EASY);
    assert!(e.steps.iter().all(|(s, _)| s.level == 0));
    let grade = logic::grade(&format::parse(KENKEN_4_EASY, None).unwrap(), None).unwrap();
    assert_eq!(grade.level_name, "easy");
    assert!(grade.solved);
}

#[test]
fn easy_sudoku_is_solved_by_singles() {
    let e = explain_checked(SUDOKU);
    assert!(e.steps.iter().all(|(s, _)| matches!(
        s.step.technique,
        Technique::NakedSingle | Technique::HiddenSingle(_)
    )));
    let first = &e.steps[0].1;
    assert!(first.starts_with("In box") || first.starts_with("Only"), "{first}");
}

#[test]
fn hint_names_a_wrong_cell_of_the_players_grid() {
    let puzzle = format::parse(KENKEN_4_EASY, None).unwrap();
    let mut grid = Grid::empty(4);
    grid.set(Cell(0), 2); // right
    grid.set(Cell(5), 3); // wrong: the solution has 4 at r2c2
    match logic::hint(&puzzle, Some(&grid), None).unwrap() {
        Hint::Wrong(cells) => assert_eq!(cells, vec![Cell(5)]),
        other => panic!("expected a wrong cell, got {other:?}"),
    }
    grid.set(Cell(5), 4);
    match logic::hint(&puzzle, Some(&grid), None).unwrap() {
        Hint::Step { step, text } => {
            assert!(step.step.makes_progress(&Board::with_grid(&puzzle, &grid).unwrap()));
            assert!(!text.is_empty());
        }
        other => panic!("expected a step, got {other:?}"),
    }
}

#[test]
fn grade_refuses_puzzles_without_one_solution() {
    // Two cages that any Latin square of order 2 meets: two solutions.
    let several = format::parse("0 0\n1 1\n3+ 3+\n", None).unwrap();
    assert_eq!(logic::grade(&several, None), Err(logic::LogicError::NotUnique));
    let none = format::parse("0 0\n1 1\n5+ 3+\n", None).unwrap();
    assert_eq!(logic::grade(&none, None), Err(logic::LogicError::NoSolution));
}

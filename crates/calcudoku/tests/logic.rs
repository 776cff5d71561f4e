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

#[test]
fn grade_says_not_unique_before_grinding() {
    // Empty Sudokus and a Killer whose cages are its rows have a great many solutions: the
    // path stops before trial (which would refute candidates one search at a time) with the
    // answer, well within a deadline it used to pass by minutes (112 s for the 25×25).
    let mut killer = String::from("boxes 3x3\n");
    for r in 0..9 {
        killer.push_str(&vec![r.to_string(); 9].join(" "));
        killer.push('\n');
    }
    killer.push_str(&["45+"; 9].join(" "));
    for text in [".".repeat(256), ".".repeat(625), killer] {
        let puzzle = format::parse(&text, None).unwrap();
        let deadline = Some(std::time::Instant::now() + std::time::Duration::from_secs(10));
        assert_eq!(logic::grade(&puzzle, deadline), Err(logic::LogicError::NotUnique));
    }
}

#[test]
fn a_deadline_stops_the_finders() {
    // A deadline already past: each finder stops at its first look at the clock, and the
    // step, the path and the grade all say so, on a puzzle whose first step needs no
    // trial as on one whose does.
    let past = Some(std::time::Instant::now());
    for text in [SUDOKU, KENKEN_4_EASY] {
        let puzzle = format::parse(text, None).unwrap();
        let board = Board::new(&puzzle).unwrap();
        let ladder = Ladder::for_board(&board);
        assert_eq!(logic::next_step_by(&board, &ladder, past), Err(logic::LogicError::Timeout));
        assert_eq!(logic::grade(&puzzle, past), Err(logic::LogicError::Timeout));
        assert!(matches!(logic::hint(&puzzle, None, past), Err(logic::LogicError::Timeout)));
        // Without one, the same calls answer.
        assert!(logic::next_step_by(&board, &ladder, None).unwrap().is_some());
    }
    // A trial finder with the time up finds nothing and says it stopped.
    let puzzle = format::parse(&".".repeat(81), None).unwrap();
    let board = Board::new(&puzzle).unwrap();
    let mut found = logic::Found::all().with_deadline(past);
    logic::Rule::TRIAL.find(&board, &mut found);
    assert!(found.timed_out() && found.is_empty());
}

#[test]
fn pencil_marks_leave_out_what_a_cell_sees() {
    // Killer 4×4: cage 0 is r1c1 r1c2 r2c1 (its values differ).
    let puzzle =
        format::parse("boxes 2x2\n0 0 1 1\n0 2 1 1\n3 2 4 4\n3 3 4 4\n7+ 3+ 10+ 7+ 10+\n", None)
            .unwrap();
    let mut grid = Grid::empty(4);
    grid.set(Cell(0), 1);
    let marks = logic::pencil_marks(&puzzle, &grid);
    assert_eq!(marks[0], calcudoku::ValueSet::single(1));
    // r2c1 (cell 4) sees r1c1 through its column, box and cage: no 1.
    assert!(!marks[4].contains(1) && marks[4].contains(2));
    // r4c4 sees nothing that holds 1.
    assert!(marks[15].contains(1));
    // A player's clash (two 1s in row 1) is no error: the cells between keep what is left.
    grid.set(Cell(3), 1);
    let marks = logic::pencil_marks(&puzzle, &grid);
    assert!(!marks[1].contains(1) && !marks[2].contains(1));
    assert_eq!(marks[3], calcudoku::ValueSet::single(1));
}

#[test]
fn pencil_marks_of_a_sudoku_follow_its_givens() {
    let puzzle = format::parse(SUDOKU, None).unwrap();
    let marks = logic::pencil_marks(&puzzle, &Grid::empty(9));
    // r1c3 sees 5, 3, 7 in row 1, 6, 9, 8 in its box, 8 in column 3: 1, 2, 4 are left.
    let left: Vec<u8> = marks[2].iter().collect();
    assert_eq!(left, vec![1, 2, 4]);
    assert_eq!(marks[0], calcudoku::ValueSet::single(5));
}

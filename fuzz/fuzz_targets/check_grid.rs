//! A puzzle and a player's grid, as `check` and `hint --grid` take them: the grid read at the
//! puzzle's size, checked against the puzzle, and a hint asked for under a short deadline.
//! No panic; a grid that reads has the puzzle's size and values in range; a check that passes
//! on a full grid means a solution; a hint's wrong cells hold values, and a step it gives
//! applies to the grid's board without a contradiction.
//!
//! Input: the puzzle text, a byte 0xFF, the grid text (no 0xFF: the first half and the second).
#![no_main]

use std::time::{Duration, Instant};

use calcudoku::format::{self, grid};
use calcudoku::logic::{self, Board, Hint, LogicError};
use calcudoku::validate;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (puzzle, rest) = match data.iter().position(|&b| b == 0xFF) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => data.split_at(data.len() / 2),
    };
    let (Ok(puzzle), Ok(grid_text)) = (std::str::from_utf8(puzzle), std::str::from_utf8(rest))
    else {
        return;
    };
    let Ok(puzzle) = format::parse(puzzle, None) else { return };
    let n = puzzle.size();
    let Ok(grid) = grid::parse_sized(grid_text, n) else { return };
    assert_eq!(grid.size(), n);
    assert!(grid.cells().iter().all(|&v| v as usize <= n));
    let full = grid.cells().iter().all(|&v| v != 0);
    if validate::check(&puzzle, &grid).is_ok() && full {
        assert!(puzzle.is_solution(&grid), "a full grid that passes the check is a solution");
    }
    let deadline = Some(Instant::now() + Duration::from_millis(50));
    match logic::hint(&puzzle, Some(&grid), deadline) {
        Ok(Hint::Wrong(cells)) => {
            assert!(!cells.is_empty());
            assert!(cells.iter().all(|c| grid.get(*c) != 0), "a wrong cell holds a value");
        }
        Ok(Hint::Step { step, .. }) => {
            let mut board = Board::with_grid(&puzzle, &grid).expect("a hinted grid fits");
            step.step.apply(&mut board).expect("the step applies");
        }
        Ok(Hint::Solved) => assert!(full && puzzle.is_solution(&grid)),
        Ok(Hint::Stuck) => {}
        Err(LogicError::Unsound { technique, why }) => panic!("unsound {technique}: {why}"),
        Err(_) => {}
    }
});

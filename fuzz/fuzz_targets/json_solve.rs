//! JSON puzzles from bytes: read (one object, or a stream of them), then solved and counted
//! under a 100 ms deadline: no panic, no hang past the deadline, and every grid returned
//! solves its puzzle.
#![no_main]

use std::time::{Duration, Instant};

use calcudoku::format::{self, Format};
use calcudoku::solve::Solver;
use calcudoku::validate;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let one = format::json::parse(text);
    let many = format::read(text, Some(Format::JSON));
    if let (Ok(p), Ok(doc)) = (&one, &many) {
        // One object reads the same alone and as a stream of one.
        assert_eq!(doc.entries.len(), 1);
        assert_eq!(doc.entries[0].puzzle.as_ref().ok(), Some(p));
    }
    let puzzles: Vec<_> = match many {
        Ok(doc) => doc.entries.into_iter().filter_map(|e| e.puzzle.ok()).collect(),
        Err(_) => one.into_iter().collect(),
    };
    for puzzle in puzzles.iter().take(4) {
        let started = Instant::now();
        let deadline = Some(started + Duration::from_millis(100));
        let solver = Solver::new(puzzle).with_deadline(deadline);
        if let Ok(report) = solver.solve() {
            if let Some(grid) = &report.grid {
                assert!(puzzle.is_solution(grid), "not a solution:\n{grid}");
                assert_eq!(validate::check_solution(puzzle, grid), Ok(()));
            }
        }
        let _ = solver.count(3);
        assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    }
});

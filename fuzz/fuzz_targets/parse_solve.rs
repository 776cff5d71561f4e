//! Parse, then solve small puzzles (size ≤ 6) under a 100 ms deadline and a count limit:
//! no panic, and every grid the solver returns passes the independent validators.
#![no_main]

use std::time::{Duration, Instant};

use calcudoku::format::{self, Format};
use calcudoku::solve::brute::{BruteOutcome, brute_force_with};
use calcudoku::solve::{Branching, Solver};
use calcudoku::validate;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    // 0..5: a forced format; otherwise detection.
    let forced = Format::ALL.get(which as usize % 8).copied();
    let Ok(doc) = format::read(text, forced) else { return };
    for entry in doc.entries {
        let Ok(puzzle) = entry.puzzle else { continue };
        if puzzle.size() > 6 {
            continue;
        }
        let deadline = Some(Instant::now() + Duration::from_millis(100));
        let solver = Solver::new(&puzzle).with_deadline(deadline);
        if let Ok(report) = solver.solve() {
            if let Some(grid) = &report.grid {
                assert!(puzzle.is_solution(grid), "not a solution:\n{grid}");
                assert_eq!(validate::check_solution(&puzzle, grid), Ok(()));
                assert!(report.count.solutions >= 1);
            } else {
                assert_eq!(report.count.solutions, 0);
            }
        }
        // The brute force (bounded) is an independent second opinion on the first solution.
        let brute = brute_force_with(&puzzle, Some(20_000), &mut |_| false);
        if let Ok((first, _, _)) = solver.search(Branching::RowMajor, 1) {
            match brute.outcome {
                BruteOutcome::Solved(g) => {
                    assert_eq!(first.as_ref(), Some(&g), "brute force differs")
                }
                BruteOutcome::NoSolution => assert_eq!(first, None, "brute force finds none"),
                BruteOutcome::Stopped => {}
            }
        }
        for branching in [Branching::RowMajor, Branching::FewestCandidates] {
            if let Ok((grid, count, _)) = solver.search(branching, 50) {
                if let Some(grid) = &grid {
                    assert!(puzzle.is_solution(grid), "not a solution:\n{grid}");
                    assert_eq!(validate::check(&puzzle, grid), Ok(()));
                }
                assert_eq!(grid.is_some(), count.solutions > 0);
                assert!(count.solutions <= 50);
            }
        }
    }
});

//! Inputs the fuzzers found (`fuzz/`), kept as regression tests.

use calcudoku::format::{self, Format, keen};
use calcudoku::solve::Solver;
use calcudoku::{Cage, Operator, Puzzle};

/// parse_solve, crash-e8520e06: a Keen ID with a clue of value 0 (`m0`) was read, and the cage
/// propagator then computed `0 / prod - 1` (subtract with overflow) for the product cage.
/// Keen clues are now read as positive numbers only, as `ops` targets are.
const KEEN_ZERO_CLUE: &str =
    "6:a_ba__a_3a_3aa_3_3b_7a4ca3b,m300m10m144m6m24m6m61m12m30m10m12m24m0m6\n";

#[test]
fn keen_clue_of_zero_is_an_error() {
    let err = keen::parse(KEEN_ZERO_CLUE).unwrap_err();
    assert_eq!(err.to_string(), "line 1, column 68: expected a positive clue value, found 0");
    assert!(format::read(KEEN_ZERO_CLUE, None).is_err());
    assert!(format::read(KEEN_ZERO_CLUE, Some(Format::KEEN)).is_err());
    for clue in ["a0", "s0", "d0"] {
        assert!(keen::parse(&format!("2:_2,{clue}a3")).is_err(), "{clue}");
    }
}

/// The same zero target built through the API (no parser accepts it): the cage tables once
/// overflowed on it (`t / prod - 1`); now such a cage simply has no solution.
#[test]
fn product_cage_of_target_zero_has_no_solution() {
    // The fuzzer's puzzle, read with the clue `m1` and then given the target 0.
    let read = keen::parse(&KEEN_ZERO_CLUE.replace("m0m6", "m1m6")).unwrap();
    let cages: Vec<Cage> = read
        .cages()
        .iter()
        .map(|c| {
            let target = if c.target == 1 && c.op == Some(Operator::Mul) { 0 } else { c.target };
            Cage::new(target, c.op, c.cells.clone())
        })
        .collect();
    let puzzle = Puzzle::kenken(read.size(), cages).unwrap();
    let report = Solver::new(&puzzle).solve().unwrap();
    assert_eq!(report.grid, None);
}

/// Every input kept in `fuzz/regressions/TARGET/` goes through what its target does (reading
/// with the format its first byte picks, then solving small puzzles): no panic, valid grids.
#[test]
fn kept_fuzz_inputs() {
    use calcudoku::validate;
    use std::time::{Duration, Instant};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions");
    let mut seen = 0;
    for target in std::fs::read_dir(&root).unwrap() {
        let target = target.unwrap().path();
        let name = target.file_name().unwrap().to_string_lossy().into_owned();
        for file in std::fs::read_dir(&target).unwrap() {
            let data = std::fs::read(file.unwrap().path()).unwrap();
            seen += 1;
            let (forced, rest) = match name.as_str() {
                "read_forced" | "parse_solve" => match data.split_first() {
                    Some((&b, rest)) => (Format::ALL.get(b as usize % 8).copied(), rest),
                    None => continue,
                },
                _ => (None, &data[..]),
            };
            let Ok(text) = std::str::from_utf8(rest) else { continue };
            let _ = keen::parse(text);
            let Ok(doc) = format::read(text, forced) else { continue };
            for p in doc.entries.into_iter().filter_map(|e| e.puzzle.ok()) {
                if p.size() > 6 {
                    continue;
                }
                let deadline = Some(Instant::now() + Duration::from_millis(500));
                if let Ok(report) = Solver::new(&p).with_deadline(deadline).solve() {
                    if let Some(g) = report.grid {
                        assert_eq!(validate::check_solution(&p, &g), Ok(()), "{name}");
                    }
                }
            }
        }
    }
    assert!(seen > 0, "no inputs in {}", root.display());
}

/// A zero target under every operator, built through the API, never panics: `+`, `*` and `/`
/// cages of target 0 cannot be met; a `-` (or hidden) cage of target 0 can: two equal values
/// on a diagonal, or 3 − 1 − 2 along a row of three.
#[test]
fn zero_targets_under_every_operator() {
    use calcudoku::Cell;
    for op in
        [None, Some(Operator::Add), Some(Operator::Sub), Some(Operator::Mul), Some(Operator::Div)]
    {
        for cells in [
            vec![Cell(0)],
            vec![Cell(0), Cell(1)],
            vec![Cell(0), Cell(4)],
            vec![Cell(0), Cell(1), Cell(2)],
        ] {
            let puzzle = Puzzle::kenken(3, vec![Cage::new(0, op, cells.clone())]).unwrap();
            let report = Solver::new(&puzzle).solve().unwrap();
            let can = matches!(op, None | Some(Operator::Sub))
                && (cells == vec![Cell(0), Cell(4)] || cells.len() == 3);
            assert_eq!(report.grid.is_some(), can, "{op:?} {cells:?}");
            if let Some(g) = report.grid {
                assert!(puzzle.is_solution(&g));
            }
        }
    }
}

/// json_solve, crash-08625be5: a JSON given above the size (7 in a 6×6) went into a grid made
/// without a check (a debug assertion fired; release builds refused it later, in
/// `Puzzle::new`). The JSON reader now checks the givens itself: the same error, no panic.
#[test]
fn json_given_above_the_size_is_an_error() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fuzz/regressions/json_solve/crash-08625be5a9ef3408976cd1cda267de736a92446f"
    ))
    .unwrap();
    let err = format::json::parse(&text).unwrap_err();
    assert_eq!(err.to_string(), "cell 0 holds 7, expected 0 (empty) or 1 to 6");
    assert!(format::read(&text, None).is_err());
}

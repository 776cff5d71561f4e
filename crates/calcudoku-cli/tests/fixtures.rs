//! Every assignment example and sum-cage fixture, run through the real binary the way the
//! assignments run their programs (`calcudoku < test.in`): stdout must equal the `.out` file
//! byte for byte, and the exit status must say solved (0) or no solution (1).

use std::path::PathBuf;

use assert_cmd::Command;

fn fixture(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures").join(path)
}

fn check(input: &str, expected: &str) {
    let expected = std::fs::read_to_string(fixture(expected)).unwrap();
    let status = if expected == "No solution.\n" { 1 } else { 0 };
    // Through standard input, as the seeds run their programs: standard error says nothing,
    // or only that the puzzle has several solutions…
    let run = Command::cargo_bin("calcudoku")
        .unwrap()
        .pipe_stdin(fixture(input))
        .unwrap()
        .assert()
        .code(status)
        .stdout(expected.clone());
    let stderr = String::from_utf8(run.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.is_empty()
            || stderr
                == "<stdin>:1: more than one solution: this is the first in row-major order (`calcudoku count` tells how many)\n",
        "{stderr}"
    );
    // …and nothing at all with -q.
    Command::cargo_bin("calcudoku")
        .unwrap()
        .arg("-q")
        .pipe_stdin(fixture(input))
        .unwrap()
        .assert()
        .code(status)
        .stdout(expected.clone())
        .stderr("");
    // …and as a file argument.
    Command::cargo_bin("calcudoku")
        .unwrap()
        .arg(fixture(input))
        .assert()
        .code(status)
        .stdout(expected);
}

/// The prescribed brute force prints the expected grid and, with --stats, the seeds' counters.
fn check_brute(input: &str, expected: &str) {
    let stats = expected.replace(".out", ".stats");
    let Ok(stats) = std::fs::read_to_string(fixture(&stats)) else { return };
    let expected = std::fs::read_to_string(fixture(expected)).unwrap();
    let status = if expected == "No solution.\n" { 1 } else { 0 };
    Command::cargo_bin("calcudoku")
        .unwrap()
        .args(["--method", "brute-force", "--stats"])
        .arg(fixture(input))
        .assert()
        .code(status)
        .stdout(expected + &stats);
}

macro_rules! fixtures {
    ($($name:ident: $input:literal => $output:literal;)*) => {
        $(#[test] fn $name() { check($input, $output); check_brute($input, $output); })*
    };
}

fixtures! {
    seed_calcudoku_5x5_cells: "seeds/calcudoku-5x5-cells.in" => "seeds/calcudoku-5x5-cells.out";
    seed_calcudoku_5x5_counted: "seeds/calcudoku-5x5-counted.in" => "seeds/calcudoku-5x5-counted.out";
    seed_calcudoku_6x6_ops: "seeds/calcudoku-6x6-ops.in" => "seeds/calcudoku-6x6-ops.out";
    seed_calcudoku_6x6_ops_unsolvable: "seeds/calcudoku-6x6-ops-unsolvable.in" => "seeds/calcudoku-6x6-ops-unsolvable.out";
    seed_sudoku_9x9: "seeds/sudoku-9x9.in" => "seeds/sudoku-9x9.out";
    sum_000_cells: "sum-cages/000-5x5.cells.in" => "sum-cages/000-5x5.out";
    sum_000_counted: "sum-cages/000-5x5.counted.in" => "sum-cages/000-5x5.out";
    sum_001_cells: "sum-cages/001-5x5.cells.in" => "sum-cages/001-5x5.out";
    sum_001_counted: "sum-cages/001-5x5.counted.in" => "sum-cages/001-5x5.out";
    sum_002_cells: "sum-cages/002-5x5.cells.in" => "sum-cages/002-5x5.out";
    sum_002_counted: "sum-cages/002-5x5.counted.in" => "sum-cages/002-5x5.out";
    sum_003_cells: "sum-cages/003-4x4.cells.in" => "sum-cages/003-4x4.out";
    sum_003_counted: "sum-cages/003-4x4.counted.in" => "sum-cages/003-4x4.out";
    sum_004_cells: "sum-cages/004-6x6.cells.in" => "sum-cages/004-6x6.out";
    sum_004_counted: "sum-cages/004-6x6.counted.in" => "sum-cages/004-6x6.out";
    sum_005_cells: "sum-cages/005-5x5.cells.in" => "sum-cages/005-5x5.out";
    sum_005_counted: "sum-cages/005-5x5.counted.in" => "sum-cages/005-5x5.out";
    sum_006_cells: "sum-cages/006-5x5.cells.in" => "sum-cages/006-5x5.out";
    sum_006_counted: "sum-cages/006-5x5.counted.in" => "sum-cages/006-5x5.out";
    sum_007_cells: "sum-cages/007-5x5.cells.in" => "sum-cages/007-5x5.out";
    sum_007_counted: "sum-cages/007-5x5.counted.in" => "sum-cages/007-5x5.out";
    sum_008_cells: "sum-cages/008-4x4.cells.in" => "sum-cages/008-4x4.out";
    sum_008_counted: "sum-cages/008-4x4.counted.in" => "sum-cages/008-4x4.out";
    sum_009_cells: "sum-cages/009-4x4.cells.in" => "sum-cages/009-4x4.out";
    sum_009_counted: "sum-cages/009-4x4.counted.in" => "sum-cages/009-4x4.out";
    sum_010_cells: "sum-cages/010-6x6.cells.in" => "sum-cages/010-6x6.out";
    sum_010_counted: "sum-cages/010-6x6.counted.in" => "sum-cages/010-6x6.out";
    sum_011_cells: "sum-cages/011-5x5.cells.in" => "sum-cages/011-5x5.out";
    sum_011_counted: "sum-cages/011-5x5.counted.in" => "sum-cages/011-5x5.out";
}

/// Seed 003's example, exactly as its text gives the command and its counters.
#[test]
fn seed_003_counters() {
    Command::cargo_bin("calcudoku")
        .unwrap()
        .args(["--method", "brute-force", "--stats"])
        .arg(fixture("seeds/calcudoku-5x5-counted.in"))
        .assert()
        .success()
        .stdout(
            "4 1 2 5 3\n1 5 4 3 2\n2 3 5 4 1\n3 4 1 2 5\n5 2 3 1 4\nchecks: 2265 backtracks: 438\n",
        );
}

/// Each file in the fixture folders has a test above (a new fixture must get one).
#[test]
fn every_fixture_has_a_test() {
    let src = include_str!("fixtures.rs");
    for dir in ["seeds", "sum-cages"] {
        for entry in std::fs::read_dir(fixture(dir)).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".in") {
                assert!(src.contains(&format!("\"{dir}/{name}\"")), "no test for {dir}/{name}");
            }
        }
    }
}

/// `count` prints the number of solutions; its status says whether there is any.
#[test]
fn count_statuses() {
    Command::cargo_bin("calcudoku")
        .unwrap()
        .arg("count")
        .arg(fixture("seeds/calcudoku-6x6-ops.in"))
        .assert()
        .code(0)
        .stdout("1\n");
    Command::cargo_bin("calcudoku")
        .unwrap()
        .arg("count")
        .arg(fixture("seeds/calcudoku-6x6-ops-unsolvable.in"))
        .assert()
        .code(1)
        .stdout("0\n");
    // Sum cage fixture 009 (4x4) has two solutions: counted exactly, or up to a limit.
    Command::cargo_bin("calcudoku")
        .unwrap()
        .arg("count")
        .arg(fixture("sum-cages/009-4x4.cells.in"))
        .assert()
        .code(0)
        .stdout("2\n");
    Command::cargo_bin("calcudoku")
        .unwrap()
        .args(["count", "--limit", "1"])
        .arg(fixture("sum-cages/009-4x4.cells.in"))
        .assert()
        .code(0)
        .stdout("1+ (stopped at --limit 1)\n");
}

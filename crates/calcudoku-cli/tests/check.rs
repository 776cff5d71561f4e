//! `calcudoku check PUZZLE GRID` on every kind of puzzle: right, wrong and partial grids, and
//! bad input. Exit status 0: fine; 1: a broken rule, named on standard output; 2: bad input,
//! named on standard error.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::str::contains;
use tempfile::TempDir;

fn fixture(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures").join(path)
}

fn read(path: &str) -> String {
    std::fs::read_to_string(fixture(path)).unwrap()
}

/// Files written for one test, removed with it.
struct Files(TempDir);

impl Files {
    fn new() -> Files {
        Files(tempfile::tempdir().unwrap())
    }
    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

fn calcudoku() -> Command {
    Command::cargo_bin("calcudoku").unwrap()
}

/// Checks `grid` (text) against the puzzle file: the exit status and the one line printed.
fn check(puzzle: &Path, grid: &str, code: i32, message: &str) {
    let files = Files::new();
    let grid = files.write("grid.txt", grid);
    calcudoku()
        .arg("check")
        .arg(puzzle)
        .arg(&grid)
        .assert()
        .code(code)
        .stdout(format!("{message}\n"))
        .stderr("");
}

/// Bad input: exit status 2, nothing on standard output, one line on standard error.
fn bad(args: &[&Path], stderr: &str) {
    let assert = calcudoku().arg("check").args(args).assert().code(2).stdout("");
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(stderr), "expected {stderr:?} in {err:?}");
}

const SOLVED: &str = "ok: the grid solves the puzzle";

// ---------------------------------------------------------------------------------------------
// KenKen (ops), each operator
// ---------------------------------------------------------------------------------------------

/// A 4×4 KenKen with every kind of cage: + * - / a hidden operator (7?) and givens (2, 1).
const KENKEN: &str = "0 1 1 2\n0 3 3 2\n0 4 4 4\n5 5 6 7\n6+ 6* 1- 4/ 8* 7? 2 1\n";
const KENKEN_SOLUTION: &str = "1 2 3 4\n2 1 4 3\n3 4 1 2\n4 3 2 1\n";

/// The 4×4 grid with only the given cells filled (row-major index, value).
fn partial4(set: &[(usize, u8)]) -> String {
    let mut cells = ["."; 16].map(String::from);
    for &(i, v) in set {
        cells[i] = v.to_string();
    }
    cells.chunks(4).map(|r| r.join(" ") + "\n").collect()
}

#[test]
fn kenken_right_and_partial() {
    let files = Files::new();
    let puzzle = files.write("kenken.txt", KENKEN);
    check(&puzzle, KENKEN_SOLUTION, 0, SOLVED);
    check(&puzzle, "1234\n2143\n3412\n4321\n", 0, SOLVED);
    check(&puzzle, "1234214334124321\n", 0, SOLVED);
    check(
        &puzzle,
        &partial4(&[(0, 1), (1, 2)]),
        0,
        "ok: the partial grid fits so far (14 cells empty)",
    );
    check(&puzzle, &partial4(&[(15, 1)]), 0, "ok: the partial grid fits so far (15 cells empty)");
    let mut one_empty = KENKEN_SOLUTION.to_string();
    one_empty.replace_range(0..1, "0");
    check(&puzzle, &one_empty, 0, "ok: the partial grid fits so far (1 cell empty)");
    check(&puzzle, &partial4(&[]), 0, "ok: the partial grid fits so far (16 cells empty)");
}

#[test]
fn kenken_each_operator_wrong() {
    let files = Files::new();
    let puzzle = files.write("kenken.txt", KENKEN);
    let cases: &[(&[(usize, u8)], &str)] = &[
        (&[(0, 1), (4, 2), (8, 4)], "cage at row 1, column 1 (6+) adds up to 7"),
        (&[(0, 4), (4, 3)], "cage at row 1, column 1 (6+) already adds up to 7 with cells left"),
        (&[(1, 2), (2, 4)], "cage at row 1, column 2 (6*) multiplies to 8"),
        (
            &[(1, 4)],
            "cage at row 1, column 2 (6*) already multiplies to 4 with cells left, which does not divide 6",
        ),
        (&[(3, 4), (7, 2)], "cage at row 1, column 4 (1-) has a difference of 2"),
        (&[(5, 1), (6, 3)], "cage at row 2, column 2 (4/) has a quotient of 3"),
        (&[(5, 2), (6, 3)], "cage at row 2, column 2 (4/) does not divide evenly"),
        (&[(9, 1), (10, 2), (11, 3)], "cage at row 3, column 2 (8*) multiplies to 6"),
        (&[(12, 1), (13, 2)], "cage at row 4, column 1 (7?) cannot make 7 with any of + - * /"),
        (&[(14, 3)], "cage at row 4, column 3 (2) holds 3"),
        (&[(15, 2)], "cage at row 4, column 4 (1) holds 2"),
        (&[(0, 1), (2, 1)], "row 1 has two 1s"),
        (&[(0, 1), (4, 1), (8, 1)], "column 1 has three 1s"),
    ];
    for (set, message) in cases {
        check(&puzzle, &partial4(set), 1, message);
    }
    // A full Latin square that is not the answer: the first cage it breaks.
    check(
        &puzzle,
        "2 1 4 3\n1 2 3 4\n3 4 1 2\n4 3 2 1\n",
        1,
        "cage at row 1, column 2 (6*) multiplies to 4",
    );
}

#[test]
fn kenken_fixture_6x6() {
    let puzzle = fixture("seeds/calcudoku-6x6-ops.in");
    let solution = read("seeds/calcudoku-6x6-ops.out");
    check(&puzzle, &solution, 0, SOLVED);
    // The first two rows swapped: still a Latin square, but the cages break.
    let mut rows: Vec<&str> = solution.lines().collect();
    rows.swap(0, 1);
    let swapped = rows.join("\n") + "\n";
    let out = calcudoku()
        .arg("check")
        .arg(&puzzle)
        .arg(Files::new().write("g", &swapped))
        .assert()
        .code(1);
    let msg = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(msg.starts_with("cage at row 1, column "), "{msg}");
}

// ---------------------------------------------------------------------------------------------
// Sum cages (seed 000 `cells`, seed 003 `counted`)
// ---------------------------------------------------------------------------------------------

/// Seed 003's puzzle, in both cage-list formats, with `--format` too.
#[test]
fn sum_cages_right_wrong_partial() {
    let solution = read("seeds/calcudoku-5x5-counted.out");
    let rows: Vec<&str> = solution.lines().collect();
    for (input, output) in [
        ("seeds/calcudoku-5x5-counted.in", "seeds/calcudoku-5x5-counted.out"),
        ("sum-cages/000-5x5.cells.in", "sum-cages/000-5x5.out"),
    ] {
        let puzzle = fixture(input);
        let solution = read(output);
        check(&puzzle, &solution, 0, SOLVED);
        let partial: String = solution
            .lines()
            .enumerate()
            .map(|(i, r)| if i < 2 { format!("{r}\n") } else { "0 0 0 0 0\n".to_string() })
            .collect();
        check(&puzzle, &partial, 0, "ok: the partial grid fits so far (15 cells empty)");
    }
    let puzzle = fixture("seeds/calcudoku-5x5-counted.in");
    // The last row's last two values swapped: a column repeats first.
    let mut wrong = rows.clone();
    wrong[4] = "5 2 3 4 1";
    check(&puzzle, &(wrong.join("\n") + "\n"), 1, "column 4 has two 4s");
    // Columns 1 and 2 swapped: a Latin square whose first cage (cells 0 and 5, 5+) adds up to 6.
    let swapped: String = rows
        .iter()
        .map(|r| {
            let mut v: Vec<&str> = r.split(' ').collect();
            v.swap(0, 1);
            v.join(" ") + "\n"
        })
        .collect();
    check(&puzzle, &swapped, 1, "cage at row 1, column 1 (5+) adds up to 6");
    // A partial sum that is already too big (cage 14+: cells 11, 16, 20 and 21).
    check(
        &puzzle,
        ". . . . .\n. . . . .\n. 5 . . .\n. 4 . . .\n5 . . . .\n",
        1,
        "cage at row 3, column 2 (14+) already adds up to 14 with cells left",
    );
    // Forcing the format.
    calcudoku()
        .args(["check", "--format", "counted"])
        .arg(&puzzle)
        .arg(fixture("seeds/calcudoku-5x5-counted.out"))
        .assert()
        .code(0)
        .stdout(format!("{SOLVED}\n"));
    calcudoku()
        .args(["check", "--format", "ops"])
        .arg(&puzzle)
        .arg(fixture("seeds/calcudoku-5x5-counted.out"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("calcudoku-5x5-counted.in:1"));
}

// ---------------------------------------------------------------------------------------------
// Sudoku (rows and line forms)
// ---------------------------------------------------------------------------------------------

fn line_form(rows: &str) -> String {
    rows.split_whitespace().map(|v| if v == "0" { "." } else { v }).collect::<String>() + "\n"
}

#[test]
fn sudoku_rows_and_line() {
    let files = Files::new();
    let rows_puzzle = fixture("seeds/sudoku-9x9.in");
    let line_puzzle = files.write("line.txt", &line_form(&read("seeds/sudoku-9x9.in")));
    let solution = read("seeds/sudoku-9x9.out");
    let givens = read("seeds/sudoku-9x9.in");
    for puzzle in [&rows_puzzle, &line_puzzle] {
        check(puzzle, &solution, 0, SOLVED);
        check(puzzle, &line_form(&solution), 0, SOLVED);
        check(puzzle, &solution.replace(' ', ""), 0, SOLVED);
        // The puzzle itself is a partial grid that fits.
        check(puzzle, &givens, 0, "ok: the partial grid fits so far (51 cells empty)");
        check(puzzle, &line_form(&givens), 0, "ok: the partial grid fits so far (51 cells empty)");
        // A 9 at row 1, column 3 repeats the 9 at row 3, column 2 in the top-left box only.
        let boxed = givens.replacen("5 3 0", "5 3 9", 1);
        check(puzzle, &boxed, 1, "box 1 has two 9s");
        check(puzzle, &line_form(&boxed), 1, "box 1 has two 9s");
        // A given overwritten.
        let given = givens.replacen("5 3 0", "1 3 0", 1);
        check(puzzle, &given, 1, "cell at row 1, column 1 should be the given 5, not 1");
        // Two values of the solution swapped in a row: a column repeats.
        let swapped = solution.replacen("5 3 4 6", "5 3 6 4", 1);
        check(puzzle, &swapped, 1, "column 3 has two 6s");
        // A full Latin square breaking a given is reported as the given.
        let swapped = solution.replacen("5 3 4", "3 5 4", 1);
        check(puzzle, &swapped, 1, "cell at row 1, column 1 should be the given 5, not 3");
    }
}

// ---------------------------------------------------------------------------------------------
// Killer Sudoku (ops with `boxes 3x3`)
// ---------------------------------------------------------------------------------------------

/// A Killer Sudoku made from the seed's Sudoku answer: cages are pairs of cells side by side
/// in a row, except an L across two boxes, (3, 3) (3, 4) (4, 4) (1-based), where only the Killer
/// rule forbids a value twice; targets are the sums of the answer.
fn killer(solution: &[Vec<u64>]) -> (String, u64) {
    let key = |r: usize, c: usize| if (r, c) == (3, 3) { (2, 1) } else { (r, c / 2) };
    let mut ids: Vec<(usize, usize)> = Vec::new();
    let mut sums: Vec<u64> = Vec::new();
    let mut text = String::from("boxes 3x3\n");
    for (r, values) in solution.iter().enumerate() {
        let row: Vec<String> = (0..9)
            .map(|c| {
                let k = key(r, c);
                let id = ids.iter().position(|&x| x == k).unwrap_or_else(|| {
                    ids.push(k);
                    sums.push(0);
                    ids.len() - 1
                });
                sums[id] += values[c];
                id.to_string()
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    let labels: Vec<String> = sums.iter().map(|s| format!("{s}+")).collect();
    text.push_str(&labels.join(" "));
    text.push('\n');
    let l_target = sums[ids.iter().position(|&k| k == (2, 1)).unwrap()];
    (text, l_target)
}

#[test]
fn killer_sudoku() {
    let solution = read("seeds/sudoku-9x9.out");
    let values: Vec<Vec<u64>> =
        solution.lines().map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect()).collect();
    let (text, l_target) = killer(&values);
    let files = Files::new();
    let puzzle = files.write("killer.txt", &text);
    check(&puzzle, &solution, 0, SOLVED);
    check(&puzzle, &line_form(&solution), 0, SOLVED);
    let empty = ". . . . . . . . .\n".repeat(9);
    check(&puzzle, &empty, 0, "ok: the partial grid fits so far (81 cells empty)");
    // The same value at (3, 3) and (4, 4): different rows, columns and boxes, one cage.
    let mut rows: Vec<Vec<&str>> = empty.lines().map(|l| l.split(' ').collect()).collect();
    rows[2][2] = "1";
    rows[3][3] = "1";
    let grid: String = rows.iter().map(|r| r.join(" ") + "\n").collect();
    check(&puzzle, &grid, 1, &format!("cage at row 3, column 3 ({l_target}+) has two 1s"));
    // Rows 1 and 2 swapped: rows and columns fine, boxes fine, cages broken.
    let mut lines: Vec<&str> = solution.lines().collect();
    lines.swap(0, 1);
    let swapped = lines.join("\n") + "\n";
    let out = calcudoku()
        .arg("check")
        .arg(&puzzle)
        .arg(files.write("swapped.txt", &swapped))
        .assert()
        .code(1);
    let msg = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(msg.starts_with("cage at row 1, column 1 ("), "{msg}");
    // Columns 1 and 4 swapped: rows and columns fine, box 1 repeats (first the 3).
    let swapped: String = solution
        .lines()
        .map(|r| {
            let mut v: Vec<&str> = r.split(' ').collect();
            v.swap(0, 3);
            v.join(" ") + "\n"
        })
        .collect();
    check(&puzzle, &swapped, 1, "box 1 has two 3s");
}

// ---------------------------------------------------------------------------------------------
// Bad input
// ---------------------------------------------------------------------------------------------

#[test]
fn bad_grids() {
    let files = Files::new();
    let puzzle = files.write("kenken.txt", KENKEN);
    let grid = |name: &str, text: &str| files.write(name, text);
    let cases: &[(&str, &str, &str)] = &[
        (
            "short.txt",
            "1 2 3\n2 1 4\n3 4 1\n",
            "short.txt:1:6: expected 4 values in this row (the puzzle is 4x4), found 3",
        ),
        (
            "long.txt",
            "1 2 3 4 1\n",
            "long.txt:1:9: expected 4 values in this row (the puzzle is 4x4), found more, starting with '1'",
        ),
        (
            "tall.txt",
            "1 2 3 4\n2 1 4 3\n3 4 1 2\n4 3 2 1\n1 2 3 4\n",
            "tall.txt:5:1: expected 4 rows (the puzzle is 4x4), found more",
        ),
        (
            "few.txt",
            "1 2 3 4\n\n2 1 4 3\n",
            "few.txt:3: expected 4 rows (the puzzle is 4x4), found 2 (the grid ends at line 3)",
        ),
        (
            "char.txt",
            "1 2 3 4\n2 1 x 3\n3 4 1 2\n4 3 2 1\n",
            "char.txt:2:5: expected a value from 1 to 4, or 0 or '.' for an empty cell, found 'x'",
        ),
        (
            "range.txt",
            "1 2 3 4\n2 1 5 3\n3 4 1 2\n4 3 2 1\n",
            "range.txt:2:5: expected a value from 1 to 4, or 0 or '.' for an empty cell, found '5'",
        ),
        (
            "compact.txt",
            "1234\n21?3\n3412\n4321\n",
            "compact.txt:2:3: expected a digit or '.' for an empty cell, found '?'",
        ),
        (
            "line.txt",
            "123421433412432\n",
            "line.txt:1:5: expected 4 characters in this row (the puzzle is 4x4), found more",
        ),
        (
            "line9.txt",
            &"1".repeat(81),
            "line9.txt:1: expected a line of 16 characters (the puzzle is 4x4), found 81 characters",
        ),
        ("empty.txt", "\n \n", "empty.txt: the grid is empty"),
    ];
    for (name, text, message) in cases {
        bad(&[&puzzle, &grid(name, text)], message);
    }
    let mut latin1 = KENKEN_SOLUTION.as_bytes().to_vec();
    latin1[2] = 0xe9;
    let path = files.0.path().join("latin1.txt");
    std::fs::write(&path, latin1).unwrap();
    bad(&[&puzzle, &path], "latin1.txt:1:3: expected text (UTF-8), found byte 0xe9");
}

#[test]
fn bad_files_and_puzzles() {
    let files = Files::new();
    let puzzle = files.write("kenken.txt", KENKEN);
    let grid = files.write("grid.txt", KENKEN_SOLUTION);
    let missing = files.0.path().join("missing.txt");
    bad(&[&puzzle, &missing], "missing.txt: cannot read:");
    bad(&[&missing, &grid], "missing.txt: cannot read:");
    let broken =
        files.write("broken.txt", "0 1 1 2\n0 3 3 2\n0 4 4 4\n5 5 6 7\n6+ 6* 1- 4/ 8* 7? 2\n");
    bad(&[&broken, &grid], "broken.txt:5");
    let dash = Path::new("-");
    bad(&[dash, dash], "the puzzle and the grid cannot both come from standard input");
    // Usage errors are bad input too.
    calcudoku().args(["check"]).arg(&puzzle).assert().code(2);
}

#[test]
fn grid_from_standard_input() {
    let files = Files::new();
    let puzzle = files.write("kenken.txt", KENKEN);
    calcudoku()
        .arg("check")
        .arg(&puzzle)
        .arg("-")
        .write_stdin(KENKEN_SOLUTION)
        .assert()
        .code(0)
        .stdout(format!("{SOLVED}\n"));
    calcudoku()
        .arg("check")
        .arg("-")
        .arg(files.write("grid.txt", "1 1 . .\n. . . .\n. . . .\n. . . .\n"))
        .write_stdin(KENKEN)
        .assert()
        .code(1)
        .stdout("row 1 has two 1s\n");
}

/// A partial grid that breaks no rule yet but cannot be finished: 1 and 2 in the 6* cage of a
/// puzzle whose only solution starts 2 1 (the partial product 2 still divides 6).
#[test]
fn a_dead_end_is_no_completion() {
    let tmp = tempfile::Builder::new().prefix("calcudoku-dead-end-").tempdir().unwrap();
    let dir = tmp.path();
    let puzzle = dir.join("p.txt");
    std::fs::write(&puzzle, "0 0 0 1\n2 3 4 1\n2 3 4 4\n2 3 5 5\n6* 1- 12* 9+ 4* 5+\n").unwrap();
    let run = |grid: &str| {
        let path = dir.join("g.txt");
        std::fs::write(&path, grid).unwrap();
        let out = assert_cmd::Command::cargo_bin("calcudoku")
            .unwrap()
            .args(["check", puzzle.to_str().unwrap(), path.to_str().unwrap()])
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    let (code, stdout) = run("1 2 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
    assert_eq!(code, Some(1));
    assert!(stdout.starts_with("no completion exists"), "{stdout}");
    let (code, stdout) = run("2 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
    assert_eq!(
        (code, stdout.as_str()),
        (Some(0), "ok: the partial grid fits so far (14 cells empty)\n")
    );
}

#[test]
fn check_speaks_json() {
    let tmp = tempfile::Builder::new().prefix("calcudoku-check-json-").tempdir().unwrap();
    let dir = tmp.path();
    let puzzle = dir.join("p.txt");
    std::fs::write(&puzzle, "0 0 0 1\n2 3 4 1\n2 3 4 4\n2 3 5 5\n6* 1- 12* 9+ 4* 5+\n").unwrap();
    let grid = dir.join("g.txt");
    std::fs::write(&grid, "1 2 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n").unwrap();
    let out = assert_cmd::Command::cargo_bin("calcudoku")
        .unwrap()
        .args(["check", "--json", puzzle.to_str().unwrap(), grid.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "no completion");
    assert_eq!(v["file"], grid.to_str().unwrap());
}

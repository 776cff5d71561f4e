//! Bounds, through the binary: `--timeout` (exit 3), `count --limit`, a huge line of input, and
//! a reader that stops early (broken pipe).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use assert_cmd::Command;

/// A Sudoku that is easy for propagation and trivial for the brute force.
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EASY_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// A Sudoku built against row-major brute force (few givens, the first row empty): the
/// prescribed brute force needs far longer than any test's patience.
const BRUTE_KILLER: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

fn calcudoku() -> Command {
    let mut cmd = Command::cargo_bin("calcudoku").unwrap();
    // A wall-clock guard, not a timing assertion: a hung binary fails instead of hanging.
    cmd.timeout(Duration::from_secs(120));
    cmd
}

fn tmp(name: &str, contents: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bounds");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// An empty 25x25 Sudoku in rows: astronomically many solutions.
fn empty_25() -> String {
    let row = vec!["0"; 25].join(" ");
    (0..25).map(|_| format!("{row}\n")).collect()
}

#[test]
fn counting_a_huge_space_times_out() {
    let out = calcudoku()
        .args(["count", "--limit", "1000000000000", "--timeout", "0.5"])
        .write_stdin(empty_25())
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(out.stdout.is_empty(), "{:?}", String::from_utf8_lossy(&out.stdout));
    assert!(stderr.starts_with("<stdin>:1: gave up after "), "{stderr}");
    assert!(stderr.contains("(--timeout)"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1);
}

#[test]
fn brute_force_on_a_hard_puzzle_times_out() {
    let path = tmp("brute-killer.txt", &format!("{BRUTE_KILLER}\n"));
    let out = calcudoku()
        .args(["--method", "brute-force", "--timeout", "0.3"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    // A one-line Sudoku gets its line of output: the mark.
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "Timed out.\n");
    assert!(stderr.starts_with(&format!("{}:1: gave up", path.display())));
}

#[test]
fn in_a_batch_only_the_slow_puzzle_is_marked() {
    let path = tmp("batch-with-slow.txt", &format!("{EASY}\n{BRUTE_KILLER}\n{EASY}\n"));
    let out = calcudoku()
        .args(["--method", "brute-force", "--timeout", "0.3"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{EASY_SOLVED}\nTimed out.\n{EASY_SOLVED}\n")
    );
    // The timeout, then the batch's summary.
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(stderr.contains(":2: gave up after "), "{stderr}");
    assert!(stderr.contains("3 puzzles: 2 solved") && stderr.contains("1 timed out"), "{stderr}");
}

#[test]
fn a_generous_timeout_changes_nothing() {
    calcudoku()
        .args(["--timeout", "60"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .code(0)
        .stdout(format!("{EASY_SOLVED}\n"))
        .stderr("");
}

#[test]
fn count_stops_at_the_limit() {
    // The empty 4x4 Sudoku has 288 solutions.
    let empty4 = "0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    calcudoku()
        .args(["count", "--limit", "10"])
        .write_stdin(empty4)
        .assert()
        .code(0)
        .stdout("10+ (stopped at --limit 10)\n")
        .stderr("");
    calcudoku()
        .args(["count", "--limit", "1000"])
        .write_stdin(empty4)
        .assert()
        .code(0)
        .stdout("288\n");
    calcudoku()
        .args(["count", "--limit", "288"])
        .write_stdin(empty4)
        .assert()
        .code(0)
        .stdout("288+ (stopped at --limit 288)\n");
    // A huge space with a small limit finishes at once.
    calcudoku()
        .args(["count", "--limit", "5"])
        .write_stdin(empty_25())
        .assert()
        .code(0)
        .stdout("5+ (stopped at --limit 5)\n");
}

#[test]
fn a_ten_megabyte_line_is_a_quick_clear_error() {
    let digits = "1".repeat(10 * 1024 * 1024) + "\n";
    let out = calcudoku().write_stdin(digits.clone()).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("<stdin>:1: "), "{stderr}");
    // No line of a puzzle is a mebibyte long: the reader stops holding it at that.
    assert!(stderr.contains("found a line longer than 1048576 bytes"), "{stderr}");
    assert!(stderr.len() < 300, "the message quotes the input: {} bytes", stderr.len());
    // The same as a file, and with spaces between the digits (too many values for a row).
    let path = tmp("ten-megabytes.txt", &digits);
    let out = calcudoku().arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let spaced = "1 ".repeat(5 * 1024 * 1024) + "\n";
    let out = calcudoku().write_stdin(spaced).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("found a line longer than 1048576 bytes"), "{stderr}");
    assert!(stderr.len() < 300, "{stderr}");
    for forced in ["ops", "cells", "counted", "sudoku", "keen"] {
        let out =
            calcudoku().args(["--format", forced]).write_stdin(digits.clone()).output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{forced}: {stderr}");
        assert!(out.stdout.is_empty(), "{forced}");
        assert!(stderr.starts_with("<stdin>:1:"), "{forced}: {stderr}");
        assert!(stderr.len() < 300, "{forced}: {stderr}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let batch: String = (0..20_000).map(|_| format!("{EASY}\n")).collect();
    let path = tmp("many-sudokus.txt", &batch);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("calcudoku"))
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert_eq!(first, format!("{EASY_SOLVED}\n"));
    drop(reader);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

//! `calcudoku bench`: one row per set, every answer checked, and a failing exit status when
//! an answer is wrong. (What it measures is not asserted: timings belong in benchmarks.)

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh folder under the system's temporary one, removed when the value is dropped.
fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("calcudoku-bench-{name}-")).tempdir().unwrap()
}

/// A KenKen set of the seed's 6×6 ops puzzle (twice), with `answer` as the second one's
/// expected output.
fn kenken_set(name: &str, answer: &str) -> tempfile::TempDir {
    let seeds = root().join("tests/fixtures/seeds");
    let puzzle = std::fs::read_to_string(seeds.join("calcudoku-6x6-ops.in")).unwrap();
    let right = std::fs::read_to_string(seeds.join("calcudoku-6x6-ops.out")).unwrap();
    let dir = temp_dir(name);
    for (file, out) in [("001", right.as_str()), ("002", answer)] {
        std::fs::write(dir.path().join(format!("{file}.in")), &puzzle).unwrap();
        std::fs::write(dir.path().join(format!("{file}.out")), out).unwrap();
    }
    dir
}

fn bench(args: &[&str], path: &Path) -> (i32, String) {
    let out = Command::cargo_bin("calcudoku")
        .unwrap()
        .arg("bench")
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap())
}

/// The whitespace-separated fields of the row whose first field is `name`.
fn row(out: &str, name: &str) -> Vec<String> {
    let line = out
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("no row {name} in:\n{out}"));
    line.split_whitespace().map(String::from).collect()
}

#[test]
fn kenken_set_all_correct() {
    let seeds = root().join("tests/fixtures/seeds");
    let right = std::fs::read_to_string(seeds.join("calcudoku-6x6-ops.out")).unwrap();
    let tmp = kenken_set("right", &right);
    let dir = tmp.path();
    let (code, out) = bench(&["--repeat", "2"], dir);
    assert_eq!(code, 0, "{out}");
    let fields = row(&out, dir.file_name().unwrap().to_str().unwrap());
    assert_eq!(fields[1..3], ["2", "2"], "{out}");
    let mean: f64 = fields[3].parse().unwrap();
    let max: f64 = fields[5].parse().unwrap();
    assert!(mean > 0.0 && mean <= max, "{out}");
}

#[test]
fn a_wrong_answer_is_counted_and_fails_the_run() {
    let seeds = root().join("tests/fixtures/seeds");
    let right = std::fs::read_to_string(seeds.join("calcudoku-6x6-ops.out")).unwrap();
    // The same rows in another order: a Latin square still, but not the answer.
    let mut rows: Vec<&str> = right.lines().collect();
    rows.swap(0, 1);
    let wrong = rows.join("\n") + "\n";
    let tmp = kenken_set("wrong", &wrong);
    let dir = tmp.path();
    let (code, out) = bench(&["--repeat", "1"], dir);
    assert_eq!(code, 1, "{out}");
    let fields = row(&out, dir.file_name().unwrap().to_str().unwrap());
    assert_eq!(fields[1..3], ["2", "1"], "{out}");
}

#[test]
fn sudoku_file_rows_count_every_puzzle() {
    // (A puzzle with no solution would count as wrong: the set's files promise one each.)
    let tmp = temp_dir("sudoku");
    let dir = tmp.path();
    let lines = std::fs::read_to_string(root().join("examples/sudoku-batch.lines.txt")).unwrap();
    let puzzles: Vec<&str> = lines.lines().filter(|l| !l.trim().is_empty()).collect();
    let file = dir.join("few.txt");
    std::fs::write(&file, puzzles.join("\n") + "\n").unwrap();
    let (code, out) = bench(&[], &file);
    let fields = row(&out, "few");
    let n = puzzles.len().to_string();
    assert_eq!(fields[1], n, "{out}");
    // Every puzzle of the example batch has one solution.
    assert_eq!(fields[2], n, "{out}");
    assert_eq!(code, 0, "{out}");
    let ms: f64 = fields[4].parse().unwrap();
    assert!(ms > 0.0, "{out}");
    // --max keeps the first puzzles only.
    let (_, out) = bench(&["--max", "1"], &file);
    assert_eq!(row(&out, "few")[1], "1", "{out}");
}

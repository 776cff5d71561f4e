//! Files of one-line Sudokus: one output line per puzzle line, in input order, whatever the
//! thread count; a bad line is reported with its line number and the rest go on; a summary on
//! standard error.

use assert_cmd::Command;

mod common;
use common::{run_on as run, temp_file};

const P1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const S1: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const P2: &str =
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
const S2: &str =
    "527316489896542731314987562172453896689271354453698217941825673765134928238769145";
/// Row 1 holds 1 to 8, and column 9 already has its 9 lower down: no solution, no conflict.
const NONE: &str =
    "12345678.........9...............................................................";

#[test]
fn order_errors_and_summary() {
    let empty = ".".repeat(81);
    let text = format!("{P1}\n{P2}\r\n\nnot a sudoku\n{NONE}\n{empty}\n{P1}\n");
    let path = temp_file("mixed.txt", &text);
    let (code, stdout, stderr) = run(&["-j", "2"], &path);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 7, "one line per input line, a blank one for a blank: {stdout}");
    assert_eq!(lines[0], S1);
    assert_eq!(lines[1], S2);
    assert_eq!(lines[2], "");
    assert_eq!(lines[3], "Invalid puzzle.");
    assert_eq!(lines[4], "No solution.");
    // The empty grid has many solutions: the first in row-major order.
    assert!(lines[5].starts_with("123456789456789123789123456"), "{}", lines[5]);
    assert_eq!(lines[6], S1);
    assert!(stderr.contains("mixed.txt:4"), "{stderr}");
    assert!(
        stderr.contains(
            "6 puzzles: 4 solved (3 unique, 1 several solutions), 1 no solution, 1 errors"
        ),
        "{stderr}"
    );
    assert_eq!(code, 2, "a bad line makes the run's status 2");
}

#[test]
fn thread_count_does_not_change_the_output() {
    let lines: Vec<String> = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/sudoku-batch.lines.txt"
    ))
    .unwrap()
    .lines()
    .map(String::from)
    .collect();
    // Enough lines for several chunks of parallel work.
    let mut text = String::new();
    for i in 0..9000 {
        text.push_str(&lines[i % lines.len()]);
        text.push('\n');
    }
    let path = temp_file("many.txt", &text);
    let (c1, one, _) = run(&["-j", "1"], &path);
    let (c2, two, _) = run(&["-j", "2"], &path);
    assert_eq!((c1, c2), (0, 0));
    assert_eq!(one.lines().count(), 9000);
    assert_eq!(one, two);
}

#[test]
fn a_single_puzzle_line_prints_no_summary() {
    let path = temp_file("one.txt", &format!("{P1}\n"));
    let (code, stdout, stderr) = run(&[], &path);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (0, &*format!("{S1}\n"), ""));
}

/// A file of one bad puzzle line is no batch (no placeholder on standard output), however many
/// blank lines follow it, while one more puzzle anywhere in them makes it a batch again: one
/// thread reads in small chunks, and the first one reads on until it can tell.
#[test]
fn one_bad_line_among_many_blank_ones_is_no_batch() {
    let bad = format!("{}a", &P1[..80]);
    let blanks = "\n".repeat(300);
    let lone = temp_file("lone-bad.txt", &format!("{bad}\n{blanks}"));
    let late = temp_file("late-second.txt", &format!("{bad}\n{blanks}{P1}\n"));
    for threads in ["1", "2"] {
        let (code, stdout, stderr) = run(&["count", "-j", threads], &lone);
        assert_eq!(code, 2, "{stderr}");
        assert!(stdout.trim().is_empty(), "-j {threads}: {stdout:?}");
        assert!(stderr.contains("lone-bad.txt:1:81:"), "{stderr}");
        let (code, stdout, _) = run(&["count", "-j", threads], &late);
        assert_eq!(code, 2);
        let answers: Vec<&str> = stdout.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(answers, ["Invalid puzzle.", "1"], "-j {threads}");
    }
}

/// The streamed reader (a file whose first puzzle is a line of 81) against the document reader
/// (the same lines after a 4×4 line, which is not streamed): the same answer for every line,
/// over several chunks, whatever the thread count. The lines mix plain puzzles (read in one
/// pass) with every form the general reader has to word or read itself.
#[test]
fn streamed_lines_read_as_the_whole_document_does() {
    let clash = format!("44{}", &P1[2..]);
    let kinds: Vec<String> = vec![
        P1.into(),
        format!("{P2}\r"),
        P1.replace('.', "0"),
        format!("{P2}\t9.2"),
        format!("{P1};rated"),
        clash,
        format!("A{}", &P1[1..]),
        format!("{}%{}", &P1[..5], &P1[6..]),
        P1[1..].to_string(),
        format!("{P1}x"),
        NONE.into(),
        "1.3...4.........".into(),
        "not a sudoku".into(),
        "# a comment".into(),
        // Plain lines the fast paths of `count` and `solve` take: other empty characters, the
        // empty grid, a puzzle with several solutions (serg-benchmark's first).
        P2.replace('.', "-"),
        P1.replace('.', "_").replacen('_', "*", 3),
        ".".repeat(81),
        "8.........95.......76.........426798...571243...893165......916....3.487....1.532".into(),
        format!("{}a", &P1[..80]),
    ];
    let mut body = String::new();
    for i in 0..5000 {
        body.push_str(&kinds[(i * 5) % kinds.len()]);
        body.push('\n');
    }
    let streamed = temp_file("streamed.txt", &format!("{P1}\n{body}"));
    let whole = temp_file("whole.txt", &format!("1.3...4.........\n{body}"));
    for (command, threads) in [("count", "1"), ("count", "2"), ("solve", "1"), ("solve", "2")] {
        let args = |file| {
            let mut args = vec![command, "-j", threads];
            if command == "count" {
                args.extend(["--limit", "2"]);
            }
            run(&args, file)
        };
        let (c1, a, e1) = args(&streamed);
        let (c2, b, e2) = args(&whole);
        assert_eq!((c1, c2), (2, 2), "{e1}\n{e2}");
        let a: Vec<&str> = a.lines().skip(1).filter(|l| !l.is_empty()).collect();
        let b: Vec<&str> = b.lines().skip(1).collect();
        // A comment line gets a blank answer line in a stream, none in a document.
        assert_eq!(a.len(), 5000 - 5000 / kinds.len(), "one answer per puzzle line");
        assert_eq!(a, b);
        // The same errors and notes, at the same lines (the summaries differ by the first
        // line).
        let errors = |e: &str| -> Vec<String> {
            e.lines()
                // Line 1 differs on purpose; `solve` may give a note on it.
                .filter(|l| l.contains(".txt:") && !l.contains(".txt:1:"))
                .filter(|l| !l.starts_with("calcudoku:"))
                .map(|l| l.replacen(streamed.to_str().unwrap(), whole.to_str().unwrap(), 1))
                .collect()
        };
        assert_eq!(errors(&e1).len(), errors(&e2).len());
        assert_eq!(errors(&e1), errors(&e2));
    }
}

/// A file of Keen game IDs (one a line) is a batch too: `-j 2` works its puzzles out in
/// parallel and writes the same answers, errors and summary, in input order, as `-j 1`.
#[test]
fn a_file_of_keen_ids_gives_the_same_answers_on_two_threads() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../calcudoku/tests/data/kenken-sample");
    let mut ids = Vec::new();
    for set in std::fs::read_dir(dir).unwrap() {
        let set = set.unwrap().path();
        if set.is_dir() {
            for f in std::fs::read_dir(&set).unwrap() {
                let f = f.unwrap().path();
                if f.extension().is_some_and(|x| x == "keen") {
                    ids.push(std::fs::read_to_string(&f).unwrap().trim().to_string());
                }
            }
        }
    }
    ids.sort();
    assert!(ids.len() >= 40, "only {} Keen IDs", ids.len());
    // A bad ID in the middle, and the list twice over so the threads have work to share.
    let mut lines = ids.clone();
    lines.insert(ids.len() / 2, "6:not_a_game_id".to_string());
    lines.extend(ids.iter().cloned());
    let path = temp_file("keen-ids.txt", &(lines.join("\n") + "\n"));
    for command in ["solve", "count"] {
        let (c1, one, err1) = run(&[command, "-j", "1"], &path);
        let (c2, two, err2) = run(&[command, "-j", "2"], &path);
        assert_eq!((c1, c2), (2, 2), "{command}: a bad line makes the exit status 2");
        assert_eq!(one, two, "{command}");
        // The summary's rate (puzzles a second) differs from run to run.
        let unrated = |e: &str| e.split("; ").next().unwrap_or_default().to_string();
        assert_eq!(unrated(&err1), unrated(&err2), "{command}");
        assert!(one.contains("Invalid puzzle."), "{command}: {one}");
        let bad_line = format!("keen-ids.txt:{}:", ids.len() / 2 + 1);
        assert!(err1.contains(&bad_line), "{command}: the bad line is named: {err1}");
    }
}

/// Many files at once: `-j 2` spreads their puzzles over the threads and prints the same
/// answers, headers, errors and summary, in the order the files were named, as `-j 1`; a
/// missing file and a bad one do not stop the others.
#[test]
fn many_files_give_the_same_answers_on_two_threads() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../calcudoku/tests/data/kenken-sample");
    let mut files = Vec::new();
    for set in std::fs::read_dir(dir).unwrap() {
        let set = set.unwrap().path();
        if set.is_dir() {
            for f in std::fs::read_dir(&set).unwrap() {
                let f = f.unwrap().path();
                if f.extension().is_some_and(|x| x == "in") {
                    files.push(f.display().to_string());
                }
            }
        }
    }
    files.sort();
    assert!(files.len() >= 40, "only {} files", files.len());
    let bad = temp_file("bad.in", "3\n1 + 4\n0 0 x\n");
    files.insert(7, bad.display().to_string());
    files.insert(20, "/nonexistent/puzzle.in".to_string());
    let sudokus = temp_file("sudokus.txt", &format!("{P1}\n{P2}\n"));
    files.insert(30, sudokus.display().to_string());
    let run_files = |args: &[&str]| {
        let out =
            Command::cargo_bin("calcudoku").unwrap().args(args).args(&files).output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        // The summary's rate (puzzles a second) differs from run to run.
        let stderr: Vec<String> =
            stderr.lines().map(|l| l.split("; ").next().unwrap_or_default().to_string()).collect();
        (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), stderr)
    };
    for command in ["solve", "count"] {
        let one = run_files(&[command, "-j", "1"]);
        let two = run_files(&[command, "-j", "2"]);
        assert_eq!(one, two, "{command}");
        assert_eq!(one.0, 2, "{command}: bad files make the exit status 2");
        assert_eq!(one.1.matches("==> ").count(), files.len(), "{command}: a header per file");
        assert!(one.2.iter().any(|l| l.contains("bad.in:2:")), "{command}: {:?}", one.2);
        assert!(one.2.iter().any(|l| l.contains("/nonexistent/puzzle.in")), "{command}");
    }
}

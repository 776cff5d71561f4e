//! `--timeout` holds whatever the puzzle (issue #19): the worst shapes we know — large grids,
//! large cages, hidden operators, cages of three hidden cells by the thousand, a 64×64 Killer
//! Sudoku — run with `--timeout 1`, and the process must end within 1.5 s. This bounds the
//! deadline, it measures no speed: the puzzles are chosen so that they mostly run out of time.
//!
//! And in every command (issue #50): solve, count, grade, hint, explain, check, render (PDF
//! and SVG), convert and generate, each on the worst shapes for it — empty 16×16 and 25×25
//! Sudokus, a 64×64 KenKen of domino cages with many solutions, a 16×16 KenKen of hidden
//! operators, a 9×9 Killer whose cages are its rows, a huge JSON puzzle — ends within 1.5 s
//! with the status its help documents; a puzzle without exactly one solution is said so
//! (status 1) where the command knows how.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use calcudoku::format;
use calcudoku_testkit::{CageSettings, random_cages, random_killer};

/// The runs of this file, one at a time: each measures its own time, which runs side by side on
/// a machine of two cores would share.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn write(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("deadline");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The shapes: (name, puzzle in the `ops` format).
fn shapes() -> Vec<(String, String)> {
    let kenken = |n: usize, seed: u64, max_cells: usize, hidden_percent: usize| {
        let (p, _) = random_cages(n, seed, CageSettings { max_cells, hidden_percent });
        (format!("kenken-{n}-{max_cells}-{hidden_percent}"), format::ops::write(&p).unwrap())
    };
    let killer = |n: usize, seed: u64, max_cells: usize| {
        let (p, _) = random_killer(n, seed, max_cells).unwrap();
        (format!("killer-{n}-{max_cells}"), format::ops::write(&p).unwrap())
    };
    vec![
        kenken(16, 1, 10, 30),
        kenken(25, 1, 10, 30),
        kenken(25, 3, 70, 30),
        kenken(64, 1, 16, 0),
        kenken(64, 2, 16, 30),
        kenken(64, 1, 3, 100),
        kenken(64, 2, 70, 50),
        killer(64, 1, 40),
    ]
}

#[test]
fn timeout_1_ends_within_1_5_seconds() {
    let mut timed_out = 0;
    let shapes = shapes();
    for (name, text) in &shapes {
        let path = write(&format!("{name}.txt"), text);
        for command in [&["solve"][..], &["count", "--limit", "2"]] {
            let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
            let started = Instant::now();
            let out = Command::cargo_bin("calcudoku")
                .unwrap()
                .args(command)
                .args(["--timeout", "1"])
                .arg(&path)
                .timeout(Duration::from_secs(60))
                .output()
                .unwrap();
            let took = started.elapsed();
            let code = out.status.code();
            assert!(
                took < Duration::from_millis(1500),
                "{name} {command:?}: ended after {took:?} (status {code:?})"
            );
            assert!(matches!(code, Some(0 | 1 | 3)), "{name} {command:?}: status {code:?}");
            timed_out += usize::from(code == Some(3));
        }
    }
    // The shapes are hard enough to test the deadline: most of them run out of time.
    assert!(timed_out >= shapes.len(), "only {timed_out} of {} runs timed out", 2 * shapes.len());
}

/// A 64×64 KenKen of `+` dominoes over a cyclic Latin square: its cages allow a great many
/// solutions, and every cell starts with many candidates.
fn dominoes(n: usize) -> String {
    let mut text = String::new();
    let mut labels = Vec::new();
    for r in 0..n {
        let row: Vec<String> = (0..n).map(|c| (r * n / 2 + c / 2).to_string()).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
        for c in (0..n).step_by(2) {
            labels.push(format!("{}+", (r + c) % n + 1 + (r + c + 1) % n + 1));
        }
    }
    text.push_str(&labels.join(" "));
    text.push('\n');
    text
}

/// A 9×9 Killer Sudoku whose nine cages are its rows (45 each): many solutions, and cages of
/// nine cells.
fn killer_rows() -> String {
    let mut text = String::from("boxes 3x3\n");
    for r in 0..9 {
        text.push_str(&vec![r.to_string(); 9].join(" "));
        text.push('\n');
    }
    text.push_str(&["45+"; 9].join(" "));
    text.push('\n');
    text
}

/// The shapes of issue #50: (name, side, puzzle text, whether it has exactly one solution
/// or that is not known: None).
fn worst_shapes() -> Vec<(&'static str, usize, String, Option<bool>)> {
    let (hidden, _) = random_cages(16, 1, CageSettings { max_cells: 6, hidden_percent: 100 });
    let (huge, _) = random_cages(64, 2, CageSettings { max_cells: 16, hidden_percent: 30 });
    vec![
        ("empty-16", 16, ".".repeat(256) + "\n", Some(false)),
        ("empty-25", 25, ".".repeat(625) + "\n", Some(false)),
        ("dominoes-64", 64, dominoes(64), Some(false)),
        ("hidden-16", 16, format::ops::write(&hidden).unwrap(), None),
        ("killer-rows-9", 9, killer_rows(), Some(false)),
        (
            "huge-json-64",
            64,
            format::write_puzzle(&huge, format::Format::JSON, format::Layout::Rows).unwrap(),
            None,
        ),
    ]
}

/// Runs `calcudoku ARGS`, and asserts that it ends within 1.5 s with one of `statuses`;
/// gives the status.
fn within(name: &str, args: &[&std::ffi::OsStr], statuses: &[i32]) -> i32 {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let started = Instant::now();
    let out = Command::cargo_bin("calcudoku")
        .unwrap()
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let took = started.elapsed();
    let code = out.status.code().unwrap_or(-1);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        took < Duration::from_millis(1500),
        "{name} {args:?}: ended after {took:?} (status {code}): {said}"
    );
    assert!(
        statuses.contains(&code),
        "{name} {args:?}: status {code}, expected {statuses:?}: {said}"
    );
    code
}

#[test]
fn every_command_ends_within_1_5_seconds_on_the_worst_shapes() {
    let out_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("deadline-out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let os = |s: &str| std::ffi::OsString::from(s);
    for (name, n, text, unique) in worst_shapes() {
        let path = write(&format!("{name}.txt"), &text);
        let grid = write(&format!("{name}.grid"), &vec![vec!["0"; n].join(" "); n].join("\n"));
        // Several solutions: the commands that need one say so (1); the others answer (0).
        // Unknown: either, or out of time (3).
        let (needs_one, answers): (&[i32], &[i32]) = match unique {
            Some(false) => (&[1], &[0, 3]),
            _ => (&[0, 1, 3], &[0, 1, 3]),
        };
        let pdf = out_dir.join(format!("{name}.pdf"));
        let svg = out_dir.join(format!("{name}.svg"));
        let runs: Vec<(Vec<std::ffi::OsString>, &[i32])> = vec![
            (vec![os("solve")], answers),
            (vec![os("count"), os("--limit"), os("2")], answers),
            (vec![os("grade")], needs_one),
            (vec![os("hint")], needs_one),
            (vec![os("explain")], needs_one),
            (vec![os("check"), path.clone().into(), grid.clone().into()], &[0, 1, 3]),
            (vec![os("render"), os("--to"), os("pdf"), os("-o"), pdf.into()], &[0, 3]),
            (
                vec![os("render"), os("--to"), os("svg"), os("--solution"), os("-o"), svg.into()],
                &[0, 3],
            ),
            (vec![os("convert"), os("--to"), os("json")], &[0]),
        ];
        for (command, statuses) in runs {
            let mut args: Vec<std::ffi::OsString> = command.clone();
            args.extend([os("--timeout"), os("1")]);
            if command[0] != "check" {
                args.push(path.clone().into());
            }
            let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
            within(name, &args, statuses);
        }
    }
}

#[test]
fn generate_ends_within_1_5_seconds() {
    for args in [
        &["generate", "-k", "kenken", "-s", "16", "-d", "hard", "--hidden-ops"][..],
        &["generate", "-k", "sudoku", "-s", "25", "-d", "easy"],
        // Candidates that need trial, each rated on SE's scale, for a rating they seldom have.
        &["generate", "-k", "sudoku", "--rating", "10.3..10.5", "-n", "2"],
    ] {
        let mut args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
        args.extend(["--seed", "1", "--timeout", "1"].map(std::ffi::OsStr::new));
        within("generate", &args, &[0, 1, 3]);
    }
}

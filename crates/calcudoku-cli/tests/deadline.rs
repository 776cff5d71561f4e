//! `--timeout` holds whatever the puzzle (issue #19): the worst shapes we know — large grids,
//! large cages, hidden operators, cages of three hidden cells by the thousand, a 64×64 Killer
//! Sudoku — run with `--timeout 1`, and the process must end within 1.5 s. This bounds the
//! deadline, it measures no speed: the puzzles are chosen so that they mostly run out of time.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use calcudoku::format;
use calcudoku_testkit::{CageSettings, random_cages, random_killer};

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

//! `grade`, `hint` and `explain` through the real binary: text and `--json`, exit statuses,
//! batches with a bad line, a player's wrong cell.

use serde_json::Value;

mod common;
use common::{run, temp_file};

const KENKEN: &str = "0 0 0 1\n2 3 4 1\n2 3 4 4\n2 3 5 5\n6* 1- 12* 9+ 4* 5+\n";
const SOLUTION: [[u8; 4]; 4] = [[2, 1, 3, 4], [1, 4, 2, 3], [4, 3, 1, 2], [3, 2, 4, 1]];
const SUDOKU_EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn json_lines(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect()
}

#[test]
fn grade_prints_level_rating_and_techniques() {
    let path = temp_file("k.txt", KENKEN);
    let (code, out, _) = run(&["grade", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.starts_with("easy (rating "), "{out}");
    assert!(out.contains("cage combination ×"), "{out}");

    let (code, out, _) = run(&["grade", "--json", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    let v = &json_lines(&out)[0];
    assert_eq!(v["level"], "easy");
    assert!(v["rating"].as_f64().unwrap() > 1.0);
    assert!(v["techniques"]["cage combination"].as_u64().unwrap() > 0);
    assert_eq!(v["line"], 1);
}

#[test]
fn grade_batch_keeps_lines_and_reports_improper_puzzles() {
    let several = ".".repeat(81);
    let text = format!("{SUDOKU_EASY}\nnot a sudoku\n{several}\n{SUDOKU_EASY}\n");
    let path = temp_file("batch.txt", &text);
    let (code, out, err) = run(&["grade", "-j", "2", path.to_str().unwrap()]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("easy"));
    assert_eq!(lines[1], "Invalid puzzle.");
    assert_eq!(lines[2], "not unique");
    assert!(lines[3].starts_with("easy"));
    assert!(err.contains(":2:"), "{err}");
    assert!(err.contains("2 easy"), "{err}");
    assert_eq!(code, 2, "bad input is the most serious outcome");

    let (_, out, _) = run(&["grade", "--json", path.to_str().unwrap()]);
    let v = json_lines(&out);
    assert_eq!(v.len(), 4);
    assert_eq!(v[1]["status"], "error");
    assert_eq!(v[1]["line"], 2);
    assert_eq!(v[2]["status"], "not unique");
}

#[test]
fn grade_of_a_puzzle_without_solution_exits_1() {
    let path = temp_file("none.txt", "0 0\n1 1\n5+ 3+\n");
    let (code, out, _) = run(&["grade", path.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (1, "no solution\n"));
}

#[test]
fn hint_gives_a_step_and_names_wrong_cells() {
    let puzzle = temp_file("hint.txt", KENKEN);
    let (code, out, _) = run(&["hint", puzzle.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.starts_with("[easy] "), "{out}");

    let grid = temp_file("grid.txt", "2 1 3 4\n1 3 0 0\n0 0 0 0\n0 0 0 0\n");
    let (code, out, _) = run(&["hint", puzzle.to_str().unwrap(), "--grid", grid.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(out, "r2c2 is wrong: the solution has another value there\n");

    let (_, out, _) =
        run(&["hint", "--json", puzzle.to_str().unwrap(), "--grid", grid.to_str().unwrap()]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["status"], "wrong");
    assert_eq!(v["wrong"][0]["row"], 2);
    assert_eq!(v["wrong"][0]["col"], 2);
}

#[test]
fn explain_steps_are_sound_and_end_at_the_solution() {
    let path = temp_file("explain.txt", KENKEN);
    let (code, out, _) = run(&["explain", "--json", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    let lines = json_lines(&out);
    let (last, steps) = lines.split_last().unwrap();
    assert_eq!(last["status"], "solved");
    assert_eq!(last["steps"].as_u64().unwrap() as usize, steps.len());
    for step in steps {
        assert!(!step["text"].as_str().unwrap().is_empty());
        for p in step["placements"].as_array().unwrap() {
            let (r, c) = (p["row"].as_u64().unwrap() as usize, p["col"].as_u64().unwrap() as usize);
            assert_eq!(p["value"].as_u64().unwrap() as u8, SOLUTION[r - 1][c - 1]);
        }
        for e in step["eliminations"].as_array().unwrap() {
            let (r, c) = (e["row"].as_u64().unwrap() as usize, e["col"].as_u64().unwrap() as usize);
            assert_ne!(e["value"].as_u64().unwrap() as u8, SOLUTION[r - 1][c - 1]);
        }
    }
    let (code, out, _) = run(&["explain", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("  1. [easy] "), "{out}");
    assert!(out.contains("Solved in "), "{out}");
    assert!(out.ends_with("3 2 4 1\n"), "{out}");
}

#[test]
fn solve_and_count_speak_json() {
    let path = temp_file("solve.txt", KENKEN);
    let (_, out, _) = run(&["solve", "--json", path.to_str().unwrap()]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["status"], "solved");
    assert_eq!(v["unique"], true);
    assert_eq!(v["solution"][0], serde_json::json!([2, 1, 3, 4]));
    let (_, out, _) = run(&["count", "--json", path.to_str().unwrap()]);
    let v = &json_lines(&out)[0];
    assert_eq!((v["solutions"].as_u64(), v["complete"].as_bool()), (Some(1), Some(true)));
}

/// Ctrl-C in a long batch: what was answered stays, a partial summary says how far it got,
/// and the exit status is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_batch_with_a_partial_summary() {
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;
    let hard =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let path = temp_file("long.txt", &hard.repeat(200_000));
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("calcudoku"))
        .args(["grade", "-j", "1", path.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    kill(Pid::from_raw(child.id() as i32), Signal::SIGINT).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let answered = stdout.lines().count();
    assert!(answered > 0 && answered < 200_000, "{answered}");
    assert!(
        stderr.contains(&format!("interrupted (Ctrl-C): {}: {answered} puzzles", path.display())),
        "{stderr}"
    );
}

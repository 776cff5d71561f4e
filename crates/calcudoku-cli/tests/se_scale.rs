//! `grade --scale se` and `explain --scale se` through the real binary: SE's ratings as the
//! community writes them, JSON, batches with bad and improper lines, Sukaku lines, timeouts.

use serde_json::Value;

mod common;
use common::{run, temp_file};

/// SE rates these 2.6/1.2/1.2 (Pointing), 7.1/1.2/1.2 (Forcing Chain), 6.6/1.2/1.2 (Turbot
/// Fish): see bench/se/norvig-top95.tsv.
const P26: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const P71: &str =
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";
const P66: &str =
    "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...";

#[test]
fn grade_prints_puzzle_and_er_ep_ed() {
    let path = temp_file("three.txt", &format!("{P26}\n{P71}\n{P66}\n"));
    for threads in ["1", "2"] {
        let (code, out, _) =
            run(&["grade", "--scale", "se", "-j", threads, path.to_str().unwrap()]);
        assert_eq!(code, 0);
        assert_eq!(out, format!("{P26} 2.6/1.2/1.2\n{P71} 7.1/1.2/1.2\n{P66} 6.6/1.2/1.2\n"));
    }
}

#[test]
fn grade_json_has_ratings_hardest_and_path() {
    let path = temp_file("one.txt", &format!("{P66}\n"));
    let (code, out, _) = run(&["grade", "--scale", "se", "--json", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(v["er"], 6.6);
    assert_eq!(v["ep"], 1.2);
    assert_eq!(v["ed"], 1.2);
    assert_eq!(v["hardest"], "Turbot Fish");
    let path_steps = v["path"].as_array().unwrap();
    assert_eq!(path_steps.len() as u64, v["steps"].as_u64().unwrap());
    assert!(path_steps.iter().any(|s| s["technique"] == "Turbot Fish" && s["rating"] == 6.6));
    assert_eq!(path_steps[0]["rating"], 1.2);
}

#[test]
fn improper_and_bad_lines_do_not_stop_the_batch() {
    let several = ".".repeat(81);
    let path = temp_file("mixed.txt", &format!("{P26}\nnot a sudoku\n{several}\n{P26}\n"));
    let (code, out, err) = run(&["grade", "--scale", "se", path.to_str().unwrap()]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], format!("{P26} 2.6/1.2/1.2"));
    assert_eq!(lines[1], "Invalid puzzle.");
    assert_eq!(lines[2], format!("{several} not unique"));
    assert_eq!(lines[3], lines[0]);
    assert!(err.contains("mixed.txt:2"), "{err}");
    assert_eq!(code, 2);
}

#[test]
fn sukaku_pencil_marks_are_rated() {
    // Every candidate in the empty cells, the givens as single candidates: SE rates this
    // 2.6/2.3/2.3 (its first step is a naked single).
    let marks: String = P26
        .chars()
        .flat_map(|ch| {
            (1..=9u8).map(move |v| {
                let d = char::from(b'0' + v);
                if ch == '.' || ch == d { d } else { '.' }
            })
        })
        .collect();
    let path = temp_file("sukaku.txt", &format!("{marks}\n"));
    let (code, out, _) = run(&["grade", "--scale", "se", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(out, format!("{marks} 2.6/2.3/2.3\n"));
}

#[test]
fn explain_names_se_techniques_and_ratings() {
    let path = temp_file("explain.txt", &format!("{P71}\n"));
    let (code, out, _) = run(&["explain", "--scale", "se", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("] Forcing Chain: "), "{out}");
    assert!(out.contains("[7.1]"), "{out}");
    assert!(out.trim_end().ends_with("ER/EP/ED 7.1/1.2/1.2 (hardest: Forcing Chain)."), "{out}");
}

#[test]
fn other_sizes_are_refused() {
    let path = temp_file("four.txt", "1...\n..3.\n....\n...4\n");
    let (code, out, err) = run(&["grade", "--scale", "se", path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(out.contains("error") || err.contains("9x9"), "{out}{err}");
}

#[test]
fn timeout_holds_on_an_11_plus_puzzle() {
    let hard = "98.7.....6...8.7....7..5...4...5..3...89..5.......2..1.3.....4...65..9.......1..2";
    let path = temp_file("hard.txt", &format!("{hard}\n"));
    let started = std::time::Instant::now();
    let (code, out, _) =
        run(&["grade", "--scale", "se", "--timeout", "0.05", path.to_str().unwrap()]);
    assert_eq!(code, 3, "{out}");
    assert!(started.elapsed().as_secs() < 20);
}

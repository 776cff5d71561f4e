//! `calcudoku generate` through the real binary: the same puzzles whatever the threads, read
//! back by the other commands at the level asked, bad options refused with exit status 2.

use serde_json::Value;

mod common;
use common::run_with as run;

#[test]
fn the_same_puzzles_on_one_thread_or_two() {
    for kind in ["kenken", "sudoku", "killer"] {
        let args = ["generate", "-k", kind, "-s", "6", "-n", "6", "--seed", "17", "-q"];
        let (code, one, _) = run(&[&args[..], &["-j", "1"]].concat(), "");
        assert_eq!(code, 0);
        let (_, two, _) = run(&[&args[..], &["-j", "2"]].concat(), "");
        assert_eq!(one, two, "{kind}");
        assert!(!one.is_empty());
    }
}

#[test]
fn generated_puzzles_grade_at_the_level_asked() {
    for (kind, level, count) in
        [("kenken", "hard", 4), ("sudoku", "medium", 3), ("killer", "easy", 2)]
    {
        let (code, puzzles, _) = run(
            &["generate", "-k", kind, "-d", level, "-n", &count.to_string(), "--seed", "3"],
            "",
        );
        assert_eq!(code, 0, "{kind}");
        let (code, grades, _) = run(&["grade", "-q"], &puzzles);
        assert_eq!(code, 0, "{kind}: {puzzles}");
        let levels: Vec<&str> = grades.lines().map(|l| l.split(' ').next().unwrap()).collect();
        assert_eq!(levels, vec![level; count], "{kind}");
        // And each solves uniquely.
        let (code, counts, _) = run(&["count", "-q"], &puzzles);
        assert_eq!(code, 0);
        assert_eq!(counts.lines().collect::<Vec<_>>(), vec!["1"; count], "{counts}");
    }
}

/// A Killer's givens sit inside cages, which the ops format cannot write: with `--givens`
/// the puzzles come as JSON Lines, and every command reads them back (they came out as errors).
#[test]
fn killers_with_givens_read_back() {
    let (code, out, err) =
        run(&["generate", "-k", "killer", "--givens", "-d", "easy", "-n", "3", "--seed", "1"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 3, "{out}");
    let given = |line: &str| {
        let o: Value = serde_json::from_str(line).unwrap();
        o["givens"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r.as_array().unwrap().clone())
            .any(|v| v != 0)
    };
    assert!(out.lines().any(given), "some puzzle needed a given: {out}");
    let (code, counts, err) = run(&["count", "-q"], &out);
    assert_eq!(code, 0, "{err}");
    assert_eq!(counts.lines().collect::<Vec<_>>(), vec!["1"; 3]);
    let (code, grades, _) = run(&["grade", "-q"], &out);
    assert_eq!(code, 0);
    assert!(grades.lines().all(|l| l.starts_with("easy")), "{grades}");
}

#[test]
fn json_lines_carry_the_puzzle_its_solution_and_grade() {
    let (code, out, _) = run(&["generate", "--json", "-n", "2", "--seed", "1", "-d", "easy"], "");
    assert_eq!(code, 0);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    for (i, o) in lines.iter().enumerate() {
        assert_eq!(o["index"], i as u64 + 1);
        assert_eq!(o["level"], "easy");
        assert_eq!(o["size"], 6);
        assert_eq!(o["solution"].as_array().unwrap().len(), 6);
        assert!(o["keen"].as_str().unwrap().starts_with("6:"));
        assert!(o["puzzle"]["cages"].is_array());
    }
}

#[test]
fn other_formats_read_back() {
    for to in ["ops", "json", "keen"] {
        let (code, out, _) = run(&["generate", "-n", "3", "--seed", "2", "--to", to], "");
        assert_eq!(code, 0, "{to}");
        let (code, solved, err) = run(&["solve"], &out);
        assert_eq!(code, 0, "{to}: {err}");
        assert_eq!(solved.trim_end().split("\n\n").count(), 3, "{to}: three answers\n{solved}");
    }
}

/// A plain Sudoku of any box shape Solo plays is written as a Solo game ID: one a line,
/// the same givens as the default one-line form, each with one solution.
#[test]
fn sudokus_are_written_as_solo_ids() {
    for (size, boxes) in [("9", "3x3:"), ("6", "2x3:"), ("8", "2x4:")] {
        let args = ["generate", "-k", "sudoku", "-s", size, "-n", "3", "--seed", "4"];
        let (code, ids, err) = run(&[&args[..], &["--to", "solo"]].concat(), "");
        assert_eq!(code, 0, "{size}: {err}");
        assert_eq!(ids.lines().count(), 3, "{size}:\n{ids}");
        assert!(ids.lines().all(|l| l.starts_with(boxes)), "{size}:\n{ids}");
        let (_, plain, _) = run(&[&args[..], &["--to", "json"]].concat(), "");
        let (code, back, err) = run(&["convert", "--to", "json"], &ids);
        assert_eq!(code, 0, "{size}: {err}");
        // JSON Lines from generate, one pretty object after another from convert.
        let givens = |text: &str| -> Vec<Value> {
            serde_json::Deserializer::from_str(text)
                .into_iter::<Value>()
                .map(|v| {
                    let v = v.unwrap();
                    v.get("puzzle").unwrap_or(&v)["givens"].clone()
                })
                .collect()
        };
        assert_eq!(givens(&back), givens(&plain), "{size}");
        let (code, counts, err) = run(&["count", "-q"], &ids);
        assert_eq!((code, counts.as_str()), (0, "1\n1\n1\n"), "{size}: {err}");
    }
}

#[test]
fn bad_options_exit_2_with_a_reason() {
    for (args, says) in [
        (&["generate", "-d", "impossible"][..], "expected one of: easy, normal"),
        (
            &["generate", "-k", "sudoku", "-d", "x"],
            "fiendish, diabolical, needs trial, any; or Solo's: trivial, basic, intermediate, \
             advanced, extreme, unreasonable)",
        ),
        (&["generate", "--ops", "+%"], "'%'"),
        (&["generate", "-s", "2"], "out of range"),
        (&["generate", "-k", "sudoku", "-s", "7"], "no standard boxes"),
        (&["generate", "-k", "sudoku", "-s", "4", "-d", "hard"], "only at easy"),
        (&["generate", "--timeout=-1"], "--timeout"),
    ] {
        let (code, out, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
    }
}

/// An option that does nothing for the kind asked is refused, named, with the reason, before
/// any work; `--symmetry` counts as given even with its default value.
#[test]
fn options_for_another_kind_are_refused() {
    for (kind, flags) in [
        ("kenken", &[&["--symmetry", "rotational"][..], &["--minimal"], &["--givens"]][..]),
        (
            "sudoku",
            &[
                &["--ops", "+-"],
                &["--mult-only"],
                &["--hidden-ops"],
                &["--long-ops"],
                &["--max-cage", "4"],
                &["--givens"],
            ],
        ),
        ("killer", &[&["--ops=-/"], &["--symmetry", "none"], &["--minimal"], &["--hidden-ops"]]),
    ] {
        for flag in flags {
            let args = [&["generate", "-k", kind, "--seed", "1"][..], flag].concat();
            let (code, out, err) = run(&args, "");
            assert_eq!(code, 2, "{args:?}");
            assert!(out.is_empty(), "{args:?}: {out}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(err.contains(&format!("{} applies to", flag[0].split('=').next().unwrap())));
            assert!(err.contains(" only ("), "{args:?}: {err}");
        }
    }
    // The same options for the kinds they shape are taken.
    for args in [
        &["-k", "sudoku", "--symmetry", "mirror", "--minimal", "-s", "4", "-d", "easy"][..],
        &["-k", "killer", "--givens", "--max-cage", "4", "-s", "4", "-d", "easy"],
        &["-k", "kenken", "--hidden-ops", "--long-ops", "--max-cage", "3", "-s", "4"],
    ] {
        let (code, _, err) = run(&[&["generate", "--seed", "1"][..], args].concat(), "");
        assert_eq!(code, 0, "{args:?}: {err}");
    }
}

/// `--ops -/` as the README writes it: the operators, not an unknown option.
#[test]
fn ops_may_start_with_a_dash() {
    let args = ["generate", "-s", "4", "--max-cage", "2", "--seed", "1", "--to", "json"];
    let (code, spaced, err) = run(&[&args[..], &["--ops", "-/"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    let (_, joined, _) = run(&[&args[..], &["--ops=-/"]].concat(), "");
    assert_eq!(spaced, joined);
    let ops: Value = serde_json::from_str(&spaced).unwrap();
    for cage in ops["cages"].as_array().unwrap() {
        assert!(["-", "/"].contains(&cage["op"].as_str().unwrap()), "{cage}");
    }
}

/// Every size the generator makes is written by default: one-line Sudokus where the size has
/// a line form, rows (a blank line between puzzles) where it has none (10, 15, 20), read back.
#[test]
fn every_sudoku_size_is_written_by_default() {
    for (size, line) in [("9", true), ("10", false), ("15", false), ("12", true)] {
        let args = ["generate", "-k", "sudoku", "-s", size, "-d", "easy", "-n", "2", "--seed", "3"];
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{size}: {err}");
        let n: usize = size.parse().unwrap();
        let lines = out.lines().filter(|l| !l.is_empty()).count();
        assert_eq!(lines, if line { 2 } else { 2 * n }, "{size}:\n{out}");
        let (code, counts, err) = run(&["count", "-q"], &out);
        assert_eq!((code, counts.as_str()), (0, "1\n1\n"), "{size}: {err}");
    }
    // A format that cannot write the kind is refused before any puzzle is made, in one line.
    for (args, says) in [
        (
            &["-k", "sudoku", "-s", "10", "--to", "keen"][..],
            "keen format cannot write 10×10 Sudoku",
        ),
        (&["-k", "kenken", "--to", "sudoku"], "formats that can: ops, keen, json"),
        (&["-k", "kenken", "--hidden-ops", "--to", "keen"], "Keen shows every cage's operator"),
        (&["-k", "killer", "--givens", "--to", "ops"], "formats that can: solo, json"),
        (&["-k", "kenken", "--to", "cells", "-n", "100000000"], "sum cages only"),
    ] {
        let (code, out, err) = run(&[&["generate", "--seed", "1"][..], args].concat(), "");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("calcudoku: --to "), "{err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A Killer not found from cages alone points to `--givens`, which finds it.
#[test]
fn a_killer_not_found_points_to_givens() {
    let args = ["generate", "-k", "killer", "-s", "12", "-d", "easy", "--seed", "5"];
    let (code, out, err) = run(&[&args[..], &["--max-attempts", "20"]].concat(), "");
    assert_eq!(code, 1);
    assert!(out.is_empty(), "{out}");
    assert!(err.lines().any(|l| l.contains("--givens")), "{err}");
    let (code, out, err) = run(&[&args[..], &["--max-attempts", "20", "--givens"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(!err.contains("--givens"), "{err}");
}

#[test]
fn a_puzzle_not_found_does_not_stop_the_others() {
    // Eight attempts are not enough for an extreme 9×9 most of the time: those fail with
    // status 1 and a message, the ones found are written (game IDs, one a line).
    let args = ["generate", "-s", "9", "-d", "extreme", "-n", "6", "--seed", "6"];
    let (code, out, err) = run(&[&args[..], &["--max-attempts", "8", "--to", "keen"]].concat(), "");
    let failed = err.lines().filter(|l| l.contains("no puzzle at this level")).count();
    assert!(failed > 0, "{err}");
    assert_eq!(code, 1);
    let found = out.lines().count();
    assert!(found > 0, "{out}");
    assert_eq!(found + failed, 6);
    assert!(out.lines().all(|l| l.starts_with("9:")), "{out}");
}

/// Ctrl-C in a long run: the puzzles made stay written, whole, the first of the stream in
/// order, and the exit status is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_keeps_the_puzzles_made() {
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;
    for threads in ["1", "2"] {
        let args = ["generate", "-s", "6", "-n", "100000000", "--seed", "9", "--to", "keen"];
        let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("calcudoku"))
            .args(args)
            .args(["-j", threads])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1500));
        kill(Pid::from_raw(child.id() as i32), Signal::SIGINT).unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(130), "-j {threads}");
        // A clean stop, not the end at once of a second Ctrl-C.
        let stderr = String::from_utf8(out.stderr).unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        let made = stdout.lines().count();
        assert!(made > 0 && made < 100_000_000, "-j {threads}: {made}");
        let said = format!("calcudoku: interrupted (Ctrl-C): {made} puzzles made");
        assert!(stderr.starts_with(&said), "{stderr}");
        assert!(stdout.ends_with('\n'));
        let count = made.to_string();
        let again = ["generate", "-s", "6", "-n", &count, "--seed", "9", "--to", "keen", "-q"];
        let (code, first, _) = run(&again, "");
        assert_eq!(code, 0);
        assert_eq!(stdout, first, "-j {threads}");
    }
}

/// On a terminal, a run shows how far it has got (puzzles made of those asked, candidates
/// tried); on a pipe, nothing of it.
#[cfg(unix)]
#[test]
fn progress_on_a_terminal_only() {
    let args = ["generate", "-k", "kenken", "-s", "7", "-d", "extreme", "-n", "4", "--seed", "1"];
    let mut cmd = std::process::Command::new("sh");
    // Standard output to nowhere: standard error alone is the terminal.
    cmd.arg("-c").arg(r#"exec "$@" > /dev/null"#).arg("sh");
    cmd.arg(env!("CARGO_BIN_EXE_calcudoku")).args(args).env_remove("CI");
    let mut session = rexpect::session::spawn_command(cmd, Some(30_000)).unwrap();
    session.exp_string("puzzles made, ").unwrap();
    session.exp_string("candidates tried").unwrap();
    session.exp_string("4 puzzles made").unwrap();
    session.exp_eof().unwrap();
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0);
    assert_eq!(out.lines().filter(|l| l.is_empty()).count(), 3);
    assert!(!err.contains("candidates tried"), "{err}");
    assert!(err.lines().count() <= 2, "the seed note and the summary only: {err}");
}

/// Without `--seed`, the seed (from the clock) is in each puzzle's JSON, also with `-q`, and
/// makes the same puzzles again.
#[test]
fn the_seed_from_the_clock_stays_findable() {
    let (code, out, err) = run(&["generate", "-q", "--json", "-n", "2", "-s", "4"], "");
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let seed = lines[0]["seed"].as_u64().unwrap();
    assert_eq!(lines[1]["seed"], seed);
    let again = ["generate", "-q", "--to", "json", "-n", "2", "-s", "4", "--seed"];
    let (_, again, _) = run(&[&again[..], &[&seed.to_string()]].concat(), "");
    let puzzles: Vec<Value> = again.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(puzzles, lines.iter().map(|o| o["puzzle"].clone()).collect::<Vec<_>>());
}

/// `-j` takes any count: a thread per puzzle and core at most (a million threads asked for
/// two puzzles start two), the same puzzles whatever it is.
#[test]
fn any_thread_count_gives_the_same_puzzles() {
    let args = ["generate", "-n", "3", "--seed", "9", "-q", "-s", "5"];
    let (code, one, _) = run(&[&args[..], &["-j", "1"]].concat(), "");
    assert_eq!(code, 0);
    for j in ["0", "3", "1000000", "18446744073709551615"] {
        let started = std::time::Instant::now();
        let (code, out, err) = run(&[&args[..], &["-j", j]].concat(), "");
        assert_eq!((code, err.as_str()), (0, ""), "-j {j}");
        assert_eq!(out, one, "-j {j}");
        assert!(started.elapsed() < std::time::Duration::from_secs(10), "-j {j}");
    }
    let (code, _, err) = run(&[&args[..], &["-j", "-1"]].concat(), "");
    assert_eq!((code, err.lines().count()), (2, 1), "{err}");
}

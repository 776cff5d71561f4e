//! Command-line conventions: help that says what the tool does, completions, a man page, "did
//! you mean" for a mistyped command, summaries worded for what the command did.

use assert_cmd::Command;

mod common;
use common::run;

#[test]
fn help_opens_with_what_it_solves() {
    for flag in ["-h", "--help"] {
        let (code, out, _) = run(&[flag]);
        assert_eq!(code, 0);
        let first = out.lines().next().unwrap();
        assert!(
            first.contains("Calcudoku (KenKen), Sudoku of every size and Killer Sudoku"),
            "{first}"
        );
    }
}

#[test]
fn a_mistyped_command_gets_a_suggestion() {
    let (code, out, err) = run(&["sovle", "x.txt"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("did you mean 'solve'?"), "{err}");
    // A file that exists is read, whatever its name.
    let tmp = common::temp_dir("conv");
    let dir = tmp.path();
    std::fs::write(dir.join("grade"), "0 0\n1 1\n3+ 3+\n").unwrap();
    let out = Command::cargo_bin("calcudoku").unwrap().current_dir(dir).arg("grade").output();
    // `grade` alone is the command (it reads standard input); nothing is suggested.
    assert!(!String::from_utf8(out.unwrap().stderr).unwrap().contains("did you mean"));
}

#[test]
fn completions_and_man_page() {
    let (code, out, _) = run(&["completions", "bash"]);
    assert_eq!(code, 0);
    assert!(out.contains("_calcudoku()") && out.contains("grade"), "{out}");
    let (code, out, _) = run(&["completions", "zsh"]);
    assert_eq!(code, 0);
    assert!(out.contains("#compdef calcudoku"));
    let (code, out, _) = run(&["man"]);
    assert_eq!(code, 0);
    assert!(out.contains(".TH calcudoku 1") && out.contains("explain"), "{out}");
    // Each command is listed with its own one-line description. (The commands' arguments are
    // built only when needed; a doc comment on a flattened group of arguments would then
    // replace the description of every command that has the group.)
    for about in [
        "Count solutions (exactly, up to \\-\\-limit)",
        "The whole path from the puzzle to its solution, step by step, in words",
        "Solve puzzles and print the first solution in row\\-major order (the default)",
    ] {
        assert!(out.contains(about), "{about}\n{out}");
    }
    // The bash completion of `count` offers its own options as well as the global ones.
    let (_, out, _) = run(&["completions", "bash"]);
    let count = out.split("calcudoku__subcmd__count)").nth(1).expect("a count section");
    let opts = count.lines().find(|l| l.contains("opts=")).unwrap();
    for flag in ["--limit", "--threads", "--timeout", "--json", "--quiet"] {
        assert!(opts.contains(flag), "{flag}: {opts}");
    }
}

#[test]
fn convert_summary_says_converted() {
    let tmp = common::temp_dir("conv2");
    let dir = tmp.path();
    let path = dir.join("two.txt");
    let line =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    std::fs::write(&path, line.repeat(2)).unwrap();
    let (code, out, err) = run(&["convert", "--to", "json", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(!out.is_empty());
    assert!(err.contains("2 puzzles: 2 converted"), "{err}");
    assert!(!err.contains("solved"), "{err}");
}

fn run_stdin(args: &[&str], input: &str) -> (i32, String, String) {
    let out =
        Command::cargo_bin("calcudoku").unwrap().args(args).write_stdin(input).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const SUDOKU: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";

#[test]
fn global_switches_go_before_or_after_the_command() {
    let (code, before, _) = run_stdin(&["--json", "count", "-"], SUDOKU);
    assert_eq!(code, 0);
    let (_, after, _) = run_stdin(&["count", "--json", "-"], SUDOKU);
    assert_eq!(before, after);
    assert!(before.starts_with('{') && before.contains("\"solutions\":1"), "{before}");
    let (code, out, err) = run_stdin(&["-q", "--json", "solve", "-"], SUDOKU);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"status\":\"solved\""), "{out}");
    // Options of the bare form before a command's name: said plainly, not "did you mean".
    let (code, _, err) = run(&["-j", "2", "count", "nothing.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("'count' is a command"), "{err}");
}

#[test]
fn places_are_file_line_column() {
    let (code, _, err) = run_stdin(&["-f", "ops", "-"], "0 0\n1 1\n3+ x\n");
    assert_eq!(code, 2);
    assert_eq!(
        err.lines().next(),
        Some(
            "<stdin>:3:4: expected a label (a target such as 12, then an operator + - * / or nothing), found 'x'"
        )
    );
    // A bad line of a batch, and its summary.
    let (code, out, err) = run_stdin(&["-"], &format!("{SUDOKU}{}\n", &SUDOKU[..40]));
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(err.lines().any(|l| l.starts_with("<stdin>:2:")), "{err}");
}

#[test]
fn comment_lines_in_a_streamed_batch_keep_answers_in_line() {
    let input = format!("# from a list\n{}  # 9.2\n\n{}", SUDOKU.trim_end(), SUDOKU);
    let (code, out, err) = run_stdin(&["-"], &input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!((lines[0], lines[2]), ("", ""));
    assert_eq!(lines[1], lines[3]);
    assert_eq!(lines[1].len(), 81);
    assert!(err.contains("2 puzzles: 2 solved"), "{err}");
}

#[test]
fn a_batch_converted_to_json_is_json_lines_that_read_back() {
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/sudoku-batch.lines.txt");
    let (code, jsonl, _) = run(&["convert", "--to", "json", examples]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = jsonl.lines().collect();
    assert_eq!(lines.len(), 5, "{jsonl}");
    for line in &lines {
        let v: serde_json::Value = serde_json::from_str(line).expect("each line is one JSON value");
        assert_eq!(v["size"], 9);
    }
    // Read back as a batch, the answers are the original file's.
    let (_, direct, _) = run(&["count", examples]);
    let (code, back, err) = run_stdin(&["count", "-"], &jsonl);
    assert_eq!(code, 0, "{err}");
    assert_eq!(back, direct);
    // One puzzle stays one pretty object.
    let one = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/kenken-6x6.ops.txt");
    let (_, pretty, _) = run(&["convert", "--to", "json", one]);
    assert!(pretty.starts_with("{\n  \"size\": 6,"), "{pretty}");
    serde_json::from_str::<serde_json::Value>(&pretty).unwrap();
}

/// A command line clap turns down is one line, like every other error, with the help to read
/// (the command's when one was typed), status 2; help and version are printed as before.
#[test]
fn usage_mistakes_are_one_line_with_a_hint() {
    for (args, says, help) in [
        (&["--foo"][..], "unexpected argument '--foo' found", "'calcudoku --help'"),
        (
            &["generate", "--foo"],
            "unexpected argument '--foo' found",
            "'calcudoku generate --help'",
        ),
        (&["generate", "--sed", "3"], "a similar argument exists: '--seed'", "generate --help"),
        (&["generate", "-n", "x"], "invalid value 'x' for '--count <COUNT>'", "generate --help"),
        (&["-q", "count", "--limit", "0"], "invalid value '0' for '--limit <N>'", "count --help"),
        (&["check"], "not provided: <PUZZLE> <GRID>", "'calcudoku check --help'"),
        (&["render", "--to", "gif"], "invalid value 'gif'", "'calcudoku render --help'"),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: one line\n{err}");
        assert!(err.starts_with("calcudoku: error: "), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(err.trim_end().ends_with(&format!("see {help}")) || err.contains(help), "{err}");
    }
    let (code, out, err) = run(&["generate", "--help"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("Usage: calcudoku generate [OPTIONS]") && out.lines().count() > 20);
    let (code, out, _) = run(&["--version"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("calcudoku "), "{out}");
}

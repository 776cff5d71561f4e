//! Command-line conventions: help that says what the tool does, completions, a man page, "did
//! you mean" for a mistyped command, summaries worded for what the command did.

use assert_cmd::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("calcudoku").unwrap().args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

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
    let dir = std::env::temp_dir().join(format!("calcudoku-conv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("grade"), "0 0\n1 1\n3+ 3+\n").unwrap();
    let out = Command::cargo_bin("calcudoku").unwrap().current_dir(&dir).arg("grade").output();
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
}

#[test]
fn convert_summary_says_converted() {
    let dir = std::env::temp_dir().join(format!("calcudoku-conv2-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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

//! Golden outputs of the Latin-square family beyond KenKen and Sudoku: for the bundled
//! Skyscrapers, Futoshiki, Adjacent, jigsaw and X-Sudoku examples, what `render`, `solve`,
//! `grade`, `explain` or `hint`, and `convert` back to the puzzle's own game ID print, kept as
//! snapshots (a change to any of them shows up as a diff to review with `cargo insta`).

use std::path::PathBuf;

use assert_cmd::Command;

/// Runs `calcudoku ARGS FILE` from the repository's root (so that file names in the output
/// are the examples' relative paths); the exit status must be 0.
fn out(args: &[&str], file: &str) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let o = Command::cargo_bin("calcudoku")
        .unwrap()
        .current_dir(root)
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    let stderr = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(0), "{args:?} {file}: {stderr}");
    String::from_utf8(o.stdout).unwrap()
}

/// The commands whose output is kept for one example.
fn golden(name: &str, file: &str, explain: bool, native: &str) {
    insta::assert_snapshot!(format!("{name}_render"), out(&["render"], file));
    insta::assert_snapshot!(format!("{name}_solve"), out(&["solve"], file));
    insta::assert_snapshot!(format!("{name}_grade"), out(&["grade", "--json"], file));
    let path = if explain { out(&["explain"], file) } else { out(&["hint"], file) };
    insta::assert_snapshot!(format!("{name}_{}", if explain { "explain" } else { "hint" }), path);
    let id = out(&["convert", "--to", native], file);
    insta::assert_snapshot!(format!("{name}_{native}_id"), id);
    // The game ID reads back to the same puzzle: the same solution.
    let tmp = tempfile::Builder::new().prefix("calcudoku-golden-").tempdir().unwrap();
    let dir = tmp.path();
    let back = dir.join(format!("{name}.txt"));
    std::fs::write(&back, &id).unwrap();
    assert_eq!(out(&["solve"], back.to_str().unwrap()), out(&["solve"], file), "{name}");
}

#[test]
fn skyscrapers() {
    golden("skyscrapers", "examples/skyscrapers-5x5.txt", true, "towers");
}

#[test]
fn futoshiki() {
    golden("futoshiki", "examples/futoshiki-5x5.txt", true, "unequal");
}

#[test]
fn adjacent() {
    golden("adjacent", "examples/adjacent-5x5.unequal.txt", true, "unequal");
}

#[test]
fn jigsaw() {
    golden("jigsaw", "examples/jigsaw-9x9.txt", false, "solo");
}

#[test]
fn x_sudoku() {
    golden("x_sudoku", "examples/x-sudoku-9x9.solo.txt", false, "solo");
}

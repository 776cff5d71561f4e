//! What the CLI tests share: running the binary and writing input files.
// Each test crate uses some of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// Runs `calcudoku` with `args` and `stdin`: exit code, standard output, standard error.
pub fn run_with(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out =
        Command::cargo_bin("calcudoku").unwrap().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs `calcudoku` with `args` and nothing on standard input.
pub fn run(args: &[&str]) -> (i32, String, String) {
    run_with(args, "")
}

/// Runs `calcudoku` with `args`, then `path` as the last argument.
pub fn run_on(args: &[&str], path: &Path) -> (i32, String, String) {
    let path = path.to_str().expect("a UTF-8 temporary path");
    run(&[args, &[path]].concat())
}

/// A file of this test process holding `text`.
pub fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("calcudoku-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

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

/// A file named `name` holding `text`, in a folder of its own under the system's temporary one;
/// both are removed when the value is dropped.
pub fn temp_file(name: &str, text: &str) -> TempFile {
    let dir = temp_dir("cli-test");
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    TempFile { _dir: dir, path }
}

/// A folder of its own under the system's temporary one (`calcudoku-NAME-…`), removed with
/// what it holds when the value is dropped.
pub fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("calcudoku-{name}-")).tempdir().unwrap()
}

/// A file of [`temp_file`]: its path, and its folder kept until it is dropped.
pub struct TempFile {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for TempFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

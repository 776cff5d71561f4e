//! `cargo xtask TASK`: the project's tasks that are more than one cargo command.
//!
//! - `web [--serve] [--port N]`: the web page as a static site in `target/web/` (`target/` is
//!   `CARGO_TARGET_DIR` when set, here and below), and a server for it on 127.0.0.1 (port 8000
//!   unless told).
//! - `test [OPTIONS]`: every test — the Rust workspace (`cargo test --workspace OPTIONS`), then the Python
//!   package built and installed into a virtual environment (`target/python-venv`, made on
//!   first use with maturin, pytest, NumPy and Dask from PyPI) and its pytest suite, then the
//!   web page built and tested in headless Chromium.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{Context, Result, bail};

mod web;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test(&args[1..]),
        Some("web") => web_command(&args[1..]),
        Some("browser-test") => web::browser_test(),
        _ => {
            eprintln!(
                "usage: cargo xtask test [CARGO TEST OPTIONS…] | cargo xtask web [--serve] [--port N] | cargo xtask browser-test"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// The repository's root (the parent of this crate).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask sits in the repository").into()
}

/// Cargo's target folder: `CARGO_TARGET_DIR` when set (relative to the repository root), else
/// `target/` in the repository.
fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => root().join(dir),
        _ => root().join("target"),
    }
}

/// Runs a command in the repository root; fails with the command line when it fails.
fn run(cmd: &mut Command) -> Result<()> {
    let shown = format!("{cmd:?}");
    eprintln!("xtask: {shown}");
    // In the repository root, unless the command names its own folder.
    if cmd.get_current_dir().is_none() {
        cmd.current_dir(root());
    }
    let status = cmd.status().with_context(|| format!("cannot start {shown}"))?;
    if !status.success() {
        bail!("{shown} failed ({status})");
    }
    Ok(())
}

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

/// `extra`: options passed on to `cargo test` (e.g. `--locked`).
fn test(extra: &[String]) -> Result<()> {
    run(cargo().args(["test", "--workspace"]).args(extra))?;
    doc_check()?;
    python_tests()?;
    web::browser_test()
}

/// The documentation, private items included, with rustdoc's warnings as errors: a broken
/// or ambiguous link fails the tests instead of going unnoticed.
fn doc_check() -> Result<()> {
    run(cargo()
        .args(["doc", "--workspace", "--no-deps", "--document-private-items"])
        .env("RUSTDOCFLAGS", "-D warnings"))
}

/// `web [--serve] [--port N]`.
fn web_command(args: &[String]) -> Result<()> {
    let site = web::build()?;
    if args.iter().any(|a| a == "--serve") {
        let port = match args.iter().position(|a| a == "--port") {
            Some(i) => args.get(i + 1).context("--port needs a number")?.parse()?,
            None => 8000,
        };
        web::serve(&site, port, false)?;
    }
    Ok(())
}

/// The Python package, installed into the project's virtual environment, and its tests.
fn python_tests() -> Result<()> {
    let venv = target_dir().join("python-venv");
    let python = venv.join("bin/python");
    // Written once the tools are in, so an interrupted first install is done again.
    let ready = venv.join(".calcudoku-tools");
    if !ready.exists() {
        let system = ["python3", "python"]
            .into_iter()
            .find(|p| Command::new(p).arg("--version").output().is_ok_and(|o| o.status.success()))
            .context("Python 3 is not installed (the Python package's tests need it)")?;
        run(Command::new(system).args(["-m", "venv"]).arg(&venv))?;
        run(Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "maturin>=1.5,<2",
            "pytest",
            "numpy",
            "pandas",
            "dask[bag,dataframe]",
            "distributed",
        ]))?;
        std::fs::write(&ready, "maturin pytest numpy pandas dask distributed\n")?;
    }
    // Built the way a user installs it: `pip install ./python` (a release build by maturin).
    run(Command::new(&python)
        .args(["-m", "pip", "install", "--quiet", "--force-reinstall", "--no-deps", "./python"])
        .env("CARGO_TARGET_DIR", target_dir().join("python-build")))?;
    let bin = target_dir().join("debug/calcudoku");
    run(Command::new(&python)
        .args(["-m", "pytest", "-q", "python/tests"])
        .env("CALCUDOKU_BIN", bin))
}

//! `cargo xtask TASK`: the project's tasks that are more than one cargo command.
//!
//! - `web [--serve] [--port N]`: the web page as a static site in `target/web/` (`target/` is
//!   `CARGO_TARGET_DIR` when set, here and below), and a server for it on 127.0.0.1 (port 8000
//!   unless told).
//! - `test [OPTIONS]`: every test — the Rust workspace (`cargo test --workspace OPTIONS`), then the Python
//!   package built and installed into a virtual environment (`target/python-venv`, made on
//!   first use with maturin, pytest, NumPy and Dask from PyPI) and its pytest suite, then the
//!   web page built and tested in headless Chromium, then the program `dist` builds, checked.
//! - `dist`: the command-line program as the project ships and measures it, in
//!   `target/dist/calcudoku`: a release build, linked statically where the C library allows it
//!   (Linux with glibc), so that it starts without the dynamic loader.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{Context, Result, bail};

mod web;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test(&args[1..]),
        Some("web") => web_command(&args[1..]),
        Some("dist") => dist().map(|exe| println!("{}", exe.display())),
        Some("browser-test") => web::browser_test(),
        _ => {
            eprintln!(
                "usage: cargo xtask test [CARGO TEST OPTIONS…] | cargo xtask dist | cargo xtask web [--serve] [--port N] | cargo xtask browser-test"
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

/// A fixed seed for the property tests under CI (unless `PROPTEST_RNG_SEED` is set): CI then
/// draws the same cases every run, and its time is the time measured before landing. A
/// search can have heavy tails, and a case drawn once in many runs may search for minutes;
/// the tests that search bound each case by a deadline, and this keeps CI from meeting the
/// ones nobody has seen. Outside CI every run draws new cases.
const CI_PROPTEST_SEED: &str = "20261128";

/// `extra`: options passed on to `cargo test` (e.g. `--locked`).
fn test(extra: &[String]) -> Result<()> {
    let mut tests = cargo();
    tests.args(["test", "--workspace"]).args(extra);
    if std::env::var_os("CI").is_some() && std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        tests.env("PROPTEST_RNG_SEED", CI_PROPTEST_SEED);
    }
    run(&mut tests)?;
    doc_check()?;
    python_tests()?;
    web::browser_test()?;
    dist_check()
}

/// `dist`: builds the program and copies it to `target/dist/`; returns its path.
///
/// On Linux with glibc the program is linked statically (`-C target-feature=+crt-static`; it
/// stays position-independent, so its addresses are still randomised). A dynamically linked
/// program starts in the loader, which finds, maps and relocates libc, libm and libgcc_s
/// before `main`; on the machines of PERFORMANCE.md that costs about 0.5 ms a process, a
/// quarter of what `count` takes for a one-line file. The flag goes in `RUSTFLAGS` together with
/// an explicit `--target`: Cargo then gives it to the program's crates but not to build
/// scripts and procedural macros, which cannot be linked statically.
fn dist() -> Result<PathBuf> {
    let host = host_triple()?;
    let linked_statically = host.contains("-linux-gnu");
    let mut build = cargo();
    build.args(["build", "--release", "--package", "calcudoku-cli"]);
    let mut release = target_dir();
    if linked_statically {
        let mut flags = std::env::var("RUSTFLAGS").unwrap_or_default();
        flags.push_str(" -C target-feature=+crt-static");
        build.args(["--target", &host]).env("RUSTFLAGS", flags.trim_start());
        release.push(&host);
    }
    release.push("release");
    run(&mut build).with_context(|| {
        if linked_statically {
            "if the link failed: a static program needs glibc's static libraries (libc.a: \
             Debian's libc6-dev, Fedora's glibc-static); `cargo build --release` builds it \
             linked dynamically"
        } else {
            "the release build failed"
        }
    })?;
    let dist = target_dir().join("dist");
    std::fs::create_dir_all(&dist)?;
    let exe = program_in(&dist);
    std::fs::copy(program_in(&release), &exe)
        .with_context(|| format!("cannot copy the program to {}", exe.display()))?;
    if linked_statically {
        match needs_loader(&std::fs::read(&exe)?) {
            Some(false) => {}
            Some(true) => {
                bail!("{} is linked dynamically, though +crt-static was asked for", exe.display())
            }
            None => bail!("{} is not a 64-bit little-endian ELF program", exe.display()),
        }
    }
    Ok(exe)
}

/// The `calcudoku` program in a folder of Cargo's builds (`debug`, `release`, …).
fn program_in(folder: &Path) -> PathBuf {
    folder.join(format!("calcudoku{}", std::env::consts::EXE_SUFFIX))
}

/// The host's target triple, from `rustc -vV`.
fn host_triple() -> Result<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out =
        Command::new(&rustc).arg("-vV").output().with_context(|| format!("cannot run {rustc}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(str::to_string)
        .with_context(|| format!("`{rustc} -vV` names no host"))
}

/// Whether a 64-bit little-endian ELF file asks for a program interpreter (a `PT_INTERP`
/// program header), that is whether it is linked dynamically; `None` when the bytes are not
/// such a file or are cut short.
fn needs_loader(elf: &[u8]) -> Option<bool> {
    const PT_INTERP: u32 = 3;
    let bytes = |i: usize, n: usize| elf.get(i..i.checked_add(n)?);
    let u16_at = |i| bytes(i, 2).map(|b| u16::from_le_bytes([b[0], b[1]]));
    let u32_at = |i| bytes(i, 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    if bytes(0, 6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    let phoff = usize::try_from(u64::from(u32_at(0x20)?) | u64::from(u32_at(0x24)?) << 32).ok()?;
    let (size, count) = (usize::from(u16_at(0x36)?), usize::from(u16_at(0x38)?));
    let mut types = (0..count).map(|i| u32_at(phoff.checked_add(i.checked_mul(size)?)?));
    types.try_fold(false, |found, t| Some(found || t? == PT_INTERP))
}

/// The test of `dist`: the program it builds answers bundled examples (a KenKen solved, a
/// file of one-line Sudokus counted: the two engines) as the test build does, and on Linux
/// with glibc it needs no loader.
fn dist_check() -> Result<()> {
    let shipped = dist()?;
    let tested = program_in(&target_dir().join("debug"));
    let examples = [
        vec!["examples/kenken-6x6.ops.txt"],
        vec!["count", "--limit", "2", "examples/sudoku-batch.lines.txt"],
    ];
    for args in examples {
        let answer = |exe: &Path| -> Result<Vec<u8>> {
            let out = Command::new(exe)
                .args(&args)
                .current_dir(root())
                .output()
                .with_context(|| format!("cannot run {}", exe.display()))?;
            if !out.status.success() {
                bail!("{} {} failed ({})", exe.display(), args.join(" "), out.status);
            }
            Ok(out.stdout)
        };
        let (ours, reference) = (answer(&shipped)?, answer(&tested)?);
        if ours.is_empty() || ours != reference {
            bail!(
                "{} {} answers differently from {}:\n{}\nagainst\n{}",
                shipped.display(),
                args.join(" "),
                tested.display(),
                String::from_utf8_lossy(&ours),
                String::from_utf8_lossy(&reference)
            );
        }
        eprintln!("xtask: {} {} answers as the test build does", shipped.display(), args.join(" "));
    }
    Ok(())
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
    // Dask's `distributed` extra pins the `distributed` of the same release: named apart,
    // pip once paired the newest Dask with a `distributed` of 2021 that cannot import it.
    let tools = ["maturin>=1.5,<2", "pytest", "numpy", "pandas", "dask[bag,dataframe,distributed]"];
    let listed = tools.join(" ") + "\n";
    if std::fs::read_to_string(&ready).ok().as_deref() != Some(listed.as_str()) {
        let system = ["python3", "python"]
            .into_iter()
            .find(|p| Command::new(p).arg("--version").output().is_ok_and(|o| o.status.success()))
            .context("Python 3 is not installed (the Python package's tests need it)")?;
        run(Command::new(system).args(["-m", "venv"]).arg(&venv))?;
        run(Command::new(&python).args(["-m", "pip", "install", "--quiet"]).args(tools))?;
        std::fs::write(&ready, listed)?;
    }
    // Built the way a user installs it: `pip install ./python` (a release build by maturin).
    run(Command::new(&python)
        .args(["-m", "pip", "install", "--quiet", "--force-reinstall", "--no-deps", "./python"])
        .env("CARGO_TARGET_DIR", target_dir().join("python-build")))?;
    let bin = program_in(&target_dir().join("debug"));
    run(Command::new(&python)
        .args(["-m", "pytest", "-q", "python/tests"])
        .env("CALCUDOKU_BIN", bin))
}

#[cfg(test)]
mod tests {
    use super::needs_loader;

    /// A 64-bit little-endian ELF header whose program headers have the given types.
    fn elf(types: &[u32]) -> Vec<u8> {
        let mut bytes = vec![0u8; 64];
        bytes[..6].copy_from_slice(b"\x7fELF\x02\x01");
        bytes[0x20..0x28].copy_from_slice(&64u64.to_le_bytes());
        bytes[0x36..0x38].copy_from_slice(&56u16.to_le_bytes());
        bytes[0x38..0x3a].copy_from_slice(&u16::try_from(types.len()).unwrap().to_le_bytes());
        for &t in types {
            let mut header = vec![0u8; 56];
            header[..4].copy_from_slice(&t.to_le_bytes());
            bytes.extend(header);
        }
        bytes
    }

    #[test]
    fn an_interpreter_header_means_a_dynamic_program() {
        // PT_PHDR, PT_INTERP, PT_LOAD: dynamic; PT_LOAD, PT_DYNAMIC (a static PIE has one): static.
        assert_eq!(needs_loader(&elf(&[6, 3, 1])), Some(true));
        assert_eq!(needs_loader(&elf(&[1, 2])), Some(false));
        assert_eq!(needs_loader(&elf(&[])), Some(false));
    }

    #[test]
    fn other_files_and_cut_headers_are_not_judged() {
        assert_eq!(needs_loader(b"#!/bin/sh\n"), None);
        let whole = elf(&[1, 3]);
        assert_eq!(needs_loader(&whole[..whole.len() - 60]), None);
        let mut elf32 = whole.clone();
        elf32[4] = 1;
        assert_eq!(needs_loader(&elf32), None);
    }

    /// On Linux with glibc, this test program itself is linked dynamically (tests are not
    /// built with +crt-static) and `dist`'s program is not: the check tells them apart on real
    /// files, which `cargo xtask test` exercises on the latter.
    #[cfg(all(target_os = "linux", target_env = "gnu", not(target_feature = "crt-static")))]
    #[test]
    fn this_test_program_needs_the_loader() {
        let me = std::fs::read(std::env::current_exe().unwrap()).unwrap();
        assert_eq!(needs_loader(&me), Some(true));
    }
}

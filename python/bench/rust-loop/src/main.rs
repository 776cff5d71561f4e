//! `calcudoku-rust-loop MODE PATH MAX REPEAT`: times, on one thread, what `solve_many` or
//! `count_many` asks of the library for each puzzle text of PATH (a file of one-line puzzles,
//! or a folder: every `.in` file in it and in its sub-folders), the first MAX (0: all):
//! `format::parse(text, None)` then `Solver::solve()` (MODE `solve`), `Solver::count(2)`
//! (MODE `count`) or `logic::grade` (MODE `grade`, what `grade_many` asks), keeping every
//! result. REPEAT passes over the whole list; prints one JSON
//! object with each pass's seconds and a digest of the answers (solutions found / counted / grading steps) for
//! the caller to compare with Python's.

use std::path::{Path, PathBuf};
use std::time::Instant;

use calcudoku::format;
use calcudoku::solve::Solver;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 5 {
        eprintln!("usage: calcudoku-rust-loop solve|count|grade FILE MAX REPEAT");
        std::process::exit(2);
    }
    let mode = args[1].as_str();
    let texts = read_texts(Path::new(&args[2])).unwrap_or_else(|e| {
        eprintln!("{}: {e}", args[2]);
        std::process::exit(2)
    });
    let max: usize = args[3].parse().expect("MAX: a number");
    let repeat: usize = args[4].parse().expect("REPEAT: a number");
    let mut lines: Vec<&str> = texts.iter().map(String::as_str).collect();
    if max > 0 {
        lines.truncate(max);
    }
    let mut seconds = Vec::new();
    let mut cpu_seconds = Vec::new();
    let mut digest = 0u64;
    for _ in 0..repeat.max(1) {
        let cpu = cpu_time();
        let started = Instant::now();
        digest = match mode {
            "solve" => {
                let found: Vec<_> = lines
                    .iter()
                    .map(|t| format::parse(t, None).map(|p| Solver::new(&p).solve()))
                    .collect();
                seconds.push(started.elapsed().as_secs_f64());
                cpu_seconds.push(cpu_time() - cpu);
                found.iter().filter(|r| matches!(r, Ok(Ok(rep)) if rep.grid.is_some())).count()
                    as u64
            }
            "count" => {
                let found: Vec<_> = lines
                    .iter()
                    .map(|t| format::parse(t, None).map(|p| Solver::new(&p).count(2)))
                    .collect();
                seconds.push(started.elapsed().as_secs_f64());
                cpu_seconds.push(cpu_time() - cpu);
                found.iter().map(|r| r.as_ref().map_or(0, |c| c.map_or(0, |c| c.solutions))).sum()
            }
            "grade" => {
                let found: Vec<_> = lines
                    .iter()
                    .map(|t| format::parse(t, None).map(|p| calcudoku::logic::grade(&p, None)))
                    .collect();
                seconds.push(started.elapsed().as_secs_f64());
                cpu_seconds.push(cpu_time() - cpu);
                found
                    .iter()
                    .map(|r| r.as_ref().map_or(0, |g| g.as_ref().map_or(0, |g| g.steps as u64)))
                    .sum()
            }
            other => {
                eprintln!("MODE: expected solve, count or grade, found {other:?}");
                std::process::exit(2)
            }
        };
    }
    let list = |xs: &[f64]| xs.iter().map(|s| format!("{s:.9}")).collect::<Vec<_>>().join(", ");
    println!(
        "{{\"mode\": \"{mode}\", \"puzzles\": {}, \"digest\": {digest}, \"seconds\": [{}], \"cpu_seconds\": [{}]}}",
        lines.len(),
        list(&seconds),
        list(&cpu_seconds)
    );
}

/// The puzzle texts of a path, in the order `overhead.py` reads them: a file's non-empty lines
/// (trimmed), or the contents of a folder's `.in` files sorted by path.
fn read_texts(path: &Path) -> std::io::Result<Vec<String>> {
    if !path.is_dir() {
        let text = std::fs::read_to_string(path)?;
        return Ok(text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect());
    }
    let mut files = Vec::new();
    let mut folders = vec![path.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder)? {
            let p: PathBuf = entry?.path();
            if p.is_dir() {
                folders.push(p);
            } else if p.extension().is_some_and(|x| x == "in") {
                files.push(p);
            }
        }
    }
    files.sort();
    files.iter().map(std::fs::read_to_string).collect()
}

/// Seconds this thread has run on a core (Linux: `/proc/thread-self/schedstat`, the clock of
/// Python's `time.thread_time`), which leaves out time spent waiting for a core; NaN elsewhere.
fn cpu_time() -> f64 {
    // The kernel brings the running thread's count up to date when it yields; otherwise it
    // can lag by a scheduler tick.
    std::thread::yield_now();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(f64::NAN, |ns| ns / 1e9)
}

//! `calcudoku`: the command line. Arguments in, library calls, text out.

mod bench;
mod cli;

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Result;
use calcudoku::format::{self, Document, Format, Layout};
use calcudoku::solve::Solver;
use calcudoku::solve::brute::{BruteOutcome, brute_force_with};
use clap::Parser;

use cli::{Cli, Command, CountArgs, InputArgs, Method, SolveArgs};

/// How a run ended; the exit status is the most serious outcome of any puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Solved,
    NoSolution,
    TimedOut,
    BadInput,
}

impl Status {
    fn code(self) -> u8 {
        match self {
            Status::Solved => 0,
            Status::NoSolution => 1,
            Status::BadInput => 2,
            Status::TimedOut => 3,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = match cli.command {
        None => solve(&cli.solve, &mut out),
        Some(Command::Solve(args)) => solve(&args, &mut out),
        Some(Command::Count(args)) => count(&args, &mut out),
        Some(Command::Bench(args)) => {
            let opts = bench::Options { paths: args.paths, repeat: args.repeat, max: args.max };
            bench::run(&opts, &mut out)
                .map(|ok| if ok { Status::Solved } else { Status::NoSolution })
        }
    }
    .and_then(|status| out.flush().map(|()| status).map_err(Into::into));
    match result {
        Ok(status) => ExitCode::from(status.code()),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("calcudoku: {e:#}");
            ExitCode::from(Status::BadInput.code())
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// One input: a file, or standard input.
struct Source {
    name: String,
    path: Option<PathBuf>,
}

fn sources(input: &InputArgs) -> Vec<Source> {
    if input.files.is_empty() {
        return vec![Source { name: "<stdin>".into(), path: None }];
    }
    input
        .files
        .iter()
        .map(|p| {
            if p == Path::new("-") {
                Source { name: "<stdin>".into(), path: None }
            } else {
                Source { name: p.display().to_string(), path: Some(p.clone()) }
            }
        })
        .collect()
}

/// Reads a source as text; a message naming the place of the first byte that is not UTF-8.
fn read_text(src: &Source) -> Result<String, String> {
    let mut bytes = Vec::new();
    let read = match &src.path {
        Some(p) => std::fs::File::open(p).and_then(|mut f| f.read_to_end(&mut bytes)),
        None => io::stdin().lock().read_to_end(&mut bytes),
    };
    if let Err(e) = read {
        return Err(format!("cannot read: {e}"));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        let column = at - bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
        format!(
            "line {line}, column {column}: expected text (UTF-8), found byte 0x{:02x}",
            bytes[at]
        )
    })
}

/// Where a puzzle came from (for messages) and how its answer is laid out.
struct Place<'a> {
    name: &'a str,
    /// 1-based line where the puzzle starts.
    line: usize,
    layout: Layout,
}

/// Reads and parses every source, calling `each` for every puzzle read, and reports bad input
/// on standard error without stopping: one bad puzzle or file does not stop the others.
fn for_each_puzzle(
    input: &InputArgs,
    out: &mut dyn Write,
    mut each: impl FnMut(&calcudoku::Puzzle, &Place, &mut dyn Write) -> Result<Status>,
) -> Result<Status> {
    let forced =
        input.format.as_deref().map(|n| Format::from_name(n).expect("clap checked the name"));
    let srcs = sources(input);
    let mut status = Status::Solved;
    for (i, src) in srcs.iter().enumerate() {
        if srcs.len() > 1 {
            if i > 0 {
                writeln!(out)?;
            }
            writeln!(out, "==> {} <==", src.name)?;
        }
        let doc: Document = match read_text(src)
            .and_then(|t| format::read(&t, forced).map_err(|e| e.to_string()))
        {
            Ok(doc) => doc,
            Err(msg) => {
                eprintln!("calcudoku: {}: {msg}", src.name);
                status = status.max(Status::BadInput);
                continue;
            }
        };
        let batch = doc.entries.len() > 1;
        for entry in &doc.entries {
            match &entry.puzzle {
                Ok(p) => {
                    let place = Place { name: &src.name, line: entry.line, layout: doc.layout };
                    status = status.max(each(p, &place, out)?);
                }
                Err(e) => {
                    eprintln!("calcudoku: {}: {e}", src.name);
                    if batch {
                        writeln!(out, "Invalid puzzle.")?;
                    }
                    status = status.max(Status::BadInput);
                }
            }
        }
    }
    Ok(status)
}

fn deadline(input: &InputArgs) -> Result<Option<Duration>> {
    match input.timeout {
        None => Ok(None),
        Some(s) if s.is_finite() && s > 0.0 => Ok(Some(Duration::from_secs_f64(s.min(1e9)))),
        Some(s) => anyhow::bail!("--timeout: expected a positive number of seconds, found {s}"),
    }
}

fn solve(args: &SolveArgs, out: &mut dyn Write) -> Result<Status> {
    let timeout = deadline(&args.input)?;
    for_each_puzzle(&args.input, out, |puzzle, place, out| match args.method {
        Method::Fast => {
            let started = Instant::now();
            let solver = Solver::new(puzzle).with_deadline(timeout.map(|t| started + t));
            let report = match solver.solve() {
                Ok(r) => r,
                Err(t) => return timed_out(out, place, t.0),
            };
            let elapsed = started.elapsed();
            let status = match &report.grid {
                Some(grid) => {
                    out.write_all(format::write_solution(grid, place.layout).as_bytes())?;
                    Status::Solved
                }
                None => {
                    writeln!(out, "No solution.")?;
                    Status::NoSolution
                }
            };
            if args.stats {
                let s = report.stats;
                let solutions = match (report.count.solutions, report.count.complete) {
                    (0, _) => "none",
                    (1, true) => "unique",
                    _ => "several",
                };
                writeln!(
                    out,
                    "solver: fast  solutions: {solutions}  nodes: {}  backtracks: {}  narrowings: {}  cage-filterings: {}  time: {:.3} ms",
                    s.nodes,
                    s.backtracks,
                    s.narrowings,
                    s.cage_filterings,
                    elapsed.as_secs_f64() * 1e3
                )?;
            }
            Ok(status)
        }
        Method::BruteForce => {
            let started = Instant::now();
            let limit = timeout.map(|t| started + t);
            let result =
                brute_force_with(puzzle, None, &mut |_| limit.is_some_and(|l| Instant::now() >= l));
            let status = match &result.outcome {
                BruteOutcome::Solved(grid) => {
                    out.write_all(format::write_solution(grid, place.layout).as_bytes())?;
                    Status::Solved
                }
                BruteOutcome::NoSolution => {
                    writeln!(out, "No solution.")?;
                    Status::NoSolution
                }
                BruteOutcome::Stopped => return timed_out(out, place, started.elapsed()),
            };
            if args.stats {
                writeln!(out, "{}", result.stats)?;
            }
            Ok(status)
        }
    })
}

fn timed_out(out: &mut dyn Write, place: &Place, after: Duration) -> Result<Status> {
    eprintln!(
        "calcudoku: {}: line {}: gave up after {:.3} s (--timeout)",
        place.name,
        place.line,
        after.as_secs_f64()
    );
    if place.layout == Layout::Line {
        writeln!(out, "Timed out.")?;
    }
    Ok(Status::TimedOut)
}

fn count(args: &CountArgs, out: &mut dyn Write) -> Result<Status> {
    let timeout = deadline(&args.input)?;
    for_each_puzzle(&args.input, out, |puzzle, place, out| {
        let started = Instant::now();
        let solver = Solver::new(puzzle).with_deadline(timeout.map(|t| started + t));
        let count = match solver.count(args.limit) {
            Ok(c) => c,
            Err(t) => return timed_out(out, place, t.0),
        };
        if count.complete {
            writeln!(out, "{}", count.solutions)?;
        } else {
            writeln!(out, "{}+ (stopped at --limit {})", count.solutions, args.limit)?;
        }
        Ok(if count.solutions == 0 { Status::NoSolution } else { Status::Solved })
    })
}

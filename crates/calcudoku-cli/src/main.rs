//! `calcudoku`: the command line. Arguments in, library calls, text out.

mod answer;
mod batch;
mod bench;
mod check;
mod cli;
mod explain;
mod generate;
mod grade;
mod interactive;
mod json;
mod render;
mod say;

use rayon::prelude::*;
use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Result;
use calcudoku::format::{self, Document, Format, Layout, sudoku};
use calcudoku::solve::Solver;
use clap::{CommandFactory, Parser};

use answer::{Answer, Outcome, Place};
use cli::{Cli, Command, ConvertArgs, CountArgs, InputArgs, SolveArgs};

/// How results are shown: `--json`, `-q`, `-v`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ui {
    /// JSON Lines on standard output.
    pub json: bool,
    /// Nothing on standard error but errors (no notes, no summaries).
    pub quiet: bool,
    /// A line on standard error for every puzzle: how it ended and how long it took.
    pub verbose: bool,
}

/// How a run ended; the exit status is the most serious outcome of any puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Solved,
    NoSolution,
    TimedOut,
    BadInput,
    /// Stopped by Ctrl-C in a batch (after a partial summary).
    Interrupted,
}

impl Status {
    /// The status a puzzle's outcome calls for.
    fn of(outcome: Outcome) -> Status {
        match outcome {
            Outcome::NoSolution | Outcome::Improper => Status::NoSolution,
            Outcome::TimedOut => Status::TimedOut,
            Outcome::Unique | Outcome::Several | Outcome::Solved => Status::Solved,
        }
    }

    fn code(self) -> u8 {
        match self {
            Status::Solved => 0,
            Status::NoSolution => 1,
            Status::BadInput => 2,
            Status::TimedOut => 3,
            Status::Interrupted => 130,
        }
    }
}

/// Set by the first Ctrl-C during a batch: the batch stops after the puzzle at hand, prints
/// what it has and a partial summary.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// Whether a batch is running (outside one, Ctrl-C ends the program at once).
static IN_BATCH: AtomicBool = AtomicBool::new(false);

pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Ctrl-C: in a batch, the first one asks for a clean stop; otherwise (or a second time) the
/// program ends with status 130.
fn handle_ctrl_c() {
    let _ = ctrlc::set_handler(|| {
        if IN_BATCH.load(Ordering::Relaxed) && !INTERRUPTED.swap(true, Ordering::Relaxed) {
            return;
        }
        std::process::exit(130);
    });
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(globals_after_command(std::env::args_os().collect()));
    handle_ctrl_c();
    if let Some(code) = near_miss_subcommand(&cli) {
        return code;
    }
    let ui = Ui { json: cli.json, quiet: cli.quiet, verbose: cli.verbose };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = match cli.command {
        None => solve(&cli.solve, ui, &mut out),
        Some(Command::Solve(args)) => solve(&args, ui, &mut out),
        Some(Command::Count(args)) => count(&args, ui, &mut out),
        Some(Command::Convert(args)) => convert(&args, ui, &mut out),
        Some(Command::Grade(args)) => grade::run(&args, ui, &mut out),
        Some(Command::Hint(args)) => explain::hint(&args, ui, &mut out),
        Some(Command::Explain(args)) => explain::explain(&args, ui, &mut out),
        Some(Command::Generate(args)) => generate::run(&args, ui, &mut out),
        Some(Command::Completions { shell }) => {
            clap_complete::generate(shell, &mut Cli::command(), "calcudoku", &mut out);
            Ok(Status::Solved)
        }
        Some(Command::Man) => clap_mangen::Man::new(Cli::command())
            .render(&mut out)
            .map(|()| Status::Solved)
            .map_err(Into::into),
        Some(Command::Check(args)) => check::run(&args, ui, &mut out),
        Some(Command::Render(args)) => render::run(&args, ui, &mut out),
        Some(Command::Bench(args)) => {
            let opts = bench::Options {
                paths: args.paths,
                repeat: args.repeat,
                max: args.max,
                grade: args.grade,
                json: ui.json,
            };
            bench::run(&opts, &mut out)
                .map(|ok| if ok { Status::Solved } else { Status::NoSolution })
        }
    }
    .and_then(|status| out.flush().map(|()| status).map_err(Into::into));
    match result {
        Ok(status) => ExitCode::from(status.code()),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            match e.downcast_ref::<say::Said>() {
                Some(said) => eprintln!("{said}"),
                None => eprintln!("calcudoku: {e:#}"),
            }
            ExitCode::from(Status::BadInput.code())
        }
    }
}

/// `calcudoku --json count x`: the switches that hold for every command (`--json`, `-q`, `-v`)
/// may come before the command's name. Because the bare form (`calcudoku FILE…`, which
/// solves) takes arguments of its own, clap would read such a name as a FILE: the switches are
/// moved after it.
fn globals_after_command(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    const GLOBAL: [&str; 5] = ["--json", "-q", "--quiet", "-v", "--verbose"];
    let lead =
        args.iter().skip(1).take_while(|a| a.to_str().is_some_and(|a| GLOBAL.contains(&a))).count();
    let names: Vec<String> =
        Cli::command().get_subcommands().map(|c| c.get_name().to_string()).collect();
    let is_command =
        args.get(1 + lead).and_then(|a| a.to_str()).is_some_and(|a| names.iter().any(|n| n == a));
    if lead > 0 && is_command {
        let command = args.remove(1 + lead);
        args.insert(1, command);
    }
    args
}

/// `calcudoku sovle x`: a first FILE that does not exist but is one or two letters from a
/// command is a mistyped command, not a file to read.
fn near_miss_subcommand(cli: &Cli) -> Option<ExitCode> {
    let first = cli.solve.input.files.first()?.to_str()?;
    if cli.command.is_some() || first == "-" || Path::new(first).exists() {
        return None;
    }
    let names: Vec<String> =
        Cli::command().get_subcommands().map(|c| c.get_name().to_string()).collect();
    let best = names.iter().min_by_key(|n| edit_distance(first, n))?;
    (edit_distance(first, best) <= 2).then(|| {
        if first == best {
            eprintln!(
                "calcudoku: '{first}' is a command, but options before it were taken as the bare form's (solve): put them after '{first}'. See `calcudoku {first} --help`."
            );
            return ExitCode::from(Status::BadInput.code());
        }
        eprintln!(
            "calcudoku: unrecognized command '{first}' (and no such file); did you mean '{best}'? See `calcudoku --help`."
        );
        ExitCode::from(Status::BadInput.code())
    })
}

/// Levenshtein distance between two short words.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
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

/// The most a non-streamed input may hold: puzzles are small, and this keeps memory bounded.
const MAX_INPUT: u64 = 64 << 20;

/// Turns bytes into text, or a message naming the place of the first byte that is not UTF-8.
fn decode(bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| not_utf8(e.as_bytes(), e.utf8_error().valid_up_to(), 1))
}

/// The message for a byte that is not UTF-8 at offset `at` of `bytes`, whose first line is
/// line `first_line` of the input.
fn not_utf8(bytes: &[u8], at: usize, first_line: usize) -> String {
    let line = first_line + bytes[..at].iter().filter(|&&b| b == b'\n').count();
    let column = at - bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
    format!("line {line}, column {column}: expected text (UTF-8), found byte 0x{:02x}", bytes[at])
}

/// Reads a whole source as text (at most [`MAX_INPUT`] bytes).
fn read_text(src: &Source) -> Result<String, String> {
    let (reader, _) = open(src).map_err(|e| format!("cannot read: {e}"))?;
    let mut bytes = Vec::new();
    reader.take(MAX_INPUT + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(format!("expected a puzzle file, found more than {} MiB", MAX_INPUT >> 20));
    }
    decode(bytes)
}

fn open(src: &Source) -> io::Result<(Box<dyn BufRead>, Option<u64>)> {
    Ok(match &src.path {
        Some(p) => {
            let f = std::fs::File::open(p)?;
            let len = f.metadata().ok().map(|m| m.len());
            (Box::new(io::BufReader::with_capacity(1 << 16, f)), len)
        }
        None => (Box::new(io::BufReader::new(io::stdin())), None),
    })
}

/// Reads every source and hands each puzzle to `each`; a file of one-line 9×9 (or larger)
/// Sudokus is streamed through [`batch::run`] when `stream` allows it. Bad input is reported on
/// standard error without stopping: one bad puzzle or file does not stop the others.
fn for_each_puzzle(
    input: &InputArgs,
    ui: Ui,
    out: &mut dyn Write,
    stream: Option<(&batch::Work, usize)>,
    mut each: impl FnMut(&calcudoku::Puzzle, &Place) -> Result<Answer>,
) -> Result<Status> {
    let forced =
        input.format.as_deref().map(|n| Format::from_name(n).expect("clap checked the name"));
    let srcs = sources(input);
    let mut summary = batch::Summary::default();
    let mut status = Status::Solved;
    let bad =
        |name: &str, msg: &dyn std::fmt::Display, status: &mut Status, out: &mut dyn Write| {
            eprintln!("{}", say::located(name, &msg.to_string()));
            *status = (*status).max(Status::BadInput);
            if ui.json {
                let place = Place { name, line: 0, layout: Layout::Rows, batch: false };
                out.write_all(json::error(&place, &msg.to_string()).as_bytes())?;
            }
            io::Result::Ok(())
        };
    IN_BATCH.store(true, Ordering::Relaxed);
    'sources: for (i, src) in srcs.iter().enumerate() {
        if interrupted() {
            break;
        }
        if srcs.len() > 1 && !ui.json {
            if i > 0 {
                writeln!(out)?;
            }
            writeln!(out, "==> {} <==", src.name)?;
        }
        let (mut reader, size) = match open(src) {
            Ok(r) => r,
            Err(e) => {
                bad(&src.name, &format!("cannot read: {e}"), &mut status, out)?;
                continue;
            }
        };
        // Read up to the first line with something on it, to tell a streamable batch.
        let mut head = Vec::new();
        loop {
            match batch::read_line(&mut *reader, head.len() + 1) {
                Err(e) => {
                    bad(&src.name, &format!("cannot read: {e}"), &mut status, out)?;
                    continue 'sources;
                }
                Ok(None) => break,
                Ok(Some(line)) => {
                    let blank = line.bytes.as_ref().is_ok_and(|b| {
                        std::str::from_utf8(b).is_ok_and(calcudoku::format::is_blank_or_comment)
                    });
                    head.push(line);
                    if !blank {
                        break;
                    }
                }
            }
        }
        let first = head
            .last()
            .and_then(|l| l.bytes.as_ref().ok())
            .and_then(|b| std::str::from_utf8(b).ok());
        if let (Some((work, threads)), Some(first)) = (stream, first) {
            if matches!(forced, None | Some(Format::Sudoku)) && sudoku::is_long_line_puzzle(first) {
                let input = batch::Input {
                    name: &src.name,
                    first: head,
                    reader: &mut *reader,
                    size_hint: size,
                    ui,
                };
                batch::run(input, out, work, threads, &mut summary)?;
                continue;
            }
        }
        if let Some(Err(msg)) = head.last().map(|l| &l.bytes) {
            bad(&src.name, msg, &mut status, out)?;
            continue;
        }
        let mut bytes = Vec::new();
        for line in &head {
            bytes.extend_from_slice(line.bytes.as_ref().expect("checked above"));
            bytes.push(b'\n');
        }
        if let Err(e) = reader.take(MAX_INPUT + 1).read_to_end(&mut bytes) {
            bad(&src.name, &format!("cannot read: {e}"), &mut status, out)?;
            continue;
        }
        if bytes.len() as u64 > MAX_INPUT {
            bad(
                &src.name,
                &format!("expected a puzzle file, found more than {} MiB", MAX_INPUT >> 20),
                &mut status,
                out,
            )?;
            continue;
        }
        let doc: Document =
            match decode(bytes).and_then(|t| format::read(&t, forced).map_err(|e| e.to_string())) {
                Ok(doc) => doc,
                Err(msg) => {
                    bad(&src.name, &msg, &mut status, out)?;
                    continue;
                }
            };
        let batch = doc.entries.len() > 1;
        let started = Instant::now();
        // Lines in the answer before: answers of several lines (grids in rows) get a blank
        // line between them and their neighbours.
        let mut before = 0usize;
        let mut separate = |text: &str, out: &mut dyn Write| -> io::Result<()> {
            let lines = text.lines().count();
            if before > 0 && batch && !ui.json && (before > 1 || lines > 1) {
                writeln!(out)?;
            }
            before = lines;
            Ok(())
        };
        // With several threads, the puzzles of a document (Keen IDs a line, ops puzzles
        // between blank lines, JSON Lines) are worked out in parallel, as a streamed file's
        // lines are, and written in input order below.
        let mut ahead = match stream {
            Some((work, threads)) if threads > 1 && batch => {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
                let answers: Vec<Option<(Answer, Duration)>> = pool.install(|| {
                    doc.entries
                        .par_iter()
                        .map(|entry| {
                            let p = entry.puzzle.as_ref().ok().filter(|_| !interrupted())?;
                            let place = Place {
                                name: &src.name,
                                line: entry.line,
                                layout: doc.layout,
                                batch,
                            };
                            let started = Instant::now();
                            let a = work(p, &place);
                            Some((a, started.elapsed()))
                        })
                        .collect()
                });
                Some(answers)
            }
            _ => None,
        };
        for (k, entry) in doc.entries.iter().enumerate() {
            if interrupted() {
                break;
            }
            let place = Place { name: &src.name, line: entry.line, layout: doc.layout, batch };
            match &entry.puzzle {
                Ok(p) => {
                    let (a, took) = match ahead.as_mut() {
                        Some(answers) => match answers[k].take() {
                            Some(done) => done,
                            None => break, // interrupted
                        },
                        None => {
                            let started = Instant::now();
                            (each(p, &place)?, started.elapsed())
                        }
                    };
                    notes(&ui, place.name, place.line, &a, took);
                    separate(&a.text, out)?;
                    out.write_all(a.text.as_bytes())?;
                    status = status.max(Status::of(a.outcome));
                    if batch {
                        summary.add_answer(&a);
                    }
                }
                Err(e) => {
                    eprintln!("{}", say::located(&src.name, &e.to_string()));
                    status = status.max(Status::BadInput);
                    if ui.json {
                        out.write_all(json::error(&place, &e.to_string()).as_bytes())?;
                    } else if batch {
                        separate("Invalid puzzle.\n", out)?;
                        writeln!(out, "Invalid puzzle.")?;
                    }
                    if batch {
                        summary.add(None);
                    }
                }
            }
        }
        if batch {
            summary.elapsed += started.elapsed();
        }
    }
    IN_BATCH.store(false, Ordering::Relaxed);
    if (summary.puzzles > 1 || interrupted()) && !ui.quiet {
        out.flush()?;
        let name = if srcs.len() == 1 { srcs[0].name.as_str() } else { "all inputs" };
        let stop = if interrupted() { "interrupted (Ctrl-C): " } else { "" };
        eprintln!("calcudoku: {stop}{}", summary.line(name));
    }
    if interrupted() {
        return Ok(Status::Interrupted);
    }
    if summary.errors > 0 {
        status = status.max(Status::BadInput);
    }
    if summary.timed_out > 0 {
        status = status.max(Status::TimedOut);
    }
    if summary.no_solution > 0 || summary.improper > 0 {
        status = status.max(Status::NoSolution);
    }
    Ok(status)
}

/// What standard error says of one answer: its note unless `-q`, and with `-v` how it ended and
/// how long it took.
pub fn notes(ui: &Ui, name: &str, line: usize, answer: &Answer, took: Duration) {
    if ui.quiet {
        return;
    }
    if let Some(note) = &answer.note {
        eprintln!("{}", say::at_line(name, line, note));
    }
    if ui.verbose {
        let tag = answer.tag.map(|t| format!(" ({t})")).unwrap_or_default();
        let word = answer.outcome.word();
        let ms = took.as_secs_f64() * 1e3;
        eprintln!("{}", say::at_line(name, line, &format!("{word}{tag} in {ms:.3} ms")));
    }
}

fn deadline(input: &InputArgs) -> Result<Option<Duration>> {
    timeout(input.timeout)
}

/// `--timeout SECONDS` as a duration: a positive number, or an error naming the option.
fn timeout(seconds: Option<f64>) -> Result<Option<Duration>> {
    match seconds {
        None => Ok(None),
        Some(s) if s.is_finite() && s > 0.0 => Ok(Some(Duration::from_secs_f64(s.min(1e9)))),
        Some(s) => anyhow::bail!("--timeout: expected a positive number of seconds, found {s}"),
    }
}

fn solve(args: &SolveArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let settings = answer::Settings {
        method: args.method,
        stats: args.stats,
        timeout: deadline(&args.input)?,
        json: ui.json,
    };
    if interactive::wanted(&args.input) {
        if !ui.quiet {
            eprintln!(
                "calcudoku: type the puzzle cage by cage as below (Ctrl-D ends; `calcudoku --help` for files and other formats)"
            );
        }
        return interactive::run(&mut io::stdin().lock(), out, &mut io::stderr(), settings.timeout);
    }
    let threads = threads(args.threads);
    let work = |puzzle: &calcudoku::Puzzle, place: &Place| answer::solve(puzzle, place, &settings);
    for_each_puzzle(&args.input, ui, out, Some((&work, threads)), |p, place| Ok(work(p, place)))
}

/// Threads for a batch: `0` means every core.
fn threads(n: usize) -> usize {
    match n {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}

fn count(args: &CountArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let json = ui.json;
    let timeout = deadline(&args.input)?;
    // The answer of a search stopped at the limit, made once (a batch may print it millions
    // of times); it lives as long as the process.
    let stopped: &'static str =
        Box::leak(format!("{0}+ (stopped at --limit {0})\n", args.limit).into_boxed_str());
    let work = |puzzle: &calcudoku::Puzzle, place: &Place| {
        // The clock is read only when there is a deadline to keep.
        let started = timeout.map(|t| (Instant::now(), t));
        let solver = Solver::new(puzzle).with_deadline(started.map(|(s, t)| s + t));
        let count = match solver.count(args.limit) {
            Ok(c) => c,
            Err(_) => {
                let took = started.map_or(Duration::ZERO, |(s, _)| s.elapsed());
                return answer::timed_out(place, json, took);
            }
        };
        let outcome = match count.solutions {
            0 => Outcome::NoSolution,
            1 if count.complete => Outcome::Unique,
            _ => Outcome::Several,
        };
        let text: std::borrow::Cow<'static, str> = if json {
            let mut o = json::object(place);
            o.insert("solutions".into(), count.solutions.into());
            o.insert("complete".into(), count.complete.into());
            json::line(o).into()
        } else if count.complete {
            match count.solutions {
                0 => "0\n".into(),
                1 => "1\n".into(),
                2 => "2\n".into(),
                n => format!("{n}\n").into(),
            }
        } else if count.solutions == args.limit {
            stopped.into()
        } else {
            format!("{}+ (stopped at --limit {})\n", count.solutions, args.limit).into()
        };
        Answer::new(text, outcome)
    };
    let stream = Some((&work as &batch::Work, threads(args.threads)));
    for_each_puzzle(&args.input, ui, out, stream, |p, place| Ok(work(p, place)))
}

fn convert(args: &ConvertArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let to = Format::from_name(&args.to).expect("clap checked the name");
    let layout = if args.line { Layout::Line } else { Layout::Rows };
    let mut failed = false;
    let status = for_each_puzzle(&args.input, ui, out, None, |puzzle, place| {
        // A batch in JSON is JSON Lines: one object per line.
        let layout = if to == Format::Json && place.batch { Layout::Line } else { layout };
        Ok(match format::write_puzzle(puzzle, to, layout) {
            Ok(text) => Answer { tag: Some("converted"), ..Answer::new(text, Outcome::Solved) },
            Err(e) => {
                eprintln!("{}", say::at_line(place.name, place.line, &e.to_string()));
                failed = true;
                let text = if ui.json { json::error(place, &e.to_string()) } else { String::new() };
                Answer { tag: Some("not converted"), ..Answer::new(text, Outcome::Solved) }
            }
        })
    })?;
    Ok(if failed { status.max(Status::BadInput) } else { status })
}

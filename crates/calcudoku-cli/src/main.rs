//! `calcudoku`: the command line. Arguments in, library calls, text out.

mod answer;
mod batch;
mod bench;
mod check;
mod cli;
mod explain;
mod generate;
mod grade;
mod inputs;
mod interactive;
mod json;
mod progress;
mod render;
mod say;
mod se;

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

use anyhow::Result;
use calcudoku::format::{self, Format, Layout, sudoku};
use calcudoku::solve::{Count, Solver};
use clap::{CommandFactory, Parser};

use answer::{Answer, Outcome, Place};
use cli::{Cli, Command, ConvertArgs, CountArgs, InputArgs, SolveArgs};
use inputs::{Source, for_each_puzzle, not_utf8, read_text};

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
static INTERRUPTED: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);
/// Whether Ctrl-C ends the program at once with status 130: outside a batch, and in one once
/// a first Ctrl-C has asked it to stop.
static ARMED: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(true)));

pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// A batch starts (`true`) or ends: in one, a first Ctrl-C asks for a clean stop.
pub fn in_batch(running: bool) {
    ARMED.store(!running || interrupted(), Ordering::Relaxed);
}

/// Ctrl-C: in a batch, the first one asks for a clean stop; otherwise (or a second time) the
/// program ends with status 130. The signal handler only sets flags, in this order: it ends
/// the program if armed, else marks the batch interrupted and arms itself. (No thread is
/// started for it: a program that counts a short file ends sooner.)
fn handle_ctrl_c() {
    use signal_hook::{consts::SIGINT, flag};
    let _ = flag::register_conditional_shutdown(SIGINT, 130, Arc::clone(&ARMED));
    let _ = flag::register(SIGINT, Arc::clone(&INTERRUPTED));
    let _ = flag::register(SIGINT, Arc::clone(&ARMED));
}

fn main() -> ExitCode {
    let args = globals_after_command(std::env::args_os().collect());
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e, &args),
    };
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
    // (The command tree is built only when there is something to move.)
    if lead == 0 {
        return args;
    }
    let names: Vec<String> =
        Cli::command().get_subcommands().map(|c| c.get_name().to_string()).collect();
    let is_command =
        args.get(1 + lead).and_then(|a| a.to_str()).is_some_and(|a| names.iter().any(|n| n == a));
    if is_command {
        let command = args.remove(1 + lead);
        args.insert(1, command);
    }
    args
}

/// A command line clap turned down. `--help` and `--version` (which clap reports this way)
/// are printed as clap writes them; a usage mistake is one line, like every other error, with
/// a pointer to the help of the command it was typed for: `calcudoku: error: unexpected
/// argument '--foo' found; see 'calcudoku generate --help'`, status 2.
fn usage_error(e: &clap::Error, args: &[std::ffi::OsString]) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    // The command typed, for a message without a `Usage:` line (a value clap turned down):
    // the first word that is not an option, when it names a command.
    let typed = args.iter().skip(1).filter_map(|a| a.to_str()).find(|a| !a.starts_with('-'));
    let command = typed
        .filter(|t| Cli::command().get_subcommands().any(|c| c.get_name() == *t))
        .map_or_else(|| "calcudoku".to_string(), |t| format!("calcudoku {t}"));
    eprintln!("{}", usage_line(&e.render().to_string(), command));
    ExitCode::from(Status::BadInput.code())
}

/// Clap's rendering of a usage error in one line: its message (the lines up to the first
/// blank one, joined), its tips in brackets, and the help to read: that of the command its
/// `Usage:` line names, else of `command`.
fn usage_line(rendered: &str, mut command: String) -> String {
    let mut paragraphs = rendered.split("\n\n").map(str::trim).filter(|p| !p.is_empty());
    let words = |p: &str| p.split_whitespace().collect::<Vec<_>>().join(" ");
    let first = paragraphs.next().unwrap_or("error: bad usage");
    let message = words(first.strip_prefix("error: ").unwrap_or(first));
    let mut tips = Vec::new();
    for p in paragraphs {
        if let Some(tip) = p.strip_prefix("tip: ") {
            tips.push(words(tip));
        } else if let Some(usage) = p.strip_prefix("Usage: ") {
            // `calcudoku generate [OPTIONS]`: the words before the first option or argument.
            let line = usage.lines().next().unwrap_or("");
            let path: Vec<&str> =
                line.split_whitespace().take_while(|w| !w.starts_with(['[', '<', '-'])).collect();
            if !path.is_empty() {
                command = path.join(" ");
            }
        }
    }
    let tips = if tips.is_empty() { String::new() } else { format!(" ({})", tips.join("; ")) };
    format!("calcudoku: error: {message}{tips}; see '{command} --help'")
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
    let line = |bytes: &[u8], place: &Place| answer::solve_line9(bytes, place, &settings);
    let stream = batch::Stream { work: &work, line: Some(&line), threads };
    for_each_puzzle(&args.input, ui, out, Some(stream), |p, place| Ok(work(p, place)))
}

/// Threads for a batch: `0` means every core, and no number asks for more (more threads than
/// cores would only take turns on them). A batch starts no more than it has puzzles either.
fn threads(n: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match n {
        0 => cores,
        n => n.min(cores),
    }
}

fn count(args: &CountArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let json = ui.json;
    let timeout = deadline(&args.input)?;
    // The answer of a search stopped at the limit, made once (a batch may print it millions
    // of times); it lives as long as the process.
    let stopped: &'static str =
        Box::leak(format!("{0}+ (stopped at --limit {0})\n", args.limit).into_boxed_str());
    // A count's answer: its text and outcome.
    let answer = |count: Count, place: &Place| {
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
    let work = |puzzle: &calcudoku::Puzzle, place: &Place| {
        // The clock is read only when there is a deadline to keep.
        let started = timeout.map(|t| (Instant::now(), t));
        let solver = Solver::new(puzzle).with_deadline(started.map(|(s, t)| s + t));
        match solver.count(args.limit) {
            Ok(c) => answer(c, place),
            Err(_) => {
                let took = started.map_or(Duration::ZERO, |(s, _)| s.elapsed());
                answer::timed_out(place, json, took)
            }
        }
    };
    // A plain 9×9 line goes straight to the 9×9 engine (the one `Solver` picks for it), without
    // a `Puzzle`.
    let line = |bytes: &[u8], place: &Place| {
        let givens = sudoku::plain_givens9(bytes)?;
        let started = timeout.map(|t| (Instant::now(), t));
        let solver = Solver::sudoku9(&givens)?.with_deadline(started.map(|(s, t)| s + t));
        Some(match solver.count(args.limit) {
            Ok(c) => answer(c, place),
            Err(_) => {
                let took = started.map_or(Duration::ZERO, |(s, _)| s.elapsed());
                answer::timed_out(place, json, took)
            }
        })
    };
    let stream = batch::Stream { work: &work, line: Some(&line), threads: threads(args.threads) };
    for_each_puzzle(&args.input, ui, out, Some(stream), |p, place| Ok(work(p, place)))
}

fn convert(args: &ConvertArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let to = Format::from_name(&args.to).expect("clap checked the name");
    let layout = if args.line { Layout::Line } else { Layout::Rows };
    let mut failed = false;
    let status = for_each_puzzle(&args.input, ui, out, None, |puzzle, place| {
        // A batch in JSON is JSON Lines: one object per line.
        let layout = if to == Format::JSON && place.batch { Layout::Line } else { layout };
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

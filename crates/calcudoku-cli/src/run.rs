//! What every command shares: how results are shown (`Ui`), how a run ends (`Status`, the
//! exit status), Ctrl-C, the notes on standard error, `--timeout` and `-j`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use anyhow::Result;

use crate::answer::{Answer, Outcome};
use crate::cli::InputArgs;
use crate::say;

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
pub enum Status {
    Solved,
    NoSolution,
    TimedOut,
    BadInput,
    /// Stopped by Ctrl-C in a batch (after a partial summary).
    Interrupted,
}

impl Status {
    /// The status a puzzle's outcome calls for.
    pub fn of(outcome: Outcome) -> Status {
        match outcome {
            Outcome::NoSolution | Outcome::Improper => Status::NoSolution,
            Outcome::TimedOut => Status::TimedOut,
            Outcome::Unique | Outcome::Several | Outcome::Solved => Status::Solved,
        }
    }

    pub fn code(self) -> u8 {
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
pub fn handle_ctrl_c() {
    use signal_hook::{consts::SIGINT, flag};
    let _ = flag::register_conditional_shutdown(SIGINT, 130, Arc::clone(&ARMED));
    let _ = flag::register(SIGINT, Arc::clone(&INTERRUPTED));
    let _ = flag::register(SIGINT, Arc::clone(&ARMED));
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

pub fn deadline(input: &InputArgs) -> Result<Option<Duration>> {
    timeout(input.timeout)
}

/// `--timeout SECONDS` as a duration: a positive number, or an error naming the option.
pub fn timeout(seconds: Option<f64>) -> Result<Option<Duration>> {
    match seconds {
        None => Ok(None),
        Some(s) if s.is_finite() && s > 0.0 => Ok(Some(Duration::from_secs_f64(s.min(1e9)))),
        Some(s) => anyhow::bail!("--timeout: expected a positive number of seconds, found {s}"),
    }
}

/// Threads for a batch: `0` means every core, and no number asks for more (more threads than
/// cores would only take turns on them). A batch starts no more than it has puzzles either.
pub fn threads(n: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match n {
        0 => cores,
        n => n.min(cores),
    }
}

//! One puzzle's answer, as text: what `solve` prints for it and how it ended.

use std::borrow::Cow;
use std::time::{Duration, Instant};

use calcudoku::Puzzle;
use calcudoku::format::{self, Layout};
use calcudoku::solve::brute::{BruteOutcome, brute_force_with};
use calcudoku::solve::{self, Solver, sudoku9};

use crate::cli::Method;
use crate::json;

/// Where a puzzle came from (for messages) and how its answer is laid out.
pub struct Place<'a> {
    pub name: &'a str,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    pub layout: Layout,
    /// Whether the puzzle is one of several read from the same input.
    pub batch: bool,
    /// The format the puzzle was read in, when known (`grade` grades Solo IDs on Solo's
    /// scale).
    pub format: Option<calcudoku::format::Format>,
}

/// How solving one puzzle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Unique,
    /// Several solutions: the first in row-major order was printed.
    Several,
    /// Solved by a method that does not tell uniqueness.
    Solved,
    NoSolution,
    TimedOut,
    /// Not one solution, where a command needs exactly one (grade, hint, explain).
    Improper,
}

impl Outcome {
    /// How the outcome reads in a `-v` line.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Unique => "one solution",
            Outcome::Several => "several solutions",
            Outcome::Solved => "solved",
            Outcome::NoSolution => "no solution",
            Outcome::TimedOut => "timed out",
            Outcome::Improper => "not one solution",
        }
    }
}

/// What to print for a puzzle, and how it ended.
pub struct Answer {
    /// The text printed; a fixed text (a count) is borrowed, not allocated for each puzzle.
    pub text: Cow<'static, str>,
    pub outcome: Outcome,
    /// A message for standard error (a timeout); a fixed one is borrowed, not allocated.
    pub note: Option<Cow<'static, str>>,
    /// A word counted in the batch summary (a grade's level).
    pub tag: Option<&'static str>,
}

impl Answer {
    pub fn new(text: impl Into<Cow<'static, str>>, outcome: Outcome) -> Answer {
        Answer { text: text.into(), outcome, note: None, tag: None }
    }
}

pub struct Settings {
    pub method: Method,
    pub stats: bool,
    pub timeout: Option<Duration>,
    /// One JSON object per puzzle instead of text.
    pub json: bool,
}

/// Solves a puzzle and renders its answer in the layout it came in.
pub fn solve(puzzle: &Puzzle, place: &Place, s: &Settings) -> Answer {
    let layout = place.layout;
    let started = Instant::now();
    let deadline = s.timeout.map(|t| started + t);
    let (grid, outcome, stats_line) = match s.method {
        Method::Fast => {
            let report = match Solver::new(puzzle).with_deadline(deadline).solve() {
                Ok(r) => r,
                Err(_) => return timed_out(place, s.json, started.elapsed()),
            };
            let outcome = match (report.count.solutions, report.count.complete) {
                (0, _) => Outcome::NoSolution,
                (1, true) => Outcome::Unique,
                _ => Outcome::Several,
            };
            let st = report.stats;
            // Formatted only when asked for: on a batch of easy puzzles it would cost as
            // much as a quarter of the search.
            let line = s.stats.then(|| {
                format!(
                    "solver: fast  solutions: {}  nodes: {}  backtracks: {}  narrowings: {}  cage-filterings: {}  time: {:.3} ms",
                    match outcome {
                        Outcome::NoSolution => "none",
                        Outcome::Unique => "unique",
                        _ => "several",
                    },
                    st.nodes,
                    st.backtracks,
                    st.narrowings,
                    st.cage_filterings,
                    started.elapsed().as_secs_f64() * 1e3
                )
            });
            (report.grid, outcome, line)
        }
        Method::BruteForce => {
            let r = brute_force_with(puzzle, None, &mut |_| {
                deadline.is_some_and(|d| Instant::now() >= d)
            });
            match r.outcome {
                BruteOutcome::Solved(g) => (Some(g), Outcome::Solved, Some(r.stats.to_string())),
                BruteOutcome::NoSolution => (None, Outcome::NoSolution, Some(r.stats.to_string())),
                BruteOutcome::Stopped => return timed_out(place, s.json, started.elapsed()),
            }
        }
    };
    let note = (outcome == Outcome::Several).then_some(Cow::Borrowed(SEVERAL));
    if s.json {
        let mut o = json::object(place);
        o.insert("status".into(), if grid.is_some() { "solved" } else { "no solution" }.into());
        o.insert("solution".into(), grid.as_ref().map_or(json::Value::Null, json::grid));
        if s.method == Method::Fast {
            o.insert("unique".into(), (outcome == Outcome::Unique).into());
        }
        return Answer { note, ..Answer::new(json::line(o), outcome) };
    }
    let mut text = match &grid {
        Some(g) => format::write_solution(g, layout),
        None => "No solution.\n".to_string(),
    };
    if let Some(line) = stats_line.filter(|_| s.stats) {
        text.push_str(&line);
        text.push('\n');
    }
    Answer { note, ..Answer::new(text, outcome) }
}

/// The note for a puzzle with several solutions.
const SEVERAL: &str = "more than one solution: this is the first in row-major order (`calcudoku count` tells how many)";

/// [`solve()`]'s answer for a plain one-line 9×9 Sudoku, straight from the 9×9 engine (the one
/// [`Solver::solve`] picks for it) without a `Puzzle`: the same text, outcome and note. None
/// leaves the line to the reader and [`solve()`]: a line that is not plain, givens that clash
/// (the reader words the error), `--stats`, JSON, another method, and a row-major search
/// past its budget (the general engine takes over there).
pub fn solve_line9(bytes: &[u8], place: &Place, s: &Settings) -> Option<Answer> {
    if s.method != Method::Fast || s.stats || s.json || place.layout != Layout::Line {
        return None;
    }
    let givens = format::sudoku::plain_givens9(bytes)?;
    // The clock is read only when there is a deadline to keep.
    let started = s.timeout.map(|t| (Instant::now(), t));
    let found =
        sudoku9::first9_checked(&givens, solve::ROW_MAJOR9_GUESSES, started.map(|(at, t)| at + t))
            .ok()?;
    let Some((counted, first)) = found else {
        let took = started.map_or(Duration::ZERO, |(at, _)| at.elapsed());
        return Some(timed_out(place, false, took));
    };
    Some(match first {
        sudoku9::RowMajor9::First(grid) => {
            let mut line = [b'\n'; 82];
            for (c, &v) in line.iter_mut().zip(&grid) {
                *c = b'0' + v;
            }
            let text = String::from_utf8(line.to_vec()).expect("digits are ASCII");
            if counted.solutions == 1 {
                Answer::new(text, Outcome::Unique)
            } else {
                Answer { note: Some(Cow::Borrowed(SEVERAL)), ..Answer::new(text, Outcome::Several) }
            }
        }
        sudoku9::RowMajor9::NoSolution => Answer::new("No solution.\n", Outcome::NoSolution),
        sudoku9::RowMajor9::OutOfGuesses => return None,
    })
}

/// The answer for a puzzle given up on at the deadline.
pub fn timed_out(place: &Place, as_json: bool, after: Duration) -> Answer {
    let text: Cow<'static, str> = if as_json {
        let mut o = json::object(place);
        o.insert("status".into(), "timeout".into());
        json::line(o).into()
    } else if place.layout == Layout::Line {
        "Timed out.\n".into()
    } else {
        "".into()
    };
    Answer {
        text,
        outcome: Outcome::TimedOut,
        note: Some(format!("gave up after {:.3} s (--timeout)", after.as_secs_f64()).into()),
        tag: None,
    }
}

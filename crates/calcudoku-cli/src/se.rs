//! `grade --scale se` and `explain --scale se`: Sudoku Explainer's ratings (ER/EP/ED) and path,
//! from `calcudoku::logic::se`. Reads one-line 9×9 Sudokus (81 characters) and Sukaku pencil
//! marks (729 characters) as lines, and 9×9 Sudokus in any other form the readers know.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;
use calcudoku::Puzzle;
use calcudoku::logic::se::{self, SeError, SeInput, SeRating};
use calcudoku::results::{FailureResult, SeGradeResult, StepResult};

use crate::answer::{self, Answer, Outcome, Place};
use crate::cli::InputArgs;
use crate::inputs::stream_puzzles;
use crate::run::{Status, Ui};
use crate::{batch, json};

/// What to print for each puzzle.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Show {
    /// `PUZZLE ER/EP/ED` (JSON: ratings, hardest technique, path).
    Grade,
    /// Every step with SE's name and rating.
    Explain,
}

/// Runs the SE rater over the inputs.
pub fn run(
    input: &InputArgs,
    timeout: Option<Duration>,
    threads: usize,
    show: Show,
    ui: Ui,
    out: &mut dyn Write,
) -> Result<Status> {
    let as_json = ui.json;
    let work = |puzzle: &Puzzle, place: &Place| match givens(puzzle) {
        Some(g) => answer_for(&line_of(&g), &SeInput::Givens(g), place, timeout, show, as_json),
        None => not_9x9(place, as_json),
    };
    let line = |bytes: &[u8], place: &Place| -> Option<Answer> {
        let text = std::str::from_utf8(bytes).ok()?;
        let word = text.split_whitespace().next()?;
        let parsed = se::parse(word).ok()?;
        Some(answer_for(word, &parsed, place, timeout, show, as_json))
    };
    stream_puzzles(input, ui, out, batch::Stream { work: &work, line: Some(&line), threads })
}

/// Whether a line starts with 729 pencil-mark characters (a Sukaku, streamed like one-line
/// Sudokus; only the SE scale reads it).
pub fn is_sukaku_line(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|w| w.len() == 729 && w.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}

/// The givens of a plain 9×9 Sudoku (3×3 boxes, no cages).
fn givens(p: &Puzzle) -> Option<[u8; 81]> {
    if p.size() != 9
        || !p.cages().is_empty()
        || p.boxes().is_none_or(|b| b.height != 3 || b.width != 3)
    {
        return None;
    }
    let cells = p.givens().cells();
    let mut g = [0u8; 81];
    g.copy_from_slice(cells.get(..81)?);
    Some(g)
}

fn line_of(g: &[u8; 81]) -> String {
    g.iter().map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) }).collect()
}

fn not_9x9(place: &Place, as_json: bool) -> Answer {
    let msg = "the SE scale rates 9x9 Sudokus only";
    let text = if as_json {
        let mut o = json::object(place);
        o.insert("status".into(), "error".into());
        o.insert("error".into(), msg.into());
        json::line(o)
    } else {
        "error\n".to_string()
    };
    Answer { note: Some(msg.into()), ..Answer::new(text, Outcome::Improper) }
}

fn answer_for(
    shown: &str,
    input: &SeInput,
    place: &Place,
    timeout: Option<Duration>,
    show: Show,
    as_json: bool,
) -> Answer {
    let started = Instant::now();
    match se::rate(input, timeout.map(|t| started + t)) {
        Ok(r) => {
            let text = match (show, as_json) {
                (Show::Grade, false) => format!("{shown} {r}\n"),
                (Show::Grade, true) => json::result(place, &[], &SeGradeResult::of(&r, true)),
                (Show::Explain, false) => explain_text(&r),
                (Show::Explain, true) => explain_json(&r, place),
            };
            Answer::new(text, Outcome::Unique)
        }
        Err(SeError::Timeout) => answer::timed_out(place, as_json, started.elapsed()),
        Err(e) => {
            let (word, outcome) = match e {
                SeError::NoSolution => ("no solution", Outcome::NoSolution),
                _ => ("not unique", Outcome::Improper),
            };
            let text = if as_json {
                json::result(place, &[], &FailureResult::from(&e))
            } else if show == Show::Grade {
                format!("{shown} {word}\n")
            } else {
                format!("{word}\n")
            };
            Answer::new(text, outcome)
        }
    }
}

fn explain_text(r: &SeRating) -> String {
    let mut text = String::new();
    for (k, s) in r.path.iter().enumerate() {
        text.push_str(&format!("{:>3}. {}\n", k + 1, StepResult::from(s).line()));
    }
    text.push_str(&format!(
        "Solved in {} steps: ER/EP/ED {r} (hardest: {}).\n",
        r.path.len(),
        r.hardest
    ));
    text
}

fn explain_json(r: &SeRating, place: &Place) -> String {
    let mut text = String::new();
    for (k, s) in r.path.iter().enumerate() {
        text.push_str(&json::result(place, &[("step", (k + 1).into())], &StepResult::from(s)));
    }
    text.push_str(&json::result(place, &[], &SeGradeResult::of(r, false)));
    text
}

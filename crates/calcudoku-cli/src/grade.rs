//! `calcudoku grade FILE…`: each puzzle's level, rating and techniques, one line (or one JSON
//! object) per puzzle; files of one-line puzzles are streamed on several threads.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;
use calcudoku::Puzzle;
use calcudoku::logic::{self, Grade, LogicError};

use crate::answer::{self, Answer, Outcome, Place};
use crate::cli::GradeArgs;
use crate::{Status, Ui, batch, deadline, for_each_puzzle, json, se, threads};

pub fn run(args: &GradeArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let as_json = ui.json;
    let timeout = deadline(&args.input)?;
    if args.scale == "se" {
        return se::run(&args.input, timeout, threads(args.threads), se::Show::Grade, ui, out);
    }
    let work = |puzzle: &Puzzle, place: &Place| grade(puzzle, place, timeout, as_json);
    let stream = Some(batch::Stream { work: &work, line: None, threads: threads(args.threads) });
    for_each_puzzle(&args.input, ui, out, stream, |p, place| Ok(work(p, place)))
}

/// One puzzle's grade as an answer: `hard (rating 3.4): naked single ×20, …`.
fn grade(puzzle: &Puzzle, place: &Place, timeout: Option<Duration>, as_json: bool) -> Answer {
    let started = Instant::now();
    match logic::grade(puzzle, timeout.map(|t| started + t)) {
        Ok(g) => {
            let text = if as_json { graded_json(&g, place) } else { graded_text(&g) };
            Answer { tag: Some(g.level_name), ..Answer::new(text, Outcome::Unique) }
        }
        Err(LogicError::Timeout) => answer::timed_out(place, as_json, started.elapsed()),
        Err(e) => failure(&e, place, as_json),
    }
}

fn graded_text(g: &Grade) -> String {
    let used: Vec<String> = g.techniques.iter().map(|(t, k)| format!("{t} ×{k}")).collect();
    format!("{} (rating {:.1}): {}\n", g.level_name, g.rating, used.join(", "))
}

fn graded_json(g: &Grade, place: &Place) -> String {
    let mut o = json::object(place);
    o.insert("status".into(), "graded".into());
    o.insert("level".into(), g.level_name.into());
    o.insert("rating".into(), json::Value::from((g.rating as f64 * 10.0).round() / 10.0));
    o.insert("steps".into(), g.steps.into());
    let mut techniques = json::Map::new();
    for (t, k) in &g.techniques {
        techniques.insert(t.name(), (*k).into());
    }
    o.insert("techniques".into(), json::Value::Object(techniques));
    json::line(o)
}

/// The answer for a puzzle that cannot be graded (or hinted, or explained): `no solution`,
/// `not unique`, or an internal error.
pub fn failure(e: &LogicError, place: &Place, as_json: bool) -> Answer {
    let (word, outcome) = match e {
        LogicError::NoSolution => ("no solution", Outcome::NoSolution),
        LogicError::NotUnique => ("not unique", Outcome::Improper),
        _ => ("error", Outcome::Improper),
    };
    let text = if as_json {
        let mut o = json::object(place);
        o.insert("status".into(), word.into());
        if word == "error" {
            o.insert("error".into(), e.to_string().into());
        }
        json::line(o)
    } else {
        format!("{word}\n")
    };
    let note = (word == "error").then(|| e.to_string().into());
    Answer { note, ..Answer::new(text, outcome) }
}

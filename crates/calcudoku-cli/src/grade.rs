//! `calcudoku grade FILE…`: each puzzle's level, rating and techniques, one line (or one JSON
//! object) per puzzle; files of one-line puzzles are streamed on several threads.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;
use calcudoku::Puzzle;
use calcudoku::format::Format;
use calcudoku::logic::{self, Grade, LogicError, SoloError};

use crate::answer::{self, Answer, Outcome, Place};
use crate::cli::{GradeArgs, Scale};
use crate::{Status, Ui, batch, deadline, for_each_puzzle, json, threads};

pub fn run(args: &GradeArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let as_json = ui.json;
    let timeout = deadline(&args.input)?;
    let scale = args.scale;
    let work = |puzzle: &Puzzle, place: &Place| {
        let solo = match scale {
            Scale::Solo => true,
            Scale::Ladder => false,
            Scale::Auto => place.format == Some(Format::SOLO) && logic::solo_applies(puzzle),
        };
        if solo {
            solo_grade(puzzle, place, timeout, as_json)
        } else {
            grade(puzzle, place, timeout, as_json)
        }
    };
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

/// One puzzle's level on Solo's scale: `intermediate: positional elimination in a region
/// ×31, …`.
fn solo_grade(puzzle: &Puzzle, place: &Place, timeout: Option<Duration>, as_json: bool) -> Answer {
    let started = Instant::now();
    match logic::solo_grade(puzzle, timeout.map(|t| started + t)) {
        Ok(g) => {
            let text = if as_json {
                let mut o = json::object(place);
                o.insert("status".into(), "graded".into());
                o.insert("scale".into(), "solo".into());
                o.insert("level".into(), g.level.name().into());
                let mut rules = json::Map::new();
                for (r, k) in &g.rules {
                    rules.insert((*r).into(), (*k).into());
                }
                o.insert("rules".into(), json::Value::Object(rules));
                json::line(o)
            } else {
                let used: Vec<String> = g.rules.iter().map(|(r, k)| format!("{r} ×{k}")).collect();
                format!("{}: {}\n", g.level, used.join(", "))
            };
            Answer { tag: Some(g.level.name()), ..Answer::new(text, Outcome::Unique) }
        }
        Err(SoloError::Logic(LogicError::Timeout)) => {
            answer::timed_out(place, as_json, started.elapsed())
        }
        Err(SoloError::Logic(e)) => failure(&e, place, as_json),
        Err(e) => {
            let text = if as_json {
                let mut o = json::object(place);
                o.insert("status".into(), "error".into());
                o.insert("error".into(), e.to_string().into());
                json::line(o)
            } else {
                "error\n".to_string()
            };
            Answer { note: Some(e.to_string().into()), ..Answer::new(text, Outcome::Improper) }
        }
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

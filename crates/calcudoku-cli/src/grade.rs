//! `calcudoku grade FILE…`: each puzzle's level, rating and techniques, one line (or one JSON
//! object) per puzzle; files of one-line puzzles are streamed on several threads.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;
use calcudoku::Puzzle;
use calcudoku::format::Format;
use calcudoku::logic::{self, LogicError, SoloError};
use calcudoku::results::{FailureResult, GradeResult};

use crate::answer::{self, Answer, Outcome, Place};
use crate::cli::{GradeArgs, Scale};
use crate::inputs::stream_puzzles;
use crate::run::{Status, Ui, deadline, threads};
use crate::{batch, json, se};

pub fn run(args: &GradeArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let as_json = ui.json;
    let timeout = deadline(&args.input)?;
    if args.scale == Scale::Se {
        return se::run(&args.input, timeout, threads(args.threads), se::Show::Grade, ui, out);
    }
    let scale = args.scale;
    let work = |puzzle: &Puzzle, place: &Place| {
        let solo = match scale {
            Scale::Solo => true,
            Scale::Ladder | Scale::Se => false,
            Scale::Auto => place.format == Some(Format::SOLO) && logic::solo_applies(puzzle),
        };
        if solo {
            solo_grade(puzzle, place, timeout, as_json)
        } else {
            grade(puzzle, place, timeout, as_json)
        }
    };
    let stream = batch::Stream { work: &work, line: None, threads: threads(args.threads) };
    stream_puzzles(&args.input, ui, out, stream)
}

/// One puzzle's grade as an answer: `hard (rating 3.4): naked single ×20, …`.
fn grade(puzzle: &Puzzle, place: &Place, timeout: Option<Duration>, as_json: bool) -> Answer {
    let started = Instant::now();
    match logic::grade(puzzle, timeout.map(|t| started + t)) {
        Ok(g) => {
            let result = GradeResult::from(&g);
            let text = if as_json {
                json::result(place, &[], &result)
            } else {
                format!("{}\n", result.line())
            };
            Answer { tag: Some(g.level_name), ..Answer::new(text, Outcome::Unique) }
        }
        Err(LogicError::Timeout) => answer::timed_out(place, as_json, started.elapsed()),
        Err(e) => failure(&e, place, as_json),
    }
}

/// One puzzle's level on Solo's scale: `intermediate: positional elimination in a region
/// ×31, …`; a Killer's with its Killer level: `basic (Killer advanced): …`.
fn solo_grade(puzzle: &Puzzle, place: &Place, timeout: Option<Duration>, as_json: bool) -> Answer {
    let started = Instant::now();
    match logic::solo_grade(puzzle, timeout.map(|t| started + t)) {
        Ok(g) => {
            let text = if as_json {
                let mut o = json::object(place);
                o.insert("status".into(), "graded".into());
                o.insert("scale".into(), "solo".into());
                o.insert("level".into(), g.level.name().into());
                if let Some(k) = g.killer {
                    o.insert("killer_level".into(), k.name().into());
                }
                let mut rules = json::Map::new();
                for (r, k) in &g.rules {
                    rules.insert((*r).into(), (*k).into());
                }
                o.insert("rules".into(), json::Value::Object(rules));
                json::line(o)
            } else {
                let used: Vec<String> = g.rules.iter().map(|(r, k)| format!("{r} ×{k}")).collect();
                match g.killer {
                    Some(k) => format!("{} (Killer {k}): {}\n", g.level, used.join(", ")),
                    None => format!("{}: {}\n", g.level, used.join(", ")),
                }
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

/// The answer for a puzzle that cannot be graded (or hinted, or explained): `no solution`,
/// `not unique`, or an internal error.
pub fn failure(e: &LogicError, place: &Place, as_json: bool) -> Answer {
    let result = FailureResult::from(e);
    let outcome =
        if matches!(e, LogicError::NoSolution) { Outcome::NoSolution } else { Outcome::Improper };
    let text =
        if as_json { json::result(place, &[], &result) } else { format!("{}\n", result.status) };
    let note = result.error.map(Into::into);
    Answer { note, ..Answer::new(text, outcome) }
}

//! `calcudoku count`: how many solutions each puzzle has, up to `--limit`.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;
use calcudoku::format::sudoku;
use calcudoku::results::CountResult;
use calcudoku::solve::{Count, Solver};

use crate::answer::{self, Answer, Outcome, Place};
use crate::batch;
use crate::cli::CountArgs;
use crate::inputs::stream_puzzles;
use crate::json;
use crate::run::{Status, Ui, deadline, threads};

pub fn run(args: &CountArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
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
            json::result(place, &[], &CountResult::from(count)).into()
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
    stream_puzzles(&args.input, ui, out, stream)
}

//! `calcudoku solve` (and `calcudoku FILE…`): each puzzle's first solution in row-major order,
//! and whether it is the only one.

use std::io::{self, Write};

use anyhow::Result;

use crate::answer::{self, Place};
use crate::batch;
use crate::cli::SolveArgs;
use crate::inputs::stream_puzzles;
use crate::interactive;
use crate::run::{Status, Ui, deadline, threads};

pub fn run(args: &SolveArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
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
    stream_puzzles(&args.input, ui, out, stream)
}

//! `calcudoku convert`: each puzzle in another format.

use std::io::Write;

use anyhow::Result;
use calcudoku::format::{self, Format, Layout};

use crate::answer::{Answer, Outcome};
use crate::cli::ConvertArgs;
use crate::inputs::for_each_puzzle;
use crate::run::{Status, Ui};
use crate::{json, say};

pub fn run(args: &ConvertArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let to = Format::from_name(&args.to).expect("clap checked the name");
    let layout = if args.line { Layout::Line } else { Layout::Rows };
    let mut failed = false;
    let status = for_each_puzzle(&args.input, ui, out, |puzzle, place| {
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

//! `calcudoku hint` and `calcudoku explain`: the next step, or the whole path, in words.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::Result;
use calcudoku::format::{self, Format, Layout};
use calcudoku::logic::{self, Board, End, Hint, Ladder, LogicError, step_text};
use calcudoku::results::{At, ExplainResult, HintResult, StepResult};
use calcudoku::{Cell, Puzzle};

use crate::answer::{self, Answer, Outcome, Place};
use crate::cli::{ExplainArgs, HintArgs};
use crate::grade::failure;
use crate::inputs::{Source, for_each_puzzle, read_text};
use crate::render::Draw;
use crate::run::{Status, Ui, deadline};
use crate::{json, say};

fn source(path: &Path) -> Source {
    if path == Path::new("-") {
        Source { name: "<stdin>".into(), path: None }
    } else {
        Source { name: path.display().to_string(), path: Some(path.to_path_buf()) }
    }
}

pub fn hint(args: &HintArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let as_json = ui.json;
    let draw = Draw::from_args(&args.draw, ui, "Hint")?;
    let src = source(&args.puzzle);
    let forced = args.format.as_deref().map(|n| Format::from_name(n).expect("clap checked it"));
    let text = read_text(&src).map_err(|m| say::error(&src.name, m))?;
    let puzzle = format::parse(&text, forced).map_err(|e| say::error(&src.name, e))?;
    let puzzle = crate::inputs::one_with_variants(&src.name, puzzle, &args.variant)?;
    let grid = match &args.grid {
        None => None,
        Some(path) => {
            let g = source(path);
            if g.path.is_none() && src.path.is_none() {
                anyhow::bail!("the puzzle and the grid cannot both come from standard input");
            }
            let text = read_text(&g).map_err(|m| say::error(&g.name, m))?;
            let grid = format::grid::parse_sized(&text, puzzle.size())
                .map_err(|e| say::error(&g.name, e))?;
            Some(grid)
        }
    };
    let timeout = deadline(&crate::cli::InputArgs {
        files: Vec::new(),
        format: None,
        variant: Vec::new(),
        timeout: args.timeout,
    })?;
    let started = Instant::now();
    let place =
        Place { name: &src.name, line: 1, layout: Layout::Rows, batch: false, format: None };
    let result = logic::hint(&puzzle, grid.as_ref(), timeout.map(|t| started + t));
    let answer = match result {
        Ok(h) => hint_answer(&puzzle, grid.as_ref(), &h, &place, as_json, draw.as_ref())?,
        Err(LogicError::Timeout) => answer::timed_out(&place, as_json, started.elapsed()),
        Err(e) => failure(&e, &place, as_json),
    };
    if let Some(note) = &answer.note {
        eprintln!("calcudoku: {}: {note}", src.name);
    }
    out.write_all(answer.text.as_bytes())?;
    if let Some(d) = &draw {
        d.finish()?;
    }
    Ok(Status::of(answer.outcome))
}

fn hint_answer(
    puzzle: &Puzzle,
    grid: Option<&calcudoku::Grid>,
    h: &Hint,
    place: &Place,
    as_json: bool,
    draw: Option<&Draw>,
) -> Result<Answer> {
    let board = match grid {
        Some(g) => Board::with_grid(puzzle, g),
        None => Board::new(puzzle),
    };
    let name = |c: Cell| format!("r{}c{}", c.row(puzzle.size()) + 1, c.col(puzzle.size()) + 1);
    Ok(match h {
        Hint::Step { step, text } => {
            let board = board.expect("a hint's board is consistent");
            let ladder = Ladder::for_board(&board);
            let result = StepResult::new(&board, &ladder, step, text.clone());
            let out = if as_json {
                json::result(place, &[], &HintResult::Step(result))
            } else {
                format!("{}\n", result.line())
            };
            let out = match draw {
                // The SVG alone on standard output (the sentence is its caption).
                Some(d) if !d.to_files() && d.is_svg() => d.step(&board, &step.step, text, None)?,
                Some(d) => out + &d.step(&board, &step.step, text, None)?,
                None => out,
            };
            Answer::new(out, Outcome::Unique)
        }
        Hint::Wrong(cells) => {
            let names: Vec<String> = cells.iter().map(|&c| name(c)).collect();
            let text = if as_json {
                let n = puzzle.size();
                let wrong = cells.iter().map(|&c| At::of(c, n)).collect();
                json::result(place, &[], &HintResult::Wrong { wrong })
            } else if names.len() == 1 {
                format!("{} is wrong: the solution has another value there\n", names[0])
            } else {
                format!(
                    "{} are wrong: the solution has other values there\n",
                    step_text::and_list(names)
                )
            };
            let text = match (draw, grid) {
                (Some(d), Some(g)) if !d.to_files() && d.is_svg() => {
                    d.wrong(puzzle, g, cells, text.trim_end())?
                }
                (Some(d), Some(g)) => text.clone() + &d.wrong(puzzle, g, cells, text.trim_end())?,
                _ => text,
            };
            Answer::new(text, Outcome::NoSolution)
        }
        Hint::Solved => {
            let text = if as_json {
                json::result(place, &[], &HintResult::Solved)
            } else {
                "The grid is complete and right.\n".into()
            };
            Answer::new(text, Outcome::Unique)
        }
        Hint::Stuck => {
            let text = if as_json {
                json::result(place, &[], &HintResult::Stuck)
            } else {
                "No step found.\n".into()
            };
            Answer::new(text, Outcome::Improper)
        }
    })
}

pub fn explain(args: &ExplainArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let as_json = ui.json;
    let timeout = deadline(&args.input)?;
    if args.scale == "se" {
        return crate::se::run(&args.input, timeout, 1, crate::se::Show::Explain, ui, out);
    }
    let draw = Draw::from_args(&args.draw, ui, "Steps")?;
    if draw.as_ref().is_some_and(|d| d.is_svg() && !d.to_files()) {
        anyhow::bail!("explain --draw --to svg makes a picture per step: give -o OUT");
    }
    let mut pictures = 0;
    let status = for_each_puzzle(&args.input, ui, out, |puzzle, place| {
        let started = Instant::now();
        let deadline = timeout.map(|t| started + t);
        Ok(match explain_one(puzzle, place, deadline, as_json, draw.as_ref(), &mut pictures)? {
            Ok(a) => a,
            Err(LogicError::Timeout) => answer::timed_out(place, as_json, started.elapsed()),
            Err(e) => failure(&e, place, as_json),
        })
    })?;
    if let Some(d) = &draw {
        d.finish()?;
    }
    Ok(status)
}

/// The whole path of one puzzle; with `draw`, a picture of each step (`pictures` counts those
/// written to files across puzzles, to number them).
fn explain_one(
    puzzle: &Puzzle,
    place: &Place,
    deadline: Option<Instant>,
    as_json: bool,
    draw: Option<&Draw>,
    pictures: &mut usize,
) -> Result<Result<Answer, LogicError>> {
    let (board, ladder, e) = match explain_path(puzzle, deadline) {
        Ok(path) => path,
        Err(e) => return Ok(Err(e)),
    };
    let result = match ExplainResult::of(board.clone(), &ladder, &e) {
        Ok(result) => result,
        Err(e) => return Ok(Err(e)),
    };
    let mut text = String::new();
    let mut replay = board;
    for (k, (step, (found, sentence))) in result.steps.iter().zip(&e.steps).enumerate() {
        if as_json {
            text.push_str(&json::result(place, &[("step", (k + 1).into())], step));
        } else {
            text.push_str(&format!("{:>3}. {}\n", k + 1, step.line()));
        }
        if let Some(d) = draw {
            *pictures += usize::from(d.file_per_picture());
            let number = d.file_per_picture().then_some(*pictures);
            text.push_str(&d.step(&replay, &found.step, sentence, number)?);
            // ExplainResult::of replayed the same steps without error.
            found.step.apply(&mut replay).expect("a step replayed once already");
        }
    }
    let summary = &result.summary;
    let solved = e.end == End::Solved;
    if as_json {
        text.push_str(&json::result(place, &[], summary));
    } else if solved {
        text.push_str(&format!(
            "Solved in {} steps: level {}, rating {:.1}.\n{}",
            summary.steps,
            summary.level,
            summary.rating,
            e.board.to_grid()
        ));
    } else {
        text.push_str("No further step found.\n");
    }
    Ok(Ok(Answer::new(text, if solved { Outcome::Unique } else { Outcome::Improper })))
}

/// The board, ladder and explanation of a puzzle with one solution.
fn explain_path(
    puzzle: &Puzzle,
    deadline: Option<Instant>,
) -> Result<(Board, Ladder, logic::Explanation), LogicError> {
    logic::unique_solution(puzzle, deadline)?;
    let board = Board::new(puzzle).map_err(|_| LogicError::NoSolution)?;
    let ladder = Ladder::for_board(&board);
    let e = logic::explain(board.clone(), &ladder, deadline)?;
    Ok((board, ladder, e))
}

//! `calcudoku check PUZZLE GRID`: a person's own answer against a puzzle.
//!
//! The puzzle is read in any format (`format::parse`), the grid by `format::grid::parse_sized`
//! at the puzzle's size, and judged by `validate::check`, which names the first broken rule.
//!
//! - nothing broken: `ok: the grid solves the puzzle` or `ok: the partial grid fits so far
//!   (K cells empty)`, exit status 0 — a partial grid is first completed by the solver, so
//!   "fits so far" means some way of filling the empty cells solves the puzzle;
//! - no rule broken yet, but no completion exists (1 and 2 in an `80*` cage): `no completion
//!   exists: …`, exit status 1;
//! - a broken rule, in words (`row 3 has two 5s`), exit status 1;
//! - out of time (`--timeout`) before a partial grid's completion is found or ruled out:
//!   `out of time: …`, exit status 3;
//! - bad input (a file that cannot be read, a puzzle or grid that does not parse, a grid of
//!   the wrong size): one line on standard error naming the file, the line and what was
//!   expected, exit status 2.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use calcudoku::format::{self, Format};
use calcudoku::solve::Solver;
use calcudoku::validate::{self, Violation};
use calcudoku::{Grid, Puzzle};

use crate::answer::Place;
use crate::cli::CheckArgs;
use crate::inputs::{Source, read_text};
use crate::run::{Status, Ui};
use crate::{json, say};
use calcudoku::results::CheckResult;

fn source(path: &Path) -> Source {
    if path == Path::new("-") {
        Source { name: "<stdin>".into(), path: None }
    } else {
        Source { name: path.display().to_string(), path: Some(path.to_path_buf()) }
    }
}

/// What a check found, for the text and the `--json` forms.
enum Verdict {
    Solves,
    Fits { empty: usize },
    NoCompletion { empty: usize },
    Broken(String),
    TimedOut { after: Duration },
}

pub fn run(args: &CheckArgs, ui: Ui, out: &mut dyn Write) -> Result<Status> {
    let (place_name, verdict) = judge(args)?;
    let status = match verdict {
        Verdict::Solves | Verdict::Fits { .. } => Status::Solved,
        Verdict::TimedOut { .. } => Status::TimedOut,
        _ => Status::NoSolution,
    };
    let result = match verdict {
        Verdict::Solves => CheckResult::solves(),
        Verdict::Fits { empty } => CheckResult::fits(empty),
        Verdict::NoCompletion { empty } => CheckResult::no_completion(empty),
        Verdict::Broken(v) => CheckResult::broken(v),
        Verdict::TimedOut { after } => CheckResult::timeout(after.as_secs_f64()),
    };
    if ui.json {
        let place = Place {
            name: &place_name,
            line: 1,
            layout: format::Layout::Rows,
            batch: false,
            format: None,
        };
        out.write_all(json::result(&place, &[], &result).as_bytes())?;
        return Ok(status);
    }
    match result.status {
        "solves" | "fits" => writeln!(out, "ok: {}", result.message)?,
        "no completion" => writeln!(
            out,
            "no completion exists: the grid breaks no rule yet, but {}",
            result.message
        )?,
        _ => writeln!(out, "{}", result.message)?,
    }
    Ok(status)
}

/// The grid's file name (for `--json`) and what the check found.
fn judge(args: &CheckArgs) -> Result<(String, Verdict)> {
    let timeout = crate::run::timeout(args.timeout)?;
    let started = Instant::now();
    let (puzzle_src, grid_src) = (source(&args.puzzle), source(&args.grid));
    if puzzle_src.path.is_none() && grid_src.path.is_none() {
        bail!("the puzzle and the grid cannot both come from standard input");
    }
    let forced = args.format.as_deref().map(|n| Format::from_name(n).expect("clap checked it"));
    let text = read_text(&puzzle_src).map_err(|m| say::error(&puzzle_src.name, m))?;
    let puzzle = format::parse(&text, forced).map_err(|e| say::error(&puzzle_src.name, e))?;
    let puzzle = crate::inputs::one_with_variants(&puzzle_src.name, puzzle, &args.variant)?;
    let text = read_text(&grid_src).map_err(|m| say::error(&grid_src.name, m))?;
    let grid = format::grid::parse_sized(&text, puzzle.size())
        .map_err(|e| say::error(&grid_src.name, e))?;
    let verdict = match validate::check(&puzzle, &grid) {
        Ok(()) => {
            let empty = grid.cells().iter().filter(|&&v| v == 0).count();
            if empty == 0 {
                Verdict::Solves
            } else {
                match completable(&puzzle, &grid, timeout.map(|t| started + t))? {
                    Some(true) => Verdict::Fits { empty },
                    Some(false) => Verdict::NoCompletion { empty },
                    None => Verdict::TimedOut { after: started.elapsed() },
                }
            }
        }
        // The grid was read at the puzzle's size with values in range: these are bad input.
        Err(v @ (Violation::Size { .. } | Violation::OutOfRange { .. })) => {
            bail!("{}: {v}", grid_src.name)
        }
        Err(v) => Verdict::Broken(v.to_string()),
    };
    Ok((grid_src.name, verdict))
}

/// Whether some solution of the puzzle agrees with every value of the partial grid (None: the
/// deadline passed first).
fn completable(puzzle: &Puzzle, grid: &Grid, deadline: Option<Instant>) -> Result<Option<bool>> {
    let mut givens = puzzle.givens().clone();
    for (i, &v) in grid.cells().iter().enumerate() {
        if v != 0 {
            givens.set(calcudoku::Cell(i as u16), v);
        }
    }
    let with_grid = puzzle.with_givens(givens)?;
    Ok(Solver::new(&with_grid).with_deadline(deadline).count(1).ok().map(|c| c.solutions > 0))
}

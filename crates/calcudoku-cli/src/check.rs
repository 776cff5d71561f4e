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
//! - bad input (a file that cannot be read, a puzzle or grid that does not parse, a grid of
//!   the wrong size): one line on standard error naming the file, the line and what was
//!   expected, exit status 2.

use std::io::Write;
use std::path::Path;

use anyhow::{Result, anyhow, bail};
use calcudoku::format::{self, Format};
use calcudoku::solve::Solver;
use calcudoku::validate::{self, Violation};
use calcudoku::{Grid, Puzzle};

use crate::cli::CheckArgs;
use crate::{Source, Status, read_text};

fn source(path: &Path) -> Source {
    if path == Path::new("-") {
        Source { name: "<stdin>".into(), path: None }
    } else {
        Source { name: path.display().to_string(), path: Some(path.to_path_buf()) }
    }
}

pub fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<Status> {
    let (puzzle_src, grid_src) = (source(&args.puzzle), source(&args.grid));
    if puzzle_src.path.is_none() && grid_src.path.is_none() {
        bail!("the puzzle and the grid cannot both come from standard input");
    }
    let forced = args.format.as_deref().map(|n| Format::from_name(n).expect("clap checked it"));
    let text = read_text(&puzzle_src).map_err(|m| anyhow!("{}: {m}", puzzle_src.name))?;
    let puzzle = format::parse(&text, forced).map_err(|e| anyhow!("{}: {e}", puzzle_src.name))?;
    let text = read_text(&grid_src).map_err(|m| anyhow!("{}: {m}", grid_src.name))?;
    let grid = format::grid::parse_sized(&text, puzzle.size())
        .map_err(|e| anyhow!("{}: {e}", grid_src.name))?;
    match validate::check(&puzzle, &grid) {
        Ok(()) => {
            let empty = grid.cells().iter().filter(|&&v| v == 0).count();
            if empty > 0 && !completable(&puzzle, &grid)? {
                writeln!(
                    out,
                    "no completion exists: the grid breaks no rule yet, but no way of filling its {empty} empty cells solves the puzzle"
                )?;
                return Ok(Status::NoSolution);
            }
            match empty {
                0 => writeln!(out, "ok: the grid solves the puzzle")?,
                1 => writeln!(out, "ok: the partial grid fits so far (1 cell empty)")?,
                k => writeln!(out, "ok: the partial grid fits so far ({k} cells empty)")?,
            }
            Ok(Status::Solved)
        }
        // The grid was read at the puzzle's size with values in range: these are bad input.
        Err(v @ (Violation::Size { .. } | Violation::OutOfRange { .. })) => {
            bail!("{}: {v}", grid_src.name)
        }
        Err(v) => {
            writeln!(out, "{v}")?;
            Ok(Status::NoSolution)
        }
    }
}

/// Whether some solution of the puzzle agrees with every value of the partial grid.
fn completable(puzzle: &Puzzle, grid: &Grid) -> Result<bool> {
    let mut givens = puzzle.givens().clone();
    for (i, &v) in grid.cells().iter().enumerate() {
        if v != 0 {
            givens.set(calcudoku::Cell(i as u16), v);
        }
    }
    let with_grid = Puzzle::new(
        puzzle.size(),
        puzzle.boxes(),
        givens,
        puzzle.cages().to_vec(),
        puzzle.distinct_cages(),
    )?;
    let count = Solver::new(&with_grid).count(1).expect("no deadline was set");
    Ok(count.solutions > 0)
}

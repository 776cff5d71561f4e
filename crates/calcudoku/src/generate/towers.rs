//! Skyscrapers (Tatham's Towers): a random Latin square, every clue it shows around the grid,
//! givens where the ladder gets stuck; above easy, clues and givens taken away while the
//! ladder up to the level still solves it (easy keeps every clue, as Towers does).

use crate::clock::Instant;
use crate::logic::{Grade, Ladder};
use crate::puzzle::{Edge, Grid, LineClues, Puzzle, towers_seen};

use super::rng::Rng;
use super::{GenerateError, Options, clued, latin};

pub(super) fn attempt(
    options: &Options,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Grade)>, GenerateError> {
    let n = options.size;
    let mut cells = Vec::new();
    latin::latin_cells(n, rng, &mut cells);
    let solution = Grid::from_valid(n, cells);
    // Every clue, in Tatham's order (top, bottom, left, right).
    let all: Vec<u8> = Edge::ALL
        .into_iter()
        .flat_map(|e| (0..n).map(move |i| (e, i)))
        .map(|(e, i)| towers_seen(e.line(i, n).map(|c| solution.get(c))))
        .collect();
    let build = |on: &[bool], givens: &Grid| {
        let mut clues = LineClues::none(n);
        for (k, e) in Edge::ALL.into_iter().enumerate() {
            for i in 0..n {
                if on[k * n + i] {
                    clues.edge_mut(e)[i] = all[k * n + i];
                }
            }
        }
        Puzzle::builder(n).line_clues(clues).givens(givens.clone()).build().expect("in range")
    };
    let keep = options.level == Some(0);
    let parts = clued::Parts { solution: &solution, clues: 4 * n, keep_clues: keep, build: &build };
    let made = clued::make(&parts, ladder, options.level, rng, deadline)?;
    Ok(made.map(|(p, g)| (p, solution, g)))
}

//! Sudoku of every size: a random solution grid, clues taken away while the solution stays
//! unique, then put back until the level is right.
//!
//! Clues go in orbits of the chosen symmetry, in a random order. Taking clues away never makes
//! a puzzle easier, and putting them back never makes it harder, so once no orbit can go
//! without a second solution, the orbits are put back (the last taken first; found by
//! bisection) until the grade is at the level or below: the puzzle is kept if it is exactly
//! at the level. With `minimal`, nothing is put back: the puzzle has no clue to spare — not
//! a symmetric pair, and not a single clue either (taking clues away by orbits can leave one
//! of a pair that could go alone: such a candidate is dropped, see [`spare_clue`]).

use crate::clock::Instant;
use crate::logic::{Grade, Ladder};
use crate::puzzle::{BoxShape, Cell, Grid, Puzzle};

use super::clues::{Orbit, orbits, put_back_to_level, spare_clue, take_away};
use super::rng::Rng;
use super::{GenerateError, Options, at_level, latin, solves_within};

pub(super) fn attempt(
    options: &Options,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Grade)>, GenerateError> {
    if super::trial::applies(options) {
        return super::trial::attempt(options, ladder, rng, deadline);
    }
    let n = options.size;
    let boxes = BoxShape::standard(n).expect("checked");
    let solution = latin::sudoku_grid(n, boxes, rng);
    let mut orbits = orbits(n, options.symmetry);
    rng.shuffle(&mut orbits);
    let make = |grid: &Grid| Puzzle::sudoku(n, Some(boxes), grid.clone()).expect("in range");

    if n >= LADDER_FROM && !options.minimal {
        let level = options.level.unwrap_or(0);
        let puzzle = taken_while_solved(&solution, boxes, &orbits, ladder, level, deadline)?;
        return Ok(at_level(&puzzle, ladder, Some(level), deadline)?.map(|g| (puzzle, solution, g)));
    }
    let mut givens = solution.clone();
    let removed = take_away(&mut givens, &make, &orbits, deadline)?;
    let minimal = make(&givens);
    if options.minimal && spare_clue(&givens, &make, &orbits, deadline)? {
        return Ok(None);
    }
    if options.minimal || options.level.is_none() {
        return Ok(
            at_level(&minimal, ladder, options.level, deadline)?.map(|g| (minimal, solution, g))
        );
    }
    let level = options.level.expect("checked above");
    let puzzle =
        put_back_to_level(&givens, &solution, &removed, &orbits, &make, (ladder, level), deadline)?;
    Ok(at_level(&puzzle, ladder, Some(level), deadline)?.map(|g| (puzzle, solution, g)))
}

/// From this side on, a puzzle at a level (not minimal) is made by taking clues away while the
/// ladder up to the level still solves it, not while the solution stays unique: telling that a
/// sparse 25×25 grid has a second solution took the exact count seconds (45 s for one easy
/// puzzle, nine tenths of it on the orbits that could not go), while the ladder's singles
/// settle each in a few milliseconds. A puzzle the ladder's sound steps solve has one
/// solution. `any` level there is easy.
pub(super) const LADDER_FROM: usize = 20;

/// The solution with the clues of each orbit taken away in turn, kept away while `ladder`, cut
/// at `level`, still solves the puzzle (put back otherwise).
fn taken_while_solved(
    solution: &Grid,
    boxes: BoxShape,
    orbits: &[Orbit],
    ladder: &Ladder,
    level: u8,
    deadline: Option<Instant>,
) -> Result<Puzzle, GenerateError> {
    let n = solution.size();
    let mut givens = solution.clone();
    for orbit in orbits {
        for &c in orbit {
            givens.set(Cell(c as u16), 0);
        }
        let puzzle = Puzzle::sudoku(n, Some(boxes), givens.clone()).expect("in range");
        if solves_within(&puzzle, ladder, Some(level), deadline)?.is_none() {
            for &c in orbit {
                givens.set(Cell(c as u16), solution.cells()[c]);
            }
        }
    }
    Ok(Puzzle::sudoku(n, Some(boxes), givens).expect("in range"))
}

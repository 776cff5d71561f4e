//! Sudoku, jigsaw, X and jigsaw X at one of Tatham's Solo's levels (`-d advanced`): the grid
//! and clues taken away as for the project's levels (`sudoku`, `variants`), then the orbits
//! put back, the last taken first, until Solo's rules finish the puzzle at the level asked or
//! below (a bisection); kept when its level on Solo's scale is exactly the one asked.
//! `unreasonable` keeps the puzzle with every orbit that could go gone, when Solo's rules do
//! not finish it. A Killer is drawn at no level and kept when it is at Solo's level asked.

use crate::clock::Instant;
use crate::logic::{Grade, Ladder, SoloLevel, solo_level_of};
use crate::puzzle::{BoxShape, Cell, Grid, Puzzle};

use super::clues::{orbits, put_back_until, spare_clue, take_away};
use super::rng::Rng;
use super::{GenerateError, Kind, Options, at_level, latin, variants};

pub(super) fn attempt(
    options: &Options,
    target: SoloLevel,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Grade)>, GenerateError> {
    if options.kind == Kind::Killer {
        return killer(options, target, ladder, rng, deadline);
    }
    let n = options.size;
    let (template, solution) = match options.kind.variant_rules() {
        None => {
            let boxes = BoxShape::standard(n).expect("checked");
            let empty = Puzzle::sudoku(n, Some(boxes), Grid::empty(n)).expect("in range");
            (empty, latin::sudoku_grid(n, boxes, rng))
        }
        Some(rules) => {
            let template = variants::layout(n, rules, rng);
            let Some(solution) = variants::random_solution(&template, rng, deadline)? else {
                return Ok(None);
            };
            (template, solution)
        }
    };
    let mut orbits = orbits(n, options.symmetry);
    rng.shuffle(&mut orbits);
    let make = |grid: &Grid| template.with_givens(grid.clone()).expect("in range");
    let mut givens = solution.clone();
    let removed = take_away(&mut givens, &make, &orbits, deadline)?;
    let level = |p: &Puzzle| solo_level_of(p, deadline).map_err(|_| GenerateError::Timeout);
    let puzzle = if options.minimal {
        if spare_clue(&givens, &make, &orbits, deadline)? {
            return Ok(None);
        }
        make(&givens)
    } else {
        let with = |k: usize| {
            let mut grid = givens.clone();
            for &o in removed.iter().rev().take(k) {
                for &c in &orbits[o] {
                    grid.set(Cell(c as u16), solution.cells()[c]);
                }
            }
            make(&grid)
        };
        let easy_enough = |p: &Puzzle| Ok(level(p)? <= target);
        put_back_until(removed.len(), &with, &easy_enough)?
    };
    if level(&puzzle)? != target {
        return Ok(None);
    }
    Ok(at_level(&puzzle, ladder, None, deadline)?.map(|g| (puzzle, solution, g)))
}

/// A Killer made at no level in particular, kept when its level on Solo's scale is the one
/// asked (about 60% of 9×9 Killers from cages alone come trivial, 25% basic, 10%
/// intermediate, 3% advanced).
fn killer(
    options: &Options,
    target: SoloLevel,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Grade)>, GenerateError> {
    let any = Options { level: None, solo: None, ..options.clone() };
    let Some((puzzle, solution, grade)) = super::killer::attempt(&any, ladder, rng, deadline)?
    else {
        return Ok(None);
    };
    let level = solo_level_of(&puzzle, deadline).map_err(|_| GenerateError::Timeout)?;
    Ok((level == target).then_some((puzzle, solution, grade)))
}

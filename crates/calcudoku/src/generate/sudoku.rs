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
use crate::solve::Solver;

use super::rng::Rng;
use super::{GenerateError, Options, Symmetry, at_level, latin, solves_within};

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
    let removed = take_away(&mut givens, boxes, &orbits, deadline)?;
    let minimal = make(&givens);
    if options.minimal && spare_clue(&givens, boxes, &orbits, deadline)? {
        return Ok(None);
    }
    if options.minimal || options.level.is_none() {
        return Ok(
            at_level(&minimal, ladder, options.level, deadline)?.map(|g| (minimal, solution, g))
        );
    }
    let level = options.level.expect("checked above");
    // with(k): the minimal puzzle with the last k orbits taken put back.
    let with = |k: usize| {
        let mut grid = givens.clone();
        for &o in removed.iter().rev().take(k) {
            for &c in &orbits[o] {
                grid.set(Cell(c as u16), solution.cells()[c]);
            }
        }
        make(&grid)
    };
    // The fewest orbits put back for a grade at the level or below (all of them give the full
    // grid, which is at the lowest level).
    let (mut lo, mut hi) = (0usize, removed.len());
    if solves_within(&with(0), ladder, Some(level), deadline)?.is_some() {
        hi = 0;
    }
    while lo < hi {
        let mid = (lo + hi) / 2;
        if solves_within(&with(mid), ladder, Some(level), deadline)?.is_some() {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let puzzle = with(hi);
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
    orbits: &[Vec<usize>],
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

/// Takes the clues of each orbit away in turn, keeping them away while the solution stays
/// unique (put back otherwise); the indices into `orbits` of those taken away.
pub(super) fn take_away<O: AsRef<[usize]>>(
    givens: &mut Grid,
    boxes: BoxShape,
    orbits: &[O],
    deadline: Option<Instant>,
) -> Result<Vec<usize>, GenerateError> {
    let n = givens.size();
    let mut removed = Vec::new();
    for (k, orbit) in orbits.iter().enumerate() {
        let before = givens.clone();
        for &c in orbit.as_ref() {
            givens.set(Cell(c as u16), 0);
        }
        let puzzle = Puzzle::sudoku(n, Some(boxes), givens.clone()).expect("in range");
        if unique(&puzzle, deadline)? {
            removed.push(k);
        } else {
            *givens = before;
        }
    }
    Ok(removed)
}

/// Whether one given of a puzzle whose orbits cannot go (after [`take_away`]) could go on its
/// own, the solution staying unique. Only the givens of orbits of two cells or more need a
/// look: a one-cell orbit that could not go when it was tried cannot go later either (fewer
/// givens never leave fewer solutions).
pub(super) fn spare_clue<O: AsRef<[usize]>>(
    givens: &Grid,
    boxes: BoxShape,
    orbits: &[O],
    deadline: Option<Instant>,
) -> Result<bool, GenerateError> {
    let n = givens.size();
    for orbit in orbits.iter().map(AsRef::as_ref).filter(|o| o.len() > 1) {
        for &c in orbit.iter().filter(|&&c| givens.cells()[c] != 0) {
            let mut fewer = givens.clone();
            fewer.set(Cell(c as u16), 0);
            if unique(&Puzzle::sudoku(n, Some(boxes), fewer).expect("in range"), deadline)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Whether the puzzle has exactly one solution.
fn unique(puzzle: &Puzzle, deadline: Option<Instant>) -> Result<bool, GenerateError> {
    let count =
        Solver::new(puzzle).with_deadline(deadline).count(2).map_err(|_| GenerateError::Timeout)?;
    Ok(count.solutions == 1)
}

/// The cells in orbits of the symmetry (each orbit sorted, orbits in order of first cell).
pub(super) fn orbits(n: usize, symmetry: Symmetry) -> Vec<Vec<usize>> {
    let image = |c: usize| {
        let (r, col) = (c / n, c % n);
        match symmetry {
            Symmetry::None => c,
            Symmetry::Rotational => (n - 1 - r) * n + (n - 1 - col),
            Symmetry::Mirror => r * n + (n - 1 - col),
        }
    };
    let mut out = Vec::new();
    let mut seen = vec![false; n * n];
    for c in 0..n * n {
        if seen[c] {
            continue;
        }
        let mut orbit = vec![c];
        seen[c] = true;
        let d = image(c);
        if !seen[d] {
            seen[d] = true;
            orbit.push(d);
        }
        out.push(orbit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_cell_once() {
        for sym in Symmetry::ALL {
            for n in [4, 9] {
                let o = orbits(n, sym);
                let mut cells: Vec<usize> = o.iter().flatten().copied().collect();
                cells.sort_unstable();
                assert_eq!(cells, (0..n * n).collect::<Vec<_>>());
                let pairs = o.iter().filter(|x| x.len() == 2).count();
                match sym {
                    Symmetry::None => assert_eq!(pairs, 0),
                    // 9×9: the centre is alone; 4×4: every cell has a partner.
                    Symmetry::Rotational => assert_eq!(pairs, (n * n) / 2),
                    Symmetry::Mirror => assert_eq!(pairs, n * (n / 2)),
                }
            }
        }
    }
}

//! Clues taken away in orbits of a symmetry, for Sudoku of every size and its variants: the
//! orbits, the removal that keeps the solution unique, the orbits put back until a level's
//! ladder solves the puzzle, and the check that no single clue could still go. The Sudoku
//! generators (`sudoku`, which takes clues away and puts them back, and `trial`, which tries
//! candidates at a level) and the variants' (`variants`) use them.

use crate::clock::Instant;
use crate::logic::Ladder;
use crate::puzzle::{Cell, Grid, Puzzle};
use crate::solve::Solver;

use super::{GenerateError, Symmetry, solves_within};

/// Guesses allowed to prove a puzzle unique while clues are taken away: past them the clue
/// stays. A 9×9 takes a few dozen; a sparse 16×16 jigsaw or windoku can take millions (a
/// classic 9×9 goes to its own engine, which needs no budget).
const UNIQUE_GUESSES: u64 = 5_000;

/// Takes the clues of each orbit away in turn, keeping them away while the solution of the
/// puzzle `make` builds stays unique (put back otherwise); the indices into `orbits` of those
/// taken away.
pub(super) fn take_away<O: AsRef<[usize]>>(
    givens: &mut Grid,
    make: &dyn Fn(&Grid) -> Puzzle,
    orbits: &[O],
    deadline: Option<Instant>,
) -> Result<Vec<usize>, GenerateError> {
    let mut removed = Vec::new();
    for (k, orbit) in orbits.iter().enumerate() {
        let before = givens.clone();
        for &c in orbit.as_ref() {
            givens.set(Cell(c as u16), 0);
        }
        if unique(&make(givens), deadline)? {
            removed.push(k);
        } else {
            *givens = before;
        }
    }
    Ok(removed)
}

/// The puzzle of `givens` (after [`take_away`], which took the orbits `removed` away) with
/// the fewest of those orbits put back, last taken first, for `ladder` to solve it at `level`
/// or below (all of them give the full solution, at the lowest level): a binary search.
pub(super) fn put_back_to_level<O: AsRef<[usize]>>(
    givens: &Grid,
    solution: &Grid,
    removed: &[usize],
    orbits: &[O],
    make: &dyn Fn(&Grid) -> Puzzle,
    (ladder, level): (&Ladder, u8),
    deadline: Option<Instant>,
) -> Result<Puzzle, GenerateError> {
    // with(k): the puzzle with the last k orbits taken put back.
    let with = |k: usize| {
        let mut grid = givens.clone();
        for &o in removed.iter().rev().take(k) {
            for &c in orbits[o].as_ref() {
                grid.set(Cell(c as u16), solution.cells()[c]);
            }
        }
        make(&grid)
    };
    let easy_enough = |p: &Puzzle| Ok(solves_within(p, ladder, Some(level), deadline)?.is_some());
    Ok(put_back_until(removed.len(), &with, &easy_enough)?.0)
}

/// The fewest orbits put back (`with(k)`: the puzzle with the last k of the `taken` orbits
/// taken away put back) for `easy_enough` to hold, found by bisection (all `taken` when it
/// holds for none of the others): the puzzle and k.
pub(super) fn put_back_until(
    taken: usize,
    with: &dyn Fn(usize) -> Puzzle,
    easy_enough: &dyn Fn(&Puzzle) -> Result<bool, GenerateError>,
) -> Result<(Puzzle, usize), GenerateError> {
    let (mut lo, mut hi) = (0usize, taken);
    if easy_enough(&with(0))? {
        hi = 0;
    }
    while lo < hi {
        let mid = (lo + hi) / 2;
        if easy_enough(&with(mid))? {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Ok((with(hi), hi))
}

/// Whether one given of a puzzle whose orbits cannot go (after [`take_away`]) could go on its
/// own, the solution staying unique. Only the givens of orbits of two cells or more need a
/// look: a one-cell orbit that could not go when it was tried cannot go later either (fewer
/// givens never leave fewer solutions).
pub(super) fn spare_clue<O: AsRef<[usize]>>(
    givens: &Grid,
    make: &dyn Fn(&Grid) -> Puzzle,
    orbits: &[O],
    deadline: Option<Instant>,
) -> Result<bool, GenerateError> {
    for orbit in orbits.iter().map(AsRef::as_ref).filter(|o| o.len() > 1) {
        for &c in orbit.iter().filter(|&&c| givens.cells()[c] != 0) {
            let mut fewer = givens.clone();
            fewer.set(Cell(c as u16), 0);
            if unique(&make(&fewer), deadline)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Whether the puzzle has exactly one solution, proved within [`UNIQUE_GUESSES`] (false past
/// them).
pub(super) fn unique(puzzle: &Puzzle, deadline: Option<Instant>) -> Result<bool, GenerateError> {
    let count = Solver::new(puzzle)
        .with_deadline(deadline)
        .count_within(2, UNIQUE_GUESSES)
        .map_err(|_| GenerateError::Timeout)?;
    Ok(count.is_some_and(|c| c.solutions == 1))
}

/// An orbit of the symmetry: a cell and at most its one image, held inline (a generator
/// shuffles a fresh list of them for every candidate).
pub(super) type Orbit = smallvec::SmallVec<[usize; 2]>;

/// The cells in orbits of the symmetry (each orbit sorted, orbits in order of first cell).
pub(super) fn orbits(n: usize, symmetry: Symmetry) -> Vec<Orbit> {
    let image = |c: usize| {
        let (r, col) = (c / n, c % n);
        match symmetry {
            Symmetry::None => c,
            Symmetry::Rotational => (n - 1 - r) * n + (n - 1 - col),
            Symmetry::Mirror => r * n + (n - 1 - col),
        }
    };
    let mut out = Vec::with_capacity(n * n);
    let mut seen = vec![false; n * n];
    for c in 0..n * n {
        if seen[c] {
            continue;
        }
        // An orbit holds a cell and at most its one image.
        let mut orbit = Orbit::new();
        orbit.push(c);
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

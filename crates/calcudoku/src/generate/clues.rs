//! Clues taken away in orbits of a symmetry, for Sudoku of every size: the orbits, the
//! removal that keeps the solution unique, and the check that no single clue could still go.
//! Both Sudoku generators use them: the one that takes clues away and puts them back
//! (`sudoku`), and the one that tries candidates at a level (`trial`).

use crate::clock::Instant;
use crate::puzzle::{BoxShape, Cell, Grid, Puzzle};
use crate::solve::Solver;

use super::{GenerateError, Symmetry};

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

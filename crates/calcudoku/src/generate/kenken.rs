//! KenKen the way Keen makes them: a random Latin square, cut into cages, an operator for each
//! cage, kept when the logic ladder solves it at the level asked and not at the one below.

use crate::clock::Instant;
use crate::logic::{Grade, Ladder};
use crate::puzzle::{Cage, Cell, Grid, Puzzle};
use crate::solve::Solver;

use smallvec::SmallVec;

use super::cages::CageCells;
use super::ops::{OpChoice, choose};
use super::rng::Rng;
use super::{GenerateError, Options, at_level, cages, latin};

/// One candidate puzzle; None when it misses the level (or could not be cut).
pub(super) fn attempt(
    options: &Options,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Grade)>, GenerateError> {
    let n = options.size;
    let square = latin::latin_square(n, rng);
    let Some(cut) = cages::cut(n, options.max_cage, rng, |_, _| true) else { return Ok(None) };
    let values: SmallVec<[SmallVec<[u8; 6]>; 32]> =
        cut.iter().map(|k| k.iter().map(|&c| square.cells()[c]).collect()).collect();
    let choice = OpChoice {
        allowed: options.ops.clone(),
        long_sub_div: options.long_ops,
        // Keen avoids giveaway × pairs above normal.
        hard: options.level.is_some_and(|l| l > 1),
    };
    let clues = choose(&values, n, &choice, rng);
    let mut list = Vec::with_capacity(cut.len());
    for (cells, (op, target)) in cut.iter().zip(clues) {
        // A cage no allowed operator fits (`--ops` narrowing): try another cut.
        if op.is_none() && cells.len() > 1 {
            return Ok(None);
        }
        let op = if options.hidden_ops && cells.len() > 1 { None } else { op };
        list.push(Cage::new(target, op, cells.iter().map(|&c| Cell(c as u16)).collect()));
    }
    let puzzle = Puzzle::kenken(n, list).expect("the cages tile the grid");
    // Sound steps never solve a puzzle with several solutions, so such a candidate is
    // rejected whatever the ladder does. Most candidates have several (about two in three at
    // 4×4 and 6×6), and grading one takes the whole path until it gets stuck (with trial on
    // the ladder, a search per candidate value of every cell), so they are turned down first:
    // by a rectangle of the square whose swap keeps every cage (no search at all), then by
    // the exact solver.
    if second_by_swap(&puzzle, &square, &cut) {
        return Ok(None);
    }
    // (The search pays for itself from extreme up, where most of a path is the costly rungs;
    // below, the ladder gets stuck about as fast as the solver answers.)
    if ladder.rungs.iter().any(|r| r.level >= 3) {
        let count = Solver::new(&puzzle)
            .with_deadline(deadline)
            .count(2)
            .map_err(|_| GenerateError::Timeout)?;
        if count.solutions != 1 || !count.complete {
            return Ok(None);
        }
    }
    Ok(at_level(&puzzle, ladder, options.level, deadline)?.map(|g| (puzzle, square, g)))
}

/// Whether the puzzle has a second solution that differs from `square` on four cells: rows
/// `r1`, `r2` and columns `c1`, `c2` holding `a b` over `b a`, where swapping the two values
/// leaves every row and column a permutation, and every cage those cells are in still holds.
fn second_by_swap(puzzle: &Puzzle, square: &Grid, cut: &[CageCells]) -> bool {
    let n = square.size();
    let mut cage_of: SmallVec<[u16; 81]> = smallvec::smallvec![0; n * n];
    for (k, cells) in cut.iter().enumerate() {
        for &c in cells {
            cage_of[c] = k as u16;
        }
    }
    let mut grid: SmallVec<[u8; 81]> = SmallVec::from_slice(square.cells());
    let holds = |grid: &[u8], c: usize| {
        let cage = &puzzle.cages()[cage_of[c] as usize];
        let values: SmallVec<[u8; 8]> = cage.cells.iter().map(|x| grid[x.index()]).collect();
        cage.holds(&values)
    };
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    let (a, b) = (grid[cells[0]], grid[cells[1]]);
                    if grid[cells[2]] != b || grid[cells[3]] != a {
                        continue;
                    }
                    let ([p, q, r, s], [x, y]) = (cells, [a, b]);
                    (grid[p], grid[q], grid[r], grid[s]) = (y, x, x, y);
                    let second = cells.iter().all(|&c| holds(&grid, c));
                    (grid[p], grid[q], grid[r], grid[s]) = (x, y, y, x);
                    if second {
                        debug_assert!({
                            let mut other = grid.to_vec();
                            (other[p], other[q], other[r], other[s]) = (y, x, x, y);
                            puzzle.is_solution(&Grid::from_valid(n, other))
                        });
                        return true;
                    }
                }
            }
        }
    }
    false
}

//! KenKen the way Keen makes them: a random Latin square, cut into cages, an operator for each
//! cage, kept when the logic ladder solves it at the level asked and not at the one below.

use crate::clock::Instant;
use crate::logic::{Grade, Ladder, Rule};
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
    // The search pays for itself with trial on the ladder (unreasonable), and at extreme up
    // to 6×6; at extreme from 9×9 on, counting the solutions of a candidate with several takes
    // longer than the ladder takes to get stuck on it (callgrind, seed 1: 9×9 1.2×, 12×12 6×
    // the instructions with it), and 7×7 and 8×8 come out even.
    let trial = ladder.rungs.iter().any(|r| r.rule == Rule::Trial);
    let extreme = ladder.rungs.iter().any(|r| r.level >= 3);
    if trial || (extreme && n <= 6) {
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
    let grid = &mut grid[..];
    // column[r * n + v - 1]: where row r holds v.
    let mut column: SmallVec<[u8; 81]> = smallvec::smallvec![0; n * n];
    for (i, &v) in grid.iter().enumerate() {
        column[(i / n) * n + v as usize - 1] = (i % n) as u8;
    }
    let holds = |grid: &[u8], c: usize| {
        let cage = &puzzle.cages()[cage_of[c] as usize];
        let values: SmallVec<[u8; 8]> = cage.cells.iter().map(|x| grid[x.index()]).collect();
        cage.holds(&values)
    };
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                let (a, b) = (grid[r1 * n + c1], grid[r2 * n + c1]);
                // The column where row r1 holds b: a rectangle when row r2 holds a there.
                let c2 = column[r1 * n + b as usize - 1] as usize;
                if c2 <= c1 || grid[r2 * n + c2] != a {
                    continue;
                }
                let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                let [p, q, r, s] = cells;
                (grid[p], grid[q], grid[r], grid[s]) = (b, a, a, b);
                let second = cells.iter().all(|&c| holds(grid, c));
                (grid[p], grid[q], grid[r], grid[s]) = (a, b, b, a);
                if second {
                    debug_assert!({
                        let mut other = grid.to_vec();
                        (other[p], other[q], other[r], other[s]) = (b, a, a, b);
                        puzzle.is_solution(&Grid::from_valid(n, other))
                    });
                    return true;
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Operator;

    /// A 4×4 square made of 2×2 blocks, each `a b` over `b a`.
    fn square() -> Grid {
        Grid::from_valid(4, vec![1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1])
    }

    fn kenken(square: &Grid, cut: &[CageCells], op: Option<Operator>) -> Puzzle {
        let cages = cut
            .iter()
            .map(|k| {
                let values: Vec<u8> = k.iter().map(|&c| square.cells()[c]).collect();
                let target = match op {
                    Some(op) => super::super::ops::target(op, &values).expect("fits"),
                    None => values[0] as u64,
                };
                Cage::new(target, op, k.iter().map(|&c| Cell(c as u16)).collect())
            })
            .collect();
        Puzzle::kenken(4, cages).expect("a tiling")
    }

    #[test]
    fn a_rectangle_whose_swap_keeps_the_cages_is_a_second_solution() {
        let square = square();
        // Each 2×2 block a + cage: swapping its diagonals keeps the sum.
        let blocks: Vec<CageCells> = [[0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]]
            .iter()
            .map(|k| CageCells::from_slice(k))
            .collect();
        let puzzle = kenken(&square, &blocks, Some(Operator::Add));
        assert!(second_by_swap(&puzzle, &square, &blocks));
        assert_eq!(Solver::new(&puzzle).count(2).unwrap().solutions, 2);
        // Every cell a given: no swap keeps them.
        let givens: Vec<CageCells> = (0..16).map(|c| CageCells::from_slice(&[c])).collect();
        let puzzle = kenken(&square, &givens, None);
        assert!(!second_by_swap(&puzzle, &square, &givens));
        assert_eq!(Solver::new(&puzzle).count(2).unwrap().solutions, 1);
    }
}

//! Killer Sudoku: a random Sudoku grid cut into cages of distinct digits (Keen's cutting, with
//! each cell joining only a cage that lacks its digit), each cage given its sum. When the cages
//! leave more than one solution, the attempt fails — or, with `givens`, a cell where another
//! solution differs is given, until one solution is left.

use crate::clock::Instant;
use crate::logic::{Grade, Ladder};
use crate::puzzle::{BoxShape, Cage, Cell, Grid, Operator, Puzzle};
use crate::solve::Solver;

use super::rng::Rng;
use super::{GenerateError, Options, at_level, cages, latin};

pub(super) fn attempt(
    options: &Options,
    ladder: &Ladder,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grid, Grade)>, GenerateError> {
    let n = options.size;
    let boxes = BoxShape::standard(n).expect("checked");
    let solution = latin::sudoku_grid(n, boxes, rng);
    let value = |c: usize| solution.cells()[c];
    let distinct = |cage: &[usize], c: usize| cage.iter().all(|&x| value(x) != value(c));
    let Some(cut) = cages::cut(n, options.max_cage, rng, distinct) else { return Ok(None) };
    let list: Vec<Cage> = cut
        .iter()
        .map(|k| {
            let sum = k.iter().map(|&c| value(c) as u64).sum();
            Cage::new(sum, Some(Operator::Add), k.iter().map(|&c| Cell(c as u16)).collect())
        })
        .collect();
    let mut givens = Grid::empty(n);
    let puzzle = loop {
        let puzzle = Puzzle::new(n, Some(boxes), givens.clone(), list.clone(), true)
            .expect("a valid Killer");
        let report = Solver::new(&puzzle)
            .with_deadline(deadline)
            .solve()
            .map_err(|_| GenerateError::Timeout)?;
        if report.is_unique() {
            break puzzle;
        }
        if !options.givens {
            return Ok(None);
        }
        // The first cell where the first solution in row-major order differs from ours, or
        // (when that one is ours) a random cell not given yet.
        let first = report.grid.expect("the puzzle's own solution at least");
        let c = match (0..n * n).find(|&c| first.cells()[c] != value(c)) {
            Some(c) => c,
            None => {
                let open: Vec<usize> = (0..n * n).filter(|&c| givens.cells()[c] == 0).collect();
                open[rng.below(open.len())]
            }
        };
        givens.set(Cell(c as u16), value(c));
    };
    Ok(at_level(&puzzle, ladder, options.level, deadline)?.map(|g| (puzzle, solution, g)))
}

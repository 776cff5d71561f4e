//! What the generators of Skyscrapers and Futoshiki share: a solution and every clue it
//! allows (the clues around the grid, the signs between cells), givens added where the
//! ladder gets stuck, then givens and then clues taken away, each in a random order, while
//! the ladder up to the level still solves the puzzle; kept when it is exactly at the level.
//! Givens go first, as in Tatham's generators (Towers strips the grid's numbers before its
//! clues, Unequal its numbers before its signs): fewer attempts end too easy (Towers 6×6
//! unreasonable: 85 attempts for 40 puzzles against 149 with clues first).
//!
//! A given goes where it tells most, as Tatham's Unequal generator places its clues: in an
//! open cell with the most candidates left, among those the one that carries the fewest
//! signs (Adjacent's bars; a Futoshiki cell's signs towards smaller neighbours), then at
//! random. On 5×5 Adjacent extreme this makes a puzzle at the level in a third of the
//! attempts that a random open cell takes (PERFORMANCE.md, stop 70).

use crate::clock::Instant;
use crate::logic::{Board, Grade, Ladder, LogicError, Rule, grade_path};
use crate::puzzle::{Cell, Grid, Puzzle, RelationKind};
use crate::solve::{Branching, Solver};

use super::rng::Rng;
use super::{GenerateError, at_level, solves_within};

/// A puzzle built from the clues left on (`on[k]`) and the givens.
pub(super) type Build<'a> = dyn Fn(&[bool], &Grid) -> Puzzle + 'a;

/// What a puzzle is made of: its solution, how many clues it may have (all kept when
/// `keep_clues`), and how a puzzle is built from some of them and givens.
pub(super) struct Parts<'a> {
    pub solution: &'a Grid,
    pub clues: usize,
    pub keep_clues: bool,
    pub build: &'a Build<'a>,
}

/// Makes a puzzle of `parts` at `level` of `ladder` (already cut at that level); None when
/// the level is not reached.
pub(super) fn make(
    parts: &Parts<'_>,
    ladder: &Ladder,
    level: Option<u8>,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<(Puzzle, Grade)>, GenerateError> {
    let Parts { solution, clues, keep_clues, build } = *parts;
    let n = solution.size();
    let mut on = vec![true; clues];
    let mut givens = Grid::empty(n);
    // With trial on the ladder, it solves exactly the puzzles with one solution: the exact
    // solver says so much faster than trial's steps.
    let trial = ladder.rungs.iter().any(|r| r.rule == Rule::TRIAL);
    // Givens where the ladder gets stuck, until it solves the puzzle. With trial, until the
    // puzzle has one solution: a given where a solution found differs from the one meant
    // (grading a puzzle of several solutions with trial costs a search per candidate).
    if trial {
        loop {
            let puzzle = build(&on, &givens);
            let (found, count, _) = Solver::new(&puzzle)
                .with_deadline(deadline)
                .search(Branching::FewestCandidates, 2)
                .map_err(|_| GenerateError::Timeout)?;
            if count.solutions <= 1 {
                break;
            }
            let found = found.expect("two solutions found");
            let empty = (0..n * n).map(|i| Cell(i as u16)).filter(|&c| givens.get(c) == 0);
            let differ: Vec<Cell> =
                empty.clone().filter(|&c| found.get(c) != solution.get(c)).collect();
            let open: Vec<Cell> = if differ.is_empty() { empty.collect() } else { differ };
            let cell = open[rng.below(open.len())];
            givens.set(cell, solution.get(cell));
        }
    }
    loop {
        let puzzle = build(&on, &givens);
        let Ok(board) = Board::new(&puzzle) else { return Ok(None) };
        let (grade, end) = match grade_path(board, ladder, deadline) {
            Ok(done) => done,
            Err(LogicError::Timeout) => return Err(GenerateError::Timeout),
            Err(_) => return Ok(None),
        };
        if grade.solved {
            break;
        }
        let Some(cell) = given_cell(&end, rng) else { return Ok(None) };
        givens.set(cell, solution.get(cell));
    }
    let solves = |on: &[bool], givens: &Grid| -> Result<bool, GenerateError> {
        let puzzle = build(on, givens);
        if trial {
            let count = Solver::new(&puzzle)
                .with_deadline(deadline)
                .count(2)
                .map_err(|_| GenerateError::Timeout)?;
            return Ok(count.solutions == 1);
        }
        Ok(solves_within(&puzzle, ladder, level, deadline)?.is_some())
    };
    let mut given: Vec<usize> = (0..n * n).filter(|&i| givens.cells()[i] != 0).collect();
    rng.shuffle(&mut given);
    for i in given {
        let cell = Cell(i as u16);
        givens.set(cell, 0);
        if !solves(&on, &givens)? {
            givens.set(cell, solution.get(cell));
        }
    }
    if !keep_clues {
        for k in rng.permutation(clues) {
            on[k] = false;
            if !solves(&on, &givens)? {
                on[k] = true;
            }
        }
    }
    let puzzle = build(&on, &givens);
    Ok(at_level(&puzzle, ladder, level, deadline)?.map(|g| (puzzle, g)))
}

/// The signs each cell of `puzzle` carries, in Tatham's sense: Adjacent's bars on its sides,
/// and a Futoshiki cell's signs towards its smaller neighbours.
fn signs_carried(puzzle: &Puzzle) -> Vec<u8> {
    let n = puzzle.size();
    let mut signs = vec![0u8; n * n];
    for r in puzzle.relations() {
        match r.kind {
            RelationKind::Consecutive => {
                signs[r.a.index()] += 1;
                signs[r.b.index()] += 1;
            }
            RelationKind::Less => signs[r.b.index()] += 1,
            RelationKind::NotConsecutive => {}
        }
    }
    signs
}

/// Where the next given goes on `board` (where the ladder got stuck): an open cell with the
/// most candidates, among those one carrying the fewest signs ([`signs_carried`]), among
/// those one at random. None when every cell is placed.
fn given_cell(board: &Board, rng: &mut Rng) -> Option<Cell> {
    let signs = signs_carried(board.puzzle());
    let key = |c: Cell| (board.candidates(c).len(), u8::MAX - signs[c.index()]);
    let best = board.cells().filter(|&c| !board.is_placed(c)).map(key).max()?;
    let open: Vec<Cell> =
        board.cells().filter(|&c| !board.is_placed(c) && key(c) == best).collect();
    Some(open[rng.below(open.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Relation;

    /// A 4×4 puzzle with two bars and a `<`: where the next given goes on a board whose
    /// cells have lost candidates.
    #[test]
    fn a_given_goes_to_the_widest_cell_with_fewest_signs() {
        let n = 4;
        let at = |r, c| Cell::at(r, c, n);
        // Bars: r1c1–r1c2 and r1c2–r2c2; a `<` from r3c3 to r3c4 (r3c4 carries it).
        let relations = vec![
            Relation::new(at(0, 0), at(0, 1), RelationKind::Consecutive),
            Relation::new(at(0, 1), at(1, 1), RelationKind::Consecutive),
            Relation::new(at(2, 2), at(2, 3), RelationKind::Less),
        ];
        let puzzle = Puzzle::builder(n).relations(relations).build().unwrap();
        let signs = signs_carried(&puzzle);
        assert_eq!(signs[at(0, 0).index()], 1);
        assert_eq!(signs[at(0, 1).index()], 2);
        assert_eq!(signs[at(1, 1).index()], 1);
        assert_eq!(signs[at(2, 2).index()], 0);
        assert_eq!(signs[at(2, 3).index()], 1);
        // Every cell but r1c2 and r3c4 loses one value (a different one along each row and
        // column, so every value keeps places): the widest cells are r1c2 (two signs) and
        // r3c4 (one), so r3c4 it is, whatever the draw.
        let mut board = Board::new(&puzzle).unwrap();
        for r in 0..n {
            for c in 0..n {
                if ![at(0, 1), at(2, 3)].contains(&at(r, c)) {
                    board.eliminate(at(r, c), ((r + c) % n + 1) as u8).unwrap();
                }
            }
        }
        let mut rng = Rng::new(7, 0);
        for _ in 0..20 {
            assert_eq!(given_cell(&board, &mut rng), Some(at(2, 3)));
        }
        // With r3c4 narrowed too, r1c2 is the only widest cell left.
        board.eliminate(at(2, 3), 3).unwrap();
        assert_eq!(given_cell(&board, &mut rng), Some(at(0, 1)));
    }
}

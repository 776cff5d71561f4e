//! Climbing the ladder: the next step, the whole path, the grade.

use crate::clock::Instant;

use crate::puzzle::{Cell, Grid, Puzzle, ValueSet};
use crate::solve::{Branching, Solver, Timeout};

use super::board::{Board, Contradiction};
use super::ladder::{Ladder, Rule};
use super::step::{Found, Step};
use super::technique::Technique;

/// Why a puzzle cannot be graded or hinted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LogicError {
    /// The puzzle has no solution (or its givens already clash).
    #[error("no solution")]
    NoSolution,
    /// The puzzle has more than one solution.
    #[error("not unique: the puzzle has more than one solution")]
    NotUnique,
    /// The deadline passed first.
    #[error("out of time")]
    Timeout,
    /// A step led to a contradiction on a puzzle that has a solution: a bug, reported rather
    /// than hidden.
    #[error("internal error: a step by {technique} led to a contradiction ({why})")]
    Unsound {
        /// The technique of the step.
        technique: Technique,
        /// The rule that applying it broke.
        why: Contradiction,
    },
}

impl From<Timeout> for LogicError {
    fn from(_: Timeout) -> LogicError {
        LogicError::Timeout
    }
}

/// A step with the level of the rung that found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leveled {
    /// The deduction found.
    pub step: Step,
    /// The level of its rung: an index into the ladder's level names.
    pub level: u8,
}

/// The easiest step on `board`: the first rung of the ladder that finds one.
pub fn next_step(board: &Board, ladder: &Ladder) -> Option<Leveled> {
    next_step_by(board, ladder, None).expect("no deadline was set")
}

/// [`next_step`], giving up once `deadline` has passed (each rung's finder stops there too).
pub fn next_step_by(
    board: &Board,
    ladder: &Ladder,
    deadline: Option<Instant>,
) -> Result<Option<Leveled>, LogicError> {
    check(deadline)?;
    for rung in &ladder.rungs {
        let mut found = Found::first().with_deadline(deadline);
        rung.rule.find(board, &mut found);
        if found.timed_out() {
            return Err(LogicError::Timeout);
        }
        if let Some(step) = found.into_steps().into_iter().next() {
            return Ok(Some(Leveled { step, level: rung.level }));
        }
    }
    Ok(None)
}

/// How a path ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every cell holds a value.
    Solved,
    /// No rule of the ladder finds a step (the puzzle has several solutions, or the ladder
    /// has no trial).
    Stuck,
}

/// Every step from `board` to the end, easiest first each time, with its sentence.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The steps in the order taken, each with its sentence.
    pub steps: Vec<(Leveled, String)>,
    /// Whether the path solved the puzzle or got stuck.
    pub end: End,
    /// The board at the end.
    pub board: Board,
}

/// The whole path from `board`, one step at a time, each explained on the board it was found on.
pub fn explain(
    mut board: Board,
    ladder: &Ladder,
    deadline: Option<Instant>,
) -> Result<Explanation, LogicError> {
    let mut steps = Vec::new();
    loop {
        if board.is_solved() {
            return Ok(Explanation { steps, end: End::Solved, board });
        }
        check(deadline)?;
        let Some(found) = next_step_by(&board, ladder, deadline)? else {
            return Ok(Explanation { steps, end: End::Stuck, board });
        };
        let text = found.step.text(&board);
        found
            .step
            .apply(&mut board)
            .map_err(|why| LogicError::Unsound { technique: found.step.technique, why })?;
        steps.push((found, text));
    }
}

/// The level and rating of a puzzle, and the techniques its path used.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    /// Index into `ladder.levels`.
    pub level: u8,
    /// Lower-case level name (`hard`; for KenKen one of Keen's five).
    pub level_name: &'static str,
    /// The rating of the hardest step (Sudoku Explainer-like scale).
    pub rating: f32,
    /// Each technique used, with how many steps used it, in order of first use.
    pub techniques: Vec<(Technique, u32)>,
    /// Steps taken.
    pub steps: u32,
    /// Whether the path reached the solution (false: stuck, only when the ladder has no trial).
    pub solved: bool,
}

/// Grades the path from `board`: each time, every step of the easiest rung that finds any is
/// applied (the same levels as one step at a time, with fewer sweeps).
pub fn grade_board(
    board: Board,
    ladder: &Ladder,
    deadline: Option<Instant>,
) -> Result<Grade, LogicError> {
    grade_path(board, ladder, deadline).map(|(grade, _)| grade)
}

/// [`grade_board`], with the board where the path ended: solved, or stuck where no rung of
/// the ladder finds a step (the generator gives a clue there).
pub(crate) fn grade_path(
    board: Board,
    ladder: &Ladder,
    deadline: Option<Instant>,
) -> Result<(Grade, Board), LogicError> {
    climb(board, ladder, deadline, &mut None)
}

/// How much work (in [`Found::tick_by`]'s units) a path may do before [`grade`] first makes
/// sure the puzzle has exactly one solution: about ten times what grading takes on the KenKen
/// corpus and the hardest 9×9 Sudokus (at most about 350,000), a few tens of milliseconds,
/// and far less than a path that grinds on a puzzle with many solutions. Counted in work, not
/// time, so that the same puzzle takes the same path on every machine.
const PROVE_AFTER: u64 = 1 << 22;

/// Whether the puzzle being graded is known to have exactly one solution.
struct Proof {
    known: bool,
}

/// The path of [`grade_path`]. With `proof`, the puzzle's solutions are counted (up to two,
/// under the deadline) before the path tries trial or once its finders have done
/// [`PROVE_AFTER`] work: with none or several, the path stops there with that answer instead
/// of grinding on.
fn climb(
    mut board: Board,
    ladder: &Ladder,
    deadline: Option<Instant>,
    proof: &mut Option<Proof>,
) -> Result<(Grade, Board), LogicError> {
    let mut level = 0u8;
    let mut rating = 0f32;
    let mut techniques: Vec<(Technique, u32)> = Vec::new();
    let mut steps = 0u32;
    let mut found = Found::all().with_deadline(deadline);
    if proof.is_some() {
        found.limit_work(Some(PROVE_AFTER));
    }
    'climb: while !board.is_solved() {
        check(deadline)?;
        let mut rungs = ladder.rungs.iter();
        let mut next = rungs.next();
        while let Some(rung) = next {
            found.clear();
            if rung.rule == Rule::TRIAL {
                prove(&board, deadline, proof, &mut found)?;
            }
            rung.rule.find(&board, &mut found);
            if found.timed_out() {
                if !found.worked_out() {
                    return Err(LogicError::Timeout);
                }
                // The work before the proof is done: count, then this rung again, to its end.
                prove(&board, deadline, proof, &mut found)?;
                continue;
            }
            next = rungs.next();
            if found.is_empty() {
                continue;
            }
            let mut progress = false;
            for step in found.steps() {
                if !step.makes_progress(&board) {
                    continue;
                }
                step.apply(&mut board)
                    .map_err(|why| LogicError::Unsound { technique: step.technique, why })?;
                progress = true;
                steps += 1;
                level = level.max(rung.level);
                rating = rating.max(step.technique.rating());
                match techniques.iter_mut().find(|(t, _)| *t == step.technique) {
                    Some((_, k)) => *k += 1,
                    None => techniques.push((step.technique, 1)),
                }
            }
            if progress {
                continue 'climb;
            }
        }
        break;
    }
    // Every cell placed by sound steps is the solution, unless the puzzle has none and the last
    // placements broke a cage that no step looked at again.
    let solved = board.is_solved() && board.puzzle().is_solution(&board.to_grid());
    if !solved {
        level = ladder.top();
    }
    let grade =
        Grade { level, level_name: ladder.level_name(level), rating, techniques, steps, solved };
    Ok((grade, board))
}

/// Settles a proof that is owed: searches `board` (the puzzle with the values placed so far,
/// which sound steps never take from a solution: the same solutions) up to two solutions, the
/// search trial would make first (it is handed over in `found`). With exactly one, the
/// finders run on without a work limit.
fn prove(
    board: &Board,
    deadline: Option<Instant>,
    proof: &mut Option<Proof>,
    found: &mut Found,
) -> Result<(), LogicError> {
    let Some(p) = proof.as_mut().filter(|p| !p.known) else {
        return Ok(());
    };
    let puzzle = board.puzzle();
    // The puzzle with every constraint it has (regions, relations, line clues…) and the
    // values placed so far as givens.
    let placed = puzzle.with_givens(board.to_grid());
    let (first, solutions) = match &placed {
        Ok(placed) => {
            let solver = Solver::new(placed).with_deadline(deadline);
            let (first, count, _) = solver.search(Branching::FewestCandidates, 2)?;
            (first, count.solutions)
        }
        Err(_) => (None, count_solutions(puzzle, deadline)?),
    };
    match solutions {
        0 => Err(LogicError::NoSolution),
        1 => {
            p.known = true;
            found.limit_work(None);
            if placed.is_ok() {
                found.searched = Some((first, true));
            }
            Ok(())
        }
        _ => Err(LogicError::NotUnique),
    }
}

/// Grades a puzzle that has exactly one solution; NoSolution or NotUnique otherwise.
///
/// Sound deductions that fill every cell prove the solution unique, so the exact solver runs
/// only when the path is long (it reaches trial, or does much work: then first, to answer at
/// once for a puzzle without exactly one solution) or ends short of the solution (or at a
/// contradiction), to say which it is.
pub fn grade(puzzle: &Puzzle, deadline: Option<Instant>) -> Result<Grade, LogicError> {
    let board = Board::new(puzzle).map_err(|_| LogicError::NoSolution)?;
    let ladder = Ladder::for_board(&board);
    grade_on(puzzle, board, &ladder, deadline)
}

/// [`grade`] on a given ladder: a Latin square with givens only, say, graded on the levels
/// of Tatham's Unequal, whose trivial puzzles are just that.
pub fn grade_with(
    puzzle: &Puzzle,
    ladder: &Ladder,
    deadline: Option<Instant>,
) -> Result<Grade, LogicError> {
    let board = Board::new(puzzle).map_err(|_| LogicError::NoSolution)?;
    grade_on(puzzle, board, ladder, deadline)
}

fn grade_on(
    puzzle: &Puzzle,
    board: Board,
    ladder: &Ladder,
    deadline: Option<Instant>,
) -> Result<Grade, LogicError> {
    let mut proof = Some(Proof { known: false });
    let path = climb(board, ladder, deadline, &mut proof).map(|(g, board)| {
        // The next grade on this thread builds its board in these buffers.
        board.recycle();
        g
    });
    let unique = proof.is_some_and(|p| p.known);
    match path {
        Ok(g) if g.solved || unique => Ok(g),
        Ok(g) => match count_solutions(puzzle, deadline)? {
            0 => Err(LogicError::NoSolution),
            1 => Ok(g),
            _ => Err(LogicError::NotUnique),
        },
        Err(unsound @ LogicError::Unsound { .. }) if unique => Err(unsound),
        Err(unsound @ LogicError::Unsound { .. }) => match count_solutions(puzzle, deadline)? {
            0 => Err(LogicError::NoSolution),
            _ => Err(unsound),
        },
        Err(e) => Err(e),
    }
}

/// Solutions of a puzzle, counted up to two.
pub(super) fn count_solutions(
    puzzle: &Puzzle,
    deadline: Option<Instant>,
) -> Result<u64, LogicError> {
    Ok(Solver::new(puzzle).with_deadline(deadline).count(2)?.solutions)
}

/// The solution of a puzzle that has exactly one.
pub fn unique_solution(puzzle: &Puzzle, deadline: Option<Instant>) -> Result<Grid, LogicError> {
    let report = Solver::new(puzzle).with_deadline(deadline).solve()?;
    match (report.grid, report.count.solutions) {
        (None, _) => Err(LogicError::NoSolution),
        (Some(grid), 1) if report.count.complete => Ok(grid),
        _ => Err(LogicError::NotUnique),
    }
}

/// What to tell a player who asks for help.
#[derive(Clone, Debug)]
pub enum Hint {
    /// The next step, with its sentence.
    Step {
        /// The easiest step, with its level.
        step: Box<Leveled>,
        /// The sentence that explains it.
        text: String,
    },
    /// The player's grid holds values that no solution has: these cells.
    Wrong(Vec<Cell>),
    /// The grid is already complete and right.
    Solved,
    /// No rule finds a step.
    Stuck,
}

/// The next step for a player, from the bare puzzle or from the player's own partial grid.
///
/// With a grid, its values are first checked against the solution: if any is wrong, the hint
/// names the wrong cells instead of giving a step built on them.
pub fn hint(
    puzzle: &Puzzle,
    grid: Option<&Grid>,
    deadline: Option<Instant>,
) -> Result<Hint, LogicError> {
    let solution = unique_solution(puzzle, deadline)?;
    let board = match grid {
        None => Board::new(puzzle).map_err(|_| LogicError::NoSolution)?,
        Some(grid) => {
            let wrong: Vec<Cell> = grid
                .cells()
                .iter()
                .zip(solution.cells())
                .enumerate()
                .filter(|(_, (g, s))| **g != 0 && g != s)
                .map(|(i, _)| Cell(i as u16))
                .collect();
            if !wrong.is_empty() {
                return Ok(Hint::Wrong(wrong));
            }
            Board::with_grid(puzzle, grid).map_err(|_| LogicError::NoSolution)?
        }
    };
    if board.is_solved() {
        return Ok(Hint::Solved);
    }
    let ladder = Ladder::for_board(&board);
    Ok(match next_step_by(&board, &ladder, deadline)? {
        Some(step) => {
            let text = step.step.text(&board);
            Hint::Step { step: Box::new(step), text }
        }
        None => Hint::Stuck,
    })
}

fn check(deadline: Option<Instant>) -> Result<(), LogicError> {
    match deadline {
        Some(d) if Instant::now() >= d => Err(LogicError::Timeout),
        _ => Ok(()),
    }
}

/// Automatic pencil marks for a player's grid: for each empty cell, the values that no cell it
/// sees holds (the givens and the player's own values; a Killer cage counts as a house), and for
/// a filled cell its value alone. A player's mistakes do not make this fail (a cell can be left
/// with no value); a puzzle whose givens already clash gets every value in its empty cells.
pub fn pencil_marks(puzzle: &Puzzle, grid: &Grid) -> Vec<ValueSet> {
    let n = puzzle.size();
    let Ok(board) = Board::new(puzzle) else {
        let full = ValueSet::full(n);
        return (0..n * n).map(|i| cell_marks(grid.cells()[i], full)).collect();
    };
    let mut marks: Vec<ValueSet> = board.cells().map(|c| board.candidates(c)).collect();
    for (i, &v) in grid.cells().iter().enumerate() {
        if v != 0 && !board.is_placed(Cell(i as u16)) {
            for peer in board.peer_cells(Cell(i as u16)) {
                marks[peer.index()].remove(v);
            }
        }
    }
    marks.iter().zip(grid.cells()).map(|(&m, &v)| cell_marks(v, m)).collect()
}

fn cell_marks(value: u8, marks: ValueSet) -> ValueSet {
    if value == 0 { marks } else { ValueSet::single(value) }
}

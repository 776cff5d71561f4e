//! A quick first test of a KenKen candidate on Keen's easy, normal and hard rungs, before the
//! ladder grades it step by step.
//!
//! Every rule of those rungs only removes candidates, and a removal it makes stays true on any
//! board with fewer candidates (a value no filling of a cage uses stays unused; a value with
//! one place left in a line has at most that place). So the candidates the rungs up to a level
//! leave do not depend on the order the rules are tried in: it is the fixed point of those
//! rules. The ladder, always taking the easiest rung that finds something, therefore finishes a
//! puzzle at level `l` exactly when the fixed point of the rules up to `l` is solved and that
//! of the rules below `l` is not. This module computes those fixed points on bitsets of fixed
//! size, with no steps, sentences or board: a few microseconds a candidate where grading one
//! takes tens. The generator grades only the candidates it keeps.
//!
//! The rules, as the ladder has them ([`crate::logic::Ladder::keen`]):
//! - easy: naked singles, hidden singles in rows and columns, and the values a whole cage can
//!   be made of (cage combination);
//! - normal: the values each cell of a cage can take (cage placement);
//! - hard: naked and hidden subsets of every size in rows and columns — together the same as
//!   "a value stays in a cell only if the line can still be completed with it there" — and the
//!   values every filling of a cage puts in one line (cage line).
//!
//! The one difference: the ladder enumerates a cage's fillings on a budget of search nodes and
//! skips a cage it cannot finish; this always finishes. Only for sides up to
//! [`QUICK_UP_TO`] and cages up to [`MAX_CELLS`] is it used. Where no cage of the puzzle can
//! reach the budget whatever its candidates ([`ladder_finishes`]), the two verdicts are the
//! same and a candidate the test puts at the level asked is kept without grading it step by
//! step (the step-by-step grade is made when asked for: [`super::Generated::grade`]); any
//! other candidate this passes is graded by the ladder before it is kept.

use std::cell::RefCell;

use crate::logic::layout_walk_finishes;
use crate::puzzle::Operator;

use super::cages::CageCells;
use super::ops::Clue;

mod count;
mod fillings;
mod fixed;
mod state;

pub(super) use count::solutions_within;

use fillings::Need;
use fixed::Fixed;
use state::State;

/// The largest side the quick test takes (Keen's sizes).
pub(super) const QUICK_UP_TO: usize = 9;

/// The largest cage the quick test takes.
pub(super) const MAX_CELLS: usize = 8;

/// The highest level the quick test knows (Keen's hard).
pub(super) const HARD: u8 = 2;

/// Candidates of a cell, bit `v - 1` for value `v`.
pub(super) type Mask = u16;

/// Most cells of a grid the quick test takes.
const CELLS: usize = QUICK_UP_TO * QUICK_UP_TO;

/// What the quick test says of a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The rungs up to this level solve it, and those below it do not.
    Solves(u8),
    /// The rungs up to the level asked get stuck (or, on a candidate without a solution, find
    /// a contradiction).
    Stuck,
}

/// One cage as the quick test keeps it.
#[derive(Clone, Debug, Default)]
struct Cage {
    op: Option<Operator>,
    target: u64,
    cells: Fixed<u8, MAX_CELLS>,
    /// For each position, the earlier positions whose cells share its row or column.
    sees_before: Fixed<u16, MAX_CELLS>,
    /// The lines the cage touches (rows `0..n`, columns `n..2n`) with the positions there.
    parts: Fixed<(u8, u16), 16>,
    /// At hard: whether every filling of the cage is kept in [`State::kept`], `count` of them
    /// from `from` (the walk found them once; later analyses only drop those that no longer
    /// fit the candidates).
    kept: bool,
    from: usize,
    count: usize,
}

/// Most filling values kept per candidate, all cages together: a cage whose fillings do not
/// fit is walked again each time.
const KEEP: usize = 1 << 16;

/// What the fillings of a cage on full candidates depend on.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Fresh {
    n: u8,
    op: Option<Operator>,
    target: u64,
    need: Need,
    sees_before: [u16; MAX_CELLS],
    parts: [u16; 16],
}

/// Most fresh fillings kept per thread (then the memo starts again).
const FRESH_MEMO: usize = 1 << 14;

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::new());
}

/// Whether the ladder's walk over the fillings of every cage of `cut` on an `n`×`n` grid
/// finishes within its budget on any candidates: with every cell at its full `n` candidates
/// (1 + n + n² + … + nᵏ nodes at most for a cage of k cells; fewer candidates take fewer).
/// Then the ladder never skips a cage, and its verdict is the quick test's.
pub(super) fn ladder_finishes(n: usize, cut: &[CageCells]) -> bool {
    cut.iter().all(|cells| layout_walk_finishes(std::iter::repeat_n(n, cells.len())))
}

/// The candidates of each cell where the last [`verdict`] on this thread stopped: the fixed
/// point of the rules up to the level it was asked (cells in row-major order; the first
/// n × n count).
pub(super) fn last_fixed_point() -> [Mask; CELLS] {
    STATE.with(|s| s.borrow().cand)
}

/// The verdict of the rungs up to `up_to` (at most [`HARD`]) on the `n`×`n` KenKen cut into
/// `cut`, cage `k` with operator and target `clues[k]` (None: hidden, or a one-cell cage).
/// None when the quick test does not take the puzzle (side above [`QUICK_UP_TO`], a cage
/// above [`MAX_CELLS`]).
pub(super) fn verdict(n: usize, cut: &[CageCells], clues: &[Clue], up_to: u8) -> Option<Verdict> {
    if n > QUICK_UP_TO || up_to > HARD || cut.iter().any(|k| k.len() > MAX_CELLS) {
        return None;
    }
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.load(n, cut, clues);
        for level in 0..=up_to {
            if s.fixed_point(level) {
                return Some(Verdict::Solves(level));
            }
            if s.broken {
                break;
            }
        }
        Some(Verdict::Stuck)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng::Rng;
    use crate::generate::{Kind, Options, kenken};
    use crate::logic::{Board, Ladder, grade_path};
    use crate::puzzle::Operator;

    #[test]
    fn the_ladder_finishes_cages_small_enough_for_its_budget() {
        let cage = |k: usize| -> CageCells { (0..k).collect() };
        // 1 + 9 + … + 9⁵ = 66,430 nodes at most; with a sixth cell, 597,871.
        assert!(ladder_finishes(9, &[cage(2), cage(5)]));
        assert!(!ladder_finishes(9, &[cage(2), cage(6)]));
        // 1 + 7 + … + 7⁶ = 137,257; 8 cells on 5×5: 488,281.
        assert!(ladder_finishes(7, &[cage(6)]));
        assert!(!ladder_finishes(7, &[cage(7)]));
        assert!(ladder_finishes(5, &[cage(7)]));
        assert!(!ladder_finishes(5, &[cage(8)]));
    }

    /// The level the ladder up to hard gives a puzzle, step by step: Solves(level) or Stuck.
    fn ladder_verdict(puzzle: &crate::puzzle::Puzzle) -> Verdict {
        let ladder = Ladder::keen().up_to(HARD);
        let board = Board::new(puzzle).expect("a board");
        let (grade, _) = grade_path(board, &ladder, None).expect("no contradiction");
        if grade.solved { Verdict::Solves(grade.level) } else { Verdict::Stuck }
    }

    /// On candidates made as the generator makes them (sizes 3 to 9, Keen's options and some
    /// of ours), the fixed points say what the ladder says, level for level.
    #[test]
    fn the_verdict_is_the_ladders() {
        let mut seen = [0usize; 4];
        for size in 3..=9 {
            for seed in 0..150u64 {
                let mut options = Options::new(Kind::KenKen, size);
                options.level = Some((seed % 3) as u8);
                match seed % 7 {
                    0 => options.ops = vec![Operator::Mul],
                    1 => options.hidden_ops = true,
                    2 => options.long_ops = true,
                    3 => options.max_cage = 3,
                    _ => {}
                }
                let mut rng = Rng::new(seed, size as u64);
                let Some((_, cut, puzzle, clues)) = kenken::candidate(&options, &mut rng) else {
                    continue;
                };
                let quick = verdict(size, &cut, &clues, HARD).expect("taken");
                assert_eq!(
                    quick,
                    ladder_verdict(&puzzle),
                    "{size}×{size}, seed {seed}: {puzzle:?}"
                );
                seen[match quick {
                    Verdict::Solves(l) => l as usize,
                    Verdict::Stuck => 3,
                }] += 1;
            }
        }
        // Every outcome came up, many times.
        assert!(seen.iter().all(|&k| k >= 20), "{seen:?}");
    }

    #[test]
    fn grids_and_cages_beyond_its_reach_are_left_to_the_ladder() {
        let cut: Vec<CageCells> = (0..100).map(|c| CageCells::from_slice(&[c])).collect();
        let clues: Vec<Clue> = (0..100).map(|_| (None, 1)).collect();
        assert_eq!(verdict(10, &cut, &clues, HARD), None);
        let big: Vec<CageCells> = vec![(0..9).collect(), (9..18).collect()];
        assert_eq!(verdict(9, &big, &[(Some(Operator::Add), 45); 2], HARD), None);
    }
}

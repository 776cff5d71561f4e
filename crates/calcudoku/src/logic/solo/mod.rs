//! Solo's six levels (Simon Tatham's *Solo*): trivial, basic, intermediate, advanced,
//! extreme, unreasonable — the level Solo's own solver gives a Sudoku, jigsaw or X.
//!
//! Solo's solver tries its rules cheapest first and, after any rule makes progress, starts
//! over from the cheapest; a puzzle's level is that of the dearest rule it needed, and
//! *unreasonable* when the rules stall and it has to guess. This module follows the same
//! order, rule by rule, each in its own file:
//!
//! | level        | rules                                                                   |
//! |--------------|-------------------------------------------------------------------------|
//! | trivial      | `block_single`: a value with one place in a region                      |
//! | basic        | `line_single` (one place in a row, column or diagonal), `cell_single`   |
//! | intermediate | `intersect`: a value's places in a line within a region, or back        |
//! | advanced     | `set`: k cells of a unit holding only k values between them             |
//! | extreme      | `positional_set` (fish on rows and columns), `forcing` (chains)         |
//! | unreasonable | none of those finish it                                                 |
//!
//! A Killer (cages with sums, values differing within a cage) has a second, separate level,
//! Solo's *Killer level*, from the cage rules it needed. Solo tries them right after
//! `block_single` and before every other rule, cheapest first:
//!
//! | Killer level | rules                                                                   |
//! |--------------|-------------------------------------------------------------------------|
//! | trivial      | `cage_single`: a cage's last open cell (no cage rule needed at all)     |
//! | advanced     | `cage_unit`: a unit's cells outside its whole cages add up to the rest  |
//! | simple       | `cage_bounds`: a cage's smallest and largest sums                       |
//! | intermediate | `cage_sums`: the sets of values that make a cage's sum                  |
//!
//! (That is Solo's order: the advanced rule comes second because it also builds the implied
//! cages the two after it use, and only its placing a value counts as advanced.) The Killer
//! level is that of the dearest cage rule that made progress before any guess; the ordinary
//! level is computed as for any Sudoku, with the cage rules helping.
//!
//! Every rule only removes candidates a solution cannot have, so the level never depends on
//! the puzzle having one solution; [`solo_grade`] proves uniqueness with the solver first.

mod block_single;
mod boards;
mod cage_bounds;
mod cage_single;
mod cage_sums;
mod cage_unit;
mod cages;
mod cell_single;
mod cube;
mod forcing;
mod intersect;
mod line_single;
mod positional_set;
mod set;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::clock::Instant;
use crate::puzzle::Puzzle;

use super::LogicError;
pub(crate) use boards::SoloBoards;
use cages::Cages;
use cube::{Cube, Shape, Stuck, bit};

/// One of Solo's levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SoloLevel {
    /// Positional elimination in regions only.
    Trivial,
    /// Also positional elimination in lines, and numeric elimination.
    Basic,
    /// Also intersectional analysis.
    Intermediate,
    /// Also set elimination.
    Advanced,
    /// Also positional set elimination and forcing chains.
    Extreme,
    /// Guessing needed.
    Unreasonable,
}

impl SoloLevel {
    /// All six, easiest first.
    pub const ALL: [SoloLevel; 6] = [
        SoloLevel::Trivial,
        SoloLevel::Basic,
        SoloLevel::Intermediate,
        SoloLevel::Advanced,
        SoloLevel::Extreme,
        SoloLevel::Unreasonable,
    ];

    /// Solo's word for the level, lowercase (`"intermediate"`).
    pub fn name(self) -> &'static str {
        match self {
            SoloLevel::Trivial => "trivial",
            SoloLevel::Basic => "basic",
            SoloLevel::Intermediate => "intermediate",
            SoloLevel::Advanced => "advanced",
            SoloLevel::Extreme => "extreme",
            SoloLevel::Unreasonable => "unreasonable",
        }
    }

    /// The level of a word (any case), or of the letter Solo's parameters use (`t`, `b`,
    /// `i`, `a`, `e`, `u`).
    pub fn from_name(s: &str) -> Option<SoloLevel> {
        let s = s.to_ascii_lowercase();
        SoloLevel::ALL.into_iter().find(|l| l.name() == s || l.name()[..1] == s)
    }
}

impl fmt::Display for SoloLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of Solo's Killer levels, easiest first: the dearest cage rule a Killer needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SoloKillerLevel {
    /// Cages of one open cell only.
    Trivial,
    /// Also a cage's smallest and largest sums.
    Simple,
    /// Also the sets of values that make a cage's sum.
    Intermediate,
    /// Also the sums of rows, columns and regions against the cages in them.
    Advanced,
}

impl SoloKillerLevel {
    /// All four, easiest first.
    pub const ALL: [SoloKillerLevel; 4] = [
        SoloKillerLevel::Trivial,
        SoloKillerLevel::Simple,
        SoloKillerLevel::Intermediate,
        SoloKillerLevel::Advanced,
    ];

    /// Solo's word for the Killer level, lowercase (`"simple"`).
    pub fn name(self) -> &'static str {
        match self {
            SoloKillerLevel::Trivial => "trivial",
            SoloKillerLevel::Simple => "simple",
            SoloKillerLevel::Intermediate => "intermediate",
            SoloKillerLevel::Advanced => "advanced",
        }
    }
}

impl fmt::Display for SoloKillerLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A puzzle's grade on Solo's scale: its level and how often each rule made progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloGrade {
    /// The level: that of the dearest rule needed.
    pub level: SoloLevel,
    /// For a Killer, its Killer level (None for a puzzle without cages).
    pub killer: Option<SoloKillerLevel>,
    /// Rules that made progress, in Solo's order, with how often.
    pub rules: Vec<(&'static str, usize)>,
}

/// What a rule raises when it makes progress: the level or the Killer level.
#[derive(Clone, Copy)]
enum Rank {
    Level(SoloLevel),
    Killer(SoloKillerLevel),
}

/// Solo's rules in the order its solver tries them, with their rank and name.
const RULES: [(Rank, &str); 11] = [
    (Rank::Level(SoloLevel::Trivial), "positional elimination in a region"),
    (Rank::Killer(SoloKillerLevel::Trivial), "one-cell cage"),
    (Rank::Killer(SoloKillerLevel::Advanced), "unit sum against its cages"),
    (Rank::Killer(SoloKillerLevel::Simple), "cage sum bounds"),
    (Rank::Killer(SoloKillerLevel::Intermediate), "cage sum sets"),
    (Rank::Level(SoloLevel::Basic), "positional elimination in a line"),
    (Rank::Level(SoloLevel::Basic), "numeric elimination"),
    (Rank::Level(SoloLevel::Intermediate), "intersectional analysis"),
    (Rank::Level(SoloLevel::Advanced), "set elimination"),
    (Rank::Level(SoloLevel::Extreme), "positional set elimination"),
    (Rank::Level(SoloLevel::Extreme), "forcing chain"),
];

/// Whether Solo's scale applies: a Sudoku of boxes or jigsaw regions, with or without X's
/// diagonals and Killer cages (sums covering the grid, values differing within a cage, a
/// side up to 9), and nothing else (no extra regions or other clues).
pub fn solo_applies(puzzle: &Puzzle) -> bool {
    Shape::of(puzzle).is_some()
}

/// The puzzle's level on Solo's scale. Errors: the puzzle is not one Solo plays, has no
/// solution or several (counted with the solver), or the deadline passed.
pub fn solo_grade(puzzle: &Puzzle, deadline: Option<Instant>) -> Result<SoloGrade, SoloError> {
    let shape = Shape::of(puzzle).ok_or(SoloError::NotSolo)?;
    match super::run::count_solutions(puzzle, deadline)? {
        0 => return Err(LogicError::NoSolution.into()),
        1 => {}
        _ => return Err(LogicError::NotUnique.into()),
    }
    rules_on(&shape, puzzle, SoloLevel::Unreasonable, deadline)
}

/// The level on Solo's scale of a puzzle known to have one solution (not counted here), as
/// [`solo_grade`] gives it. Errors: not a puzzle Solo plays, out of time, or (a bug) a rule
/// reached a contradiction.
pub fn solo_level_of(puzzle: &Puzzle, deadline: Option<Instant>) -> Result<SoloLevel, SoloError> {
    let shape = Shape::of(puzzle).ok_or(SoloError::NotSolo)?;
    Ok(rules_on(&shape, puzzle, SoloLevel::Unreasonable, deadline)?.level)
}

/// The puzzle's level on Solo's scale when Solo's rules up to `cap` finish it (then it has one
/// solution, and that level is `cap` or below: the rules above are never needed, so the run
/// is the one [`solo_level_of`] makes); None when they do not. No count of solutions is
/// needed first. Errors: not a puzzle Solo plays, out of time.
pub fn solo_level_within(
    puzzle: &Puzzle,
    cap: SoloLevel,
    deadline: Option<Instant>,
) -> Result<Option<SoloLevel>, SoloError> {
    let shape = Shape::of(puzzle).ok_or(SoloError::NotSolo)?;
    match rules_on(&shape, puzzle, cap, deadline) {
        Ok(g) => Ok((g.level <= cap).then_some(g.level)),
        // A contradiction: givens or cages without a solution.
        Err(SoloError::Unsound) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Whether Solo's rules up to `cap` alone (a puzzle without cages) finish the puzzle: then
/// it has one solution, at `cap` or below — the test Solo's generator takes clues away with.
/// Errors: not a puzzle Solo plays, out of time.
pub fn solo_finishes_within(
    puzzle: &Puzzle,
    cap: SoloLevel,
    deadline: Option<Instant>,
) -> Result<bool, SoloError> {
    let shape = Shape::of(puzzle).ok_or(SoloError::NotSolo)?;
    if puzzle.cages().is_empty() && cap <= SoloLevel::Advanced {
        return rules_finish(&shape, puzzle.givens().cells(), cap, deadline);
    }
    match rules_on(&shape, puzzle, cap, deadline) {
        Ok(g) => Ok(g.level <= cap),
        // With clues taken away, a contradiction cannot come (the rules are sound); a
        // puzzle of clashing givens is not finished.
        Err(SoloError::Unsound) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Solo's rules run on the puzzle until none makes progress.
fn rules_on(
    shape: &Shape,
    puzzle: &Puzzle,
    cap: SoloLevel,
    deadline: Option<Instant>,
) -> Result<SoloGrade, SoloError> {
    let mut cube = Cube::new(shape, puzzle.givens().cells()).map_err(|_| unsound())?;
    let mut cages = Cages::of(puzzle, shape);
    let mut used = [0usize; RULES.len()];
    let mut level = SoloLevel::Trivial;
    let mut killer = SoloKillerLevel::Trivial;
    let mut since_clock = 0u32;
    loop {
        since_clock += 1;
        if since_clock % 64 == 0 && deadline.is_some_and(|t| Instant::now() >= t) {
            return Err(LogicError::Timeout.into());
        }
        let Some(rule) = next(shape, &mut cube, cages.as_mut(), cap).map_err(|_| unsound())? else {
            break;
        };
        used[rule] += 1;
        match RULES[rule].0 {
            Rank::Level(l) => level = level.max(l),
            Rank::Killer(k) => killer = killer.max(k),
        }
    }
    if !cube.solved() {
        level = SoloLevel::Unreasonable;
    }
    let rules = (0..RULES.len()).filter(|&r| used[r] > 0).map(|r| (RULES[r].1, used[r])).collect();
    let killer = cages.is_some().then_some(killer);
    Ok(SoloGrade { level, killer, rules })
}

/// One round of Solo's solver: the first rule that makes progress, applied once (its index
/// in [`RULES`]); None when none does.
fn next(
    shape: &Shape,
    cube: &mut Cube,
    cages: Option<&mut Cages>,
    cap: SoloLevel,
) -> Result<Option<usize>, Stuck> {
    if block_single::step(shape, cube)? {
        return Ok(Some(0));
    }
    if let Some(cages) = cages {
        if cage_single::step(shape, cube, cages)? {
            return Ok(Some(1));
        }
        if cage_unit::step(shape, cube, cages)? {
            return Ok(Some(2));
        }
        if cage_bounds::step(shape, cube, cages) {
            return Ok(Some(3));
        }
        if cage_sums::step(shape, cube, cages)? {
            return Ok(Some(4));
        }
    }
    // Rules above `cap` are not tried (Solo's solver asked for a level at most).
    if cap < SoloLevel::Basic {
        return Ok(None);
    }
    if line_single::step(shape, cube)? {
        return Ok(Some(5));
    }
    if cell_single::step(shape, cube)? {
        return Ok(Some(6));
    }
    if cap < SoloLevel::Intermediate {
        return Ok(None);
    }
    if intersect::step(shape, cube) {
        return Ok(Some(7));
    }
    if cap < SoloLevel::Advanced {
        return Ok(None);
    }
    if set::step(shape, cube)? {
        return Ok(Some(8));
    }
    if cap < SoloLevel::Extreme {
        return Ok(None);
    }
    if positional_set::step(shape, cube)? {
        return Ok(Some(9));
    }
    if forcing::step(shape, cube) {
        return Ok(Some(10));
    }
    Ok(None)
}

/// A contradiction on a puzzle known to have one solution: a rule is unsound (a bug).
fn unsound() -> SoloError {
    SoloError::Unsound
}

/// Why a puzzle has no grade on Solo's scale.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SoloError {
    /// The puzzle is not a Sudoku, jigsaw, X or Killer Solo plays (extra regions, no
    /// regions, cages other than Killer sums, …).
    #[error("Solo's scale grades Sudoku, jigsaw, X and Killer puzzles only (not this one)")]
    NotSolo,
    /// No solution, several, or out of time.
    #[error(transparent)]
    Logic(#[from] LogicError),
    /// A rule reached a contradiction on a puzzle with one solution: a bug, reported.
    #[error("internal error: a rule of Solo's scale reached a contradiction")]
    Unsound,
}

/// Whether Solo's rules up to `cap` (at most advanced) finish a puzzle without cages: the
/// answer [`rules_on`] gives at that cap, found with the singles in sweeps that place every
/// single a unit has until they stall, then one step of the dearer rules, cheaper first,
/// rather than one step per round from the first rule. Every rule up to advanced only takes
/// candidates away, and what one takes away another cannot bring back or make unfounded (a
/// single stays one until it is placed; a value confined to a line within a region stays so
/// with fewer places; a set of cells holding only as many values stays one), so any order
/// ends in the same state (a contradiction, which only givens without a solution meet,
/// answers false). The generator asks this of most puzzles it weighs; Solo's rounds cost it
/// most of its time.
fn rules_finish(
    shape: &Shape,
    givens: &[u8],
    cap: SoloLevel,
    deadline: Option<Instant>,
) -> Result<bool, SoloError> {
    let Ok(mut cube) = Cube::new(shape, givens) else {
        return Ok(false);
    };
    for round in 1u32.. {
        if round % 64 == 0 && deadline.is_some_and(|t| Instant::now() >= t) {
            return Err(LogicError::Timeout.into());
        }
        if singles_sweeps(shape, &mut cube, cap >= SoloLevel::Basic).is_err() {
            return Ok(false);
        }
        if cube.solved() {
            return Ok(true);
        }
        let progress = (cap >= SoloLevel::Intermediate && intersect::step(shape, &mut cube))
            || (cap >= SoloLevel::Advanced && set::step(shape, &mut cube) == Ok(true));
        if !progress {
            return Ok(false);
        }
    }
    unreachable!("rounds end before u32 does: each takes a candidate away")
}

/// Every single placed, sweep after sweep, until none is left: a value's one place in a
/// region, and with `basic` also in a line and a cell's one value. Err at a contradiction.
fn singles_sweeps(shape: &Shape, cube: &mut Cube, basic: bool) -> Result<(), Stuck> {
    loop {
        let mut placed = false;
        for region in &shape.regions {
            placed |= hidden_singles_in(shape, cube, region)?;
        }
        if basic {
            for line in &shape.lines {
                placed |= hidden_singles_in(shape, cube, line)?;
            }
            for c in 0..shape.n * shape.n {
                if cube.grid[c] == 0 {
                    match cube.cand[c].count_ones() {
                        0 => return Err(Stuck),
                        1 => {
                            cube.place(shape, c, cube.cand[c].trailing_zeros() as u8 + 1);
                            placed = true;
                        }
                        _ => {}
                    }
                }
            }
        }
        if !placed {
            return Ok(());
        }
    }
}

/// Places every value with one place left in `unit`: whether one was; Err when a value has no
/// place (or two values only one cell).
fn hidden_singles_in(shape: &Shape, cube: &mut Cube, unit: &[usize]) -> Result<bool, Stuck> {
    let mut single = singles_of(shape, cube, unit)?;
    let any = single != 0;
    while single != 0 {
        let v = single.trailing_zeros() as u8 + 1;
        single &= single - 1;
        // An earlier value of this sweep may have taken the cell.
        let c = *unit.iter().find(|&&c| cube.cand[c] & bit(v) != 0).ok_or(Stuck)?;
        cube.place(shape, c, v);
    }
    Ok(any)
}

/// Places the smallest value with one place left in `unit` (an open cell), if there is one;
/// Err when a value has no place at all.
fn hidden_single_in(shape: &Shape, cube: &mut Cube, unit: &[usize]) -> Result<bool, Stuck> {
    let single = singles_of(shape, cube, unit)?;
    if single == 0 {
        return Ok(false);
    }
    let v = single.trailing_zeros() as u8 + 1;
    let c = *unit.iter().find(|&&c| cube.cand[c] & bit(v) != 0).expect("one place");
    cube.place(shape, c, v);
    Ok(true)
}

/// The values (a bit each) with one place left in `unit` and not placed there; Err when a
/// value has no place at all.
fn singles_of(shape: &Shape, cube: &Cube, unit: &[usize]) -> Result<u64, Stuck> {
    // Values seen in one cell of the unit, in two or more, and placed there.
    let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
    for &c in unit {
        let m = cube.cand[c];
        twice |= once & m;
        once |= m;
        if cube.grid[c] != 0 {
            placed |= bit(cube.grid[c]);
        }
    }
    if once != shape.all_values() {
        return Err(Stuck);
    }
    Ok(once & !twice & !placed)
}

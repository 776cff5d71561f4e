//! Making new puzzles, at a chosen level, the same for the same seed everywhere.
//!
//! ```text
//! seed, index ─rng─▶ Latin square / Sudoku grid ─cages + ops, or clue removal─▶ Puzzle
//!                                   ─grade (logic ladder up to the level)─▶ keep or try again
//! ```
//!
//! Puzzle `index` of a seed is drawn from its own random stream (`rng`), so a batch made on
//! any number of threads, or one puzzle made alone, gives the same puzzles. Every puzzle kept
//! has exactly one solution: the logic ladder (sound steps only) solves it.
//!
//! - KenKen (`kenken`): Keen's method — a random Latin square cut into cages, operators
//!   chosen to keep every kind in play, kept when it solves at the level and not below. Sizes
//!   Keen does not make get help: from 10×10 a cut with a second solution by a swap is mended,
//!   and from 14×14 easy and normal puzzles get givens where the ladder gets stuck. Up to
//!   9×9 a candidate first meets a quick test (`quick`: the fixed points of the easy, normal
//!   and hard rungs on bitsets, which tell the level those rungs give without the steps).
//!   Where no cage is large enough for the ladder to skip it, the test's verdict is the
//!   ladder's: a puzzle it puts at easy, normal or hard is kept without the ladder, and above
//!   hard the ladder starts from the test's fixed point, where it would have got to on its
//!   own. [`Generated::grade`] then grades the kept puzzle step by step when it is asked for.
//! - Sudoku of every size (`sudoku`): a random solution grid; clues removed (by symmetric
//!   orbits) while the solution stays unique; clues put back, most recent first, until the
//!   level is reached from above.
//!   With a clue pattern (`pattern`), each candidate is instead a random grid kept on the
//!   pattern's cells, kept when unique. With a range of Sudoku Explainer's rating
//!   (`se_range`), each candidate is also rated SE's way and kept when its ER is in range.
//! - At one of Solo's levels (`solo`), Sudoku, jigsaw, X and jigsaw X: clues taken away as
//!   above, then put back until Solo's rules finish the puzzle at that level.
//! - Killer (`killer`): a Sudoku grid cut into cages of distinct digits, givens added only
//!   when asked and needed for uniqueness; from hard up, cages merged until the level.
//! - Skyscrapers (`towers`), Futoshiki (`unequal`) and Adjacent (`adjacent`): a random Latin
//!   square with every clue it shows (clues around it, signs between neighbours), givens
//!   where the ladder gets stuck, then clues and givens taken away in a random order while the
//!   ladder up to the level still solves it (`clued`); kept when exactly at the level.

mod cages;
mod clued;
mod clues;
mod kenken;
mod killer;
mod latin;
mod ops;
mod options;
mod pattern;
mod quick;
pub(crate) mod rng;
mod se_range;
mod seen;
mod solo;
mod sudoku;
mod towers;
mod trades;
mod trial;
mod unequal;
pub mod variants;

pub use options::{ANY_LEVEL, Kind, Options, Setting, Symmetry};
pub use pattern::{MIN_CLUES, Pattern, PatternError};
pub use se_range::SeRange;

use std::sync::OnceLock;

use crate::clock::Instant;
use crate::logic::se::SeRating;
use crate::logic::{Board, Grade, Ladder, LogicError, grade_path};
use crate::puzzle::{Grid, Puzzle};

use self::rng::Rng;

/// A new puzzle with its solution and grade.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle; it has exactly one solution.
    pub puzzle: Puzzle,
    /// The puzzle's one solution.
    pub solution: Grid,
    /// The level the logic ladder solves it at, when known without the grade (see
    /// [`Generated::level`]).
    level: Option<u8>,
    /// Its level on Tatham's Solo's scale, when one was asked ([`Options::solo`]).
    pub solo: Option<crate::logic::SoloLevel>,
    /// Candidates made and thrown away before this one, plus one.
    pub attempts: u32,
    /// Sudoku Explainer's rating, for a 9×9 Sudoku made with [`Options::rating`] or
    /// [`Options::pattern`] (rated as it was made).
    pub se: Option<SeRating>,
    /// The kind's ladder (up to the level, when known) grades it.
    kind: Kind,
    /// The step-by-step grade, once made.
    grade: OnceLock<Grade>,
}

impl Generated {
    /// How the logic ladder solves it: level, rating, techniques used (the same as
    /// [`crate::logic::grade`] gives). The generator mostly knows the level of a KenKen of
    /// Keen's sizes without grading it step by step from the start (by fixed points of the
    /// rungs up to hard, which the ladder agrees with); such a puzzle is graded on the first
    /// call, and the grade is kept. So is one made at one of Solo's levels (whose level
    /// Solo's rules tell, not the ladder's).
    pub fn grade(&self) -> &Grade {
        match self.grade_by(None) {
            Ok(grade) => grade,
            // Without a deadline the ladder, whose last rung is trial, solves every puzzle of
            // one solution, as every generated puzzle is (tested); never reached.
            Err(_) => unreachable!("a generated puzzle the ladder cannot grade"),
        }
    }

    /// [`grade`](Self::grade), given up at `deadline` when it is still to be made (a
    /// front end with a time limit asks this way).
    pub fn grade_by(&self, deadline: Option<Instant>) -> Result<&Grade, GenerateError> {
        if let Some(grade) = self.grade.get() {
            return Ok(grade);
        }
        let ladder = match self.level {
            Some(level) => self.kind.ladder().up_to(level),
            None => self.kind.ladder(),
        };
        match solves_within(&self.puzzle, &ladder, self.level, deadline)? {
            Some(grade) => Ok(self.grade.get_or_init(|| grade)),
            None => unreachable!("a generated puzzle the ladder cannot grade"),
        }
    }

    /// The level the logic ladder solves it at (an index into the kind's
    /// [`Ladder::levels`]): the level asked, when one was; otherwise its grade's (made
    /// then, when the generator did not need it).
    pub fn level(&self) -> u8 {
        self.level.unwrap_or_else(|| self.grade().level)
    }
}

/// How [`generate`]'s stages graded the candidate they kept.
pub(super) enum Graded {
    /// Step by step, by the ladder.
    Path(Grade),
    /// At this level, known without grading it step by step from the start: by the quick
    /// test of fixed points ([`quick`]) up to Keen's hard, above it by the ladder run from the
    /// board those rungs leave, where the ladder's verdict is the same either way
    /// ([`quick::ladder_finishes`]); [`Generated::grade`] grades it when asked.
    Level(u8),
    /// Not graded: its one solution is known otherwise (Solo's rules finish it, or a search
    /// proved it), and no level on the ladder was asked; [`Generated::grade`] grades it
    /// when asked.
    Later,
}

/// Why no puzzle came.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The options ask for something the generator cannot make (a size out of range, an
    /// unknown level name, …); the message says what.
    #[error("{0}")]
    Options(String),
    /// The deadline passed before a puzzle was found.
    #[error("out of time")]
    Timeout,
    /// [`Options::max_attempts`] candidates were made and none passed (solved by the ladder, at
    /// the level asked for, with the SE rating and the clue pattern asked for); holds the
    /// number of attempts.
    #[error("no puzzle at this level after {0} attempts")]
    GaveUp(u32),
}

/// Puzzle `index` of `options.seed`: the same puzzle on every platform and thread.
pub fn generate(
    options: &Options,
    index: u64,
    deadline: Option<Instant>,
) -> Result<Generated, GenerateError> {
    generate_watched(options, index, deadline, &mut |_| {})
}

/// [`generate`], calling `tried` with the number of each candidate (from 1) as it is begun:
/// a front end shows from it how far a long search has got. The puzzle does not depend on it.
pub fn generate_watched(
    options: &Options,
    index: u64,
    deadline: Option<Instant>,
    tried: &mut dyn FnMut(u32),
) -> Result<Generated, GenerateError> {
    options.check()?;
    let mut rng = Rng::new(options.seed, index);
    // Only the rungs up to the level are ever tried: cut once, not for every candidate.
    let ladder = match options.level {
        Some(level) => options.kind.ladder().up_to(level),
        None => options.kind.ladder(),
    };
    let mut attempts = 0u32;
    loop {
        if attempts >= options.max_attempts {
            return Err(GenerateError::GaveUp(attempts));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(GenerateError::Timeout);
        }
        attempts += 1;
        tried(attempts);
        let path = |made: Option<(Puzzle, Grid, Grade)>| {
            made.map(|(puzzle, solution, grade)| (puzzle, solution, Graded::Path(grade)))
        };
        let made = match options.kind {
            _ if options.solo.is_some() => {
                let target = options.solo.expect("matched");
                solo::attempt(options, target, &ladder, &mut rng, deadline, attempts)?
            }
            Kind::KenKen => kenken::attempt(options, &ladder, &mut rng, deadline, attempts)?,
            Kind::Sudoku => match &options.pattern {
                Some(p) => path(pattern::attempt(options, p, &ladder, &mut rng, deadline)?),
                None => path(sudoku::attempt(options, &ladder, &mut rng, deadline)?),
            },
            Kind::Killer => killer::attempt(options, &ladder, &mut rng, deadline)?,
            Kind::Towers => path(towers::attempt(options, &ladder, &mut rng, deadline)?),
            Kind::Unequal | Kind::Adjacent => {
                path(unequal::attempt(options, &ladder, &mut rng, deadline)?)
            }
            k => {
                let rules = k.variant_rules().expect("the other kinds are variants");
                path(variants::attempt(options, rules, &ladder, &mut rng, deadline, attempts)?)
            }
        };
        if let Some((puzzle, solution, graded)) = made {
            debug_assert!(puzzle.is_solution(&solution));
            // SE's rating, for a range to hold or to show with a pattern's puzzle.
            let se = if options.rating.is_some() || options.pattern.is_some() {
                match se_range::rated(&puzzle, options.rating, deadline)? {
                    Some(rating) => Some(rating),
                    None => continue,
                }
            } else {
                None
            };
            let (level, grade) = match graded {
                Graded::Path(grade) => (Some(grade.level), OnceLock::from(grade)),
                Graded::Level(level) => (Some(level), OnceLock::new()),
                Graded::Later => (None, OnceLock::new()),
            };
            return Ok(Generated {
                puzzle,
                solution,
                level,
                solo: options.solo,
                attempts,
                se,
                kind: options.kind,
                grade,
            });
        }
    }
}

/// The grade of `puzzle` when the ladder up to `level` (all of it when None) solves it: then
/// its solution is unique. None when it gets stuck.
fn solves_within(
    puzzle: &Puzzle,
    ladder: &Ladder,
    level: Option<u8>,
    deadline: Option<Instant>,
) -> Result<Option<Grade>, GenerateError> {
    let Ok(board) = Board::new(puzzle) else { return Ok(None) };
    // The generator hands over a ladder already cut at its level: no copy then.
    let cut;
    let ladder = match level {
        Some(level) if ladder.rungs.iter().any(|r| r.level > level) => {
            cut = ladder.up_to(level);
            &cut
        }
        _ => ladder,
    };
    board_solves(board, ladder, deadline)
}

/// The grade of the path from `board` when `ladder` solves it; None when it gets stuck.
fn board_solves(
    board: Board,
    ladder: &Ladder,
    deadline: Option<Instant>,
) -> Result<Option<Grade>, GenerateError> {
    match grade_path(board, ladder, deadline) {
        Ok((grade, board)) => {
            // Its buffers serve the next candidate's board.
            board.recycle();
            Ok(grade.solved.then_some(grade))
        }
        Err(LogicError::Timeout) => Err(GenerateError::Timeout),
        // A contradiction: no solution (cannot happen on a puzzle made from its solution).
        Err(_) => Ok(None),
    }
}

/// The grade of `puzzle` when it is exactly at `level` (any level when None).
fn at_level(
    puzzle: &Puzzle,
    ladder: &Ladder,
    level: Option<u8>,
    deadline: Option<Instant>,
) -> Result<Option<Grade>, GenerateError> {
    Ok(solves_within(puzzle, ladder, level, deadline)?
        .filter(|g| level.is_none_or(|l| g.level == l)))
}

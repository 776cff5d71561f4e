//! Making new puzzles, at a chosen level, the same for the same seed everywhere.
//!
//! ```text
//! seed, index ─rng─▶ Latin square / Sudoku grid ─cages + ops, or clue removal─▶ Puzzle
//!                                   ─grade (logic ladder up to the level)─▶ keep or try again
//! ```
//!
//! Puzzle `index` of a seed is drawn from its own random stream ([`rng`]), so a batch made on
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
//! - Killer (`killer`): a Sudoku grid cut into cages of distinct digits, givens added only
//!   when asked and needed for uniqueness; from hard up, cages merged until the level.

mod cages;
mod kenken;
mod killer;
mod latin;
mod ops;
mod quick;
pub mod rng;
mod seen;
mod sudoku;
mod trades;
mod trial;
pub mod variants;

pub use ops::OpChoice;

use std::sync::OnceLock;

use crate::clock::Instant;
use crate::logic::{Board, Grade, Ladder, LogicError, grade_path};
use crate::puzzle::{BoxShape, Grid, Operator, Puzzle};

use self::rng::Rng;

/// The kinds of puzzle the generator makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// KenKen (Calcudoku): arithmetic cages covering the grid, no givens, graded on Keen's
    /// levels.
    KenKen,
    /// Sudoku with standard boxes and givens.
    Sudoku,
    /// Killer Sudoku: boxes and sum cages of distinct values, givens only when asked for.
    Killer,
    /// Jigsaw Sudoku: random connected regions of N cells instead of boxes.
    Jigsaw,
    /// X-Sudoku: boxes, and both main diagonals hold every value once.
    X,
    /// Windoku: boxes, and extra windows (four on a 9×9) hold every value once.
    Windoku,
    /// Jigsaw X: a jigsaw's regions and X's diagonals.
    JigsawX,
}

impl Kind {
    /// Every kind, in the order of this enum.
    pub const ALL: [Kind; 7] = [
        Kind::KenKen,
        Kind::Sudoku,
        Kind::Killer,
        Kind::Jigsaw,
        Kind::X,
        Kind::Windoku,
        Kind::JigsawX,
    ];

    /// The lower-case name the command line takes: `kenken`, `sudoku`, `killer`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::KenKen => "kenken",
            Kind::Sudoku => "sudoku",
            Kind::Killer => "killer",
            Kind::Jigsaw => "jigsaw",
            Kind::X => "x",
            Kind::Windoku => "windoku",
            Kind::JigsawX => "jigsaw-x",
        }
    }

    /// What a Sudoku variant adds to the plain grid; None for KenKen, Sudoku and Killer.
    pub fn variant_rules(self) -> Option<variants::Rules> {
        let rules = |jigsaw, x, windoku| Some(variants::Rules { jigsaw, x, windoku });
        match self {
            Kind::Jigsaw => rules(true, false, false),
            Kind::X => rules(false, true, false),
            Kind::Windoku => rules(false, false, true),
            Kind::JigsawX => rules(true, true, false),
            _ => None,
        }
    }

    /// The kind of that name, ignoring ASCII case; `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Kind> {
        let name = if name.eq_ignore_ascii_case("x-jigsaw") { "jigsaw-x" } else { name };
        Kind::ALL.into_iter().find(|k| k.name().eq_ignore_ascii_case(name))
    }

    /// The level names of this kind's ladder, easiest first (without building the ladder).
    pub fn levels(self) -> &'static [&'static str] {
        match self {
            Kind::KenKen => crate::logic::KEEN_LEVELS,
            _ => crate::logic::SUDOKU_LEVELS,
        }
    }

    /// This kind's highest level (the ladder's top, without building the ladder).
    pub fn top(self) -> u8 {
        (self.levels().len() - 1) as u8
    }

    /// The ladder that grades this kind, whose level names `--difficulty` takes.
    pub fn ladder(self) -> Ladder {
        match self {
            Kind::KenKen => Ladder::keen(),
            Kind::Killer => Ladder::killer(),
            _ => Ladder::sudoku(),
        }
    }
}

/// Which clues of a Sudoku go together: a clue is removed or kept with its images.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Each clue on its own.
    None,
    /// A half turn about the centre (the newspaper convention).
    #[default]
    Rotational,
    /// Mirrored left to right.
    Mirror,
}

impl Symmetry {
    /// Every symmetry, in the order of this enum.
    pub const ALL: [Symmetry; 3] = [Symmetry::None, Symmetry::Rotational, Symmetry::Mirror];

    /// The lower-case name the command line takes: `none`, `rotational`, `mirror`.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Mirror => "mirror",
        }
    }

    /// The symmetry of that name, ignoring ASCII case; `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(name))
    }
}

/// Default attempts per KenKen. Keen's multiplication-only levels from hard up take up to
/// about 180,000 candidates per puzzle on average (5×5 extreme, 9×9 unreasonable: a few in a
/// hundred thousand are at the level), so that a puzzle at one of Keen's levels is as good as
/// never given up on. With all four operators a few hundred are the most any level of sizes 4
/// to 9 takes on average.
pub const KENKEN_ATTEMPTS: u32 = 5_000_000;

/// Default attempts per Sudoku or Killer.
pub const GRID_ATTEMPTS: u32 = 20_000;

/// What to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Which kind of puzzle to make.
    pub kind: Kind,
    /// Side of the grid (KenKen 3–16; Sudoku and Killer: a size with standard boxes, 4–25).
    pub size: usize,
    /// The level (index into the kind's ladder levels); None takes whatever comes.
    pub level: Option<u8>,
    /// Seed of the random streams: the same seed and puzzle index give the same puzzle.
    pub seed: u64,
    /// KenKen: the operators allowed (`--ops`, `--mult-only`).
    pub ops: Vec<Operator>,
    /// KenKen: − and ÷ on cages of more than two cells where exact (not in Keen).
    pub long_ops: bool,
    /// KenKen: cages written without their operator (the solver must find it).
    pub hidden_ops: bool,
    /// KenKen and Killer: the largest cage.
    pub max_cage: usize,
    /// Sudoku: how clues are grouped.
    pub symmetry: Symmetry,
    /// Sudoku: no clue can be removed without losing uniqueness.
    pub minimal: bool,
    /// Killer: givens may be added when the cages alone leave several solutions.
    pub givens: bool,
    /// Attempts per puzzle before giving up (a level that the size cannot reach): by default
    /// [`KENKEN_ATTEMPTS`] for KenKen, [`GRID_ATTEMPTS`] for Sudoku and Killer.
    pub max_attempts: u32,
}

impl Options {
    /// Keen's defaults for a kind and size: all four operators, cages of up to 6 cells
    /// (Killer: 5), rotational symmetry, no level.
    pub fn new(kind: Kind, size: usize) -> Options {
        Options {
            kind,
            size,
            level: None,
            seed: 0,
            ops: vec![Operator::Add, Operator::Sub, Operator::Mul, Operator::Div],
            long_ops: false,
            hidden_ops: false,
            max_cage: if kind == Kind::Killer { 5 } else { 6 },
            symmetry: Symmetry::Rotational,
            minimal: false,
            givens: false,
            max_attempts: if kind == Kind::KenKen { KENKEN_ATTEMPTS } else { GRID_ATTEMPTS },
        }
    }

    /// Sets the level by name (`hard`), or errors with the names there are.
    pub fn with_level_named(mut self, name: &str) -> Result<Options, GenerateError> {
        let ladder = self.kind.ladder();
        match ladder.level_of(name) {
            Some(level) => {
                self.level = Some(level);
                Ok(self)
            }
            None => Err(GenerateError::Options(format!(
                "unknown {} level '{name}' (expected one of: {})",
                self.kind.name(),
                ladder.levels.join(", ")
            ))),
        }
    }

    /// Checks the options can give puzzles at all.
    pub fn check(&self) -> Result<(), GenerateError> {
        let bad = |why: String| Err(GenerateError::Options(why));
        let levels = self.kind.levels().len();
        if let Some(level) = self.level
            && level as usize >= levels
        {
            return bad(format!("level {level} is out of range (0 to {})", levels - 1));
        }
        match self.kind {
            Kind::KenKen => {
                if !(3..=16).contains(&self.size) {
                    return bad(format!("KenKen size {} is out of range (3 to 16)", self.size));
                }
                if self.ops.is_empty() {
                    return bad("no operator allowed".into());
                }
                if self.max_cage < 2 {
                    return bad("the largest cage must hold at least 2 cells".into());
                }
                // Keen's cages have two cells or more: dominoes alone tile only an even side.
                if self.max_cage == 2 && self.size % 2 == 1 {
                    return bad(format!(
                        "a {0}×{0} grid has an odd number of cells: it cannot be cut into cages \
                         of 2 cells (--max-cage 3 or more)",
                        self.size
                    ));
                }
                // A cage of three cells or more takes + or × (− and ÷ only with --long-ops),
                // and cuts nearly always have one.
                let long = [Operator::Add, Operator::Mul];
                if self.max_cage > 2 && !self.long_ops && !self.ops.iter().any(|o| long.contains(o))
                {
                    return bad("cages of three or more cells need + or × (or − and ÷ on them \
                                with --long-ops, or cages of at most 2 cells: --max-cage 2)"
                        .into());
                }
                // Keen: a 3×3 grid leaves too little room for anything above normal.
                if self.size == 3 && self.level.is_some_and(|l| l > 1) {
                    return bad("3×3 KenKen are at most normal".into());
                }
            }
            Kind::Jigsaw | Kind::JigsawX | Kind::X | Kind::Windoku => {
                let rules = self.kind.variant_rules().expect("a variant");
                if !(4..=16).contains(&self.size) {
                    return bad(format!(
                        "{} size {} is out of range (4 to 16)",
                        self.kind.name(),
                        self.size
                    ));
                }
                if !rules.jigsaw && BoxShape::standard(self.size).is_none() {
                    return bad(format!(
                        "{} size {} has no standard boxes (4, 6, 8, 9, 10, 12, 15, 16)",
                        self.kind.name(),
                        self.size
                    ));
                }
                if rules.windoku && crate::puzzle::windoku_windows(self.size).is_empty() {
                    return bad(format!("a {0}×{0} grid has no windoku windows", self.size));
                }
            }
            Kind::Sudoku | Kind::Killer => {
                if !(4..=25).contains(&self.size) || BoxShape::standard(self.size).is_none() {
                    return bad(format!(
                        "{} size {} has no standard boxes (4, 6, 8, 9, 10, 12, 15, 16, 20, 25)",
                        self.kind.name(),
                        self.size
                    ));
                }
                if self.kind == Kind::Sudoku && self.size == 4 && self.level.is_some_and(|l| l > 0)
                {
                    return bad("calcudoku makes 4×4 Sudoku only at easy".into());
                }
                if self.kind == Kind::Sudoku
                    && self.size == 9
                    && self.level == Some(self.kind.top())
                    && self.symmetry == Symmetry::Mirror
                {
                    return bad(
                        "9×9 Sudoku that need trial come with rotational symmetry or none \
                                (--symmetry rotational|none)"
                            .into(),
                    );
                }
                if self.kind == Kind::Killer && self.max_cage < 2 {
                    return bad("the largest cage must hold at least 2 cells".into());
                }
            }
        }
        Ok(())
    }
}

/// A new puzzle with its solution and grade.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle; it has exactly one solution.
    pub puzzle: Puzzle,
    /// The puzzle's one solution.
    pub solution: Grid,
    /// The level the logic ladder solves it at (an index into the kind's
    /// [`Ladder::levels`]): the level asked, when one was.
    pub level: u8,
    /// Candidates made and thrown away before this one, plus one.
    pub attempts: u32,
    /// The kind's ladder, up to [`Generated::level`], grades it.
    kind: Kind,
    /// The step-by-step grade, once made.
    grade: OnceLock<Grade>,
}

impl Generated {
    /// How the logic ladder solves it: level, rating, techniques used (the same as
    /// [`crate::logic::grade`] gives). The generator mostly knows the level of a KenKen of
    /// Keen's sizes without grading it step by step from the start (by fixed points of the
    /// rungs up to hard, which the ladder agrees with); such a puzzle is graded on the first
    /// call, and the grade is kept.
    pub fn grade(&self) -> &Grade {
        self.grade.get_or_init(|| {
            let ladder = self.kind.ladder().up_to(self.level);
            match solves_within(&self.puzzle, &ladder, Some(self.level), None) {
                Ok(Some(grade)) => grade,
                // The generator keeps only puzzles the ladder solves (tested); never reached.
                _ => unreachable!("a generated puzzle the ladder cannot grade"),
            }
        })
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
    /// [`Options::max_attempts`] candidates were made and none passed the grading (solved
    /// by the ladder, at the level asked for); holds the number of attempts.
    #[error("no puzzle at this level after {0} attempts")]
    GaveUp(u32),
}

/// Puzzle `index` of `options.seed`: the same puzzle on every platform and thread.
pub fn generate(
    options: &Options,
    index: u64,
    deadline: Option<Instant>,
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
        let path = |made: Option<(Puzzle, Grid, Grade)>| {
            made.map(|(puzzle, solution, grade)| (puzzle, solution, Graded::Path(grade)))
        };
        let made = match options.kind {
            Kind::KenKen => kenken::attempt(options, &ladder, &mut rng, deadline, attempts)?,
            Kind::Sudoku => path(sudoku::attempt(options, &ladder, &mut rng, deadline)?),
            Kind::Killer => path(killer::attempt(options, &ladder, &mut rng, deadline)?),
            k => {
                let rules = k.variant_rules().expect("the other kinds are variants");
                path(variants::attempt(options, rules, &ladder, &mut rng, deadline)?)
            }
        };
        if let Some((puzzle, solution, graded)) = made {
            debug_assert!(puzzle.is_solution(&solution));
            let (level, grade) = match graded {
                Graded::Path(grade) => (grade.level, OnceLock::from(grade)),
                Graded::Level(level) => (level, OnceLock::new()),
            };
            return Ok(Generated { puzzle, solution, level, attempts, kind: options.kind, grade });
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_out_of_range_are_refused() {
        assert!(Options::new(Kind::KenKen, 2).check().is_err());
        assert!(Options::new(Kind::KenKen, 17).check().is_err());
        assert!(Options::new(Kind::Sudoku, 7).check().is_err());
        assert!(Options::new(Kind::KenKen, 3).with_level_named("hard").unwrap().check().is_err());
        let err = Options::new(Kind::Sudoku, 9).with_level_named("impossible").unwrap_err();
        assert!(err.to_string().contains("fiendish"), "{err}");
        assert!(Options::new(Kind::Killer, 9).with_level_named("Medium").is_ok());
    }

    #[test]
    fn levels_are_the_ladders_levels() {
        for kind in Kind::ALL {
            assert_eq!(kind.levels(), kind.ladder().levels, "{kind:?}");
            assert_eq!(kind.top(), kind.ladder().top(), "{kind:?}");
            let ladder = kind.ladder();
            for level in 0..kind.levels().len() as u8 {
                let cut = ladder.up_to(level);
                assert_eq!((cut.name, cut.levels), (ladder.name, ladder.levels));
                assert!(cut.rungs.iter().all(|r| r.level <= level));
                let kept = ladder.rungs.iter().filter(|r| r.level <= level).count();
                assert_eq!(cut.rungs.len(), kept);
            }
        }
        assert_ne!(Kind::KenKen.levels(), Kind::Sudoku.levels());
    }
}

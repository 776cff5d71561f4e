//! What to make: the kind, size and level of a puzzle and the options that shape it, and the
//! check that they can give puzzles at all. An option that does nothing for a kind (symmetry
//! for a KenKen, operators for a Sudoku) is refused, not ignored.

use crate::format::{Format, Layout};
use crate::logic::{Ladder, SoloLevel};
use crate::puzzle::{BoxShape, Operator};

use super::{GenerateError, Pattern, SeRange};

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
    /// Skyscrapers (Tatham's Towers): clues around the grid, givens where needed, graded on
    /// Towers' levels.
    Towers,
    /// Futoshiki (Tatham's Unequal): `<` signs between neighbours and givens, graded on
    /// Unequal's levels.
    Unequal,
    /// Tatham's Adjacent mode of Unequal: bars between the neighbours that differ by 1, and
    /// givens.
    Adjacent,
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
    pub const ALL: [Kind; 10] = [
        Kind::KenKen,
        Kind::Sudoku,
        Kind::Killer,
        Kind::Towers,
        Kind::Unequal,
        Kind::Adjacent,
        Kind::Jigsaw,
        Kind::X,
        Kind::Windoku,
        Kind::JigsawX,
    ];

    /// What every front end makes when asked for nothing in particular: KenKen.
    pub const DEFAULT: Kind = Kind::KenKen;

    /// The size made when none is asked: 6 for KenKen (Keen's default), 9 for Sudoku and
    /// Killer.
    pub const fn default_size(self) -> usize {
        match self {
            Kind::KenKen | Kind::Towers | Kind::Unequal | Kind::Adjacent => 6,
            _ => 9,
        }
    }

    /// The level made when none is asked for a grid of side `size`: [`Kind::default_level`],
    /// but `easy` where a grid that small has no harder puzzle (a 4×4 Sudoku, X or windoku).
    pub const fn default_level_at(self, size: usize) -> &'static str {
        match self.top_at(size) {
            Some((0, _, _)) => "easy",
            _ => self.default_level(),
        }
    }

    /// The highest level (index into the kind's ladder) a grid of side `size` can be made at,
    /// where that is below the kind's top, with the words of an error (the puzzles, the
    /// levels): a 4×4 Sudoku, X or windoku has no puzzle above easy, a 4×4 jigsaw none above
    /// medium (20,000 attempts find none). None for other kinds and sides.
    const fn top_at(self, size: usize) -> Option<(u8, &'static str, &'static str)> {
        if size != 4 {
            return None;
        }
        match self {
            Kind::Sudoku => Some((0, "Sudoku", "easy")),
            Kind::X => Some((0, "X Sudoku", "easy")),
            Kind::Windoku => Some((0, "windoku", "easy")),
            Kind::Jigsaw => Some((1, "jigsaw Sudoku", "easy and medium")),
            Kind::JigsawX => Some((1, "jigsaw X Sudoku", "easy and medium")),
            _ => None,
        }
    }

    /// The level made when none is asked: the middle of the ladder (`normal`, Keen's default,
    /// for KenKen; `medium` for Sudoku and Killer).
    pub const fn default_level(self) -> &'static str {
        match self {
            Kind::KenKen => "normal",
            Kind::Sudoku | Kind::Killer => "medium",
            Kind::Towers => "hard",
            Kind::Unequal | Kind::Adjacent => "tricky",
            Kind::Jigsaw | Kind::X | Kind::Windoku | Kind::JigsawX => "medium",
        }
    }

    /// The lower-case name the command line takes: `kenken`, `sudoku`, `killer`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::KenKen => "kenken",
            Kind::Sudoku => "sudoku",
            Kind::Killer => "killer",
            Kind::Towers => "towers",
            Kind::Unequal => "unequal",
            Kind::Adjacent => "adjacent",
            Kind::Jigsaw => "jigsaw",
            Kind::X => "x",
            Kind::Windoku => "windoku",
            Kind::JigsawX => "jigsaw-x",
        }
    }

    /// What a Sudoku variant adds to the plain grid; None for the other kinds.
    pub fn variant_rules(self) -> Option<super::variants::Rules> {
        let rules = |jigsaw, x, windoku| Some(super::variants::Rules { jigsaw, x, windoku });
        match self {
            Kind::Jigsaw => rules(true, false, false),
            Kind::X => rules(false, true, false),
            Kind::Windoku => rules(false, false, true),
            Kind::JigsawX => rules(true, true, false),
            _ => None,
        }
    }

    /// The kind of that name, ignoring ASCII case (`skyscrapers` and `futoshiki` name Towers
    /// and Unequal too); `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Kind> {
        let alias = [
            ("skyscrapers", Kind::Towers),
            ("futoshiki", Kind::Unequal),
            ("x-jigsaw", Kind::JigsawX),
        ];
        if let Some((_, kind)) = alias.iter().find(|(a, _)| a.eq_ignore_ascii_case(name)) {
            return Some(*kind);
        }
        Kind::ALL.into_iter().find(|k| k.name().eq_ignore_ascii_case(name))
    }

    /// The level names of this kind's ladder, easiest first (without building the ladder).
    pub fn levels(self) -> &'static [&'static str] {
        match self {
            Kind::KenKen => crate::logic::KEEN_LEVELS,
            Kind::Sudoku | Kind::Killer => crate::logic::SUDOKU_LEVELS,
            Kind::Jigsaw | Kind::X | Kind::Windoku | Kind::JigsawX => crate::logic::SUDOKU_LEVELS,
            Kind::Towers => crate::logic::TOWERS_LEVELS,
            Kind::Unequal | Kind::Adjacent => crate::logic::UNEQUAL_LEVELS,
        }
    }

    /// The levels a grid of side `size` can be made at, easiest first: [`Kind::levels`], but
    /// only `easy` for a 4×4 Sudoku, X or windoku and up to `medium` for a 4×4 jigsaw.
    pub fn levels_at(self, size: usize) -> &'static [&'static str] {
        let levels = self.levels();
        match self.top_at(size) {
            Some((top, _, _)) => &levels[..=top as usize],
            None => levels,
        }
    }

    /// The kind of the puzzles it makes, as [`Puzzle::kind`](crate::Puzzle::kind) reports it:
    /// its id (`skyscrapers` for Towers, `futoshiki` for Unequal, `jigsaw-x`, …) is what a
    /// pasted puzzle of the kind says it is, and its name is the one people use (`Jigsaw
    /// X-Sudoku`).
    pub fn puzzle_kind(self) -> crate::puzzle::Kind {
        use crate::puzzle::{Family, Kind as Made};
        if let Some(rules) = self.variant_rules() {
            return Made {
                family: Family::Sudoku,
                jigsaw: rules.jigsaw,
                diagonals: rules.x,
                extra_regions: rules.windoku,
            };
        }
        Made::plain(match self {
            Kind::KenKen => Family::KenKen,
            Kind::Killer => Family::Killer,
            Kind::Towers => Family::Skyscrapers,
            Kind::Unequal => Family::Futoshiki,
            Kind::Adjacent => Family::Adjacent,
            Kind::Sudoku | Kind::Jigsaw | Kind::X | Kind::Windoku | Kind::JigsawX => Family::Sudoku,
        })
    }

    /// Whether `--difficulty` also takes Tatham's Solo's level words for this kind: Sudoku,
    /// jigsaw, X, jigsaw X and Killer (the kinds Solo plays and grades).
    pub const fn solo_levels(self) -> bool {
        matches!(self, Kind::Sudoku | Kind::Jigsaw | Kind::X | Kind::JigsawX | Kind::Killer)
    }

    /// This kind's highest level (the ladder's top, without building the ladder).
    pub fn top(self) -> u8 {
        (self.levels().len() - 1) as u8
    }

    /// The ladder that grades this kind, whose level names `--difficulty` takes.
    pub fn ladder(self) -> Ladder {
        match self {
            Kind::KenKen => Ladder::keen(),
            Kind::Sudoku | Kind::Jigsaw | Kind::X | Kind::Windoku | Kind::JigsawX => {
                Ladder::sudoku()
            }
            Kind::Killer => Ladder::killer(),
            Kind::Towers => Ladder::towers(),
            Kind::Unequal | Kind::Adjacent => Ladder::unequal(),
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

/// The level name that asks for no level in particular: whatever the first candidate solved
/// by the ladder is.
pub const ANY_LEVEL: &str = "any";

/// Default attempts per KenKen. Keen's multiplication-only levels from hard up take up to
/// about 180,000 candidates per puzzle on average (5×5 extreme, 9×9 unreasonable: a few in a
/// hundred thousand are at the level), so that a puzzle at one of Keen's levels is as good as
/// never given up on. With all four operators a few hundred are the most any level of sizes 4
/// to 9 takes on average.
pub(crate) const KENKEN_ATTEMPTS: u32 = 5_000_000;

/// Default attempts per Sudoku or Killer.
pub(crate) const GRID_ATTEMPTS: u32 = 20_000;

/// Default attempts per Sudoku on a clue pattern: a random grid fits a pattern of 24 clues
/// with one solution about once in 5,000 to 100,000 attempts (some 20 µs each), sparser
/// patterns far more seldom; a million is some 20 s.
pub(crate) const PATTERN_ATTEMPTS: u32 = 1_000_000;

/// What to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Which kind of puzzle to make.
    pub kind: Kind,
    /// Side of the grid (KenKen 3–16; Sudoku and Killer: a size with standard boxes, 4–25).
    pub size: usize,
    /// The level (index into the kind's ladder levels); None takes whatever comes.
    pub level: Option<u8>,
    /// Sudoku, its variants (not windoku) and Killer: one of Tatham's Solo's levels instead
    /// (then `level` is None), the level Solo's solver gives the puzzle.
    pub solo: Option<SoloLevel>,
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
    /// 5,000,000 for KenKen, 20,000 for Sudoku and Killer.
    pub max_attempts: u32,
    /// 9×9 Sudoku: keep only puzzles whose Sudoku Explainer rating (ER) is in this range.
    pub rating: Option<SeRange>,
    /// 9×9 Sudoku: the clues are exactly the pattern's cells.
    pub pattern: Option<Pattern>,
}

impl Options {
    /// Keen's defaults for a kind and size: all four operators, cages of up to 6 cells
    /// (Killer: 5), rotational symmetry, no level.
    pub fn new(kind: Kind, size: usize) -> Options {
        Options {
            kind,
            size,
            level: None,
            solo: None,
            seed: 0,
            ops: vec![Operator::Add, Operator::Sub, Operator::Mul, Operator::Div],
            long_ops: false,
            hidden_ops: false,
            max_cage: if kind == Kind::Killer { 5 } else { 6 },
            symmetry: Symmetry::Rotational,
            minimal: false,
            givens: false,
            max_attempts: if kind == Kind::KenKen { KENKEN_ATTEMPTS } else { GRID_ATTEMPTS },
            rating: None,
            pattern: None,
        }
    }

    /// The options every front end starts from for a kind: its default size and level
    /// ([`Kind::default_size`], [`Kind::default_level`]) and Keen's defaults otherwise.
    pub fn for_kind(kind: Kind) -> Options {
        Options::new(kind, kind.default_size())
            .with_level_named(kind.default_level())
            .expect("a kind's default level is one of its levels")
    }

    /// Sets the level by name (`hard`; `any` for whatever comes), or, for the kinds Solo
    /// plays ([`Kind::solo_levels`]), one of Solo's level words (`advanced`); errors with the
    /// names there are.
    pub fn with_level_named(mut self, name: &str) -> Result<Options, GenerateError> {
        self.solo = None;
        if name.eq_ignore_ascii_case(ANY_LEVEL) {
            self.level = None;
            return Ok(self);
        }
        if let Some(level) = self.kind.levels().iter().position(|l| l.eq_ignore_ascii_case(name)) {
            self.level = Some(level as u8);
            return Ok(self);
        }
        let solo = SoloLevel::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(name));
        match solo {
            Some(solo) if self.kind.solo_levels() => {
                self.level = None;
                self.solo = Some(solo);
                Ok(self)
            }
            _ => {
                let words = SoloLevel::ALL.map(SoloLevel::name).join(", ");
                let solo = if self.kind.solo_levels() {
                    format!("; or Solo's: {words}")
                } else {
                    String::new()
                };
                Err(GenerateError::Options(format!(
                    "unknown {} level '{name}' (expected one of: {}, {ANY_LEVEL}{solo})",
                    self.kind.name(),
                    self.kind.levels().join(", ")
                )))
            }
        }
    }

    /// Puts the clues on `pattern`'s cells; the attempts allowed go up to a million when they
    /// were the default (a random grid seldom fits a pattern with one solution).
    pub fn with_pattern(mut self, pattern: Pattern) -> Options {
        self.pattern = Some(pattern);
        if self.max_attempts == GRID_ATTEMPTS {
            self.max_attempts = PATTERN_ATTEMPTS;
        }
        self
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
        if let Some(solo) = self.solo {
            if !self.kind.solo_levels() {
                return bad(format!("{} puzzles are not made at Solo's levels", self.kind.name()));
            }
            if self.level.is_some() {
                return bad("a ladder level and a Solo level at once".into());
            }
            // Solo's generator makes its 2×2 puzzles trivial only; a 4×4 has nothing harder
            // than basic on Solo's scale.
            if self.size == 4 && solo > SoloLevel::Basic {
                return bad(format!(
                    "4×4 puzzles on Solo's scale are trivial or basic, not {solo}"
                ));
            }
            // Killers are drawn at no level and kept at Solo's: past advanced, too seldom.
            if self.kind == Kind::Killer && solo > SoloLevel::Advanced {
                return bad(format!(
                    "Killers at Solo's levels are made up to advanced, not {solo}"
                ));
            }
            if self.kind == Kind::Killer && self.size > 9 {
                return bad(format!(
                    "Killers at Solo's levels are made up to 9×9 (Solo's largest), not {0}×{0}",
                    self.size
                ));
            }
        }
        if let Some(setting) = self.settings_changed().find(|s| !s.applies_to(self.kind)) {
            return bad(format!("{}: {}", setting.name(), setting.why_not(self.kind)));
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
                // Levels the generator does not reach in seconds on large grids (measured,
                // seed 1, one core): × alone at 13×13 hard found none in 28 s, 12×12
                // unreasonable took 15 s; unreasonable with hidden operators at 12×12 and 14×14
                // none in 23 s (11×11: 0.1 s).
                let mult_only = self.ops == [Operator::Mul];
                let keens_ops = self.ops.len() == 4 || mult_only;
                if mult_only && self.size > 12 && self.level.is_some_and(|l| l > 1) {
                    return bad(format!(
                        "KenKen of × alone above normal are made up to 12×12, not {0}×{0}",
                        self.size
                    ));
                }
                if (self.hidden_ops || !keens_ops)
                    && self.size > 11
                    && self.level == Some(self.kind.top())
                {
                    return bad(format!(
                        "unreasonable KenKen with hidden operators or a choice of operators are \
                         made up to 11×11, not {0}×{0}",
                        self.size
                    ));
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
                // Thinned by symmetric pairs, the walked puzzles that need trial always kept a
                // clue that could go alone (8 walks of 8, each thinned in 30 orders).
                if self.kind == Kind::Sudoku
                    && self.size == 9
                    && self.level == Some(self.kind.top())
                    && self.minimal
                    && self.symmetry != Symmetry::None
                {
                    return bad("minimal 9×9 Sudoku that need trial come without symmetry \
                                (--symmetry none)"
                        .into());
                }
                // From 20×20 on, clues go while the ladder up to the level solves the puzzle:
                // with trial on the ladder, each step is a search per candidate of a cell.
                if self.kind == Kind::Sudoku
                    && self.size >= super::sudoku::LADDER_FROM
                    && self.level == Some(self.kind.top())
                {
                    return bad(format!(
                        "Sudoku that need trial are made up to 16×16, not {0}×{0}",
                        self.size
                    ));
                }
                // Killers from cages alone: none in 30 s at 20×20 and 25×25, any level; with
                // givens, 20×20 in half a second, 25×25 none in 30 s.
                if self.kind == Kind::Killer && self.size > 20 {
                    return bad(format!("Killers are made up to 20×20, not {0}×{0}", self.size));
                }
                if self.kind == Kind::Killer && self.size == 20 && !self.givens {
                    return bad("20×20 Killers come with givens only (--givens)".into());
                }
                if (self.rating.is_some() || self.pattern.is_some()) && self.size != 9 {
                    let what = if self.rating.is_some() { "rating" } else { "pattern" };
                    return bad(format!(
                        "{what}: Sudoku Explainer's ratings and clue patterns are for 9×9 \
                         Sudoku, not {0}×{0}",
                        self.size
                    ));
                }
                if let Some(range) = self.rating
                    && range.lo > SeRange::HIGHEST_LOW
                {
                    return bad(format!(
                        "rating: random candidates practically never rate above {}.{} on \
                         Sudoku Explainer's scale (none of 64 that need trial did); ask for a \
                         low end of at most that",
                        SeRange::HIGHEST_LOW / 10,
                        SeRange::HIGHEST_LOW % 10
                    ));
                }
                if self.pattern.is_some() && self.symmetry != Symmetry::Rotational {
                    return bad("symmetry: a pattern places the clues itself".into());
                }
                if self.pattern.is_some() && self.minimal {
                    return bad("minimal: a pattern places the clues itself".into());
                }
                if self.kind == Kind::Killer && self.max_cage < 2 {
                    return bad("the largest cage must hold at least 2 cells".into());
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
            Kind::Towers | Kind::Unequal | Kind::Adjacent => {
                if !(3..=16).contains(&self.size) {
                    return bad(format!(
                        "{} size {} is out of range (3 to 16)",
                        self.kind.name(),
                        self.size
                    ));
                }
            }
        }
        if let (Some((top, puzzles, levels)), Some(level)) =
            (self.kind.top_at(self.size), self.level)
            && level > top
        {
            let n = self.size;
            return bad(format!("{n}×{n} {puzzles} are made only at {levels}"));
        }
        Ok(())
    }

    /// The format puzzles are written in when none is asked: the ops format for KenKen and
    /// Killer (the course's, read by every command), JSON for Killers with givens (which sit
    /// inside cages, where the ops format cannot write them), the sudoku format for Sudoku
    /// (one line each where the size has a line form, else rows), Tatham's game IDs for
    /// Towers, Unequal and Adjacent (they open in his games).
    pub fn default_format(&self) -> Format {
        match self.kind {
            Kind::Killer if self.givens => Format::JSON,
            Kind::KenKen | Kind::Killer => Format::OPS,
            Kind::Sudoku => Format::SUDOKU,
            Kind::Towers => Format::TOWERS,
            Kind::Unequal | Kind::Adjacent => Format::UNEQUAL,
            Kind::Jigsaw | Kind::X | Kind::JigsawX => Format::SOLO,
            Kind::Windoku => Format::JSON,
        }
    }

    /// How every puzzle these options can make is written in `format`: in which layout
    /// ([`Layout::Line`] for one-line Sudokus and JSON Lines, else rows), or why the format
    /// cannot write them, naming the formats that can. Known before any puzzle is made.
    pub fn layout_in(&self, format: Format) -> Result<Layout, GenerateError> {
        self.writes(format).map_err(|why| {
            let can: Vec<&str> =
                Format::ALL.iter().filter(|&&f| self.writes(f).is_ok()).map(|f| f.name()).collect();
            let n = self.size;
            GenerateError::Options(format!(
                "the {format} format cannot write {n}×{n} {}: {why} (formats that can: {})",
                self.kind_plural(),
                can.join(", ")
            ))
        })
    }

    /// The layout `format` writes these puzzles in, or why it cannot.
    fn writes(&self, format: Format) -> Result<Layout, String> {
        let sums_only = !self.hidden_ops && self.ops == [Operator::Add];
        let sums_only_format = format == Format::CELLS || format == Format::COUNTED;
        if format == Format::JSON {
            return Ok(Layout::Line);
        }
        let tatham = [Format::TOWERS, Format::UNEQUAL, Format::SKYSCRAPERS, Format::FUTOSHIKI];
        match self.kind {
            Kind::Jigsaw if format == Format::JIGSAW || format == Format::SOLO => Ok(Layout::Rows),
            Kind::X | Kind::JigsawX if format == Format::SOLO => Ok(Layout::Rows),
            Kind::Jigsaw | Kind::X | Kind::JigsawX | Kind::Windoku => {
                Err(format!("the {format} format cannot write the {} rules", self.kind.name()))
            }
            Kind::Towers if format == Format::TOWERS || format == Format::SKYSCRAPERS => {
                Ok(Layout::Rows)
            }
            Kind::Unequal | Kind::Adjacent
                if format == Format::UNEQUAL || format == Format::FUTOSHIKI =>
            {
                Ok(Layout::Rows)
            }
            Kind::Towers | Kind::Unequal | Kind::Adjacent => Err(format!(
                "the {format} format has no clues around the grid or signs between cells"
            )),
            _ if tatham.contains(&format) => {
                Err(format!("the {format} format writes Tatham's Towers or Unequal only"))
            }
            _ if format == Format::JIGSAW => {
                Err("the jigsaw format writes jigsaw Sudoku only".into())
            }
            Kind::KenKen if format == Format::SOLO => {
                Err("Solo has no arithmetic cages (its Killer cages are sums)".into())
            }
            Kind::Sudoku | Kind::Killer
                if format == Format::SOLO && self.size > crate::format::solo::SOLO_MAX_SIZE =>
            {
                Err(format!("Solo plays sides up to {}", crate::format::solo::SOLO_MAX_SIZE))
            }
            Kind::Sudoku if format == Format::SOLO => Ok(Layout::Rows),
            Kind::Sudoku if format == Format::SUDOKU => {
                let line = crate::format::sudoku::LINE_LENGTHS.contains(&(self.size * self.size));
                Ok(if line { Layout::Line } else { Layout::Rows })
            }
            Kind::Sudoku => Err("a Sudoku's clues are givens in boxes, not cages".into()),
            _ if format == Format::SUDOKU => {
                Err("the sudoku format writes givens, not cages".into())
            }
            Kind::Killer if sums_only_format || format == Format::KEEN => {
                Err(format!("the {format} format has no boxes"))
            }
            Kind::Killer if format == Format::OPS && self.givens => {
                Err("the ops format writes a given only as a cage of its own, not inside one"
                    .into())
            }
            Kind::KenKen if sums_only_format && !sums_only => {
                Err(format!("the {format} format has sum cages only"))
            }
            Kind::KenKen if format == Format::KEEN && self.hidden_ops => {
                Err("Keen shows every cage's operator".into())
            }
            Kind::KenKen if format == Format::KEEN && self.long_ops => {
                Err("Keen has − and ÷ on two cells only".into())
            }
            _ => Ok(Layout::Rows),
        }
    }

    /// The kind's name for several puzzles, as messages say it.
    fn kind_plural(&self) -> &'static str {
        match self.kind {
            Kind::KenKen if self.hidden_ops => "KenKen with hidden operators",
            Kind::KenKen if self.long_ops => "KenKen with long − and ÷ cages",
            Kind::KenKen => "KenKen",
            Kind::Sudoku => "Sudoku",
            Kind::Killer if self.givens => "Killers with givens",
            Kind::Killer => "Killers",
            Kind::Towers => "Skyscrapers",
            Kind::Unequal => "Futoshiki",
            Kind::Adjacent => "Adjacent puzzles",
            Kind::Jigsaw => "jigsaw Sudoku",
            Kind::X => "X-Sudoku",
            Kind::Windoku => "windoku",
            Kind::JigsawX => "jigsaw X-Sudoku",
        }
    }

    /// The settings that differ from [`Options::new`]'s for this kind and size.
    pub fn settings_changed(&self) -> impl Iterator<Item = Setting> + '_ {
        let default = Options::new(self.kind, self.size);
        Setting::ALL.into_iter().filter(move |s| match s {
            Setting::Ops => self.ops != default.ops,
            Setting::LongOps => self.long_ops,
            Setting::HiddenOps => self.hidden_ops,
            Setting::MaxCage => self.max_cage != default.max_cage,
            Setting::Symmetry => self.symmetry != default.symmetry,
            Setting::Minimal => self.minimal,
            Setting::Givens => self.givens,
            Setting::Rating => self.rating.is_some(),
            Setting::Pattern => self.pattern.is_some(),
        })
    }
}

/// A setting of [`Options`] that shapes only some kinds of puzzle. Set for a kind it does
/// nothing for, it is refused ([`Options::check`]), not ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// [`Options::ops`]: the operators a KenKen's cages may take.
    Ops,
    /// [`Options::long_ops`]: − and ÷ on KenKen cages of three cells or more.
    LongOps,
    /// [`Options::hidden_ops`]: KenKen cages without their operator.
    HiddenOps,
    /// [`Options::max_cage`]: the largest cage of a KenKen or Killer.
    MaxCage,
    /// [`Options::symmetry`]: how a Sudoku's givens are grouped.
    Symmetry,
    /// [`Options::minimal`]: a Sudoku with no given to spare.
    Minimal,
    /// [`Options::givens`]: a Killer with givens where its cages leave several solutions.
    Givens,
    /// [`Options::rating`]: a Sudoku within a range of Sudoku Explainer's rating.
    Rating,
    /// [`Options::pattern`]: a Sudoku with its clues on a pattern's cells.
    Pattern,
}

impl Setting {
    /// Every setting, in the order of this enum.
    pub const ALL: [Setting; 9] = [
        Setting::Ops,
        Setting::LongOps,
        Setting::HiddenOps,
        Setting::MaxCage,
        Setting::Symmetry,
        Setting::Minimal,
        Setting::Givens,
        Setting::Rating,
        Setting::Pattern,
    ];

    /// The setting's name, as the command line spells it without its dashes (`long-ops`).
    pub const fn name(self) -> &'static str {
        match self {
            Setting::Ops => "ops",
            Setting::LongOps => "long-ops",
            Setting::HiddenOps => "hidden-ops",
            Setting::MaxCage => "max-cage",
            Setting::Symmetry => "symmetry",
            Setting::Minimal => "minimal",
            Setting::Givens => "givens",
            Setting::Rating => "rating",
            Setting::Pattern => "pattern",
        }
    }

    /// Whether the setting shapes puzzles of this kind.
    pub const fn applies_to(self, kind: Kind) -> bool {
        match self {
            Setting::Ops | Setting::LongOps | Setting::HiddenOps => matches!(kind, Kind::KenKen),
            Setting::MaxCage => matches!(kind, Kind::KenKen | Kind::Killer),
            Setting::Symmetry | Setting::Minimal | Setting::Rating | Setting::Pattern => {
                matches!(kind, Kind::Sudoku)
            }
            Setting::Givens => matches!(kind, Kind::Killer),
        }
    }

    /// Why the setting does nothing for a kind it does not apply to, in a phrase.
    pub fn why_not(self, kind: Kind) -> String {
        let only = match self {
            Setting::Ops | Setting::LongOps | Setting::HiddenOps => "KenKen",
            Setting::MaxCage => "KenKen and Killer",
            Setting::Symmetry | Setting::Minimal => "Sudoku",
            Setting::Rating | Setting::Pattern => "9×9 Sudoku",
            Setting::Givens => "Killer",
        };
        let because = match (self, kind) {
            (Setting::Ops | Setting::LongOps | Setting::HiddenOps, Kind::Sudoku) => {
                "a Sudoku has no cages, so no operators"
            }
            (Setting::Ops | Setting::LongOps | Setting::HiddenOps, _) => {
                "a Killer's cages are sums, their operator always +"
            }
            (Setting::MaxCage, _) => "a Sudoku has no cages",
            (Setting::Symmetry | Setting::Minimal, Kind::KenKen) => {
                "a KenKen's clues are its cages, it has no givens to place or take away"
            }
            (Setting::Symmetry | Setting::Minimal, _) => {
                "a Killer's clues are its cages; givens come only with --givens, where needed"
            }
            (Setting::Givens, Kind::KenKen) => {
                "a KenKen gets givens on its own, from 14×14 and where a level needs them"
            }
            (Setting::Givens, _) => "a Sudoku's clues are givens already",
            (Setting::Rating, _) => "Sudoku Explainer rates plain 9×9 Sudoku",
            (Setting::Pattern, _) => "a pattern marks the givens of a plain Sudoku",
        };
        format!("applies to {only} only ({because})")
    }
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
        let any = Options::new(Kind::KenKen, 6).with_level_named("hard").unwrap();
        assert_eq!(any.with_level_named("ANY").unwrap().level, None);
        let err = Options::new(Kind::KenKen, 6).with_level_named("medium").unwrap_err();
        assert!(err.to_string().ends_with("unreasonable, any)"), "{err}");
    }

    /// Each setting set for a kind it does not shape is refused with its name; for the kinds
    /// it shapes, it passes.
    #[test]
    fn settings_for_another_kind_are_refused() {
        for kind in Kind::ALL {
            for setting in Setting::ALL {
                let mut o = Options::new(kind, 9);
                match setting {
                    Setting::Ops => o.ops = vec![Operator::Add, Operator::Mul],
                    Setting::LongOps => o.long_ops = true,
                    Setting::HiddenOps => o.hidden_ops = true,
                    Setting::MaxCage => o.max_cage = 4,
                    Setting::Symmetry => o.symmetry = Symmetry::Mirror,
                    Setting::Minimal => o.minimal = true,
                    Setting::Givens => o.givens = true,
                    Setting::Rating => o.rating = Some(SeRange::new(70, 80)),
                    Setting::Pattern => o.pattern = Some(Pattern::parse(&"x".repeat(81)).unwrap()),
                }
                assert_eq!(o.settings_changed().collect::<Vec<_>>(), [setting]);
                match o.check() {
                    Ok(()) => assert!(setting.applies_to(kind), "{kind:?} {setting:?}"),
                    Err(e) => {
                        assert!(!setting.applies_to(kind), "{kind:?} {setting:?}: {e}");
                        let said = e.to_string();
                        assert!(said.starts_with(&format!("{}: applies to", setting.name())));
                    }
                }
            }
            assert_eq!(Options::new(kind, 9).settings_changed().count(), 0);
        }
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

    #[test]
    fn the_puzzles_made_are_of_the_kind_named() {
        for kind in Kind::ALL {
            let size = if kind == Kind::Windoku { 9 } else { 6 };
            let options = Options::new(kind, size).with_level_named("any").unwrap();
            let made = super::super::generate(&options, 0, None).unwrap();
            assert_eq!(made.puzzle.kind(), kind.puzzle_kind(), "{kind:?}");
        }
        assert_eq!(Kind::Towers.puzzle_kind().id(), "skyscrapers");
        assert_eq!(Kind::JigsawX.puzzle_kind().to_string(), "Jigsaw X-Sudoku");
    }

    #[test]
    fn small_grids_offer_only_the_levels_they_have() {
        assert_eq!(Kind::Sudoku.levels_at(4), ["easy"]);
        assert_eq!(Kind::X.levels_at(4), ["easy"]);
        assert_eq!(Kind::Jigsaw.levels_at(4), ["easy", "medium"]);
        assert_eq!(Kind::Jigsaw.levels_at(6), Kind::Jigsaw.levels());
        assert_eq!(Kind::KenKen.levels_at(4), Kind::KenKen.levels());
        for kind in Kind::ALL {
            for size in 3..=16 {
                assert!(kind.levels_at(size).contains(&kind.default_level_at(size)));
            }
        }
    }
}

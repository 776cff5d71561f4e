//! Levels as data: a ladder lists the rules a person tries, easiest first, each at a level.
//!
//! A puzzle's level is the highest level of any step its solution needs when the easiest
//! applicable rule is always taken first; its rating is the highest rating of those steps.
//!
//! - KenKen climbs Keen's five levels (Simon Tatham's puzzle collection): a puzzle is `hard`
//!   when Keen's solver finishes it with its hard deductions and not with its normal ones.
//! - Sudoku and Killer Sudoku climb a ladder of named techniques up to `needs trial`.

use super::board::Board;
use super::step::Found;
use super::subsets::Subsets;
use super::technique::{Scope, TechniqueSpec, UnitKind};
use super::{
    adjacency, cage_combination, cage_line, cage_placement, chains, fish, forcing, forcing_chain,
    inequality, innies, locked, singles, sky_bounds, sky_facing, sky_line, sky_tallest, subsets,
    trial, wings,
};

/// A finder with the parameters its rung gives it: a technique file's descriptor and a scope.
#[derive(Clone, Copy)]
pub struct Rule {
    spec: &'static TechniqueSpec,
    scope: Scope,
}

impl Rule {
    /// The finder of `spec`'s file, with `scope`.
    pub const fn new(spec: &'static TechniqueSpec, scope: Scope) -> Rule {
        Rule { spec, scope }
    }

    /// Assume a value, search exhaustively, drop it when nothing fits.
    pub const TRIAL: Rule = Rule::new(&trial::SPEC, Scope::Whole);

    /// Looks for steps of this rule on `board`.
    pub fn find(self, board: &Board, out: &mut Found) {
        (self.spec.find)(board, self.scope, out)
    }

    /// The finder's name (`hidden singles`, `subsets`) and its scope.
    pub fn name(self) -> &'static str {
        self.spec.name
    }

    /// The parameters the rung gives the finder.
    pub fn scope(self) -> Scope {
        self.scope
    }
}

impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        self.spec.name == other.spec.name && self.scope == other.scope
    }
}

impl Eq for Rule {}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Rule({}, {:?})", self.spec.name, self.scope)
    }
}

/// One rule at one level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung {
    /// The level a step of this rule counts as: an index into [`Ladder::levels`].
    pub level: u8,
    /// The rule tried.
    pub rule: Rule,
}

/// The levels of a kind of puzzle and the rules tried, easiest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ladder {
    /// `keen` or `sudoku`.
    pub name: &'static str,
    /// Level names, lower-case, easiest first.
    pub levels: &'static [&'static str],
    /// The rules in the order they are tried, easiest first.
    pub rungs: Vec<Rung>,
}

/// Keen's five levels.
pub const KEEN_LEVELS: &[&str] = &["easy", "normal", "hard", "extreme", "unreasonable"];
/// Tatham's Towers levels (Skyscrapers).
pub const TOWERS_LEVELS: &[&str] = &["easy", "hard", "extreme", "unreasonable"];
/// Tatham's Unequal levels (Futoshiki and Adjacent).
pub const UNEQUAL_LEVELS: &[&str] = &["trivial", "easy", "tricky", "extreme", "recursive"];
/// The Sudoku (and Killer) levels.
pub const SUDOKU_LEVELS: &[&str] =
    &["easy", "medium", "hard", "fiendish", "diabolical", "needs trial"];

const LINES: &[UnitKind] = &[UnitKind::Row, UnitKind::Col];

/// Every kind of unit, boxes and regions first (the rows, columns and boxes of a Sudoku; the
/// jigsaw regions, diagonals and extra regions of its variants).
const ALL: &[UnitKind] = &[
    UnitKind::Box,
    UnitKind::Region,
    UnitKind::Row,
    UnitKind::Col,
    UnitKind::Diagonal,
    UnitKind::Extra,
];

/// Naked subsets of size `k`.
const fn naked_of(kinds: &'static [UnitKind], k: u8) -> Subsets {
    Subsets { kinds, min: k, max: k, naked: true, hidden: false }
}

/// Hidden subsets of size `k`.
const fn hidden_of(kinds: &'static [UnitKind], k: u8) -> Subsets {
    Subsets { kinds, min: k, max: k, naked: false, hidden: true }
}

/// Naked and hidden subsets of sizes `min..=max` in units of `kinds`.
const fn subsets_of(kinds: &'static [UnitKind], min: u8, max: u8) -> Subsets {
    Subsets { kinds, min, max, naked: true, hidden: true }
}
const BOX_FIRST: &[UnitKind] = ALL;

impl Ladder {
    /// KenKen, graded as Keen grades: easy (singles, the values a cage can hold), normal (the
    /// values each cell of a cage can hold), hard (values a cage forces into a line, subsets),
    /// extreme (fish, forcing chains), unreasonable (trial).
    pub fn keen() -> Ladder {
        let rung = |level, rule| Rung { level, rule };
        Ladder {
            name: "keen",
            levels: KEEN_LEVELS,
            rungs: vec![
                rung(0, Rule::new(&singles::HIDDEN, Scope::Units(LINES))),
                rung(0, Rule::new(&singles::NAKED, Scope::Whole)),
                rung(0, Rule::new(&cage_combination::SPEC, Scope::Whole)),
                rung(1, Rule::new(&cage_placement::SPEC, Scope::Whole)),
                rung(2, Rule::new(&subsets::SPEC, Scope::Subsets(subsets_of(LINES, 2, 2)))),
                rung(2, Rule::new(&cage_line::SPEC, Scope::Whole)),
                rung(2, Rule::new(&subsets::SPEC, Scope::Subsets(subsets_of(LINES, 3, u8::MAX)))),
                rung(3, Rule::new(&fish::SPEC, Scope::Sizes { min: 2, max: u8::MAX })),
                rung(3, Rule::new(&forcing_chain::SPEC, Scope::Whole)),
                rung(4, Rule::TRIAL),
            ],
        }
    }

    /// Skyscrapers, graded as Tatham's Towers grades: easy (singles, facing clues, the tallest
    /// seen, visibility bounds), hard (one clue's line analysed whole, subsets in lines),
    /// extreme (fish, forcing chains), unreasonable (trial).
    pub fn towers() -> Ladder {
        let rung = |level, rule| Rung { level, rule };
        Ladder {
            name: "towers",
            levels: TOWERS_LEVELS,
            rungs: vec![
                rung(0, Rule::new(&singles::HIDDEN, Scope::Units(LINES))),
                rung(0, Rule::new(&singles::NAKED, Scope::Whole)),
                rung(0, Rule::new(&sky_facing::SPEC, Scope::Whole)),
                rung(0, Rule::new(&sky_tallest::SPEC, Scope::Whole)),
                rung(0, Rule::new(&sky_bounds::SPEC, Scope::Whole)),
                rung(1, Rule::new(&subsets::SPEC, Scope::Subsets(subsets_of(LINES, 2, 2)))),
                rung(1, Rule::new(&sky_line::SPEC, Scope::Whole)),
                rung(1, Rule::new(&subsets::SPEC, Scope::Subsets(subsets_of(LINES, 3, u8::MAX)))),
                rung(2, Rule::new(&fish::SPEC, Scope::Sizes { min: 2, max: u8::MAX })),
                rung(2, Rule::new(&forcing_chain::SPEC, Scope::Whole)),
                rung(3, Rule::TRIAL),
            ],
        }
    }

    /// Futoshiki and Adjacent, graded as Tatham's Unequal grades: trivial (singles), easy
    /// (inequalities, adjacency from placed values), tricky (adjacency from candidates,
    /// subsets in lines), extreme (fish, forcing chains), recursive (trial).
    pub fn unequal() -> Ladder {
        let rung = |level, rule| Rung { level, rule };
        Ladder {
            name: "unequal",
            levels: UNEQUAL_LEVELS,
            rungs: vec![
                rung(0, Rule::new(&singles::HIDDEN, Scope::Units(LINES))),
                rung(0, Rule::new(&singles::NAKED, Scope::Whole)),
                rung(1, Rule::new(&inequality::SPEC, Scope::Whole)),
                rung(1, Rule::new(&adjacency::SPEC, Scope::Variant(true))),
                rung(2, Rule::new(&adjacency::SPEC, Scope::Variant(false))),
                rung(2, Rule::new(&subsets::SPEC, Scope::Subsets(subsets_of(LINES, 2, 2)))),
                rung(2, Rule::new(&subsets::SPEC, Scope::Subsets(subsets_of(LINES, 3, u8::MAX)))),
                rung(3, Rule::new(&fish::SPEC, Scope::Sizes { min: 2, max: u8::MAX })),
                rung(3, Rule::new(&forcing_chain::SPEC, Scope::Whole)),
                rung(4, Rule::TRIAL),
            ],
        }
    }

    /// Sudoku of every size (and Latin squares with givens).
    pub fn sudoku() -> Ladder {
        let rung = |level, rule| Rung { level, rule };
        Ladder {
            name: "sudoku",
            levels: SUDOKU_LEVELS,
            rungs: vec![
                rung(0, Rule::new(&singles::HIDDEN, Scope::Units(BOX_FIRST))),
                rung(0, Rule::new(&singles::NAKED, Scope::Whole)),
                rung(1, Rule::new(&locked::SPEC, Scope::Variant(true))),
                rung(1, Rule::new(&locked::SPEC, Scope::Variant(false))),
                rung(1, Rule::new(&subsets::SPEC, Scope::Subsets(naked_of(ALL, 2)))),
                rung(1, Rule::new(&subsets::SPEC, Scope::Subsets(hidden_of(ALL, 2)))),
                rung(2, Rule::new(&subsets::SPEC, Scope::Subsets(naked_of(ALL, 3)))),
                rung(2, Rule::new(&fish::SPEC, Scope::Sizes { min: 2, max: 2 })),
                rung(2, Rule::new(&subsets::SPEC, Scope::Subsets(hidden_of(ALL, 3)))),
                rung(3, Rule::new(&fish::SPEC, Scope::Sizes { min: 3, max: 3 })),
                rung(3, Rule::new(&wings::SPEC, Scope::Variant(false))),
                rung(3, Rule::new(&wings::SPEC, Scope::Variant(true))),
                rung(3, Rule::new(&subsets::SPEC, Scope::Subsets(naked_of(ALL, 4)))),
                rung(3, Rule::new(&fish::SPEC, Scope::Sizes { min: 4, max: 4 })),
                rung(3, Rule::new(&subsets::SPEC, Scope::Subsets(hidden_of(ALL, 4)))),
                rung(4, Rule::new(&chains::SPEC, Scope::Whole)),
                rung(4, Rule::new(&forcing::SPEC, Scope::Whole)),
                rung(5, Rule::TRIAL),
            ],
        }
    }

    /// Killer Sudoku: the Sudoku ladder with the cage techniques.
    pub fn killer() -> Ladder {
        let mut ladder = Ladder { name: "killer", ..Ladder::sudoku() };
        ladder.rungs.extend([
            Rung { level: 0, rule: Rule::new(&cage_combination::SPEC, Scope::Whole) },
            Rung { level: 1, rule: Rule::new(&cage_placement::SPEC, Scope::Whole) },
            Rung { level: 1, rule: Rule::new(&cage_line::SPEC, Scope::Whole) },
            Rung { level: 1, rule: Rule::new(&innies::SPEC, Scope::Whole) },
        ]);
        // Each cage rule after the Sudoku rules of its level (a stable sort keeps their order).
        ladder.rungs.sort_by_key(|r| r.level);
        ladder
    }

    /// The ladder for a puzzle: Towers' for Skyscrapers clues and Unequal's for relations
    /// between cells (without cages or regions), Keen's for puzzles with arithmetic cages and
    /// no boxes or regions, the Killer ladder for boxes or regions with cages, the Sudoku
    /// ladder otherwise. A Latin square with givens only is graded on Unequal's levels (its
    /// trivial puzzles are just that).
    pub fn for_board(board: &Board) -> Ladder {
        let puzzle = board.puzzle();
        if board.cages().is_empty() && !puzzle.has_regions() {
            if puzzle.line_clues().is_some() {
                return Ladder::towers();
            }
            // Signs between cells, or none at all: a Latin square with givens is what Tatham's
            // Unequal makes at its trivial level.
            let kind = puzzle.kind();
            let plain = kind.family == crate::puzzle::Family::Latin
                && !kind.diagonals
                && !kind.extra_regions;
            if !puzzle.relations().is_empty() || plain {
                return Ladder::unequal();
            }
        }
        match (board.cages().is_empty(), board.puzzle().has_regions()) {
            (false, false) => Ladder::keen(),
            (false, true) => Ladder::killer(),
            (true, _) => Ladder::sudoku(),
        }
    }

    /// The name of a level.
    pub fn level_name(&self, level: u8) -> &'static str {
        self.levels[level as usize]
    }

    /// The level of a name (case-insensitive).
    pub fn level_of(&self, name: &str) -> Option<u8> {
        self.levels.iter().position(|l| l.eq_ignore_ascii_case(name)).map(|i| i as u8)
    }

    /// The same ladder with only the rungs of `level` and below: a puzzle it solves is at most
    /// that level (the generator's test of a puzzle against a target).
    pub fn up_to(&self, level: u8) -> Ladder {
        Ladder {
            name: self.name,
            levels: self.levels,
            rungs: self.rungs.iter().filter(|r| r.level <= level).cloned().collect(),
        }
    }

    /// The highest level.
    pub fn top(&self) -> u8 {
        (self.levels.len() - 1) as u8
    }
}

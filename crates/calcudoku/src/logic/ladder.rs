//! Levels as data: a ladder lists the rules a person tries, easiest first, each at a level.
//!
//! A puzzle's level is the highest level of any step its solution needs when the easiest
//! applicable rule is always taken first; its rating is the highest rating of those steps.
//!
//! - KenKen climbs Keen's five levels (Simon Tatham's puzzle collection): a puzzle is `hard`
//!   when Keen's solver finishes it with its hard deductions and not with its normal ones.
//! - Sudoku and Killer Sudoku climb a ladder of named techniques up to `needs trial`.

use super::board::Board;
use super::innies;
use super::singles;
use super::step::Found;
use super::subsets::{self, Subsets};
use super::technique::UnitKind;
use super::trial;
use super::{adjacency, inequality, sky_bounds, sky_facing, sky_line, sky_tallest};
use super::{
    cage_combination, cage_line, cage_placement, chains, fish, forcing, forcing_chain, locked,
    wings,
};

/// A finder, with the parameters its ladder gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Rule {
    /// Cells with one candidate.
    NakedSingles,
    /// Values with one place in a unit of these kinds.
    HiddenSingles(&'static [UnitKind]),
    /// The values a whole cage can be made of.
    CageCombinations,
    /// The values each cell of a cage can take.
    CagePlacements,
    /// Values every filling of a cage puts in one unit leave the rest of it.
    CageLines,
    /// Naked and hidden subsets.
    Subsets(Subsets),
    /// Fish of sizes `min..=max`.
    Fish {
        /// Smallest fish size tried (2 is the X-wing; below 2 counts as 2).
        min: u8,
        /// Largest fish size tried.
        max: u8,
    },
    /// Keen's forcing chains along two-candidate cells.
    ForcingChains,
    /// Pointing (`true`) or claiming locked candidates.
    LockedCandidates(bool),
    /// XY-wings, or (`true`) XYZ-wings.
    Wings(bool),
    /// X-chains, XY-chains and alternating inference chains.
    Chains,
    /// Contradiction, cell and unit forcing chains (singles along each branch).
    Forcing,
    /// Killer: the sum a set of units implies for the cells that stick in or out of its cages.
    InniesOuties,
    /// Skyscrapers: facing clues that add up to N + 1.
    FacingClues,
    /// Skyscrapers: the cell next to a clue seen last.
    TallestSeen,
    /// Skyscrapers: tall towers kept away from a clue.
    VisibilityBounds,
    /// Skyscrapers: every order of one clue's line.
    LineAnalysis,
    /// Futoshiki: bounds across `<` signs.
    Inequalities,
    /// Adjacent: from placed values (`true`) or from candidates.
    Adjacency(bool),
    /// Assume a value, search exhaustively, drop it when nothing fits.
    Trial,
}

impl Rule {
    /// Looks for steps of this rule on `board`.
    pub fn find(self, board: &Board, out: &mut Found) {
        match self {
            Rule::NakedSingles => singles::naked(board, out),
            Rule::HiddenSingles(kinds) => singles::hidden(board, kinds, out),
            Rule::CageCombinations => cage_combination::find(board, out),
            Rule::CagePlacements => cage_placement::find(board, out),
            Rule::CageLines => cage_line::find(board, out),
            Rule::Subsets(rule) => subsets::find(board, rule, out),
            Rule::Fish { min, max } => fish::find(board, min, max, out),
            Rule::ForcingChains => forcing_chain::find(board, out),
            Rule::LockedCandidates(pointing) => locked::find(board, pointing, out),
            Rule::Wings(xyz) => wings::find(board, xyz, out),
            Rule::Chains => chains::find(board, out),
            Rule::Forcing => forcing::find(board, out),
            Rule::InniesOuties => innies::find(board, out),
            Rule::FacingClues => sky_facing::find(board, out),
            Rule::TallestSeen => sky_tallest::find(board, out),
            Rule::VisibilityBounds => sky_bounds::find(board, out),
            Rule::LineAnalysis => sky_line::find(board, out),
            Rule::Inequalities => inequality::find(board, out),
            Rule::Adjacency(placed) => adjacency::find(board, placed, out),
            Rule::Trial => trial::find(board, out),
        }
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
                rung(0, Rule::HiddenSingles(LINES)),
                rung(0, Rule::NakedSingles),
                rung(0, Rule::CageCombinations),
                rung(1, Rule::CagePlacements),
                rung(2, Rule::Subsets(subsets_of(LINES, 2, 2))),
                rung(2, Rule::CageLines),
                rung(2, Rule::Subsets(subsets_of(LINES, 3, u8::MAX))),
                rung(3, Rule::Fish { min: 2, max: u8::MAX }),
                rung(3, Rule::ForcingChains),
                rung(4, Rule::Trial),
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
                rung(0, Rule::HiddenSingles(LINES)),
                rung(0, Rule::NakedSingles),
                rung(0, Rule::FacingClues),
                rung(0, Rule::TallestSeen),
                rung(0, Rule::VisibilityBounds),
                rung(1, Rule::Subsets(subsets_of(LINES, 2, 2))),
                rung(1, Rule::LineAnalysis),
                rung(1, Rule::Subsets(subsets_of(LINES, 3, u8::MAX))),
                rung(2, Rule::Fish { min: 2, max: u8::MAX }),
                rung(2, Rule::ForcingChains),
                rung(3, Rule::Trial),
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
                rung(0, Rule::HiddenSingles(LINES)),
                rung(0, Rule::NakedSingles),
                rung(1, Rule::Inequalities),
                rung(1, Rule::Adjacency(true)),
                rung(2, Rule::Adjacency(false)),
                rung(2, Rule::Subsets(subsets_of(LINES, 2, 2))),
                rung(2, Rule::Subsets(subsets_of(LINES, 3, u8::MAX))),
                rung(3, Rule::Fish { min: 2, max: u8::MAX }),
                rung(3, Rule::ForcingChains),
                rung(4, Rule::Trial),
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
                rung(0, Rule::HiddenSingles(BOX_FIRST)),
                rung(0, Rule::NakedSingles),
                rung(1, Rule::LockedCandidates(true)),
                rung(1, Rule::LockedCandidates(false)),
                rung(1, Rule::Subsets(naked_of(ALL, 2))),
                rung(1, Rule::Subsets(hidden_of(ALL, 2))),
                rung(2, Rule::Subsets(naked_of(ALL, 3))),
                rung(2, Rule::Fish { min: 2, max: 2 }),
                rung(2, Rule::Subsets(hidden_of(ALL, 3))),
                rung(3, Rule::Fish { min: 3, max: 3 }),
                rung(3, Rule::Wings(false)),
                rung(3, Rule::Wings(true)),
                rung(3, Rule::Subsets(naked_of(ALL, 4))),
                rung(3, Rule::Fish { min: 4, max: 4 }),
                rung(3, Rule::Subsets(hidden_of(ALL, 4))),
                rung(4, Rule::Chains),
                rung(4, Rule::Forcing),
                rung(5, Rule::Trial),
            ],
        }
    }

    /// Killer Sudoku: the Sudoku ladder with the cage techniques.
    pub fn killer() -> Ladder {
        let mut ladder = Ladder { name: "killer", ..Ladder::sudoku() };
        ladder.rungs.extend([
            Rung { level: 0, rule: Rule::CageCombinations },
            Rung { level: 1, rule: Rule::CagePlacements },
            Rung { level: 1, rule: Rule::CageLines },
            Rung { level: 1, rule: Rule::InniesOuties },
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

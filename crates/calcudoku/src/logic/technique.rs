//! The deductions, as one list: each technique's name, its rating on a Sudoku Explainer-like
//! scale, and the file that finds and describes it (its [`TechniqueSpec`]). A new technique is
//! a file with its descriptor, an entry here (variant, name, rating, descriptor), and its
//! rungs on the ladders that use it (`ladder.rs`).

use std::fmt;

use super::board::Board;
use super::step::{Found, Step};
use super::subsets::Subsets;
use super::{
    adjacency, cage_combination, cage_line, cage_placement, chains, fish, forcing, forcing_chain,
    inequality, innies, locked, singles, sky_bounds, sky_facing, sky_line, sky_tallest, subsets,
    trial, wings,
};

/// What a technique's file gives the rest of the logic: how to find its steps (with the
/// parameters a ladder's rung passes) and how to say one in words.
pub struct TechniqueSpec {
    /// The finder's name, for people reading a ladder: `hidden singles`, `subsets`, `fish`.
    pub name: &'static str,
    /// Looks for steps on a board; every step found goes to the sink.
    pub(crate) find: fn(&Board, Scope, &mut Found),
    /// The sentence that explains a step of this technique, on the board it was found on.
    pub(crate) describe: fn(&Step, &Board) -> String,
}

/// The parameters a ladder's rung gives a finder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Scope {
    /// None: the finder looks at everything it knows.
    Whole,
    /// Units of these kinds, in this order (hidden singles).
    Units(&'static [UnitKind]),
    /// Which subsets (kinds of unit, sizes, naked or hidden).
    Subsets(Subsets),
    /// Sizes `min..=max` (fish).
    Sizes {
        /// Smallest size tried.
        min: u8,
        /// Largest size tried.
        max: u8,
    },
    /// One of the technique's two forms: pointing (true) or claiming; XYZ-wings (true) or
    /// XY-wings.
    Variant(bool),
}

/// The kind of a unit, for techniques whose difficulty depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UnitKind {
    /// Rows of the grid.
    Row,
    /// Columns of the grid.
    Col,
    /// Sudoku boxes.
    Box,
    /// A jigsaw's irregular regions.
    Region,
    /// The two diagonals (X).
    Diagonal,
    /// Extra regions (windoku).
    Extra,
}

/// A named deduction. Sizes (of subsets, fish) are part of the technique: a naked pair and a
/// naked triple are different techniques.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A value with one place left in a row, column or box.
    HiddenSingle(UnitKind),
    /// The values a whole cage can hold, from its arithmetic (Keen's easy cage deduction).
    CageCombination,
    /// The values each cell of a cage can hold, from the cage's arithmetic and the cell's
    /// lines (Keen's normal cage deduction).
    CagePlacement,
    /// A value a cage must place in a row, column or box, removed from the rest of that unit
    /// (Keen's hard cage deduction).
    CageLine,
    /// A value confined to one box within a line (claiming) or to one line within a box
    /// (pointing).
    LockedCandidates {
        /// `true` for pointing (box to line), `false` for claiming (line to box).
        pointing: bool,
    },
    /// `k` cells of a unit holding only `k` values between them.
    NakedSubset(u8),
    /// `k` values of a unit with only `k` places between them.
    HiddenSubset(u8),
    /// A value's places in `k` rows (columns) lie in `k` columns (rows): X-wing (2),
    /// swordfish (3), jellyfish (4) and larger.
    Fish(u8),
    /// A chain of two-candidate cells (Keen's forcing chain): one end or the other holds a
    /// value, so a cell that sees both ends cannot.
    ForcingChain,
    /// A two-candidate pivot and two pincers that it sees.
    XyWing,
    /// A three-candidate pivot and two pincers.
    XyzWing,
    /// An alternating chain on one value.
    XChain,
    /// An alternating chain of two-candidate cells.
    XyChain,
    /// An alternating inference chain of any links.
    Aic,
    /// Every candidate of a cell leads, by singles, to the same placement.
    CellForcingChain,
    /// Every place of a value in a unit leads, by singles, to the same placement.
    UnitForcingChain,
    /// A candidate that leads, by singles, to a broken rule.
    ContradictionChain,
    /// Killer: a unit's (or several units') total minus the sum cages wholly inside gives the
    /// sum of the cells left (innies).
    Innies,
    /// Killer: the sum cages touching some units minus the units' total gives the sum of those
    /// cages' cells outside (outies).
    Outies,
    /// Skyscrapers: two facing clues that add up to N + 1 place the tallest tower.
    FacingClues,
    /// Skyscrapers: a clue that sees all but one of its towers among the tallest already
    /// standing sees the cell next to it last (a 1-clue: that cell is N).
    TallestSeen,
    /// Skyscrapers: a clue keeps tall towers out of the cells nearest it (an N-clue is a
    /// staircase).
    VisibilityBounds,
    /// Skyscrapers: every order of a clue's line that shows the clue's count.
    LineAnalysis,
    /// Futoshiki: a `<` bounds each cell by the other's candidates.
    Inequality,
    /// Adjacent: a placed value decides which values its neighbours may hold.
    AdjacentValue,
    /// Adjacent: a cell's candidates decide which values its neighbours may hold.
    AdjacentCandidates,
    /// Assume a value, follow the consequences to a contradiction, and so rule the value out.
    Trial,
}

impl Technique {
    /// The descriptor of the file that finds and describes this technique.
    pub(crate) fn spec(self) -> &'static TechniqueSpec {
        match self {
            Technique::NakedSingle => &singles::NAKED,
            Technique::HiddenSingle(_) => &singles::HIDDEN,
            Technique::CageCombination => &cage_combination::SPEC,
            Technique::CagePlacement => &cage_placement::SPEC,
            Technique::CageLine => &cage_line::SPEC,
            Technique::LockedCandidates { .. } => &locked::SPEC,
            Technique::NakedSubset(_) | Technique::HiddenSubset(_) => &subsets::SPEC,
            Technique::Fish(_) => &fish::SPEC,
            Technique::ForcingChain => &forcing_chain::SPEC,
            Technique::XyWing | Technique::XyzWing => &wings::SPEC,
            Technique::XChain | Technique::XyChain | Technique::Aic => &chains::SPEC,
            Technique::CellForcingChain
            | Technique::UnitForcingChain
            | Technique::ContradictionChain => &forcing::SPEC,
            Technique::Innies | Technique::Outies => &innies::SPEC,
            Technique::FacingClues => &sky_facing::SPEC,
            Technique::TallestSeen => &sky_tallest::SPEC,
            Technique::VisibilityBounds => &sky_bounds::SPEC,
            Technique::LineAnalysis => &sky_line::SPEC,
            Technique::Inequality => &inequality::SPEC,
            Technique::AdjacentValue | Technique::AdjacentCandidates => &adjacency::SPEC,
            Technique::Trial => &trial::SPEC,
        }
    }

    /// The name people use for it: `naked pair`, `hidden single (box)`, `swordfish`.
    pub fn name(self) -> String {
        match self {
            Technique::NakedSingle => "naked single".into(),
            Technique::HiddenSingle(k) => format!(
                "hidden single ({})",
                match k {
                    UnitKind::Row => "row",
                    UnitKind::Col => "column",
                    UnitKind::Box => "box",
                    UnitKind::Region => "region",
                    UnitKind::Diagonal => "diagonal",
                    UnitKind::Extra => "extra region",
                }
            ),
            Technique::CageCombination => "cage combination".into(),
            Technique::CagePlacement => "cage placement".into(),
            Technique::CageLine => "cage line".into(),
            Technique::LockedCandidates { pointing: true } => "pointing".into(),
            Technique::LockedCandidates { pointing: false } => "claiming".into(),
            Technique::NakedSubset(k) => format!("naked {}", subset_word(k)),
            Technique::HiddenSubset(k) => format!("hidden {}", subset_word(k)),
            Technique::Fish(2) => "X-wing".into(),
            Technique::Fish(3) => "swordfish".into(),
            Technique::Fish(4) => "jellyfish".into(),
            Technique::Fish(k) => format!("fish of size {k}"),
            Technique::ForcingChain => "forcing chain".into(),
            Technique::XyWing => "XY-wing".into(),
            Technique::XyzWing => "XYZ-wing".into(),
            Technique::XChain => "X-chain".into(),
            Technique::XyChain => "XY-chain".into(),
            Technique::Aic => "alternating inference chain".into(),
            Technique::CellForcingChain => "cell forcing chain".into(),
            Technique::UnitForcingChain => "unit forcing chain".into(),
            Technique::ContradictionChain => "contradiction chain".into(),
            Technique::Innies => "innies".into(),
            Technique::Outies => "outies".into(),
            Technique::FacingClues => "facing clues".into(),
            Technique::TallestSeen => "tallest seen".into(),
            Technique::VisibilityBounds => "visibility bounds".into(),
            Technique::LineAnalysis => "line analysis".into(),
            Technique::Inequality => "inequality".into(),
            Technique::AdjacentValue => "adjacent value".into(),
            Technique::AdjacentCandidates => "adjacent candidates".into(),
            Technique::Trial => "trial".into(),
        }
    }

    /// Difficulty on the scale of Sudoku Explainer (1.0 hidden single … 10 and up trial and
    /// error); the rating of a puzzle is that of its hardest step.
    pub fn rating(self) -> f32 {
        match self {
            Technique::HiddenSingle(UnitKind::Box | UnitKind::Region) => 1.2,
            Technique::HiddenSingle(_) => 1.5,
            Technique::CageCombination => 1.6,
            Technique::NakedSingle => 2.3,
            Technique::CagePlacement => 2.5,
            Technique::LockedCandidates { pointing: true } => 2.6,
            Technique::LockedCandidates { pointing: false } => 2.8,
            Technique::CageLine => 2.8,
            Technique::Innies | Technique::Outies => 3.0,
            Technique::NakedSubset(k) => match k {
                0..=2 => 3.0,
                3 => 3.6,
                4 => 5.0,
                k => 5.0 + 0.2 * (k - 4) as f32,
            },
            Technique::HiddenSubset(k) => match k {
                0..=2 => 3.4,
                3 => 4.0,
                4 => 5.4,
                k => 5.4 + 0.2 * (k - 4) as f32,
            },
            Technique::Fish(k) => match k {
                0..=2 => 3.2,
                3 => 3.8,
                4 => 5.2,
                k => 5.2 + 0.2 * (k - 4) as f32,
            },
            Technique::ForcingChain => 6.6,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::XChain => 6.6,
            Technique::XyChain => 6.8,
            Technique::Aic => 7.0,
            Technique::ContradictionChain => 7.5,
            Technique::CellForcingChain => 8.0,
            Technique::UnitForcingChain => 8.2,
            Technique::FacingClues | Technique::TallestSeen => 1.5,
            Technique::VisibilityBounds => 1.7,
            Technique::Inequality | Technique::AdjacentValue => 1.6,
            Technique::AdjacentCandidates => 2.7,
            Technique::LineAnalysis => 3.5,
            Technique::Trial => 10.0,
        }
    }
}

fn subset_word(k: u8) -> String {
    match k {
        1 => "single".into(),
        2 => "pair".into(),
        3 => "triple".into(),
        4 => "quad".into(),
        k => format!("subset of {k}"),
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

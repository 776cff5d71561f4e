//! Sudoku Explainer's own ratings (ER/EP/ED), computed the way SE 1.2.1 computes them.
//!
//! SE solves a 9×9 Sudoku by repeatedly taking the *first* hint of the first rule, in a fixed
//! order of rules (the [`LADDER`]), that finds one; each rule scans the board in its own fixed
//! order, and the chaining rules take their easiest hint (by rating, then chain complexity,
//! then kind). The rating of the puzzle is then:
//!
//! - **ER** (explainer rating): the highest rating of a step on that path;
//! - **EP** (pearl): the highest rating up to and including the first step that places a
//!   value;
//! - **ED** (diamond): the rating of the first step.
//!
//! This module reproduces the rules (singles, intersections, subsets, fish, wings, uniqueness,
//! aligned exclusion, cycles and forcing chains of every depth), their order and their
//! ratings, on its own 9×9 candidate board. SE's uniqueness rules assume a single solution,
//! so [`rate`] first proves the puzzle has exactly one.
//!
//! Speed: the rules and their order are SE's, so is the work: each step asks every rule in
//! turn, and the chaining rules search from every candidate. What makes it faster than SE is
//! the representation (bit sets per value, a fixed implication graph with reachability for
//! the static chains, chains that turn into nodes only when they make a hint, the outcome of
//! each candidate computed once per rule run); the nested rules (ratings 9.5 and up) still
//! run a whole inner rule each time an outer chain runs dry, which is where an 11+ puzzle
//! spends its second or three.
//!
//! ```
//! use calcudoku::logic::se;
//! let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let r = se::rate(&se::parse(p).unwrap(), None).unwrap();
//! assert_eq!(r.to_string(), "2.6/1.2/1.2");
//! ```

// Cells, houses and values are indexes into fixed tables here; index loops read best.
#![allow(clippy::needless_range_loop)]

mod aligned;
mod bug;
mod chain_hint;
mod chaining;
mod cycles;
mod fish;
mod forcing;
mod grid;
mod hint;
mod input;
mod links;
mod locking;
mod nested;
mod pool;
mod singles;
mod solution;
mod subsets;
mod unique;
mod wings;

#[cfg(test)]
mod tests;

use std::fmt;

use crate::clock::Instant;

pub use input::{SeInput, SeParseError, parse};

use grid::Grid;
use hint::Hint;

/// One rule of SE's ladder: its name, its base rating (tenths; chains add to it) and its
/// place in the order rules are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeRule {
    /// SE's name of the rule.
    pub name: &'static str,
    /// Base rating × 10.
    pub base: u32,
    rule: Rule,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    HiddenSingle,
    DirectLocking,
    DirectHiddenPair,
    NakedSingle,
    DirectHiddenTriplet,
    Locking,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriplet,
    Swordfish,
    HiddenTriplet,
    XyWing,
    XyzWing,
    UniqueLoop,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    Bug,
    AlignedPair,
    Chains(chaining::Chaining),
    AlignedTriplet,
}

const fn r(name: &'static str, base: u32, rule: Rule) -> SeRule {
    SeRule { name, base, rule }
}

/// SE 1.2.1's rules in the order SE tries them (the first rule that finds a hint gives the
/// step), with their base ratings.
pub const LADDER: &[SeRule] = &[
    r("Hidden Single", 10, Rule::HiddenSingle),
    r("Direct Pointing / Claiming", 17, Rule::DirectLocking),
    r("Direct Hidden Pair", 20, Rule::DirectHiddenPair),
    r("Naked Single", 23, Rule::NakedSingle),
    r("Direct Hidden Triplet", 25, Rule::DirectHiddenTriplet),
    r("Pointing / Claiming", 26, Rule::Locking),
    r("Naked Pair", 30, Rule::NakedPair),
    r("X-Wing", 32, Rule::XWing),
    r("Hidden Pair", 34, Rule::HiddenPair),
    r("Naked Triplet", 36, Rule::NakedTriplet),
    r("Swordfish", 38, Rule::Swordfish),
    r("Hidden Triplet", 40, Rule::HiddenTriplet),
    r("XY-Wing", 42, Rule::XyWing),
    r("XYZ-Wing", 44, Rule::XyzWing),
    r("Unique Rectangle / Loop", 45, Rule::UniqueLoop),
    r("Naked Quad", 50, Rule::NakedQuad),
    r("Jellyfish", 52, Rule::Jellyfish),
    r("Hidden Quad", 54, Rule::HiddenQuad),
    r("Bivalue Universal Grave", 56, Rule::Bug),
    r("Aligned Pair Exclusion", 62, Rule::AlignedPair),
    r("Forcing Chains & Cycles", 65, Rule::Chains(ch(false, false, false, 0, 0))),
    r("Aligned Triplet Exclusion", 75, Rule::AlignedTriplet),
    r("Nishio Forcing Chains", 75, Rule::Chains(ch(false, true, true, 0, 0))),
    r("Multiple Forcing Chains", 80, Rule::Chains(ch(true, false, false, 0, 0))),
    r("Dynamic Forcing Chains", 85, Rule::Chains(ch(true, true, false, 0, 0))),
    r("Dynamic Forcing Chains (+)", 90, Rule::Chains(ch(true, true, false, 1, 0))),
    r("Dynamic Forcing Chains (+ Forcing Chains)", 95, Rule::Chains(ch(true, true, false, 2, 0))),
    r(
        "Dynamic Forcing Chains (+ Multiple Forcing Chains)",
        100,
        Rule::Chains(ch(true, true, false, 3, 0)),
    ),
    r(
        "Dynamic Forcing Chains (+ Dynamic Forcing Chains)",
        105,
        Rule::Chains(ch(true, true, false, 4, 0)),
    ),
    r(
        "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+))",
        105,
        Rule::Chains(ch(true, true, false, 4, 1)),
    ),
    r(
        "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        105,
        Rule::Chains(ch(true, true, false, 4, 2)),
    ),
    r(
        "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Multiple Forcing Chains))",
        105,
        Rule::Chains(ch(true, true, false, 4, 3)),
    ),
];

const fn ch(
    multiple: bool,
    dynamic: bool,
    nishio: bool,
    level: u8,
    nesting_limit: u8,
) -> chaining::Chaining {
    chaining::Chaining { multiple, dynamic, nishio, level, nesting_limit }
}

/// Why a puzzle was not rated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeError {
    /// The givens or pencil marks contradict each other, or no grid fits them.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// More than one grid fits; SE's uniqueness rules would not be sound.
    #[error("the puzzle has more than one solution")]
    MultipleSolutions,
    /// The deadline passed.
    #[error("timed out")]
    Timeout,
}

/// One step of SE's path.
#[derive(Clone, Debug, PartialEq)]
pub struct SeStep {
    /// SE's technique name.
    pub technique: String,
    /// SE's rating of the step.
    pub rating: f64,
    /// What it does, in one sentence.
    pub text: String,
    /// The value placed, if any: (cell index 0..81 row-major, value).
    pub placed: Option<(usize, u8)>,
    /// Candidates removed: (cell index, value).
    pub removed: Vec<(usize, u8)>,
}

/// SE's three ratings of a puzzle, the hardest technique, and the path.
#[derive(Clone, Debug, PartialEq)]
pub struct SeRating {
    /// Explainer rating: the hardest step.
    pub er: f64,
    /// Pearl rating: the hardest step up to the first placement.
    pub ep: f64,
    /// Diamond rating: the first step.
    pub ed: f64,
    /// SE's name of the first step rated `er`.
    pub hardest: String,
    /// Every step, in order.
    pub path: Vec<SeStep>,
}

impl fmt::Display for SeRating {
    /// `ER/EP/ED` as the community writes it: `7.8/1.2/1.2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}/{:.1}/{:.1}", self.er, self.ep, self.ed)
    }
}

/// Deadline checks shared by the rules.
pub(crate) struct Ctx {
    deadline: Option<Instant>,
    ticks: u32,
}

impl Ctx {
    /// `Err(Timeout)` once the deadline has passed (the clock is read every few calls).
    pub(crate) fn check(&mut self) -> Result<(), SeError> {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks % 64 == 0
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            return Err(SeError::Timeout);
        }
        Ok(())
    }
}

/// The board SE starts from for plain givens (0 = empty): candidates are the values no peer
/// holds.
pub(crate) fn board_from_givens(givens: &[u8; 81]) -> Grid {
    let mut g = Grid::empty();
    for (c, &v) in givens.iter().enumerate() {
        if v != 0 {
            g.values[c] = v;
        }
    }
    for c in 0..81 {
        if g.values[c] != 0 {
            g.cands[c] = 0;
        }
    }
    for c in 0..81 {
        let v = g.values[c];
        if v != 0 {
            for &p in &grid::PEERS[c] {
                g.cands[p as usize] &= !grid::bit(v as usize);
            }
        }
    }
    g.sync();
    g
}

/// Finds SE's next hint on the board: the first hint of the first rule that has one.
fn next_hint(grid: &Grid, ctx: &mut Ctx) -> Result<Option<Hint>, SeError> {
    for rule in LADDER {
        ctx.check()?;
        let h = match rule.rule {
            Rule::HiddenSingle => singles::hidden_single(grid),
            Rule::DirectLocking => locking::direct(grid),
            Rule::DirectHiddenPair => subsets::direct_hidden(grid, 2),
            Rule::NakedSingle => singles::naked_single(grid),
            Rule::DirectHiddenTriplet => subsets::direct_hidden(grid, 3),
            Rule::Locking => locking::indirect(grid),
            Rule::NakedPair => subsets::naked(grid, 2),
            Rule::XWing => fish::fish(grid, 2),
            Rule::HiddenPair => subsets::hidden(grid, 2),
            Rule::NakedTriplet => subsets::naked(grid, 3),
            Rule::Swordfish => fish::fish(grid, 3),
            Rule::HiddenTriplet => subsets::hidden(grid, 3),
            Rule::XyWing => wings::wing(grid, false),
            Rule::XyzWing => wings::wing(grid, true),
            Rule::UniqueLoop => unique::unique_loop(grid),
            Rule::NakedQuad => subsets::naked(grid, 4),
            Rule::Jellyfish => fish::fish(grid, 4),
            Rule::HiddenQuad => subsets::hidden(grid, 4),
            Rule::Bug => bug::bug(grid),
            Rule::AlignedPair => aligned::pair(grid),
            Rule::AlignedTriplet => aligned::triplet(grid),
            Rule::Chains(c) => c.first(grid, ctx)?,
        };
        if h.is_some() {
            return Ok(h);
        }
    }
    Ok(None)
}

/// Rates a board SE's way (the board must have exactly one solution).
fn rate_board(mut grid: Grid, deadline: Option<Instant>) -> Result<SeRating, SeError> {
    let mut ctx = Ctx { deadline, ticks: 0 };
    let mut er = 0.0f64;
    let mut ep = 0.0f64;
    let mut ed = 0.0f64;
    let mut hardest = String::new();
    let mut path = Vec::new();
    while !grid.is_solved() {
        let Some(h) = next_hint(&grid, &mut ctx)? else {
            // SE: "beyond solver".
            er = 20.0;
            hardest = "Beyond solver".into();
            break;
        };
        if h.rating > er {
            er = h.rating;
            hardest = h.name.clone();
        }
        h.apply(&mut grid);
        if ep == 0.0 {
            if ed == 0.0 {
                ed = er;
            }
            if h.place.is_some() {
                ep = er;
            }
        }
        let removed = h
            .removals
            .iter()
            .flat_map(|&(c, m)| grid::values(m).map(move |v| (c as usize, v as u8)))
            .collect();
        path.push(SeStep {
            technique: h.name,
            rating: h.rating,
            text: h.text,
            placed: h.place.map(|(c, v)| (c as usize, v)),
            removed,
        });
    }
    Ok(SeRating { er, ep, ed, hardest, path })
}

/// Rates a puzzle (givens or pencil marks) SE's way, after proving it has exactly one
/// solution. `deadline`: give up with [`SeError::Timeout`] once it passes.
pub fn rate(input: &SeInput, deadline: Option<Instant>) -> Result<SeRating, SeError> {
    let grid = input.board();
    let solutions = match input {
        // Plain givens: the 9×9 engine's count (a few µs where the board search below takes
        // hundreds on a 17-clue puzzle).
        SeInput::Givens(g) => {
            crate::solve::Solver::sudoku9(g)
                .ok_or(SeError::NoSolution)?
                .with_deadline(deadline)
                .count(2)
                .map_err(|_| SeError::Timeout)?
                .solutions
        }
        SeInput::Pencilmarks(_) => solution::count(&grid, 2, deadline)? as u64,
    };
    match solutions {
        0 => Err(SeError::NoSolution),
        1 => rate_board(grid, deadline),
        _ => Err(SeError::MultipleSolutions),
    }
}

/// Rates plain givens (0 = empty cell).
pub fn rate_givens(givens: &[u8; 81], deadline: Option<Instant>) -> Result<SeRating, SeError> {
    rate(&SeInput::Givens(*givens), deadline)
}

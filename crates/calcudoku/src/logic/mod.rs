//! Human-style solving: deductions a person can follow, one step at a time, and the grade
//! they add up to.
//!
//! ```text
//! Puzzle ─Board::new─▶ Board ─next_step─▶ Step ─apply─▶ Board …   (hint, explain)
//!                            └─grade_board─▶ Grade (level, rating, techniques)
//! ```
//!
//! - [`Board`]: the candidates of every cell and the values placed, on the puzzle's units
//!   (rows, columns, boxes) and cages; from the bare puzzle or a player's partial grid.
//! - [`Step`]: one deduction as a value — its [`Technique`], the cells, units and cages it
//!   looks at, the values it places and the candidates it removes — with a sentence that
//!   explains it ([`Step::text`]). Every step is sound: it never removes a value that a
//!   solution of the puzzle (consistent with the board) has, and no step assumes the puzzle
//!   has only one solution.
//! - [`Ladder`]: levels as data, the rules tried easiest first (KenKen: Keen's five levels;
//!   Sudoku and Killer: easy … needs trial).
//! - One technique per file: `singles`, `trial`, …, each with its descriptor
//!   ([`TechniqueSpec`]: how to find its steps, how to say one in words); [`Technique`] lists
//!   them with their names and ratings (`technique.rs`), and the ladders place them
//!   (`ladder.rs`). A new technique is its file, its entry in that list, and its rungs.
//!   `layouts` enumerates the ways a cage can be filled, for the cage techniques.

mod adjacency;
mod board;
mod cage_combination;
mod cage_line;
mod cage_placement;
mod chains;
mod fish;
mod forcing;
mod forcing_chain;
mod inequality;
mod innies;
mod ladder;
mod layouts;
pub(crate) use layouts::{QuickHash, finishes as layout_walk_finishes};
mod locked;
mod run;
pub mod se;
pub(crate) use run::grade_path;
mod sightline;
mod singles;
mod sky_bounds;
mod sky_facing;
mod sky_line;
mod sky_tallest;
mod solo;
pub(crate) use solo::SoloBoards;
pub use solo::{
    SoloError, SoloGrade, SoloKillerLevel, SoloLevel, solo_applies, solo_finishes_within,
    solo_grade, solo_level_of, solo_level_within,
};
mod step;
mod subsets;
mod technique;
mod trial;
mod wings;

/// The number of bits set in each number below 512: the size of a 9-bit set of values or of
/// places in a line (the generator's subsets of a line, the SE rater's masks).
pub(crate) const MASK_SIZE: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 1;
    while m < 512 {
        t[m] = t[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    t
};

pub use board::{Board, CageInfo, CagePart, CellName, Contradiction, Unit};
pub use ladder::{KEEN_LEVELS, Ladder, Rule, Rung, SUDOKU_LEVELS, TOWERS_LEVELS, UNEQUAL_LEVELS};
pub use run::{
    End, Explanation, Grade, Hint, Leveled, LogicError, explain, grade, grade_board, grade_with,
    hint, next_step, next_step_by, pencil_marks, unique_solution,
};
pub use step::{Found, List, Placement, Step};
pub use subsets::Subsets;
pub mod step_text {
    //! Helpers to write steps in words.
    pub use super::step::{and_list, cell_list, eliminations_text, value_list};
}
pub use technique::{Scope, Technique, TechniqueSpec, UnitKind};

/// The sentence for a step, written by the technique's own file.
fn describe(step: &Step, board: &Board) -> String {
    (step.technique.spec().describe)(step, board)
}

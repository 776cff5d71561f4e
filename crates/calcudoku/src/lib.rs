//! calcudoku: an exact, deterministic solver for Latin-square puzzles — Calcudoku (KenKen) with
//! `+ − × ÷` cages, Sudoku of every size, and Killer Sudoku.
//!
//! Data flows one way:
//!
//! ```text
//! text ──format::read/parse──▶ Puzzle ──solve──▶ Grid ──format::write_solution──▶ text
//! ```
//!
//! ```
//! use calcudoku::{format, solve};
//!
//! let text = "0 0 1\n2 1 1\n2 3 3\n3+ 9* 5+ 3+\n";
//! let puzzle = format::parse(text, None).unwrap();
//! let grid = solve::solve(&puzzle).expect("solvable");
//! assert!(puzzle.is_solution(&grid));
//! assert_eq!(solve::count(&puzzle, 10).solutions, 1);
//! print!("{}", format::write_solution(&grid, format::Layout::Rows));
//! ```

#![warn(missing_docs)]

pub mod clock;
pub mod error;
pub mod format;
pub mod generate;
pub mod logic;
pub mod puzzle;
pub mod render;
pub mod results;
pub mod solve;
pub mod validate;

#[cfg(feature = "serde")]
mod serde_impls;

// The unit tests make random puzzles with the test kit's corpus makers, compiled into this
// crate (as `calcudoku::…` paths, which the next line gives the crate itself).
#[cfg(test)]
extern crate self as calcudoku;
#[cfg(test)]
#[path = "../../testkit/src/corpus.rs"]
#[allow(dead_code, missing_docs)]
mod corpus;

/// The README's Rust example, run as a doctest so that it keeps compiling.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

pub use error::{ModelError, ParseError, ParseErrorKind, WriteError};
pub use puzzle::{BoxShape, Cage, Cell, Grid, Operator, Puzzle, Value, ValueSet};

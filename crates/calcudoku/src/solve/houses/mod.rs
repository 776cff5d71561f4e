//! An engine for puzzles made of houses alone: Sudoku of any box shape, jigsaw, X, windoku
//! and their mixes, Latin squares with givens — up to 16×16, without cages, relations or line
//! clues.
//!
//! The board is one bitboard per value: the cells that may still hold it (`W` words of 64
//! bits, for grids of up to `64·W` cells). Placing a value clears the cell from the other
//! values' boards and the cell's peers (every cell it shares a house with, extra regions of
//! fewer than N cells included) from the value's. Propagation is naked singles (open cells
//! with one value left, found for all cells at once by counting over the values bit by bit)
//! and hidden singles (a value with one place in a unit: a row, column, box or region,
//! diagonal or extra region of N cells), to a fixed point; then locked candidates (a value
//! whose places in one unit all lie in another leaves the rest of the other: box and line,
//! jigsaw region and line, window and box), and singles again. Without them a sparse jigsaw
//! could send the search into a dead subtree for millions of guesses (a 9×9 jigsaw with two
//! givens took 12 s; now a few dozen guesses). Each value keeps the mask of the units it is
//! placed in, which both rules skip: late in a search most of them. The search guesses on a
//! cell with two values when there is one (the one with the most open peers), else on one
//! with the fewest, copying the board
//! (400 bytes at 9×9) for every branch.
//!
//! The general engine has cage, relation and line propagators; this one has none of that,
//! and none of the general engine's set-up: at 9×9 a jigsaw or an X-Sudoku is solved ten to
//! fifty times faster here. For `solve`, a second
//! search guesses on the first open cell, smallest value first, within a budget of guesses:
//! its first solution is the first in row-major order.

mod bits;
mod search;
#[cfg(test)]
mod tests;

use crate::clock::Instant;
use crate::puzzle::Puzzle;

use bits::Bits;
use search::{MAX_VALUES, Search, State};

/// Units (houses of N cells) a layout may have: they are kept in masks of 64 bits.
const MAX_UNITS: usize = 64;

/// How many guesses between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// The houses of a puzzle as bitboards.
pub(crate) struct Layout<const W: usize> {
    n: usize,
    cells: usize,
    all: Bits<W>,
    /// Houses of N cells: each holds every value once.
    units: Vec<Bits<W>>,
    /// Each cell's peers: the cells it shares a house with (itself not included).
    peers: Vec<Bits<W>>,
    /// Each cell's units, as a mask of indices into `units`.
    units_of: Vec<u64>,
    /// The mask of every unit.
    every_unit: u64,
}

impl<const W: usize> Layout<W> {
    /// The layout of `puzzle`; None past [`MAX_UNITS`] units (a 16×16 jigsaw X with windows
    /// has 59).
    fn new(puzzle: &Puzzle) -> Option<Layout<W>> {
        let n = puzzle.size();
        let cells = n * n;
        let mut all = [0u64; W];
        for c in 0..cells {
            bits::insert(&mut all, c);
        }
        let mut units = Vec::new();
        let mut peers = vec![[0u64; W]; cells];
        for (_, house) in puzzle.houses() {
            let mut set = [0u64; W];
            for c in &house {
                bits::insert(&mut set, c.index());
            }
            for c in &house {
                peers[c.index()] = bits::or(&peers[c.index()], &set);
            }
            if house.len() == n {
                units.push(set);
            }
        }
        for (c, p) in peers.iter_mut().enumerate() {
            bits::remove(p, c);
        }
        if units.len() > MAX_UNITS {
            return None;
        }
        let mut units_of = vec![0u64; cells];
        for (i, unit) in units.iter().enumerate() {
            for c in bits::cells(*unit) {
                units_of[c] |= 1 << i;
            }
        }
        let every_unit = if units.len() == 64 { u64::MAX } else { (1 << units.len()) - 1 };
        Some(Layout { n, cells, all, units, peers, units_of, every_unit })
    }
}

/// A puzzle compiled for this engine, in the width its grid needs.
pub(crate) enum Houses {
    W1(Layout<1>),
    W2(Layout<2>),
    W3(Layout<3>),
    W4(Layout<4>),
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// The first solution found (row-major values).
    pub first: Option<Vec<u8>>,
    /// Guesses made.
    pub guesses: u64,
    /// The search gave up at its budget of guesses before its limit or its end.
    pub out_of_guesses: bool,
}

impl Houses {
    /// The puzzle compiled for this engine: None unless it is made of houses alone (no cages,
    /// relations or line clues) on a side of 2 to 16.
    pub(crate) fn new(puzzle: &Puzzle) -> Option<Houses> {
        let n = puzzle.size();
        let houses_only = puzzle.cages().is_empty()
            && puzzle.relations().is_empty()
            && puzzle.line_clues().is_none();
        if !houses_only || !(2..=MAX_VALUES).contains(&n) {
            return None;
        }
        match (n * n).div_ceil(64) {
            1 => Layout::new(puzzle).map(Houses::W1),
            2 => Layout::new(puzzle).map(Houses::W2),
            3 => Layout::new(puzzle).map(Houses::W3),
            _ => Layout::new(puzzle).map(Houses::W4),
        }
    }

    /// Searches from `givens` (row-major, 0 empty) until `limit` solutions are found: guessing
    /// on cells with the fewest values, or (`row_major`) on the first open cell, smallest value
    /// first, within `budget` guesses. None once `deadline` has passed.
    pub(crate) fn search(
        &self,
        givens: &[u8],
        limit: u64,
        row_major: bool,
        budget: u64,
        deadline: Option<Instant>,
    ) -> Option<Found> {
        match self {
            Houses::W1(lay) => run(lay, givens, limit, row_major, budget, deadline),
            Houses::W2(lay) => run(lay, givens, limit, row_major, budget, deadline),
            Houses::W3(lay) => run(lay, givens, limit, row_major, budget, deadline),
            Houses::W4(lay) => run(lay, givens, limit, row_major, budget, deadline),
        }
    }
}

fn run<const W: usize>(
    lay: &Layout<W>,
    givens: &[u8],
    limit: u64,
    row_major: bool,
    budget: u64,
    deadline: Option<Instant>,
) -> Option<Found> {
    let mut search = Search::new(lay, limit, row_major, budget, deadline);
    if limit > 0 {
        if let Some(start) = State::new(lay, givens) {
            search.run(start);
        }
    }
    if search.timed_out {
        return None;
    }
    Some(Found {
        solutions: search.found,
        first: search.first.map(|s| s.grid(lay)),
        guesses: search.guesses,
        out_of_guesses: search.out_of_guesses,
    })
}

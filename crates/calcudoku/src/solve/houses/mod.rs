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
//! placed in, which both rules skip: late in a search most of them; and below a guess both look
//! again only at the units where a value lost a place since the parent's fixed point (the
//! guessed cell's few units, for most values). The search guesses on a cell with two values
//! when there is one (the one with the most open peers), else on one with the fewest, copying
//! the board (400 bytes at 9×9) for every branch.
//!
//! The general engine has cage, relation and line propagators; this one has none of that,
//! and none of the general engine's set-up: at 9×9 a jigsaw is solved ten to fifty times
//! faster here. (A 9×9 X-Sudoku is counted and solved by the 9×9 engine, twice as fast again
//! at Solo's unreasonable level; the generator's searches within a budget of guesses stay
//! here.) For `solve`, a second
//! search guesses on the first open cell, smallest value first, within a budget of guesses:
//! its first solution is the first in row-major order.

mod bits;
mod search;
#[cfg(test)]
mod tests;

use std::cell::RefCell;
use std::sync::Arc;

use crate::clock::Instant;
use crate::puzzle::{Cell, HousesKey, Puzzle};

use bits::Bits;
use search::{MAX_VALUES, Search, State};

/// Units (houses of N cells) a layout may have: they are kept in masks of 64 bits.
const MAX_UNITS: usize = 64;

/// Cells a layout may have (16×16). The per-cell and per-unit tables are arrays of these fixed
/// lengths, indexed through [`cell()`] and [`unit()`], so that the hot loops need no bounds
/// checks.
const MAX_CELLS: usize = 256;

/// A cell's index into a per-cell table (the mask is free and proves the index in range).
#[inline(always)]
pub(super) fn cell(c: usize) -> usize {
    c & (MAX_CELLS - 1)
}

/// A unit's index into the unit table, from a bit of a unit mask.
#[inline(always)]
pub(super) fn unit(mask: u64) -> usize {
    mask.trailing_zeros() as usize & (MAX_UNITS - 1)
}

/// How many guesses between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// The houses of a puzzle as bitboards.
pub(crate) struct Layout<const W: usize> {
    n: usize,
    cells: usize,
    all: Bits<W>,
    /// Houses of N cells: each holds every value once (the first ones; the rest empty).
    units: Box<[Bits<W>; MAX_UNITS]>,
    /// Each cell's peers: the cells it shares a house with (itself not included).
    peers: Box<[Bits<W>; MAX_CELLS]>,
    /// Each cell's units, as a mask of indices into `units`.
    units_of: Box<[u64; MAX_CELLS]>,
    /// The mask of every unit.
    every_unit: u64,
}

impl<const W: usize> Layout<W> {
    /// The layout of `puzzle`; None past [`MAX_UNITS`] units (a 16×16 jigsaw X with windows
    /// has 59).
    fn new(puzzle: &Puzzle) -> Option<Layout<W>> {
        let mut lay = Layout {
            n: 0,
            cells: 0,
            all: [0; W],
            units: Box::new([[0; W]; MAX_UNITS]),
            peers: Box::new([[0; W]; MAX_CELLS]),
            units_of: Box::new([0; MAX_CELLS]),
            every_unit: 0,
        };
        lay.fill(puzzle).then_some(lay)
    }

    /// Makes this the layout of `puzzle`, in place (a batch of jigsaws, each of its own
    /// layout, allocates none); false past [`MAX_UNITS`] units, the tables then unusable.
    /// Built from the puzzle's parts directly (rows, columns, regions, diagonals, extra
    /// regions) rather than from [`Puzzle::houses`]' lists, which cost more to allocate than
    /// the whole solve of an easy 9×9.
    fn fill(&mut self, puzzle: &Puzzle) -> bool {
        let (old_cells, old_units) = (self.cells, self.every_unit.count_ones() as usize);
        self.units[..old_units].fill([0; W]);
        self.peers[..old_cells].fill([0; W]);
        self.units_of[..old_cells].fill(0);
        let n = puzzle.size();
        let cells = n * n;
        (self.n, self.cells, self.all) = (n, cells, [0; W]);
        (0..cells).for_each(|c| bits::insert(&mut self.all, c));
        let regions = puzzle.region_of(Cell(0)).is_some();
        let diagonals = puzzle.diagonals();
        let extra = puzzle.extra_regions();
        let count = (2 + usize::from(regions)) * n
            + 2 * usize::from(diagonals)
            + extra.iter().filter(|r| r.len() == n).count();
        if count > MAX_UNITS {
            self.every_unit = 0;
            return false;
        }
        let (units, units_of) = (&mut self.units, &mut self.units_of);
        // Each unit's cells, and each cell's units as a mask: rows and columns first.
        for i in 0..n {
            for j in 0..n {
                let c = i * n + j;
                bits::insert(&mut units[i], c);
                bits::insert(&mut units[n + j], c);
                units_of[cell(c)] = 1 << i | 1 << (n + j);
            }
        }
        let mut k = 2 * n;
        if regions {
            let mut add = |c: usize, r: usize| {
                bits::insert(&mut units[k + r], c);
                units_of[cell(c)] |= 1 << (k + r);
            };
            match puzzle.jigsaw() {
                Some(map) => map.iter().enumerate().for_each(|(c, &r)| add(c, usize::from(r))),
                None => (0..cells).for_each(|c| {
                    add(c, puzzle.region_of(Cell(c as u16)).unwrap_or(0));
                }),
            }
            k += n;
        }
        if diagonals {
            for i in 0..n {
                let (d, a) = (i * n + i, i * n + n - 1 - i);
                bits::insert(&mut units[k], d);
                bits::insert(&mut units[k + 1], a);
                units_of[cell(d)] |= 1 << k;
                units_of[cell(a)] |= 1 << (k + 1);
            }
            k += 2;
        }
        for region in extra {
            let mut set = [0; W];
            region.iter().for_each(|c| bits::insert(&mut set, c.index()));
            if region.len() == n {
                units[k] = set;
                region.iter().for_each(|c| units_of[cell(c.index())] |= 1 << k);
                k += 1;
            } else {
                // Fewer than N cells: peers, not a unit.
                for c in bits::cells(set) {
                    self.peers[cell(c)] = bits::or(&self.peers[cell(c)], &set);
                }
            }
        }
        // Each cell's peers: the cells of its units (and of its small extra regions, above).
        for c in 0..cells {
            let mut mask = units_of[cell(c)];
            let mut p = self.peers[cell(c)];
            while mask != 0 {
                p = bits::or(&p, &units[unit(mask)]);
                mask &= mask - 1;
            }
            bits::remove(&mut p, c);
            self.peers[cell(c)] = p;
        }
        self.every_unit = if k == 64 { u64::MAX } else { (1 << k) - 1 };
        true
    }
}

/// A puzzle compiled for this engine, in the width its grid needs (shared: puzzles of one
/// layout, as a batch of X-Sudokus, share one).
#[derive(Clone)]
pub(crate) enum Houses {
    W1(Arc<Layout<1>>),
    W2(Arc<Layout<2>>),
    W3(Arc<Layout<3>>),
    W4(Arc<Layout<4>>),
}

thread_local! {
    /// The last layout this thread compiled, with its key: a batch of puzzles of one layout
    /// (X-Sudokus, Sudokus of one box shape, windoku) compiles it once.
    static LAST: RefCell<Option<(HousesKey, Houses)>> = const { RefCell::new(None) };
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
        LAST.with_borrow_mut(|last| {
            if let Some((key, houses)) = last {
                if key.matches(puzzle) {
                    return Some(houses.clone());
                }
                // Held by no solver but this cache: rebuilt in place.
                if let Some(refilled) = houses.refill(n, puzzle) {
                    if refilled {
                        key.update(puzzle);
                        return Some(houses.clone());
                    }
                    *last = None;
                    return None;
                }
            }
            let houses = match (n * n).div_ceil(64) {
                1 => Houses::W1(Arc::new(Layout::new(puzzle)?)),
                2 => Houses::W2(Arc::new(Layout::new(puzzle)?)),
                3 => Houses::W3(Arc::new(Layout::new(puzzle)?)),
                _ => Houses::W4(Arc::new(Layout::new(puzzle)?)),
            };
            *last = Some((HousesKey::new(puzzle), houses.clone()));
            Some(houses)
        })
    }

    /// Rebuilds this layout in place as `puzzle`'s (of side `n`), when the width fits and
    /// nothing else holds it: whether it fit in [`MAX_UNITS`] units; None when it could not
    /// be reused.
    fn refill(&mut self, n: usize, puzzle: &Puzzle) -> Option<bool> {
        match (self, (n * n).div_ceil(64)) {
            (Houses::W1(lay), 1) => Arc::get_mut(lay).map(|lay| lay.fill(puzzle)),
            (Houses::W2(lay), 2) => Arc::get_mut(lay).map(|lay| lay.fill(puzzle)),
            (Houses::W3(lay), 3) => Arc::get_mut(lay).map(|lay| lay.fill(puzzle)),
            (Houses::W4(lay), 4..) => Arc::get_mut(lay).map(|lay| lay.fill(puzzle)),
            _ => None,
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

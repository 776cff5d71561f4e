//! The Killer state Solo's Killer rules work on: each cage's open cells and what they must
//! still add up to, and the cages a unit's sum implies (a unit's cells outside the whole
//! cages within it).
//!
//! Solo keeps its cages in the order of their first cell (reading order), each cage's cells
//! in reading order, and changes them as it goes: a placed cell leaves its cage (the cage's
//! sum drops by its value), and a cage may be cut in two when a unit's sum tells what part of
//! it adds up to. The order matters to which rule finds what first, so it is kept here as
//! Solo keeps it.

use crate::puzzle::{Operator, Puzzle};

use super::cube::{Cube, Shape};

/// Cages with their open cells and remaining sums.
#[derive(Clone, Debug)]
pub(super) struct Cages {
    /// Each cage's open cells, in Solo's order.
    pub cells: Vec<Vec<usize>>,
    /// What each cage's open cells add up to.
    pub sum: Vec<u32>,
    /// Each cell's cage (None once the cell is placed and has left it).
    pub owner: Vec<Option<usize>>,
    /// Each cage's cells as a mask (bit c for cell c; a side of at most 9).
    pub mask: Vec<u128>,
    /// The cages the units imply this round, rebuilt by `cage_unit`.
    pub implied: Implied,
    /// How many cells were placed when `cage_unit` last ran and neither placed a value nor
    /// cut a cage: until another cell is placed it would build the same implied cages and
    /// make no progress again (it reads which cells are placed, never candidates).
    pub units_unchanged_at: Option<usize>,
    /// What `cage_unit` last worked out for each unit (rows, columns, then regions), kept
    /// while nothing it read has changed: see [`Cages::dirty_units`].
    pub memo: Vec<UnitMemo>,
    /// The units (bit u) whose memo may be out of date: a cell of theirs placed, or a cage
    /// meeting them changed (a cell taken out, cut in two).
    pub dirty_units: u32,
    /// How many cells had been placed (`Cube::placed`) when `cage_unit` last looked.
    pub seen_placed: usize,
    /// Each cell's units (bit u, numbered as in `memo`).
    pub units_of: Vec<u32>,
    /// For each cage, the sum of its cells' candidate masks when `cage_bounds` last found
    /// nothing to take from it (`u64::MAX`: not since the cage last changed). Candidates only
    /// shrink, so an equal sum means the same candidates and again nothing.
    pub bounds_seen: Vec<u64>,
    /// The same for the cage each unit implies (reset when the unit's memo is worked out
    /// again: while it is kept, the unit implies the same cells and sum).
    pub implied_seen: Vec<u64>,
}

/// A unit's cells outside the whole cages within it (in Solo's order) and what the rest of
/// the unit (placed values, whole cages) adds up to, as `outside_whole_cages` gave them.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct UnitMemo {
    cells: [u8; 9],
    len: u8,
    pub taken: u32,
}

impl UnitMemo {
    pub fn of(rest: &[usize], taken: u32) -> UnitMemo {
        let mut cells = [0u8; 9];
        for (to, &c) in cells.iter_mut().zip(rest) {
            *to = c as u8;
        }
        UnitMemo { cells, len: rest.len() as u8, taken }
    }

    /// How many cells.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }
}

/// Cages implied by the units, kept one after another in one list of cells (rebuilt every
/// round without allocating).
#[derive(Clone, Debug)]
pub(super) struct Implied {
    cells: Vec<usize>,
    /// Each cage's end in `cells`, its sum and its unit (numbered as in [`Cages::memo`]).
    ends: Vec<(usize, u32, usize)>,
}

impl Implied {
    /// Room for a cage in every row, column and region of a grid of side `n`.
    fn for_side(n: usize) -> Implied {
        Implied { cells: Vec::with_capacity(3 * n * n), ends: Vec::with_capacity(3 * n) }
    }

    pub fn clear(&mut self) {
        self.cells.clear();
        self.ends.clear();
    }

    pub fn push(&mut self, unit: usize, cells: &[usize], sum: u32) {
        self.cells.extend_from_slice(cells);
        self.ends.push((self.cells.len(), sum, unit));
    }

    /// [`Implied::push`] of a unit's memo.
    pub fn push_memo(&mut self, unit: usize, memo: &UnitMemo, sum: u32) {
        self.cells.extend(memo.cells[..memo.len()].iter().map(|&c| usize::from(c)));
        self.ends.push((self.cells.len(), sum, unit));
    }

    /// Each implied cage's cells (in order) and sum, in the order they were found.
    pub fn iter(&self) -> impl Iterator<Item = (&[usize], u32)> {
        self.with_units().map(|(_, cells, sum)| (cells, sum))
    }

    /// [`Implied::iter`] with the unit each cage was found in.
    pub fn with_units(&self) -> impl Iterator<Item = (usize, &[usize], u32)> {
        let starts = std::iter::once(0).chain(self.ends.iter().map(|&(end, _, _)| end));
        starts
            .zip(&self.ends)
            .map(|(start, &(end, sum, unit))| (unit, &self.cells[start..end], sum))
    }
}

impl Cages {
    /// The puzzle's cages as Solo would number them, or None when it has none. The caller
    /// has checked [`solo_cages`].
    pub fn of(puzzle: &Puzzle, shape: &Shape) -> Option<Cages> {
        if puzzle.cages().is_empty() {
            return None;
        }
        let n = puzzle.size();
        let mut cages: Vec<(Vec<usize>, u32)> = puzzle
            .cages()
            .iter()
            .map(|k| {
                let mut cells: Vec<usize> = k.cells.iter().map(|c| c.index()).collect();
                cells.sort_unstable();
                (cells, k.target as u32)
            })
            .collect();
        cages.sort_unstable_by_key(|(cells, _)| cells[0]);
        let mut owner = vec![None; n * n];
        for (k, (cells, _)) in cages.iter().enumerate() {
            for &c in cells {
                owner[c] = Some(k);
            }
        }
        let (cells, sum): (Vec<Vec<usize>>, _) = cages.into_iter().unzip();
        let mask = cells.iter().map(|cells| mask_of(cells)).collect();
        let bounds_seen = vec![u64::MAX; cells.len()];
        let units_of = (0..n * n)
            .map(|c| 1 << (c / n) | 1 << (n + c % n) | 1 << (2 * n + shape.region_of[c]))
            .collect();
        Some(Cages {
            cells,
            sum,
            owner,
            mask,
            implied: Implied::for_side(n),
            units_unchanged_at: None,
            memo: vec![UnitMemo::default(); 3 * n],
            dirty_units: (1 << (3 * n)) - 1,
            seen_placed: 0,
            units_of,
            bounds_seen,
            implied_seen: vec![u64::MAX; 3 * n],
        })
    }

    /// Marks the units cage `k` meets as out of date (before the cage changes).
    fn touch(&mut self, k: usize) {
        self.bounds_seen[k] = u64::MAX;
        for &c in &self.cells[k] {
            self.dirty_units |= self.units_of[c];
        }
    }

    /// Cuts `part` (cells of one cage, in this order) off its cage as a new cage adding up to
    /// `sum`, appended last; the rest of the cage keeps its order and the remainder.
    pub fn split(&mut self, part: &[usize], sum: u32) {
        let from = self.owner[part[0]].expect("an open cell has a cage");
        self.touch(from);
        let new = self.cells.len();
        self.cells[from].retain(|c| !part.contains(c));
        self.sum[from] -= sum;
        for &c in part {
            self.owner[c] = Some(new);
        }
        self.cells.push(part.to_vec());
        self.sum.push(sum);
        self.mask[from] &= !mask_of(part);
        self.mask.push(mask_of(part));
        self.bounds_seen.push(u64::MAX);
    }

    /// Takes the `i`th cell out of cage `k` (placed).
    pub fn remove(&mut self, k: usize, i: usize) {
        self.touch(k);
        let c = self.cells[k].remove(i);
        self.owner[c] = None;
        self.mask[k] &= !(1 << c);
    }

    /// Takes the placed cells of `list` out (adding their values up), then every cage lying
    /// wholly in what is left (adding its sum). Returns what is left (in `rest`, cleared
    /// first) in Solo's order, and the sum of what was taken out.
    ///
    /// Solo walks the cages in order, gathering each cage's cells found in what is left at
    /// the front of what is still unsorted by swaps, and dropping them when they are the
    /// whole cage: every cell left belongs to a cage it meets, so what stays is the cells of
    /// each cage it only partly holds, cage by cage in order, each in the cage's own order.
    /// That is built here directly, from the few cages the unit's cells belong to.
    pub fn outside_whole_cages(&self, cube: &Cube, list: &[usize], rest: &mut Vec<usize>) -> u32 {
        let mut taken = 0u32;
        let mut left = 0u128;
        // The cages of the open cells (bit k for cage k): at most 81 cages and one more for
        // each cut, which leaves both parts open, so fewer than 162.
        let mut meeting = [0u64; 3];
        for &c in list {
            let v = cube.grid[c];
            if v != 0 {
                taken += u32::from(v);
                continue;
            }
            left |= 1 << c;
            let k = self.owner[c].expect("an open cell has a cage");
            meeting[k / 64] |= 1 << (k % 64);
        }
        rest.clear();
        for (w, &word) in meeting.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let k = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // Whole when every cell it still lists is left (not one placed since it was
                // last settled, nor one outside the unit).
                if self.mask[k] & !left == 0 {
                    taken += self.sum[k];
                } else {
                    rest.extend(self.cells[k].iter().filter(|&&c| left >> c & 1 != 0));
                }
            }
        }
        taken
    }
}

/// The mask of some cells (bit c for cell c).
fn mask_of(cells: &[usize]) -> u128 {
    cells.iter().fold(0, |m, &c| m | 1 << c)
}

/// Whether the puzzle's cages (if any) are a Killer Solo plays: every cell in one cage, each
/// a sum (or a one-cell cage without an operator), values differing within a cage, a side of
/// at most 9.
pub(super) fn solo_cages(puzzle: &Puzzle) -> bool {
    let cages = puzzle.cages();
    cages.is_empty()
        || (puzzle.size() <= 9
            && puzzle.distinct_cages()
            && puzzle.cages_cover_grid()
            && cages.iter().all(|k| match k.op {
                Some(Operator::Add) => true,
                None => k.cells.len() == 1,
                _ => false,
            }))
}

/// The unit a set of cells lies in for Solo's sums (a row, a column or a region), if any.
pub(super) fn in_one_unit(shape: &Shape, cells: &[usize]) -> bool {
    let n = shape.n;
    let first = cells[0];
    cells.iter().all(|&c| c / n == first / n)
        || cells.iter().all(|&c| c % n == first % n)
        || cells.iter().all(|&c| shape.region_of[c] == shape.region_of[first])
}

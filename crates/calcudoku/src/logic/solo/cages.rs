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
    /// The cages the units imply this round (cells, sum), rebuilt by `cage_unit`.
    pub implied: Vec<(Vec<usize>, u32)>,
}

impl Cages {
    /// The puzzle's cages as Solo would number them, or None when it has none. The caller
    /// has checked [`solo_cages`].
    pub fn of(puzzle: &Puzzle) -> Option<Cages> {
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
        let (cells, sum) = cages.into_iter().unzip();
        Some(Cages { cells, sum, owner, implied: Vec::new() })
    }

    /// Cuts `part` (cells of one cage, in this order) off its cage as a new cage adding up to
    /// `sum`, appended last; the rest of the cage keeps its order and the remainder.
    pub fn split(&mut self, part: &[usize], sum: u32) {
        let from = self.owner[part[0]].expect("an open cell has a cage");
        let new = self.cells.len();
        self.cells[from].retain(|c| !part.contains(c));
        self.sum[from] -= sum;
        for &c in part {
            self.owner[c] = Some(new);
        }
        self.cells.push(part.to_vec());
        self.sum.push(sum);
    }

    /// Takes the placed cells of `list` out (adding their values up), then every cage lying
    /// wholly in what is left (adding its sum), Solo's way: cages in order, each cage's
    /// cells gathered at the front of what is still unsorted by swaps. Returns what is left,
    /// in that order, and the sum of what was taken out.
    pub fn outside_whole_cages(&self, cube: &Cube, list: &[usize]) -> (Vec<usize>, u32) {
        let mut taken = 0u32;
        let mut rest: Vec<usize> = Vec::with_capacity(list.len());
        for &c in list {
            match cube.grid[c] {
                0 => rest.push(c),
                v => taken += u32::from(v),
            }
        }
        let mut off = 0;
        for (k, cage) in self.cells.iter().enumerate() {
            if off >= rest.len() {
                break;
            }
            if cage.is_empty() {
                continue;
            }
            let mut matched = 0;
            for &c in cage {
                if let Some(j) = (off..rest.len()).find(|&j| rest[j] == c) {
                    rest.swap(off + matched, j);
                    matched += 1;
                }
            }
            if matched == cage.len() {
                rest.drain(off..off + matched);
                taken += self.sum[k];
            } else {
                off += matched;
            }
        }
        (rest, taken)
    }
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

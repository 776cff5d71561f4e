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
}

/// Cages implied by the units, kept one after another in one list of cells (rebuilt every
/// round without allocating).
#[derive(Clone, Debug)]
pub(super) struct Implied {
    cells: Vec<usize>,
    /// Each cage's end in `cells` and its sum.
    ends: Vec<(usize, u32)>,
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

    pub fn push(&mut self, cells: &[usize], sum: u32) {
        self.cells.extend_from_slice(cells);
        self.ends.push((self.cells.len(), sum));
    }

    /// Each implied cage's cells (in order) and sum, in the order they were found.
    pub fn iter(&self) -> impl Iterator<Item = (&[usize], u32)> {
        let starts = std::iter::once(0).chain(self.ends.iter().map(|&(end, _)| end));
        starts.zip(&self.ends).map(|(start, &(end, sum))| (&self.cells[start..end], sum))
    }
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
        let (cells, sum): (Vec<Vec<usize>>, _) = cages.into_iter().unzip();
        let mask = cells.iter().map(|cells| mask_of(cells)).collect();
        Some(Cages {
            cells,
            sum,
            owner,
            mask,
            implied: Implied::for_side(n),
            units_unchanged_at: None,
        })
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
        self.mask[from] &= !mask_of(part);
        self.mask.push(mask_of(part));
    }

    /// Takes the `i`th cell out of cage `k` (placed).
    pub fn remove(&mut self, k: usize, i: usize) {
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
        // The cages of the open cells, each once, in increasing order (an insertion sort).
        let mut meeting = [0usize; 16];
        let mut count = 0;
        for &c in list {
            if cube.grid[c] != 0 {
                taken += u32::from(cube.grid[c]);
                continue;
            }
            left |= 1 << c;
            let k = self.owner[c].expect("an open cell has a cage");
            let mut at = count;
            while at > 0 && meeting[at - 1] > k {
                at -= 1;
            }
            if at == 0 || meeting[at - 1] != k {
                let mut i = count;
                while i > at {
                    meeting[i] = meeting[i - 1];
                    i -= 1;
                }
                meeting[at] = k;
                count += 1;
            }
        }
        rest.clear();
        for &k in &meeting[..count] {
            // Whole when every cell it still lists is left (not one placed since it was last
            // settled, nor one outside the unit).
            if self.mask[k] & !left == 0 {
                taken += self.sum[k];
            } else {
                rest.extend(self.cells[k].iter().filter(|&&c| left >> c & 1 != 0));
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

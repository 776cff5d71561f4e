//! Compiling the cages of a model: each cage's cells and conflicts, and how it is filtered
//! (partner masks for two cells, a table now for small cages, a late table otherwise),
//! one cage after another into the model's shared arrays.

use super::{
    CageEntry, CageModel, EARLY_CELLS, EARLY_NODES, EARLY_TUPLES, PairEntry, Spare, cleared,
};
use crate::puzzle::{Cell, Operator};
use crate::solve::cage::{CageFilter, Table, by_target, pair_supports, partner_masks, three_table};

/// The cages of a model as they are compiled, one after another into shared arrays.
pub(super) struct Cages {
    n: usize,
    /// Every value of the side.
    full: u64,
    pub cages: Vec<CageEntry>,
    pub late_cages: Vec<u32>,
    pub cage_cells: Vec<u16>,
    pub cage_conflicts: Vec<u64>,
    pub masks: Vec<u64>,
    pub initial_tuples: Vec<u64>,
    pub enumerator: CageFilter,
    pub tuples: Vec<u8>,
}

impl Cages {
    /// Empty, in the vectors of `spare`, with room for `cages` cages of `cells` cells in all.
    pub fn reusing(n: usize, cages: usize, cells: usize, spare: &mut Spare) -> Cages {
        let mut built = Cages {
            n,
            full: if n >= 64 { u64::MAX } else { (1u64 << n) - 1 },
            cages: cleared(&mut spare.cages),
            late_cages: cleared(&mut spare.late_cages),
            cage_cells: cleared(&mut spare.cage_cells),
            cage_conflicts: cleared(&mut spare.cage_conflicts),
            masks: cleared(&mut spare.masks),
            initial_tuples: cleared(&mut spare.initial_tuples),
            enumerator: std::mem::take(&mut spare.enumerator),
            tuples: cleared(&mut spare.tuples),
        };
        built.cages.reserve(cages);
        built.cage_cells.reserve(cells);
        built.cage_conflicts.reserve(cells);
        // Room for one word of tuples per cage (the common case), so that these rarely grow.
        built.masks.reserve(cells * n);
        built.initial_tuples.reserve(cages);
        built.tuples.reserve(256);
        built
    }

    /// Compiles a cage: its cells, which of them must differ (`must_differ`, on cells), and
    /// how it is filtered. Cages of two and three cells, nearly all of a KenKen, take paths of
    /// their own. Then cuts the cells' starting candidates `initial` to the values the cage's
    /// partner masks or early table (built from those candidates) support: what filtering the
    /// cage first would do, so that a cell in no other cage starts at the cage's fixed point
    /// (see `Model::settled`). A cage with no assignment empties its cells. A late cage's
    /// cells keep the values its target's arithmetic allows one cell at a time (see
    /// [`by_target`]): its table waits for the root's first pass.
    pub fn add(
        &mut self,
        cells: &[Cell],
        target: u64,
        op: Option<Operator>,
        must_differ: &impl Fn(usize, usize) -> bool,
        initial: &mut [u64],
    ) {
        let at = self.cage_cells.len();
        let (mut pair, mut table) = (None, None);
        match *cells {
            [a, b] => {
                self.cage_cells.extend([a.0, b.0]);
                let differ = must_differ(b.index(), a.index());
                self.cage_conflicts.extend([0, differ as u64]);
                // Two cells need no table: each value's partners are enough, the same from
                // either side.
                let masks_at = self.masks.len();
                let shift = match op {
                    Some(Operator::Sub) if target > 0 && target < self.n as u64 => target as u32,
                    _ => 0,
                };
                pair = Some(PairEntry { cells: [a.0, b.0], masks_at: masks_at as u32, shift });
                let used = partner_masks(op, target, differ, self.n, &mut self.masks);
                let (ca, cb) = (a.index(), b.index());
                (initial[ca], initial[cb]) = if initial[ca] == self.full && initial[cb] == self.full
                {
                    // Both open (a KenKen's cells): the values with a partner, on either side.
                    (used, used)
                } else {
                    pair_supports(&self.masks[masks_at..], initial[ca], initial[cb])
                };
            }
            [a, b, c] => {
                self.cage_cells.extend([a.0, b.0, c.0]);
                let (ca, cb, cc) = (a.index(), b.index(), c.index());
                let third = must_differ(cc, ca) as u64 | (must_differ(cc, cb) as u64) << 1;
                self.cage_conflicts.extend([0, must_differ(cb, ca) as u64, third]);
                table = self.early_table(at, target, op, initial);
            }
            _ => {
                self.cage_cells.extend(cells.iter().map(|c| c.0));
                for (i, ci) in cells.iter().enumerate() {
                    let conflicts = (0..i.min(64))
                        .filter(|&j| must_differ(ci.index(), cells[j].index()))
                        .fold(0u64, |m, j| m | 1 << j);
                    self.cage_conflicts.push(conflicts);
                }
                if cells.len() <= EARLY_CELLS {
                    table = self.early_table(at, target, op, initial);
                }
            }
        }
        let late = table.is_none() && pair.is_none();
        if late {
            // A late cage: its cells keep what its target's arithmetic allows.
            self.late_cages.push(self.cages.len() as u32);
            let allowed = by_target(op, target, cells.len(), self.n);
            for c in cells {
                initial[c.index()] &= allowed;
            }
        }
        self.cages.push(CageEntry {
            cells_at: at as u32,
            len: cells.len() as u32,
            target,
            op,
            late,
            table,
            pair,
        });
    }

    /// The table of the cage (not of two cells) whose cells start at `at` in the shared
    /// arrays, when it has at most [`EARLY_TUPLES`] assignments (see the constant): where its
    /// masks start, its words per tuple set and where its live set starts. Its cells'
    /// candidates in `initial` are then cut to the values its assignments use.
    fn early_table(
        &mut self,
        at: usize,
        target: u64,
        op: Option<Operator>,
        initial: &mut [u64],
    ) -> Option<(u32, u32, u32)> {
        let n = self.n;
        let view = CageModel {
            cells: &self.cage_cells[at..],
            target,
            op,
            conflicts: &self.cage_conflicts[at..],
            table: None,
            late: false,
            pair: None,
        };
        let (masks, all) = (&mut self.masks, &mut self.initial_tuples);
        let masks_at = masks.len() as u32;
        if let [a, b, c] = *view.cells {
            // Sums and products of three cells: the table straight from the arithmetic.
            let cells = [a as usize, b as usize, c as usize];
            let dom = cells.map(|c| initial[c]);
            if let Some(built) = three_table(&view, dom, n, masks, all) {
                let used = built?;
                for (c, used) in cells.into_iter().zip(used) {
                    initial[c] = used;
                }
                // Only a table that fits appended its live set.
                return Some((masks_at, 1, all.len() as u32 - 1));
            }
        }
        let tuples = &mut self.tuples;
        if !self.enumerator.enumerate(view, n, initial, (EARLY_TUPLES, EARLY_NODES), tuples) {
            return None;
        }
        let len = view.cells.len();
        let words = Table::build(tuples, len, n, masks, all);
        // The values each cell takes in some assignment (none: the cage cannot be met).
        for (i, &c) in view.cells.iter().enumerate() {
            let used = tuples.iter().skip(i).step_by(len).fold(0u64, |u, &v| u | 1 << (v - 1));
            initial[c as usize] &= used;
        }
        Some((masks_at, words as u32, (all.len() - words) as u32))
    }
}

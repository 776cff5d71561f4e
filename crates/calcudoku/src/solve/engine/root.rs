//! The first pass of the root propagation of a small plain Latin square (KenKen up to 16×16:
//! no boxes, no derived cages, no conflict weights), on fixed-size state.
//!
//! It reaches the fixed point the general `propagate` reaches at the root before subsets and
//! late cages are looked at (naked singles, the cages that have partner masks or a table,
//! hidden singles per row and column), but keeps its work lists as bitsets on the stack
//! (cells decided and not yet looked at, cages and lines to look at) and reads the candidates
//! from an array indexed by a byte. On the corpus' 8×8 easy puzzles this pass was about half
//! of the solver's instructions through the general queues. Propagation reaches the same
//! fixed point in any order, so only the `--stats` narrowing count can differ.

mod small;

use super::super::cage::Table;
use super::super::cage::pair_supports;
use super::super::model::NO_CAGE;
use super::{Conflict, Engine};
use small::{Set, Small};

/// The largest side the fixed-size pass takes: its cells fit a byte.
pub(super) const SMALL_SIDE: usize = 16;
const SMALL_CELLS: usize = SMALL_SIDE * SMALL_SIDE;

/// Where a fixed-size pass starts from.
#[derive(Clone, Copy)]
enum Start<'a> {
    /// The root's first pass: everything queued.
    First,
    /// The late cages once their tables are built: only they are queued.
    Late,
    /// After subsets narrowed the candidates from these: the cells that changed, their cages
    /// and lines.
    Changed(&'a [u64]),
}

impl Engine<'_> {
    /// Whether the root's first pass may run on fixed-size state (see [`Engine::small_root`]).
    pub(super) fn small_root_fits(&self) -> bool {
        let m = self.m;
        self.small
            && self.plain
            && m.peers_are_lines()
            && m.n <= SMALL_SIDE
            && m.cage_count() <= SMALL_CELLS
    }

    /// Whether the late cages may be propagated on fixed-size state once their tables are
    /// built (see [`Engine::small_late`]): the first pass ran there, and every late cage got a
    /// table (one with too many assignments is walked, by the general pass).
    pub(super) fn small_late_fits(&self) -> bool {
        let m = self.m;
        self.small_root_fits()
            && self.late_built
            && m.late_cages().iter().all(|&k| self.late_tables[k as usize].is_some())
    }

    /// The root's first pass, on fixed-size state: everything but subsets and late cages, to
    /// a fixed point. Queues every unit for subsets afterwards, as the general pass leaves
    /// them. No cell may start empty (the root looks for that first).
    pub(super) fn small_root(&mut self) -> Result<(), Conflict> {
        self.small_pass(Start::First)
    }

    /// After the first pass (see [`Engine::small_root`]) and the building of the late tables
    /// (every late cage has one: [`Engine::small_late_fits`]), the late cages and what follows
    /// from them, on fixed-size state again: everything else is at its fixed point already,
    /// so only those cages start queued. The cage queue (where the late tables left them) is
    /// emptied.
    pub(super) fn small_late(&mut self) -> Result<(), Conflict> {
        self.cage_queue.clear();
        self.small_pass(Start::Late)
    }

    /// The subsets of the root (the last rules it looks at, once the others are stuck) with
    /// what follows from them on fixed-size state, where the fixed-size passes ran: each
    /// round looks for subsets in the queued units until one of them narrows something, then
    /// runs the fixed-size pass from the cells that changed, which queues the units it
    /// changed for the next round. The general queues are left empty: the same fixed point
    /// as the general propagation, which would take the subsets' consequences through its
    /// slower queues.
    pub(super) fn small_subsets(&mut self) -> Result<(), Conflict> {
        let m = self.m;
        let cells = m.n * m.n;
        let mut before = [0u64; SMALL_CELLS];
        loop {
            if self.work >= self.check_at && self.out_of_time() {
                self.clear_queues();
                return Err(Conflict);
            }
            before[..cells].copy_from_slice(&self.dom[..cells]);
            // Subsets unit by unit until one finds something: the cheaper rules first take
            // what follows, as the general propagation would.
            let narrowings = self.stats.narrowings;
            while let Some(u) = self.pair_queue.pop() {
                let u = u as usize;
                self.work += 2 * m.n as u64;
                let found = if m.n >= super::ALL_DIFFERENT_FROM {
                    self.all_different(u)
                } else {
                    self.naked_pairs(u).and_then(|()| self.hidden_pairs(u))
                };
                if found.is_err() {
                    self.clear_queues();
                    return Err(Conflict);
                }
                if self.stats.narrowings != narrowings {
                    break;
                }
            }
            // What the subsets' narrowings queued for the other rules, the pass does instead.
            self.singles.clear();
            self.cage_queue.clear();
            self.unit_queue.clear();
            if self.dom[..cells] == before[..cells] {
                return Ok(());
            }
            if let Err(e) = self.small_pass(Start::Changed(&before[..cells])) {
                self.clear_queues();
                return Err(e);
            }
        }
    }

    fn small_pass(&mut self, start: Start<'_>) -> Result<(), Conflict> {
        // State sized for the grid (and its cages): clearing it is part of the cost. The
        // sides the pass takes most often get a pass of their own, where the side is a
        // constant: the line scans unrolled, a cell's row and column by shifts or constant
        // divisions (about 8% fewer instructions at 8×8 than with the side read at run time).
        let n = self.m.n;
        let cages = self.m.cage_count();
        match ((n * n).max(cages), n) {
            (0..=64, 4) => self.small_pass_in::<64, 1, 1, 4>(start),
            (0..=64, 5) => self.small_pass_in::<64, 1, 1, 5>(start),
            (0..=64, 6) => self.small_pass_in::<64, 1, 1, 6>(start),
            (0..=64, 7) => self.small_pass_in::<64, 1, 1, 7>(start),
            (0..=64, 8) => self.small_pass_in::<64, 1, 1, 8>(start),
            (0..=64, _) => self.small_pass_in::<64, 1, 1, 0>(start),
            // A 9×9 or 10×10 KenKen has fewer than 64 cages: their set is one word.
            (65..=128, 9) if cages <= 64 => self.small_pass_in::<128, 2, 1, 9>(start),
            (65..=128, 10) if cages <= 64 => self.small_pass_in::<128, 2, 1, 10>(start),
            (65..=128, _) => self.small_pass_in::<128, 2, 2, 0>(start),
            _ => self.small_pass_in::<SMALL_CELLS, 4, 4, 0>(start),
        }
    }

    fn small_pass_in<const CELLS: usize, const W: usize, const K: usize, const N: usize>(
        &mut self,
        start: Start<'_>,
    ) -> Result<(), Conflict> {
        let m = self.m;
        let n = m.n;
        // A constant when the pass is made for one side: its loops over the cells unroll.
        let cells = if N > 0 { N * N } else { n * n };
        let mut s: Small<CELLS, W, K, N> = Small {
            n,
            dom: [0; CELLS],
            singles: Set::<W>::EMPTY,
            cages: Set::<K>::EMPTY,
            lines: 0,
            gone: [0; 2 * SMALL_SIDE],
            cell_cage: &m.cell_cage,
            cell_units: &m.cell_units,
            narrowings: 0,
        };
        s.dom[..cells].copy_from_slice(&self.dom[..cells]);
        if !matches!(start, Start::First) {
            // The decided cells' values left their lines in an earlier pass. Row by row, so
            // that no cell's row and column are divided out of its index.
            let side = s.side();
            for r in 0..side {
                for j in 0..side {
                    let d = s.dom[(r * side + j) % CELLS];
                    if d & (d - 1) == 0 {
                        s.gone[r % (2 * SMALL_SIDE)] |= d;
                        s.gone[(side + j) % (2 * SMALL_SIDE)] |= d;
                    }
                }
            }
        }
        match start {
            Start::First => {
                // Cages whose starting candidates are their supports already (see
                // `Model::settled`) wait until a candidate of theirs goes. (A cage left with
                // no assignment emptied its cells: the root looked for that first.)
                if !m.settled {
                    s.cages = Set::<K>::first(m.cage_count());
                }
                // Lines and naked singles only where a cell starts narrowed: with every value
                // in every cell, no line has a hidden single, and what the cages narrow
                // queues its lines.
                let full = m.full;
                if s.dom[..cells].iter().any(|&d| d != full) {
                    s.lines = if 2 * n == 32 { u32::MAX } else { (1u32 << (2 * n)) - 1 };
                    for c in 0..cells {
                        let d = s.dom[c];
                        if d & (d - 1) == 0 {
                            s.singles.insert(c as u8);
                        }
                    }
                }
            }
            Start::Late => {
                for &k in m.late_cages() {
                    if self.late_tables[k as usize].is_some() {
                        s.cages.insert(k as u8);
                    }
                }
            }
            Start::Changed(before) => {
                for (c, (&d, &was)) in s.dom[..cells].iter().zip(before).enumerate() {
                    if d == was {
                        continue;
                    }
                    if d & (d - 1) == 0 {
                        s.singles.insert(c as u8);
                    }
                    let k = m.cell_cage[c];
                    if k != NO_CAGE {
                        s.cages.insert(k as u8);
                    }
                    s.lines |= s.lines_of(c as u8);
                }
            }
        }
        let filterings = self.stats.cage_filterings;
        let late_masks = std::mem::take(&mut self.late_masks);
        let found = self.small_fixed_point(&mut s, &late_masks);
        self.late_masks = late_masks;
        self.stats.narrowings += s.narrowings;
        self.work += s.narrowings + self.stats.cage_filterings - filterings;
        found?;
        match start {
            // Every unit waits for its subsets, as the general pass leaves them.
            Start::First => {
                for u in 0..m.unit_count {
                    self.pair_queue.push(u as u32);
                }
            }
            Start::Late => {}
            // The units this pass changed.
            Start::Changed(_) => {
                for c in 0..cells {
                    if s.dom[c] != self.dom[c] {
                        let [row, col, _] = m.cell_units[c];
                        self.pair_queue.push(row);
                        self.pair_queue.push(col);
                    }
                }
            }
        }
        self.dom[..cells].copy_from_slice(&s.dom[..cells]);
        Ok(())
    }

    fn small_fixed_point<const CELLS: usize, const W: usize, const K: usize, const N: usize>(
        &mut self,
        s: &mut Small<'_, CELLS, W, K, N>,
        late_masks: &[u64],
    ) -> Result<(), Conflict> {
        let m = self.m;
        let full = m.full;
        loop {
            if let Some(c) = s.singles.pop() {
                s.naked_single(c)?;
                continue;
            }
            if let Some(k) = s.cages.pop() {
                self.small_cage(s, k, late_masks)?;
                continue;
            }
            if s.lines != 0 {
                let u = s.lines.trailing_zeros() as usize;
                s.lines &= s.lines - 1;
                s.hidden_singles(u, full)?;
                continue;
            }
            return Ok(());
        }
    }

    /// Filters cage `k`: through its partner masks (two cells) or its table (a late cage's
    /// in `late_masks`, see [`Engine::build_late_tables`]); a late cage waits until its table
    /// is built.
    #[inline(always)]
    fn small_cage<const CELLS: usize, const W: usize, const K: usize, const N: usize>(
        &mut self,
        s: &mut Small<'_, CELLS, W, K, N>,
        k: u8,
        late_masks: &[u64],
    ) -> Result<(), Conflict> {
        let m = self.m;
        if let Some((ca, cb, partners, shift)) = m.pair_shift(k as usize) {
            self.stats.cage_filterings += 1;
            let (da, db) = (s.dom[ca % CELLS], s.dom[cb % CELLS]);
            let (a, b) = if shift != 0 {
                // A difference: the partners of a set of values are the set moved either
                // way (tried for sums too, by mirroring the set: no faster than the masks).
                let full = m.full;
                let partners_of = |values: u64| (values << shift | values >> shift) & full;
                let a = da & partners_of(db);
                (a, db & partners_of(a))
            } else {
                pair_supports(partners, da, db)
            };
            if a == 0 {
                return Err(Conflict);
            }
            let (ca, cb) = (ca as u8, cb as u8);
            let lines = s.lines_of(ca);
            s.narrow(ca, lines, a)?;
            let lines = s.lines_of(cb);
            s.narrow(cb, lines, b)?;
            // Filtering is idempotent: the cage's own narrowings need not queue it again.
            s.cages.remove(k);
            return Ok(());
        }
        let cage = m.cage(k as usize);
        let (table, at) = match (cage.table, self.late_tables.get(k as usize)) {
            (Some(table), _) => table,
            (None, Some(&Some((masks_at, words, at)))) => {
                let (from, words) = (masks_at as usize, words as usize);
                let to = from + cage.cells.len() * m.n * words;
                (Table { words, n: m.n, masks: &late_masks[from..to] }, at as usize)
            }
            _ => return Ok(()), // a late cage waits for its table
        };
        self.stats.cage_filterings += 1;
        if table.words != 1 {
            return self.small_cage_wide(s, k, table, at);
        }
        // One word of live assignments. Three cells (nearly every such cage of a KenKen) as
        // an array, so that the loops over them unroll.
        let masks = table.masks;
        match *cage.cells {
            [a, b, c] => s.filter_word(&[a, b, c], masks, &mut self.tuples[at])?,
            ref cells => s.filter_word(cells, masks, &mut self.tuples[at])?,
        }
        s.cages.remove(k);
        Ok(())
    }

    /// [`Engine::small_cage`] for a table of more than one word (not made by the model for
    /// early tables, which hold at most 64 assignments): through the general filter, out of
    /// the hot path.
    #[cold]
    #[inline(never)]
    fn small_cage_wide<const CELLS: usize, const W: usize, const K: usize, const N: usize>(
        &mut self,
        s: &mut Small<'_, CELLS, W, K, N>,
        k: u8,
        table: Table<'_>,
        at: usize,
    ) -> Result<(), Conflict> {
        let m = self.m;
        let cage = m.cage(k as usize);
        let mut live = std::mem::take(&mut self.scratch);
        live.clear();
        live.extend_from_slice(&self.tuples[at..at + table.words]);
        let mut out = std::mem::take(&mut self.supports);
        let dom = &s.dom[..m.n * m.n];
        let found = table.filter(cage.cells, dom, &mut live, &mut self.allowed, &mut out);
        self.tuples[at..at + table.words].copy_from_slice(&live);
        self.scratch = live;
        let mut r = match found {
            super::Filtered::Impossible => Err(Conflict),
            super::Filtered::Narrowed => Ok(()),
        };
        for (&c, &keep) in cage.cells.iter().zip(&out) {
            if r.is_err() {
                break;
            }
            let lines = s.lines_of(c as u8);
            r = s.narrow(c as u8, lines, keep);
        }
        self.supports = out;
        s.cages.remove(k);
        r
    }
}

#[cfg(test)]
mod tests;

//! SE's multiple-chain rules: Nishio (7.5), Multiple (8.0: cell and region forcing chains),
//! Dynamic (8.5: also contradiction and double forcing chains, on a board that loses each
//! candidate proved off) and the nested levels (9.0 and up), each plus the length increment.
//!
//! For each empty cell (3+ candidates for the static rule, 2+ for the dynamic ones) and each
//! of its values: the consequences of the candidate on and off (contradiction, double
//! forcing), then the houses where that value's first place is this cell (region forcing),
//! then the cell's common consequences (cell forcing).

use std::rc::Rc;

use smallvec::{SmallVec, smallvec};

use super::SeError;
use super::chain_hint::{ChainHint, ChainKind, target_removal};
use super::chaining::{Cause, Chaining, Engine, Key, NONE, PSet, conj, k_cell, k_on, k_value, key};
use super::grid::{BLOCK, CELL_HOUSE, COL, Grid, HOUSES, ROW, bit, size};
use super::pool::{self, Pool};

/// The consequences of one candidate assumed on (shared by the cell, region and binary
/// searches of one rule run: SE computes the same chain again each time, with the same result).
pub(crate) struct Outcome {
    pub(crate) on: PSet,
    pub(crate) off: PSet,
    pub(crate) absurd: Option<(u32, u32)>,
}

/// Per rule run: the outcome of each candidate assumed on, once computed. A nested rule
/// makes thousands of these, most holding a few dozen outcomes: the table is recycled per
/// thread and a dropped one clears only the slots it filled.
pub(crate) struct Memo {
    slots: Vec<Option<Rc<Outcome>>>,
    filled: Vec<Key>,
}

type MemoStorage = (Vec<Option<Rc<Outcome>>>, Vec<Key>);

thread_local! {
    static MEMO_POOL: Pool<MemoStorage> = const { Pool::new(Vec::new()) };
}

impl Memo {
    fn new() -> Self {
        match pool::take(&MEMO_POOL) {
            Some((slots, filled)) => Memo { slots, filled },
            None => Memo { slots: vec![None; 1458], filled: Vec::new() },
        }
    }
    fn get(&self, k: Key) -> Option<&Rc<Outcome>> {
        self.slots[k as usize].as_ref()
    }
    fn set(&mut self, k: Key, o: Rc<Outcome>) {
        if self.slots[k as usize].replace(o).is_none() {
            self.filled.push(k);
        }
    }
}

impl Drop for Memo {
    fn drop(&mut self) {
        for &k in &self.filled {
            self.slots[k as usize] = None;
        }
        self.filled.clear();
        let storage = (std::mem::take(&mut self.slots), std::mem::take(&mut self.filled));
        // A nested rule holds one table per nesting level.
        pool::give(&MEMO_POOL, storage, 8);
    }
}

impl Chaining {
    /// All hints of the rule, in SE's order of discovery.
    pub(crate) fn multiple_hints(
        &self,
        eng: &mut Engine,
        grid: &mut Grid,
    ) -> Result<Vec<u32>, SeError> {
        let mut out = Vec::new();
        let mut memo = Memo::new();
        for cell in 0..81 {
            if grid.values[cell] != 0 {
                continue;
            }
            let card = size(grid.cands[cell]);
            if card > 2 || (card > 1 && self.dynamic) {
                self.for_cell(eng, grid, cell, card, &mut memo, &mut out)?;
            }
        }
        Ok(out)
    }

    /// The outcome of `k` (an "on" potential), from the memo or computed now.
    fn outcome(
        &self,
        eng: &mut Engine,
        grid: &mut Grid,
        k: Key,
        memo: &mut Memo,
    ) -> Result<Rc<Outcome>, SeError> {
        if let Some(o) = memo.get(k) {
            return Ok(o.clone());
        }
        let mut on = PSet::new();
        let mut off = PSet::new();
        let root = eng.arena.add(k, Cause::Initial, &[], NONE);
        on.insert(k, root);
        let absurd = self.do_chaining(eng, grid, &mut on, &mut off)?;
        let o = Rc::new(Outcome { on, off, absurd });
        memo.set(k, o.clone());
        Ok(o)
    }

    fn push(&self, eng: &mut Engine, mut h: ChainHint, out: &mut Vec<u32>) {
        h.finish(&eng.arena, &eng.nested);
        eng.hints.push(h);
        out.push((eng.hints.len() - 1) as u32);
    }

    fn hint(&self, kind: ChainKind, targets: SmallVec<[u32; 4]>, source: Key) -> ChainHint {
        ChainHint {
            rule: *self,
            kind,
            x: true,
            y: true,
            targets,
            source,
            removals: Vec::new(),
            place: None,
            complexity: 0,
            difficulty: 0.0,
            sort_key: 0,
        }
    }

    fn for_cell(
        &self,
        eng: &mut Engine,
        grid: &mut Grid,
        cell: usize,
        card: u32,
        memo: &mut Memo,
        out: &mut Vec<u32>,
    ) -> Result<(), SeError> {
        let mut per_value: SmallVec<[Rc<Outcome>; 9]> = SmallVec::new();
        for v in 1..=9 {
            if !grid.has(cell, v) {
                continue;
            }
            let double = card >= 3 && !self.nishio && self.dynamic;
            let contradiction = self.dynamic || self.nishio;
            let o = self.binary(eng, grid, key(cell, v, true), double, contradiction, memo, out)?;
            if !self.nishio {
                self.regions(eng, grid, cell, v, &o, memo, out)?;
            }
            per_value.push(o);
        }
        if !self.nishio && (card == 2 || (self.multiple && card > 2)) {
            for on_side in [true, false] {
                let first = if on_side { &per_value[0].on } else { &per_value[0].off };
                let common: SmallVec<[Key; 16]> = first
                    .order
                    .iter()
                    .copied()
                    .filter(|&k| {
                        per_value[1..]
                            .iter()
                            .all(|o| if on_side { o.on.contains(k) } else { o.off.contains(k) })
                    })
                    .collect();
                for k in common {
                    let rem = target_removal(&grid.cands, k);
                    if rem.1 == 0 {
                        continue;
                    }
                    let targets: SmallVec<[u32; 4]> = per_value
                        .iter()
                        .map(|o| if on_side { o.on.get(k) } else { o.off.get(k) }.expect("common"))
                        .collect();
                    let mut h = self.hint(ChainKind::Cell, targets, key(cell, 1, true));
                    h.removals = vec![rem];
                    h.place = k_on(k).then(|| (k_cell(k) as u8, k_value(k) as u8));
                    self.push(eng, h, out);
                }
            }
        }
        Ok(())
    }

    /// SE's `doBinaryChaining`; returns the outcome of the candidate assumed on.
    #[allow(clippy::too_many_arguments)]
    fn binary(
        &self,
        eng: &mut Engine,
        grid: &mut Grid,
        p_on: Key,
        double: bool,
        contradiction: bool,
        memo: &mut Memo,
        out: &mut Vec<u32>,
    ) -> Result<Rc<Outcome>, SeError> {
        let p_off = conj(p_on);
        let cell = k_cell(p_on);
        let v = k_value(p_on);
        let on = self.outcome(eng, grid, p_on, memo)?;
        if contradiction && let Some((a, b)) = on.absurd {
            // The candidate cannot be on.
            let mut h = self.hint(ChainKind::Binary { absurd: true }, smallvec![a, b], p_on);
            h.removals = vec![(cell as u8, bit(v))];
            self.push(eng, h, out);
        }
        if !double && !contradiction {
            // Static multiple chains use neither side of the negation (SE computes it and
            // drops it): nothing of it reaches a hint.
            return Ok(on);
        }
        let mut off_on = PSet::new();
        let mut off_off = PSet::new();
        let root_off = eng.arena.add(p_off, Cause::Initial, &[], NONE);
        off_off.insert(p_off, root_off);
        let abs = self.do_chaining(eng, grid, &mut off_on, &mut off_off)?;
        if contradiction && let Some((a, b)) = abs {
            // The candidate must be on.
            let rem = grid.cands[cell] & !bit(v);
            if rem != 0 {
                let mut h = self.hint(ChainKind::Binary { absurd: true }, smallvec![a, b], p_off);
                h.removals = vec![(cell as u8, rem)];
                h.place = Some((cell as u8, v as u8));
                self.push(eng, h, out);
            }
        }
        if double {
            for &k in &on.on.order {
                if let Some(from_off) = off_on.get(k) {
                    let rem = target_removal(&grid.cands, k);
                    if rem.1 == 0 {
                        continue;
                    }
                    let from_on = on.on.get(k).expect("present");
                    let mut h = self.hint(
                        ChainKind::Binary { absurd: false },
                        smallvec![from_on, from_off],
                        p_on,
                    );
                    h.removals = vec![rem];
                    h.place = Some((k_cell(k) as u8, k_value(k) as u8));
                    self.push(eng, h, out);
                }
            }
            for &k in &on.off.order {
                if let Some(from_off) = off_off.get(k) {
                    let from_on = on.off.get(k).expect("present");
                    let mut h = self.hint(
                        ChainKind::Binary { absurd: false },
                        smallvec![from_on, from_off],
                        p_off,
                    );
                    h.removals = vec![(k_cell(k) as u8, bit(k_value(k)))];
                    self.push(eng, h, out);
                }
            }
        }
        Ok(on)
    }

    /// SE's `doRegionChainings` for `value` in the houses of `cell`.
    #[allow(clippy::too_many_arguments)]
    fn regions(
        &self,
        eng: &mut Engine,
        grid: &mut Grid,
        cell: usize,
        v: usize,
        own: &Rc<Outcome>,
        memo: &mut Memo,
        out: &mut Vec<u32>,
    ) -> Result<(), SeError> {
        for kind in [BLOCK, ROW, COL] {
            let index = CELL_HOUSE[cell][kind] as usize;
            let pos = grid.positions(kind, index, v);
            let n = pos.count_ones();
            if !(n == 2 || (self.multiple && n > 2)) {
                continue;
            }
            let first = HOUSES[kind][index][pos.trailing_zeros() as usize] as usize;
            if first != cell {
                continue;
            }
            let mut per_pos: SmallVec<[Rc<Outcome>; 9]> = SmallVec::new();
            for p in 0..9 {
                if pos & (1 << p) == 0 {
                    continue;
                }
                let other = HOUSES[kind][index][p] as usize;
                if other == cell {
                    per_pos.push(own.clone());
                } else {
                    per_pos.push(self.outcome(eng, grid, key(other, v, true), memo)?);
                }
            }
            for on_side in [true, false] {
                let base = if on_side { &own.on } else { &own.off };
                let common: SmallVec<[Key; 16]> = base
                    .order
                    .iter()
                    .copied()
                    .filter(|&k| {
                        per_pos
                            .iter()
                            .all(|o| if on_side { o.on.contains(k) } else { o.off.contains(k) })
                    })
                    .collect();
                for k in common {
                    let rem = target_removal(&grid.cands, k);
                    if rem.1 == 0 {
                        continue;
                    }
                    let targets: SmallVec<[u32; 4]> = per_pos
                        .iter()
                        .map(|o| if on_side { o.on.get(k) } else { o.off.get(k) }.expect("common"))
                        .collect();
                    let mut h = self.hint(
                        ChainKind::Region { kind: kind as u8, index: index as u8, value: v as u8 },
                        targets,
                        key(cell, v, true),
                    );
                    h.removals = vec![rem];
                    h.place = k_on(k).then(|| (k_cell(k) as u8, k_value(k) as u8));
                    self.push(eng, h, out);
                }
            }
        }
        Ok(())
    }
}

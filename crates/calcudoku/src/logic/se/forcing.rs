//! SE's multiple-chain rules: Nishio (7.5), Multiple (8.0: cell and region forcing chains),
//! Dynamic (8.5: also contradiction and double forcing chains, on a board that loses each
//! candidate proved off) and the nested levels (9.0 and up), each plus the length increment.
//!
//! For each empty cell (3+ candidates for the static rule, 2+ for the dynamic ones) and each
//! of its values: the consequences of the candidate on and off (contradiction, double
//! forcing), then the houses where that value's first place is this cell (region forcing),
//! then the cell's common consequences (cell forcing).

use smallvec::{SmallVec, smallvec};

use super::SeError;
use super::chain_hint::{ChainHint, ChainKind, target_removal};
use super::chaining::{Cause, Chaining, Engine, Key, NONE, PSet, conj, k_cell, k_on, k_value, key};
use super::grid::{BLOCK, CELL_HOUSE, COL, Grid, HOUSES, ROW, bit};

impl Chaining {
    /// All hints of the rule, in SE's order of discovery.
    pub(crate) fn multiple_hints(
        &self,
        eng: &mut Engine,
        grid: &mut Grid,
    ) -> Result<Vec<u32>, SeError> {
        let mut out = Vec::new();
        for cell in 0..81 {
            if grid.values[cell] != 0 {
                continue;
            }
            let card = grid.cands[cell].count_ones();
            if card > 2 || (card > 1 && self.dynamic) {
                self.for_cell(eng, grid, cell, card, &mut out)?;
            }
        }
        Ok(out)
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
        out: &mut Vec<u32>,
    ) -> Result<(), SeError> {
        let mut value_on: Vec<(usize, PSet)> = Vec::new();
        let mut value_off: Vec<(usize, PSet)> = Vec::new();
        let mut cell_on: Option<PSet> = None;
        let mut cell_off: Option<PSet> = None;
        for v in 1..=9 {
            if !grid.has(cell, v) {
                continue;
            }
            let p_on = key(cell, v, true);
            let mut on_on = PSet::new();
            let mut on_off = PSet::new();
            let double = card >= 3 && !self.nishio && self.dynamic;
            let contradiction = self.dynamic || self.nishio;
            self.binary(eng, grid, p_on, &mut on_on, &mut on_off, double, contradiction, out)?;
            if !self.nishio {
                self.regions(eng, grid, cell, v, &on_on, &on_off, out)?;
            }
            match (&mut cell_on, &mut cell_off) {
                (Some(a), Some(b)) => {
                    a.retain(&on_on);
                    b.retain(&on_off);
                }
                _ => {
                    cell_on = Some(on_on.clone());
                    cell_off = Some(on_off.clone());
                }
            }
            value_on.push((v, on_on));
            value_off.push((v, on_off));
        }
        if !self.nishio && (card == 2 || (self.multiple && card > 2)) {
            for (set, per_value) in [(&cell_on, &value_on), (&cell_off, &value_off)] {
                let Some(set) = set else { continue };
                for &k in &set.order {
                    let rem = target_removal(&grid.cands, k);
                    if rem.1 == 0 {
                        continue;
                    }
                    let targets: SmallVec<[u32; 4]> =
                        per_value.iter().map(|(_, s)| s.get(k).expect("common")).collect();
                    let mut h = self.hint(ChainKind::Cell, targets, key(cell, 1, true));
                    h.removals = vec![rem];
                    let first = eng.arena.key(h.targets[0]);
                    h.place = k_on(first).then(|| (k_cell(first) as u8, k_value(first) as u8));
                    self.push(eng, h, out);
                }
            }
        }
        Ok(())
    }

    /// SE's `doBinaryChaining`.
    #[allow(clippy::too_many_arguments)]
    fn binary(
        &self,
        eng: &mut Engine,
        grid: &mut Grid,
        p_on: Key,
        on_on: &mut PSet,
        on_off: &mut PSet,
        double: bool,
        contradiction: bool,
        out: &mut Vec<u32>,
    ) -> Result<(), SeError> {
        let p_off = conj(p_on);
        let cell = k_cell(p_on);
        let v = k_value(p_on);
        let root_on = eng.arena.add(p_on, Cause::Initial, &[], NONE);
        on_on.insert(p_on, root_on);
        let abs = self.do_chaining(eng, grid, on_on, on_off)?;
        if contradiction && let Some((a, b)) = abs {
            // The candidate cannot be on.
            let mut h = self.hint(ChainKind::Binary { absurd: true }, smallvec![a, b], p_on);
            h.removals = vec![(cell as u8, bit(v))];
            if self.nishio {
                h.kind = ChainKind::Binary { absurd: true };
            }
            self.push(eng, h, out);
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
            for &k in &on_on.order {
                if let Some(from_off) = off_on.get(k) {
                    let rem = target_removal(&grid.cands, k);
                    if rem.1 == 0 {
                        continue;
                    }
                    let from_on = on_on.get(k).expect("present");
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
            for &k in &on_off.order {
                if let Some(from_off) = off_off.get(k) {
                    let from_on = on_off.get(k).expect("present");
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
        Ok(())
    }

    /// SE's `doRegionChainings` for `value` in the houses of `cell`.
    #[allow(clippy::too_many_arguments)]
    fn regions(
        &self,
        eng: &mut Engine,
        grid: &mut Grid,
        cell: usize,
        v: usize,
        on_on: &PSet,
        on_off: &PSet,
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
            let mut per_pos: Vec<(PSet, PSet)> = Vec::new();
            let mut region_on = on_on.clone();
            let mut region_off = on_off.clone();
            for p in 0..9 {
                if pos & (1 << p) == 0 {
                    continue;
                }
                let other = HOUSES[kind][index][p] as usize;
                if other == cell {
                    per_pos.push((on_on.clone(), on_off.clone()));
                } else {
                    let k = key(other, v, true);
                    let mut o_on = PSet::new();
                    let mut o_off = PSet::new();
                    let root = eng.arena.add(k, Cause::Initial, &[], NONE);
                    o_on.insert(k, root);
                    self.do_chaining(eng, grid, &mut o_on, &mut o_off)?;
                    region_on.retain(&o_on);
                    region_off.retain(&o_off);
                    per_pos.push((o_on, o_off));
                }
            }
            for (set, on_side) in [(&region_on, true), (&region_off, false)] {
                for &k in &set.order {
                    let rem = target_removal(&grid.cands, k);
                    if rem.1 == 0 {
                        continue;
                    }
                    let targets: SmallVec<[u32; 4]> = per_pos
                        .iter()
                        .map(|(a, b)| if on_side { a.get(k) } else { b.get(k) }.expect("common"))
                        .collect();
                    let kind_u = kind as u8;
                    let mut h = self.hint(
                        ChainKind::Region { kind: kind_u, index: index as u8, value: v as u8 },
                        targets,
                        key(cell, v, true),
                    );
                    h.removals = vec![rem];
                    let f = eng.arena.key(h.targets[0]);
                    h.place = k_on(f).then(|| (k_cell(f) as u8, k_value(f) as u8));
                    self.push(eng, h, out);
                }
            }
        }
        Ok(())
    }
}

#[allow(dead_code)]
const _K: [usize; 2] = [ROW, COL];

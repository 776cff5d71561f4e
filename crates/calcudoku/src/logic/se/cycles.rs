//! SE's "Forcing Chains & Cycles" rule (X-, Y- and XY-cycles 6.5/7.0, forcing X-chains and
//! forcing chains 6.6/7.0, plus the length increment): from each candidate assumed on,
//! breadth-first alternating implications; a return to the start is a bidirectional cycle,
//! reaching the start's own negation is a forcing chain.

use std::collections::VecDeque;

use smallvec::smallvec;

use super::SeError;
use super::chain_hint::{ChainHint, ChainKind, target_removal};
use super::chaining::{
    Cause, Chaining, Derived, Engine, Key, NONE, PSet, conj, k_cell, k_on, k_value, key, off_to_on,
    on_to_off,
};
use super::grid::{Grid, PEERS, bit};

impl Chaining {
    /// All hints of the rule, in SE's order of discovery: X-loops, then Y-loops, then XY.
    pub(crate) fn loop_hints(&self, eng: &mut Engine, grid: &Grid) -> Result<Vec<u32>, SeError> {
        let mut out = Vec::new();
        for (y, x) in [(false, true), (true, false), (true, true)] {
            for cell in 0..81 {
                if grid.values[cell] != 0 || grid.cands[cell].count_ones() <= 1 {
                    continue;
                }
                for v in 1..=9 {
                    if grid.has(cell, v) {
                        eng.ctx.check()?;
                        self.unary(eng, grid, key(cell, v, true), y, x, &mut out);
                    }
                }
            }
        }
        Ok(out)
    }

    fn unary(
        &self,
        eng: &mut Engine,
        grid: &Grid,
        p_on: Key,
        y: bool,
        x: bool,
        out: &mut Vec<u32>,
    ) {
        if !x && grid.cands[k_cell(p_on)].count_ones() > 2 {
            return;
        }
        let root = eng.arena.add(p_on, Cause::Initial, &[], NONE);
        let mut cycles: Vec<u32> = Vec::new();
        let mut chains: Vec<u32> = Vec::new();
        {
            let mut to_on = PSet::new();
            let mut to_off = PSet::new();
            to_on.insert(p_on, root);
            self.do_cycles(eng, grid, &mut to_on, &mut to_off, y, x, &mut cycles, p_on);
        }
        if x {
            let mut to_on = PSet::new();
            let mut to_off = PSet::new();
            let root2 = eng.arena.add(p_on, Cause::Initial, &[], NONE);
            to_on.insert(p_on, root2);
            self.do_forcing(eng, grid, &mut to_on, &mut to_off, y, &mut chains, p_on);
            let p_off = conj(p_on);
            let mut to_on = PSet::new();
            let mut to_off = PSet::new();
            let root3 = eng.arena.add(p_off, Cause::Initial, &[], NONE);
            to_off.insert(p_off, root3);
            self.do_forcing(eng, grid, &mut to_on, &mut to_off, y, &mut chains, p_off);
        }
        for &dst_on in &cycles {
            let dst_off = reversed(eng, dst_on);
            let removals = cycle_removals(eng, grid, dst_on);
            if removals.is_empty() {
                continue;
            }
            let mut h = ChainHint {
                rule: *self,
                kind: ChainKind::Cycle,
                x,
                y,
                targets: smallvec![dst_on, dst_off],
                source: p_on,
                removals,
                place: None,
                complexity: 0,
                difficulty: 0.0,
                sort_key: 0,
            };
            h.finish(&eng.arena, &eng.nested);
            eng.hints.push(h);
            out.push((eng.hints.len() - 1) as u32);
        }
        for &t in &chains {
            let tk = eng.arena.key(t);
            let rem = target_removal(&grid.cands, tk);
            if rem.1 == 0 {
                continue;
            }
            let mut h = ChainHint {
                rule: *self,
                kind: ChainKind::Forcing,
                x,
                y,
                targets: smallvec![t],
                source: conj(tk),
                removals: vec![rem],
                place: k_on(tk).then(|| (k_cell(tk) as u8, k_value(tk) as u8)),
                complexity: 0,
                difficulty: 0.0,
                sort_key: 0,
            };
            h.finish(&eng.arena, &eng.nested);
            eng.hints.push(h);
            out.push((eng.hints.len() - 1) as u32);
        }
    }

    /// Whether `anc` is on the first-parent line above `n` (SE's `isParent`).
    fn is_parent(eng: &Engine, n: u32, anc: Key) -> bool {
        let mut t = n;
        while let Some(&p) = eng.arena.parents(t).first() {
            t = p;
            if eng.arena.key(t) == anc {
                return true;
            }
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn do_cycles(
        &self,
        eng: &mut Engine,
        grid: &Grid,
        to_on: &mut PSet,
        to_off: &mut PSet,
        y: bool,
        x: bool,
        cycles: &mut Vec<u32>,
        source: Key,
    ) {
        let mut pend_on: VecDeque<u32> = to_on.nodes().collect();
        let mut pend_off: VecDeque<u32> = to_off.nodes().collect();
        let mut offs: Vec<(Key, Cause)> = Vec::new();
        let mut ons: Vec<Derived> = Vec::new();
        let mut length = 0;
        while !pend_on.is_empty() || !pend_off.is_empty() {
            length += 1;
            while let Some(p) = pend_on.pop_front() {
                on_to_off(grid, eng.arena.key(p), y, &mut offs);
                for &(k, cause) in &offs {
                    if !Self::is_parent(eng, p, k) {
                        let n = eng.arena.add(k, cause, &[p], NONE);
                        pend_off.push_back(n);
                        to_off.insert(k, n);
                    }
                }
            }
            length += 1;
            while let Some(p) = pend_off.pop_front() {
                off_to_on(grid, eng.arena.key(p), None, y, x, &mut ons);
                for d in &ons {
                    let n = eng.arena.add(d.key, d.cause, &[p], NONE);
                    if length >= 4 && d.key == source {
                        cycles.push(n);
                    }
                    if !to_on.contains(d.key) {
                        pend_on.push_back(n);
                        to_on.insert(d.key, n);
                    }
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn do_forcing(
        &self,
        eng: &mut Engine,
        grid: &Grid,
        to_on: &mut PSet,
        to_off: &mut PSet,
        y: bool,
        chains: &mut Vec<u32>,
        source: Key,
    ) {
        let mut pend_on: VecDeque<u32> = to_on.nodes().collect();
        let mut pend_off: VecDeque<u32> = to_off.nodes().collect();
        let mut offs: Vec<(Key, Cause)> = Vec::new();
        let mut ons: Vec<Derived> = Vec::new();
        let mut found: Vec<Key> = Vec::new();
        while !pend_on.is_empty() || !pend_off.is_empty() {
            while let Some(p) = pend_on.pop_front() {
                on_to_off(grid, eng.arena.key(p), y, &mut offs);
                for &(k, cause) in &offs {
                    let contains = to_off.contains(k);
                    if source == conj(k) && !found.contains(&k) {
                        let n = eng.arena.add(k, cause, &[p], NONE);
                        found.push(k);
                        chains.push(n);
                        if !contains {
                            pend_off.push_back(n);
                            to_off.insert(k, n);
                        }
                        continue;
                    }
                    if !contains {
                        let n = eng.arena.add(k, cause, &[p], NONE);
                        pend_off.push_back(n);
                        to_off.insert(k, n);
                    }
                }
            }
            while let Some(p) = pend_off.pop_front() {
                off_to_on(grid, eng.arena.key(p), None, y, true, &mut ons);
                for d in &ons {
                    let contains = to_on.contains(d.key);
                    if source == conj(d.key) && !found.contains(&d.key) {
                        let n = eng.arena.add(d.key, d.cause, &[p], NONE);
                        found.push(d.key);
                        chains.push(n);
                        if !contains {
                            pend_on.push_back(n);
                            to_on.insert(d.key, n);
                        }
                        continue;
                    }
                    if !contains {
                        let n = eng.arena.add(d.key, d.cause, &[p], NONE);
                        pend_on.push_back(n);
                        to_on.insert(d.key, n);
                    }
                }
            }
        }
    }
}

/// SE's `getReversedCycle`: the same loop with every state flipped and the links reversed;
/// returns the node of the flipped start.
fn reversed(eng: &mut Engine, dst_on: u32) -> u32 {
    // The first-parent line from dst_on up to the root.
    let mut line = vec![dst_on];
    let mut t = dst_on;
    while let Some(&p) = eng.arena.parents(t).first() {
        t = p;
        line.push(t);
    }
    // rev(line[0]) has no parents; rev(line[i]) has parent rev(line[i-1]).
    let mut prev = NONE;
    for &n in &line {
        let nd = eng.arena.nodes[n as usize];
        let parents: &[u32] = if prev == NONE { &[] } else { &[prev] };
        let parents = parents.to_vec();
        prev = eng.arena.add(conj(nd.key), nd.cause, &parents, NONE);
    }
    prev
}

/// Candidates seen by both an "on" and an "off" end of the loop's links.
fn cycle_removals(eng: &Engine, grid: &Grid, dst_on: u32) -> Vec<(u8, u16)> {
    let mut cells: u128 = 0;
    let mut t = dst_on;
    while let Some(&p) = eng.arena.parents(t).first() {
        cells |= 1u128 << k_cell(eng.arena.key(t));
        t = p;
    }
    let mut fwd: Vec<Key> = Vec::new();
    let mut back: Vec<Key> = Vec::new();
    let mut t = dst_on;
    while let Some(&p) = eng.arena.parents(t).first() {
        let k = eng.arena.key(t);
        let v = k_value(k);
        for &c in &PEERS[k_cell(k)] {
            let c = c as usize;
            if cells >> c & 1 == 0 && grid.cands[c] & bit(v) != 0 {
                let ok = key(c, v, false);
                let list = if k_on(k) { &mut fwd } else { &mut back };
                if !list.contains(&ok) {
                    list.push(ok);
                }
            }
        }
        t = p;
    }
    let mut out: Vec<(u8, u16)> = Vec::new();
    for k in fwd {
        if back.contains(&k) {
            let c = k_cell(k) as u8;
            let b = bit(k_value(k));
            if let Some(e) = out.iter_mut().find(|e| e.0 == c) {
                e.1 |= b;
            } else {
                out.push((c, b));
            }
        }
    }
    out
}

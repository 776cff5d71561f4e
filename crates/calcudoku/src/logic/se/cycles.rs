//! SE's "Forcing Chains & Cycles" rule (X-, Y- and XY-cycles 6.5/7.0, forcing X-chains and
//! forcing chains 6.6/7.0, plus the length increment): from each candidate assumed on,
//! breadth-first alternating implications; a return to the start is a bidirectional cycle,
//! reaching the start's own negation is a forcing chain.
//!
//! These chains are static (one parent per potential), so the search keeps a tree of parent
//! keys and turns into arena nodes only the chains of the hints it finds.

use std::collections::VecDeque;

use smallvec::{SmallVec, smallvec};

use super::SeError;
use super::chain_hint::{ChainHint, ChainKind, target_removal};
use super::chaining::{Cause, Chaining, Engine, Key, NONE, conj, k_cell, k_on, k_value, key};
use super::grid::{BLOCK, Bits, CELL_HOUSE, COL, Grid, HOUSE_SET, PEER_SET, PEERS, ROW, bit, size};
use super::links::{Graph, Reach};
use super::pool::{self, Pool};

/// A rule run's working storage: the reach of the graph with both kinds of link, the
/// components of a graph of one kind, the search tree and the graphs.
#[derive(Default)]
struct Scratch {
    all: Reach,
    part: Reach,
    tree: Tree,
    xy: Graph,
    one: Graph,
}

thread_local! {
    /// One [`Scratch`] per thread, rebuilt for each board (a nested rule builds hundreds of
    /// thousands of them: their arrays are reused, not reallocated).
    static SCRATCH: Pool<Scratch> = const { Pool::new(Vec::new()) };
}

impl Scratch {
    /// The thread's spare, or a new one.
    fn take() -> Self {
        pool::take(&SCRATCH).unwrap_or_default()
    }

    /// Hands the arrays back for the next rule run on this thread.
    fn give_back(mut self) {
        self.tree.clear();
        pool::give(&SCRATCH, self, 1);
    }
}

const UNSET: u16 = u16::MAX;
const ROOT: u16 = u16::MAX - 1;

/// One breadth-first search: each reached key's parent key and cause.
pub(crate) struct Tree {
    par: Vec<u16>,
    cause: Vec<Cause>,
    node: Vec<u32>,
    touched: Vec<Key>,
    q_on: VecDeque<Key>,
    /// (key, dup parent or UNSET for the first version, cause of the dup)
    q_off: VecDeque<(Key, u16, Cause)>,
}

impl Default for Tree {
    fn default() -> Self {
        Tree::new()
    }
}

impl Tree {
    pub(crate) fn new() -> Self {
        Tree {
            par: vec![UNSET; 1458],
            cause: vec![Cause::Initial; 1458],
            node: vec![NONE; 1458],
            touched: Vec::new(),
            q_on: VecDeque::new(),
            q_off: VecDeque::new(),
        }
    }
    fn clear(&mut self) {
        for &k in &self.touched {
            self.par[k as usize] = UNSET;
            self.node[k as usize] = NONE;
        }
        self.touched.clear();
        self.q_on.clear();
        self.q_off.clear();
    }
    #[inline]
    fn has(&self, k: Key) -> bool {
        self.par[k as usize] != UNSET
    }
    fn set(&mut self, k: Key, parent: u16, cause: Cause) {
        self.par[k as usize] = parent;
        self.cause[k as usize] = cause;
        self.touched.push(k);
    }
    /// Whether `anc` is on the line of parents above `k` (SE's `isParent`).
    fn is_parent(&self, k: Key, anc: Key) -> bool {
        let mut t = self.par[k as usize];
        while t != ROOT {
            if t == anc {
                return true;
            }
            t = self.par[t as usize];
        }
        false
    }
    /// The arena node of a reached key (its chain made on first use).
    fn materialize(&mut self, eng: &mut Engine, k: Key) -> u32 {
        if self.node[k as usize] != NONE {
            return self.node[k as usize];
        }
        let p = self.par[k as usize];
        let n = if p == ROOT {
            eng.arena.add(k, Cause::Initial, &[], NONE)
        } else {
            let pn = self.materialize(eng, p);
            eng.arena.add(k, self.cause[k as usize], &[pn], NONE)
        };
        self.node[k as usize] = n;
        n
    }
}

impl Chaining {
    /// All hints of the rule, in SE's order of discovery: X-loops, then Y-loops, then XY.
    pub(crate) fn loop_hints(&self, eng: &mut Engine, grid: &Grid) -> Result<Vec<u32>, SeError> {
        let mut out = Vec::new();
        let mut scratch = Scratch::take();
        let Scratch { all, part, tree, xy, one } = &mut scratch;
        // The graph with both kinds of link first: what a potential reaches there bounds what
        // it reaches with one kind, so its reach (the costly part) serves all three passes;
        // the one-kind graphs get their own components (cycles ask for those).
        xy.build_xy(grid);
        all.prepare(grid);
        all.build(xy, true);
        part.prepare_as(all);
        for (y, x) in [(false, true), (true, false), (true, true)] {
            let graph = Graph::of_kind(xy, one, y, x);
            let comps = if y && x {
                &*all
            } else {
                part.build(graph, false);
                &*part
            };
            for cell in 0..81 {
                if grid.values[cell] != 0 || !grid.cands[cell].many() {
                    continue;
                }
                for v in 1..=9 {
                    if grid.has(cell, v) {
                        eng.ctx.check()?;
                        self.unary(
                            eng,
                            grid,
                            graph,
                            (comps, all),
                            key(cell, v, true),
                            y,
                            x,
                            &mut out,
                            tree,
                        );
                    }
                }
            }
        }
        scratch.give_back();
        Ok(out)
    }

    #[allow(clippy::too_many_arguments)]
    fn unary(
        &self,
        eng: &mut Engine,
        grid: &Grid,
        graph: &Graph,
        (comps, reach): (&Reach, &Reach),
        p_on: Key,
        y: bool,
        x: bool,
        out: &mut Vec<u32>,
        tree: &mut Tree,
    ) {
        if !x && size(grid.cands[k_cell(p_on)]) > 2 {
            return;
        }
        let mut cycles: SmallVec<[u32; 4]> = SmallVec::new();
        let mut chains: SmallVec<[u32; 4]> = SmallVec::new();
        // A cycle must come back through an off potential that turns the start on.
        // A closer leads to the start, so the start reaches it exactly when both lie on one cycle.
        let closers = closers(grid, p_on, y, x);
        if closers.iter().any(|&c| comps.same_component(p_on, c)) {
            let (pre, count) = pre_closers(grid, comps, p_on, &closers, y);
            if count > 0 {
                tree.clear();
                do_cycles(eng, graph, tree, &closers, (&pre, count), &mut cycles, p_on);
            }
        }
        if x {
            if reach.reaches(p_on, conj(p_on)) {
                tree.clear();
                do_forcing(eng, graph, tree, &mut chains, p_on);
            }
            if reach.reaches(conj(p_on), p_on) {
                tree.clear();
                do_forcing(eng, graph, tree, &mut chains, conj(p_on));
            }
        }
        for &dst_on in &cycles {
            let removals = cycle_removals(eng, grid, dst_on);
            if removals.is_empty() {
                continue;
            }
            let dst_off = reversed(eng, dst_on);
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
}

/// The "on" potentials with a link into a closer of `source` (a cycle can only close from
/// one of them, as a second way to that closer), as cells per value, and how many of them lie
/// on a cycle through `source` (its component): the ones a search from it will meet.
fn pre_closers(
    grid: &Grid,
    reach: &Reach,
    source: Key,
    closers: &[Key],
    y: bool,
) -> ([u128; 9], u32) {
    let mut pre = [0u128; 9];
    for &c in closers {
        let cell = k_cell(c);
        let w = k_value(c);
        // Any "on" of the same value among the cell's peers turns it off ...
        pre[w - 1] |= grid.vc[w - 1] & PEER_SET[cell];
        // ... and with cell links, any other value of the cell.
        if y {
            let mut m = grid.cands[cell] & !bit(w);
            while m != 0 {
                let u = m.trailing_zeros() as usize;
                m &= m - 1;
                pre[u] |= 1u128 << cell;
            }
        }
    }
    let mut count = 0;
    for (i, &cells) in pre.iter().enumerate() {
        let mut m = cells;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            if reach.same_component(source, key(c, i + 1, true)) {
                count += 1;
            }
        }
    }
    (pre, count)
}

/// SE's `doCycles` from `source` (on). SE queues every new version of an off potential that
/// is not an ancestor; a repeated key can only matter by closing the cycle (its other
/// consequences come from its first version, queued earlier), so only those are kept.
///
/// Every closer is a direct consequence of the source, met at the first step, so a cycle
/// closes only through a second version of a closer, queued from an "on" in `pre`. Once the
/// last of those the search can meet (`pre.1`, the ones on a cycle through the source) has
/// been looked at, only the versions already queued are followed: the search finds the same
/// cycles, in the same order, as one that runs to the end.
fn do_cycles(
    eng: &mut Engine,
    graph: &Graph,
    t: &mut Tree,
    closers: &[Key],
    pre: (&[u128; 9], u32),
    cycles: &mut SmallVec<[u32; 4]>,
    source: Key,
) {
    let (pre, mut left) = pre;
    t.set(source, ROOT, Cause::Initial);
    t.q_on.push_back(source);
    let mut length = 0;
    while !t.q_on.is_empty() || !t.q_off.is_empty() {
        length += 1;
        while left > 0
            && let Some(p) = t.q_on.pop_front()
        {
            if pre[k_value(p) - 1] >> k_cell(p) & 1 == 1 {
                left -= 1;
            }
            for &(k, cause) in graph.of(p) {
                if !t.has(k) {
                    // Every queued potential is in the tree, so k is no ancestor of p.
                    t.set(k, p, cause);
                    t.q_off.push_back((k, UNSET, cause));
                } else if closers.contains(&k) && !t.is_parent(p, k) && k != p {
                    t.q_off.push_back((k, p, cause));
                }
            }
        }
        length += 1;
        while let Some((k, dup, dcause)) = t.q_off.pop_front() {
            if left == 0 && dup == UNSET {
                continue;
            }
            for &(dk, dc) in graph.of(k) {
                if length >= 4 && dk == source {
                    let off_node = if dup == UNSET {
                        t.materialize(eng, k)
                    } else {
                        let pn = t.materialize(eng, dup);
                        eng.arena.add(k, dcause, &[pn], NONE)
                    };
                    cycles.push(eng.arena.add(dk, dc, &[off_node], NONE));
                }
                if dup == UNSET && !t.has(dk) {
                    t.set(dk, k, dc);
                    t.q_on.push_back(dk);
                }
            }
        }
        if left == 0 {
            break;
        }
    }
}

/// SE's `doForcingChains` from `source` (on or off): reaching the source's negation. Only
/// the first chain to reach it makes a hint, so the search ends there.
fn do_forcing(
    eng: &mut Engine,
    graph: &Graph,
    t: &mut Tree,
    chains: &mut SmallVec<[u32; 4]>,
    source: Key,
) {
    t.set(source, ROOT, Cause::Initial);
    if k_on(source) {
        t.q_on.push_back(source);
    } else {
        t.q_off.push_back((source, UNSET, Cause::Initial));
    }
    let target = conj(source);
    while !t.q_on.is_empty() || !t.q_off.is_empty() {
        while let Some(p) = t.q_on.pop_front() {
            for &(k, cause) in graph.of(p) {
                if k == target {
                    let pn = t.materialize(eng, p);
                    chains.push(eng.arena.add(k, cause, &[pn], NONE));
                    return;
                }
                if !t.has(k) {
                    t.set(k, p, cause);
                    t.q_off.push_back((k, UNSET, cause));
                }
            }
        }
        while let Some((p, _, _)) = t.q_off.pop_front() {
            for &(dk, dc) in graph.of(p) {
                if dk == target {
                    let pn = t.materialize(eng, p);
                    chains.push(eng.arena.add(dk, dc, &[pn], NONE));
                    return;
                }
                if !t.has(dk) {
                    t.set(dk, p, dc);
                    t.q_on.push_back(dk);
                }
            }
        }
    }
}

/// The off potentials whose consequences include `source` (on).
fn closers(grid: &Grid, source: Key, y: bool, x: bool) -> SmallVec<[Key; 4]> {
    let c = k_cell(source);
    let v = k_value(source);
    let mut out = SmallVec::new();
    if y && grid.cands[c].pair() {
        let w = (grid.cands[c] & !bit(v)).trailing_zeros() as usize + 1;
        out.push(key(c, w, false));
    }
    if x {
        for kind in [BLOCK, ROW, COL] {
            let hs = HOUSE_SET[kind][CELL_HOUSE[c][kind] as usize];
            let s = grid.vc[v - 1] & hs & !(1u128 << c);
            if s.single() {
                let k = key(s.trailing_zeros() as usize, v, false);
                if !out.contains(&k) {
                    out.push(k);
                }
            }
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng::Rng;
    use crate::logic::se::Ctx;
    use crate::logic::se::chaining::{Arena, Engine};
    use crate::logic::se::links::random_board;

    /// Stopping a cycle search once the last "on" that can close a cycle has been looked at
    /// finds the same cycles, with the same chains, as running the search to its end.
    #[test]
    fn cycle_search_stops_without_losing_cycles() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d, 2);
        let mut ctx = Ctx { deadline: None, ticks: 0 };
        let mut found = 0usize;
        for _ in 0..20 {
            let grid = random_board(&mut rng);
            let mut xy = Graph::default();
            xy.build_xy(&grid);
            let mut one = Graph::default();
            let mut reach = Reach::default();
            reach.prepare(&grid);
            for (y, x) in [(false, true), (true, false), (true, true)] {
                let g = Graph::of_kind(&xy, &mut one, y, x);
                reach.build(g, false);
                for k in (0..1458u16).filter(|&k| k_on(k) && grid.has(k_cell(k), k_value(k))) {
                    let closers = closers(&grid, k, y, x);
                    let (pre, count) = pre_closers(&grid, &reach, k, &closers, y);
                    let mut chains = Vec::new();
                    for pre in [(&pre, count), (&[u128::MAX; 9], u32::MAX)] {
                        let mut eng = Engine {
                            arena: Arena::new(),
                            hints: Vec::new(),
                            nested: Vec::new(),
                            ctx: &mut ctx,
                        };
                        let mut tree = Tree::new();
                        let mut cycles = SmallVec::new();
                        if pre.1 > 0 {
                            do_cycles(&mut eng, g, &mut tree, &closers, pre, &mut cycles, k);
                        }
                        let keys: Vec<Vec<Key>> = cycles
                            .iter()
                            .map(|&n| {
                                eng.arena.chain(n).iter().map(|&m| eng.arena.key(m)).collect()
                            })
                            .collect();
                        chains.push(keys);
                    }
                    found += chains[1].len();
                    assert_eq!(chains[0], chains[1], "cycles from {k} (y={y} x={x})");
                }
            }
        }
        assert!(found > 100, "the boards have cycles: {found}");
    }
}

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
use super::chaining::{
    Cause, Chaining, Engine, Key, NONE, conj, k_cell, k_on, k_value, key, off_to_on, on_to_off,
};
use super::grid::{BLOCK, CELL_HOUSE, COL, Grid, HOUSE_SET, PEERS, ROW, bit};
use super::pool::{self, Pool};

/// The static implication graph of one pass (computed once per board): for each potential,
/// what it implies, in SE's order.
pub(crate) struct Graph {
    start: Vec<u32>,
    edges: Vec<(Key, Cause)>,
}

impl Graph {
    fn new(grid: &Grid, y: bool, x: bool) -> Self {
        let mut start = Vec::with_capacity(1459);
        let mut edges = Vec::new();
        let mut offs = Vec::new();
        let mut ons = Vec::new();
        for k in 0..1458u16 {
            start.push(edges.len() as u32);
            if !grid.has(k_cell(k), k_value(k)) {
                continue;
            }
            if k_on(k) {
                on_to_off(grid, k, y, &mut offs);
                edges.extend_from_slice(&offs);
            } else {
                off_to_on(grid, k, y, x, &mut ons);
                edges.extend(ons.iter().map(|d| (d.key, d.cause)));
            }
        }
        start.push(edges.len() as u32);
        Graph { start, edges }
    }
    #[inline]
    fn of(&self, k: Key) -> &[(Key, Cause)] {
        &self.edges[self.start[k as usize] as usize..self.start[k as usize + 1] as usize]
    }
}

/// Which potentials each potential reaches in a [`Graph`] (strongly connected components,
/// Tarjan, then their reach as bit sets in reverse topological order). A search from a
/// potential can only find what it reaches, so searches that cannot succeed are skipped.
#[derive(Default)]
struct Reach {
    comp: Vec<u32>,
    /// Compact index of each present potential (bit position in the sets).
    idx: Vec<u16>,
    words: usize,
    sets: Vec<u64>,
    // Tarjan's working arrays, kept between builds.
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u16>,
    stamp: Vec<u32>,
    present: Vec<u16>,
    call: Vec<(u16, u32)>,
}

thread_local! {
    /// One [`Reach`] per thread, rebuilt for each graph (a nested rule builds hundreds of
    /// thousands of them: their arrays are reused, not reallocated).
    static REACH: Pool<(Reach, Tree)> = const { Pool::new(Vec::new()) };
}

impl Reach {
    /// A reach structure and a search tree from the thread's spares, or new ones.
    fn take() -> (Self, Tree) {
        pool::take(&REACH).unwrap_or_else(|| (Reach::default(), Tree::new()))
    }

    /// Hands the arrays back for the next rule run on this thread.
    fn give_back(self, mut tree: Tree) {
        tree.clear();
        pool::give(&REACH, (self, tree), 1);
    }

    /// Components, and with `closure` what each reaches (only forcing chains ask that). With
    /// `per_value` (a graph without links between values: X-chains) the reach sets index the
    /// potentials of each value apart, three words instead of ten.
    fn build(&mut self, g: &Graph, grid: &Grid, closure: bool, per_value: bool) {
        const NO: u32 = u32::MAX;
        let n = 1458;
        let Reach { comp, idx, words, sets, index, low, on_stack, stack, stamp, present, call } =
            self;
        idx.clear();
        idx.resize(n, u16::MAX);
        present.clear();
        let mut per = [0u16; 9];
        for k in 0..n as u16 {
            if grid.has(k_cell(k), k_value(k)) {
                idx[k as usize] = if per_value {
                    let c = &mut per[k_value(k) - 1];
                    *c += 1;
                    *c - 1
                } else {
                    present.len() as u16
                };
                present.push(k);
            }
        }
        let indexed =
            if per_value { per.into_iter().max().unwrap_or(0) as usize } else { present.len() };
        *words = indexed.div_ceil(64).max(1);
        let words = *words;
        index.clear();
        index.resize(n, NO);
        low.clear();
        low.resize(n, 0);
        on_stack.clear();
        on_stack.resize(n, false);
        comp.clear();
        comp.resize(n, NO);
        stack.clear();
        sets.clear();
        stamp.clear();
        call.clear();
        let mut counter = 0u32;
        let mut ncomp = 0u32;
        // Iterative Tarjan: (node, next edge position).
        for &root in present.iter() {
            if index[root as usize] != NO {
                continue;
            }
            call.push((root, g.start[root as usize]));
            index[root as usize] = counter;
            low[root as usize] = counter;
            counter += 1;
            stack.push(root);
            on_stack[root as usize] = true;
            while let Some(&mut (v, ref mut e)) = call.last_mut() {
                let end = g.start[v as usize + 1];
                if *e < end {
                    let w = g.edges[*e as usize].0;
                    *e += 1;
                    if index[w as usize] == NO {
                        index[w as usize] = counter;
                        low[w as usize] = counter;
                        counter += 1;
                        stack.push(w);
                        on_stack[w as usize] = true;
                        call.push((w, g.start[w as usize]));
                    } else if on_stack[w as usize] {
                        low[v as usize] = low[v as usize].min(index[w as usize]);
                    }
                } else {
                    call.pop();
                    if let Some(&(u, _)) = call.last() {
                        low[u as usize] = low[u as usize].min(low[v as usize]);
                    }
                    if low[v as usize] == index[v as usize] {
                        let id = ncomp;
                        ncomp += 1;
                        stamp.push(NO);
                        let base = sets.len();
                        sets.resize(base + words, 0);
                        let mut members: SmallVec<[u16; 16]> = SmallVec::new();
                        loop {
                            let w = stack.pop().expect("tarjan stack");
                            on_stack[w as usize] = false;
                            comp[w as usize] = id;
                            let i = idx[w as usize] as usize;
                            sets[base + (i >> 6)] |= 1 << (i & 63);
                            members.push(w);
                            if w == v {
                                break;
                            }
                        }
                        if !closure {
                            continue;
                        }
                        // Successor components are complete (reverse topological order).
                        for &m in &members {
                            for &(w, _) in g.of(m) {
                                let c = comp[w as usize];
                                if c != id && stamp[c as usize] != id {
                                    stamp[c as usize] = id;
                                    let ob = c as usize * words;
                                    for j in 0..words {
                                        let x = sets[ob + j];
                                        sets[base + j] |= x;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    /// Whether `a` and `b` lie on one cycle of the graph.
    #[inline]
    fn same_component(&self, a: Key, b: Key) -> bool {
        let c = self.comp[a as usize];
        c != u32::MAX && c == self.comp[b as usize]
    }
    /// Whether a search from `from` can meet `to` (both present; of one value when the
    /// sets were built per value).
    #[inline]
    fn reaches(&self, from: Key, to: Key) -> bool {
        let c = self.comp[from as usize];
        let i = self.idx[to as usize];
        if c == u32::MAX || i == u16::MAX {
            return false;
        }
        let i = i as usize;
        self.sets[c as usize * self.words + (i >> 6)] >> (i & 63) & 1 == 1
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
        let (mut reach, mut tree) = Reach::take();
        for (y, x) in [(false, true), (true, false), (true, true)] {
            let graph = Graph::new(grid, y, x);
            // Only forcing chains (x) ask what a potential reaches; cycles ask for components.
            reach.build(&graph, grid, x, !y);
            for cell in 0..81 {
                if grid.values[cell] != 0 || grid.cands[cell].count_ones() <= 1 {
                    continue;
                }
                for v in 1..=9 {
                    if grid.has(cell, v) {
                        eng.ctx.check()?;
                        self.unary(
                            eng,
                            grid,
                            &graph,
                            &reach,
                            key(cell, v, true),
                            y,
                            x,
                            &mut out,
                            &mut tree,
                        );
                    }
                }
            }
        }
        reach.give_back(tree);
        Ok(out)
    }

    #[allow(clippy::too_many_arguments)]
    fn unary(
        &self,
        eng: &mut Engine,
        grid: &Grid,
        graph: &Graph,
        reach: &Reach,
        p_on: Key,
        y: bool,
        x: bool,
        out: &mut Vec<u32>,
        tree: &mut Tree,
    ) {
        if !x && grid.cands[k_cell(p_on)].count_ones() > 2 {
            return;
        }
        let mut cycles: SmallVec<[u32; 4]> = SmallVec::new();
        let mut chains: SmallVec<[u32; 4]> = SmallVec::new();
        // A cycle must come back through an off potential that turns the start on.
        // A closer leads to the start, so the start reaches it exactly when both lie on one cycle.
        if closers(grid, p_on, y, x).iter().any(|&c| reach.same_component(p_on, c)) {
            tree.clear();
            do_cycles(eng, grid, graph, tree, y, x, &mut cycles, p_on);
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

/// SE's `doCycles` from `source` (on). SE queues every new version of an off potential that
/// is not an ancestor; a repeated key can only matter by closing the cycle (its other
/// consequences come from its first version, queued earlier), so only those are kept.
#[allow(clippy::too_many_arguments)]
fn do_cycles(
    eng: &mut Engine,
    grid: &Grid,
    graph: &Graph,
    t: &mut Tree,
    y: bool,
    x: bool,
    cycles: &mut SmallVec<[u32; 4]>,
    source: Key,
) {
    let closers = closers(grid, source, y, x);
    t.set(source, ROOT, Cause::Initial);
    t.q_on.push_back(source);
    let mut length = 0;
    while !t.q_on.is_empty() || !t.q_off.is_empty() {
        length += 1;
        while let Some(p) = t.q_on.pop_front() {
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
    if y && grid.cands[c].count_ones() == 2 {
        let w = (grid.cands[c] & !bit(v)).trailing_zeros() as usize + 1;
        out.push(key(c, w, false));
    }
    if x {
        for kind in [BLOCK, ROW, COL] {
            let hs = HOUSE_SET[kind][CELL_HOUSE[c][kind] as usize];
            let s = grid.vc[v - 1] & hs & !(1u128 << c);
            if s.count_ones() == 1 {
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

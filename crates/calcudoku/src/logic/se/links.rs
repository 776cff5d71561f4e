//! The static implication graph of SE's "Forcing Chains & Cycles" rule on one board, and what
//! each potential reaches in it: the rule searches from every candidate, three times (X
//! links, Y links, both), and skips the searches that cannot succeed.

use super::chaining::{Cause, Key, k_cell, k_on, k_value, off_to_on, on_to_off};
use super::grid::Grid;

/// The static implication graph of one pass (computed once per board): for each potential,
/// what it implies, in SE's order.
#[derive(Default)]
pub(super) struct Graph {
    start: Vec<u32>,
    edges: Vec<(Key, Cause)>,
}

impl Graph {
    /// The graph with both kinds of link (cell and house), built from the board.
    pub(super) fn build_xy(&mut self, grid: &Grid) {
        let Graph { start, edges } = self;
        start.clear();
        edges.clear();
        let mut offs = Vec::new();
        let mut ons = Vec::new();
        for k in 0..1458u16 {
            start.push(edges.len() as u32);
            if !grid.has(k_cell(k), k_value(k)) {
                continue;
            }
            if k_on(k) {
                on_to_off(grid, k, true, &mut offs);
                edges.extend_from_slice(&offs);
            } else {
                off_to_on(grid, k, true, true, &mut ons);
                edges.extend(ons.iter().map(|d| (d.key, d.cause)));
            }
        }
        start.push(edges.len() as u32);
    }

    /// The graph of a pass with links of kind (`y`: cell, `x`: house): the graph of both
    /// itself, or `one` filtered from it.
    pub(super) fn of_kind<'a>(xy: &'a Graph, one: &'a mut Graph, y: bool, x: bool) -> &'a Graph {
        if y && x {
            xy
        } else {
            one.filter_from(xy, y, x);
            one
        }
    }

    /// The graph of one kind of link, taken from the graph of both. SE's lists for one kind
    /// are the lists for both without the other kind's entries, in the same order: an "on"
    /// turns off its cell's other values (cell links only) and its house mates (always), an
    /// "off" turns on its cell's last value (cell) and its last places (house), and a cell's
    /// last value is never one of the last places (they differ in value).
    fn filter_from(&mut self, xy: &Graph, y: bool, x: bool) {
        let Graph { start, edges } = self;
        start.clear();
        edges.clear();
        for k in 0..1458u16 {
            start.push(edges.len() as u32);
            let on = k_on(k);
            edges.extend(xy.of(k).iter().filter(|&&(_, cause)| match cause {
                Cause::Naked => y,
                _ => x || on,
            }));
        }
        start.push(edges.len() as u32);
    }

    #[inline]
    pub(super) fn of(&self, k: Key) -> &[(Key, Cause)] {
        &self.edges[self.start[k as usize] as usize..self.start[k as usize + 1] as usize]
    }
}

/// Which potentials each potential reaches in a [`Graph`] (strongly connected components,
/// Tarjan, then their reach as bit sets in reverse topological order). A search from a
/// potential can only find what it reaches, so searches that cannot succeed are skipped.
///
/// Works on compact ids (the board's present potentials, in key order), so its arrays are as
/// long as the board has potentials, not 1,458: a nested rule builds this some 15,000 times a
/// puzzle on boards of a few hundred potentials.
#[derive(Default)]
pub(super) struct Reach {
    /// Compact id of each potential by key (`u16::MAX` when not on the board).
    id: Vec<u16>,
    /// The board's potentials by compact id.
    present: Vec<Key>,
    /// Component of each potential, by compact id.
    comp: Vec<u32>,
    words: usize,
    sets: Vec<u64>,
    // The graph's links on compact ids, and Tarjan's working arrays, kept between builds.
    adj_start: Vec<u32>,
    adj: Vec<u16>,
    index: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<u16>,
    stamp: Vec<u32>,
    call: Vec<(u16, u32)>,
}

impl Reach {
    /// Numbers the board's potentials (once per board; every graph of a pass shares them).
    pub(super) fn prepare(&mut self, grid: &Grid) {
        let Reach { id, present, .. } = self;
        id.clear();
        id.resize(1458, u16::MAX);
        present.clear();
        for k in 0..1458u16 {
            if grid.has(k_cell(k), k_value(k)) {
                id[k as usize] = present.len() as u16;
                present.push(k);
            }
        }
    }

    /// The same numbering as `other`'s.
    pub(super) fn prepare_as(&mut self, other: &Reach) {
        self.id.clone_from(&other.id);
        self.present.clone_from(&other.present);
    }

    /// Components of `g` (on the potentials of the last [`Reach::prepare`]), and with
    /// `closure` what each reaches (only forcing chains ask that).
    pub(super) fn build(&mut self, g: &Graph, closure: bool) {
        const NO: u32 = u32::MAX;
        let Reach {
            id,
            present,
            comp,
            words,
            sets,
            adj_start,
            adj,
            index,
            low,
            stack,
            stamp,
            call,
        } = self;
        let n = present.len();
        *words = n.div_ceil(64).max(1);
        let words = *words;
        adj_start.clear();
        adj.clear();
        for &k in present.iter() {
            adj_start.push(adj.len() as u32);
            adj.extend(g.of(k).iter().map(|&(t, _)| id[t as usize]));
        }
        adj_start.push(adj.len() as u32);
        index.clear();
        index.resize(n, NO);
        low.clear();
        low.resize(n, 0);
        comp.clear();
        comp.resize(n, NO);
        stack.clear();
        call.clear();
        sets.clear();
        stamp.clear();
        if closure {
            // One set per component, a component per potential at most: zeroed at once.
            sets.resize(n * words, 0);
            stamp.resize(n, NO);
        }
        let mut counter = 0u32;
        let mut ncomp = 0u32;
        // Iterative Tarjan: (node, next link position). A visited node whose component is
        // not yet known is on the stack.
        for root in 0..n {
            if index[root] != NO {
                continue;
            }
            index[root] = counter;
            low[root] = counter;
            counter += 1;
            stack.push(root as u16);
            call.push((root as u16, adj_start[root]));
            while let Some(&mut (v, ref mut e)) = call.last_mut() {
                let v = v as usize;
                if *e < adj_start[v + 1] {
                    let w = adj[*e as usize] as usize;
                    *e += 1;
                    if index[w] == NO {
                        index[w] = counter;
                        low[w] = counter;
                        counter += 1;
                        stack.push(w as u16);
                        call.push((w as u16, adj_start[w]));
                    } else if comp[w] == NO {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    let u = u as usize;
                    low[u] = low[u].min(low[v]);
                }
                if low[v] != index[v] {
                    continue;
                }
                let cid = ncomp;
                ncomp += 1;
                let from = stack.iter().rposition(|&m| m as usize == v).expect("tarjan stack");
                for &m in &stack[from..] {
                    comp[m as usize] = cid;
                }
                if closure {
                    // Successor components are complete (reverse topological order).
                    let base = cid as usize * words;
                    let (done, this) = sets.split_at_mut(base);
                    let this = &mut this[..words];
                    for &m in &stack[from..] {
                        let m = m as usize;
                        this[m >> 6] |= 1 << (m & 63);
                        for &w in &adj[adj_start[m] as usize..adj_start[m + 1] as usize] {
                            let c = comp[w as usize];
                            if c != cid && stamp[c as usize] != cid {
                                stamp[c as usize] = cid;
                                let other = &done[c as usize * words..][..words];
                                for (d, s) in this.iter_mut().zip(other) {
                                    *d |= s;
                                }
                            }
                        }
                    }
                }
                stack.truncate(from);
            }
        }
    }
    /// Whether `a` and `b` lie on one cycle of the graph.
    #[inline]
    pub(super) fn same_component(&self, a: Key, b: Key) -> bool {
        let (ia, ib) = (self.id[a as usize], self.id[b as usize]);
        ia != u16::MAX && ib != u16::MAX && self.comp[ia as usize] == self.comp[ib as usize]
    }
    /// Whether a search from `from` can meet `to` (the graph was built with `closure`).
    #[inline]
    pub(super) fn reaches(&self, from: Key, to: Key) -> bool {
        let (i, j) = (self.id[from as usize], self.id[to as usize]);
        if i == u16::MAX || j == u16::MAX {
            return false;
        }
        let c = self.comp[i as usize] as usize;
        let b = j as usize;
        self.sets[c * self.words + (b >> 6)] >> (b & 63) & 1 == 1
    }
}

/// A random board for tests: two to five candidates a cell, so that cells and houses with two
/// places (the links) are common but not everywhere.
#[cfg(test)]
pub(super) fn random_board(rng: &mut crate::generate::rng::Rng) -> Grid {
    let mut cands = [0u16; 81];
    for c in &mut cands {
        let want = 2 + rng.below(4) as u32;
        let mut m = 0u16;
        while m.count_ones() < want {
            m |= 1 << rng.below(9);
        }
        *c = m & super::grid::ALL;
    }
    Grid::from_parts([0; 81], cands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng::Rng;

    /// The graph of one kind of link built from the board directly, SE's way.
    fn direct(grid: &Grid, y: bool, x: bool) -> Graph {
        let mut g = Graph::default();
        let (mut offs, mut ons) = (Vec::new(), Vec::new());
        for k in 0..1458u16 {
            g.start.push(g.edges.len() as u32);
            if !grid.has(k_cell(k), k_value(k)) {
                continue;
            }
            if k_on(k) {
                on_to_off(grid, k, y, &mut offs);
                g.edges.extend_from_slice(&offs);
            } else {
                off_to_on(grid, k, y, x, &mut ons);
                g.edges.extend(ons.iter().map(|d| (d.key, d.cause)));
            }
        }
        g.start.push(g.edges.len() as u32);
        g
    }

    /// What a search from `from` meets, by key.
    fn search(g: &Graph, from: Key) -> Vec<bool> {
        let mut seen = vec![false; 1458];
        let mut todo = vec![from];
        seen[from as usize] = true;
        while let Some(k) = todo.pop() {
            for &(t, _) in g.of(k) {
                if !seen[t as usize] {
                    seen[t as usize] = true;
                    todo.push(t);
                }
            }
        }
        seen
    }

    /// The graphs of one kind of link taken from the graph of both equal the graphs built
    /// directly; components and reach equal what searches from every potential meet.
    #[test]
    fn graphs_components_and_reach_agree_with_searches() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15, 1);
        let mut met = 0usize;
        for _ in 0..12 {
            let grid = random_board(&mut rng);
            let mut xy = Graph::default();
            xy.build_xy(&grid);
            let mut one = Graph::default();
            let mut reach = Reach::default();
            reach.prepare(&grid);
            let present: Vec<Key> =
                (0..1458u16).filter(|&k| grid.has(k_cell(k), k_value(k))).collect();
            for (y, x) in [(false, true), (true, false), (true, true)] {
                let g = Graph::of_kind(&xy, &mut one, y, x);
                let d = direct(&grid, y, x);
                assert_eq!((&g.start, &g.edges), (&d.start, &d.edges), "graph y={y} x={x}");
                reach.build(g, true);
                let met_from: Vec<Vec<bool>> = present.iter().map(|&k| search(g, k)).collect();
                for (i, &a) in present.iter().enumerate() {
                    for (j, &b) in present.iter().enumerate() {
                        let ab = met_from[i][b as usize];
                        met += usize::from(ab);
                        assert_eq!(reach.reaches(a, b), ab, "reach {a} -> {b}");
                        let cycle = ab && met_from[j][a as usize];
                        assert_eq!(reach.same_component(a, b), cycle, "component {a} {b}");
                    }
                }
            }
        }
        assert!(met > 100_000, "the boards have links: {met}");
    }
}

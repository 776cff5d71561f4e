//! The chaining engine shared by SE's chain rules: candidates assumed on or off ("potentials"),
//! the implications SE follows (one value per cell, one place per house; for the dynamic rules
//! on a board that loses each candidate proved off; for nested rules also the eliminations
//! of simpler rules and of inner chains), and the parents of each implication, whose count
//! (the chain's *complexity*) sets the rating increment.
//!
//! A potential is a `Key`: `(cell·9 + value − 1)·2 + on`. Nodes live in an append-only
//! [`Arena`]; a [`PSet`] is SE's insertion-ordered set of potentials (the first node stored for
//! a key stays, as in SE's `LinkedSet` when guarded by `contains`).

use smallvec::SmallVec;

use super::grid::{BLOCK, Bits, CELL_HOUSE, COL, Grid, HOUSE_SET, ROW, bit, cell_name};
use super::pool::{self, Pool};
use super::{Ctx, SeError};

pub(crate) type Key = u16;
pub(crate) const NONE: u32 = u32::MAX;

#[inline]
pub(crate) fn key(cell: usize, v: usize, on: bool) -> Key {
    (((cell * 9 + v - 1) << 1) | on as usize) as Key
}
#[inline]
pub(crate) fn k_cell(k: Key) -> usize {
    (k >> 1) as usize / 9
}
#[inline]
pub(crate) fn k_value(k: Key) -> usize {
    (k >> 1) as usize % 9 + 1
}
#[inline]
pub(crate) fn k_on(k: Key) -> bool {
    k & 1 == 1
}
#[inline]
pub(crate) fn conj(k: Key) -> Key {
    k ^ 1
}
pub(crate) fn k_name(k: Key) -> String {
    format!("{}.{}", cell_name(k_cell(k)), k_value(k))
}

/// Why a potential follows from its parents.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cause {
    /// The starting assumption.
    Initial,
    /// One value per cell.
    Naked,
    /// One place per house of that kind.
    Hidden(u8),
    /// An elimination of another rule (nested chains).
    Advanced,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) key: Key,
    pub(crate) cause: Cause,
    /// With one parent (most nodes), the parent itself; otherwise where the parents start
    /// in [`Arena::parents`].
    pstart: u32,
    plen: u32,
    /// The inner chain hint this elimination comes from, or [`NONE`].
    pub(crate) nested: u32,
}

/// All nodes of one rule's search (and its inner searches).
///
/// A rule run adds up to hundreds of thousands of nodes; the storage of a dropped arena goes
/// back to its thread's pool, so the next run starts at the size the last one reached
/// instead of growing (and copying) its lists again.
pub(crate) struct Arena {
    pub(crate) nodes: Vec<Node>,
    parents: Vec<u32>,
    scratch: std::cell::RefCell<(Vec<u32>, Vec<u32>)>,
}

type ArenaStorage = (Vec<Node>, Vec<u32>);

thread_local! {
    static ARENA_POOL: Pool<ArenaStorage> = const { Pool::new(Vec::new()) };
}

impl Drop for Arena {
    fn drop(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        let storage = (std::mem::take(&mut self.nodes), std::mem::take(&mut self.parents));
        // A nested rule holds one arena per nesting level.
        pool::give(&ARENA_POOL, storage, 8);
    }
}

impl Arena {
    /// An empty arena, on storage from the thread's pool when it has some.
    pub(crate) fn new() -> Self {
        let (nodes, parents) = pool::take(&ARENA_POOL).unwrap_or_default();
        Arena { nodes, parents, scratch: Default::default() }
    }
    pub(crate) fn add(&mut self, key: Key, cause: Cause, parents: &[u32], nested: u32) -> u32 {
        let pstart = if let [p] = parents {
            *p
        } else {
            let start = self.parents.len() as u32;
            self.parents.extend_from_slice(parents);
            start
        };
        self.nodes.push(Node { key, cause, pstart, plen: parents.len() as u32, nested });
        (self.nodes.len() - 1) as u32
    }
    #[inline]
    pub(crate) fn parents(&self, n: u32) -> &[u32] {
        let nd = &self.nodes[n as usize];
        if nd.plen == 1 {
            std::slice::from_ref(&nd.pstart)
        } else {
            &self.parents[nd.pstart as usize..(nd.pstart + nd.plen) as usize]
        }
    }
    #[inline]
    pub(crate) fn key(&self, n: u32) -> Key {
        self.nodes[n as usize].key
    }
    /// SE's `getAncestorCount`: distinct potentials reachable through parents (BFS by
    /// layers; the first node met for a key is the one whose parents are followed).
    pub(crate) fn ancestors(&self, start: u32) -> u32 {
        let mut seen = [0u64; 23];
        let mut count = 0;
        let mut bufs = self.scratch.borrow_mut();
        let (todo, next) = &mut *bufs;
        todo.clear();
        todo.push(start);
        while !todo.is_empty() {
            next.clear();
            for &n in todo.iter() {
                let k = self.key(n) as usize;
                if seen[k >> 6] >> (k & 63) & 1 == 0 {
                    seen[k >> 6] |= 1 << (k & 63);
                    count += 1;
                    next.extend_from_slice(self.parents(n));
                }
            }
            std::mem::swap(todo, next);
        }
        count
    }
    /// SE's `getChain`: the nodes of a chain in BFS order, one per key.
    pub(crate) fn chain(&self, start: u32) -> Vec<u32> {
        let mut seen = [0u64; 23];
        let mut out = Vec::new();
        let mut todo: Vec<u32> = vec![start];
        let mut next: Vec<u32> = Vec::new();
        while !todo.is_empty() {
            next.clear();
            for &n in &todo {
                let k = self.key(n) as usize;
                if seen[k >> 6] >> (k & 63) & 1 == 0 {
                    seen[k >> 6] |= 1 << (k & 63);
                    out.push(n);
                    next.extend_from_slice(self.parents(n));
                }
            }
            std::mem::swap(&mut todo, &mut next);
        }
        out
    }
}

/// An insertion-ordered set of potentials, each key mapped to its stored node.
///
/// A rule run makes and drops hundreds of thousands of these (two per candidate and per
/// nested search), so their storage is recycled through a per-thread pool: a dropped set
/// clears only the slots it used and goes back to the pool, and a new set takes one from it.
pub(crate) struct PSet {
    slot: Vec<u32>,
    pub(crate) order: Vec<Key>,
}

/// Number of potentials: 81 cells × 9 values × on/off.
const KEYS: usize = 1458;

/// Most sets kept for reuse per thread (a nested rule holds a few hundred at once).
const POOL_MAX: usize = 512;

thread_local! {
    static PSET_POOL: Pool<(Vec<u32>, Vec<Key>)> = const { Pool::new(Vec::new()) };
}

impl Drop for PSet {
    fn drop(&mut self) {
        for &k in &self.order {
            self.slot[k as usize] = NONE;
        }
        self.order.clear();
        let storage = (std::mem::take(&mut self.slot), std::mem::take(&mut self.order));
        pool::give(&PSET_POOL, storage, POOL_MAX);
    }
}

impl PSet {
    pub(crate) fn new() -> Self {
        match pool::take(&PSET_POOL) {
            Some((slot, order)) => PSet { slot, order },
            None => PSet { slot: vec![NONE; KEYS], order: Vec::new() },
        }
    }
    #[inline]
    pub(crate) fn get(&self, k: Key) -> Option<u32> {
        let n = self.slot[k as usize];
        (n != NONE).then_some(n)
    }
    #[inline]
    pub(crate) fn contains(&self, k: Key) -> bool {
        self.slot[k as usize] != NONE
    }
    /// Adds if absent (callers check first where SE does).
    #[inline]
    pub(crate) fn insert(&mut self, k: Key, node: u32) {
        if self.slot[k as usize] == NONE {
            self.order.push(k);
        }
        self.slot[k as usize] = node;
    }
    /// Nodes in insertion order.
    pub(crate) fn nodes(&self) -> impl Iterator<Item = u32> + '_ {
        self.order.iter().map(|&k| self.slot[k as usize])
    }
}

/// A potential derived from a parent, before it becomes a node.
pub(crate) struct Derived {
    pub(crate) key: Key,
    pub(crate) cause: Cause,
}

/// SE's `getOnToOff`: what a potential assumed on turns off, in SE's order (the cell's other
/// values when `y`, then the house mates in block, row and column, each cell once).
pub(crate) fn on_to_off(grid: &Grid, p: Key, y: bool, out: &mut Vec<(Key, Cause)>) {
    out.clear();
    let cell = k_cell(p);
    let v = k_value(p);
    if y {
        let mut m = grid.cands[cell] & !bit(v);
        while m != 0 {
            let w = m.trailing_zeros() as usize + 1;
            m &= m - 1;
            out.push((key(cell, w, false), Cause::Naked));
        }
    }
    let vs = grid.vc[v - 1] & !(1u128 << cell);
    let bx = HOUSE_SET[BLOCK][CELL_HOUSE[cell][BLOCK] as usize];
    let rows = vs & HOUSE_SET[ROW][CELL_HOUSE[cell][ROW] as usize] & !bx;
    let cols = vs & HOUSE_SET[COL][CELL_HOUSE[cell][COL] as usize] & !bx;
    for (set, kind) in [(vs & bx, BLOCK), (rows, ROW), (cols, COL)] {
        let mut s = set;
        while s != 0 {
            let c = s.trailing_zeros() as usize;
            s &= s - 1;
            out.push((key(c, v, false), Cause::Hidden(kind as u8)));
        }
    }
}

/// SE's `getOffToOn`: what a potential assumed off turns on (the cell's last other value
/// when `y`; the last other place in block, row, column when `x`).
pub(crate) fn off_to_on(grid: &Grid, p: Key, y: bool, x: bool, out: &mut Vec<Derived>) {
    out.clear();
    let cell = k_cell(p);
    let v = k_value(p);
    if y {
        let m = grid.cands[cell];
        if m.pair() {
            let other = (m & !bit(v)).trailing_zeros() as usize + 1;
            out.push(Derived { key: key(cell, other, true), cause: Cause::Naked });
        }
    }
    if x {
        let vs = grid.vc[v - 1] & !(1u128 << cell);
        for kind in [BLOCK, ROW, COL] {
            let hs = HOUSE_SET[kind][CELL_HOUSE[cell][kind] as usize];
            let o = vs & hs;
            if o.single() {
                let k = key(o.trailing_zeros() as usize, v, true);
                if out.iter().any(|d| d.key == k) {
                    continue;
                }
                out.push(Derived { key: k, cause: Cause::Hidden(kind as u8) });
            }
        }
    }
}

/// The hidden parents of `d`, derived from the off potential `p` on `grid`: the candidates
/// present in `source` but gone from `grid` in that cell (one value per cell) or that house
/// (one place per house). Asked only for potentials that become nodes.
fn hidden_parents(
    grid: &Grid,
    source: &Grid,
    p: Key,
    d: &Derived,
    out: &mut SmallVec<[u32; 8]>,
    to_off: &PSet,
) {
    let cell = k_cell(p);
    let v = k_value(p);
    match d.cause {
        Cause::Naked => {
            let mut gone = source.cands[cell] & !grid.cands[cell];
            while gone != 0 {
                let w = gone.trailing_zeros() as usize + 1;
                gone &= gone - 1;
                out.push(
                    to_off.get(key(cell, w, false)).expect("hidden parent is a processed off"),
                );
            }
        }
        Cause::Hidden(kind) => {
            let hs = HOUSE_SET[kind as usize][CELL_HOUSE[cell][kind as usize] as usize];
            let mut gone = source.vc[v - 1] & hs & !grid.vc[v - 1];
            while gone != 0 {
                let c = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                out.push(to_off.get(key(c, v, false)).expect("hidden parent is a processed off"));
            }
        }
        Cause::Initial | Cause::Advanced => {}
    }
}

/// A queue that only grows during one chaining (each node is queued once): a list and the
/// position of its front, cheaper than a ring buffer's wrap-around.
#[derive(Default)]
struct Fifo {
    items: Vec<u32>,
    head: usize,
}

impl Fifo {
    #[inline]
    fn push_back(&mut self, n: u32) {
        self.items.push(n);
    }
    #[inline]
    fn pop_front(&mut self) -> Option<u32> {
        let n = *self.items.get(self.head)?;
        self.head += 1;
        Some(n)
    }
    fn extend(&mut self, nodes: impl Iterator<Item = u32>) {
        self.items.extend(nodes);
    }
    fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }
}

/// The queues and scratch lists of one `do_chaining` call, recycled per thread (nested rules
/// call it hundreds of thousands of times, some calls inside others).
#[derive(Default)]
struct Bufs {
    pend_on: Fifo,
    pend_off: Fifo,
    offs: Vec<(Key, Cause)>,
    ons: Vec<Derived>,
}

thread_local! {
    static BUFS: Pool<Bufs> = const { Pool::new(Vec::new()) };
}

impl Bufs {
    fn take() -> Self {
        pool::take(&BUFS).unwrap_or_default()
    }
    fn give_back(mut self) {
        self.pend_on.clear();
        self.pend_off.clear();
        pool::give(&BUFS, self, 16);
    }
}

/// One of SE's `Chaining` rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Chaining {
    pub(crate) multiple: bool,
    pub(crate) dynamic: bool,
    pub(crate) nishio: bool,
    /// Nesting level: 0 plain, 1 "(+)", 2 "+ Forcing Chains", 3 "+ Multiple", 4 "+ Dynamic".
    pub(crate) level: u8,
    /// For level 4: the level of the inner dynamic chains.
    pub(crate) nesting_limit: u8,
}

/// The state of one rule's search: the node arena, the hints found, the deadline.
pub(crate) struct Engine<'c> {
    pub(crate) arena: Arena,
    pub(crate) hints: Vec<super::chain_hint::ChainHint>,
    /// Complexities of the inner chain hints that nodes refer to (`Node::nested`).
    pub(crate) nested: Vec<(u32, u64)>,
    pub(crate) ctx: &'c mut Ctx,
}

impl Chaining {
    /// SE's `getDifficulty` of the rule (the base of its hints' ratings).
    pub(crate) fn base(&self) -> f64 {
        if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    /// SE's `doChaining`: completes `to_on`/`to_off` with everything they imply; on a
    /// contradiction returns the (on, off) pair of nodes for the same candidate.
    pub(crate) fn do_chaining(
        &self,
        eng: &mut Engine,
        grid: &mut Grid,
        to_on: &mut PSet,
        to_off: &mut PSet,
    ) -> Result<Option<(u32, u32)>, SeError> {
        eng.ctx.check()?;
        let save = grid.clone();
        let mut bufs = Bufs::take();
        let Bufs { pend_on, pend_off, offs, ons } = &mut bufs;
        pend_on.extend(to_on.nodes());
        pend_off.extend(to_off.nodes());
        let mut parents: SmallVec<[u32; 8]> = SmallVec::new();
        let result = 'outer: loop {
            if let Some(p) = pend_on.pop_front() {
                let pk = eng.arena.key(p);
                on_to_off(grid, pk, !self.nishio, offs);
                for &(k, cause) in offs.iter() {
                    if let Some(n) = to_on.get(conj(k)) {
                        let off = eng.arena.add(k, cause, &[p], NONE);
                        break 'outer Some((n, off));
                    }
                    if !to_off.contains(k) {
                        let n = eng.arena.add(k, cause, &[p], NONE);
                        to_off.insert(k, n);
                        pend_off.push_back(n);
                    }
                }
                continue;
            }
            if let Some(p) = pend_off.pop_front() {
                let pk = eng.arena.key(p);
                off_to_on(grid, pk, !self.nishio, true, ons);
                for d in ons.iter() {
                    let absurd = to_off.get(conj(d.key));
                    if absurd.is_none() && to_on.contains(d.key) {
                        continue;
                    }
                    parents.clear();
                    parents.push(p);
                    hidden_parents(grid, &save, pk, d, &mut parents, to_off);
                    let n = eng.arena.add(d.key, d.cause, &parents, NONE);
                    if let Some(off) = absurd {
                        break 'outer Some((n, off));
                    }
                    to_on.insert(d.key, n);
                    pend_on.push_back(n);
                }
                // The dynamic rules' board loses what is proved off (after the hidden
                // parents above were read from the board as it stood).
                if self.dynamic {
                    grid.remove(k_cell(pk), bit(k_value(pk)));
                }
                continue;
            }
            if self.level > 0 {
                let adv = match self.advanced(eng, grid, &save, to_off) {
                    Ok(a) => a,
                    Err(e) => {
                        *grid = save;
                        return Err(e);
                    }
                };
                let mut any = false;
                for (k, ps, nested) in adv {
                    if !to_off.contains(k) {
                        let n = eng.arena.add(k, Cause::Advanced, &ps, nested);
                        to_off.insert(k, n);
                        pend_off.push_back(n);
                        any = true;
                    }
                }
                if any {
                    continue;
                }
            }
            break None;
        };
        *grid = save;
        bufs.give_back();
        Ok(result)
    }
}

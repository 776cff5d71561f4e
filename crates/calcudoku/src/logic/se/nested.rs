//! Chains inside chains: when a dynamic chain of level 1+ runs out of implications, SE asks
//! simpler rules (pointing/claiming, hidden and naked pairs, X-wings; from level 2 also whole
//! chaining rules) for eliminations on the board the chain has reduced, and follows those,
//! each with the chain's potentials that made it possible as parents.
//!
//! Also the entry points that run a chaining rule: its first hint (the step) or all of its
//! hints (for an outer chain).

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::ops::ControlFlow;
use std::rc::Rc;

use smallvec::SmallVec;

use super::chain_hint::{ChainHint, ChainKind};
use super::chaining::{
    Arena, Cause, Chaining, Engine, Key, NONE, PSet, k_cell, k_on, k_value, key,
};
use super::fish::each_fish;
use super::grid::{CELL_HOUSE, Grid, HOUSE_SET, HOUSES, bit, values};
use super::hint::Hint;
use super::locking::all_indirect;
use super::subsets::{each_hidden, each_naked, hidden_removals};
use super::{Ctx, SeError};
use crate::logic::QuickHash;

/// Orders (cell, mask) entries as Java's `HashMap<Cell, BitSet>` iterates them: by cell
/// index modulo the table size, ties in insertion order.
fn java_order(entries: &[(u8, u16)]) -> Vec<(u8, u16)> {
    let mut cap = 16usize;
    while entries.len() > cap * 3 / 4 {
        cap *= 2;
    }
    let mut v = entries.to_vec();
    v.sort_by_key(|&(c, _)| c as usize & (cap - 1));
    v
}

type Advanced = (Key, SmallVec<[u32; 8]>, u32);

/// Turns one simple-rule elimination set with its parent keys into advanced potentials.
fn push_potentials(
    out: &mut Vec<Advanced>,
    to_off: &PSet,
    parents: &[Key],
    removals: &[(u8, u16)],
    nested: u32,
) {
    if parents.is_empty() {
        return;
    }
    let ps: SmallVec<[u32; 8]> = parents.iter().filter_map(|&k| to_off.get(k)).collect();
    for (c, m) in java_order(removals) {
        for v in values(m) {
            out.push((key(c as usize, v, false), ps.clone(), nested));
        }
    }
}

impl Chaining {
    /// SE's `getAdvancedPotentials`: the eliminations of the first "other rule" that has any.
    pub(crate) fn advanced(
        &self,
        eng: &mut Engine,
        grid: &Grid,
        source: &Grid,
        to_off: &PSet,
    ) -> Result<Vec<Advanced>, SeError> {
        let mut out: Vec<Advanced> = Vec::new();
        let gone =
            |c: usize, v: usize| source.cands[c] & bit(v) != 0 && grid.cands[c] & bit(v) == 0;
        // Pointing and claiming.
        all_indirect(grid, |v, (k1, i1), (k2, i2), vic| {
            let mut parents: Vec<Key> = Vec::new();
            for &c in &HOUSES[k1][i1] {
                let c = c as usize;
                if gone(c, v) && HOUSE_SET[k2][i2] >> c & 1 == 0 {
                    parents.push(key(c, v, false));
                }
            }
            let removals: Vec<(u8, u16)> =
                super::grid::cells(vic).map(|c| (c as u8, bit(v))).collect();
            push_potentials(&mut out, to_off, &parents, &removals, NONE);
        });
        if !out.is_empty() {
            return Ok(out);
        }
        // Hidden pairs.
        each_hidden::<()>(grid, 2, false, |h| {
            let removals = hidden_removals(grid, &h);
            if removals.is_empty() {
                return ControlFlow::Continue(());
            }
            let mut parents: Vec<Key> = Vec::new();
            for (p, &c) in HOUSES[h.kind][h.index].iter().enumerate() {
                if h.positions & (1 << p) == 0 {
                    for v in values(h.values) {
                        if source.cands[c as usize] & bit(v) != 0 {
                            parents.push(key(c as usize, v, false));
                        }
                    }
                }
            }
            push_potentials(&mut out, to_off, &parents, &removals, NONE);
            ControlFlow::Continue(())
        });
        if !out.is_empty() {
            return Ok(out);
        }
        // Naked pairs.
        each_naked::<()>(grid, 2, |n| {
            let mut parents: Vec<Key> = Vec::new();
            for p in values(n.positions) {
                let c = HOUSES[n.kind][n.index][p - 1] as usize;
                for v in 1..=9 {
                    if source.cands[c] & bit(v) != 0 && n.values & bit(v) == 0 {
                        parents.push(key(c, v, false));
                    }
                }
            }
            push_potentials(&mut out, to_off, &parents, &n.removals, NONE);
            ControlFlow::Continue(())
        });
        if !out.is_empty() {
            return Ok(out);
        }
        // X-wings.
        each_fish::<()>(grid, 2, |f| {
            let cover_kind = 3 - f.base_kind;
            let mut cover_set = 0u128;
            for c in values(f.cover) {
                cover_set |= HOUSE_SET[cover_kind][c - 1];
            }
            let mut parents: Vec<Key> = Vec::new();
            for b in values(f.base) {
                for &c in &HOUSES[f.base_kind][b - 1] {
                    let c = c as usize;
                    if gone(c, f.value) && cover_set >> c & 1 == 0 {
                        parents.push(key(c, f.value, false));
                    }
                }
            }
            push_potentials(&mut out, to_off, &parents, &f.removals, NONE);
            ControlFlow::Continue(())
        });
        if !out.is_empty() {
            return Ok(out);
        }
        // Whole chaining rules.
        let mut inner: SmallVec<[Chaining; 2]> = SmallVec::new();
        if self.level < 4 {
            if self.level >= 2 {
                inner.push(Chaining {
                    multiple: false,
                    dynamic: false,
                    nishio: false,
                    level: 0,
                    nesting_limit: 0,
                });
            }
            if self.level >= 3 {
                inner.push(Chaining {
                    multiple: true,
                    dynamic: false,
                    nishio: false,
                    level: 0,
                    nesting_limit: 0,
                });
            }
        } else {
            inner.push(Chaining {
                multiple: true,
                dynamic: true,
                nishio: false,
                level: self.nesting_limit,
                nesting_limit: 0,
            });
        }
        for rule in inner {
            let hints = rule.inner_hints(eng, grid)?;
            for h in hints.iter() {
                let parents = rule_parents(&h.links, source, grid);
                if parents.is_empty() {
                    continue;
                }
                eng.nested.push((h.complexity, h.signature));
                let nid = (eng.nested.len() - 1) as u32;
                push_potentials(&mut out, to_off, &parents, &h.removals, nid);
            }
            if !out.is_empty() {
                return Ok(out);
            }
        }
        Ok(out)
    }

    /// The hints of this rule (an inner rule of a nested chain) on `grid`, as the outer chain
    /// uses them, from the thread's cache when this rule saw this board before: an outer
    /// rule meets the same board again and again (a quarter to a third of its inner runs on
    /// the 11+ puzzles), and an inner rule's hints depend on nothing but the board.
    fn inner_hints(&self, eng: &mut Engine, grid: &Grid) -> Result<Rc<[InnerHint]>, SeError> {
        let key = BoardKey { cands: grid.cands, values: grid.values, rule: *self };
        if let Some(h) = INNER.with(|c| c.borrow().0.get(&key).cloned()) {
            return Ok(h);
        }
        let mut sub = Engine {
            arena: Arena::new(),
            hints: Vec::new(),
            nested: Vec::new(),
            ctx: &mut *eng.ctx,
        };
        let mut g = grid.clone();
        let ids = self.all_hints(&mut sub, &mut g)?;
        let hints: Rc<[InnerHint]> = ids
            .iter()
            .map(|&id| {
                let h = &sub.hints[id as usize];
                InnerHint {
                    complexity: h.complexity,
                    signature: h.signature(&sub.arena),
                    removals: h.removal_set_insertion(),
                    links: single_links(&sub.arena, h),
                }
            })
            .collect();
        let weight: usize = hints.iter().map(|h| 4 + h.links.len() + h.removals.len()).sum();
        INNER.with(|c| {
            let (map, held) = &mut *c.borrow_mut();
            if map.len() >= INNER_BOARDS || *held + weight > INNER_ENTRIES {
                map.clear();
                *held = 0;
            }
            *held += weight;
            map.insert(key, hints.clone());
        });
        Ok(hints)
    }

    /// The rule's hints in SE's order (stable by rating, complexity, kind).
    fn sorted(&self, eng: &mut Engine, grid: &mut Grid) -> Result<Vec<u32>, SeError> {
        let mut ids = if self.multiple || self.dynamic {
            self.multiple_hints(eng, grid)?
        } else {
            self.loop_hints(eng, grid)?
        };
        let hints = &eng.hints;
        ids.sort_by(|&a, &b| hints[a as usize].order(&hints[b as usize]));
        Ok(ids)
    }

    /// All hints, sorted, without repeats (SE's equality: same eliminations).
    pub(crate) fn all_hints(&self, eng: &mut Engine, grid: &mut Grid) -> Result<Vec<u32>, SeError> {
        let ids = self.sorted(eng, grid)?;
        let mut seen: Vec<Vec<(u8, u16)>> = Vec::new();
        let mut out = Vec::new();
        for id in ids {
            let r = eng.hints[id as usize].removal_set();
            if !seen.contains(&r) {
                seen.push(r);
                out.push(id);
            }
        }
        Ok(out)
    }

    /// The rule's step: its first hint.
    pub(crate) fn first(&self, grid: &Grid, ctx: &mut Ctx) -> Result<Option<Hint>, SeError> {
        let mut eng = Engine { arena: Arena::new(), hints: Vec::new(), nested: Vec::new(), ctx };
        let mut g = grid.clone();
        let ids = self.sorted(&mut eng, &mut g)?;
        Ok(ids.first().map(|&id| eng.hints[id as usize].to_hint(&eng.arena)))
    }
}

impl ChainHint {
    /// Removals in insertion order, merged per cell (as SE's map holds them).
    pub(crate) fn removal_set_insertion(&self) -> Vec<(u8, u16)> {
        let mut r: Vec<(u8, u16)> = Vec::new();
        for &(c, m) in &self.removals {
            if let Some(e) = r.iter_mut().find(|e| e.0 == c) {
                e.1 |= m;
            } else {
                r.push((c, m));
            }
        }
        r
    }
}

/// An inner rule's hint as an outer chain uses it.
struct InnerHint {
    complexity: u32,
    /// SE's `FullChain` identity (inner chains count once each in the outer complexity).
    signature: u64,
    /// Eliminations, merged per cell in insertion order.
    removals: Vec<(u8, u16)>,
    /// The "on" potentials along its chains that rest on a single (one value left in the
    /// cell, or one place left in the house), with which, in chain order.
    links: Vec<(Key, Cause)>,
}

/// A board as an inner rule sees it, and which rule.
#[derive(Clone, PartialEq, Eq, Hash)]
struct BoardKey {
    cands: [u16; 81],
    values: [u8; 81],
    rule: Chaining,
}

/// Most boards whose inner hints a thread keeps, and most links and eliminations among
/// them (a few MB): then it starts again.
const INNER_BOARDS: usize = 1 << 14;
const INNER_ENTRIES: usize = 1 << 20;

type InnerCache = (HashMap<BoardKey, Rc<[InnerHint]>, BuildHasherDefault<QuickHash>>, usize);

thread_local! {
    static INNER: RefCell<InnerCache> = RefCell::new(Default::default());
}

/// The "on" potentials of a hint's chains that rest on a single, with the kind of single
/// (a cell or region forcing chain's starting potentials rest on their cell or region).
fn single_links(arena: &Arena, h: &ChainHint) -> Vec<(Key, Cause)> {
    let mut out = Vec::new();
    for &t in &h.targets {
        for n in arena.chain(t) {
            let nd = arena.nodes[n as usize];
            let cause = match nd.cause {
                Cause::Initial => match h.kind {
                    ChainKind::Cell => Cause::Naked,
                    ChainKind::Region { kind, .. } => Cause::Hidden(kind),
                    _ => continue,
                },
                c => c,
            };
            if k_on(nd.key) && matches!(cause, Cause::Naked | Cause::Hidden(_)) {
                out.push((nd.key, cause));
            }
        }
    }
    out
}

/// SE's `getRuleParents` of a chain hint used inside an outer chain: the candidates the outer
/// chain removed (present in `initial`, gone from `current`) that the inner chain's singles
/// relied on.
fn rule_parents(links: &[(Key, Cause)], initial: &Grid, current: &Grid) -> Vec<Key> {
    let mut out: Vec<Key> = Vec::new();
    let add = |k: Key, out: &mut Vec<Key>| {
        if !out.contains(&k) {
            out.push(k);
        }
    };
    for &(k, cause) in links {
        let c = k_cell(k);
        let v = k_value(k);
        match cause {
            Cause::Naked => {
                for w in 1..=9 {
                    if initial.cands[c] & bit(w) != 0 && current.cands[c] & bit(w) == 0 {
                        add(key(c, w, false), &mut out);
                    }
                }
            }
            Cause::Hidden(kind) => {
                let idx = CELL_HOUSE[c][kind as usize] as usize;
                for &x in &HOUSES[kind as usize][idx] {
                    let x = x as usize;
                    if initial.cands[x] & bit(v) != 0 && current.cands[x] & bit(v) == 0 {
                        add(key(x, v, false), &mut out);
                    }
                }
            }
            Cause::Initial | Cause::Advanced => {}
        }
    }
    out
}

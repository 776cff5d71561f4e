//! A hint found by a chaining rule, with SE's complexity (the number of distinct potentials
//! in its chains, plus the complexity of the inner chains it uses), rating, sort order and
//! name.

use smallvec::SmallVec;

use super::chaining::{Arena, Chaining, Key, NONE, k_cell, k_name, k_on, k_value};
use super::grid::{bit, cell_name, house_name};
use super::hint::{Hint, removals_text};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ChainKind {
    /// Bidirectional cycle (X, Y or XY).
    Cycle,
    /// Forcing X-chain / forcing chain from one assumption to its own negation.
    Forcing,
    /// Contradiction (`absurd`) or double forcing chains from one candidate on and off.
    Binary { absurd: bool },
    /// Every value of a cell implies the same.
    Cell,
    /// Every place of a value in a house implies the same.
    Region { kind: u8, index: u8, value: u8 },
}

#[derive(Clone, Debug)]
pub(crate) struct ChainHint {
    pub(crate) rule: Chaining,
    pub(crate) kind: ChainKind,
    pub(crate) x: bool,
    pub(crate) y: bool,
    /// SE's chain targets, in order.
    pub(crate) targets: SmallVec<[u32; 4]>,
    /// Binary: the assumption; cell: a key of the source cell; cycle/forcing: the start.
    pub(crate) source: Key,
    /// (cell, mask) in SE's insertion order.
    pub(crate) removals: Vec<(u8, u16)>,
    pub(crate) place: Option<(u8, u8)>,
    pub(crate) complexity: u32,
    pub(crate) difficulty: f64,
    pub(crate) sort_key: u8,
}

/// SE's rating increment for a chain of the given complexity: +0.1 each time the length
/// passes 4, 6, 8, 12, 16, 24, 32, … (summed as SE sums it, in binary floating point).
pub(crate) fn length_added(complexity: u32) -> f64 {
    let length = i64::from(complexity) - 2;
    let mut added = 0.0f64;
    let mut ceil: i64 = 4;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

impl ChainHint {
    /// Fills in complexity, difficulty and sort key (after targets are set).
    pub(crate) fn finish(&mut self, arena: &Arena, nested_cplx: &[(u32, u64)]) {
        let flat: u32 = match self.kind {
            ChainKind::Cycle | ChainKind::Forcing => arena.ancestors(self.targets[0]),
            _ => self.targets.iter().map(|&t| arena.ancestors(t)).sum(),
        };
        let mut nested = 0;
        // Inner chains count once each (SE's `FullChain`: same targets, same chains).
        let mut seen: SmallVec<[u64; 8]> = SmallVec::new();
        let has_nested = self.rule.level > 0;
        for &t in self.targets.iter().filter(|_| has_nested) {
            for n in arena.chain(t) {
                let h = arena.nodes[n as usize].nested;
                if h != NONE {
                    let (c, sig) = nested_cplx[h as usize];
                    if !seen.contains(&sig) {
                        seen.push(sig);
                        nested += c;
                    }
                }
            }
        }
        self.complexity = flat + nested;
        let added = length_added(self.complexity);
        let (base, key) = match self.kind {
            ChainKind::Cycle => (if self.x && self.y { 7.0 } else { 6.5 }, self.xy_key()),
            ChainKind::Forcing => (if self.x && self.y { 7.0 } else { 6.6 }, self.xy_key()),
            ChainKind::Binary { absurd } => (self.rule.base(), if absurd { 7 } else { 1 }),
            ChainKind::Cell => (self.rule.base(), 5),
            ChainKind::Region { .. } => (self.rule.base(), 6),
        };
        self.difficulty = base + added;
        self.sort_key = key;
    }

    fn xy_key(&self) -> u8 {
        if self.x && self.y {
            4
        } else if self.y {
            3
        } else {
            2
        }
    }

    /// SE's order of hints: rating, then complexity, then kind.
    pub(crate) fn order(&self, other: &ChainHint) -> std::cmp::Ordering {
        self.difficulty
            .partial_cmp(&other.difficulty)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(self.complexity.cmp(&other.complexity))
            .then(self.sort_key.cmp(&other.sort_key))
    }

    /// SE's `FullChain` identity of the hint: its targets and their chains, as keys.
    pub(crate) fn signature(&self, arena: &Arena) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |x: u64| {
            h ^= x;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        for &t in &self.targets {
            mix(0x1_0000 | u64::from(arena.key(t)));
            for n in arena.chain(t) {
                mix(u64::from(arena.key(n)));
            }
        }
        h
    }

    /// Removals as a canonical list (for SE's equality of hints).
    pub(crate) fn removal_set(&self) -> Vec<(u8, u16)> {
        let mut r: Vec<(u8, u16)> = Vec::new();
        for &(c, m) in &self.removals {
            if let Some(e) = r.iter_mut().find(|e| e.0 == c) {
                e.1 |= m;
            } else {
                r.push((c, m));
            }
        }
        r.sort_unstable();
        r
    }

    /// SE's name of the hint.
    pub(crate) fn name(&self, cycle_cells: usize, ancestors: u32) -> String {
        let r = self.rule;
        let suffix = match r.level {
            0 => String::new(),
            l => nested_suffix(l),
        };
        let prefix = if r.level > 0 || (r.dynamic && !r.nishio) {
            "Dynamic "
        } else if r.nishio {
            "Nishio "
        } else {
            ""
        };
        match self.kind {
            ChainKind::Cycle => {
                if self.x && self.y {
                    "Bidirectional Cycle".into()
                } else if self.y {
                    "Bidirectional Y-Cycle".into()
                } else if cycle_cells == 4 {
                    "Generalized X-Wing".into()
                } else {
                    "Bidirectional X-Cycle".into()
                }
            }
            ChainKind::Forcing => {
                if self.x && self.y {
                    "Forcing Chain".into()
                } else if self.y {
                    "Forcing Y-Chain".into()
                } else if ancestors == 6 {
                    "Turbot Fish".into()
                } else {
                    "Forcing X-Chain".into()
                }
            }
            ChainKind::Binary { absurd } => {
                let what = if r.nishio {
                    "Forcing"
                } else if absurd {
                    "Contradiction Forcing"
                } else {
                    "Double Forcing"
                };
                format!("{prefix}{what} Chains{suffix}")
            }
            ChainKind::Cell => format!("{prefix}Cell Forcing Chains{suffix}"),
            ChainKind::Region { .. } => format!("{prefix}Region Forcing Chains{suffix}"),
        }
    }

    /// The step as the rater records it.
    pub(crate) fn to_hint(&self, arena: &Arena) -> Hint {
        let cycle_cells = if self.kind == ChainKind::Cycle {
            // SE counts the cells along the reversed chain.
            let mut cells: SmallVec<[usize; 16]> = SmallVec::new();
            let mut n = self.targets[1];
            while let Some(&p) = arena.parents(n).first() {
                n = p;
                let c = k_cell(arena.key(n));
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
            cells.len()
        } else {
            0
        };
        let anc =
            if self.kind == ChainKind::Forcing { arena.ancestors(self.targets[0]) } else { 0 };
        let name = self.name(cycle_cells, anc);
        let mut removals = self.removal_set();
        removals.retain(|&(_, m)| m != 0);
        let what = removals_text(&removals);
        let text = match self.kind {
            ChainKind::Cycle => format!("a closed loop of links through {}: {what}", {
                let k = self.source;
                k_name(k)
            }),
            ChainKind::Forcing => {
                let t = arena.key(self.targets[0]);
                format!(
                    "{} {} forces itself {}: {what}",
                    k_name(self.source),
                    if k_on(self.source) { "on" } else { "off" },
                    if k_on(t) { "on" } else { "off" }
                )
            }
            ChainKind::Binary { absurd } => {
                if absurd || self.rule.nishio {
                    let d = arena.key(self.targets[1]);
                    format!(
                        "assuming {} {} makes {} both true and false: {what}",
                        k_name(self.source),
                        if k_on(self.source) { "on" } else { "off" },
                        k_name(d)
                    )
                } else {
                    let d = arena.key(self.targets[0]);
                    format!(
                        "{} on and off both make {} {}: {what}",
                        k_name(self.source),
                        k_name(d),
                        if k_on(d) { "on" } else { "off" }
                    )
                }
            }
            ChainKind::Cell => {
                let d = arena.key(self.targets[0]);
                format!(
                    "every value of {} makes {} {}: {what}",
                    cell_name(k_cell(self.source)),
                    k_name(d),
                    if k_on(d) { "on" } else { "off" }
                )
            }
            ChainKind::Region { kind, index, value } => {
                let d = arena.key(self.targets[0]);
                format!(
                    "every place of {value} in {} makes {} {}: {what}",
                    house_name(kind as usize, index as usize),
                    k_name(d),
                    if k_on(d) { "on" } else { "off" }
                )
            }
        };
        Hint { name, rating: self.difficulty, removals, place: self.place, text }
    }
}

/// SE's suffix for nested levels.
pub(crate) fn nested_suffix(level: u8) -> String {
    match level {
        1 => " (+)".into(),
        2 => " (+ Forcing Chains)".into(),
        3 => " (+ Multiple Forcing Chains)".into(),
        4 => " (+ Dynamic Forcing Chains)".into(),
        l => format!(" (+ Dynamic Forcing Chains{})", nested_suffix(l - 3)),
    }
}

/// Removal of a single target potential: off → that candidate; on → the cell's others.
pub(crate) fn target_removal(cands: &[u16; 81], t: Key) -> (u8, u16) {
    let c = k_cell(t);
    let v = k_value(t);
    if k_on(t) { (c as u8, cands[c] & !bit(v)) } else { (c as u8, bit(v)) }
}

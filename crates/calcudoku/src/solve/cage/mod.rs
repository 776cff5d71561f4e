//! The cage propagator: for each cell of a cage, keep only the candidates that take part in
//! some assignment of the whole cage that meets its rule, respects the other cells' candidates
//! and keeps cells that share a row, column or box (or, in Killer Sudoku, the cage) distinct.
//!
//! The supports are found by a depth-first walk over the cage's cells with arithmetic pruning
//! (sum bounds, product divisibility) that stops as soon as nothing more can be learned. A walk
//! that grows past its budget gives way to plain bounds reasoning, which is weaker but sound.
//!
//! A cage comes to the propagators as a [`CageModel`]: a view of its cells, rule, conflicts
//! and table that the compiled puzzle (the model) hands out.

mod arith;
mod four;
mod listing;
mod pairs;
mod table;
mod three;

pub(crate) use pairs::{pair_count, pair_supports, partner_masks};
pub(crate) use table::Table;
pub(crate) use three::three_table;

pub(super) use arith::bits;
use arith::{exact_quotient, push_tuple, range_mask, zeros};

use crate::puzzle::{Operator, rule_holds};

/// A cage as the propagators see it: a view into the compiled puzzle (the model, which
/// hands these out), with its cells, rule, in-cage conflicts and table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CageModel<'m> {
    /// Cells of the cage (row-major indices).
    pub cells: &'m [u16],
    pub target: u64,
    pub op: Option<Operator>,
    /// For position `i` of the cage, the earlier positions `j < i` (below 64) whose cell must
    /// hold a different value (same row, column or box, or any cage mate in Killer Sudoku).
    pub conflicts: &'m [u64],
    /// Every assignment of the cage that meets its rule and its conflicts, as a table, when
    /// there are few enough (None for large cages), and where the cage's live-tuple words start
    /// in the search state.
    pub table: Option<(Table<'m>, usize)>,
    /// Whether the table is left to the engine to build at the root (see the model's
    /// `EARLY_TUPLES`).
    pub late: bool,
    /// For a two-cell cage (which has no table), `n` masks: per value of one cell, the values
    /// of the other that it may go with (the same from either side: every rule, and "the two
    /// differ", is symmetric).
    pub pair: Option<&'m [u64]>,
}

/// Nodes one filtering (or one listing of a late table) may visit before it falls back to
/// bounds reasoning (or gives up the table).
pub(crate) const NODE_BUDGET: u32 = 1 << 16;

/// The most cells of a cage that is walked or listed: a position's conflicts are a 64-bit
/// mask of the earlier positions. Larger cages (up to the whole 64×64 grid) are filtered by
/// bounds and checked once decided (see [`CageFilter::filter_by_bounds`]); their cells still
/// differ through the rows, columns, boxes and (Killer Sudoku) peers.
pub(crate) const WALK_MAX_CELLS: usize = 64;

/// The values a cell of a cage of `cells` cells may take (on a grid of side `n`) by its
/// target's arithmetic alone: for a product, the divisors of the target; for a sum, the values
/// that leave the other cells between 1 and `n` each; any value for other operators. A late
/// cage's cells start from these (see `Cages::add`), so that the root's first pass knows of
/// them before the cage's table is listed.
pub(crate) fn by_target(op: Option<Operator>, t: u64, cells: usize, n: usize) -> u64 {
    let others = cells.saturating_sub(1) as u64;
    match op {
        Some(Operator::Mul) => (1..=n as u64)
            .filter(|&v| exact_quotient(t, v).is_some())
            .fold(0, |m, v| m | 1 << (v - 1)),
        Some(Operator::Add) => {
            range_mask(t.saturating_sub(others * n as u64).max(1), t.saturating_sub(others))
                & range_mask(1, n as u64)
        }
        _ => range_mask(1, n as u64),
    }
}

/// The least and most sum and the least product a cage's cells can make, built up from groups
/// of cells that must all differ.
struct Extremes {
    low: u64,
    high: u64,
    product: u64,
}

impl Default for Extremes {
    fn default() -> Self {
        Extremes { low: 0, high: 0, product: 1 }
    }
}

impl Extremes {
    /// Adds `m` cells that must differ, their candidates within `union`; false when they cannot
    /// (fewer values than cells).
    fn add(&mut self, union: u64, m: u32) -> bool {
        if union.count_ones() < m {
            return false;
        }
        for v in bits(union).take(m as usize) {
            self.low += v as u64 + 1;
            self.product = self.product.saturating_mul(v as u64 + 1);
        }
        let mut rest = union;
        for _ in 0..m {
            let top = 63 - rest.leading_zeros() as u64;
            self.high += top + 1;
            rest &= !(1u64 << top);
        }
        true
    }

    /// Whether the operator (any, when hidden) can reach `t` with values up to `most`.
    fn fits(&self, op: Option<Operator>, t: u64, most: u64) -> bool {
        let Extremes { low, high, product } = *self;
        // A difference is 2·largest − sum, a quotient largest² / product.
        let add = (low..=high).contains(&t);
        let mul = t >= product;
        let sub = t.saturating_add(low) <= 2 * most;
        let div = t.saturating_mul(product) <= most * most;
        match op {
            Some(Operator::Add) => add,
            Some(Operator::Mul) => mul,
            Some(Operator::Sub) => sub,
            Some(Operator::Div) => div,
            None => add || mul || sub || div,
        }
    }
}

/// What filtering a cage found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Filtered {
    /// `out` holds, per cell, the candidates that remain (a subset of the domains given).
    Narrowed,
    /// No assignment of the cage meets its rule.
    Impossible,
}

/// Reusable buffers for cage filtering.
#[derive(Default)]
pub(crate) struct CageFilter {
    dom: Vec<u64>,
    /// The values of the assignment being built: at least 64 long (and as long as the cage),
    /// positions `..k` in use (so that a tuple of up to eight values is copied as one
    /// fixed-size word).
    vals: Vec<u8>,
    suf_min: Vec<u64>,
    suf_max: Vec<u64>,
    /// For a product cage, the values (1..=64) that divide its target.
    divisors: u64,
    /// For a product cage, suffix bounds: the least and most the cells from `i` on can
    /// multiply to (saturating).
    suf_pmin: Vec<u64>,
    suf_pmax: Vec<u64>,
    /// Nodes visited by the last filtering or listing, and how many it might.
    nodes: u32,
    budget: u32,
    /// Values of a sum or product tried at the last position by the last filtering (work, not
    /// counted against its budget).
    leaves: u32,
    /// When set, the walk records every valid assignment here instead of collecting supports.
    record: Option<(Vec<u8>, usize)>,
    /// Supports buffer of [`CageFilter::enumerate`].
    out: Vec<u64>,
    /// Per row (or column), the candidates and the number of a large cage's cells there (see
    /// [`CageFilter::lines_allow`]).
    line_union: Vec<u64>,
    line_count: Vec<u32>,
    /// What any operator allows, per position, for a cage without its operator.
    hidden_union: Vec<u64>,
}

impl CageFilter {
    /// Filters the cage against the current domains `dom` (indexed by cell); writes the
    /// supported candidates of each cage position into `out`.
    pub fn filter(&mut self, cage: &CageModel<'_>, dom: &[u64], out: &mut Vec<u64>) -> Filtered {
        let k = cage.cells.len();
        (self.nodes, self.leaves) = (0, 0);
        out.clear();
        out.resize(k, 0);
        self.dom.clear();
        self.dom.extend(cage.cells.iter().map(|&c| dom[c as usize]));
        if self.dom.contains(&0) {
            return Filtered::Impossible;
        }
        if k == 1 {
            let t = cage.target;
            out[0] = if (1..=64).contains(&t) { self.dom[0] & (1u64 << (t - 1)) } else { 0 };
            return if out[0] == 0 { Filtered::Impossible } else { Filtered::Narrowed };
        }
        if cage.op.is_none() && k > 2 {
            return self.filter_hidden(cage, dom, out);
        }
        self.prepare(k, cage);
        self.budget = NODE_BUDGET;
        if k > WALK_MAX_CELLS {
            return self.filter_by_bounds(cage, dom.len().isqrt(), out);
        }
        let complete = self.walk(cage, 0, 0, 1, out);
        if !complete {
            self.bounds(cage, out);
        }
        if out.contains(&0) { Filtered::Impossible } else { Filtered::Narrowed }
    }

    /// A cage of three or more cells whose operator the player finds: the union of what each
    /// operator allows, each walked with its own pruning (a walk that tries every operator at
    /// the last cell prunes nothing on the way: a 32-cell cage that no operator can meet took
    /// its whole budget at every node). Operators whose bounds already fail are skipped.
    fn filter_hidden(&mut self, cage: &CageModel<'_>, dom: &[u64], out: &mut Vec<u64>) -> Filtered {
        // `self.dom` holds the cage's domains (set by `filter`, which also zeroed `out`).
        let Some((ext, most)) = self.clique_extremes(cage) else {
            return Filtered::Impossible;
        };
        let k = cage.cells.len();
        let mut union = std::mem::take(&mut self.hidden_union);
        union.clear();
        union.resize(k, 0);
        let (mut nodes, mut leaves) = (0u32, 0u32);
        for op in Operator::ALL {
            if !ext.fits(Some(op), cage.target, most) {
                continue;
            }
            let one = CageModel { op: Some(op), ..*cage };
            if self.filter(&one, dom, out) == Filtered::Narrowed {
                for (u, &o) in union.iter_mut().zip(out.iter()) {
                    *u |= o;
                }
            }
            nodes = nodes.saturating_add(self.nodes);
            leaves = leaves.saturating_add(self.leaves);
        }
        (self.nodes, self.leaves) = (nodes, leaves);
        out.clear();
        out.extend_from_slice(&union);
        self.hidden_union = union;
        if out.contains(&0) { Filtered::Impossible } else { Filtered::Narrowed }
    }

    /// The least and most sum and least product of the cage's cells (with the largest value
    /// they may hold), from groups of cells that must all differ (each position joins the
    /// first group whose every member it conflicts with: the cells of a row, in a Latin
    /// square); None when a group has fewer values than cells. Sound for any conflicts; used
    /// to skip an operator of a hidden-operator cage before walking it.
    fn clique_extremes(&self, cage: &CageModel<'_>) -> Option<(Extremes, u64)> {
        let mut groups: smallvec::SmallVec<[(u64, u64, u32); 16]> = smallvec::SmallVec::new();
        for (i, &d) in self.dom.iter().enumerate() {
            let conflicts = if i < 64 { cage.conflicts[i] } else { 0 };
            match groups.iter_mut().find(|g| g.0 & !conflicts == 0) {
                Some(g) if i < 64 => {
                    g.0 |= 1 << i;
                    g.1 |= d;
                    g.2 += 1;
                }
                _ => groups.push((if i < 64 { 1 << i } else { 0 }, d, 1)),
            }
        }
        let all = self.dom.iter().fold(0, |a, &d| a | d);
        let most = 64 - all.leading_zeros() as u64;
        let mut ext = Extremes::default();
        groups.iter().all(|&(_, union, m)| ext.add(union, m)).then_some((ext, most))
    }

    /// A cage too large to walk (of a grid of side `n`): bounds reasoning while some cell is
    /// open, the rule itself once every cell is decided (the bounds alone would let a wrong
    /// product, difference or quotient through).
    fn filter_by_bounds(&mut self, cage: &CageModel<'_>, n: usize, out: &mut [u64]) -> Filtered {
        // Its first 65 positions all differing (Killer Sudoku) would need 65 values.
        let all_before = |i: usize| if i == 64 { u64::MAX } else { (1u64 << i) - 1 };
        if (0..=64).all(|i| cage.conflicts[i] == all_before(i)) {
            return Filtered::Impossible;
        }
        if !self.lines_allow(cage, n) {
            return Filtered::Impossible;
        }
        self.bounds(cage, out);
        if out.contains(&0) {
            return Filtered::Impossible;
        }
        if self.dom.iter().all(|&d| d & (d - 1) == 0) {
            let k = self.dom.len();
            for (v, &d) in self.vals[..k].iter_mut().zip(&self.dom) {
                *v = d.trailing_zeros() as u8 + 1;
            }
            if !rule_holds(cage.op, cage.target, &self.vals[..k]) {
                return Filtered::Impossible;
            }
        }
        Filtered::Narrowed
    }

    /// The work of the last filtering or listing: nodes visited and values tried.
    pub fn work(&self) -> u64 {
        u64::from(self.nodes) + u64::from(self.leaves)
    }

    /// Whether the cage's rule can still be met, knowing that its cells in one row (and in
    /// one column) take distinct values: per line, their sum and product lie between those of
    /// the fewest and the most the line's candidates allow. Sums over whole rows are then
    /// exact: a cage over the whole grid adds up to N²(N+1)/2, no other target fits.
    fn lines_allow(&mut self, cage: &CageModel<'_>, n: usize) -> bool {
        let t = cage.target;
        let all = self.dom.iter().fold(0, |a, &d| a | d);
        let most = 64 - all.leading_zeros() as u64;
        for by_column in [false, true] {
            self.line_union.clear();
            self.line_union.resize(n, 0);
            self.line_count.clear();
            self.line_count.resize(n, 0);
            for (&c, &d) in cage.cells.iter().zip(&self.dom) {
                let line = if by_column { c as usize % n } else { c as usize / n };
                self.line_union[line] |= d;
                self.line_count[line] += 1;
            }
            // Least and most sum, least product of the whole cage.
            let mut ext = Extremes::default();
            let mut lines = self.line_union.iter().zip(&self.line_count);
            if !lines.all(|(&union, &m)| ext.add(union, m)) || !ext.fits(cage.op, t, most) {
                return false;
            }
        }
        true
    }

    fn prepare(&mut self, k: usize, cage: &CageModel<'_>) {
        self.vals.resize(k.max(64), 0);
        // Suffix bounds for sums: the least and most the cells from i on can add up to.
        self.suf_min.clear();
        self.suf_min.resize(k + 1, 0);
        self.suf_max.clear();
        self.suf_max.resize(k + 1, 0);
        for i in (0..k).rev() {
            let d = self.dom[i];
            self.suf_min[i] = self.suf_min[i + 1] + d.trailing_zeros() as u64 + 1;
            self.suf_max[i] = self.suf_max[i + 1] + 64 - d.leading_zeros() as u64;
        }
        if cage.op == Some(Operator::Mul) {
            let values = self.dom.iter().fold(0, |a, &d| a | d);
            let t = cage.target;
            self.divisors = bits(values)
                .filter(|&i| exact_quotient(t, i as u64 + 1).is_some())
                .fold(0, |m, i| m | 1 << i);
            self.suf_pmin.clear();
            self.suf_pmin.resize(k + 1, 1);
            self.suf_pmax.clear();
            self.suf_pmax.resize(k + 1, 1);
            for i in (0..k).rev() {
                let d = self.dom[i];
                let (lo, hi) = (d.trailing_zeros() as u64 + 1, 64 - d.leading_zeros() as u64);
                self.suf_pmin[i] = self.suf_pmin[i + 1].saturating_mul(lo);
                self.suf_pmax[i] = self.suf_pmax[i + 1].saturating_mul(hi);
            }
        }
    }

    /// The values position `i` of a product cage may take when positions `..i` multiply to
    /// `prod` (a divisor of the target): divisors of the target whose quotient the later
    /// cells can still make.
    fn product_values(&self, i: usize, prod: u64, t: u64) -> u64 {
        let rest = t / prod;
        let lo = rest.div_ceil(self.suf_pmax[i + 1]).max(1);
        let hi = rest / self.suf_pmin[i + 1];
        self.divisors & range_mask(lo, hi)
    }

    /// The values of earlier positions that position `i` must differ from.
    fn taken(&self, cage: &CageModel<'_>, i: usize) -> u64 {
        let mut m = if i < 64 { cage.conflicts[i] } else { 0 };
        let mut taken = 0;
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            m &= m - 1;
            taken |= 1u64 << (self.vals[j] - 1);
        }
        taken
    }

    /// Visits assignments of positions `i..`; `sum` and `prod` are those of positions `..i`.
    /// Returns false when the budget ran out.
    fn walk(
        &mut self,
        cage: &CageModel<'_>,
        i: usize,
        sum: u64,
        prod: u64,
        out: &mut [u64],
    ) -> bool {
        let k = self.dom.len();
        self.nodes += 1;
        if self.nodes > self.budget {
            return false;
        }
        // Nothing left to learn below this node: every later cell is fully supported and every
        // value on the path already is too.
        if self.record.is_none()
            && (i..k).all(|j| out[j] == self.dom[j])
            && (0..i).all(|j| out[j] & (1u64 << (self.vals[j] - 1)) != 0)
        {
            return true;
        }
        let mut avail = self.dom[i];
        let conflicts = if i < 64 { cage.conflicts[i] } else { 0 };
        let mut m = conflicts;
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            m &= m - 1;
            avail &= !(1u64 << (self.vals[j] - 1));
        }
        let t = cage.target;
        if i + 1 == k {
            // The last cell: for sums and products its value is forced.
            match cage.op {
                Some(Operator::Add) => {
                    avail &= if t > sum && t - sum <= 64 { 1u64 << (t - sum - 1) } else { 0 };
                }
                Some(Operator::Mul) => {
                    avail &= if t % prod == 0 && (1..=64).contains(&(t / prod)) {
                        1u64 << (t / prod - 1)
                    } else {
                        0
                    };
                }
                _ => {}
            }
            // Each value tried here is work to count. Where the rule must be checked for each
            // (a difference, quotient or hidden operator: up to 64 values per node), and in a
            // listing, it counts against the budget too; a sum or product tries one value.
            let tried = avail.count_ones();
            let forced = matches!(cage.op, Some(Operator::Add | Operator::Mul));
            if !forced || self.record.is_some() {
                self.nodes += tried;
            } else {
                self.leaves += tried;
            }
            while avail != 0 {
                let v = avail.trailing_zeros() as u8 + 1;
                avail &= avail - 1;
                self.vals[i] = v;
                if forced || rule_holds(cage.op, t, &self.vals[..k]) {
                    if let Some((tuples, max)) = &mut self.record {
                        if tuples.len() >= *max {
                            return false;
                        }
                        // Byte by byte: a tuple is a few bytes, too short for a memcpy call.
                        push_tuple(tuples, &self.vals, k);
                        continue;
                    }
                    for (o, &x) in out.iter_mut().zip(self.vals.iter()) {
                        *o |= 1u64 << (x - 1);
                    }
                }
            }
            return true;
        }
        match cage.op {
            // The value must leave the later cells a sum they can make.
            Some(Operator::Add) => {
                let (least, most) = (sum + self.suf_min[i + 1], sum + self.suf_max[i + 1]);
                avail &= if t > least {
                    range_mask(t.saturating_sub(most).max(1), t - least)
                } else {
                    0
                };
            }
            // The value must divide what is left of the target, and leave a quotient the
            // later cells can make.
            Some(Operator::Mul) => avail &= self.product_values(i, prod, t),
            _ => {}
        }
        while avail != 0 {
            let v = avail.trailing_zeros() as u8 + 1;
            avail &= avail - 1;
            let (s, p) = (sum + v as u64, prod.saturating_mul(v as u64));
            if cage.op == Some(Operator::Mul) && (p > t || t % p != 0) {
                continue;
            }
            self.vals[i] = v;
            if !self.walk(cage, i + 1, s, p, out) {
                return false;
            }
        }
        true
    }

    /// Sound but weaker filtering, used when the walk is too large: sum bounds for sums, product
    /// divisibility for products, nothing for the rest.
    fn bounds(&self, cage: &CageModel<'_>, out: &mut [u64]) {
        let k = self.dom.len();
        let t = cage.target;
        for (i, o) in out.iter_mut().enumerate().take(k) {
            let d = self.dom[i];
            *o = match cage.op {
                Some(Operator::Add) => {
                    let lo_i = d.trailing_zeros() as u64 + 1;
                    let hi_i = 64 - d.leading_zeros() as u64;
                    let others_min = self.suf_min[0] - lo_i;
                    let others_max = self.suf_max[0] - hi_i;
                    let lo = t.saturating_sub(others_max).max(1);
                    let hi = t.saturating_sub(others_min);
                    d & range_mask(lo, hi)
                }
                Some(Operator::Mul) => {
                    let mut m = 0;
                    let mut bits = d;
                    while bits != 0 {
                        let v = bits.trailing_zeros() as u64 + 1;
                        bits &= bits - 1;
                        if t % v == 0 {
                            m |= 1u64 << (v - 1);
                        }
                    }
                    m
                }
                _ => d,
            };
        }
    }
}

#[cfg(test)]
mod tests;

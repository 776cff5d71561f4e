//! The ways a cage can be filled: every assignment of its cells that fits their candidates,
//! the cage's rule, and the Latin rule among the cage's own cells (no value twice in a row,
//! column or box; with Killer rules, no value twice in the cage).
//!
//! The cage techniques read one [`Analysis`] of these layouts: the values any layout uses, the
//! values each cell takes, the values every layout puts into each unit the cage touches. It
//! depends only on the candidates of the cage's own cells, so the board keeps it until one of
//! them changes ([`Board::cage_analysis`](crate::logic::Board::cage_analysis)). The analysis
//! reads the cage through a [`CageView`] that the board makes (the cage, its units and the
//! candidates), not the board itself.
//!
//! The count of layouts can explode on big cages, so enumeration runs on a budget of search
//! nodes; a cut-off enumeration proves nothing and the techniques skip the cage.
//!
//! Candidates only ever shrink on a board, so the layouts of a later analysis are some of the
//! earlier ones: when there were not too many, they are kept and the next analysis filters
//! them instead of searching again.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use smallvec::SmallVec;

use crate::puzzle::{Cell, House, Operator, ValueSet, rule_holds};

/// The cells of a cage in one unit: the unit, and the cage's positions there (a bit per
/// position in the cage's cell order; cages of more than 64 cells have no parts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CagePart {
    /// The row, column or box.
    pub unit: House,
    /// The cage's cells in that unit: bit `i` stands for the cage's `i`-th cell
    /// ([`CageInfo::cells`](crate::logic::CageInfo::cells) order).
    pub positions: u64,
}

/// What the analysis of one cage reads of a board: the grid's side, whether cages hold
/// different values (Killer rules), the cage (cells, rule, which cells see each other), the
/// units it touches, and the candidates of every cell. The board makes one for each analysis.
#[derive(Clone, Copy)]
pub(crate) struct CageView<'a> {
    /// Side length N of the grid.
    pub n: usize,
    /// Whether a cage's values must all differ.
    pub distinct: bool,
    /// The cage's cells, sorted row-major.
    pub cells: &'a [Cell],
    /// The cage's operator (`None`: a given, or a hidden operator).
    pub op: Option<Operator>,
    /// The number the cells must make.
    pub target: u64,
    /// For each position, the earlier positions whose cells it sees (a bit each).
    pub sees_before: &'a [u64],
    /// The units the cage touches, with its positions in each.
    pub parts: &'a [CagePart],
    /// The candidates of every cell of the grid, by cell index.
    pub cand: &'a [ValueSet],
}

impl CageView<'_> {
    /// The values still possible in `cell`.
    fn candidates(&self, cell: Cell) -> ValueSet {
        self.cand[cell.index()]
    }
}

/// Search nodes one cage may take before its enumeration is abandoned.
pub const BUDGET: u64 = 200_000;

/// Whether a walk over cells with `counts` candidates each (in the walk's order) surely
/// finishes within [`BUDGET`]: it takes at most one node per partial layout of the
/// candidates, 1 + c₁ + c₁c₂ + … in all.
pub(crate) fn finishes(counts: impl IntoIterator<Item = usize>) -> bool {
    let (mut nodes, mut level) = (1u64, 1u64);
    for count in counts {
        level = level.saturating_mul(count as u64);
        nodes = nodes.saturating_add(level);
    }
    nodes <= BUDGET
}

/// The most layout values (layouts × cells) kept to be filtered next time.
const KEEP: usize = 1 << 16;

/// What the layouts of one cage say, on the candidates its cells had.
#[derive(Debug, Default)]
pub struct Analysis {
    /// False when the enumeration ran out of budget: nothing below may be used.
    pub complete: bool,
    /// How many layouts were seen (0: the cage cannot be filled; the walk stops early once more
    /// layouts could not change what it found, so this is a lower bound).
    pub layouts: u64,
    /// The values some layout uses.
    pub union: ValueSet,
    /// For each cell (in the cage's order), the values some layout gives it.
    pub per_cell: SmallVec<[ValueSet; 6]>,
    /// For each unit the cage touches (as
    /// [`Board::cage_parts`](crate::logic::Board::cage_parts) lists them), the values every
    /// layout puts into the cage's cells there.
    pub always: SmallVec<[ValueSet; 8]>,
    /// The walk's values, kept to be reused.
    scratch: SmallVec<[u8; 8]>,
    /// Every layout found, one after the other (when `kept`).
    tuples: Vec<u8>,
    kept: bool,
}

impl Clone for Analysis {
    fn clone(&self) -> Analysis {
        let mut a = Analysis::default();
        a.clone_from(self);
        a
    }

    /// A copy in the buffers `self` already has (the memo's analyses are copied onto every
    /// board that has such a cage).
    fn clone_from(&mut self, from: &Analysis) {
        self.complete = from.complete;
        self.layouts = from.layouts;
        self.union = from.union;
        self.per_cell.clone_from(&from.per_cell);
        self.always.clone_from(&from.always);
        self.scratch.clone_from(&from.scratch);
        self.tuples.clone_from(&from.tuples);
        self.kept = from.kept;
    }
}

impl Analysis {
    /// Forgets the layouts kept, so that the next analysis (of whatever cage) starts afresh;
    /// the buffers stay.
    pub(crate) fn forget(&mut self) {
        self.kept = false;
        self.tuples.clear();
    }
}

/// What the first analysis of a cage depends on when every cell still has every candidate:
/// the grid size, the cage's rule, which of its cells see each other and how it lies across
/// units. Not the board: so it is the same on every board with such a cage.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Fresh {
    n: usize,
    op: Option<Operator>,
    target: u64,
    sees_before: SmallVec<[u64; 6]>,
    parts: SmallVec<[u64; 12]>,
}

/// Most fresh analyses kept per thread (then the memo starts again).
const FRESH_MEMO: usize = 1 << 14;

/// A quick multiplicative hash for the memo's small keys (no untrusted input reaches it).
#[derive(Default)]
pub(crate) struct QuickHash(u64);

impl Hasher for QuickHash {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

type Memo = HashMap<Fresh, Analysis, BuildHasherDefault<QuickHash>>;

thread_local! {
    /// Analyses of cages on full candidates, per thread: a generator grades thousands of
    /// boards whose cages mostly repeat, and each board starts by analysing all of them.
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Enumerates the layouts of cage `k` and sums up what they say, into `a` (its buffers are
/// reused). The first analysis of a cage whose cells all have every candidate comes from a
/// per-thread memo when one like it was made before.
pub(crate) fn analyse(cage: &CageView<'_>, a: &mut Analysis) {
    let full = ValueSet::full(cage.n);
    let fresh = !a.kept
        && !cage.distinct
        && cage.cells.len() <= 64
        && cage.cells.iter().all(|&c| cage.candidates(c) == full);
    if !fresh {
        enumerate(cage, a);
        return;
    }
    let key = Fresh {
        n: cage.n,
        op: cage.op,
        target: cage.target,
        sees_before: cage.sees_before.iter().copied().collect(),
        parts: cage.parts.iter().map(|p| p.positions).collect(),
    };
    let found = MEMO.with(|m| match m.borrow().get(&key) {
        Some(known) => {
            a.clone_from(known);
            true
        }
        None => false,
    });
    if found {
        return;
    }
    enumerate(cage, a);
    if a.kept {
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.len() >= FRESH_MEMO {
                m.clear();
            }
            m.insert(key, a.clone());
        });
    }
}

/// [`analyse`] without the memo.
fn enumerate(cage: &CageView<'_>, a: &mut Analysis) {
    let cells = cage.cells;
    let parts = cage.parts;
    a.complete = cells.len() <= 64;
    a.layouts = 0;
    a.union = ValueSet::EMPTY;
    let full = ValueSet::full(cage.n);
    if a.per_cell.len() == cells.len() && a.always.len() == parts.len() {
        // Sized already (the same cage analysed before, the usual case): set in place.
        a.per_cell.iter_mut().for_each(|s| *s = ValueSet::EMPTY);
        a.always.iter_mut().for_each(|s| *s = full);
    } else {
        a.per_cell.clear();
        a.per_cell.resize(cells.len(), ValueSet::EMPTY);
        a.always.clear();
        a.always.resize(parts.len(), full);
    }
    if !a.complete {
        return;
    }
    if a.kept {
        refilter(cage, a);
        return;
    }
    if cage.distinct && cage.op == Some(Operator::Add) && cells.len() >= 4 {
        by_combinations(cage, a);
        return;
    }
    let mut values = std::mem::take(&mut a.scratch);
    values.clear();
    values.resize(cells.len(), 0);
    let mut walk = Walk {
        cage,
        cells,
        sees_before: cage.sees_before,
        op: cage.op,
        target: cage.target,
        values,
        budget: BUDGET,
        saturated: false,
        low: SmallVec::new(),
        high: SmallVec::new(),
    };
    walk.bounds();
    let (per_cell, always, layouts) = (&mut a.per_cell, &mut a.always, &mut a.layouts);
    let tuples = &mut a.tuples;
    tuples.clear();
    // Room for a few dozen layouts up front rather than growing a few bytes at a time.
    tuples.reserve(cells.len() * 32);
    let mut keeping = true;
    // Once every cell has had every candidate and no unit part has a value in every layout,
    // more layouts cannot tell anything more: the walk stops there (unless it is keeping the
    // layouts for later).
    let mut record = |values: &[u8]| {
        *layouts += 1;
        if keeping {
            if tuples.len() + values.len() <= KEEP {
                tuples.extend_from_slice(values);
            } else {
                keeping = false;
                tuples.clear();
            }
        }
        let mut saturated = true;
        for ((set, &v), &c) in per_cell.iter_mut().zip(values).zip(cells) {
            set.insert(v);
            saturated &= *set == cage.candidates(c);
        }
        for (part, set) in parts.iter().zip(always.iter_mut()) {
            if set.is_empty() {
                continue; // no value in every layout: stays so
            }
            let mut here = ValueSet::EMPTY;
            let mut m = part.positions;
            while m != 0 {
                here.insert(values[m.trailing_zeros() as usize]);
                m &= m - 1;
            }
            *set &= here;
            saturated &= set.is_empty();
        }
        keeping || !saturated
    };
    a.complete = if cells.len() == 2 && matches!(cage.op, Some(Operator::Sub | Operator::Div)) {
        walk.pair(&mut record);
        true
    } else {
        walk.go(0, cage.target, &mut record) || walk.saturated
    };
    a.scratch = walk.values;
    a.kept = a.complete && (a.layouts as usize) * cells.len() == a.tuples.len();
    finish(a);
}

/// The union, and no `always` for a cage that cannot be filled.
fn finish(a: &mut Analysis) {
    a.union = a.per_cell.iter().fold(ValueSet::EMPTY, |u, &s| u | s);
    if a.layouts == 0 {
        a.always.iter_mut().for_each(|s| *s = ValueSet::EMPTY);
    }
}

/// A later analysis from the kept layouts: those still fitting the candidates stay.
///
/// A cage is refiltered after each step that touches it, usually down to a handful of
/// layouts: the work per call is kept small (no buffers of its own; `per_cell` and `always`
/// come sized from [`enumerate`]).
fn refilter(cage: &CageView<'_>, a: &mut Analysis) {
    let width = cage.cells.len();
    let mut kept = 0;
    let layouts = a.tuples.len() / width.max(1);
    for t in 0..layouts {
        let from = t * width;
        let fits = a.tuples[from..from + width]
            .iter()
            .zip(cage.cells)
            .all(|(&v, &c)| cage.cand[c.index()].0 >> (v - 1) & 1 != 0);
        if !fits {
            continue;
        }
        let to = kept * width;
        if to != from {
            a.tuples.copy_within(from..from + width, to);
        }
        let values = &a.tuples[to..to + width];
        for (set, &v) in a.per_cell.iter_mut().zip(values) {
            set.0 |= 1 << (v - 1);
        }
        for (part, set) in cage.parts.iter().zip(a.always.iter_mut()) {
            if set.0 == 0 {
                continue; // no value in every layout: stays so
            }
            let mut here = 0u64;
            let mut m = part.positions;
            while m != 0 {
                here |= 1 << (values[m.trailing_zeros() as usize] - 1);
                m &= m - 1;
            }
            set.0 &= here;
        }
        kept += 1;
    }
    a.tuples.truncate(kept * width);
    a.layouts = kept as u64;
    finish(a);
}

struct Walk<'a> {
    cage: &'a CageView<'a>,
    cells: &'a [Cell],
    sees_before: &'a [u64],
    op: Option<Operator>,
    target: u64,
    values: SmallVec<[u8; 8]>,
    budget: u64,
    /// Set when `each` said more layouts would add nothing.
    saturated: bool,
    /// For sums (products): `low[i]` and `high[i]` are the least and most the cells from
    /// position `i` on can add up to (multiply to) with their candidates; empty when not used.
    low: SmallVec<[u64; 8]>,
    high: SmallVec<[u64; 8]>,
}

impl Walk<'_> {
    /// Fills `low` and `high` for a sum or a product whose walk cannot run out of budget (at
    /// most one node per partial layout of the candidates): pruning with them then skips only
    /// dead ends, and finds the same layouts in the same order as the plain walk. A walk that
    /// might hit the budget keeps the plain bounds, so that where it stops stays the same.
    fn bounds(&mut self) {
        let add = match self.op {
            Some(Operator::Add) => true,
            Some(Operator::Mul) => false,
            _ => return,
        };
        if !finishes(self.cells.iter().map(|&c| self.cage.candidates(c).len() as usize)) {
            return;
        }
        let k = self.cells.len();
        self.low.clear();
        self.high.clear();
        self.low.resize(k + 1, if add { 0 } else { 1 });
        self.high.resize(k + 1, if add { 0 } else { 1 });
        for i in (0..k).rev() {
            let cand = self.cage.candidates(self.cells[i]);
            let (lo, hi) = (cand.min().unwrap_or(0) as u64, cand.max().unwrap_or(0) as u64);
            if add {
                self.low[i] = self.low[i + 1] + lo;
                self.high[i] = self.high[i + 1] + hi;
            } else {
                self.low[i] = self.low[i + 1].saturating_mul(lo);
                self.high[i] = self.high[i + 1].saturating_mul(hi);
            }
        }
    }

    /// Whether what is left after position `i` is out of reach of the cells after it.
    fn out_of_reach(&self, i: usize, next: u64) -> bool {
        !self.low.is_empty() && (next < self.low[i + 1] || next > self.high[i + 1])
    }

    /// Fills position `i` onwards; `rest` is what the remaining cells must add up to (sums) or
    /// multiply to (products). False when the walk stops: out of budget, or `each` returned
    /// false (saturated).
    fn go(&mut self, i: usize, rest: u64, each: &mut impl FnMut(&[u8]) -> bool) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        if i == self.cells.len() {
            let ok = match self.op {
                Some(Operator::Add) => rest == 0,
                Some(Operator::Mul) => rest == 1,
                op => rule_holds(op, self.target, &self.values),
            };
            if ok && !each(&self.values) {
                self.saturated = true;
                return false;
            }
            return true;
        }
        let left = (self.cells.len() - i - 1) as u64;
        let n = self.cage.n as u64;
        let allowed = self.cage.candidates(self.cells[i]) & !self.seen(i);
        // The last cell of a sum or product is what is left: no loop.
        if left == 0 && matches!(self.op, Some(Operator::Add | Operator::Mul)) {
            if (1..=64).contains(&rest) && allowed.contains(rest as u8) {
                self.values[i] = rest as u8;
                let stop = !each(&self.values);
                self.values[i] = 0;
                if stop {
                    self.saturated = true;
                    return false;
                }
            }
            return true;
        }
        for v in allowed.iter() {
            let v64 = v as u64;
            let next = match self.op {
                Some(Operator::Add) => {
                    // The cells after this one add at least `left` and at most `left * n`.
                    if v64 + left > rest
                        || rest - v64 > left * n
                        || self.out_of_reach(i, rest - v64)
                    {
                        continue;
                    }
                    rest - v64
                }
                Some(Operator::Mul) => {
                    if rest % v64 != 0 || self.out_of_reach(i, rest / v64) {
                        continue;
                    }
                    rest / v64
                }
                _ => rest,
            };
            self.values[i] = v;
            if !self.go(i + 1, next, each) {
                return false;
            }
        }
        self.values[i] = 0;
        true
    }

    /// The values of earlier positions that position `i` sees.
    fn seen(&self, i: usize) -> ValueSet {
        let mut seen = ValueSet::EMPTY;
        let mut m = self.sees_before[i];
        while m != 0 {
            seen.insert(self.values[m.trailing_zeros() as usize]);
            m &= m - 1;
        }
        seen
    }

    /// A two-cell − or ÷ cage: each value of the first cell with its partners in the second.
    fn pair(&mut self, each: &mut impl FnMut(&[u8]) -> bool) {
        let (a, b) = (self.cage.candidates(self.cells[0]), self.cage.candidates(self.cells[1]));
        let t = self.target;
        let differ = self.sees_before[1] != 0;
        for x in a.iter() {
            let x64 = x as u64;
            let partners: [Option<u64>; 2] = match self.op {
                Some(Operator::Sub) => [x64.checked_add(t), x64.checked_sub(t)],
                _ => [x64.checked_mul(t), (t != 0 && x64 % t == 0).then(|| x64 / t)],
            };
            let mut done = ValueSet::EMPTY;
            for y in partners.into_iter().flatten() {
                if y == 0 || y > 64 {
                    continue;
                }
                let y = y as u8;
                if !b.contains(y) || done.contains(y) || (differ && y == x) {
                    continue;
                }
                done.insert(y);
                self.values[0] = x;
                self.values[1] = y;
                if !each(&self.values) {
                    return;
                }
            }
        }
    }
}

/// A Killer sum cage (values all different) by its value sets rather than its arrangements:
/// for each set of values with the right sum, which value each cell can take in some complete
/// arrangement (a perfect matching of cells to values). Exact, and polynomial where the
/// arrangements number up to 9! per set.
fn by_combinations(cage: &CageView<'_>, a: &mut Analysis) {
    let cells = cage.cells;
    let parts = cage.parts;
    let cands: Vec<u64> = cells.iter().map(|&c| cage.candidates(c).bits()).collect();
    let pool = cands.iter().fold(0u64, |u, &m| u | m);
    let size = cells.len();
    let mut feasible = vec![0u64; size];
    // The values each cell takes in some filling with this set: found once per set, for the
    // cells' candidates and for every part's (each part looked at the cells outside it again,
    // three to six times the matchings, most of a 6×6 Killer's grading).
    let mut in_set = vec![0u64; size];
    let mut sets: Vec<u64> = Vec::new();
    subsets_with_sum(pool, size, cage.target, &mut |set| sets.push(set));
    for set in sets {
        if !feasible_in(&cands, set, &mut in_set) {
            continue;
        }
        a.layouts += 1;
        for (f, here) in feasible.iter_mut().zip(&in_set) {
            *f |= here;
        }
        for (part, always) in parts.iter().zip(a.always.iter_mut()) {
            // Values of the set that no cell outside the part can take.
            let outside = (0..size)
                .filter(|&j| part.positions & (1 << j) == 0)
                .fold(0u64, |m, j| m | in_set[j]);
            *always &= ValueSet(set & !outside);
        }
    }
    for (set, f) in a.per_cell.iter_mut().zip(&feasible) {
        *set = ValueSet(*f);
    }
    a.complete = true;
    a.kept = false;
    finish(a);
}

/// For each cell, into `out`, the values of `set` it takes in some perfect matching of all
/// the cells to `set` (each cell a value among its candidates); false when there is none.
/// One matching, then its alternating cycles: cell `i` may take the value matched to cell `j`
/// when it has it as a candidate and `j` reaches `i` in the graph where a cell points to each
/// cell whose matched value it has (the cells along the way each move to the next one's value).
fn feasible_in(cands: &[u64], set: u64, out: &mut [u64]) -> bool {
    let n = cands.len();
    let mut taken_by = [usize::MAX; 64];
    for i in 0..n {
        let mut seen = 0u64;
        if !augment(cands, set, i, &mut seen, &mut taken_by) {
            return false;
        }
    }
    let mut matched = [0u64; 64];
    let mut values = set;
    while values != 0 {
        let v = values.trailing_zeros() as usize;
        values &= values - 1;
        if taken_by[v] != usize::MAX {
            matched[taken_by[v]] = 1 << v;
        }
    }
    // reach[j]: the cells j reaches (Warshall's closure over at most 64 cells, a word each).
    let mut reach = [0u64; 64];
    for j in 0..n {
        for k in (0..n).filter(|&k| k != j) {
            if cands[j] & matched[k] != 0 {
                reach[j] |= 1 << k;
            }
        }
    }
    for k in 0..n {
        for j in 0..n {
            if reach[j] & 1 << k != 0 {
                reach[j] |= reach[k];
            }
        }
    }
    for i in 0..n {
        let mut f = matched[i];
        for j in (0..n).filter(|&j| j != i) {
            if cands[i] & matched[j] != 0 && reach[j] & 1 << i != 0 {
                f |= matched[j];
            }
        }
        out[i] = f;
    }
    true
}

/// Calls `each` with every set of `count` values from `pool` (bits) adding up to `sum`.
fn subsets_with_sum(pool: u64, count: usize, sum: u64, each: &mut dyn FnMut(u64)) {
    fn go(pool: u64, count: usize, sum: u64, chosen: u64, each: &mut dyn FnMut(u64)) {
        if count == 0 {
            if sum == 0 {
                each(chosen);
            }
            return;
        }
        let mut rest = pool;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let v = bit.trailing_zeros() as u64 + 1;
            if v > sum {
                break;
            }
            go(rest, count - 1, sum - v, chosen | bit, each);
        }
    }
    go(pool, count, sum, 0, each);
}

/// Kuhn's augmenting path from cell `i` (values as bits of `set`).
fn augment(cands: &[u64], set: u64, i: usize, seen: &mut u64, taken_by: &mut [usize; 64]) -> bool {
    let mut options = cands[i] & set & !*seen;
    while options != 0 {
        let bit = options & options.wrapping_neg();
        options &= options - 1;
        *seen |= bit;
        let v = bit.trailing_zeros() as usize;
        if taken_by[v] == usize::MAX || augment(cands, set, taken_by[v], seen, taken_by) {
            taken_by[v] = i;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng::Rng;
    use crate::generate::{Kind, Options, generate};
    use crate::logic::Board;

    /// Whether every cell but `skip` (`usize::MAX`: none skipped) gets its own value of `set`
    /// among its candidates (a perfect matching; `set` has as many values as there are such
    /// cells).
    fn matches_all_but(cands: &[u64], set: u64, skip: usize) -> bool {
        let mut taken_by: [usize; 64] = [usize::MAX; 64];
        for i in 0..cands.len() {
            if i == skip {
                continue;
            }
            let mut seen = 0u64;
            if !augment(cands, set, i, &mut seen, &mut taken_by) {
                return false;
            }
        }
        true
    }

    /// [`feasible_in`] as first written: a matching of the other cells for each value a cell
    /// might take.
    fn feasible_by_matchings(cands: &[u64], set: u64) -> Option<Vec<u64>> {
        if !matches_all_but(cands, set, usize::MAX) {
            return None;
        }
        let per = (0..cands.len()).map(|j| {
            let mut out = 0;
            let mut options = cands[j] & set;
            while options != 0 {
                let v = options & options.wrapping_neg();
                options &= options - 1;
                if matches_all_but(cands, set & !v, j) {
                    out |= v;
                }
            }
            out
        });
        Some(per.collect())
    }

    /// One matching and its alternating cycles find what a matching per value finds, on
    /// random candidates of 1 to 9 cells and sets of as many values.
    #[test]
    fn feasible_values_from_one_matching() {
        let mut rng = Rng::new(3, 3);
        let mut seen = [0usize; 2];
        for _ in 0..20_000 {
            let n = 1 + rng.below(9);
            let mut set = 0u64;
            while set.count_ones() < n as u32 {
                set |= 1 << (1 + rng.below(12));
            }
            let cands: Vec<u64> = (0..n).map(|_| rng.next_u64() & set).collect();
            let mut out = vec![0u64; n];
            let found = feasible_in(&cands, set, &mut out);
            let want = feasible_by_matchings(&cands, set);
            assert_eq!(found, want.is_some(), "{cands:?} {set:b}");
            if let Some(want) = want {
                assert_eq!(out, want, "{cands:?} {set:b}");
            }
            seen[usize::from(found)] += 1;
        }
        assert!(seen[0] > 1_000 && seen[1] > 1_000, "{seen:?}");
    }

    /// Every filling of a Killer cage's cells (distinct values, from their candidates, adding
    /// up to the target), listed one by one.
    fn fillings(board: &Board, k: usize) -> Vec<Vec<u8>> {
        let info = &board.cages()[k];
        let cands: Vec<ValueSet> = info.cells.iter().map(|&c| board.candidates(c)).collect();
        let mut out = Vec::new();
        fn go(cands: &[ValueSet], left: u64, used: u64, at: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            if at.len() == cands.len() {
                if left == 0 {
                    out.push(at.clone());
                }
                return;
            }
            for v in cands[at.len()].iter() {
                if used & 1 << v != 0 || u64::from(v) > left {
                    continue;
                }
                at.push(v);
                go(cands, left - u64::from(v), used | 1 << v, at, out);
                at.pop();
            }
        }
        go(&cands, info.target, 0, &mut Vec::new(), &mut out);
        out
    }

    /// The analysis of Killer cages of four cells or more (by value sets and matchings) is
    /// what listing every filling gives: each cell's values, and per unit the values every
    /// filling puts there; on cages with all their candidates and with some taken away.
    #[test]
    fn killer_cages_by_combinations_match_every_filling() {
        let mut checked = 0;
        for seed in 0..300u64 {
            let size = if seed % 2 == 0 { 6 } else { 9 };
            let options =
                Options { seed, level: None, max_cage: 6, ..Options::new(Kind::Killer, size) };
            let g = generate(&options, 0, None).expect("a Killer");
            let mut board = Board::new(&g.puzzle).expect("a board");
            let mut rng = Rng::new(seed, 77);
            // Some candidates taken away, never the solution's value.
            for c in 0..size * size {
                if rng.below(3) == 0 {
                    let cell = crate::puzzle::Cell(c as u16);
                    let keep = g.solution.get(cell);
                    let drop = 1 + rng.below(size) as u8;
                    if drop != keep {
                        let mut rest = board.candidates(cell);
                        rest.remove(drop);
                        let _ = board.restrict(cell, rest);
                    }
                }
            }
            for k in 0..board.cages().len() {
                let info = &board.cages()[k];
                if info.cells.len() < 4 || info.op != Some(Operator::Add) {
                    continue;
                }
                let all = fillings(&board, k);
                let a = board.cage_analysis(k);
                assert!(a.complete);
                assert_eq!(a.layouts > 0, !all.is_empty());
                for (i, &got) in a.per_cell.iter().enumerate() {
                    let want = all
                        .iter()
                        .fold(ValueSet::EMPTY, |s, f| ValueSet(s.0 | ValueSet::single(f[i]).0));
                    assert_eq!(got, want, "seed {seed}, cage {k}, cell {i}");
                }
                for (p, part) in board.cage_parts(k).iter().enumerate() {
                    let inside = |f: &Vec<u8>| {
                        (0..f.len())
                            .filter(|&i| part.positions & 1 << i != 0)
                            .fold(ValueSet::EMPTY, |s, i| ValueSet(s.0 | ValueSet::single(f[i]).0))
                    };
                    let want = all
                        .iter()
                        .map(inside)
                        .fold(ValueSet::full(size), |s, t| ValueSet(s.0 & t.0));
                    if !all.is_empty() {
                        assert_eq!(a.always[p], want, "seed {seed}, cage {k}, part {p}");
                    }
                }
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked} cages");
    }

    /// Every layout of a KenKen cage's cells from their candidates: the rule holds, and cells
    /// in one row or column differ.
    fn layouts_by_brute_force(board: &Board, k: usize) -> Vec<Vec<u8>> {
        let info = &board.cages()[k];
        let n = board.size();
        let cands: Vec<ValueSet> = info.cells.iter().map(|&c| board.candidates(c)).collect();
        let mut out = Vec::new();
        let mut at = vec![0u8; cands.len()];
        let total: usize = cands.iter().map(|c| c.len() as usize).product();
        for mut code in 0..total {
            for (i, cand) in cands.iter().enumerate() {
                let values: Vec<u8> = cand.iter().collect();
                at[i] = values[code % values.len()];
                code /= values.len();
            }
            let clash = (0..at.len()).any(|i| {
                (0..i).any(|j| {
                    let (a, b) = (info.cells[i].index(), info.cells[j].index());
                    at[i] == at[j] && (a / n == b / n || a % n == b % n)
                })
            });
            if !clash && crate::puzzle::rule_holds(info.op, info.target, &at) {
                out.push(at.clone());
            }
        }
        out
    }

    /// A cage analysed again after its cells lost candidates (from the layouts kept the first
    /// time) says what every layout on the new candidates says: each cell's values, and per
    /// unit part the values every layout puts there; round after round of removals.
    #[test]
    fn kept_layouts_refiltered_match_every_layout() {
        let mut checked = 0;
        for seed in 0..120u64 {
            let size = 4 + (seed % 4) as usize;
            let g = generate(&Options { seed, ..Options::new(Kind::KenKen, size) }, 0, None)
                .expect("a KenKen");
            let mut board = Board::new(&g.puzzle).expect("a board");
            for k in 0..board.cages().len() {
                let _ = board.cage_analysis(k);
            }
            let mut rng = Rng::new(seed, 78);
            for _round in 0..3 {
                // Some candidates taken away, never the solution's value.
                for c in 0..size * size {
                    let cell = crate::puzzle::Cell(c as u16);
                    let drop = 1 + rng.below(size) as u8;
                    if rng.below(4) == 0 && drop != g.solution.get(cell) && !board.is_placed(cell) {
                        let mut rest = board.candidates(cell);
                        rest.remove(drop);
                        let _ = board.restrict(cell, rest);
                    }
                }
                for k in 0..board.cages().len() {
                    let all = layouts_by_brute_force(&board, k);
                    let a = board.cage_analysis(k);
                    assert!(a.complete);
                    assert_eq!(a.layouts as usize, all.len(), "seed {seed}, cage {k}");
                    for (i, &got) in a.per_cell.iter().enumerate() {
                        let want =
                            all.iter().fold(ValueSet::EMPTY, |s, f| s | ValueSet::single(f[i]));
                        assert_eq!(got, want, "seed {seed}, cage {k}, cell {i}");
                    }
                    for (p, part) in board.cage_parts(k).iter().enumerate() {
                        let inside = |f: &Vec<u8>| {
                            (0..f.len())
                                .filter(|&i| part.positions & 1 << i != 0)
                                .fold(ValueSet::EMPTY, |s, i| s | ValueSet::single(f[i]))
                        };
                        let want = all.iter().map(inside).fold(ValueSet::full(size), |s, t| s & t);
                        if !all.is_empty() {
                            assert_eq!(a.always[p], want, "seed {seed}, cage {k}, part {p}");
                        }
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 3_000, "{checked} cages");
    }
}

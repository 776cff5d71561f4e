//! Line analysis: every way to fill a clue's line from its cells' candidates (each value once)
//! that shows the clue exactly that many towers; a candidate no such way uses goes. One clue
//! at a time, as a person writes out the few orders a line allows. (Tatham's Towers: hard.)

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use smallvec::SmallVec;

use crate::puzzle::ValueSet;

use super::board::Board;
use super::layouts::QuickHash;
use super::sightline::clue_name;
use super::step::{Found, Placement, Step, eliminations_text};
use super::technique::Technique;

/// How many partial orders one clue's analysis may try before it gives up on that clue (a
/// step it does not find is only a step missed, never a wrong one).
const BUDGET: u32 = 2_000_000;

/// The technique's descriptor for the ladders (see `technique`).
pub(crate) const SPEC: super::technique::TechniqueSpec = super::technique::TechniqueSpec {
    name: "line analysis",
    find: |board, _, out| find(board, out),
    describe,
};

pub fn find(board: &Board, out: &mut Found) {
    for clue in board.line_clues() {
        if clue.line.iter().all(|&c| board.is_placed(c)) {
            continue;
        }
        let cand: Values = clue.line.iter().map(|&c| board.candidates(c)).collect();
        let Some(used) = analyse(&cand, clue.seen) else { continue };
        let mut step = Step::new(Technique::LineAnalysis);
        for (k, &c) in clue.line.iter().enumerate() {
            if board.is_placed(c) {
                continue;
            }
            for v in (cand[k] & !used[k]).iter() {
                step.eliminations.push(Placement::new(c, v));
                step.values.insert(v);
            }
        }
        if step.eliminations.is_empty() {
            continue;
        }
        step.cells = clue.line.iter().copied().collect();
        step.amount = u64::from(clue.seen);
        out.push(step);
        if out.done() {
            return;
        }
    }
}

/// Lines analysed at most before the cache of [`analyse`] starts afresh.
const CACHE_LINES: usize = 1 << 16;

/// A line's clue and candidates (the key), and what each cell takes (None: out of budget).
type Analysed = HashMap<SmallVec<[u64; 12]>, Option<Values>, BuildHasherDefault<QuickHash>>;

/// A line's candidates or values, one set per cell: on the stack up to 12 cells.
type Values = SmallVec<[ValueSet; 12]>;

thread_local! {
    /// Lines analysed on this thread: the clue and the candidates, then what each cell takes
    /// in some order (None: out of budget). Grading looks at the same lines again and again
    /// (a generator grades puzzles that differ by one clue), and the answer depends on
    /// nothing else.
    static ANALYSED: RefCell<Analysed> = RefCell::new(Analysed::default());
}

/// The values each cell of a line takes in some order of `cand` (each value once) that shows
/// exactly `seen` towers; None when the walk ran out of budget.
fn analyse(cand: &[ValueSet], seen: u8) -> Option<Values> {
    let key: SmallVec<[u64; 12]> =
        std::iter::once(u64::from(seen)).chain(cand.iter().map(|c| c.bits())).collect();
    if let Some(known) = ANALYSED.with(|a| a.borrow().get(&key).cloned()) {
        return known;
    }
    let mut walk = Walk::new(cand, seen);
    walk.go(0, ValueSet::EMPTY, 0, 0);
    let used = (walk.budget > 0).then(|| std::mem::take(&mut walk.used));
    ANALYSED.with(|a| {
        let mut a = a.borrow_mut();
        if a.len() >= CACHE_LINES {
            a.clear();
        }
        a.insert(key, used.clone());
    });
    used
}

/// Lines up to this long remember which partial orders can be completed (2ⁿ·(n+1) states:
/// 11 thousand at 10); longer ones walk every order.
const MEMO_UP_TO: usize = 10;

thread_local! {
    /// The memo of the walks on this thread (see [`Walk`]), and the stamp of the last walk:
    /// an entry holds the stamp of the walk that wrote it, so that a new walk needs no
    /// clearing.
    static MEMO: RefCell<(Vec<u32>, u32)> = const { RefCell::new((Vec::new(), 0)) };
}

/// A depth-first walk over the orders of a line: `used[k]` gathers the values cell `k`
/// takes in some order that shows exactly `seen` towers. A partial order is known by the
/// values it took and the towers it shows (its tallest is the largest value it took): on
/// short lines each is completed (or not) once.
struct Walk<'a> {
    cand: &'a [ValueSet],
    seen: usize,
    used: Values,
    budget: u32,
    /// For each partial order, `stamp << 2 | 1` cannot be completed, `stamp << 2 | 2` can;
    /// anything else, not walked yet. Empty on long lines.
    memo: Vec<u32>,
    stamp: u32,
}

impl<'a> Walk<'a> {
    fn new(cand: &'a [ValueSet], seen: u8) -> Walk<'a> {
        let n = cand.len();
        let (mut memo, mut stamp) = MEMO.with(|m| std::mem::take(&mut *m.borrow_mut()));
        if n <= MEMO_UP_TO {
            let len = (1 << n) * (n + 1);
            if memo.len() < len {
                memo.resize(len, 0);
            }
            stamp += 1;
            if stamp >= u32::MAX >> 2 {
                memo.fill(0);
                stamp = 1;
            }
        }
        let used = smallvec::smallvec![ValueSet::EMPTY; n];
        Walk { cand, seen: seen as usize, used, budget: BUDGET, memo, stamp }
    }

    /// Fills cell `k` on, with `taken` the values placed before it, `tallest` the tallest of
    /// them, `count` the towers seen so far. True when some order can be completed from here.
    fn go(&mut self, k: usize, taken: ValueSet, tallest: u8, count: usize) -> bool {
        let n = self.cand.len();
        if k == n {
            return count == self.seen;
        }
        let at = (n <= MEMO_UP_TO).then(|| taken.bits() as usize * (n + 1) + count);
        if let Some(at) = at
            && self.memo[at] >> 2 == self.stamp
        {
            return self.memo[at] & 3 == 2;
        }
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        // At most one more tower is seen for each value taller than the tallest so far.
        let higher = (tallest as usize + 1..=n).filter(|&v| !taken.contains(v as u8)).count();
        let mut any = false;
        if count <= self.seen && count + higher.min(n - k) >= self.seen {
            for v in (self.cand[k] & !taken).iter() {
                let (t, c) = if v > tallest { (v, count + 1) } else { (tallest, count) };
                let mut with = taken;
                with.insert(v);
                if self.go(k + 1, with, t, c) {
                    self.used[k].insert(v);
                    any = true;
                }
            }
        }
        if let Some(at) = at {
            self.memo[at] = self.stamp << 2 | if any { 2 } else { 1 };
        }
        any
    }
}

impl Drop for Walk<'_> {
    /// Gives the memo back to the thread for the next walk.
    fn drop(&mut self) {
        let memo = std::mem::take(&mut self.memo);
        MEMO.with(|m| *m.borrow_mut() = (memo, self.stamp));
    }
}

pub fn describe(step: &Step, board: &Board) -> String {
    format!(
        "Of the orders the candidates allow along the line of {}, only some show exactly that \
         many towers; none of them puts {}",
        clue_name(step, board),
        eliminations_text(board, &step.eliminations).replace(" from ", " in ")
    )
}

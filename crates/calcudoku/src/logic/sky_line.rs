//! Line analysis: every way to fill a clue's line from its cells' candidates (each value once)
//! that shows the clue exactly that many towers; a candidate no such way uses goes. One clue
//! at a time, as a person writes out the few orders a line allows. (Tatham's Towers: hard.)

use crate::puzzle::ValueSet;

use super::board::Board;
use super::sightline::{clue_name, clues};
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
    for clue in clues(board) {
        if clue.line.iter().all(|&c| board.is_placed(c)) {
            continue;
        }
        let cand: Vec<ValueSet> = clue.line.iter().map(|&c| board.candidates(c)).collect();
        let mut walk = Walk {
            cand: &cand,
            seen: clue.seen as usize,
            order: vec![0; cand.len()],
            used: vec![ValueSet::EMPTY; cand.len()],
            budget: BUDGET,
        };
        walk.go(0, ValueSet::EMPTY, 0, 0);
        if walk.budget == 0 {
            continue;
        }
        let mut step = Step::new(Technique::LineAnalysis);
        for (k, &c) in clue.line.iter().enumerate() {
            if board.is_placed(c) {
                continue;
            }
            for v in (cand[k] & !walk.used[k]).iter() {
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

/// A depth-first walk over the orders of a line: `used[k]` gathers the values cell `k`
/// takes in some order that shows exactly `seen` towers.
struct Walk<'a> {
    cand: &'a [ValueSet],
    seen: usize,
    order: Vec<u8>,
    used: Vec<ValueSet>,
    budget: u32,
}

impl Walk<'_> {
    /// Fills cell `k` on, with `taken` the values placed before it, `tallest` the tallest of
    /// them, `count` the towers seen so far. True when some order was completed.
    fn go(&mut self, k: usize, taken: ValueSet, tallest: u8, count: usize) -> bool {
        let n = self.cand.len();
        if k == n {
            if count != self.seen {
                return false;
            }
            for (i, &v) in self.order.iter().enumerate() {
                self.used[i].insert(v);
            }
            return true;
        }
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        // At most one more tower is seen for each value taller than the tallest so far.
        let higher = (tallest as usize + 1..=n).filter(|&v| !taken.contains(v as u8)).count();
        if count > self.seen || count + higher.min(n - k) < self.seen {
            return false;
        }
        let mut any = false;
        for v in (self.cand[k] & !taken).iter() {
            let (t, c) = if v > tallest { (v, count + 1) } else { (tallest, count) };
            self.order[k] = v;
            let mut with = taken;
            with.insert(v);
            any |= self.go(k + 1, with, t, c);
        }
        any
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

//! A quick first test of a KenKen candidate on Keen's easy, normal and hard rungs, before the
//! ladder grades it step by step.
//!
//! Every rule of those rungs only removes candidates, and a removal it makes stays true on any
//! board with fewer candidates (a value no filling of a cage uses stays unused; a value with
//! one place left in a line has at most that place). So the candidates the rungs up to a level
//! leave do not depend on the order the rules are tried in: it is the fixed point of those
//! rules. The ladder, always taking the easiest rung that finds something, therefore finishes a
//! puzzle at level `l` exactly when the fixed point of the rules up to `l` is solved and that
//! of the rules below `l` is not. This module computes those fixed points on bitsets of fixed
//! size, with no steps, sentences or board: a few microseconds a candidate where grading one
//! takes tens. The generator grades only the candidates it keeps.
//!
//! The rules, as the ladder has them ([`crate::logic::Ladder::keen`]):
//! - easy: naked singles, hidden singles in rows and columns, and the values a whole cage can
//!   be made of (cage combination);
//! - normal: the values each cell of a cage can take (cage placement);
//! - hard: naked and hidden subsets of every size in rows and columns — together the same as
//!   "a value stays in a cell only if the line can still be completed with it there" — and the
//!   values every filling of a cage puts in one line (cage line).
//!
//! The one difference: the ladder enumerates a cage's fillings on a budget of search nodes and
//! skips a cage it cannot finish; this always finishes. Only for sides up to
//! [`QUICK_UP_TO`] and cages up to [`MAX_CELLS`] is it used. Where no cage of the puzzle can
//! reach the budget whatever its candidates ([`ladder_finishes`]), the two verdicts are the
//! same and a candidate the test puts at the level asked is kept without grading it step by
//! step (the step-by-step grade is made when asked for: [`super::Generated::grade`]); any
//! other candidate this passes is graded by the ladder before it is kept.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::logic::{QuickHash, layout_walk_finishes};
use crate::puzzle::Operator;

use super::cages::CageCells;
use super::ops::Clue;

mod count;
mod fillings;
mod fixed;

pub(super) use count::solutions_within;

use fillings::{Fillings, Need, fillings, walk};
use fixed::Fixed;

/// The largest side the quick test takes (Keen's sizes).
pub(super) const QUICK_UP_TO: usize = 9;

/// The largest cage the quick test takes.
pub(super) const MAX_CELLS: usize = 8;

/// The highest level the quick test knows (Keen's hard).
pub(super) const HARD: u8 = 2;

/// Candidates of a cell, bit `v - 1` for value `v`.
pub(super) type Mask = u16;

/// Most cells of a grid the quick test takes.
const CELLS: usize = QUICK_UP_TO * QUICK_UP_TO;

/// What the quick test says of a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The rungs up to this level solve it, and those below it do not.
    Solves(u8),
    /// The rungs up to the level asked get stuck (or, on a candidate without a solution, find
    /// a contradiction).
    Stuck,
}

/// One cage as the quick test keeps it.
#[derive(Clone, Debug, Default)]
struct Cage {
    op: Option<Operator>,
    target: u64,
    cells: Fixed<u8, MAX_CELLS>,
    /// For each position, the earlier positions whose cells share its row or column.
    sees_before: Fixed<u16, MAX_CELLS>,
    /// The lines the cage touches (rows `0..n`, columns `n..2n`) with the positions there.
    parts: Fixed<(u8, u16), 16>,
    /// At hard: whether every filling of the cage is kept in [`State::kept`], `count` of them
    /// from `from` (the walk found them once; later analyses only drop those that no longer
    /// fit the candidates).
    kept: bool,
    from: usize,
    count: usize,
}

/// The grid's candidates and cages, kept per thread between candidates.
struct State {
    n: usize,
    full: Mask,
    cand: [Mask; CELLS],
    cage_of: [u8; CELLS],
    cages: Vec<Cage>,
    dirty: Vec<bool>,
    /// Cells whose single value has been taken from their lines.
    settled: [bool; CELLS],
    /// Cells with one candidate not yet settled.
    singles: Fixed<u8, CELLS>,
    /// Lines (rows `0..n`, columns `n..2n`) with a cell changed since their subsets were
    /// last looked for.
    line_dirty: [bool; 2 * QUICK_UP_TO],
    /// Lines (bit `line`, as in `line_dirty`) with a cell changed since their hidden singles
    /// were last looked for: a line that did not change has none new.
    hidden_dirty: u32,
    /// A rule found that a cell or a line has no way left: no solution.
    broken: bool,
    /// The fillings of cages of three cells or more on full candidates: they depend only on
    /// the side, the rule and the cage's shape, and come back on most candidates.
    fresh: HashMap<Fresh, Fillings, BuildHasherDefault<QuickHash>>,
    /// The fillings kept at hard, cage after cage ([`Cage::kept`]).
    kept: Vec<u8>,
}

/// Most filling values kept per candidate, all cages together: a cage whose fillings do not
/// fit is walked again each time.
const KEEP: usize = 1 << 16;

/// What the fillings of a cage on full candidates depend on.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Fresh {
    n: u8,
    op: Option<Operator>,
    target: u64,
    need: Need,
    sees_before: [u16; MAX_CELLS],
    parts: [u16; 16],
}

/// Most fresh fillings kept per thread (then the memo starts again).
const FRESH_MEMO: usize = 1 << 14;

/// Bits set in each number below 512 (a subset of a line's open cells, or of its values).
const POP: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 1;
    while i < 512 {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
};

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State {
        n: 0,
        full: 0,
        cand: [0; CELLS],
        cage_of: [0; CELLS],
        cages: Vec::new(),
        dirty: Vec::new(),
        settled: [false; CELLS],
        singles: Fixed::new(),
        line_dirty: [true; 2 * QUICK_UP_TO],
        hidden_dirty: 0,
        broken: false,
        fresh: HashMap::default(),
        kept: Vec::new(),
    });
}

/// Whether the ladder's walk over the fillings of every cage of `cut` on an `n`×`n` grid
/// finishes within its budget on any candidates: with every cell at its full `n` candidates
/// (1 + n + n² + … + nᵏ nodes at most for a cage of k cells; fewer candidates take fewer).
/// Then the ladder never skips a cage, and its verdict is the quick test's.
pub(super) fn ladder_finishes(n: usize, cut: &[CageCells]) -> bool {
    cut.iter().all(|cells| layout_walk_finishes(std::iter::repeat_n(n, cells.len())))
}

/// The candidates of each cell where the last [`verdict`] on this thread stopped: the fixed
/// point of the rules up to the level it was asked (cells in row-major order; the first
/// n × n count).
pub(super) fn last_fixed_point() -> [Mask; CELLS] {
    STATE.with(|s| s.borrow().cand)
}

/// The verdict of the rungs up to `up_to` (at most [`HARD`]) on the `n`×`n` KenKen cut into
/// `cut`, cage `k` with operator and target `clues[k]` (None: hidden, or a one-cell cage).
/// None when the quick test does not take the puzzle (side above [`QUICK_UP_TO`], a cage
/// above [`MAX_CELLS`]).
pub(super) fn verdict(n: usize, cut: &[CageCells], clues: &[Clue], up_to: u8) -> Option<Verdict> {
    if n > QUICK_UP_TO || up_to > HARD || cut.iter().any(|k| k.len() > MAX_CELLS) {
        return None;
    }
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.load(n, cut, clues);
        for level in 0..=up_to {
            if s.fixed_point(level) {
                return Some(Verdict::Solves(level));
            }
            if s.broken {
                break;
            }
        }
        Some(Verdict::Stuck)
    })
}

impl State {
    fn load(&mut self, n: usize, cut: &[CageCells], clues: &[Clue]) {
        self.n = n;
        self.full = ((1u32 << n) - 1) as Mask;
        self.cand[..n * n].fill(self.full);
        self.settled[..n * n].fill(false);
        self.singles.clear();
        self.line_dirty = [true; 2 * QUICK_UP_TO];
        self.hidden_dirty = (1 << (2 * n)) - 1;
        self.broken = false;
        self.kept.clear();
        self.cages.resize_with(cut.len(), Cage::default);
        self.dirty.clear();
        self.dirty.resize(cut.len(), true);
        for (k, (cells, &(op, target))) in cut.iter().zip(clues).enumerate() {
            let cage = &mut self.cages[k];
            cage.op = op;
            cage.target = target;
            cage.kept = false;
            cage.cells.clear();
            cage.sees_before.clear();
            cage.parts.clear();
            for (i, &c) in cells.iter().enumerate() {
                self.cage_of[c] = k as u8;
                cage.cells.push(c as u8);
                let (r, col) = (c / n, c % n);
                let mut sees = 0u16;
                for (j, &d) in cells[..i].iter().enumerate() {
                    if d / n == r || d % n == col {
                        sees |= 1 << j;
                    }
                }
                cage.sees_before.push(sees);
                for line in [r, n + col] {
                    match cage.parts.iter_mut().find(|(l, _)| *l as usize == line) {
                        Some((_, at)) => *at |= 1 << i,
                        None => cage.parts.push((line as u8, 1 << i)),
                    }
                }
            }
            if cells.len() == 1 {
                // A given (or a one-cell cage): its value is its target.
                let keep = if (1..=n as u64).contains(&target) { 1 << (target - 1) } else { 0 };
                self.restrict(cells[0], keep);
            }
        }
    }

    /// Runs the rules up to `level` to their fixed point; true when every cell is decided.
    fn fixed_point(&mut self, level: u8) -> bool {
        // A new level's cage rule asks more of every cage.
        self.dirty.iter_mut().for_each(|d| *d = true);
        let need = match level {
            0 => Need::Union,
            1 => Need::PerCell,
            _ => Need::Lines,
        };
        loop {
            self.singles_to_fixed_point();
            if self.broken {
                return false;
            }
            if self.cand[..self.n * self.n].iter().all(|m| m.is_power_of_two()) {
                return true;
            }
            let mut progress = false;
            for k in 0..self.cages.len() {
                if self.dirty[k] {
                    self.dirty[k] = false;
                    progress |= self.cage(k, need);
                    if self.broken {
                        return false;
                    }
                }
            }
            if !progress && level >= 2 {
                progress = self.line_subsets();
            }
            if !progress {
                return false;
            }
        }
    }

    /// The first cell of line `line` (rows `0..n`, columns `n..2n`) and the step to the next.
    fn line(&self, line: usize) -> (usize, usize) {
        let n = self.n;
        if line < n { (line * n, 1) } else { (line - n, n) }
    }

    /// Keeps only `keep` of the candidates of cell `c`; true when something went.
    fn restrict(&mut self, c: usize, keep: Mask) -> bool {
        let old = self.cand[c];
        let new = old & keep;
        if new == old {
            return false;
        }
        self.cand[c] = new;
        self.dirty[self.cage_of[c] as usize] = true;
        let (row, col) = (c / self.n, self.n + c % self.n);
        self.line_dirty[row] = true;
        self.line_dirty[col] = true;
        self.hidden_dirty |= 1 << row | 1 << col;
        if new == 0 {
            self.broken = true;
        } else if new.is_power_of_two() {
            self.singles.push(c as u8);
        }
        true
    }

    /// Naked singles (a decided cell's value leaves its row and column) and hidden singles (a
    /// value with one place left in a row or column goes there), until neither finds more.
    fn singles_to_fixed_point(&mut self) {
        let n = self.n;
        // Cells decided from the start (one-cell cages) are on the list already; cells that
        // were decided before this call were settled then.
        loop {
            while let Some(c) = self.singles.pop() {
                let c = c as usize;
                if self.settled[c] {
                    continue;
                }
                self.settled[c] = true;
                let gone = !self.cand[c];
                let (r, col) = (c / n, c % n);
                for j in 0..n {
                    let (a, b) = (r * n + j, j * n + col);
                    if a != c {
                        self.restrict(a, gone);
                    }
                    if b != c {
                        self.restrict(b, gone);
                    }
                }
                if self.broken {
                    return;
                }
            }
            let mut found = false;
            // Lines changed since they were last looked at (those this loop changes are
            // looked at in the next round).
            let mut lines = std::mem::take(&mut self.hidden_dirty);
            while lines != 0 {
                let line = lines.trailing_zeros() as usize;
                lines &= lines - 1;
                let (start, step) = self.line(line);
                let (mut once, mut twice) = (0 as Mask, 0 as Mask);
                for j in 0..n {
                    let m = self.cand[start + j * step];
                    twice |= once & m;
                    once |= m;
                }
                if once != self.full {
                    self.broken = true;
                    return;
                }
                let hidden = once & !twice;
                if hidden == 0 {
                    continue;
                }
                for j in 0..n {
                    let c = start + j * step;
                    let h = self.cand[c] & hidden;
                    if h != 0 && h != self.cand[c] {
                        if !h.is_power_of_two() {
                            self.broken = true;
                            return;
                        }
                        self.restrict(c, h);
                        found = true;
                    }
                }
            }
            if !found && self.singles.is_empty() {
                return;
            }
        }
    }

    /// The cage rule of `need` on cage `k`: its cells keep what its fillings allow; at hard, the
    /// values every filling puts in a line leave the rest of that line. True on progress.
    fn cage(&mut self, k: usize, need: Need) -> bool {
        let width = self.cages[k].cells.len();
        let mut cand = [0 as Mask; MAX_CELLS];
        for (i, &c) in self.cages[k].cells.iter().enumerate() {
            cand[i] = self.cand[c as usize];
        }
        let f = if need == Need::Lines {
            self.lines_fillings(k, &cand[..width])
        } else {
            self.fresh_or_walked(k, &cand[..width], need)
        };
        let cage = &self.cages[k];
        if !f.any {
            self.broken = true;
            return false;
        }
        let cells = cage.cells;
        let mut progress = false;
        let union = f.per[..width].iter().fold(0, |u, &m| u | m);
        for (i, &c) in cells.iter().enumerate() {
            let keep = if need == Need::Union { union } else { f.per[i] };
            progress |= self.restrict(c as usize, keep);
        }
        if need == Need::Lines && width >= 2 {
            let n = self.n;
            let parts = self.cages[k].parts;
            for (p, &(line, _)) in parts.iter().enumerate() {
                let forced = f.always[p];
                if forced == 0 {
                    continue;
                }
                let line = line as usize;
                let (start, step) = self.line(line);
                for j in 0..n {
                    let c = start + j * step;
                    if self.cage_of[c] as usize != k {
                        progress |= self.restrict(c, !forced);
                    }
                }
            }
        }
        progress
    }

    /// The fillings of cage `k` below hard: from the memo when its cells have every candidate.
    fn fresh_or_walked(&mut self, k: usize, cand: &[Mask], need: Need) -> Fillings {
        let cage = &self.cages[k];
        let width = cand.len();
        if width < 3 || cand.iter().any(|&m| m != self.full) {
            return fillings(cage, cand, need);
        }
        let mut key = Fresh {
            n: self.n as u8,
            op: cage.op,
            target: cage.target,
            need,
            sees_before: [0; MAX_CELLS],
            parts: [0; 16],
        };
        key.sees_before[..width].copy_from_slice(&cage.sees_before);
        for (p, &(_, at)) in cage.parts.iter().enumerate() {
            key.parts[p] = at;
        }
        if let Some(&known) = self.fresh.get(&key) {
            return known;
        }
        let f = fillings(cage, cand, need);
        if self.fresh.len() >= FRESH_MEMO {
            self.fresh.clear();
        }
        self.fresh.insert(key, f);
        f
    }

    /// The fillings of cage `k` at hard: from those kept, or by a walk that keeps them.
    fn lines_fillings(&mut self, k: usize, cand: &[Mask]) -> Fillings {
        let cage = &self.cages[k];
        let width = cand.len();
        if !cage.kept {
            let from = self.kept.len();
            let mut kept = std::mem::take(&mut self.kept);
            let f = walk(cage, cand, Need::Lines, Some(&mut kept));
            let fits = kept.len() - from == width * f.count;
            if !fits {
                kept.truncate(from);
            }
            self.kept = kept;
            let cage = &mut self.cages[k];
            (cage.kept, cage.from, cage.count) = (fits, from, f.count);
            return f.fillings;
        }
        // Those still fitting the candidates stay, moved up over those that went.
        let (from, count) = (cage.from, cage.count);
        let mut out = Fillings::none();
        let mut left = 0;
        for t in 0..count {
            let at = from + t * width;
            let fits = (0..width).all(|i| cand[i] & 1 << (self.kept[at + i] - 1) != 0);
            if !fits {
                continue;
            }
            let to = from + left * width;
            self.kept.copy_within(at..at + width, to);
            left += 1;
            out.add(&self.kept[to..to + width], Some(&cage.parts));
        }
        self.cages[k].count = left;
        out
    }

    /// Naked subsets of every size in every row and column: `k` open cells whose candidates are
    /// `k` values between them take those values from the line's other cells. (A hidden subset
    /// is the naked subset of the line's other open cells.) True on progress.
    fn line_subsets(&mut self) -> bool {
        let n = self.n;
        let mut progress = false;
        for line in 0..2 * n {
            if !self.line_dirty[line] {
                continue;
            }
            self.line_dirty[line] = false;
            let (start, step) = self.line(line);
            let mut open: Fixed<usize, QUICK_UP_TO> = Fixed::new();
            for j in 0..n {
                let c = start + j * step;
                if !self.cand[c].is_power_of_two() {
                    open.push(c);
                }
            }
            let m = open.len();
            if m < 3 {
                continue;
            }
            // union[s]: the candidates of the open cells in subset s.
            let mut union = [0 as Mask; 1 << QUICK_UP_TO];
            for s in 1usize..(1 << m) - 1 {
                let low = s.trailing_zeros() as usize;
                union[s] = union[s & (s - 1)] | self.cand[open[low]];
                let size = POP[s];
                if size < 2 || POP[union[s] as usize] != size {
                    continue;
                }
                for (i, &c) in open.iter().enumerate() {
                    if s & (1 << i) == 0 && self.cand[c] & union[s] != 0 {
                        progress |= self.restrict(c, !union[s]);
                    }
                }
            }
            if self.broken {
                return progress;
            }
        }
        progress
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng::Rng;
    use crate::generate::{Kind, Options, kenken};
    use crate::logic::{Board, Ladder, grade_path};
    use crate::puzzle::Operator;

    #[test]
    fn the_ladder_finishes_cages_small_enough_for_its_budget() {
        let cage = |k: usize| -> CageCells { (0..k).collect() };
        // 1 + 9 + … + 9⁵ = 66,430 nodes at most; with a sixth cell, 597,871.
        assert!(ladder_finishes(9, &[cage(2), cage(5)]));
        assert!(!ladder_finishes(9, &[cage(2), cage(6)]));
        // 1 + 7 + … + 7⁶ = 137,257; 8 cells on 5×5: 488,281.
        assert!(ladder_finishes(7, &[cage(6)]));
        assert!(!ladder_finishes(7, &[cage(7)]));
        assert!(ladder_finishes(5, &[cage(7)]));
        assert!(!ladder_finishes(5, &[cage(8)]));
    }

    /// The level the ladder up to hard gives a puzzle, step by step: Solves(level) or Stuck.
    fn ladder_verdict(puzzle: &crate::puzzle::Puzzle) -> Verdict {
        let ladder = Ladder::keen().up_to(HARD);
        let board = Board::new(puzzle).expect("a board");
        let (grade, _) = grade_path(board, &ladder, None).expect("no contradiction");
        if grade.solved { Verdict::Solves(grade.level) } else { Verdict::Stuck }
    }

    /// On candidates made as the generator makes them (sizes 3 to 9, Keen's options and some
    /// of ours), the fixed points say what the ladder says, level for level.
    #[test]
    fn the_verdict_is_the_ladders() {
        let mut seen = [0usize; 4];
        for size in 3..=9 {
            for seed in 0..150u64 {
                let mut options = Options::new(Kind::KenKen, size);
                options.level = Some((seed % 3) as u8);
                match seed % 7 {
                    0 => options.ops = vec![Operator::Mul],
                    1 => options.hidden_ops = true,
                    2 => options.long_ops = true,
                    3 => options.max_cage = 3,
                    _ => {}
                }
                let mut rng = Rng::new(seed, size as u64);
                let Some((_, cut, puzzle, clues)) = kenken::candidate(&options, &mut rng) else {
                    continue;
                };
                let quick = verdict(size, &cut, &clues, HARD).expect("taken");
                assert_eq!(
                    quick,
                    ladder_verdict(&puzzle),
                    "{size}×{size}, seed {seed}: {puzzle:?}"
                );
                seen[match quick {
                    Verdict::Solves(l) => l as usize,
                    Verdict::Stuck => 3,
                }] += 1;
            }
        }
        // Every outcome came up, many times.
        assert!(seen.iter().all(|&k| k >= 20), "{seen:?}");
    }

    #[test]
    fn grids_and_cages_beyond_its_reach_are_left_to_the_ladder() {
        let cut: Vec<CageCells> = (0..100).map(|c| CageCells::from_slice(&[c])).collect();
        let clues: Vec<Clue> = (0..100).map(|_| (None, 1)).collect();
        assert_eq!(verdict(10, &cut, &clues, HARD), None);
        let big: Vec<CageCells> = vec![(0..9).collect(), (9..18).collect()];
        assert_eq!(verdict(9, &big, &[(Some(Operator::Add), 45); 2], HARD), None);
    }
}

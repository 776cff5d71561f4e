//! The quick test's working state: one grid's candidates and cages, and the rules run on them
//! to their fixed point.
//!
//! Most candidates the generator tests are 4×4 to 6×6, where a few thousand instructions make
//! the whole test: so the state is kept per thread and reset only as far as the grid goes, the
//! cells of each row and column and each cell's lines come from tables made once per side (no
//! division by the side in the inner loops), and the lines changed are bitsets.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::logic::{MASK_SIZE, QuickHash};

use super::super::cages::CageCells;
use super::super::ops::Clue;
use super::fillings::{Fillings, Need, fillings, pair_fillings, pair_values, walk};
use super::fixed::Fixed;
use super::{CELLS, Cage, FRESH_MEMO, Fresh, MAX_CELLS, Mask, QUICK_UP_TO};

/// Lines of the largest grid: rows `0..n`, then columns `n..2n`.
const LINES: usize = 2 * QUICK_UP_TO;

/// The grid's candidates and cages, kept per thread between candidates.
pub(super) struct State {
    pub(super) n: usize,
    full: Mask,
    /// The side the three tables below were made for (0: none yet).
    made_for: usize,
    /// Each cell's row (its line number) and column (`n` + its column).
    row_of: [u8; CELLS],
    col_of: [u8; CELLS],
    /// The cells of each line, in order.
    line_cells: [[u8; QUICK_UP_TO]; LINES],
    pub(super) cand: [Mask; CELLS],
    cage_of: [u8; CELLS],
    cages: Vec<Cage>,
    /// Cages with a cell changed since their rule last ran.
    dirty: [bool; CELLS],
    /// Cages whose rule can tell something: all but one-cell cages without an operator, whose
    /// value is set once when loaded and which their rule can never narrow further.
    ruled: [bool; CELLS],
    /// How many cells still have more than one candidate.
    undecided: usize,
    /// Cells decided whose value has not yet left their lines (a cell is decided once).
    singles: Fixed<u8, CELLS>,
    /// For each line and value (bit `v - 1`), the places in the line (bit `j` for its `j`th
    /// cell) where the value is still a candidate: `cand` seen from the values' side, so that
    /// a value's last place in a line is known when the line loses the one before, with no
    /// scan of the line, and a decided value leaves only the cells that still have it.
    places: [[Mask; QUICK_UP_TO]; LINES],
    /// Lines and values (`line`, `v - 1`) left with one place, not yet put there (each comes
    /// once: places only shrink).
    hidden: Fixed<(u8, u8), { LINES * QUICK_UP_TO }>,
    /// Lines (bit `line`) with a cell changed since their subsets were last looked for.
    line_dirty: u32,
    /// A rule found that a cell or a line has no way left: no solution.
    pub(super) broken: bool,
    /// The fillings of cages of three cells or more on full candidates: they depend only on
    /// the side, the rule and the cage's shape, and come back on most candidates.
    fresh: HashMap<Fresh, Fillings, BuildHasherDefault<QuickHash>>,
    /// The fillings kept at hard, cage after cage ([`Cage::kept`]).
    kept: Vec<u8>,
    /// Subsets' candidates for [`State::line_subsets`], kept here so that it need not clear
    /// a table of 512 at each line: entry 0 stays 0, and every other entry it reads it has
    /// written before in the same line.
    union: [Mask; 1 << QUICK_UP_TO],
}

impl State {
    pub(super) fn new() -> State {
        State {
            n: 0,
            full: 0,
            made_for: 0,
            row_of: [0; CELLS],
            col_of: [0; CELLS],
            line_cells: [[0; QUICK_UP_TO]; LINES],
            cand: [0; CELLS],
            cage_of: [0; CELLS],
            cages: Vec::new(),
            dirty: [false; CELLS],
            ruled: [false; CELLS],
            undecided: 0,
            singles: Fixed::new(),
            line_dirty: 0,
            places: [[0; QUICK_UP_TO]; LINES],
            hidden: Fixed::new(),
            broken: false,
            fresh: HashMap::default(),
            kept: Vec::new(),
            union: [0; 1 << QUICK_UP_TO],
        }
    }

    /// The tables of rows and columns for side `n`, made when the side changes.
    fn tables_for(&mut self, n: usize) {
        if self.made_for == n {
            return;
        }
        self.made_for = n;
        for r in 0..n {
            for j in 0..n {
                let c = r * n + j;
                self.row_of[c] = r as u8;
                self.col_of[c] = (n + j) as u8;
                self.line_cells[r][j] = c as u8;
                self.line_cells[n + j][r] = c as u8;
            }
        }
    }

    pub(super) fn load(&mut self, n: usize, cut: &[CageCells], clues: &[Clue]) {
        self.tables_for(n);
        self.n = n;
        self.full = ((1u32 << n) - 1) as Mask;
        self.cand[..n * n].fill(self.full);
        // A side of 1 has its one value from the start.
        self.undecided = if n >= 2 { n * n } else { 0 };
        self.singles.clear();
        self.line_dirty = (1 << (2 * n)) - 1;
        self.places[..2 * n].fill([self.full; QUICK_UP_TO]);
        self.hidden.clear();
        self.broken = false;
        self.kept.clear();
        self.cages.resize_with(cut.len(), Cage::default);
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
                let (row, col) = (self.row_of[c], self.col_of[c]);
                let mut sees = 0u16;
                for (j, &d) in cells[..i].iter().enumerate() {
                    if self.row_of[d] == row || self.col_of[d] == col {
                        sees |= 1 << j;
                    }
                }
                cage.sees_before.push(sees);
                for line in [row, col] {
                    match cage.parts.iter_mut().find(|(l, _)| *l == line) {
                        Some((_, at)) => *at |= 1 << i,
                        None => cage.parts.push((line, 1 << i)),
                    }
                }
            }
            self.ruled[k] = cells.len() != 1 || op.is_some();
            if cells.len() == 1 {
                // A given (or a one-cell cage): its value is its target.
                let keep = if (1..=n as u64).contains(&target) { 1 << (target - 1) } else { 0 };
                self.restrict(cells[0], keep);
            }
        }
    }

    /// Runs the rules up to `level` to their fixed point; true when every cell is decided.
    pub(super) fn fixed_point(&mut self, level: u8) -> bool {
        // A new level's cage rule asks more of every cage.
        let cages = self.cages.len();
        self.dirty[..cages].copy_from_slice(&self.ruled[..cages]);
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
            if self.undecided == 0 {
                return true;
            }
            let mut progress = false;
            for k in 0..cages {
                if self.dirty[k] && self.ruled[k] {
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

    /// Keeps only `keep` of the candidates of cell `c`; true when something went.
    #[inline(always)]
    fn restrict(&mut self, c: usize, keep: Mask) -> bool {
        let old = self.cand[c];
        let new = old & keep;
        if new == old {
            return false;
        }
        self.cand[c] = new;
        self.dirty[self.cage_of[c] as usize] = true;
        let (row, col) = (self.row_of[c] as usize, self.col_of[c] as usize);
        self.line_dirty |= 1 << row | 1 << col;
        // The cell is place `col - n` of its row and place `row` of its column.
        let lines = [(row, 1 << (col - self.n)), (col, 1 << row)];
        let mut gone = old & !new;
        while gone != 0 {
            let v = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            for (line, at) in lines {
                let places = &mut self.places[line][v];
                *places &= !at;
                if places.is_power_of_two() {
                    // Nothing to do when the last place holds this value alone already (as
                    // when the value was decided there).
                    let last = self.line_cells[line][places.trailing_zeros() as usize];
                    if self.cand[last as usize] != 1 << v {
                        self.hidden.push((line as u8, v as u8));
                    }
                } else if *places == 0 {
                    self.broken = true;
                }
            }
        }
        if new == 0 {
            self.broken = true;
        } else if new.is_power_of_two() {
            // It had more than one before (fewer than one candidate, it would not have lost
            // any): one cell fewer undecided.
            self.undecided -= 1;
            self.singles.push(c as u8);
        }
        true
    }

    /// Naked singles (a decided cell's value leaves its row and column) and hidden singles (a
    /// value with one place left in a row or column goes there), until neither finds more.
    fn singles_to_fixed_point(&mut self) {
        let n = self.n;
        // Cells decided from the start (one-cell cages) are on the list already, as are the
        // lines and values their restriction left with one place.
        while !self.broken {
            if let Some(c) = self.singles.pop() {
                let c = c as usize;
                let v = self.cand[c].trailing_zeros() as usize;
                let (row, col) = (self.row_of[c] as usize, self.col_of[c] as usize);
                // Only the line's cells that still have the value lose it.
                for (line, at) in [(row, 1 << (col - n)), (col, 1 << row)] {
                    let mut others = self.places[line][v] & !at;
                    while others != 0 {
                        let j = others.trailing_zeros() as usize;
                        others &= others - 1;
                        self.restrict(self.line_cells[line][j] as usize, !(1 << v));
                    }
                }
            } else if let Some((line, v)) = self.hidden.pop() {
                let places = self.places[line as usize][v as usize];
                // None left: `restrict` found the line broken already.
                if places != 0 {
                    let j = places.trailing_zeros() as usize;
                    self.restrict(self.line_cells[line as usize][j] as usize, 1 << v);
                }
            } else {
                return;
            }
        }
    }

    /// The cage rule of `need` on cage `k`: its cells keep what its fillings allow; at hard, the
    /// values every filling puts in a line leave the rest of that line. True on progress.
    fn cage(&mut self, k: usize, need: Need) -> bool {
        let cage = &self.cages[k];
        let width = cage.cells.len();
        // Most cages are two cells that see each other: their values come from masks (as
        // the walk would find them), below hard straight onto the two cells.
        let f = if width == 2
            && cage.sees_before[1] != 0
            && let Some(op) = cage.op
        {
            let (a, b) = (cage.cells[0] as usize, cage.cells[1] as usize);
            if need == Need::Lines {
                pair_fillings(cage, op, self.cand[a], self.cand[b])
            } else {
                let (first, second) = pair_values(op, cage.target, self.cand[a], self.cand[b]);
                if first == 0 {
                    self.broken = true;
                    return false;
                }
                let (keep_a, keep_b) = if need == Need::Union {
                    (first | second, first | second)
                } else {
                    (first, second)
                };
                return self.restrict(a, keep_a) | self.restrict(b, keep_b);
            }
        } else {
            let mut cand = [0 as Mask; MAX_CELLS];
            for (i, &c) in cage.cells.iter().enumerate() {
                cand[i] = self.cand[c as usize];
            }
            if need == Need::Lines {
                self.lines_fillings(k, &cand[..width])
            } else {
                self.fresh_or_walked(k, &cand[..width], need)
            }
        };
        if !f.any {
            self.broken = true;
            return false;
        }
        let cells = self.cages[k].cells;
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
                let cells = self.line_cells[line as usize];
                for &c in &cells[..n] {
                    let c = c as usize;
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
        let mut lines = std::mem::take(&mut self.line_dirty);
        while lines != 0 {
            let line = lines.trailing_zeros() as usize;
            lines &= lines - 1;
            let mut open: Fixed<usize, QUICK_UP_TO> = Fixed::new();
            for &c in &self.line_cells[line][..n] {
                if !self.cand[c as usize].is_power_of_two() {
                    open.push(c as usize);
                }
            }
            let m = open.len();
            if m < 3 {
                continue;
            }
            // union[s]: the candidates of the open cells in subset s.
            for (s, &size) in MASK_SIZE.iter().enumerate().take((1 << m) - 1).skip(1) {
                let low = s.trailing_zeros() as usize;
                let union = self.union[s & (s - 1)] | self.cand[open[low]];
                self.union[s] = union;
                if size < 2 || MASK_SIZE[union as usize] != size {
                    continue;
                }
                for (i, &c) in open.iter().enumerate() {
                    if s & (1 << i) == 0 && self.cand[c] & union != 0 {
                        progress |= self.restrict(c, !union);
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

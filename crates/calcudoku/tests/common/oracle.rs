//! A solution counter for tests, written apart from the solver: it reads the rules from the
//! puzzle model alone (cells, boxes, givens, cages and their operators) and never calls
//! `calcudoku::solve`. It is plain on purpose: a depth-first search over the cell with the
//! fewest candidates, rows/columns/boxes as bitmasks, and for each cage a running summary
//! (cells filled, sum, product, largest value, values used) against which a candidate is
//! judged by bounds that no completion of the cage could beat.
//!
//! The first solution in row-major order (the one `solve::solve` promises) is found by
//! descent: cell by cell in row-major order, the smallest value with which some solution
//! still exists is kept.

use calcudoku::{Cell, Grid, Operator, Puzzle};

/// What the oracle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Solutions counted up to the limit asked for.
    pub count: u64,
    /// The first solution in row-major order.
    pub first: Option<Grid>,
    /// Up to `limit` solutions, in the order the search met them (for tests of the checks).
    pub found: Vec<Grid>,
}

/// The running summary of a cage's filled cells.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    filled: usize,
    sum: u64,
    /// The product, None past u64 (then no `*` or `/` target can be met).
    product: Option<u64>,
    max: u8,
    /// Values used (bit v-1), for Killer's distinct cages.
    used: u64,
}

impl Tally {
    fn with(self, v: u8) -> Tally {
        Tally {
            filled: self.filled + 1,
            sum: self.sum + v as u64,
            product: self.product.and_then(|p| p.checked_mul(v as u64)),
            max: self.max.max(v),
            used: self.used | 1u64 << (v - 1),
        }
    }
}

struct Rule {
    op: Option<Operator>,
    target: u64,
    len: usize,
}

/// `base^exp`, saturating at u64::MAX.
fn pow_sat(base: u64, exp: usize) -> u64 {
    let mut r: u64 = 1;
    for _ in 0..exp {
        r = r.saturating_mul(base);
        if r == u64::MAX {
            break;
        }
    }
    r
}

/// Whether a cage whose filled cells sum up as `t` (and whose other `len - filled` cells are
/// empty) can still meet its rule with values in 1..=n. Never false for a cage that some
/// completion meets; exact when the cage is full.
fn may_hold(op: Operator, target: u64, t: Tally, len: usize, n: u64, distinct: bool) -> bool {
    let k = len - t.filled;
    if k == 0 {
        let m = t.max as u64;
        return match op {
            Operator::Add => t.sum == target,
            Operator::Mul => t.product == Some(target),
            // The largest minus the sum of the others: 2·max − sum.
            Operator::Sub => 2 * m as i128 - t.sum as i128 == target as i128,
            // The largest divided by the product of the others, exactly.
            Operator::Div => match t.product {
                Some(p) => {
                    let rest = p / m;
                    rest <= m && m % rest == 0 && m / rest == target
                }
                None => false,
            },
        };
    }
    match op {
        Operator::Add => {
            let (lo, hi) = if distinct {
                // The k smallest and the k largest values not used yet.
                let free: Vec<u64> = (1..=n).filter(|&v| t.used & 1u64 << (v - 1) == 0).collect();
                if free.len() < k {
                    return false;
                }
                (free[..k].iter().sum::<u64>(), free[free.len() - k..].iter().sum::<u64>())
            } else {
                (k as u64, k as u64 * n)
            };
            t.sum + lo <= target && target <= t.sum + hi
        }
        Operator::Mul => match t.product {
            Some(p) if target != 0 && target % p == 0 => target / p <= pow_sat(n, k),
            _ => false,
        },
        Operator::Sub => {
            // Say the largest value of the full cage is m (≥ every filled value). Then
            // 2m − target = sum of all values, and each of the k empty cells holds 1..=m.
            let lowest = (t.max as u64).max(1);
            (lowest..=n).any(|m| {
                let all = 2 * m as i128 - target as i128;
                let (lo, hi) = (t.sum as i128 + k as i128, t.sum as i128 + (k as u64 * m) as i128);
                lo <= all && all <= hi
            })
        }
        Operator::Div => {
            if target == 0 {
                return false;
            }
            let Some(p) = t.product else { return false };
            let lowest = (t.max as u64).max(1);
            (lowest..=n).any(|m| {
                if m % target != 0 {
                    return false;
                }
                // The product of all values but one copy of m.
                let others = m / target;
                if t.filled > 0 && m == t.max as u64 {
                    // m is filled already; the k empty cells hold 1..=m.
                    let filled_others = p / m;
                    others % filled_others == 0 && others / filled_others <= pow_sat(m, k)
                } else {
                    // One empty cell holds m, the k − 1 others 1..=m.
                    others % p == 0 && others / p <= pow_sat(m, k - 1)
                }
            })
        }
    }
}

impl Rule {
    fn may_hold(&self, t: Tally, n: u64, distinct: bool) -> bool {
        match self.op {
            Some(op) => may_hold(op, self.target, t, self.len, n, distinct),
            // One cell without an operator: a given.
            None if self.len == 1 => t.max as u64 == self.target,
            // A hidden operator: any of the four.
            None => {
                Operator::ALL.iter().any(|&op| may_hold(op, self.target, t, self.len, n, distinct))
            }
        }
    }
}

/// The puzzle's rules in the shape the search wants.
pub struct Oracle<'p> {
    puzzle: &'p Puzzle,
    n: usize,
    box_of: Option<Vec<usize>>,
    cage_of: Vec<Option<usize>>,
    rules: Vec<Rule>,
    distinct: bool,
    /// Rows, columns and boxes, as lists of cells.
    units: Vec<Vec<usize>>,
}

#[derive(Clone)]
struct State {
    cells: Vec<u8>,
    rows: Vec<u64>,
    cols: Vec<u64>,
    boxes: Vec<u64>,
    tallies: Vec<Tally>,
}

impl<'p> Oracle<'p> {
    pub fn new(puzzle: &'p Puzzle) -> Oracle<'p> {
        let n = puzzle.size();
        let box_of: Option<Vec<usize>> = puzzle.boxes().map(|b| {
            let (h, w) = (b.height as usize, b.width as usize);
            (0..n * n).map(|i| (i / n / h) * (n / w) + (i % n) / w).collect()
        });
        let mut cage_of = vec![None; n * n];
        let mut rules = Vec::new();
        for (k, cage) in puzzle.cages().iter().enumerate() {
            for &Cell(c) in &cage.cells {
                cage_of[c as usize] = Some(k);
            }
            rules.push(Rule { op: cage.op, target: cage.target, len: cage.cells.len() });
        }
        let mut units: Vec<Vec<usize>> =
            (0..n).map(|r| (0..n).map(|c| r * n + c).collect()).collect();
        units.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        if let Some(b) = &box_of {
            units.extend((0..n).map(|k| (0..n * n).filter(|&i| b[i] == k).collect()));
        }
        Oracle { puzzle, n, box_of, cage_of, rules, distinct: puzzle.distinct_cages(), units }
    }

    /// The values `cell` (empty) may take now.
    fn candidates(&self, st: &State, cell: usize) -> u64 {
        let n = self.n;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut taken = st.rows[cell / n] | st.cols[cell % n];
        if let Some(b) = &self.box_of {
            taken |= st.boxes[b[cell]];
        }
        let mut free = full & !taken;
        if let Some(k) = self.cage_of[cell] {
            let t = st.tallies[k];
            if self.distinct {
                free &= !t.used;
            }
            let mut left = free;
            while left != 0 {
                let v = left.trailing_zeros() as u8 + 1;
                left &= left - 1;
                if !self.rules[k].may_hold(t.with(v), n as u64, self.distinct) {
                    free &= !(1u64 << (v - 1));
                }
            }
        }
        free
    }

    fn place(&self, st: &mut State, cell: usize, v: u8) {
        let n = self.n;
        let bit = 1u64 << (v - 1);
        st.cells[cell] = v;
        st.rows[cell / n] |= bit;
        st.cols[cell % n] |= bit;
        if let Some(b) = &self.box_of {
            st.boxes[b[cell]] |= bit;
        }
        if let Some(k) = self.cage_of[cell] {
            st.tallies[k] = st.tallies[k].with(v);
        }
    }

    /// Undoes `place`; `tally` is the cage's summary from before.
    fn unplace(&self, st: &mut State, cell: usize, v: u8, tally: Tally) {
        let n = self.n;
        let bit = !(1u64 << (v - 1));
        st.cells[cell] = 0;
        st.rows[cell / n] &= bit;
        st.cols[cell % n] &= bit;
        if let Some(b) = &self.box_of {
            st.boxes[b[cell]] &= bit;
        }
        if let Some(k) = self.cage_of[cell] {
            st.tallies[k] = tally;
        }
    }

    /// The empty grid with the givens placed; None when the givens already break a rule.
    fn start(&self) -> Option<State> {
        let n = self.n;
        let mut st = State {
            cells: vec![0; n * n],
            rows: vec![0; n],
            cols: vec![0; n],
            boxes: vec![0; n],
            tallies: vec![Tally { product: Some(1), ..Tally::default() }; self.rules.len()],
        };
        for (cell, &v) in self.puzzle.givens().cells().iter().enumerate() {
            if v != 0 {
                if self.candidates(&st, cell) & 1u64 << (v - 1) == 0 {
                    return None;
                }
                self.place(&mut st, cell, v);
            }
        }
        Some(st)
    }

    /// Depth-first search from `st`, pushing solutions onto `found` until it holds `limit`.
    /// It branches on the empty cell with the fewest candidates, or, when fewer, on the places
    /// left for a value that a row, column or box still lacks.
    fn search(&self, st: &mut State, limit: usize, found: &mut Vec<Grid>) {
        let mut cands = vec![0u64; self.n * self.n];
        let mut empty = false;
        for (cell, c) in cands.iter_mut().enumerate() {
            if st.cells[cell] == 0 {
                empty = true;
                *c = self.candidates(st, cell);
                if *c == 0 {
                    return;
                }
            }
        }
        if !empty {
            let grid =
                Grid::from_cells(self.n, st.cells.clone()).expect("the oracle fills values 1..=n");
            assert!(self.puzzle.is_solution(&grid), "oracle bug: not a solution\n{grid}");
            found.push(grid);
            return;
        }
        if !self.cage_supports(st, &mut cands) {
            return;
        }
        let mut best: Option<(usize, u32)> = None;
        for (cell, &c) in cands.iter().enumerate() {
            if c != 0 && best.is_none_or(|(_, b)| c.count_ones() < b) {
                best = Some((cell, c.count_ones()));
            }
        }
        let (cell, fewest) = best.expect("an empty cell");
        // The choices to branch on: (cell, value) pairs.
        let mut choices: Vec<(usize, u8)> = Vec::new();
        if fewest > 1 {
            let mut least = fewest as usize;
            for unit in &self.units {
                let mut missing = if self.n == 64 { u64::MAX } else { (1u64 << self.n) - 1 };
                for &c in unit {
                    if st.cells[c] != 0 {
                        missing &= !(1u64 << (st.cells[c] - 1));
                    }
                }
                while missing != 0 {
                    let v = missing.trailing_zeros() as u8 + 1;
                    missing &= missing - 1;
                    let bit = 1u64 << (v - 1);
                    let places = unit.iter().filter(|&&c| cands[c] & bit != 0).count();
                    if places == 0 {
                        return;
                    }
                    if places < least {
                        least = places;
                        choices.clear();
                        choices
                            .extend(unit.iter().filter(|&&c| cands[c] & bit != 0).map(|&c| (c, v)));
                    }
                }
            }
        }
        if choices.is_empty() {
            let mut c = cands[cell];
            while c != 0 {
                choices.push((cell, c.trailing_zeros() as u8 + 1));
                c &= c - 1;
            }
        }
        for (cell, v) in choices {
            if found.len() >= limit {
                break;
            }
            let tally = self.cage_of[cell].map(|k| st.tallies[k]).unwrap_or_default();
            self.place(st, cell, v);
            self.search(st, limit, found);
            self.unplace(st, cell, v, tally);
        }
    }

    /// Keeps in `cands` only the values that some filling of their cage's empty cells (each
    /// from its own candidates, no value twice in a row, column, box or Killer cage, the rule
    /// met) gives them; cages whose fillings are too many to list are left as they are. False
    /// when a cage cannot be filled at all.
    fn cage_supports(&self, st: &State, cands: &mut [u64]) -> bool {
        /// Fillings listed at most per cage (the product of its cells' candidate counts).
        const MOST: u64 = 4096;
        for (k, cage) in self.puzzle.cages().iter().enumerate() {
            let open: Vec<usize> =
                cage.cells.iter().map(|c| c.index()).filter(|&c| st.cells[c] == 0).collect();
            if open.len() < 2 {
                continue;
            }
            let mut ways: u64 = 1;
            for &c in &open {
                ways = ways.saturating_mul(cands[c].count_ones() as u64);
            }
            if ways > MOST {
                continue;
            }
            let mut support = vec![0u64; open.len()];
            let mut values = vec![0u8; open.len()];
            self.fill_cage(k, &open, cands, st.tallies[k], &mut values, 0, &mut support);
            for (i, &c) in open.iter().enumerate() {
                cands[c] &= support[i];
                if cands[c] == 0 {
                    return false;
                }
            }
        }
        true
    }

    /// Tries every value for `open[i..]` and marks the values of each complete filling that
    /// meets cage `k` in `support`.
    #[allow(clippy::too_many_arguments)]
    fn fill_cage(
        &self,
        k: usize,
        open: &[usize],
        cands: &[u64],
        tally: Tally,
        values: &mut [u8],
        i: usize,
        support: &mut [u64],
    ) {
        let n = self.n;
        if i == open.len() {
            for (s, &v) in support.iter_mut().zip(values.iter()) {
                *s |= 1u64 << (v - 1);
            }
            return;
        }
        let c = open[i];
        let mut left = cands[c];
        while left != 0 {
            let v = left.trailing_zeros() as u8 + 1;
            left &= left - 1;
            let clash = (0..i).any(|j| {
                let d = open[j];
                values[j] == v
                    && (d / n == c / n
                        || d % n == c % n
                        || self.distinct
                        || self.box_of.as_ref().is_some_and(|b| b[d] == b[c]))
            });
            if clash {
                continue;
            }
            let t = tally.with(v);
            if !self.rules[k].may_hold(t, n as u64, self.distinct) {
                continue;
            }
            values[i] = v;
            self.fill_cage(k, open, cands, t, values, i + 1, support);
        }
    }

    fn find_one(&self, st: &State) -> Option<Grid> {
        let mut found = Vec::new();
        self.search(&mut st.clone(), 1, &mut found);
        found.pop()
    }

    /// Counts solutions up to `limit` (≥ 1) and finds the first one in row-major order.
    pub fn answer(&self, limit: usize) -> Answer {
        let Some(start) = self.start() else {
            return Answer { count: 0, first: None, found: Vec::new() };
        };
        let mut found = Vec::new();
        self.search(&mut start.clone(), limit.max(1), &mut found);
        let first = match found.len() {
            0 => None,
            1 => Some(found[0].clone()),
            _ => Some(self.first_in_row_major(start, found[0].clone())),
        };
        Answer { count: found.len() as u64, first, found }
    }

    /// Descent: `best` is a solution that agrees with every value fixed so far; at each cell a
    /// smaller value is kept if some solution has it, else `best`'s value.
    fn first_in_row_major(&self, mut st: State, mut best: Grid) -> Grid {
        for cell in 0..self.n * self.n {
            if st.cells[cell] != 0 {
                continue;
            }
            let mine = best.cells()[cell];
            let mut smaller = self.candidates(&st, cell) & ((1u64 << (mine - 1)) - 1);
            let mut chosen = mine;
            while smaller != 0 {
                let v = smaller.trailing_zeros() as u8 + 1;
                smaller &= smaller - 1;
                let tally = self.cage_of[cell].map(|k| st.tallies[k]).unwrap_or_default();
                self.place(&mut st, cell, v);
                if let Some(g) = self.find_one(&st) {
                    best = g;
                    chosen = v;
                    break;
                }
                self.unplace(&mut st, cell, v, tally);
            }
            if chosen == mine {
                assert!(
                    self.candidates(&st, cell) & 1u64 << (mine - 1) != 0,
                    "oracle bug: a solution's value is no candidate"
                );
                self.place(&mut st, cell, mine);
            }
        }
        assert_eq!(st.cells, best.cells(), "oracle bug: descent lost its solution");
        best
    }
}

/// Solutions of `puzzle` counted up to `limit`, and the first in row-major order.
pub fn answer(puzzle: &Puzzle, limit: usize) -> Answer {
    Oracle::new(puzzle).answer(limit)
}

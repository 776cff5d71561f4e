//! Second solutions found without search: trades of a candidate's Latin square that keep every
//! cage.
//!
//! Two rows of a Latin square, read column by column, pair each value of the first with the
//! one below it: a permutation of the values, whose cycles are sets of columns. Swapping the
//! two rows' values on the columns of one cycle leaves both rows and every column a
//! permutation again: another Latin square. The same holds for two columns. When every cage
//! the swap touches still holds, the puzzle has a second solution, so no sound rule solves it
//! and the generator drops it without grading it.
//!
//! A cycle of two is a rectangle, `a b` over `b a`: looked for on every pair of rows, as it is
//! the one the generator mends from 10×10 on. Longer cycles are looked for on neighbouring
//! rows and neighbouring columns only: a trade must change at least two cells of every cage it
//! touches (one changed value moves a sum, a product or a given), and Keen's cages are small
//! and connected, so the trades that keep them are nearly all there. Counted by the solver on
//! seed 1, they find 4,951 of the 6,072 candidates with several solutions at 3×3 normal (a
//! 3×3 square has no rectangle), 721 of the 860 the rectangles miss at 6×6 easy and 233 of
//! the 266 at 7×7 hard. Every pair of rows and of columns, and cycles of two values, found
//! 1,121, 56 and 12 more, but cost more than the grading they saved below hard.
//!
//! Most of those trades keep more than the clues: every cage's values (a cage's cells trade
//! values among themselves). Such a trade keeps whatever clue any operators give the cage, so
//! [`keeps_values`] looks for one on the square and the cut alone, before operators are drawn.

use smallvec::SmallVec;

use crate::puzzle::{Grid, Operator, rule_holds};

use super::cages::CageCells;
use super::ops::Clue;
use values::values_kept;

/// A trade of the square that keeps every cage: a second solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Trade {
    /// Rows `r1`, `r2` and columns `c1`, `c2` holding `a b` over `b a`: the four cells, as
    /// `[r1 c1, r1 c2, r2 c1, r2 c2]`.
    Rectangle([usize; 4]),
    /// A longer cycle of two neighbouring rows or columns.
    Cycle,
}

/// A trade of `square` that keeps every cage of `cut` (clues `clues`, as the puzzle shows
/// them): the first rectangle in the order of its rows and first column, else a longer cycle.
/// None when neither is found (the puzzle may still have several solutions).
pub(super) fn second_solution(
    n: usize,
    square: &[u8],
    cut: &[CageCells],
    clues: &[Clue],
) -> Option<Trade> {
    // State sized for the square: setting up a 16×16 one (about 5 KB) took a tenth of a 3×3
    // candidate's instructions.
    if n <= 4 {
        second_solution_in::<16, 4>(n, square, cut, Some(clues))
    } else if n <= 8 {
        second_solution_in::<64, 8>(n, square, cut, Some(clues))
    } else {
        second_solution_in::<256, 16>(n, square, cut, Some(clues))
    }
}

/// [`second_solution`] with state for up to `CELLS` cells and a side of `SIDE`; without
/// clues, the trades that keep every cage's values ([`keeps_values`]).
fn second_solution_in<const CELLS: usize, const SIDE: usize>(
    n: usize,
    square: &[u8],
    cut: &[CageCells],
    clues: Option<&[Clue]>,
) -> Option<Trade> {
    let mut trades = Trades::<CELLS, SIDE>::empty(n, cut, clues);
    trades.fill(square);
    if let Some(cells) = trades.rectangle() {
        return Some(Trade::Rectangle(cells));
    }
    trades.longer_cycle().then_some(Trade::Cycle)
}

/// Whether a trade of `square` keeps the values of every cage of `cut` (each cage the same
/// values, in other cells): then any clues the cages get keep it too, and every puzzle of
/// this square and cut has a second solution. Looked for as [`second_solution`] looks, the
/// same trades; for squares below 16×16 (a cage's count of a value then moves by less than 16
/// in a trade, which [`Balance::Values`] needs).
pub(super) fn keeps_values(n: usize, square: &[u8], cut: &[CageCells]) -> bool {
    assert!(n < 16, "keeps_values up to 15×15");
    // Up to 8×8 (every candidate that comes here but 9×9's), the search of `values_kept`,
    // which sets up about a tenth of what `Trades` does: 4×4 easy took 2,850 instructions a
    // candidate here before.
    if n <= 4 {
        values_kept::<16>(n, square, cut)
    } else if n <= 8 {
        values_kept::<64>(n, square, cut)
    } else {
        values_kept_by_state(n, square, cut)
    }
}

/// [`keeps_values`] by the state that [`second_solution`] uses, for any side below 16.
fn values_kept_by_state(n: usize, square: &[u8], cut: &[CageCells]) -> bool {
    if n <= 4 {
        second_solution_in::<16, 4>(n, square, cut, None).is_some()
    } else if n <= 8 {
        second_solution_in::<64, 8>(n, square, cut, None).is_some()
    } else {
        second_solution_in::<256, 16>(n, square, cut, None).is_some()
    }
}

/// What a trade swaps between.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pair {
    Rows = 0,
    Columns = 1,
}

/// What a trade must keep for a cage to hold: its sum (a + cage), its product (×), its value
/// (a given), its values (any clue: [`keeps_values`]); other cages (−, ÷, a hidden operator)
/// are checked in full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Balance {
    Sum = 0,
    Product = 1,
    Value = 2,
    Free = 3,
    Values = 4,
}

impl Balance {
    /// What value `v` adds to the amount a cage keeps. A product is kept as the sum of its
    /// values' exponents of 2, 3, 5, 7, 11 and 13, one per byte: with wrapping arithmetic a
    /// change of that sum is zero exactly when no exponent changed (none moves by 128 in a
    /// cage). The values are kept as how many of each a cage holds, four bits a value: zero
    /// change exactly when no count changed, as no count moves by 16 (a cage holds a value
    /// at most once a row, and the squares checked so are below 16×16).
    #[inline]
    fn of(self, v: u8) -> u64 {
        KEYS[self as usize][v as usize]
    }
}

/// [`Balance::of`] for each kind and value.
const KEYS: [[u64; 17]; 5] = {
    let mut t = [[0u64; 17]; 5];
    let mut v = 1;
    while v <= 16 {
        t[Balance::Sum as usize][v] = v as u64;
        t[Balance::Value as usize][v] = v as u64;
        t[Balance::Product as usize][v] = EXPONENTS[v];
        t[Balance::Values as usize][v] = 1 << (4 * (v - 1));
        v += 1;
    }
    t
};

/// The prime exponents of 1 to 16, one byte each (2, 3, 5, 7, 11, 13).
const EXPONENTS: [u64; 17] = {
    let primes = [2u64, 3, 5, 7, 11, 13];
    let mut t = [0u64; 17];
    let mut v = 1;
    while v <= 16 {
        let mut rest = v as u64;
        let mut i = 0;
        while i < primes.len() {
            while rest % primes[i] == 0 {
                rest /= primes[i];
                t[v] += 1 << (8 * i);
            }
            i += 1;
        }
        v += 1;
    }
    t
};

/// The changes of one trade: cells and their new values.
type Changes = SmallVec<[(u16, u8); 32]>;

struct Trades<'a, const CELLS: usize, const SIDE: usize> {
    n: usize,
    grid: [u8; CELLS],
    cage_of: [u16; CELLS],
    /// `column[r * n + v - 1]`: where row r holds v.
    column: [u8; CELLS],
    /// `row[c * n + v - 1]`: where column c holds v.
    row: [u8; CELLS],
    cut: &'a [CageCells],
    /// None: every cage must keep its values ([`keeps_values`]).
    clues: Option<&'a [Clue]>,
    /// What each cell's cage keeps.
    balance: [Balance; CELLS],
    /// A trade that changes a cell of a kept cage must change another of its cells, so a trade
    /// of two rows needs another cell of the cage in one of them. `with[Rows][a][b]`: the
    /// columns where row a's cell has another of its cage in row b; `with[Columns][a][b]`:
    /// the rows where column a's cell has one in column b.
    with: [[[u16; SIDE]; SIDE]; 2],
    /// The same places for cells of cages checked in full (any trade may keep them).
    free: [[u16; SIDE]; 2],
    /// Per cage: the change of its kept amount in the trade being weighed (zero between
    /// trades), and whether the trade touches it.
    delta: [u64; CELLS],
    touched: [bool; CELLS],
}

impl<'a, const CELLS: usize, const SIDE: usize> Trades<'a, CELLS, SIDE> {
    /// Nothing filled in yet: returned as it is built, so that it is made in the caller's
    /// place (the filled state, returned, was copied: a few hundred bytes to kilobytes).
    #[inline(always)]
    fn empty(n: usize, cut: &'a [CageCells], clues: Option<&'a [Clue]>) -> Trades<'a, CELLS, SIDE> {
        Trades {
            n,
            grid: [0; CELLS],
            cage_of: [0; CELLS],
            column: [0; CELLS],
            row: [0; CELLS],
            cut,
            clues,
            balance: [Balance::Free; CELLS],
            with: [[[0; SIDE]; SIDE]; 2],
            free: [[0; SIDE]; 2],
            delta: [0; CELLS],
            touched: [false; CELLS],
        }
    }

    /// Fills the state of [`Trades::empty`] from `square`.
    fn fill(&mut self, square: &[u8]) {
        let (n, cut, clues) = (self.n, self.cut, self.clues);
        self.grid[..n * n].copy_from_slice(square);
        let line = |c: usize| (c / n, c % n);
        for (k, cells) in cut.iter().enumerate() {
            let balance = match clues.map(|c| c[k].0) {
                _ if cells.len() == 1 => Balance::Value,
                None => Balance::Values,
                Some(Some(Operator::Add)) => Balance::Sum,
                Some(Some(Operator::Mul)) => Balance::Product,
                Some(_) => Balance::Free,
            };
            for &c in cells {
                self.cage_of[c] = k as u16;
                self.balance[c] = balance;
                let (r, col) = line(c);
                if balance == Balance::Free {
                    self.free[Pair::Rows as usize][r] |= 1 << col;
                    self.free[Pair::Columns as usize][col] |= 1 << r;
                    continue;
                }
                for &d in cells.iter().filter(|&&d| d != c) {
                    let (dr, dc) = line(d);
                    self.with[Pair::Rows as usize][r][dr] |= 1 << col;
                    self.with[Pair::Columns as usize][col][dc] |= 1 << r;
                }
            }
        }
        for r in 0..n {
            for c in 0..n {
                let v = self.grid[r * n + c] as usize - 1;
                self.column[r * n + v] = c as u8;
                self.row[c * n + v] = r as u8;
            }
        }
    }

    /// A rectangle whose swap keeps every cage: its four cells (the first in the order of
    /// its rows, then its first column).
    fn rectangle(&mut self) -> Option<[usize; 4]> {
        let n = self.n;
        for r1 in 0..n {
            for r2 in r1 + 1..n {
                let mut open = self.open(Pair::Rows, r1, r2);
                if open.count_ones() < 2 {
                    continue;
                }
                while open != 0 {
                    let c1 = open.trailing_zeros() as usize;
                    open &= open - 1;
                    let (a, b) = (self.grid[r1 * n + c1], self.grid[r2 * n + c1]);
                    // The column where row r1 holds b: a rectangle when row r2 holds a there.
                    let c2 = self.column[r1 * n + b as usize - 1] as usize;
                    if open & 1 << c2 == 0 || self.grid[r2 * n + c2] != a {
                        continue;
                    }
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    let [p, q, r, s] = cells.map(|c| c as u16);
                    let changes = [(p, b), (q, a), (r, a), (s, b)];
                    if self.balanced(&changes) && self.keeps(&changes) {
                        return Some(cells);
                    }
                }
            }
        }
        None
    }

    /// Whether a cycle of three or more of two neighbouring rows or columns keeps every cage.
    fn longer_cycle(&mut self) -> bool {
        [Pair::Rows, Pair::Columns].into_iter().any(|pair| self.cycles(pair))
    }

    /// Whether a cycle of three or more of `pair` (lines `a` and `a + 1`) keeps every cage.
    fn cycles(&mut self, pair: Pair) -> bool {
        let mut changes = Changes::new();
        for a in 0..self.n.saturating_sub(1) {
            let open = self.open(pair, a, a + 1);
            if open.count_ones() < 3 {
                continue;
            }
            let mut seen = 0u32;
            for start in 0..self.n {
                if (seen | !open) & 1 << start != 0 {
                    continue;
                }
                let places = self.cycle(pair, a, a + 1, start, &mut changes);
                seen |= places;
                if places & !open == 0
                    && changes.len() > 4
                    && self.balanced(&changes)
                    && self.keeps(&changes)
                {
                    return true;
                }
            }
        }
        false
    }

    /// The places (columns for two rows, rows for two columns) where both cells a trade of
    /// lines `a` and `b` changes may keep their cages: a trade through any other place
    /// cannot keep every cage.
    fn open(&self, pair: Pair, a: usize, b: usize) -> u32 {
        let (with, free) = (&self.with[pair as usize], &self.free[pair as usize]);
        u32::from((with[a][a] | with[a][b] | free[a]) & (with[b][a] | with[b][b] | free[b]))
    }

    /// The cycle of lines `a` and `b` through `start` (a column for two rows, a row for two
    /// columns) as `changes`; returns its places.
    fn cycle(&self, pair: Pair, a: usize, b: usize, start: usize, changes: &mut Changes) -> u32 {
        let (n, g) = (self.n, &self.grid);
        changes.clear();
        let mut at = start;
        let mut places = 0;
        loop {
            places |= 1 << at;
            // The cells of the two lines at `at` take each other's values; next comes the
            // place where line a holds what line b holds here.
            let (x, y, next) = match pair {
                Pair::Rows => (a * n + at, b * n + at, &self.column),
                Pair::Columns => (at * n + a, at * n + b, &self.row),
            };
            changes.push((x as u16, g[y]));
            changes.push((y as u16, g[x]));
            at = next[a * n + g[y] as usize - 1] as usize;
            if at == start {
                return places;
            }
        }
    }

    /// Whether `changes` keep the sum of every + cage, the product of every × cage, every
    /// given, and the values of every cage when there are no clues: a quick test before
    /// [`Trades::keeps`], which most trades fail.
    fn balanced(&mut self, changes: &[(u16, u8)]) -> bool {
        let (mut touched, mut count) = ([0u16; 32], 0);
        for &(c, v) in changes {
            let c = c as usize;
            let k = self.cage_of[c] as usize;
            let b = self.balance[c];
            if !self.touched[k] {
                self.touched[k] = true;
                touched[count] = k as u16;
                count += 1;
            }
            self.delta[k] = self.delta[k].wrapping_add(b.of(v)).wrapping_sub(b.of(self.grid[c]));
        }
        let mut balanced = true;
        for &k in &touched[..count] {
            let k = k as usize;
            balanced &= self.delta[k] == 0;
            (self.delta[k], self.touched[k]) = (0, false);
        }
        balanced
    }

    /// Whether every cage holds with `changes` made (the grid is left as it was), once they
    /// are [`Trades::balanced`]: then every + and × cage and every given holds already (the
    /// same sum, product or value), so only the cages checked in full (−, ÷, hidden operators)
    /// are looked at, each once.
    fn keeps(&mut self, changes: &[(u16, u8)]) -> bool {
        let mut old: SmallVec<[u8; 32]> = SmallVec::new();
        for &(c, v) in changes {
            old.push(self.grid[c as usize]);
            self.grid[c as usize] = v;
        }
        let mut keeps = true;
        let (mut checked, mut count) = ([0u16; 32], 0);
        for &(c, _) in changes {
            if self.balance[c as usize] != Balance::Free {
                continue;
            }
            let k = self.cage_of[c as usize];
            if checked[..count].contains(&k) {
                continue;
            }
            checked[count] = k;
            count += 1;
            let k = k as usize;
            let values: SmallVec<[u8; 16]> = self.cut[k].iter().map(|&x| self.grid[x]).collect();
            // Only clues make a cage checked in full.
            let (op, target) = self.clues.map_or((None, 0), |c| c[k]);
            if !rule_holds(op, target, &values) {
                keeps = false;
                break;
            }
        }
        debug_assert!(!keeps || self.is_second_solution(), "{changes:?}");
        for (&(c, _), &v) in changes.iter().zip(&old) {
            self.grid[c as usize] = v;
        }
        keeps
    }

    /// Whether the grid as it is now is a Latin square other than the first that keeps every
    /// cage (checked by the puzzle model, for debug builds and tests): its clues, or without
    /// clues its values.
    fn is_second_solution(&self) -> bool {
        let n = self.n;
        let grid = Grid::from_valid(n, self.grid[..n * n].to_vec());
        // The first square's value at cell i: the v whose place in row i / n is column i % n.
        let first = |i: usize| {
            let (r, c) = (i / n, i % n);
            (1..=n).find(|&v| self.column[r * n + v - 1] as usize == c).unwrap_or(0) as u8
        };
        let differs = (0..n * n).any(|i| self.grid[i] != first(i));
        let keeps = match self.clues {
            Some(clues) => super::ops::puzzle_of(n, self.cut, clues).is_solution(&grid),
            None => {
                // A KenKen without cages: its solutions are the Latin squares of its side.
                let latin = crate::puzzle::Puzzle::kenken(n, vec![]).expect("no cages");
                let values = |k: &CageCells, of: &dyn Fn(usize) -> u8| {
                    let mut v: SmallVec<[u8; 16]> = k.iter().map(|&c| of(c)).collect();
                    v.sort_unstable();
                    v
                };
                latin.is_solution(&grid)
                    && self.cut.iter().all(|k| values(k, &|c| self.grid[c]) == values(k, &first))
            }
        };
        differs && keeps
    }
}

#[cfg(test)]
mod tests;
mod values;

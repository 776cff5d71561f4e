//! The one puzzle model: an N×N Latin square with optional boxes, givens and cages.
//!
//! A Sudoku is a Latin square with boxes and givens, a KenKen (Calcudoku) is one with
//! arithmetic cages, a Killer Sudoku has boxes and (distinct-valued) cages. Every solver and
//! every format works on this one type.

use std::fmt;

use crate::error::ModelError;
use smallvec::{SmallVec, smallvec};

/// Largest supported side length (values are kept in a 64-bit set).
pub const MAX_SIZE: usize = 64;

/// A value placed in a cell: 1..=N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Value(u8);

impl Value {
    /// `v` must be in 1..=64.
    pub const fn new(v: u8) -> Option<Value> {
        if v >= 1 && v as usize <= MAX_SIZE { Some(Value(v)) } else { None }
    }
    /// The value as a number in 1..=64.
    pub const fn get(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A cell, by its row-major index (row * N + column), as the seeds number them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u16);

impl Cell {
    /// The cell at 0-based `row` and `col` of an N×N grid (`size` = N). Not checked: the
    /// caller keeps `row` and `col` below N.
    pub const fn at(row: usize, col: usize, size: usize) -> Cell {
        Cell((row * size + col) as u16)
    }
    /// The row-major index, 0 to N² − 1.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The 0-based row in an N×N grid (`size` = N).
    pub const fn row(self, size: usize) -> usize {
        self.0 as usize / size
    }
    /// The 0-based column in an N×N grid (`size` = N).
    pub const fn col(self, size: usize) -> usize {
        self.0 as usize % size
    }
}

/// A set of values 1..=64 as a bitset (bit `v - 1` stands for value `v`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ValueSet(pub u64);

impl ValueSet {
    /// The set with no values.
    pub const EMPTY: ValueSet = ValueSet(0);

    /// All values 1..=n.
    pub const fn full(n: usize) -> ValueSet {
        if n >= 64 { ValueSet(u64::MAX) } else { ValueSet((1u64 << n) - 1) }
    }
    /// The set of `v` alone (empty for values outside 1..=64).
    pub const fn single(v: u8) -> ValueSet {
        if v >= 1 && v <= 64 { ValueSet(1u64 << (v - 1)) } else { ValueSet(0) }
    }
    /// Values lo..=hi (empty when lo > hi); lo ≥ 1.
    pub const fn range(lo: u8, hi: u8) -> ValueSet {
        if lo > hi || hi == 0 {
            return ValueSet(0);
        }
        let lo = if lo == 0 { 1 } else { lo };
        ValueSet(ValueSet::full(hi as usize).0 & !ValueSet::full(lo as usize - 1).0)
    }
    /// The raw bitset: bit `v - 1` is set when `v` is in the set.
    pub const fn bits(self) -> u64 {
        self.0
    }
    /// Whether the set holds no value.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// How many values the set holds (0 to 64).
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// Whether `v` is in the set (always false for values outside 1..=64).
    pub const fn contains(self, v: u8) -> bool {
        v >= 1 && v <= 64 && self.0 & (1u64 << (v - 1)) != 0
    }
    /// Adds `v`; values outside 1..=64 are ignored (no set can hold them).
    pub fn insert(&mut self, v: u8) {
        if (1..=64).contains(&v) {
            self.0 |= 1u64 << (v - 1);
        }
    }
    /// Removes `v` (nothing to do for values outside 1..=64).
    pub fn remove(&mut self, v: u8) {
        if (1..=64).contains(&v) {
            self.0 &= !(1u64 << (v - 1));
        }
    }
    /// The value, when the set holds exactly one.
    pub const fn single_value(self) -> Option<u8> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(self.0.trailing_zeros() as u8 + 1)
        } else {
            None
        }
    }
    /// Smallest value (None when empty).
    pub const fn min(self) -> Option<u8> {
        if self.0 == 0 { None } else { Some(self.0.trailing_zeros() as u8 + 1) }
    }
    /// Largest value (None when empty).
    pub const fn max(self) -> Option<u8> {
        if self.0 == 0 { None } else { Some(64 - self.0.leading_zeros() as u8) }
    }
    /// The values in increasing order.
    pub fn iter(self) -> ValueSetIter {
        ValueSetIter(self.0)
    }
}

impl fmt::Debug for ValueSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl std::ops::BitAnd for ValueSet {
    type Output = ValueSet;
    fn bitand(self, rhs: ValueSet) -> ValueSet {
        ValueSet(self.0 & rhs.0)
    }
}
impl std::ops::BitOr for ValueSet {
    type Output = ValueSet;
    fn bitor(self, rhs: ValueSet) -> ValueSet {
        ValueSet(self.0 | rhs.0)
    }
}
impl std::ops::BitAndAssign for ValueSet {
    fn bitand_assign(&mut self, rhs: ValueSet) {
        self.0 &= rhs.0;
    }
}
impl std::ops::BitOrAssign for ValueSet {
    fn bitor_assign(&mut self, rhs: ValueSet) {
        self.0 |= rhs.0;
    }
}
impl std::ops::Not for ValueSet {
    type Output = ValueSet;
    fn not(self) -> ValueSet {
        ValueSet(!self.0)
    }
}

/// Iterates the values of a [`ValueSet`] in increasing order.
pub struct ValueSetIter(u64);

impl Iterator for ValueSetIter {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let v = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(v)
    }
}

/// A cage's arithmetic operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operator {
    /// The sum of the cells.
    Add,
    /// Two cells: the difference; more: the largest minus all the others.
    Sub,
    /// The product of the cells.
    Mul,
    /// Two cells: larger divided by smaller, exactly; more: the largest divided by the product
    /// of the others, exactly.
    Div,
}

impl Operator {
    /// The four operators, in the order `+ - * /`.
    pub const ALL: [Operator; 4] = [Operator::Add, Operator::Sub, Operator::Mul, Operator::Div];

    /// The ASCII symbol the seeds write: `+ - * /`.
    pub const fn symbol(self) -> char {
        match self {
            Operator::Add => '+',
            Operator::Sub => '-',
            Operator::Mul => '*',
            Operator::Div => '/',
        }
    }

    /// Reads every common spelling: `+ - * / x X × ÷ − ∗` (and `–`, `·`).
    pub fn from_char(c: char) -> Option<Operator> {
        match c {
            '+' => Some(Operator::Add),
            '-' | '−' | '–' => Some(Operator::Sub),
            '*' | 'x' | 'X' | '×' | '∗' | '·' => Some(Operator::Mul),
            '/' | '÷' => Some(Operator::Div),
            _ => None,
        }
    }

    /// The target `values` (one or more, all ≥ 1) make under this operator, when there is
    /// one: the sum; the product, when it fits 64 bits; the largest minus the others, when not
    /// negative; the largest divided by the product of the others, when exact.
    pub fn apply(self, values: &[u8]) -> Option<u64> {
        // Two values, most cages: the same results without the general folds.
        if let &[a, b] = values {
            let (p, q) = (a.max(b) as u64, a.min(b) as u64);
            return match self {
                Operator::Add => Some(p + q),
                Operator::Mul => Some(p * q),
                Operator::Sub => Some(p - q),
                Operator::Div => (q != 0 && p % q == 0).then(|| p / q),
            };
        }
        self.apply_any(values)
    }

    /// [`Operator::apply`] for any number of values.
    fn apply_any(self, values: &[u8]) -> Option<u64> {
        let max = *values.iter().max()? as u64;
        let sum = || values.iter().map(|&v| v as u64).sum::<u64>();
        let product = || values.iter().try_fold(1u64, |p, &v| p.checked_mul(v as u64));
        match self {
            Operator::Add => Some(sum()),
            Operator::Mul => product(),
            Operator::Sub => {
                let sum = sum();
                (2 * max >= sum).then(|| 2 * max - sum)
            }
            Operator::Div => {
                let others = product()? / max;
                (max % others == 0).then(|| max / others)
            }
        }
    }

    /// Whether the values (all ≥ 1) meet `target` under this operator.
    pub fn holds(self, target: u64, values: &[u8]) -> bool {
        match self {
            Operator::Add => values.iter().map(|&v| v as u64).sum::<u64>() == target,
            Operator::Mul => {
                let mut p: u64 = 1;
                for &v in values {
                    p = match p.checked_mul(v as u64) {
                        Some(p) if p <= target => p,
                        _ => return false,
                    };
                }
                p == target
            }
            Operator::Sub => {
                let max = values.iter().copied().max().unwrap_or(0) as i64;
                let rest: i64 = values.iter().map(|&v| v as i64).sum::<i64>() - max;
                max - rest == target as i64
            }
            Operator::Div => {
                let max = values.iter().copied().max().unwrap_or(0) as u64;
                let mut rest: u64 = 1;
                let mut skipped = false;
                for &v in values {
                    if !skipped && v as u64 == max {
                        skipped = true;
                        continue;
                    }
                    rest = match rest.checked_mul(v as u64) {
                        Some(r) if r <= max => r,
                        _ => return false,
                    };
                }
                max % rest == 0 && max / rest == target
            }
        }
    }
}

impl fmt::Display for Operator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A cage: cells whose values must meet `target` under `op`.
///
/// `op == None` means no operator was written: on one cell the cage is a given (the cell holds
/// `target`); on several cells the operator is hidden and any of `+ - * /` that fits will do.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The cells of the cage, in the order the input listed them (checked by [`Puzzle::new`]:
    /// at least one, all in range, none in another cage).
    pub cells: Vec<Cell>,
    /// The number the cells' values must make under `op`; for a one-cell cage without an
    /// operator, the cell's value.
    pub target: u64,
    /// The operator; `None` for a given (one cell) or a hidden operator (several cells).
    pub op: Option<Operator>,
}

impl Cage {
    /// A cage of `cells` whose values must make `target` under `op`; checked later, by
    /// [`Puzzle::new`].
    pub fn new(target: u64, op: Option<Operator>, cells: Vec<Cell>) -> Cage {
        Cage { cells, target, op }
    }

    /// Whether a complete assignment of the cage's cells (in `cells` order) meets the cage.
    pub fn holds(&self, values: &[u8]) -> bool {
        rule_holds(self.op, self.target, values)
    }

    /// The label as the `ops` format writes it: `12+`, `3` (a given), `7?` (hidden operator).
    pub fn label(&self) -> String {
        self.label_for(self.cells.len())
    }

    /// The label of a cage of this rule with `cells` cells.
    pub(crate) fn label_for(&self, cells: usize) -> String {
        let mut out = String::new();
        self.push_label_for(cells, &mut out);
        out
    }

    /// Appends [`Cage::label_for`] to `out` (no allocation on its own).
    pub(crate) fn push_label_for(&self, cells: usize, out: &mut String) {
        push_number(out, self.target);
        match self.op {
            Some(op) => out.push(op.symbol()),
            None if cells == 1 => {}
            None => out.push('?'),
        }
    }
}

/// Appends `x` in decimal (no allocation, unlike `to_string`).
pub(crate) fn push_number(out: &mut String, mut x: u64) {
    // Most numbers written are cage ids and small targets.
    if x < 10 {
        out.push(char::from(b'0' + x as u8));
        return;
    }
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    out.extend(digits[at..].iter().map(|&d| d as char));
}

/// The cells next to cell `c` of an `n`×`n` grid (row-major indices): up, down, left, right,
/// those that exist.
pub fn neighbours(n: usize, c: usize) -> impl Iterator<Item = usize> {
    let (r, col) = (c / n, c % n);
    [
        (r > 0).then(|| c - n),
        (r + 1 < n).then(|| c + n),
        (col > 0).then(|| c - 1),
        (col + 1 < n).then(|| c + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether `values` (a complete cage) meet `target` under `op`; `None` is a given on one cell
/// and a hidden operator (any of the four) on several.
pub(crate) fn rule_holds(op: Option<Operator>, target: u64, values: &[u8]) -> bool {
    match op {
        Some(op) => op.holds(target, values),
        None if values.len() == 1 => values[0] as u64 == target,
        None => Operator::ALL.iter().any(|op| op.holds(target, values)),
    }
}

/// The shape of a Sudoku box: `height` rows by `width` columns, with height × width = N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoxShape {
    /// Rows per box.
    pub height: u8,
    /// Columns per box.
    pub width: u8,
}

impl BoxShape {
    /// The usual box shape for a Sudoku of side `n` (4, 6, 8, 9, 12, 16, 25, …): the most
    /// square factorisation with height ≤ width (2×3 for 6, 3×4 for 12). None for primes > 3.
    pub fn standard(n: usize) -> Option<BoxShape> {
        if n == 1 {
            return Some(BoxShape { height: 1, width: 1 });
        }
        let mut h = (n as f64).sqrt() as usize;
        while h > 1 && n % h != 0 {
            h -= 1;
        }
        if h <= 1 { None } else { Some(BoxShape { height: h as u8, width: (n / h) as u8 }) }
    }

    /// Index of the box holding (row, col), boxes numbered row-major.
    pub fn box_of(self, row: usize, col: usize, size: usize) -> usize {
        let per_row = size / self.width as usize;
        (row / self.height as usize) * per_row + col / self.width as usize
    }
}

impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.height, self.width)
    }
}

/// A (possibly partial) grid of values, row-major; 0 means empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    size: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// An N×N grid (`size` = N) with every cell empty (0). Not checked; see [`Grid::from_cells`].
    pub fn empty(size: usize) -> Grid {
        Grid { size, cells: vec![0; size * size] }
    }
    /// A grid of `size`² values in 0..=`size`, row-major (0 is an empty cell); an error names
    /// what does not fit.
    pub fn from_cells(size: usize, cells: Vec<u8>) -> Result<Grid, ModelError> {
        if size == 0 || size > MAX_SIZE {
            return Err(ModelError::Size { size });
        }
        if cells.len() != size * size {
            return Err(ModelError::CellCount { size, found: cells.len() });
        }
        if let Some(i) = cells.iter().position(|&v| v as usize > size) {
            return Err(ModelError::GivenOutOfRange {
                cell: Cell(i as u16),
                value: cells[i],
                size,
            });
        }
        Ok(Grid { size, cells })
    }
    /// A grid from values the crate has made itself (checked in debug builds only).
    pub(crate) fn from_valid(size: usize, cells: Vec<u8>) -> Grid {
        debug_assert_eq!(cells.len(), size * size, "grid needs size² cells");
        debug_assert!(cells.iter().all(|&v| v as usize <= size));
        Grid { size, cells }
    }
    /// Side length N of the grid.
    pub fn size(&self) -> usize {
        self.size
    }
    /// All N² values, row-major (0 = empty).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }
    /// The value in `cell` (0 = empty). Panics if the cell index is N² or more.
    pub fn get(&self, cell: Cell) -> u8 {
        self.cells[cell.index()]
    }
    /// Puts `v` in `cell` (0 empties it); `v` is not checked against N. Panics if the cell
    /// index is N² or more.
    pub fn set(&mut self, cell: Cell, v: u8) {
        self.cells[cell.index()] = v;
    }
    /// The value at 0-based `row` and `col` (0 = empty); both must be below N.
    pub fn at(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.size + col]
    }
    /// The rows, top to bottom, each a slice of N values.
    pub fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.cells.chunks(self.size.max(1))
    }
    /// Whether no cell is empty (says nothing about whether the values are right).
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }
}

/// Rows of numbers separated by one space, each row ending in a newline: the seeds' output.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            for (i, v) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{v}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// A puzzle: an N×N Latin square (each of 1..=N once per row and column) with optional boxes,
/// givens and cages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    size: usize,
    boxes: Option<BoxShape>,
    givens: Grid,
    cages: Vec<Cage>,
    distinct_cages: bool,
}

impl Puzzle {
    /// Checks the structure: size in 1..=[`MAX_SIZE`], boxes tiling the grid, givens in 1..=N,
    /// cage cells in range, no cell in two cages, no empty cage.
    ///
    /// `distinct_cages`: the values within each cage must differ (Killer Sudoku rules).
    pub fn new(
        size: usize,
        boxes: Option<BoxShape>,
        givens: Grid,
        cages: Vec<Cage>,
        distinct_cages: bool,
    ) -> Result<Puzzle, ModelError> {
        if size == 0 || size > MAX_SIZE {
            return Err(ModelError::Size { size });
        }
        if let Some(b) = boxes {
            if b.height == 0 || b.width == 0 || b.height as usize * b.width as usize != size {
                return Err(ModelError::BoxShape { shape: b, size });
            }
        }
        if givens.size() != size {
            return Err(ModelError::GivensSize { expected: size, found: givens.size() });
        }
        // The largest given first (a loop without an early exit, which the compiler widens):
        // the cell is looked for only when one is out of range.
        if givens.cells().iter().fold(0, |m, &v| m.max(v)) as usize > size {
            let out = givens.cells().iter().enumerate().find(|&(_, &v)| v as usize > size);
            if let Some((i, &v)) = out {
                return Err(ModelError::GivenOutOfRange { cell: Cell(i as u16), value: v, size });
            }
        }
        // The cells already in a cage, a bit each (on the stack up to 16×16: the generator
        // builds a puzzle per puzzle it makes, and a map of owners on the heap was a fifth of
        // this function at 3×3); the first cage of a cell found twice is looked for then.
        let mut taken: SmallVec<[u64; 4]> = if cages.is_empty() {
            SmallVec::new()
        } else {
            smallvec![0; (size * size).div_ceil(64)]
        };
        for (k, cage) in cages.iter().enumerate() {
            if cage.cells.is_empty() {
                return Err(ModelError::EmptyCage { cage: k });
            }
            for &c in &cage.cells {
                let i = c.index();
                if i >= size * size {
                    return Err(ModelError::CellOutOfRange { cell: i, cells: size * size });
                }
                if taken[i / 64] & 1 << (i % 64) != 0 {
                    let first = cages.iter().position(|g| g.cells.contains(&c)).unwrap_or(k);
                    return Err(ModelError::CellInTwoCages { cell: i, first, second: k });
                }
                taken[i / 64] |= 1 << (i % 64);
            }
        }
        Ok(Puzzle { size, boxes, givens, cages, distinct_cages })
    }

    /// A plain Sudoku: boxes and givens, no cages.
    pub fn sudoku(
        size: usize,
        boxes: Option<BoxShape>,
        givens: Grid,
    ) -> Result<Puzzle, ModelError> {
        Puzzle::new(size, boxes, givens, Vec::new(), false)
    }

    /// A KenKen (Calcudoku): cages only.
    pub fn kenken(size: usize, cages: Vec<Cage>) -> Result<Puzzle, ModelError> {
        Puzzle::new(size, None, Grid::empty(size), cages, false)
    }

    /// Side length N of the N×N grid (1 to [`MAX_SIZE`]).
    pub fn size(&self) -> usize {
        self.size
    }
    /// The shape of the boxes (Sudoku, Killer Sudoku); `None` when the puzzle has none.
    pub fn boxes(&self) -> Option<BoxShape> {
        self.boxes
    }
    /// The given values, N×N, 0 where a cell is not given (all 0 for a KenKen).
    pub fn givens(&self) -> &Grid {
        &self.givens
    }
    /// The cages, in input order (empty for a plain Sudoku); a cage's index here is the one
    /// errors and [`Puzzle::cage_of_cells`] use.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }
    /// Whether the values within each cage must differ (Killer Sudoku).
    pub fn distinct_cages(&self) -> bool {
        self.distinct_cages
    }
    /// Number of cells, N².
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }
    /// For each cell, the index of its cage (None when in no cage).
    pub fn cage_of_cells(&self) -> Vec<Option<usize>> {
        let mut owner = vec![None; self.cell_count()];
        for (k, cage) in self.cages.iter().enumerate() {
            for &c in &cage.cells {
                owner[c.index()] = Some(k);
            }
        }
        owner
    }
    /// Whether every cell lies in exactly one cage (what a KenKen requires).
    pub fn cages_cover_grid(&self) -> bool {
        self.cage_of_cells().iter().all(Option::is_some)
    }

    /// Whether a complete grid solves the puzzle: a Latin square, boxes and givens respected,
    /// every cage met. Independent of any solver.
    pub fn is_solution(&self, grid: &Grid) -> bool {
        let n = self.size;
        if grid.size() != n || grid.cells().iter().any(|&v| v == 0 || v as usize > n) {
            return false;
        }
        let full = ValueSet::full(n);
        for i in 0..n {
            let mut row = ValueSet::EMPTY;
            let mut col = ValueSet::EMPTY;
            for j in 0..n {
                row.insert(grid.at(i, j));
                col.insert(grid.at(j, i));
            }
            if row != full || col != full {
                return false;
            }
        }
        if let Some(b) = self.boxes {
            let mut seen = vec![ValueSet::EMPTY; n];
            for r in 0..n {
                for c in 0..n {
                    seen[b.box_of(r, c, n)].insert(grid.at(r, c));
                }
            }
            if seen.iter().any(|&s| s != full) {
                return false;
            }
        }
        for (g, v) in self.givens.cells().iter().zip(grid.cells()) {
            if *g != 0 && g != v {
                return false;
            }
        }
        self.cages.iter().all(|cage| {
            let values: Vec<u8> = cage.cells.iter().map(|&c| grid.get(c)).collect();
            let distinct = !self.distinct_cages || {
                let mut s = ValueSet::EMPTY;
                values.iter().all(|&v| {
                    let fresh = !s.contains(v);
                    s.insert(v);
                    fresh
                })
            };
            distinct && cage.holds(&values)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The target an operator makes of some values is one its rule holds for, and where there
    /// is none (a negative difference, an inexact quotient) no target near holds either.
    #[test]
    fn apply_gives_a_target_the_rule_holds_for() {
        let cases: [&[u8]; 7] =
            [&[5], &[2, 6], &[6, 2], &[3, 4, 9], &[1, 2, 3], &[4, 4], &[7, 2, 2]];
        for values in cases {
            for op in Operator::ALL {
                match op.apply(values) {
                    Some(t) => assert!(op.holds(t, values), "{op:?} {values:?} -> {t}"),
                    None => assert!((0..200).all(|t| !op.holds(t, values)), "{op:?} {values:?}"),
                }
            }
        }
        assert_eq!(Operator::Sub.apply(&[1, 2, 3]), Some(0));
        assert_eq!(Operator::Sub.apply(&[3, 4, 9]), Some(2));
        assert_eq!(Operator::Div.apply(&[7, 2, 2]), None);
        assert_eq!(Operator::Div.apply(&[3, 4, 12]), Some(1));
    }

    /// The two-value path of `apply` gives what the general one gives.
    #[test]
    fn apply_to_two_values_is_the_general_apply() {
        for a in 1..=16u8 {
            for b in 1..=16u8 {
                for op in Operator::ALL {
                    assert_eq!(op.apply(&[a, b]), op.apply_any(&[a, b]), "{op:?} {a} {b}");
                }
            }
        }
    }

    #[test]
    fn neighbours_are_the_cells_beside() {
        let mut corner: Vec<usize> = neighbours(3, 0).collect();
        corner.sort_unstable();
        assert_eq!(corner, [1, 3]);
        let mut middle: Vec<usize> = neighbours(3, 4).collect();
        middle.sort_unstable();
        assert_eq!(middle, [1, 3, 5, 7]);
        assert_eq!(neighbours(1, 0).count(), 0);
    }

    #[test]
    fn value_set_basics() {
        let s = ValueSet::full(5);
        assert_eq!(s.len(), 5);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
        assert_eq!(ValueSet::range(2, 4).iter().collect::<Vec<_>>(), vec![2, 3, 4]);
        assert!(ValueSet::range(4, 2).is_empty());
        assert_eq!(ValueSet::single(7).single_value(), Some(7));
        assert_eq!(s.single_value(), None);
        assert_eq!(s.min(), Some(1));
        assert_eq!(s.max(), Some(5));
        assert_eq!(ValueSet::full(64).len(), 64);
        assert_eq!(ValueSet::full(64).max(), Some(64));
        // Out-of-range values are no panic: no set holds them.
        let mut t = ValueSet::EMPTY;
        t.insert(0);
        t.insert(65);
        t.remove(0);
        assert!(t.is_empty() && ValueSet::single(0).is_empty() && ValueSet::single(200).is_empty());
    }

    #[test]
    fn operators_follow_the_rules() {
        assert!(Operator::Add.holds(6, &[1, 2, 3]));
        assert!(!Operator::Add.holds(7, &[1, 2, 3]));
        assert!(Operator::Mul.holds(24, &[2, 3, 4]));
        assert!(Operator::Sub.holds(3, &[1, 4]));
        assert!(Operator::Sub.holds(3, &[4, 1]));
        assert!(Operator::Sub.holds(1, &[6, 2, 3]));
        assert!(!Operator::Sub.holds(1, &[2, 3, 6, 1]));
        assert!(Operator::Div.holds(2, &[3, 6]));
        assert!(!Operator::Div.holds(2, &[4, 6]));
        assert!(Operator::Div.holds(2, &[2, 12, 3]));
        assert!(!Operator::Div.holds(2, &[5, 12, 3]));
        assert_eq!(Operator::from_char('×'), Some(Operator::Mul));
        assert_eq!(Operator::from_char('÷'), Some(Operator::Div));
        assert_eq!(Operator::from_char('−'), Some(Operator::Sub));
        assert_eq!(Operator::from_char('%'), None);
    }

    #[test]
    fn hidden_operator_accepts_any_fitting_one() {
        let cage = Cage::new(2, None, vec![Cell(0), Cell(1)]);
        assert!(cage.holds(&[1, 2])); // 2/1 or 2*1
        assert!(cage.holds(&[1, 3])); // 3-1
        assert!(!cage.holds(&[2, 5]));
        let given = Cage::new(4, None, vec![Cell(3)]);
        assert!(given.holds(&[4]) && !given.holds(&[2]));
    }

    #[test]
    fn standard_boxes() {
        assert_eq!(BoxShape::standard(6), Some(BoxShape { height: 2, width: 3 }));
        assert_eq!(BoxShape::standard(9), Some(BoxShape { height: 3, width: 3 }));
        assert_eq!(BoxShape::standard(12), Some(BoxShape { height: 3, width: 4 }));
        assert_eq!(BoxShape::standard(8), Some(BoxShape { height: 2, width: 4 }));
        assert_eq!(BoxShape::standard(7), None);
    }

    #[test]
    fn structure_errors() {
        let c = |v: &[u16]| v.iter().map(|&i| Cell(i)).collect::<Vec<_>>();
        assert!(matches!(
            Puzzle::kenken(2, vec![Cage::new(3, None, c(&[0, 1])), Cage::new(3, None, c(&[1, 2]))]),
            Err(ModelError::CellInTwoCages { cell: 1, first: 0, second: 1 })
        ));
        // Twice in one cage; and past the first 64 cells, behind a cage that does not hold it.
        assert!(matches!(
            Puzzle::kenken(2, vec![Cage::new(3, None, c(&[2])), Cage::new(3, None, c(&[0, 1, 0]))]),
            Err(ModelError::CellInTwoCages { cell: 0, first: 1, second: 1 })
        ));
        let far = vec![
            Cage::new(3, None, c(&[70, 71])),
            Cage::new(3, None, c(&[5])),
            Cage::new(3, None, c(&[80, 71])),
        ];
        assert!(matches!(
            Puzzle::kenken(9, far),
            Err(ModelError::CellInTwoCages { cell: 71, first: 0, second: 2 })
        ));
        assert!(matches!(
            Puzzle::kenken(2, vec![Cage::new(3, None, c(&[0, 4]))]),
            Err(ModelError::CellOutOfRange { cell: 4, .. })
        ));
        assert!(matches!(Puzzle::kenken(0, vec![]), Err(ModelError::Size { .. })));
        assert!(matches!(Puzzle::kenken(65, vec![]), Err(ModelError::Size { .. })));
    }
}

//! Values, cells and sets of values: the small `Copy` types every module shares.

use std::fmt;

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

/// The positions (0..64) of the set bits of `set`, lowest first.
pub(crate) fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = (set != 0).then(|| set.trailing_zeros() as usize)?;
        set &= set - 1;
        Some(i)
    })
}

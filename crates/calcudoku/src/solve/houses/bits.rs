//! Sets of cells as `W` words of 64 bits (cell `c` is bit `c % 64` of word `c / 64`).

/// A set of cells.
pub(super) type Bits<const W: usize> = [u64; W];

#[inline(always)]
pub(super) fn and<const W: usize>(a: &Bits<W>, b: &Bits<W>) -> Bits<W> {
    std::array::from_fn(|i| a[i] & b[i])
}

#[inline(always)]
pub(super) fn or<const W: usize>(a: &Bits<W>, b: &Bits<W>) -> Bits<W> {
    std::array::from_fn(|i| a[i] | b[i])
}

/// `a` without `b`.
#[inline(always)]
pub(super) fn minus<const W: usize>(a: &Bits<W>, b: &Bits<W>) -> Bits<W> {
    std::array::from_fn(|i| a[i] & !b[i])
}

#[inline(always)]
pub(super) fn is_empty<const W: usize>(a: &Bits<W>) -> bool {
    a.iter().all(|&w| w == 0)
}

/// How many cells `a` holds.
#[inline(always)]
pub(super) fn count<const W: usize>(a: &Bits<W>) -> u32 {
    a.iter().map(|w| w.count_ones()).sum()
}

/// Whether `a` and `b` share a cell.
#[inline(always)]
pub(super) fn meets<const W: usize>(a: &Bits<W>, b: &Bits<W>) -> bool {
    (0..W).any(|i| a[i] & b[i] != 0)
}

/// Whether `a` holds exactly one cell (it is known not to be empty).
#[inline(always)]
pub(super) fn one_of_some<const W: usize>(a: &Bits<W>) -> bool {
    let mut seen = false;
    for &w in a {
        if w != 0 {
            if seen || w & (w - 1) != 0 {
                return false;
            }
            seen = true;
        }
    }
    true
}

/// The lowest cell of `a`, which is not empty.
#[inline(always)]
pub(super) fn first<const W: usize>(a: &Bits<W>) -> usize {
    for (i, &w) in a.iter().enumerate() {
        if w != 0 {
            return i * 64 + w.trailing_zeros() as usize;
        }
    }
    unreachable!("the set is not empty")
}

#[inline(always)]
pub(super) fn has<const W: usize>(a: &Bits<W>, c: usize) -> bool {
    a[c / 64] >> (c % 64) & 1 != 0
}

#[inline(always)]
pub(super) fn insert<const W: usize>(a: &mut Bits<W>, c: usize) {
    a[c / 64] |= 1 << (c % 64);
}

#[inline(always)]
pub(super) fn remove<const W: usize>(a: &mut Bits<W>, c: usize) {
    a[c / 64] &= !(1 << (c % 64));
}

/// The cells of `a`, lowest first.
pub(super) fn cells<const W: usize>(a: Bits<W>) -> impl Iterator<Item = usize> {
    (0..W).flat_map(move |i| {
        let mut w = a[i];
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                i * 64 + b
            })
        })
    })
}

//! Choosing each KenKen cage's operator, as Keen does and beyond.
//!
//! Each cage has operators that suit it: a one-cell cage is a given; two cells may be `+`
//! (unless the sum gives the pair away: at most 4, or at least 2N − 2), `×` (at hard levels and
//! up not when few pairs make the product), `−` (unless the difference is N − 1) and `÷` (exact,
//! with a quotient at most N/2); three or more cells `+` or `×` — and, beyond Keen, `−` and `÷`
//! on more cells where the values make them exact and positive. Operators are then handed out
//! in turn (÷, −, ×, +), each to the next cage in a random order that suits it best, so that
//! every kind appears. `--mult-only` and `--ops` narrow the choice; `--hidden-ops` writes the
//! cages without their operators.

use crate::puzzle::Operator;

use super::rng::Rng;

/// A cage's clue: its operator (None for a one-cell cage, or hidden) and its target.
pub(super) type Clue = (Option<Operator>, u64);

/// How the operators may be chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpChoice {
    /// The operators allowed (all four by default).
    pub allowed: Vec<Operator>,
    /// Operators on more than two cells for − and ÷ (not in Keen).
    pub long_sub_div: bool,
    /// At hard levels and up, Keen avoids `×` pairs whose product few pairs make.
    pub hard: bool,
}

/// The operator of each cage (None for one-cell cages, or a cage no allowed operator fits)
/// and its target, from the values the solution gives its cells.
#[cfg(test)]
pub fn choose<V: AsRef<[u8]>>(
    cages: &[V],
    n: usize,
    choice: &OpChoice,
    rng: &mut Rng,
) -> Vec<(Option<Operator>, u64)> {
    let allowed = Allowed::of(choice);
    let mut clues = Vec::with_capacity(cages.len());
    choose_each(cages.len(), |k| cages[k].as_ref(), n, allowed, rng, &mut clues);
    clues
}

/// The order operators are handed out in, round after round.
const ORDER: [Operator; 4] = [Operator::Div, Operator::Sub, Operator::Mul, Operator::Add];

/// [`OpChoice`] as bits: `ops` has bit `i` for `ORDER[i]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Allowed {
    ops: u8,
    long_sub_div: bool,
    hard: bool,
}

impl Allowed {
    #[cfg(test)]
    pub(super) fn of(choice: &OpChoice) -> Allowed {
        Allowed::new(&choice.allowed, choice.long_sub_div, choice.hard)
    }

    /// The fields of an [`OpChoice`], as bits.
    pub(super) fn new(allowed: &[Operator], long_sub_div: bool, hard: bool) -> Allowed {
        let ops = ORDER
            .iter()
            .enumerate()
            .filter(|(_, op)| allowed.contains(op))
            .fold(0, |m, (i, _)| m | 1 << i);
        Allowed { ops, long_sub_div, hard }
    }
}

/// The hand-out for cages whose values `values(k)` gives, `count` of them: in a random order of
/// the cages, each round hands ÷, −, × and + in turn to the first cage without an operator
/// that the operator suits well, or else to the first it fits, until a round hands out none.
/// The clues, one per cage, replace what `out` held (its buffer is reused).
pub(super) fn choose_each<'a>(
    count: usize,
    values: impl Fn(usize) -> &'a [u8],
    n: usize,
    allowed: Allowed,
    rng: &mut Rng,
    out: &mut Vec<Clue>,
) {
    assert!(count <= MAX_CAGES, "at most {MAX_CAGES} cages");
    // State sized for the cages: a 3×3 grid's candidate spent a twentieth of its instructions
    // setting up arrays for 256 of them.
    if count <= 64 {
        choose_in::<64, 1>(count, values, n, allowed, rng, out)
    } else {
        choose_in::<MAX_CAGES, 4>(count, values, n, allowed, rng, out)
    }
}

/// [`choose_each`] for up to `C` cages, in sets of `W` words.
fn choose_in<'a, const C: usize, const W: usize>(
    count: usize,
    values: impl Fn(usize) -> &'a [u8],
    n: usize,
    allowed: Allowed,
    rng: &mut Rng,
    out: &mut Vec<Clue>,
) {
    // The draws of `rng.permutation(count)`, without the allocation.
    let mut order = [0u16; C];
    for (i, k) in order[..count].iter_mut().enumerate() {
        *k = i as u16;
    }
    rng.shuffle(&mut order[..count]);
    // The cages of more than one cell in that order, and for each operator the bits (one per
    // such cage, in order) of those it suits well and of those it only fits.
    let (mut multi, mut multis) = ([0u16; C], 0);
    let (mut well, mut only) = ([Bits::<W>::EMPTY; 4], [Bits::<W>::EMPTY; 4]);
    for &k in &order[..count] {
        let v = values(k as usize);
        if v.len() < 2 {
            continue;
        }
        let (w, o) = suits_bits(v, n, allowed);
        let i = multis;
        for j in 0..4 {
            if w & 1 << j != 0 {
                well[j].insert(i);
            }
            if o & 1 << j != 0 {
                only[j].insert(i);
            }
        }
        multi[i] = k;
        multis += 1;
    }
    let mut ops = [None; C];
    let mut free = Bits::<W>::below(multis);
    loop {
        let mut assigned = false;
        for j in 0..4 {
            let pick = well[j].and(free).first().or_else(|| only[j].and(free).first());
            if let Some(i) = pick {
                free.remove(i);
                ops[multi[i] as usize] = Some(ORDER[j]);
                assigned = true;
            }
        }
        if !assigned {
            break;
        }
    }
    out.clear();
    out.extend((0..count).map(|k| {
        let v = values(k);
        match ops[k] {
            Some(op) => (Some(op), target(op, v).expect("an operator that fits")),
            None => (None, v.iter().map(|&x| x as u64).sum()),
        }
    }));
}

/// The most cages [`choose_each`] takes (a 16×16 grid's cells).
const MAX_CAGES: usize = 256;

/// A set of up to `64 * W` small numbers (cages, in the order they are handed operators).
#[derive(Clone, Copy, Debug)]
struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Bits<W> {
    const EMPTY: Bits<W> = Bits([0; W]);

    /// `0..k`.
    fn below(k: usize) -> Bits<W> {
        let mut b = Bits::EMPTY;
        for (w, word) in b.0.iter_mut().enumerate() {
            let left = k.saturating_sub(w * 64);
            *word = if left >= 64 { u64::MAX } else { (1u64 << left) - 1 };
        }
        b
    }
    fn insert(&mut self, i: usize) {
        self.0[(i / 64) % W] |= 1 << (i % 64);
    }
    fn remove(&mut self, i: usize) {
        self.0[(i / 64) % W] &= !(1 << (i % 64));
    }
    fn and(self, other: Bits<W>) -> Bits<W> {
        Bits(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }
    fn first(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }
}

/// For a product of two values up to `n`: how many `k` in `1..=n` divide it with a cofactor
/// `v / k` up to `n` and other than `k` — the pairs that make it, each counted from both ends.
const fn pair_count(n: u64, v: u64) -> usize {
    let mut count = 0;
    let mut k = 1;
    while k <= n {
        if v % k == 0 && v / k <= n && v / k != k {
            count += 1;
        }
        k += 1;
    }
    count
}

/// [`pair_count`] for every side up to 16 and product up to 256.
const PAIRS: [[u8; 257]; 17] = {
    let mut t = [[0u8; 257]; 17];
    let mut n = 1;
    while n <= 16 {
        let mut v = 1;
        while v <= 256 {
            t[n][v] = pair_count(n as u64, v as u64) as u8;
            v += 1;
        }
        n += 1;
    }
    t
};

/// Bits of [`ORDER`], one per operator.
const DIV: u8 = 1;
const SUB: u8 = 2;
const MUL: u8 = 4;
const ADD: u8 = 8;

/// How a pair of values `a`, `b` in a grid of side `n` suits each of the four operators, as
/// bits of [`ORDER`]: those it suits well, and above them (`<< 4`) those it only fits — Keen's
/// rules for a pair when every operator is allowed. Each operator is judged on its own, so
/// fewer allowed operators just mask the bits (but for the fallback in [`suits_bits`]).
const fn pair_suits(n: usize, a: u8, b: u8, hard: bool) -> u8 {
    let n64 = n as u64;
    let (p, q) = if a > b { (a as u64, b as u64) } else { (b as u64, a as u64) };
    let (mut well, mut only) = (0u8, 0u8);
    if p + q > 4 && p + q < 2 * n64 - 2 {
        well |= ADD
    } else {
        only |= ADD
    }
    let v = p * q;
    let pairs =
        if n <= 16 && v <= 256 { PAIRS[n][v as usize] as usize } else { pair_count(n64, v) };
    if pairs <= 2 && hard {
        only |= MUL
    } else {
        well |= MUL
    }
    if p - q < n64 - 1 {
        well |= SUB;
    }
    if q != 0 && p % q == 0 && 2 * (p / q) <= n64 {
        well |= DIV;
    }
    well | only << 4
}

/// [`pair_suits`] for sides and values up to 16, looked up: `[hard][n][a][b]`. Most cages are
/// pairs, and the rules cost about sixty instructions a pair; the lookup a handful.
static PAIR_SUITS: [[[[u8; 17]; 17]; 17]; 2] = {
    let mut t = [[[[0u8; 17]; 17]; 17]; 2];
    let mut h = 0;
    while h < 2 {
        let mut n = 1;
        while n <= 16 {
            let mut a = 1;
            while a <= 16 {
                let mut b = 1;
                while b <= 16 {
                    t[h][n][a][b] = pair_suits(n, a as u8, b as u8, h == 1);
                    b += 1;
                }
                a += 1;
            }
            n += 1;
        }
        h += 1;
    }
    t
};

/// The operators that suit the pair `a`, `b` well, and those that only fit (as
/// [`suits_bits`] gives them, `well | only << 4`).
#[inline]
fn pair_bits(a: u8, b: u8, n: usize, allowed: Allowed) -> u8 {
    let all = if n <= 16 && a <= 16 && b <= 16 {
        PAIR_SUITS[allowed.hard as usize][n][a as usize][b as usize]
    } else {
        pair_suits(n, a, b, allowed.hard)
    };
    let ok = allowed.ops;
    let bits = all & (ok | ok << 4);
    if bits != 0 {
        return bits;
    }
    // When the allowed operators leave the pair nothing (`--ops` without + and ×), any − and
    // exact ÷ will do.
    let mut only = 0;
    if ok & SUB != 0 && target(Operator::Sub, &[a, b]).is_some() {
        only |= SUB;
    }
    if ok & DIV != 0 && target(Operator::Div, &[a, b]).is_some() {
        only |= DIV;
    }
    only << 4
}

/// The operators that suit a cage's values well, and those that only fit, as bits of
/// [`ORDER`] (`suits`, in the tests, states the same plainly).
fn suits_bits(values: &[u8], n: usize, allowed: Allowed) -> (u8, u8) {
    match *values {
        [] | [_] => (0, 0),
        [a, b] => {
            let bits = pair_bits(a, b, n, allowed);
            (bits & 15, bits >> 4)
        }
        _ => (long_bits(values, allowed), 0),
    }
}

/// The operators that suit a cage of three or more values: + and ×, and with `--long-ops`
/// − and ÷ where they are exact and positive (none only fits).
fn long_bits(values: &[u8], allowed: Allowed) -> u8 {
    let ok = allowed.ops;
    let mut well = ok & (ADD | MUL);
    if allowed.long_sub_div {
        if ok & SUB != 0 && target(Operator::Sub, values).is_some() {
            well |= SUB;
        }
        if ok & DIV != 0 && target(Operator::Div, values).is_some() {
            well |= DIV;
        }
    }
    well
}

/// The most cages [`choose_cells`] takes: one bit each in a word.
pub(super) const FEW: usize = 64;

/// The longest cage [`choose_cells`] takes (its values are gathered on the stack).
const LONG: usize = 16;

/// `0..FEW`, the order of the cages before the shuffle.
const IOTA: [u8; FEW] = {
    let mut t = [0u8; FEW];
    let mut i = 0;
    while i < FEW {
        t[i] = i as u8;
        i += 1;
    }
    t
};

/// The values of a cage of up to [`LONG`] cells.
fn gather(cells: &[usize], square: &[u8]) -> [u8; LONG] {
    let mut values = [0u8; LONG];
    for (v, &c) in values.iter_mut().zip(cells) {
        *v = square[c];
    }
    values
}

/// [`choose_each`] for at most [`FEW`] cages given as cells of `square`, read in place: the
/// same draws and the same clues, without copying the values out first, with the sets of
/// cages as single words and the pairs' operators looked up. False (before any draw) when a
/// cage is longer than [`LONG`]: the caller then takes [`choose_each`].
pub(super) fn choose_cells<K: AsRef<[usize]>>(
    cut: &[K],
    square: &[u8],
    n: usize,
    allowed: Allowed,
    rng: &mut Rng,
    out: &mut Vec<Clue>,
) -> bool {
    let count = cut.len();
    assert!(count <= FEW, "at most {FEW} cages");
    // What suits each cage (`well | only << 4`), in the cut's order; one-cell cages and those
    // no operator fits have none, and are never handed one.
    let mut suit = [0u8; FEW];
    for (s, cage) in suit.iter_mut().zip(cut) {
        *s = match *cage.as_ref() {
            [] | [_] => 0,
            [x, y] => pair_bits(square[x], square[y], n, allowed),
            ref cells if cells.len() > LONG => return false,
            ref cells if allowed.long_sub_div => {
                long_bits(&gather(cells, square)[..cells.len()], allowed)
            }
            _ => allowed.ops & (ADD | MUL),
        };
    }
    let mut order = IOTA;
    rng.shuffle(&mut order[..count]);
    // In that order, the cages some operator fits, numbered; for each operator the bits of
    // those it suits well and of those it only fits. A cage nothing fits would never be
    // picked, so leaving it out picks the same cages.
    // The sets are kept as `planes[j]` (well) and `planes[4 + j]` (only fits); a cage has two
    // or three bits, so they are walked rather than all eight tested.
    let mut planes = [0u64; 8];
    let (mut multi, mut multis) = ([0u8; FEW], 0);
    for &k in &order[..count] {
        let mut s = suit[k as usize];
        if s == 0 {
            continue;
        }
        while s != 0 {
            planes[s.trailing_zeros() as usize] |= 1 << multis;
            s &= s - 1;
        }
        multi[multis] = k;
        multis += 1;
    }
    // Operators as `1 + j` for `ORDER[j]`, 0 for none.
    let mut ops = [0u8; FEW];
    let mut free = if multis == FEW { u64::MAX } else { (1u64 << multis) - 1 };
    while free != 0 {
        let mut assigned = false;
        for j in 0..4 {
            let w = planes[j] & free;
            let pick = if w != 0 { w } else { planes[4 + j] & free };
            if pick != 0 {
                let i = pick.trailing_zeros() as usize;
                free &= !(1 << i);
                ops[multi[i] as usize] = 1 + j as u8;
                assigned = true;
            }
        }
        if !assigned {
            break;
        }
    }
    out.clear();
    out.extend(cut.iter().zip(&ops[..count]).map(|(cage, &o)| {
        let op = o.checked_sub(1).map(|j| ORDER[j as usize]);
        let cells = cage.as_ref();
        let t = match (op, cells) {
            (None, &[x]) => square[x] as u64,
            (None, &[x, y]) => square[x] as u64 + square[y] as u64,
            (Some(op), &[x, y]) => pair_target(op, square[x], square[y]),
            (None, cells) => cells.iter().map(|&c| square[c] as u64).sum(),
            (Some(op), cells) => long_target(op, cells, square),
        };
        (op, t)
    }));
    true
}

/// [`target`] of a cage of any length (up to [`LONG`]) that `op` fits: the sum and the
/// product straight from the cells (the general fold cost 3×3 candidates eighty instructions a
/// cage of three), − and ÷ by [`target`].
fn long_target(op: Operator, cells: &[usize], square: &[u8]) -> u64 {
    let t = match op {
        Operator::Add => Some(cells.iter().map(|&c| square[c] as u64).sum()),
        Operator::Mul => cells.iter().try_fold(1u64, |p, &c| p.checked_mul(square[c] as u64)),
        Operator::Sub | Operator::Div => target(op, &gather(cells, square)[..cells.len()]),
    };
    t.filter(|&t| t > 0).expect("an operator that fits")
}

/// [`target`] of a pair that `op` fits, without the general folds.
#[inline]
fn pair_target(op: Operator, a: u8, b: u8) -> u64 {
    let (p, q) = (a.max(b) as u64, a.min(b) as u64);
    let t = match op {
        Operator::Add => Some(p + q),
        Operator::Mul => Some(p * q),
        Operator::Sub => Some(p - q),
        Operator::Div => (q != 0 && p % q == 0).then(|| p / q),
    };
    t.filter(|&t| t > 0).expect("an operator that fits")
}

/// The target `values` (one or more) make under `op`, when it is positive (see
/// [`Operator::apply`]; a difference of 0 is no clue Keen would give).
pub fn target(op: Operator, values: &[u8]) -> Option<u64> {
    op.apply(values).filter(|&t| t > 0)
}

#[cfg(test)]
mod tests;

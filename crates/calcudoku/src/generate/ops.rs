//! Choosing each KenKen cage's operator, as Keen does and beyond.
//!
//! Each cage has operators that suit it: a one-cell cage is a given; two cells may be `+`
//! (unless the sum gives the pair away: at most 4, or at least 2N − 2), `×` (at hard levels and
//! up not when few pairs make the product), `−` (unless the difference is N − 1) and `÷` (exact,
//! with a quotient at most N/2); three or more cells `+` or `×` — and, beyond Keen, `−` and `÷`
//! on more cells where the values make them exact and positive. Operators are then handed out
//! in turn (÷, −, ×, +), each to the next cage in a random order that suits it best, so that
//! every kind appears. `--mult-only` and `--ops` narrow the choice; `--hidden-ops` writes the
//! cages without their operators. [`puzzle_of`] makes the KenKen of a cut and its clues, for
//! the generator and for the checks that look for second solutions.

use smallvec::SmallVec;

use crate::puzzle::{Cage, Cell, Operator, Puzzle};

use super::cages::CageCells;
use super::rng::Rng;

/// A cage's clue: its operator (None for a one-cell cage, or hidden) and its target.
pub(super) type Clue = (Option<Operator>, u64);

/// The KenKen puzzle of a cut with its clues (one per cage, in the cut's order).
pub(super) fn puzzle_of(n: usize, cut: &[CageCells], clues: &[Clue]) -> Puzzle {
    let list = cut
        .iter()
        .zip(clues)
        .map(|(cells, &(op, target))| {
            Cage::new(target, op, cells.iter().map(|&c| Cell(c as u16)).collect())
        })
        .collect();
    Puzzle::kenken(n, list).expect("the cages tile the grid")
}

/// How the operators may be chosen (the tests' form of [`Allowed`]).
#[cfg(test)]
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
/// and its target, from the values the solution gives its cells: [`choose_cells`] on a
/// square of the value lists one after the other, each cage the range of its own.
#[cfg(test)]
pub fn choose<V: AsRef<[u8]>>(
    cages: &[V],
    n: usize,
    choice: &OpChoice,
    rng: &mut Rng,
) -> Vec<Clue> {
    let (mut square, mut cut) = (Vec::new(), Vec::with_capacity(cages.len()));
    for values in cages {
        let start = square.len();
        square.extend_from_slice(values.as_ref());
        cut.push((start..square.len()).collect::<Vec<usize>>());
    }
    let mut clues = Vec::with_capacity(cages.len());
    choose_cells(&cut, &square, n, Allowed::of(choice), rng, &mut clues);
    clues
}

/// The order operators are handed out in, round after round.
const ORDER: [Operator; 4] = [Operator::Div, Operator::Sub, Operator::Mul, Operator::Add];

/// The operators allowed, as bits: `ops` has bit `i` for `ORDER[i]`.
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

    /// The operators allowed and the two rules, as bits.
    pub(super) fn new(allowed: &[Operator], long_sub_div: bool, hard: bool) -> Allowed {
        let ops = ORDER
            .iter()
            .enumerate()
            .filter(|(_, op)| allowed.contains(op))
            .fold(0, |m, (i, _)| m | 1 << i);
        Allowed { ops, long_sub_div, hard }
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
/// fewer allowed operators just mask the bits (but for the fallback in [`pair_bits`]).
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

/// The operators that suit the pair `a`, `b` well, and those that only fit (as [`suit`]
/// gives them, `well | only << 4`).
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

/// The operators that suit a cage of three or more of `square`'s cells: + and × (where its
/// product fits 64 bits), and with
/// `--long-ops` − and ÷ where they are exact and positive (none only fits).
#[inline(always)]
fn long_bits(cells: &[usize], square: &[u8], allowed: Allowed) -> u8 {
    let ok = allowed.ops;
    let mut well = ok & ADD;
    // × suits a cage whose product fits a word: every cage of fewer than 16 cells of a grid
    // up to 16×16 (16^15 < 2^64); a longer one is multiplied out.
    if ok & MUL != 0
        && (cells.len() < 16 || gathered_target(Operator::Mul, cells, square).is_some())
    {
        well |= MUL;
    }
    if allowed.long_sub_div {
        if ok & SUB != 0 && gathered_target(Operator::Sub, cells, square).is_some() {
            well |= SUB;
        }
        if ok & DIV != 0 && gathered_target(Operator::Div, cells, square).is_some() {
            well |= DIV;
        }
    }
    well
}

/// The most cages [`choose_cells`] takes (a 16×16 grid's cells).
const MAX_CAGES: usize = 256;

/// The longest cage whose values are gathered on the stack (longer ones go to the heap).
const LONG: usize = 16;

/// [`target`] of the values of a cage (gathered on the stack up to [`LONG`] cells, else on
/// the heap), for − and ÷ on three cells or more; kept out of line, as they are rare.
#[inline(never)]
fn gathered_target(op: Operator, cells: &[usize], square: &[u8]) -> Option<u64> {
    let values: SmallVec<[u8; LONG]> = cells.iter().map(|&c| square[c]).collect();
    target(op, &values)
}

/// What suits a cage of `square`'s cells (`well | only << 4`, bits of [`ORDER`]); none for a
/// one-cell cage.
#[inline(always)]
fn suit(cells: &[usize], square: &[u8], n: usize, allowed: Allowed) -> u8 {
    match *cells {
        [] | [_] => 0,
        [x, y] => pair_bits(square[x], square[y], n, allowed),
        _ => long_bits(cells, square, allowed),
    }
}

/// The hand-out, for up to [`MAX_CAGES`] cages given as cells of `square` and read in place:
/// in a random order of the cages (the draws of `rng.permutation(cut.len())`), each round
/// hands ÷, −, × and + in turn to the first cage without an operator that the operator suits
/// well, or else to the first it fits, until a round hands out none. The clues, one per cage,
/// replace what `out` held (its buffer is reused).
pub(super) fn choose_cells<K: AsRef<[usize]>>(
    cut: &[K],
    square: &[u8],
    n: usize,
    allowed: Allowed,
    rng: &mut Rng,
    out: &mut Vec<Clue>,
) {
    assert!(cut.len() <= MAX_CAGES, "at most {MAX_CAGES} cages");
    // State sized for the cages: a 3×3 grid's candidate spent a twentieth of its instructions
    // setting up arrays for 256 of them. Up to 64 (every grid up to 8×8) the sets are words.
    if cut.len() <= 64 {
        hand_out::<64, 1, K>(cut, square, n, allowed, rng, out)
    } else {
        hand_out::<MAX_CAGES, 4, K>(cut, square, n, allowed, rng, out)
    }
}

/// [`choose_cells`] for up to `C` cages, in sets of `W` words (`C = 64 W`).
fn hand_out<const C: usize, const W: usize, K: AsRef<[usize]>>(
    cut: &[K],
    square: &[u8],
    n: usize,
    allowed: Allowed,
    rng: &mut Rng,
    out: &mut Vec<Clue>,
) {
    const { assert!(C == 64 * W && C <= MAX_CAGES) };
    let count = cut.len();
    // What suits each cage, in the cut's order; one-cell cages and those no operator fits have
    // none, and are never handed one.
    let mut suits = [0u8; C];
    for (s, cage) in suits.iter_mut().zip(cut) {
        *s = suit(cage.as_ref(), square, n, allowed);
    }
    let mut order = Iota::<C>::ORDER;
    rng.shuffle(&mut order[..count]);
    // In that order, the cages some operator fits, numbered; for each operator the set of
    // those it suits well and of those it only fits. A cage nothing fits would never be
    // picked, so leaving it out picks the same cages.
    // The sets are kept as `planes[j]` (well) and `planes[4 + j]` (only fits); a cage has two
    // or three bits, so they are walked rather than all eight tested.
    let mut planes = [Bits::<W>::EMPTY; 8];
    let (mut multi, mut multis) = ([0u8; C], 0);
    for &k in &order[..count] {
        let mut s = suits[k as usize];
        if s == 0 {
            continue;
        }
        while s != 0 {
            planes[s.trailing_zeros() as usize].insert(multis);
            s &= s - 1;
        }
        multi[multis] = k;
        multis += 1;
    }
    // Operators as `1 + j` for `ORDER[j]`, 0 for none.
    let mut ops = [0u8; C];
    let mut free = Bits::<W>::below(multis);
    while !free.is_empty() {
        let mut assigned = false;
        for j in 0..4 {
            let w = planes[j].and(free);
            let pick = if w.is_empty() { planes[4 + j].and(free) } else { w };
            if let Some(i) = pick.first() {
                free.remove(i);
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
}

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
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
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

/// `0..C`, the order of `C` cages (at most 256) before the shuffle.
struct Iota<const C: usize>;

impl<const C: usize> Iota<C> {
    const ORDER: [u8; C] = {
        let mut t = [0u8; C];
        let mut i = 0;
        while i < C {
            t[i] = i as u8;
            i += 1;
        }
        t
    };
}

/// [`target`] of a cage of three cells or more that `op` fits: the sum and the product straight
/// from the cells (the general fold cost 3×3 candidates eighty instructions a cage of three),
/// − and ÷ on the values gathered.
fn long_target(op: Operator, cells: &[usize], square: &[u8]) -> u64 {
    let t = match op {
        Operator::Add => Some(cells.iter().map(|&c| square[c] as u64).sum()),
        Operator::Mul => cells.iter().try_fold(1u64, |p, &c| p.checked_mul(square[c] as u64)),
        Operator::Sub | Operator::Div => gathered_target(op, cells, square),
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

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

/// A few operators (at most the four), kept inline.
#[cfg(test)]
type Ops = smallvec::SmallVec<[Operator; 4]>;

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

/// The operators that suit a cage's values well, and those that only fit, as bits of
/// [`ORDER`] (`suits`, in the tests, states the same plainly).
fn suits_bits(values: &[u8], n: usize, allowed: Allowed) -> (u8, u8) {
    const DIV: u8 = 1;
    const SUB: u8 = 2;
    const MUL: u8 = 4;
    const ADD: u8 = 8;
    let (mut well, mut only) = (0u8, 0u8);
    let ok = allowed.ops;
    if values.len() < 2 {
        return (well, only);
    }
    if values.len() == 2 {
        let n64 = n as u64;
        let (p, q) = (values[0].max(values[1]) as u64, values[0].min(values[1]) as u64);
        if ok & ADD != 0 {
            if p + q > 4 && p + q < 2 * n64 - 2 { well |= ADD } else { only |= ADD }
        }
        if ok & MUL != 0 {
            let v = p * q;
            let pairs = if n <= 16 && v <= 256 {
                PAIRS[n][v as usize] as usize
            } else {
                pair_count(n64, v)
            };
            if pairs <= 2 && allowed.hard { only |= MUL } else { well |= MUL }
        }
        if ok & SUB != 0 && p - q < n64 - 1 {
            well |= SUB;
        }
        if ok & DIV != 0 && p % q == 0 && 2 * (p / q) <= n64 {
            well |= DIV;
        }
        if well == 0 && only == 0 {
            if ok & SUB != 0 && target(Operator::Sub, values).is_some() {
                only |= SUB;
            }
            if ok & DIV != 0 && target(Operator::Div, values).is_some() {
                only |= DIV;
            }
        }
    } else {
        well = ok & (ADD | MUL);
        if allowed.long_sub_div {
            if ok & SUB != 0 && target(Operator::Sub, values).is_some() {
                well |= SUB;
            }
            if ok & DIV != 0 && target(Operator::Div, values).is_some() {
                well |= DIV;
            }
        }
    }
    (well, only)
}

/// The operators that suit a cage's values well, and those that fit only: the plain statement
/// that [`suits_bits`] is checked against.
#[cfg(test)]
fn suits(values: &[u8], n: usize, choice: &OpChoice) -> (Ops, Ops) {
    let (mut well, mut only) = (Ops::new(), Ops::new());
    if values.len() < 2 {
        return (well, only);
    }
    let allowed = |op| choice.allowed.contains(&op);
    let n = n as u64;
    if values.len() == 2 {
        let (p, q) = (values[0].max(values[1]) as u64, values[0].min(values[1]) as u64);
        if allowed(Operator::Add) {
            if p + q > 4 && p + q < 2 * n - 2 {
                well.push(Operator::Add)
            } else {
                only.push(Operator::Add)
            }
        }
        if allowed(Operator::Mul) {
            let v = p * q;
            let pairs = (1..=n).filter(|&k| v % k == 0 && v / k <= n && v / k != k).count();
            if pairs <= 2 && choice.hard {
                only.push(Operator::Mul)
            } else {
                well.push(Operator::Mul)
            }
        }
        if allowed(Operator::Sub) && p - q < n - 1 {
            well.push(Operator::Sub);
        }
        if allowed(Operator::Div) && p % q == 0 && 2 * (p / q) <= n {
            well.push(Operator::Div);
        }
        // When the allowed operators leave a pair nothing (`--ops` without + and ×), any −
        // and exact ÷ will do.
        if well.is_empty() && only.is_empty() {
            for op in [Operator::Sub, Operator::Div] {
                if allowed(op) && target(op, values).is_some() {
                    only.push(op);
                }
            }
        }
    } else {
        for op in [Operator::Add, Operator::Mul] {
            if allowed(op) {
                well.push(op);
            }
        }
        if choice.long_sub_div {
            for op in [Operator::Sub, Operator::Div] {
                if allowed(op) && target(op, values).is_some() {
                    well.push(op);
                }
            }
        }
    }
    (well, only)
}

/// The target `values` (one or more) make under `op`, when it is positive (see
/// [`Operator::apply`]; a difference of 0 is no clue Keen would give).
pub fn target(op: Operator, values: &[u8]) -> Option<u64> {
    op.apply(values).filter(|&t| t > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The operators as [`suits`] lists them, as bits of [`ORDER`].
    fn as_bits(ops: &[Operator]) -> u8 {
        ops.iter().map(|op| 1 << ORDER.iter().position(|o| o == op).unwrap()).sum()
    }

    /// Every subset of the four operators.
    fn subsets() -> impl Iterator<Item = Vec<Operator>> {
        (1u8..16).map(|m| {
            ORDER.iter().enumerate().filter(|(i, _)| m & 1 << i != 0).map(|(_, &o)| o).collect()
        })
    }

    #[test]
    fn suits_bits_say_what_suits_says() {
        for n in 3..=16usize {
            for allowed in subsets() {
                for (long_sub_div, hard) in [(false, false), (false, true), (true, false)] {
                    let choice = OpChoice { allowed: allowed.clone(), long_sub_div, hard };
                    let bits = Allowed::of(&choice);
                    let check = |values: &[u8]| {
                        let (well, only) = suits(values, n, &choice);
                        let got = suits_bits(values, n, bits);
                        assert_eq!(
                            got,
                            (as_bits(&well), as_bits(&only)),
                            "{values:?} n={n} {choice:?}"
                        );
                    };
                    for a in 1..=n as u8 {
                        check(&[a]);
                        for b in (1..=n as u8).filter(|&b| b != a) {
                            check(&[a, b]);
                            check(&[a, b, (a % n as u8) + 1]);
                        }
                    }
                }
            }
        }
    }

    /// The hand-out as first written: lists of operators, a scan of the order per pick.
    fn choose_by_lists<V: AsRef<[u8]>>(
        cages: &[V],
        n: usize,
        choice: &OpChoice,
        rng: &mut Rng,
    ) -> Vec<(Option<Operator>, u64)> {
        let fits: Vec<(Ops, Ops)> = cages.iter().map(|v| suits(v.as_ref(), n, choice)).collect();
        let mut ops: Vec<Option<Operator>> = vec![None; cages.len()];
        let order = rng.permutation(cages.len());
        loop {
            let mut assigned = false;
            for op in ORDER {
                let pick = |well: bool, ops: &[Option<Operator>]| {
                    order.iter().copied().find(|&k| {
                        ops[k].is_none()
                            && cages[k].as_ref().len() > 1
                            && if well { fits[k].0.contains(&op) } else { fits[k].1.contains(&op) }
                    })
                };
                if let Some(k) = pick(true, &ops).or_else(|| pick(false, &ops)) {
                    ops[k] = Some(op);
                    assigned = true;
                }
            }
            if !assigned {
                break;
            }
        }
        cages
            .iter()
            .zip(ops)
            .map(|(values, op)| match op {
                Some(op) => (Some(op), target(op, values.as_ref()).unwrap()),
                None => (None, values.as_ref().iter().map(|&v| v as u64).sum()),
            })
            .collect()
    }

    #[test]
    fn the_hand_out_is_the_one_first_written() {
        let mut source = Rng::new(17, 0);
        for round in 0..3000u64 {
            let n = 3 + source.below(14);
            let count = 1 + source.below(90);
            let cages: Vec<Vec<u8>> = (0..count)
                .map(|_| {
                    // Two cells of a cage see each other: their values differ.
                    let len = [1, 2, 2, 2, 3, 4][source.below(6)];
                    let mut v: Vec<u8> = (0..len).map(|_| 1 + source.below(n) as u8).collect();
                    if len == 2 && v[0] == v[1] {
                        v[1] = v[0] % n as u8 + 1;
                    }
                    v
                })
                .collect();
            let allowed = subsets().nth(source.below(15)).unwrap();
            let choice =
                OpChoice { allowed, long_sub_div: source.chance(1, 3), hard: source.chance(1, 2) };
            let (mut a, mut b) = (Rng::new(round, 1), Rng::new(round, 1));
            assert_eq!(
                choose(&cages, n, &choice, &mut a),
                choose_by_lists(&cages, n, &choice, &mut b)
            );
            assert_eq!(a.next_u64(), b.next_u64(), "the same draws");
        }
    }
}

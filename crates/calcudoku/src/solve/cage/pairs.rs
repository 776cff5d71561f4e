//! Two-cell cages: each value's partners, found by arithmetic instead of a walk.

use super::super::model::CageModel;
use super::{bits, exact_quotient};
use crate::puzzle::Operator;

/// How many assignments a two-cell cage still allows, given its cells' candidates.
pub(crate) fn pair_count(partners: &[u64], a: u64, b: u64) -> u32 {
    bits(a).map(|i| (partners[i] & b).count_ones()).sum()
}

/// The partner masks of a two-cell cage of a grid of side `n` (see [`CageModel::pair`]):
/// `out[a - 1]` gets the values `b` that may go with `a` in the other cell. Every operator's
/// rule is symmetric (and so is "the two must differ"), so the same masks serve from either
/// cell. Worked out by arithmetic per value, without listing pairs: compiling a KenKen is
/// mostly this.
pub(crate) fn partner_masks(op: Option<Operator>, t: u64, differ: bool, n: usize, out: &mut [u64]) {
    let out = &mut out[..n];
    let bit = |v: u64| if (1..=n as u64).contains(&v) { 1u64 << (v - 1) } else { 0 };
    let add = |a: u64| if t > a { bit(t - a) } else { 0 };
    let mul = |a: u64| exact_quotient(t, a).map_or(0, bit);
    // a − b = ±t: a's bit moved t places either way (nothing past the top value).
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let sub = |a: u64| {
        let own = 1u64 << (a - 1);
        (own.checked_shl(t.min(64) as u32).unwrap_or(0)
            | own.checked_shr(t.min(64) as u32).unwrap_or(0))
            & full
    };
    // a / b = t or b / a = t; nothing divides to 0.
    let div = |a: u64| {
        if t == 0 {
            0
        } else {
            bit(a.saturating_mul(t)) | if t <= a && a % t == 0 { bit(a / t) } else { 0 }
        }
    };
    // One loop per operator, and the values that could equal their partner only where the
    // rule allows it (a sum of twice a value, a product of its square, a difference of 0, a
    // quotient of 1).
    let same = match op {
        Some(Operator::Add) => {
            out.fill(0);
            // b = t − a lies in 1..=n for a in t − n..=t − 1.
            let (from, to) =
                (t.saturating_sub(n as u64).max(1), (t.saturating_sub(1)).min(n as u64));
            for a in from..=to {
                out[a as usize - 1] = 1 << (t - a - 1);
            }
            t % 2 == 0
        }
        Some(Operator::Mul) => {
            for (a, m) in (1..).zip(out.iter_mut()) {
                *m = mul(a);
            }
            true
        }
        Some(Operator::Sub) => {
            for (a, m) in (1..).zip(out.iter_mut()) {
                *m = sub(a);
            }
            t == 0
        }
        Some(Operator::Div) => {
            // The pairs (b, b·t) for b·t ≤ n, marked from both ends: no division.
            out.fill(0);
            if t >= 1 {
                let mut b = 1u64;
                while b.saturating_mul(t) <= n as u64 {
                    let bt = b * t;
                    out[b as usize - 1] |= 1 << (bt - 1);
                    out[bt as usize - 1] |= 1 << (b - 1);
                    b += 1;
                }
            }
            t == 1
        }
        None => {
            for (a, m) in (1..).zip(out.iter_mut()) {
                *m = add(a) | mul(a) | sub(a) | div(a);
            }
            true
        }
    };
    if differ && same {
        for (i, m) in out.iter_mut().enumerate() {
            *m &= !(1u64 << i);
        }
    }
}

/// The candidates of each cell of a two-cell cage that some candidate of the other may go
/// with, given its partner masks (see [`CageModel::pair`]) and the cells' candidates `a`, `b`:
/// the union of the partners of one cell's candidates, cut to the other's (the first cell's
/// kept candidates suffice for the second's, as partnership goes both ways).
#[inline]
pub(crate) fn pair_supports(partners: &[u64], a: u64, b: u64) -> (u64, u64) {
    let partners_of = |values: u64| {
        let mut union = 0;
        let mut rest = values;
        while rest != 0 {
            union |= partners[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        union
    };
    let a = a & partners_of(b);
    (a, b & partners_of(a))
}

/// Every valid assignment of a two-cell cage, in order (first value, then second).
pub(super) fn pairs(cage: &CageModel<'_>, n: usize, tuples: &mut Vec<u8>) {
    let mut masks = [0u64; 64];
    let differ = cage.conflicts[1] & 1 != 0;
    partner_masks(cage.op, cage.target, differ, n, &mut masks[..n]);
    for (a, &mask) in masks[..n].iter().enumerate() {
        for b in bits(mask) {
            tuples.push(a as u8 + 1);
            tuples.push(b as u8 + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::rule_holds;

    #[test]
    fn partner_masks_follow_the_rule() {
        // Every operator (and none), every target up to past n², both with and without the
        // two cells differing: value b is a partner of a exactly when the pair meets the rule.
        let mut partners = 0;
        for n in [1, 2, 3, 5, 8, 9, 10, 16, 63, 64] {
            // Every target up to n² + 3 for the small sizes, the first 130 and a few products
            // for the largest.
            let most = if n <= 16 { n * n + 3 } else { 130 };
            let extra = [u64::MAX, 1 << 40, 63 * 64, 64 * 64, 62 * 63, 4095];
            let targets = (0..=most as u64).chain(extra);
            for t in targets {
                for op in [
                    None,
                    Some(Operator::Add),
                    Some(Operator::Sub),
                    Some(Operator::Mul),
                    Some(Operator::Div),
                ] {
                    for differ in [false, true] {
                        let mut out = vec![0u64; n];
                        partner_masks(op, t, differ, n, &mut out);
                        for a in 1..=n {
                            for b in 1..=n {
                                let ok =
                                    rule_holds(op, t, &[a as u8, b as u8]) && !(differ && a == b);
                                assert_eq!(
                                    out[a - 1] >> (b - 1) & 1 == 1,
                                    ok,
                                    "n {n} {op:?} {t} differ {differ}: {a}, {b}"
                                );
                                partners += ok as usize;
                            }
                        }
                    }
                }
            }
        }
        assert!(partners > 50_000, "{partners}");
    }
}

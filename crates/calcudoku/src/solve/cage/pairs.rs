//! Two-cell cages: each value's partners, found by arithmetic instead of a walk.

use super::arith::{QUOTIENTS, SPLITS};
use super::{CageModel, bits, exact_quotient, range_mask, zeros};
use crate::puzzle::Operator;

/// How many assignments a two-cell cage still allows, given its cells' candidates.
pub(crate) fn pair_count(partners: &[u64], a: u64, b: u64) -> u32 {
    bits(a).map(|i| (partners[i] & b).count_ones()).sum()
}

/// Appends the partner masks of a two-cell cage of a grid of side `n` to `out` (see
/// [`CageModel::pair`]): `n` words, word `a − 1` holding the values `b` that may go with `a`
/// in the other cell. Every operator's rule is symmetric (and so is "the two must differ"),
/// so the same masks serve from either cell. Worked out by arithmetic, visiting only the
/// values that have a partner (`b = t − a`, `b = a ± t`, `a·b = t` with `a ≤ √t`, `b = a·t`
/// or `a / t`): compiling a KenKen is mostly this. Returns the values that have a partner
/// (those whose mask is not empty): the cage's supports when both cells may take any value.
#[inline(always)]
pub(crate) fn partner_masks(
    op: Option<Operator>,
    t: u64,
    differ: bool,
    n: usize,
    out: &mut Vec<u64>,
) -> u64 {
    let at = out.len();
    zeros(out, n);
    let out = &mut out[at..];
    let nn = n as u64;
    let mut used = 0;
    match op {
        Some(Operator::Add) => {
            // a from max(1, t − n) to min(n, t − 1), its partner t − a one bit lower each.
            let (from, to) = (t.saturating_sub(nn).max(1), t.saturating_sub(1).min(nn));
            if from <= to {
                let mut partner = 1u64 << (t - from - 1);
                for m in &mut out[from as usize - 1..to as usize] {
                    *m = partner;
                    partner >>= 1;
                }
                used = range_mask(from, to);
                if differ && t % 2 == 0 {
                    out[(t / 2) as usize - 1] = 0; // t / 2 went with itself alone
                    used &= !(1 << (t / 2 - 1));
                }
            }
        }
        Some(Operator::Mul) if t <= 256 && n <= 16 => {
            // The values that split t into two of at most 16 and their quotients, from
            // tables: no division, no square root.
            let t = t as usize;
            for a in bits(SPLITS[t] as u64 & range_mask(1, nn)) {
                let b = QUOTIENTS[t][a % 16] as usize;
                if b < n && (a != b || !differ) {
                    out[a] = 1 << b;
                    used |= 1 << a;
                }
            }
        }
        Some(Operator::Mul) => {
            // a ≤ b = t / a ≤ n: a from ⌈t / n⌉ up to √t.
            for a in t.div_ceil(nn).max(1)..=t.isqrt().min(nn) {
                if let Some(b) = exact_quotient(t, a) {
                    if a != b || !differ {
                        out[a as usize - 1] |= 1 << (b - 1);
                        out[b as usize - 1] |= 1 << (a - 1);
                        used |= 1 << (a - 1) | 1 << (b - 1);
                    }
                }
            }
        }
        Some(Operator::Sub) if t > 0 => {
            // Values a ≤ n − t go with a + t, and back.
            if t < nn {
                let t = t as usize;
                let mut partner = 1u64 << t;
                for m in &mut out[..n - t] {
                    *m = partner;
                    partner <<= 1;
                }
                let mut partner = 1u64;
                for m in &mut out[t..] {
                    *m |= partner;
                    partner <<= 1;
                }
                used = range_mask(1, nn - t as u64) | range_mask(t as u64 + 1, nn);
            }
        }
        Some(Operator::Div) if t > 1 => {
            // Values a ≤ n / t go with a·t, and back.
            if t <= nn {
                let t = t as usize;
                let mut partner = 1u64 << (t - 1);
                for m in &mut out[..n / t] {
                    *m = partner;
                    // Past the last value (a quotient of 64 shifts out the whole word).
                    partner = partner.checked_shl(t as u32).unwrap_or(0);
                }
                let mut partner = 1u64;
                let mut multiple = 1u64 << (t - 1);
                for m in out[t - 1..].iter_mut().step_by(t) {
                    *m |= partner;
                    partner <<= 1;
                    used |= multiple;
                    multiple = multiple.checked_shl(t as u32).unwrap_or(0);
                }
                used |= range_mask(1, nn / t as u64);
            }
        }
        Some(Operator::Sub | Operator::Div) => {
            // A difference of 0 or a quotient of 1: each value with itself alone (a quotient
            // of 0 has no pair at all).
            if !differ && (op == Some(Operator::Sub) || t == 1) {
                for (i, m) in out.iter_mut().enumerate() {
                    *m = 1 << i;
                }
                used = range_mask(1, nn);
            }
        }
        None => {
            let bit = |v: u64| if (1..=nn).contains(&v) { 1u64 << (v - 1) } else { 0 };
            let add = |a: u64| if t > a { bit(t - a) } else { 0 };
            let mul = |a: u64| exact_quotient(t, a).map_or(0, bit);
            let sub = |a: u64| bit(a.saturating_add(t)) | if a > t { bit(a - t) } else { 0 };
            // a / b = t or b / a = t; nothing divides to 0.
            let div = |a: u64| {
                if t == 0 {
                    0
                } else {
                    bit(a.saturating_mul(t)) | if t <= a && a % t == 0 { bit(a / t) } else { 0 }
                }
            };
            for (a, m) in (1..).zip(out.iter_mut()) {
                *m = add(a) | mul(a) | sub(a) | div(a);
                if differ {
                    *m &= !(1u64 << (a - 1));
                }
                used |= u64::from(*m != 0) << (a - 1);
            }
        }
    }
    used
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
    let mut masks = Vec::with_capacity(n);
    let differ = cage.conflicts[1] & 1 != 0;
    partner_masks(cage.op, cage.target, differ, n, &mut masks);
    for (a, &mask) in masks.iter().enumerate() {
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
                        // Appended after what is there.
                        let mut out = vec![3, 7];
                        let used = partner_masks(op, t, differ, n, &mut out);
                        assert_eq!(out.drain(..2).collect::<Vec<_>>(), [3, 7]);
                        assert_eq!(out.len(), n);
                        // The values with a partner.
                        let with = (0..n).fold(0u64, |u, a| u | u64::from(out[a] != 0) << a);
                        assert_eq!(used, with, "n {n} {op:?} {t} differ {differ}");
                        // No partner beyond n.
                        let beyond =
                            out.iter().fold(0, |u, &m| u | m.checked_shr(n as u32).unwrap_or(0));
                        assert_eq!(beyond, 0, "n {n} {op:?} {t} differ {differ}");
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

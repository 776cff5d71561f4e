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
    let bit = |v: u64| if (1..=n as u64).contains(&v) { 1u64 << (v - 1) } else { 0 };
    let values = (1..n as u64 + 1).zip(out.iter_mut());
    // One loop per operator: the operator is not looked at per value.
    let add = |a: u64| if t > a { bit(t - a) } else { 0 };
    let mul = |a: u64| exact_quotient(t, a).map_or(0, bit);
    let sub = |a: u64| bit(a + t) | if a > t { bit(a - t) } else { 0 };
    // a / b = t or b / a = t; nothing divides to 0.
    let div = |a: u64| {
        if t == 0 {
            0
        } else {
            bit(a.saturating_mul(t)) | if t <= a && a % t == 0 { bit(a / t) } else { 0 }
        }
    };
    match op {
        Some(Operator::Add) => values.for_each(|(a, m)| *m = add(a)),
        Some(Operator::Mul) => values.for_each(|(a, m)| *m = mul(a)),
        Some(Operator::Sub) => values.for_each(|(a, m)| *m = sub(a)),
        Some(Operator::Div) => values.for_each(|(a, m)| *m = div(a)),
        None => values.for_each(|(a, m)| *m = add(a) | mul(a) | sub(a) | div(a)),
    }
    if differ {
        for (i, m) in out.iter_mut().take(n).enumerate() {
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
    let n = partners.len() / 2;
    let partners_of = |values: u64, partners: &[u64]| {
        let mut union = 0;
        let mut rest = values;
        while rest != 0 {
            union |= partners[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        union
    };
    let a = a & partners_of(b, &partners[n..]);
    (a, b & partners_of(a, &partners[..n]))
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

//! Two-cell cages: each value's partners, found by arithmetic instead of a walk.

use super::super::model::CageModel;
use super::{Filtered, bits, exact_quotient};
use crate::puzzle::Operator;

/// Filters a two-cell cage through its partner masks (see [`CageModel::pair`]) given its
/// cells' candidates `a` and `b`: writes into `out` the candidates of each that some candidate
/// of the other may go with. One pass leaves the pair arc consistent.
pub(crate) fn filter_pair(partners: &[u64], a: u64, b: u64, out: &mut Vec<u64>) -> Filtered {
    let n = partners.len() / 2;
    let with_partner = |values: u64, partners: &[u64], others: u64| {
        bits(values).filter(|&i| partners[i] & others != 0).fold(0, |m, i| m | 1 << i)
    };
    out.clear();
    out.push(with_partner(a, &partners[..n], b));
    out.push(with_partner(b, &partners[n..], a));
    if out[0] == 0 { Filtered::Impossible } else { Filtered::Narrowed }
}

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
    for (a, mask) in (1..n as u64 + 1).zip(out.iter_mut()) {
        // Only the cage's own operator is worked out.
        let add = || if t > a { bit(t - a) } else { 0 };
        let mul = || exact_quotient(t, a).map_or(0, bit);
        let sub = || bit(a + t) | if a > t { bit(a - t) } else { 0 };
        // a / b = t or b / a = t; nothing divides to 0.
        let div = || {
            if t == 0 {
                0
            } else {
                bit(a.saturating_mul(t)) | if t <= a && a % t == 0 { bit(a / t) } else { 0 }
            }
        };
        let mut bs = match op {
            Some(Operator::Add) => add(),
            Some(Operator::Mul) => mul(),
            Some(Operator::Sub) => sub(),
            Some(Operator::Div) => div(),
            None => add() | mul() | sub() | div(),
        };
        if differ {
            bs &= !bit(a);
        }
        *mask = bs;
    }
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

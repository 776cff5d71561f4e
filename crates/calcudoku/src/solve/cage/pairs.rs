//! Two-cell cages: each value's partners, found by arithmetic instead of a walk.

use super::super::model::CageModel;
use super::{Filtered, bits};
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

/// Every valid assignment of a two-cell cage, generated directly: for each first value, the
/// second values each operator allows.
pub(super) fn pairs(cage: &CageModel<'_>, n: usize, tuples: &mut Vec<u8>) {
    let t = cage.target;
    let differ = cage.conflicts[1] & 1 != 0;
    let bit = |v: u64| if (1..=n as u64).contains(&v) { 1u64 << (v - 1) } else { 0 };
    for a in 1..n as u64 + 1 {
        // Only the cage's own operator is worked out: divisions are not cheap.
        let add = || if t > a { bit(t - a) } else { 0 };
        let mul = || if t % a == 0 { bit(t / a) } else { 0 };
        let sub = || bit(a + t) | if a > t { bit(a - t) } else { 0 };
        // a / b = t or b / a = t; nothing divides to 0.
        let div = || {
            if t == 0 {
                0
            } else {
                bit(a.saturating_mul(t)) | if a % t == 0 { bit(a / t) } else { 0 }
            }
        };
        let mut bs = match cage.op {
            Some(Operator::Add) => add(),
            Some(Operator::Mul) => mul(),
            Some(Operator::Sub) => sub(),
            Some(Operator::Div) => div(),
            None => add() | mul() | sub() | div(),
        };
        if differ {
            bs &= !bit(a);
        }
        while bs != 0 {
            let b = bs.trailing_zeros() as u8 + 1;
            bs &= bs - 1;
            tuples.push(a as u8);
            tuples.push(b);
        }
    }
}

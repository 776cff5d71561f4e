//! Three-cell sum and product cages listed directly: two values chosen, the third worked out
//! from the target. Most cages of a KenKen past the two-cell ones have three cells, and
//! compiling them was a walk with suffix bounds set up per cage.

use super::super::model::CageModel;
use super::{bits, exact_quotient, range_mask};
use crate::puzzle::Operator;

/// Lists into `tuples` (three values each, in lexicographic order) every assignment of a sum
/// or product cage of three cells that meets its target and its conflicts, taking its values
/// from `dom` (the cells' candidates, in cage order). Some(false) when there are more than
/// `max` assignments; None for other operators (the caller walks those).
pub(super) fn three_cells(
    cage: &CageModel<'_>,
    dom: [u64; 3],
    max: usize,
    tuples: &mut Vec<u8>,
) -> Option<bool> {
    let t = cage.target;
    let product = match cage.op {
        Some(Operator::Add) => false,
        Some(Operator::Mul) => true,
        _ => return None,
    };
    let conflicts = cage.conflicts;
    let (second_first, third_first, third_second) =
        (conflicts[1] & 1 != 0, conflicts[2] & 1 != 0, conflicts[2] & 2 != 0);
    let bit = |v: u64| if (1..=64).contains(&v) { 1u64 << (v - 1) } else { 0 };
    let mut count = 0;
    for a in bits(dom[0]) {
        let a = a as u64 + 1;
        // What the other two must make.
        let rest = if product {
            match exact_quotient(t, a) {
                Some(rest) => rest,
                None => continue,
            }
        } else if t > a {
            t - a
        } else {
            break; // larger values leave less still
        };
        let mut seconds = dom[1] & if second_first { !bit(a) } else { u64::MAX };
        let thirds = dom[2] & if third_first { !bit(a) } else { u64::MAX };
        if thirds == 0 {
            continue;
        }
        if !product {
            // The third value lies between the third cell's least and greatest candidates:
            // so does `rest` minus the second.
            let (least, most) =
                (thirds.trailing_zeros() as u64 + 1, 64 - thirds.leading_zeros() as u64);
            if rest <= least {
                continue;
            }
            seconds &= range_mask(rest.saturating_sub(most).max(1), rest - least);
        }
        for b in bits(seconds) {
            let b = b as u64 + 1;
            let c = if product { exact_quotient(rest, b) } else { rest.checked_sub(b) };
            let Some(c) = c else { continue };
            let thirds = thirds & if third_second { !bit(b) } else { u64::MAX };
            if thirds & bit(c) == 0 {
                continue;
            }
            count += 1;
            if count > max {
                return Some(false);
            }
            tuples.extend_from_slice(&[a as u8, b as u8, c as u8]);
        }
    }
    Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::rule_holds;

    #[test]
    fn three_cells_equal_brute_force() {
        // Every sum and product cage of three cells under random conflicts, candidates and
        // targets: the same assignments, in the same order, as trying every triple.
        let mut x: u64 = 0x0123_4567_89AB_CDEF;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut listed, mut over) = (0, 0);
        for round in 0..4000 {
            let n = [4, 6, 8, 9, 10, 16][round % 6];
            let full = (1u64 << n) - 1;
            let op = if next() % 2 == 0 { Operator::Add } else { Operator::Mul };
            let target = match op {
                Operator::Add => next() % (3 * n as u64 + 3),
                _ if next() % 8 == 0 => next() % 200,
                _ => (0..3).map(|_| 1 + next() % n as u64).product(),
            };
            let conflicts = [0, next() % 2, next() % 4];
            let cells = [0u16, 1, 2];
            let dom = [0; 3].map(|_: u64| if next() % 3 == 0 { next() & full } else { full });
            let cage = CageModel {
                cells: &cells,
                target,
                op: Some(op),
                conflicts: &conflicts,
                table: None,
                late: false,
                pair: None,
            };
            let max = [5, 64, 4096][(next() % 3) as usize];
            let mut expect = Vec::new();
            for a in 1..=n as u8 {
                for b in 1..=n as u8 {
                    for c in 1..=n as u8 {
                        let vals = [a, b, c];
                        let ok = (0..3).all(|i| dom[i] >> (vals[i] - 1) & 1 == 1)
                            && (0..3).all(|i| {
                                (0..i).all(|j| conflicts[i] >> j & 1 == 0 || vals[i] != vals[j])
                            })
                            && rule_holds(Some(op), target, &vals);
                        if ok {
                            expect.extend_from_slice(&vals);
                        }
                    }
                }
            }
            let mut tuples = Vec::new();
            let fits = three_cells(&cage, dom, max, &mut tuples).expect("sum or product");
            assert_eq!(fits, expect.len() <= 3 * max, "{op:?} {target} {dom:?} {conflicts:?}");
            if fits {
                assert_eq!(tuples, expect, "{op:?} {target} {dom:?} {conflicts:?}");
                listed += (!expect.is_empty()) as usize;
            } else {
                over += 1;
            }
        }
        assert!(listed > 1000 && over > 20, "{listed} {over}");
    }
}

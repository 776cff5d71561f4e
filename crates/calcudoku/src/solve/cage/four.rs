//! Four-cell sum and product cages listed directly: three values chosen, the fourth worked out
//! from the target. The late tables of a KenKen are mostly of four cells, often listed from
//! full candidates, where the general walk spent about a hundred instructions an assignment.

use super::arith::may_divide;
use super::three::mirror;
use super::{CageModel, bits, exact_quotient, range_mask};
use crate::puzzle::Operator;

/// The largest side this lists for: there the general walk never runs out of its budget on
/// four cells (at most 1 + 16 + 16² nodes), so both give the same answer.
pub(super) const FOUR_UP_TO: usize = 16;

/// Lists into `tuples` (four values each, in lexicographic order, as the general walk does)
/// every assignment of a sum or product cage of four cells that meets its target and its
/// conflicts, taking its values from `dom` (the cells' candidates, in cage order). Some(false)
/// when there are more than `max` assignments; None for other operators.
pub(super) fn four_cells(
    cage: &CageModel<'_>,
    dom: [u64; 4],
    max: usize,
    tuples: &mut Vec<u8>,
) -> Option<bool> {
    let t = cage.target;
    let product = match cage.op {
        Some(Operator::Add) => false,
        Some(Operator::Mul) => true,
        _ => return None,
    };
    let &[_, c1, c2, c3] = cage.conflicts else { return None };
    // Each earlier position's value is taken out of a later one's candidates where the two
    // must differ: `unless(flag, v)` is `v`'s bit when the flag (0 or 1) is set.
    let (c10, c20, c21, c30, c31) = (c1 & 1, c2 & 1, c2 >> 1 & 1, c3 & 1, c3 >> 1 & 1);
    let third_fourth = c3 >> 2 & 1 != 0;
    let unless = |flag: u64, v: u64| flag << (v - 1);
    let mut count = 0;
    let firsts = if product { dom[0] & may_divide(t) } else { dom[0] };
    for a in bits(firsts) {
        let a = a as u64 + 1;
        // What the other three must make.
        let rest_a = if product {
            match exact_quotient(t, a) {
                Some(rest) => rest,
                None => continue,
            }
        } else if t > a + 2 {
            t - a
        } else {
            break; // larger values leave less still
        };
        let seconds = if product { dom[1] & may_divide(rest_a) } else { dom[1] };
        for b in bits(seconds & !unless(c10, a)) {
            let b = b as u64 + 1;
            let rest = if product {
                match exact_quotient(rest_a, b) {
                    Some(rest) => rest,
                    None => continue,
                }
            } else if rest_a > b + 1 {
                rest_a - b
            } else {
                break;
            };
            let thirds = dom[2] & !unless(c20, a) & !unless(c21, b);
            let fourths = dom[3] & !unless(c30, a) & !unless(c31, b);
            if thirds == 0 || fourths == 0 {
                continue;
            }
            let from = tuples.len();
            if product {
                // The fourth value rest / c lies between the fourth cell's least and most.
                let (least, most) =
                    (fourths.trailing_zeros() as u64 + 1, 64 - fourths.leading_zeros() as u64);
                let range = range_mask(rest.div_ceil(most).max(1), rest / least);
                for cv in bits(thirds & range & may_divide(rest)) {
                    let cv = cv as u64 + 1;
                    let Some(d) = exact_quotient(rest, cv) else { continue };
                    // Here 1 <= least <= d <= most <= 64.
                    if fourths >> (d - 1) & 1 == 0 || (third_fourth && d == cv) {
                        continue;
                    }
                    tuples.extend_from_slice(&[a as u8, b as u8, cv as u8, d as u8]);
                }
            } else {
                // Values c of the third whose partner rest − c is a fourth candidate.
                let mut found = thirds & mirror(fourths.reverse_bits(), rest);
                if third_fourth && rest % 2 == 0 && rest <= 128 {
                    found &= !(1u64 << (rest / 2 - 1)); // c = d = rest / 2
                }
                for cv in bits(found) {
                    let cv = cv as u64 + 1;
                    tuples.extend_from_slice(&[a as u8, b as u8, cv as u8, (rest - cv) as u8]);
                }
            }
            count += (tuples.len() - from) / 4;
            if count > max {
                return Some(false);
            }
        }
    }
    Some(true)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{every_assignment, xorshift};
    use super::*;
    use crate::solve::cage::CageFilter;

    /// Every sum and product cage of four cells under random conflicts, candidates and
    /// targets, on sides up to 16: the same assignments, in the same order, as trying every
    /// quadruple, and the same answer as the general walk.
    #[test]
    fn four_cells_equal_brute_force_and_the_walk() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        let (mut listed, mut over) = (0, 0);
        for round in 0..3000 {
            let n = [3, 4, 6, 8, 9, 10, 16][round % 7];
            let full = (1u64 << n) - 1;
            let op = if next() % 2 == 0 { Operator::Add } else { Operator::Mul };
            let target = match (op, next() % 10) {
                (_, 0) => [0, 1, 2, 3, 4, u64::MAX][(next() % 6) as usize],
                (Operator::Add, _) => next() % (4 * n as u64 + 3),
                (_, 1) => next() % 3000,
                _ => (0..4).map(|_| 1 + next() % n as u64).product(),
            };
            let conflicts = [0, next() % 2, next() % 4, next() % 8];
            let cells = [0u16, 1, 2, 3];
            let dom = [0; 4].map(|_: u64| match next() % 4 {
                0 => next() & full,
                1 => 1 << (next() % n as u64),
                _ => full,
            });
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
            let expect = every_assignment(n as u8, Some(op), target, &dom, &conflicts);
            let what = format!("n {n} {op:?} {target} {dom:x?} {conflicts:?} max {max}");
            let mut tuples = Vec::new();
            let fits = four_cells(&cage, dom, max, &mut tuples).expect("sum or product");
            assert_eq!(fits, expect.len() <= 4 * max, "{what}");
            if fits {
                assert_eq!(tuples, expect, "{what}");
                listed += (!expect.is_empty()) as usize;
            } else {
                over += 1;
            }
            // The general walk (what `enumerate` did before) agrees.
            let mut walked = Vec::new();
            let walk_fits = CageFilter::default().walk_listing(cage, &dom, max, &mut walked);
            assert_eq!(walk_fits, fits, "{what}");
            if fits {
                assert_eq!(walked, tuples, "{what}");
            }
        }
        assert!(listed > 500 && over > 100, "{listed} {over}");
    }
}

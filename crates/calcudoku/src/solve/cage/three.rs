//! Three-cell sum and product cages listed directly: two values chosen, the third worked out
//! from the target. Most cages of a KenKen past the two-cell ones have three cells, and
//! compiling them was a walk with suffix bounds set up per cage.

use super::arith::{QUOTIENTS, SPLITS, may_divide};
use super::{CageModel, bits, exact_quotient, range_mask, zeros};
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

/// The table of a three-cell sum or product cage when it has at most 64 assignments (one
/// word per tuple set), made straight from the arithmetic: the same masks, appended to
/// `masks`, and live set, pushed to `all`, as [`Table::build`] makes of the listing of
/// [`three_cells`], without the listing. Per first value `a`, the second values that go with
/// it come as one mask (for a sum, the third cell's candidates mirrored about what is left
/// of the target), and each assignment's bit goes straight into its masks. Some(Some(the
/// values each position takes in some assignment)) once built; Some(None) (nothing appended)
/// when there are more than 64 assignments; None for other operators.
///
/// [`Table::build`]: super::Table::build
pub(crate) fn three_table(
    cage: &CageModel<'_>,
    dom: [u64; 3],
    n: usize,
    masks: &mut Vec<u64>,
    all: &mut Vec<u64>,
) -> Option<Option<[u64; 3]>> {
    let t = cage.target;
    let product = match cage.op {
        Some(Operator::Add) => false,
        Some(Operator::Mul) => true,
        _ => return None,
    };
    let conflicts = cage.conflicts;
    // The values each position takes in some assignment.
    let mut used = [0u64; 3];
    // Each value's bit where a rule says two positions differ, else nothing.
    let (second_first, third_first, third_second) = (
        0u64.wrapping_sub(conflicts[1] & 1),
        0u64.wrapping_sub(conflicts[2] & 1),
        0u64.wrapping_sub(conflicts[2] >> 1 & 1),
    );
    let at = masks.len();
    zeros(masks, 3 * n);
    let (first, rest) = masks[at..].split_at_mut(n);
    let (second, third) = rest.split_at_mut(n);
    // The bit of the next assignment (it runs off the word after the 64th), and how many
    // there are: a 65th means the cage has no early table.
    let mut tuple = 1u64;
    let mut count = 0;
    if product {
        // An assignment (a, b, c) of a product: its bit goes into b's and c's masks (a's
        // mask takes the run of bits its loop recorded).
        let mut record =
            |b: usize, c: usize, tuple: &mut u64, count: &mut usize, used: &mut [u64; 3]| {
                *count += 1;
                second[b] |= *tuple;
                third[c] |= *tuple;
                used[1] |= 1 << b;
                used[2] |= 1 << c;
                *tuple <<= 1;
            };
        let small = (dom[0] | dom[1] | dom[2]) <= 0xFFFF;
        let divisors = divisors(t, dom[0] | dom[1]);
        let seconds = dom[1] & divisors;
        // The least and most the last two cells can multiply to.
        let (least, most) = (bounds(seconds), bounds(dom[2]));
        let (least, most) = (least.0 * most.0, least.1 * most.1);
        for a in bits(dom[0] & divisors) {
            let rest = exact_quotient(t, a as u64 + 1).expect("a divisor");
            if rest > most {
                continue; // a too small: the other two cannot make up the rest
            }
            if rest < least {
                break; // a too large, and larger values only more so
            }
            let thirds = dom[2] & !(third_first & 1 << a);
            let from = tuple;
            if small {
                // Values up to 16: rest (at most `most`, 256) splits as b · c by a table.
                let rest = rest as usize % 257;
                for b in bits(seconds & SPLITS[rest] as u64 & !(second_first & 1 << a)) {
                    let c = QUOTIENTS[rest][b % 16] as usize;
                    if (thirds & !(third_second & 1 << b)) >> c & 1 != 0 {
                        record(b, c, &mut tuple, &mut count, &mut used);
                    }
                }
                first[a] = tuple.wrapping_sub(from);
                used[0] |= u64::from(tuple != from) << a;
                continue;
            }
            let (least, most) = bounds(thirds);
            for b in bits(seconds & may_divide(rest) & !(second_first & 1 << a)) {
                let bv = b as u64 + 1;
                if bv * most < rest {
                    continue; // the third would be past its largest candidate
                }
                if bv * least > rest {
                    break; // the third would be below its least, and more so after
                }
                // Here c = rest / b lies between `least` and `most` when b divides rest.
                let Some(c) = exact_quotient(rest, bv) else { continue };
                let c = (c - 1) as usize % 64;
                if (thirds & !(third_second & 1 << b)) >> c & 1 != 0 {
                    record(b, c, &mut tuple, &mut count, &mut used);
                }
            }
            first[a] = tuple.wrapping_sub(from);
            used[0] |= u64::from(tuple != from) << a;
        }
    } else {
        // Bit j of the mirror is bit 63 − j of the third cell's candidates.
        let mirrored = dom[2].reverse_bits();
        for a in bits(dom[0]) {
            let rest = match t.checked_sub(a as u64 + 1) {
                Some(rest) if rest >= 2 => rest,
                _ => break, // larger values leave less still
            };
            // The third cell's candidates (not `a` where it must differ), mirrored: value c
            // lands on b = rest − c.
            let thirds = mirrored & !(third_first & 1 << (63 - a));
            let mut found = dom[1] & !(second_first & 1 << a) & mirror(thirds, rest);
            if rest % 2 == 0 && rest <= 128 {
                found &= !(third_second & 1 << (rest / 2 - 1)); // b = c = rest / 2
            }
            let from = tuple;
            for b in bits(found) {
                count += 1;
                second[b] |= tuple;
                let c = (rest - 2) as usize - b; // c − 1 = rest − (b + 1) − 1
                third[c] |= tuple;
                used[2] |= 1 << c;
                tuple <<= 1;
            }
            used[1] |= found;
            first[a] = tuple.wrapping_sub(from);
            used[0] |= u64::from(found != 0) << a;
        }
    }
    if count > 64 {
        masks.truncate(at);
        return Some(None);
    }
    // Tuples 0..count, where `tuple` is bit `count` (none after 64).
    all.push(tuple.wrapping_sub(1));
    Some(Some(used))
}

/// The least and greatest values of a set (bit `v − 1` for value `v`); (65, 0) when empty.
fn bounds(values: u64) -> (u64, u64) {
    (values.trailing_zeros() as u64 + 1, 64 - values.leading_zeros() as u64)
}

/// The values of `values` (bit `v − 1` for value `v`) that divide `t`.
fn divisors(t: u64, values: u64) -> u64 {
    if t < 4096 && values <= 0xFFFF {
        return values & may_divide(t); // exact there
    }
    bits(values & may_divide(t))
        .filter(|&v| exact_quotient(t, v as u64 + 1).is_some())
        .fold(0, |m, v| m | 1 << v)
}

/// Given `reversed`, a set of values with bit `63 − (c − 1)` for value `c`, the values `b`
/// (bit `b − 1`) with `b + c = rest` for one of them.
pub(super) fn mirror(reversed: u64, rest: u64) -> u64 {
    // Value c sits at bit 64 − c; b = rest − c belongs at bit rest − c − 1: a shift by
    // 65 − rest, right or left.
    match rest {
        0..=1 => 0,
        2..=65 => reversed >> (65 - rest),
        66..=128 => reversed << (rest - 65),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{every_assignment, xorshift};
    use super::*;

    #[test]
    fn three_cells_equal_brute_force() {
        // Every sum and product cage of three cells under random conflicts, candidates and
        // targets: the same assignments, in the same order, as trying every triple.
        let mut next = xorshift(0x0123_4567_89AB_CDEF);
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
            let expect = every_assignment(n as u8, Some(op), target, &dom, &conflicts);
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

    #[test]
    fn three_table_equals_the_table_of_the_listing() {
        // Random sum and product cages of three cells on grids up to 64×64, under random
        // conflicts and candidates: the same masks and live set as the table of the listing,
        // and nothing appended where the listing has more than 64 assignments.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut built, mut over, mut empty) = (0, 0, 0);
        for round in 0..20_000 {
            let n = [3, 4, 6, 8, 9, 10, 12, 16, 25, 63, 64][round % 11];
            let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            let op = if next() % 2 == 0 { Operator::Add } else { Operator::Mul };
            let target = match (op, next() % 10) {
                (_, 0) => [0, 1, 2, 3, u64::MAX, 1 << 40][(next() % 6) as usize],
                (Operator::Add, _) => next() % (3 * n as u64 + 3),
                (_, 1) => next() % 300,
                _ => (0..3).map(|_| 1 + next() % n as u64).product(),
            };
            let conflicts = [0, next() % 2, next() % 4];
            let cells = [0u16, 1, 2];
            let dom = [0; 3].map(|_: u64| match next() % 4 {
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
            let mut tuples = Vec::new();
            let fits = three_cells(&cage, dom, 64, &mut tuples).expect("sum or product");
            let (mut masks, mut all) = (vec![7], vec![9]);
            let got = three_table(&cage, dom, n, &mut masks, &mut all).expect("sum or product");
            let what = format!("n {n} {op:?} {target} {dom:x?} {conflicts:?}");
            assert_eq!(got.is_some(), fits, "{what}");
            if let Some(used) = got {
                // The values of each position in some assignment.
                let mut want = [0u64; 3];
                for tuple in tuples.chunks_exact(3) {
                    for (w, &v) in want.iter_mut().zip(tuple) {
                        *w |= 1 << (v - 1);
                    }
                }
                assert_eq!(used, want, "{what}");
                let (mut want_masks, mut want_all) = (vec![7], vec![9]);
                super::super::Table::build(&tuples, 3, n, &mut want_masks, &mut want_all);
                assert_eq!(masks, want_masks, "{what}");
                assert_eq!(all, want_all, "{what}");
                built += 1;
                empty += tuples.is_empty() as usize;
            } else {
                assert_eq!((masks, all), (vec![7], vec![9]), "{what}");
                over += 1;
            }
        }
        assert!(built > 10_000 && over > 500 && empty > 2000, "{built} {over} {empty}");
    }
}

//! Tests of the cage propagator: filtering, listing and tables against plain enumeration.

use super::*;

/// A cage of cells `0..k` (owned parts; see [`Owned::view`]).
struct Owned {
    cells: Vec<u16>,
    conflicts: Vec<u64>,
    target: u64,
    op: Option<Operator>,
}

impl Owned {
    fn view(&self) -> CageModel<'_> {
        CageModel {
            cells: &self.cells,
            target: self.target,
            op: self.op,
            conflicts: &self.conflicts,
            table: None,
            late: false,
            pair: None,
        }
    }
}

/// A deterministic pseudo-random sequence (xorshift64) from a nonzero seed.
pub(super) fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

fn cage(op: Option<Operator>, target: u64, k: usize, all_differ: bool) -> Owned {
    let before = |i: usize| if i >= 64 { u64::MAX } else { (1u64 << i) - 1 };
    let conflicts = (0..k).map(|i| if all_differ { before(i) } else { 0 }).collect::<Vec<_>>();
    Owned { cells: (0..k as u16).collect(), target, op, conflicts }
}

/// Every assignment of the cage over values 1..=9, one after another.
fn all_tuples(c: &Owned) -> Vec<u8> {
    let mut tuples = Vec::new();
    let full = vec![0x1ff; c.cells.len()];
    assert!(
        CageFilter::default().enumerate(c.view(), 9, &full, (1 << 20, NODE_BUDGET), &mut tuples),
        "small"
    );
    tuples
}

/// Filters through the cage's table of assignments (values 1..=9).
fn run_table(c: &Owned, dom: &[u64]) -> (Filtered, Vec<u64>) {
    let tuples = all_tuples(c);
    let (mut masks, mut live) = (Vec::new(), Vec::new());
    let words = Table::build(&tuples, c.cells.len(), 9, &mut masks, &mut live);
    let table = Table { words, n: 9, masks: &masks };
    let mut out = Vec::new();
    let r = table.filter(&c.cells, dom, &mut live, &mut Vec::new(), &mut out);
    (r, out)
}

/// Table filtering as the search does it: starting from the values the assignments use,
/// each step narrows the candidates left by the step before (to `narrower` where that
/// leaves something) and filters again with the live tuples kept. Returns the last
/// step's candidates and result.
fn run_table_steps(c: &Owned, narrower: &[Vec<u64>]) -> (Vec<u64>, Filtered, Vec<u64>) {
    let k = c.cells.len();
    let tuples = all_tuples(c);
    let (mut masks, mut live) = (Vec::new(), Vec::new());
    let words = Table::build(&tuples, k, 9, &mut masks, &mut live);
    let table = Table { words, n: 9, masks: &masks };
    let mut dom = vec![0u64; k];
    for tuple in tuples.chunks_exact(k) {
        for (u, &v) in dom.iter_mut().zip(tuple) {
            *u |= 1 << (v - 1);
        }
    }
    let mut found = (dom.clone(), Filtered::Narrowed, dom.clone());
    for step in narrower {
        for (d, &s) in dom.iter_mut().zip(step) {
            if *d & s != 0 {
                *d &= s;
            }
        }
        let mut out = Vec::new();
        let r = table.filter(&c.cells, &dom, &mut live, &mut Vec::new(), &mut out);
        found = (dom.clone(), r, out.clone());
        if r == Filtered::Impossible {
            break;
        }
        dom = out;
    }
    found
}

fn run(c: &Owned, dom: &[u64]) -> (Filtered, Vec<u64>) {
    let mut f = CageFilter::default();
    let mut out = Vec::new();
    let r = f.filter(&c.view(), dom, &mut out);
    (r, out)
}

/// Every assignment of values 1..=`n` to the cells of a cage (one candidate set each in
/// `dom`, conflicts as in [`CageModel::conflicts`]) that takes its values from the candidates,
/// keeps conflicting cells apart and meets the rule, tried one by one: flattened, in
/// lexicographic order (the listings' order). The reference the listings and filters are
/// checked against.
pub(super) fn every_assignment(
    n: u8,
    op: Option<Operator>,
    target: u64,
    dom: &[u64],
    conflicts: &[u64],
) -> Vec<u8> {
    let k = dom.len();
    let mut found = Vec::new();
    let mut vals = vec![1u8; k];
    loop {
        let ok = (0..k).all(|i| dom[i] & (1 << (vals[i] - 1)) != 0)
            && (0..k).all(|i| (0..i).all(|j| conflicts[i] & (1 << j) == 0 || vals[i] != vals[j]))
            && rule_holds(op, target, &vals);
        if ok {
            found.extend_from_slice(&vals);
        }
        // The next assignment, the last position turning fastest.
        let mut i = k;
        loop {
            if i == 0 {
                return found;
            }
            i -= 1;
            vals[i] += 1;
            if vals[i] <= n {
                break;
            }
            vals[i] = 1;
        }
    }
}

/// The supports of plain enumeration (values 1..=9): the reference the filter must equal.
fn reference(c: &Owned, dom: &[u64]) -> Vec<u64> {
    let k = dom.len();
    let mut out = vec![0u64; k];
    for tuple in every_assignment(9, c.op, c.target, dom, &c.conflicts).chunks_exact(k) {
        for (o, &v) in out.iter_mut().zip(tuple) {
            *o |= 1 << (v - 1);
        }
    }
    out
}

/// Cages of more than [`WALK_MAX_CELLS`] cells (the first `k` cells of an `n`×`n` grid,
/// row-major) around a planted Latin square: filtering keeps the planted values whatever
/// the candidates around them, and once every cell is decided it checks the rule itself.
#[test]
fn large_cages_keep_planted_values_and_check_decided_ones() {
    let mut next = xorshift(0x5DEE_CE66_D1CE_4E5B);
    let mut narrowed = 0;
    for round in 0..300 {
        let n = 9 + round % 4;
        let k = 65 + (next() % (n * n - 64) as u64) as usize;
        let shift = (next() % n as u64) as usize;
        let planted: Vec<u8> = (0..k).map(|i| ((i / n + i % n + shift) % n) as u8 + 1).collect();
        let sum: u64 = planted.iter().map(|&v| v as u64).sum();
        let op = [Some(Operator::Add), None][round % 2];
        let c = Owned { cells: (0..k as u16).collect(), conflicts: vec![0; k], target: sum, op };
        let mut dom = vec![0u64; n * n];
        for (i, d) in dom.iter_mut().enumerate() {
            let v = planted.get(i).copied().unwrap_or(1);
            // Mostly decided, so that the bounds have something to narrow.
            let open = next() % 8 == 0;
            *d = (1 << (v - 1)) | if open { next() & ((1 << n) - 1) } else { 0 };
        }
        let mut f = CageFilter::default();
        let mut out = Vec::new();
        assert_eq!(f.filter(&c.view(), &dom, &mut out), Filtered::Narrowed, "{k} {op:?}");
        for i in 0..k {
            assert!(out[i] >> (planted[i] - 1) & 1 == 1, "{k} {op:?} lost position {i}");
            assert_eq!(out[i] & !dom[i], 0);
        }
        narrowed += out.iter().zip(&dom).any(|(o, d)| o != d) as usize;
        // Decided: the planted values pass, any other target fails.
        let decided: Vec<u64> =
            (0..n * n).map(|i| 1 << (planted.get(i).copied().unwrap_or(1) - 1)).collect();
        assert_eq!(f.filter(&c.view(), &decided, &mut out), Filtered::Narrowed);
        let wrong = Owned { target: sum + 1 + next() % 5, ..c };
        assert_eq!(f.filter(&wrong.view(), &decided, &mut out), Filtered::Impossible);
    }
    assert!(narrowed > 0);
}

#[test]
fn large_cages_that_no_latin_square_can_meet() {
    // A 9×9 in one cage: every row adds up to 45 and multiplies to 9!, so only the sum
    // 405 fits; a difference or quotient of 81 values fits nothing.
    let n = 9;
    let dom = vec![0x1ffu64; n * n];
    let mut f = CageFilter::default();
    let mut out = Vec::new();
    for (op, target, fits) in [
        (Some(Operator::Add), 405, true),
        (Some(Operator::Add), 404, false),
        (Some(Operator::Add), 406, false),
        (Some(Operator::Mul), 362_880, false),
        (Some(Operator::Sub), 1, false),
        (Some(Operator::Div), 3, false),
        (None, 405, true),
        (None, 400, false),
    ] {
        let c = cage(op, target, n * n, false);
        let found = f.filter(&c.view(), &dom, &mut out);
        assert_eq!(found == Filtered::Narrowed, fits, "{op:?} {target}");
    }
    // All 81 values differing (a Killer Sudoku cage) is impossible at once.
    let c = cage(Some(Operator::Add), 405, n * n, true);
    assert_eq!(f.filter(&c.view(), &dom, &mut out), Filtered::Impossible);
}

/// The values a late cage's cells start from, against their definition: a product's
/// divisors, a sum's values that leave the other cells between 1 and n each, any value for
/// other operators; sides up to 64, targets past any table.
#[test]
fn by_target_keeps_the_values_the_arithmetic_allows() {
    for n in [1usize, 2, 3, 5, 8, 9, 16, 25, 64] {
        for cells in 1..=6usize {
            let others = cells as u64 - 1;
            for t in (0..=200u64).chain([4095, 4096, 5040, 1 << 40, u64::MAX]) {
                for op in [None, Some(Operator::Add), Some(Operator::Mul), Some(Operator::Sub)] {
                    let want = (1..=n as u64)
                        .filter(|&v| match op {
                            Some(Operator::Mul) => t % v == 0,
                            Some(Operator::Add) => {
                                v.saturating_add(others) <= t
                                    && t <= v.saturating_add(others * n as u64)
                            }
                            _ => true,
                        })
                        .fold(0u64, |m, v| m | 1 << (v - 1));
                    assert_eq!(by_target(op, t, cells, n), want, "n {n} {cells} {op:?} {t}");
                }
            }
        }
    }
}

#[test]
fn exact_quotient_is_division() {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for v in 1..=64u64 {
        for r in (0..2000u64).chain([u64::MAX, u64::MAX - 1, 1 << 63, 3 << 62]) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for r in [r, x, x % 10_000 * v] {
                let expect = (r % v == 0).then(|| r / v);
                assert_eq!(exact_quotient(r, v), expect, "{r} / {v}");
            }
        }
    }
}

#[test]
fn two_cell_difference() {
    let c = cage(Some(Operator::Sub), 3, 2, true);
    let (r, out) = run(&c, &[0b1111, 0b1111]);
    assert_eq!(r, Filtered::Narrowed);
    assert_eq!(out, vec![0b1001, 0b1001]); // {1,4} each
}

#[test]
fn sum_with_distinct_cells() {
    // 3 cells in one row adding to 6 with values 1..4: {1,2,3} only.
    let c = cage(Some(Operator::Add), 6, 3, true);
    let (_, out) = run(&c, &[0b1111; 3]);
    assert_eq!(out, vec![0b0111; 3]);
    // Without the row constraint 2+2+2 and 1+1+4 count too.
    let c = cage(Some(Operator::Add), 6, 3, false);
    let (_, out) = run(&c, &[0b1111; 3]);
    assert_eq!(out, vec![0b1111; 3]);
}

#[test]
fn impossible_cage() {
    let c = cage(Some(Operator::Mul), 7, 2, true);
    assert_eq!(run(&c, &[0b111111, 0b111111]).0, Filtered::Impossible);
}

#[test]
fn filter_equals_enumeration() {
    // Deterministic pseudo-random domains and targets against the plain enumeration.
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    for _ in 0..3000 {
        let k = 1 + (next() % 4) as usize;
        let op = [
            None,
            Some(Operator::Add),
            Some(Operator::Sub),
            Some(Operator::Mul),
            Some(Operator::Div),
        ][(next() % 5) as usize];
        let target = 1 + next() % 30;
        let dom: Vec<u64> = (0..k).map(|_| (next() & 0x1FF) | 1 << (next() % 9)).collect();
        let differ = next() % 2 == 0;
        let c = cage(op, target, k, differ);
        let expect = reference(&c, &dom);
        for (r, out) in [run(&c, &dom), run_table(&c, &dom)] {
            if expect.contains(&0) {
                assert_eq!(r, Filtered::Impossible, "{op:?} {target} {dom:?}");
            } else {
                assert_eq!(out, expect, "{op:?} {target} {dom:?} differ={differ}");
            }
        }
    }
}

#[test]
fn enumeration_within_candidates() {
    // Late tables are listed from the root's candidates: that must give exactly the
    // assignments of the full listing whose values are all still candidates, in order.
    let mut next = xorshift(0xD1B5_4A32_D192_ED03);
    let (mut narrowed, mut empty) = (0, 0);
    for _ in 0..1500 {
        let k = 3 + (next() % 4) as usize;
        let op = [Some(Operator::Add), Some(Operator::Mul), None][(next() % 3) as usize];
        let target = 1 + next() % if op == Some(Operator::Mul) { 3000 } else { 40 };
        let c = cage(op, target, k, next() % 2 == 0);
        let dom: Vec<u64> = (0..k).map(|_| next() & 0x1FF | next() & 0x1FF).collect();
        let (mut all, mut within) = (Vec::new(), Vec::new());
        let mut e = CageFilter::default();
        if !e.enumerate(c.view(), 9, &vec![0x1FF; k], (1 << 20, NODE_BUDGET), &mut all) {
            continue; // past the walk's budget: nothing to compare
        }
        assert!(e.enumerate(c.view(), 9, &dom, (1 << 20, NODE_BUDGET), &mut within), "fewer fit");
        let expect: Vec<u8> = all
            .chunks_exact(k)
            .filter(|t| t.iter().zip(&dom).all(|(&v, &d)| d >> (v - 1) & 1 == 1))
            .flatten()
            .copied()
            .collect();
        assert_eq!(within, expect, "{op:?} {target} {dom:?}");
        narrowed += (within.len() < all.len()) as usize;
        empty += within.is_empty() as usize;
    }
    assert!(narrowed > 300 && empty < 1400, "{narrowed} {empty}");
}

#[test]
fn incremental_table_filtering_equals_enumeration() {
    // Successive narrowings, the live tuples kept between them, as in the search: the
    // result after each must be what plain enumeration gives for those candidates.
    let mut next = xorshift(0x2545_F491_4F6C_DD1D);
    let mut unchanged_steps = 0;
    for _ in 0..2000 {
        let k = 2 + (next() % 3) as usize;
        let op = [Some(Operator::Add), Some(Operator::Mul), None][(next() % 3) as usize];
        let target = 1 + next() % 40;
        let c = cage(op, target, k, next() % 2 == 0);
        let steps: Vec<Vec<u64>> = (0..1 + next() % 4)
            .map(|_| (0..k).map(|_| next() & 0x1FF | next() & 0x1FF).collect())
            .collect();
        let (dom, r, out) = run_table_steps(&c, &steps);
        let expect = reference(&c, &dom);
        if expect.contains(&0) {
            assert_eq!(r, Filtered::Impossible, "{op:?} {target} {dom:?}");
        } else {
            assert_eq!(out, expect, "{op:?} {target} {dom:?}");
            unchanged_steps += (out == dom) as usize;
        }
    }
    // Both outcomes were exercised: steps that narrowed and steps that did not.
    assert!(unchanged_steps > 100 && unchanged_steps < 1900, "{unchanged_steps}");
}

/// A hidden-operator cage of 32 cells of a 6×6 grid (all but four cells), its positions
/// differing by row and column.
fn big_hidden(target: u64) -> Owned {
    let singles = [0u16, 8, 22, 35];
    let cells: Vec<u16> = (0..36).filter(|c| !singles.contains(c)).collect();
    let conflicts = (0..cells.len())
        .map(|i| {
            (0..i).fold(0u64, |m, j| {
                let (a, b) = (cells[i], cells[j]);
                if a / 6 == b / 6 || a % 6 == b % 6 { m | 1 << j } else { m }
            })
        })
        .collect();
    Owned { cells, target, op: None, conflicts }
}

#[test]
fn hidden_operator_cage_walks_each_operator_with_its_pruning() {
    let full = vec![0x3F; 36];
    let mut f = CageFilter::default();
    let mut out = Vec::new();
    // No operator makes 7 or 123 of 32 cells holding 1..=6 with rows and columns distinct
    // (their sum is at most 122; 7 and 41 are primes above 6): proved by bounds and the
    // walk's own pruning, not by a walk over every layout (which spent its whole budget).
    for target in [7, 123] {
        let r = f.filter(&big_hidden(target).view(), &full, &mut out);
        assert_eq!(r, Filtered::Impossible, "target {target}");
        assert!(f.work() < 1_000, "target {target}: work {}", f.work());
    }
    // 116 is their sum when the four other cells hold 1, 2, 3, 4: every value stays possible.
    let r = f.filter(&big_hidden(116).view(), &full, &mut out);
    assert_eq!(r, Filtered::Narrowed);
    assert!(out.iter().all(|&m| m != 0), "{out:?}");
}

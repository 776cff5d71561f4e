//! Latin squares of side 4 and 5 in one draw, with the law of the row-by-row matchings.
//!
//! The matchings ([`super::latin_cells`]) take the columns of a row in a random order and try
//! each column's symbols in a random order, so renaming the columns or the symbols of a square
//! does not change how likely it is: every square of an orbit under those renamings (a group
//! of n!·n! elements) comes up equally often. At sides 4 and 5 there are few orbits (4 of the
//! 576 squares, 16 of the 161,280) and the chance of each is known exactly (`latin/law.rs`,
//! built for the tests, works it out from the matchings, and they check these tables against
//! it). So a square can be drawn as an orbit with its chance, then a random renaming of its
//! columns and of its symbols applied to the orbit's representative: the same law as the
//! matchings, in one draw of the generator instead of twenty to forty, and a hundred-odd
//! instructions instead of the matchings' 2,400 or so (at 4×4 easy the square had been a
//! seventh of a candidate's cost).

use super::super::rng::Rng;

/// The orbits of side 4: a representative (symbols from 0, row by row) and its weight; the
/// chance of the orbit is its weight over [`TOTAL_4`]. The first holds the squares made of
/// four 2×2 subsquares (12 rectangles `a b / b a` each).
pub(super) const ORBITS_4: [([u8; 16], u64); 4] = [
    ([0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 0, 1, 3, 2, 1, 0], 235),
    ([0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 1, 0, 3, 2, 0, 1], 235),
    ([0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2], 629),
    ([0, 1, 2, 3, 1, 2, 3, 0, 3, 0, 1, 2, 2, 3, 0, 1], 629),
];

/// The sum of the weights of side 4.
pub(super) const TOTAL_4: u64 = total(&ORBITS_4);

/// The orbits of side 5, as [`ORBITS_4`]. Ten have 14,400 squares, six (the squares whose
/// rows are the first turned by the same step, and their kin) 2,880.
#[rustfmt::skip]
pub(super) const ORBITS_5: [([u8; 25], u64); 16] = [
    ([0, 1, 2, 3, 4, 1, 0, 3, 4, 2, 2, 3, 4, 0, 1, 3, 4, 1, 2, 0, 4, 2, 0, 1, 3], 961_980_779_520),
    ([0, 1, 2, 3, 4, 1, 0, 3, 4, 2, 2, 3, 4, 0, 1, 4, 2, 0, 1, 3, 3, 4, 1, 2, 0], 961_980_779_520),
    ([0, 1, 2, 3, 4, 1, 0, 3, 4, 2, 2, 3, 4, 1, 0, 3, 4, 0, 2, 1, 4, 2, 1, 0, 3], 961_980_779_520),
    ([0, 1, 2, 3, 4, 1, 0, 3, 4, 2, 2, 3, 4, 1, 0, 4, 2, 1, 0, 3, 3, 4, 0, 2, 1], 961_980_779_520),
    ([0, 1, 2, 3, 4, 1, 2, 3, 4, 0, 2, 0, 4, 1, 3, 3, 4, 0, 2, 1, 4, 3, 1, 0, 2], 480_717_328_569),
    ([0, 1, 2, 3, 4, 1, 2, 3, 4, 0, 2, 0, 4, 1, 3, 3, 4, 1, 0, 2, 4, 3, 0, 2, 1], 480_717_328_569),
    ([0, 1, 2, 3, 4, 1, 2, 3, 4, 0, 2, 0, 4, 1, 3, 4, 3, 0, 2, 1, 3, 4, 1, 0, 2], 480_717_328_569),
    ([0, 1, 2, 3, 4, 1, 2, 3, 4, 0, 2, 0, 4, 1, 3, 4, 3, 1, 0, 2, 3, 4, 0, 2, 1], 480_717_328_569),
    ([0, 1, 2, 3, 4, 1, 2, 3, 4, 0, 2, 3, 4, 0, 1, 3, 4, 0, 1, 2, 4, 0, 1, 2, 3], 294_020_358_514),
    ([0, 1, 2, 3, 4, 1, 2, 3, 4, 0, 2, 3, 4, 0, 1, 4, 0, 1, 2, 3, 3, 4, 0, 1, 2], 294_020_358_514),
    ([0, 1, 2, 3, 4, 1, 2, 3, 4, 0, 2, 4, 0, 1, 3, 3, 0, 4, 2, 1, 4, 3, 1, 0, 2], 857_563_622_305),
    ([0, 1, 2, 3, 4, 1, 2, 3, 4, 0, 2, 4, 0, 1, 3, 4, 3, 1, 0, 2, 3, 0, 4, 2, 1], 857_563_622_305),
    ([0, 1, 2, 3, 4, 1, 2, 3, 4, 0, 3, 4, 0, 1, 2, 2, 3, 4, 0, 1, 4, 0, 1, 2, 3], 127_049_668_617),
    ([0, 1, 2, 3, 4, 1, 2, 3, 4, 0, 3, 4, 0, 1, 2, 4, 0, 1, 2, 3, 2, 3, 4, 0, 1], 127_049_668_617),
    ([0, 1, 2, 3, 4, 1, 2, 3, 4, 0, 4, 0, 1, 2, 3, 2, 3, 4, 0, 1, 3, 4, 0, 1, 2], 294_020_358_514),
    ([0, 1, 2, 3, 4, 1, 2, 3, 4, 0, 4, 0, 1, 2, 3, 3, 4, 0, 1, 2, 2, 3, 4, 0, 1], 294_020_358_514),
];

/// The sum of the weights of side 5.
pub(super) const TOTAL_5: u64 = total(&ORBITS_5);

const fn total<const A: usize, const K: usize>(orbits: &[([u8; A], u64); K]) -> u64 {
    let mut sum = 0;
    let mut i = 0;
    while i < K {
        sum += orbits[i].1;
        i += 1;
    }
    sum
}

/// A random Latin square of side 4 or 5 into `cells` (n × n of them, values from 1), with the
/// law of the matchings: one draw below weight × (n!)² picks the orbit (the draw modulo the
/// total weight) and the renamings of columns and of symbols (the quotient).
pub(super) fn draw(n: usize, rng: &mut Rng, cells: &mut [u8]) {
    match n {
        4 => draw_in(&ORBITS_4, TOTAL_4, rng, cells),
        5 => draw_in(&ORBITS_5, TOTAL_5, rng, cells),
        _ => unreachable!("orbit tables for sides 4 and 5 only"),
    }
}

fn draw_in<const A: usize, const K: usize>(
    orbits: &[([u8; A], u64); K],
    total: u64,
    rng: &mut Rng,
    cells: &mut [u8],
) {
    let n = A.isqrt();
    let ways = FACTORIALS[n];
    let x = rng.below_u64(total * ways * ways);
    let (mut pick, renaming) = (x % total, x / total);
    let mut rep = &orbits[K - 1].0;
    for (square, weight) in orbits {
        if pick < *weight {
            rep = square;
            break;
        }
        pick -= weight;
    }
    let columns = nth_permutation(n, renaming % ways);
    let symbols = nth_permutation(n, renaming / ways);
    for r in 0..n {
        for c in 0..n {
            cells[r * n + c] = symbols[rep[r * n + columns[c] as usize] as usize] + 1;
        }
    }
}

/// 0! to 5!.
const FACTORIALS: [u64; 6] = [1, 1, 2, 6, 24, 120];

/// The `k`-th permutation of `0..n` (n ≤ 5, k < n!) in lexicographic order.
pub(super) fn nth_permutation(n: usize, mut k: u64) -> [u8; 5] {
    let mut left = [0u8, 1, 2, 3, 4];
    let mut out = [0u8; 5];
    for i in 0..n {
        let f = FACTORIALS[n - 1 - i];
        let at = (k / f) as usize;
        k %= f;
        out[i] = left[at];
        // The symbols after `at` move down one place.
        left.copy_within(at + 1..n - i, at);
    }
    out
}

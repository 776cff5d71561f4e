//! The generator's randomness: ChaCha8 (rand_chacha), seeded from the user's seed, with one
//! stream per puzzle index — so puzzle k of a seed is the same whichever thread makes it and on
//! every platform. Draws are made here from raw 64-bit words (no library sampling whose
//! algorithm could change between versions).

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// A reproducible random source.
pub struct Rng(ChaCha8Rng);

impl Rng {
    /// The stream of puzzle `index` of `seed`.
    pub fn new(seed: u64, index: u64) -> Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        Rng(rng)
    }

    /// The next raw 64-bit word of the stream.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (n ≥ 1), without bias (rejection of the short top range).
    pub fn below(&mut self, n: usize) -> usize {
        // The generator draws mostly below small bounds (shuffles of a row, of a cage's
        // operators, of a grid's cells): with the bound a constant, the two remainders are
        // multiplications rather than divisions. The same numbers either way.
        macro_rules! small {
            ($($k:literal)*) => {
                match n {
                    $($k => return self.below_const::<$k>(),)*
                    _ => {}
                }
            };
        }
        small!(2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30
            31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58
            59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81);
        let n = n.max(1) as u64;
        self.below_in(n, u64::MAX - (u64::MAX % n) - 1)
    }

    /// [`Rng::below`] for a bound known when compiling.
    #[inline]
    fn below_const<const N: u64>(&mut self) -> usize {
        self.below_in(N, const { u64::MAX - (u64::MAX % N) - 1 })
    }

    /// A draw below `n`, words above `zone` (the short top range) rejected. Inlined, so that
    /// with a constant bound its remainder is a multiplication.
    #[inline(always)]
    fn below_in(&mut self, n: u64, zone: u64) -> usize {
        loop {
            let x = self.next_u64();
            if x <= zone {
                return (x % n) as usize;
            }
        }
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    /// Shuffles in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// `0..n` in a random order.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The draw by the general formula, from raw words.
    fn below_by_division(rng: &mut Rng, n: usize) -> usize {
        let n = n.max(1) as u64;
        let zone = u64::MAX - (u64::MAX % n) - 1;
        loop {
            let x = rng.next_u64();
            if x <= zone {
                return (x % n) as usize;
            }
        }
    }

    #[test]
    fn below_draws_what_the_general_formula_draws() {
        for n in (0..=130).chain([255, 256, 1000, 1 << 20, usize::MAX / 3 + 7]) {
            let (mut a, mut b) = (Rng::new(n as u64, 3), Rng::new(n as u64, 3));
            for _ in 0..200 {
                let x = a.below(n);
                assert_eq!(x, below_by_division(&mut b, n), "bound {n}");
                assert!(x < n.max(1));
            }
        }
    }
}

//! The generator's randomness, reproducible on every platform and for every thread count.
//!
//! Each puzzle index has its own stream: ChaCha8 (rand_chacha) keyed by the user's seed, on
//! stream `index`, gives the 256-bit seed of a PCG-64 (rand_pcg's `Lcg128Xsl64`: its state and
//! its increment) from which that puzzle's draws are made. So puzzle k of a seed is the same
//! whichever thread makes it, and streams of neighbouring indexes share nothing. The
//! generator draws hundreds of small numbers per candidate puzzle, so each draw is cheap: one
//! PCG step and one widening multiplication (Lemire's bounded draw) with a rejection that
//! almost never happens. Both algorithms are fixed here, from raw 64-bit words: no library
//! sampling whose algorithm could change between versions.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64;

/// A reproducible random source.
pub struct Rng(Pcg64);

impl Rng {
    /// The stream of puzzle `index` of `seed`.
    pub fn new(seed: u64, index: u64) -> Rng {
        let mut key = ChaCha8Rng::seed_from_u64(seed);
        key.set_stream(index);
        let mut word = || u128::from(key.next_u64()) << 64 | u128::from(key.next_u64());
        let (state, increment) = (word(), word());
        Rng(Pcg64::new(state, increment))
    }

    /// The next raw 64-bit word of the stream.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (n ≥ 1), without bias: the high word of a 64×64-bit product, words
    /// whose low word falls in the short zone (fewer than n of 2⁶⁴) drawn again.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        self.below_u64(n as u64) as usize
    }

    /// [`Rng::below`] for bounds past 32 bits on every platform (`usize` is 32 bits on wasm32).
    #[inline]
    pub fn below_u64(&mut self, n: u64) -> u64 {
        let n = n.max(1);
        loop {
            let product = u128::from(self.next_u64()) * u128::from(n);
            let low = product as u64;
            // `low < n` is a cheap first test; the exact zone is `2⁶⁴ mod n`.
            if low >= n || low >= n.wrapping_neg() % n {
                return (product >> 64) as u64;
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

    /// The draw by the general formula: the rejection zone of Lemire's method, computed
    /// without the shortcut.
    fn below_by_formula(rng: &mut Rng, n: usize) -> usize {
        let n = n.max(1) as u64;
        let zone = (u64::MAX - n + 1) % n; // 2⁶⁴ mod n
        loop {
            let product = u128::from(rng.next_u64()) * u128::from(n);
            if (product as u64) >= zone {
                return (product >> 64) as usize;
            }
        }
    }

    #[test]
    fn below_draws_what_the_general_formula_draws() {
        for n in (0..=130).chain([255, 256, 1000, 1 << 20, usize::MAX / 3 + 7, usize::MAX]) {
            let (mut a, mut b) = (Rng::new(n as u64, 3), Rng::new(n as u64, 3));
            for _ in 0..200 {
                let x = a.below(n);
                assert_eq!(x, below_by_formula(&mut b, n), "bound {n}");
                assert!(x < n.max(1));
            }
        }
    }

    #[test]
    fn draws_are_spread_evenly() {
        // 60,000 draws below 6: each value about 10,000 times (5 standard deviations: 456).
        let mut rng = Rng::new(7, 0);
        let mut seen = [0u32; 6];
        for _ in 0..60_000 {
            seen[rng.below(6)] += 1;
        }
        assert!(seen.iter().all(|&k| k.abs_diff(10_000) < 460), "{seen:?}");
    }

    #[test]
    fn streams_of_a_seed_differ_and_repeat() {
        let words = |seed, index| {
            let mut rng = Rng::new(seed, index);
            (0..4).map(|_| rng.next_u64()).collect::<Vec<_>>()
        };
        assert_eq!(words(1, 0), words(1, 0));
        assert_ne!(words(1, 0), words(1, 1));
        assert_ne!(words(1, 0), words(2, 0));
        // The first words of seed 1, stream 0: a change of algorithm shows here first.
        assert_eq!(words(1, 0)[0], 4_614_088_343_061_963_116);
    }
}

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
        let n = n.max(1) as u64;
        let zone = u64::MAX - (u64::MAX % n) - 1;
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

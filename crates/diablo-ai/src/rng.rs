//! A small seeded random number generator (SplitMix64).
//!
//! The players and the match runner need reproducible randomness that works
//! the same on every target, wasm included, with no dependency: SplitMix64
//! passes BigCrush and is a few instructions per draw.

use diablo_core::Roll;

/// A seeded SplitMix64 generator: the same seed gives the same draws on
/// every platform.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator from a seed (every seed is fine, 0 included).
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Multiply-shift: unbiased enough for n far below 2^64, and exact
        // reproducibility matters more here than the last bit of uniformity.
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A uniform index into a slice of length `len` (0 when `len` is 0).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// A roll of two fair dice for a board of side `size` (faces 1..=size/2).
    pub fn roll(&mut self, size: u8) -> Roll {
        let faces = u64::from((size / 2).max(1));
        let a = 1 + self.below(faces) as u8;
        let b = 1 + self.below(faces) as u8;
        // Both dice are at least 1, so the roll always exists.
        Roll::new(a, b).unwrap_or_else(|| unreachable!("dice start at 1"))
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_draws_and_rolls_fit_the_board() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut counts = [0u32; 4];
        for _ in 0..4000 {
            let r = a.roll(8);
            for d in r.dice() {
                assert!((1..=4).contains(&d));
                counts[usize::from(d - 1)] += 1;
            }
        }
        // 8000 dice over 4 faces: each face near 2000.
        assert!(
            counts.iter().all(|&c| (1800..2200).contains(&c)),
            "{counts:?}"
        );
    }
}

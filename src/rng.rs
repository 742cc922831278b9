//! The crate's one random number generator, for searches that sample: the same seed gives
//! the same numbers on every machine.

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast generator, good enough for search.
pub(crate) struct SplitMix64(pub u64);

impl SplitMix64 {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (Lemire's multiply-shift; the bias is below 2^-32 here).
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next()) * bound as u128) >> 64) as usize
    }

    /// A number in `0..bound` with no bias at all: draws outside the largest multiple of
    /// `bound` are redrawn.
    pub(crate) fn exactly_below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "an empty range");
        let zone = u64::MAX - (u64::MAX - bound + 1) % bound;
        loop {
            let draw = self.next();
            if draw <= zone {
                return draw % bound;
            }
        }
    }
}

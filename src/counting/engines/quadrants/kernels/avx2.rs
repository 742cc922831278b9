//! 256-bit vectors, two per chunk, with popcounts by a nibble table.

use super::*;
use crate::counting::engines::quadrants::portable::transpose_portable;
use crate::counting::simd::byte_popcnt;

type Vector = __m256i;
const PER_CHUNK: usize = 2;
const BLOCK: usize = 3;
/// Vectors whose ones a byte holds (8 each, up to 255).
const NARROW_SUMS: usize = 31;
pub(super) const CROSSING: usize = 2;

/// This kernel's one list of features: every function below is compiled for it, and
/// `available` checks the processor for it.
macro_rules! features {
    ($macro:ident $(; $($args:tt)*)?) => { $macro!("avx2,bmi1" $(; $($args)*)?); };
}

features!(join_kernel);

features!(instructions;
    zero: _mm256_setzero_si256;
    binary: and = _mm256_and_si256, and_not = _mm256_andnot_si256, add64 = _mm256_add_epi64;
);

features!(with_features;

    /// The 4 words from `words` on, which must be readable.
    ///
    /// # Safety
    ///
    /// The processor must have this kernel's features, and `words` must point to 4 readable
    /// words (any alignment).
    #[inline]
    unsafe fn load(words: *const u64) -> Vector {
        // SAFETY: the caller's promise: one unaligned load of 32 bytes.
        unsafe { _mm256_loadu_si256(words.cast()) }
    }

    /// Stores the 4 words of `vector` from `words` on, which must be writable.
    ///
    /// # Safety
    ///
    /// The processor must have this kernel's features, and `words` must point to 4 writable
    /// words (any alignment).
    #[inline]
    unsafe fn store(words: *mut u64, vector: Vector) {
        // SAFETY: the caller's promise: one unaligned store of 32 bytes.
        unsafe { _mm256_storeu_si256(words.cast(), vector) }
    }

    /// Each byte's ones.
    #[inline]
    fn ones(a: Vector) -> Vector {
        byte_popcnt(a)
    }

    #[inline]
    fn add_ones(a: Vector, b: Vector) -> Vector {
        _mm256_add_epi8(a, b)
    }

    /// Byte counts summed per 64-bit lane by `psadbw`.
    #[inline]
    fn widen(a: Vector) -> Vector {
        _mm256_sad_epu8(a, _mm256_setzero_si256())
    }

    /// `sum + a` if `keep`, else `sum`.
    #[inline]
    fn add_if(sum: Vector, a: Vector, keep: bool) -> Vector {
        _mm256_add_epi64(sum, _mm256_and_si256(a, _mm256_set1_epi64x(-i64::from(keep))))
    }

    /// [`transpose_portable`], its wide rounds on this kernel's vectors.
    fn transpose_with(halves: &[u64], diagonals: usize, planes: &mut [u64], words: usize) {
        transpose_portable(halves, diagonals, planes, words);
    }

    #[inline]
    fn total(a: Vector) -> u64 {
        let mut lanes = [0u64; 4];
        // SAFETY: `lanes` is 32 bytes: one unaligned store.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), a) };
        lanes.iter().sum()
    }
);

/// See [`transpose`](super::transpose); the processor must have the features.
pub(super) fn transpose(halves: &[u64], diagonals: usize, planes: &mut [u64], words: usize) {
    assert!(available());
    // SAFETY: `available()` checked the processor for the features `transpose_with` is
    // compiled for.
    unsafe { transpose_with(halves, diagonals, planes, words) }
}

//! 512-bit vectors of bytes, shuffled: the bit-slicing of a table, 64 half-boards at a time.

use super::*;

/// This transposition's one list of features: its function is compiled for it, and
/// `Detected` checks the processor for it.
macro_rules! features {
    ($macro:ident $(; $($args:tt)*)?) => { $macro!("avx512f,avx512bw,avx512vbmi" $(; $($args)*)?); };
}

features!(detected);

features!(with_features;
    /// Qwords of `a` and `b` (8 on) by `index`.
    #[inline]
    fn pick(a: __m512i, b: __m512i, index: [i64; 8]) -> __m512i {
        let [i0, i1, i2, i3, i4, i5, i6, i7] = index;
        _mm512_permutex2var_epi64(a, _mm512_setr_epi64(i0, i1, i2, i3, i4, i5, i6, i7), b)
    }

    /// For each 64 half-boards: bytes of the same rank side by side (a byte shuffle per
    /// 8 half-boards, then an 8 by 8 transposition of words), so that byte `p` of
    /// vector `j` is byte `j` of half-board `p`; then the top bit of every byte at once,
    /// a diagonal per doubling.
    fn transpose_with(_: Detected, halves: &[u64], diagonals: usize, planes: &mut [u64], words: usize) {
        let shuffle: [u8; 64] = core::array::from_fn(|p| (p % 8 * 8 + p / 8) as u8);
        // SAFETY: `shuffle` is 64 bytes: one unaligned load.
        let shuffle = unsafe { _mm512_loadu_si512(shuffle.as_ptr().cast()) };
        for (w, block) in halves.chunks_exact(64).enumerate() {
            // Word `j` of `y[i]`: byte `j` of half-boards `8 i..8 i + 8`.
            let y: [__m512i; 8] = core::array::from_fn(|i| {
                // SAFETY: each load reads 8 of the 64 words of `block`.
                let eight = unsafe { _mm512_loadu_si512(block.as_ptr().add(8 * i).cast()) };
                _mm512_permutexvar_epi8(shuffle, eight)
            });
            // Word `j` of `y[i]` to word `i` of `x[j]`, in three rounds of pairs.
            let pairs: [[__m512i; 2]; 4] = core::array::from_fn(|p| {
                [[0, 8, 1, 9, 2, 10, 3, 11], [4, 12, 5, 13, 6, 14, 7, 15]]
                    .map(|index| pick(y[2 * p], y[2 * p + 1], index))
            });
            let quads: [[[__m512i; 2]; 2]; 2] = core::array::from_fn(|q| {
                core::array::from_fn(|h| {
                    [[0, 1, 8, 9, 2, 3, 10, 11], [4, 5, 12, 13, 6, 7, 14, 15]]
                        .map(|index| pick(pairs[2 * q][h], pairs[2 * q + 1][h], index))
                })
            });
            for j in (0..8).take_while(|j| 8 * j < diagonals) {
                let (h, g, r) = (j / 4, j / 2 % 2, j % 2);
                let index = [[0, 1, 2, 3, 8, 9, 10, 11], [4, 5, 6, 7, 12, 13, 14, 15]][r];
                let mut x = pick(quads[0][h][g], quads[1][h][g], index);
                for d in (8 * j..8 * j + 8).rev() {
                    if d < diagonals {
                        planes[d * words + w] = _mm512_movepi8_mask(x);
                    }
                    x = _mm512_add_epi8(x, x);
                }
            }
        }
    }
);

transpose_kernel!();

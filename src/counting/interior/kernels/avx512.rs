//! The AVX-512 kernels: lanes picked by mask registers, packed by compress instructions.

/// Defines the AVX-512 kernels' operations on lanes picked by a mask register: those that
/// test lanes for 0, add in some lanes, pack lanes and store a vector.
macro_rules! mask_instructions {
    (
        $features:literal;
        test: $test:ident, masked_add: $masked_add:ident, compress: $compress:ident,
        store: $store:ident;
    ) => {
        /// The lanes of `a` that are not 0.
        #[inline]
        #[target_feature(enable = $features)]
        fn nonzero(a: Vector) -> u16 {
            $test(a, a)
        }

        /// `sums` plus `a` in the lanes of `mask`.
        #[inline]
        #[target_feature(enable = $features)]
        fn add_where(sums: Vector, mask: u16, a: Vector) -> Vector {
            $masked_add(sums, mask, sums, a)
        }

        /// Writes the lanes of `a` picked by `mask` to the front of `queue`.
        #[inline]
        #[target_feature(enable = $features)]
        fn push(queue: &mut [Lane], mask: u16, a: Vector) {
            let lanes: &mut [Lane; 16] = queue.first_chunk_mut().expect("room for a vector");
            let packed = $compress(mask, a);
            // SAFETY: `lanes` is one vector's worth of lanes: one unaligned store.
            unsafe { $store(lanes.as_mut_ptr().cast(), packed) }
        }
    };
}

/// 16 columns of 16 bits in 256-bit vectors.
pub(super) mod narrow {
    use super::super::*;

    type Lane = u16;
    type Vector = __m256i;
    const LANES: usize = 16;
    const CHUNKS: usize = 1;

    /// This kernel's one list of features: every function below is compiled for it, and
    /// `Detected` checks the processor for it.
    macro_rules! features {
        ($macro:ident $(; $($args:tt)*)?) => { $macro!("avx512bw,avx512vl,avx512vbmi2,avx512bitalg,popcnt" $(; $($args)*)?); };
    }

    features!(kernel);

    features!(instructions;
        splat: _mm256_set1_epi16 as i16, zero: _mm256_setzero_si256;
        binary: or = _mm256_or_si256, and = _mm256_and_si256, and_not = _mm256_andnot_si256,
            mul = _mm256_mullo_epi16, add = _mm256_add_epi16, sub = _mm256_sub_epi16;
        shift: shl = _mm256_sll_epi16, shr = _mm256_srl_epi16;
        unary: popcnt = _mm256_popcnt_epi16;
    );

    features!(mask_instructions;
        test: _mm256_test_epi16_mask, masked_add: _mm256_mask_add_epi16,
        compress: _mm256_maskz_compress_epi16, store: _mm256_storeu_si256;
    );

    features!(with_features;
        #[inline]
        fn column_bits(_chunk: usize) -> Vector {
            _mm256_sllv_epi16(
                _mm256_set1_epi16(1),
                _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
            )
        }
    );

    // A lane gains at most 16 x 16 pairs per node: a batch cannot overflow 16 bits.
    const _: () = assert!(BATCH * 16 * 16 < 1 << 16);

    features!(with_features;
        /// The sum of the lanes, taken once a batch.
        #[inline]
        fn sum(a: Vector) -> u64 {
            _mm512_reduce_add_epi32(_mm512_cvtepu16_epi32(a)) as u64
        }
    );
}

/// 16 columns of 32 bits in 512-bit vectors, one or two chunks of them.
pub(super) mod wide {
    use super::super::*;

    type Lane = u32;
    type Vector = __m512i;
    const LANES: usize = 16;
    const CHUNKS: usize = 2;

    /// This kernel's one list of features: every function below is compiled for it, and
    /// `Detected` checks the processor for it.
    macro_rules! features {
        ($macro:ident $(; $($args:tt)*)?) => { $macro!("avx512f,avx512vpopcntdq,popcnt" $(; $($args)*)?); };
    }

    features!(kernel);

    features!(instructions;
        splat: _mm512_set1_epi32 as i32, zero: _mm512_setzero_si512;
        binary: or = _mm512_or_si512, and = _mm512_and_si512, and_not = _mm512_andnot_si512,
            mul = _mm512_mullo_epi32, add = _mm512_add_epi32, sub = _mm512_sub_epi32;
        shift: shl = _mm512_sll_epi32, shr = _mm512_srl_epi32;
        unary: popcnt = _mm512_popcnt_epi32;
    );

    features!(mask_instructions;
        test: _mm512_test_epi32_mask, masked_add: _mm512_mask_add_epi32,
        compress: _mm512_maskz_compress_epi32, store: _mm512_storeu_si512;
    );

    features!(with_features;
        #[inline]
        fn column_bits(chunk: usize) -> Vector {
            _mm512_sllv_epi32(
                _mm512_set1_epi32(1 << (16 * chunk)),
                _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
            )
        }

        #[inline]
        fn sum(a: Vector) -> u64 {
            _mm512_reduce_add_epi32(a) as u64
        }
    );
}

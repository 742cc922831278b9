//! The AVX2 kernels, for processors without AVX-512: popcounts by a nibble table, and
//! lanes packed by shuffles whose controls come from tables.

use core::arch::x86_64::*;

use crate::counting::simd::byte_popcnt;

/// The lanes (of 8) that the 8-bit `mask` picks, in order, then zeros.
const fn picked(mask: usize) -> [u8; 8] {
    let (mut lanes, mut lane, mut to) = ([0; 8], 0, 0);
    while lane < 8 {
        if mask & 1 << lane != 0 {
            lanes[to] = lane as u8;
            to += 1;
        }
        lane += 1;
    }
    lanes
}

/// The sum of the 8 lanes of 32 bits of `a`.
#[inline]
#[target_feature(enable = "avx2")]
fn sum_lanes(a: __m256i) -> u64 {
    let four = _mm_add_epi32(_mm256_castsi256_si128(a), _mm256_extracti128_si256::<1>(a));
    let two = _mm_add_epi32(four, _mm_shuffle_epi32::<0b01_00_11_10>(four));
    let one = _mm_add_epi32(two, _mm_shuffle_epi32::<0b10_11_00_01>(two));
    u64::from(_mm_cvtsi128_si32(one) as u32)
}

/// 16 columns of 16 bits in 256-bit vectors, packed half a vector at a time.
pub(super) mod narrow {
    use super::super::*;
    use super::{byte_popcnt, picked, sum_lanes};

    type Lane = u16;
    type Vector = __m256i;
    const LANES: usize = 16;
    const CHUNKS: usize = 1;

    /// This kernel's one list of features: every function below is compiled for it, and
    /// `Detected` checks the processor for it.
    macro_rules! features {
        ($macro:ident $(; $($args:tt)*)?) => { $macro!("avx2,popcnt" $(; $($args)*)?); };
    }

    features!(kernel);

    features!(instructions;
        splat: _mm256_set1_epi16 as i16, zero: _mm256_setzero_si256;
        binary: or = _mm256_or_si256, and = _mm256_and_si256, and_not = _mm256_andnot_si256,
            mul = _mm256_mullo_epi16, add = _mm256_add_epi16, sub = _mm256_sub_epi16;
        shift: shl = _mm256_sll_epi16, shr = _mm256_srl_epi16;
    );

    // `sum` adds lanes as signed 16-bit numbers, at most 16 x 16 pairs per node each.
    const _: () = assert!(BATCH * 16 * 16 < 1 << 15);

    /// For each 8-bit mask, the byte shuffle that packs the 16-bit lanes it picks (of 8) to
    /// the front.
    static PACK: [[u8; 16]; 256] = {
        let mut table = [[0x80; 16]; 256];
        let mut mask = 0;
        while mask < 256 {
            let lanes = picked(mask);
            let mut to = 0;
            while to < mask.count_ones() as usize {
                table[mask][2 * to] = 2 * lanes[to];
                table[mask][2 * to + 1] = 2 * lanes[to] + 1;
                to += 1;
            }
            mask += 1;
        }
        table
    };

    features!(with_features;
        #[inline]
        #[rustfmt::skip]
        fn column_bits(_chunk: usize) -> Vector {
            _mm256_setr_epi16(
                1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, i16::MIN,
            )
        }

        /// The number of ones in each lane: its two bytes' counts added.
        #[inline]
        fn popcnt(a: Vector) -> Vector {
            _mm256_maddubs_epi16(byte_popcnt(a), _mm256_set1_epi8(1))
        }

        /// The lanes of `a` that are not 0.
        #[inline]
        fn nonzero(a: Vector) -> u16 {
            let empty = _mm256_cmpeq_epi16(a, _mm256_setzero_si256());
            // Packing bytes keeps lanes 0..8 in bytes 0..8 and lanes 8..16 in bytes 16..24.
            let bytes = _mm256_movemask_epi8(_mm256_packs_epi16(empty, empty)) as u32;
            !((bytes & 0xff) | (bytes >> 8 & 0xff00)) as u16
        }

        /// `sums` plus `a` in the lanes of `mask`.
        #[inline]
        fn add_where(sums: Vector, mask: u16, a: Vector) -> Vector {
            let bits = column_bits(0);
            let picked = _mm256_cmpeq_epi16(_mm256_and_si256(splat(mask), bits), bits);
            _mm256_add_epi16(sums, _mm256_and_si256(a, picked))
        }

        /// The sum of the lanes, taken once a batch.
        #[inline]
        fn sum(a: Vector) -> u64 {
            sum_lanes(_mm256_madd_epi16(a, _mm256_set1_epi16(1)))
        }

        /// Writes the lanes of `a` picked by `mask` to the front of `queue`.
        #[inline]
        fn push(queue: &mut [Lane], mask: u16, a: Vector) {
            let lanes: &mut [Lane; 16] = queue.first_chunk_mut().expect("room for a vector");
            let [below, above] = [mask as u8, (mask >> 8) as u8];
            // SAFETY: each table row is 16 bytes: one unaligned 128-bit load.
            let [shuffle_below, shuffle_above] = [below, above]
                .map(|half| unsafe { _mm_loadu_si128(PACK[usize::from(half)].as_ptr().cast()) });
            let low = _mm_shuffle_epi8(_mm256_castsi256_si128(a), shuffle_below);
            let high = _mm_shuffle_epi8(_mm256_extracti128_si256::<1>(a), shuffle_above);
            let after = below.count_ones() as usize;
            // SAFETY: 8 lanes of 16 bits at lane 0, then at lane `after` <= 8: both inside the
            // 16 lanes of `lanes`.
            unsafe {
                _mm_storeu_si128(lanes.as_mut_ptr().cast(), low);
                _mm_storeu_si128(lanes.as_mut_ptr().add(after).cast(), high);
            }
        }
    );
}

/// Up to 32 columns of 32 bits, 8 to a 256-bit vector.
pub(super) mod wide {
    use super::super::*;
    use super::{byte_popcnt, picked, sum_lanes};

    type Lane = u32;
    type Vector = __m256i;
    const LANES: usize = 8;
    const CHUNKS: usize = 4;

    /// This kernel's one list of features: every function below is compiled for it, and
    /// `Detected` checks the processor for it.
    macro_rules! features {
        ($macro:ident $(; $($args:tt)*)?) => { $macro!("avx2,popcnt" $(; $($args)*)?); };
    }

    features!(kernel);

    features!(instructions;
        splat: _mm256_set1_epi32 as i32, zero: _mm256_setzero_si256;
        binary: or = _mm256_or_si256, and = _mm256_and_si256, and_not = _mm256_andnot_si256,
            mul = _mm256_mullo_epi32, add = _mm256_add_epi32, sub = _mm256_sub_epi32;
        shift: shl = _mm256_sll_epi32, shr = _mm256_srl_epi32;
    );

    /// For each 8-bit mask, the lanes it picks, one byte each: the permutation that packs
    /// them to the front.
    static ORDER: [u64; 256] = {
        let mut table = [0; 256];
        let mut mask = 0;
        while mask < 256 {
            table[mask] = u64::from_le_bytes(picked(mask));
            mask += 1;
        }
        table
    };

    features!(with_features;
        #[inline]
        fn column_bits(chunk: usize) -> Vector {
            _mm256_sllv_epi32(
                _mm256_set1_epi32(1 << (LANES * chunk)),
                _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
            )
        }

        /// The number of ones in each lane: its four bytes' counts added.
        #[inline]
        fn popcnt(a: Vector) -> Vector {
            let pairs = _mm256_maddubs_epi16(byte_popcnt(a), _mm256_set1_epi8(1));
            _mm256_madd_epi16(pairs, _mm256_set1_epi16(1))
        }

        /// The lanes of `a` that are not 0.
        #[inline]
        fn nonzero(a: Vector) -> u16 {
            let empty = _mm256_cmpeq_epi32(a, _mm256_setzero_si256());
            !_mm256_movemask_ps(_mm256_castsi256_ps(empty)) as u16 & 0xff
        }

        /// `sums` plus `a` in the lanes of `mask`.
        #[inline]
        fn add_where(sums: Vector, mask: u16, a: Vector) -> Vector {
            let bits = column_bits(0);
            let picked = _mm256_cmpeq_epi32(_mm256_and_si256(splat(mask.into()), bits), bits);
            _mm256_add_epi32(sums, _mm256_and_si256(a, picked))
        }

        /// The sum of the lanes.
        #[inline]
        fn sum(a: Vector) -> u64 {
            sum_lanes(a)
        }

        /// Writes the lanes of `a` picked by `mask` to the front of `queue`.
        #[inline]
        fn push(queue: &mut [Lane], mask: u16, a: Vector) {
            let lanes: &mut [Lane; 8] = queue.first_chunk_mut().expect("room for a vector");
            let order = _mm_cvtsi64_si128(ORDER[usize::from(mask)] as i64);
            let packed = _mm256_permutevar8x32_epi32(a, _mm256_cvtepu8_epi32(order));
            // SAFETY: `lanes` is 8 lanes of 32 bits: one unaligned 256-bit store.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), packed) }
        }
    );
}

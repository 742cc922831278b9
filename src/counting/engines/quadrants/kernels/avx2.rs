//! 256-bit vectors, two per chunk, with popcounts by a nibble table.

use super::*;
use crate::counting::simd::{byte_popcnt, nibble_popcnt};

/// This kernel's place in [`ran`](super::ran).
#[cfg(test)]
const KERNEL: usize = super::ran::AVX2;

type Vector = __m256i;
const PER_CHUNK: usize = 2;
/// Chunks a partner's block keeps in registers (12 of the 16); measured in
/// docs/performance.md ("The join's constants").
pub(super) const BLOCK: usize = 6;
/// Vectors whose ones a byte holds (8 each, up to 255).
const NARROW_SUMS: usize = 31;
/// The most chunks of a table that [`cross`] takes; measured in docs/performance.md ("The
/// join's constants").
pub(super) const CROSSING: usize = 3;
/// Vectors a crossing keeps of each vector of a partner's free half-boards. The partners of
/// a group, read from the level 2 cache, keep 1; measured in docs/performance.md ("The
/// join's constants").
const CROSSING_FORM: usize = 2;
/// Chunks a bucket of a sorted table has on average, at least (see
/// [`bucket_chunks`](super::bucket_chunks)): half of AVX-512's, since a pair read costs
/// these kernels more; measured in docs/performance.md ("The join's constants").
pub(super) const BUCKET: usize = 4;

/// This kernel's one list of features: every function below is compiled for it, and
/// `Detected` checks the processor for it.
/// `popcnt` counts the lanes a listing keeps, as AVX-512's list does (the same time here).
macro_rules! features {
    ($macro:ident $(; $($args:tt)*)?) => { $macro!("avx2,bmi1,popcnt" $(; $($args)*)?); };
}

features!(join_kernel);

features!(instructions;
    zero: _mm256_setzero_si256;
    binary: and_not = _mm256_andnot_si256, add64 = _mm256_add_epi64, sub64 = _mm256_sub_epi64;
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

    #[inline]
    fn add_ones(a: Vector, b: Vector) -> Vector {
        _mm256_add_epi8(a, b)
    }

    /// A vector of a partner's free half-boards in `S` vectors: as it is, or (`S` = 2)
    /// its low nibbles and its high nibbles shifted down.
    #[inline]
    fn split<const S: usize>(a: Vector) -> [Vector; S] {
        let nibble = _mm256_set1_epi8(0x0f);
        core::array::from_fn(|k| match (S, k) {
            (1, _) => a,
            (_, 0) => _mm256_and_si256(a, nibble),
            _ => _mm256_and_si256(_mm256_srli_epi16::<4>(a), nibble),
        })
    }

    /// A vector of a west group's free half-boards in `S` vectors: as it is, or (`S` = 2)
    /// also shifted down a nibble, the other half-boards' nibbles masking off the bits
    /// shifted in.
    #[inline]
    fn spread<const S: usize>(a: Vector) -> [Vector; S] {
        core::array::from_fn(|k| match k {
            0 => a,
            _ => _mm256_srli_epi16::<4>(a),
        })
    }

    /// Each byte's ones common to a group's vector ([`spread`]) and a partner's
    /// ([`split`]).
    #[inline]
    fn common_ones<const S: usize>(upper: [Vector; S], lower: [Vector; S]) -> Vector {
        match S {
            1 => byte_popcnt(_mm256_and_si256(upper[0], lower[0])),
            _ => _mm256_add_epi8(
                nibble_popcnt(_mm256_and_si256(upper[0], lower[0])),
                nibble_popcnt(_mm256_and_si256(upper[1], lower[1])),
            ),
        }
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

    /// For each 64 half-boards, 32 at a time, 16 in each 128-bit lane: bytes of the same
    /// rank side by side (a byte shuffle per two half-boards, then unpacks of 16-, 32- and
    /// 64-bit units), so that byte `p` of vector `j` is byte `j` of half-board `p`; then
    /// the top bit of every byte at once, a diagonal per doubling; measured in
    /// docs/performance.md ("The join's constants").
    fn transpose_with(_: Detected, halves: &[u64], diagonals: usize, planes: &mut [u64], words: usize) {
        let pairs = _mm256_setr_epi8(
            0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15,
            0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15,
        );
        let bytes = diagonals.div_ceil(8).min(8);
        for (w, block) in halves.chunks_exact(64).enumerate() {
            let mut found = [0u64; 64];
            for (half, block) in block.chunks_exact(32).enumerate() {
                // 16-bit unit `j` of `v[i]`: byte `j` of half-boards `2 i` and `2 i + 1`
                // (low lane), `16 + 2 i` and `17 + 2 i` (high lane).
                let v: [Vector; 8] = core::array::from_fn(|i| {
                    let (low, high) = (&block[2 * i..][..2], &block[16 + 2 * i..][..2]);
                    // SAFETY: each of the two loads reads two words of `block`.
                    let both = unsafe { _mm256_loadu2_m128i(high.as_ptr().cast(), low.as_ptr().cast()) };
                    _mm256_shuffle_epi8(both, pairs)
                });
                // 32-bit unit `u` of `a[m][h]`: byte `4 h + u` of half-boards `4 m..4 m + 4`.
                let a: [[Vector; 2]; 4] = core::array::from_fn(|m| {
                    [_mm256_unpacklo_epi16(v[2 * m], v[2 * m + 1]), _mm256_unpackhi_epi16(v[2 * m], v[2 * m + 1])]
                });
                // 64-bit unit `u` of `b[q][h][g]`: byte `4 h + 2 g + u` of half-boards
                // `8 q..8 q + 8`.
                let b: [[[Vector; 2]; 2]; 2] = core::array::from_fn(|q| {
                    core::array::from_fn(|h| {
                        let (x, y) = (a[2 * q][h], a[2 * q + 1][h]);
                        [_mm256_unpacklo_epi32(x, y), _mm256_unpackhi_epi32(x, y)]
                    })
                });
                for j in 0..bytes {
                    let (h, g) = (j / 4, j / 2 % 2);
                    let (x, y) = (b[0][h][g], b[1][h][g]);
                    let mut x = match j % 2 {
                        0 => _mm256_unpacklo_epi64(x, y),
                        _ => _mm256_unpackhi_epi64(x, y),
                    };
                    for d in (8 * j..8 * j + 8).rev() {
                        found[d] |= u64::from(_mm256_movemask_epi8(x) as u32) << (32 * half);
                        x = _mm256_add_epi8(x, x);
                    }
                }
            }
            for (d, &plane) in found.iter().enumerate().take(diagonals) {
                planes[d * words + w] = plane;
            }
        }
    }

    #[inline]
    fn total(a: Vector) -> u64 {
        let mut lanes = [0u64; 4];
        // SAFETY: `lanes` is 32 bytes: one unaligned store.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), a) };
        lanes.iter().sum()
    }
);

transpose_kernel!();

/// For each set of four 64-bit lanes (a bit each), the 32-bit lanes that bring the lanes
/// it keeps to the front, in order (`_mm256_permutevar8x32_epi32`): AVX2 has no compress.
const PACK: [[i32; 8]; 16] = {
    let mut pack = [[0; 8]; 16];
    let mut set = 0;
    while set < 16 {
        let (mut lane, mut kept) = (0, 0);
        while lane < 4 {
            if set >> lane & 1 == 1 {
                pack[set][2 * kept] = 2 * lane;
                pack[set][2 * kept + 1] = 2 * lane + 1;
                kept += 1;
            }
            lane += 1;
        }
        set += 1;
    }
    pack
};

features!(with_features;
    /// Placements `first..first + 4` of `lowers`: their `held` and `shared` words, in
    /// lanes of placements 0, 2, 1, 3.
    #[inline]
    fn four(lowers: &[Placement], first: usize) -> (Vector, Vector) {
        let four: &[Placement; 4] = lowers[first..first + 4].try_into().expect("four placements");
        let words = four.as_ptr().cast::<u64>();
        // SAFETY: `Placement` is `repr(C)`, two words: `four` is 8 readable words.
        let (a, b) = unsafe { (load(words), load(words.add(4))) };
        (_mm256_unpacklo_epi64(a, b), _mm256_unpackhi_epi64(a, b))
    }

    /// The last `list.len() % 4` placements of `list` (1 to 3), as [`four`] gives four,
    /// with the lanes that hold one: masked loads, which read no word past the list's.
    #[inline]
    fn last_few(list: &[Placement]) -> (Vector, Vector, Vector) {
        let few = list.len() % 4;
        let words = list[list.len() - few..].as_ptr().cast::<i64>();
        let lanes = _mm256_setr_epi64x(0, 1, 2, 3);
        let within = |from: i64| _mm256_cmpgt_epi64(_mm256_set1_epi64x(2 * few as i64 - from), lanes);
        // SAFETY: a masked load reads only the lanes its mask sets: here the `2 few` words
        // of the last `few` placements (`Placement` is `repr(C)`, two words), from the
        // first vector's address on; the second's address is only computed.
        let (a, b) = unsafe {
            (_mm256_maskload_epi64(words, within(0)), _mm256_maskload_epi64(words.wrapping_add(4), within(4)))
        };
        let real = _mm256_cmpgt_epi64(_mm256_set1_epi64x(few as i64), _mm256_setr_epi64x(0, 2, 1, 3));
        (_mm256_unpacklo_epi64(a, b), _mm256_unpackhi_epi64(a, b), real)
    }

    /// Writes the lanes of `values` whose `held` lanes share no bit with `upper` to the
    /// front of `out[kept..kept + 4]`, and returns how many there are.
    #[inline]
    fn keep_agreeing(held: Vector, upper: Vector, values: Vector, out: &mut [u64], kept: usize) -> usize {
        keep_real_agreeing(held, upper, values, _mm256_set1_epi64x(-1), out, kept)
    }

    /// [`keep_agreeing`] for the lanes `real` sets.
    #[inline]
    fn keep_real_agreeing(held: Vector, upper: Vector, values: Vector, real: Vector, out: &mut [u64], kept: usize) -> usize {
        let agree = _mm256_cmpeq_epi64(_mm256_and_si256(held, upper), _mm256_setzero_si256());
        let agree = _mm256_and_si256(agree, real);
        let set = _mm256_movemask_pd(_mm256_castsi256_pd(agree)) as usize;
        // SAFETY: an entry of `PACK` is 32 bytes: one unaligned load.
        let pack = unsafe { _mm256_loadu_si256(PACK[set].as_ptr().cast()) };
        let to: &mut [u64; 4] = (&mut out[kept..kept + 4]).try_into().expect("room for a vector");
        // SAFETY: `to` is 4 writable words.
        unsafe { store(to.as_mut_ptr(), _mm256_permutevar8x32_epi32(values, pack)) };
        set.count_ones() as usize
    }

    /// Four placements at a time: loaded, tested, and the agreeing ones packed to the
    /// front of a store; the last few in masked loads.
    fn filter_each_with(_: Detected, uppers: &[Placement], lowers: &[Placement], out: &mut [u64], limit: usize) -> (usize, usize) {
        let whole = lowers.len() / 4 * 4;
        let mut kept = 0;
        for (joined, upper) in uppers.iter().enumerate() {
            if kept >= limit {
                return (kept, joined);
            }
            let (held, add) = (_mm256_set1_epi64x(upper.held as i64), _mm256_set1_epi64x(upper.shared as i64));
            for first in (0..whole).step_by(4) {
                let (lower_held, shared) = four(lowers, first);
                kept += keep_agreeing(lower_held, held, _mm256_or_si256(shared, add), out, kept);
            }
            if whole < lowers.len() {
                let (lower_held, shared, real) = last_few(lowers);
                kept += keep_real_agreeing(lower_held, held, _mm256_or_si256(shared, add), real, out, kept);
            }
        }
        (kept, uppers.len())
    }

    /// Like [`filter_each_with`] for each upper, keeping indices (from `firsts`) rather
    /// than records.
    fn join_each_with(_: Detected, uppers: &[Placement], lowers: [&[Placement]; 2], firsts: [u32; 2], out: &mut [u64], ends: &mut [[u32; 2]], base: u32) -> usize {
        // The lanes' placements: 0, 2, 1, 3.
        let lanes = _mm256_setr_epi64x(0, 2, 1, 3);
        let index = |list: usize, first: usize| {
            _mm256_add_epi64(lanes, _mm256_set1_epi64x(i64::from(firsts[list]) + first as i64))
        };
        // Lists of at most four, loaded once for all uppers.
        let short = lowers.map(|list| match list.len() {
            4 => Some((four(list, 0).0, _mm256_set1_epi64x(-1))),
            1..4 => {
                let (held, _, real) = last_few(list);
                Some((held, real))
            }
            _ => None,
        });
        let mut kept = 0;
        for (upper, ends) in uppers.iter().zip(ends) {
            let held = _mm256_set1_epi64x(upper.held as i64);
            for (l, ((list, short), end)) in lowers.iter().zip(short).zip(ends).enumerate() {
                match short {
                    Some((lower_held, real)) => kept += keep_real_agreeing(lower_held, held, index(l, 0), real, out, kept),
                    None => {
                        let whole = list.len() / 4 * 4;
                        for first in (0..whole).step_by(4) {
                            kept += keep_agreeing(four(list, first).0, held, index(l, first), out, kept);
                        }
                        if whole < list.len() {
                            let (lower_held, _, real) = last_few(list);
                            kept += keep_real_agreeing(lower_held, held, index(l, whole), real, out, kept);
                        }
                    }
                }
                *end = base + kept as u32;
            }
        }
        kept
    }
);

listing_kernel!();

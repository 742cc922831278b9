//! 512-bit vectors with a popcount per 64-bit lane.

use super::*;

/// This kernel's place in [`ran`](super::ran).
#[cfg(test)]
const KERNEL: usize = super::ran::AVX512;

type Vector = __m512i;
const PER_CHUNK: usize = 1;
/// Chunks a partner's block keeps in registers: the more, the fewer partners' numbers read
/// and clamped a chunk; measured in docs/performance.md ("The join's constants").
pub(super) const BLOCK: usize = 24;
/// Vectors whose ones a 64-bit lane holds: any number a count reads.
const NARROW_SUMS: usize = usize::MAX;
pub(super) const CROSSING: usize = 4;
/// Vectors a crossing keeps of each vector of a partner's free half-boards: one, since a
/// popcount is one instruction.
const CROSSING_FORM: usize = 1;
/// Chunks a bucket of a sorted table has on average, at least (see
/// [`bucket_chunks`](super::bucket_chunks)); measured in docs/performance.md ("The join's
/// constants").
pub(super) const BUCKET: usize = 8;

/// This kernel's one list of features: every function below is compiled for it, and
/// `Detected` checks the processor for it. `popcnt` counts the lanes a listing keeps in one
/// instruction (without it, in a dozen); measured in docs/performance.md ("The join's
/// constants").
macro_rules! features {
    ($macro:ident $(; $($args:tt)*)?) => { $macro!("avx512f,avx512vpopcntdq,bmi1,popcnt" $(; $($args)*)?); };
}

features!(join_kernel);

features!(instructions;
    zero: _mm512_setzero_si512;
    binary: and_not = _mm512_andnot_si512, add64 = _mm512_add_epi64, sub64 = _mm512_sub_epi64;
);

features!(with_features;

    /// The 8 words from `words` on, which must be readable.
    ///
    /// # Safety
    ///
    /// The processor must have this kernel's features, and `words` must point to 8 readable
    /// words (any alignment).
    #[inline]
    unsafe fn load(words: *const u64) -> Vector {
        // SAFETY: the caller's promise: one unaligned load of 64 bytes.
        unsafe { _mm512_loadu_si512(words.cast()) }
    }

    /// Stores the 8 words of `vector` from `words` on, which must be writable.
    ///
    /// # Safety
    ///
    /// The processor must have this kernel's features, and `words` must point to 8 writable
    /// words (any alignment).
    #[inline]
    unsafe fn store(words: *mut u64, vector: Vector) {
        // SAFETY: the caller's promise: one unaligned store of 64 bytes.
        unsafe { _mm512_storeu_si512(words.cast(), vector) }
    }

    #[inline]
    fn add_ones(a: Vector, b: Vector) -> Vector {
        _mm512_add_epi64(a, b)
    }

    /// A vector of a partner's free half-boards, as it is (`S` is 1).
    #[inline]
    fn split<const S: usize>(a: Vector) -> [Vector; S] {
        const { assert!(S == 1) };
        [a; S]
    }

    /// A vector of a west group's free half-boards, as it is (`S` is 1).
    #[inline]
    fn spread<const S: usize>(a: Vector) -> [Vector; S] {
        const { assert!(S == 1) };
        [a; S]
    }

    /// Each 64-bit lane's ones common to a group's vector and a partner's.
    #[inline]
    fn common_ones<const S: usize>(upper: [Vector; S], lower: [Vector; S]) -> Vector {
        _mm512_popcnt_epi64(_mm512_and_si512(upper[0], lower[0]))
    }

    /// The counts, already per 64-bit lane.
    #[inline]
    fn widen(a: Vector) -> Vector {
        a
    }

    /// `sum + a` if `keep`, else `sum`.
    #[inline]
    fn add_if(sum: Vector, a: Vector, keep: bool) -> Vector {
        _mm512_mask_add_epi64(sum, u8::from(keep).wrapping_neg(), sum, a)
    }

    #[inline]
    fn total(a: Vector) -> u64 {
        _mm512_reduce_add_epi64(a) as u64
    }

    /// Bit `b` of word `w` of plane `d` is bit `d` of half-board `64 w + b`: a mask test
    /// gives 8 of them at once.
    fn transpose_with(_: Detected, halves: &[u64], diagonals: usize, planes: &mut [u64], words: usize) {
        for (w, block) in halves.chunks_exact(64).enumerate() {
            let block: &[u64; 64] = block.try_into().expect("64 words");
            // SAFETY: each load reads 8 of the 64 words of `block`.
            let vectors: [Vector; 8] = core::array::from_fn(|j| unsafe { load(block.as_ptr().add(8 * j)) });
            for d in 0..diagonals {
                let probe = _mm512_set1_epi64(1 << d);
                let mut word = 0u64;
                for (j, &vector) in vectors.iter().enumerate() {
                    word |= u64::from(_mm512_test_epi64_mask(vector, probe)) << (8 * j);
                }
                planes[d * words + w] = word;
            }
        }
    }
);

/// Placements `first..first + 8` of `lowers` (those there are): their `held` and
/// `shared` words, and which lanes hold a placement.
#[derive(Clone, Copy)]
struct Eight {
    held: Vector,
    shared: Vector,
    real: u8,
}

features!(with_features;
    /// Two masked loads of their words, split into `held` and `shared` lanes.
    #[inline]
    fn eight(lowers: &[Placement], first: usize) -> Eight {
        let words = lowers.as_ptr().cast::<u64>();
        let here = lowers.len().saturating_sub(first).min(8);
        let (low, high) = ((1u16 << (2 * here).min(8)) - 1, (1u16 << (2 * here).saturating_sub(8)) - 1);
        // SAFETY: `Placement` is `repr(C)`, two words; the masked loads read only the
        // words of placements `first..first + here`, which are in `lowers`.
        let (a, b) = unsafe {
            (
                _mm512_maskz_loadu_epi64(low as u8, words.wrapping_add(2 * first).cast()),
                _mm512_maskz_loadu_epi64(high as u8, words.wrapping_add(2 * first + 8).cast()),
            )
        };
        Eight {
            held: _mm512_permutex2var_epi64(a, _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14), b),
            shared: _mm512_permutex2var_epi64(a, _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15), b),
            real: ((1u16 << here) - 1) as u8,
        }
    }

    /// Writes `values` of the placements of `eight` agreeing with `upper` to the front
    /// of `out[kept..kept + 8]`, and returns how many there are.
    #[inline]
    fn keep_agreeing(eight: Eight, upper: Vector, values: Vector, out: &mut [u64], kept: usize) -> usize {
        let agree = _mm512_mask_testn_epi64_mask(eight.real, eight.held, upper);
        let packed = _mm512_maskz_compress_epi64(agree, values);
        let to: &mut [u64; 8] = (&mut out[kept..kept + 8]).try_into().expect("room for a vector");
        // SAFETY: `to` is 8 words: one unaligned store.
        unsafe { _mm512_storeu_si512(to.as_mut_ptr().cast(), packed) };
        agree.count_ones() as usize
    }

    /// Eight placements at a time: loaded, tested, and the agreeing ones packed to
    /// the front of a store; lists of at most eight are loaded once for all.
    fn filter_each_with(_: Detected, uppers: &[Placement], lowers: &[Placement], out: &mut [u64], limit: usize) -> (usize, usize) {
        let short = (lowers.len() <= 8).then(|| eight(lowers, 0));
        let mut kept = 0;
        for (joined, upper) in uppers.iter().enumerate() {
            if kept >= limit {
                return (kept, joined);
            }
            let (held, add) = (_mm512_set1_epi64(upper.held as i64), _mm512_set1_epi64(upper.shared as i64));
            match short {
                Some(eight) => kept += keep_agreeing(eight, held, _mm512_or_si512(eight.shared, add), out, kept),
                None => {
                    for first in (0..lowers.len()).step_by(8) {
                        let eight = eight(lowers, first);
                        kept += keep_agreeing(eight, held, _mm512_or_si512(eight.shared, add), out, kept);
                    }
                }
            }
        }
        (kept, uppers.len())
    }

    /// Like [`filter_each_with`] for each upper, keeping indices (from `firsts`) rather
    /// than records; lists of at most eight are loaded once for all.
    fn join_each_with(_: Detected, uppers: &[Placement], lowers: [&[Placement]; 2], firsts: [u32; 2], out: &mut [u64], ends: &mut [[u32; 2]], base: u32) -> usize {
        let lanes = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
        let index = |list: usize, first: usize| {
            _mm512_add_epi64(lanes, _mm512_set1_epi64(i64::from(firsts[list]) + first as i64))
        };
        let short = lowers.map(|list| (list.len() <= 8).then(|| eight(list, 0)));
        let mut kept = 0;
        for (upper, ends) in uppers.iter().zip(ends) {
            let upper = _mm512_set1_epi64(upper.held as i64);
            for (l, ((list, short), end)) in lowers.iter().zip(short).zip(ends).enumerate() {
                match short {
                    Some(eight) => kept += keep_agreeing(eight, upper, index(l, 0), out, kept),
                    None => {
                        for first in (0..list.len()).step_by(8) {
                            kept += keep_agreeing(eight(list, first), upper, index(l, first), out, kept);
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

transpose_kernel!();

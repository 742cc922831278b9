//! The join's inner loops on 64-bit words, for any processor: what the vector kernels do
//! faster, and what the tests check them against.

use crate::counting::engines::quadrants::layout::{
    CLASSES, CROSSING_CHUNKS, Crossing, Slices, SquarePlanes, WORDS, West, placements_in,
};

/// Bit-slices `halves` (a multiple of 64) into the first `diagonals` planes of `words`
/// words each (at least `halves.len() / 64`), for any processor: 64 half-boards at a time,
/// as a 64 by 64 bit matrix transposed in place.
pub(crate) fn transpose_portable(
    halves: &[u64],
    diagonals: usize,
    planes: &mut [u64],
    words: usize,
) {
    for (w, block) in halves.chunks_exact(64).enumerate() {
        let mut matrix = [0; 64];
        matrix.copy_from_slice(block);
        swap_blocks::<32>(&mut matrix, 0x0000_0000_ffff_ffff);
        swap_blocks::<16>(&mut matrix, 0x0000_ffff_0000_ffff);
        swap_blocks::<8>(&mut matrix, 0x00ff_00ff_00ff_00ff);
        swap_blocks::<4>(&mut matrix, 0x0f0f_0f0f_0f0f_0f0f);
        swap_blocks::<2>(&mut matrix, 0x3333_3333_3333_3333);
        swap_blocks::<1>(&mut matrix, 0x5555_5555_5555_5555);
        for (d, &plane) in matrix.iter().enumerate().take(diagonals) {
            planes[d * words + w] = plane;
        }
    }
}

/// One round of a 64 by 64 bit transposition (bit `c` of word `k` in row `k`, column `c`):
/// swaps the `J` by `J` blocks above and below the diagonal in each `2 J` by `2 J` block;
/// `low` has the low `J` bits of every `2 J` set. Constant sizes, so that the loops unroll
/// and the wide rounds vectorize.
#[inline(always)]
fn swap_blocks<const J: usize>(matrix: &mut [u64; 64], low: u64) {
    for base in (0..64).step_by(2 * J) {
        for k in base..base + J {
            let swapped = (matrix[k] >> J ^ matrix[k + J]) & low;
            matrix[k] ^= swapped << J;
            matrix[k + J] ^= swapped;
        }
    }
}

/// For each class, the number of (west, east) pairs of half-boards that share no diagonal,
/// the west ones from `west`, the east ones from `table`: on 64-bit words, for any
/// processor (with its POPCNT instruction where it has one).
pub(crate) fn count_portable(table: Slices<'_>, west: West<'_>) -> [u64; CLASSES] {
    #[cfg(target_arch = "x86_64")]
    if let Some(detected) = popcnt::Detected::new() {
        // SAFETY: `detected` proves the processor has POPCNT, which `count` is compiled for.
        return unsafe { popcnt::count(detected, table, west) };
    }
    count_words(table, west)
}

/// Whether the portable loops count ones with the processor's POPCNT instruction.
pub(crate) fn popcount_instruction() -> bool {
    #[cfg(target_arch = "x86_64")]
    return popcnt::Detected::new().is_some();
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// [`count_portable`]'s loops, inlined into each of its two compilations (tests check this
/// one, for processors without POPCNT, against the other).
#[inline(always)]
pub(crate) fn count_words(table: Slices<'_>, west: West<'_>) -> [u64; CLASSES] {
    let (diagonals, uppers, squares) = (table.diagonals, table.uppers, table.lowers);
    let plane = |index: usize, words: usize| table.plane(index, words);
    // The half-boards free of each used partner's squares, over every chunk any group reads.
    let most = west.chunks() * WORDS;
    let mut frees = vec![0u64; west.numbered * most];
    for run in west.runs {
        for (j, partner) in
            (run.first as usize..).zip(&west.partners[run.start as usize..run.end as usize])
        {
            let free = &mut frees[j * most..][..most];
            free.copy_from_slice(plane(diagonals, most));
            squares
                .of(partner.shared)
                .for_each(|square| and_not(free, plane(square, most)));
        }
    }
    let mut sums = [0; CLASSES];
    for &(chunks, groups) in west.batches {
        let words = chunks * WORDS;
        let mut upper_free = vec![0u64; words];
        for group in groups {
            upper_free.copy_from_slice(plane(diagonals, words));
            uppers
                .of(group.upper)
                .for_each(|square| and_not(&mut upper_free, plane(square, words)));
            for (i, &lower) in west.lowers[group.start as usize..group.end as usize]
                .iter()
                .enumerate()
            {
                let free = &frees[lower as usize * most..][..words];
                let class =
                    group.class as usize + usize::from(i >= (group.split - group.start) as usize);
                sums[class] += (upper_free.iter().zip(free))
                    .map(|(a, b)| u64::from((a & b).count_ones()))
                    .sum::<u64>();
            }
        }
    }
    sums
}

/// For each class, the number of (west, east) pairs of half-boards that share no diagonal,
/// the west ones from `west`, the east ones from every chunk of `table`: on 64-bit words,
/// for any processor (with its POPCNT instruction where it has one).
pub(crate) fn cross_portable(table: Slices<'_>, west: Crossing<'_>) -> [u64; CLASSES] {
    #[cfg(target_arch = "x86_64")]
    if let Some(detected) = popcnt::Detected::new() {
        // SAFETY: `detected` proves the processor has POPCNT, which `cross` is compiled for.
        return unsafe { popcnt::cross(detected, table, west) };
    }
    cross_words(table, west)
}

/// [`cross_portable`]'s loops, inlined into each of its two compilations (tests check this
/// one, for processors without POPCNT, against the other).
#[inline(always)]
pub(crate) fn cross_words(table: Slices<'_>, west: Crossing<'_>) -> [u64; CLASSES] {
    const MOST: usize = CROSSING_CHUNKS * WORDS;
    let (stride, diagonals, uppers, squares) =
        (table.stride, table.diagonals, table.uppers, table.lowers);
    assert!(
        stride <= MOST && table.from == 0,
        "a crossing reads at most {CROSSING_CHUNKS} chunks, from the first"
    );
    let plane = |index: usize| table.plane(index, stride);
    let free_of = |squares: &SquarePlanes, code: u64| {
        let mut free = [0; MOST];
        free[..stride].copy_from_slice(plane(diagonals));
        (squares.of(code)).for_each(|square| and_not(&mut free[..stride], plane(square)));
        free
    };
    let mut sums = [0; CLASSES];
    let mut lowers = Vec::new();
    for set in west.sets {
        lowers.clear();
        for (flag, &range) in set.lowers.iter().enumerate() {
            lowers.extend(
                (placements_in(west.lowers, range).iter())
                    .map(|partner| (flag, partner.held, free_of(squares, partner.shared))),
            );
        }
        for (upper_flag, &range) in set.uppers.iter().enumerate() {
            for upper in placements_in(west.uppers, range) {
                let upper_free = free_of(uppers, upper.shared);
                for (lower_flag, held, free) in &lowers {
                    let class = upper_flag + lower_flag;
                    if west.classes >> class & 1 == 1 && held & upper.held == 0 {
                        sums[class] += (upper_free[..stride].iter().zip(free))
                            .map(|(a, b)| u64::from((a & b).count_ones()))
                            .sum::<u64>();
                    }
                }
            }
        }
    }
    sums
}

/// The portable loops compiled for the POPCNT instruction, which processors since 2008 have:
/// without it, a word's ones take a dozen instructions; measured in docs/performance.md
/// ("The join's constants"). It is a scalar instruction, so `QUEENS_SIMD`, which picks the
/// vector kernels, leaves it on (see `Kernels::allow` in `simd`).
#[cfg(target_arch = "x86_64")]
mod popcnt {
    use super::{CLASSES, Crossing, Slices, West, count_words, cross_words};

    crate::counting::simd::detected!("popcnt");

    crate::counting::simd::with_features!("popcnt";
        /// [`count_words`](super::count_words) with POPCNT.
        pub(super) fn count(_: Detected, table: Slices<'_>, west: West<'_>) -> [u64; CLASSES] {
            count_words(table, west)
        }

        /// [`cross_words`](super::cross_words) with POPCNT.
        pub(super) fn cross(_: Detected, table: Slices<'_>, west: Crossing<'_>) -> [u64; CLASSES] {
            cross_words(table, west)
        }
    );
}

/// Clears from `free` the half-boards of `held`.
fn and_not(free: &mut [u64], held: &[u64]) {
    for (word, &held) in free.iter_mut().zip(held) {
        *word &= !held;
    }
}

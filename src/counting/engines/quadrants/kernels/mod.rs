//! The quadrant join's inner loop on vector units: one west half-board against 512 east
//! half-boards per 512 bits of each plane it holds a diagonal of.

use core::arch::x86_64::*;

use crate::counting::engines::quadrants::layout::{
    CLASSES, CROSSING_CHUNKS, Crossing, Group, Marks, PAIR_PADDING, Placement, Slices, Span, WORDS,
    West, placements_in,
};
use crate::counting::simd::{detected, instructions, with_features};

/// The counts of [`count_portable`](crate::counting::quadrants::portable::count_portable) on the
/// vector units, or `None` if this processor lacks them or `QUEENS_SIMD` rules them out.
/// Like every dispatch of both engines' kernels: the fastest first, each declining where it
/// does not run (see `simd::detected!`).
pub(crate) fn count(table: Slices<'_>, west: West<'_>, frees: &mut Vec<u64>) -> Option<Sums> {
    avx512::count(table, west, frees).or_else(|| avx2::count(table, west, frees))
}

/// For each class, the pairs of half-boards that share no diagonal.
type Sums = [u64; CLASSES];

/// The counts of [`cross_portable`](crate::counting::quadrants::portable::cross_portable) on
/// the vector units, or `None` if this processor lacks them or `QUEENS_SIMD` rules them out.
pub(crate) fn cross(table: Slices<'_>, west: Crossing<'_>, frees: &mut Vec<u64>) -> Option<Sums> {
    avx512::cross(table, west, frees).or_else(|| avx2::cross(table, west, frees))
}

/// The most chunks of a table for which [`cross`] pays over listing the pairs that agree,
/// with the best kernel that runs here (measured by `count_bench`); 0 if none runs.
pub(crate) fn crossing_chunks() -> usize {
    (avx512::Detected::new().map(|_| avx512::CROSSING))
        .or_else(|| avx2::Detected::new().map(|_| avx2::CROSSING))
        .unwrap_or(0)
}

/// The fewest chunks a bucket of a table sorted by sieve key has on average with the best
/// kernel that runs here, if one does: finer buckets spare a group more chunks, at a call
/// of the join each, and pay where a chunk read costs more (AVX2's) than where it costs
/// less (AVX-512's).
pub(crate) fn bucket_chunks() -> Option<usize> {
    (avx512::Detected::new().map(|_| avx512::BUCKET))
        .or_else(|| avx2::Detected::new().map(|_| avx2::BUCKET))
}

/// The join kernels that run here, by name: the first that does, as [`count`] tries them.
pub(crate) fn running() -> Option<&'static str> {
    match (avx512::Detected::new(), avx2::Detected::new()) {
        (Some(_), _) => Some("AVX-512"),
        (None, Some(_)) => Some("AVX2"),
        (None, None) => None,
    }
}

/// Which join kernels ran on this thread, for tests that check each one ran end to end.
#[cfg(test)]
pub(crate) mod ran {
    use std::cell::Cell;

    pub(crate) const AVX512: usize = 0;
    pub(crate) const AVX2: usize = 1;

    thread_local! {
        static RAN: Cell<[bool; 2]> = const { Cell::new([false; 2]) };
    }

    pub(super) fn mark(kernel: usize) {
        let mut ran = RAN.get();
        ran[kernel] = true;
        RAN.set(ran);
    }

    /// The kernels that ran since the last call, by index.
    pub(crate) fn take() -> [bool; 2] {
        RAN.replace([false; 2])
    }

    /// Whether this processor has each kernel.
    pub(crate) fn available() -> [bool; 2] {
        [super::avx512::available(), super::avx2::available()]
    }
}

/// Does what [`filter_each`] does for each of `uppers`, against `lowers[0]` then
/// `lowers[1]`, with no limit, but writes the index of each agreeing placement, counted
/// from `firsts` for each list, and after each list where its kept values end (counted from
/// `base`) to `ends`; returns how many values it kept, or `None` where no kernel runs here.
/// `out` must have room for every pair and 8 more.
pub(crate) fn join_each(
    uppers: &[Placement],
    lowers: [&[Placement]; 2],
    firsts: [u32; 2],
    out: &mut [u64],
    ends: &mut [[u32; 2]],
    base: u32,
) -> Option<usize> {
    avx512::join_each(uppers, lowers, firsts, out, ends, base)
        .or_else(|| avx2::join_each(uppers, lowers, firsts, out, ends, base))
}

/// Writes `lower.shared | upper.shared` to the front of `out` for each pair of `uppers` and
/// `lowers` whose `held` share no bit, upper by upper, stopping before an upper once it
/// has written `limit`; returns how many it wrote and how many uppers it joined, or `None`
/// where no kernel runs here. `out` must have room for every pair, or for `limit` and one
/// more upper's, and 8 more.
pub(crate) fn filter_each(
    uppers: &[Placement],
    lowers: &[Placement],
    out: &mut [u64],
    limit: usize,
) -> Option<(usize, usize)> {
    avx512::filter_each(uppers, lowers, out, limit)
        .or_else(|| avx2::filter_each(uppers, lowers, out, limit))
}

/// Bit-slices `halves` into `planes` with the best vectors here: AVX-512's byte shuffles
/// or mask tests, or AVX2's byte unpacks; `None` if none runs.
pub(crate) fn transpose(
    halves: &[u64],
    diagonals: usize,
    planes: &mut [u64],
    words: usize,
) -> Option<()> {
    // The byte shuffles only where AVX-512's join runs too (`QUEENS_SIMD=avx2` rules both out).
    (avx512::Detected::new().and_then(|_| bytes::transpose(halves, diagonals, planes, words)))
        .or_else(|| avx512::transpose(halves, diagonals, planes, words))
        .or_else(|| avx2::transpose(halves, diagonals, planes, words))
}

/// The most chunks a block of the join keeps in registers, on any kernel: [`by_chunks`]
/// has a function per number up to it.
const MOST_BLOCK: usize = 24;

const _: () = assert!(avx512::BLOCK <= MOST_BLOCK && avx2::BLOCK <= MOST_BLOCK);

/// Calls `$function::<V>($args)` for `V` = `$chunks` times the kernel's vectors a chunk
/// (`PER_CHUNK`), for `$chunks` from 1 to [`MOST_BLOCK`].
macro_rules! by_chunks {
    ($chunks:expr, $function:ident($($arg:expr),*)) => {
        match $chunks {
            1 => $function::<{ 1 * PER_CHUNK }>($($arg),*),
            2 => $function::<{ 2 * PER_CHUNK }>($($arg),*),
            3 => $function::<{ 3 * PER_CHUNK }>($($arg),*),
            4 => $function::<{ 4 * PER_CHUNK }>($($arg),*),
            5 => $function::<{ 5 * PER_CHUNK }>($($arg),*),
            6 => $function::<{ 6 * PER_CHUNK }>($($arg),*),
            7 => $function::<{ 7 * PER_CHUNK }>($($arg),*),
            8 => $function::<{ 8 * PER_CHUNK }>($($arg),*),
            9 => $function::<{ 9 * PER_CHUNK }>($($arg),*),
            10 => $function::<{ 10 * PER_CHUNK }>($($arg),*),
            11 => $function::<{ 11 * PER_CHUNK }>($($arg),*),
            12 => $function::<{ 12 * PER_CHUNK }>($($arg),*),
            13 => $function::<{ 13 * PER_CHUNK }>($($arg),*),
            14 => $function::<{ 14 * PER_CHUNK }>($($arg),*),
            15 => $function::<{ 15 * PER_CHUNK }>($($arg),*),
            16 => $function::<{ 16 * PER_CHUNK }>($($arg),*),
            17 => $function::<{ 17 * PER_CHUNK }>($($arg),*),
            18 => $function::<{ 18 * PER_CHUNK }>($($arg),*),
            19 => $function::<{ 19 * PER_CHUNK }>($($arg),*),
            20 => $function::<{ 20 * PER_CHUNK }>($($arg),*),
            21 => $function::<{ 21 * PER_CHUNK }>($($arg),*),
            22 => $function::<{ 22 * PER_CHUNK }>($($arg),*),
            23 => $function::<{ 23 * PER_CHUNK }>($($arg),*),
            24 => $function::<{ 24 * PER_CHUNK }>($($arg),*),
            _ => unreachable!("a block reads at most {MOST_BLOCK} chunks"),
        }
    };
}

// `cross` has a kernel per number of chunks, up to 4; no kernel crosses more than a
// crossing may read.
const _: () = assert!(
    CROSSING_CHUNKS <= 4
        && avx512::CROSSING <= CROSSING_CHUNKS
        && avx2::CROSSING <= CROSSING_CHUNKS
);

/// Where a block of the join finds the planes of one side's squares: for each row or pair
/// of rows the side fills, the shift of its nibble in a square code (its first row's, for a
/// pair) and each column's plane, from the word of the block's first chunk; for a pair, the
/// second row's shift, whose nibble times `step` words moves to the pair's plane. A queen
/// costs the join one lookup, whatever its row, and two queens of a pair one load.
struct Lookup {
    shifts: [u32; 16],
    seconds: [u32; 8],
    planes: [[*const u64; 16]; 16],
    pairs: usize,
    rows: usize,
    step: usize,
}

impl Lookup {
    /// A lookup of no rows.
    const NONE: Lookup = Lookup {
        shifts: [0; 16],
        seconds: [0; 8],
        planes: [[core::ptr::null(); 16]; 16],
        pairs: 0,
        rows: 0,
        step: 0,
    };
}

/// Fills `lookups` with the lookups of the upper and the lower squares of `table` from the
/// word of chunk `first`. Entries no square has point to the real plane, and planes past
/// the last to the last, so that every entry of a row is readable; a pair's entries lie at
/// least [`PAIR_PADDING`] planes before the end, so that any second nibble lands within.
fn lookups(table: Slices<'_>, first: usize, lookups: &mut [Lookup; 2]) {
    let last = (table.planes.len() / table.stride).saturating_sub(1);
    assert!(first * WORDS < table.stride || table.planes.is_empty());
    // In bounds: a plane up to `last`, from a word of its first chunk.
    let from = |plane: usize, last: usize| {
        (table.planes.as_ptr()).wrapping_add(plane.min(last) * table.stride + first * WORDS)
    };
    for (lookup, squares) in lookups.iter_mut().zip([table.uppers, table.lowers]) {
        assert!(squares.pairs().next().is_none() || last >= PAIR_PADDING);
        lookup.step = table.stride;
        lookup.rows = 0;
        lookup.pairs = 0;
        let paired = squares
            .pairs()
            .map(|([shift, second], before)| (shift, Some(second), before));
        let single = squares
            .singles()
            .map(|(shift, before)| (shift, None, before));
        for (row, (shift, second, before)) in paired.chain(single).enumerate() {
            lookup.shifts[row] = shift;
            // A pair's plane is its entry's plus up to 15 planes: its entries stop that
            // many planes before the end.
            let (cols, last) = match second {
                Some(second) => {
                    lookup.seconds[row] = second;
                    lookup.pairs = row + 1;
                    (
                        squares.cols * squares.cols,
                        last.saturating_sub(PAIR_PADDING - 1),
                    )
                }
                None => (squares.cols, last),
            };
            let planes = &mut lookup.planes[row];
            planes.fill(from(table.diagonals, last));
            for (col, plane) in planes.iter_mut().enumerate().skip(1).take(squares.cols) {
                let step = cols / squares.cols;
                *plane = from(
                    before as usize + (col - 1) * step + usize::from(step == 1),
                    last,
                );
            }
            lookup.rows = row + 1;
        }
    }
}

/// Chunks of free half-boards the partners of a row choice keep at a time, at most: a
/// quarter of the core's level 2 cache, so that they stay in it beside the table's chunks
/// while the groups read them (128 KiB on a Zen 3, 512 KiB on a Xeon with 2 MiB; a quarter
/// measured 5% faster than the whole on the Zen 3 at n = 18).
pub(crate) fn free_chunks() -> usize {
    free_chunks_and_quarter().0
}

/// [`free_chunks`], and the chunks a quarter of the level 2 cache holds, which it is but
/// for a cache too small or too large for the join's blocks.
pub(crate) fn free_chunks_and_quarter() -> (usize, usize) {
    let quarter = crate::counting::simd::cache::l2_bytes() / 4 / (WORDS * 8);
    (quarter.clamp(1 << 10, 1 << 15), quarter)
}

/// Groups ahead of the one a pass joins whose partners' numbers it fetches; measured in
/// docs/performance.md ("The join's constants").
const GROUPS_AHEAD: usize = 4;

#[macro_use]
mod kernel;
#[macro_use]
mod listing;

mod avx2;
mod avx512;
mod bytes;

#[cfg(test)]
mod tests;

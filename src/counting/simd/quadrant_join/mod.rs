//! The quadrant join's inner loop on vector units: one west half-board against 512 east
//! half-boards per 512 bits of each plane it holds a diagonal of.

use core::arch::x86_64::*;

use crate::counting::quadrants::layout::{
    CLASSES, CROSSING_CHUNKS, Crossing, Cut, Group, Placement, Slices, WORDS, West, placements_in,
};

/// The counts of [`count_portable`](crate::counting::quadrants::portable::count_portable) on the
/// vector units, or `None` if this processor lacks them or `QUEENS_SIMD` rules them out.
pub(crate) fn count(
    table: Slices<'_>,
    west: West<'_>,
    frees: &mut Vec<u64>,
) -> Option<[u64; CLASSES]> {
    Some(match best()? {
        Vectors::Avx512 => avx512::count(table, west, frees),
        Vectors::Avx2 => avx2::count(table, west, frees),
    })
}

/// The most chunks of a table for which [`cross`] pays over listing the pairs that agree,
/// with the best kernel that runs here (measured by `count_bench`); 0 if none runs.
pub(crate) fn crossing_chunks() -> usize {
    if avx512::available() {
        avx512::CROSSING
    } else if avx2::available() {
        avx2::CROSSING
    } else {
        0
    }
}

/// The join's vector kernels.
enum Vectors {
    Avx512,
    Avx2,
}

/// The best join kernel this processor has and `QUEENS_SIMD` allows, if any.
fn best() -> Option<Vectors> {
    if avx512::available() {
        #[cfg(test)]
        ran::mark(ran::AVX512);
        return Some(Vectors::Avx512);
    }
    if avx2::available() {
        #[cfg(test)]
        ran::mark(ran::AVX2);
        return Some(Vectors::Avx2);
    }
    None
}

/// The counts of [`cross_portable`](crate::counting::quadrants::portable::cross_portable) on
/// the vector units, or `None` if this processor lacks them or `QUEENS_SIMD` rules them out.
pub(crate) fn cross(
    table: Slices<'_>,
    west: Crossing<'_>,
    frees: &mut Vec<u64>,
) -> Option<[u64; CLASSES]> {
    Some(match best()? {
        Vectors::Avx512 => avx512::cross(table, west, frees),
        Vectors::Avx2 => avx2::cross(table, west, frees),
    })
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

/// Whether [`filter_each`] and [`join_each`] run here: this processor has AVX-512 and
/// `QUEENS_SIMD` does not rule it out.
pub(crate) fn filters() -> bool {
    avx512::available()
}

/// Writes `lower.shared | upper.shared` to the front of `out` for each pair of `uppers` and
/// `lowers` whose `held` share no bit, upper by upper, stopping before an upper once it
/// has written `limit`; returns how many it wrote and how many uppers it joined. `out` must
/// have room for every pair, or for `limit` and one more upper's, and 8 more; panics unless
/// [`filters`].
pub(crate) fn filter_each(
    uppers: &[Placement],
    lowers: &[Placement],
    out: &mut [u64],
    limit: usize,
) -> (usize, usize) {
    avx512::filter_each(uppers, lowers, out, limit)
}

/// Does what [`filter_each`] does for each of `uppers`, against `lowers[0]` then
/// `lowers[1]`, with no limit, but writes the index of each agreeing placement, counted from `firsts` for each list,
/// and after each list where its kept values end (counted from `base`) to `ends`; returns
/// how many values it kept. `out` must have room for every pair and 8 more; panics unless
/// [`filters`].
pub(crate) fn join_each(
    uppers: &[Placement],
    lowers: [&[Placement]; 2],
    firsts: [u32; 2],
    out: &mut [u64],
    ends: &mut [[u32; 2]],
    base: u32,
) -> usize {
    avx512::join_each(uppers, lowers, firsts, out, ends, base)
}

/// Bit-slices `halves` into `planes` with AVX-512: byte shuffles where the processor has
/// them, else mask tests; `false` without AVX-512.
pub(crate) fn transpose(
    halves: &[u64],
    diagonals: usize,
    planes: &mut [u64],
    words: usize,
) -> bool {
    if !filters() {
        return false;
    }
    match bytes::available() {
        true => bytes::transpose(halves, diagonals, planes, words),
        false => avx512::transpose(halves, diagonals, planes, words),
    }
    true
}

/// Calls `$function::<C>($args)` for `C` = `$chunks`, which must be 1 to 16.
macro_rules! by_chunks {
    ($chunks:expr, $function:ident($($arg:expr),*)) => {
        match $chunks {
            1 => $function::<1>($($arg),*),
            2 => $function::<2>($($arg),*),
            3 => $function::<3>($($arg),*),
            4 => $function::<4>($($arg),*),
            5 => $function::<5>($($arg),*),
            6 => $function::<6>($($arg),*),
            7 => $function::<7>($($arg),*),
            8 => $function::<8>($($arg),*),
            9 => $function::<9>($($arg),*),
            10 => $function::<10>($($arg),*),
            11 => $function::<11>($($arg),*),
            12 => $function::<12>($($arg),*),
            13 => $function::<13>($($arg),*),
            14 => $function::<14>($($arg),*),
            15 => $function::<15>($($arg),*),
            _ => $function::<16>($($arg),*),
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

/// Where a block of the join finds the planes of one side's squares: for each row the side
/// fills, the shift of its nibble in a square code and each column's plane, from the word of
/// the block's first chunk. A queen costs the join one lookup, whatever its row.
struct Lookup {
    shifts: [u32; 16],
    planes: [[*const u64; 16]; 16],
    rows: usize,
}

impl Lookup {
    /// A lookup of no rows.
    const NONE: Lookup = Lookup {
        shifts: [0; 16],
        planes: [[core::ptr::null(); 16]; 16],
        rows: 0,
    };
}

/// Fills `lookups` with the lookups of the upper and the lower squares of `table` from the
/// word of chunk `first`. Entries no square has point to the real plane, and planes past
/// the last to the last, so that every entry of a row is readable.
fn lookups(table: Slices<'_>, first: usize, lookups: &mut [Lookup; 2]) {
    let last = (table.planes.len() / table.stride).saturating_sub(1);
    assert!(first * WORDS < table.stride || table.planes.is_empty());
    // In bounds: a plane up to the last, from a word of its first chunk.
    let from = |plane: usize| {
        (table.planes.as_ptr()).wrapping_add(plane.min(last) * table.stride + first * WORDS)
    };
    for (lookup, squares) in lookups.iter_mut().zip([table.uppers, table.lowers]) {
        lookup.rows = 0;
        for (row, (shift, before)) in squares.rows().enumerate() {
            lookup.shifts[row] = shift;
            let planes = &mut lookup.planes[row];
            planes.fill(from(table.diagonals));
            for (col, plane) in planes.iter_mut().enumerate().skip(1).take(squares.cols) {
                *plane = from(before as usize + col);
            }
            lookup.rows = row + 1;
        }
    }
}

/// Chunks of free half-boards the partners of a row choice keep at a time, at most: 2 MiB,
/// so that they stay in the core's cache while the groups read them.
const FREE_CHUNKS: usize = 1 << 15;

/// The join kernel shared by both instruction sets, written against `Vector`, `PER_CHUNK`
/// (vectors per chunk), `BLOCK` (chunks kept in registers), `zero`, `load`, `store`, `and`,
/// `and_not`, `add64`, `add_popcnt` (adds each 64-bit lane's ones to a sum), `add_if` and
/// `total`.
macro_rules! join_kernel {
    ($features:literal) => {
        /// Whether the kernel runs here (see [`runs`](crate::counting::simd::runs)).
        pub(super) fn available() -> bool {
            static DETECTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            crate::counting::simd::runs($features, &DETECTED)
        }

        /// See [`count`](super::count); the processor must have the features.
        pub(super) fn count(
            table: Slices<'_>,
            west: West<'_>,
            frees: &mut Vec<u64>,
        ) -> [u64; CLASSES] {
            count_within(table, west, frees, FREE_CHUNKS)
        }

        /// [`count`] keeping at most about `budget` chunks of partners' results at a time.
        pub(super) fn count_within(
            table: Slices<'_>,
            west: West<'_>,
            frees: &mut Vec<u64>,
            budget: usize,
        ) -> [u64; CLASSES] {
            assert!(available(), "the processor lacks {}", $features);
            let Slices {
                planes,
                stride,
                diagonals,
                ..
            } = table;
            let mut sums = [0; CLASSES];
            let most = west.chunks();
            let numbered = west.numbered;
            if most == 0 || numbered == 0 {
                return sums;
            }
            // The loads below read the first `most` chunks of the real plane and of a
            // square's plane for each square a west half-board holds, clamped to the last
            // plane: check that these lie within the planes. Partners' free half-boards
            // are written for the runs, and read for any partner, clamped to the last:
            // check that there is room for every partner the runs number.
            let last = (planes.len() / stride).saturating_sub(1);
            assert!(
                most * WORDS <= stride && planes.len() == (last + 1) * stride && diagonals <= last
            );
            assert!(west.runs.iter().all(|run| run.start <= run.end
                && run.end as usize <= west.partners.len()
                && (run.first + (run.end - run.start)) as usize <= numbered));
            let mut from_start = [Lookup::NONE, Lookup::NONE];
            lookups(table, 0, &mut from_start);
            let mut later = [Lookup::NONE, Lookup::NONE];
            // A few column sets at a time, as many as keep their partners' results in the
            // cache; those of one large set a few chunks at a time.
            let mut from = Cut::default();
            let mut next = 0;
            while next < west.cuts.len() {
                let mut to = next;
                while west.cuts.get(to + 1).is_some_and(|cut| {
                    (cut.numbered.saturating_sub(from.numbered) as usize) * most <= budget
                }) {
                    to += 1;
                }
                let cut = west.cuts[to];
                let span = cut.numbered.saturating_sub(from.numbered) as usize;
                let batches: Vec<(usize, &[Group])> = (west.batches.iter().enumerate())
                    .map(|(key, &(chunks, groups))| {
                        let range = from.groups[key] as usize..cut.groups[key] as usize;
                        (chunks, groups.get(range).unwrap_or(&[]))
                    })
                    .collect();
                let runs = west
                    .runs
                    .get(from.runs as usize..cut.runs as usize)
                    .unwrap_or(&[]);
                let region = batches
                    .iter()
                    .filter(|(_, groups)| !groups.is_empty())
                    .map(|&(chunks, _)| chunks)
                    .max()
                    .unwrap_or(0);
                if span > 0 && region > 0 {
                    let block = (budget / span).clamp(1, BLOCK).min(region);
                    let per_partner = block * WORDS;
                    if frees.len() < span * per_partner {
                        frees.resize(span * per_partner, 0);
                    }
                    for first in (0..region).step_by(block) {
                        let at = Block {
                            planes: planes.as_ptr(),
                            first: first * WORDS,
                            real: diagonals * stride,
                            lookups: match first {
                                0 => &from_start,
                                _ => {
                                    lookups(table, first, &mut later);
                                    &later
                                }
                            },
                        };
                        let free = Frees {
                            words: frees.as_mut_ptr(),
                            per_partner,
                            base: u64::from(from.numbered),
                            last: span - 1,
                        };
                        // SAFETY: `available()` checked the processor for `$features`, the
                        // one list every function of this kernel is compiled for; each call
                        // reads words `d * words + first * WORDS ..` of up to `most - first`
                        // chunks, for `d` the real plane or a plane up to `last`, all
                        // within `planes` as checked above, and up to `block` chunks of a
                        // partner's free half-boards, for which `frees` has room, as for
                        // those `fill` writes (`Frees` clamps every number to the region's).
                        for run in runs {
                            let need = run.chunks(&batches);
                            if need > first {
                                let partners = &west.partners[run.start as usize..run.end as usize];
                                unsafe {
                                    by_chunks!(
                                        (need - first).min(block),
                                        fill(at, partners, run.first, free)
                                    )
                                };
                            }
                        }
                        for &(chunks, groups) in &batches {
                            if chunks <= first || groups.is_empty() {
                                continue;
                            }
                            // SAFETY: as above.
                            let part = unsafe {
                                by_chunks!(
                                    (chunks - first).min(block),
                                    pass(at, groups, west.lowers, free)
                                )
                            };
                            for (sum, part) in sums.iter_mut().zip(part) {
                                *sum += part;
                            }
                        }
                    }
                }
                from = cut;
                next = to + 1;
            }
            sums
        }

        /// See [`cross`](super::cross); the processor must have the features.
        pub(super) fn cross(
            table: Slices<'_>,
            west: Crossing<'_>,
            frees: &mut Vec<u64>,
        ) -> [u64; CLASSES] {
            assert!(available(), "the processor lacks {}", $features);
            let chunks = table.stride / WORDS;
            let last = (table.planes.len() / table.stride.max(1)).saturating_sub(1);
            // The loads below read every chunk of the real plane and of a square's plane
            // (clamped to the last), and the placements of each set's ranges: check that
            // these lie within the planes and the placements.
            assert!(
                (1..=CROSSING_CHUNKS).contains(&chunks)
                    && table.planes.len() == (last + 1) * table.stride
                    && table.diagonals <= last
            );
            let within = |ranges: &[(u32, u32); 2], len: usize| {
                ranges
                    .iter()
                    .all(|&(start, end)| start <= end && end as usize <= len)
            };
            assert!(
                west.sets
                    .iter()
                    .all(|set| within(&set.uppers, west.uppers.len())
                        && within(&set.lowers, west.lowers.len()))
            );
            let most = west.most_lowers();
            if most == 0 {
                return [0; CLASSES];
            }
            let per_partner = chunks * WORDS;
            if frees.len() < most * per_partner {
                frees.resize(most * per_partner, 0);
            }
            let mut lookups_of = [Lookup::NONE, Lookup::NONE];
            lookups(table, 0, &mut lookups_of);
            let at = Block {
                planes: table.planes.as_ptr(),
                first: 0,
                real: table.diagonals * table.stride,
                lookups: &lookups_of,
            };
            let free = Frees {
                words: frees.as_mut_ptr(),
                per_partner,
                base: 0,
                last: most - 1,
            };
            // SAFETY: `available()` checked the processor for `$features`, the one list
            // every function of this kernel is compiled for; the calls read the table's
            // `chunks` chunks of the real plane and of square planes, within `planes` as
            // checked above, the placements of ranges checked above, and up to `most`
            // partners' free half-boards of `C` = `chunks` chunks each, for which `frees`
            // has room.
            unsafe {
                match chunks {
                    1 => cross_sets::<1>(at, west, free),
                    2 => cross_sets::<2>(at, west, free),
                    3 => cross_sets::<3>(at, west, free),
                    4 => cross_sets::<4>(at, west, free),
                    _ => unreachable!("a crossing reads at most {CROSSING_CHUNKS} chunks"),
                }
            }
        }

        /// The pairs free of conflicts per class, over the `C` chunks of `block`: for each
        /// set, its south-west placements' free half-boards kept in `frees`, then each
        /// north-west placement's against all of them, counting those that agree.
        #[target_feature(enable = $features)]
        unsafe fn cross_sets<const C: usize>(
            block: Block<'_>,
            west: Crossing<'_>,
            frees: Frees,
        ) -> [u64; CLASSES] {
            // SAFETY: `cross` checked the real plane.
            let real = unsafe { block.chunks::<C>(block.real) };
            let mut sums = [zero(); CLASSES];
            for set in west.sets {
                let lowers = set.lowers.map(|range| placements_in(west.lowers, range));
                // Partner `i` of the set at `i * C * WORDS`: `cross` made room for the most
                // partners a set has, and the loops below stop at the set's.
                let of = |index: usize| frees.words.wrapping_add(index * C * WORDS);
                for (index, partner) in lowers.iter().copied().flatten().enumerate() {
                    let mut free = real;
                    // SAFETY: `clear` clamps its planes.
                    unsafe { block.clear(&mut free, 1, partner.shared) };
                    // SAFETY: `C` chunks fit in a partner's words (`cross`).
                    unsafe { keep(of(index), &free) };
                }
                for (upper_flag, &range) in set.uppers.iter().enumerate() {
                    for upper in placements_in(west.uppers, range) {
                        let mut upper_free = real;
                        // SAFETY: `clear` clamps its planes.
                        unsafe { block.clear(&mut upper_free, 0, upper.shared) };
                        let mut index = 0;
                        for (class, lowers) in (upper_flag..).zip(lowers) {
                            if west.classes >> class & 1 == 0 {
                                index += lowers.len();
                                continue;
                            }
                            let mut sum = sums[class];
                            for lower in lowers {
                                // SAFETY: `C` chunks lie in a partner's words (`cross`).
                                let ones = unsafe { add_common(zero(), of(index), &upper_free) };
                                sum = add_if(sum, ones, upper.held & lower.held == 0);
                                index += 1;
                            }
                            sums[class] = sum;
                        }
                    }
                }
            }
            sums.map(|sum| total(sum))
        }

        /// `C` chunks of every plane, from word `first` on; the real plane starts at word
        /// `real`, and the planes of the upper and lower `squares` follow it, each found by
        /// its entry of `lookups` for the side. Made only by `count`, which checks that
        /// every read stays in the planes.
        #[derive(Clone, Copy)]
        struct Block<'a> {
            planes: *const u64,
            first: usize,
            real: usize,
            lookups: &'a [Lookup; 2],
        }

        impl Block<'_> {
            /// The `C` chunks from word `start` on.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn chunks<const C: usize>(self, start: usize) -> [[Vector; PER_CHUNK]; C] {
                core::array::from_fn(|c| {
                    core::array::from_fn(|v| {
                        let word = start + (c * PER_CHUNK + v) * WORDS / PER_CHUNK;
                        // SAFETY: `count` checked that `C` chunks from any start it hands
                        // on lie within the planes.
                        unsafe { load(self.planes.add(word)) }
                    })
                })
            }

            /// Clears from `free` the half-boards sharing a diagonal with the squares of
            /// `code`, a north-west placement (`side` 0) or a south-west one (1).
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn clear<const C: usize>(
                self,
                free: &mut [[Vector; PER_CHUNK]; C],
                side: usize,
                code: u64,
            ) {
                let lookup = &self.lookups[side];
                let rows = lookup.shifts[..lookup.rows].iter().zip(&lookup.planes);
                for (&shift, planes) in rows {
                    let plane = planes[(code >> shift & 15) as usize];
                    for c in 0..C {
                        for v in 0..PER_CHUNK {
                            let word = (c * PER_CHUNK + v) * WORDS / PER_CHUNK;
                            // SAFETY: as for `chunks`: every entry of a lookup is a plane's
                            // block.
                            let held = unsafe { load(plane.add(word)) };
                            free[c][v] = and_not(held, free[c][v]);
                        }
                    }
                }
            }
        }

        /// Where the partners of a region keep their free half-boards for the chunks of a
        /// block: `per_partner` words from `(number - base) * per_partner` on, for numbers
        /// from `base` up to `base + last`. Made only by `count`, which makes room for them.
        #[derive(Clone, Copy)]
        struct Frees {
            words: *mut u64,
            per_partner: usize,
            base: u64,
            last: usize,
        }

        impl Frees {
            /// The words of the partner numbered `number`, clamped to the region's.
            #[inline]
            fn of(self, number: u64) -> *mut u64 {
                let index = (number.wrapping_sub(self.base) as usize).min(self.last);
                self.words.wrapping_add(index * self.per_partner)
            }
        }

        /// Stores the `C` chunks of `free` from `to` on, which must be writable.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn keep<const C: usize>(to: *mut u64, free: &[[Vector; PER_CHUNK]; C]) {
            for (c, chunk) in free.iter().enumerate() {
                for (v, &vector) in chunk.iter().enumerate() {
                    // SAFETY: the caller's promise: `C` chunks are writable.
                    unsafe { store(to.add((c * PER_CHUNK + v) * WORDS / PER_CHUNK), vector) };
                }
            }
        }

        /// `sum` plus, per lane, the half-boards free in both `upper_free` and the `C`
        /// chunks from `free` on, which must be readable.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn add_common<const C: usize>(
            mut sum: Vector,
            free: *const u64,
            upper_free: &[[Vector; PER_CHUNK]; C],
        ) -> Vector {
            for (c, chunk) in upper_free.iter().enumerate() {
                for (v, &upper) in chunk.iter().enumerate() {
                    // SAFETY: the caller's promise: `C` chunks are readable.
                    let lower = unsafe { load(free.add((c * PER_CHUNK + v) * WORDS / PER_CHUNK)) };
                    sum = add_popcnt(sum, and(upper, lower));
                }
            }
            sum
        }

        /// Writes, for each of `partners`, numbered from `first` on, the half-boards of `C`
        /// chunks of `block` that are free of its squares.
        #[target_feature(enable = $features)]
        unsafe fn fill<const C: usize>(
            block: Block<'_>,
            partners: &[Placement],
            first: u32,
            frees: Frees,
        ) {
            // SAFETY: `count` checked the real plane.
            let real = unsafe { block.chunks::<C>(block.real + block.first) };
            for (index, partner) in (u64::from(first)..).zip(partners) {
                let mut free = real;
                // SAFETY: `clear` clamps its planes.
                unsafe { block.clear(&mut free, 1, partner.shared) };
                // SAFETY: `C` chunks fit in a partner's words (`count`).
                unsafe { keep(frees.of(index), &free) };
            }
        }

        /// The pairs free of conflicts per class, over the first `C` chunks of `block`, the
        /// partners' free half-boards read from `frees`.
        #[target_feature(enable = $features)]
        unsafe fn pass<const C: usize>(
            block: Block<'_>,
            groups: &[Group],
            lowers: &[u64],
            frees: Frees,
        ) -> [u64; CLASSES] {
            let mut sums = [zero(); CLASSES];
            for group in groups {
                // SAFETY: `count` checked the real plane, and `clear` clamps its planes.
                let mut upper_free = unsafe { block.chunks::<C>(block.real + block.first) };
                unsafe { block.clear(&mut upper_free, 0, group.upper) };
                let parts = [group.start..group.split, group.split..group.end];
                for (part, class) in parts.into_iter().zip(group.class as usize..) {
                    let mut sum = zero();
                    for &lower in &lowers[part.start as usize..part.end as usize] {
                        // SAFETY: `C` chunks lie in a partner's words (`count`).
                        sum = unsafe { add_common(sum, frees.of(lower), &upper_free) };
                    }
                    sums[class] = add64(sums[class], sum);
                }
            }
            sums.map(|sum| total(sum))
        }
    };
}

/// 512-bit vectors with a popcount per 64-bit lane.
mod avx512 {
    use super::*;

    type Vector = __m512i;
    const PER_CHUNK: usize = 1;
    const BLOCK: usize = 16;
    pub(super) const CROSSING: usize = 4;

    /// This kernel's one list of features: every function below is compiled for it, and
    /// `available` checks the processor for it.
    macro_rules! features {
        ($macro:ident $(; $($args:tt)*)?) => { $macro!("avx512f,avx512vpopcntdq,bmi1" $(; $($args)*)?); };
    }

    features!(join_kernel);

    features!(with_features;
        #[inline]
        fn zero() -> Vector {
            _mm512_setzero_si512()
        }

        /// The 8 words from `words` on, which must be readable.
        #[inline]
        unsafe fn load(words: *const u64) -> Vector {
            // SAFETY: the caller's promise: one unaligned load of 64 bytes.
            unsafe { _mm512_loadu_si512(words.cast()) }
        }

        /// Stores the 8 words of `vector` from `words` on, which must be writable.
        #[inline]
        unsafe fn store(words: *mut u64, vector: Vector) {
            // SAFETY: the caller's promise: one unaligned store of 64 bytes.
            unsafe { _mm512_storeu_si512(words.cast(), vector) }
        }

        #[inline]
        fn and(a: Vector, b: Vector) -> Vector {
            _mm512_and_si512(a, b)
        }

        #[inline]
        fn and_not(a: Vector, b: Vector) -> Vector {
            _mm512_andnot_si512(a, b)
        }

        #[inline]
        fn add64(a: Vector, b: Vector) -> Vector {
            _mm512_add_epi64(a, b)
        }

        #[inline]
        fn add_popcnt(sum: Vector, a: Vector) -> Vector {
            _mm512_add_epi64(sum, _mm512_popcnt_epi64(a))
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
        fn transpose_with(halves: &[u64], diagonals: usize, planes: &mut [u64], words: usize) {
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
        fn filter_each_with(uppers: &[Placement], lowers: &[Placement], out: &mut [u64], limit: usize) -> (usize, usize) {
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
        fn join_each_with(uppers: &[Placement], lowers: [&[Placement]; 2], firsts: [u32; 2], out: &mut [u64], ends: &mut [[u32; 2]], base: u32) -> usize {
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

    /// See [`join_each`](super::join_each); the processor must have the features.
    pub(super) fn join_each(
        uppers: &[Placement],
        lowers: [&[Placement]; 2],
        firsts: [u32; 2],
        out: &mut [u64],
        ends: &mut [[u32; 2]],
        base: u32,
    ) -> usize {
        assert!(
            available()
                && out.len() >= uppers.len() * (lowers[0].len() + lowers[1].len()) + 8
                && ends.len() >= uppers.len()
        );
        // SAFETY: `available()` checked the processor for the features `join_each_with` is
        // compiled for.
        unsafe { join_each_with(uppers, lowers, firsts, out, ends, base) }
    }

    /// See [`filter_each`](super::filter_each); the processor must have the features.
    pub(super) fn filter_each(
        uppers: &[Placement],
        lowers: &[Placement],
        out: &mut [u64],
        limit: usize,
    ) -> (usize, usize) {
        let pairs = (uppers.len() * lowers.len()).min(limit + lowers.len());
        assert!(available() && out.len() >= pairs + 8);
        // SAFETY: `available()` checked the processor for the features `filter_each_with`
        // is compiled for.
        unsafe { filter_each_with(uppers, lowers, out, limit) }
    }

    /// See [`transpose`](super::transpose); the processor must have the features.
    pub(super) fn transpose(halves: &[u64], diagonals: usize, planes: &mut [u64], words: usize) {
        assert!(available() && diagonals <= 64);
        // SAFETY: `available()` checked the processor for the features `transpose_with` is
        // compiled for.
        unsafe { transpose_with(halves, diagonals, planes, words) }
    }
}

/// 512-bit vectors of bytes, shuffled: the bit-slicing of a table, 64 half-boards at a time.
mod bytes {
    use super::*;

    /// This transposition's one list of features: its function is compiled for it, and
    /// `available` checks the processor for it.
    macro_rules! features {
        ($macro:ident $(; $($args:tt)*)?) => { $macro!("avx512f,avx512bw,avx512vbmi" $(; $($args)*)?); };
    }

    macro_rules! available_for {
        ($features:literal) => {
            /// Whether these instructions run here (see [`runs`](crate::counting::simd::runs)).
            pub(super) fn available() -> bool {
                static DETECTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
                crate::counting::simd::runs($features, &DETECTED)
            }
        };
    }

    features!(available_for);

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
        fn transpose_with(halves: &[u64], diagonals: usize, planes: &mut [u64], words: usize) {
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

    /// See [`transpose`](super::transpose); the processor must have the features.
    pub(super) fn transpose(halves: &[u64], diagonals: usize, planes: &mut [u64], words: usize) {
        assert!(available() && diagonals <= 64);
        // SAFETY: `available()` checked the processor for the features `transpose_with` is
        // compiled for.
        unsafe { transpose_with(halves, diagonals, planes, words) }
    }
}

/// 256-bit vectors, two per chunk, with popcounts by a nibble table.
mod avx2 {
    use super::*;
    use crate::counting::simd::interior::avx2::byte_popcnt;

    type Vector = __m256i;
    const PER_CHUNK: usize = 2;
    const BLOCK: usize = 3;
    pub(super) const CROSSING: usize = 2;

    /// This kernel's one list of features: every function below is compiled for it, and
    /// `available` checks the processor for it.
    macro_rules! features {
        ($macro:ident $(; $($args:tt)*)?) => { $macro!("avx2,bmi1" $(; $($args)*)?); };
    }

    features!(join_kernel);

    features!(with_features;
        #[inline]
        fn zero() -> Vector {
            _mm256_setzero_si256()
        }

        /// The 4 words from `words` on, which must be readable.
        #[inline]
        unsafe fn load(words: *const u64) -> Vector {
            // SAFETY: the caller's promise: one unaligned load of 32 bytes.
            unsafe { _mm256_loadu_si256(words.cast()) }
        }

        /// Stores the 4 words of `vector` from `words` on, which must be writable.
        #[inline]
        unsafe fn store(words: *mut u64, vector: Vector) {
            // SAFETY: the caller's promise: one unaligned store of 32 bytes.
            unsafe { _mm256_storeu_si256(words.cast(), vector) }
        }

        #[inline]
        fn and(a: Vector, b: Vector) -> Vector {
            _mm256_and_si256(a, b)
        }

        #[inline]
        fn and_not(a: Vector, b: Vector) -> Vector {
            _mm256_andnot_si256(a, b)
        }

        #[inline]
        fn add64(a: Vector, b: Vector) -> Vector {
            _mm256_add_epi64(a, b)
        }

        /// Byte counts summed per 64-bit lane by `psadbw`.
        #[inline]
        fn add_popcnt(sum: Vector, a: Vector) -> Vector {
            _mm256_add_epi64(sum, _mm256_sad_epu8(byte_popcnt(a), _mm256_setzero_si256()))
        }

        /// `sum + a` if `keep`, else `sum`.
        #[inline]
        fn add_if(sum: Vector, a: Vector, keep: bool) -> Vector {
            _mm256_add_epi64(sum, _mm256_and_si256(a, _mm256_set1_epi64x(-i64::from(keep))))
        }

        #[inline]
        fn total(a: Vector) -> u64 {
            let mut lanes = [0u64; 4];
            // SAFETY: `lanes` is 32 bytes: one unaligned store.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), a) };
            lanes.iter().sum()
        }
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counting::quadrants::layout::{CHUNK, ColumnSet, Run, SquarePlanes, square_code};
    use crate::counting::quadrants::portable::{
        count_portable, cross_portable, transpose_portable,
    };

    /// Rows and columns of the south-west quadrant in [`case`]'s tables.
    const ROWS: usize = 6;
    const COLS: usize = 5;
    /// The rows north-west and south-west placements fill in [`case`].
    const FILLED: [usize; 2] = [0b011010, 0b101101];

    /// The square code of a placement filling `rows`, in columns from `next`.
    fn code(rows: usize, next: &mut impl FnMut() -> u64) -> u64 {
        (0..ROWS)
            .filter(|row| rows >> row & 1 == 1)
            .fold(0, |code, row| {
                code | square_code(row, next() as usize % COLS)
            })
    }

    /// The planes of the squares north-west and south-west placements fill in [`case`]'s
    /// tables over `diagonals` planes of diagonals.
    fn square_planes(diagonals: usize) -> [SquarePlanes; 2] {
        let first = diagonals + 1;
        [
            SquarePlanes::new(first, FILLED[0], COLS),
            SquarePlanes::new(
                first + FILLED[0].count_ones() as usize * COLS,
                FILLED[1],
                COLS,
            ),
        ]
    }

    /// A kernel's name, and whether this processor has it.
    type Named = (&'static str, fn() -> bool);

    /// Checks that each kernel ran where the processor has it, and says which ran.
    fn check_ran(kernels: [Named; 2], ran: [bool; 2]) {
        for ((name, available), ran) in kernels.into_iter().zip(ran) {
            assert_eq!(
                ran,
                available(),
                "{name}: the processor has it, but it did not run"
            );
            let state = if ran {
                "ran"
            } else {
                "not run: this processor lacks it"
            };
            println!("{name} kernel {state}");
        }
    }

    /// West half-boards over a random table: groups, their partners (numbered in two runs
    /// of the south-west placements), the placements and the runs.
    struct Case {
        planes: Vec<u64>,
        groups: Vec<Group>,
        lowers: Vec<u64>,
        partners: Vec<Placement>,
        runs: Vec<Run>,
    }

    /// A table of `chunks` chunks over `diagonals` planes, `len` real half-boards, and
    /// `ROWS * COLS` square planes, with groups over it, from a simple generator seeded by
    /// `seed`.
    fn case(seed: u64, chunks: usize, len: usize, diagonals: usize) -> Case {
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let stride = chunks * WORDS;
        let mut planes: Vec<u64> = (0..diagonals * stride).map(|_| next() & next()).collect();
        let real = (0..stride).map(|w| match (len / 64).cmp(&w) {
            core::cmp::Ordering::Greater => u64::MAX,
            core::cmp::Ordering::Equal => (1 << (len % 64)) - 1,
            core::cmp::Ordering::Less => 0,
        });
        planes.extend(real);
        planes.extend((0..2 * ROWS * COLS * stride).map(|_| next() & next() & next()));
        let partners: Vec<Placement> = (0..12)
            .map(|_| Placement {
                held: 0,
                shared: code(FILLED[1], &mut next),
            })
            .collect();
        // Partners 5 and 6 are in no run, and no group reads them; every batch reads both.
        let runs = vec![
            Run {
                start: 0,
                end: 5,
                first: 0,
                batches: 0b111,
            },
            Run {
                start: 7,
                end: 12,
                first: 5,
                batches: 0b111,
            },
        ];
        // Groups of class 0 read run 0, those of class 1 run 1: two regions.
        let (mut groups, mut lowers) = (Vec::new(), Vec::new());
        for (class, run) in (0..CLASSES as u32 - 1).zip(&runs) {
            for _ in 0..5 {
                let start = lowers.len() as u32;
                for _ in 0..next() % 6 {
                    lowers.push(u64::from(run.first) + next() % u64::from(run.end - run.start));
                }
                let upper = code(FILLED[0], &mut next);
                let end = lowers.len() as u32;
                groups.push(Group {
                    upper,
                    start,
                    split: start + (next() % u64::from(end - start + 1)) as u32,
                    end,
                    class,
                });
            }
        }
        Case {
            planes,
            groups,
            lowers,
            partners,
            runs,
        }
    }

    #[test]
    fn join_kernels_agree_with_the_portable_join() {
        type Kernel = (
            &'static str,
            fn() -> bool,
            fn(Slices<'_>, West<'_>, &mut Vec<u64>, usize) -> [u64; CLASSES],
        );
        let kernels: [Kernel; 2] = [
            ("AVX-512 join", avx512::available, avx512::count_within),
            ("AVX2 join", avx2::available, avx2::count_within),
        ];
        let mut ran = [false; 2];
        let mut frees = Vec::new();
        for seed in 0..40 {
            let chunks = 1 + seed as usize % 19;
            let len = (chunks - 1) * CHUNK + 1 + (seed as usize * 37) % CHUNK;
            let diagonals = 10 + seed as usize % 30;
            let case = case(seed, chunks, len, diagonals);
            let squares = square_planes(diagonals);
            let table = Slices {
                planes: &case.planes,
                stride: chunks * WORDS,
                diagonals,
                uppers: &squares[0],
                lowers: &squares[1],
            };
            // Batches of groups reading the whole table, half of it, and one chunk, each
            // with groups of both regions.
            let picks = [[0..2, 5..7], [2..4, 7..9], [4..5, 9..10]];
            let lists: Vec<Vec<Group>> = (picks.iter())
                .map(|ranges| {
                    ranges
                        .iter()
                        .flat_map(|r| case.groups[r.clone()].to_vec())
                        .collect()
                })
                .collect();
            let batches = [
                (chunks, &lists[0][..]),
                (chunks.div_ceil(2), &lists[1][..]),
                (1, &lists[2][..]),
            ];
            let cut = |region: usize| Cut {
                runs: region as u32 + 1,
                numbered: case.runs[region].first
                    + (case.runs[region].end - case.runs[region].start),
                groups: core::array::from_fn(|batch| match picks.get(batch) {
                    Some(ranges) => (0..=region).map(|r| ranges[r].len() as u32).sum(),
                    None => 0,
                }),
            };
            let cuts = [cut(0), cut(1)];
            let west = West {
                batches: &batches,
                lowers: &case.lowers,
                partners: &case.partners,
                runs: &case.runs,
                numbered: 10,
                cuts: &cuts,
            };
            let expected = count_portable(table, west);
            for (i, (name, available, count)) in kernels.iter().enumerate() {
                if available() {
                    // Both regions at once, or one at a time, some a chunk at a time.
                    for budget in [FREE_CHUNKS, 8] {
                        assert_eq!(
                            count(table, west, &mut frees, budget),
                            expected,
                            "{name}, seed {seed}, budget {budget}"
                        );
                    }
                    ran[i] = true;
                }
            }
        }
        check_ran(kernels.map(|(name, available, _)| (name, available)), ran);
    }

    #[test]
    fn crossing_kernels_agree_with_the_portable_join() {
        type Kernel = (
            &'static str,
            fn() -> bool,
            fn(Slices<'_>, Crossing<'_>, &mut Vec<u64>) -> [u64; CLASSES],
        );
        let kernels: [Kernel; 2] = [
            ("AVX-512 crossing", avx512::available, avx512::cross),
            ("AVX2 crossing", avx2::available, avx2::cross),
        ];
        let mut ran = [false; 2];
        let mut frees = Vec::new();
        for seed in 0..40 {
            let chunks = 1 + seed as usize % CROSSING_CHUNKS;
            let len = (chunks - 1) * CHUNK + 1 + (seed as usize * 37) % CHUNK;
            let diagonals = 10 + seed as usize % 30;
            let planes = case(seed, chunks, len, diagonals).planes;
            let squares = square_planes(diagonals);
            let table = Slices {
                planes: &planes,
                stride: chunks * WORDS,
                diagonals,
                uppers: &squares[0],
                lowers: &squares[1],
            };
            // Placements holding a few of 8 diagonals, so that about half the pairs agree.
            let mut state = seed + 1;
            let mut next = move || {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                state >> 33
            };
            let mut placements = |rows| -> Vec<Placement> {
                (0..30)
                    .map(|_| Placement {
                        held: 1 << (next() % 8) | 1 << (next() % 8),
                        shared: code(rows, &mut next),
                    })
                    .collect()
            };
            let (uppers, lowers) = (placements(FILLED[0]), placements(FILLED[1]));
            // Sets of all sizes, empty ranges among them; more partners in one than
            // another has, so that partners' words are reused.
            let sets = [
                ColumnSet {
                    uppers: [(0, 3), (3, 5)],
                    lowers: [(0, 4), (4, 4)],
                },
                ColumnSet {
                    uppers: [(5, 5), (5, 12)],
                    lowers: [(4, 20), (20, 23)],
                },
                ColumnSet {
                    uppers: [(12, 30), (30, 30)],
                    lowers: [(23, 24), (24, 30)],
                },
            ];
            let west = Crossing {
                uppers: &uppers,
                lowers: &lowers,
                sets: &sets,
                classes: [0b111, 0b110, 0b011, 0b101][seed as usize % 4],
            };
            let expected = cross_portable(table, west);
            assert!(
                expected
                    .iter()
                    .zip(0..)
                    .all(|(&sum, class)| (sum > 0) == (west.classes >> class & 1 == 1))
            );
            for (i, (name, available, cross)) in kernels.iter().enumerate() {
                if available() {
                    assert_eq!(
                        cross(table, west, &mut frees),
                        expected,
                        "{name}, seed {seed}"
                    );
                    ran[i] = true;
                }
            }
        }
        check_ran(kernels.map(|(name, available, _)| (name, available)), ran);
    }

    #[test]
    fn the_transposition_agrees_with_bit_by_bit() {
        // Planes of a random table, read as half-boards: 2 chunks of them.
        let random = case(7, 2, 2 * CHUNK, 63).planes;
        let halves = &random[..2 * CHUNK];
        let diagonals = 41;
        let words = halves.len() / 64;
        let mut portable = vec![0; diagonals * words];
        transpose_portable(halves, diagonals, &mut portable, words);
        for (i, half) in halves.iter().enumerate() {
            for d in 0..diagonals {
                let bit = portable[d * words + i / 64] >> (i % 64) & 1;
                assert_eq!(bit, half >> d & 1, "half {i}, diagonal {d}");
            }
        }
        type Transpose = (
            &'static str,
            fn() -> bool,
            fn(&[u64], usize, &mut [u64], usize),
        );
        let kernels: [Transpose; 2] = [
            ("AVX-512", avx512::available, avx512::transpose),
            ("AVX-512 byte shuffle", bytes::available, bytes::transpose),
        ];
        for (name, available, transpose) in kernels {
            if available() {
                let mut planes = vec![0; diagonals * words];
                transpose(halves, diagonals, &mut planes, words);
                assert_eq!(planes, portable, "{name}");
                println!("{name} transposition ran");
            } else {
                println!("{name} transposition not run: this processor lacks it");
            }
        }
    }
}

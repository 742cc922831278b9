//! The join kernel both instruction sets compile: `join_kernel!`, written against a few
//! vector operations that each instruction set's file defines.

/// The join kernel shared by both instruction sets, written against `Vector`, `PER_CHUNK`
/// (vectors per chunk), `BLOCK` (chunks kept in registers), `CROSSING_FORM` (vectors a
/// crossing keeps a partner's vector in), `zero`, `load`, `store`, `and_not`, `add64`, `sub64`,
/// `split` and `spread` (a partner's and a group's vector of free half-boards in the
/// vectors `common_ones` reads), `common_ones` (each lane's ones common to both, in lanes
/// as wide as the kernel counts them), `add_ones` (adds two such counts), `widen` (such
/// counts summed per 64-bit lane), `add_if` and `total`.
macro_rules! join_kernel {
    ($features:literal) => {
        /// Words a vector holds.
        const VECTOR_WORDS: usize = WORDS / PER_CHUNK;

        crate::counting::simd::detected!($features);

        /// See [`count`](super::count); `None` where the kernel does not run here.
        pub(super) fn count(
            table: Slices<'_>,
            west: West<'_>,
            frees: &mut Vec<u64>,
        ) -> Option<[u64; CLASSES]> {
            count_within(table, west, frees, free_chunks())
        }

        /// [`count`] keeping at most about `budget` chunks of partners' results at a time.
        pub(super) fn count_within(
            table: Slices<'_>,
            west: West<'_>,
            frees: &mut Vec<u64>,
            budget: usize,
        ) -> Option<[u64; CLASSES]> {
            let detected = Detected::new()?;
            #[cfg(test)]
            super::ran::mark(KERNEL);
            let Slices {
                planes,
                stride,
                from,
                diagonals,
                ..
            } = table;
            let mut sums = [0; CLASSES];
            let most = west.chunks();
            if most == 0 || west.numbered == 0 {
                return Some(sums);
            }
            // The loads below read `most` chunks from chunk `from` on of the real plane and
            // of a square's plane for each square a west half-board holds, clamped to the
            // last plane: check that these lie within the planes. Partners' free half-boards
            // are written for the runs, and read for any partner, clamped to the last:
            // check that there is room for every partner the runs number.
            let last = (planes.len() / stride).saturating_sub(1);
            assert!(
                (from + most) * WORDS <= stride
                    && planes.len() == (last + 1) * stride
                    && diagonals <= last
            );
            assert!(west.runs.iter().all(|run| run.start <= run.end
                && run.end as usize <= west.partners.len()
                && (run.first + (run.end - run.start)) as usize <= west.numbered));
            let mut from_start = [Lookup::NONE, Lookup::NONE];
            lookups(table, from, &mut from_start);
            let mut later = [Lookup::NONE, Lookup::NONE];
            // A few column sets at a time, as many as keep their partners' results in the
            // cache; those of one large set a few chunks at a time.
            for span in west.spans(budget) {
                let block = (budget / span.partners).clamp(1, BLOCK).min(span.chunks);
                let per_partner = block * WORDS;
                if frees.len() < span.partners * per_partner {
                    frees.resize(span.partners * per_partner, 0);
                }
                for first in (0..span.chunks).step_by(block) {
                    let at = Block {
                        planes: planes.as_ptr(),
                        first: (from + first) * WORDS,
                        real: diagonals * stride,
                        lookups: match first {
                            0 => &from_start,
                            _ => {
                                lookups(table, from + first, &mut later);
                                &later
                            }
                        },
                    };
                    let free = Frees {
                        words: frees.as_mut_ptr(),
                        per_partner,
                        base: u64::from(span.base),
                        last: span.partners - 1,
                    };
                    // SAFETY: `detected` proves the processor has `$features`, the one list
                    // every function of this kernel is compiled for; `at` reads up to
                    // `most - first` chunks from word `d * stride + (from + first) * WORDS`, for `d`
                    // the real plane or a plane up to `last`, all within `planes` as checked
                    // above, and `free` has room for `block` chunks of every partner the
                    // span numbers (`Frees` clamps every number to the span's).
                    let part = unsafe { join_block(detected, at, free, &span, west, first, block) };
                    for (sum, part) in sums.iter_mut().zip(part) {
                        *sum += part;
                    }
                }
            }
            Some(sums)
        }

        /// Up to `block` chunks from chunk `first` on of a span's join: its partners' free
        /// half-boards filled, then its groups passed over them.
        ///
        /// # Safety
        ///
        /// The processor must have `$features`; `at` must read within the planes for every
        /// chunk a group of the span reads, and `free` must have room for `block` chunks of
        /// each partner the span numbers (as `count_within` checks and makes room).
        #[inline]
        unsafe fn join_block(
            _: Detected,
            at: Block<'_>,
            free: Frees,
            span: &Span<'_>,
            west: West<'_>,
            first: usize,
            block: usize,
        ) -> [u64; CLASSES] {
            // The batches some group of the block reads: a partner marked with none of
            // them is read by no group here.
            let read = span.batches_reading(first);
            let marks = Marks {
                marks: west.marks,
                read,
            };
            for run in span.runs {
                let need = run.chunks(&span.reads);
                if need > first {
                    let partners = &west.partners[run.start as usize..run.end as usize];
                    // SAFETY: the caller's promise, for the chunks the run's groups read.
                    unsafe {
                        by_chunks!(
                            (need - first).min(block),
                            fill(at, partners, run.first, free, marks)
                        )
                    };
                }
            }
            let mut sums = [0; CLASSES];
            for &(chunks, groups) in &span.batches {
                if chunks <= first || groups.is_empty() {
                    continue;
                }
                // SAFETY: the caller's promise, for the chunks these groups read.
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
            sums
        }

        /// See [`cross`](super::cross); `None` where the kernel does not run here.
        pub(super) fn cross(
            table: Slices<'_>,
            west: Crossing<'_>,
            frees: &mut Vec<u64>,
        ) -> Option<[u64; CLASSES]> {
            let detected = Detected::new()?;
            #[cfg(test)]
            super::ran::mark(KERNEL);
            let chunks = table.stride / WORDS;
            let last = (table.planes.len() / table.stride.max(1)).saturating_sub(1);
            // The loads below read every chunk of the real plane and of a square's plane
            // (clamped to the last), and the placements of each set's ranges: check that
            // these lie within the planes and the placements.
            assert!(
                (1..=CROSSING_CHUNKS).contains(&chunks)
                    && table.from == 0
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
                return Some([0; CLASSES]);
            }
            // Only the vectors that hold half-boards: a table of 300 half-boards is two
            // 256-bit vectors, not a chunk of 512 half-boards.
            let real = &table.planes[table.diagonals * table.stride..][..table.stride];
            let words = real
                .iter()
                .rposition(|&word| word != 0)
                .map_or(1, |last| last + 1);
            let vectors = words.div_ceil(VECTOR_WORDS);
            let per_partner = vectors * VECTOR_WORDS * CROSSING_FORM;
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
            // SAFETY: `detected` proves the processor has `$features`, the one list every
            // function of this kernel is compiled for; the calls read the first
            // `vectors` vectors of the table's `chunks` chunks of the real plane and of
            // square planes, within `planes` as checked above, the placements of ranges
            // checked above, and up to `most` partners' free half-boards of `V` = `vectors`
            // vectors each, for which `frees` has room.
            Some(unsafe {
                match vectors {
                    1 => cross_sets::<1>(detected, at, west, free),
                    2 => cross_sets::<2>(detected, at, west, free),
                    3 => cross_sets::<3>(detected, at, west, free),
                    4 => cross_sets::<4>(detected, at, west, free),
                    5 => cross_sets::<5>(detected, at, west, free),
                    6 => cross_sets::<6>(detected, at, west, free),
                    7 => cross_sets::<7>(detected, at, west, free),
                    8 => cross_sets::<8>(detected, at, west, free),
                    _ => unreachable!("a crossing reads at most {CROSSING_CHUNKS} chunks"),
                }
            })
        }

        /// The pairs free of conflicts per class, over the first `V` vectors of `block`:
        /// for each set, its south-west placements' free half-boards kept in `frees`, then
        /// each north-west placement's against all of them, counting those that agree.
        ///
        /// # Safety
        ///
        /// The processor must have `$features`; `V` vectors of every plane of `block` from
        /// its real plane's first word on must be readable, and `frees` must have room for
        /// `V` vectors in `CROSSING_FORM` for each partner of the largest set of `west` (as
        /// `cross` checks and allocates).
        #[target_feature(enable = $features)]
        unsafe fn cross_sets<const V: usize>(
            _: Detected,
            block: Block<'_>,
            west: Crossing<'_>,
            frees: Frees,
        ) -> [u64; CLASSES] {
            // SAFETY: `cross` checked the real plane.
            let real = unsafe { block.vectors::<V>(block.real) };
            let mut sums = [zero(); CLASSES];
            for set in west.sets {
                // Not `map`: its closure, which does not inherit `$features`, is not
                // inlined (a call a set cost `count 16` 4% of its time).
                let [off, on] = set.lowers;
                let lowers = [
                    placements_in(west.lowers, off),
                    placements_in(west.lowers, on),
                ];
                // Partner `i` of the set at `i * frees.per_partner`: `cross` made room for the
                // most partners a set has, and the loops below stop at the set's.
                let of = |index: usize| frees.words.wrapping_add(index * frees.per_partner);
                // Not `flatten`: a loop a list, each as simple as the compiler makes.
                for (first, list) in [0, lowers[0].len()].into_iter().zip(lowers) {
                    for (index, partner) in (first..).zip(list) {
                        let mut free = real;
                        // SAFETY: `clear` clamps its planes.
                        unsafe { block.clear(&mut free, 1, partner.shared) };
                        // SAFETY: `V` vectors in `CROSSING_FORM` fit in a partner's words
                        // (`cross`).
                        unsafe { keep::<V, CROSSING_FORM>(of(index), &free) };
                    }
                }
                for (upper_flag, &range) in set.uppers.iter().enumerate() {
                    for upper in placements_in(west.uppers, range) {
                        let mut upper_free = real;
                        // SAFETY: `clear` clamps its planes.
                        unsafe { block.clear(&mut upper_free, 0, upper.shared) };
                        let upper_free = spread_all::<V, CROSSING_FORM>(&upper_free);
                        let mut index = 0;
                        for (class, lowers) in (upper_flag..).zip(lowers) {
                            if west.classes >> class & 1 == 0 {
                                index += lowers.len();
                                continue;
                            }
                            let mut sum = sums[class];
                            for lower in lowers {
                                // SAFETY: `V` vectors in `CROSSING_FORM` lie in a partner's words
                                // (`cross`).
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
        /// its entry of `lookups` for the side. Made only by `count_within` and `cross`,
        /// which check that every read stays in the planes.
        #[derive(Clone, Copy)]
        struct Block<'a> {
            planes: *const u64,
            first: usize,
            real: usize,
            lookups: &'a [Lookup; 2],
        }

        impl Block<'_> {
            /// The `V` vectors from word `start` on.
            ///
            /// # Safety
            ///
            /// The processor must have `$features`, and `V` vectors from word `start` on must
            /// lie within the planes.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn vectors<const V: usize>(self, start: usize) -> [Vector; V] {
                core::array::from_fn(|v| {
                    // SAFETY: `count` and `cross` checked that the vectors from any start
                    // they hand on lie within the planes.
                    unsafe { load(self.planes.add(start + v * VECTOR_WORDS)) }
                })
            }

            /// Clears from `free` the half-boards sharing a diagonal with the squares of
            /// `code`, a north-west placement (`side` 0) or a south-west one (1).
            ///
            /// # Safety
            ///
            /// The processor must have `$features`, and every plane the lookups name must hold `V`
            /// vectors from its block's first word on (as `count` and `cross` check).
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn clear<const V: usize>(self, free: &mut [Vector; V], side: usize, code: u64) {
                let lookup = &self.lookups[side];
                let mut clear_plane = |plane: *const u64| {
                    for v in 0..V {
                        // SAFETY: as for `vectors`: every entry of a lookup is a plane's
                        // block, and a pair's second nibble moves it at most 15 planes on,
                        // within the planes (`lookups`).
                        let held = unsafe { load(plane.add(v * VECTOR_WORDS)) };
                        free[v] = and_not(held, free[v]);
                    }
                };
                // Measured in docs/performance.md ("The join's constants").
                let pairs = lookup.pairs.min(8);
                if V <= CROSSING_CHUNKS * PER_CHUNK {
                    for row in 0..pairs {
                        let second = (code >> lookup.seconds[row] & 15) as usize;
                        let plane = lookup.planes[row][(code >> lookup.shifts[row] & 15) as usize];
                        clear_plane(plane.wrapping_add(second * lookup.step));
                    }
                    for row in pairs..lookup.rows.min(16) {
                        clear_plane(lookup.planes[row][(code >> lookup.shifts[row] & 15) as usize]);
                    }
                    return;
                }
                for row in 0..lookup.rows.min(16) {
                    let mut plane = lookup.planes[row][(code >> lookup.shifts[row] & 15) as usize];
                    if row < pairs {
                        let second = (code >> lookup.seconds[row] & 15) as usize;
                        plane = plane.wrapping_add(second * lookup.step);
                    }
                    clear_plane(plane);
                }
            }
        }

        /// Where the partners of a span keep their free half-boards for the chunks of a
        /// block: `per_partner` words from `(number - base) * per_partner` on, for numbers
        /// from `base` up to `base + last`. Made only by `count_within` and `cross`, which
        /// make room for them.
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
                // The clamp keeps reads sound; a group whose partner lies outside its span
                // would read another's half-boards (`Run::chunks` relies on none doing so).
                debug_assert!(
                    number.wrapping_sub(self.base) as usize <= self.last,
                    "partner {number} outside its span"
                );
                let index = (number.wrapping_sub(self.base) as usize).min(self.last);
                self.words.wrapping_add(index * self.per_partner)
            }
        }

        /// Stores the `V` vectors of `free` from `to` on, which must be writable, each
        /// [`split`] into `S`.
        ///
        /// # Safety
        ///
        /// The processor must have `$features`, and `V * S` vectors from `to` on must be
        /// writable.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn keep<const V: usize, const S: usize>(to: *mut u64, free: &[Vector; V]) {
            for (v, &vector) in free.iter().enumerate() {
                for (k, part) in split::<S>(vector).into_iter().enumerate() {
                    // SAFETY: the caller's promise: `V * S` vectors are writable.
                    unsafe { store(to.add((v * S + k) * VECTOR_WORDS), part) };
                }
            }
        }

        /// Each vector of `free` [`spread`] into `S`, as [`add_common`] reads a group's.
        #[inline]
        #[target_feature(enable = $features)]
        fn spread_all<const V: usize, const S: usize>(free: &[Vector; V]) -> [[Vector; S]; V] {
            let mut spread_free = [[zero(); S]; V];
            for (to, &from) in spread_free.iter_mut().zip(free) {
                *to = spread::<S>(from);
            }
            spread_free
        }

        /// `sum` plus, per lane, the half-boards free in both `upper_free` and the `V`
        /// vectors from `free` on, which must be readable, each as [`keep`] wrote it split
        /// into `S`.
        ///
        /// # Safety
        ///
        /// The processor must have `$features`, and `V * S` vectors from `free` on must be
        /// readable.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn add_common<const V: usize, const S: usize>(
            mut sum: Vector,
            free: *const u64,
            upper_free: &[[Vector; S]; V],
        ) -> Vector {
            // The ones of the pair's vectors summed narrow before they are widened; measured
            // in docs/performance.md ("The join's constants").
            let mut narrow = [zero(); 4];
            let joined = |[a, b, c, d]: [Vector; 4]| add_ones(add_ones(a, b), add_ones(c, d));
            // Indexed, not iterated, in loops of at most `UNROLLED` vectors: each loop is
            // then unrolled, and `narrow` and `upper_free` kept in registers. One loop of
            // 23 or 24 vectors was not, and its sums went through memory; measured in
            // docs/performance.md ("The join's constants").
            const UNROLLED: usize = 12;
            let mut add = |v: usize| {
                let mut lower = [zero(); S];
                for (k, lower) in lower.iter_mut().enumerate() {
                    // SAFETY: the caller's promise: `V * S` vectors are readable.
                    *lower = unsafe { load(free.add((v * S + k) * VECTOR_WORDS)) };
                }
                narrow[v % 4] = add_ones(narrow[v % 4], common_ones::<S>(upper_free[v], lower));
                if (v + 1) % NARROW_SUMS == 0 {
                    (sum, narrow) = (add64(sum, widen(joined(narrow))), [zero(); 4]);
                }
            };
            for v in 0..V.min(UNROLLED) {
                add(v);
            }
            for v in UNROLLED..V {
                add(v);
            }
            add64(sum, widen(joined(narrow)))
        }

        /// Writes, for each of `partners`, numbered from `first` on, that `marks` says a
        /// group reads, the half-boards of `V` vectors (whole chunks) of `block` that are
        /// free of its squares.
        ///
        /// # Safety
        ///
        /// The processor must have `$features`; `V` vectors of every plane of `block` from
        /// word `block.real + block.first` on must be readable, and `frees` must have room
        /// for `V` vectors for every partner numbered from `first` on (as `count` checks and
        /// allocates).
        #[target_feature(enable = $features)]
        unsafe fn fill<const V: usize>(
            block: Block<'_>,
            partners: &[Placement],
            first: u32,
            frees: Frees,
            marks: Marks<'_>,
        ) {
            // SAFETY: `count` checked the real plane.
            let real = unsafe { block.vectors::<V>(block.real + block.first) };
            let every = marks.marks.is_empty();
            for (index, partner) in (u64::from(first)..).zip(partners) {
                if !(every || marks.read(index)) {
                    continue;
                }
                let mut free = real;
                // SAFETY: `clear` clamps its planes.
                unsafe { block.clear(&mut free, 1, partner.shared) };
                // SAFETY: `V` vectors fit in a partner's words (`count`).
                unsafe { keep::<V, 1>(frees.of(index), &free) };
            }
        }

        /// The pairs free of conflicts per class, over the first `V` vectors (whole chunks)
        /// of `block`, the partners' free half-boards read from `frees`.
        ///
        /// # Safety
        ///
        /// The processor must have `$features`; `V` vectors of every plane of `block` from
        /// word `block.real + block.first` on must be readable, and `frees` must hold `V`
        /// vectors for every partner that `lowers` names (as `fill` wrote them for `count`).
        #[target_feature(enable = $features)]
        unsafe fn pass<const V: usize>(
            block: Block<'_>,
            groups: &[Group],
            lowers: &[u64],
            frees: Frees,
        ) -> [u64; CLASSES] {
            let mut sums = [zero(); CLASSES];
            for (index, group) in groups.iter().enumerate() {
                // The partners' numbers of a group a few on, fetched early (see
                // `GROUPS_AHEAD`).
                if let Some(ahead) = groups.get(index + GROUPS_AHEAD) {
                    let numbers = lowers.as_ptr().wrapping_add(ahead.start as usize);
                    _mm_prefetch::<_MM_HINT_T0>(numbers.cast());
                }
                // SAFETY: `count` checked the real plane, and `clear` clamps its planes.
                let mut upper_free = unsafe { block.vectors::<V>(block.real + block.first) };
                // SAFETY: as above: `clear` reads only planes it clamps to the block's.
                unsafe { block.clear(&mut upper_free, 0, group.upper) };
                let upper_free = spread_all::<V, 1>(&upper_free);
                // One loop over the group's partners, those of the next class also summed
                // apart; measured in docs/performance.md ("The join's constants").
                let split = (group.split - group.start) as usize;
                let partners = &lowers[group.start as usize..group.end as usize];
                let (mut all, mut next) = (zero(), zero());
                for (i, &lower) in partners.iter().enumerate() {
                    // SAFETY: `V` vectors lie in a partner's words (`count`).
                    let ones = unsafe { add_common(zero(), frees.of(lower), &upper_free) };
                    all = add64(all, ones);
                    next = add_if(next, ones, i >= split);
                }
                let class = group.class as usize;
                sums[class] = add64(sums[class], sub64(all, next));
                sums[class + 1] = add64(sums[class + 1], next);
            }
            sums.map(|sum| total(sum))
        }
    };
}

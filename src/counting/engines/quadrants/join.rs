//! The join: for each west half-board, how many east half-boards share none of its
//! diagonals, counted 512 at a time on bit-sliced tables.

use crate::counting::engines::quadrants::layout::{
    CHUNK, CLASSES, Crossing, KEYS, PerKey, Placement, Slices, SquarePlanes, WORDS, West,
};
use crate::counting::engines::quadrants::portable::{
    count_portable, cross_portable, transpose_portable,
};
use crate::counting::engines::quadrants::quadrant::{SetView, Values, join_all};
use core::ops::Range;

/// A few shared diagonals that north-west placements hold: the east half-boards of a long
/// table are put in buckets by which of them they hold, so that a west group (whose sieve
/// diagonals its north-west placement decides) reads only the buckets of half-boards free
/// of its sieve diagonals: every other half-board shares one with it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Sieve {
    /// A bit per sieve diagonal, the most often held first; none past the last.
    bits: [u64; SIEVE],
    /// The bits of a key: at most [`SIEVE`], keys below `1 << width`.
    width: usize,
}

/// Sieve diagonals at most, one bit of a key each.
pub(crate) const SIEVE: usize = KEYS.trailing_zeros() as usize;

/// Sieve diagonals whose keys order the half-boards within a bucket: a group reads a
/// bucket up to the last half-board free of them, reading a few more (those that hold a
/// later one and none of its own) rather than a chunk more per bucket.
const PREFIX_BITS: usize = 2;

/// Chunks a bucket of a table has on average, at least, where no vector kernel runs (see
/// [`bucket_chunks`]): each bucket starts on a chunk of its own, and each is a call of
/// the join, so that finer buckets would cost more than they spare (`QUEENS_SIMD=scalar
/// queens count 20 --engine quadrants --threads 1 --shard 3/20`: 4 took 1.00x the time, 2
/// 1.11x; AMD EPYC with AVX-512).
const BUCKET_CHUNKS: usize = 8;

/// Chunks a bucket of a table has on average, at least, for the kernel that joins here.
pub(crate) fn bucket_chunks() -> usize {
    #[cfg(target_arch = "x86_64")]
    if let Some(chunks) = crate::counting::engines::quadrants::kernels::bucket_chunks() {
        return chunks;
    }
    BUCKET_CHUNKS
}

/// The fewest chunks a table has for the join to fit a sieve to it ([`Sieve::fitted`]):
/// 512, a part of a streamed count (from n = 23), whose west groups are batched by every
/// bit of their keys. Against the subproblem's sieve, 6 whole steps of n = 24 took 0.56x
/// the time (one of them 0.20x), 8 others 0.75x; 30 steps of n = 22 and 20 of n = 23 the
/// same time (AMD EPYC Zen 4 with AVX-512).
pub(crate) const FITTED_FROM: usize = 512;

/// The ways a table's sort by sieve key interleaves (see `Table::sort_into_buckets`).
const SORT_WAYS: usize = 4;

/// The fewest chunks a table must have to be sorted by sieve key.
const SIEVE_FROM: usize = 4;

impl Sieve {
    /// The sieve of the first `width` of the `candidates` (by how often they are held,
    /// most first), `width` at most [`SIEVE`].
    pub(crate) fn new(candidates: &[u32], width: usize) -> Sieve {
        let width = width.min(SIEVE);
        let mut sieve = Sieve {
            width,
            ..Sieve::default()
        };
        for (bit, &diagonal) in sieve.bits[..width].iter_mut().zip(candidates) {
            *bit = 1 << diagonal;
        }
        sieve
    }

    /// The sieve of `width` of the diagonals `candidates` sets, chosen for one table: one
    /// at a time, each the one that, with those before it, leaves the fewest pairs to read
    /// of the sampled west diagonals `uppers` and east half-boards `halves` (a pair is read
    /// where the two hold no sieve diagonal in common). The sieve chosen for a whole
    /// subproblem reads 1.7x the pairs this does in the steps of n = 24 (28% against 16%
    /// with six diagonals; eight leave 11%).
    pub(crate) fn fitted(uppers: &[u64], halves: &[u64], candidates: u64, width: usize) -> Sieve {
        let width = width.min(SIEVE);
        let mut chosen = Vec::with_capacity(width);
        let (mut upper_keys, mut half_keys) =
            (vec![0usize; uppers.len()], vec![0usize; halves.len()]);
        let mut left = candidates;
        while chosen.len() < width && left != 0 {
            let bits = chosen.len() + 1;
            let mut best = (f64::INFINITY, 0);
            let mut rest = left;
            while rest != 0 {
                let d = rest.trailing_zeros();
                rest &= rest - 1;
                let read = read_pairs(
                    bits,
                    uppers
                        .iter()
                        .zip(&upper_keys)
                        .map(|(&u, &k)| k << 1 | (u >> d & 1) as usize),
                    halves
                        .iter()
                        .zip(&half_keys)
                        .map(|(&h, &k)| k << 1 | (h >> d & 1) as usize),
                );
                if read < best.0 {
                    best = (read, d);
                }
            }
            let d = best.1;
            left &= !(1 << d);
            chosen.push(d);
            for (key, &u) in upper_keys.iter_mut().zip(uppers) {
                *key = *key << 1 | (u >> d & 1) as usize;
            }
            for (key, &h) in half_keys.iter_mut().zip(halves) {
                *key = *key << 1 | (h >> d & 1) as usize;
            }
        }
        // Fewer candidates than bits: the key's low bits stay zero.
        Sieve::new(&chosen, width)
    }

    /// Which sieve diagonals `held` holds, the most often held one highest, in the sieve's
    /// width (the same number of steps whatever the sieve, so that tables sort without
    /// branches).
    #[inline]
    pub(crate) fn key(&self, held: u64) -> usize {
        let key = (self.bits.iter()).fold(0, |key, &bit| key << 1 | usize::from(held & bit != 0));
        key >> (SIEVE - self.width)
    }

    /// `key` kept in the top [`width`](Sieve::width) bits of a north-west placement's square
    /// code (4 bits a row, see [`square_code`]), or of an east placement's shared
    /// diagonals, which number at most `2 n - 2` (54 at n = 28): highest, so that the
    /// highest bits of a tag are those of its key, whatever the key's width.
    pub(crate) fn tag(&self, key: usize) -> u64 {
        (key as u64)
            .checked_shl(64 - self.width as u32)
            .unwrap_or(0)
    }

    /// The key of `bits` bits (the highest of the key's) that a tag keeps in `code`.
    #[inline]
    pub(crate) fn tagged(code: u64, bits: usize) -> usize {
        code.checked_shr(64 - bits as u32).unwrap_or(0) as usize
    }

    /// The bits of a key.
    pub(crate) fn width(&self) -> usize {
        self.width
    }
}

/// The pairs of `uppers` and `halves` (keys of `bits` bits each) that share no bit of
/// their keys: for each upper key, the halves whose keys lie within its complement, summed
/// over subsets first.
fn read_pairs(
    bits: usize,
    uppers: impl Iterator<Item = usize>,
    halves: impl Iterator<Item = usize>,
) -> f64 {
    let keys = 1 << bits;
    let (mut upper, mut within) = ([0f64; KEYS], [0f64; KEYS]);
    uppers.for_each(|key| upper[key] += 1.0);
    halves.for_each(|key| within[key] += 1.0);
    for bit in 0..bits {
        for key in 0..keys {
            if key >> bit & 1 == 1 {
                within[key] += within[key ^ 1 << bit];
            }
        }
    }
    (0..keys)
        .map(|key| upper[key] * within[(keys - 1) & !key])
        .sum()
}

/// The shared diagonals of each square of the west side, north-west quadrant first, each
/// numbered `row * cols + col` by its row among all the free rows. The join reads a plane
/// per square, the union of its diagonals' planes: a west queen costs it one load, not two
/// (and where planes of pairs of squares are made, two queens one load).
#[derive(Debug, Clone, Default)]
pub(crate) struct Squares {
    pub diagonals: Vec<u64>,
    /// Rows of the north-west quadrant, whose squares come first.
    pub norths: usize,
    pub cols: usize,
}

/// The most east half-boards a part of a table holds before it stops (give or take one
/// north-east placement's partners): some 34 MiB of planes at n = 28 with rows alone, 192
/// MiB with a plane per pair of squares.
pub(crate) const PART: usize = 1 << 20;

/// The most bytes a table's planes of squares may take for the join to take the west
/// half-boards' rows two at a time (a plane per pair of squares, `cols` times as many
/// planes as rows alone take): 1.08x to 1.2x faster at n = 18 to 20, the planes made once a
/// table and read by thousands of west half-boards. Enough for a whole part's up to n = 28:
/// against 8 MiB (parts from n = 23 on then took rows alone), 20 whole steps of n = 24
/// took 0.91x and 0.87x the time (two spreads of steps), a step of n = 28 timed for 120 s
/// 0.92x, `queens count 22 --shard 5/200 --threads 1` 0.98x and `count 20 --shard 3/20`
/// 0.96x (AMD EPYC with AVX-512), for up to 160 MiB more a thread (see
/// [`streamed_bytes`](super::sizing::streamed_bytes)).
pub(crate) const PAIRED_BYTES: usize = 200 << 20;

/// The fewest pairs of west placements a row choice lists for its table to be sorted by
/// sieve key: with fewer, the sort costs more than the chunks it spares them.
pub(crate) const SIEVE_PAIRS: usize = 2048;

/// The most partners a batch of a row choice's west half-boards lists before the join
/// reads the table for it (give or take one set of columns'): 64 MB of partner numbers,
/// about the most a choice of n = 24 lists; a choice of n = 26 lists up to some 50 million,
/// so that a thread's lists would take gigabytes from n = 27 without batches.
pub(crate) const WEST: usize = 1 << 23;

/// Where the next part of a table starts (a group of north-east placements and a
/// placement in it), and how many half-boards a part holds before it stops.
#[derive(Debug)]
pub(crate) struct Part {
    group: usize,
    upper: usize,
    limit: usize,
}

impl Part {
    /// The first part, of about `limit` half-boards.
    pub(crate) fn first(limit: usize) -> Part {
        Part {
            group: 0,
            upper: 0,
            limit,
        }
    }
}

/// About the east half-boards all the parts of a choice of rows hold, with placements of
/// `north` (holding `queens` queens) and `south` on `cols` columns: the pairs of placements
/// that agree, counted for every upper placement, or for evenly spaced ones where the
/// pairs are more than [`COUNTED_PAIRS`].
pub(crate) fn halves([north, south]: [SetView<'_>; 2], queens: u32, cols: usize) -> f64 {
    let all = (1 << cols) - 1;
    let groups = || {
        north
            .groups(queens, 0)
            .map(move |(cols, uppers)| (uppers, south.group(0, all ^ cols)))
    };
    let pairs: usize = groups()
        .map(|(uppers, lowers)| uppers.len() * lowers.len())
        .sum();
    let every = (pairs / COUNTED_PAIRS).max(1);
    groups()
        .map(|(uppers, lowers)| {
            let agreeing: usize = (uppers.iter().step_by(every))
                .map(|upper| {
                    let agree = |lower: &&Placement| lower.held & upper.held == 0;
                    lowers.iter().filter(agree).count()
                })
                .sum();
            let counted = uppers.len().div_ceil(every).max(1);
            agreeing as f64 * uppers.len() as f64 / counted as f64
        })
        .sum()
}

/// The sieve diagonals a key has where the tables are streamed: see `Solver::sieve_width`.
pub(crate) const STREAMED_SIEVE: usize = 8;

/// How a streamed count of a board of `n` joins: the east half-boards a part of a table
/// holds, the most bytes its planes of pairs of squares take, and the bits of its sieve
/// keys, where each thread counts steps of its own. [`PART`], [`PAIRED_BYTES`] and
/// [`STREAMED_SIEVE`], but at n = 26 four times the parts and [`SIEVE`] bits, so that
/// buckets keep their size while the sieve spares more: the same steps took 0.74x to 0.86x
/// the time (either alone 0.92x to 1.03x); at n = 24, 1.06x, at n = 27, 1.01x (Intel Xeon
/// with AVX-512). A thread's part then takes some 600 MiB (see
/// [`streamed_bytes`](super::sizing::streamed_bytes)). The cases of n = 28's middle cross
/// (see `Plan::cross`) have 12-wide quadrants, not 14: against these, ten of their steps
/// took 0.72x the time in the usual parts and keys (2^21 half-boards with 10 bits, 0.94x);
/// against 8 bits, 10 took 1.20x, 7 and 9 0.98x and 1.02x, parts of 2^19 and 2^21 0.98x
/// and 1.02x (AMD EPYC, Zen 4).
pub(crate) fn streamed_join(n: usize) -> (usize, usize, usize) {
    match n {
        26 => (PART << 2, PAIRED_BYTES << 2, SIEVE),
        _ => (PART, PAIRED_BYTES, STREAMED_SIEVE),
    }
}

/// The most pairs of placements [`halves`] tests, milliseconds of work: a choice of rows of
/// n = 26 has tens of millions.
const COUNTED_PAIRS: usize = 1 << 22;

/// The east half-boards of one choice of rows, bit-sliced: word `w` of plane `d` holds, for
/// half-boards `64 w..64 w + 64`, whether each holds shared diagonal `d`. The table is
/// padded to whole chunks; the next plane marks the real half-boards, and a plane per
/// square of [`Squares`] follows for each row the west half-boards fill. A long table is
/// in buckets by the highest bits of the half-boards' sieve keys, each from a chunk of its
/// own on.
#[derive(Default)]
pub(crate) struct Table {
    /// Real half-boards.
    pub len: usize,
    pub chunks: usize,
    pub planes: Vec<u64>,
    /// The bits of a sieve key, its highest, that choose a half-board's bucket, and the
    /// next ones, that order the half-boards within it.
    bits: usize,
    prefix: usize,
    /// The bits of the sieve keys the west groups reading the table are batched by (the
    /// highest of those the half-boards carry: see [`Sieve::tag`]).
    width: usize,
    /// Where each bucket starts, in chunks, and where the last ends.
    starts: PerKey<usize>,
    end: usize,
    /// Where the half-boards of each key (its bucket's bits and prefix's) end.
    ends: PerKey<usize>,
    halves: Values,
    /// Room to count the half-boards of each key as they are sorted, four ways.
    counts: PerKey<[usize; SORT_WAYS]>,
    sorted: Vec<u64>,
    diagonals: usize,
    squares: [SquarePlanes; 2],
    /// The planes of the squares of two rows taken together, from which their pairs'
    /// planes are made.
    pair: Vec<u64>,
}

impl Table {
    /// Bytes the table holds, its room for the next parts included.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        let words = self.planes.capacity() + self.sorted.capacity() + self.pair.capacity();
        (words + self.halves.capacity()) * size_of::<u64>()
    }

    /// Joins the next part of the east half-boards of placements of `north` (holding
    /// `queens` queens) and of `south`, on unmarked placements, on `cols` columns, from where
    /// `part` says; returns whether more parts follow. [`slice`](Table::slice) then makes
    /// the table the join reads.
    ///
    /// A part stops once it holds its limit of half-boards or more ([`PART`] in a count), so
    /// that a table's memory stays bounded however large the board.
    // Not inlined, so that it is profiled as one.
    #[inline(never)]
    pub(crate) fn fill(
        &mut self,
        [north, south]: [SetView<'_>; 2],
        queens: u32,
        part: &mut Part,
        cols: usize,
    ) -> bool {
        let all = (1 << cols) - 1;
        self.halves.clear();
        let mut more = false;
        for (cols, uppers) in north.groups(queens, 0).skip(part.group) {
            let lowers = south.group(0, all ^ cols);
            let uppers = &uppers[part.upper..];
            let joined = join_all(uppers, lowers, &mut self.halves, part.limit);
            if joined < uppers.len() {
                part.upper += joined;
                more = true;
                break;
            }
            part.group += 1;
            part.upper = 0;
        }
        self.len = self.halves.len();
        self.chunks = self.len.div_ceil(CHUNK);
        more
    }

    /// Bit-slices the half-boards [`fill`](Table::fill) joined into `diagonals` planes of
    /// shared diagonals, the plane of the real ones and the planes of `squares` in the north
    /// and south rows `west` of the west half-boards (rows two at a time where their planes
    /// take at most `paired_bytes`, [`PAIRED_BYTES`] in a count whose parts are whole); with
    /// a `sieve`, in buckets by sieve key first, as many as give each that many chunks on
    /// average (or none if the table is short).
    // Not inlined, so that it is profiled as one.
    #[inline(never)]
    pub(crate) fn slice(
        &mut self,
        diagonals: usize,
        sieve: Option<(usize, usize)>,
        (squares, west): (&Squares, [usize; 2]),
        paired_bytes: usize,
    ) {
        let chunks = self.len.div_ceil(CHUNK);
        (self.bits, self.prefix) = match sieve {
            Some((bucket_chunks, width)) if chunks >= SIEVE_FROM && width >= PREFIX_BITS => {
                self.width = width;
                let bits = (chunks / bucket_chunks).max(1).ilog2() as usize;
                let bits = bits.min(width - PREFIX_BITS);
                (bits, PREFIX_BITS)
            }
            _ => (0, 0),
        };
        let halves = match self.bits + self.prefix {
            0 => {
                (self.starts[0], self.end, self.ends[0]) = (0, chunks, self.len);
                self.halves.padded(64)
            }
            _ => {
                self.sort_into_buckets();
                &self.sorted[..self.end * CHUNK]
            }
        };
        self.chunks = self.end;
        #[cfg(test)]
        noted::buckets(1 << self.bits);
        let words = self.chunks * WORDS;
        let (cols, norths) = (squares.cols, squares.norths);
        let sides = |pairs| {
            let upper = SquarePlanes::with_pairs(diagonals + 1, west[0], cols, pairs);
            let lower_first = diagonals + 1 + upper.planes();
            [
                upper,
                SquarePlanes::with_pairs(lower_first, west[1], cols, pairs),
            ]
        };
        let paired = sides(true);
        let bytes = (paired[0].planes() + paired[1].planes()) * words * 8;
        let sides = match bytes <= paired_bytes {
            true => paired,
            false => sides(false),
        };
        let squares_len = sides[0].planes() + sides[1].planes();
        let padding = sides[0].padding().max(sides[1].padding());
        let planes = diagonals + 1 + squares_len + padding;
        // Only the words no half-board reaches are cleared: the rest are written, not
        // cleared first and then written (clearing whole tables cost 5% at n = 19).
        match self.planes.len() < planes * words {
            // Exactly: a part's planes of pairs of squares take up to 190 MiB (n = 28), and
            // room for twice as many would last a thread's count through.
            true => {
                self.planes
                    .reserve_exact(planes * words - self.planes.len());
                self.planes.resize(planes * words, 0);
            }
            false => self.planes.truncate(planes * words),
        }
        let transposed = halves.len() / 64;
        transpose(halves, diagonals, &mut self.planes, words);
        for plane in self.planes[..diagonals * words].chunks_exact_mut(words.max(1)) {
            plane[transposed..].fill(0);
        }
        let (held, squares_planes) = self.planes.split_at_mut((diagonals + 1) * words);
        let real = &mut held[diagonals * words..];
        real.fill(0);
        for bucket in 0..1 << self.bits {
            let start = self.starts[bucket] * CHUNK;
            let count = self.ends[last_key(bucket, self.prefix)] - start;
            let real = &mut real[start / 64..];
            real[..count / 64].fill(u64::MAX);
            if !count.is_multiple_of(64) {
                real[count / 64] = (1 << (count % 64)) - 1;
            }
        }
        // Each square's plane is the union of its diagonals' planes: written in place for
        // rows taken alone, kept aside for those taken in pairs, whose planes are made
        // from them. A chunk's words at a time (`or`), which the compiler writes as a few
        // vector instructions, not a loop of words.
        let square_plane = |square: usize, plane: &mut [u64]| {
            for (chunk, to) in plane.as_chunks_mut::<WORDS>().0.iter_mut().enumerate() {
                let (mut union, mut on) = ([0; WORDS], squares.diagonals[square]);
                while on != 0 {
                    let from = &held[on.trailing_zeros() as usize * words + chunk * WORDS..];
                    on &= on - 1;
                    union = or(&union, from.first_chunk().expect("a chunk of the plane"));
                }
                *to = union;
            }
        };
        let rows = west[0] | west[1] << norths;
        let mut used = (0..usize::BITS as usize).filter(|row| rows >> row & 1 == 1);
        let (squares_planes, padded) = squares_planes.split_at_mut(squares_len * words);
        padded.fill(0);
        let mut out = squares_planes.chunks_exact_mut(words.max(1));
        self.pair.resize(2 * cols * words, 0);
        for side in &sides {
            for _ in side.pairs() {
                for (i, row) in used.by_ref().take(2).enumerate() {
                    let rows = self.pair[i * cols * words..].chunks_exact_mut(words.max(1));
                    for (col, plane) in rows.take(cols).enumerate() {
                        square_plane(row * cols + col, plane);
                    }
                }
                let (first, second) = self.pair.split_at(cols * words);
                for a in first.chunks_exact(words.max(1)) {
                    for b in second.chunks_exact(words.max(1)) {
                        let plane = out.next().expect("a plane per pair of squares");
                        let words = plane.as_chunks_mut::<WORDS>().0.iter_mut();
                        for ((to, a), b) in words.zip(a.as_chunks().0).zip(b.as_chunks().0) {
                            *to = or(a, b);
                        }
                    }
                }
            }
            for row in used.by_ref().take(side.singles().count()) {
                for col in 0..cols {
                    square_plane(row * cols + col, out.next().expect("a plane per square"));
                }
            }
        }
        self.diagonals = diagonals;
        self.squares = sides;
    }

    /// Copies the half-boards to `sorted` by key (a counting sort by the highest
    /// [`bits`](Table::bits) and [`prefix`](Table::prefix) bits of the sieve key each
    /// carries), each bucket from a chunk of its own on, noting where each key ends. Four
    /// ways interleaved, each with its own counts and its own place in each key's run: runs
    /// of one key then make four chains of increments, not one.
    #[inline]
    fn sort_into_buckets(&mut self) {
        const WAYS: usize = SORT_WAYS;
        let keys: usize = 1 << (self.bits + self.prefix);
        let key = |half: u64| Sieve::tagged(half, self.bits + self.prefix);
        let halves = self.halves.as_slice();
        // Counts, then starts, of each key's half-boards, four ways to a key: only the keys
        // in use are cleared (clearing room for every key cost 0.6% of `count 18`).
        let counts = &mut self.counts;
        counts[..keys].fill([0; WAYS]);
        for (index, &half) in halves.iter().enumerate() {
            counts[key(half) % KEYS][index % WAYS] += 1;
        }
        let mut end = 0usize;
        for k in 0..keys {
            // A bucket's first key starts it on a chunk of its own.
            if k.trailing_zeros() as usize >= self.prefix {
                end = end.next_multiple_of(CHUNK);
                self.starts[k >> self.prefix] = end / CHUNK;
            }
            for count in &mut counts[k] {
                (*count, end) = (end, end + *count);
            }
            self.ends[k] = end;
        }
        let starts = counts;
        self.end = end.div_ceil(CHUNK);
        let padded = self.end * CHUNK;
        if self.sorted.len() < padded {
            self.sorted.resize(padded, 0);
        }
        // Padding, up to each bucket's next chunk, is no half-board: zero, and not marked
        // real.
        let sorted = &mut self.sorted[..padded];
        for bucket in 0..1 << self.bits {
            let end = self.ends[last_key(bucket, self.prefix)];
            sorted[end..end.next_multiple_of(CHUNK)].fill(0);
        }
        for (index, &half) in halves.iter().enumerate() {
            let start = &mut starts[key(half) % KEYS][index % WAYS];
            sorted[*start] = half;
            *start += 1;
        }
    }
}

impl Table {
    /// Tags each half-board with its key by `sieve` (for a table whose own sieve was
    /// [fitted](Sieve::fitted) to it), over the key the placements' tags gave it.
    pub(crate) fn retag(&mut self, sieve: &Sieve) {
        let diagonals = u64::MAX >> SIEVE;
        for half in self.halves.as_mut_slice() {
            *half = *half & diagonals | sieve.tag(sieve.key(*half & diagonals));
        }
    }

    /// Up to `most` of the half-boards, evenly spread: a sample to fit a sieve to.
    pub(crate) fn sample(&self, most: usize) -> impl Iterator<Item = u64> + '_ {
        let halves = self.halves.as_slice();
        halves
            .iter()
            .step_by(halves.len().div_ceil(most).max(1))
            .map(|&half| half & (u64::MAX >> SIEVE))
    }

    /// The table as the join reads it, from chunk `from` on.
    pub(crate) fn slices(&self, from: usize) -> Slices<'_> {
        Slices {
            planes: &self.planes,
            stride: self.chunks * WORDS,
            from,
            diagonals: self.diagonals,
            uppers: &self.squares[0],
            lowers: &self.squares[1],
        }
    }

    /// The buckets that hold half-boards: each one's number and chunks.
    pub(crate) fn buckets(&self) -> impl Iterator<Item = (usize, Range<usize>)> + '_ {
        (0..1 << self.bits)
            .map(|b| {
                (
                    b,
                    self.starts[b]..self.ends[last_key(b, self.prefix)].div_ceil(CHUNK),
                )
            })
            .filter(|(_, chunks)| !chunks.is_empty())
    }

    /// The chunks of bucket `bucket` that west groups of sieve key `key` read: none if
    /// its half-boards hold a sieve diagonal of the key's that chooses buckets, else those
    /// up to the last half-board free of the key's diagonals that order the bucket.
    pub(crate) fn reads(&self, bucket: usize, key: usize) -> usize {
        let key = key >> (self.width - self.bits - self.prefix);
        let (high, low) = (key >> self.prefix, key & ((1 << self.prefix) - 1));
        match high & bucket {
            0 => {
                let free = bucket << self.prefix | (!low & ((1 << self.prefix) - 1));
                (self.ends[free] - self.starts[bucket] * CHUNK).div_ceil(CHUNK)
            }
            _ => 0,
        }
    }
}

/// The words of a chunk of `a` or of `b`.
#[inline]
fn or(a: &[u64; WORDS], b: &[u64; WORDS]) -> [u64; WORDS] {
    core::array::from_fn(|w| a[w] | b[w])
}

/// The last key of bucket `bucket` of a table whose buckets are ordered by `prefix` bits.
fn last_key(bucket: usize, prefix: usize) -> usize {
    ((bucket + 1) << prefix) - 1
}

/// Bit-slices `halves` (a multiple of 64) into the first `diagonals` planes of `words`
/// words each (at least `halves.len() / 64`).
fn transpose(halves: &[u64], diagonals: usize, planes: &mut [u64], words: usize) {
    // Each plane holds a word per 64 half-boards: more would spill into the next plane.
    assert!(halves.len() <= words * 64 && planes.len() >= diagonals * words);
    #[cfg(target_arch = "x86_64")]
    if crate::counting::engines::quadrants::kernels::transpose(halves, diagonals, planes, words) {
        return;
    }
    transpose_portable(halves, diagonals, planes, words);
}

/// For each class, the number of (west, east) pairs of half-boards that share no diagonal,
/// the west ones from `west`, the east ones from `table`; `frees` is room the join reuses.
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(unused_variables, reason = "room for the x86-64 vector kernels")
)]
pub(crate) fn count(table: Slices<'_>, west: West<'_>, frees: &mut Vec<u64>) -> [u64; CLASSES] {
    #[cfg(target_arch = "x86_64")]
    if let Some(sums) = crate::counting::engines::quadrants::kernels::count(table, west, frees) {
        return sums;
    }
    count_portable(table, west)
}

/// The most chunks of a table for which [`cross`] pays over listing the pairs that agree:
/// a few where a vector kernel tests a pair in a few instructions, none on 64-bit words.
pub(crate) fn crossing_chunks() -> usize {
    #[cfg(target_arch = "x86_64")]
    return crate::counting::engines::quadrants::kernels::crossing_chunks();
    #[cfg(not(target_arch = "x86_64"))]
    0
}

/// For each class, the number of (west, east) pairs of half-boards that share no diagonal,
/// the west ones crossed by `west`, the east ones from `table`, of at most
/// [`CROSSING_CHUNKS`](super::layout::CROSSING_CHUNKS) chunks; `frees` is room the join
/// reuses.
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(unused_variables, reason = "room for the x86-64 vector kernels")
)]
pub(crate) fn cross(table: Slices<'_>, west: Crossing<'_>, frees: &mut Vec<u64>) -> [u64; CLASSES] {
    #[cfg(target_arch = "x86_64")]
    if let Some(sums) = crate::counting::engines::quadrants::kernels::cross(table, west, frees) {
        return sums;
    }
    cross_portable(table, west)
}

/// What the join did on this thread, for tests that check it was done: the most buckets a
/// table was put in, and the tables given a sieve of their own.
#[cfg(test)]
pub(crate) mod noted {
    use std::cell::Cell;

    thread_local! {
        static MOST_BUCKETS: Cell<usize> = const { Cell::new(0) };
        static FITTED: Cell<usize> = const { Cell::new(0) };
    }

    pub(super) fn buckets(buckets: usize) {
        MOST_BUCKETS.set(MOST_BUCKETS.get().max(buckets));
    }

    pub(crate) fn fitted() {
        FITTED.set(FITTED.get() + 1);
    }

    /// The most buckets since the last call.
    pub(crate) fn most_buckets() -> usize {
        MOST_BUCKETS.replace(0)
    }

    /// The tables given a sieve of their own since the last call.
    pub(crate) fn fitted_tables() -> usize {
        FITTED.replace(0)
    }
}

#[cfg(test)]
mod fitting {
    use super::{Sieve, read_pairs};

    /// Keys from a small generator, `bits` bits each.
    fn keys(seed: u64, len: usize, bits: usize) -> Vec<usize> {
        let mut state = seed;
        (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 40) as usize & ((1 << bits) - 1)
            })
            .collect()
    }

    #[test]
    fn read_pairs_counts_the_pairs_sharing_no_bit() {
        for bits in 0..=8 {
            let (uppers, halves) = (keys(1, 300, bits), keys(2, 500, bits));
            let pairs = uppers
                .iter()
                .flat_map(|&u| halves.iter().filter(move |&&h| u & h == 0))
                .count();
            let read = read_pairs(bits, uppers.iter().copied(), halves.iter().copied());
            assert_eq!(read, pairs as f64, "{bits} bits");
        }
    }

    #[test]
    fn a_fitted_sieve_takes_the_diagonals_that_spare_the_most_pairs() {
        // Diagonal 3 is held by every upper and half the halves; 5 by half of each; 7 by
        // every half: 3 spares the most pairs, then 5; 7 none, since no upper holds it.
        let uppers: Vec<u64> = (0..64).map(|i| 1 << 3 | (i & 1) << 5).collect();
        let halves: Vec<u64> = (0..64)
            .map(|i| 1 << 7 | (i & 1) << 3 | (i >> 1 & 1) << 5)
            .collect();
        let sieve = Sieve::fitted(&uppers, &halves, 1 << 3 | 1 << 5 | 1 << 7, 2);
        assert_eq!(sieve.key(1 << 3), 0b10);
        assert_eq!(sieve.key(1 << 5), 0b01);
        assert_eq!(sieve.key(1 << 7), 0);
        // Candidates only: diagonal 3 left out, 5 comes first.
        let sieve = Sieve::fitted(&uppers, &halves, 1 << 5 | 1 << 7, 2);
        assert_eq!(sieve.key(1 << 3), 0);
        assert_eq!(sieve.key(1 << 5), 0b10);
    }
}

//! The table a choice of rows' east half-boards are joined from: filled in parts, sorted
//! into the sieve's buckets and bit-sliced into planes.

use core::ops::Range;

use super::join::Squares;
use super::layout::{CHUNK, KEYS, PerKey, Slices, SquarePlanes, WORDS};
use super::portable::transpose_portable;
use super::quadrant::{SetView, Values, join_all};
use super::sieve::{SIEVE, Sieve};

/// Sieve diagonals whose keys order the half-boards within a bucket: a group reads a
/// bucket up to the last half-board free of them, reading a few more (those that hold a
/// later one and none of its own) rather than a chunk more per bucket.
const PREFIX_BITS: usize = 2;

/// Chunks a bucket of a table has on average, at least, where no vector kernel runs (see
/// [`bucket_chunks`]): each bucket starts on a chunk of its own, and each is a call of the
/// join; measured in docs/performance.md ("The join's constants").
const BUCKET_CHUNKS: usize = 8;

/// Chunks a bucket of a table has on average, at least, for the kernel that joins here.
pub(crate) fn bucket_chunks() -> usize {
    #[cfg(target_arch = "x86_64")]
    if let Some(chunks) = crate::counting::engines::quadrants::kernels::bucket_chunks() {
        return chunks;
    }
    BUCKET_CHUNKS
}

/// The ways a table's sort by sieve key interleaves (see `Table::sort_into_buckets`).
const SORT_WAYS: usize = 4;

/// The fewest chunks a table must have to be sorted by sieve key.
pub(super) const SIEVE_FROM: usize = 4;

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
    /// shared diagonals, the plane of the real ones and the planes of the squares in the
    /// west half-boards' rows (rows two at a time where their planes take at most
    /// `paired_bytes`, [`PAIRED_BYTES`] in a count whose parts are whole); with a `sieve`,
    /// in buckets by sieve key first, as many as give each that many chunks on average (or
    /// none if the table is short).
    // Not inlined, so that it is profiled as one.
    #[inline(never)]
    pub(crate) fn slice(
        &mut self,
        diagonals: usize,
        sieve: Option<(usize, usize)>,
        west: WestRows<'_>,
        paired_bytes: usize,
    ) {
        let chunks = self.len.div_ceil(CHUNK);
        self.choose_buckets(chunks, sieve);
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
        let sides = west.sides(diagonals, words, paired_bytes);
        let squares_len = sides[0].planes() + sides[1].planes();
        let padding = sides[0].padding().max(sides[1].padding());
        let planes = diagonals + 1 + squares_len + padding;
        // Only the words no half-board reaches are cleared: the rest are written, not
        // cleared first and then written.
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
        let (held, real) = held.split_at_mut(diagonals * words);
        mark_real(real, self.bits, |bucket| {
            let start = self.starts[bucket] * CHUNK;
            (start, self.ends[last_key(bucket, self.prefix)] - start)
        });
        let (squares_planes, padded) = squares_planes.split_at_mut(squares_len * words);
        padded.fill(0);
        let planes = SquaresOut {
            held: Held {
                planes: held,
                words,
            },
            pair: &mut self.pair,
        };
        planes.write(&west, &sides, squares_planes);
        self.diagonals = diagonals;
        self.squares = sides;
    }

    /// The bits of the sieve keys that choose a half-board's bucket and order it within, for
    /// a table of `chunks` chunks: none without a `sieve` (its chunks a bucket, its width)
    /// or for a short table.
    fn choose_buckets(&mut self, chunks: usize, sieve: Option<(usize, usize)>) {
        (self.bits, self.prefix) = match sieve {
            Some((bucket_chunks, width)) if chunks >= SIEVE_FROM && width >= PREFIX_BITS => {
                self.width = width;
                let bits = (chunks / bucket_chunks).max(1).ilog2() as usize;
                let bits = bits.min(width - PREFIX_BITS);
                (bits, PREFIX_BITS)
            }
            _ => (0, 0),
        };
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

/// The squares of the west half-boards' rows that a table's planes of squares are made
/// for: the shared diagonals of each square, and the north and south rows the west
/// half-boards fill.
#[derive(Clone, Copy)]
pub(crate) struct WestRows<'a> {
    pub(crate) squares: &'a Squares,
    pub(crate) rows: [usize; 2],
}

impl WestRows<'_> {
    /// The planes of squares of each side, after `diagonals` planes of diagonals and the
    /// plane of the real half-boards: rows two at a time where those planes, of `words`
    /// words each, take at most `paired_bytes`.
    fn sides(&self, diagonals: usize, words: usize, paired_bytes: usize) -> [SquarePlanes; 2] {
        let cols = self.squares.cols;
        let sides = |pairs| {
            let upper = SquarePlanes::with_pairs(diagonals + 1, self.rows[0], cols, pairs);
            let lower_first = diagonals + 1 + upper.planes();
            [
                upper,
                SquarePlanes::with_pairs(lower_first, self.rows[1], cols, pairs),
            ]
        };
        let paired = sides(true);
        let bytes = (paired[0].planes() + paired[1].planes()) * words * 8;
        match bytes <= paired_bytes {
            true => paired,
            false => sides(false),
        }
    }
}

/// Marks the real half-boards in plane `real`: of each of the `1 << bits` buckets, the
/// `count` from `start` that `bucket` gives.
fn mark_real(real: &mut [u64], bits: usize, bucket: impl Fn(usize) -> (usize, usize)) {
    real.fill(0);
    for bucket in (0..1 << bits).map(bucket) {
        let (start, count) = bucket;
        let real = &mut real[start / 64..];
        real[..count / 64].fill(u64::MAX);
        if !count.is_multiple_of(64) {
            real[count / 64] = (1 << (count % 64)) - 1;
        }
    }
}

/// What the planes of squares are made from: the planes of the diagonals (`held`, of
/// `words` words each), and room for the planes of two rows' squares (`pair`).
struct SquaresOut<'a> {
    held: Held<'a>,
    pair: &'a mut Vec<u64>,
}

/// The planes of a table's diagonals, of `words` words each.
#[derive(Clone, Copy)]
struct Held<'a> {
    planes: &'a [u64],
    words: usize,
}

impl SquaresOut<'_> {
    /// Writes the planes of the squares of `west`'s rows into `out`, side by side as `sides`
    /// lays them out. Each square's plane is the union of its diagonals' planes: written in
    /// place for rows taken alone, kept aside for those taken in pairs, whose planes are
    /// made from them.
    fn write(self, west: &WestRows<'_>, sides: &[SquarePlanes; 2], out: &mut [u64]) {
        let (held, words, cols) = (self.held, self.held.words, west.squares.cols);
        let rows = west.rows[0] | west.rows[1] << west.squares.norths;
        let mut used = (0..usize::BITS as usize).filter(|row| rows >> row & 1 == 1);
        let mut out = out.chunks_exact_mut(words.max(1));
        self.pair.resize(2 * cols * words, 0);
        for side in sides {
            for _ in side.pairs() {
                for (i, row) in used.by_ref().take(2).enumerate() {
                    let rows = self.pair[i * cols * words..].chunks_exact_mut(words.max(1));
                    for (col, plane) in rows.take(cols).enumerate() {
                        held.square_plane(west.squares, row * cols + col, plane);
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
                    let plane = out.next().expect("a plane per square");
                    held.square_plane(west.squares, row * cols + col, plane);
                }
            }
        }
    }
}

impl Held<'_> {
    /// The plane of `square`, the union of its diagonals' planes: a chunk's words at a time
    /// (`or`), which the compiler writes as a few vector instructions, not a loop of words.
    #[inline]
    fn square_plane(&self, squares: &Squares, square: usize, plane: &mut [u64]) {
        let words = self.words;
        for (chunk, to) in plane.as_chunks_mut::<WORDS>().0.iter_mut().enumerate() {
            let (mut union, mut on) = ([0; WORDS], squares.diagonals[square]);
            while on != 0 {
                let from = &self.planes[on.trailing_zeros() as usize * words + chunk * WORDS..];
                on &= on - 1;
                union = or(&union, from.first_chunk().expect("a chunk of the plane"));
            }
            *to = union;
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
    if crate::counting::engines::quadrants::kernels::transpose(halves, diagonals, planes, words)
        .is_some()
    {
        return;
    }
    transpose_portable(halves, diagonals, planes, words);
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

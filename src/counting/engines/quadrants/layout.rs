//! How the join's tables lie in memory: what the vector kernels and the portable code read.
//! The kernels know this layout; nothing here knows the kernels.

#![cfg_attr(
    not(target_arch = "x86_64"),
    allow(
        dead_code,
        reason = "the cuts and runs of partners and the squares' rows are read by the x86-64 vector kernels only"
    )
)]

/// Half-boards per chunk of a bit-sliced table: one 512-bit vector per shared diagonal.
pub(crate) const CHUNK: usize = 512;
/// 64-bit words per chunk.
pub(crate) const WORDS: usize = CHUNK / 64;

/// Queens in some rows of a quadrant, one per row and at most one per column, none
/// attacking another or a fixed queen.
///
/// `repr(C)`: the vector join reads a slice of placements as pairs of words.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C)]
pub(crate) struct Placement {
    /// Its diagonals on which a queen of the other quadrant of its side could stand: rising
    /// ones from bit 0, falling ones from bit 32 (see `Joinable`).
    pub held: u64,
    /// What the join reads of it (see [`Record`]): its diagonals that the other side's
    /// squares lie on too (see [`Shared`]), or its squares.
    pub shared: u64,
}

/// How a south-west placement records a queen on row `row` and column `col` of its
/// quadrant (indices into its row and column lists): a nibble per row, holding one more
/// than the column of the row's queen (0: no queen there). Rows and columns are below 15.
pub(crate) fn square_code(row: usize, col: usize) -> u64 {
    (col as u64 + 1) << (4 * row)
}

/// Where the join finds the planes of the squares of placements of one side (north-west or
/// south-west) that fill rows `rows`: for each row, the shift of its nibble in a
/// [`square_code`] and the plane just before the row's first square. Rows may be taken two
/// at a time, the first ones: a plane per pair of their squares (the union of the two
/// squares' planes), so that a placement costs the join one load per two queens.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SquarePlanes {
    rows: [(u32, u32); 16],
    len: usize,
    /// How many of the rows, from the first, are taken two at a time (an even number).
    paired: usize,
    /// Columns per row.
    pub cols: usize,
}

/// Planes past a table's last that a join reading pairs of squares keeps, so that any
/// nibble of a pair's second row lands in the planes (see [`SquarePlanes::padding`]).
pub(crate) const PAIR_PADDING: usize = 16;

impl SquarePlanes {
    /// Square planes from plane `first` on, for rows `rows` (bits into the quadrant's rows,
    /// at most 16) on `cols` columns: if `pairs`,
    /// `cols * cols` for each two rows in turn (the plane of squares `a` and `b`, numbered
    /// from 0, at `a * cols + b`), then `cols` for a row left over; else `cols` a row.
    pub(crate) fn with_pairs(first: usize, rows: usize, cols: usize, pairs: bool) -> SquarePlanes {
        let mut planes = SquarePlanes {
            cols,
            ..SquarePlanes::default()
        };
        let filled = (rows & 0xffff).count_ones() as usize;
        planes.paired = if pairs { filled & !1 } else { 0 };
        let mut next = first;
        for row in (0..16).filter(|row| rows >> row & 1 == 1) {
            let at = planes.len;
            // A pair's first row: the plane before its squares with the second row's
            // first column, a row of `cols` planes per column of the first.
            let before = match at < planes.paired && at % 2 == 1 {
                true => 0,
                false => next - 1,
            };
            planes.rows[at] = (4 * row as u32, before as u32);
            next += match (at < planes.paired, at % 2) {
                (true, 0) => cols * cols,
                (true, _) => 0,
                (false, _) => cols,
            };
            planes.len += 1;
        }
        planes
    }

    /// How many planes the squares take.
    pub(crate) fn planes(&self) -> usize {
        self.paired / 2 * self.cols * self.cols + (self.len - self.paired) * self.cols
    }

    /// Planes past the table's last this side needs: [`PAIR_PADDING`] if it takes rows in
    /// pairs (the kernels add a pair's second nibble times a plane's words to the plane its
    /// first one finds, unchecked), else none.
    pub(crate) fn padding(&self) -> usize {
        if self.paired > 0 { PAIR_PADDING } else { 0 }
    }

    /// For each pair of rows taken together, the shifts of the two rows' nibbles and the
    /// plane before the squares of the first row's first column: the square of columns
    /// `a` and `b` (nibbles, from 1) is at `before + (a - 1) * cols + b`.
    #[inline]
    pub(crate) fn pairs(&self) -> impl Iterator<Item = ([u32; 2], u32)> + '_ {
        self.rows[..self.paired]
            .chunks_exact(2)
            .map(|pair| ([pair[0].0, pair[1].0], pair[0].1))
    }

    /// For each row taken alone, the shift of its nibble and the plane just before its
    /// first square.
    #[inline]
    pub(crate) fn singles(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.rows[self.paired..self.len].iter().copied()
    }

    /// The planes of the squares of `code`, a placement filling the rows: one a pair of
    /// rows, then one a row left alone.
    #[inline]
    pub(crate) fn of(&self, code: u64) -> impl Iterator<Item = usize> + '_ {
        let nibble = move |shift: u32| (code >> shift & 15) as usize;
        let pairs = self.pairs().map(move |([a, b], before)| {
            before as usize + (nibble(a).wrapping_sub(1)).wrapping_mul(self.cols) + nibble(b)
        });
        pairs.chain(
            self.singles()
                .map(move |(shift, before)| before as usize + nibble(shift)),
        )
    }
}

/// A bit-sliced table as the join reads it: planes of `stride` words each: `diagonals`
/// planes of diagonals, the plane marking the real half-boards, and the planes of the
/// squares of the north-west placements (`uppers`) and the south-west ones (`lowers`).
/// The join reads its chunks from chunk `from` on (a bucket's, where the table is in
/// buckets by sieve key).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Slices<'a> {
    pub planes: &'a [u64],
    pub stride: usize,
    pub from: usize,
    pub diagonals: usize,
    pub uppers: &'a SquarePlanes,
    pub lowers: &'a SquarePlanes,
}

impl<'a> Slices<'a> {
    /// The first `words` words of plane `index`, from chunk `from` on.
    pub(crate) fn plane(&self, index: usize, words: usize) -> &'a [u64] {
        &self.planes[index * self.stride + self.from * WORDS..][..words]
    }
}

/// West half-boards that share a north-west quadrant: its squares (as [`square_code`]
/// records them), and its south-west partners, `lowers[start..end]` of [`West`]; those
/// before `split` counting in weight class `class`, the others in the next class.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Group {
    pub upper: u64,
    pub start: u32,
    pub split: u32,
    pub end: u32,
    pub class: u32,
}

/// Classes of weight a group may count in: by how many longest diagonals it holds.
pub(crate) const CLASSES: usize = 3;

/// The west half-boards of one row choice as the join reads them.
///
/// Each south-west placement is a partner of many groups, so the join clears its squares
/// from the table once per placement, not once per group: a group then reads one word of
/// half-boards per partner, whatever its number of queens.
#[derive(Debug, Clone, Copy)]
pub(crate) struct West<'a> {
    /// Batches of groups, each with how many chunks of the table its groups read.
    pub batches: &'a [(usize, &'a [Group])],
    /// The partners of the groups, numbered run after run of `runs`.
    pub lowers: &'a [u64],
    /// The south-west placements of the row choice.
    pub partners: &'a [Placement],
    /// The runs of `partners` that `lowers` numbers.
    pub runs: &'a [Run],
    /// How many partners the runs number: none from `numbered` on.
    pub numbered: usize,
    /// Where each set of columns of the north-west placements ends, in the runs, the
    /// numbers and each batch: the join keeps the partners' results of a few column sets
    /// at a time.
    pub cuts: &'a [Cut],
    /// Where each batch's groups end at each cut: a number per batch, cut after cut (kept
    /// apart from the cuts, so that a cut takes room for the batches a row choice has, not
    /// for every key).
    pub cut_groups: &'a [u32],
    /// For each partner numbered, a bit for each batch of the groups that list it, as
    /// [`Run::batches`] marks batches. Empty: every partner is filled; measured in
    /// docs/performance.md ("The join's constants").
    pub marks: &'a [u64],
}

/// Batches of groups at most: one per sieve key (see `Sieve`), of up to 10 bits: up to 8 to
/// choose a table's bucket, 2 to order it; measured in docs/performance.md ("The join's
/// constants").
pub(crate) const KEYS: usize = 1024;

/// A value per sieve key.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PerKey<T>(pub [T; KEYS]);

impl<T: Default> Default for PerKey<T> {
    fn default() -> Self {
        PerKey(core::array::from_fn(|_| T::default()))
    }
}

impl<T> core::ops::Deref for PerKey<T> {
    type Target = [T; KEYS];
    fn deref(&self) -> &[T; KEYS] {
        &self.0
    }
}

impl<T> core::ops::DerefMut for PerKey<T> {
    fn deref_mut(&mut self) -> &mut [T; KEYS] {
        &mut self.0
    }
}

/// Where the runs and numbers of a set of columns end (see [`West::cuts`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Cut {
    pub runs: u32,
    pub numbered: u32,
}

/// A run of partners: placements `start..end`, numbered from `first` on, that groups of the
/// batches in the bit set `batches` read: a bit per batch, or, where there are more than
/// 64, per as many batches in a row as make 64 bits (a bit a word does not spare a run's
/// partners the chunks of its neighbours' groups, but marking each of 256 keys took
/// `count 18` 1.9% more instructions).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Run {
    pub start: u32,
    pub end: u32,
    pub first: u32,
    pub batches: u64,
}

impl Run {
    /// The chunks the run's partners are read for: the most its batches' groups read, by
    /// [`Span::reads`].
    #[inline]
    pub(crate) fn chunks(&self, reads: &[usize; 64]) -> usize {
        let (mut most, mut set) = (0, self.batches);
        while set != 0 {
            most = most.max(reads[set.trailing_zeros() as usize]);
            set &= set - 1;
        }
        most
    }
}

impl<'a> West<'a> {
    /// The most chunks any group reads.
    pub(crate) fn chunks(&self) -> usize {
        most_chunks(self.batches)
    }

    /// The spans the join takes in turn: as many sets of columns at a time as keep their
    /// partners' results within `budget` chunks (each partner's up to [`West::chunks`]),
    /// those of one large set alone; spans with no partner or no group to read are skipped.
    pub(crate) fn spans(self, budget: usize) -> impl Iterator<Item = Span<'a>> {
        let most = self.chunks();
        let keys = self.batches.len();
        let start = Cut::default();
        let (mut from, mut next) = (None::<usize>, 0);
        std::iter::from_fn(move || {
            while next < self.cuts.len() {
                let from_cut = from.map_or(&start, |at| &self.cuts[at]);
                let from_groups = |key| from.map_or(0, |at| self.cut_groups[at * keys + key]);
                let mut to = next;
                while self.cuts.get(to + 1).is_some_and(|cut| {
                    (cut.numbered.saturating_sub(from_cut.numbered) as usize) * most <= budget
                }) {
                    to += 1;
                }
                let cut = &self.cuts[to];
                let batches: Vec<(usize, &[Group])> = (self.batches.iter().enumerate())
                    .map(|(key, &(chunks, groups))| {
                        let end = self.cut_groups[to * keys + key];
                        let range = from_groups(key) as usize..end as usize;
                        (chunks, groups.get(range).unwrap_or(&[]))
                    })
                    .collect();
                let span = Span {
                    reads: reads_by_bit(&batches),
                    base: from_cut.numbered,
                    partners: cut.numbered.saturating_sub(from_cut.numbered) as usize,
                    chunks: most_chunks(&batches),
                    runs: (self.runs.get(from_cut.runs as usize..cut.runs as usize)).unwrap_or(&[]),
                    batches,
                };
                (from, next) = (Some(to), to + 1);
                if span.partners > 0 && span.chunks > 0 {
                    return Some(span);
                }
            }
            None
        })
    }
}

impl Span<'_> {
    /// The batches (bits as [`Run::batches`] marks them) of which some group reads chunks
    /// past its first `first`.
    pub(crate) fn batches_reading(&self, first: usize) -> u64 {
        (self.reads.iter().zip(0..)).fold(0, |read, (&chunks, bit)| {
            read | u64::from(chunks > first) << bit
        })
    }
}

/// For each bit of [`Run::batches`], the most chunks a group of its batches reads
/// (batches with no group in the span count for none).
fn reads_by_bit(batches: &[(usize, &[Group])]) -> [usize; 64] {
    let per_bit = batches.len().div_ceil(64).max(1);
    let mut reads = [0; 64];
    for (read, batches) in reads.iter_mut().zip(batches.chunks(per_bit)) {
        *read = (batches.iter())
            .filter(|(_, groups)| !groups.is_empty())
            .fold(0, |most, &(chunks, _)| most.max(chunks));
    }
    reads
}

/// The partners a block of the join reads: those whose marks (see [`West::marks`]) hold a
/// batch it reads, or all where no partner is marked.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Marks<'a> {
    pub marks: &'a [u64],
    pub read: u64,
}

impl Marks<'_> {
    /// Whether the partner numbered `number` is read.
    #[inline]
    pub(crate) fn read(self, number: u64) -> bool {
        self.marks
            .get(number as usize)
            .is_none_or(|&marks| marks & self.read != 0)
    }
}

/// The most chunks a group of `batches` reads.
fn most_chunks(batches: &[(usize, &[Group])]) -> usize {
    batches
        .iter()
        .filter(|(_, groups)| !groups.is_empty())
        .map(|&(chunks, _)| chunks)
        .max()
        .unwrap_or(0)
}

/// The west half-boards between two cuts ([`West::spans`]), whose partners' results the
/// join keeps at once.
#[derive(Debug)]
pub(crate) struct Span<'a> {
    /// For each bit of [`Run::batches`], the most chunks a group of the span in its
    /// batches reads (a run's groups all lie in its span: cuts fall between sets of
    /// columns). Worked out once a span, not for each run in each block: that took most
    /// of `count_within`'s 7.5% of steps of n = 24 (Intel Xeon with AVX-512).
    pub reads: [usize; 64],
    /// The number of its first partner.
    pub base: u32,
    /// How many partners it numbers.
    pub partners: usize,
    /// The most chunks a group of it reads.
    pub chunks: usize,
    /// Its runs of partners.
    pub runs: &'a [Run],
    /// Its groups of each batch, with how many chunks they read.
    pub batches: Vec<(usize, &'a [Group])>,
}

/// The most chunks a table may have for the join to take its west half-boards by
/// [`Crossing`], with any kernel: beyond, testing every pair costs more than listing those
/// that agree (each kernel crosses up to its own bound, at most this).
pub(crate) const CROSSING_CHUNKS: usize = 4;

/// The west half-boards of one row choice, unlisted: for each set of columns, every
/// north-west placement on it against every south-west placement on the others, the pairs
/// that agree (`held` sharing no bit) counting in the class of their two flags.
///
/// Where a table is a few chunks, as for nearly every row choice up to n = 17, this spares
/// the join listing the pairs (see [`West`]), which costs more than testing them all.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Crossing<'a> {
    /// The north-west placements of the row choice.
    pub uppers: &'a [Placement],
    /// The south-west placements of the row choice.
    pub lowers: &'a [Placement],
    /// The sets of columns of the north-west placements that have some.
    pub sets: &'a [ColumnSet],
    /// The classes that count, as a bit set: pairs in others are skipped.
    pub classes: u32,
}

/// A set of columns: where its north-west placements of each flag lie in
/// [`Crossing::uppers`], and the south-west placements of each flag on the other columns
/// in [`Crossing::lowers`].
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ColumnSet {
    pub uppers: [(u32, u32); 2],
    pub lowers: [(u32, u32); 2],
}

impl ColumnSet {
    /// The pairs of its north-west and south-west placements, agreeing or not.
    pub(crate) fn pairs(&self) -> u64 {
        let len = |ranges: [(u32, u32); 2]| -> u64 {
            ranges
                .iter()
                .map(|&(start, end)| u64::from(end - start))
                .sum()
        };
        len(self.uppers) * len(self.lowers)
    }
}

/// The placements of `placements` in `range`, as [`ColumnSet`] gives it.
pub(crate) fn placements_in(placements: &[Placement], (start, end): (u32, u32)) -> &[Placement] {
    &placements[start as usize..end as usize]
}

impl Crossing<'_> {
    /// The most south-west placements a set has: the partners a pass keeps at a time.
    pub(crate) fn most_lowers(&self) -> usize {
        self.sets
            .iter()
            .map(|set| {
                set.lowers
                    .iter()
                    .map(|&(start, end)| (end - start) as usize)
                    .sum()
            })
            .max()
            .unwrap_or(0)
    }
}

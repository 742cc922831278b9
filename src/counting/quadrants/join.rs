//! The join: for each west half-board, how many east half-boards share none of its
//! diagonals, counted 512 at a time on bit-sliced tables.

use super::quadrant::{Side, Values};

/// Half-boards per chunk of a bit-sliced table: one 512-bit vector per shared diagonal.
pub(crate) const CHUNK: usize = 512;
const WORDS: usize = CHUNK / 64;

/// A few shared diagonals that only north-west placements hold among the west ones: the
/// east half-boards are sorted by which of them they hold, so that a west group (whose
/// sieve diagonals its north-west placement decides) reads only the front of the table,
/// where the half-boards free of its sieve diagonals are.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Sieve {
    diagonals: [u32; SIEVE],
    len: usize,
}

/// Sieve diagonals at most: sorting by more leaves chunks too small to pay.
const SIEVE: usize = 3;
/// The fewest chunks a table must have to be sorted by sieve key.
const SIEVE_FROM: usize = 4;
/// Keys of the sieve: which of its diagonals a half-board holds.
pub(super) const KEYS: usize = 1 << SIEVE;

impl Sieve {
    /// The sieve of the `candidates` (by how often they are held, most first).
    pub fn new(candidates: &[u32]) -> Sieve {
        let mut sieve = Sieve::default();
        for &diagonal in candidates.iter().take(SIEVE) {
            sieve.diagonals[sieve.len] = diagonal;
            sieve.len += 1;
        }
        sieve
    }

    /// Which sieve diagonals `held` holds, the most often held one highest.
    pub fn key(&self, held: u64) -> usize {
        let mut key = 0;
        for &diagonal in &self.diagonals[..self.len] {
            key = key << 1 | (held >> diagonal & 1) as usize;
        }
        key << (SIEVE - self.len)
    }

    /// The largest key free of the sieve diagonals of `key`: every half-board with a larger
    /// key shares one with it.
    pub fn free_of(key: usize) -> usize {
        !key & (KEYS - 1)
    }
}

/// The east half-boards of one choice of rows, bit-sliced: word `w` of plane `d` holds, for
/// half-boards `64 w..64 w + 64`, whether each holds shared diagonal `d`. The table is
/// padded to whole chunks; a last plane marks the real half-boards. Half-boards are in the
/// order of their sieve keys.
#[derive(Default)]
pub(super) struct Table {
    /// Real half-boards.
    pub len: usize,
    pub chunks: usize,
    pub planes: Vec<u64>,
    /// Where the half-boards of each sieve key end.
    ends: [usize; KEYS],
    halves: Values,
    sorted: Vec<u64>,
}

impl Table {
    /// Fills the table with the half-boards of `side` whose queens stand in north rows
    /// `north` and south rows `south` (bits into the quadrants' row lists), on unmarked
    /// placements, holding `diagonals` shared diagonals.
    #[inline(never)]
    pub fn fill(
        &mut self,
        side: &Side,
        north: usize,
        south: usize,
        diagonals: usize,
        sieve: &Sieve,
    ) {
        let all = (1 << side.cols) - 1;
        self.halves.clear();
        for (cols, uppers) in side.north.groups(north, 0) {
            let lowers = side.south.group(south, 0, all ^ cols);
            for upper in uppers {
                upper.join(lowers, upper.shared, u64::MAX, &mut self.halves);
            }
        }
        self.len = self.halves.len();
        self.chunks = self.len.div_ceil(CHUNK);
        let words = self.chunks * WORDS;
        // A counting sort by sieve key, for tables long enough to gain by it.
        let sieve = if self.chunks >= SIEVE_FROM {
            *sieve
        } else {
            Sieve::default()
        };
        let mut starts = [0; KEYS + 1];
        for &half in self.halves.as_slice() {
            starts[sieve.key(half) + 1] += 1;
        }
        for key in 0..KEYS {
            starts[key + 1] += starts[key];
        }
        self.ends.copy_from_slice(&starts[1..]);
        self.sorted.clear();
        self.sorted.resize(words * 64, 0);
        for &half in self.halves.as_slice() {
            let key = sieve.key(half);
            self.sorted[starts[key]] = half;
            starts[key] += 1;
        }
        self.planes.clear();
        self.planes.resize((diagonals + 1) * words, 0);
        transpose(&self.sorted, diagonals, &mut self.planes);
        let real = &mut self.planes[diagonals * words..];
        real[..self.len / 64].fill(u64::MAX);
        if !self.len.is_multiple_of(64) {
            real[self.len / 64] = (1 << (self.len % 64)) - 1;
        }
    }
}

impl Table {
    /// The table as the join reads it for west groups of sieve key `key`: the chunks up to
    /// the last half-board free of the key's sieve diagonals.
    pub fn slices(&self, key: usize) -> Slices<'_> {
        Slices {
            planes: &self.planes,
            stride: self.chunks * WORDS,
            chunks: self.ends[Sieve::free_of(key)].div_ceil(CHUNK),
        }
    }
}

/// A bit-sliced table as the join reads it: planes of `stride` words each (the last one
/// marking the real half-boards), of which the first `chunks` chunks are read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Slices<'a> {
    pub planes: &'a [u64],
    pub stride: usize,
    pub chunks: usize,
}

/// Bit-slices `halves` (a whole number of chunks) into the first `diagonals` planes.
fn transpose(halves: &[u64], diagonals: usize, planes: &mut [u64]) {
    #[cfg(target_arch = "x86_64")]
    if crate::counting::kernels::join::transpose(halves, diagonals, planes) {
        return;
    }
    transpose_portable(halves, diagonals, planes);
}

/// [`transpose`] bit by bit, for any processor; `planes` must be zero.
pub(crate) fn transpose_portable(halves: &[u64], diagonals: usize, planes: &mut [u64]) {
    let words = halves.len() / 64;
    for (w, block) in halves.chunks_exact(64).enumerate() {
        for (bit, &half) in block.iter().enumerate() {
            let mut held = half & ((1u128 << diagonals) - 1) as u64;
            while held != 0 {
                planes[held.trailing_zeros() as usize * words + w] |= 1 << bit;
                held &= held - 1;
            }
        }
    }
}

/// West half-boards that share a north-west quadrant: its shared diagonals, the shared
/// diagonals of each south-west partner (`lowers[start..end]` of the batch), and the
/// weight class they count in.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Group {
    pub upper: u64,
    pub start: u32,
    pub end: u32,
    pub class: u32,
}

/// Classes of weight a group may count in: by how many longest diagonals it holds.
pub(crate) const CLASSES: usize = 3;

/// For each class, the number of (west, east) pairs of half-boards that share no diagonal,
/// the west ones from `groups` over `lowers`, the east ones from `table`.
pub(super) fn count(table: Slices<'_>, groups: &[Group], lowers: &[u64]) -> [u64; CLASSES] {
    #[cfg(target_arch = "x86_64")]
    if let Some(sums) = crate::counting::kernels::join::count(table, groups, lowers) {
        return sums;
    }
    count_portable(table, groups, lowers)
}

/// [`count`] on 64-bit words, for any processor.
pub(crate) fn count_portable(
    table: Slices<'_>,
    groups: &[Group],
    lowers: &[u64],
) -> [u64; CLASSES] {
    let Slices {
        planes,
        stride,
        chunks,
    } = table;
    let words = chunks * WORDS;
    let mut sums = [0; CLASSES];
    let (mut upper_free, mut free) = (vec![0u64; words], vec![0u64; words]);
    let real = &planes[planes.len() - stride..][..words];
    for group in groups {
        upper_free.copy_from_slice(real);
        and_not_planes(&mut upper_free, planes, stride, group.upper);
        for &lower in &lowers[group.start as usize..group.end as usize] {
            free.copy_from_slice(&upper_free);
            and_not_planes(&mut free, planes, stride, lower);
            sums[group.class as usize] +=
                free.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
        }
    }
    sums
}

/// Clears from `free` the half-boards that hold any diagonal of `diagonals`.
fn and_not_planes(free: &mut [u64], planes: &[u64], stride: usize, mut diagonals: u64) {
    while diagonals != 0 {
        let plane = &planes[diagonals.trailing_zeros() as usize * stride..][..free.len()];
        diagonals &= diagonals - 1;
        for (word, &held) in free.iter_mut().zip(plane) {
            *word &= !held;
        }
    }
}

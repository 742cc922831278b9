//! The join: for each west half-board, how many east half-boards share none of its
//! diagonals, counted 512 at a time on bit-sliced tables.

use super::quadrant::{Side, Values};

/// Half-boards per chunk of a bit-sliced table: one 512-bit vector per shared diagonal.
pub(crate) const CHUNK: usize = 512;
const WORDS: usize = CHUNK / 64;

/// The east half-boards of one choice of rows, bit-sliced: word `w` of plane `d` holds, for
/// half-boards `64 w..64 w + 64`, whether each holds shared diagonal `d`. The table is
/// padded to whole chunks; a last plane marks the real half-boards.
#[derive(Default)]
pub(super) struct Table {
    /// Real half-boards.
    pub len: usize,
    pub chunks: usize,
    pub planes: Vec<u64>,
    halves: Values,
}

impl Table {
    /// Fills the table with the half-boards of `side` whose queens stand in north rows
    /// `north` and south rows `south` (bits into the quadrants' row lists), on unmarked
    /// placements, holding `diagonals` shared diagonals.
    #[inline(never)]
    pub fn fill(&mut self, side: &Side, north: usize, south: usize, diagonals: usize) {
        let all = (1 << side.cols) - 1;
        self.halves.clear();
        for (cols, uppers) in side.north.groups(north, 0) {
            let lowers = side.south.group(south, 0, all ^ cols);
            for upper in uppers {
                let shared = upper.shared;
                upper.join(lowers, move |lower| shared | lower.shared, &mut self.halves);
            }
        }
        self.len = self.halves.len();
        self.chunks = self.len.div_ceil(CHUNK);
        let words = self.chunks * WORDS;
        self.halves.room(words * 64 - self.len).fill(0);
        self.planes.clear();
        self.planes.resize((diagonals + 1) * words, 0);
        transpose(self.halves.padded(words * 64), diagonals, &mut self.planes);
        let real = &mut self.planes[diagonals * words..];
        real[..self.len / 64].fill(u64::MAX);
        if !self.len.is_multiple_of(64) {
            real[self.len / 64] = (1 << (self.len % 64)) - 1;
        }
    }
}

/// Bit-slices `halves` (a whole number of chunks) into the first `diagonals` planes.
fn transpose(halves: &[u64], diagonals: usize, planes: &mut [u64]) {
    #[cfg(target_arch = "x86_64")]
    if crate::counting::kernels::join::transpose(halves, diagonals, planes) {
        return;
    }
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
pub(super) fn count(table: &Table, groups: &[Group], lowers: &[u64]) -> [u64; CLASSES] {
    #[cfg(target_arch = "x86_64")]
    if let Some(sums) =
        crate::counting::kernels::join::count(table.chunks, &table.planes, groups, lowers)
    {
        return sums;
    }
    count_portable(table.chunks, &table.planes, groups, lowers)
}

/// [`count`] on 64-bit words, for any processor.
pub(crate) fn count_portable(
    chunks: usize,
    planes: &[u64],
    groups: &[Group],
    lowers: &[u64],
) -> [u64; CLASSES] {
    let words = chunks * WORDS;
    let mut sums = [0; CLASSES];
    let (mut upper_free, mut free) = (vec![0u64; words], vec![0u64; words]);
    let real = &planes[planes.len() - words..];
    for group in groups {
        upper_free.copy_from_slice(real);
        and_not_planes(&mut upper_free, planes, words, group.upper);
        for &lower in &lowers[group.start as usize..group.end as usize] {
            free.copy_from_slice(&upper_free);
            and_not_planes(&mut free, planes, words, lower);
            sums[group.class as usize] +=
                free.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
        }
    }
    sums
}

/// Clears from `free` the half-boards that hold any diagonal of `diagonals`.
fn and_not_planes(free: &mut [u64], planes: &[u64], words: usize, mut diagonals: u64) {
    while diagonals != 0 {
        let plane = &planes[diagonals.trailing_zeros() as usize * words..][..words];
        diagonals &= diagonals - 1;
        for (word, &held) in free.iter_mut().zip(plane) {
            *word &= !held;
        }
    }
}

//! The join: for each west half-board, how many east half-boards share none of its
//! diagonals, counted 512 at a time on bit-sliced tables.

use super::layout::{CLASSES, Crossing, Placement, Slices, West};
use super::portable::{count_portable, cross_portable};
use super::quadrant::SetView;
use super::sieve::SIEVE;

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
/// planes as rows alone take). Enough for a whole part's up to n = 28; measured in
/// docs/performance.md ("The join's constants").
pub(crate) const PAIRED_BYTES: usize = 200 << 20;

/// The fewest pairs of west placements a row choice lists for its table to be sorted by
/// sieve key: with fewer, the sort costs more than the chunks it spares them.
pub(crate) const SIEVE_PAIRS: usize = 2048;

/// The most partners a batch of a row choice's west half-boards lists before the join
/// reads the table for it (give or take one set of columns'): 64 MB of partner numbers,
/// about the most a choice of n = 24 lists; a choice of n = 26 lists up to some 50 million,
/// so that a thread's lists would take gigabytes from n = 27 without batches.
pub(crate) const WEST: usize = 1 << 23;

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
/// buckets keep their size while the sieve spares more; a thread's part then takes some 600
/// MiB (see [`streamed_bytes`](super::sizing::streamed_bytes)). Measured in
/// docs/performance.md ("The join's constants").
pub(crate) fn streamed_join(n: usize) -> (usize, usize, usize) {
    match n {
        26 => (PART << 2, PAIRED_BYTES << 2, SIEVE),
        _ => (PART, PAIRED_BYTES, STREAMED_SIEVE),
    }
}

/// The most pairs of placements [`halves`] tests, milliseconds of work: a choice of rows of
/// n = 26 has tens of millions.
const COUNTED_PAIRS: usize = 1 << 22;

/// For each class, the number of (west, east) pairs of half-boards that share no diagonal,
/// the west ones from `west`, the east ones from `table`; `frees` is room the join reuses.
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(
        unused_variables,
        clippy::ptr_arg,
        reason = "room for the x86-64 vector kernels, which grow it"
    )
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
    allow(
        unused_variables,
        clippy::ptr_arg,
        reason = "room for the x86-64 vector kernels, which grow it"
    )
)]
pub(crate) fn cross(table: Slices<'_>, west: Crossing<'_>, frees: &mut Vec<u64>) -> [u64; CLASSES] {
    #[cfg(target_arch = "x86_64")]
    if let Some(sums) = crate::counting::engines::quadrants::kernels::cross(table, west, frees) {
        return sums;
    }
    cross_portable(table, west)
}

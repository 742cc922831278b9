//! How much memory the join needs, and where it keeps its placements: whole tables, or
//! only the sets of rows each subproblem reads.

use super::join::{PART, STREAMED_SIEVE, streamed_join};
use super::sieve::SIEVE;
use crate::counting::contract::memory;
use crate::error::{Advice, Error};

/// The largest board the join takes: at n = 28 a quadrant's diagonals (27 of each
/// direction) pack into 32 bits, its square codes (14 rows) and the 54 shared diagonals
/// leave the sieve's tag its top bits, and Q(28) < 2^64; Q(29) is not.
pub(crate) const MAX_N: usize = 28;

// A sieve key's tag lies above an east placement's shared diagonals (at most `2 MAX_N - 2`);
// above a north-west placement's square code (4 bits a row) only a sieve narrow enough for
// its rows tags them (see `Solver::tag_width`).
const _: () = assert!(2 * MAX_N - 2 + SIEVE <= 64);

/// The largest board whose whole tables [`table_bytes`] knows.
pub(super) const TABLES_UP_TO: usize = 22;

/// Bytes the tables of one case of board size `n` take (the whole board's for even `n`,
/// the center case's, the largest, for odd `n`): four quadrants, each an offset per group
/// and 16 bytes per placement. Placements grow about 8-fold per two rows; the
/// `table_bytes_are_the_tables_built` test checks every figure.
pub(crate) fn table_bytes(n: usize) -> u64 {
    const MEASURED: [u64; TABLES_UP_TO + 1] = [
        0,
        0,
        0,
        0,
        784,
        720,
        2_800,
        2_640,
        11_984,
        11_024,
        48_336,
        43_792,
        230_096,
        199_952,
        1_040_080,
        875_920,
        6_081_424,
        4_778_960,
        33_988_976,
        25_219_664,
        260_072_592,
        181_266_384,
        1_877_409_392,
    ];
    MEASURED.get(n).copied().unwrap_or(u64::MAX)
}

/// Bytes a count of `n` on `threads` threads needs with whole tables: the tables, shared
/// by the threads, and the larger of what building them takes besides (each quadrant's
/// largest set of rows as it is grouped, and the north-west placements' sieve keys: 21% of
/// the tables at n = 18, 24% at 20 and 29% at 22, by the peak of `count N --threads 1`) and
/// each thread's table of east half-boards and their lists (an eighth of the tables, or a
/// streamed count's room a thread where that is more).
pub(crate) fn memory_needed(n: usize, threads: usize) -> u64 {
    let tables = table_bytes(n);
    let building = tables / 8 * 3;
    let thread = (tables / 8).max(streamed_bytes(n)[2]);
    tables.saturating_add(building.max(thread.saturating_mul(threads as u64)))
}

/// The most memory a count of the join takes where `--memory` does not allow more
/// ([`Counter::memory`](crate::counting::Counter::memory)): what one process may take on
/// all the cores of a cluster's node. Past it, the threads count each step of a subproblem
/// together, in smaller batches ([`Storage::Together`]).
pub(crate) const PROCESS_MEMORY: u64 = 4 << 30;

/// Bytes a count of `n` on `threads` threads needs when each subproblem builds the sets of
/// rows it reads and each thread counts steps of its own ([`Storage::Streamed`]): once a
/// process, the largest north row sets a subproblem builds at a time (the threads share
/// them, each counting steps of the subproblem), twice over for the moment they are being
/// built; and per thread, a step's south row sets (twice over too), its batch of west
/// half-boards (at most about [`WEST`] partners, with their groups) and its part of a table
/// (at most about [`PART`] half-boards, four times as many at n = 26, with a plane
/// per pair of squares: see [`PAIRED_BYTES`]).
///
/// Measured from the largest subproblem of each even n (`streamed_bytes_hold_the_row_sets_built`
/// checks n = 22, and 24 to 28 by hand), which bounds the odd n below it; below n = 22 the
/// figures halve per n.
///
/// [`WEST`]: super::join::WEST
/// [`PAIRED_BYTES`]: super::join::PAIRED_BYTES
pub(crate) fn streamed_needed(n: usize, threads: usize) -> u64 {
    let [north, south, room] = streamed_bytes(n);
    north.saturating_add(south.saturating_add(room).saturating_mul(threads as u64))
}

/// Bytes a count of `n` on `threads` threads needs when they count each step together
/// ([`Storage::Together`]) with batches and parts halved `halvings` times: the north row
/// sets and one step's south row sets once a process, and each thread's batch of west
/// half-boards and part of a table.
pub(crate) fn together_needed(n: usize, threads: usize, halvings: u32) -> u64 {
    // In a count's usual parts and keys (see `Solver::new`).
    let usual = (PART, 0, STREAMED_SIEVE);
    let [north, south, room] = streamed_bytes_in(n, usual);
    // Lists, parts and their pairs' planes shrink with their batches where they reach
    // them (the largest boards'); smaller boards' lists stay under a halved batch for a
    // few halvings. A batch runs past its size by one set of columns' partners, which does
    // not shrink: at most some 1.5 MB at n = 28 by the growth of the largest lists
    // (an estimate; n = 22 and 24 are measured), twice over while its list grows.
    const PAST_A_BATCH: u64 = 4 << 20;
    let room = match halvings {
        0 => room,
        h => room.min((streamed_bytes_in(MAX_N, usual)[2] >> h) + PAST_A_BATCH),
    };
    north
        .saturating_add(south)
        .saturating_add(room.saturating_mul(threads as u64))
}

/// The bytes a streamed count of a board of `n` holds once a process (its north row sets),
/// once a step (its south row sets) and once a thread besides (its west lists and part of
/// a table).
pub(super) fn streamed_bytes(n: usize) -> [u64; 3] {
    streamed_bytes_in(n, streamed_join(n))
}

/// [`streamed_bytes`] for a count joining as `join` says (its parts' half-boards, and the
/// bits of its keys: see `streamed_join`).
fn streamed_bytes_in(n: usize, join: (usize, usize, usize)) -> [u64; 3] {
    const MIB: u64 = 1 << 20;
    // From n = 22, in MiB: the north sets a subproblem builds at a time (all of its own:
    // 8.6, 48.2 and 282 MB at n = 22, 24 and 26; one of them at n = 27 and 28: 467 MB, the
    // largest found), doubled; a step's south sets (0.9, 4.6 and 26 MB, about 150 at n = 28
    // by the same growth) doubled; its west lists (58 MB at n = 24, a batch's 134 MB past
    // it) and a table's part of `PART` half-boards (see `TABLE_PART_MIB`).
    const MEASURED: [[u64; 3]; 4] = [
        [18, 2, 130],
        [96, 10, 216],
        [544, 52, 321],
        [1024, 300, 371],
    ];
    match n {
        0..22 => MEASURED[0].map(|mib| (mib * MIB) >> (22 - n).min(20)),
        // An odd board's quadrants are a row and a column smaller than the next even one's.
        22..=MAX_N => {
            let even = (n - 21) / 2;
            let [north, south, room] = MEASURED[even];
            // Larger parts (see `streamed_join`) take as many times the planes, and the
            // half-boards, 8 bytes each, twice over (sorted by sieve key); wider keys,
            // lists of groups for four times the keys (245 MiB at n = 26 against 134).
            let (part, _, bits) = join;
            let parts = (part / PART) as u64;
            let halves = (2 * PART * size_of::<u64>()) as u64 / MIB;
            let wider = if bits > STREAMED_SIEVE { 128 } else { 0 };
            let room = room + (parts - 1) * (TABLE_PART_MIB[even] + halves) + wider;
            [north, south, room].map(|mib| mib * MIB)
        }
        _ => [u64::MAX; 3],
    }
}

/// The most MiB the planes of a part of [`PART`] half-boards take at n = 22, 24, 26 and
/// 28 (an odd board: the next even one's), with a plane per pair of squares: counted from
/// the planes such a part has, 68 to 159 MiB more than its planes of squares alone.
pub(super) const TABLE_PART_MIB: [u64; 4] = [90, 124, 146, 192];

/// The most times [`Storage::Together`] halves its batches and parts to fit: 64 times
/// smaller, a thread's lists and part take some 7 MiB at n = 28 (see
/// [`together_needed`]), and a part still holds thousands of half-boards.
pub(super) const MOST_HALVINGS: u32 = 6;

/// How a count of `n` on `threads` threads keeps its placements within `limit` bytes (or
/// [`PROCESS_MEMORY`]) and the memory available (where the operating system says how much
/// that is): see [`storage_within`].
pub(crate) fn storage(n: usize, threads: usize, limit: Option<u64>) -> Result<Storage, Error> {
    let limit = limit.unwrap_or(PROCESS_MEMORY);
    storage_within(
        n,
        threads,
        memory::available().map_or(limit, |free| free.min(limit)),
    )
}

/// How a count of `n` on `threads` threads keeps its placements within `bytes`: the whole
/// tables where they fit, else only what each subproblem reads, each thread counting steps
/// of its own where that fits, else all of them counting each step together, in batches
/// as large as fit; or an error if not even that fits, rather than swap or be killed.
pub(super) fn storage_within(n: usize, threads: usize, bytes: u64) -> Result<Storage, Error> {
    let halvings = 0..=MOST_HALVINGS;
    let choices = (n <= TABLES_UP_TO)
        .then_some(Storage::Tables)
        .into_iter()
        .chain([Storage::Streamed])
        .chain(halvings.map(|halvings| Storage::Together { halvings }));
    let mut least = None;
    for storage in choices {
        let needed = needed(n, threads, storage);
        if needed <= bytes {
            return Ok(storage);
        }
        least = Some(needed);
    }
    let advice: &'static [Advice] = match threads {
        1 => &[Advice::ConstellationEngine],
        _ => &[Advice::FewerThreads, Advice::ConstellationEngine],
    };
    fits(least.unwrap_or(u64::MAX), Some(bytes), advice).map(|()| Storage::Streamed)
}

/// Bytes a count of `n` on `threads` threads needs with `storage`.
pub(crate) fn needed(n: usize, threads: usize, storage: Storage) -> u64 {
    match storage {
        Storage::Tables => memory_needed(n, threads),
        Storage::Streamed => streamed_needed(n, threads),
        Storage::Together { halvings } => together_needed(n, threads, halvings),
    }
}

/// How many of `threads` a plan's sample of `n` times steps on at once within `limit`
/// bytes (or [`PROCESS_MEMORY`]): each thread builds the north row sets of the subproblem
/// it times, which a count's threads share, so a sample on many threads would need many
/// times a count's memory (two at n = 27 and 28, 1.7 GiB each).
pub(crate) fn sample_threads(n: usize, threads: usize, limit: Option<u64>) -> usize {
    let each = streamed_needed(n, 1).max(1);
    let fit = limit.unwrap_or(PROCESS_MEMORY) / each;
    threads
        .min(usize::try_from(fit).unwrap_or(usize::MAX))
        .max(1)
}

/// Bytes a count of `n` on `threads` threads needs with the storage it would take under
/// `limit` bytes (or [`PROCESS_MEMORY`]), whatever the machine has.
pub(crate) fn needed_within(n: usize, threads: usize, limit: Option<u64>) -> u64 {
    let storage = storage_within(n, threads, limit.unwrap_or(PROCESS_MEMORY));
    match storage {
        Ok(storage) => needed(n, threads, storage),
        Err(Error::NotEnoughMemory { needed, .. }) => needed,
        Err(_) => u64::MAX,
    }
}

/// Whether `needed` bytes fit in `available` (unknown: assumed to); if not, the error
/// gives `advice`.
pub(super) fn fits(
    needed: u64,
    available: Option<u64>,
    advice: &'static [Advice],
) -> Result<(), Error> {
    match available {
        Some(available) if needed > available => Err(Error::NotEnoughMemory {
            needed,
            available,
            advice,
        }),
        _ => Ok(()),
    }
}

/// How a solver gets the placements it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Storage {
    /// The tables of the whole case, built once and shared by the threads.
    Tables,
    /// Only the sets of rows each subproblem reads, built by the subproblem, each thread
    /// counting steps of its own: a little more work, and a small part of the memory.
    Streamed,
    /// As [`Storage::Streamed`], but the threads count each step together, its south row
    /// sets built once for all of them, each thread listing west half-boards in batches,
    /// and filling parts of tables, halved `halvings` times: where a step a thread would
    /// not fit.
    Together { halvings: u32 },
}

impl Storage {
    /// Whether each subproblem builds the sets of rows it reads.
    pub(crate) fn streamed(self) -> bool {
        self != Storage::Tables
    }
}

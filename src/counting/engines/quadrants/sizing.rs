//! How much memory the join needs, and where it keeps its placements: whole tables, or
//! only the sets of rows each subproblem reads.

use crate::counting::running::memory;
use crate::error::Error;

/// The largest board the join takes: at n = 28 a quadrant's diagonals (27 of each
/// direction) pack into 32 bits, its square codes (14 rows) and the 54 shared diagonals
/// leave the sieve's tag its top bits, and Q(28) < 2^64; Q(29) is not.
pub(crate) const MAX_N: usize = 28;

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
        2_992,
        2_768,
        12_624,
        11_472,
        55_088,
        47_824,
        257_808,
        215_888,
        1_327_728,
        1_051_472,
        7_731_920,
        5_752_656,
        51_418_224,
        35_859_536,
        385_863_696,
        255_909_328,
        3_244_867_888,
    ];
    MEASURED.get(n).copied().unwrap_or(u64::MAX)
}

/// Bytes a count of `n` on `threads` threads needs: the tables, shared by the threads, and
/// each thread's table of east half-boards and their planes, which stays under an eighth of
/// them (n = 20 on two threads peaks at 470 MB with 386 MB of tables: `count_bench`).
pub(crate) fn memory_needed(n: usize, threads: usize) -> u64 {
    let tables = table_bytes(n);
    tables.saturating_add((tables / 8).saturating_mul(threads as u64))
}

/// Bytes a count of `n` on `threads` threads needs when each subproblem builds the sets of
/// rows it reads ([`Storage::Streamed`]): once a process, the largest north row sets a
/// subproblem builds at a time (the threads share them, each counting steps of the
/// subproblem), twice over for the moment they are being built; and per thread, a step's
/// south row sets (twice over too), its batch of west half-boards (at most about [`WEST`]
/// partners, with their groups) and its part of a table (at most about [`PART`]
/// half-boards, some 48 MB).
///
/// Measured from the largest subproblem of each even n (`streamed_bytes_hold_the_row_sets_built`
/// checks n = 22, and 24 to 28 by hand), which bounds the odd n below it; below n = 22 the
/// figures halve per n.
///
/// [`WEST`]: super::join::WEST
/// [`PART`]: super::join::PART
pub(crate) fn streamed_needed(n: usize, threads: usize) -> u64 {
    let [shared, per_thread] = streamed_bytes(n);
    shared.saturating_add(per_thread.saturating_mul(threads as u64))
}

/// The bytes [`streamed_needed`] counts once a process and once a thread for a board of `n`.
pub(super) fn streamed_bytes(n: usize) -> [u64; 2] {
    const MIB: u64 = 1 << 20;
    // From n = 22, in MiB: the north sets a subproblem builds at a time (all of its own:
    // 8.6, 48.2 and 282 MB at n = 22, 24 and 26; one of them at n = 27 and 28: 467 MB, the
    // largest found), doubled; a step's south sets (0.9, 4.6 and 26 MB, about 150 at n = 28
    // by the same growth) doubled, its west lists (58 MB at n = 24, a batch's 134 MB past
    // it) and a table's part.
    const MEASURED: [[u64; 2]; 4] = [[18, 64], [96, 128], [544, 256], [1024, 512]];
    match n {
        0..22 => MEASURED[0].map(|mib| (mib * MIB) >> (22 - n).min(20)),
        // An odd board's quadrants are a row and a column smaller than the next even one's.
        22..=MAX_N => MEASURED[(n - 21) / 2].map(|mib| mib * MIB),
        _ => [u64::MAX; 2],
    }
}

/// How a count of `n` on `threads` threads keeps its placements within `limit` bytes, if
/// given, and the memory available (where the operating system says how much that is): the
/// whole tables where they fit, else only what each subproblem reads; or an error if not
/// even that fits, rather than swap or be killed.
pub(crate) fn storage(n: usize, threads: usize, limit: Option<u64>) -> Result<Storage, Error> {
    let available = match (limit, memory::available()) {
        (Some(limit), Some(available)) => Some(limit.min(available)),
        (limit, available) => limit.or(available),
    };
    match n <= TABLES_UP_TO && fits(memory_needed(n, threads), available, "").is_ok() {
        true => Ok(Storage::Tables),
        false => {
            let advice = match threads {
                1 => "count with the constellations engine (it needs almost no memory)",
                _ => "count on fewer threads or with the constellations engine",
            };
            fits(streamed_needed(n, threads), available, advice).map(|()| Storage::Streamed)
        }
    }
}

/// Bytes a count of `n` on `threads` threads needs with the storage it would take under
/// `limit` bytes, whatever the machine has: its whole tables where they exist and fit.
pub(crate) fn needed_within(n: usize, threads: usize, limit: Option<u64>) -> u64 {
    let tables = memory_needed(n, threads);
    match n <= TABLES_UP_TO && limit.is_none_or(|limit| tables <= limit) {
        true => tables,
        false => streamed_needed(n, threads),
    }
}

/// Whether `needed` bytes fit in `available` (unknown: assumed to); if not, the error
/// gives `advice`.
pub(super) fn fits(needed: u64, available: Option<u64>, advice: &'static str) -> Result<(), Error> {
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
    /// Only the sets of rows each subproblem reads, built by the subproblem: a little more
    /// work, and a small part of the memory.
    Streamed,
}

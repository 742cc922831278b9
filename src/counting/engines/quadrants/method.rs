//! What a count asks of the quadrant join besides its subproblems' counts.

use std::ops::RangeInclusive;

use super::sizing::{Storage, needed_within, storage};
use super::work::Join;
use super::{MAX_N, Plan};
use crate::counting::contract::engine::{Engine, PlanWords};
use crate::counting::contract::method::Method;
#[cfg(feature = "serde")]
use crate::counting::contract::method::RecordCounts;
use crate::counting::contract::work::Work;
#[cfg(feature = "serde")]
use crate::counting::contract::work::burnside;
use crate::error::Error;

/// The quadrant join as [`Method`].
pub(crate) struct QuadrantJoin;

impl Method for QuadrantJoin {
    /// Its square codes take four bits a row, and its counts stay below 2^64; above n = 22
    /// it builds only what each subproblem reads.
    fn largest_n(&self) -> usize {
        MAX_N
    }

    /// From n = 14 the join is the faster (n = 14: 2.3 times, n = 15: 1.1 times, one
    /// thread, totals and classes alike; below, counts take milliseconds and the
    /// constellation engine is the faster on odd boards); up to its largest board, where
    /// constellations cost 30 to 48 times as much a solution (docs/performance.md).
    fn auto_boards(&self) -> RangeInclusive<usize> {
        14..=MAX_N
    }

    fn work(&self, n: usize, fundamental: bool) -> Box<dyn Work> {
        Box::new(Join::new(n, fundamental))
    }

    fn fits(&self, n: usize, threads: usize, memory: Option<u64>) -> Result<(), Error> {
        storage(n, threads, memory).map(drop)
    }

    fn memory_needed(&self, n: usize, threads: usize, memory: Option<u64>) -> u64 {
        needed_within(n, threads, memory)
    }

    /// From the second revision, a row choice or its north-south mirror image counts by
    /// which has fewer north rows going east; from the third, boards cut by their middle
    /// cross count its cases (see [`Plan::crossed`]); from the fourth, the other even
    /// boards have no subproblems sending more than half their north rows east, and odd
    /// ones from n = 21 follow each case of the middle queens by its mirror image (changes
    /// the second revision's files did not tell apart).
    fn revision(&self, n: usize) -> u32 {
        match Plan::crossed(n) {
            true => 3,
            false => 4,
        }
    }

    /// The engine's name and its revision (see `revision`).
    fn checkpoint_word(&self, n: usize) -> (String, bool) {
        (
            format!(" {} {}", Engine::Quadrants, self.revision(n)),
            false,
        )
    }

    fn superseded_words(&self, _n: usize) -> &'static [&'static str] {
        &[" quadrants", " quadrants 2"]
    }

    /// Boards past its reach; classes only in the whole count's record, with the solutions
    /// symmetries fix; those fixed by rotations only in the shard of the rotations'
    /// subproblem (the last); classes that the total and the fixed solutions make by
    /// Burnside's lemma. Such a record is settled by these rules alone.
    #[cfg(feature = "serde")]
    fn implausible_record(&self, record: &RecordCounts) -> Result<bool, String> {
        let RecordCounts {
            n,
            shard,
            of,
            total,
            fundamental,
            fixed,
        } = *record;
        if n <= MAX_N && fixed.is_some_and(|fixed| fixed != 0) {
            let rotations = Plan::new(n).len();
            if rotations % of != shard {
                return Err(format!(
                    "shard {shard}/{of} of n = {n} cannot count solutions fixed by rotations: shard {}/{of} does",
                    rotations % of
                ));
            }
        }
        if n > MAX_N || fundamental.is_some() && (of != 1 || fixed.is_none()) {
            return Err(format!(
                "the quadrants engine counts no such shard of n = {n}"
            ));
        }
        match (fundamental, fixed) {
            (Some(fundamental), Some(fixed)) if burnside(n, total, fixed) != Ok(fundamental) => {
                Err(format!(
                    "{total} solutions and {fixed} fixed by symmetries do not make {fundamental} classes"
                ))
            }
            _ => Ok(true),
        }
    }

    /// The join's classes come from the whole count's total by Burnside's lemma, so its
    /// shards' records are merged first (`queens merge`).
    fn shards_count_classes(&self) -> bool {
        false
    }

    fn kernels_here(&self, _n: usize) -> Option<&'static str> {
        #[cfg(target_arch = "x86_64")]
        return super::kernels::running();
        #[cfg(not(target_arch = "x86_64"))]
        None
    }

    /// Its storage, by the memory; how much of the free half-boards a row choice keeps at a
    /// time, by the level 2 cache; its sieve, by the storage; its buckets and how it counts
    /// ones, by the kernels that run here.
    fn choices(&self, n: usize, threads: usize, memory: Option<u64>) -> Vec<String> {
        let chosen = storage(n, threads, memory);
        let storage = match chosen {
            Ok(Storage::Tables) => "the whole tables, shared by the threads".to_string(),
            Ok(Storage::Streamed) => {
                "only the rows each subproblem reads (the whole tables do not fit)".to_string()
            }
            Ok(Storage::Together { halvings }) => format!(
                "only the rows each step reads, the threads counting each step together in \
                 parts halved {halvings} times (a step a thread does not fit)"
            ),
            Err(ref err) => err.to_string(),
        };
        // Only the vector kernels block by the cache.
        #[cfg(target_arch = "x86_64")]
        let blocks = self.kernels_here(n).map(|_| {
            let (chunks, quarter) = super::kernels::free_chunks_and_quarter();
            let why = match chunks.cmp(&quarter) {
                core::cmp::Ordering::Equal => "a quarter of the level 2 cache",
                core::cmp::Ordering::Greater => {
                    "the fewest the join keeps, more than a quarter of the level 2 cache"
                }
                core::cmp::Ordering::Less => {
                    "the most the join keeps, less than a quarter of the level 2 cache"
                }
            };
            format!(
                "free half-boards {chunks} chunks ({} KiB) at a time, {why}",
                (chunks * super::layout::WORDS * 8) >> 10
            )
        });
        #[cfg(not(target_arch = "x86_64"))]
        let blocks = None;
        // As `join_part` and `Table::slice` sort a table: past the chunks a crossing takes
        // and those a sort needs, where enough west half-boards read it.
        let (_, _, width) = super::solver::join_of(n, chosen.unwrap_or(Storage::Streamed));
        let sorted_past = super::join::crossing_chunks().max(super::table::SIEVE_FROM - 1);
        let sieve = format!(
            "tables past {sorted_past} chunks that {} pairs of west placements or more read \
             sorted by sieve keys of up to {width} shared diagonals, into buckets of {} chunks \
             or more on average",
            super::join::SIEVE_PAIRS,
            super::table::bucket_chunks()
        );
        let ones = match self.kernels_here(n) {
            Some("AVX-512") => "ones counted by VPOPCNTQ",
            Some(_) => "ones counted by a nibble table (VPSHUFB; AVX2 has no vector popcount)",
            None if super::portable::popcount_instruction() => "ones counted by POPCNT",
            None => "ones counted by bit arithmetic (no POPCNT here)",
        };
        std::iter::once(storage)
            .chain(blocks)
            .chain([sieve, ones.to_string()])
            .collect()
    }

    fn plan_words(&self, streamed: bool) -> PlanWords {
        PlanWords {
            parts: "subproblem steps",
            partly_timed: ", some stopped and estimated from the part that ran",
            storage: match streamed {
                true => {
                    " (each subproblem builds only the rows it reads: the whole tables do not fit)"
                }
                false => " (the whole tables of each case, shared by the threads)",
            },
        }
    }
}

//! What a count, its plan, its checkpoints and its shard records ask of an engine, beyond
//! its subproblems ([`Work`]).

use std::ops::RangeInclusive;

use crate::counting::contract::engine::PlanWords;
use crate::counting::contract::work::Work;
use crate::error::Error;

/// What a shard record says, as [`Method::implausible_record`] checks it.
#[cfg(feature = "serde")]
pub(crate) struct RecordCounts {
    pub(crate) n: usize,
    pub(crate) shard: usize,
    pub(crate) of: usize,
    pub(crate) total: u64,
    pub(crate) fundamental: Option<u64>,
    pub(crate) fixed: Option<u64>,
}

/// What a count, its plan, its checkpoints and its shard records ask of an engine: each
/// engine's folder implements it, and [`method`] is the one place that finds an engine's.
/// Adding an engine is a folder with its `Method` and a line there.
pub(crate) trait Method: Sync {
    /// The largest board it counts.
    fn largest_n(&self) -> usize;

    /// The boards [`Engine::Auto`](crate::counting::Engine::Auto) counts with it, unless an
    /// engine tried before it takes them.
    fn auto_boards(&self) -> RangeInclusive<usize>;

    /// Whether it counts symmetry classes: a count of classes by an engine that does not is
    /// refused before it starts.
    fn counts_classes(&self) -> bool {
        true
    }

    /// The subproblems of a count of `n`, counting classes or not.
    fn work(&self, n: usize, fundamental: bool) -> Box<dyn Work>;

    /// Whether it can keep what it reads for a count of `n` on `threads` threads within
    /// `memory` bytes and the memory available here, known without listing the subproblems.
    /// (By default, an engine that keeps no tables: it always fits.)
    fn fits(&self, _n: usize, _threads: usize, _memory: Option<u64>) -> Result<(), Error> {
        Ok(())
    }

    /// The bytes its tables need for a count of `n` on `threads` threads within `memory`.
    /// (By default none: no tables.)
    fn memory_needed(&self, _n: usize, _threads: usize, _memory: Option<u64>) -> u64 {
        0
    }

    /// The revision of how it cuts a count of `n` into subproblems, raised whenever a
    /// change makes a subproblem's number count other work: a checkpoint's lines and a shard
    /// record carry it, so that those of another cut are refused, not added up. (By default
    /// the first.)
    fn revision(&self, _n: usize) -> u32 {
        1
    }

    /// The word a checkpoint's checksum adds for it in a count of `n`, and whether a header
    /// without the engine's name is read as its (files from before checkpoints named
    /// engines).
    fn checkpoint_word(&self, n: usize) -> (String, bool);

    /// The words its checksums added in a count of `n` before its subproblems last changed
    /// what they count: a record line that matches one is from an older `queens`, not
    /// damaged.
    fn superseded_words(&self, _n: usize) -> &'static [&'static str] {
        &[]
    }

    /// Why a shard record cannot be its, if it cannot; `Ok(true)` when its own rules settle
    /// it, `Ok(false)` when the record is to be checked as a subproblem's counts.
    #[cfg(feature = "serde")]
    fn implausible_record(&self, record: &RecordCounts) -> Result<bool, String>;

    /// Whether a shard of its count counts symmetry classes of its own.
    fn shards_count_classes(&self) -> bool;

    /// Whether it counts on vector kernels where the processor has them.
    fn has_kernels(&self) -> bool {
        true
    }

    /// The vector kernels it counts a board of `n` on here, by name (`"AVX-512"`, `"AVX2"`):
    /// the first of its own that the processor has and `QUEENS_SIMD` allows, or `None` for
    /// its portable code (an audit then counts again on the same code; else on the portable code). Its
    /// own, since not every kernel needs the same features: the join's AVX-512 kernels need
    /// VPOPCNTQ, which some AVX-512 processors lack. (No default: an engine with kernels
    /// that forgot it would say its portable code runs.)
    fn kernels_here(&self, n: usize) -> Option<&'static str>;

    /// What it chose for a count of `n` on `threads` threads within `memory` bytes on this
    /// processor, besides the kernels, a phrase each (see
    /// [`Prepared::choices`](crate::counting::Prepared::choices)). (By default nothing.)
    fn choices(&self, _n: usize, _threads: usize, _memory: Option<u64>) -> Vec<String> {
        Vec::new()
    }

    /// What a plan says of its work (see [`Engine::plan_words`]).
    /// (By default: subproblems, each too long to finish timed along a random path down
    /// its search, and no tables.)
    fn plan_words(&self, _streamed: bool) -> PlanWords {
        PlanWords {
            parts: "subproblems",
            partly_timed: ", each along a random path down its search",
            storage: "",
        }
    }
}

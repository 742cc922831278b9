//! The engines: the methods a count uses (see [`Engine`](engine::Engine)), and what a
//! count asks of each: its subproblems ([`work::Work`]) and the rest ([`Method`]). This
//! module is the one place outside the engines' own folders that tells them apart: the
//! counter, checkpoints and shard records ask [`method`] for an engine's.

pub(crate) mod constellations;
pub(crate) mod engine;
pub(crate) mod quadrants;
pub(crate) mod symmetric;
pub(crate) mod work;

use crate::error::Error;
use engine::{Engine, PlanWords};
use work::Work;

/// Every engine that counts ([`Engine::Auto`] only chooses one of them).
pub(crate) const COUNTING: [Engine; 2] = [Engine::Constellations, Engine::Quadrants];

/// The engine that counts `n` when `asked` is asked for: [`Engine::Auto`] chooses the
/// faster for the board.
pub(crate) fn choose(asked: Engine, n: usize) -> Result<Engine, Error> {
    match asked {
        Engine::Quadrants if n > Engine::QUADRANTS_UP_TO => Err(Error::Unsupported {
            reason: format!(
                "the quadrants engine counts boards up to n = {}, not n = {n}",
                Engine::QUADRANTS_UP_TO
            ),
        }),
        Engine::Quadrants => Ok(Engine::Quadrants),
        Engine::Auto if (Engine::QUADRANTS_FROM..=Engine::QUADRANTS_AUTO_UP_TO).contains(&n) => {
            Ok(Engine::Quadrants)
        }
        Engine::Auto | Engine::Constellations => Ok(Engine::Constellations),
    }
}

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
    /// The subproblems of a count of `n`, counting classes or not.
    fn work(&self, n: usize, fundamental: bool) -> Box<dyn Work>;

    /// Whether it can keep what it reads for a count of `n` on `threads` threads within
    /// `memory` bytes and the memory available here, known without listing the subproblems.
    fn fits(&self, n: usize, threads: usize, memory: Option<u64>) -> Result<(), Error>;

    /// The bytes its tables need for a count of `n` on `threads` threads within `memory`.
    fn memory_needed(&self, n: usize, threads: usize, memory: Option<u64>) -> u64;

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

    /// What a plan says of its work (see [`Engine::plan_words`]).
    fn plan_words(&self, streamed: bool) -> PlanWords;
}

/// The method of `engine`. [`Engine::Auto`] is settled by [`choose`] before a count asks
/// anything of an engine; as a bare value it stands for the engine that counts every board
/// and needs no tables.
pub(crate) fn method(engine: Engine) -> &'static dyn Method {
    match engine {
        Engine::Quadrants => &quadrants::method::QuadrantJoin,
        Engine::Constellations | Engine::Auto => &constellations::method::BorderConstellations,
    }
}

// What the engine's `Method` says, for users of the public `Engine`.
impl Engine {
    /// Whether a shard of a count by this engine counts symmetry classes of its own: the
    /// join's classes come from the whole count's total by Burnside's lemma, so its shards'
    /// records are merged first (`queens merge`).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Engine;
    ///
    /// assert!(Engine::Constellations.shards_count_classes());
    /// assert!(!Engine::Quadrants.shards_count_classes());
    /// ```
    #[must_use]
    pub fn shards_count_classes(self) -> bool {
        method(self).shards_count_classes()
    }

    /// What a plan says of this engine's work, in words: the parts it times, how it times
    /// those it cannot finish, and how it keeps its tables (`streamed`: each subproblem
    /// builds only the rows it reads).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Engine;
    ///
    /// assert_eq!(Engine::Quadrants.plan_words(false).parts, "subproblem steps");
    /// assert_eq!(Engine::Constellations.plan_words(false).storage, "");
    /// ```
    #[must_use]
    pub fn plan_words(self, streamed: bool) -> PlanWords {
        method(self).plan_words(streamed)
    }
}

/// The subproblems of a count of `n` by `engine` (not [`Engine::Auto`]), counting classes or
/// not.
pub(crate) fn work(n: usize, engine: Engine, fundamental: bool) -> Box<dyn Work> {
    method(engine).work(n, fundamental)
}

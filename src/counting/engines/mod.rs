//! The engines: the methods a count uses (see [`Engine`]), and what a
//! count asks of each: its subproblems ([`work::Work`]) and the rest ([`Method`]). This
//! module is the one place outside the engines' own folders that tells them apart: the
//! counter, checkpoints and shard records ask [`method`] for an engine's.

pub(crate) mod bitboard;
pub(crate) mod constellations;
pub(crate) mod quadrants;
pub(crate) mod symmetric;

use crate::counting::contract::engine::{Engine, PlanWords};
use crate::counting::contract::method::Method;
use crate::counting::contract::work::Work;
use crate::error::Error;
use std::ops::RangeInclusive;

/// Every engine that counts, in the order [`Engine::Auto`] tries them: the first whose
/// [`Method::auto_boards`] hold the board counts it.
pub(crate) const COUNTING: [Engine; 3] =
    [Engine::Quadrants, Engine::Constellations, Engine::Bitboard];

/// The engine that counts `n` when `asked` is asked for: [`Engine::Auto`] chooses the
/// faster for the board.
pub(crate) fn choose(asked: Engine, n: usize) -> Result<Engine, Error> {
    match asked {
        Engine::Auto => Ok(COUNTING
            .into_iter()
            .find(|&engine| method(engine).auto_boards().contains(&n))
            .unwrap_or(Engine::Constellations)),
        engine if n > method(engine).largest_n() => Err(Error::Unsupported {
            reason: format!(
                "the {engine} engine counts boards up to n = {}, not n = {n}",
                method(engine).largest_n()
            ),
        }),
        engine => Ok(engine),
    }
}

/// The method of `engine`. [`Engine::Auto`] is settled by [`choose`] before a count asks
/// anything of an engine; as a bare value it stands for the engine that counts every board
/// and needs no tables.
pub(crate) fn method(engine: Engine) -> &'static dyn Method {
    match engine {
        Engine::Quadrants => &quadrants::method::QuadrantJoin,
        Engine::Constellations | Engine::Auto => &constellations::method::BorderConstellations,
        Engine::Bitboard => &bitboard::PlainSearch,
    }
}

// What the engine's `Method` says, for users of the public `Engine`.
impl Engine {
    /// The largest board the engine counts ([`Engine::Auto`]: the largest any counts).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Engine};
    ///
    /// assert_eq!(Engine::Quadrants.largest_n(), 28);
    /// let too_large = Counter::new(Engine::Quadrants.largest_n() + 1)?.engine(Engine::Quadrants);
    /// assert!(too_large.fundamental(false).run().is_err());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn largest_n(self) -> usize {
        method(self).largest_n()
    }

    /// The boards [`Engine::Auto`] counts with this engine unless an engine it tries first
    /// takes them: it tries the quadrant join, then constellations, which take every board.
    /// From n = 14 the join is the faster (2.3 times at 14, one thread); below, counts take
    /// milliseconds and constellations win on odd boards (`cargo run --release --example
    /// count_bench -- 15 12`). Up to n = 28 the join costs less a solution: constellations
    /// cost 30 to 48 times as much at n = 23 to 28 ([the clusters guide](crate::guides::clusters)),
    /// and need no tables where the join needs 1.7 GiB at n = 28 on one thread, so a machine
    /// without it is told so before any work starts.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Engine};
    ///
    /// let join = Engine::Quadrants.auto_boards();
    /// assert_eq!(Counter::new(*join.start())?.chosen_engine()?, Engine::Quadrants);
    /// assert_eq!(Counter::new(*join.end() + 1)?.chosen_engine()?, Engine::Constellations);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn auto_boards(self) -> RangeInclusive<usize> {
        method(self).auto_boards()
    }

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
    #[cfg(test)]
    tests::BUILT.with(|built| built.set(built.get() + 1));
    method(engine).work(n, fundamental)
}

#[cfg(test)]
pub(crate) mod tests {
    use std::cell::Cell;

    thread_local! {
        /// How many times this thread has built an engine's work.
        pub(crate) static BUILT: Cell<usize> = const { Cell::new(0) };
    }

    /// How many times `f` builds an engine's work on this thread.
    pub(crate) fn builds(f: impl FnOnce()) -> usize {
        let before = BUILT.with(Cell::get);
        f();
        BUILT.with(Cell::get) - before
    }

    /// What the subproblems of the engines that count them whole count, by number, on small
    /// boards: checkpoints and shard records name subproblems by number and carry the
    /// engine's revision of its cut (see `Method::revision`), so that a change to what a
    /// number counts is a new revision, then a new fingerprint here (the join's cut of every
    /// board, into subproblems of steps, has a test of its own).
    #[cfg(feature = "serde")]
    #[test]
    fn each_engines_parts_count_as_its_revision_says() {
        use super::{Engine, method, work};
        // FNV-1a: the same on every platform and Rust release, unlike `DefaultHasher`.
        let fold = |hash: u64, value: u64| {
            (value.to_le_bytes().iter()).fold(hash, |h, &b| {
                (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
            })
        };
        let engines = [Engine::Constellations, Engine::Bitboard];
        let fingerprints = engines.map(|engine| {
            let mut hash = 0xcbf2_9ce4_8422_2325;
            let mut revisions = Vec::new();
            for (n, classes) in (9..=15).flat_map(|n| [(n, false), (n, true)]) {
                revisions.push(method(engine).revision(n));
                let work = work(n, engine, classes);
                hash = fold(hash, work.len() as u64);
                for index in 0..work.len() {
                    hash = fold(hash, work.count_part(index, 0, None).expect("it counts"));
                }
            }
            revisions.dedup();
            (engine, revisions, hash)
        });
        assert_eq!(
            fingerprints,
            [
                (Engine::Constellations, vec![1], 0x056e_17a8_cfde_2fe1),
                (Engine::Bitboard, vec![1], 0x99f2_f6aa_482d_96ed),
            ],
            "an engine's subproblems count other work: raise its `Method::revision` for the boards \
             whose subproblems changed, then write the new fingerprints here"
        );
    }
}

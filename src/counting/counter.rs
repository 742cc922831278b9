//! The [`Counter`] builder: threads, shards, progress reports and resuming, and what a
//! count returns.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::completions::Interior;
use super::constellation::{Constellation, constellations};
use super::engine::Engine;
use super::quadrants::{self, Plan, Solver, Storage};
use super::shard::Shard;
use super::simd::Kernels;
use super::simd::count_completions;
use super::subproblems::{Subproblem, solve};
use super::symmetric::count_symmetric;
use crate::bitboard::check_size;
use crate::error::Error;
use crate::large_boards::random::SplitMix64;

/// A configurable count: threads, a shard of the work, progress reports and resuming.
///
/// The count is split into numbered subproblems, one per symmetry class of *border
/// constellations* (the queens of the top and bottom rows and the left and right columns).
/// Each subproblem counts the completions of one constellation with a bitboard search and
/// weights it by the size of its class, so only about an eighth of the search space is
/// visited. On x86-64 processors with AVX2 or AVX-512 the search runs on vector kernels that
/// expand every child of a node at once (the environment variable `QUEENS_SIMD` set to
/// `scalar`, `avx2` or `avx512` narrows the choice); the counts are the same everywhere.
/// Fundamental solutions are counted exactly: a solution's class is decided by its
/// own symmetry, checked only for the rare constellations that are themselves symmetric.
///
/// The subproblems' numbering is fixed for each `n`, so [`Counter::shard`] can hand out
/// disjoint slices of them to separate processes or machines, and
/// [`Counter::resume`] can skip the ones a checkpoint recorded.
///
/// # Examples
///
/// ```
/// use queens::counting::Counter;
///
/// let counts = Counter::new(10)?.threads(2).run()?;
/// assert_eq!((counts.total, counts.fundamental), (724, Some(92)));
///
/// // Three shards, e.g. on three machines, add up to the whole.
/// let shards: Vec<_> = (0..3).map(|i| Counter::new(10)?.shard(i, 3).run()).collect::<Result<_, _>>()?;
/// assert_eq!(shards.iter().map(|c| c.total).sum::<u64>(), 724);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone)]
#[must_use = "a Counter counts nothing until `run` is called"]
pub struct Counter {
    n: usize,
    threads: usize,
    shard: Shard,
    fundamental: bool,
    engine: Engine,
    memory: Option<u64>,
    resumed: Vec<Subproblem>,
    on_finished: Option<Arc<FinishedCallback>>,
    cancel: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
}

type FinishedCallback = dyn Fn(&Subproblem, Progress) + Send + Sync;

/// How far a count has come, passed to [`Counter::on_finished`].
///
/// # Examples
///
/// ```
/// use std::sync::{Arc, Mutex};
///
/// let seen = Arc::new(Mutex::new(Vec::new()));
/// let sink = Arc::clone(&seen);
/// queens::counting::Counter::new(9)?.threads(1).on_finished(move |_, p| sink.lock().unwrap().push(p)).run()?;
/// let seen = seen.lock().unwrap();
/// assert!(seen.iter().all(|p| p.done <= p.of));
/// assert_eq!(seen.last().map(|p| p.done), seen.last().map(|p| p.of));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Progress {
    /// Subproblems finished (resumed ones included).
    pub done: usize,
    /// Subproblems in this shard.
    pub of: usize,
}

/// What a [`Counter`] found.
///
/// # Examples
///
/// ```
/// let counts = queens::counting::Counter::new(8)?.run()?;
/// assert_eq!(counts.to_string(), "n = 8: 92 solutions, 12 fundamental");
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Counts {
    /// The board size.
    pub n: usize,
    /// The shard counted; [`Shard::WHOLE`] for the whole count.
    pub shard: Shard,
    /// The engine that counted (never [`Engine::Auto`]): shards and checkpoints of one
    /// count must all come from the same engine, whose subproblems they number.
    pub engine: Engine,
    /// Solutions found.
    pub total: u64,
    /// Symmetry classes found, when fundamental counting is on: for the quadrant join, only
    /// in a whole count, since its classes come from all subproblems together.
    pub fundamental: Option<u64>,
    /// For the quadrant join counting classes, the shard's share of Burnside's sum besides
    /// its solutions (see [`Subproblem::fixed`]): shards' records add it up, and the
    /// classes are `(total + fixed) / 8` of the sums.
    pub fixed: Option<u64>,
    /// Subproblems in the shard.
    pub subproblems: usize,
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n = {}: {} solutions", self.n, self.total)?;
        match (self.fundamental, self.fixed) {
            (Some(fundamental), _) => write!(f, ", {fundamental} fundamental")?,
            (None, Some(fixed)) => write!(f, ", {fixed} fixed by rotations")?,
            (None, None) => {}
        }
        if !self.shard.is_whole() {
            write!(f, " (shard {} of {})", self.shard.index, self.shard.of)?;
        }
        Ok(())
    }
}

impl Counter {
    /// The most threads [`Counter::threads`] accepts: far more than any machine's cores, and
    /// few enough that starting them is quick.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Error;
    /// use queens::counting::Counter;
    ///
    /// let too_many = Counter::MAX_THREADS + 1;
    /// assert_eq!(
    ///     Counter::new(8)?.threads(too_many).run(),
    ///     Err(Error::TooManyThreads { threads: too_many, max: Counter::MAX_THREADS }),
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub const MAX_THREADS: usize = 1024;

    /// A count of every solution of the `n`-queens problem, with fundamental solutions, on
    /// every core.
    ///
    /// # Errors
    ///
    /// [`Error::TooLarge`] if `n > Queens::MAX_N`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::counting::Counter::new(6)?.run()?.total, 4);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn new(n: usize) -> Result<Counter, Error> {
        check_size(n)?;
        Ok(Counter {
            n,
            threads: 0,
            shard: Shard::WHOLE,
            fundamental: true,
            engine: Engine::Auto,
            memory: None,
            resumed: Vec::new(),
            on_finished: None,
            cancel: None,
            deadline: None,
        })
    }

    /// Uses `threads` threads; 0 (the default) means one per core. Without the `parallel`
    /// feature every count runs on the calling thread. More than
    /// [`Counter::MAX_THREADS`] makes [`Counter::run`] fail rather than start them all.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::counting::Counter::new(9)?.threads(1).run()?.total, 352);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn threads(self, threads: usize) -> Counter {
        Counter { threads, ..self }
    }

    /// Counts only shard `index` of `of`: the subproblems whose number leaves remainder
    /// `index` when divided by `of`. The `of` shards of a board size are disjoint and together
    /// count every solution exactly once.
    ///
    /// An index that is not below `of` makes [`Counter::run`] fail.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Counter;
    ///
    /// let halves = Counter::new(12)?.shard(0, 2).run()?.total + Counter::new(12)?.shard(1, 2).run()?.total;
    /// assert_eq!(halves, 14200);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn shard(self, index: usize, of: usize) -> Counter {
        Counter {
            shard: Shard { index, of },
            ..self
        }
    }

    /// Whether to count symmetry classes too (the default). Turning it off saves the few
    /// subproblems whose constellation is symmetric from listing their solutions, or the
    /// quadrant join the subproblem that counts the solutions rotations fix.
    ///
    /// # Examples
    ///
    /// ```
    /// let counts = queens::counting::Counter::new(8)?.fundamental(false).run()?;
    /// assert_eq!((counts.total, counts.fundamental), (92, None));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn fundamental(self, fundamental: bool) -> Counter {
        Counter {
            fundamental,
            ..self
        }
    }

    /// Counts with `engine` rather than the one [`Engine::Auto`] picks.
    ///
    /// [`Counter::run`] fails with [`Error::Unsupported`] if the engine cannot do the count
    /// (the quadrant join for a board above [`Engine::QUADRANTS_UP_TO`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Engine};
    ///
    /// let counts = Counter::new(13)?.fundamental(false).engine(Engine::Quadrants).run()?;
    /// assert_eq!((counts.total, counts.engine), (73712, Engine::Quadrants));
    /// assert!(Counter::new(Engine::QUADRANTS_UP_TO + 1)?.engine(Engine::Quadrants).run().is_err());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn engine(self, engine: Engine) -> Counter {
        Counter { engine, ..self }
    }

    /// The engine [`Counter::run`] will count with: the one asked for, or for
    /// [`Engine::Auto`] the quadrant join for boards from [`Engine::QUADRANTS_FROM`] to
    /// [`Engine::QUADRANTS_AUTO_UP_TO`], and the constellation engine otherwise.
    ///
    /// The choice depends on the board size, nothing else: every shard and every resumed
    /// run of a count, on any machine,
    /// numbers its subproblems the same way. A machine without the memory for the quadrant
    /// join's tables is told so by [`Counter::run`], which never silently switches engines.
    ///
    /// # Errors
    ///
    /// [`Error::Unsupported`] if the engine asked for cannot do the count.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Engine};
    ///
    /// assert_eq!(Counter::new(16)?.chosen_engine()?, Engine::Quadrants);
    /// assert_eq!(Counter::new(8)?.chosen_engine()?, Engine::Constellations);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn chosen_engine(&self) -> Result<Engine, Error> {
        let n = self.n;
        let unsupported = |reason: String| Err(Error::Unsupported { reason });
        match self.engine {
            Engine::Quadrants if n > Engine::QUADRANTS_UP_TO => unsupported(format!(
                "the quadrants engine counts boards up to n = {}, not n = {n}",
                Engine::QUADRANTS_UP_TO
            )),
            Engine::Quadrants => Ok(Engine::Quadrants),
            Engine::Auto
                if (Engine::QUADRANTS_FROM..=Engine::QUADRANTS_AUTO_UP_TO).contains(&n) =>
            {
                Ok(Engine::Quadrants)
            }
            _ => Ok(Engine::Constellations),
        }
    }

    /// Keeps the count within `bytes` of memory, as well as within what the machine, or its
    /// container or batch job, has available. Where the quadrant join's tables for the
    /// whole board would not fit, each subproblem builds only the rows it reads: the same
    /// subproblems and counts, with a little more work and far less memory.
    /// [`Counter::run`] fails with [`Error::NotEnoughMemory`] if even that would not fit.
    ///
    /// The bound is on what the count allocates for its own work (tables, streamed rows),
    /// not on the process's baseline (its code, stacks and allocator, a few MiB).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Counter;
    ///
    /// let small = Counter::new(16)?.threads(1).memory(4 << 20);
    /// assert!(small.memory_needed()? <= 4 << 20);
    /// assert!(Counter::new(16)?.threads(1).memory_needed()? > 4 << 20);
    /// assert_eq!(small.run()?.total, 14_772_512);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn memory(self, bytes: u64) -> Counter {
        Counter {
            memory: Some(bytes),
            ..self
        }
    }

    /// Calls `report` after each subproblem finishes, from the thread that ran it, with its
    /// result and the progress so far: enough to draw a progress bar or write a checkpoint.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use std::sync::Arc;
    ///
    /// let last = Arc::new(AtomicUsize::new(0));
    /// let seen = Arc::clone(&last);
    /// let counts = queens::counting::Counter::new(10)?
    ///     .on_finished(move |_, progress| { seen.fetch_max(progress.done, Ordering::Relaxed); })
    ///     .run()?;
    /// assert_eq!(last.load(Ordering::Relaxed), counts.subproblems);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn on_finished(
        self,
        report: impl Fn(&Subproblem, Progress) + Send + Sync + 'static,
    ) -> Counter {
        Counter {
            on_finished: Some(Arc::new(report)),
            ..self
        }
    }

    /// Stops the count once `flag` is set, from any thread: subproblems under way finish
    /// (and are reported to [`on_finished`](Counter::on_finished)), no new one starts, and
    /// [`Counter::run`] returns [`Error::Cancelled`]. Resume it with the subproblems
    /// reported.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use std::sync::Arc;
    /// use queens::Error;
    /// use queens::counting::Counter;
    ///
    /// let stop = Arc::new(AtomicBool::new(true));
    /// let cancelled = Counter::new(12)?.cancel_when(Arc::clone(&stop)).run();
    /// assert!(matches!(cancelled, Err(Error::Cancelled { done: 0, .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn cancel_when(self, flag: Arc<AtomicBool>) -> Counter {
        Counter {
            cancel: Some(flag),
            ..self
        }
    }

    /// Stops the count at `deadline`, as [`cancel_when`](Counter::cancel_when) does.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use std::time::{Duration, Instant};
    /// use queens::Error;
    /// use queens::counting::Counter;
    ///
    /// let finished = Arc::new(Mutex::new(Vec::new()));
    /// let sink = Arc::clone(&finished);
    /// let soon = Instant::now() + Duration::from_millis(20);
    /// let counter = Counter::new(15)?.threads(1).on_finished(move |s, _| sink.lock().unwrap().push(*s));
    /// match counter.deadline(soon).run() {
    ///     Err(Error::Cancelled { done, .. }) => {
    ///         // Resume: the finished subproblems are not counted again.
    ///         let done_before = finished.lock().unwrap().clone();
    ///         assert_eq!(done_before.len(), done);
    ///         assert_eq!(Counter::new(15)?.resume(done_before).run()?.total, 2_279_184);
    ///     }
    ///     finished => assert_eq!(finished?.total, 2_279_184),
    /// }
    /// # Ok::<(), Error>(())
    /// ```
    pub fn deadline(self, deadline: Instant) -> Counter {
        Counter {
            deadline: Some(deadline),
            ..self
        }
    }

    /// Whether the count is to stop: cancelled, or past its deadline.
    fn stopped(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|at| Instant::now() >= at)
    }

    /// Takes the results of subproblems finished earlier (say, read from a checkpoint): they
    /// are added in and not computed again.
    ///
    /// [`Counter::run`] fails if one is not a subproblem of this shard or of the engine this
    /// counter counts with, appears twice with different counts (identical repeats are
    /// counted once), has counts that subproblem cannot have, or lacks the fundamental count
    /// that this counter asks for.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use queens::counting::Counter;
    ///
    /// let record = Arc::new(Mutex::new(Vec::new()));
    /// let sink = Arc::clone(&record);
    /// Counter::new(11)?.on_finished(move |s, _| sink.lock().unwrap().push(*s)).run()?;
    /// let half: Vec<_> = record.lock().unwrap().iter().copied().step_by(2).collect();
    /// assert_eq!(Counter::new(11)?.resume(half).run()?.total, 2680);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn resume(self, finished: impl IntoIterator<Item = Subproblem>) -> Counter {
        let mut resumed = self.resumed;
        resumed.extend(finished);
        Counter { resumed, ..self }
    }

    /// Bytes of memory the count's tables need on the threads it runs on: the quadrant
    /// join's (shared by the threads, plus a table of half-boards each), or within the
    /// bound of [`Counter::memory`] where they exceed it, what each thread needs to build
    /// only the rows its subproblem reads; 0 for the constellation engine. [`Counter::run`]
    /// refuses a count whose need exceeds what the machine, or its container or batch job,
    /// has available; size a job's memory by this.
    ///
    /// # Errors
    ///
    /// Those of [`Counter::chosen_engine`].
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Counter;
    ///
    /// let one = Counter::new(20)?.fundamental(false).threads(1).memory_needed()?;
    /// let eight = Counter::new(20)?.fundamental(false).threads(8).memory_needed()?;
    /// assert!(one > 400_000_000 && eight >= one); // more with the `parallel` feature
    /// assert_eq!(Counter::new(13)?.memory_needed()?, 0); // constellations
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn memory_needed(&self) -> Result<u64, Error> {
        Ok(match self.chosen_engine()? {
            Engine::Quadrants => {
                quadrants::needed_within(self.n, Pool::threads_for(self.threads), self.memory)
            }
            _ => 0,
        })
    }

    /// How many subproblems the count has in all shards together, with the engine it
    /// counts with.
    ///
    /// # Errors
    ///
    /// Those of [`Counter::chosen_engine`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(queens::counting::Counter::new(12)?.total_subproblems()? > 100);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn total_subproblems(&self) -> Result<usize, Error> {
        Ok(Work::new(self.n, self.chosen_engine()?, self.fundamental).len())
    }

    /// Checks everything [`Counter::run`] checks before it starts: the shard, the number
    /// of threads, the engine, the SIMD kernels `QUEENS_SIMD` names, the memory and the
    /// results it resumes; returns
    /// the engine that would count. Call it before writing anything about a count (a
    /// checkpoint, a plan), so that a count refused leaves nothing behind.
    ///
    /// # Errors
    ///
    /// Those of [`Counter::run`] that come before any counting: [`Error::InvalidShard`],
    /// [`Error::TooManyThreads`], [`Error::Unsupported`], [`Error::NotEnoughMemory`] and
    /// [`Error::BadResume`].
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Error;
    /// use queens::counting::{Counter, Engine};
    ///
    /// assert_eq!(Counter::new(16)?.validate()?, Engine::Quadrants);
    /// let err = Counter::new(16)?.threads(5000).validate().unwrap_err();
    /// assert_eq!(err, Error::TooManyThreads { threads: 5000, max: Counter::MAX_THREADS });
    /// assert!(matches!(
    ///     Counter::new(16)?.threads(1).memory(1).validate(),
    ///     Err(Error::NotEnoughMemory { .. })
    /// ));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn validate(&self) -> Result<Engine, Error> {
        let engine = self.accepted_engine()?;
        if !self.resumed.is_empty() {
            let work = Work::new(self.n, engine, self.fundamental);
            self.checked_resumed(&self.mine(&work), &work, engine)?;
        }
        Ok(engine)
    }

    /// The engine, once the shard, threads, kernels and memory are known to be accepted.
    fn accepted_engine(&self) -> Result<Engine, Error> {
        self.shard.check()?;
        if self.threads > Self::MAX_THREADS {
            return Err(Error::TooManyThreads {
                threads: self.threads,
                max: Self::MAX_THREADS,
            });
        }
        let engine = self.chosen_engine()?;
        Kernels::from_environment()?;
        self.storage(engine, self.threads_used())?;
        Ok(engine)
    }

    /// Runs the count.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidShard`] for a shard that does not exist, [`Error::TooManyThreads`]
    /// above [`Counter::MAX_THREADS`], [`Error::Unsupported`] for an engine that cannot do
    /// the count, [`Error::NotEnoughMemory`] when the quadrant join's tables for this many
    /// threads would not fit in the memory available (the operating system's, or a
    /// container's or batch job's limit, whichever is smaller), [`Error::OutOfMemory`] when
    /// they cannot be allocated after all, [`Error::BadResume`] for resumed results that do not
    /// fit (see [`Counter::resume`]), [`Error::Overflow`] if the total exceeds
    /// `u64::MAX`, and [`Error::Cancelled`] for a count stopped by
    /// [`cancel_when`](Counter::cancel_when) or [`deadline`](Counter::deadline).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Error;
    /// use queens::counting::Counter;
    ///
    /// assert_eq!(Counter::new(12)?.run()?.fundamental, Some(1787));
    /// assert_eq!(Counter::new(12)?.shard(3, 3).run().unwrap_err(), Error::InvalidShard { index: 3, of: 3 });
    /// # Ok::<(), Error>(())
    /// ```
    pub fn run(&self) -> Result<Counts, Error> {
        let engine = self.accepted_engine()?;
        let work = Work::new(self.n, engine, self.fundamental);
        let mine = self.mine(&work);
        let resumed = self.checked_resumed(&mine, &work, engine)?;
        let todo: Vec<usize> = mine
            .iter()
            .copied()
            .filter(|i| resumed.binary_search_by_key(i, |s| s.index).is_err())
            .collect();
        let pool = Pool::new(self.threads, todo.len());
        let storage = match todo.is_empty() {
            true => Storage::Tables,
            false => self.storage(engine, pool.threads())?,
        };
        let done = AtomicUsize::new(resumed.len());
        let finished = |result: Subproblem| {
            let progress = Progress {
                done: done.fetch_add(1, Ordering::Relaxed) + 1,
                of: mine.len(),
            };
            if let Some(report) = &self.on_finished {
                report(&result, progress);
            }
            result
        };
        // Each subproblem starts only if the count is not stopped.
        let finished = |solve: &dyn Fn() -> Result<Subproblem, Error>| {
            (!self.stopped()).then(|| solve().map(finished))
        };
        let results = match &work {
            Work::Constellations(all) => pool.run(&todo, |index| {
                finished(&|| Ok(solve(self.n, index, &all[index], self.fundamental)))
            }),
            Work::Quadrants(plan, rotations) => {
                // The rotations' subproblem, numbered after the join's, runs last.
                let joined = todo.partition_point(|&i| i < plan.len());
                let mut results = run_by_case(
                    plan,
                    storage,
                    &pool,
                    &todo[..joined],
                    &|| self.stopped(),
                    &finished,
                )?;
                if let Some(&index) = todo[joined..].first().filter(|_| *rotations) {
                    results.push(finished(&|| {
                        Ok(Subproblem {
                            index,
                            total: 0,
                            fundamental: None,
                            fixed: count_symmetric(self.n)?.fixed(),
                            engine,
                        })
                    }));
                }
                results
            }
        };
        let results = results
            .into_iter()
            .map(Option::transpose)
            .collect::<Result<Vec<_>, _>>()?;
        let skipped = results.iter().filter(|r| r.is_none()).count();
        if skipped > 0 {
            return Err(Error::Cancelled {
                done: mine.len() - skipped,
                of: mine.len(),
            });
        }
        let mut everything: Vec<Subproblem> = results.into_iter().flatten().collect();
        everything.extend(resumed);
        let total = self.sum(&everything, |s| s.total)?;
        let fixed = (self.fundamental && engine == Engine::Quadrants)
            .then(|| self.sum(&everything, |s| s.fixed))
            .transpose()?;
        let fundamental = match (self.fundamental, fixed) {
            (false, _) => None,
            (true, None) => Some(self.sum(&everything, |s| s.fundamental.unwrap_or(0))?),
            (true, Some(_)) if !self.shard.is_whole() => None,
            (true, Some(fixed)) => Some(burnside(self.n, total, fixed)?),
        };
        Ok(Counts {
            n: self.n,
            shard: self.shard,
            engine,
            total,
            fundamental,
            fixed,
            subproblems: mine.len(),
        })
    }

    pub(crate) fn board_size(&self) -> usize {
        self.n
    }

    pub(crate) fn counts_classes(&self) -> bool {
        self.fundamental
    }

    /// How the quadrant join would keep its placements on `threads` threads, here.
    pub(crate) fn storage(&self, engine: Engine, threads: usize) -> Result<Storage, Error> {
        match engine {
            Engine::Quadrants => quadrants::storage(self.n, threads, self.memory),
            _ => Ok(Storage::Tables),
        }
    }

    /// How many threads the count runs on, when there is work enough.
    pub(crate) fn threads_used(&self) -> usize {
        Pool::threads_for(self.threads)
    }

    pub(crate) fn shard_counted(&self) -> Shard {
        self.shard
    }

    /// The sum of `part` of the subproblems `of`, or the error of a count past `u64::MAX`.
    fn sum(&self, of: &[Subproblem], part: fn(&Subproblem) -> u64) -> Result<u64, Error> {
        of.iter()
            .try_fold(0u64, |sum, s| sum.checked_add(part(s)))
            .ok_or_else(|| Error::Overflow {
                reason: format!("the count of n = {} exceeds 2^64 - 1", self.n),
            })
    }

    /// The subproblems of this count's shard, in increasing order.
    fn mine(&self, work: &Work) -> Vec<usize> {
        let Shard { index, of } = self.shard;
        (index..work.len()).step_by(of).collect()
    }

    /// The resumed results, each once and sorted by index, once they are known to fit this
    /// count.
    fn checked_resumed(
        &self,
        mine: &[usize],
        work: &Work,
        engine: Engine,
    ) -> Result<Vec<Subproblem>, Error> {
        let bad = |reason: String| Err(Error::BadResume { reason });
        if let Some(s) = self.resumed.iter().find(|s| s.engine != engine) {
            return bad(format!(
                "subproblem {} was counted by the {} engine, but this count uses the {engine} engine",
                s.index, s.engine
            ));
        }
        let rotations_unasked = |s: &Subproblem| match work {
            Work::Quadrants(plan, false) => s.index == plan.len(),
            _ => false,
        };
        if let Some(s) = self.resumed.iter().find(|s| rotations_unasked(s)) {
            return bad(format!(
                "subproblem {} counts the solutions rotations fix, which only a count of \
                 symmetry classes has: this was written by a count with --fundamental \
                 (`Counter::fundamental(true)`); resume it so",
                s.index
            ));
        }
        if let Some(s) = self
            .resumed
            .iter()
            .find(|s| mine.binary_search(&s.index).is_err())
        {
            let Shard { index, of } = self.shard;
            return bad(format!(
                "subproblem {} is not one of the {} of shard {index} of {of} for n = {}",
                s.index,
                mine.len(),
                self.n
            ));
        }
        if let Some(s) = self.resumed.iter().find(|s| {
            self.fundamental && engine == Engine::Constellations && s.fundamental.is_none()
        }) {
            return bad(format!(
                "subproblem {} has no count of symmetry classes: this was written by a count \
                 without --fundamental (`Counter::fundamental(false)`); resume it so",
                s.index
            ));
        }
        for s in &self.resumed {
            if let Err(reason) = s.check_plausible() {
                return bad(reason);
            }
            match work {
                // Each solution of a constellation stands for `weight` solutions.
                Work::Constellations(all) if s.total % all[s.index].weight != 0 => {
                    return bad(format!(
                        "subproblem {} cannot have {} solutions: its count is a multiple of {}",
                        s.index, s.total, all[s.index].weight
                    ));
                }
                // The join's subproblems count solutions, the rotations' one fixed ones.
                Work::Quadrants(plan, _) if s.index < plan.len() && s.fixed != 0 => {
                    return bad(format!(
                        "subproblem {} of the quadrant join cannot have {} fixed solutions",
                        s.index, s.fixed
                    ));
                }
                Work::Quadrants(plan, _) if s.index == plan.len() && s.total != 0 => {
                    return bad(format!(
                        "subproblem {} counts rotations' fixed solutions, not {} solutions",
                        s.index, s.total
                    ));
                }
                _ => {}
            }
        }
        let mut resumed = self.resumed.clone();
        resumed.sort_unstable_by_key(|s| s.index);
        resumed.dedup();
        if let Some(pair) = resumed
            .windows(2)
            .find(|pair| pair[0].index == pair[1].index)
        {
            return bad(format!(
                "subproblem {} is given twice, with different counts",
                pair[0].index
            ));
        }
        self.sum(&resumed, |s| s.total)?;
        self.sum(&resumed, |s| s.fixed)?;
        Ok(resumed)
    }
}

impl fmt::Debug for Counter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Counter")
            .field("n", &self.n)
            .field("threads", &self.threads)
            .field("shard", &self.shard)
            .field("fundamental", &self.fundamental)
            .field("engine", &self.engine)
            .field("memory", &self.memory)
            .field("resumed", &self.resumed.len())
            .field("on_finished", &self.on_finished.is_some())
            .field("cancel", &self.cancel.is_some())
            .field("deadline", &self.deadline)
            .finish()
    }
}

/// The subproblems of a count, as the engine numbers them.
pub(super) enum Work {
    Constellations(Vec<Constellation>),
    /// The join's subproblems, then, when classes are counted, one more: the solutions the
    /// rotations fix, which Burnside's lemma adds to the total.
    Quadrants(Plan, bool),
}

impl Work {
    pub(super) fn new(n: usize, engine: Engine, fundamental: bool) -> Work {
        match engine {
            Engine::Quadrants => Work::Quadrants(Plan::new(n), fundamental),
            _ => Work::Constellations(constellations(n)),
        }
    }

    /// Times up to `samples` parts of the count on this thread, spread evenly over them,
    /// until `budget` runs out (at least one part is timed): for the join, the steps of its
    /// subproblems (one set of south rows each); for constellations, whole subproblems
    /// where they are small, and on larger boards a random path down each subproblem's
    /// search to a part of [`WALK_TO_FREE_ROWS`] free rows, whose time, multiplied by the
    /// branching on the path, estimates the whole subproblem's (Knuth's estimator: right on
    /// average, however long the subproblem).
    ///
    /// Whole tables, where the count would have them, are not built: a step is timed with
    /// only the rows its subproblem reads, as streamed storage builds them, and what a
    /// subproblem builds before its steps is timed apart.
    pub(super) fn sample(
        &self,
        n: usize,
        fundamental: bool,
        samples: usize,
        budget: Duration,
    ) -> Result<Sample, Error> {
        let started = Instant::now();
        let parts = match self {
            Work::Constellations(all) => all.len() as u64,
            Work::Quadrants(plan, _) => plan.steps(),
        };
        let samples = samples.clamp(1, parts.max(1) as usize) as u64;
        let mut sample = Sample {
            parts,
            times: Vec::new(),
            before: 0.0,
            whole: true,
        };
        let (mut before, mut solver) = (Vec::new(), None::<(usize, Solver)>);
        let mut rng = SplitMix64(n as u64);
        let timed = |work: &dyn Fn() -> Result<(), Error>| {
            let started = Instant::now();
            work().map(|()| started.elapsed().as_secs_f64())
        };
        for (timed_before, j) in spread(samples.min(parts)).enumerate() {
            if timed_before > 0 && started.elapsed() >= budget {
                break;
            }
            let index = ((2 * j + 1) * parts / (2 * samples)) as usize;
            match self {
                Work::Constellations(all) => {
                    let (queens, _) = all[index].oriented(n);
                    let interior = Interior::new(n, &queens);
                    if interior.free <= WALK_TO_FREE_ROWS {
                        sample.times.push(timed(&|| {
                            solve(n, index, &all[index], fundamental);
                            Ok(())
                        })?);
                    } else {
                        sample.whole = false;
                        let (part, paths) = walk(interior, &mut rng);
                        sample.times.push(
                            paths
                                * timed(&|| {
                                    count_completions(&part);
                                    Ok(())
                                })?,
                        );
                    }
                }
                Work::Quadrants(plan, _) => {
                    let (subproblem, south) = plan.step(index as u64);
                    let case = plan.case_of(subproblem);
                    if solver.as_ref().is_none_or(|(c, _)| *c != case) {
                        solver = Some((case, Solver::new(plan, case, Storage::Streamed)?));
                    }
                    if let Some((_, solver)) = &solver {
                        let prepare = timed(&|| solver.prepare(subproblem))?;
                        // A step may run for minutes from n = 25: past the budget (or a
                        // second, for the first), it is estimated from the part it ran.
                        let deadline =
                            (started + budget).max(Instant::now() + Duration::from_secs(1));
                        let (step, whole) = solver.time_step(subproblem, south, deadline)?;
                        sample.whole &= whole;
                        before.push(prepare);
                        sample.times.push((step - prepare).max(0.0));
                    }
                }
            }
        }
        sample.before = before.iter().sum::<f64>() / before.len().max(1) as f64;
        Ok(sample)
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Work::Constellations(all) => all.len(),
            Work::Quadrants(plan, rotations) => plan.len() + usize::from(*rotations),
        }
    }
}

/// `0..len` in an order whose every beginning is spread over the whole range (bit-reversed
/// order), so that a sample stopped by its budget still covers the whole count.
fn spread(len: u64) -> impl Iterator<Item = u64> {
    let bits = len.next_power_of_two().trailing_zeros();
    (0..len.next_power_of_two())
        .map(move |k| k.reverse_bits().checked_shr(64 - bits).unwrap_or(0))
        .filter(move |&j| j < len)
}

/// A constellation subproblem with more free rows than this is timed by a random path down
/// its search to a part with this many: a part takes at most milliseconds, where a whole
/// subproblem takes seconds at n = 21 and grows five to eight times with each n.
pub(super) const WALK_TO_FREE_ROWS: usize = 14;

/// A random path from `interior` down its search, a queen on a random open square of the
/// first free row at a time, to a board of [`WALK_TO_FREE_ROWS`] free rows (or one with no
/// open square left): that board, and how many such boards the search has per board
/// reached by the path (the product of the choices along it), 0 for a dead end.
fn walk(mut interior: Interior, rng: &mut SplitMix64) -> (Interior, f64) {
    let mut paths = 1.0;
    while interior.free > WALK_TO_FREE_ROWS {
        let open = interior.open[0];
        let choices = open.count_ones();
        if choices == 0 {
            return (interior, 0.0);
        }
        let mut square = open;
        for _ in 0..rng.exactly_below(u64::from(choices)) {
            square &= square - 1;
        }
        paths *= f64::from(choices);
        interior = interior.with_first_queen(square & square.wrapping_neg());
    }
    (interior, paths)
}

/// The parts of a count timed by [`Work::sample`].
pub(super) struct Sample {
    /// How many parts the count has.
    pub(super) parts: u64,
    /// Seconds of each part timed: measured, or for a constellation subproblem timed by a
    /// random path, estimated.
    pub(super) times: Vec<f64>,
    /// Seconds each subproblem of the join spends before its steps (the mean of those
    /// timed).
    pub(super) before: f64,
    /// Whether every part timed was timed whole.
    pub(super) whole: bool,
}

/// The number of subproblems of a count of `n` by `engine` (not [`Engine::Auto`]), counting
/// classes or not.
#[cfg(feature = "serde")]
pub(crate) fn subproblems(n: usize, engine: Engine, fundamental: bool) -> usize {
    Work::new(n, engine, fundamental).len()
}

/// The symmetry classes of a board of `n` with `total` solutions, of which the symmetries
/// other than the identity fix `fixed` (Burnside's lemma).
pub(crate) fn burnside(n: usize, total: u64, fixed: u64) -> Result<u64, Error> {
    match total.checked_add(fixed) {
        Some(sum) if sum.is_multiple_of(8) => Ok(sum / 8),
        _ => Err(Error::Overflow {
            reason: format!(
                "the classes of n = {n} do not come out whole from {total} solutions and {fixed} fixed by symmetries"
            ),
        }),
    }
}

/// Solves the quadrant join's subproblems `todo` (in increasing order) case by case, so
/// that only one case's tables are held at a time.
/// `finished` solves a subproblem unless the count has `stopped` (`None`).
fn run_by_case(
    plan: &Plan,
    storage: Storage,
    pool: &Pool,
    todo: &[usize],
    stopped: &(impl Fn() -> bool + Sync),
    finished: &(
         impl Fn(&dyn Fn() -> Result<Subproblem, Error>) -> Option<Result<Subproblem, Error>> + Sync
     ),
) -> Result<Vec<Option<Result<Subproblem, Error>>>, Error> {
    let mut results = Vec::with_capacity(todo.len());
    let mut rest = todo;
    while let Some(&first) = rest.first() {
        let case = plan.case_of(first);
        let len = rest.partition_point(|&i| plan.case_of(i) == case);
        // A stopped count builds no more tables.
        if stopped() {
            results.extend(std::iter::repeat_n(None, rest.len()));
            break;
        }
        let solver = Solver::new(plan, case, storage)?;
        results.extend(pool.run(&rest[..len], |index| {
            finished(&|| {
                Ok(Subproblem {
                    index,
                    total: solver.solve(index)?,
                    fundamental: None,
                    fixed: 0,
                    engine: Engine::Quadrants,
                })
            })
        }));
        rest = &rest[len..];
    }
    Ok(results)
}

/// The threads a count runs on: rayon's when it can (built once per count), else the
/// calling thread.
struct Pool {
    #[cfg(feature = "parallel")]
    pool: Option<rayon::ThreadPool>,
    threads: usize,
}

impl Pool {
    /// `threads` threads (0: one per core), no more than the `jobs` to run.
    fn new(threads: usize, jobs: usize) -> Pool {
        #[cfg(feature = "parallel")]
        {
            if threads == 0 {
                let threads = rayon::current_num_threads();
                return Pool {
                    pool: None,
                    threads,
                };
            }
            // Threads beyond the subproblems left would only wait.
            let threads = threads.min(jobs).max(1);
            let pool = (threads > 1)
                .then(|| {
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .ok()
                })
                .flatten();
            let threads = if pool.is_some() { threads } else { 1 };
            Pool { pool, threads }
        }
        #[cfg(not(feature = "parallel"))]
        {
            let _ = (threads, jobs);
            Pool { threads: 1 }
        }
    }

    /// How many threads solve subproblems at once.
    fn threads(&self) -> usize {
        self.threads
    }

    /// How many threads a pool of `threads` (0: one per core) has, when there is work enough.
    fn threads_for(threads: usize) -> usize {
        match threads {
            #[cfg(feature = "parallel")]
            0 => rayon::current_num_threads(),
            #[cfg(not(feature = "parallel"))]
            _ => 1,
            #[cfg(feature = "parallel")]
            threads => threads,
        }
    }

    /// Solves the subproblems `todo`: one list, consumed by rayon when there is more than
    /// one thread, else by a loop on this thread.
    fn run<T: Send>(&self, todo: &[usize], solve_one: impl Fn(usize) -> T + Sync) -> Vec<T> {
        #[cfg(feature = "parallel")]
        if self.threads > 1 {
            use rayon::prelude::*;
            let work = || {
                todo.par_iter()
                    .with_max_len(1)
                    .map(|&i| solve_one(i))
                    .collect()
            };
            return match &self.pool {
                Some(pool) => pool.install(work),
                None => work(),
            };
        }
        todo.iter().map(|&i| solve_one(i)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::spread;

    #[test]
    fn spread_visits_each_part_once_and_any_beginning_covers_the_range() {
        for len in 0..300 {
            let order: Vec<u64> = spread(len).collect();
            for m in 1..=order.len() {
                // The first m parts timed leave no gap over twice an even spread's.
                let mut chosen = order[..m].to_vec();
                chosen.sort_unstable();
                chosen.push(len);
                let gap = chosen.windows(2).map(|w| w[1] - w[0]).max().unwrap();
                assert!(
                    gap.max(chosen[0]) as usize <= 2 * len as usize / m + 1,
                    "len {len}, first {m}: {:?}",
                    &order[..m]
                );
            }
            let mut all = order;
            all.sort_unstable();
            assert_eq!(all, (0..len).collect::<Vec<_>>());
        }
    }
}

//! The [`Counter`] builder: threads, shards, progress reports and resuming, and what a
//! count returns.

use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use crate::bitboard::check_size;
use crate::counting::engines::engine::Engine;
use crate::counting::engines::quadrants::Storage;
use crate::counting::engines::work::{Classes, Work, sum};
use crate::counting::engines::{self, work};
use crate::counting::resuming::checkpoint::Checkpoint;
use crate::counting::resuming::shard::Shard;
use crate::counting::running::pool::Pool;
use crate::counting::running::subproblems::Subproblem;
use crate::counting::simd::Kernels;
use crate::error::Error;

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
    checkpoint: Option<Arc<Checkpoint>>,
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

    /// The largest board a count takes: Q(28), about 2.5e18, fits in a `u64` (at most
    /// about 1.8e19) and Q(29), about 2.7e19, does not, so [`Counter::validate`] and
    /// [`Counter::run`] refuse larger boards before any work starts ([`Counter::estimate`]
    /// still plans them).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Error, counting::Counter};
    ///
    /// let refused = Counter::new(Counter::MAX_N + 1)?.validate();
    /// assert!(matches!(refused, Err(Error::Overflow { .. })));
    /// assert!(Counter::new(Counter::MAX_N + 1)?.estimate(1).is_ok());
    /// # Ok::<(), Error>(())
    /// ```
    pub const MAX_N: usize = 28;

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
            engine: Engine::default(),
            memory: None,
            resumed: Vec::new(),
            checkpoint: None,
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
        engines::choose(self.engine, self.n)
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

    /// Keeps a checkpoint in the file at `path` (see [`Checkpoint`]): opens it, or creates
    /// it, resumes every subproblem it holds, and has [`Counter::run`] record each subproblem
    /// as it finishes, so that a count stopped by a crash, a kill or a batch system's requeue
    /// goes on where it stopped. Call it once the count is set up (board, shard, classes,
    /// engine), since the checkpoint belongs to that count.
    ///
    /// # Errors
    ///
    /// Those of [`Checkpoint::open`], and [`Error::BadResume`] when what the file holds
    /// does not fit the count.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Counter;
    ///
    /// let dir = tempfile::tempdir()?;
    /// let path = dir.path().join("n11.checkpoint");
    /// let first = Counter::new(11)?.checkpoint(&path)?;
    /// assert_eq!(first.resumed_subproblems(), 0);
    /// assert_eq!(first.run()?.total, 2680);
    /// drop(first); // the file is locked while its counter lives
    /// let again = Counter::new(11)?.checkpoint(&path)?;
    /// assert_eq!(again.resumed_subproblems(), again.total_subproblems()?);
    /// assert_eq!(again.run()?.total, 2680);
    /// assert!(again.checkpoint_failure().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn checkpoint(self, path: impl AsRef<Path>) -> Result<Counter, Error> {
        let checkpoint = Checkpoint::open(path.as_ref(), &self)?;
        let counter = self.resume(checkpoint.resumed().iter().copied());
        counter.validate()?;
        Ok(Counter {
            checkpoint: Some(Arc::new(checkpoint)),
            ..counter
        })
    }

    /// How many subproblems the count takes as done: resumed, or read from its checkpoint.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Counter;
    ///
    /// assert_eq!(Counter::new(9)?.resumed_subproblems(), 0);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn resumed_subproblems(&self) -> usize {
        self.resumed.len()
    }

    /// Why the checkpoint lacks some subproblems the count finished (a full disk, say), if
    /// it does: the count is right, but a later run would count those again.
    ///
    /// # Examples
    ///
    /// ```
    /// let counter = queens::counting::Counter::new(8)?;
    /// counter.run()?;
    /// assert!(counter.checkpoint_failure().is_none()); // no checkpoint, no failure
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn checkpoint_failure(&self) -> Option<Error> {
        self.checkpoint.as_ref()?.sync().err()
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
        let engine = self.chosen_engine()?;
        let threads = Pool::threads_for(self.threads);
        Ok(engines::memory_needed(self.n, engine, threads, self.memory))
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
        Ok(work(self.n, self.chosen_engine()?, self.fundamental).len())
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
    /// [`Error::TooManyThreads`], [`Error::Unsupported`], [`Error::NotEnoughMemory`],
    /// [`Error::BadResume`], and [`Error::Overflow`] above [`Counter::MAX_N`].
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
        let engine = self.counted_engine()?;
        if !self.resumed.is_empty() {
            let work = work(self.n, engine, self.fundamental);
            self.checked_resumed(&self.mine(work.as_ref()), work.as_ref(), engine)?;
        }
        Ok(engine)
    }

    /// The engine, once the count is known to be accepted and its total to fit in 64 bits.
    fn counted_engine(&self) -> Result<Engine, Error> {
        let engine = self.accepted_engine()?;
        if self.n > Self::MAX_N {
            return Err(Error::Overflow {
                reason: format!(
                    "the count of n = {} exceeds 2^64 - 1 (Q(29) is about 2.7e19), the most \
                     this counter's totals hold; it counts boards up to n = {}",
                    self.n,
                    Self::MAX_N
                ),
            });
        }
        Ok(engine)
    }

    /// The engine, once the shard, threads, kernels and memory are known to be accepted.
    pub(crate) fn accepted_engine(&self) -> Result<Engine, Error> {
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
        let engine = self.counted_engine()?;
        let work = work(self.n, engine, self.fundamental);
        let mine = self.mine(work.as_ref());
        let resumed = self.checked_resumed(&mine, work.as_ref(), engine)?;
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
            if let Some(checkpoint) = &self.checkpoint {
                // A failure is kept, and said by `checkpoint_failure`: the count goes on.
                let _ = checkpoint.record(&result);
            }
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
        let results = work.count(&todo, &pool, storage, &|| self.stopped(), &finished)?;
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
        if let Some(checkpoint) = &self.checkpoint {
            // Synced now, so that a count that returns is on the disk; a failure is kept.
            let _ = checkpoint.sync();
        }
        let mut everything: Vec<Subproblem> = results.into_iter().flatten().collect();
        everything.extend(resumed);
        let total = sum(self.n, &everything, |s| s.total)?;
        let Classes { fundamental, fixed } =
            work.classes(&everything, total, self.shard.is_whole())?;
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

    /// How the engine keeps its tables on `threads` threads, here.
    pub(crate) fn storage(&self, engine: Engine, threads: usize) -> Result<Storage, Error> {
        engines::storage(self.n, engine, threads, self.memory)
    }

    /// Whether the count counts symmetry classes.
    pub(crate) fn counts_classes(&self) -> bool {
        self.fundamental
    }

    /// How many threads the count runs on, when there is work enough.
    pub(crate) fn threads_used(&self) -> usize {
        Pool::threads_for(self.threads)
    }

    pub(crate) fn shard_counted(&self) -> Shard {
        self.shard
    }

    /// The subproblems of this count's shard, in increasing order.
    fn mine(&self, work: &dyn Work) -> Vec<usize> {
        let Shard { index, of } = self.shard;
        (index..work.len()).step_by(of).collect()
    }

    /// The resumed results, each once and sorted by index, once they are known to fit this
    /// count.
    fn checked_resumed(
        &self,
        mine: &[usize],
        work: &dyn Work,
        engine: Engine,
    ) -> Result<Vec<Subproblem>, Error> {
        let bad = |reason: String| Err(Error::BadResume { reason });
        if let Some(s) = self.resumed.iter().find(|s| s.engine != engine) {
            return bad(format!(
                "subproblem {} was counted by the {} engine, but this count uses the {engine} engine",
                s.index, s.engine
            ));
        }
        for s in &self.resumed {
            if let Some(reason) = s.check_plausible().err().or_else(|| work.implausible(s)) {
                return bad(reason);
            }
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
        sum(self.n, &resumed, |s| s.total)?;
        sum(self.n, &resumed, |s| s.fixed)?;
        Ok(resumed)
    }
}

impl Checkpoint {
    /// Opens the checkpoint of the count `counter` will do (its board size, shard and
    /// engine), creating it if `path` does not exist or is empty.
    ///
    /// The file is locked against other processes for as long as the `Checkpoint` lives. A
    /// last line cut short by a crash is dropped.
    ///
    /// # Errors
    ///
    /// [`Error::Checkpoint`], naming the file, when it is not a regular file, is not a
    /// checkpoint (it is then left untouched), belongs to another count, is in use by another
    /// process, holds a damaged or impossible line, or cannot be read or written; those of
    /// [`Counter::run`] for a count that cannot run (a shard that does not exist, an engine
    /// that cannot do it).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Checkpoint;
    ///
    /// let dir = tempfile::tempdir()?;
    /// let notes = dir.path().join("notes.txt");
    /// std::fs::write(&notes, "my notes\n")?;
    /// let err = Checkpoint::open(&notes, &queens::counting::Counter::new(8)?).unwrap_err();
    /// assert!(err.to_string().contains("not a queens checkpoint"));
    /// assert_eq!(std::fs::read_to_string(&notes)?, "my notes\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(path: &Path, counter: &Counter) -> Result<Checkpoint, Error> {
        let Shard { index: shard, of } = counter.shard;
        // Nothing is created for a count that would be refused.
        let engine = counter.validate()?;
        // A count of classes has one more subproblem (the join's rotations): its record is
        // read, and the count says which flag resumes it.
        let all = counter.clone().fundamental(true).total_subproblems()?;
        // Room for either engine's subproblems: a checkpoint the other engine wrote (an
        // older build's choice for this n) is refused for its engine, not its size.
        let most = engines::COUNTING
            .into_iter()
            .filter_map(|engine| counter.clone().engine(engine).total_subproblems().ok())
            .fold(all, usize::max);
        Checkpoint::create(path, (counter.n, shard, of), engine, (all, most))
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
            .field("checkpoint", &self.checkpoint.as_ref().map(|c| c.path()))
            .field("on_finished", &self.on_finished.is_some())
            .field("cancel", &self.cancel.is_some())
            .field("deadline", &self.deadline)
            .finish()
    }
}

/// The number of subproblems of a count of `n` by `engine` (not [`Engine::Auto`]), counting
/// classes or not.
#[cfg(feature = "serde")]
pub(crate) fn subproblems(n: usize, engine: Engine, fundamental: bool) -> usize {
    work(n, engine, fundamental).len()
}

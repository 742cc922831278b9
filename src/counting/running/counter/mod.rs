//! The [`Counter`] builder: threads, shards, progress reports and resuming, and what a
//! count returns.

use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::bitboard::check_size;
use crate::counting::contract::counts::Counts;
use crate::counting::contract::engine::Engine;
use crate::counting::contract::shard::Shard;
use crate::counting::contract::subproblem::Subproblem;
use crate::counting::contract::work::Work;
use crate::counting::engines::{self};
use crate::counting::resuming::checkpoint::Checkpoint;
use crate::error::Error;

mod run;

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
    audit: bool,
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
            audit: false,
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

    /// Audits the count: a sample of its own parts, drawn from its board, shard and engine,
    /// counted again by another path (the portable code, where the count runs on vector
    /// kernels), aiming at 1% of the count's time and staying under 3% (a part overshoots it:
    /// `examples/count_bench.rs` prints the share). The parts that agreed are in
    /// [`Counts::audit`], and a [`ShardRecord`](crate::counting::ShardRecord) carries them,
    /// for [`ShardRecord::verify`](crate::counting::ShardRecord::verify) to count again on
    /// another machine. Off by default; `queens count` audits unless told not to.
    ///
    /// [`Counter::run`] fails with [`Error::AuditFailed`] where a part's two counts
    /// disagree: the machine cannot be trusted with the count.
    ///
    /// # Examples
    ///
    /// ```
    /// let counts = queens::counting::Counter::new(17)?.shard(3, 8).audit(true).run()?;
    /// let audit = counts.audit.expect("asked for");
    /// assert!(!audit.agreed.is_empty() && audit.agreed.iter().all(|part| part.subproblem % 8 == 3));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn audit(self, audit: bool) -> Counter {
        Counter { audit, ..self }
    }

    /// Counts with `engine` rather than the one [`Engine::Auto`] picks.
    ///
    /// [`Counter::run`] fails with [`Error::Unsupported`] if the engine cannot do the count
    /// (the quadrant join for a board above its [`Engine::largest_n`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Engine};
    ///
    /// let counts = Counter::new(13)?.fundamental(false).engine(Engine::Quadrants).run()?;
    /// assert_eq!((counts.total, counts.engine), (73712, Engine::Quadrants));
    /// assert!(Counter::new(Engine::Quadrants.largest_n() + 1)?.engine(Engine::Quadrants).run().is_err());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn engine(self, engine: Engine) -> Counter {
        Counter { engine, ..self }
    }

    /// The engine [`Counter::run`] will count with: the one asked for, or for
    /// [`Engine::Auto`] the quadrant join for the boards of its [`Engine::auto_boards`] (n = 14
    /// to 28), and the constellation engine otherwise.
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
    /// Without it, the join keeps to 4 GiB, on any number of threads: where a step of a
    /// subproblem a thread would need more, the threads count each step together, its rows
    /// built once for all of them, in smaller batches (n = 28 on 64 threads: about 3 GiB).
    /// Give more to let each thread count steps of its own.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Engine};
    ///
    /// let small = Counter::new(16)?.threads(1).memory(4 << 20);
    /// assert!(small.memory_needed()? <= 4 << 20);
    /// assert!(Counter::new(16)?.threads(1).memory_needed()? > 4 << 20);
    /// assert_eq!(small.run()?.total, 14_772_512);
    ///
    /// let node = Counter::new(28)?.engine(Engine::Quadrants).threads(64);
    /// assert!(node.memory_needed()? <= 4 << 30);
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
        let engine = self.counted_engine()?;
        let work = self.work_of(engine);
        self.check_resumed_with(engine, work.as_ref())?;
        self.checkpoint_with(path.as_ref(), engine, work.as_ref())
    }

    /// [`Counter::checkpoint`] for a count its checks accepted, with `engine`, whose
    /// subproblems are `work`: the records resumed are checked, the settings not again.
    pub(crate) fn checkpoint_with(
        self,
        path: &Path,
        engine: Engine,
        work: &dyn Work,
    ) -> Result<Counter, Error> {
        let checkpoint = Checkpoint::open_with(path, &self, engine, work)?;
        let counter = self.resume(checkpoint.resumed().iter().copied());
        counter.check_resumed_with(engine, work)?;
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

    /// How many parts of the subproblems read from its checkpoint the run that wrote it
    /// audited: the count's [`Audit`](crate::counting::Audit) lists them with its own, but
    /// its time is this run's alone.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::counting::Counter::new(9)?.resumed_audited_parts(), 0);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn resumed_audited_parts(&self) -> usize {
        self.checkpoint
            .as_ref()
            .map_or(0, |checkpoint| checkpoint.audited().len())
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

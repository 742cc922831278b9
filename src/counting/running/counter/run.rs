//! What a count does with its settings: checks them, sizes the count, and runs it.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::counting::contract::audit::{self, Auditor};
use crate::counting::contract::engine::Engine;
use crate::counting::contract::pool::Pool;
use crate::counting::contract::shard::Shard;
use crate::counting::contract::subproblem::Subproblem;
use crate::counting::contract::work::{Classes, Job, Work, sum};
use crate::counting::engines;
use crate::counting::resuming::checkpoint::Checkpoint;
use crate::counting::simd::Kernels;
use crate::error::{Error, Refusal};

use super::{Counter, Counts, Progress};

impl Counter {
    /// Bytes of memory the count's tables need on the threads it runs on: the quadrant
    /// join's (shared by the threads, plus a table of half-boards each), or within the
    /// bound of [`Counter::memory`] (4 GiB if not given) where they exceed it, what the
    /// process needs to build only the rows each subproblem reads, its threads counting
    /// steps of their own or, where that would not fit, each step together; 0 for the
    /// constellation engine. [`Counter::run`]
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
    /// assert!(one > 250_000_000 && eight >= one); // more with the `parallel` feature
    /// assert_eq!(Counter::new(13)?.memory_needed()?, 0); // constellations
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn memory_needed(&self) -> Result<u64, Error> {
        let engine = self.chosen_engine()?;
        let threads = Pool::threads_for(self.threads);
        Ok(engines::method(engine).memory_needed(self.n, threads, self.memory))
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
        Ok(self.work_of(self.chosen_engine()?).len())
    }

    /// The subproblems of this count by `engine`: built once for each count, and handed
    /// down to whatever runs, plans or checkpoints it.
    pub(crate) fn work_of(&self, engine: Engine) -> Box<dyn Work> {
        engines::work(self.n, engine, self.fundamental)
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
            self.check_resumed_with(engine, self.work_of(engine).as_ref())?;
        }
        Ok(engine)
    }

    /// Whether the resumed results fit this count by `engine`, whose subproblems are `work`.
    pub(crate) fn check_resumed_with(&self, engine: Engine, work: &dyn Work) -> Result<(), Error> {
        self.checked_resumed(&self.mine(work), work, engine)
            .map(drop)
    }

    /// The engine, once the count is known to be accepted and its total to fit in 64 bits.
    pub(crate) fn counted_engine(&self) -> Result<Engine, Error> {
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
        #[cfg(target_arch = "x86_64")]
        crate::counting::simd::cache::from_environment()?;
        let method = engines::method(engine);
        if self.fundamental && !method.counts_classes() {
            return Err(Error::Unsupported {
                reason: format!(
                    "the {engine} engine counts solutions, not symmetry classes; count \
                     solutions alone, or with another engine"
                ),
            });
        }
        method.fits(self.n, self.threads_used(), self.memory)?;
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
        self.run_with(engine, self.work_of(engine).as_ref())
    }

    /// Runs the count with `engine`, the one its checks accepted, whose subproblems are
    /// `work`.
    pub(crate) fn run_with(&self, engine: Engine, work: &dyn Work) -> Result<Counts, Error> {
        let mine = self.mine(work);
        let resumed = self.checked_resumed(&mine, work, engine)?;
        let todo: Vec<usize> = mine
            .iter()
            .copied()
            .filter(|i| resumed.binary_search_by_key(i, |s| s.index).is_err())
            .collect();
        let pool = Pool::new(self.threads, todo.len());
        let done = AtomicUsize::new(resumed.len());
        // Whole subproblems are audited here, unless the engine audits its own parts.
        let parts = match work.audits_parts() {
            true => todo.iter().map(|&i| work.parts_of(i)).sum(),
            false => todo.len() as u64,
        };
        let auditor = self.audit.then(|| {
            let seed = audit::seed(self.n, self.shard, engine);
            let earlier = (self.checkpoint.as_ref()).map_or(&[][..], |c| c.audited());
            let kernels = engines::method(engine).kernels_here(self.n).is_some();
            Auditor::new(self.n, seed, parts, kernels, earlier)
        });
        let finished = |result: Subproblem| {
            if let Some(checkpoint) = &self.checkpoint {
                // A subproblem's audited parts first, so that a resumed count keeps them
                // only with it. A failure is kept, and said by `checkpoint_failure`: the
                // count goes on.
                if let Some(auditor) = &auditor {
                    let parts = auditor.agreed_of(result.index);
                    let _ = checkpoint.record_audited(auditor.by(), &parts);
                }
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
        let whole = auditor.as_ref().filter(|_| !work.audits_parts());
        // Each subproblem starts only if the count is not stopped.
        let finished = |solve: &dyn Fn() -> Result<Subproblem, Error>| {
            (!self.stopped()).then(|| {
                match whole {
                    Some(auditor) => auditor.subproblem(solve),
                    None => solve(),
                }
                .map(finished)
            })
        };
        let results = work.count(&Job {
            todo: &todo,
            pool: &pool,
            memory: self.memory,
            stopped: &|| self.stopped(),
            finished: &finished,
            audit: auditor.as_ref(),
        })?;
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
            audit: auditor.map(Auditor::finish),
        })
    }

    /// The bound of [`Counter::memory`], if set.
    pub(crate) fn memory_limit(&self) -> Option<u64> {
        self.memory
    }

    pub(crate) fn board_size(&self) -> usize {
        self.n
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
        let bad = |reason: String| {
            Err(Error::BadResume {
                reason,
                advice: &[],
            })
        };
        if let Some(s) = self.resumed.iter().find(|s| s.engine != engine) {
            return bad(format!(
                "subproblem {} was counted by the {} engine, but this count uses the {engine} engine",
                s.index, s.engine
            ));
        }
        for s in &self.resumed {
            let refusal = s.check_plausible().err().map(Refusal::from);
            if let Some(Refusal { reason, advice }) = refusal.or_else(|| work.implausible(s)) {
                return Err(Error::BadResume { reason, advice });
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
        // Nothing is created for a count that would be refused.
        let engine = counter.counted_engine()?;
        let work = counter.work_of(engine);
        counter.check_resumed_with(engine, work.as_ref())?;
        Checkpoint::open_with(path, counter, engine, work.as_ref())
    }

    /// [`Checkpoint::open`] for a count its checks accepted, with `engine`, whose
    /// subproblems are `work`.
    pub(crate) fn open_with(
        path: &Path,
        counter: &Counter,
        engine: Engine,
        work: &dyn Work,
    ) -> Result<Checkpoint, Error> {
        let Shard { index: shard, of } = counter.shard;
        // A count of classes may have more subproblems (the join's rotations): their
        // records are read, and the count says which flag resumes them.
        Checkpoint::create(path, (counter.n, shard, of), engine, work.recordable())
    }
}

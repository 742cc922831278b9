//! A count checked and sized once, before any work: what runs it, and what the front ends
//! say before it starts.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use crate::counting::contract::counts::Counts;
use crate::counting::contract::engine::Engine;
use crate::counting::contract::subproblem::Subproblem;
use crate::counting::contract::work::Work;
use crate::counting::running::choices::Choices;
use crate::counting::running::counter::{Counter, Progress};
use crate::counting::running::estimate::Estimate;
use crate::error::Error;

/// A count checked and sized once, by [`Counter::prepare`]: its engine, its subproblems,
/// the memory it needs and what it should say before it starts. It owns the engine's
/// prepared work, built once: its checkpoint and its run use that same work, without
/// checking the settings again.
///
/// # Examples
///
/// ```
/// use queens::counting::{Counter, Engine};
///
/// let prepared = Counter::new(14)?.fundamental(false).shard(0, 4).prepare()?;
/// assert_eq!(prepared.engine(), Engine::Quadrants);
/// assert!(prepared.subproblems() * 4 >= prepared.total_subproblems());
/// assert!(prepared.warnings().is_empty());
/// assert!(prepared.run()?.total > 0);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "a prepared count counts nothing until `run` is called"]
pub struct Prepared {
    counter: Counter,
    engine: Engine,
    work: PreparedWork,
    subproblems: usize,
    memory_needed: u64,
    warnings: Vec<Warning>,
}

/// The engine's work for the count, shared by the clones of a [`Prepared`].
#[derive(Clone)]
struct PreparedWork(Arc<dyn Work>);

impl fmt::Debug for PreparedWork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Work {{ subproblems: {} }}", self.0.len())
    }
}

/// What a count should say before it starts, decided by the library so that every front
/// end says the same ([`Prepared::warnings`]).
///
/// # Examples
///
/// ```
/// use queens::counting::{Counter, Warning};
///
/// let prepared = Counter::new(28)?.prepare()?;
/// let Some(Warning::LongCount(estimate)) = prepared.warnings().first() else {
///     panic!("a count of n = 28 takes years");
/// };
/// assert!(estimate.hours() > 24.0 * 365.0);
/// assert!(prepared.warnings()[0].to_string().starts_with("this count would take about"));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Warning {
    /// The count would take more than [`Estimate::LONG_HOURS`] on its threads, by this
    /// estimate ([`Counter::forecast`]).
    LongCount(Estimate),
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::LongCount(estimate) => write!(
                f,
                "this count would take about {:.3e} hours on {} thread{} ({})",
                estimate.hours(),
                estimate.threads,
                if estimate.threads == 1 { "" } else { "s" },
                estimate.error_bar()
            ),
        }
    }
}

impl Counter {
    /// Checks the count as [`Counter::validate`] does and sizes it, once: the engine it
    /// counts with (kept, so that its checkpoint, its progress and its count number the
    /// same engine's subproblems), its subproblems, its memory and its warnings (a count
    /// forecast to run a day or more says so: [`Counter::forecast`], which times a sample
    /// for some seconds from n = [`Estimate::FORECAST_FROM`]).
    ///
    /// # Errors
    ///
    /// Those of [`Counter::validate`] and [`Counter::estimate`].
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Error;
    /// use queens::counting::Counter;
    ///
    /// assert_eq!(Counter::new(12)?.prepare()?.run()?.fundamental, Some(1787));
    /// let err = Counter::new(12)?.shard(3, 3).prepare().unwrap_err();
    /// assert_eq!(err, Error::InvalidShard { index: 3, of: 3 });
    /// # Ok::<(), Error>(())
    /// ```
    pub fn prepare(&self) -> Result<Prepared, Error> {
        let engine = self.counted_engine()?;
        let counter = self.clone().engine(engine);
        let work: Arc<dyn Work> = counter.work_of(engine).into();
        counter.check_resumed_with(engine, work.as_ref())?;
        let warnings = counter
            .forecast_with(engine, work.as_ref())?
            .filter(|forecast| forecast.hours() > Estimate::LONG_HOURS)
            .map(Warning::LongCount)
            .into_iter()
            .collect();
        Ok(Prepared {
            engine,
            subproblems: counter.shard_counted().subproblems_of(work.len()),
            work: PreparedWork(work),
            memory_needed: counter.memory_needed()?,
            warnings,
            counter,
        })
    }
}

impl Prepared {
    /// The engine the count counts with ([`Engine::Auto`] chosen for the board).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Engine};
    ///
    /// assert_eq!(Counter::new(8)?.prepare()?.engine(), Engine::Constellations);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// How many subproblems the count's shard has.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Counter;
    ///
    /// let whole = Counter::new(12)?.prepare()?;
    /// let shard = Counter::new(12)?.shard(0, 2).prepare()?;
    /// assert_eq!(whole.subproblems(), whole.total_subproblems());
    /// assert_eq!(shard.subproblems(), whole.subproblems().div_ceil(2));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn subproblems(&self) -> usize {
        self.subproblems
    }

    /// How many subproblems the whole count has, in all shards together.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Counter;
    ///
    /// let shard = Counter::new(12)?.shard(1, 2).prepare()?;
    /// assert_eq!(shard.total_subproblems(), Counter::new(12)?.total_subproblems()?);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn total_subproblems(&self) -> usize {
        self.work.0.len()
    }

    /// Bytes of memory the count needs on its threads ([`Counter::memory_needed`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Engine};
    ///
    /// let join = Counter::new(16)?.engine(Engine::Quadrants).threads(1).prepare()?;
    /// assert!(join.memory_needed() > 1_000_000);
    /// assert_eq!(Counter::new(12)?.prepare()?.memory_needed(), 0); // constellations
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn memory_needed(&self) -> u64 {
        self.memory_needed
    }

    /// What the count chose for this processor: its engine's kernels that run here, the
    /// cache it sized its blocks by, and what its engine chose besides (the join: its
    /// storage, sieve, buckets and how it counts ones).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Counter;
    ///
    /// let choices = Counter::new(20)?.threads(1).memory(100 << 20).prepare()?.choices();
    /// assert!(choices.engine_choices[0].starts_with("only the rows each subproblem reads"));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn choices(&self) -> Choices {
        let counter = &self.counter;
        Choices::of(
            self.engine,
            counter.board_size(),
            counter.threads_used(),
            counter.memory_limit(),
        )
    }

    /// What the count should say before it starts: a front end prints or raises each.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Counter;
    ///
    /// assert!(Counter::new(16)?.prepare()?.warnings().is_empty());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The counter, its engine chosen: to resume it, give it a checkpoint or a way to stop
    /// before running it.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Engine};
    ///
    /// let prepared = Counter::new(16)?.prepare()?;
    /// assert_eq!(prepared.counter().chosen_engine()?, Engine::Quadrants);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn counter(&self) -> &Counter {
        &self.counter
    }

    /// Keeps a checkpoint in the file at `path`, as [`Counter::checkpoint`] does, for this
    /// count's engine: what the file holds is checked and resumed, the settings not again.
    ///
    /// # Errors
    ///
    /// Those of [`Counter::checkpoint`] that concern the file: [`Error::Checkpoint`], naming
    /// it, where it cannot be read, written or locked or is not this count's checkpoint, and
    /// [`Error::BadResume`] where what it holds does not fit the count.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Counter;
    ///
    /// let dir = tempfile::tempdir()?;
    /// let path = dir.path().join("n11.checkpoint");
    /// let first = Counter::new(11)?.prepare()?.checkpoint(&path)?;
    /// assert_eq!((first.resumed_subproblems(), first.run()?.total), (0, 2680));
    /// drop(first); // the file is locked while its count lives
    /// let again = Counter::new(11)?.prepare()?.checkpoint(&path)?;
    /// assert_eq!(again.resumed_subproblems(), again.subproblems());
    /// assert_eq!(again.run()?.total, 2680);
    /// assert!(again.checkpoint_failure().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn checkpoint(self, path: impl AsRef<Path>) -> Result<Prepared, Error> {
        let counter =
            self.counter
                .checkpoint_with(path.as_ref(), self.engine, self.work.0.as_ref())?;
        Ok(Prepared { counter, ..self })
    }

    /// Calls `report` as each subproblem finishes, as [`Counter::on_finished`] does.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use queens::counting::Counter;
    ///
    /// let finished = Arc::new(AtomicUsize::new(0));
    /// let seen = Arc::clone(&finished);
    /// let prepared = Counter::new(12)?.prepare()?;
    /// let prepared = prepared.on_finished(move |_, _| { seen.fetch_add(1, Ordering::Relaxed); });
    /// prepared.run()?;
    /// assert_eq!(finished.load(Ordering::Relaxed), prepared.subproblems());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn on_finished(
        self,
        report: impl Fn(&Subproblem, Progress) + Send + Sync + 'static,
    ) -> Prepared {
        let counter = self.counter.on_finished(report);
        Prepared { counter, ..self }
    }

    /// How many subproblems the count takes as done, resumed from its checkpoint or given
    /// to [`Counter::resume`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::counting::Counter::new(9)?.prepare()?.resumed_subproblems(), 0);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn resumed_subproblems(&self) -> usize {
        self.counter.resumed_subproblems()
    }

    /// How many parts of the subproblems read from its checkpoint the run that wrote it
    /// audited ([`Counter::resumed_audited_parts`]).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::counting::Counter::new(9)?.prepare()?.resumed_audited_parts(), 0);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn resumed_audited_parts(&self) -> usize {
        self.counter.resumed_audited_parts()
    }

    /// Why the checkpoint missed a record, if it did ([`Counter::checkpoint_failure`]): the
    /// count is right, but a rerun would count that subproblem again.
    ///
    /// # Examples
    ///
    /// ```
    /// let prepared = queens::counting::Counter::new(9)?.prepare()?;
    /// prepared.run()?;
    /// assert!(prepared.checkpoint_failure().is_none());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn checkpoint_failure(&self) -> Option<Error> {
        self.counter.checkpoint_failure()
    }

    /// Runs the count with its engine.
    ///
    /// # Errors
    ///
    /// Those of [`Counter::run`] that come after the checks ([`Error::OutOfMemory`],
    /// [`Error::Overflow`], [`Error::Cancelled`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Counter;
    ///
    /// assert_eq!(Counter::new(10)?.fundamental(false).prepare()?.run()?.total, 724);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn run(&self) -> Result<Counts, Error> {
        self.counter.run_with(self.engine, self.work.0.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prepared_count_counts_what_its_counter_counts() -> Result<(), Error> {
        for n in 4..=15 {
            for engine in [Engine::Auto, Engine::Constellations, Engine::Quadrants] {
                for (index, of) in [(0, 1), (1, 3)] {
                    let counter = Counter::new(n)?.engine(engine).shard(index, of).threads(1);
                    let prepared = counter.prepare()?;
                    assert_eq!(prepared.engine(), counter.chosen_engine()?);
                    assert_eq!(prepared.total_subproblems(), counter.total_subproblems()?);
                    assert_eq!(
                        prepared.run()?,
                        counter.run()?,
                        "n = {n}, {engine}, {index}/{of}"
                    );
                    assert_eq!(prepared.run()?.subproblems, prepared.subproblems());
                    assert_eq!(prepared.memory_needed(), counter.memory_needed()?);
                    assert!(prepared.warnings().is_empty());
                }
            }
        }
        Ok(())
    }

    #[test]
    fn a_count_refused_is_refused_before_it_is_prepared() -> Result<(), Error> {
        let refused = [
            Counter::new(12)?.shard(5, 5),
            Counter::new(12)?.threads(Counter::MAX_THREADS + 1),
            Counter::new(Engine::Quadrants.largest_n() + 1)?.engine(Engine::Quadrants),
            Counter::new(Counter::MAX_N + 1)?,
            Counter::new(16)?.threads(1).memory(1),
        ];
        for counter in refused {
            assert_eq!(
                counter.prepare().unwrap_err(),
                counter.validate().unwrap_err()
            );
        }
        Ok(())
    }

    /// A prepared count builds its engine's work once: to size it, forecast it (n = 23 is
    /// forecast), resume its checkpoint and run it.
    #[test]
    fn a_prepared_count_builds_its_work_once() -> Result<(), Box<dyn std::error::Error>> {
        use crate::counting::engines::tests::builds;
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("n12.checkpoint");
        for engine in [Engine::Constellations, Engine::Quadrants] {
            let counter = Counter::new(12)?.engine(engine).threads(1).resume([]);
            let once = builds(|| {
                let prepared = counter.prepare().unwrap().checkpoint(&path).unwrap();
                assert_eq!(prepared.run().unwrap().total, 14200);
            });
            assert_eq!(once, 1, "{engine}");
            std::fs::remove_file(&path)?;
        }
        // A forecast (n = 23 and up), with a shard of a thousand subproblems to keep it short.
        let shard = Counter::new(23)?.threads(1).shard(0, 1000);
        let mut forecast = None;
        assert_eq!(builds(|| forecast = Some(shard.prepare().unwrap())), 1);
        assert!(forecast.unwrap().total_subproblems() > 1000);
        Ok(())
    }

    /// A prepared count keeps a checkpoint as its counter does: the same records resumed,
    /// the same file refused for another count, and the count's engine, not Auto's choice
    /// again, named in it.
    #[test]
    fn a_prepared_count_keeps_its_checkpoint_as_its_counter_does()
    -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        for engine in [Engine::Auto, Engine::Constellations, Engine::Quadrants] {
            let path = dir.path().join(format!("{engine}.checkpoint"));
            let half = Counter::new(12)?.engine(engine).shard(0, 2);
            half.prepare()?.checkpoint(&path)?.run()?;
            // The file is shard 0 of 2's: the whole count is another count.
            let whole = Counter::new(12)?.engine(engine);
            let refused = whole.prepare()?.checkpoint(&path).unwrap_err();
            assert_eq!(refused, whole.checkpoint(&path).unwrap_err());
            let again = half.prepare()?.checkpoint(&path)?;
            assert_eq!(again.resumed_subproblems(), again.subproblems());
            assert_eq!(again.run()?, half.run()?);
            drop(again); // the file is locked while its count lives
            let by_counter = half.clone().checkpoint(&path)?;
            assert_eq!(
                by_counter.resumed_subproblems(),
                by_counter.run()?.subproblems
            );
        }
        Ok(())
    }
}

//! [`Estimate`]: what a count would take, from a few of its subproblems timed here.

use std::fmt;
use std::time::{Duration, Instant};

use crate::counting::contract::engine::Engine;
use crate::counting::contract::memory;
use crate::counting::contract::work;
use crate::counting::contract::work::{Sampling, Work};
use crate::counting::engines;
use crate::counting::running::choices::Choices;
use crate::counting::running::counter::Counter;
use crate::error::Error;

/// What a count would take, from a sample of its parts timed here: enough to size a batch
/// job before submitting it. Made by [`Counter::estimate`].
///
/// # Examples
///
/// ```
/// let estimate = queens::counting::Counter::new(12)?.threads(1).estimate(4)?;
/// assert_eq!(estimate.sampled.len(), 4);
/// assert!(estimate.cpu_seconds > 0.0 && estimate.parts >= estimate.subproblems as u64);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Estimate {
    /// The board size.
    pub n: usize,
    /// The engine the count would use.
    pub engine: Engine,
    /// Subproblems of the whole count, in all shards.
    pub subproblems: usize,
    /// Whether each subproblem would build only the rows it reads, the whole tables of the
    /// quadrant join not fitting in the memory allowed.
    pub streamed: bool,
    /// Threads a process of the count runs on.
    pub threads: usize,
    /// Bytes a process of the count needs on its threads: what [`Counter::run`] checks.
    pub memory: u64,
    /// How much this process's peak memory grew while the sample ran on the count's threads
    /// (where the operating system says, and in a process that held no more before): the
    /// rows its parts read, and the join's whole tables where the count builds them.
    pub sampled_peak: Option<u64>,
    /// Seconds of each part of the count timed here, spread evenly over the parts and timed
    /// on the count's threads at once, so that they share the processor as the count's
    /// parts do: subproblems, or for the quadrant join the steps of its subproblems (their
    /// north row sets with one set of south rows). A constellation subproblem too large to
    /// time whole (from about n = 19) is timed along a random path down its search, and its
    /// figure is an estimate (see [`Estimate::exact`]).
    pub sampled: Vec<f64>,
    /// How many such parts the count has.
    pub parts: u64,
    /// CPU seconds of the whole count: the mean sampled time for every part, what each
    /// subproblem does before its parts (building its north row sets, with streamed
    /// storage), and [`Estimate::setup_seconds`].
    pub cpu_seconds: f64,
    /// Seconds the whole count spends before its subproblems: building the whole tables of
    /// the quadrant join where they fit (n <= 22), timed by building them; 0 for the other
    /// engines and streamed storage. The sum of [`Estimate::setups`].
    pub setup_seconds: f64,
    /// The same by the subproblems it comes before: a process spends the seconds of a
    /// range once, if it counts any subproblem in it (the tables of one case of the join).
    pub setups: Vec<(std::ops::Range<usize>, f64)>,
    /// CPU seconds of each subproblem, estimated from its own parts timed and the mean of
    /// all (see [`Estimate::hours_per_shard`]): a shard's are those its subproblems add up
    /// to, so that a plan sizes shards of uneven subproblems by the largest.
    pub subproblem_seconds: Vec<f64>,
    /// Two standard errors of `cpu_seconds` (a 95% interval: two runs' estimates differ
    /// by more than it about one time in six), from the spread of the sampled times; `None`
    /// where it cannot be estimated: fewer than [`Estimate::ERROR_FROM`] parts timed, or
    /// every part timed whole (then `cpu_seconds` is measured, see [`Estimate::exact`]).
    /// The machine's own speed, which varies from run to run (by some 5% on a virtual
    /// machine), is not in it.
    pub error: Option<f64>,
    /// Whether every part was timed, whole: `cpu_seconds` is then a measurement.
    pub exact: bool,
    /// Whether every part timed ran whole. Where not, its figure is estimated: a
    /// constellation subproblem too large to time whole is timed along a random path down
    /// its search, and a step of the join that outlasts the time allowed is stopped and
    /// estimated from the share of its row choices done.
    pub whole: bool,
    /// Wall-clock seconds spent timing the parts.
    pub seconds: f64,
    /// The shards the count is split into.
    pub shards: usize,
    /// What the count chose for this processor ([`Prepared::choices`](crate::counting::Prepared::choices)).
    pub choices: Choices,
}

impl Estimate {
    /// How long [`Counter::estimate`] times parts: once this is spent, no further part
    /// starts (the first always runs), unless fewer than [`Estimate::ERROR_FROM`] parts are
    /// timed: then parts start until that many are, for up to three times as long (a part of
    /// n = 28 takes seconds). Long enough for hundreds of parts from n = 19 on, so that
    /// rare heavy ones are timed too.
    pub const BUDGET: Duration = Duration::from_secs(15);

    /// The most parts a plan times (`queens plan`'s default, and [`Counter::forecast`]'s):
    /// as many as [`Estimate::BUDGET`] allows.
    pub const SAMPLES: usize = 10_000;

    /// The fewest parts timed from whose spread an error bar is given: below it, the
    /// spread of a few parts says little of the rest.
    pub const ERROR_FROM: usize = work::ERROR_FROM;

    /// The smallest board whose count [`Counter::forecast`] estimates: below it a count
    /// takes at most a few CPU-hours, on one thread of a laptop.
    pub const FORECAST_FROM: usize = 23;

    /// A day, in hours: a count whose shard would take longer is worth a word before it
    /// starts.
    pub const LONG_HOURS: f64 = 24.0;

    /// How long [`Counter::forecast`] looks (up to three times as long while fewer than
    /// [`Estimate::ERROR_FROM`] parts are timed): long enough to tell a count of hours from
    /// one of days, short enough that a count does not keep its user waiting to start.
    pub const GLANCE: Duration = Duration::from_secs(2);
}

impl Counter {
    /// Times up to `samples` parts of the count on its threads (at least one; see
    /// [`Estimate::sampled`]), spread evenly over them, and estimates the whole count's CPU
    /// time and memory from them. Parts start only while [`Estimate::BUDGET`] lasts (or,
    /// while fewer than [`Estimate::ERROR_FROM`] are timed, up to three times as long), so
    /// that an estimate takes seconds for every board; [`Counter::estimate_within`] sets
    /// another budget.
    ///
    /// # Errors
    ///
    /// Those of [`Counter::validate`] (but for [`Error::Overflow`] of a board above
    /// [`Counter::MAX_N`]), and those of the subproblems' solving.
    ///
    /// # Examples
    ///
    /// ```
    /// let estimate = queens::counting::Counter::new(16)?.threads(1).memory(4 << 20).estimate(3)?;
    /// assert!(estimate.streamed && estimate.memory <= 4 << 20);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn estimate(&self, samples: usize) -> Result<Estimate, Error> {
        self.estimate_within(samples, Estimate::BUDGET)
    }

    /// [`Counter::estimate`], starting parts only while `budget` lasts (or, for an error bar's
    /// worth of parts, up to three times as long).
    ///
    /// # Errors
    ///
    /// Those of [`Counter::estimate`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// // Each subproblem of n = 40 is timed along a random path: milliseconds, not years.
    /// let estimate = queens::counting::Counter::new(40)?.estimate_within(3, Duration::ZERO)?;
    /// assert_eq!(estimate.sampled.len(), 1);
    /// assert!(!estimate.exact && estimate.error.is_none());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn estimate_within(&self, samples: usize, budget: Duration) -> Result<Estimate, Error> {
        // Checked as a count is, but for the size of its total: a plan of n = 29 or more
        // says what the count would take.
        let engine = self.accepted_engine()?;
        let work = engines::work(self.board_size(), engine, self.counts_classes());
        self.estimate_with(engine, work.as_ref(), samples, budget)
    }

    /// [`Counter::estimate_within`] for a count its checks accepted, with `engine` and its
    /// `work`.
    fn estimate_with(
        &self,
        engine: Engine,
        work: &dyn Work,
        samples: usize,
        budget: Duration,
    ) -> Result<Estimate, Error> {
        let n = self.board_size();
        let threads = self.threads_used();
        let peak_before = memory::peak();
        let started = Instant::now();
        let sample = work.sample(&Sampling {
            samples,
            budget,
            threads,
            memory: self.memory_limit(),
        })?;
        let seconds = started.elapsed().as_secs_f64();
        let sampled_peak = memory::peak()
            .zip(peak_before)
            .map(|(after, before)| after.saturating_sub(before));
        let times = &sample.times;
        let setup = sample
            .setups
            .iter()
            .map(|(_, seconds)| seconds)
            .sum::<f64>();
        // Folded from +0.0: an empty sum of floats is -0.0.
        let mean = times.iter().fold(0.0, |sum, t| sum + t) / times.len().max(1) as f64;
        let variance =
            times.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (times.len().max(2) - 1) as f64;
        let exact = sample.whole && times.len() as u64 == sample.parts;
        let error = (times.len() >= Estimate::ERROR_FROM && !exact)
            .then(|| 2.0 * (variance / times.len() as f64).sqrt() * sample.parts as f64);
        Ok(Estimate {
            n,
            engine,
            streamed: sample.tables_per_subproblem,
            threads,
            memory: sample.memory,
            sampled_peak,
            subproblems: work.len(),
            cpu_seconds: mean * sample.parts as f64 + sample.overhead * work.len() as f64 + setup,
            setup_seconds: setup,
            setups: sample.setups.clone(),
            subproblem_seconds: work::subproblem_seconds(work, &sample),
            error,
            exact,
            whole: sample.whole,
            seconds,
            shards: self.shard_counted().of,
            choices: Choices::of(engine, n, threads, self.memory_limit()),
            sampled: sample.times,
            parts: sample.parts,
        })
    }
}

impl Counter {
    /// An estimate of a count that may run long, so that a program can say so before it
    /// starts: up to [`Estimate::SAMPLES`] parts timed in [`Estimate::GLANCE`], a glance
    /// where a plan looks for [`Estimate::BUDGET`] (its error bar is wider: enough to tell
    /// hours from days); `None` below [`Estimate::FORECAST_FROM`], where every count is
    /// short enough to just run.
    ///
    /// # Errors
    ///
    /// Those of [`Counter::estimate`].
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Estimate};
    ///
    /// assert_eq!(Counter::new(16)?.forecast()?, None);
    /// let forecast = Counter::new(30)?.forecast()?.expect("n = 30 is forecast");
    /// assert!(forecast.hours() > Estimate::LONG_HOURS * 365.0);
    ///
    /// // A thousandth of n = 23, minutes of work: a glance says so.
    /// let shard = Counter::new(23)?.threads(1).shard(0, 1000).forecast()?.unwrap();
    /// assert!(shard.hours() < Estimate::LONG_HOURS / 4.0);
    /// assert!(shard.seconds < Estimate::BUDGET.as_secs_f64() / 2.0);
    ///
    /// // A count of half a day is forecast at a glance too, not a plan's 15 s.
    /// let whole = Counter::new(23)?.threads(1).forecast()?.unwrap();
    /// assert!(whole.hours() > 1.0 && whole.seconds < 3.5 * Estimate::GLANCE.as_secs_f64());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn forecast(&self) -> Result<Option<Estimate>, Error> {
        match self.board_size() < Estimate::FORECAST_FROM {
            true => Ok(None),
            false => {
                let engine = self.accepted_engine()?;
                let work = engines::work(self.board_size(), engine, self.counts_classes());
                self.forecast_with(engine, work.as_ref())
            }
        }
    }

    /// [`Counter::forecast`] for a count its checks accepted, with `engine` and its `work`.
    pub(crate) fn forecast_with(
        &self,
        engine: Engine,
        work: &dyn Work,
    ) -> Result<Option<Estimate>, Error> {
        if self.board_size() < Estimate::FORECAST_FROM {
            return Ok(None);
        }
        // A glance, not a plan's look: the user waits for it (issue 77: 19 s before a
        // count of n = 23 started).
        self.estimate_with(engine, work, Estimate::SAMPLES, Estimate::GLANCE)
            .map(Some)
    }
}

impl Estimate {
    /// Hours the count's shard would take on its threads (the shard and threads of the
    /// [`Counter`] that made the estimate).
    ///
    /// # Examples
    ///
    /// ```
    /// let estimate = queens::counting::Counter::new(10)?.threads(2).shard(0, 4).estimate(2)?;
    /// assert_eq!(estimate.hours(), estimate.hours_per_shard(4, estimate.threads));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn hours(&self) -> f64 {
        self.hours_per_shard(self.shards, self.threads)
    }

    /// Hours the largest of `shards` shards would take on `threads` threads: the most its
    /// subproblems add up to ([`Estimate::subproblem_seconds`]; shard `s` counts subproblems
    /// `s`, `s + shards`, ...) shared by the threads, and the setup of the cases they are of
    /// ([`Estimate::setups`]). No fewer however many shards: a shard counts one subproblem
    /// at least, or none.
    ///
    /// # Examples
    ///
    /// ```
    /// let estimate = queens::counting::Counter::new(10)?.estimate(1000)?;
    /// let hours = |s: f64| s / 3600.0;
    /// // One shard is the whole count; more shards than subproblems, its largest subproblem.
    /// let whole = estimate.hours_per_shard(1, 1);
    /// assert!((whole - hours(estimate.cpu_seconds)).abs() < 1e-12);
    /// let largest = estimate.subproblem_seconds.iter().fold(0.0, |a: f64, &b| a.max(b));
    /// let one_each = estimate.hours_per_shard(10 * estimate.subproblems, 1);
    /// assert!(one_each >= hours(largest) && one_each <= hours(largest + estimate.setup_seconds));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn hours_per_shard(&self, shards: usize, threads: usize) -> f64 {
        self.seconds_per_shard(shards, threads) / 3600.0
    }

    /// Seconds of [`Estimate::hours_per_shard`].
    fn seconds_per_shard(&self, shards: usize, threads: usize) -> f64 {
        self.largest_shard(shards, threads).0
    }

    /// The seconds of the largest of `shards` shards on `threads` threads, and of them its
    /// setup.
    fn largest_shard(&self, shards: usize, threads: usize) -> (f64, f64) {
        let shards = shards.max(1);
        (0..shards.min(self.subproblem_seconds.len().max(1)))
            .map(|shard| {
                let seconds = self.subproblem_seconds.iter().skip(shard).step_by(shards);
                let counted = seconds.fold(0.0, |sum, s| sum + s);
                // The setups of the ranges that hold one of its subproblems.
                let setup = self
                    .setups
                    .iter()
                    .filter(|(range, _)| {
                        let first = range.start + (shard + shards - range.start % shards) % shards;
                        first < range.end
                    })
                    .fold(0.0, |sum, (_, s)| sum + s);
                (counted / threads.max(1) as f64 + setup, setup)
            })
            .fold((0.0, 0.0), |largest, shard| match shard.0 > largest.0 {
                true => shard,
                false => largest,
            })
    }

    /// The error bar as a percentage of the estimate, where there is one (see
    /// [`Estimate::error`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let estimate = queens::counting::Counter::new(12)?.estimate(20)?;
    /// assert!(estimate.relative_error().is_some_and(|e| e >= 0.0));
    /// let few = queens::counting::Counter::new(12)?.estimate(4)?;
    /// assert_eq!(few.relative_error(), None);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn relative_error(&self) -> Option<f64> {
        let error = self.error?;
        Some(match self.cpu_seconds > 0.0 {
            true => 100.0 * error / self.cpu_seconds,
            false => 0.0,
        })
    }

    /// What the error bar says: `± 12%`, or why there is none.
    ///
    /// # Examples
    ///
    /// ```
    /// let all = queens::counting::Counter::new(6)?.estimate(1000)?;
    /// assert!(all.exact);
    /// assert_eq!(all.error_bar(), "every part timed: measured, not estimated");
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn error_bar(&self) -> String {
        match self.relative_error() {
            Some(percent) => format!("± {percent:.0}%"),
            None if self.exact => "every part timed: measured, not estimated".into(),
            None => format!(
                "{} timed: no error bar below {}; time more parts for one",
                match self.sampled.len() {
                    1 => "one part".to_string(),
                    parts => format!("{parts} parts"),
                },
                Estimate::ERROR_FROM
            ),
        }
    }

    /// Seconds the sampled parts took here, or for parts timed along a random path, the
    /// seconds estimated for them.
    ///
    /// # Examples
    ///
    /// ```
    /// let estimate = queens::counting::Counter::new(10)?.estimate(3)?;
    /// assert_eq!(estimate.sampled_seconds(), estimate.sampled.iter().sum::<f64>());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn sampled_seconds(&self) -> f64 {
        self.sampled.iter().fold(0.0, |sum, t| sum + t)
    }
}

impl Estimate {
    /// The plan of the count split into `shards` shards, each on the estimate's threads:
    /// its figures one field each, as `queens plan --json` prints them.
    ///
    /// # Examples
    ///
    /// ```
    /// let estimate = queens::counting::Counter::new(12)?.threads(2).estimate(20)?;
    /// let plan = estimate.plan(4);
    /// assert_eq!((plan.shards, plan.engine), (4, "constellations"));
    /// // The largest shard's subproblems, on two threads (or one where the crate is built
    /// // without its `parallel` feature).
    /// let hours = estimate.hours_per_shard(4, estimate.threads);
    /// assert!((plan.seconds_per_shard - hours * 3600.0).abs() <= 1e-9 * plan.seconds_per_shard);
    /// // A fraction of the CPU time, from 20 parts timed (how wide depends on the machine's load).
    /// assert!(plan.error.is_some_and(|e| e.is_finite() && e >= 0.0));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn plan(&self, shards: usize) -> PlanRecord {
        let shards = shards.max(1);
        let (seconds_per_shard, setup_seconds) = self.largest_shard(shards, self.threads);
        PlanRecord {
            n: self.n,
            engine: self.engine.name(),
            subproblems: self.subproblems,
            threads: self.threads,
            memory_bytes: self.memory,
            streamed: self.streamed,
            parts: self.parts,
            parts_timed: self.sampled.len(),
            sampling_seconds: self.seconds,
            cpu_seconds: self.cpu_seconds,
            error: self.relative_error().map(|percent| percent / 100.0),
            exact: self.exact,
            shards,
            subproblems_per_shard: self.subproblems.div_ceil(shards),
            seconds_per_shard,
            setup_seconds,
            countable: self.n <= Counter::MAX_N,
            chosen: self.choices.to_string(),
        }
    }
}

/// A plan's figures, one field each, for a batch script to size its jobs from: what
/// `queens plan --json` prints (with the `serde` feature, it serializes so) and Python's
/// `queens.plan` returns. Made by [`Estimate::plan`].
///
/// # Examples
///
/// ```
/// let plan = queens::counting::Counter::new(10)?.estimate(1000)?.plan(1);
/// assert!(plan.exact && plan.error.is_none());
/// assert_eq!(plan.parts_timed as u64, plan.parts);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct PlanRecord {
    /// The board size.
    pub n: usize,
    /// The engine's name (`quadrants`, `constellations`).
    pub engine: &'static str,
    /// Subproblems of the whole count.
    pub subproblems: usize,
    /// Threads each process runs on.
    pub threads: usize,
    /// Bytes a process needs on its threads.
    pub memory_bytes: u64,
    /// Whether each subproblem builds only the rows it reads (see [`Estimate::streamed`]).
    pub streamed: bool,
    /// Parts of the count (see [`Estimate::parts`]).
    pub parts: u64,
    /// Parts timed.
    pub parts_timed: usize,
    /// Wall-clock seconds the timing took.
    pub sampling_seconds: f64,
    /// CPU seconds of the whole count.
    pub cpu_seconds: f64,
    /// Two standard errors of `cpu_seconds` as a fraction of it, or `None` where none can
    /// be estimated (see [`Estimate::error`]).
    pub error: Option<f64>,
    /// Whether every part was timed, whole (see [`Estimate::exact`]).
    pub exact: bool,
    /// Shards the count is split into.
    pub shards: usize,
    /// Subproblems each shard counts, at most.
    pub subproblems_per_shard: usize,
    /// Wall-clock seconds the largest shard takes on its threads: its subproblems' and the
    /// process's setup (see [`Estimate::hours_per_shard`]).
    pub seconds_per_shard: f64,
    /// Of those, the seconds its process spends before its subproblems (see
    /// [`Estimate::setups`]).
    pub setup_seconds: f64,
    /// Whether [`Counter::run`] counts this board: not above [`Counter::MAX_N`], whose
    /// total exceeds 64 bits (the plan sizes the work all the same).
    pub countable: bool,
    /// What the count chose for this processor, in words ([`Estimate::choices`]).
    pub chosen: String,
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n = {}: {} engine, {} subproblems; {} of {} parts timed in {:.1} s: about {:.3} CPU-hours ({})",
            self.n,
            self.engine,
            self.subproblems,
            self.sampled.len(),
            self.parts,
            self.seconds,
            self.cpu_seconds / 3600.0,
            self.error_bar(),
        )
    }
}

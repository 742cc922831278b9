//! [`Estimate`]: what a count would take, from a few of its subproblems timed here.

use std::fmt;

use super::counter::{Counter, Work};
use super::engine::Engine;
use super::memory;
use super::quadrants::{self, Storage};
use crate::error::Error;

/// What a count would take, from a sample of its subproblems timed here: enough to size a
/// batch job before submitting it. Made by [`Counter::estimate`].
///
/// # Examples
///
/// ```
/// let estimate = queens::Counter::new(12)?.threads(1).estimate(4)?;
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
    /// How much this process's peak memory grew while the sample ran on one thread (where
    /// the operating system says, and in a process that held no more before): a measured
    /// figure for one thread, beside `memory`.
    pub sampled_peak: Option<u64>,
    /// The parts of the count timed here, each on one thread, in seconds: subproblems, or for
    /// the quadrant join the steps of its subproblems (their north row sets with one set of
    /// south rows), spread evenly over the numbering, which goes case by case and, within a
    /// case, by how many rows go east.
    pub sampled: Vec<f64>,
    /// How many such parts the count has.
    pub parts: u64,
    /// CPU seconds of the whole count: the mean sampled time for every part, and what each
    /// subproblem does before its parts (building its north row sets, with streamed
    /// storage); whole tables, where they fit, are built once per case and process
    /// besides.
    pub cpu_seconds: f64,
    /// The standard error of `cpu_seconds`, from the spread of the sampled times.
    pub error: f64,
}

impl Counter {
    /// Times `samples` parts of the count on this thread (at least one; see
    /// [`Estimate::sampled`]), spread evenly over them, and estimates the whole count's CPU
    /// time and memory from them.
    ///
    /// # Errors
    ///
    /// Those of [`Counter::chosen_engine`], [`Error::NotEnoughMemory`] where not even the
    /// streamed join fits, and those of the subproblems' solving.
    ///
    /// # Examples
    ///
    /// ```
    /// let estimate = queens::Counter::new(16)?.threads(1).memory(4 << 20).estimate(3)?;
    /// assert!(estimate.streamed && estimate.memory <= 4 << 20);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn estimate(&self, samples: usize) -> Result<Estimate, Error> {
        let n = self.board_size();
        let engine = self.chosen_engine()?;
        let threads = self.threads_used();
        let storage = self.storage(engine, threads)?;
        let work = Work::new(n, engine, self.counts_classes());
        let peak_before = memory::peak();
        let (times, parts, before) = work.sample(n, self.counts_classes(), storage, samples)?;
        let sampled_peak = memory::peak()
            .zip(peak_before)
            .map(|(after, before)| after.saturating_sub(before));
        // Folded from +0.0: an empty sum of floats is -0.0.
        let mean = times.iter().fold(0.0, |sum, t| sum + t) / times.len().max(1) as f64;
        let variance =
            times.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (times.len().max(2) - 1) as f64;
        let memory = match storage {
            Storage::Streamed => quadrants::streamed_needed(n, threads),
            Storage::Tables => self.memory_needed()?,
        };
        Ok(Estimate {
            n,
            engine,
            streamed: storage == Storage::Streamed,
            threads,
            memory,
            sampled_peak,
            subproblems: work.len(),
            cpu_seconds: mean * parts as f64 + before * work.len() as f64,
            error: (variance / times.len().max(1) as f64).sqrt() * parts as f64,
            sampled: times,
            parts,
        })
    }
}

impl Estimate {
    /// Hours each of `shards` shards would take on `threads` threads.
    ///
    /// # Examples
    ///
    /// ```
    /// let estimate = queens::Counter::new(10)?.estimate(2)?;
    /// assert_eq!(estimate.hours_per_shard(4, 2), estimate.cpu_seconds / 3600.0 / 8.0);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn hours_per_shard(&self, shards: usize, threads: usize) -> f64 {
        self.cpu_seconds / 3600.0 / (shards.max(1) * threads.max(1)) as f64
    }
}

impl Estimate {
    /// The standard error as a percentage of the estimate (0 for an estimate of nothing).
    ///
    /// # Examples
    ///
    /// ```
    /// let estimate = queens::Counter::new(3)?.estimate(4)?;
    /// assert_eq!((estimate.cpu_seconds, estimate.relative_error()), (0.0, 0.0));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn relative_error(&self) -> f64 {
        match self.cpu_seconds > 0.0 {
            true => 100.0 * self.error / self.cpu_seconds,
            false => 0.0,
        }
    }

    /// Seconds the sampled parts took here.
    ///
    /// # Examples
    ///
    /// ```
    /// let estimate = queens::Counter::new(10)?.estimate(3)?;
    /// assert_eq!(estimate.sampled_seconds(), estimate.sampled.iter().sum::<f64>());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn sampled_seconds(&self) -> f64 {
        self.sampled.iter().fold(0.0, |sum, t| sum + t)
    }
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.sampled_seconds();
        write!(
            f,
            "n = {}: {} engine, {} subproblems; {} of {} parts timed in {total:.1} s: about {:.3} CPU-hours (± {:.0}%)",
            self.n,
            self.engine,
            self.subproblems,
            self.sampled.len(),
            self.parts,
            self.cpu_seconds / 3600.0,
            self.relative_error(),
        )
    }
}

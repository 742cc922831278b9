//! What a [`Counter`](crate::counting::Counter) asks of an engine: its subproblems,
//! numbered, counted, checked when resumed, and timed for a plan. Each engine answers in
//! its own module ([`constellations`](super::constellations),
//! [`quadrants::work`](super::quadrants::work)); the counter knows none of their insides.

use std::time::{Duration, Instant};

use crate::counting::engines::quadrants::Storage;
use crate::counting::running::pool::Pool;
use crate::counting::running::subproblems::Subproblem;
use crate::error::Error;

/// Counts one subproblem unless the count has stopped (`None`), reporting it when done.
pub(crate) type Finished<'a> =
    dyn Fn(&dyn Fn() -> Result<Subproblem, Error>) -> Option<Result<Subproblem, Error>> + Sync + 'a;

/// The results of counting some subproblems: one per subproblem, `None` where the count
/// stopped before it.
pub(crate) type Results = Vec<Option<Result<Subproblem, Error>>>;

/// The subproblems of a count of one board by one engine.
pub(crate) trait Work: Sync {
    /// How many subproblems the count has.
    fn len(&self) -> usize;

    /// Counts the subproblems `todo` (in increasing order) on `pool`; `stopped` says
    /// whether the count has stopped.
    fn count(
        &self,
        todo: &[usize],
        pool: &Pool,
        storage: Storage,
        stopped: &(dyn Fn() -> bool + Sync),
        finished: &Finished<'_>,
    ) -> Result<Results, Error>;

    /// Why a resumed result cannot be this count's subproblem `s.index`, if it cannot.
    fn implausible(&self, s: &Subproblem) -> Option<String>;

    /// The classes (`fundamental`) and the solutions symmetries fix (`fixed`) of the
    /// subproblems `all`, whose solutions number `total`, when classes are counted; `whole`
    /// when `all` is the whole count rather than a shard's.
    fn classes(&self, all: &[Subproblem], total: u64, whole: bool) -> Result<Classes, Error>;

    /// Times up to `samples` parts of the count on this thread, spread over the count, until
    /// `budget` runs out (at least one part is timed).
    fn sample(&self, samples: usize, budget: Duration) -> Result<Sample, Error>;
}

/// What a count says of symmetry classes.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Classes {
    /// The number of classes, if counted (and, for a shard of the join, known).
    pub(crate) fundamental: Option<u64>,
    /// The solutions the symmetries other than the identity fix, where the engine counts
    /// them.
    pub(crate) fixed: Option<u64>,
}

/// The sum of `part` of the subproblems `of`, or the error of a count of `n` past
/// `u64::MAX`.
pub(crate) fn sum(n: usize, of: &[Subproblem], part: fn(&Subproblem) -> u64) -> Result<u64, Error> {
    of.iter()
        .try_fold(0u64, |sum, s| sum.checked_add(part(s)))
        .ok_or_else(|| Error::Overflow {
            reason: format!("the count of n = {n} exceeds 2^64 - 1"),
        })
}

/// Times parts of a count of `parts` parts with `time`, which gives a part's seconds and
/// whether it timed it whole: up to `samples` of them, spread over the count in
/// [`spread`] order, until `budget` runs out (at least one).
pub(super) fn sampled(
    parts: u64,
    samples: usize,
    budget: Duration,
    mut time: impl FnMut(usize, Instant) -> Result<(f64, bool), Error>,
) -> Result<Sample, Error> {
    let started = Instant::now();
    let samples = samples.clamp(1, parts.max(1) as usize) as u64;
    let mut sample = Sample {
        parts,
        times: Vec::new(),
        before: 0.0,
        whole: true,
    };
    for (timed_before, j) in spread(samples.min(parts)).enumerate() {
        if timed_before > 0 && started.elapsed() >= budget {
            break;
        }
        let index = ((2 * j + 1) * parts / (2 * samples)) as usize;
        let (seconds, whole) = time(index, started + budget)?;
        sample.times.push(seconds);
        sample.whole &= whole;
    }
    Ok(sample)
}

/// Seconds `work` takes.
pub(super) fn timed(work: &dyn Fn() -> Result<(), Error>) -> Result<f64, Error> {
    let started = Instant::now();
    work().map(|()| started.elapsed().as_secs_f64())
}

/// `0..len` in an order whose every beginning is spread over the whole range (bit-reversed
/// order), so that a sample stopped by its budget still covers the whole count.
pub(crate) fn spread(len: u64) -> impl Iterator<Item = u64> {
    let bits = len.next_power_of_two().trailing_zeros();
    (0..len.next_power_of_two())
        .map(move |k| k.reverse_bits().checked_shr(64 - bits).unwrap_or(0))
        .filter(move |&j| j < len)
}

/// The parts of a count timed by [`Work::sample`].
pub(crate) struct Sample {
    /// How many parts the count has.
    pub(crate) parts: u64,
    /// Seconds of each part timed: measured, or for a constellation subproblem timed by a
    /// random path, estimated.
    pub(crate) times: Vec<f64>,
    /// Seconds each subproblem of the join spends before its steps (the mean of those
    /// timed).
    pub(crate) before: f64,
    /// Whether every part timed was timed whole.
    pub(crate) whole: bool,
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

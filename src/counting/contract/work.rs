//! What a [`Counter`](crate::counting::Counter) asks of an engine: its subproblems,
//! numbered, counted, checked when resumed, and timed for a plan. Each engine answers in
//! its own module ([`constellations`](super::constellations),
//! [`quadrants::work`](super::quadrants::work)); the counter knows none of their insides.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::counting::contract::audit::Auditor;
use crate::counting::contract::pool::Pool;
use crate::counting::contract::subproblem::Subproblem;
use crate::error::{Error, Refusal};

/// Counts one subproblem unless the count has stopped (`None`), reporting it when done.
pub(crate) type Finished<'a> =
    dyn Fn(&dyn Fn() -> Result<Subproblem, Error>) -> Option<Result<Subproblem, Error>> + Sync + 'a;

/// The results of counting some subproblems: one per subproblem, `None` where the count
/// stopped before it.
pub(crate) type Results = Vec<Option<Result<Subproblem, Error>>>;

/// The subproblems of a count of one board by one engine.
pub(crate) trait Work: Send + Sync {
    /// How many subproblems the count has.
    fn len(&self) -> usize;

    /// How many subproblems a checkpoint of this board by this engine may hold records of:
    /// [`Work::len`], or more where a count of classes has more (the join's rotations),
    /// so that a count resumed without classes is told which setting resumes it.
    fn recordable(&self) -> usize {
        self.len()
    }

    /// Counts the subproblems of `job`, in any order and batches the engine likes (a batch
    /// of thousands on a GPU): it checks [`Job::stopped`] before it starts a batch, and
    /// hands each result to [`Job::finished`] as it has it.
    fn count(&self, job: &Job<'_>) -> Result<Results, Error>;

    /// Why a resumed result cannot be this count's subproblem `s.index`, if it cannot.
    fn implausible(&self, s: &Subproblem) -> Option<Refusal>;

    /// The classes (`fundamental`) and the solutions symmetries fix (`fixed`) of the
    /// subproblems `all`, whose solutions number `total`, when classes are counted; `whole`
    /// when `all` is the whole count rather than a shard's.
    fn classes(&self, all: &[Subproblem], total: u64, whole: bool) -> Result<Classes, Error>;

    /// Times parts of the count as `sampling` asks.
    fn sample(&self, sampling: &Sampling) -> Result<Sample, Error>;

    /// The subproblem that part `part` of the count is of: parts are numbered subproblem
    /// after subproblem, and a part is a whole subproblem unless the engine splits them.
    fn subproblem_of(&self, part: u64) -> usize {
        part as usize
    }

    /// How many parts subproblem `index` has.
    fn parts_of(&self, _index: usize) -> u64 {
        1
    }

    /// Whether its [`Work::count`] hands each part it counts to the job's
    /// [`audit`](Job::audit) itself (the join's steps, far finer than its subproblems);
    /// else the runner audits whole subproblems.
    fn audits_parts(&self) -> bool {
        false
    }

    /// The solutions of part `part` of subproblem `subproblem` (as an audit names it),
    /// counted on its own within `memory` bytes, as a check of an audit on another machine
    /// counts it. By default a part is a whole subproblem, and `part` must be 0.
    #[cfg(feature = "serde")]
    fn count_part(&self, subproblem: usize, part: u64, memory: Option<u64>) -> Result<u64, Error> {
        if subproblem >= self.len() || part != 0 {
            return Err(Error::ShardRecords {
                reason: format!(
                    "the audit names part {part} of subproblem {subproblem}, which this count \
                     of {} subproblems of one part each does not have",
                    self.len()
                ),
            });
        }
        let results = self.count(&Job {
            todo: &[subproblem],
            pool: &Pool::new(1, 1),
            memory,
            stopped: &|| false,
            finished: &|solve| Some(solve()),
            audit: None,
        })?;
        match results.into_iter().next().flatten() {
            Some(result) => result.map(|s| s.total),
            None => Err(Error::Cancelled { done: 0, of: 1 }),
        }
    }
}

/// How a plan samples a count: up to `samples` parts, spread over it, until `budget` runs
/// out (at least one part is timed; longer while too few are for an error bar, see
/// [`sampled`]), each as a count on `threads` threads within `memory`
/// bytes would run it, on that many threads at once, so that parts share the processor as
/// the count's do.
pub(crate) struct Sampling {
    pub(crate) samples: usize,
    pub(crate) budget: Duration,
    pub(crate) threads: usize,
    pub(crate) memory: Option<u64>,
}

/// What a count gives its engine to count: the subproblems, the threads, the memory, and
/// what to do with each result.
pub(crate) struct Job<'a> {
    /// The subproblems to count, in increasing order.
    pub(crate) todo: &'a [usize],
    pub(crate) pool: &'a Pool,
    /// The most bytes the count may hold, if bounded (the memory the machine has available
    /// bounds it too): an engine keeps what it reads within it.
    pub(crate) memory: Option<u64>,
    /// Whether the count has stopped.
    pub(crate) stopped: &'a (dyn Fn() -> bool + Sync),
    pub(crate) finished: &'a Finished<'a>,
    /// The count's audit, for an engine that audits its own parts ([`Work::audits_parts`]).
    pub(crate) audit: Option<&'a Auditor>,
}

/// What a count says of symmetry classes.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Classes {
    /// The number of classes, if counted (and, for a shard, known).
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

/// A part of a count as a sample timed it.
pub(crate) struct Timed {
    /// Seconds it takes, measured or estimated.
    pub(crate) seconds: f64,
    /// Whether it ran whole.
    pub(crate) whole: bool,
    /// Seconds its subproblem spends besides its parts (see [`Sample::overhead`]).
    pub(crate) overhead: f64,
}

/// Times parts of a count of `parts` parts with `time` on `threads` threads at once (no
/// more than the machine has cores: a plan for a larger machine must not time its parts
/// several to a core), each with its own state made by `state`: up to `samples` parts,
/// spread over the count in [`spread`] order (thread `t` taking every `threads`-th from the
/// `t`-th), until `budget` runs out (at least one part). Where fewer parts than an error bar
/// needs ([`ERROR_FROM`]) are timed by then, and the sample may time that many,
/// parts keep starting until that many are, each only if it would end within [`OVERTIME`]
/// times `budget` (judged by the longest part its thread has timed): a part of n = 28 takes
/// seconds, and 15 s timed 6 of them on one thread.
///
/// `time` gets the index of the part and the instant by which it should end.
pub(crate) fn sampled<T>(
    parts: u64,
    samples: usize,
    budget: Duration,
    threads: usize,
    state: impl Fn(usize) -> T + Sync,
    time: impl Fn(&mut T, usize, Instant) -> Result<Timed, Error> + Sync,
) -> Result<Sample, Error> {
    let started = Instant::now();
    let samples = samples.clamp(1, parts.max(1) as usize) as u64;
    let order: Vec<u64> = spread(samples.min(parts)).collect();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let threads = threads.min(cores).clamp(1, order.len().max(1));
    let done = AtomicUsize::new(0);
    let on_thread = |thread: usize| -> Result<Vec<(usize, u64, Timed)>, Error> {
        let mut state = state(thread);
        let mut timed = Vec::new();
        let mut longest = Duration::ZERO;
        for k in (thread..order.len()).step_by(threads) {
            let now = started.elapsed();
            let end = match now < budget {
                true => budget,
                false if k == 0 => budget,
                false
                    if order.len() < ERROR_FROM
                        || done.load(Ordering::Relaxed) >= ERROR_FROM
                        || now + longest >= OVERTIME * budget =>
                {
                    break;
                }
                false => OVERTIME * budget,
            };
            let index = ((2 * order[k] + 1) * parts / (2 * samples)) as usize;
            let part = Instant::now();
            timed.push((k, index as u64, time(&mut state, index, started + end)?));
            longest = longest.max(part.elapsed());
            done.fetch_add(1, Ordering::Relaxed);
        }
        Ok(timed)
    };
    let mut timed = match threads {
        1 => on_thread(0)?,
        _ => std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|thread| scope.spawn(move || on_thread(thread)))
                .collect();
            let mut all = Vec::new();
            for handle in handles {
                match handle.join() {
                    Ok(timed) => all.extend(timed?),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            Ok::<_, Error>(all)
        })?,
    };
    timed.sort_by_key(|&(k, _, _)| k);
    let overheads = timed.iter().map(|(_, _, t)| t.overhead);
    Ok(Sample {
        parts,
        overhead: overheads.clone().sum::<f64>() / timed.len().max(1) as f64,
        whole: timed.iter().all(|(_, _, t)| t.whole),
        timed_parts: timed.iter().map(|&(_, part, _)| part).collect(),
        times: timed.into_iter().map(|(_, _, t)| t.seconds).collect(),
        // Tables built once and nothing streamed, unless the engine says otherwise.
        memory: 0,
        tables_per_subproblem: false,
        setups: Vec::new(),
    })
}

/// The fewest parts timed from which a plan gives an error bar
/// ([`Estimate::ERROR_FROM`](crate::counting::Estimate::ERROR_FROM)).
pub(crate) const ERROR_FROM: usize = 10;

/// How many budgets a sample may run for while it has too few parts for an error bar (see
/// [`sampled`]): a plan answers within a minute of its 15 s.
const OVERTIME: u32 = 3;

/// Seconds `work` takes.
pub(crate) fn timed(work: &mut dyn FnMut() -> Result<(), Error>) -> Result<f64, Error> {
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
    /// Seconds of each part timed: measured, or, for a part timed along a random path,
    /// estimated.
    pub(crate) times: Vec<f64>,
    /// Which part of the count each of `times` is.
    pub(crate) timed_parts: Vec<u64>,
    /// Seconds each subproblem spends besides the parts timed (building what its parts
    /// share, say), the mean of those timed; 0 where a part is a whole subproblem.
    pub(crate) overhead: f64,
    /// Whether every part timed was timed whole.
    pub(crate) whole: bool,
    /// Bytes the count needs, as the engine would keep what it reads on the sample's
    /// threads and within its memory.
    pub(crate) memory: u64,
    /// Whether each subproblem builds what it reads, rather than reading tables built once.
    pub(crate) tables_per_subproblem: bool,
    /// Seconds a process spends once before it counts any subproblem of a range: building
    /// the tables they read, where they are built whole (measured by building them).
    pub(crate) setups: Vec<(Range<usize>, f64)>,
}

/// Seconds each of a count's subproblems takes, estimated from `sample` of `work`: the
/// mean of its parts timed, drawn toward the mean of every part timed where few of its
/// parts were (as [`PRIOR`] parts of that mean), for each of its parts, and the sample's
/// overhead; scaled so that they add up to the count's time. Exact where every part was
/// timed.
pub(crate) fn subproblem_seconds(work: &dyn Work, sample: &Sample) -> Vec<f64> {
    let len = work.len();
    let (mut sums, mut timed) = (vec![0.0; len], vec![0u64; len]);
    for (&part, &seconds) in sample.timed_parts.iter().zip(&sample.times) {
        let subproblem = work.subproblem_of(part);
        if let (Some(sum), Some(count)) = (sums.get_mut(subproblem), timed.get_mut(subproblem)) {
            *sum += seconds;
            *count += 1;
        }
    }
    let mean = sample.times.iter().fold(0.0, |sum, t| sum + t) / sample.times.len().max(1) as f64;
    let mut seconds: Vec<f64> = (0..len)
        .map(|subproblem| {
            let (parts, count) = (work.parts_of(subproblem), timed[subproblem]);
            let parts_seconds = match count >= parts {
                true => sums[subproblem],
                false => parts as f64 * (sums[subproblem] + PRIOR * mean) / (count as f64 + PRIOR),
            };
            parts_seconds + sample.overhead
        })
        .collect();
    let whole = mean * sample.parts as f64 + sample.overhead * len as f64;
    let sum: f64 = seconds.iter().sum();
    if sum > 0.0 {
        seconds.iter_mut().for_each(|s| *s *= whole / sum);
    }
    seconds
}

/// How many parts' worth of the mean of every part timed a subproblem's own parts are drawn
/// toward (see [`subproblem_seconds`]): one or two parts timed say little of a subproblem
/// of hundreds, and the largest of many such estimates would be the noisiest.
const PRIOR: f64 = 3.0;

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
    use super::{ERROR_FROM, OVERTIME, Timed, sampled, spread};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    #[test]
    fn a_sample_for_more_threads_than_cores_runs_no_more_threads_than_cores() {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let states = AtomicUsize::new(0);
        let sample = sampled(
            1000,
            100,
            Duration::from_secs(60),
            8 * cores,
            |_| states.fetch_add(1, Ordering::Relaxed),
            |_, _, _| {
                Ok(Timed {
                    seconds: 1.0,
                    whole: true,
                    overhead: 0.0,
                })
            },
        )
        .unwrap();
        assert_eq!(sample.times.len(), 100);
        assert_eq!(states.load(Ordering::Relaxed), cores.min(100));
    }

    /// Past its budget, a sample starts parts only while it has too few for an error bar
    /// and could have enough, and only those its thread's longest part says end in time.
    #[test]
    fn past_its_budget_a_sample_times_parts_until_an_error_bar_has_enough() {
        let budget = Duration::from_millis(200);
        // Each part runs as `run` says, given its number on the thread and its end.
        let sample = |samples: usize, run: &(dyn Fn(usize, Instant) + Sync)| {
            let started = Instant::now();
            let sample = sampled(
                1000,
                samples,
                budget,
                1,
                |_| 0,
                |calls, _, end| {
                    run(*calls, end);
                    *calls += 1;
                    Ok(Timed {
                        seconds: 1.0,
                        whole: true,
                        overhead: 0.0,
                    })
                },
            )
            .unwrap();
            (sample.times.len(), started.elapsed())
        };
        let until =
            |end: Instant| std::thread::sleep(end.saturating_duration_since(Instant::now()));
        // The first part outlasts the budget, the next ones are quick: an error bar's worth.
        let first_to_its_end = |call, end| {
            if call == 0 {
                until(end);
            }
        };
        let (parts, took) = sample(100, &first_to_its_end);
        assert_eq!(parts, ERROR_FROM);
        assert!(took < 2 * budget, "{took:?}");
        // Where the sample could never have enough, none past the budget.
        assert_eq!(sample(9, &first_to_its_end).0, 1);
        // Every part to its end: the first to the budget, the second to the overtime's.
        let (parts, took) = sample(100, &|_, end| until(end));
        assert_eq!(parts, 2);
        assert!(took >= OVERTIME * budget, "{took:?}");
        // Parts of 1.2 budgets: a third would end past the overtime, so it does not start.
        let (parts, took) = sample(100, &|_, _| std::thread::sleep(budget * 6 / 5));
        assert_eq!(parts, 2);
        assert!(took < OVERTIME * budget, "{took:?}");
    }

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

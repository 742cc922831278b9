//! A count's audit: a sample of its own parts counted a second time by another path (the
//! portable code where the count ran on vector kernels), so that a record written by a
//! faulty core or a miscompiled kernel stops with an error rather than a wrong total.

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::counting::contract::engine::Engine;
use crate::counting::contract::shard::Shard;
use crate::counting::contract::subproblem::Subproblem;
use crate::counting::simd::{Kernels, forced};
use crate::error::Error;

/// How an audit counted its parts again.
///
/// # Examples
///
/// ```
/// use queens::counting::{AuditBy, Counter};
///
/// let counts = Counter::new(16)?.audit(true).run()?;
/// let by = counts.audit.expect("audited").by;
/// assert!(matches!(by, AuditBy::Portable | AuditBy::Again));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum AuditBy {
    /// The count ran on vector kernels and the audit on the portable code: a miscompiled or
    /// faulty vector unit shows.
    Portable,
    /// No vector kernel ran (none here, `QUEENS_SIMD=scalar`, or an engine without any):
    /// the audit counted on the same code again, which shows a fault that comes and goes.
    Again,
}

impl AuditBy {
    /// How a count audits that counts on vector kernels here (`kernels`) or not.
    pub(crate) fn of(kernels: bool) -> AuditBy {
        match kernels {
            true => AuditBy::Portable,
            false => AuditBy::Again,
        }
    }

    /// Its word in a checkpoint's audit lines, as records write it.
    pub(crate) fn word(self) -> &'static str {
        match self {
            AuditBy::Portable => "portable",
            AuditBy::Again => "again",
        }
    }

    /// The one whose [`word`](AuditBy::word) is `word`, if any is.
    pub(crate) fn from_word(word: &str) -> Option<AuditBy> {
        [AuditBy::Portable, AuditBy::Again]
            .into_iter()
            .find(|by| by.word() == word)
    }
}

impl fmt::Display for AuditBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AuditBy::Portable => "on the portable code",
            AuditBy::Again => "on the same code",
        })
    }
}

/// One part of a count that its audit counted twice, and the solutions both counts found.
///
/// A part is a whole subproblem (`part` 0) unless the engine splits them: the quadrant
/// join's parts are its steps, `part` naming the step's set of south rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(from = "(usize, u64, u64)", into = "(usize, u64, u64)")
)]
#[non_exhaustive]
pub struct Agreed {
    /// The subproblem the part is of.
    pub subproblem: usize,
    /// The part, as the engine names it within its subproblem.
    pub part: u64,
    /// The solutions the part accounts for.
    pub total: u64,
}

impl Agreed {
    /// A part of `subproblem` that accounts for `total` solutions.
    ///
    /// # Examples
    ///
    /// ```
    /// let agreed = queens::counting::Agreed::new(3, 0, 92);
    /// assert_eq!((agreed.subproblem, agreed.part, agreed.total), (3, 0, 92));
    /// ```
    #[must_use]
    pub fn new(subproblem: usize, part: u64, total: u64) -> Agreed {
        Agreed {
            subproblem,
            part,
            total,
        }
    }
}

// A record lists its parts as short arrays: `[subproblem, part, total]`.
impl From<(usize, u64, u64)> for Agreed {
    fn from((subproblem, part, total): (usize, u64, u64)) -> Agreed {
        Agreed::new(subproblem, part, total)
    }
}

impl From<Agreed> for (usize, u64, u64) {
    fn from(agreed: Agreed) -> (usize, u64, u64) {
        (agreed.subproblem, agreed.part, agreed.total)
    }
}

/// What a count's audit did: the parts it counted twice, all of which agreed (a
/// disagreement stops the count with [`Error::AuditFailed`]), how, and in how long.
///
/// # Examples
///
/// ```
/// use queens::counting::Counter;
///
/// let counts = Counter::new(17)?.audit(true).run()?;
/// let audit = counts.audit.expect("asked for");
/// assert!(!audit.agreed.is_empty());
/// assert!(audit.agreed.iter().all(|part| part.subproblem < counts.subproblems));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Audit {
    /// How the parts were counted again.
    pub by: AuditBy,
    /// The parts counted twice, in order.
    pub agreed: Vec<Agreed>,
    /// The time the second counts took, added up over the threads (in seconds in JSON).
    #[cfg_attr(feature = "serde", serde(with = "seconds"))]
    pub time: Duration,
    /// The time the count spent on its parts, added up over the threads: the audit's share
    /// is `time` over this.
    #[cfg_attr(feature = "serde", serde(with = "seconds"))]
    pub counted: Duration,
}

impl Audit {
    /// The audit's time over the count's: its share of the work.
    ///
    /// # Examples
    ///
    /// ```
    /// let counts = queens::counting::Counter::new(16)?.audit(true).run()?;
    /// let audit = counts.audit.expect("asked for");
    /// assert_eq!(audit.share(), audit.time.as_secs_f64() / audit.counted.as_secs_f64());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn share(&self) -> f64 {
        self.time.as_secs_f64() / self.counted.as_secs_f64().max(f64::MIN_POSITIVE)
    }

    /// Why the audit lists no part, if it lists none: the count counted none (it resumed
    /// every subproblem from its checkpoint, or its shard has none), or each drawn would
    /// have taken more than the audit's share of the count's time.
    ///
    /// # Examples
    ///
    /// ```
    /// let counts = queens::counting::Counter::new(17)?.audit(true).run()?;
    /// assert_eq!(counts.audit.expect("asked for").why_empty(), None);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn why_empty(&self) -> Option<&'static str> {
        match (self.agreed.is_empty(), self.counted.is_zero()) {
            (false, _) => None,
            (true, true) => Some(
                "the count counted no part (it resumed every subproblem from its checkpoint, \
                 or its shard has none)",
            ),
            (true, false) => Some(
                "each part drawn would have taken more than the audit's 1% share of the \
                 count's time",
            ),
        }
    }
}

/// A duration as seconds, as records write times.
#[cfg(feature = "serde")]
mod seconds {
    use std::time::Duration;

    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub(super) fn serialize<S: Serializer>(time: &Duration, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_f64(time.as_secs_f64())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Duration, D::Error> {
        Duration::try_from_secs_f64(f64::deserialize(from)?).map_err(D::Error::custom)
    }
}

/// The most parts an audit counts twice: a record lists them, and stays one short line.
pub(crate) const MOST_AUDITED: usize = 32;

/// The share of a count's time its audit may take, of the time foreseen from the parts
/// counted so far (see [`Auditor::part`]).
const SHARE: f64 = 0.01;

/// How many times as long as the count a part is taken to take on the audit's path before
/// one is measured: the portable code takes 2.5 to 3 times the join kernels' time, up to 5
/// times the interior kernels' on small boards.
const FIRST_SLOWDOWN: f64 = 5.0;

/// The parts audited in a count, on average, where it has more than twice as many (see
/// [`Auditor::part`]): fewer than [`MOST_AUDITED`], so that the list is rarely full before
/// the count's last parts.
const SAMPLED: u64 = 24;

/// The parts drawn for an audit: those whose draw from the count's identity is even, so
/// that anyone can see a record's audit was not chosen by the machine that wrote it.
pub(crate) fn drawn(seed: u64, subproblem: usize, part: u64) -> bool {
    draw(seed, subproblem, part) & 1 == 0
}

/// A part's draw from the count's identity: its lowest bit says whether it is drawn (see
/// [`drawn`]), the others where it falls in the sample (see [`Auditor::part`]).
fn draw(seed: u64, subproblem: usize, part: u64) -> u64 {
    mix(seed ^ mix(subproblem as u64 ^ mix(part)))
}

/// The seed of a count's draw: its board, shard and engine.
pub(crate) fn seed(n: usize, shard: Shard, engine: Engine) -> u64 {
    let words = format!("{n} {} {} {}", shard.index, shard.of, engine.name());
    words.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// SplitMix64's finalizer: a well-spread 64-bit mix.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The audit of one count, shared by its threads: each part the count counts goes
/// through [`Auditor::part`].
pub(crate) struct Auditor {
    n: usize,
    seed: u64,
    by: AuditBy,
    /// Nanoseconds spent on parts by the count, by the audit, and by the count on the
    /// parts audited (their ratio to the audit's is the audit path's slowdown).
    counted: AtomicU64,
    spent: AtomicU64,
    audited: AtomicU64,
    /// Parts the count has, and has counted: the time of all is foreseen from those done.
    parts: u64,
    done: AtomicU64,
    /// Places taken in the list of parts audited, which holds [`MOST_AUDITED`].
    taken: AtomicUsize,
    /// The highest draw (past its lowest bit) of a drawn part that is audited: all of them
    /// in a count of few parts, about [`SAMPLED`] in all in a larger one.
    sample: u64,
    agreed: Mutex<Vec<Agreed>>,
}

impl Auditor {
    /// The audit of a count of `n` whose draw is `seed`, of `parts` parts, by an engine
    /// that counts on vector kernels here (`kernels`) or not, resumed with the
    /// parts an `earlier` run of it audited (from its checkpoint).
    pub(crate) fn new(
        n: usize,
        seed: u64,
        parts: u64,
        kernels: bool,
        earlier: &[Agreed],
    ) -> Auditor {
        Auditor {
            n,
            seed,
            by: AuditBy::of(kernels),
            counted: AtomicU64::new(0),
            spent: AtomicU64::new(0),
            audited: AtomicU64::new(0),
            parts,
            done: AtomicU64::new(0),
            taken: AtomicUsize::new(earlier.len()),
            sample: match parts <= 2 * SAMPLED {
                true => u64::MAX,
                false => (u64::MAX >> 1) / parts * 2 * SAMPLED,
            },
            agreed: Mutex::new(earlier.to_vec()),
        }
    }

    /// How the audit counts its parts again.
    pub(crate) fn by(&self) -> AuditBy {
        self.by
    }

    /// The parts of `subproblem` audited so far, for its checkpoint.
    pub(crate) fn agreed_of(&self, subproblem: usize) -> Vec<Agreed> {
        let agreed = self.lock();
        (agreed.iter())
            .filter(|part| part.subproblem == subproblem)
            .copied()
            .collect()
    }

    /// Counts `part` of `subproblem` with `count` and, where the part is drawn and in the
    /// sample (about [`SAMPLED`] of the drawn parts, spread over the whole count, so that
    /// a fault that shows only in its last parts may still be seen), and its second count
    /// fits in the audit's share of the count's time (foreseen from the parts counted so
    /// far, so that a short shard audits from its first parts), counts it again by the
    /// audit's path; returns the first count, or [`Error::AuditFailed`] where the two
    /// disagree.
    pub(crate) fn part(
        &self,
        subproblem: usize,
        part: u64,
        count: &mut dyn FnMut() -> Result<u64, Error>,
    ) -> Result<u64, Error> {
        self.audited(count, |&total| (subproblem, part, total))
    }

    /// Notes a part that had nothing to count (a step no row choice takes), so that the
    /// count's time is foreseen from the parts that remain.
    pub(crate) fn skipped(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }

    /// [`Auditor::part`] for a whole subproblem, `solve`: both counts must agree on all
    /// it reports (its classes and fixed solutions too).
    pub(crate) fn subproblem(
        &self,
        solve: &dyn Fn() -> Result<Subproblem, Error>,
    ) -> Result<Subproblem, Error> {
        self.audited(&mut || solve(), |s| (s.index, 0, s.total))
    }

    /// Counts with `count`, and again where the audit draws the part and has the time;
    /// `key` names what was counted: its subproblem, part and solutions.
    fn audited<T: PartialEq>(
        &self,
        count: &mut dyn FnMut() -> Result<T, Error>,
        key: impl Fn(&T) -> (usize, u64, u64),
    ) -> Result<T, Error> {
        let started = Instant::now();
        let first = count()?;
        let took = nanos(started.elapsed());
        let counted = self.counted.fetch_add(took, Ordering::Relaxed) + took;
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let foreseen = counted as f64 * (self.parts.max(done) as f64 / done as f64);
        let (subproblem, part, total) = key(&first);
        let draw = draw(self.seed, subproblem, part);
        if draw & 1 != 0 || draw >> 1 > self.sample {
            return Ok(first);
        }
        let (spent, audited) = (
            self.spent.load(Ordering::Relaxed),
            self.audited.load(Ordering::Relaxed),
        );
        let slowdown = match audited {
            0 => FIRST_SLOWDOWN,
            _ => spent as f64 / audited as f64,
        };
        // A test that plants a fault audits every part drawn, whatever their time.
        #[cfg(test)]
        let spent = if faults::active() { 0 } else { spent };
        if spent as f64 + took as f64 * slowdown > SHARE * foreseen
            || self.taken.fetch_add(1, Ordering::Relaxed) >= MOST_AUDITED
        {
            return Ok(first);
        }
        let started = Instant::now();
        let again = forced::within(Some(Kernels::PORTABLE), &mut *count)?;
        self.spent
            .fetch_add(nanos(started.elapsed()), Ordering::Relaxed);
        self.audited.fetch_add(took, Ordering::Relaxed);
        let again_total = key(&again).2;
        #[cfg(test)]
        let again_total = again_total + faults::planted(subproblem);
        if again != first || again_total != total {
            return Err(Error::AuditFailed {
                n: self.n,
                subproblem,
                part,
                counted: total,
                again: again_total,
            });
        }
        self.lock().push(Agreed::new(subproblem, part, total));
        Ok(first)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Agreed>> {
        self.agreed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// What the audit did, once the count is over.
    pub(crate) fn finish(self) -> Audit {
        let mut agreed = self
            .agreed
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        agreed.sort_unstable();
        Audit {
            by: self.by,
            agreed,
            time: Duration::from_nanos(self.spent.into_inner()),
            counted: Duration::from_nanos(self.counted.into_inner()),
        }
    }
}

fn nanos(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

/// A fault planted in the audit's second count of one subproblem, for the tests to see a
/// disagreement stop the count.
#[cfg(test)]
pub(crate) mod faults {
    use std::cell::Cell;

    thread_local! {
        static PLANTED: Cell<Option<usize>> = const { Cell::new(None) };
    }

    /// Whether a fault is planted on this thread.
    pub(super) fn active() -> bool {
        PLANTED.get().is_some()
    }

    /// What the second count of `subproblem` is off by on this thread.
    pub(super) fn planted(subproblem: usize) -> u64 {
        u64::from(PLANTED.get() == Some(subproblem))
    }

    /// Runs `work` with the audit's second count of every subproblem `at` off by one.
    pub(crate) fn with<T>(at: usize, work: impl FnOnce() -> T) -> T {
        PLANTED.set(Some(at));
        let result = work();
        PLANTED.set(None);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counting::{Counter, Engine};

    #[test]
    fn a_part_counted_differently_stops_the_count_naming_it() {
        for (n, engine) in [
            (17, Engine::Quadrants),
            (12, Engine::Constellations),
            (10, Engine::Bitboard),
        ] {
            let counter = Counter::new(n)
                .unwrap()
                .fundamental(false)
                .engine(engine)
                .threads(1)
                .audit(true);
            // With a fault planted nowhere, every part drawn is audited: one of them.
            let audit = faults::with(usize::MAX, || counter.run())
                .unwrap()
                .audit
                .unwrap();
            let again = crate::counting::engines::method(engine)
                .kernels_here(n)
                .is_none();
            assert_eq!(audit.by == AuditBy::Again, again, "{engine}");
            let at = audit.agreed[0].subproblem;
            match faults::with(at, || counter.run()) {
                Err(Error::AuditFailed {
                    n: failed,
                    subproblem,
                    counted,
                    again,
                    ..
                }) => {
                    assert_eq!((failed, subproblem), (n, at), "{engine}");
                    assert_eq!(again, counted + 1, "{engine}");
                }
                other => panic!("{engine}: {other:?}"),
            }
        }
    }

    #[test]
    fn an_audit_lists_parts_of_its_shard_drawn_from_its_identity() {
        for (n, shard) in [
            (16, Shard::WHOLE),
            (17, Shard { index: 3, of: 8 }),
            (12, Shard::WHOLE),
        ] {
            let counts = Counter::new(n)
                .unwrap()
                .shard(shard.index, shard.of)
                .audit(true)
                .run()
                .unwrap();
            let audit = counts.audit.unwrap();
            assert!(
                !audit.agreed.is_empty() && audit.agreed.len() <= MOST_AUDITED,
                "{n}"
            );
            let seed = seed(n, shard, counts.engine);
            for part in &audit.agreed {
                assert_eq!(part.subproblem % shard.of, shard.index);
                assert!(drawn(seed, part.subproblem, part.part));
            }
            assert!(audit.agreed.iter().map(|p| p.total).sum::<u64>() <= counts.total);
        }
    }

    /// The join's steps reach the audit in whole tables, streamed, and with threads
    /// counting each step together (where a step a thread does not fit).
    #[test]
    fn every_storage_of_the_join_audits_its_steps() {
        let shard = Counter::new(20)
            .unwrap()
            .fundamental(false)
            .shard(3, 40)
            .threads(2);
        let mut totals = Vec::new();
        for memory in [None, Some(200 << 20), Some(30 << 20)] {
            let counter = match memory {
                Some(bytes) => shard.clone().memory(bytes),
                None => shard.clone(),
            };
            let counts = counter.audit(true).run().unwrap();
            let audit = counts.audit.unwrap();
            assert!(!audit.agreed.is_empty(), "{memory:?}");
            totals.push(counts.total);
        }
        assert_eq!(totals, [791_026_716; 3]);
    }

    #[test]
    fn an_audit_samples_the_whole_count_not_its_first_parts() {
        for (n, shard) in [(17, Shard::WHOLE), (17, Shard { index: 1, of: 4 })] {
            let counts = Counter::new(n)
                .unwrap()
                .shard(shard.index, shard.of)
                .threads(1)
                .audit(true)
                .run()
                .unwrap();
            let agreed = counts.audit.unwrap().agreed;
            let last = agreed.iter().map(|p| p.subproblem).max().unwrap();
            let all = counts.subproblems * shard.of;
            assert!(agreed.len() >= 8, "{n}: {agreed:?}");
            assert!(
                last >= all / 2,
                "{n}: the last part audited is of subproblem {last} of {all}"
            );
        }
    }

    /// A requeued task's record lists what its first run audited: the checkpoint keeps a
    /// finished subproblem's audited parts with it.
    #[test]
    fn a_count_resumed_from_its_checkpoint_keeps_its_earlier_audit() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("n17.checkpoint");
        let counter = || Counter::new(17).unwrap().shard(1, 4).threads(1).audit(true);
        // The first run stops after half its subproblems.
        let stop = Arc::new(AtomicBool::new(false));
        let finished = Arc::new(AtomicUsize::new(0));
        let (flag, seen) = (Arc::clone(&stop), Arc::clone(&finished));
        let first = counter()
            .checkpoint(&path)
            .unwrap()
            .cancel_when(Arc::clone(&stop))
            .on_finished(move |_, progress| {
                if seen.fetch_add(1, Ordering::Relaxed) + 1 >= progress.of / 2 {
                    flag.store(true, Ordering::Relaxed);
                }
            })
            .run();
        assert!(matches!(first, Err(Error::Cancelled { .. })), "{first:?}");
        let text = std::fs::read_to_string(&path).unwrap();
        let earlier: Vec<Agreed> = (text.lines())
            .filter_map(|line| line.strip_prefix("audit "))
            .map(|numbers| {
                let n: Vec<u64> = numbers
                    .split(' ')
                    .take(3)
                    .map(|x| x.parse().unwrap())
                    .collect();
                Agreed::new(n[0] as usize, n[1], n[2])
            })
            .collect();
        assert!(!earlier.is_empty(), "{text}");
        let seed = seed(17, Shard { index: 1, of: 4 }, Engine::Quadrants);
        assert!(earlier.iter().all(|p| drawn(seed, p.subproblem, p.part)));
        // The second run resumes and lists them with its own.
        let resumed = counter().checkpoint(&path).unwrap().run().unwrap();
        let agreed = resumed.audit.unwrap().agreed;
        assert!(
            earlier.iter().all(|part| agreed.contains(part)),
            "{earlier:?} {agreed:?}"
        );
        assert!(agreed.len() >= earlier.len() && agreed.len() <= MOST_AUDITED);
        assert_eq!(resumed.total, 24_324_714);
    }

    /// A resumed count's record says one way for all its parts: it lists only the parts an
    /// earlier run counted again the way it does (a first run forced to the portable code
    /// audits on the same code), and reads and skips the lines of 2026-12-06, which did not
    /// say the way.
    #[test]
    fn a_resumed_count_keeps_only_the_parts_audited_its_way() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("n16.checkpoint");
        let counter = || Counter::new(16).unwrap().threads(1).audit(true);
        let first = forced::within(Some(Kernels::PORTABLE), || {
            counter().checkpoint(&path).unwrap().run().unwrap()
        });
        let earlier = first.audit.unwrap();
        assert_eq!(earlier.by, AuditBy::Again);
        assert!(!earlier.agreed.is_empty());
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("audit ")).collect();
        assert!(
            lines
                .iter()
                .all(|line| line.split(' ').nth(4) == Some("again")),
            "{text}"
        );
        // Every subproblem resumed: this run audits none of its own.
        let resumed = counter().checkpoint(&path).unwrap().run().unwrap();
        let audit = resumed.audit.unwrap();
        let kernels = crate::counting::engines::method(Engine::Quadrants).kernels_here(16);
        assert_eq!(audit.by, AuditBy::of(kernels.is_some()));
        match kernels {
            Some(_) => assert!(audit.agreed.is_empty(), "{audit:?}"),
            None => assert_eq!(audit.agreed, earlier.agreed),
        }
        // The same lines as written before they said the way: read, and skipped.
        let word = crate::counting::engines::method(Engine::Quadrants)
            .checkpoint_word(16)
            .0;
        let older = lines.iter().fold(text.clone(), |text, line| {
            let words: Vec<&str> = line.split(' ').take(4).collect();
            let numbers = words.join(" ");
            let crc = crc32fast::hash(format!("16 0/1{word} {numbers}").as_bytes());
            text.replace(line, &format!("{numbers} {crc:08x}"))
        });
        std::fs::write(&path, older).unwrap();
        let again = counter().checkpoint(&path).unwrap().run().unwrap();
        assert_eq!(again.total, 14_772_512);
        assert!(again.audit.unwrap().agreed.is_empty());
    }

    #[test]
    fn draws_take_about_half_the_parts_and_differ_from_shard_to_shard() {
        let a = seed(20, Shard { index: 0, of: 8 }, Engine::Quadrants);
        let b = seed(20, Shard { index: 1, of: 8 }, Engine::Quadrants);
        let taken = |seed| (0..4000).filter(|&i| drawn(seed, i, 7)).collect::<Vec<_>>();
        let (from_a, from_b) = (taken(a), taken(b));
        assert!((1800..2200).contains(&from_a.len()), "{}", from_a.len());
        assert_ne!(from_a, from_b);
        assert_eq!(from_a, taken(a), "the same identity draws the same parts");
    }

    #[test]
    fn the_pool_threads_count_on_the_kernels_forced_on_the_caller() {
        let seen = forced::within(Some(Kernels::PORTABLE), || {
            crate::counting::contract::pool::Pool::new(2, 8).run(&[0, 1, 2, 3, 4, 5, 6, 7], |_| {
                crate::counting::engines::method(Engine::Quadrants).kernels_here(16)
            })
        });
        assert!(seen.iter().all(Option::is_none), "{seen:?}");
    }
}

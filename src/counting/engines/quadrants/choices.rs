//! A subproblem's row choices joined: north sets with the south sets that complete them,
//! each east table a part at a time against the west half-boards, grouped by sieve key.

use super::join::{self, STREAMED_SIEVE};
use super::layout::{CLASSES, Crossing, West};
use super::quadrant::SetView;
use super::row_sets::BuiltNorths;
use super::table::{Part, Table, WestRows};
use super::west::{Claims, WestLists};

use std::sync::Mutex;
use std::sync::atomic::AtomicUsize;
#[cfg(test)]
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::counting::contract::audit::Auditor;
use crate::counting::contract::pool::Pool;
use crate::error::Error;

use super::solver::Solver;
use std::cell::Cell;

/// What a subproblem's row choices work in, one after another: made once for all of them
/// (and by a sample, once for all the steps it times).
#[derive(Default)]
pub(crate) struct Room {
    pub(super) table: Table,
    pub(super) lists: WestLists,
    /// The north row sets last built, kept for the next steps of their subproblem that a
    /// sample times (built once, as a count builds them once for all its steps).
    pub(super) norths: Option<BuiltNorths>,
}

/// The audit a subproblem's steps go through, if any, and the subproblem.
pub(super) type Audited<'a> = Option<(&'a Auditor, usize)>;

/// A step's solutions counted by `step`, through the audit if there is one (a step is
/// named by its set of south rows).
fn audited(
    audit: Audited<'_>,
    south: usize,
    step: &mut dyn FnMut() -> Result<u64, Error>,
) -> Result<u64, Error> {
    match audit {
        Some((auditor, subproblem)) => auditor.part(subproblem, south as u64, step),
        None => step(),
    }
}

/// Tells the audit, if any, of a step with nothing to count.
fn skipped(audit: Audited<'_>) {
    if let Some((auditor, _)) = audit {
        auditor.skipped();
    }
}

/// How far a step timed by [`Solver::time_step`] got before its deadline.
pub(super) struct Stopwatch {
    pub(super) deadline: Instant,
    /// Time spent building the step's south row sets, which whole tables already hold.
    pub(super) building: Cell<Duration>,
    /// East half-boards joined, of about `halves` in the step's choices of rows, each
    /// counting for the share of its choice's west half-boards joined with it (see
    /// [`WestLists::share`]). Half-boards, not the pairs of placements a table goes through
    /// to find them; measured in docs/performance.md ("The join's constants").
    pub(super) done: Cell<f64>,
    pub(super) halves: Cell<f64>,
    /// Time spent counting `halves`, which a count does not spend.
    pub(super) foreseeing: Cell<Duration>,
    /// Whether the deadline stopped the step.
    pub(super) stopped: Cell<bool>,
}

impl Stopwatch {
    /// Whether the deadline has passed (and, if so, notes that the step stopped).
    pub(super) fn expired(&self) -> bool {
        let expired = Instant::now() >= self.deadline;
        self.stopped.set(self.stopped.get() | expired);
        expired
    }
}

/// The fewest chunks a table's first part has for its groups to be batched by all the bits
/// of their sieve keys, where a streamed count's keys have theirs; one fewer below;
/// measured in docs/performance.md ("The join's constants").
const LONG_TABLE: usize = 512;

/// Row choices whose sets of columns more than one thread took (see [`Claims`]), for the
/// tests to see that threads counting a step together share its choices.
#[cfg(test)]
pub(super) static SHARED_CHOICES: AtomicUsize = AtomicUsize::new(0);

/// The fewest buckets of a part joined before a deadline stops it (a part of fewer runs
/// whole); measured in docs/performance.md ("The join's constants").
const TIMED_BUCKETS: usize = 16;

/// Parts a deadline stopped between two of their buckets, for the tests to see that a
/// timed step stops within a part.
#[cfg(test)]
pub(super) static PARTS_CUT: AtomicUsize = AtomicUsize::new(0);

/// A row choice to join: its north and south row sets going east, the east and west
/// placements of each, and the weight of each class of west half-boards.
struct Choice<'a> {
    rows: [usize; 2],
    sets: [[SetView<'a>; 2]; 2],
    weights: [u64; CLASSES],
}

impl Solver {
    /// The solutions of the row choices of north sets `norths` (all of one size) with
    /// every south set that completes them, or only with `only`; with a `stopwatch`, only
    /// until its deadline, which it is told of; each step through `audit`, if any.
    pub(super) fn solve_choices(
        &self,
        norths: &[usize],
        only: Option<usize>,
        stopwatch: Option<&Stopwatch>,
        room: &mut Room,
        audit: Audited<'_>,
    ) -> Result<u64, Error> {
        let built = match (&self.tables, room.norths.take()) {
            (Some(_), _) => None,
            (None, Some(kept)) if kept.case == self.first && kept.norths == norths => Some(kept),
            (None, _) => Some(self.built_norths(norths, &Pool::new(1, 1))?),
        };
        let total = self.solve_souths(norths, built.as_ref(), only, stopwatch, room, audit);
        room.norths = built;
        total
    }

    /// The solutions of the row choices of north sets `norths` with every south set that
    /// completes them, for a solver without whole tables: the north row sets built
    /// [`Solver::north_sets_at_once`] at a time, then read by every thread of `pool`, each
    /// counting steps (one south set each) in a room of its own. A process holds the north
    /// sets a subproblem builds at a time once, not once per thread.
    pub(super) fn solve_by_steps(
        &self,
        norths: &[usize],
        pool: &Pool,
        audit: Audited<'_>,
    ) -> Result<u64, Error> {
        // No south set completes them (n = 28's cross has thousands of such subproblems):
        // nothing to build.
        if self.steps(norths).is_empty() {
            return Ok(0);
        }
        let mut total = 0;
        for norths in norths.chunks(self.north_sets_at_once.max(1)) {
            let built = self.built_norths(norths, pool)?;
            total += pool
                .run_with(&self.steps(norths), Room::default, |room, south| {
                    self.solve_souths(norths, Some(&built), Some(south), None, room, audit)
                })
                .into_iter()
                .sum::<Result<u64, Error>>()?;
        }
        Ok(total)
    }

    /// The solutions of the row choices of north sets `norths` with every south set that
    /// completes them, for a solver without whole tables whose threads count each step
    /// together ([`Solver::together`]): the north row sets built as
    /// [`Solver::solve_by_steps`] builds them; then, step by step, its south row sets built
    /// once, and each row choice's sets of west columns taken a set at a time by every
    /// thread of `pool`, each listing them in batches in a room of its own and joining each
    /// batch with the whole table. A process holds one step's south sets, not one a thread.
    pub(super) fn solve_together(
        &self,
        norths: &[usize],
        pool: &Pool,
        audit: Audited<'_>,
    ) -> Result<u64, Error> {
        if self.steps(norths).is_empty() {
            return Ok(0);
        }
        let threads: Vec<usize> = (0..pool.threads()).collect();
        let rooms: Vec<Mutex<Room>> = threads.iter().map(|_| Mutex::default()).collect();
        let mut total = 0;
        for norths in norths.chunks(self.north_sets_at_once.max(1)) {
            let built = self.built_norths(norths, pool)?;
            let (north_sets, sieve) = self.north_sets(norths, Some(&built));
            for south in self.steps(norths) {
                let choices = self.step_choices(norths, &north_sets, south);
                if choices.is_empty() {
                    skipped(audit);
                    continue;
                }
                let built = self.built_south(south, sieve, None, pool)?;
                let south_sets = self.south_sets(south, built.as_ref());
                let mut step = || {
                    let taken: Vec<AtomicUsize> =
                        choices.iter().map(|_| AtomicUsize::new(0)).collect();
                    let sums = pool.run_in(&threads, &rooms, |room, thread| {
                        // Each thread from a choice of its own, where a step has several, so
                        // that the threads start apart.
                        let joined = choices.iter().zip(&taken).cycle();
                        let from = thread % choices.len();
                        joined
                            .skip(from)
                            .take(choices.len())
                            .map(|(&(north, north_sets, weights), next)| {
                                let choice = Choice {
                                    rows: [north, south],
                                    sets: [north_sets, south_sets],
                                    weights,
                                };
                                self.join_choice(&choice, None, room, next).0
                            })
                            .sum::<u64>()
                    });
                    Ok(sums.into_iter().sum::<u64>() * self.weight)
                };
                total += audited(audit, south, &mut step)?;
            }
        }
        Ok(total)
    }

    /// The row choices of step `south` of north sets `norths` (whose east and west
    /// placements are `north_sets`) that count, with the weight of each class of their west
    /// half-boards.
    fn step_choices<'a>(
        &self,
        norths: &[usize],
        north_sets: &[[SetView<'a>; 2]],
        south: usize,
    ) -> Vec<(usize, [SetView<'a>; 2], [u64; CLASSES])> {
        (norths.iter().zip(north_sets))
            .filter_map(|(&north, sets)| Some((north, *sets, self.weights(north, south)?)))
            .collect()
    }

    /// What [`Solver::solve_choices`] counts, with the north row sets `built` for it.
    pub(super) fn solve_souths(
        &self,
        norths: &[usize],
        built: Option<&BuiltNorths>,
        only: Option<usize>,
        stopwatch: Option<&Stopwatch>,
        room: &mut Room,
        audit: Audited<'_>,
    ) -> Result<u64, Error> {
        let going_east = norths.first().map_or(0, |set| set.count_ones());
        let (north_sets, sieve) = self.north_sets(norths, built);
        let mut total = 0;
        for south in 0..1usize << self.frame.south.len() {
            if (going_east + south.count_ones()) as usize != self.east.cols.len()
                || only.is_some_and(|only| only != south)
            {
                continue;
            }
            let choices = self.step_choices(norths, &north_sets, south);
            if choices.is_empty() {
                skipped(audit);
                continue;
            }
            let one = Pool::new(1, 1);
            let built = self.built_south(south, sieve, stopwatch.map(|s| &s.building), &one)?;
            let south_sets = self.south_sets(south, built.as_ref());
            if stopwatch.is_none() {
                let mut step = || {
                    let joined = choices.iter().map(|&(north, north_sets, weights)| {
                        let choice = Choice {
                            rows: [north, south],
                            sets: [north_sets, south_sets],
                            weights,
                        };
                        self.join_choice(&choice, None, room, &AtomicUsize::new(0))
                            .0
                    });
                    Ok(joined.sum::<u64>() * self.weight)
                };
                total += audited(audit, south, &mut step)?;
                continue;
            }
            for &(north, north_sets, weights) in &choices {
                let stopped = stopwatch.is_some_and(|s| s.done.get() > 0.0 && s.expired()) || {
                    let choice = Choice {
                        rows: [north, south],
                        sets: [north_sets, south_sets],
                        weights,
                    };
                    let (sum, stopped) =
                        self.join_choice(&choice, stopwatch, room, &AtomicUsize::new(0));
                    total += sum * self.weight;
                    stopped
                };
                if let Some(stopwatch) = stopwatch.filter(|_| stopped) {
                    // Only a step stopped needs its share: counting its half-boards takes
                    // about as long as the first parts of short steps.
                    let foreseeing = Instant::now();
                    let halves = choices.iter().map(|&(north, [east_north, _], _)| {
                        join::halves(
                            [east_north, south_sets[0]],
                            north.count_ones(),
                            self.east.cols.len(),
                        )
                    });
                    stopwatch.halves.set(halves.sum());
                    stopwatch.foreseeing.set(foreseeing.elapsed());
                    return Ok(total);
                }
            }
        }
        Ok(total)
    }

    /// The weighted solutions of one row choice, or of the batches of its west half-boards
    /// this thread lists, taking sets of columns from `next` (see [`Claims`]): for each
    /// batch, its east half-boards a part at a time (the batch listed for the first), until
    /// a `stopwatch`'s deadline if there is one; says whether the deadline stopped it.
    fn join_choice(
        &self,
        choice: &Choice<'_>,
        stopwatch: Option<&Stopwatch>,
        room: &mut Room,
        next: &AtomicUsize,
    ) -> (u64, bool) {
        let Room { table, lists, .. } = room;
        let [north, south] = choice.rows;
        let [[_, west_north], [_, west_south]] = choice.sets;
        let west = WestSide {
            sets: [west_north, west_south],
            rows: [
                north ^ ((1 << self.frame.north.len()) - 1),
                south ^ ((1 << self.frame.south.len()) - 1),
            ],
            weights: choice.weights,
        };
        self.column_sets(west.sets, west.rows[0], &mut lists.sets);
        let claims = Claims {
            sets: lists.sets.len(),
            next,
        };
        lists.share = 1.0;
        let mut total = 0;
        #[cfg(test)]
        let mut mine = 0;
        // Batches of west half-boards, each joined with every part of the table, while
        // other threads have not taken every set of columns.
        while !(claims.sets > 0 && claims.taken()) {
            let batch = self.join_batch(choice, &west, (table, lists), &claims, stopwatch);
            total += batch.total;
            if batch.stopped {
                return (total, true);
            }
            #[cfg(test)]
            {
                mine += lists.taken;
            }
            if !batch.listed || claims.taken() {
                break;
            }
        }
        #[cfg(test)]
        if mine > 0 && mine < claims.sets {
            SHARED_CHOICES.fetch_add(1, Ordering::Relaxed);
        }
        (total, false)
    }

    /// One batch of a row choice's west half-boards (listed with the first part), joined
    /// with every part of its table in turn.
    fn join_batch(
        &self,
        choice: &Choice<'_>,
        west: &WestSide<'_>,
        (table, lists): (&mut Table, &mut WestLists),
        claims: &Claims<'_>,
        stopwatch: Option<&Stopwatch>,
    ) -> Batch {
        let [[east_north, _], [east_south, _]] = choice.sets;
        let mut part = Part::first(self.part);
        let mut batch = Batch::default();
        loop {
            let started = Instant::now();
            let queens = choice.rows[0].count_ones();
            let east = [east_north, east_south];
            let more = table.fill(east, queens, &mut part, self.east.cols.len());
            let mut joined = 1.0;
            if table.len > 0 {
                let at = PartAt {
                    first: !batch.listed,
                    last: !more,
                    stopwatch: stopwatch.map(|s| (s, started)),
                };
                let sums;
                (sums, joined) = self.join_part(table, west, (lists, claims), at);
                batch.total += (sums.iter().zip(west.weights))
                    .map(|(sum, weight)| sum * weight)
                    .sum::<u64>();
                batch.listed = true;
            }
            if let Some(stopwatch) = stopwatch {
                let done = table.len as f64 * lists.share * joined;
                stopwatch.done.set(stopwatch.done.get() + done);
                if joined < 1.0 || more && stopwatch.expired() {
                    batch.stopped = true;
                    return batch;
                }
            }
            // A batch that took no set of columns (other threads took the last ones) has
            // nothing to join with the rest of the table.
            if !more || lists.taken == 0 && claims.sets > 0 {
                return batch;
            }
        }
    }

    /// For each class, the pairs of half-boards sharing no diagonal, the east ones from
    /// `table`, a part of a row choice's, joined but not yet sliced, the west ones of
    /// `west` in the batch that lists them, taking sets of columns from `claims`, for the
    /// first part. `lists` keeps what the parts of a row choice share; `at` says whether
    /// this part is the first and the last of the table. Also the share of the part's time
    /// spent on it: all of it, unless a stopwatch's deadline stopped it between two
    /// buckets.
    fn join_part(
        &self,
        table: &mut Table,
        west: &WestSide<'_>,
        (lists, claims): (&mut WestLists, &Claims<'_>),
        at: PartAt<'_>,
    ) -> ([u64; CLASSES], f64) {
        let [north, south] = west.sets;
        // A whole table of a few chunks, for every west half-board: every pair tested costs
        // less than listing the pairs that agree.
        let crossing =
            at.first && at.last && table.chunks <= join::crossing_chunks() && claims.take_all();
        if crossing {
            (lists.taken, lists.share) = (lists.sets.len(), 1.0);
        } else if at.first {
            self.list_west(table, west, lists, claims);
        }
        // Sorting by sieve key costs a pass over the table; it pays only where enough west
        // half-boards read it (the listed pairs).
        let (pairs, bucket_chunks) = self.sieving;
        let sieve =
            (!crossing && lists.lowers.len() >= pairs).then_some((bucket_chunks, lists.width));
        if let (Some(_), Some((fitted, _))) = (sieve, &lists.fitted) {
            table.retag(fitted);
        }
        let rows = WestRows {
            squares: &self.squares,
            rows: west.rows,
        };
        table.slice(self.shared.len(), sieve, rows, self.paired_bytes);
        if crossing {
            let west = Crossing {
                uppers: north.placements(),
                lowers: south.placements(),
                sets: &lists.sets,
                classes: (0..CLASSES)
                    .filter(|&class| west.weights[class] != 0)
                    .fold(0, |classes, class| classes | 1 << class),
            };
            return (join::cross(table.slices(0), west, &mut lists.frees), 1.0);
        }
        join_buckets(table, south, lists, at.stopwatch)
    }

    /// Lists a batch of `west`'s half-boards for a table's first part: its sieve fitted to
    /// the table where the table is long enough, its groups batched by the keys' bits.
    fn list_west(
        &self,
        table: &Table,
        west: &WestSide<'_>,
        lists: &mut WestLists,
        claims: &Claims<'_>,
    ) {
        let long = table.chunks >= LONG_TABLE || self.sieve_width < STREAMED_SIEVE;
        lists.fitted = (table.chunks >= self.fitted_from)
            .then(|| self.fitted_sieve(table, west.sets[0].placements()));
        let width = (lists.fitted.as_ref()).map_or(self.tag_width(), |(sieve, _)| sieve.width());
        lists.width = width - usize::from(!long);
        #[cfg(test)]
        if lists.fitted.is_some() {
            super::table::noted::fitted();
        }
        let marked = table.chunks >= LONG_TABLE;
        self.west_groups(west.sets, west.weights, lists, claims, marked);
    }

    /// The weight of each class of west half-boards for the row choice, or `None` if its
    /// north-south mirror image counts for it.
    pub(super) fn weights(&self, north: usize, south: usize) -> Option<[u64; CLASSES]> {
        if !self.mirrored {
            return Some([1, 0, 0]);
        }
        let (half, rows) = (self.frame.north.len(), self.frame.rows().count());
        let all = (1usize << rows) - 1;
        let east = north | south << half;
        let mirror = (east.reverse_bits())
            .checked_shr(usize::BITS - rows as u32)
            .unwrap_or(0);
        // Of a choice and its mirror image, the one with fewer north rows going east (see
        // `Plan::new`).
        let going_east = |rows: usize| (rows & ((1 << half) - 1)).count_ones();
        if (going_east(mirror), mirror) < (going_east(east), east) {
            return None;
        }
        let twice = if mirror == east { 1 } else { 2 };
        if !self.whole {
            return Some([twice, 0, 0]);
        }
        // West half-boards off both longest diagonals: their east-west mirror images have
        // the complementary row choice, so one of the two choices counts them twice.
        // Rows where the choice and its mirror agree decide which, alike for both.
        let agree = !(east ^ mirror) & all;
        let neither = match agree {
            0 => 1,
            _ if east & agree & agree.wrapping_neg() != 0 => 2,
            _ => 0,
        };
        Some([neither * twice, 2 * twice, 4 * twice])
    }
}

/// The west side of a row choice: the north-west and south-west placements, the north and
/// south rows they fill, and the weight of each class of its half-boards.
struct WestSide<'a> {
    sets: [SetView<'a>; 2],
    rows: [usize; 2],
    weights: [u64; CLASSES],
}

/// Where a part stands in its table: whether it is the first and the last, and, when timed,
/// its stopwatch and when it was filled.
struct PartAt<'a> {
    first: bool,
    last: bool,
    stopwatch: Option<(&'a Stopwatch, Instant)>,
}

/// What a batch of a row choice's west half-boards joined: its weighted solutions, whether
/// it listed any, and whether a deadline stopped it.
#[derive(Default)]
struct Batch {
    total: u64,
    listed: bool,
    stopped: bool,
}

/// A sliced part's buckets, each read by the west groups of `lists` free of its sieve
/// diagonals (partners from `south`), in an order spread over them (see [`spread`]): a
/// part its deadline stops has been through buckets that stand for the rest. Their number,
/// not the chunks their groups read, is the measure of its share of the part's time (see
/// docs/performance.md).
fn join_buckets(
    table: &Table,
    south: SetView<'_>,
    lists: &mut WestLists,
    stopwatch: Option<(&Stopwatch, Instant)>,
) -> ([u64; CLASSES], f64) {
    let buckets: Vec<_> = table.buckets().collect();
    let (mut sums, reading) = ([0; CLASSES], Instant::now());
    for (done, (bucket, chunks)) in spread(buckets.len()).map(|i| &buckets[i]).enumerate() {
        // Keys below the batches' width: the rest have no group.
        let batches: Vec<_> = (lists.groups[..1 << lists.width].iter().enumerate())
            .map(|(key, groups)| (table.reads(*bucket, key), &groups[..]))
            .collect();
        let west = West {
            batches: &batches,
            lowers: lists.lowers.as_slice(),
            partners: south.placements(),
            runs: &lists.runs,
            numbered: lists.numbered,
            cuts: &lists.cuts,
            cut_groups: &lists.cut_groups,
            marks: &lists.marks,
        };
        let part = join::count(table.slices(chunks.start), west, &mut lists.frees);
        for (sum, part) in sums.iter_mut().zip(part) {
            *sum += part;
        }
        let (done, left) = (done + 1, buckets.len() - done - 1);
        if let Some((stopwatch, started)) = stopwatch
            && done >= TIMED_BUCKETS
            && left > 0
            && stopwatch.expired()
        {
            // Filling and slicing the part, then its buckets at the pace so far.
            let spent = started.elapsed().as_secs_f64();
            let left = reading.elapsed().as_secs_f64() * left as f64 / done as f64;
            #[cfg(test)]
            PARTS_CUT.fetch_add(1, Ordering::Relaxed);
            return (sums, spent / (spent + left));
        }
    }
    (sums, 1.0)
}

/// The places `0..len`, each once, in steps of about 0.618 of `len` (the golden ratio's
/// fractional part, made prime to `len`): each prefix of the order spreads over them all
/// and over the bit patterns of their numbers, which say which sieve diagonals a bucket's
/// half-boards hold, and so how many groups read it.
pub(super) fn spread(len: usize) -> impl Iterator<Item = usize> {
    let mut step = (len as f64 * 0.618_033_988_749_895) as usize;
    while gcd(step, len) > 1 {
        step += 1;
    }
    (0..len).map(move |k| k * step % len)
}

/// The greatest common divisor of `a` and `b`.
fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

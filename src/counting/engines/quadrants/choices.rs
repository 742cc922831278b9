//! A subproblem's row choices joined: north sets with the south sets that complete them,
//! each east table a part at a time against the west half-boards, grouped by sieve key.

use super::join::{self, Part, STREAMED_SIEVE, Sieve, Table};
use super::layout::{
    CLASSES, ColumnSet, Crossing, Cut, Group, KEYS, PerKey, Placement, Run, West, placements_in,
};
use super::quadrant::{SetView, Values, join_each};
use super::row_sets::BuiltNorths;

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::counting::contract::pool::Pool;
use crate::error::Error;

use super::solver::Solver;
use std::cell::Cell;

/// What the join keeps of a row choice's west half-boards while it reads the parts of its
/// table: the sets of columns, and, unless it crosses them, the groups (by sieve key) and
/// their partners (see [`West`]) of a batch of the sets; with room for the partners' free
/// half-boards. A row choice's west half-boards are listed a batch at a time, so that
/// their memory stays bounded, each batch taking the next sets of columns from a
/// [`Claims`].
#[derive(Default)]
pub(super) struct WestLists {
    pub(super) sets: Vec<ColumnSet>,
    pub(super) groups: PerKey<Vec<Group>>,
    /// The keys whose groups may hold any: those below it.
    pub(super) keys: usize,
    /// The numbers of the partners, the runs of south-west placements they number, how many
    /// they number, and where each set of columns ends in them.
    pub(super) lowers: Values,
    pub(super) runs: Vec<Run>,
    pub(super) numbered: usize,
    pub(super) cuts: Vec<Cut>,
    pub(super) cut_groups: Vec<u32>,
    /// Where each upper's partners end.
    pub(super) ends: Vec<[u32; 2]>,
    /// For each partner numbered, the batches of the groups that list it, a bit per
    /// `1 << shift` keys as [`Run::batches`] marks them: where a long table is read, the
    /// join fills a partner's free half-boards only for blocks some group of it reads (see
    /// [`West::marks`]); empty elsewhere.
    pub(super) marks: Vec<u64>,
    /// How many sets of columns the batch took.
    pub(super) taken: usize,
    /// The batch's share of the row choice's pairs of west placements (those that agree
    /// and those that do not): the measure of a batch's share of the choice's work.
    pub(super) share: f64,
    /// The bits of the sieve keys its groups are batched by (see [`LONG_TABLE`]).
    pub(super) width: usize,
    /// A long table's own sieve (see [`Sieve::fitted`]), and the key of each square of the
    /// north-west rows by it (see [`Solver::fitted_sieve`]); none for shorter tables,
    /// which the sieve of the subproblem's tags sorts.
    pub(super) fitted: Option<(Sieve, Vec<usize>)>,
    pub(super) frees: Vec<u64>,
}

impl WestLists {
    /// Bytes the lists hold, their room to grow included.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        fn held<T>(list: &Vec<T>) -> usize {
            list.capacity() * size_of::<T>()
        }
        let groups: usize = self.groups.iter().map(held).sum();
        let lowers = self.lowers.capacity() * size_of::<u64>();
        (groups + lowers + held(&self.sets) + held(&self.runs) + held(&self.cuts))
            + held(&self.cut_groups)
            + (held(&self.ends) + held(&self.marks) + held(&self.frees))
    }
}

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

/// How far a step timed by [`Solver::time_step`] got before its deadline.
pub(super) struct Stopwatch {
    pub(super) deadline: Instant,
    /// Time spent building the step's south row sets, which whole tables already hold.
    pub(super) building: Cell<Duration>,
    /// East half-boards joined, of about `halves` in the step's choices of rows, each
    /// counting for the share of its choice's west half-boards joined with it (see
    /// [`WestLists::share`]). Half-boards, not the pairs of placements a table goes
    /// through to find them: the first parts of a table go through more pairs for each
    /// half-board, while a part's time follows its half-boards, so that progress counted in
    /// pairs ran ahead (a step of n = 26 estimated at 0.70x its time).
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

/// The fewest chunks a table's first part has for its groups to be batched by all the
/// bits of their sieve keys, where a streamed count's keys have theirs; one fewer below.
/// Whole steps of n = 24, whose tables have 800 to 2,000 chunks, took 0.87x the time with
/// 6 bits than with 5; with parts of 128 chunks, 1.10x (AMD EPYC with AVX-512): the batches'
/// bookkeeping outweighs their sparing on short tables.
const LONG_TABLE: usize = 512;

/// The bits of a sieve key a run's bit set of batches tells apart (see [`Run::batches`]).
const BATCH_BITS: usize = u64::BITS.trailing_zeros() as usize;

/// Partners numbered at least between two cuts of a row choice's west groups: the join
/// keeps their results a few hundred at a time or more, so finer cuts would only cost.
const CUT_EVERY: u32 = 256;

/// The sets of columns of a row choice that the batches of its west half-boards take
/// next: one thread's, or shared by threads that count a step together, each taking sets
/// as it lists them.
pub(super) struct Claims<'a> {
    pub(super) sets: usize,
    pub(super) next: &'a AtomicUsize,
}

impl Claims<'_> {
    /// The next set of columns, unless all are taken.
    fn take(&self) -> Option<usize> {
        Some(self.next.fetch_add(1, Ordering::Relaxed)).filter(|&set| set < self.sets)
    }

    /// Whether every set of columns is taken.
    fn taken(&self) -> bool {
        self.next.load(Ordering::Relaxed) >= self.sets
    }

    /// Takes every set of columns, if none is taken yet.
    fn take_all(&self) -> bool {
        (self.next)
            .compare_exchange(0, self.sets, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }
}

/// Row choices whose sets of columns more than one thread took (see [`Claims`]), for the
/// tests to see that threads counting a step together share its choices.
#[cfg(test)]
pub(super) static SHARED_CHOICES: AtomicUsize = AtomicUsize::new(0);

/// The fewest buckets of a part joined before a deadline stops it (a part of fewer runs
/// whole): the first joined takes longer than the rest (25 ms against 16 ms on average in
/// a part of a step of n = 26 with 255 buckets), and 16 spread over the part put its time
/// within 0.93x to 1.14x of the whole part's in four parts where one put it at 0.75x to
/// 1.40x (Intel Xeon with AVX-512).
const TIMED_BUCKETS: usize = 16;

/// Parts a deadline stopped between two of their buckets, for the tests to see that a
/// timed step stops within a part.
#[cfg(test)]
pub(super) static PARTS_CUT: AtomicUsize = AtomicUsize::new(0);

/// Cuts `lists` where its runs, numbers and groups of each of its batches' keys end so
/// far.
fn cut(lists: &mut WestLists, numbered: u32) {
    lists.cuts.push(Cut {
        runs: lists.runs.len() as u32,
        numbered,
    });
    let groups = &lists.groups[..1 << lists.width];
    (lists.cut_groups).extend(groups.iter().map(|groups| groups.len() as u32));
}

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
    /// until its deadline, which it is told of.
    pub(super) fn solve_choices(
        &self,
        norths: &[usize],
        only: Option<usize>,
        stopwatch: Option<&Stopwatch>,
        room: &mut Room,
    ) -> Result<u64, Error> {
        let built = match (&self.tables, room.norths.take()) {
            (Some(_), _) => None,
            (None, Some(kept)) if kept.case == self.first && kept.norths == norths => Some(kept),
            (None, _) => Some(self.built_norths(norths, &Pool::new(1, 1))?),
        };
        let total = self.solve_souths(norths, built.as_ref(), only, stopwatch, room);
        room.norths = built;
        total
    }

    /// The solutions of the row choices of north sets `norths` with every south set that
    /// completes them, for a solver without whole tables: the north row sets built
    /// [`Solver::north_sets_at_once`] at a time, then read by every thread of `pool`, each
    /// counting steps (one south set each) in a room of its own. A process holds the north
    /// sets a subproblem builds at a time once, not once per thread.
    pub(super) fn solve_by_steps(&self, norths: &[usize], pool: &Pool) -> Result<u64, Error> {
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
                    self.solve_souths(norths, Some(&built), Some(south), None, room)
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
    pub(super) fn solve_together(&self, norths: &[usize], pool: &Pool) -> Result<u64, Error> {
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
                    continue;
                }
                let built = self.built_south(south, sieve, None, pool)?;
                let south_sets = self.south_sets(south, built.as_ref());
                let taken: Vec<AtomicUsize> = choices.iter().map(|_| AtomicUsize::new(0)).collect();
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
                total += sums.into_iter().sum::<u64>();
            }
        }
        Ok(total * self.weight)
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
                continue;
            }
            let one = Pool::new(1, 1);
            let built = self.built_south(south, sieve, stopwatch.map(|s| &s.building), &one)?;
            let south_sets = self.south_sets(south, built.as_ref());
            for &(north, north_sets, weights) in &choices {
                let stopped = stopwatch.is_some_and(|s| s.done.get() > 0.0 && s.expired()) || {
                    let choice = Choice {
                        rows: [north, south],
                        sets: [north_sets, south_sets],
                        weights,
                    };
                    let (sum, stopped) =
                        self.join_choice(&choice, stopwatch, room, &AtomicUsize::new(0));
                    total += sum;
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
                    return Ok(total * self.weight);
                }
            }
        }
        Ok(total * self.weight)
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
        let [[east_north, west_north], [east_south, west_south]] = choice.sets;
        let west = [
            north ^ ((1 << self.frame.north.len()) - 1),
            south ^ ((1 << self.frame.south.len()) - 1),
        ];
        self.column_sets([west_north, west_south], west[0], &mut lists.sets);
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
            let mut part = Part::first(self.part);
            let mut listed = false;
            loop {
                let started = Instant::now();
                let more = table.fill(
                    [east_north, east_south],
                    north.count_ones(),
                    &mut part,
                    self.east.cols.len(),
                );
                let mut joined = 1.0;
                if table.len > 0 {
                    let sums;
                    (sums, joined) = self.join_part(
                        table,
                        [west_north, west_south],
                        west,
                        choice.weights,
                        (lists, &claims),
                        ([!listed, !more], stopwatch.map(|s| (s, started))),
                    );
                    total += sums
                        .iter()
                        .zip(choice.weights)
                        .map(|(sum, weight)| sum * weight)
                        .sum::<u64>();
                    listed = true;
                }
                if let Some(stopwatch) = stopwatch {
                    let done = table.len as f64 * lists.share * joined;
                    stopwatch.done.set(stopwatch.done.get() + done);
                    if joined < 1.0 || more && stopwatch.expired() {
                        return (total, true);
                    }
                }
                // A batch that took no set of columns (other threads took the last ones)
                // has nothing to join with the rest of the table.
                if !more || lists.taken == 0 && claims.sets > 0 {
                    break;
                }
            }
            #[cfg(test)]
            {
                mine += lists.taken;
            }
            if !listed || claims.taken() {
                break;
            }
        }
        #[cfg(test)]
        if mine > 0 && mine < claims.sets {
            SHARED_CHOICES.fetch_add(1, Ordering::Relaxed);
        }
        (total, false)
    }

    /// For each class, the pairs of half-boards sharing no diagonal, the east ones from
    /// `table`, a part of a row choice's, joined but not yet sliced, the west ones of
    /// placements `[north, south]` (filling north and south rows `west`) in the batch that
    /// lists them, taking sets of columns from `claims`, for the first part; the classes of
    /// `weights` that count. `lists` keeps what the parts of a row choice share; `first`
    /// and `last` say whether this part is the first and the last of the table. Also the
    /// share of the part's time spent on it: all of it, unless a `stopwatch`'s deadline
    /// stopped it between two buckets (the part filled when `started`).
    fn join_part(
        &self,
        table: &mut Table,
        [north, south]: [SetView<'_>; 2],
        west: [usize; 2],
        weights: [u64; CLASSES],
        (lists, claims): (&mut WestLists, &Claims<'_>),
        ([first, last], stopwatch): ([bool; 2], Option<(&Stopwatch, Instant)>),
    ) -> ([u64; CLASSES], f64) {
        // A whole table of a few chunks, for every west half-board: every pair tested costs
        // less than listing the pairs that agree.
        let crossing =
            first && last && table.chunks <= join::crossing_chunks() && claims.take_all();
        if crossing {
            (lists.taken, lists.share) = (lists.sets.len(), 1.0);
        } else if first {
            let long = table.chunks >= LONG_TABLE || self.sieve_width < STREAMED_SIEVE;
            lists.fitted = (table.chunks >= self.fitted_from)
                .then(|| self.fitted_sieve(table, north.placements()));
            let width =
                (lists.fitted.as_ref()).map_or(self.tag_width(), |(sieve, _)| sieve.width());
            lists.width = width - usize::from(!long);
            #[cfg(test)]
            if lists.fitted.is_some() {
                join::noted::fitted();
            }
            let marked = table.chunks >= LONG_TABLE;
            self.west_groups([north, south], weights, lists, claims, marked);
        }
        // Sorting by sieve key costs a pass over the table; it pays only where enough west
        // half-boards read it (the listed pairs).
        let (pairs, bucket_chunks) = self.sieving;
        let sieve =
            (!crossing && lists.lowers.len() >= pairs).then_some((bucket_chunks, lists.width));
        if let (Some(_), Some((fitted, _))) = (sieve, &lists.fitted) {
            table.retag(fitted);
        }
        table.slice(
            self.shared.len(),
            sieve,
            (&self.squares, west),
            self.paired_bytes,
        );
        if crossing {
            let west = Crossing {
                uppers: north.placements(),
                lowers: south.placements(),
                sets: &lists.sets,
                classes: (0..CLASSES)
                    .filter(|&class| weights[class] != 0)
                    .fold(0, |classes, class| classes | 1 << class),
            };
            return (join::cross(table.slices(0), west, &mut lists.frees), 1.0);
        }
        // Bucket by bucket, each read by the groups free of its sieve diagonals, in an
        // order spread over them (see [`spread`]): a part its deadline stops has been
        // through buckets that stand for the rest. Their number, not the chunks their groups read, is the
        // measure: in the parts of a step of n = 26, 255 buckets each, a bucket took 2 to 20
        // ms and the first k buckets about k/255 of a part's time, while their share of the
        // partners' chunks read ran behind by up to 3x, since each bucket fills its
        // partners' free half-boards too (Intel Xeon with AVX-512).
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

    /// The sets of columns of the north-west placements of `north`, a set of rows `rows`,
    /// that have some, with the south-west placements of `south` on the other columns.
    fn column_sets(
        &self,
        [north, south]: [SetView<'_>; 2],
        rows: usize,
        sets: &mut Vec<ColumnSet>,
    ) {
        let all = (1 << self.west.cols.len()) - 1;
        // Placements on a marked diagonal (flag 1) only where the board is whole.
        let flags = if self.whole { 2 } else { 1 };
        let runs = |view: SetView<'_>, cols| {
            core::array::from_fn(|flag| match flag < flags {
                true => view.run(flag, cols),
                false => (0, 0),
            })
        };
        sets.clear();
        for cols in north.column_sets(rows.count_ones()) {
            let uppers: [(u32, u32); 2] = runs(north, cols);
            if uppers.iter().any(|&(start, end)| end > start) {
                let lowers = runs(south, all ^ cols);
                sets.push(ColumnSet { uppers, lowers });
            }
        }
    }

    /// The west half-boards of the north-west placements `north` and south-west ones
    /// `south` that the sets of `lists` pair, as groups sharing a north-west placement, in
    /// the classes of `weights` that count, with their partners, in `lists`: a batch of
    /// them, of the sets taken from `claims` one by one until the batch has
    /// [`Solver::west_batch`] partners or more; `marked` (a long table) marks each
    /// partner's batches in [`WestLists::marks`].
    #[inline(never)]
    fn west_groups(
        &self,
        [north, south]: [SetView<'_>; 2],
        weights: [u64; CLASSES],
        lists: &mut WestLists,
        claims: &Claims<'_>,
        marked: bool,
    ) {
        // The keys in use since the last clearing: the rest are empty.
        lists.groups[..lists.keys].iter_mut().for_each(Vec::clear);
        lists.keys = 1 << lists.width;
        lists.lowers.clear();
        lists.runs.clear();
        lists.cuts.clear();
        lists.cut_groups.clear();
        lists.marks.clear();
        let mut numbered = 0;
        let mut pairs = 0;
        lists.taken = 0;
        let batch_shift = lists.width.saturating_sub(BATCH_BITS);
        // A batch ends with the set that takes it to `west_batch` partners or more.
        while lists.lowers.len() < self.west_batch {
            let Some(set) = claims.take() else {
                break;
            };
            let set = &lists.sets[set];
            lists.taken += 1;
            pairs += set.pairs();
            let uppers = set
                .uppers
                .map(|range| placements_in(north.placements(), range));
            let partners = set.lowers;
            let (runs, firsts) =
                partner_runs(partners, uppers.map(<[_]>::len), weights, &mut numbered);
            if marked {
                lists.marks.resize(numbered as usize, 0);
            }
            let mut batches = [0u64; 2];
            for (upper_flag, (runs, &uppers)) in runs.iter().zip(&uppers).enumerate() {
                if uppers.is_empty() {
                    continue;
                }
                let start = lists.lowers.len() as u32;
                join_each(
                    uppers,
                    runs.map(|range| placements_in(south.placements(), range)),
                    firsts,
                    &mut lists.lowers,
                    &mut lists.ends,
                );
                // No shift and no marking as constants, so that the common case, none of
                // either, costs nothing (shifting by a variable took 0.6% more instructions
                // of `count 18`, asking whether to mark 1.2%).
                let push = match (batch_shift, marked) {
                    (0, false) => push_groups::<false, false>,
                    (_, false) => push_groups::<true, false>,
                    (0, true) => push_groups::<false, true>,
                    (_, true) => push_groups::<true, true>,
                };
                let keys = (lists.fitted.as_ref()).map(|(sieve, keys)| (&keys[..], sieve.width()));
                push(
                    uppers,
                    (&lists.ends, start),
                    upper_flag as u32,
                    (&mut lists.groups, lists.width, batch_shift),
                    keys,
                    (&mut batches, (lists.lowers.as_slice(), &mut lists.marks)),
                );
            }
            for ((&batches, first), (start, end)) in batches.iter().zip(firsts).zip(partners) {
                if batches != 0 {
                    lists.runs.push(Run {
                        start,
                        end,
                        first,
                        batches,
                    });
                }
            }
            // A cut where the partners since the last one are enough to matter.
            if numbered - lists.cuts.last().map_or(0, |cut| cut.numbered) >= CUT_EVERY {
                cut(lists, numbered);
            }
        }
        if lists.cuts.last().is_none_or(|cut| cut.numbered < numbered) {
            cut(lists, numbered);
        }
        lists.numbered = numbered as usize;
        let all: u64 = lists.sets.iter().map(ColumnSet::pairs).sum();
        lists.share = match all {
            0 => 1.0,
            all => pairs as f64 / all as f64,
        };
    }
}

/// The partners each flag of the uppers reads, for uppers of `lens` placements: those off
/// the marked diagonal, then those on it (a class higher), where that class counts; and
/// where each list of partners is numbered from, each numbered once for both flags of the
/// uppers (`numbered` counts them).
fn partner_runs(
    partners: [(u32, u32); 2],
    lens: [usize; 2],
    weights: [u64; CLASSES],
    numbered: &mut u32,
) -> ([[(u32, u32); 2]; 2], [u32; 2]) {
    let runs: [[_; 2]; 2] = core::array::from_fn(|upper_flag| {
        core::array::from_fn(|lower_flag| {
            match weights[upper_flag + lower_flag] != 0 && lens[upper_flag] != 0 {
                true => partners[lower_flag],
                false => (0, 0),
            }
        })
    });
    let firsts = core::array::from_fn(|lower_flag| {
        let first = *numbered;
        if runs
            .iter()
            .any(|runs| runs[lower_flag].1 > runs[lower_flag].0)
        {
            let (start, end) = partners[lower_flag];
            *numbered += end - start;
        }
        first
    });
    (runs, firsts)
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

/// Adds the north-west placements `uppers`, just joined with their partners (which end at
/// `ends`, the first starting at `start`), to the `groups` of their sieve keys of `width`
/// bits, in class `class`; marks in `batches` each key with partners off the marked
/// diagonal (0) and on it (1), a bit per `1 << batch_shift` keys (0 unless `SHIFTED`: see
/// [`Run::batches`]), and, if `MARKED`, each partner alike in `marks` (by the partners'
/// numbers `lowers`). Their keys are their tags, or by `square_keys` (each square's key of
/// a table's own sieve, 16 a row, and their bits) where the table has a sieve of its own.
#[inline]
fn push_groups<const SHIFTED: bool, const MARKED: bool>(
    uppers: &[Placement],
    (ends, mut start): (&[[u32; 2]], u32),
    class: u32,
    (groups, width, batch_shift): (&mut [Vec<Group>; KEYS], usize, usize),
    square_keys: Option<(&[usize], usize)>,
    (batches, (lowers, marks)): (&mut [u64; 2], (&[u64], &mut [u64])),
) {
    let batch_shift = if SHIFTED { batch_shift } else { 0 };
    for (upper, &[split, end]) in uppers.iter().zip(ends) {
        let key = match square_keys {
            None => Sieve::tagged(upper.shared, width),
            Some((keys, bits)) => {
                let key = (keys.chunks_exact(16).enumerate()).fold(0, |key, (row, keys)| {
                    key | keys[(upper.shared >> (4 * row) & 15) as usize]
                });
                key >> (bits - width)
            }
        };
        let bit = key >> batch_shift;
        batches[0] |= u64::from(split > start) << bit;
        batches[1] |= u64::from(end > split) << bit;
        // Written, then kept only if it has partners: whether an upper has any follows no
        // pattern a branch predicts (`queens count 20 --engine quadrants
        // --threads 1 --shard 3/20` took 0.96x the time, `QUEENS_SIMD=avx2 queens count 18`
        // 0.97x to 0.99x; AMD EPYC with AVX-512).
        let list = &mut groups[key];
        list.push(Group {
            upper: upper.shared,
            start,
            split,
            end,
            class,
        });
        list.truncate(list.len() - usize::from(end == start));
        if MARKED {
            for &lower in &lowers[start as usize..end as usize] {
                marks[lower as usize] |= 1 << bit;
            }
        }
        start = end;
    }
}

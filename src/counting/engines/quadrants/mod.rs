//! The quadrant join: solutions counted from the partial solutions of the board's quarters,
//! with no search of the whole board.
//!
//! Cut the board at row and column `n / 2`. Each row's queen stands in the west or the
//! east half; choose which rows put it east (a *row choice*, as many rows as the east half
//! has columns). For that choice, list every *east half-board*: queens on those rows, one
//! per east column, none attacking another. Each is a north-east placement joined to a
//! south-east one on the other columns, and both come from tables built once (see
//! [`quadrant`]). List the west half-boards of the other rows alike. A west and an east
//! half-board make a solution exactly when they hold no diagonal in common, since rows and
//! columns are already apart. So the count is, over all row choices, the number of pairs
//! of disjoint diagonal sets, and [`join`] counts those 512 at a time.
//!
//! Symmetry cuts the work about eight-fold on even boards: reflecting north to south turns
//! a row choice into its mirror image, so only one of the two is counted (twice); and the
//! east half-boards holding a queen on a longest diagonal are skipped, the west half-boards
//! holding one counting double instead (reflections map the one set onto the other). On
//! odd boards the middle row's and the middle column's queens are placed first, one case
//! per class of placements under the board's eight symmetries.
//!
//! The join counts solutions only; the counter gets classes from them by Burnside's lemma
//! (see [`count_symmetric`](crate::counting::count_symmetric)). `docs/counting.md` works through
//! `n = 8`.

mod frame;
mod join;
// Vector kernels of the join (unsafe code: see the constellations' kernels).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub(crate) mod kernels;
pub(crate) mod layout;
pub(crate) mod portable;
mod quadrant;
pub(crate) mod work;

use frame::{Diagonals, Frame, Shared};
use join::{PART, Part, Sieve, Squares, Table};
use layout::{CLASSES, ColumnSet, Crossing, Cut, Group, KEYS, Placement, Run, West, placements_in};
use quadrant::{
    Mark, Quadrant, Record, RowSet, SetView, Side, Values, census, join_each, sieve_candidates,
};

use std::cell::Cell;
use std::time::{Duration, Instant};

use crate::counting::running::memory;
use crate::error::Error;
use crate::squares::Square;

/// The largest board the join takes: a side's diagonals must pack into 32 bits each.
pub(crate) const MAX_N: usize = 27;

/// How far a step timed by [`Solver::time_step`] got before its deadline.
struct Stopwatch {
    deadline: Instant,
    /// The east half-boards a part of the step's table holds.
    part: usize,
    /// Time spent building the step's south row sets, which whole tables already hold.
    building: Cell<Duration>,
    /// Pairs of placements joined, of `pairs` in the step's choices of rows.
    done: Cell<u64>,
    pairs: Cell<u64>,
    /// Whether the deadline stopped the step.
    stopped: Cell<bool>,
}

impl Stopwatch {
    /// Whether the deadline has passed (and, if so, notes that the step stopped).
    fn expired(&self) -> bool {
        let expired = Instant::now() >= self.deadline;
        self.stopped.set(self.stopped.get() | expired);
        expired
    }
}

/// Half-boards in a part of a step being timed: small, so that the deadline is looked at
/// often (a part of [`PART`] takes 30 s at n = 26), and more than a crossing table holds, so
/// that a choice is joined the way a count joins it.
const TIMED_PART: usize = 1 << 12;

/// The largest board whose whole tables [`table_bytes`] knows.
const TABLES_UP_TO: usize = 22;

/// Bytes the tables of one case of board size `n` take (the whole board's for even `n`,
/// the center case's, the largest, for odd `n`): four quadrants, each an offset per group
/// and 16 bytes per placement. Placements grow about 8-fold per two rows; the
/// `table_bytes_are_the_tables_built` test checks every figure.
pub(crate) fn table_bytes(n: usize) -> u64 {
    const MEASURED: [u64; TABLES_UP_TO + 1] = [
        0,
        0,
        0,
        0,
        784,
        720,
        2_992,
        2_768,
        12_624,
        11_472,
        55_088,
        47_824,
        257_808,
        215_888,
        1_327_728,
        1_051_472,
        7_731_920,
        5_752_656,
        51_418_224,
        35_859_536,
        385_863_696,
        255_909_328,
        3_244_867_888,
    ];
    MEASURED.get(n).copied().unwrap_or(u64::MAX)
}

/// Bytes a count of `n` on `threads` threads needs: the tables, shared by the threads, and
/// each thread's table of east half-boards and their planes, which stays under an eighth of
/// them (n = 20 on two threads peaks at 470 MB with 386 MB of tables: `count_bench`).
pub(crate) fn memory_needed(n: usize, threads: usize) -> u64 {
    let tables = table_bytes(n);
    tables.saturating_add((tables / 8).saturating_mul(threads as u64))
}

/// Bytes a count of `n` on `threads` threads needs when each subproblem builds the sets of
/// rows it reads ([`Storage::Streamed`]): per thread, its sets of rows, its lists of west
/// half-boards and its table of east ones (at most a [`PART`] at a time, about 48 MB). The
/// figure is 64 MiB at n = 22 and 23, halving per n below and growing 2.5-fold per n above:
/// the peaks measured (`queens plan N` prints them: 19 MiB at n = 22, 14 MiB at 23, 96 MiB at 24) lie
/// well under it, and grow more slowly.
pub(crate) fn streamed_needed(n: usize, threads: usize) -> u64 {
    let mut per_thread: u64 = 64 << 20;
    for _ in n..22 {
        per_thread /= 2;
    }
    for _ in 23..n {
        per_thread = per_thread / 2 * 5;
    }
    per_thread.saturating_mul(threads as u64)
}

/// How a count of `n` on `threads` threads keeps its placements within `limit` bytes, if
/// given, and the memory available (where the operating system says how much that is): the
/// whole tables where they fit, else only what each subproblem reads; or an error if not
/// even that fits, rather than swap or be killed.
pub(crate) fn storage(n: usize, threads: usize, limit: Option<u64>) -> Result<Storage, Error> {
    let available = match (limit, memory::available()) {
        (Some(limit), Some(available)) => Some(limit.min(available)),
        (limit, available) => limit.or(available),
    };
    match n <= TABLES_UP_TO && fits(memory_needed(n, threads), available, "").is_ok() {
        true => Ok(Storage::Tables),
        false => {
            let advice = match threads {
                1 => "count with the constellations engine (it needs almost no memory)",
                _ => "count on fewer threads or with the constellations engine",
            };
            fits(streamed_needed(n, threads), available, advice).map(|()| Storage::Streamed)
        }
    }
}

/// Bytes a count of `n` on `threads` threads needs with the storage it would take under
/// `limit` bytes, whatever the machine has: its whole tables where they exist and fit.
pub(crate) fn needed_within(n: usize, threads: usize, limit: Option<u64>) -> u64 {
    let tables = memory_needed(n, threads);
    match n <= TABLES_UP_TO && limit.is_none_or(|limit| tables <= limit) {
        true => tables,
        false => streamed_needed(n, threads),
    }
}

/// Whether `needed` bytes fit in `available` (unknown: assumed to); if not, the error
/// gives `advice`.
fn fits(needed: u64, available: Option<u64>, advice: &'static str) -> Result<(), Error> {
    match available {
        Some(available) if needed > available => Err(Error::NotEnoughMemory {
            needed,
            available,
            advice,
        }),
        _ => Ok(()),
    }
}

/// The subproblems of a count by the join: for each case (the fixed middle queens of an
/// odd board; the empty board for an even one), one per group of north row sets that go
/// east (see [`north_groups`]).
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    n: usize,
    cases: Vec<Case>,
}

#[derive(Debug, Clone)]
struct Case {
    fixed: Vec<Square>,
    /// Placements of the fixed queens this case stands for.
    weight: u64,
    /// The number of the case's first subproblem.
    first: usize,
    /// Subproblems: one per group of subsets of the free north rows (see [`north_groups`]).
    len: usize,
}

/// How many north rows go east in subproblem `index` of `plan`.
fn north_groups_first_size(plan: &Plan, index: usize) -> usize {
    let case = &plan.cases[plan.case_of(index)];
    let norths = Frame::around(plan.n, &case.fixed).north.len();
    north_groups(norths)[index - case.first][0].count_ones() as usize
}

/// The number of ways to choose `k` of `n`.
fn binomial(n: usize, k: usize) -> u64 {
    (0..k.min(n)).fold(1, |c, i| c * (n - i) as u64 / (i + 1) as u64)
}

/// The `index`-th set of `ones` bits, in increasing order.
fn nth_subset(ones: u32, index: u64) -> usize {
    let mut set = (1usize << ones) - 1;
    for _ in 0..index {
        // The next larger number with as many ones (Gosper's hack).
        let lowest = set & set.wrapping_neg();
        let ripple = set + lowest;
        set = ripple | (((set ^ ripple) >> 2) / lowest.max(1));
    }
    set
}

/// North rows that go east, taken together in one subproblem: sets of equal size, so that
/// each south set completes all of them or none.
const TOGETHER: usize = 4;

/// The subsets of `norths` north rows, in groups of up to [`TOGETHER`] of one size.
///
/// A subproblem counts its groups' row choices south set by south set: the tables of a
/// south set are read for each north set of the group while they are in the cache.
fn north_groups(norths: usize) -> Vec<Vec<usize>> {
    let mut sets: Vec<usize> = (0..1 << norths).collect();
    sets.sort_by_key(|&set| (set.count_ones(), set));
    sets.chunk_by(|a, b| a.count_ones() == b.count_ones())
        .flat_map(|same| same.chunks(TOGETHER))
        .map(<[usize]>::to_vec)
        .collect()
}

impl Plan {
    pub(crate) fn new(n: usize) -> Plan {
        let half = n / 2;
        let mut kinds: Vec<(Vec<Square>, u64)> = Vec::new();
        if n.is_multiple_of(2) {
            kinds.push((Vec::new(), 1));
        } else {
            // The middle row's queen in column `c`, the middle column's in row `r`: one
            // placement per class, with `r < c < half` standing for eight.
            kinds.push((vec![(half, half)], 1));
            for r in 0..half {
                for c in r + 1..half {
                    kinds.push((vec![(half, c), (r, half)], 8));
                }
            }
        }
        let mut first = 0;
        let cases = kinds
            .into_iter()
            .map(|(fixed, weight)| {
                let north = Frame::around(n, &fixed).north.len();
                let case = Case {
                    fixed,
                    weight,
                    first,
                    len: north_groups(north).len(),
                };
                first += case.len;
                case
            })
            .collect();
        Plan { n, cases }
    }

    /// The number of subproblems.
    pub(crate) fn len(&self) -> usize {
        self.cases.last().map_or(0, |case| case.first + case.len)
    }

    /// The case of subproblem `index`.
    pub(crate) fn case_of(&self, index: usize) -> usize {
        self.cases
            .partition_point(|case| case.first + case.len <= index)
    }

    /// The number of steps of every subproblem: one per set of south rows that completes
    /// its north row sets. The finest parts of the count, which [`Plan::step`] numbers.
    pub(crate) fn steps(&self) -> u64 {
        (0..self.cases.len())
            .flat_map(|case| self.steps_of(case))
            .map(|(_, steps)| steps)
            .sum()
    }

    /// The number of steps of each subproblem of case `case`, with its index.
    fn steps_of(&self, case: usize) -> impl Iterator<Item = (usize, u64)> {
        let frame = Frame::around(self.n, &self.cases[case].fixed);
        let (souths, east) = (frame.south.len(), frame.east.len());
        let first = self.cases[case].first;
        north_groups(frame.north.len())
            .into_iter()
            .enumerate()
            .map(move |(i, norths)| {
                let k = norths[0].count_ones() as usize;
                let steps = east.checked_sub(k).map_or(0, |m| binomial(souths, m));
                (first + i, steps)
            })
    }

    /// Step `index` (below [`Plan::steps`]): its subproblem and its south row set (bits
    /// into the case's south row list).
    pub(crate) fn step(&self, mut index: u64) -> (usize, usize) {
        for case in 0..self.cases.len() {
            let east = Frame::around(self.n, &self.cases[case].fixed).east.len();
            for (subproblem, steps) in self.steps_of(case) {
                if index < steps {
                    let k = north_groups_first_size(self, subproblem);
                    return (subproblem, nth_subset((east - k) as u32, index));
                }
                index -= steps;
            }
        }
        panic!("step beyond the plan's {}", self.steps());
    }
}

/// One case of a plan, from which its subproblems are counted on any thread: with the
/// whole case's tables when they fit in memory, else building, for each subproblem, only
/// the sets of rows it reads.
pub(crate) struct Solver {
    n: usize,
    weight: u64,
    first: usize,
    /// Whether the case is the whole even board, where the symmetry reductions apply.
    whole: bool,
    frame: Frame,
    shared: Shared,
    west: Side,
    east: Side,
    /// Shared diagonals a sieve leaves out: the longest ones, and those south-west
    /// placements hold.
    unsieved: u64,
    squares: Squares,
    groups: Vec<Vec<usize>>,
    tables: Option<Tables>,
    /// The east half-boards a table holds at a time.
    part: usize,
}

/// The tables of a whole case: every placement of each quadrant, north first, and the
/// sieve, chosen from all of them, by which the north-west placements are tagged.
struct Tables {
    west: [Quadrant; 2],
    east: [Quadrant; 2],
    sieve: Sieve,
}

/// What a subproblem's row choices work in, one after another: made once for all of them
/// (and by a sample, once for all the steps it times).
#[derive(Default)]
pub(crate) struct Room {
    table: Table,
    lists: WestLists,
}

/// What the join keeps of a row choice's west half-boards while it reads the parts of its
/// table: the sets of columns, and, unless it crosses them, the groups (by sieve key) and
/// their partners (see [`West`]); with room for the partners' free half-boards.
#[derive(Default)]
struct WestLists {
    sets: Vec<ColumnSet>,
    groups: [Vec<Group>; KEYS],
    /// The numbers of the partners, the runs of south-west placements they number, how many
    /// they number, and where each set of columns ends in them.
    lowers: Values,
    runs: Vec<Run>,
    numbered: usize,
    cuts: Vec<Cut>,
    /// Where each upper's partners end.
    ends: Vec<[u32; 2]>,
    frees: Vec<u64>,
}

/// Partners numbered at least between two cuts of a row choice's west groups: the join
/// keeps their results a few hundred at a time or more, so finer cuts would only cost.
const CUT_EVERY: u32 = 256;

/// Where the runs, numbers and groups of each key end so far.
fn cut(groups: &[Vec<Group>; KEYS], runs: &[Run], numbered: u32) -> Cut {
    Cut {
        runs: runs.len() as u32,
        numbered,
        groups: core::array::from_fn(|key| groups[key].len() as u32),
    }
}

/// How a solver gets the placements it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Storage {
    /// The tables of the whole case, built once and shared by the threads.
    Tables,
    /// Only the sets of rows each subproblem reads, built by the subproblem: a little more
    /// work, and a small part of the memory.
    Streamed,
}

impl Solver {
    /// The solver of case `case` of `plan`, its tables built if `storage` says so.
    pub(crate) fn new(plan: &Plan, case: usize, storage: Storage) -> Result<Solver, Error> {
        let n = plan.n;
        let case = &plan.cases[case];
        let frame = Frame::around(n, &case.fixed);
        let shared = Shared::new(&frame);
        let whole = case.fixed.is_empty() && n > 0;
        // The longest diagonals: rising through the north-east and south-west quadrants,
        // falling through the north-west and south-east ones.
        let rising = Diagonals {
            rising: 1 << n.saturating_sub(1),
            falling: 0,
        };
        let falling = Diagonals {
            rising: 0,
            falling: 1 << n.saturating_sub(1),
        };
        let marks = |north: Diagonals, south: Diagonals, keep| match whole {
            true => [north, south].map(|diagonal| Some(Mark { diagonal, keep })),
            false => [None, None],
        };
        let long = if whole {
            shared.of(rising.with(falling))
        } else {
            0
        };
        let west = Side::new(
            &frame,
            &frame.west,
            Record::Squares,
            marks(falling, rising, true),
        );
        let east = Side::new(
            &frame,
            &frame.east,
            Record::Diagonals(shared),
            marks(rising, falling, false),
        );
        // East half-boards hold no longest diagonal (whole boards): no plane reads one.
        let squares = Squares {
            diagonals: frame
                .rows()
                .flat_map(|row| frame.west.iter().map(move |&col| (row, col)))
                .map(|square| shared.of(Diagonals::of(n, square)) & !long)
                .collect(),
            norths: frame.north.len(),
            cols: frame.west.len(),
        };
        let south_west = &squares.diagonals[squares.norths * squares.cols..];
        let unsieved = long | south_west.iter().fold(0, |any, &d| any | d);
        let mut solver = Solver {
            n,
            weight: case.weight,
            first: case.first,
            whole,
            groups: north_groups(frame.north.len()),
            frame,
            shared,
            west,
            east,
            unsieved,
            squares,
            tables: None,
            part: PART,
        };
        if storage == Storage::Tables {
            solver.tables = Some(solver.tables()?);
        }
        Ok(solver)
    }

    /// The tables of the whole case.
    fn tables(&self) -> Result<Tables, Error> {
        let [mut west_north, west_south] = self.west.quadrants(&self.frame)?;
        let east = self.east.quadrants(&self.frame)?;
        let sieve = self.sieve(
            west_north.placements(),
            east.iter().flat_map(|quadrant| quadrant.placements()),
        );
        let keys = self.keys(&sieve, west_north.placements());
        west_north.tag(keys);
        Ok(Tables {
            west: [west_north, west_south],
            east,
            sieve,
        })
    }

    /// The sieve for north-west placements `uppers` against east ones `others`.
    fn sieve<'a>(
        &self,
        uppers: &[Placement],
        others: impl IntoIterator<Item = &'a Placement>,
    ) -> Sieve {
        let diagonals = self.shared.len();
        let upper = census(diagonals, uppers, |p| self.west_shared(p.shared));
        let others = census(diagonals, others, |p| p.shared);
        Sieve::new(&sieve_candidates(&upper, &others, self.unsieved))
    }

    /// The shared diagonals of a north-west placement with squares `code` (longest ones
    /// left out).
    fn west_shared(&self, code: u64) -> u64 {
        let cols = self.squares.cols;
        (0..self.squares.norths)
            .filter_map(|row| match code >> (4 * row) & 15 {
                0 => None,
                col => Some(self.squares.diagonals[row * cols + col as usize - 1]),
            })
            .fold(0, |all, d| all | d)
    }

    /// The sieve keys of north-west placements, as tags: the join groups by them.
    fn keys(&self, sieve: &Sieve, uppers: &[Placement]) -> Vec<u64> {
        uppers
            .iter()
            .map(|p| Sieve::tag(sieve.key(self.west_shared(p.shared))))
            .collect()
    }

    /// The solutions subproblem `index` accounts for (a subproblem of this case).
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the sets of rows it reads cannot be allocated.
    pub(crate) fn solve(&self, index: usize) -> Result<u64, Error> {
        let mut room = Room::default();
        self.solve_choices(&self.groups[index - self.first], None, None, &mut room)
    }

    /// The solutions step `south` of subproblem `index` accounts for.
    #[cfg(test)]
    fn solve_step(&self, index: usize, south: usize) -> Result<u64, Error> {
        let mut room = Room::default();
        self.solve_choices(
            &self.groups[index - self.first],
            Some(south),
            None,
            &mut room,
        )
    }

    /// Runs step `south` of subproblem `index` (what [`Plan::step`] gives: its north row
    /// sets with the one set of south rows) until `deadline`, in `room` (kept from step to
    /// step, as a count keeps it), and returns the seconds the whole step takes in a count
    /// whose storage is `storage`: measured if it finished, else estimated from the share
    /// of its pairs of placements done by then (a part of its table always runs, so the
    /// share is never zero). The second value says whether the step finished.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the sets of rows it reads cannot be allocated.
    pub(crate) fn time_step(
        &self,
        index: usize,
        south: usize,
        deadline: Instant,
        room: &mut Room,
        storage: Storage,
    ) -> Result<(f64, bool), Error> {
        let stopwatch = Stopwatch {
            deadline,
            // A count's own parts where its tables are whole (to n = 22); small ones else,
            // so that a step of a large board looks at its deadline often.
            part: match storage {
                Storage::Tables => self.part,
                Storage::Streamed => TIMED_PART,
            },
            building: Cell::new(Duration::ZERO),
            done: Cell::new(0),
            pairs: Cell::new(0),
            stopped: Cell::new(false),
        };
        let started = Instant::now();
        self.solve_choices(
            &self.groups[index - self.first],
            Some(south),
            Some(&stopwatch),
            room,
        )?;
        let mut seconds = started.elapsed().as_secs_f64();
        if storage == Storage::Tables && self.tables.is_none() {
            seconds -= stopwatch.building.get().as_secs_f64();
        }
        let (done, all) = (stopwatch.done.get(), stopwatch.pairs.get());
        Ok(match stopwatch.stopped.get() && done > 0 {
            false => (seconds.max(0.0), !stopwatch.stopped.get()),
            true => (seconds.max(0.0) * all as f64 / done as f64, false),
        })
    }

    /// What subproblem `index` does before its steps: with streamed storage, it builds its
    /// north row sets and their sieve.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the sets of rows cannot be allocated.
    pub(crate) fn prepare(&self, index: usize) -> Result<(), Error> {
        // No set of south rows has every bit: no step runs.
        let mut room = Room::default();
        self.solve_choices(
            &self.groups[index - self.first],
            Some(usize::MAX),
            None,
            &mut room,
        )
        .map(drop)
    }

    /// The solutions of the row choices of north sets `norths` (all of one size) with
    /// every south set that completes them, or only with `only`; with a `stopwatch`, only
    /// until its deadline, which it is told of.
    // Over 80 lines on purpose: the north sets are built here (from whole tables or streamed)
    // and the south sets joined against them in one loop; both borrow `built` and
    // `streamed_sieve`, which live only in this frame, so helpers would need them all passed.
    fn solve_choices(
        &self,
        norths: &[usize],
        only: Option<usize>,
        stopwatch: Option<&Stopwatch>,
        room: &mut Room,
    ) -> Result<u64, Error> {
        let (all_north, all_south) = (
            (1 << self.frame.north.len()) - 1,
            (1 << self.frame.south.len()) - 1,
        );
        let going_east = norths.first().map_or(0, |set| set.count_ones());
        // The north quadrants' placements of the group's row choices, and the sieve.
        let built: Vec<[RowSet; 2]>;
        let streamed_sieve: Sieve;
        let (north_sets, sieve): (Vec<[SetView<'_>; 2]>, &Sieve) = match &self.tables {
            Some(tables) => (
                norths
                    .iter()
                    .map(|&north| {
                        [
                            tables.east[0].set(north),
                            tables.west[0].set(north ^ all_north),
                        ]
                    })
                    .collect(),
                &tables.sieve,
            ),
            None => {
                let (east, west) = (
                    self.east.placer(&self.frame, 0),
                    self.west.placer(&self.frame, 0),
                );
                let mut sets = norths
                    .iter()
                    .map(|&north| {
                        Ok([
                            RowSet::new(&east, north)?,
                            RowSet::new(&west, north ^ all_north)?,
                        ])
                    })
                    .collect::<Result<Vec<_>, Error>>()?;
                streamed_sieve = self.sieve(
                    &sets
                        .iter()
                        .flat_map(|[_, west]| west.view().placements())
                        .copied()
                        .collect::<Vec<_>>(),
                    sets.iter().flat_map(|[east, _]| east.view().placements()),
                );
                for [_, west] in &mut sets {
                    west.tag(self.keys(&streamed_sieve, west.view().placements()));
                }
                built = sets;
                (
                    built
                        .iter()
                        .map(|[east, west]| [east.view(), west.view()])
                        .collect(),
                    &streamed_sieve,
                )
            }
        };
        let Room { table, lists } = room;
        let mut total = 0;
        for south in 0..1usize << self.frame.south.len() {
            if (going_east + south.count_ones()) as usize != self.east.cols.len()
                || only.is_some_and(|only| only != south)
            {
                continue;
            }
            let choices: Vec<_> = norths
                .iter()
                .zip(&north_sets)
                .filter_map(|(&north, sets)| Some((north, sets, self.weights(north, south)?)))
                .collect();
            if choices.is_empty() {
                continue;
            }
            let south_built: [RowSet; 2];
            let [east_south, west_south] = match &self.tables {
                Some(tables) => [
                    tables.east[1].set(south),
                    tables.west[1].set(south ^ all_south),
                ],
                None => {
                    let started = Instant::now();
                    south_built = [
                        RowSet::new(&self.east.placer(&self.frame, 1), south)?,
                        RowSet::new(&self.west.placer(&self.frame, 1), south ^ all_south)?,
                    ];
                    if let Some(stopwatch) = stopwatch {
                        stopwatch
                            .building
                            .set(stopwatch.building.get() + started.elapsed());
                    }
                    south_built.each_ref().map(RowSet::view)
                }
            };
            if let Some(stopwatch) = stopwatch {
                let pairs = choices.iter().map(|&(north, &[east_north, _], _)| {
                    join::pairs(
                        [east_north, east_south],
                        north.count_ones(),
                        self.east.cols.len(),
                    )
                });
                stopwatch
                    .pairs
                    .set(stopwatch.pairs.get() + pairs.sum::<u64>());
            }
            for (north, &[east_north, west_north], weights) in choices {
                if stopwatch.is_some_and(|s| s.done.get() > 0 && s.expired()) {
                    return Ok(total * self.weight);
                }
                let west = [north ^ all_north, south ^ all_south];
                // The east half-boards a part at a time, the west ones listed for the first.
                let mut part = Part::first(stopwatch.map_or(self.part, |s| s.part));
                let mut listed = false;
                loop {
                    let more = table.fill(
                        [east_north, east_south],
                        north.count_ones(),
                        &mut part,
                        self.east.cols.len(),
                        self.shared.len(),
                        sieve,
                        (&self.squares, west),
                    );
                    if table.len > 0 {
                        let sums = self.join_part(
                            table,
                            [west_north, west_south],
                            west[0],
                            weights,
                            lists,
                            [!listed, !more],
                        );
                        total += sums
                            .iter()
                            .zip(weights)
                            .map(|(sum, weight)| sum * weight)
                            .sum::<u64>();
                        listed = true;
                    }
                    if let Some(stopwatch) = stopwatch {
                        stopwatch.done.set(stopwatch.done.get() + part.pairs);
                        part.pairs = 0;
                        if more && stopwatch.expired() {
                            return Ok(total * self.weight);
                        }
                    }
                    if !more {
                        break;
                    }
                }
            }
        }
        Ok(total * self.weight)
    }

    /// For each class, the pairs of half-boards sharing no diagonal, the east ones from
    /// `table`, a part of a row choice's, the west ones of placements `[north, south]`
    /// (`north` filling rows `rows`); the classes of `weights` that count. `lists` keeps
    /// what the parts of a row choice share; `first` and `last` say whether this part is its
    /// first and its last.
    fn join_part(
        &self,
        table: &Table,
        [north, south]: [SetView<'_>; 2],
        rows: usize,
        weights: [u64; CLASSES],
        lists: &mut WestLists,
        [first, last]: [bool; 2],
    ) -> [u64; CLASSES] {
        if first {
            self.column_sets([north, south], rows, &mut lists.sets);
        }
        // A whole table of a few chunks: every pair tested costs less than listing the
        // pairs that agree.
        if first && last && table.chunks <= join::crossing_chunks() {
            let west = Crossing {
                uppers: north.placements(),
                lowers: south.placements(),
                sets: &lists.sets,
                classes: (0..CLASSES)
                    .filter(|&class| weights[class] != 0)
                    .fold(0, |classes, class| classes | 1 << class),
            };
            return join::cross(table.slices(), west, &mut lists.frees);
        }
        if first {
            self.west_groups([north, south], weights, lists);
        }
        let batches: [_; KEYS] =
            core::array::from_fn(|key| (table.chunks(key), &lists.groups[key][..]));
        let west = West {
            batches: &batches,
            lowers: lists.lowers.as_slice(),
            partners: south.placements(),
            runs: &lists.runs,
            numbered: lists.numbered,
            cuts: &lists.cuts,
        };
        join::count(table.slices(), west, &mut lists.frees)
    }

    /// The weight of each class of west half-boards for the row choice, or `None` if its
    /// north-south mirror image counts for it.
    fn weights(&self, north: usize, south: usize) -> Option<[u64; CLASSES]> {
        if !self.whole {
            return Some([1, 0, 0]);
        }
        let (n, half) = (self.n, self.n / 2);
        let all = (1usize << n) - 1;
        let east = north | south << half;
        let mirror = east.reverse_bits() >> (usize::BITS as usize - n);
        if mirror < east {
            return None;
        }
        let twice = if mirror == east { 1 } else { 2 };
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
    /// the classes of `weights` that count, with their partners, in `lists`.
    // Over 80 lines on purpose: one pass over the west placements groups, weighs and pairs them
    // at once; split into steps, it would walk the placements three times.
    #[inline(never)]
    fn west_groups(
        &self,
        [north, south]: [SetView<'_>; 2],
        weights: [u64; CLASSES],
        lists: &mut WestLists,
    ) {
        let WestLists { sets, groups, .. } = lists;
        groups.iter_mut().for_each(Vec::clear);
        lists.lowers.clear();
        lists.runs.clear();
        lists.cuts.clear();
        let mut numbered = 0;
        for set in sets {
            let uppers = set
                .uppers
                .map(|range| placements_in(north.placements(), range));
            let partners = set.lowers;
            // Partners off the marked diagonal, then those on it (a class higher), for
            // each flag of the uppers, where that class counts.
            let runs: [[_; 2]; 2] = core::array::from_fn(|upper_flag| {
                core::array::from_fn(|lower_flag| {
                    match weights[upper_flag + lower_flag] != 0 && !uppers[upper_flag].is_empty() {
                        true => partners[lower_flag],
                        false => (0, 0),
                    }
                })
            });
            // Each list of partners numbered once, for both flags of the uppers.
            let firsts: [u32; 2] = core::array::from_fn(|lower_flag| {
                let first = numbered;
                if runs
                    .iter()
                    .any(|runs| runs[lower_flag].1 > runs[lower_flag].0)
                {
                    let (start, end) = partners[lower_flag];
                    numbered += end - start;
                }
                first
            });
            let mut batches = [0u32; 2];
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
                let mut start = start;
                for (upper, &[split, end]) in uppers.iter().zip(&lists.ends) {
                    let key = Sieve::tagged(upper.shared);
                    batches[0] |= u32::from(split > start) << key;
                    batches[1] |= u32::from(end > split) << key;
                    if end > start {
                        groups[key].push(Group {
                            upper: upper.shared,
                            start,
                            split,
                            end,
                            class: upper_flag as u32,
                        });
                    }
                    start = end;
                }
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
                lists.cuts.push(cut(groups, &lists.runs, numbered));
            }
        }
        if lists.cuts.last().is_none_or(|cut| cut.numbered < numbered) {
            lists.cuts.push(cut(groups, &lists.runs, numbered));
        }
        lists.numbered = numbered as usize;
    }

    /// Bytes the tables hold.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.tables.as_ref().map_or(0, |t| {
            (t.west.iter().chain(&t.east)).map(Quadrant::bytes).sum()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn count(n: usize) -> u64 {
        count_by(n, Storage::Tables)
    }

    fn count_by(n: usize, storage: Storage) -> u64 {
        let plan = Plan::new(n);
        (0..plan.cases.len())
            .map(|case| {
                let solver = Solver::new(&plan, case, storage).unwrap();
                let c = &plan.cases[case];
                (c.first..c.first + c.len)
                    .map(|i| solver.solve(i).unwrap())
                    .sum::<u64>()
            })
            .sum()
    }

    /// Subproblem by subproblem, building only the rows each reads gives what the whole
    /// tables give.
    #[test]
    fn streamed_subproblems_count_what_the_tables_count() {
        for n in [4, 5, 8, 9, 12, 13, 15] {
            let plan = Plan::new(n);
            for case in 0..plan.cases.len() {
                let [tables, streamed] = [Storage::Tables, Storage::Streamed]
                    .map(|s| Solver::new(&plan, case, s).unwrap());
                let c = &plan.cases[case];
                for i in c.first..c.first + c.len {
                    assert_eq!(
                        tables.solve(i),
                        streamed.solve(i),
                        "n = {n}, subproblem {i}"
                    );
                }
            }
        }
        assert_eq!(count_by(14, Storage::Streamed), 365_596);
    }

    /// What subproblem `index` of an odd board counts, by a search of the board with the
    /// case's queens fixed and, in each north row, the half its queen stands in blocked
    /// off: an independent count of the same solutions.
    fn subproblem_by_search(plan: &Plan, index: usize) -> u64 {
        let n = plan.n;
        assert!(
            n % 2 == 1,
            "even boards weigh row choices by their mirror images"
        );
        let case = &plan.cases[plan.case_of(index)];
        let frame = Frame::around(n, &case.fixed);
        let norths = &north_groups(frame.north.len())[index - case.first];
        let total: u64 = norths
            .iter()
            .map(|&east| {
                let blocks = frame.north.iter().enumerate().flat_map(|(i, &row)| {
                    let off = if east >> i & 1 == 1 {
                        &frame.west
                    } else {
                        &frame.east
                    };
                    off.iter().map(move |&col| (row, col))
                });
                let queens = crate::Queens::builder(n)
                    .queens(case.fixed.iter().copied())
                    .blocks(blocks)
                    .build()
                    .unwrap();
                queens.try_count().unwrap()
            })
            .sum();
        total * case.weight
    }

    /// Every subproblem of odd boards up to 13 counts the solutions it stands for.
    #[test]
    fn subproblems_count_what_a_search_of_their_solutions_counts() {
        for n in [5, 7, 9, 11, 13] {
            let plan = Plan::new(n);
            for case in 0..plan.cases.len() {
                let solver = Solver::new(&plan, case, Storage::Streamed).unwrap();
                let c = &plan.cases[case];
                for i in c.first..c.first + c.len {
                    assert_eq!(
                        solver.solve(i),
                        Ok(subproblem_by_search(&plan, i)),
                        "n = {n}, subproblem {i}"
                    );
                }
            }
        }
    }

    /// Subproblems of n = 23, beyond the boards OEIS checks the join on, against the search
    /// (`cargo test --release --lib -- --ignored --nocapture subproblems_of_23`; minutes).
    #[test]
    #[ignore = "minutes: run by hand, as the docs say"]
    fn subproblems_of_23_count_what_a_search_counts() {
        let plan = Plan::new(23);
        // Spread over the cases and the numbers of rows going east.
        for index in [2, 4, 523, 5_778, 14_000] {
            let case = plan.case_of(index);
            let started = std::time::Instant::now();
            let solver = Solver::new(&plan, case, Storage::Streamed).unwrap();
            let join = solver.solve(index).unwrap();
            let join_time = started.elapsed();
            let started = std::time::Instant::now();
            let search = subproblem_by_search(&plan, index);
            println!(
                "n = 23, subproblem {index} of {}: {join} by the join ({join_time:.1?}), {search} by the search ({:.1?})",
                plan.len(),
                started.elapsed()
            );
            assert_eq!(join, search, "subproblem {index}");
        }
    }

    /// The steps [`Plan::step`] numbers are every subproblem's south sets, each once: their
    /// counts add up to the whole.
    #[test]
    fn steps_add_up_to_the_count() {
        for (n, expected) in [(8, 92), (9, 352), (12, 14_200), (13, 73_712)] {
            let plan = Plan::new(n);
            let solvers: Vec<Solver> = (0..plan.cases.len())
                .map(|case| Solver::new(&plan, case, Storage::Streamed).unwrap())
                .collect();
            let total: u64 = (0..plan.steps())
                .map(|i| {
                    let (subproblem, south) = plan.step(i);
                    let solver = &solvers[plan.case_of(subproblem)];
                    solver.prepare(subproblem).unwrap();
                    solver.solve_step(subproblem, south).unwrap()
                })
                .sum();
            assert_eq!(total, expected, "n = {n}");
        }
    }

    /// Tables of east half-boards taken a few at a time count what whole ones count.
    #[test]
    fn tables_in_parts_count_what_whole_tables_count() {
        for n in [8, 11, 12] {
            let plan = Plan::new(n);
            for case in 0..plan.cases.len() {
                let whole = Solver::new(&plan, case, Storage::Streamed).unwrap();
                let mut parts = Solver::new(&plan, case, Storage::Streamed).unwrap();
                parts.part = 5;
                let c = &plan.cases[case];
                for i in c.first..c.first + c.len {
                    assert_eq!(whole.solve(i), parts.solve(i), "n = {n}, subproblem {i}");
                }
            }
        }
    }

    #[test]
    fn a_count_that_does_not_fit_is_refused() {
        let gib = 1 << 30;
        let needed = memory_needed(22, 1);
        assert_eq!(
            fits(needed, Some(gib), "advice"),
            Err(Error::NotEnoughMemory {
                needed,
                available: gib,
                advice: "advice",
            })
        );
        assert!(fits(needed, Some(8 * gib), "").is_ok() && fits(needed, None, "").is_ok());
        assert!(
            fits(memory_needed(21, 2), Some(gib), "").is_ok(),
            "n = 21 fits in 1 GiB"
        );
        // Each thread adds its own table of half-boards.
        assert!(memory_needed(20, 64) > 2 * memory_needed(20, 1));
        let message = fits(needed, Some(gib), "").unwrap_err().to_string();
        let need = format!("needs about {} of memory", crate::error::size(needed, true));
        assert!(
            message.contains(&need) && message.contains("only 1 GiB is available"),
            "{message}"
        );
        let advice = |threads| storage(30, threads, Some(1)).unwrap_err().to_string();
        assert!(advice(2).contains("fewer threads"), "{}", advice(2));
        assert!(!advice(1).contains("fewer threads"), "{}", advice(1));
    }

    /// The figures that decide whether a count fits are the bytes the tables take; n = 22
    /// builds 3.2 GB of them in about 15 s.
    #[test]
    fn table_bytes_are_the_tables_built() {
        tables_of_boards_are_their_bytes(4..=19);
        // On odd boards the center case is the largest.
        for n in (5..=19).step_by(2) {
            let plan = Plan::new(n);
            for case in 1..plan.cases.len() {
                let bytes = Solver::new(&plan, case, Storage::Tables).unwrap().bytes() as u64;
                assert!(bytes <= table_bytes(n), "n = {n}, case {case}");
            }
        }
    }

    /// The tables of boards 20 to 22 take 25 seconds to build: CI builds them.
    #[test]
    #[ignore = "slow: .ci/run runs it"]
    fn table_bytes_are_the_tables_built_up_to_22() {
        tables_of_boards_are_their_bytes(20..=TABLES_UP_TO);
    }

    fn tables_of_boards_are_their_bytes(boards: std::ops::RangeInclusive<usize>) {
        for n in boards {
            let bytes = Solver::new(&Plan::new(n), 0, Storage::Tables)
                .unwrap()
                .bytes() as u64;
            assert_eq!(bytes, table_bytes(n), "n = {n}");
        }
    }

    /// The join end to end at n = 16 on each kernel this processor has.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn every_join_kernel_counts_16() {
        every_join_kernel_counts(16, 14_772_512);
    }

    /// The same at n = 17, left to CI to keep the README's test command short.
    #[cfg(target_arch = "x86_64")]
    #[test]
    #[ignore = "seconds a kernel: CI runs it"]
    fn every_join_kernel_counts_17() {
        every_join_kernel_counts(17, 95_815_104);
    }

    /// The join end to end at `n` on each kernel this processor has (AVX-512, AVX2, and the
    /// portable code everywhere), failing if one the processor has did not run.
    #[cfg(target_arch = "x86_64")]
    fn every_join_kernel_counts(n: usize, expected: u64) {
        use crate::counting::engines::quadrants::kernels::ran;
        use crate::counting::simd::forced;
        let kernels = [
            ("AVX-512", false, true),
            ("AVX2", true, false),
            ("portable", false, false),
        ];
        let available = ran::available();
        for (i, &(name, avx2, avx512)) in kernels.iter().enumerate() {
            ran::take();
            assert_eq!(forced::with(avx2, avx512, || count(n)), expected, "{name}");
            let ran = ran::take();
            match i {
                2 => assert_eq!(ran, [false, false], "only the portable code ran"),
                _ => assert_eq!(ran[i], available[i], "{name}: available, so it must run"),
            }
            let state = if i == 2 || ran[i] {
                "ran"
            } else {
                "not on this processor"
            };
            println!("join kernel {name}: {state}");
        }
    }

    #[test]
    fn counts_agree_with_oeis() {
        let known = [
            1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
        ];
        for (n, &expected) in known.iter().enumerate() {
            assert_eq!(count(n), expected, "n = {n}");
        }
    }
}
#[cfg(test)]
mod figures {
    use super::*;

    /// Half-boards of the whole board of `n` with queens in rows `rows` and columns `cols`.
    fn halves(n: usize, rows: &[usize], cols: &[usize]) -> Vec<Vec<usize>> {
        fn place(
            n: usize,
            rows: &[usize],
            cols: &[usize],
            held: Diagonals,
            out: &mut Vec<Vec<usize>>,
            so_far: &mut Vec<usize>,
        ) {
            let Some((&row, rest)) = rows.split_first() else {
                out.push(so_far.clone());
                return;
            };
            for &c in cols {
                let q = Diagonals::of(n, (row, c));
                if so_far.contains(&c) || q.meets(held) {
                    continue;
                }
                so_far.push(c);
                place(n, rest, cols, held.with(q), out, so_far);
                so_far.pop();
            }
        }
        let mut out = Vec::new();
        place(
            n,
            rows,
            cols,
            Diagonals::default(),
            &mut out,
            &mut Vec::new(),
        );
        out
    }

    /// The figures of the worked example in docs/counting.md.
    #[test]
    fn the_worked_example_in_the_counting_page_holds() {
        let n = 8;
        let diagonals = |rows: &[usize], cols: &[usize]| {
            let squares = rows.iter().copied().zip(cols.iter().copied());
            squares.fold(Diagonals::default(), |d, square| {
                d.with(Diagonals::of(n, square))
            })
        };
        let pairs = |east: &[usize]| {
            let west: Vec<usize> = (0..n).filter(|r| !east.contains(r)).collect();
            let a = halves(n, east, &[4, 5, 6, 7]);
            let b = halves(n, &west, &[0, 1, 2, 3]);
            let compatible = |x: &Vec<usize>| {
                b.iter()
                    .filter(|y| !diagonals(east, x).meets(diagonals(&west, y)))
                    .count()
            };
            let matching = a.iter().map(compatible).sum::<usize>();
            (a.len(), b, matching)
        };
        let mut choices = 0;
        let mut total = 0;
        for e in 0u32..256 {
            if e.count_ones() == 4 {
                let east: Vec<usize> = (0..n).filter(|&r| e >> r & 1 == 1).collect();
                choices += 1;
                total += pairs(&east).2;
            }
        }
        assert_eq!((choices, total), (70, 92));
        assert_eq!(halves(n, &[0, 3], &[4, 5, 6, 7]).len(), 10);
        assert_eq!(halves(n, &[6, 7], &[4, 5, 6, 7]).len(), 6);
        let (east, west, matching) = pairs(&[0, 3, 6, 7]);
        assert_eq!((east, matching), (10, 1));
        let expected: Vec<Vec<usize>> = vec![
            vec![0, 2, 1, 3],
            vec![1, 3, 0, 2],
            vec![2, 0, 3, 1],
            vec![3, 1, 2, 0],
        ];
        assert_eq!(west, expected);
        let shared = Shared::new(&Frame::around(n, &[]));
        assert_eq!(shared.len(), 14);
        assert_eq!(
            shared.of(diagonals(&[0, 3, 6, 7], &[5, 7, 6, 4]))
                & shared.of(diagonals(&[1, 2, 4, 5], &[2, 0, 3, 1])),
            0
        );
        assert!(crate::Solution::new(vec![5, 2, 0, 7, 3, 1, 6, 4]).is_ok());
        // The solver itself, subproblem by subproblem, agrees.
        assert_eq!(tests::count(8), 92);
    }
}

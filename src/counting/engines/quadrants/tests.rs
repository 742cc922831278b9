use super::choices::{Room, Stopwatch};
use super::frame::Frame;
use super::plan::Plan;
use super::sizing::*;
use super::solver::*;
use crate::counting::contract::pool::Pool;
use crate::error::{Advice, Error};

use std::time::Instant;

pub(crate) fn count(n: usize) -> u64 {
    count_by(n, Storage::Tables)
}

fn count_by(n: usize, storage: Storage) -> u64 {
    count_plan(&Plan::new(n), storage)
}

fn count_plan(plan: &Plan, storage: Storage) -> u64 {
    (0..plan.cases.len())
        .map(|case| {
            let solver = Solver::new(plan, case, storage).unwrap();
            let c = &plan.cases[case];
            (c.first..c.first + c.len)
                .map(|i| solver.solve(i, None).unwrap())
                .sum::<u64>()
        })
        .sum()
}

/// Subproblem by subproblem, building only the rows each reads gives what the whole
/// tables give, whether one thread counts a subproblem or two threads count its steps,
/// each its own or each step together (in batches of one set of columns and parts of 5
/// half-boards, so that the two take sets of columns of one row choice between them),
/// with its north row sets built all at once or one at a time.
#[test]
fn streamed_subproblems_count_what_the_tables_count() {
    let pool = Pool::new(2, 2);
    let together = Storage::Together { halvings: 0 };
    for n in [4, 5, 8, 9, 12, 13, 15] {
        let plan = Plan::new(n);
        for case in 0..plan.cases.len() {
            let [tables, streamed, mut singly, mut together] = [
                Storage::Tables,
                Storage::Streamed,
                Storage::Streamed,
                together,
            ]
            .map(|s| Solver::new(&plan, case, s).unwrap());
            singly.north_sets_at_once = 1;
            (together.west_batch, together.part) = (1, 5);
            let c = &plan.cases[case];
            for i in c.first..c.first + c.len {
                let by_tables = tables.solve(i, None).unwrap();
                assert_eq!(
                    by_tables,
                    streamed.solve(i, None).unwrap(),
                    "n = {n}, subproblem {i}"
                );
                assert_eq!(
                    by_tables,
                    streamed.solve_on(i, &pool, None).unwrap(),
                    "n = {n}, subproblem {i}, by steps"
                );
                assert_eq!(
                    by_tables,
                    singly.solve_on(i, &pool, None).unwrap(),
                    "n = {n}, subproblem {i}, by steps, one north set at a time"
                );
                assert_eq!(
                    by_tables,
                    together.solve_on(i, &pool, None).unwrap(),
                    "n = {n}, subproblem {i}, each step by both threads"
                );
            }
        }
    }
    assert!(
        super::choices::SHARED_CHOICES.load(std::sync::atomic::Ordering::Relaxed) > 0,
        "no row choice had its sets of columns taken by both threads"
    );
    assert_eq!(count_by(14, Storage::Streamed), 365_596);
}

/// What subproblem `index` of a case with queens fixed counts, by a search of the board
/// with the case's queens fixed and, in each north row, the half its queen stands in
/// blocked off (where the case is its own mirror image, in each row, for each row choice
/// counted: the one of a choice and its mirror image with fewer north rows going east,
/// twice): an independent count of the same solutions.
fn subproblem_by_search(plan: &Plan, index: usize) -> u64 {
    by_search(plan, index, None)
}

/// What step `south` of subproblem `index` of a case with queens fixed counts
/// ([`Solver::solve_step`]), by the search of [`subproblem_by_search`] with the south rows'
/// halves blocked off too, as the set `south` of south rows going east says.
fn step_by_search(plan: &Plan, index: usize, south: usize) -> u64 {
    by_search(plan, index, Some(south))
}

/// The search of a subproblem's solutions, or of one step's (`only` the set of south rows
/// going east).
fn by_search(plan: &Plan, index: usize, only: Option<usize>) -> u64 {
    let n = plan.n;
    let case = &plan.cases[plan.case_of(index)];
    assert!(
        !case.whole(n),
        "whole boards weigh row choices by the longest diagonals too"
    );
    let frame = Frame::around(n, &case.fixed);
    let rows: Vec<usize> = frame.rows().collect();
    let half = frame.north.len();
    let mirrored = case.halved() && case.mirrored(n);
    // Row choices as sets of rows going east, with their weights.
    let mut choices = Vec::new();
    for &north in &case.north_groups()[index - case.first] {
        if !mirrored {
            choices.push(match only {
                Some(south) => (north | south << half, rows.len(), 1),
                None => (north, half, 1),
            });
            continue;
        }
        for south in 0..1usize << frame.south.len() {
            if (north.count_ones() + south.count_ones()) as usize != frame.east.len()
                || only.is_some_and(|only| only != south)
            {
                continue;
            }
            let east = north | south << half;
            let mirror = east.reverse_bits() >> (usize::BITS as usize - rows.len());
            let going_east = |rows: usize| (rows & ((1 << half) - 1)).count_ones();
            if (going_east(mirror), mirror) >= (going_east(east), east) {
                choices.push((east, rows.len(), 2 - u64::from(mirror == east)));
            }
        }
    }
    // Each choice split by its first row's queen, and every core taking the next task left,
    // so that no core idles while one choice's search ends.
    let free = |(row, col): (usize, usize)| {
        frame.held.rising >> (row + col) & 1 == 0
            && frame.held.falling >> (row + n - 1 - col) & 1 == 0
    };
    let tasks: Vec<_> = (choices.iter())
        .flat_map(|&(east, blocked, weight)| {
            let first = rows.first().map(|&row| {
                let cols = match (blocked > 0, east & 1) {
                    (false, _) => [&frame.west[..], &frame.east[..]].concat(),
                    (true, 1) => frame.east.clone(),
                    (true, _) => frame.west.clone(),
                };
                cols.into_iter()
                    .map(move |col| (row, col))
                    .filter(|&square| free(square))
            });
            let firsts: Vec<Option<(usize, usize)>> = match first {
                Some(squares) => squares.map(Some).collect(),
                None => vec![None],
            };
            firsts
                .into_iter()
                .map(move |first| (east, blocked, weight, first))
        })
        .collect();
    let count = |&(east, blocked, weight, first): &(usize, usize, u64, Option<(usize, usize)>)| {
        let blocks = rows[..blocked].iter().enumerate().flat_map(|(i, &row)| {
            let off = match east >> i & 1 {
                1 => &frame.west,
                _ => &frame.east,
            };
            off.iter().map(move |&col| (row, col))
        });
        let queens = crate::search::Queens::builder(n)
            .queens(case.fixed.iter().copied().chain(first))
            .blocks(blocks)
            .build()
            .unwrap();
        // The most constrained row or column first: a column with no open square left ends a
        // branch at once. In row order, a search of n = 23's subproblem 10 (146,072
        // solutions) took 388 s on two cores and this one 13 s; the five the test below checks
        // took 722 s of search and 189 s (Intel Xeon with AVX-512).
        weight * queens.most_constrained().count() as u64
    };
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |threads| threads.get());
    let total: u64 = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    std::iter::from_fn(|| {
                        let at = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        tasks.get(at).map(count)
                    })
                    .sum::<u64>()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().unwrap())
            .sum()
    });
    total * case.weight
}

/// Every subproblem of odd boards up to 13 counts the solutions it stands for, with each
/// case of the middle queens off the center alone or followed by its mirror image, and so
/// does every subproblem of even boards up to 12 cut by their middle cross.
#[test]
fn subproblems_count_what_a_search_of_their_solutions_counts() {
    let plans = [5, 7, 9, 11, 13].map(|n| [Plan::new(n), Plan::mirrored_from(n, 0)]);
    let crosses = [6, 8, 10, 12].map(Plan::cross);
    for plan in plans.iter().flatten().chain(&crosses) {
        let n = plan.n;
        for case in 0..plan.cases.len() {
            let solver = Solver::new(plan, case, Storage::Streamed).unwrap();
            let c = &plan.cases[case];
            for i in c.first..c.first + c.len {
                assert_eq!(
                    solver.solve(i, None),
                    Ok(subproblem_by_search(plan, i)),
                    "n = {n}, subproblem {i}"
                );
            }
        }
    }
}

/// Every step of odd boards up to 11 counts what the search of its solutions counts, with
/// each case of the middle queens off the center alone or followed by its mirror image, and
/// so does every step of even boards up to 10 cut by their middle cross; each step's south rows are rows of its case, and the steps add up to the board's count.
#[test]
fn steps_count_what_a_search_of_their_solutions_counts() {
    let plans = [5, 7, 9, 11].map(|n| [Plan::new(n), Plan::mirrored_from(n, 0)]);
    let crosses = [6, 8, 10].map(Plan::cross);
    for plan in plans.iter().flatten().chain(&crosses) {
        let solvers: Vec<Solver> = (0..plan.cases.len())
            .map(|case| Solver::new(plan, case, Storage::Streamed).unwrap())
            .collect();
        let mut counted = 0;
        for step in 0..plan.steps() {
            let (subproblem, south) = plan.step(step);
            let case = &plan.cases[plan.case_of(subproblem)];
            let souths = Frame::around(plan.n, &case.fixed).south.len();
            assert!(
                south >> souths == 0,
                "n = {}, step {step}: south rows {south:#b}",
                plan.n
            );
            let solver = &solvers[plan.case_of(subproblem)];
            let join = solver.solve_step(subproblem, south, &mut Room::default());
            let search = step_by_search(plan, subproblem, south);
            assert_eq!(join, Ok(search), "n = {}, step {step}", plan.n);
            counted += search;
        }
        assert_eq!(counted, count(plan.n), "n = {}", plan.n);
    }
}

/// Subproblems of n = 23, beyond the boards OEIS checks the join on, against the search
/// (`cargo test --release --lib -- --ignored --nocapture subproblems_of_23`; minutes).
#[test]
#[ignore = "minutes: CI runs it"]
fn subproblems_of_23_count_what_a_search_counts() {
    let plan = Plan::new(23);
    // Spread over the cases (the center's, then each other placement of the middle queens
    // followed by its mirror image: 500 and 14,000 are mirror images') and the numbers of
    // rows going east.
    for index in [10, 300, 500, 5_778, 14_000] {
        let case = plan.case_of(index);
        let started = std::time::Instant::now();
        let solver = Solver::new(&plan, case, Storage::Streamed).unwrap();
        let join = solver.solve(index, None).unwrap();
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

/// Steps of n = 25, 27 and 28 against the search, the join's machinery of the largest
/// boards at work (north row sets built for a subproblem and kept for its steps, a sieve
/// fitted to each long table, tables sorted into up to 64 buckets): the center's case, and
/// cases of other middle queens or of n = 28's middle cross, whose steps each count from
/// hundreds to millions of solutions. Each step is joined twice, the second time in parts
/// of 16,384 east half-boards (hundreds a step) and batches of 4,096 partners, so that its
/// tables are cut as the largest boards' are (`cargo test --release --lib -- --ignored
/// --nocapture steps_of_25_to_28`; a minute or two).
#[test]
#[ignore = "a minute or two: CI runs it"]
fn steps_of_25_to_28_count_what_a_search_counts() {
    let steps: [(usize, &[(usize, usize)]); 3] = [
        (
            25,
            &[
                (10, 0b11111011111),
                (10, 0b111101101111),
                (700, 0b111111110000),
                (700, 0b11111111000),
                (1_000, 0b11111110100),
                (30_000, 0b11111111000),
                (30_000, 0b110111111000),
                (59_000, 0b11011111),
                (59_000, 0b11110110001),
            ],
        ),
        (27, &[(10, 0b1111111100111), (100_000, 0b111111100000)]),
        // Two cases of the cross: [(3, 13), (13, 9), (14, 22), (16, 14)] and
        // [(4, 13), (10, 14), (13, 19), (14, 11)].
        (28, &[(337_818, 0b11111010111), (366_197, 0b1111111101100)]),
    ];
    let (mut buckets, mut fitted) = (0, 0);
    for (n, steps) in steps {
        let plan = Plan::new(n);
        for &(index, south) in steps {
            let mut solver = Solver::new(&plan, plan.case_of(index), Storage::Streamed).unwrap();
            let started = Instant::now();
            let join = solver
                .solve_step(index, south, &mut Room::default())
                .unwrap();
            let join_time = started.elapsed();
            buckets = buckets.max(super::table::noted::most_buckets());
            fitted += super::table::noted::fitted_tables();
            (solver.part, solver.west_batch) = (1 << 14, 1 << 12);
            let in_parts = solver.solve_step(index, south, &mut Room::default());
            let started = Instant::now();
            let search = step_by_search(&plan, index, south);
            println!(
                "n = {n}, subproblem {index}, south rows {south:#b}: {join} by the join ({join_time:.1?}), {search} by the search ({:.1?})",
                started.elapsed()
            );
            let step = format!("n = {n}, subproblem {index}, south rows {south:#b}");
            assert!(search > 0, "{step}: a test of nothing");
            assert_eq!(join, search, "{step}");
            assert_eq!(in_parts, Ok(search), "{step}, in parts");
        }
    }
    assert!(
        buckets >= 32,
        "the tables were sorted into {buckets} buckets at most"
    );
    assert!(fitted > 0, "no table had a sieve of its own");
}

/// The steps [`Plan::step`] numbers are every subproblem's south sets, each once: their
/// counts add up to the whole, counted in one room, as a sample times them (each
/// subproblem's north row sets built by `prepare`, kept for its steps, and replaced for
/// the next subproblem's).
#[test]
fn steps_add_up_to_the_count() {
    let plans = [(8, 92), (9, 352), (12, 14_200), (13, 73_712)].map(|(n, e)| (Plan::new(n), e));
    for (plan, expected) in plans.into_iter().chain([(Plan::cross(10), 724)]) {
        let n = plan.n;
        let solvers: Vec<Solver> = (0..plan.cases.len())
            .map(|case| Solver::new(&plan, case, Storage::Streamed).unwrap())
            .collect();
        let mut room = Room::default();
        let total: u64 = (0..plan.steps())
            .map(|i| {
                let (subproblem, south) = plan.step(i);
                let solver = &solvers[plan.case_of(subproblem)];
                if i % 3 == 0 {
                    solver.prepare(subproblem, &mut room).unwrap();
                }
                solver.solve_step(subproblem, south, &mut room).unwrap()
            })
            .sum();
        assert_eq!(total, expected, "n = {n}");
        // The same north sets in another case are other placements: built again.
        let mut counted = 0;
        for pair in plan.cases.windows(2).filter(|p| p[0].len == p[1].len) {
            let middle = [&pair[0], &pair[1]].map(|case| case.first + case.len / 2);
            solvers[plan.case_of(middle[0])]
                .prepare(middle[0], &mut room)
                .unwrap();
            let solver = &solvers[plan.case_of(middle[1])];
            for south in 0..1 << 5 {
                let fresh = solver.solve_step(middle[1], south, &mut Room::default());
                assert_eq!(
                    fresh,
                    solver.solve_step(middle[1], south, &mut room),
                    "n = {n}"
                );
                counted += fresh.unwrap();
            }
        }
        assert!(
            n % 2 == 0 || counted > 0,
            "n = {n}: no step of a second case counted"
        );
    }
}

/// A step timed until a deadline already past stops after its first part and foresees
/// as many east half-boards as the step joins when run to its end (in parts of 5 and
/// batches of 40 or so west half-boards), so that it is estimated from a true share.
#[test]
fn a_stopped_step_foresees_the_half_boards_it_joins() {
    let plan = Plan::new(14);
    let mut stopped = 0;
    for index in (0..plan.steps()).step_by(13) {
        let (subproblem, south) = plan.step(index);
        let mut solver = Solver::new(&plan, plan.case_of(subproblem), Storage::Streamed).unwrap();
        (solver.part, solver.west_batch) = (5, 40);
        let norths = solver.timed_norths(subproblem).0;
        let timed = |deadline| {
            let stopwatch = Stopwatch {
                deadline,
                building: Default::default(),
                done: Default::default(),
                halves: Default::default(),
                foreseeing: Default::default(),
                stopped: Default::default(),
            };
            let mut room = Room::default();
            solver
                .solve_choices(norths, Some(south), Some(&stopwatch), &mut room, None)
                .unwrap();
            stopwatch
        };
        let whole = timed(Instant::now() + std::time::Duration::from_secs(3600));
        let stopping = timed(Instant::now());
        assert!(!whole.stopped.get(), "step {index}");
        if !stopping.stopped.get() {
            continue;
        }
        let (done, foreseen) = (whole.done.get(), stopping.halves.get());
        assert!(
            (done - foreseen).abs() <= 1e-9 * done && stopping.done.get() < done,
            "step {index}: {foreseen} half-boards foreseen, {done} joined"
        );
        stopped += 1;
    }
    assert!(stopped > 10, "only {stopped} steps stopped");
}

/// A table's buckets are joined each once, in an order whose prefixes spread over their
/// numbers' bits: the first 16 of 256 hold four sieve diagonals on average, as all do,
/// and each of the eight bits is set in some and clear in others.
#[test]
fn buckets_are_joined_each_once_spread_over_the_table() {
    for len in 0..300 {
        let mut order: Vec<usize> = super::choices::spread(len).collect();
        assert_eq!(order.len(), len);
        if len == 256 {
            let first = &order[..16];
            let ones: u32 = first.iter().map(|b| b.count_ones()).sum();
            assert!((56..=72).contains(&ones), "{first:?}");
            for bit in 0..8 {
                let set = first.iter().filter(|&&b| b >> bit & 1 == 1).count();
                assert!((1..16).contains(&set), "bit {bit}: {first:?}");
            }
        }
        order.sort_unstable();
        assert!(order.iter().copied().eq(0..len), "{len} buckets");
    }
}

/// A step timed until a deadline already past, whose table is one part in many buckets
/// (keys of 10 bits, as at n = 26, and a bucket a chunk), stops within that part (so that a plan's steps
/// keep their time on the largest boards, whose parts take minutes), and foresees a time
/// from it.
#[test]
fn a_stopped_step_stops_within_a_part() {
    let plan = Plan::new(20);
    let cut = || super::choices::PARTS_CUT.load(std::sync::atomic::Ordering::Relaxed);
    let before = cut();
    let mut stopped = 0;
    for index in (0..plan.steps()).step_by(97) {
        let (subproblem, south) = plan.step(index);
        let mut solver = Solver::new(&plan, plan.case_of(subproblem), Storage::Streamed).unwrap();
        solver.sieve_width = super::sieve::SIEVE;
        solver.sieving.1 = 1;
        let mut room = Room::default();
        solver.prepare(subproblem, &mut room).unwrap();
        let (seconds, whole) = solver
            .time_step(
                subproblem,
                south,
                Instant::now(),
                &mut room,
                Storage::Streamed,
            )
            .unwrap();
        if !whole {
            assert!(
                seconds.is_finite() && seconds > 0.0,
                "step {index}: {seconds} s"
            );
            stopped += 1;
        }
    }
    assert!(
        stopped > 0 && cut() > before,
        "{stopped} steps stopped, none within a part"
    );
}

/// Of a row choice of the whole board, or of the odd board's center case, and its
/// north-south mirror image, the join counts one, twice (once if they are one): the one
/// with fewer north rows going east, whose south-west placements, the partners each west
/// group reads, are the fewer.
#[test]
fn a_row_choice_or_its_mirror_image_counts_the_one_with_fewer_north_rows_east() {
    for n in [8, 9, 10, 11, 12] {
        let solver = Solver::new(&Plan::new(n), 0, Storage::Streamed).unwrap();
        // The center queen's row is not free.
        let (half, rows) = (n / 2, n / 2 * 2);
        let north = |rows: usize| rows & ((1 << half) - 1);
        let weights = |rows: usize| solver.weights(north(rows), rows >> half);
        let mut counted = 0;
        for east in (0..1usize << rows).filter(|rows| rows.count_ones() as usize == half) {
            let mirror = east.reverse_bits() >> (usize::BITS as usize - rows);
            let Some(weights_of_east) = weights(east) else {
                assert!(
                    weights(mirror).is_some(),
                    "n = {n}: neither of {east:b} and {mirror:b}"
                );
                continue;
            };
            counted += 1;
            let twice = match mirror == east {
                true => 1,
                false => {
                    assert!(
                        weights(mirror).is_none(),
                        "n = {n}: both of {east:b} and {mirror:b}"
                    );
                    assert!(north(east).count_ones() <= north(mirror).count_ones());
                    2
                }
            };
            match n % 2 {
                0 => assert_eq!(weights_of_east[1], 2 * twice, "n = {n}: {east:b}"),
                _ => assert_eq!(weights_of_east, [twice, 0, 0], "n = {n}: {east:b}"),
            }
        }
        assert!(counted > 0);
    }
}

/// Tables of east half-boards taken a few at a time, and west half-boards listed a few at
/// a time, each batch against every part of the table, count what whole ones count.
#[test]
fn tables_and_west_lists_in_parts_count_what_whole_ones_count() {
    let mut batched = 0;
    for n in [8, 11, 12, 14] {
        let plan = Plan::new(n);
        for case in 0..plan.cases.len() {
            let whole = Solver::new(&plan, case, Storage::Streamed).unwrap();
            let mut parts = Solver::new(&plan, case, Storage::Streamed).unwrap();
            parts.part = 5;
            let mut batches = Solver::new(&plan, case, Storage::Streamed).unwrap();
            (batches.part, batches.west_batch) = (5, 40);
            let c = &plan.cases[case];
            for i in c.first..c.first + c.len {
                let norths = &whole.groups[i - c.first];
                let counted = whole.solve(i, None).unwrap();
                // In parts of 5 east half-boards, the west ones listed whole, then 40 or so
                // at a time.
                let mut rooms = [Room::default(), Room::default()];
                for (solver, room) in [&parts, &batches].into_iter().zip(&mut rooms) {
                    let by_parts = solver
                        .solve_choices(norths, None, None, room, None)
                        .unwrap();
                    assert_eq!(
                        counted, by_parts,
                        "n = {n}, subproblem {i}, west batch {}",
                        solver.west_batch
                    );
                }
                let [listed, kept] = rooms.map(|room| room.lists.lowers.capacity());
                batched += usize::from(kept < listed);
            }
        }
    }
    assert!(
        batched > 0,
        "no row choice listed its west half-boards in batches"
    );
}

/// Tables in buckets by sieve key, as fine as a chunk a bucket, each read by the groups
/// free of its diagonals, count what tables in one bucket count, subproblem by subproblem
/// (some of n = 18: smaller boards' tables are a chunk or two).
#[test]
fn tables_in_buckets_count_what_one_bucket_counts() {
    let plan = Plan::new(18);
    let whole = Solver::new(&plan, 0, Storage::Tables).unwrap();
    let mut unsieved = Solver::new(&plan, 0, Storage::Tables).unwrap();
    unsieved.sieving.0 = usize::MAX;
    let mut fine = Solver::new(&plan, 0, Storage::Tables).unwrap();
    fine.sieving = (0, 1);
    // Every sorted table with a sieve fitted to it, as only long ones have in a count.
    let mut fitted = Solver::new(&plan, 0, Storage::Tables).unwrap();
    (fitted.sieving, fitted.fitted_from) = ((0, 1), 0);
    // Keys of every bit a sieve may have (n = 26), tagged and fitted: streamed, so
    // that each subproblem's sieve is made with them.
    let mut wide = Solver::new(&plan, 0, Storage::Streamed).unwrap();
    (wide.sieving, wide.sieve_width) = ((0, 1), super::sieve::SIEVE);
    let mut wide_fitted = Solver::new(&plan, 0, Storage::Streamed).unwrap();
    (wide_fitted.sieving, wide_fitted.fitted_from) = ((0, 1), 0);
    wide_fitted.sieve_width = super::sieve::SIEVE;
    let mut most = 0;
    for i in (0..plan.len()).step_by(5) {
        let counted = unsieved.solve(i, None).unwrap();
        assert_eq!(whole.solve(i, None).unwrap(), counted, "subproblem {i}");
        assert_eq!(fine.solve(i, None).unwrap(), counted, "subproblem {i}");
        assert_eq!(fitted.solve(i, None).unwrap(), counted, "subproblem {i}");
        most = most.max(super::table::noted::most_buckets());
        assert_eq!(wide.solve(i, None).unwrap(), counted, "subproblem {i}");
        assert_eq!(
            wide_fitted.solve(i, None).unwrap(),
            counted,
            "subproblem {i}"
        );
    }
    assert!(
        most >= 8,
        "no table was put in 8 buckets or more ({most} at most)"
    );
}

#[test]
fn a_count_that_does_not_fit_is_refused() {
    let gib = 1 << 30;
    let needed = memory_needed(22, 1);
    assert_eq!(
        fits(needed, Some(gib), &[Advice::SmallerBoard]),
        Err(Error::NotEnoughMemory {
            needed,
            available: gib,
            advice: &[Advice::SmallerBoard],
        })
    );
    assert!(fits(needed, Some(8 * gib), &[]).is_ok() && fits(needed, None, &[]).is_ok());
    assert!(
        fits(memory_needed(21, 2), Some(gib), &[]).is_ok(),
        "n = 21 fits in 1 GiB"
    );
    // Each thread adds its own table of half-boards.
    assert!(memory_needed(20, 64) > 2 * memory_needed(20, 1));
    let message = fits(needed, Some(gib), &[]).unwrap_err().to_string();
    let need = format!("needs about {} of memory", crate::error::size(needed, true));
    assert!(
        message.contains(&need) && message.contains("only 1 GiB is available"),
        "{message}"
    );
    let advice = |threads| match storage(30, threads, Some(1)) {
        Err(Error::NotEnoughMemory { advice, .. }) => advice,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        advice(2),
        &[Advice::FewerThreads, Advice::ConstellationEngine]
    );
    assert_eq!(advice(1), &[Advice::ConstellationEngine]);
}

/// A count of the join fits in [`PROCESS_MEMORY`] on any number of threads, at every n
/// it takes: where a step a thread would not fit, the threads count each step together,
/// in batches as large as fit; two threads count steps of their own to n = 28.
#[test]
fn a_count_on_all_the_cores_of_a_node_fits_in_a_process_memory() {
    for n in 4..=MAX_N {
        for threads in [1, 2, 3, 8, 32, 64, 128, 256] {
            let storage = storage_within(n, threads, PROCESS_MEMORY).unwrap();
            let needed = needed(n, threads, storage);
            assert!(
                needed <= PROCESS_MEMORY,
                "n = {n}, {threads} threads: {needed} bytes"
            );
            assert_eq!(needed, needed_within(n, threads, None));
            if threads <= 2 {
                assert!(!matches!(storage, Storage::Together { .. }), "n = {n}");
            }
        }
    }
    assert_eq!(
        storage_within(28, 64, PROCESS_MEMORY),
        Ok(Storage::Together { halvings: 4 })
    );
    // Given more memory, the threads count steps of their own.
    assert_eq!(storage_within(28, 64, 96 << 30), Ok(Storage::Streamed));
    assert!(matches!(
        storage_within(28, 4096, PROCESS_MEMORY),
        Err(Error::NotEnoughMemory { .. })
    ));
}

/// The figures that decide whether a count fits are the bytes the tables take.
#[test]
fn table_bytes_are_the_tables_built() {
    tables_of_boards_are_their_bytes(4..=19);
}

/// The tables of boards 20 to 22 (1.9 GB at 22), and of every case of 21, take some
/// 15 seconds to build: CI builds them.
#[test]
#[ignore = "slow: .ci/run runs it"]
fn table_bytes_are_the_tables_built_up_to_22() {
    tables_of_boards_are_their_bytes(20..=TABLES_UP_TO);
}

/// Checks [`table_bytes`] against the tables built, on odd boards against every case's:
/// the center case's are the largest, halved as they are (off-center cases are halved
/// only from n = 21, their tables whole below it).
fn tables_of_boards_are_their_bytes(boards: std::ops::RangeInclusive<usize>) {
    for n in boards {
        let plan = Plan::new(n);
        let bytes = |case| Solver::new(&plan, case, Storage::Tables).unwrap().bytes() as u64;
        assert_eq!(bytes(0), table_bytes(n), "n = {n}");
        for case in 1..plan.cases.len() {
            assert!(bytes(case) <= table_bytes(n), "n = {n}, case {case}");
        }
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
        // Odd boards' cases followed by their mirror images, as from n = 21.
        let mirrored = Plan::mirrored_from(n, 0);
        assert_eq!(count_plan(&mirrored, Storage::Tables), expected, "n = {n}");
        // Even boards cut by their middle cross, as from n = 28.
        if n % 2 == 0 && n >= 4 {
            let cross = Plan::cross(n);
            assert_eq!(count_plan(&cross, Storage::Tables), expected, "n = {n}");
        }
    }
}

/// The cross of n = 16 and 18 counts their boards (`cargo test --release --lib --
/// --ignored cross_of_16_and_18`; seconds).
#[test]
#[ignore = "seconds: CI runs it"]
fn cross_of_16_and_18_counts_the_board() {
    for (n, expected) in [(16, 14_772_512), (18, 666_090_624)] {
        assert_eq!(
            count_plan(&Plan::cross(n), Storage::Streamed),
            expected,
            "n = {n}"
        );
    }
}

/// The classes of placements on the middle cross are every placement once: their weights
/// add up to the placements a search of the four middle lines finds, and each case is
/// followed by its mirror image.
#[test]
fn the_cross_classes_are_every_placement_once() {
    use crate::squares::Square;
    // One queen on each middle line: four queens, or three with one at the cross's center.
    fn on_each_line(n: usize, queens: &[Square]) -> bool {
        let lines = [n / 2 - 1, n / 2];
        let rows = lines.map(|r| queens.iter().filter(|q| q.0 == r).count());
        let cols = lines.map(|c| queens.iter().filter(|q| q.1 == c).count());
        rows.iter().chain(&cols).all(|&on| on == 1)
    }
    // Sets of up to four queens apart on `squares`, those with `queens` added.
    fn placements(n: usize, squares: &[Square], queens: &mut Vec<Square>) -> u64 {
        let mut found = u64::from(on_each_line(n, queens));
        for (i, &(r, c)) in squares.iter().enumerate() {
            let apart =
                (queens.iter()).all(|&(s, d)| r != s && c != d && r + d != s + c && r + c != s + d);
            if apart && queens.len() < 4 {
                queens.push((r, c));
                found += placements(n, &squares[i + 1..], queens);
                queens.pop();
            }
        }
        found
    }
    for n in [4, 6, 8, 10, 28] {
        let plan = Plan::cross(n);
        let lines = [n / 2 - 1, n / 2];
        let squares: Vec<Square> = (0..n * n)
            .map(|i| (i / n, i % n))
            .filter(|(r, c)| lines.contains(r) || lines.contains(c))
            .collect();
        let found = placements(n, &squares, &mut Vec::new());
        let weights: u64 = plan.cases.iter().step_by(2).map(|case| case.weight).sum();
        assert_eq!(weights, found, "n = {n}");
        assert!(found > 0, "n = {n}: a test of nothing");
        for pair in plan.cases.chunks(2) {
            let mirror: Vec<_> = pair[0].fixed.iter().map(|&(r, c)| (n - 1 - r, c)).collect();
            assert_eq!(pair[1].fixed, mirror, "n = {n}");
            assert!(on_each_line(n, &pair[0].fixed), "n = {n}");
            assert_eq!(pair[0].weight, pair[1].weight, "n = {n}");
        }
    }
}

/// Boards of 25 and 28, beyond what a whole count can check, with some queens fixed in one
/// quadrant (those of a solution, mirrored into that corner): the other three keep all their
/// rows and columns, the join's widest packing at that size, and a search of the free rows
/// counts the same solutions independently (`cargo test --release --lib -- --ignored
/// --nocapture quadrant_fixed`; a minute).
#[test]
#[ignore = "a minute: CI runs it"]
fn boards_with_a_quadrant_fixed_count_what_a_search_counts() {
    for n in [25, 28] {
        let solution = crate::search::Queens::new(n).next().unwrap();
        for (north, west) in [(true, true), (true, false), (false, true), (false, false)] {
            let corner = |(r, c): (usize, usize)| {
                let row = if north { r } else { n - 1 - r };
                let col = if west { c } else { n - 1 - c };
                (row, col)
            };
            let fixed: Vec<_> = (solution.queens())
                .map(corner)
                .filter(|&(r, c)| (r < n / 2) == north && (c < n / 2) == west)
                .collect();
            // The search on a thread of its own beside the join: each takes seconds.
            let search = || {
                let started = std::time::Instant::now();
                let search = crate::search::Queens::builder(n)
                    .queens(fixed.iter().copied())
                    .build()
                    .unwrap()
                    .try_count()
                    .unwrap();
                (search, started.elapsed())
            };
            let join = || {
                let started = std::time::Instant::now();
                let case = super::plan::Case::new(n, fixed.clone(), 1);
                let plan = Plan::numbered(n, [case]);
                let solver = Solver::new(&plan, 0, Storage::Streamed).unwrap();
                let join: u64 = (0..plan.len())
                    .map(|i| solver.solve(i, None).unwrap())
                    .sum();
                (join, started.elapsed())
            };
            let ((search, search_time), (join, join_time)) = std::thread::scope(|scope| {
                let search = scope.spawn(search);
                let join = join();
                (search.join().unwrap(), join)
            });
            println!(
                "n = {n}, fixed {fixed:?}: {join} by the join ({join_time:.1?}), {search} by the search ({search_time:.1?})"
            );
            assert!(search > 0, "n = {n}, {fixed:?}: a test of nothing");
            assert_eq!(join, search, "n = {n}, fixed {fixed:?}");
        }
    }
}

/// The memory a streamed count is checked against holds what its largest subproblem
/// builds: twice its north row sets in the process's share; in a thread's, twice the
/// largest south row sets of its steps, with the west lists of their first row choices
/// and a table's part. An odd board's cases build smaller sets than the next even board
/// (checked at n = 17), whose figures it takes. n = 22 here, 24 to 28 by hand:
/// `QUEENS_STREAMED=24 cargo test --release --lib -- --ignored streamed_bytes`.
#[test]
#[ignore = "seconds: .ci/run runs it"]
fn streamed_bytes_hold_the_row_sets_built() {
    // An odd board's cases build smaller row sets than the next even board.
    let largest = |n, case| {
        let plan = Plan::new(n);
        let solver = Solver::new(&plan, case, Storage::Streamed).unwrap();
        (solver.groups.iter())
            .map(|norths| solver.row_set_bytes(norths, true).unwrap())
            .fold([0, 0], |most, bytes| [0, 1].map(|i| most[i].max(bytes[i])))
    };
    let even = largest(18, 0);
    for case in 0..Plan::new(17).cases.len() {
        let [north, south] = largest(17, case);
        assert!(north <= even[0] && south <= even[1], "n = 17, case {case}");
    }
    let sizes = std::env::var("QUEENS_STREAMED").map_or(vec![22], |n| vec![n.parse().unwrap()]);
    for n in sizes {
        let [shared, per_step, _] = streamed_bytes(n).map(|bytes| bytes as usize);
        let plan = Plan::new(n);
        let solver = Solver::new(&plan, 0, Storage::Streamed).unwrap();
        // The most a part's planes take, with a plane per pair of squares (n = 22 to 28),
        // in parts of `PART` half-boards, and in a solver's parts.
        let in_part = (TABLE_PART_MIB[(n.max(22) - 21) / 2] << 20) as usize;
        let table_part = |solver: &Solver| {
            in_part * solver.part / crate::counting::engines::quadrants::join::PART
        };
        // What a count builds at a time: a subproblem's north sets, or one of them.
        let at_once = solver.north_sets_at_once.max(1);
        let (largest, [north, _]) = (solver.groups.iter().enumerate())
            .flat_map(|(i, norths)| norths.chunks(at_once).map(move |some| (i, some)))
            .map(|(i, norths)| (i, solver.row_set_bytes(norths, false).unwrap()))
            .max_by_key(|&(_, [north, _])| north)
            .unwrap();
        let [_, south] = solver.row_set_bytes(&solver.groups[largest], true).unwrap();
        assert!(2 * north <= shared, "n = {n}: north sets of {north} bytes");
        assert!(
            2 * south <= per_step,
            "n = {n}: south sets of {south} bytes"
        );
        // A thread's lists and part, with whole batches and with batches an eighth and a
        // 64th as large, as the threads of a count on many cores take them: the west
        // lists of each step's first row choices, and the tables of a whole step's.
        for halvings in [0, 3, 6] {
            let storage = match halvings {
                0 => Storage::Streamed,
                halvings => Storage::Together { halvings },
            };
            let solver = Solver::new(&plan, 0, storage).unwrap();
            let mut room = Room::default();
            let steps = solver.steps(&solver.groups[largest]);
            for &south in &steps {
                solver
                    .time_step(largest, south, Instant::now(), &mut room, storage)
                    .unwrap();
            }
            let lists = room.lists.bytes();
            solver
                .solve_step(largest, steps[steps.len() / 2], &mut room)
                .unwrap();
            let table = room.table.bytes();
            let room_bytes = match storage {
                Storage::Streamed => streamed_bytes(n)[2],
                _ => together_needed(n, 1, halvings) - together_needed(n, 0, halvings),
            };
            assert!(
                lists + table.max(table_part(&solver)) <= room_bytes as usize,
                "n = {n}, batches halved {halvings} times: west lists of {lists} bytes, \
                 tables of {table}"
            );
        }
    }
}

/// What the join's subproblems count, by number, on every board it counts: the cases (their
/// fixed queens and weights, where each starts, the rows each sends east) and the north row
/// sets of each subproblem. Checkpoints and shard records of another cut would add up other
/// work under the same numbers, and carry the engine's revision so that they are refused:
/// a change here is a new revision (see `QuadrantJoin::revision`), then a new fingerprint.
#[test]
fn the_subproblems_are_cut_as_the_engines_revision_says() {
    use crate::counting::engines::Method;
    use std::collections::{BTreeMap, HashMap};
    let join = super::method::QuadrantJoin;
    // FNV-1a: the same on every platform and Rust release, unlike `DefaultHasher`.
    let fold = |hash: u64, value: u64| {
        (value.to_le_bytes().iter()).fold(hash, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
    };
    let mut fingerprints: BTreeMap<u32, u64> = BTreeMap::new();
    let mut groups: HashMap<(usize, usize, usize), Vec<Vec<usize>>> = HashMap::new();
    for n in 4..=MAX_N {
        let plan = Plan::new(n);
        let hash = fingerprints
            .entry(join.revision(n))
            .or_insert(0xcbf2_9ce4_8422_2325);
        *hash = fold(*hash, n as u64);
        // With the subproblem a count of classes adds (the rotations'), and without.
        for classes in [false, true] {
            *hash = fold(*hash, join.work(n, classes).len() as u64);
        }
        for case in &plan.cases {
            let queens = case.fixed.iter().flat_map(|&(row, col)| [row, col]);
            let fields = [
                case.weight,
                case.first as u64,
                case.len as u64,
                case.first_step,
            ];
            let sizes = [
                case.norths,
                case.souths,
                case.easts,
                case.east_below,
                case.together,
            ];
            let key = (case.norths, case.east_below, case.together);
            let sets = groups.entry(key).or_insert_with(|| case.north_groups());
            let sets = sets
                .iter()
                .flat_map(|group| group.iter().copied().chain([usize::MAX]));
            for value in (queens.chain(sizes).chain(sets).map(|v| v as u64)).chain(fields) {
                *hash = fold(*hash, value);
            }
        }
    }
    let fingerprints: Vec<(u32, u64)> = fingerprints.into_iter().collect();
    assert_eq!(
        fingerprints,
        [(3, 0xbebf_73c1_0951_dceb), (4, 0xb82e_a983_e0b5_8b30)],
        "the join's subproblems count other work: raise `QuadrantJoin::revision` for the \
         boards whose fingerprint changed, then write the new fingerprints here"
    );
    assert_eq!(join.checkpoint_word(20).0, " quadrants 4");
    assert!(join.superseded_words(28).contains(&" quadrants 2"));
}

#[test]
fn each_subproblem_has_the_steps_the_plan_numbers() {
    for n in [12, 16, 19, 23] {
        let plan = Plan::new(n);
        let steps: Vec<u64> = (0..plan.len()).map(|j| plan.steps_of(j)).collect();
        assert_eq!(steps.iter().sum::<u64>(), plan.steps(), "n = {n}");
        // Step k is of the subproblem whose steps it falls among.
        for (j, &count) in steps.iter().enumerate().filter(|&(_, &count)| count > 0) {
            let starts = steps[..j].iter().sum::<u64>();
            assert_eq!(plan.step(starts).0, j, "n = {n}");
            assert_eq!(plan.step(starts + count - 1).0, j, "n = {n}");
        }
        assert_eq!(plan.steps_of(plan.len()), 0);
    }
}

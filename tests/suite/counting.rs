//! The fast counter: known counts, shards, resuming and threads.

use queens::counting::{Counter, Engine, Subproblem, count_fundamental};
use queens::{Error, Queens, count};
use std::sync::{Arc, Mutex};

use crate::oeis_tables::{A000170, A002562};

#[test]
fn counts_match_oeis_up_to_16() {
    for n in 0..=16 {
        let counts = Counter::new(n).unwrap().run().unwrap();
        assert_eq!(counts.total, A000170[n], "total, n = {n}");
        assert_eq!(counts.fundamental, Some(A002562[n]), "fundamental, n = {n}");
        assert_eq!(count(n), A000170[n], "count({n})");
    }
    assert_eq!(count_fundamental(14), 45752);
}

#[test]
fn counts_match_oeis_for_17() {
    let counts = Counter::new(17).unwrap().run().unwrap();
    assert_eq!(
        (counts.total, counts.fundamental),
        (95_815_104, Some(11_977_939))
    );
}

/// Both engines, counting totals only.
const ENGINES: [Engine; 2] = [Engine::Constellations, Engine::Quadrants];

fn totals(n: usize, engine: Engine) -> Counter {
    Counter::new(n).unwrap().fundamental(false).engine(engine)
}

/// Up to 17 (n = 18 in CI, 19..=22 take minutes; the benchmark `count_bench` checks 19
/// against OEIS).
#[test]
fn the_quadrant_join_counts_match_oeis_up_to_17() {
    quadrant_join_counts_match_oeis(0..=17);
}

/// n = 18, left to CI to keep the README's test command short.
#[test]
#[ignore = "seconds: CI runs it"]
fn the_quadrant_join_counts_match_oeis_at_18() {
    quadrant_join_counts_match_oeis(18..=18);
}

fn quadrant_join_counts_match_oeis(sizes: std::ops::RangeInclusive<usize>) {
    for n in sizes {
        let expected = A000170[n];
        let counts = totals(n, Engine::Quadrants).run().unwrap();
        assert_eq!(
            (counts.total, counts.engine),
            (expected, Engine::Quadrants),
            "n = {n}"
        );
        assert_eq!(counts.fundamental, None);
    }
}

#[test]
fn the_engines_agree() {
    for n in 0..=13 {
        let [search, join] = ENGINES.map(|engine| totals(n, engine).threads(1).run().unwrap());
        assert_eq!(search.total, join.total, "n = {n}");
        assert_eq!(search.engine, Engine::Constellations);
    }
}

#[test]
fn the_engine_is_chosen_by_what_is_counted() {
    let chosen = |n: usize, fundamental: bool| {
        Counter::new(n)
            .unwrap()
            .fundamental(fundamental)
            .chosen_engine()
            .unwrap()
    };
    assert_eq!(
        chosen(*Engine::Quadrants.auto_boards().start(), false),
        Engine::Quadrants
    );
    assert_eq!(
        chosen(Engine::Quadrants.auto_boards().start() - 1, false),
        Engine::Constellations
    );
    assert_eq!(chosen(14, true), Engine::Quadrants);
    assert_eq!(chosen(13, true), Engine::Constellations);
    assert_eq!(
        chosen(Engine::Quadrants.auto_boards().end() + 1, false),
        Engine::Constellations
    );
    let unsupported = |counter: Counter| matches!(counter.run(), Err(Error::Unsupported { .. }));
    assert!(unsupported(totals(
        Engine::Quadrants.largest_n() + 1,
        Engine::Quadrants
    )));
    assert_eq!(
        totals(10, Engine::Auto).run().unwrap().engine,
        Engine::Constellations
    );
}

#[test]
fn counter_agrees_with_the_enumeration() {
    for n in 0..=10 {
        let fundamental = Queens::new(n).filter(|s| s.is_canonical()).count() as u64;
        let enumerated = Queens::new(n).map(|_| 1).sum::<u64>();
        let counts = Counter::new(n).unwrap().threads(1).run().unwrap();
        assert_eq!(
            (counts.total, counts.fundamental),
            (enumerated, Some(fundamental)),
            "n = {n}"
        );
    }
}

#[test]
fn shards_of_the_quadrant_join_are_disjoint_and_add_up() {
    for n in [8, 12, 13, 14] {
        let all = totals(n, Engine::Quadrants).total_subproblems().unwrap();
        for k in [1, 2, 7, 64] {
            let shards: Vec<_> = (0..k)
                .map(|i| totals(n, Engine::Quadrants).shard(i, k).run().unwrap())
                .collect();
            let total: u64 = shards.iter().map(|c| c.total).sum();
            let subproblems: usize = shards.iter().map(|c| c.subproblems).sum();
            assert_eq!((total, subproblems), (A000170[n], all), "n = {n}, k = {k}");
        }
    }
}

#[test]
fn shards_are_disjoint_and_add_up() {
    for n in [8, 12, 13] {
        for k in [1, 2, 7, 64] {
            let shards: Vec<_> = (0..k)
                .map(|i| Counter::new(n).unwrap().shard(i, k).run().unwrap())
                .collect();
            let total: u64 = shards.iter().map(|c| c.total).sum();
            let fundamental: u64 = shards.iter().map(|c| c.fundamental.unwrap()).sum();
            let subproblems: usize = shards.iter().map(|c| c.subproblems).sum();
            assert_eq!(
                (total, fundamental),
                (A000170[n], A002562[n]),
                "n = {n}, k = {k}"
            );
            assert_eq!(
                subproblems,
                Counter::new(n).unwrap().total_subproblems().unwrap()
            );
        }
    }
}

#[test]
fn the_quadrant_join_resumes_and_reports_progress_on_any_threads() {
    for threads in [0, 1, 2, 3] {
        let counts = totals(14, Engine::Quadrants)
            .threads(threads)
            .run()
            .unwrap();
        assert_eq!(counts.total, 365_596, "{threads} threads");
    }
    let finished = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&finished);
    totals(15, Engine::Quadrants)
        .on_finished(move |s, _| sink.lock().unwrap().push(*s))
        .run()
        .unwrap();
    let finished = finished.lock().unwrap().clone();
    assert!(finished.iter().all(|s| s.fundamental.is_none()));
    let half: Vec<_> = finished.iter().copied().step_by(2).collect();
    let progress = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&progress);
    let counts = totals(15, Engine::Quadrants)
        .resume(half.clone())
        .on_finished(move |_, p| sink.lock().unwrap().push(p))
        .run()
        .unwrap();
    assert_eq!(counts.total, 2_279_184);
    let progress = progress.lock().unwrap();
    assert_eq!(progress.len(), finished.len() - half.len());
    assert_eq!(progress.iter().map(|p| p.done).max(), Some(finished.len()));
    // Results of the other engine are not this engine's subproblems.
    let foreign = totals(15, Engine::Quadrants)
        .resume([Subproblem {
            index: finished.len() + 5,
            total: 8,
            fundamental: None,
            fixed: 0,
            engine: Engine::Quadrants,
        }])
        .run();
    assert!(
        matches!(foreign, Err(Error::BadResume { .. })),
        "{foreign:?}"
    );
}

#[test]
fn threads_do_not_change_the_answer() {
    for threads in [0, 1, 2, 3] {
        let counts = Counter::new(13).unwrap().threads(threads).run().unwrap();
        assert_eq!(
            (counts.total, counts.fundamental),
            (73712, Some(9233)),
            "{threads} threads"
        );
    }
}

fn record(n: usize) -> Vec<Subproblem> {
    record_of(Counter::new(n).unwrap())
}

/// The results of every subproblem of `counter`'s count, in order.
fn record_of(counter: Counter) -> Vec<Subproblem> {
    let finished = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&finished);
    counter
        .on_finished(move |s, _| sink.lock().unwrap().push(*s))
        .run()
        .unwrap();
    let mut finished = finished.lock().unwrap().clone();
    finished.sort_by_key(|s| s.index);
    finished
}

#[test]
fn resuming_skips_finished_subproblems_and_keeps_the_total() {
    let finished = record(12);
    let progress = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&progress);
    let counts = Counter::new(12)
        .unwrap()
        .resume(finished[..finished.len() / 2].iter().copied())
        .on_finished(move |_, p| sink.lock().unwrap().push(p))
        .run()
        .unwrap();
    assert_eq!((counts.total, counts.fundamental), (14200, Some(1787)));
    let progress = progress.lock().unwrap();
    assert_eq!(progress.len(), finished.len() - finished.len() / 2);
    assert_eq!(progress.iter().map(|p| p.done).max(), Some(finished.len()));
}

#[test]
fn bad_shards_and_resumes_are_refused() {
    assert_eq!(
        Counter::new(8).unwrap().shard(2, 2).run().unwrap_err(),
        Error::InvalidShard { index: 2, of: 2 }
    );
    assert_eq!(
        Counter::new(8).unwrap().shard(0, 0).run().unwrap_err(),
        Error::InvalidShard { index: 0, of: 0 }
    );
    let finished = record(9);
    let same_twice = Counter::new(9)
        .unwrap()
        .resume([finished[0], finished[0]])
        .run()
        .unwrap();
    assert_eq!(same_twice.total, 352, "an identical repeat is counted once");
    let some = *finished.iter().find(|s| s.total > 0).unwrap();
    let doubled = Subproblem {
        total: some.total * 2,
        fundamental: some.fundamental.map(|f| f * 2),
        ..some
    };
    let twice = Counter::new(9)
        .unwrap()
        .resume([some, doubled])
        .run()
        .unwrap_err();
    assert!(twice.to_string().contains("given twice"), "{twice}");
    let foreign = Counter::new(9)
        .unwrap()
        .shard(1, 2)
        .resume([finished[0]])
        .run()
        .unwrap_err();
    assert!(foreign.to_string().contains("not one of"), "{foreign}");
    let no_fundamental = Subproblem {
        fundamental: None,
        ..finished[0]
    };
    let missing = Counter::new(9)
        .unwrap()
        .resume([no_fundamental])
        .run()
        .unwrap_err();
    assert!(
        missing.to_string().contains("no count of symmetry classes"),
        "{missing}"
    );
    assert!(Counter::new(65).is_err());
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_enumeration_equals_sequential_as_sets() {
    use rayon::prelude::*;
    use std::collections::HashSet;
    for n in 0..=10 {
        let parallel: HashSet<_> = queens::search::par_solutions(n).collect();
        let sequential: HashSet<_> = Queens::new(n).collect();
        assert_eq!(parallel, sequential, "n = {n}");
        assert_eq!(
            queens::search::par_solutions(n).count(),
            sequential.len(),
            "no duplicates, n = {n}"
        );
    }
}

/// The worked example of docs/algorithms.md, as it says.
#[test]
fn the_worked_example_in_the_algorithms_page_holds() {
    let finished = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&finished);
    let counts = Counter::new(8)
        .unwrap()
        .on_finished(move |s, _| sink.lock().unwrap().push(*s))
        .run()
        .unwrap();
    assert_eq!((counts.subproblems, counts.total), (78, 92));
    let finished = finished.lock().unwrap();
    assert_eq!(finished.iter().filter(|s| s.total > 0).count(), 12);
    let five = finished.iter().find(|s| s.index == 5).unwrap();
    assert_eq!((five.total, five.fundamental), (8, Some(1)));
    let completions: Vec<_> = Queens::with_queens(8, &[(0, 5), (4, 0), (7, 7)])
        .unwrap()
        .collect();
    assert_eq!(completions.len(), 1);
    assert_eq!(&*completions[0], &[5, 2, 4, 6, 0, 3, 1, 7]);
    // (0, 0), (3, 7), (7, 2) is the same class: one completion too.
    assert_eq!(
        Queens::with_queens(8, &[(0, 0), (3, 7), (7, 2)])
            .unwrap()
            .count(),
        1
    );
}

#[test]
fn a_count_cancelled_from_another_thread_resumes_to_the_same_total() {
    use std::sync::atomic::{AtomicBool, Ordering};
    for engine in [Engine::Constellations, Engine::Quadrants] {
        let n = 16;
        let stop = Arc::new(AtomicBool::new(false));
        let finished = Arc::new(Mutex::new(Vec::new()));
        let (sink, flag) = (Arc::clone(&finished), Arc::clone(&stop));
        let counter = totals(n, engine)
            .threads(2)
            .cancel_when(Arc::clone(&stop))
            .on_finished(move |s, progress| {
                sink.lock().unwrap().push(*s);
                // Stop from the counting threads, a third of the way in.
                if progress.done * 3 >= progress.of {
                    flag.store(true, Ordering::Relaxed);
                }
            });
        let Err(Error::Cancelled { done, of }) = counter.run() else {
            panic!("{engine:?}: the count was not cancelled");
        };
        let finished = finished.lock().unwrap().clone();
        assert_eq!(finished.len(), done, "{engine:?}");
        assert!(done < of, "{engine:?}: {done} of {of}");
        let resumed = totals(n, engine).resume(finished).run().unwrap();
        assert_eq!(resumed.total, A000170[n], "{engine:?}");
    }
    // Cancelled before it starts, from a thread that sets the flag first.
    let stop = Arc::new(AtomicBool::new(false));
    let setter = Arc::clone(&stop);
    std::thread::spawn(move || setter.store(true, Ordering::Relaxed))
        .join()
        .unwrap();
    let cancelled = Counter::new(12).unwrap().cancel_when(stop).run();
    assert!(matches!(cancelled, Err(Error::Cancelled { done: 0, .. })));
    let message = cancelled.unwrap_err().to_string();
    assert!(message.contains("stopped after 0 of") && message.contains("resume"));
}

#[test]
fn the_engine_depends_on_the_count_alone_so_shards_and_resumes_agree() {
    for n in 0..=30 {
        for fundamental in [false, true] {
            let engine = Counter::new(n)
                .unwrap()
                .fundamental(fundamental)
                .chosen_engine()
                .unwrap();
            let join = (14..=28).contains(&n);
            let expected = [Engine::Constellations, Engine::Quadrants][usize::from(join)];
            assert_eq!(engine, expected, "n = {n}, fundamental {fundamental}");
            // Threads, shards and resumed work change nothing.
            let other = Counter::new(n)
                .unwrap()
                .fundamental(fundamental)
                .threads(3)
                .shard(1, 7)
                .chosen_engine()
                .unwrap();
            assert_eq!(other, engine);
        }
    }
}

#[test]
fn one_engines_results_never_enter_the_others_count_or_checkpoint() {
    let finished = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&finished);
    totals(12, Engine::Quadrants)
        .on_finished(move |s, _| sink.lock().unwrap().push(*s))
        .run()
        .unwrap();
    let join: Vec<Subproblem> = finished.lock().unwrap().clone();
    assert!(join.iter().all(|s| s.engine == Engine::Quadrants));
    let mixed = totals(12, Engine::Constellations)
        .resume(join[..1].to_vec())
        .run();
    let err = mixed.unwrap_err();
    assert!(matches!(err, Error::BadResume { .. }), "{err}");
    assert!(err.to_string().contains("quadrants engine"), "{err}");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cp");
    let checkpoint =
        queens::counting::Checkpoint::open(&path, &totals(12, Engine::Constellations)).unwrap();
    let before = std::fs::read(&path).unwrap();
    let err = checkpoint.record(&join[0]).unwrap_err();
    assert!(err.to_string().contains("quadrants engine"), "{err}");
    checkpoint.finish().unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), before, "nothing written");
}

/// OEIS A033148 (solutions fixed by the quarter turn), n = 0..=21 (with 1 for the empty
/// board).
const A033148: [u64; 22] = [
    1, 1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0, 64, 128, 0, 0, 480, 704,
];

#[test]
fn symmetric_counts_match_oeis_and_give_the_classes() {
    for n in 0..=21 {
        let counts = queens::counting::count_symmetric(n).unwrap();
        assert_eq!(counts.quarter_turn, A033148[n], "quarter turn, n = {n}");
        // A002562 = (A000170 + A032522 + 2 A033148) / 8 gives the half-turn count where
        // both totals are known here.
        if n < A002562.len() && n > 1 {
            let half_turn = 8 * A002562[n] - A000170[n] - 2 * A033148[n];
            assert_eq!(counts.half_turn, half_turn, "half turn, n = {n}");
            assert_eq!(counts.classes(A000170[n]), Some(A002562[n]), "n = {n}");
        }
    }
    assert!(queens::counting::count_symmetric(65).is_err());
}

#[test]
fn fundamental_counts_by_burnside_agree_with_the_constellation_engine() {
    burnside_agrees_with_the_constellations(0..=16);
}

/// n = 17 by both engines takes 20 seconds: CI counts it.
#[test]
#[ignore = "slow: .ci/run runs it"]
fn fundamental_counts_by_burnside_agree_with_the_constellation_engine_at_17() {
    burnside_agrees_with_the_constellations(17..=17);
}

fn burnside_agrees_with_the_constellations(boards: std::ops::RangeInclusive<usize>) {
    for n in boards {
        let classes = |engine| {
            let counts = Counter::new(n).unwrap().engine(engine).run().unwrap();
            (counts.total, counts.fundamental)
        };
        let expected = (A000170[n], Some(A002562[n]));
        assert_eq!(classes(Engine::Quadrants), expected, "n = {n}");
        if n >= 16 {
            assert_eq!(classes(Engine::Constellations), expected, "n = {n}");
            assert_eq!(queens::counting::try_count_fundamental(n), Ok(A002562[n]));
        }
    }
}

#[test]
fn shards_of_the_join_carry_burnsides_sum_and_their_merge_gives_the_classes() {
    for n in [12, 13] {
        let all = Counter::new(n).unwrap().engine(Engine::Quadrants);
        let subproblems = all.total_subproblems().unwrap();
        let joined = totals(n, Engine::Quadrants).total_subproblems().unwrap();
        assert_eq!(
            subproblems,
            joined + 1,
            "one more: the rotations' fixed solutions"
        );
        // The join's subproblems, then one for the solutions the rotations fix.
        let finished = record_of(all.clone());
        let last = finished.last().unwrap();
        let symmetric = queens::counting::count_symmetric(n).unwrap();
        assert_eq!(
            (last.index, last.total, last.fixed),
            (joined, 0, symmetric.fixed())
        );
        assert!(
            finished[..joined]
                .iter()
                .all(|s| s.fixed == 0 && s.fundamental.is_none())
        );
        for k in [2, 5] {
            let shards: Vec<_> = (0..k)
                .map(|i| all.clone().shard(i, k).run().unwrap())
                .collect();
            assert!(
                shards
                    .iter()
                    .all(|c| c.fundamental.is_none() && c.fixed.is_some())
            );
            let fixed: u64 = shards.iter().map(|c| c.fixed.unwrap()).sum();
            let total: u64 = shards.iter().map(|c| c.total).sum();
            assert_eq!((total + fixed) / 8, A002562[n], "n = {n}, k = {k}");
        }
        // Resuming from any part of the subproblems gives the classes again.
        let resumed = all
            .clone()
            .resume(finished.iter().copied().step_by(3))
            .run()
            .unwrap();
        assert_eq!(resumed.fundamental, Some(A002562[n]));
        // Totals-only results resume a count of classes: the join's subproblems are the same.
        let totals_only: Vec<_> = finished[..joined].to_vec();
        assert_eq!(
            all.clone().resume(totals_only).run().unwrap().fundamental,
            Some(A002562[n])
        );
        // Fixed solutions where there are none, or solutions where only fixed ones are, are refused.
        let bad = [
            Subproblem {
                fixed: 8,
                ..finished[0]
            },
            Subproblem { total: 8, ..*last },
            Subproblem {
                fundamental: Some(1),
                ..finished[1]
            },
        ];
        for bad in bad {
            let err = all.clone().resume([bad]).run().unwrap_err();
            assert!(matches!(err, Error::BadResume { .. }), "{bad:?}: {err}");
        }
    }
}

/// The pages that say which engine `Engine::Auto` picks say what the code picks.
#[test]
fn the_docs_state_the_engine_choice_the_code_makes() {
    let (from, up_to) = Engine::Quadrants.auto_boards().into_inner();
    let counting = include_str!("../../docs/counting.md");
    assert!(counting.contains(&format!("| `n < {from}`, `n > {up_to}` |")));
    assert!(counting.contains(&format!("| `n = {from}` to `{up_to}` |")));
    let guide = include_str!("../../docs/guide.md");
    assert!(guide.contains(&format!("(picked from n = {from} to {up_to};")));
    for n in [from - 1, up_to + 1] {
        let counter = Counter::new(n).unwrap().fundamental(false);
        assert_eq!(counter.chosen_engine().unwrap(), Engine::Constellations);
    }
    for n in [from, up_to] {
        let counter = Counter::new(n).unwrap().fundamental(false);
        assert_eq!(counter.chosen_engine().unwrap(), Engine::Quadrants);
    }
}

/// docs/counting.md's allowance for streamed storage at n = 28: 1 GiB a process and
/// 671 MiB a thread, 2.3 GiB on two threads; from five threads, they count steps together.
#[test]
fn the_streamed_allowance_is_what_the_docs_say() {
    let needed = |threads: usize, memory| {
        Counter::new(28)
            .unwrap()
            .engine(Engine::Quadrants)
            .threads(threads)
            .memory(memory)
            .memory_needed()
            .unwrap()
    };
    let streamed = |threads: u64| (1024 + threads * 671) << 20;
    assert_eq!(needed(1, 8 << 30), streamed(1));
    // Without rayon a count has one thread, whatever it asks for.
    #[cfg(feature = "parallel")]
    {
        assert_eq!(needed(2, 8 << 30), streamed(2));
        // Within the 4 GiB a process keeps to, four threads count steps each, five together.
        assert_eq!(needed(4, 4 << 30), streamed(4));
        assert!(needed(5, 4 << 30) < streamed(5));
    }
    let docs = include_str!("../../docs/counting.md");
    assert!(docs.contains("at n = 28, 1 GiB once and 671 MiB a thread: 2.3 GiB on two threads"));
    assert!(docs.contains("(from 5\nthreads at n = 28,"));
}

/// A record's counts are whole numbers from 0 to 2^64 - 1: one written past 2^64 (which
/// JSON readers take for a float), negative, fractional or quoted is refused in words that
/// name its field, as is an audit's part that is not three such numbers.
#[cfg(feature = "serde")]
#[test]
fn a_record_whose_counts_are_not_whole_numbers_is_refused_naming_the_field() {
    use queens::counting::ShardRecord;
    let counts = Counter::new(8).unwrap().shard(0, 1).run().unwrap();
    let line = ShardRecord::new(&counts, 0.0).to_json();
    assert!(ShardRecord::parse(&line).is_ok());
    for (from, to, said) in [
        (
            "\"total\":92",
            "\"total\":18446744073709551616",
            "its `total` is 1.8446744073709552e+19, not a count",
        ),
        (
            "\"total\":92",
            "\"total\":-92",
            "its `total` is -92, not a count",
        ),
        (
            "\"total\":92",
            "\"total\":92.0",
            "its `total` is 92.0, not a count",
        ),
        (
            "\"total\":92",
            "\"total\":\"92\"",
            "its `total` is \"92\", not a count",
        ),
        ("\"n\":8", "\"n\":8e0", "its `n` is 8.0, not a count"),
        (
            "\"fundamental\":12",
            "\"fundamental\":true",
            "its `fundamental` is true, not a count",
        ),
    ] {
        assert!(line.contains(from), "{line}");
        let err = ShardRecord::parse(&line.replace(from, to))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(said) && err.contains("2^64 - 1"),
            "{to}: {err}"
        );
    }
    let mut object: serde_json::Value = serde_json::from_str(&line).unwrap();
    object["audit"] =
        serde_json::json!({"by": "portable", "agreed": [[0, 1.5, 2]], "time": 0.0, "counted": 0.0});
    let err = ShardRecord::parse(&object.to_string())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("its audit's part 0 is [0,1.5,2], not [subproblem, part, solutions]"),
        "{err}"
    );
}

/// A record signed again after an edit passes its checksum: a merge still refuses what no
/// count writes. A shard with no subproblem counts nothing, a board small enough to count in
/// milliseconds is counted again, shard by shard (issue 77), a shard has no more solutions
/// than its board and the shards of a board counted before add up to its count (OEIS); seconds
/// are kept to the microsecond, not a float sum's last digits.
#[cfg(feature = "serde")]
#[test]
fn a_merge_refuses_records_no_count_writes() {
    use queens::counting::ShardRecord;
    let record = |n: usize, shard: usize, of: usize, seconds: f64| {
        ShardRecord::new(
            &Counter::new(n)
                .unwrap()
                .fundamental(false)
                .shard(shard, of)
                .run()
                .unwrap(),
            seconds,
        )
    };
    // A shard past the subproblems of n = 6: none, yet 3 solutions (of the board's 4).
    let mut empty = record(6, 99, 100, 0.0);
    assert_eq!(empty.subproblems, 0);
    empty.total = 3;
    let resigned = ShardRecord::parse(&empty.to_json());
    let err = resigned.and_then(|r| ShardRecord::merge(&[r])).unwrap_err();
    assert!(
        err.to_string().contains("counts no solution, not 3"),
        "{err}"
    );
    // More solutions than the whole board has.
    let mut past = record(14, 0, 2, 0.0);
    past.total = 1_000_000_000_000_000;
    let err = ShardRecord::parse(&past.to_json()).unwrap_err().to_string();
    assert!(
        err.contains("more than the 365596 solutions of the whole board of n = 14"),
        "{err}"
    );
    // Shards too large to count again, each below the board's count, adding up to another.
    let mut shards = [record(14, 0, 2, 0.0), record(14, 1, 2, 0.0)];
    shards[1].total -= 8;
    let shards = shards.map(|shard| ShardRecord::parse(&shard.to_json()).unwrap());
    let err = ShardRecord::merge(&shards).unwrap_err().to_string();
    assert!(
        err.contains("add up to 365588 solutions, where the board has 365596 (OEIS A000170)"),
        "{err}"
    );
    // No count writes a board past n = 28.
    let mut beyond = record(10, 0, 1, 0.0);
    beyond.n = 40;
    let err = ShardRecord::parse(&beyond.to_json())
        .unwrap_err()
        .to_string();
    assert!(err.contains("no count writes a record of n = 40"), "{err}");
    // n = 9 in two shards, the first off by its weight's multiple: a plausible lie.
    let mut shards = [record(9, 0, 2, 0.1), record(9, 1, 2, 0.2)];
    let honest = ShardRecord::merge(&shards).unwrap();
    assert_eq!(honest.total, 352);
    assert!(
        honest.to_json().contains("\"seconds\":0.3,"),
        "{}",
        honest.to_json()
    );
    shards[0].total += 8;
    let err = ShardRecord::merge(&shards).unwrap_err().to_string();
    assert!(err.contains("counted again"), "{err}");
    for engine in [Engine::Quadrants, Engine::Bitboard] {
        let shards: Vec<ShardRecord> = (0..3)
            .map(|i| {
                let counts = Counter::new(12)
                    .unwrap()
                    .engine(engine)
                    .fundamental(false)
                    .shard(i, 3)
                    .run()
                    .unwrap();
                ShardRecord::new(&counts, 0.0)
            })
            .collect();
        assert_eq!(
            ShardRecord::merge(&shards).unwrap().total,
            14200,
            "{engine}"
        );
    }
}

/// A record counted by a `queens` that cut the count into other subproblems (another
/// revision of its engine's cut, under the same version) counted other work under the same
/// numbers: a merge and a verification refuse it, as a resumed count refuses such a
/// checkpoint.
#[cfg(feature = "serde")]
#[test]
fn records_of_another_cut_into_subproblems_are_refused() {
    use queens::counting::ShardRecord;
    let shard = |index: usize| {
        let counter = Counter::new(14).unwrap().engine(Engine::Quadrants);
        let counts = counter.fundamental(false).audit(true).shard(index, 2);
        ShardRecord::new(&counts.run().unwrap(), 0.0)
    };
    let mut older = shard(0);
    assert!(
        older.to_json().contains("\"revision\":4,"),
        "{}",
        older.to_json()
    );
    // Written as records were before they named a revision.
    older.revision = 1;
    let line = older.to_json();
    assert!(!line.contains("revision"), "{line}");
    let older = ShardRecord::parse(&line).unwrap();
    let said = "cut the count of n = 14 into other subproblems (it names no revision, as \
                records did before they named one; this queens makes revision 4)";
    let err = ShardRecord::merge(&[older.clone(), shard(1)]).unwrap_err();
    assert!(err.to_string().contains(said), "{err}");
    let err = older.verify().unwrap_err();
    assert!(err.to_string().contains(said), "{err}");
    let mut other = shard(0);
    other.revision = 2;
    let err = other.verify().unwrap_err();
    assert!(
        err.to_string()
            .contains("(it is of revision 2; this queens makes revision 4)"),
        "{err}"
    );
    assert_eq!(
        ShardRecord::merge(&[shard(0), shard(1)]).unwrap().total,
        365_596
    );
    // A whole count's record is checked against the board's count by `verify` as by `merge`.
    let whole = Counter::new(14)
        .unwrap()
        .fundamental(false)
        .audit(true)
        .run()
        .unwrap();
    let mut wrong = ShardRecord::new(&whole, 0.0);
    wrong.total -= 8;
    let err = wrong.verify().unwrap_err();
    assert!(
        err.to_string().contains("where the board has 365596"),
        "{err}"
    );
    // A revision that is no whole number of 32 bits, named.
    let line = shard(0)
        .to_json()
        .replace("\"revision\":4", "\"revision\":5000000000");
    let err = ShardRecord::parse(&line).unwrap_err();
    assert!(
        err.to_string()
            .contains("its `revision` is 5000000000, not a revision"),
        "{err}"
    );
}

//! The fast counter: known counts, shards, resuming and threads.

use queens::{Counter, Error, Queens, Subproblem, count, count_fundamental};
use std::sync::{Arc, Mutex};

mod oeis_tables;

use oeis_tables::{A000170, A002562};

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
    let finished = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&finished);
    Counter::new(n)
        .unwrap()
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
        missing.to_string().contains("no fundamental count"),
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
        let parallel: HashSet<_> = queens::par_solutions(n).collect();
        let sequential: HashSet<_> = Queens::new(n).collect();
        assert_eq!(parallel, sequential, "n = {n}");
        assert_eq!(
            queens::par_solutions(n).count(),
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

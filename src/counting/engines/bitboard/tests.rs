use crate::counting::{Counter, Engine};
use crate::error::Error;

/// OEIS A000170 to n = 12.
const SOLUTIONS: [u64; 13] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

fn counter(n: usize) -> Result<Counter, Error> {
    Ok(Counter::new(n)?.engine(Engine::Bitboard).fundamental(false))
}

#[test]
fn counts_match_oeis_on_one_and_two_threads() -> Result<(), Error> {
    for (n, &expected) in SOLUTIONS.iter().enumerate() {
        for threads in [1, 2] {
            let counts = counter(n)?.threads(threads).run()?;
            assert_eq!((counts.total, counts.engine), (expected, Engine::Bitboard));
            assert_eq!(counts.subproblems, n.max(1).pow(2), "n = {n}");
        }
    }
    Ok(())
}

#[test]
fn shards_add_up_and_classes_are_refused() -> Result<(), Error> {
    let shards = (0..5)
        .map(|i| counter(12)?.shard(i, 5).run().map(|c| c.total))
        .collect::<Result<Vec<_>, _>>()?;
    assert_eq!(shards.iter().sum::<u64>(), 14200);
    let classes = Counter::new(8)?.engine(Engine::Bitboard).run();
    assert!(
        matches!(classes, Err(Error::Unsupported { .. })),
        "{classes:?}"
    );
    assert_eq!(Counter::new(12)?.chosen_engine()?, Engine::Constellations);
    Ok(())
}

/// A checkpoint of half a count resumes it, and another engine's results are refused.
#[test]
fn a_checkpoint_resumes_and_other_engines_results_are_refused()
-> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("n10.checkpoint");
    let half = counter(10)?.shard(0, 2);
    half.prepare()?.checkpoint(&path)?.run()?;
    let again = half.prepare()?.checkpoint(&path)?;
    assert_eq!(again.resumed_subproblems(), again.subproblems());
    assert_eq!(
        again.run()?.total + counter(10)?.shard(1, 2).run()?.total,
        724
    );
    let foreign = crate::counting::Subproblem {
        index: 0,
        total: 4,
        fundamental: None,
        fixed: 0,
        engine: Engine::Constellations,
    };
    assert!(counter(10)?.resume([foreign]).run().is_err());
    // Subproblem 1 puts its two queens on attacking squares: it has no solution.
    let attacking = crate::counting::Subproblem {
        index: 1,
        total: 4,
        engine: Engine::Bitboard,
        ..foreign
    };
    let err = counter(10)?.resume([attacking]).run().unwrap_err();
    assert!(matches!(err, Error::BadResume { .. }), "{err}");
    Ok(())
}

/// Shard records of this engine merge to the whole count, and a record claiming classes
/// is refused.
#[cfg(feature = "serde")]
#[test]
fn shard_records_merge_to_the_whole_count() -> Result<(), Error> {
    use crate::counting::ShardRecord;
    let records = (0..3)
        .map(|i| Ok(ShardRecord::new(&counter(11)?.shard(i, 3).run()?, 0.0)))
        .collect::<Result<Vec<_>, Error>>()?;
    let merged = ShardRecord::merge(&records)?;
    assert_eq!((merged.total, merged.engine), (2680, Engine::Bitboard));
    let mut claims = records;
    claims[0].fundamental = Some(1);
    assert!(ShardRecord::merge(&claims).is_err());
    Ok(())
}

#[test]
fn a_plan_times_its_subproblems() -> Result<(), Error> {
    let whole = counter(10)?.threads(1).estimate(200)?;
    assert!(whole.exact && whole.subproblems == 100, "{whole:?}");
    // n = 20's subproblems are timed along random paths, in milliseconds.
    let sampled = counter(20)?
        .threads(1)
        .estimate_within(4, std::time::Duration::ZERO)?;
    assert!(!sampled.exact && sampled.hours() > 0.0, "{sampled:?}");
    Ok(())
}

//! Times the large-board tools against their targets.
//!
//! `cargo run --release --example large_boards` prints, one line each: the construction of
//! 10^7 and 10^8 queens (with validation), random solutions of 10^6 (median of 5 seeds)
//! and 10^7 queens, the first solution of every board 4..=64 in most-constrained order,
//! and 1000 distinct solutions of n = 64; and, for comparison, the first solution of n = 34
//! in lexicographic order.
//!
//! `-- --quick` runs every check on boards a hundred times smaller (CI runs it so).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use queens::{Queens, Solution};

fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let result = work();
    (result, started.elapsed())
}

fn main() -> Result<(), queens::Error> {
    // `--quick` (as CI runs it): every check, on boards a hundred times smaller.
    let scale = match std::env::args().any(|arg| arg == "--quick") {
        true => 100,
        false => 1,
    };
    for n in [10_000_000 / scale, 100_000_000 / scale] {
        let (built, build_time) = timed(|| queens::large_boards::construct(n));
        let columns = built?.into_vec();
        let (checked, check_time) = timed(|| Solution::new(columns));
        checked?;
        println!(
            "construct({n}): {:.3} s including its own validation; validating it again: {:.3} s",
            build_time.as_secs_f64(),
            check_time.as_secs_f64()
        );
    }
    let mut times: Vec<Duration> = Vec::new();
    for seed in 0..5 {
        let (found, time) = timed(|| queens::large_boards::random(1_000_000 / scale, seed));
        found?;
        times.push(time);
    }
    times.sort();
    println!(
        "random({}, seed): median {:.3} s over seeds 0..5",
        1_000_000 / scale,
        times[2].as_secs_f64()
    );
    let (found, time) = timed(|| queens::large_boards::random(10_000_000 / scale, 0));
    found?;
    println!(
        "random({}, 0): {:.3} s",
        10_000_000 / scale,
        time.as_secs_f64()
    );

    let mut slowest = (0, Duration::ZERO);
    let mut nodes = 0;
    let (_, total) = timed(|| {
        for n in 4..=64 {
            let mut search = Queens::new(n).most_constrained();
            let (first, time) = timed(|| search.next());
            assert!(first.is_some(), "n = {n}");
            nodes += search.nodes();
            if time > slowest.1 {
                slowest = (n, time);
            }
        }
    });
    println!(
        "most_constrained first solution, n = 4..=64: {:.2} ms in all, slowest n = {} in {:.2} ms, {nodes} queens placed",
        total.as_secs_f64() * 1e3,
        slowest.0,
        slowest.1.as_secs_f64() * 1e3
    );
    let (distinct, time) = timed(|| {
        Queens::new(64)
            .most_constrained()
            .take(1000)
            .collect::<HashSet<_>>()
    });
    println!(
        "1000 solutions of n = 64: {} distinct in {:.2} ms",
        distinct.len(),
        time.as_secs_f64() * 1e3
    );
    let far = if scale == 1 { 34 } else { 24 };
    let mut lexicographic = Queens::new(far);
    let (first, time) = timed(|| lexicographic.next_columns().is_some());
    assert!(first);
    println!(
        "first solution of n = {far} in lexicographic order: {} queens placed, {:.1} s",
        lexicographic.nodes(),
        time.as_secs_f64()
    );
    Ok(())
}

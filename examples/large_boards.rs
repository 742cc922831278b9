//! Times the large-board tools against their targets.
//!
//! `cargo run --release --example large_boards` prints, one line each: the construction of
//! 10^7 and 10^8 queens (with validation), random solutions of 10^6 (median of 5 seeds)
//! and 10^7 queens, the first solution of every board 4..=64 in most-constrained order,
//! and 1000 distinct solutions of n = 64; and, for comparison, the first solution of n = 34
//! in lexicographic order.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use queens::{Queens, Solution};

fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let result = work();
    (result, started.elapsed())
}

fn main() -> Result<(), queens::Error> {
    for n in [10_000_000, 100_000_000] {
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
        let (found, time) = timed(|| queens::large_boards::random(1_000_000, seed));
        found?;
        times.push(time);
    }
    times.sort();
    println!(
        "random(1_000_000, seed): median {:.3} s over seeds 0..5",
        times[2].as_secs_f64()
    );
    let (found, time) = timed(|| queens::large_boards::random(10_000_000, 0));
    found?;
    println!("random(10_000_000, 0): {:.3} s", time.as_secs_f64());

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
    let mut lexicographic = Queens::new(34);
    let (first, time) = timed(|| lexicographic.next_columns().is_some());
    assert!(first);
    println!(
        "first solution of n = 34 in lexicographic order: {} queens placed, {:.1} s",
        lexicographic.nodes(),
        time.as_secs_f64()
    );
    Ok(())
}

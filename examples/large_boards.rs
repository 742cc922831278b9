//! Times the large-board tools against their targets.
//!
//! `cargo run --release --example large_boards` prints a table, a row each: the construction of
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
    println!("| job | time |");
    println!("| --- | --- |");
    for n in [10_000_000 / scale, 100_000_000 / scale] {
        let (built, build_time) = timed(|| queens::large_boards::construct(n));
        let columns = built?.into_vec();
        let (checked, check_time) = timed(|| Solution::new(columns));
        checked?;
        println!(
            "| `construct({n})`, its own validation included (validating again: {:.3} s) | {:.3} s |",
            check_time.as_secs_f64(),
            build_time.as_secs_f64()
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
        "| `random({}, seed)`, median of seeds 0..5 | {:.3} s |",
        1_000_000 / scale,
        times[2].as_secs_f64()
    );
    let (found, time) = timed(|| queens::large_boards::random(10_000_000 / scale, 0));
    found?;
    println!(
        "| `random({}, 0)` | {:.3} s |",
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
        "| first solution of every n in 4..=64, most-constrained order ({nodes} queens placed; slowest n = {}, {:.2} ms) | {:.2} ms |",
        slowest.0,
        slowest.1.as_secs_f64() * 1e3,
        total.as_secs_f64() * 1e3
    );
    let (distinct, time) = timed(|| {
        Queens::new(64)
            .most_constrained()
            .take(1000)
            .collect::<HashSet<_>>()
    });
    println!(
        "| 1000 solutions of n = 64 ({} distinct) | {:.2} ms |",
        distinct.len(),
        time.as_secs_f64() * 1e3
    );
    let far = if scale == 1 { 34 } else { 24 };
    let mut lexicographic = Queens::new(far);
    let (first, time) = timed(|| lexicographic.next_columns().is_some());
    assert!(first);
    println!(
        "| first solution of n = {far} in lexicographic order, for comparison ({} queens placed) | {:.1} s |",
        lexicographic.nodes(),
        time.as_secs_f64()
    );
    Ok(())
}

//! Times the counter against a plain mirror-halving bitboard counter, side by side.
//!
//! `cargo run --release --example count_bench` prints a table for n = 12..=17 (pass another
//! largest n as the first argument). Each time is the best of three runs. The environment
//! variable `QUEENS_SIMD` picks the counter's kernels: `scalar`, `avx2` or `avx512` (unset:
//! the best this processor has).

use std::error::Error;
use std::time::{Duration, Instant};

use queens::Counter;

/// The classic counter: bitboards, recursion, and only the left half of the first row
/// (doubled), plus the middle column for odd n.
fn plain_mirror_halving(n: usize) -> u64 {
    fn below(full: u64, columns: u64, down_right: u64, down_left: u64) -> u64 {
        if columns == full {
            return 1;
        }
        let mut open = full & !(columns | down_right | down_left);
        let mut total = 0;
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            total += below(
                full,
                columns | bit,
                (down_right | bit) << 1,
                (down_left | bit) >> 1,
            );
        }
        total
    }
    let full = (1u64 << n) - 1;
    let mut total = 0;
    for col in 0..n / 2 {
        let bit = 1 << col;
        total += 2 * below(full, bit, bit << 1, bit >> 1);
    }
    if n % 2 == 1 {
        let bit = 1 << (n / 2);
        total += below(full, bit, bit << 1, bit >> 1);
    }
    total
}

/// The best of three timings of `work`, with its result.
fn best_of<T>(work: impl Fn() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..3 {
        let started = Instant::now();
        result = Some(work());
        best = best.min(started.elapsed());
    }
    (result.expect("at least one run"), best)
}

fn main() -> Result<(), Box<dyn Error>> {
    let largest: usize = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "17".into())
        .parse()?;
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    println!(
        "| n | solutions | fundamental | 1 thread (s) | {cores} threads (s) | speed-up | plain mirror-halving (s) | 1 thread / plain |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for n in 12..=largest {
        let (one, one_time) = best_of(|| Counter::new(n).and_then(|c| c.threads(1).run()));
        let (all, all_time) = best_of(|| Counter::new(n).and_then(|c| c.threads(0).run()));
        let (plain, plain_time) = best_of(|| plain_mirror_halving(n));
        let (one, all) = (one?, all?);
        assert_eq!(
            (one.total, all.total),
            (plain, plain),
            "the counters disagree for n = {n}"
        );
        println!(
            "| {n} | {} | {} | {:.3} | {:.3} | {:.2}x | {:.3} | {:.3} |",
            one.total,
            one.fundamental.unwrap_or(0),
            one_time.as_secs_f64(),
            all_time.as_secs_f64(),
            one_time.as_secs_f64() / all_time.as_secs_f64(),
            plain_time.as_secs_f64(),
            one_time.as_secs_f64() / plain_time.as_secs_f64(),
        );
    }
    Ok(())
}

//! Times the navigation the iterator offers beyond `next`: `nth`, which skips whole subtrees
//! by counting them, against stepping to the same solution; `next_back`; and `sample`, an
//! exactly uniform random solution.
//!
//! ```text
//! cargo run --release --example navigation [-- N K]
//! ```
//!
//! Defaults: N = 16, K = 5,000,000.

use std::time::Instant;

use queens::Queens;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let n = args.next().unwrap_or(16);
    let k = args.next().unwrap_or(5_000_000);

    let started = Instant::now();
    let skipped = Queens::new(n).nth(k);
    let nth = started.elapsed();

    let started = Instant::now();
    let mut stepping = Queens::new(n);
    for _ in 0..k {
        stepping.next_columns();
    }
    let stepped = stepping.next();
    let step = started.elapsed();
    assert_eq!(skipped, stepped, "nth and stepping disagree");

    let started = Instant::now();
    let last = Queens::new(n).next_back();
    let back = started.elapsed();

    let started = Instant::now();
    let samples = 5;
    for seed in 0..samples {
        queens::search::sample(n, seed).expect("a board with solutions");
    }
    let sample = started.elapsed() / samples as u32;

    println!("| n = {n} | time |");
    println!("| --- | --- |");
    println!("| `nth({k})` | {nth:.3?} |");
    println!(
        "| stepping to it with `next_columns` | {step:.3?} ({:.1}x) |",
        step.as_secs_f64() / nth.as_secs_f64()
    );
    println!("| `next_back()` (the last solution) | {back:.3?} |");
    println!("| `sample(n, seed)`, mean of {samples} seeds | {sample:.3?} |");
    if let (Some(s), Some(l)) = (skipped, last) {
        println!("\nsolution {k}: {:?}\nlast: {:?}", s.columns(), l.columns());
    }
}

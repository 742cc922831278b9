//! Times full enumeration, the yardstick for the CLI's output speed, as the table of
//! docs/performance.md.
//!
//! `cargo run --release --example iterate -- 14` times, for n = 14 and best of three runs,
//! building every `Solution`, lending the search's columns with `next_columns`, and
//! `Queens::count` (the counter, on every core); then, if the `queens` binary is built
//! (`cargo build --release`), `queens solve 14 --format list > /dev/null`, with its ratio to
//! the iteration.

use std::error::Error;
use std::time::{Duration, Instant};

use queens::Queens;

/// The best of three runs of `job`, which returns the number of solutions it saw.
fn best_of_three(expected: usize, mut job: impl FnMut() -> usize) -> Duration {
    (0..3)
        .map(|_| {
            let started = Instant::now();
            assert_eq!(job(), expected);
            started.elapsed()
        })
        .min()
        .expect("three runs")
}

fn rate(solutions: usize, time: Duration) -> String {
    format!(
        "{:.1} million solutions/s",
        solutions as f64 / time.as_secs_f64() / 1e6
    )
}

fn main() -> Result<(), Box<dyn Error>> {
    let n: usize = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "14".into())
        .parse()?;
    let solutions = Queens::try_new(n)?.count();
    let built = best_of_three(solutions, || {
        let mut seen = 0;
        for s in Queens::new(n) {
            seen += usize::from(s.n() == n);
        }
        seen
    });
    let lent = best_of_three(solutions, || {
        let mut search = Queens::new(n);
        let mut seen = 0;
        while let Some(columns) = search.next_columns() {
            seen += usize::from(columns.len() == n);
        }
        seen
    });
    let counted = best_of_three(solutions, || Queens::new(n).count());
    println!("| n = {n} ({solutions} solutions), best of 3 | time |");
    println!("| --- | --- |");
    println!(
        "| `for s in Queens::new({n})` (builds every `Solution`) | {built:.1?} ({}) |",
        rate(solutions, built)
    );
    println!("| `next_columns` loop | {lent:.1?} |");
    println!(
        "| `Queens::new({n}).count()` (the counter, every core) | {counted:.1?} ({}) |",
        rate(solutions, counted)
    );
    let binary = concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/queens");
    if std::path::Path::new(binary).exists() {
        let cli = best_of_three(solutions, || {
            let output = std::process::Command::new(binary)
                .args(["solve", &n.to_string(), "--format", "list", "--quiet"])
                .output()
                .expect("queens runs");
            assert!(output.status.success(), "queens solve failed");
            output.stdout.iter().filter(|&&b| b == b'\n').count()
        });
        println!(
            "| `queens solve {n} --format list`, output read | {cli:.1?} ({:.2} times the iteration) |",
            cli.as_secs_f64() / built.as_secs_f64()
        );
    }
    Ok(())
}

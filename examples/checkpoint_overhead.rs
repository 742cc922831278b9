//! What recording a checkpoint costs a count: `cargo run --release --example
//! checkpoint_overhead [N]` times the count of N (default 16) with and without one, best of
//! three runs each, on one thread and on every core.

use std::sync::Arc;
use std::time::{Duration, Instant};

use queens::counting::{Checkpoint, Counter};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n = std::env::args().nth(1).map_or(Ok(16), |arg| arg.parse())?;
    let dir = tempfile::tempdir()?;
    println!("| threads | plain (s) | with checkpoint (s) | overhead |");
    println!("| --- | --- | --- | --- |");
    for threads in [1, 0] {
        let plain = best_of_three(|| {
            Counter::new(n)?.threads(threads).run()?;
            Ok(())
        })?;
        let recorded = best_of_three(|| {
            let path = dir.path().join("count.checkpoint");
            let _ = std::fs::remove_file(&path);
            let counter = Counter::new(n)?.threads(threads);
            let checkpoint = Arc::new(Checkpoint::open(&path, &counter)?);
            let sink = Arc::clone(&checkpoint);
            counter
                .on_finished(move |s, _| {
                    let _ = sink.record(s);
                })
                .run()?;
            Arc::into_inner(checkpoint).map_or(Ok(()), Checkpoint::finish)?;
            Ok(())
        })?;
        let label = if threads == 0 {
            "all".to_string()
        } else {
            threads.to_string()
        };
        println!(
            "| {label} | {:.3} | {:.3} | {:+.1}% |",
            plain.as_secs_f64(),
            recorded.as_secs_f64(),
            100.0 * (recorded.as_secs_f64() / plain.as_secs_f64() - 1.0)
        );
    }
    Ok(())
}

fn best_of_three(
    mut run: impl FnMut() -> Result<(), queens::Error>,
) -> Result<Duration, queens::Error> {
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let started = Instant::now();
        run()?;
        best = best.min(started.elapsed());
    }
    Ok(best)
}

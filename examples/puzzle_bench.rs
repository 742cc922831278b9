//! Time to generate a puzzle with exactly one solution, per board size and level: the median
//! and the slowest of a run of seeds, the clues, and the techniques its solving path uses.
//!
//! `cargo run --release --example puzzle_bench` (`-- --quick` for a short run, as CI does).

use std::time::{Duration, Instant};

use queens::puzzle::{Level, Puzzles};

fn main() -> Result<(), queens::Error> {
    let quick = std::env::args().any(|arg| arg == "--quick");
    let (sizes, runs): (&[usize], u64) = match quick {
        true => (&[8, 12], 5),
        false => (&[8, 10, 12, 16, 24, 32, 48, 64], 40),
    };
    println!(
        "| n | level | puzzles | median | slowest | clues (mean) | forced | excluded | refuted | guessed |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for &n in sizes {
        for level in Level::ALL {
            let mut times = Vec::new();
            let mut totals = [0usize; 5];
            let mut made = 0;
            for seed in 0..runs {
                let started = Instant::now();
                let puzzle = Puzzles::new(n).level(level).seed(seed).next();
                let elapsed = started.elapsed();
                let Some(Ok(puzzle)) = puzzle else {
                    continue;
                };
                // Every puzzle is checked: one solution, and the path agrees with it.
                assert!(puzzle.builder().build()?.uniqueness().is_unique());
                assert_eq!(puzzle.level(), level);
                times.push(elapsed);
                made += 1;
                let r = puzzle.rating();
                for (total, part) in totals.iter_mut().zip([
                    puzzle.clues().len(),
                    r.forced,
                    r.excluded,
                    r.refuted,
                    r.guessed,
                ]) {
                    *total += part;
                }
            }
            if made == 0 {
                println!(
                    "| {n} | {level} | none within {} attempts a seed | | | | | | | |",
                    Puzzles::ATTEMPTS
                );
                continue;
            }
            times.sort_unstable();
            let mean = |total: usize| total as f64 / made as f64;
            println!(
                "| {n} | {level} | {made} | {} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
                ms(times[times.len() / 2]),
                ms(times[times.len() - 1]),
                mean(totals[0]),
                mean(totals[1]),
                mean(totals[2]),
                mean(totals[3]),
                mean(totals[4]),
            );
        }
    }
    Ok(())
}

fn ms(time: Duration) -> String {
    format!("{:.3} ms", time.as_secs_f64() * 1e3)
}

//! Time to generate a puzzle with exactly one solution, per kind, board size and level: the
//! median and the slowest of a run of seeds, the givens, and the techniques its solving path
//! uses; then, beside it, reasoning-gym's `n_queens` generator at n = 8..12.
//!
//! `cargo run --release --example puzzle_bench` (`-- --quick` for a short run, as CI does).
//!
//! For the comparison, install reasoning-gym in a virtual environment (never a dependency of
//! this crate) and name its Python:
//!
//! ```text
//! python3 -m venv /tmp/rg && /tmp/rg/bin/pip install reasoning-gym
//! cargo run --release --example puzzle_bench -- --reasoning-gym /tmp/rg/bin/python
//! ```

use std::process::Command;
use std::time::{Duration, Instant};

use queens::puzzle::{Kind, Level, Puzzles};

/// Makes `size` puzzles with reasoning-gym's defaults at board size `n` (seed 1), timing the
/// dataset's construction too (it lists every solution then), and counts those whose
/// puzzle has one answer. Prints `seconds unique`.
const REASONING_GYM: &str = r#"
import sys, time
import reasoning_gym
n, size = int(sys.argv[1]), int(sys.argv[2])
started = time.perf_counter()
data = reasoning_gym.create_dataset("n_queens", n=n, size=size, seed=1)
items = [data[i] for i in range(size)]
elapsed = time.perf_counter() - started
print(elapsed, sum(len(item["metadata"]["valid_answers"]) == 1 for item in items))
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|arg| arg == "--quick");
    let python = args
        .iter()
        .position(|arg| arg == "--reasoning-gym")
        .and_then(|at| args.get(at + 1));
    let runs = if quick { 5 } else { 40 };
    println!(
        "| kind | n | level | puzzles | median | slowest | givens (mean) | forced | excluded | refuted | guessed |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for kind in Kind::ALL {
        let sizes: &[usize] = match (kind, quick) {
            (_, true) => &[8, 12],
            (Kind::Queens, false) => &[8, 10, 12, 16, 24, 32, 48, 64],
            (Kind::Blocks, false) => &[8, 12, 16, 20, 24],
        };
        for &n in sizes {
            for level in Level::ALL {
                row(kind, n, level, runs)?;
            }
        }
    }
    compare(python.map(String::as_str), if quick { 10 } else { 100 })
}

/// One line of the table: `runs` seeds of one kind, size and level.
fn row(kind: Kind, n: usize, level: Level, runs: u64) -> Result<(), queens::Error> {
    let mut times = Vec::new();
    let mut totals = [0usize; 5];
    for seed in 0..runs {
        let started = Instant::now();
        let puzzle = Puzzles::new(n).kind(kind).level(level).seed(seed).first();
        let elapsed = started.elapsed();
        let Ok(puzzle) = puzzle else {
            continue;
        };
        // Every puzzle is checked: one solution, and the level asked.
        assert!(puzzle.builder().build()?.uniqueness().is_unique());
        assert_eq!(puzzle.level(), level);
        times.push(elapsed);
        let r = puzzle.rating();
        let givens = puzzle.clues().len() + puzzle.blocks().len();
        for (total, part) in totals
            .iter_mut()
            .zip([givens, r.forced, r.excluded, r.refuted, r.guessed])
        {
            *total += part;
        }
    }
    if times.is_empty() {
        println!(
            "| {kind} | {n} | {level} | none within {} attempts a seed | | | | | | | |",
            Puzzles::ATTEMPTS
        );
        return Ok(());
    }
    times.sort_unstable();
    let made = times.len();
    let mean = |total: usize| total as f64 / made as f64;
    println!(
        "| {kind} | {n} | {level} | {made} | {} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
        ms(times[made / 2]),
        ms(times[made - 1]),
        mean(totals[0]),
        mean(totals[1]),
        mean(totals[2]),
        mean(totals[3]),
        mean(totals[4]),
    );
    Ok(())
}

/// `count` puzzles of each n = 8..12, made here (any level) and by reasoning-gym in
/// `python`: the time a puzzle and the share with one solution.
fn compare(python: Option<&str>, count: u64) -> Result<(), Box<dyn std::error::Error>> {
    let Some(python) = python else {
        println!(
            "\n(reasoning-gym not compared: pass --reasoning-gym PYTHON, see the top of this file)"
        );
        return Ok(());
    };
    println!("\n| n | queens: a puzzle | unique | reasoning-gym: a puzzle | unique | ratio |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for n in 8..=12 {
        let started = Instant::now();
        let mut unique = 0;
        for puzzle in Puzzles::new(n).take(count as usize) {
            unique += usize::from(puzzle?.builder().build()?.uniqueness().is_unique());
        }
        let ours = started.elapsed() / count as u32;
        let output = Command::new(python)
            .args(["-c", REASONING_GYM, &n.to_string(), &count.to_string()])
            .output()?;
        if !output.status.success() {
            return Err(format!(
                "{python} could not run reasoning-gym: {}",
                String::from_utf8_lossy(&output.stderr)
            )
            .into());
        }
        let text = String::from_utf8(output.stdout)?;
        let mut fields = text.split_whitespace();
        let seconds: f64 = fields.next().ok_or("no time")?.parse()?;
        let theirs_unique: u64 = fields.next().ok_or("no count")?.parse()?;
        let theirs = Duration::from_secs_f64(seconds / count as f64);
        println!(
            "| {n} | {} | {unique} of {count} | {} | {theirs_unique} of {count} | {:.0}x |",
            ms(ours),
            ms(theirs),
            theirs.as_secs_f64() / ours.as_secs_f64()
        );
    }
    Ok(())
}

fn ms(time: Duration) -> String {
    format!("{:.3} ms", time.as_secs_f64() * 1e3)
}

//! Times both counting engines, side by side with a plain mirror-halving bitboard counter
//! and, if given, another program.
//!
//! `cargo run --release --example count_bench` prints a table for n = 12..=17 (pass another
//! largest n as the first argument, a smallest as the second). Each time is the best of
//! three runs up to n = 17, one run above. The constellation engine runs up to n = 18 and
//! the plain counter up to n = 17 (beyond, each would take minutes).
//!
//! To time another counter in the same run, set `QUEENS_REFERENCE` to its command line with
//! `{n}` for the board size, e.g. `QUEENS_REFERENCE='/opt/nq/b{n}/nq 1'`: it runs once per n,
//! must print the right count somewhere in its output, and the last column gives the
//! quadrant join's single-threaded time over its time. The environment variable
//! `QUEENS_SIMD` picks the kernels: `scalar`, `avx2` or `avx512` (unset: the best this
//! processor has). A second table gives the symmetry classes as `Counter` counts them by
//! default (from n = 14 the join's total and the solutions the rotations fix, by
//! Burnside's lemma), over the total alone, against the constellation engine's classes
//! (checked against each other) and over the reference's total. A third gives what
//! `queens plan` estimates for the join on one thread against the time measured, so that
//! the plan's accuracy is a printed figure. Last it prints the
//! process's peak memory: the tables of the largest board, held while every core counts it.

use std::error::Error;
use std::process::Command;
use std::time::{Duration, Instant};

use queens::counting::{Counter, Engine, Estimate};

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

/// The best of `runs` timings of `work`, with its result.
fn best_of<T>(runs: usize, work: impl Fn() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..runs {
        let started = Instant::now();
        result = Some(work());
        best = best.min(started.elapsed());
    }
    (result.expect("at least one run"), best)
}

/// Runs the reference command for `n` once: its time, after checking that it printed
/// `expected`.
fn reference(template: &str, n: usize, expected: u64) -> Result<Duration, Box<dyn Error>> {
    let line = template.replace("{n}", &n.to_string());
    let mut words = line.split_whitespace();
    let program = words.next().ok_or("QUEENS_REFERENCE is empty")?;
    let started = Instant::now();
    let output = Command::new(program).args(words).output()?;
    let elapsed = started.elapsed();
    let printed = String::from_utf8_lossy(&output.stdout);
    if !printed.contains(&expected.to_string()) {
        return Err(format!("`{line}` did not print {expected}: {printed}").into());
    }
    Ok(elapsed)
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let largest: usize = args.next().unwrap_or_else(|| "17".into()).parse()?;
    let smallest: usize = args.next().unwrap_or_else(|| "12".into()).parse()?;
    let template = std::env::var("QUEENS_REFERENCE").ok();
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    println!(
        "| n | solutions | constellations, 1 thread (s) | quadrants, 1 thread (s) | quadrants, 1 thread (ns a solution) | quadrants, {cores} threads (s) | plain mirror-halving (s) | reference, 1 run (s) | quadrants / reference |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    let mut join_times = Vec::new();
    for n in smallest..=largest {
        let runs = if n <= 17 { 3 } else { 1 };
        let count = |engine: Engine, threads: usize| {
            Counter::new(n).and_then(|c| c.fundamental(false).engine(engine).threads(threads).run())
        };
        let (join, join_time) = best_of(runs, || count(Engine::Quadrants, 1));
        let (all, all_time) = best_of(runs, || count(Engine::Quadrants, 0));
        let (join, all) = (join?.total, all?.total);
        let other = match &template {
            Some(template) => Some(reference(template, n, join)?),
            None => None,
        };
        join_times.push((n, join, join_time, other));
        assert_eq!(all, join, "threads change the count of n = {n}");
        let search = (n <= 18).then(|| best_of(runs, || count(Engine::Constellations, 1)));
        if let Some((search, _)) = &search {
            let search = search.as_ref().map_err(Clone::clone)?.total;
            assert_eq!(search, join, "the engines disagree for n = {n}");
        }
        let plain = (n <= 17).then(|| best_of(runs, || plain_mirror_halving(n)));
        if let Some((plain, _)) = plain {
            assert_eq!(plain, join, "the plain counter disagrees for n = {n}");
        }
        println!(
            "| {n} | {join} | {} | {:.3} | {:.2} | {:.3} | {} | {} | {} |",
            seconds(search.map(|(_, t)| t)),
            join_time.as_secs_f64(),
            join_time.as_secs_f64() * 1e9 / join as f64,
            all_time.as_secs_f64(),
            seconds(plain.map(|(_, t)| t)),
            seconds(other),
            ratio(join_time, other),
        );
    }
    symmetry_classes(&join_times)?;
    plan_accuracy(&join_times)?;
    // The most memory this process held: the largest board's tables, on every core.
    if let Some(peak) = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status
                .lines()
                .find(|line| line.starts_with("VmHWM:"))?
                .to_string();
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
    {
        println!();
        println!(
            "peak memory of this process (VmHWM): {} MB",
            peak * 1024 / 1_000_000
        );
    }
    Ok(())
}

/// The third table: what `queens plan` estimates for the quadrant join on one thread
/// (`Counter::estimate`, its default sample and budget), against the time measured above.
fn plan_accuracy(
    join_times: &[(usize, u64, Duration, Option<Duration>)],
) -> Result<(), Box<dyn Error>> {
    println!();
    println!(
        "| n | plan, 1 thread (s) | error bar | parts timed | measured, 1 thread (s) | plan / measured |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for &(n, _, join_time, _) in join_times {
        let estimate = Counter::new(n)?
            .fundamental(false)
            .engine(Engine::Quadrants)
            .threads(1)
            .estimate(Estimate::SAMPLES)?;
        println!(
            "| {n} | {:.3} | {} | {} of {} | {:.3} | {:.2} |",
            estimate.cpu_seconds,
            estimate.error_bar(),
            estimate.sampled.len(),
            estimate.parts,
            join_time.as_secs_f64(),
            estimate.cpu_seconds / join_time.as_secs_f64(),
        );
    }
    Ok(())
}

/// Seconds to three decimals, or `-`.
fn seconds(time: Option<Duration>) -> String {
    time.map_or("-".into(), |t| format!("{:.3}", t.as_secs_f64()))
}

/// `time` over `other`, or `-`.
fn ratio(time: Duration, other: Option<Duration>) -> String {
    other.map_or("-".into(), |t| {
        format!("{:.2}", time.as_secs_f64() / t.as_secs_f64())
    })
}

/// The second table: symmetry classes as `Counter` counts them by default (Burnside's lemma
/// on the join from n = 14), one thread, against the constellation engine's classes.
fn symmetry_classes(
    join_times: &[(usize, u64, Duration, Option<Duration>)],
) -> Result<(), Box<dyn Error>> {
    println!();
    println!(
        "| n | classes | engine | classes, 1 thread (s) | over the total alone | constellations' classes, 1 thread (s) | classes / reference's total |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for &(n, total, join_time, reference) in join_times {
        let runs = if n <= 17 { 3 } else { 1 };
        let count = |engine| Counter::new(n).and_then(|c| c.engine(engine).threads(1).run());
        let (counts, time) = best_of(runs, || count(Engine::Auto));
        let counts = counts?;
        assert_eq!(counts.total, total, "n = {n}");
        let classes = counts.fundamental.ok_or("no classes")?;
        let search = (n <= 18 && counts.engine != Engine::Constellations)
            .then(|| best_of(runs, || count(Engine::Constellations)));
        if let Some((search, _)) = &search {
            let search = search.as_ref().map_err(Clone::clone)?.fundamental;
            assert_eq!(search, Some(classes), "the classes of n = {n} disagree");
        }
        println!(
            "| {n} | {classes} | {} | {:.3} | {:.2} | {} | {} |",
            counts.engine,
            time.as_secs_f64(),
            time.as_secs_f64() / join_time.as_secs_f64(),
            seconds(search.map(|(_, t)| t)),
            ratio(time, reference),
        );
    }
    Ok(())
}

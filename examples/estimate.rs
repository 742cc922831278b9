//! Prints what counting large boards costs on this machine: the time per solution of each
//! engine, measured on one thread, and the CPU-hours and memory of n = 20..=22 that README
//! quotes. From n = 22 on the join's time per solution grows with n, so for those boards
//! `queens plan N` times a sample of the board's own subproblem steps instead.
//!
//! ```text
//! cargo run --release --example estimate
//! ```
//!
//! The join is timed at n = 19 and 18 (odd and even boards cost differently; half a minute
//! in all), the constellation engine at n = 17, and the known solution counts (OEIS
//! A000170) are scaled by the measured rate of the same parity.
//!
//! `-- --quick` measures the rates at n = 15..=17 instead (CI runs it so, for its checks).
//!
//! `-- --plan N [--engine E] [--samples K] [--seconds S] [--gib G]` prints instead what
//! `queens plan N --threads 1 --memory GG` prints (1 GiB unless given), as a row of docs/clusters.md's table: the engine,
//! subproblems, memory a process needs and the growth of this process's peak while it
//! sampled (so run one board a process), and the CPU-hours with their standard error.

use std::time::{Duration, Instant};

use queens::counting::{Counter, Engine, Estimate};

/// OEIS A000170 for n = 14..=27 (n = 28 is not known).
const SOLUTIONS: [(usize, u64); 14] = [
    (14, 365_596),
    (15, 2_279_184),
    (16, 14_772_512),
    (17, 95_815_104),
    (18, 666_090_624),
    (19, 4_968_057_848),
    (20, 39_029_188_884),
    (21, 314_666_222_712),
    (22, 2_691_008_701_644),
    (23, 24_233_937_684_440),
    (24, 227_514_171_973_736),
    (25, 2_207_893_435_808_352),
    (26, 22_317_699_616_364_044),
    (27, 234_907_967_154_122_528),
];

/// The known count of `n`, if OEIS has it.
fn known(n: usize) -> Option<u64> {
    SOLUTIONS.iter().find(|&&(m, _)| m == n).map(|&(_, s)| s)
}

fn solutions(n: usize) -> u64 {
    known(n).expect("a known count")
}

/// Nanoseconds per solution of a count of `n` by `engine` on one thread.
fn rate(n: usize, engine: Engine) -> Result<f64, queens::Error> {
    let counter = Counter::new(n)?
        .fundamental(false)
        .engine(engine)
        .threads(1);
    let started = Instant::now();
    let counts = counter.run()?;
    let seconds = started.elapsed().as_secs_f64();
    assert_eq!(counts.total, solutions(n), "n = {n}");
    Ok(seconds * 1e9 / counts.total as f64)
}

/// The value after `flag` among the arguments, if given.
fn option(flag: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    let at = args.iter().position(|arg| arg == flag)?;
    args.get(at + 1).cloned()
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
}

/// `--plan N`: the plan of a count on one thread with 1 GiB (`--gib G`: G GiB), as a
/// table row.
fn plan(n: usize) -> Result<(), Box<dyn std::error::Error>> {
    let engine: Engine = option("--engine")
        .unwrap_or_else(|| "auto".into())
        .parse()?;
    let samples: usize = match option("--samples") {
        Some(samples) => samples.parse()?,
        None => Estimate::SAMPLES,
    };
    let seconds: u64 = match option("--seconds") {
        Some(seconds) => seconds.parse()?,
        None => Estimate::BUDGET.as_secs(),
    };
    let gib: u64 = option("--gib").unwrap_or_else(|| "1".into()).parse()?;
    let estimate = Counter::new(n)?
        .fundamental(false)
        .engine(engine)
        .threads(1)
        .memory(gib << 30)
        .estimate_within(samples, Duration::from_secs(seconds))?;
    let grown = estimate.sampled_peak.map_or("-".into(), mib);
    let error = estimate.error.map_or(String::new(), |e| {
        format!(" (± {:.0}%)", 100.0 * e / estimate.cpu_seconds)
    });
    // Per solution on one core: the figure a cluster's budget scales from.
    let per_solution = known(n).map_or("-".into(), |solutions| {
        format!("{:.1}", estimate.cpu_seconds * 1e9 / solutions as f64)
    });
    println!(
        "| n | engine | subproblems | memory a process (sample's growth) | CPU-hours | ns per solution | parts timed |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    println!(
        "| {n} | {} | {} | {} ({grown}) | {:.1}{error} | {per_solution} | {} of {} in {:.0} s |",
        estimate.engine,
        estimate.subproblems,
        // The constellation engine holds no tables: nothing to allow for.
        if estimate.memory == 0 {
            "-".into()
        } else {
            mib(estimate.memory)
        },
        estimate.cpu_seconds / 3600.0,
        estimate.sampled.len(),
        estimate.parts,
        estimate.seconds
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    if let Some(n) = option("--plan") {
        return plan(n.parse()?);
    }
    // `--quick` (as CI runs it): the rates measured two sizes smaller, every check made.
    let base = match std::env::args().any(|arg| arg == "--quick") {
        true => 15,
        false => 17,
    };
    let odd = rate(base + 2, Engine::Quadrants)?;
    let even = rate(base + 1, Engine::Quadrants)?;
    let constellations = rate(base, Engine::Constellations)?;
    println!(
        "one thread: quadrants {odd:.1} ns per solution at n = {}, {even:.1} at n = {}; \
         constellations {constellations:.0} ns at n = {base}",
        base + 2,
        base + 1
    );
    println!();
    println!("| n | solutions | engine | estimated CPU-hours | memory, one thread |");
    println!("| --- | --- | --- | --- | --- |");
    for n in 20..=22 {
        let counter = Counter::new(n)?.fundamental(false).threads(1);
        let engine = counter.chosen_engine()?;
        let per_solution = match engine {
            Engine::Quadrants if n % 2 == 1 => odd,
            Engine::Quadrants => even,
            _ => constellations,
        };
        let hours = solutions(n) as f64 * per_solution / 1e9 / 3600.0;
        let memory = match counter.memory_needed()? {
            0 => "-".to_string(),
            bytes => format!("{:.0} MB", bytes as f64 / 1e6),
        };
        // Where the whole tables do not exist or fit, each subproblem builds its own rows.
        let streamed = Counter::new(n)?.threads(1).memory(1).memory_needed()?;
        let memory = format!("{memory} ({:.0} MB streamed)", streamed as f64 / 1e6);
        println!(
            "| {n} | {} | {engine} | {hours:.2} | {memory} |",
            solutions(n)
        );
    }
    Ok(())
}

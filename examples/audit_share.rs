//! What a count's audit costs: for each board and split, one shard counted on one thread
//! with its audit and without, the parts the audit counted again, its own time over the
//! count's, and the audited count's time over the plain one's.
//!
//! `cargo run --release --example audit_share` prints the table for n = 14..=19 (pass
//! another largest n as the first argument, a smallest as the second); each count is the
//! best of three. Shards are the whole count, 1 of 8 and 1 of 64 (each the first shard).

use std::error::Error;
use std::time::{Duration, Instant};

use queens::counting::Counter;

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let largest: usize = args.next().unwrap_or_else(|| "19".into()).parse()?;
    let smallest: usize = args.next().unwrap_or_else(|| "14".into()).parse()?;
    println!(
        "| n | shard | engine | parts audited | audit (ms) | audit / count's parts | audited / plain count |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for n in smallest..=largest {
        for of in [1, 8, 64] {
            let counter = Counter::new(n)?.fundamental(false).threads(1).shard(0, of);
            let time = |audit: bool| -> Result<_, queens::Error> {
                let mut best = (None, Duration::MAX);
                for _ in 0..3 {
                    let started = Instant::now();
                    let counts = counter.clone().audit(audit).run()?;
                    best = match started.elapsed() {
                        took if took < best.1 => (Some(counts), took),
                        _ => best,
                    };
                }
                Ok(best)
            };
            let (plain, plain_time) = time(false)?;
            let (audited, audited_time) = time(true)?;
            let (Some(plain), Some(audited)) = (plain, audited) else {
                continue;
            };
            assert_eq!(plain.total, audited.total, "n = {n}, shard 0/{of}");
            let Some(audit) = &audited.audit else {
                continue;
            };
            println!(
                "| {n} | 0/{of} | {} | {} | {:.2} | {:.1}% | {:.3} |",
                audited.engine,
                audit.agreed.len(),
                audit.time.as_secs_f64() * 1e3,
                100.0 * audit.share(),
                audited_time.as_secs_f64() / plain_time.as_secs_f64(),
            );
        }
    }
    Ok(())
}

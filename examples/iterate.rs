//! Times plain iteration, the yardstick for the CLI's output speed.
//!
//! `cargo run --release --example iterate -- 14` builds every `Solution` of n = 14 and
//! prints how many there were and how long it took; compare with
//! `queens solve 14 --format list > /dev/null`.

use std::error::Error;
use std::time::Instant;

use queens::Queens;

fn main() -> Result<(), Box<dyn Error>> {
    let n: usize = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "14".into())
        .parse()?;
    let started = Instant::now();
    let mut solutions = 0;
    let mut first_columns = 0;
    for s in Queens::try_new(n)? {
        solutions += 1;
        first_columns += s[0];
    }
    let elapsed = started.elapsed();
    println!("{solutions} solutions (column sum of row 0: {first_columns}) in {elapsed:.3?}");
    Ok(())
}

//! Times plain iteration, the yardstick for the CLI's output speed.
//!
//! `cargo run --release --example iterate -- 14` builds every `Solution` of n = 14 and
//! prints how many there were and how long it took; then, if the `queens` binary is built
//! (`cargo build --release`), it times `queens solve 14 --format list > /dev/null` in the
//! same run and prints the ratio.

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
    let binary = concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/queens");
    if std::path::Path::new(binary).exists() {
        let started = Instant::now();
        let status = std::process::Command::new(binary)
            .args(["solve", &n.to_string(), "--format", "list", "--quiet"])
            .stdout(std::process::Stdio::null())
            .status()?;
        let cli = started.elapsed();
        assert!(status.success(), "queens solve failed");
        println!(
            "queens solve {n} --format list > /dev/null: {cli:.3?}, {:.2} times the iteration",
            cli.as_secs_f64() / elapsed.as_secs_f64()
        );
    }
    Ok(())
}

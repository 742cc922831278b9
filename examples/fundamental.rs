//! The `a[row] = col` program's "12 distinct solutions": one solution per symmetry class, with its orbit size.
//!
//! `cargo run --example fundamental` (or `-- 10` for another board size).

use std::error::Error;

use queens::{Queens, SolutionsExt, Style};

fn main() -> Result<(), Box<dyn Error>> {
    let n: usize = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "8".into())
        .parse()?;
    for s in Queens::try_new(n)?.fundamental() {
        println!("{}  (orbit of {})", s.render(Style::List), s.orbit_size());
    }
    println!("{}", Queens::try_new(n)?.tally());
    Ok(())
}

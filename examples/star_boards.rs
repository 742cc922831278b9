//! The `Q` and `*` program redone: boards of `Q` and `*`, each followed by the running count.
//!
//! `cargo run --example star_boards` (or `-- 6` for another board size).

use std::error::Error;

use queens::{Queens, Style};

fn main() -> Result<(), Box<dyn Error>> {
    let n: usize = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "8".into())
        .parse()?;
    for (count, s) in Queens::try_new(n)?.enumerate() {
        println!(
            "{}------------  count:{}  ------------",
            s.render(Style::Stars),
            count + 1
        );
    }
    Ok(())
}

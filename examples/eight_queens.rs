//! The 0/1-matrix program redone: every solution as a numbered 0/1 matrix, then the total.
//!
//! `cargo run --example eight_queens` (or `-- 4` for another board size).

use std::error::Error;

use queens::{Queens, SolutionsExt, Style};

fn main() -> Result<(), Box<dyn Error>> {
    let n: usize = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "8".into())
        .parse()?;
    let mut answers = 0;
    for board in Queens::try_new(n)?.boards(Style::Matrix).numbered() {
        println!("{board}");
        answers += 1;
    }
    println!("{n} queens: {answers} answers");
    Ok(())
}

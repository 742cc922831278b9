//! The `a[row] = col` program redone: the first `k` solutions as `a[row] = col` lists, and the work it took.
//!
//! `cargo run --example first_k -- 8 5` prints the first 5 solutions for 8 queens. Only the
//! search needed for those 5 runs: the iterator is lazy.

use std::error::Error;

use queens::{Queens, SolutionsExt, Style};

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().unwrap_or_else(|| "8".into()).parse()?;
    let k: usize = args.next().unwrap_or_else(|| "5".into()).parse()?;
    let mut search = Queens::try_new(n)?;
    for list in search.by_ref().take(k).boards(Style::List) {
        println!("{list}");
    }
    println!("queens placed to find them: {}", search.nodes());
    Ok(())
}

//! The Python generator program redone: the completions of a partial board, drawn like its `prettyprint`.
//!
//! `cargo run --example complete_board -- 4 1,3,0` completes queens in columns 1, 3, 0 of
//! the first three rows of a 4 x 4 board (the Python generator program's `list(queens(4, (1, 3, 0)))`).

use std::error::Error;

use queens::{Queens, Style};

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().unwrap_or_else(|| "4".into()).parse()?;
    let prefix: Vec<usize> = args
        .next()
        .unwrap_or_else(|| "1,3,0".into())
        .split(',')
        .filter(|column| !column.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    let mut completions = 0;
    for s in Queens::with_prefix(n, &prefix)? {
        println!("{}\n{}", s.render(Style::List), s.render(Style::Dots));
        completions += 1;
    }
    println!("{completions} completions of {prefix:?}");
    Ok(())
}

//! The `Game`/`Chessboard` report program redone: collect every solution, report how many, and draw the first on a grid.
//!
//! `cargo run --example report`

use queens::{Queens, Solution, Style};

fn main() {
    let solutions: Vec<Solution> = Queens::new(8).collect();
    println!("There are {} results.", solutions.len());
    print!("{}", solutions[0].render(Style::Grid));
}

//! The user's generator style: the Python generator program's recursive `queens(num, state)` as a `genawaiter`
//! generator, checked against the state machine.
//!
//! `cargo run --example generator --features generator`

use queens::{Queens, generator};

fn main() {
    for s in generator::solutions(6) {
        println!("{s:?}");
    }
    let same = generator::solutions(8).eq(Queens::new(8));
    println!("generator and state machine agree on all 92 solutions for n = 8: {same}");
}

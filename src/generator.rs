//! Solutions from a recursive generator, written the way the Python generator program writes it in Python.
//!
//! This is the readable second implementation: each level of the recursion is a
//! `genawaiter` generator that tries every column of its row, checks it against the queens
//! above with `conflict`, and yields the completions of the rows below. It is much slower
//! than [`Queens`](crate::Queens) and exists so the tests can cross-check the state machine.

use std::iter::FusedIterator;

use genawaiter::rc::Gen;

use crate::solution::Solution;

/// Every solution of the `n`-queens problem, in the same lexicographic order as
/// [`Queens::new`](crate::Queens::new).
///
/// # Examples
///
/// ```
/// use queens::{Queens, generator};
///
/// assert!(generator::solutions(6).eq(Queens::new(6)));
/// ```
pub fn solutions(n: usize) -> impl FusedIterator<Item = Solution> {
    // `fuse` matters: a finished genawaiter generator panics if resumed.
    completions(n, Vec::new())
        .map(|rest| Solution::new(rest).expect("the generator yields only solutions"))
        .fuse()
}

/// The Python generator program's `queens(num, state)`: the columns of the rows below a partial board `state`.
fn completions(num: usize, state: Vec<usize>) -> Box<dyn Iterator<Item = Vec<usize>>> {
    let generator = Gen::new(|co| async move {
        if state.len() == num {
            co.yield_(Vec::new()).await;
            return;
        }
        for pos in 0..num {
            if !conflict(&state, pos) {
                let deeper = [state.as_slice(), &[pos]].concat();
                for rest in completions(num, deeper) {
                    co.yield_([&[pos], rest.as_slice()].concat()).await;
                }
            }
        }
    });
    Box::new(generator.into_iter())
}

/// Whether a queen in the next row, column `next_x`, is attacked by a queen of `state`.
fn conflict(state: &[usize], next_x: usize) -> bool {
    let next_y = state.len();
    state
        .iter()
        .enumerate()
        .any(|(i, &x)| x == next_x || x.abs_diff(next_x) == next_y - i)
}

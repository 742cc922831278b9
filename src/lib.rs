#![doc = include_str!("../README.md")]
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod adaptors;
mod bitboard;
mod bounded_lines;
mod construct;
mod count;
mod error;
#[cfg(feature = "generator")]
pub mod generator;
mod most_constrained;
#[cfg(feature = "parallel")]
mod parallel;
mod parse;
mod random;
mod render;
mod search;
mod solution;
mod svg;
mod symmetry;

pub use adaptors::{Boards, Fundamental, SolutionsExt, Tally};
pub use construct::construct;
#[cfg(feature = "serde")]
pub use count::ShardRecord;
pub use count::{
    Checkpoint, Counter, Counts, Progress, Subproblem, count, count_fundamental, try_count,
};
pub use error::{Error, Square};
pub use most_constrained::MostConstrained;
#[cfg(feature = "parallel")]
pub use parallel::{par_solutions, try_par_solutions};
pub use parse::{ParseReader, parse_many, parse_reader};
pub use random::random;
pub use render::{Board, Style};
pub use search::Queens;
pub use solution::Solution;
pub use svg::svg;
pub use symmetry::Symmetry;

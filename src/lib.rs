#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod adaptors;
mod bitboard;
mod count;
mod error;
#[cfg(feature = "generator")]
pub mod generator;
#[cfg(feature = "parallel")]
mod parallel;
mod parse;
mod render;
mod search;
mod solution;
mod svg;
mod symmetry;

pub use adaptors::{Boards, Fundamental, SolutionsExt, Tally};
pub use count::{Counter, Counts, Progress, Subproblem, count, count_fundamental, try_count};
pub use error::{Error, Square};
#[cfg(feature = "parallel")]
pub use parallel::{par_solutions, try_par_solutions};
pub use parse::parse_many;
pub use render::{Board, Style};
pub use search::Queens;
pub use solution::Solution;
pub use svg::svg;
pub use symmetry::Symmetry;

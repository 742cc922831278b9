#![doc = include_str!("../README.md")]
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod adaptors;
mod board;
mod counting;
mod enumerate;
mod error;
mod formats;
#[cfg(feature = "generator")]
pub mod generator;
mod large_boards;
mod solution;

pub use adaptors::{Boards, Fundamental, SolutionsExt, Tally};
#[cfg(feature = "serde")]
pub use counting::ShardRecord;
pub use counting::{
    Checkpoint, Counter, Counts, Engine, Estimate, Progress, Shard, Subproblem, SymmetricCounts,
    available_memory, count, count_fundamental, count_symmetric, try_count, try_count_fundamental,
};
pub use enumerate::builder::Builder;
pub use enumerate::lexicographic::Queens;
pub use enumerate::most_constrained::MostConstrained;
#[cfg(feature = "parallel")]
pub use enumerate::parallel::{par_solutions, try_par_solutions};
pub use enumerate::sample::{SAMPLE_MAX_N, sample};
pub use enumerate::trace::{Board, DeadEnd, Event, Replay, Trace};
pub use error::{Error, Square};
pub use formats::animation::animated_svg;
pub use formats::encoding::decode_text;
pub use formats::parse::{ParseReader, parse_columns, parse_many, parse_reader};
pub use formats::picture::svg;
pub use formats::render::{Drawing, Style};
pub use large_boards::construct::construct;
pub use large_boards::random::random;
pub use solution::Solution;
pub use solution::symmetry::Symmetry;

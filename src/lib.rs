#![doc = include_str!("../README.md")]
#![deny(unsafe_code)]
#![warn(missing_docs)]
#![warn(unreachable_pub)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod adaptors;
mod bitboard;
pub mod counting;
mod error;
pub mod formats;
#[cfg(feature = "generator")]
pub mod generator;
pub mod large_boards;
pub mod puzzle;
pub mod search;
mod solution;
pub mod trace;

pub use adaptors::SolutionsExt;
pub use counting::{count, try_count};
pub use error::{Error, Square};
pub use formats::Style;
pub use search::{Builder, Queens};
pub use solution::{Solution, Symmetry};

/// The guides under `docs/`, whose code blocks run as doctests so they cannot drift.
#[cfg(doctest)]
mod guides {
    #[doc = include_str!("../docs/puzzles.md")]
    struct Puzzles;
}

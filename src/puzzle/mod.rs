//! Puzzles: boards with fixed queens and blocked squares to complete, read from a drawn board
//! or from CSPLib problem 080's form into a [`Builder`](crate::Builder) (its `FromStr`, or
//! [`read_puzzle`] from a file), and whether one has exactly one solution ([`Uniqueness`]);
//! [`Puzzle`]s with exactly one solution generated from a seed ([`Puzzles`]), graded by the
//! techniques a person needs ([`Level`], [`Rating`]) and explained step by step ([`Step`]).

pub(crate) mod generate;
pub(crate) mod grade;
pub(crate) mod instance;
mod picture;
pub(crate) mod read;
mod sheet;
pub(crate) mod uniqueness;

pub use generate::Puzzles;
pub use grade::{Level, Rating, Step};
pub use instance::{Kind, Puzzle};
pub use read::{MAX_PUZZLE_BYTES, read_puzzle};
pub use uniqueness::Uniqueness;

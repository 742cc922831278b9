//! The crate's one error type.

use std::fmt;

/// A square on the board, as `(row, column)`, both counted from 0.
///
/// # Examples
///
/// ```
/// use queens::{Queens, Square};
///
/// let corner: Square = (0, 0);
/// assert_eq!(Queens::with_queens(8, &[corner])?.count(), 4);
/// # Ok::<(), queens::Error>(())
/// ```
pub type Square = (usize, usize);

/// Everything that can go wrong when building a board, a solution or a search.
///
/// Every variant carries the values that were wrong, so its message can be printed as is.
///
/// # Examples
///
/// ```
/// use queens::{Error, Queens};
///
/// let err = Queens::with_prefix(8, &[0, 1]).unwrap_err();
/// assert_eq!(err, Error::Attack { first: (0, 0), second: (1, 1) });
/// assert_eq!(err.to_string(), "queens on (0, 0) and (1, 1) attack each other");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The board is larger than the search supports.
    TooLarge {
        /// The size asked for.
        n: usize,
        /// The largest size supported.
        max: usize,
    },
    /// A queen stands outside an `n` x `n` board.
    OffBoard {
        /// The square given.
        square: Square,
        /// The board size.
        n: usize,
    },
    /// More queens were given for the first rows than the board has rows.
    PrefixTooLong {
        /// Number of queens in the prefix.
        len: usize,
        /// The board size.
        n: usize,
    },
    /// Two queens were given for the same row.
    SameRow {
        /// The first queen given for that row.
        first: Square,
        /// The second queen given for that row.
        second: Square,
    },
    /// Two queens share a column or a diagonal.
    Attack {
        /// The queen in the lower-numbered row.
        first: Square,
        /// The queen in the higher-numbered row.
        second: Square,
    },
    /// The board has no solution at all (`n = 2` and `n = 3`).
    NoSolution {
        /// The board size.
        n: usize,
    },
    /// A randomized search gave up within its step budget.
    SearchFailed {
        /// The board size.
        n: usize,
        /// The seed it started from.
        seed: u64,
        /// The steps it took in all.
        steps: u64,
    },
    /// A shard was asked for that does not exist: the index must be below the count.
    InvalidShard {
        /// The shard's index.
        index: usize,
        /// The number of shards.
        of: usize,
    },
    /// Results handed back to resume a count do not belong to it.
    BadResume {
        /// What did not fit, naming the values.
        reason: String,
    },
    /// Text could not be read as a solution.
    Parse {
        /// What was wrong, naming the offending text.
        reason: String,
    },
}

impl Error {
    pub(crate) fn parse(reason: impl Into<String>) -> Self {
        Error::Parse {
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::TooLarge { n, max } => {
                write!(f, "board size {n} is too large: at most {max} is supported")
            }
            Error::OffBoard { square, n } => {
                write!(f, "square {square:?} is off the {n}x{n} board")
            }
            Error::PrefixTooLong { len, n } => {
                write!(
                    f,
                    "{len} queens given for the first rows of a board with {n} rows"
                )
            }
            Error::SameRow { first, second } => {
                write!(
                    f,
                    "queens on {first:?} and {second:?} share row {}",
                    first.0
                )
            }
            Error::Attack { first, second } => {
                write!(f, "queens on {first:?} and {second:?} attack each other")
            }
            Error::NoSolution { n } => write!(f, "the {n}x{n} board has no solution"),
            Error::SearchFailed { n, seed, steps } => write!(
                f,
                "no solution for n = {n} found from seed {seed} within {steps} steps; try another seed"
            ),
            Error::InvalidShard { index, of } => {
                write!(
                    f,
                    "shard {index} of {of} does not exist: shards are numbered 0 to k - 1 for k >= 1"
                )
            }
            Error::BadResume { reason } => write!(f, "cannot resume the count: {reason}"),
            Error::Parse { reason } => write!(f, "cannot read solution: {reason}"),
        }
    }
}

impl std::error::Error for Error {}

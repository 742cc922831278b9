//! [`Builder`]: a board to search, with queens fixed and squares blocked in advance.

use std::collections::BTreeSet;
use std::fmt;

use super::queens::Queens;
use crate::error::Error;
use crate::squares::Square;

/// A search of an `n x n` board with some queens fixed and some squares blocked, made by
/// [`Queens::builder`]: the n-queens completion problem, and its blocked-squares variant.
///
/// Queens come as `(row, column)` squares ([`Builder::queen`], [`Builder::queens`]) or as the
/// columns of the first rows ([`Builder::prefix`]); blocked squares, on which no queen may
/// stand, as [`Builder::block`] and [`Builder::blocks`]. [`Builder::build`] checks them all
/// at once.
///
/// # Examples
///
/// ```
/// use queens::Queens;
///
/// let search = Queens::builder(8).prefix(&[0, 4]).queen((7, 3)).build()?;
/// assert_eq!(search.map(|s| s.to_vec()).collect::<Vec<_>>(), [[0, 4, 7, 5, 2, 6, 1, 3]]);
/// # Ok::<(), queens::Error>(())
/// ```
///
/// A builder draws as the board it describes, one line a row (`Q` a fixed queen, `x` a
/// blocked square, `.` an open one), and that drawing parses back to an equal builder:
///
/// ```
/// use queens::{Builder, Queens};
///
/// let board = Queens::builder(4).queen((0, 1)).block((2, 2));
/// assert_eq!(board.to_string(), ". Q . .\n. . . .\n. . x .\n. . . .\n");
/// assert_eq!(board.to_string().parse::<Builder>()?, board);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "a Builder searches nothing until `build` is called"]
pub struct Builder {
    n: usize,
    prefix: Vec<usize>,
    queens: Vec<Square>,
    blocked: Vec<Square>,
}

impl Builder {
    pub(super) fn new(n: usize) -> Builder {
        Builder {
            n,
            prefix: Vec::new(),
            queens: Vec::new(),
            blocked: Vec::new(),
        }
    }

    /// Fixes a queen on `(row, column)`.
    ///
    /// # Examples
    ///
    /// ```
    /// let corner = queens::Queens::builder(8).queen((0, 0)).build()?;
    /// assert_eq!(corner.count(), 4);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn queen(mut self, square: Square) -> Builder {
        self.queens.push(square);
        self
    }

    /// Fixes a queen on each of the `(row, column)` squares.
    ///
    /// # Examples
    ///
    /// ```
    /// let fixed = queens::Queens::builder(8).queens([(7, 0), (4, 7)]).build()?;
    /// assert!(fixed.into_iter().all(|s| s[7] == 0 && s[4] == 7));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn queens(mut self, squares: impl IntoIterator<Item = Square>) -> Builder {
        self.queens.extend(squares);
        self
    }

    /// The board size.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::Queens::builder(8).n(), 8);
    /// ```
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether any square is blocked.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(queens::Queens::builder(8).block((0, 0)).has_blocks());
    /// ```
    #[must_use]
    pub fn has_blocks(&self) -> bool {
        !self.blocked.is_empty()
    }

    /// The queens fixed so far, the prefix's first, as `(row, column)` squares.
    ///
    /// # Examples
    ///
    /// ```
    /// let builder = queens::Queens::builder(8).queen((5, 2)).prefix(&[0, 4]);
    /// assert_eq!(builder.fixed(), [(0, 0), (1, 4), (5, 2)]);
    /// ```
    #[must_use]
    pub fn fixed(&self) -> Vec<Square> {
        let prefix = self.prefix.iter().copied().enumerate();
        prefix.chain(self.queens.iter().copied()).collect()
    }

    /// The squares blocked so far.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::Queens::builder(8).block((3, 3)).blocked(), [(3, 3)]);
    /// ```
    #[must_use]
    pub fn blocked(&self) -> &[Square] {
        &self.blocked
    }

    /// Blocks `(row, column)`: no queen may stand there.
    ///
    /// # Examples
    ///
    /// ```
    /// // The two solutions of n = 4 use (0, 1) and (0, 2): block one of them.
    /// let search = queens::Queens::builder(4).block((0, 1)).build()?;
    /// assert_eq!(search.map(|s| s.to_vec()).collect::<Vec<_>>(), [[2, 0, 3, 1]]);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn block(mut self, square: Square) -> Builder {
        self.blocked.push(square);
        self
    }

    /// Blocks each of the `(row, column)` squares, such as every square of a diagonal.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// // No queen on the main diagonal of an 8 x 8 board.
    /// let search = Queens::builder(8).blocks((0..8).map(|i| (i, i))).build()?;
    /// let off_diagonal = Queens::new(8).filter(|s| (0..8).all(|i| s[i] != i));
    /// assert_eq!(search.count(), 28);
    /// assert_eq!(off_diagonal.count(), 28);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn blocks(mut self, squares: impl IntoIterator<Item = Square>) -> Builder {
        self.blocked.extend(squares);
        self
    }

    /// Puts the first rows' queens in the given columns: row `i` in column `columns[i]`.
    /// A second call replaces the first one's columns.
    ///
    /// # Examples
    ///
    /// ```
    /// let completions = queens::Queens::builder(4).prefix(&[1, 3]).build()?;
    /// assert_eq!(completions.map(|s| s.to_vec()).collect::<Vec<_>>(), [[1, 3, 0, 2]]);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn prefix(mut self, columns: &[usize]) -> Builder {
        self.prefix = columns.to_vec();
        self
    }

    /// The search, once every queen and blocked square is known to be on the board and
    /// every queen at peace with the others and off the blocked squares.
    ///
    /// # Errors
    ///
    /// [`Error::TooLarge`] for `n > Queens::MAX_N`, [`Error::PrefixTooLong`] for more prefix
    /// columns than rows, [`Error::OffBoard`] for a queen or a blocked square outside the
    /// board, [`Error::SameRow`] for two queens in one row, [`Error::Attack`] for two queens
    /// that attack each other, and [`Error::Blocked`] for a queen on a blocked square
    /// (checked in that order, by row).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Error, Queens};
    ///
    /// assert_eq!(
    ///     Queens::builder(8).prefix(&[0]).queen((5, 5)).build().unwrap_err(),
    ///     Error::Attack { n: 8, first: (0, 0), second: (5, 5) },
    /// );
    /// assert_eq!(
    ///     Queens::builder(8).queen((2, 3)).block((2, 3)).build().unwrap_err(),
    ///     Error::Blocked { n: 8, square: (2, 3) },
    /// );
    /// ```
    pub fn build(self) -> Result<Queens, Error> {
        let n = self.n;
        if self.prefix.len() > n && n <= Queens::MAX_N {
            return Err(Error::PrefixTooLong {
                len: self.prefix.len(),
                n,
            });
        }
        Queens::with_checked_queens(n, &self.fixed(), &self.blocked)
    }
}

impl Builder {
    /// The board as sets: fixed queens (from the prefix too) and blocked squares, each
    /// once, in order. Two builders of the same board describe the same search.
    fn squares(&self) -> (BTreeSet<Square>, BTreeSet<Square>) {
        (
            self.fixed().into_iter().collect(),
            self.blocked.iter().copied().collect(),
        )
    }
}

/// Equal when they describe the same board: the same size, fixed queens and blocked
/// squares, however they were given (a prefix or squares, in any order, repeated or not).
impl PartialEq for Builder {
    fn eq(&self, other: &Builder) -> bool {
        self.n == other.n && self.squares() == other.squares()
    }
}

impl Eq for Builder {}

/// Draws the board as [`FromStr`](std::str::FromStr) reads it: one line a row, squares
/// parted by spaces, `Q` a fixed queen, `x` a blocked square, `.` an open one (a square
/// both fixed and blocked, which [`Builder::build`] refuses, draws as `Q`).
impl fmt::Display for Builder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (queens, blocked) = self.squares();
        for row in 0..self.n {
            let squares: Vec<&str> = (0..self.n)
                .map(|col| match (row, col) {
                    square if queens.contains(&square) => "Q",
                    square if blocked.contains(&square) => "x",
                    _ => ".",
                })
                .collect();
            writeln!(f, "{}", squares.join(" "))?;
        }
        Ok(())
    }
}

impl Queens {
    /// The solutions whose first rows hold the given columns: the completions of a partial
    /// board, as the Python generator program's `queens(num, state)` generator yields them.
    ///
    /// Each yielded solution is whole, prefix included.
    ///
    /// # Errors
    ///
    /// [`Error::TooLarge`] for `n > Queens::MAX_N`, [`Error::PrefixTooLong`] for more columns
    /// than rows, [`Error::OffBoard`] for a column `>= n`, and [`Error::Attack`] naming two
    /// prefix queens that attack each other.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let completions: Vec<_> = Queens::with_prefix(4, &[1, 3, 0])?.collect();
    /// assert_eq!(completions.len(), 1);
    /// assert_eq!(&*completions[0], &[1, 3, 0, 2]);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn with_prefix(n: usize, prefix: &[usize]) -> Result<Queens, Error> {
        Queens::builder(n).prefix(prefix).build()
    }

    /// The solutions that keep queens on the given `(row, column)` squares: the n-queens
    /// completion problem.
    ///
    /// Fixed queens may stand on any rows, in any order. The squares they attack are removed
    /// before the search starts, so an impossible board is found out quickly.
    ///
    /// # Errors
    ///
    /// [`Error::TooLarge`] for `n > Queens::MAX_N`, [`Error::OffBoard`] for a square outside
    /// the board, [`Error::SameRow`] for two queens in one row, and [`Error::Attack`] for two
    /// queens that attack each other (checked in that order, by row).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Error, Queens};
    ///
    /// // A queen in the bottom-left corner, another on the right edge of row 4.
    /// let fixed = [(7, 0), (4, 7)];
    /// let solutions: Vec<_> = Queens::with_queens(8, &fixed)?.collect();
    /// assert!(!solutions.is_empty());
    /// assert!(solutions.iter().all(|s| s[7] == 0 && s[4] == 7));
    ///
    /// assert_eq!(
    ///     Queens::with_queens(8, &[(0, 0), (5, 5)]).unwrap_err(),
    ///     Error::Attack { n: 8, first: (0, 0), second: (5, 5) },
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub fn with_queens(n: usize, queens: &[Square]) -> Result<Queens, Error> {
        Queens::builder(n).queens(queens.iter().copied()).build()
    }

    /// A board to search with queens fixed in advance, given one by one or as the columns of
    /// the first rows; see [`Builder`].
    ///
    /// # Examples
    ///
    /// ```
    /// let search = queens::Queens::builder(6).queen((0, 1)).build()?;
    /// assert_eq!(search.count(), 1);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn builder(n: usize) -> Builder {
        Builder::new(n)
    }
}

//! Squares and lines of the board, and their names in chess coordinates: files lettered from
//! the left, ranks numbered from the bottom. Everything a person reads names them this way.

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

/// Whether queens on two different squares attack each other: they share a row, a column or
/// a diagonal. The one statement of the rule that the search, the pictures, Python and the
/// web page all use.
///
/// # Examples
///
/// ```
/// use queens::squares::attacks;
///
/// assert!(attacks((0, 0), (5, 5)));
/// assert!(!attacks((0, 0), (1, 2)));
/// ```
#[must_use]
pub fn attacks(a: Square, b: Square) -> bool {
    a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
}

/// A square's algebraic name on an `n` x `n` board: its file's letters (`a`..`z`, then `aa`)
/// and its rank, rank `n` being row 0. Errors, explanations, captions and pictures all name
/// squares this way.
///
/// # Panics
///
/// If `row >= n`, like an index out of bounds: the square is not on the board.
///
/// # Examples
///
/// ```
/// use queens::squares::square_name;
///
/// assert_eq!(square_name(8, (4, 4)), "e4");
/// assert_eq!(square_name(8, (0, 0)), "a8");
/// assert_eq!(square_name(30, (29, 27)), "ab1");
/// ```
#[must_use]
pub fn square_name(n: usize, (row, col): Square) -> String {
    assert!(row < n, "row {row} is not on a board of {n} rows");
    let mut name = file_name(col);
    name.push_str(&(n - row).to_string());
    name
}

/// A file's letters: `a`..`z`, then `aa`, `ab`, ...
///
/// # Examples
///
/// ```
/// use queens::squares::file_name;
///
/// assert_eq!(file_name(0), "a");
/// assert_eq!(file_name(26), "aa");
/// ```
#[must_use]
pub fn file_name(col: usize) -> String {
    let mut name = String::new();
    push_file_name(&mut name, col);
    name
}

/// Appends a file's letters: `a`..`z`, then `aa`, `ab`, ... (bijective base 26).
pub(crate) fn push_file_name(out: &mut String, col: usize) {
    let mut letters = Vec::new();
    let mut rest = col + 1;
    while rest > 0 {
        rest -= 1;
        letters.push(char::from(b'a' + (rest % 26) as u8));
        rest /= 26;
    }
    out.extend(letters.iter().rev());
}

/// The inverse of how files are written: `a` is 0, `z` 25, `aa` 26; `None` past `usize`.
/// Only lowercase letters may be given.
pub(crate) fn file_index(file: &str) -> Option<usize> {
    file.bytes()
        .try_fold(0usize, |acc, letter| {
            acc.checked_mul(26)?
                .checked_add(usize::from(letter - b'a') + 1)
        })
        .map(|index| index - 1)
}

/// A row or a column of the board, counted from 0 (rows from the top, columns from the left),
/// as the search and [`Solution`](crate::Solution) count them.
///
/// People read it in chess coordinates, as every square is named: [`Line::on`] gives its rank
/// (row 0 is rank `n`) or its file.
///
/// # Examples
///
/// ```
/// use queens::Line;
///
/// assert_eq!(Line::Row(4).on(8).to_string(), "rank 4");
/// assert_eq!(Line::Column(1).on(8).to_string(), "file b");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// Row `r`, counted from 0 at the top (rank `n - r`).
    Row(usize),
    /// Column `c`, counted from 0 at the left (its file letter).
    Column(usize),
}

impl Line {
    /// The square where this line meets line `other` of the other kind.
    pub(crate) fn square(self, other: usize) -> Square {
        match self {
            Line::Row(row) => (row, other),
            Line::Column(col) => (other, col),
        }
    }

    /// The line's name on an `n x n` board: "rank 8" for row 0 of 8, "file a" for column 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Line;
    ///
    /// assert_eq!(Line::Row(0).on(10).to_string(), "rank 10");
    /// ```
    #[must_use]
    pub fn on(self, n: usize) -> LineName {
        LineName { line: self, n }
    }
}

/// A [`Line`] named on its board, as [`Line::on`] gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineName {
    line: Line,
    n: usize,
}

impl fmt::Display for LineName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Line::Row(row) => write!(f, "rank {}", self.n - row),
            Line::Column(col) => write!(f, "file {}", file_name(col)),
        }
    }
}

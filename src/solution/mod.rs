//! [`Solution`]: a validated placement of `n` non-attacking queens.

pub(crate) mod symmetry;

pub use symmetry::Symmetry;

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

use crate::bitboard::diagonals;
use crate::error::{Error, try_vec};
use crate::squares::{Square, attacks};

/// A placement of `n` queens on an `n` x `n` board, no two attacking each other.
///
/// Row `r` holds its queen in column `self[r]`. A `Solution` is always valid: the only ways to
/// build one are the searches of this crate, [`Solution::new`], which checks, and parsing
/// ([`str::parse`]), which checks too. It dereferences to `[usize]`, so `s[row]`, `s.iter()`
/// and `s.to_vec()` work; `Debug` prints that list and `Display` draws the board (see
/// [`Solution::render`] for other styles). Ordering is lexicographic on the column list, the
/// order in which [`Queens`](crate::Queens) yields solutions.
///
/// # Examples
///
/// ```
/// use queens::Solution;
///
/// let s = Solution::new(vec![1, 3, 0, 2])?;
/// assert_eq!(s.n(), 4);
/// assert_eq!(s[1], 3);
/// assert_eq!(format!("{s:?}"), "[1, 3, 0, 2]");
/// assert_eq!(s.to_string(), ". O . .\n. . . O\nO . . .\n. . O .\n");
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Solution {
    columns: Vec<usize>,
}

impl Solution {
    /// Checks that `columns` places non-attacking queens, one per row, and wraps it.
    ///
    /// `columns[r]` is the column of the queen in row `r`; the board size is `columns.len()`.
    /// The check takes O(n) time and about 5 bits of scratch memory per queen, so boards with
    /// millions of queens are checked at once.
    ///
    /// # Errors
    ///
    /// [`Error::OffBoard`] for a column `>= n`, and [`Error::Attack`] naming the first
    /// attacking pair: the lowest row attacked from above, with the nearest queen
    /// above that attacks it.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Error, Solution};
    ///
    /// assert!(Solution::new(vec![2, 0, 3, 1]).is_ok());
    /// assert_eq!(
    ///     Solution::new(vec![0, 2, 1]),
    ///     Err(Error::Attack { n: 3, first: (1, 2), second: (2, 1) }),
    /// );
    /// assert_eq!(
    ///     Solution::new(vec![0, 9]),
    ///     Err(Error::OffBoard { square: (1, 9), n: 2 }),
    /// );
    /// ```
    pub fn new(columns: Vec<usize>) -> Result<Self, Error> {
        validate(&columns)?;
        Ok(Solution { columns })
    }

    /// Wraps columns that a search has already proved non-attacking.
    pub(crate) fn from_valid(columns: Vec<usize>) -> Self {
        debug_assert_eq!(validate(&columns), Ok(()));
        Solution { columns }
    }

    /// The board size: the number of rows, columns and queens.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// assert_eq!(Queens::new(6).next().unwrap().n(), 6);
    /// ```
    #[must_use]
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// The column of the queen in each row, as a slice.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let s = Queens::new(4).next().unwrap();
    /// assert_eq!(s.columns(), &[1, 3, 0, 2]);
    /// ```
    #[must_use]
    pub fn columns(&self) -> &[usize] {
        &self.columns
    }

    /// The queens' squares as `(row, column)` pairs, row by row.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let s = Queens::new(4).next().unwrap();
    /// let squares: Vec<_> = s.queens().collect();
    /// assert_eq!(squares, [(0, 1), (1, 3), (2, 0), (3, 2)]);
    /// ```
    pub fn queens(
        &self,
    ) -> impl ExactSizeIterator<Item = Square> + DoubleEndedIterator + Clone + fmt::Debug + '_ {
        self.columns.iter().copied().enumerate()
    }

    /// Unwraps the column list.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let v: Vec<usize> = Queens::new(4).next().unwrap().into_vec();
    /// assert_eq!(v, [1, 3, 0, 2]);
    /// ```
    #[must_use]
    pub fn into_vec(self) -> Vec<usize> {
        self.columns
    }
}

/// Checks a column list in O(n): one bit per column and per diagonal.
fn validate(columns: &[usize]) -> Result<(), Error> {
    let n = columns.len();
    let mut used_columns = BitSet::new(n)?;
    let mut used_sums = BitSet::new(2 * n)?;
    let mut used_differences = BitSet::new(2 * n)?;
    for (row, &col) in columns.iter().enumerate() {
        if col >= n {
            return Err(Error::OffBoard {
                square: (row, col),
                n,
            });
        }
        let (sum, difference) = diagonals(n, row, col);
        let attacked = !used_columns.insert(col)
            | !used_sums.insert(sum)
            | !used_differences.insert(difference);
        if attacked {
            return Err(Error::Attack {
                n,
                first: attacker_of(columns, (row, col)),
                second: (row, col),
            });
        }
    }
    Ok(())
}

/// The nearest queen above `target` that attacks it; only called once an attack is known.
fn attacker_of(columns: &[usize], target: Square) -> Square {
    let row = target.0;
    (0..row)
        .rev()
        .map(|r| (r, columns[r]))
        .find(|&(r, c)| attacks((r, c), target))
        .expect("an attacker exists when a mark was already set")
}

/// A fixed-size set of small integers, one bit each.
struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    fn new(len: usize) -> Result<Self, Error> {
        Ok(BitSet {
            words: try_vec(0, len.div_ceil(64))?,
        })
    }

    /// Adds `i`; returns whether it was absent.
    fn insert(&mut self, i: usize) -> bool {
        let (word, bit) = (&mut self.words[i / 64], 1u64 << (i % 64));
        let absent = *word & bit == 0;
        *word |= bit;
        absent
    }
}

impl Deref for Solution {
    type Target = [usize];

    fn deref(&self) -> &[usize] {
        &self.columns
    }
}

impl AsRef<[usize]> for Solution {
    fn as_ref(&self) -> &[usize] {
        &self.columns
    }
}

impl Borrow<[usize]> for Solution {
    fn borrow(&self) -> &[usize] {
        &self.columns
    }
}

impl TryFrom<Vec<usize>> for Solution {
    type Error = Error;

    fn try_from(columns: Vec<usize>) -> Result<Self, Error> {
        Solution::new(columns)
    }
}

/// Checks a column list like [`Solution::new`].
///
/// # Examples
///
/// ```
/// use queens::Solution;
///
/// let s = Solution::try_from(&[1, 3, 0, 2][..])?;
/// assert_eq!(Vec::from(s), [1, 3, 0, 2]);
/// assert!(Solution::try_from(&[0, 1][..]).is_err());
/// # Ok::<(), queens::Error>(())
/// ```
impl TryFrom<&[usize]> for Solution {
    type Error = Error;

    fn try_from(columns: &[usize]) -> Result<Self, Error> {
        Solution::new(columns.to_vec())
    }
}

impl From<Solution> for Vec<usize> {
    fn from(solution: Solution) -> Self {
        solution.columns
    }
}

impl<'a> IntoIterator for &'a Solution {
    type Item = &'a usize;
    type IntoIter = std::slice::Iter<'a, usize>;

    fn into_iter(self) -> Self::IntoIter {
        self.columns.iter()
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.columns, f)
    }
}

/// Serializes as its column list, `[1, 3, 0, 2]`.
///
/// # Examples
///
/// ```
/// let s = queens::Solution::new(vec![1, 3, 0, 2])?;
/// assert_eq!(serde_json::to_string(&s).unwrap(), "[1,3,0,2]");
/// # Ok::<(), queens::Error>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Solution {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.columns.serialize(serializer)
    }
}

/// Deserializes a column list, checked like [`Solution::new`].
///
/// # Examples
///
/// ```
/// let s: queens::Solution = serde_json::from_str("[1,3,0,2]").unwrap();
/// assert_eq!(s.n(), 4);
/// assert!(serde_json::from_str::<queens::Solution>("[0,1]").is_err());
/// ```
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Solution {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let columns = Vec::<usize>::deserialize(deserializer)?;
        Solution::new(columns).map_err(serde::de::Error::custom)
    }
}

//! The eight symmetries of the square, and how they act on solutions.

use crate::error::Error;
use crate::solution::Solution;
use crate::squares::Square;

/// One of the eight symmetries of a square board: four rotations and four reflections.
///
/// Rotations turn the board clockwise as it is drawn (row 0 at the top, column 0 on the
/// left). Symmetries form a group: [`Symmetry::compose`] chains two and
/// [`Symmetry::inverse`] undoes one.
///
/// # Examples
///
/// ```
/// use queens::{Solution, Symmetry};
///
/// let s = Solution::new(vec![1, 3, 0, 2])?;
/// assert_eq!(&*s.transform(Symmetry::FlipHorizontal), &[2, 0, 3, 1]);
/// assert_eq!(Symmetry::Rotate90.compose(Symmetry::Rotate90), Symmetry::Rotate180);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn anticlockwise.
    Rotate270,
    /// Mirror left to right: column `c` becomes `n - 1 - c`.
    FlipHorizontal,
    /// Mirror top to bottom: row `r` becomes `n - 1 - r`.
    FlipVertical,
    /// Reflection in the main diagonal: `(r, c)` becomes `(c, r)`.
    Transpose,
    /// Reflection in the other diagonal: `(r, c)` becomes `(n - 1 - c, n - 1 - r)`.
    AntiTranspose,
}

/// A symmetry written as: optionally swap row and column, then optionally mirror each.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Parts {
    swap: bool,
    flip_rows: bool,
    flip_columns: bool,
}

impl Symmetry {
    /// All eight symmetries, the identity first.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Symmetry;
    ///
    /// assert_eq!(Symmetry::ALL.len(), 8);
    /// assert!(Symmetry::ALL.iter().all(|s| s.compose(s.inverse()) == Symmetry::Identity));
    /// ```
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    const fn parts(self) -> Parts {
        let (swap, flip_rows, flip_columns) = match self {
            Symmetry::Identity => (false, false, false),
            Symmetry::Rotate90 => (true, false, true),
            Symmetry::Rotate180 => (false, true, true),
            Symmetry::Rotate270 => (true, true, false),
            Symmetry::FlipHorizontal => (false, false, true),
            Symmetry::FlipVertical => (false, true, false),
            Symmetry::Transpose => (true, false, false),
            Symmetry::AntiTranspose => (true, true, true),
        };
        Parts {
            swap,
            flip_rows,
            flip_columns,
        }
    }

    fn from_parts(parts: Parts) -> Symmetry {
        Symmetry::ALL
            .into_iter()
            .find(|s| s.parts() == parts)
            .expect("all eight part combinations are named")
    }

    /// The symmetry that applies `self` first and then `then`.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Symmetry;
    ///
    /// let s = Symmetry::Transpose.compose(Symmetry::FlipHorizontal);
    /// assert_eq!(s, Symmetry::Rotate90);
    /// assert_eq!(s.apply((0, 1), 4), Symmetry::FlipHorizontal.apply((1, 0), 4));
    /// ```
    #[must_use]
    pub fn compose(self, then: Symmetry) -> Symmetry {
        let (a, b) = (self.parts(), then.parts());
        // `then`'s swap exchanges which axis `self`'s mirrors ended up on.
        let (rows, columns) = if b.swap {
            (a.flip_columns, a.flip_rows)
        } else {
            (a.flip_rows, a.flip_columns)
        };
        Symmetry::from_parts(Parts {
            swap: a.swap ^ b.swap,
            flip_rows: rows ^ b.flip_rows,
            flip_columns: columns ^ b.flip_columns,
        })
    }

    /// The symmetry that undoes `self`.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Symmetry;
    ///
    /// assert_eq!(Symmetry::Rotate90.inverse(), Symmetry::Rotate270);
    /// assert_eq!(Symmetry::Transpose.inverse(), Symmetry::Transpose);
    /// ```
    #[must_use]
    pub fn inverse(self) -> Symmetry {
        Symmetry::ALL
            .into_iter()
            .find(|&s| self.compose(s) == Symmetry::Identity)
            .expect("every symmetry has an inverse")
    }

    /// Where the square `(row, column)` of an `n` x `n` board goes.
    ///
    /// # Panics
    ///
    /// If the square is off the board, as indexing out of bounds does; [`try_apply`]
    /// returns an error instead.
    ///
    /// [`try_apply`]: Symmetry::try_apply
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Symmetry;
    ///
    /// // A quarter turn takes the top-left corner to the top-right one.
    /// assert_eq!(Symmetry::Rotate90.apply((0, 0), 8), (0, 7));
    /// ```
    #[must_use]
    #[track_caller]
    pub fn apply(self, square: Square, n: usize) -> Square {
        match self.try_apply(square, n) {
            Ok(square) => square,
            Err(err) => panic!("{err}"),
        }
    }

    /// Where the square `(row, column)` of an `n` x `n` board goes, or an error if the
    /// square is off the board.
    ///
    /// # Errors
    ///
    /// [`Error::OffBoard`] if `row` or `column` is `n` or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Error, Symmetry};
    ///
    /// assert_eq!(Symmetry::Rotate90.try_apply((0, 0), 8), Ok((0, 7)));
    /// assert_eq!(
    ///     Symmetry::Rotate90.try_apply((10, 10), 4),
    ///     Err(Error::OffBoard { square: (10, 10), n: 4 })
    /// );
    /// ```
    pub fn try_apply(self, square: Square, n: usize) -> Result<Square, Error> {
        if square.0 >= n || square.1 >= n {
            return Err(Error::OffBoard { square, n });
        }
        let parts = self.parts();
        let (row, col) = if parts.swap {
            (square.1, square.0)
        } else {
            square
        };
        let mirror = |x: usize, flip: bool| if flip { n - 1 - x } else { x };
        Ok((
            mirror(row, parts.flip_rows),
            mirror(col, parts.flip_columns),
        ))
    }
}

impl Symmetry {
    /// The symmetries that map the squares open on an `n` x `n` board (`allowed`, a mask of
    /// columns per row) onto themselves: they map its solutions onto its solutions.
    pub(crate) fn keeping(n: usize, allowed: &[u64]) -> Vec<Symmetry> {
        let open = |(row, col): Square| allowed[row] >> col & 1 == 1;
        let squares = (0..n).flat_map(|row| (0..n).map(move |col| (row, col)));
        Symmetry::ALL
            .into_iter()
            .filter(|g| squares.clone().all(|sq| open(sq) == open(g.apply(sq, n))))
            .collect()
    }

    /// Whether the placement `columns` (one queen per row) is its own image under `self`.
    pub(crate) fn fixes(self, columns: &[usize]) -> bool {
        let n = columns.len();
        columns.iter().enumerate().all(|(row, &col)| {
            let (image_row, image_col) = self.apply((row, col), n);
            columns[image_row] == image_col
        })
    }
}

impl Solution {
    /// The solution moved by a symmetry of the board; still a solution.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, Symmetry};
    ///
    /// let s = Queens::new(8).next().unwrap();
    /// assert_eq!(&*s.transform(Symmetry::FlipVertical), &[3, 1, 6, 2, 5, 7, 4, 0]);
    /// ```
    #[must_use]
    pub fn transform(&self, symmetry: Symmetry) -> Solution {
        let n = self.n();
        let mut columns = vec![0; n];
        for square in self.queens() {
            let (row, col) = symmetry.apply(square, n);
            columns[row] = col;
        }
        Solution::from_valid(columns)
    }

    /// The eight images of this solution, in the order of [`Symmetry::ALL`].
    fn images(&self) -> impl Iterator<Item = Solution> + '_ {
        Symmetry::ALL.into_iter().map(|s| self.transform(s))
    }

    /// The lexicographically smallest of the solution's eight images: the representative
    /// of its symmetry class.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let last = Queens::new(8).last().unwrap();
    /// assert_eq!(&*last.canonical(), &[0, 4, 7, 5, 2, 6, 1, 3]);
    /// ```
    #[must_use]
    pub fn canonical(&self) -> Solution {
        self.images().min().expect("there are eight images")
    }

    /// Whether this solution is its class's representative: no image is smaller.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let canonical = Queens::new(8).filter(|s| s.is_canonical()).count();
    /// assert_eq!(canonical, 12);
    /// ```
    #[must_use]
    pub fn is_canonical(&self) -> bool {
        self.images().skip(1).all(|image| *self <= image)
    }

    /// The least of this solution and its images under `symmetries`.
    pub(crate) fn canonical_under(&self, symmetries: &[Symmetry]) -> Solution {
        symmetries
            .iter()
            .map(|&g| self.transform(g))
            .fold(self.clone(), Ord::min)
    }

    /// Whether no image under `symmetries` is smaller than this solution.
    pub(crate) fn is_canonical_under(&self, symmetries: &[Symmetry]) -> bool {
        symmetries.iter().all(|&g| *self <= self.transform(g))
    }

    /// How many distinct solutions the eight symmetries make of this one: 8, 4 or 2
    /// (1 only for the single queen of `n = 1`, or the empty board).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let sizes: Vec<usize> = Queens::new(4).map(|s| s.orbit_size()).collect();
    /// assert_eq!(sizes, [2, 2]);
    /// ```
    #[must_use]
    pub fn orbit_size(&self) -> usize {
        let fixed_by = Symmetry::ALL
            .iter()
            .filter(|g| g.fixes(self.columns()))
            .count();
        8 / fixed_by
    }
}

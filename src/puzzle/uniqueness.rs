//! Whether a board has no, one or several solutions: the question every puzzle asks first.

use crate::search::Queens;
use crate::solution::Solution;

/// How many solutions a board has, as far as a puzzle needs to know: none, exactly one (given),
/// or several (the first two found given).
///
/// Made by [`Queens::uniqueness`].
///
/// # Examples
///
/// ```
/// use queens::Queens;
/// use queens::puzzle::Uniqueness;
///
/// let puzzle = Queens::builder(4).queen((0, 1)).build()?;
/// assert_eq!(puzzle.uniqueness(), Uniqueness::Unique(vec![1, 3, 0, 2].try_into()?));
/// assert!(Queens::new(8).uniqueness().is_several());
/// assert_eq!(Queens::new(3).uniqueness(), Uniqueness::NoSolution);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Uniqueness {
    /// The board has no solution.
    NoSolution,
    /// The board has exactly this one solution.
    Unique(Solution),
    /// The board has at least two solutions: these two.
    Several(Solution, Solution),
}

impl Uniqueness {
    /// Whether the board has exactly one solution.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(queens::Queens::new(1).uniqueness().is_unique());
    /// ```
    #[must_use]
    pub fn is_unique(&self) -> bool {
        matches!(self, Uniqueness::Unique(_))
    }

    /// Whether the board has two solutions or more.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(queens::Queens::new(5).uniqueness().is_several());
    /// ```
    #[must_use]
    pub fn is_several(&self) -> bool {
        matches!(self, Uniqueness::Several(..))
    }

    /// The one solution of a board that has exactly one.
    ///
    /// # Examples
    ///
    /// ```
    /// let only = queens::Queens::builder(4).queen((0, 2)).build()?.uniqueness();
    /// assert_eq!(only.solution().map(|s| s.to_vec()), Some(vec![2, 0, 3, 1]));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            Uniqueness::Unique(solution) => Some(solution),
            _ => None,
        }
    }
}

impl Queens {
    /// Whether this board (with its fixed queens, blocked squares and prefix) has no, one or
    /// several solutions, searching no further than the second solution, in the
    /// most-constrained order that refutes impossible boards fast.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// // A 64 x 64 board is known to have several solutions within milliseconds.
    /// assert!(Queens::new(64).uniqueness().is_several());
    /// // A queen in a corner of 6 x 6 leaves no solution.
    /// assert!(!Queens::builder(6).queen((0, 0)).build()?.uniqueness().is_unique());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn uniqueness(self) -> Uniqueness {
        let mut solutions = self.most_constrained();
        match (solutions.next(), solutions.next()) {
            (None, _) => Uniqueness::NoSolution,
            (Some(only), None) => Uniqueness::Unique(only),
            (Some(first), Some(second)) => Uniqueness::Several(first, second),
        }
    }
}

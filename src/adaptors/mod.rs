//! [`SolutionsExt`]: adaptors for any iterator of [`Solution`]s, in the style of `itertools`.

mod boards;
mod fundamental;
mod tally;

pub use boards::Boards;
pub use fundamental::Fundamental;
pub(crate) use fundamental::{first_of_each_class, fundamental};
pub use tally::Tally;

use crate::formats::render::Style;
use crate::solution::Solution;
use crate::solution::symmetry::Symmetry;

/// Methods for every iterator of [`Solution`]s: symmetry filtering, drawing and counting.
///
/// Each method only wraps the iterator in a small adaptor struct; nothing runs until the
/// result is consumed. It is implemented for every `Iterator<Item = Solution>`, so it works
/// on [`Queens`](crate::Queens) and on anything made from it (`take`, `filter`, ...).
///
/// # Examples
///
/// ```
/// use queens::{Queens, SolutionsExt, Style};
///
/// let tally = Queens::new(8).tally();
/// assert_eq!((tally.solutions(), tally.fundamental()), (92, 12));
///
/// let first = Queens::new(8).fundamental().boards(Style::Fen).next().unwrap();
/// assert_eq!(first, "Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4");
/// ```
pub trait SolutionsExt: Iterator<Item = Solution> + Sized {
    /// Keeps only the solutions that represent their symmetry class: those equal to their own
    /// [`canonical`](Solution::canonical) form.
    ///
    /// Over a complete enumeration, such as [`Queens::new`](crate::Queens::new), this yields
    /// exactly one solution per class (OEIS A002562), in stream order, with no memory of what
    /// it has seen. Over a partial stream it keeps the classes whose representative is in it.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, SolutionsExt};
    ///
    /// assert_eq!(Queens::new(8).fundamental().count(), 12);
    /// let first = Queens::new(4).fundamental().next().unwrap();
    /// assert_eq!(&*first, &[1, 3, 0, 2]);
    /// ```
    fn fundamental(self) -> Fundamental<Self> {
        fundamental::fundamental(self, Symmetry::ALL.to_vec())
    }

    /// Draws each solution in `style`, yielding `String`s.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, SolutionsExt, Style};
    ///
    /// let lists: Vec<String> = Queens::new(4).boards(Style::List).collect();
    /// assert_eq!(lists, ["[1, 3, 0, 2]", "[2, 0, 3, 1]"]);
    /// ```
    fn boards(self, style: Style) -> Boards<Self> {
        boards::boards(self, style)
    }

    /// Consumes the iterator, counting solutions, fundamental solutions and orbit sizes in
    /// one pass.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, SolutionsExt};
    ///
    /// let tally = Queens::new(8).tally();
    /// assert_eq!(tally.solutions(), 92);
    /// assert_eq!(tally.fundamental(), 12);
    /// assert_eq!((tally.orbits(8), tally.orbits(4)), (11, 1));
    /// ```
    fn tally(self) -> Tally {
        self.collect()
    }
}

impl<I: Iterator<Item = Solution>> SolutionsExt for I {}

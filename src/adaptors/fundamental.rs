use std::fmt;
use std::iter::FusedIterator;

use crate::solution::Solution;
use crate::solution::symmetry::Symmetry;

/// Keeps the solutions that are their symmetry class's representative.
///
/// Made by [`SolutionsExt::fundamental`](crate::SolutionsExt::fundamental) (classes under
/// all eight symmetries of the board) and [`Queens::fundamental`](crate::Queens::fundamental)
/// (classes under the symmetries that keep its fixed queens and blocked squares).
///
/// # Examples
///
/// ```
/// use queens::{Queens, SolutionsExt};
///
/// let classes = Queens::new(6).fundamental();
/// assert_eq!(classes.count(), 1);
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Fundamental<I> {
    iter: I,
    symmetries: Vec<Symmetry>,
}

/// Keeps from `iter` the representatives of the classes under `symmetries` (a group).
pub(crate) fn fundamental<I>(iter: I, symmetries: Vec<Symmetry>) -> Fundamental<I> {
    Fundamental { iter, symmetries }
}

impl<I: Iterator<Item = Solution>> Iterator for Fundamental<I> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        let symmetries = &self.symmetries;
        self.iter.find(|s| s.is_canonical_under(symmetries))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, self.iter.size_hint().1)
    }
}

impl<I: FusedIterator<Item = Solution>> FusedIterator for Fundamental<I> {}

impl<I: Clone> Clone for Fundamental<I> {
    fn clone(&self) -> Self {
        Fundamental {
            iter: self.iter.clone(),
            symmetries: self.symmetries.clone(),
        }
    }
}

impl<I: fmt::Debug> fmt::Debug for Fundamental<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fundamental")
            .field("iter", &self.iter)
            .field("symmetries", &self.symmetries)
            .finish()
    }
}

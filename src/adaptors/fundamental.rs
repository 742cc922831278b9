use std::fmt;
use std::iter::FusedIterator;

use crate::solution::Solution;

/// Keeps the solutions that are their symmetry class's representative.
///
/// Made by [`SolutionsExt::fundamental`](crate::SolutionsExt::fundamental).
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
}

pub(super) fn fundamental<I>(iter: I) -> Fundamental<I> {
    Fundamental { iter }
}

impl<I: Iterator<Item = Solution>> Iterator for Fundamental<I> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.iter.find(Solution::is_canonical)
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
        }
    }
}

impl<I: fmt::Debug> fmt::Debug for Fundamental<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fundamental")
            .field("iter", &self.iter)
            .finish()
    }
}

use std::collections::HashSet;
use std::fmt;
use std::iter::FusedIterator;
use std::task::Poll;

use crate::solution::Solution;
use crate::solution::symmetry::Symmetry;

/// Keeps the solutions that are their symmetry class's representative.
///
/// Over a search in the most-constrained order
/// ([`MostConstrained::classes`](crate::search::MostConstrained::classes)), where a class's
/// representative may come long after its other members, each class is yielded instead as
/// its representative the first time any member arrives, and the classes yielded are
/// remembered (one solution each) so that none comes twice.
///
/// Made by [`SolutionsExt::fundamental`](crate::SolutionsExt::fundamental) (classes under
/// all eight symmetries of the board) and [`Queens::classes`](crate::Queens::classes)
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
    /// The classes yielded, where each is yielded when its first member arrives.
    seen: Option<HashSet<Solution>>,
}

/// Keeps from `iter` the representatives of the classes under `symmetries` (a group).
pub(crate) fn fundamental<I>(iter: I, symmetries: Vec<Symmetry>) -> Fundamental<I> {
    Fundamental {
        iter,
        symmetries,
        seen: None,
    }
}

/// Yields from `iter` each class under `symmetries` (a group) once, as its representative,
/// when its first member arrives.
pub(crate) fn first_of_each_class<I>(iter: I, symmetries: Vec<Symmetry>) -> Fundamental<I> {
    Fundamental {
        iter,
        symmetries,
        seen: Some(HashSet::new()),
    }
}

impl<I: Iterator<Item = Solution>> Iterator for Fundamental<I> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        let symmetries = &self.symmetries;
        match &mut self.seen {
            None => self.iter.find(|s| s.is_canonical_under(symmetries)),
            Some(seen) => self.iter.find_map(|s| {
                let representative = s.canonical_under(symmetries);
                seen.insert(representative.clone())
                    .then_some(representative)
            }),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, self.iter.size_hint().1)
    }
}

impl<I> Fundamental<I> {
    /// The next class, as [`next`](Iterator::next) gives it, if found within about `nodes`
    /// more placements of the search for each solution looked at; [`Poll::Pending`]
    /// otherwise (or after many solutions of classes already given), the search left where
    /// it stopped; see [`Queens::next_within`](crate::Queens::next_within).
    ///
    /// `search` is the underlying search's own `next_within`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::task::Poll;
    ///
    /// let mut classes = queens::Queens::new(8).classes();
    /// let mut found = 0;
    /// loop {
    ///     match classes.next_within(100, queens::Queens::next_within) {
    ///         Poll::Ready(Some(_)) => found += 1,
    ///         Poll::Ready(None) => break,
    ///         Poll::Pending => {}
    ///     }
    /// }
    /// assert_eq!(found, 12);
    /// ```
    pub fn next_within(
        &mut self,
        nodes: u64,
        search: impl Fn(&mut I, u64) -> Poll<Option<Solution>>,
    ) -> Poll<Option<Solution>> {
        // Solutions of classes already given are passed over this many at a time at most.
        const PASSED: usize = 1024;
        for _ in 0..PASSED {
            let solution = match search(&mut self.iter, nodes) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(None) => return Poll::Ready(None),
                Poll::Ready(Some(solution)) => solution,
            };
            let symmetries = &self.symmetries;
            match &mut self.seen {
                None if solution.is_canonical_under(symmetries) => {
                    return Poll::Ready(Some(solution));
                }
                Some(seen) => {
                    let representative = solution.canonical_under(symmetries);
                    if seen.insert(representative.clone()) {
                        return Poll::Ready(Some(representative));
                    }
                }
                None => {}
            }
        }
        Poll::Pending
    }
}

impl<I: FusedIterator<Item = Solution>> FusedIterator for Fundamental<I> {}

impl<I: Clone> Clone for Fundamental<I> {
    fn clone(&self) -> Self {
        Fundamental {
            iter: self.iter.clone(),
            symmetries: self.symmetries.clone(),
            seen: self.seen.clone(),
        }
    }
}

impl<I: fmt::Debug> fmt::Debug for Fundamental<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fundamental")
            .field("iter", &self.iter)
            .field("symmetries", &self.symmetries)
            .field("seen", &self.seen.as_ref().map(HashSet::len))
            .finish()
    }
}

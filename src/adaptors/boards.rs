use std::fmt;
use std::iter::FusedIterator;

use crate::formats::render::Style;
use crate::solution::Solution;

/// Draws each solution of an iterator as a `String` in one [`Style`].
///
/// Made by [`SolutionsExt::boards`](crate::SolutionsExt::boards).
///
/// # Examples
///
/// ```
/// use queens::{Queens, SolutionsExt, Style};
///
/// let mut boards = Queens::new(4).boards(Style::Dots);
/// assert_eq!(boards.next().unwrap(), ". O . .\n. . . O\nO . . .\n. . O .\n");
/// ```
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Boards<I> {
    iter: I,
    style: Style,
    /// The number of the next board, once [`Boards::numbered`] asked for headings.
    next_number: Option<usize>,
}

pub(super) fn boards<I>(iter: I, style: Style) -> Boards<I> {
    Boards {
        iter,
        style,
        next_number: None,
    }
}

impl<I> Boards<I> {
    /// Heads each board with `answer K:`, counting from 1, as the 0/1-matrix program prints them.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, SolutionsExt, Style};
    ///
    /// let second = Queens::new(4).boards(Style::Matrix).numbered().nth(1).unwrap();
    /// assert_eq!(second, "answer 2:\n0 0 1 0\n1 0 0 0\n0 0 0 1\n0 1 0 0\n");
    /// ```
    pub fn numbered(self) -> Self {
        Boards {
            next_number: Some(1),
            ..self
        }
    }
}

impl<I: Iterator<Item = Solution>> Iterator for Boards<I> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        let solution = self.iter.next()?;
        let board = solution.render(self.style);
        Some(match &mut self.next_number {
            Some(k) => {
                *k += 1;
                board.numbered(*k - 1).to_string()
            }
            None => board.to_string(),
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.iter.size_hint()
    }

    /// Counts the underlying solutions without drawing any.
    fn count(self) -> usize {
        self.iter.count()
    }
}

impl<I: ExactSizeIterator<Item = Solution>> ExactSizeIterator for Boards<I> {}

impl<I: FusedIterator<Item = Solution>> FusedIterator for Boards<I> {}

impl<I: Clone> Clone for Boards<I> {
    fn clone(&self) -> Self {
        Boards {
            iter: self.iter.clone(),
            style: self.style,
            next_number: self.next_number,
        }
    }
}

impl<I: fmt::Debug> fmt::Debug for Boards<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Boards")
            .field("iter", &self.iter)
            .field("style", &self.style)
            .field("next_number", &self.next_number)
            .finish()
    }
}

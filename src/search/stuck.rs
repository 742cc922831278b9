//! Why a board has no solution, in the terms a person sees first: a rank or file with no
//! safe square left, or, when every line still has one, dead ends further on.

use std::fmt;

use super::most_constrained::{Attacks, MostConstrained, Yielded};
use super::queens::Queens;
use crate::squares::Line;

/// Why a board has no solution, as [`Queens::stuck`] finds it.
///
/// # Examples
///
/// ```
/// use queens::Queens;
/// use queens::search::Stuck;
///
/// // On 4 x 4, queens on a4 and c3 leave rank 2 without a safe square.
/// let stuck = Queens::with_queens(4, &[(0, 0), (1, 2)])?.stuck();
/// assert!(matches!(stuck, Some(Stuck::NoSquareLeft { .. })));
/// assert_eq!(stuck.unwrap().to_string(), "rank 2 has no safe square left");
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stuck {
    /// A rank or file with no queen where every square is attacked or blocked.
    NoSquareLeft {
        /// The board size.
        n: usize,
        /// The line.
        line: Line,
    },
    /// Every line still has a safe square, but every way on reaches a dead end.
    NoCompletion,
}

impl fmt::Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Stuck::NoSquareLeft { n, line } => {
                write!(f, "{} has no safe square left", line.on(n))
            }
            Stuck::NoCompletion => f.write_str("every way on leads to a dead end"),
        }
    }
}

impl Queens {
    /// Why this board (its fixed queens and blocked squares, whatever the search has yielded
    /// so far) has no solution, or `None` when it has one: a line with no safe square is
    /// named first, as a person would see it; otherwise a most-constrained search decides.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    /// use queens::search::Stuck;
    ///
    /// assert_eq!(Queens::new(8).stuck(), None);
    /// assert_eq!(Queens::new(3).stuck(), Some(Stuck::NoCompletion));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn stuck(&self) -> Option<Stuck> {
        let n = self.n();
        let mut fresh = MostConstrained::new(n, self.allowed, Yielded::default(), false);
        if n > 0
            && let Err(line) = fresh.most_constrained_line(&Attacks::default())
        {
            return Some(Stuck::NoSquareLeft { n, line });
        }
        fresh.next().is_none().then_some(Stuck::NoCompletion)
    }
}

#[cfg(test)]
mod tests {
    use super::Stuck;
    use crate::Queens;
    use crate::squares::{Line, attacks};

    /// Against the rule applied square by square: a line none of whose squares is safe.
    #[test]
    fn the_line_named_is_the_first_with_no_safe_square() {
        let n = 5;
        let squares: Vec<(usize, usize)> = (0..n * n).map(|i| (i / n, i % n)).collect();
        for (i, &a) in squares.iter().enumerate() {
            for &b in &squares[i + 1..] {
                let Ok(board) = Queens::with_queens(n, &[a, b]) else {
                    assert!(attacks(a, b));
                    continue;
                };
                let placed = [a, b];
                let safe = |s: (usize, usize)| placed.iter().all(|&q| !attacks(q, s));
                let dead_row = (0..n)
                    .filter(|&r| r != a.0 && r != b.0)
                    .find(|&r| (0..n).all(|c| !safe((r, c))));
                let dead_col = (0..n)
                    .filter(|&c| c != a.1 && c != b.1)
                    .find(|&c| (0..n).all(|r| !safe((r, c))));
                let expected = match (dead_row, dead_col) {
                    (Some(row), _) => Some(Stuck::NoSquareLeft {
                        n,
                        line: Line::Row(row),
                    }),
                    (None, Some(col)) => Some(Stuck::NoSquareLeft {
                        n,
                        line: Line::Column(col),
                    }),
                    (None, None) if board.clone().count() == 0 => Some(Stuck::NoCompletion),
                    (None, None) => None,
                };
                assert_eq!(board.stuck(), expected, "{a:?} {b:?}");
            }
        }
    }
}

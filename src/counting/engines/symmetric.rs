//! Solutions that a rotation maps onto themselves, counted by searching only the squares
//! that determine them: what Burnside's lemma needs, besides the total, for the number of
//! symmetry classes.
//!
//! A solution fixed by the half turn is decided by its first `ceil(n / 2)` rows (the queen
//! of row `r` at column `c` brings one to `(n - 1 - r, n - 1 - c)`); one fixed by the
//! quarter turn by its first `ceil(n / 4)` rows' orbits of four squares. Searching pairs or
//! orbits of squares at once visits a tiny part of the board's search tree.

use crate::bitboard::check_size;
use crate::error::Error;
use crate::squares::Square;

/// How many solutions of a board each rotation maps onto themselves.
///
/// Reflections fix no solution of a board larger than 1 x 1, so by Burnside's lemma the
/// number of classes under the square's eight symmetries is
/// `(total + half_turn + 2 * quarter_turn) / 8` ([`SymmetricCounts::classes`]).
///
/// # Examples
///
/// ```
/// let eight = queens::counting::count_symmetric(8)?;
/// assert_eq!((eight.half_turn, eight.quarter_turn), (4, 0));
/// assert_eq!(eight.classes(92), Some(12));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SymmetricCounts {
    /// The board size.
    pub n: usize,
    /// Solutions fixed by the half turn (OEIS A032522), those fixed by the quarter turn
    /// included.
    pub half_turn: u64,
    /// Solutions fixed by the quarter turn (OEIS A033148).
    pub quarter_turn: u64,
}

impl SymmetricCounts {
    /// The number of symmetry classes of a board with `total` solutions, or `None` if
    /// `total` cannot be its number of solutions (the sum is not a multiple of 8, or
    /// overflows).
    ///
    /// # Examples
    ///
    /// ```
    /// let four = queens::counting::count_symmetric(4)?;
    /// assert_eq!(four.classes(2), Some(1));
    /// assert_eq!(four.classes(3), None);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn classes(&self, total: u64) -> Option<u64> {
        let sum = total.checked_add(self.fixed())?;
        sum.is_multiple_of(8).then_some(sum / 8)
    }

    /// The solutions fixed by each of the seven symmetries other than the identity, added
    /// up: Burnside's sum less the total, so that the classes are `(total + fixed) / 8`.
    /// Reflections fix solutions only of boards of 0 or 1 squares, where every symmetry
    /// fixes the one solution.
    ///
    /// # Examples
    ///
    /// ```
    /// let twelve = queens::counting::count_symmetric(12)?;
    /// assert_eq!(twelve.fixed(), twelve.half_turn + 2 * twelve.quarter_turn);
    /// assert_eq!(queens::counting::count_symmetric(1)?.fixed(), 7);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn fixed(&self) -> u64 {
        let reflections = if self.n <= 1 { 4 * self.half_turn } else { 0 };
        (self.half_turn)
            .saturating_add(self.quarter_turn.saturating_mul(2))
            .saturating_add(reflections)
    }
}

/// Counts the solutions of the `n`-queens problem fixed by the half turn and by the
/// quarter turn, with searches of the squares that decide them.
///
/// # Errors
///
/// [`Error::TooLarge`] if `n > Queens::MAX_N`.
///
/// # Examples
///
/// ```
/// let twelve = queens::counting::count_symmetric(12)?;
/// assert_eq!(twelve.quarter_turn, 8);
/// assert_eq!(twelve.classes(queens::count(12)), Some(1787));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn count_symmetric(n: usize) -> Result<SymmetricCounts, Error> {
    check_size(n)?;
    Ok(SymmetricCounts {
        n,
        half_turn: Orbits::new(n, Turn::Half).count(),
        quarter_turn: Orbits::new(n, Turn::Quarter).count(),
    })
}

/// The rotation whose fixed solutions are counted.
#[derive(Clone, Copy)]
enum Turn {
    Half,
    Quarter,
}

/// A search that places whole orbits of squares under a rotation: the squares a fixed
/// solution must hold once it holds one of them.
struct Orbits {
    n: usize,
    turn: Turn,
}

/// Rows, columns and both diagonals holding a queen.
#[derive(Clone, Copy, Default)]
struct Taken {
    rows: u64,
    cols: u64,
    sums: u128,
    differences: u128,
}

impl Taken {
    /// The board with a queen on `(row, col)` too, unless a queen there would be attacked
    /// or the square is taken.
    fn with(self, (row, col): Square, n: usize) -> Option<Taken> {
        let sum = 1u128 << (row + col);
        let difference = 1u128 << (row + n - 1 - col);
        let clash = self.rows >> row & 1 == 1
            || self.cols >> col & 1 == 1
            || self.sums & sum != 0
            || self.differences & difference != 0;
        (!clash).then_some(Taken {
            rows: self.rows | 1 << row,
            cols: self.cols | 1 << col,
            sums: self.sums | sum,
            differences: self.differences | difference,
        })
    }
}

impl Orbits {
    fn new(n: usize, turn: Turn) -> Orbits {
        Orbits { n, turn }
    }

    /// The squares the rotation carries `(row, col)` through, each once.
    fn orbit(&self, (row, col): Square) -> ([Square; 4], usize) {
        let n = self.n;
        let turn = |(r, c): Square| match self.turn {
            Turn::Half => (n - 1 - r, n - 1 - c),
            Turn::Quarter => (c, n - 1 - r),
        };
        let mut squares = [(row, col); 4];
        let mut len = 1;
        let mut next = turn((row, col));
        while next != (row, col) && len < 4 {
            squares[len] = next;
            len += 1;
            next = turn(next);
        }
        (squares, len)
    }

    /// The number of solutions the rotation fixes.
    fn count(&self) -> u64 {
        if self.n == 0 {
            return 1;
        }
        self.below(0, Taken::default())
    }

    /// Fixed solutions completing `taken`, whose rows before `row` are all filled.
    fn below(&self, row: usize, taken: Taken) -> u64 {
        let n = self.n;
        let Some(row) = (row..n).find(|&r| taken.rows >> r & 1 == 0) else {
            return 1;
        };
        let mut total = 0;
        for col in 0..n {
            let (squares, len) = self.orbit((row, col));
            let placed = squares[..len]
                .iter()
                .try_fold(taken, |board, &square| board.with(square, n));
            if let Some(board) = placed {
                total += self.below(row + 1, board);
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Queens;
    use crate::solution::symmetry::Symmetry;

    #[test]
    fn the_searches_agree_with_the_solutions_they_count() {
        for n in 0..=10 {
            let all: Vec<_> = Queens::new(n).collect();
            let fixed_by = |g: Symmetry| all.iter().filter(|s| s.transform(g) == **s).count();
            let counts = count_symmetric(n).unwrap();
            assert_eq!(
                counts.half_turn,
                fixed_by(Symmetry::Rotate180) as u64,
                "n = {n}"
            );
            assert_eq!(
                counts.quarter_turn,
                fixed_by(Symmetry::Rotate90) as u64,
                "n = {n}"
            );
        }
    }
}

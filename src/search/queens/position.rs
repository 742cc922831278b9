//! Where a solution stands among a board's: the solutions before it, counted, not built.

use super::Queens;
use crate::counting::{Interior, count_board};
use crate::solution::Solution;

impl Queens {
    /// The index of `solution` among this board's solutions in lexicographic order (the
    /// `k` of [`nth`](Iterator::nth) that yields it), or `None` if it is not one of them:
    /// of another size, or with a queen on a square the board does not leave open.
    ///
    /// The solutions before it are counted a row at a time (those that agree with it above
    /// a row and stand to the left of its queen there), so that no solution is built: as
    /// fast as counting the board's solutions, or faster.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, Solution};
    ///
    /// let tenth = Queens::new(8).nth(10).unwrap();
    /// assert_eq!(Queens::new(8).position(&tenth), Some(10));
    /// // A board with a queen fixed on (0, 0) has other solutions.
    /// let fixed = Queens::with_queens(8, &[(0, 0)])?;
    /// assert_eq!(fixed.position(&tenth), None);
    /// assert_eq!(fixed.position(&Solution::new(vec![0, 4, 7, 5, 2, 6, 1, 3])?), Some(0));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn position(&self, solution: &Solution) -> Option<u64> {
        let n = self.n;
        let columns = solution.columns();
        let open_to = |row: usize, col: usize| self.allowed[row] >> col & 1 == 1;
        if columns.len() != n || (0..n).any(|row| !open_to(row, columns[row])) {
            return None;
        }
        let (mut open, mut fixed_rows, mut before) = (self.allowed, self.fixed_rows, 0u64);
        for (row, &col) in columns.iter().enumerate() {
            if fixed_rows & 1 << row == 0 {
                // Those that agree above and stand to the left on this row.
                let mut left = open;
                left[row] &= (1 << col) - 1;
                before += count_board(&Interior::from_open_rows(n, &left, fixed_rows));
            }
            // Then this row's queen is fixed: the rows below lose what it attacks.
            fixed_rows |= 1 << row;
            for (below, open) in open.iter_mut().enumerate().take(n).skip(row + 1) {
                let distance = below - row;
                let attacked = 1 << col | (1 << col) << distance | (1u64 << col) >> distance;
                *open &= !attacked;
            }
        }
        Some(before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_solution_stands_where_the_search_yields_it() {
        let boards = (0..=9).map(Queens::new).chain([
            Queens::with_queens(9, &[(4, 4)]).unwrap(),
            Queens::builder(10)
                .prefix(&[1])
                .blocks([(5, 2), (9, 9), (3, 0)])
                .build()
                .unwrap(),
        ]);
        for board in boards {
            for (k, solution) in board.clone().enumerate() {
                assert_eq!(board.position(&solution), Some(k as u64), "{board:?}");
            }
        }
    }

    #[test]
    fn a_solution_of_another_board_has_no_position() {
        let eight = Queens::new(8).next().unwrap();
        assert_eq!(Queens::new(9).position(&eight), None);
        let blocked = Queens::builder(8).blocks([(0, 0)]).build().unwrap();
        assert_eq!(blocked.position(&eight), None);
        assert_eq!(Queens::new(8).position(&eight), Some(0));
    }
}

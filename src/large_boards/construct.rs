//! One solution for any board size by an explicit formula.

use crate::error::{Error, try_with_capacity};
use crate::solution::Solution;

/// One solution of the `n`-queens problem for any `n` except 2 and 3, in O(n) time.
///
/// Uses the classical construction (Hoffman, Loessi and Moore, 1969): with rows and columns
/// counted from 1, list the even numbers, then the odd ones; when `n mod 6` is 2 or 3 a few
/// of them move so that no diagonal is shared. The list gives the column of each row. The
/// result is checked by [`Solution::new`], also in O(n), and takes 8 bytes per queen.
///
/// # Errors
///
/// [`Error::NoSolution`] for `n = 2` and `n = 3`, which have none, and
/// [`Error::OutOfMemory`] when the `8 * n` bytes of the result cannot be had.
///
/// # Examples
///
/// ```
/// let s = queens::large_boards::construct(8)?;
/// assert_eq!(&*s, &[1, 3, 5, 7, 2, 0, 6, 4]);
/// let big = queens::large_boards::construct(1_000_000)?;
/// assert_eq!(big.n(), 1_000_000);
/// assert!(queens::large_boards::construct(3).is_err());
/// assert!(matches!(queens::large_boards::construct(usize::MAX), Err(queens::Error::OutOfMemory { .. })));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn construct(n: usize) -> Result<Solution, Error> {
    if n == 2 || n == 3 {
        return Err(Error::NoSolution { n });
    }
    let mut columns = try_with_capacity(n)?;
    // Every other number from `from` up to n (the evens from 2 or 4, the odds from 1, 5 or
    // 7), made 0-based.
    let every_other = |from: usize| (from - 1..n).step_by(2);
    match n % 6 {
        // Odd numbers become 3, 1, 7, 9, ..., 5.
        2 => {
            columns.extend(every_other(2));
            columns.extend([2, 0]);
            columns.extend(every_other(7));
            columns.push(4);
        }
        // Even numbers become 4, 6, ..., 2 and odd ones 5, 7, ..., 1, 3.
        3 => {
            columns.extend(every_other(4));
            columns.push(1);
            columns.extend(every_other(5));
            columns.extend([0, 2]);
        }
        _ => {
            columns.extend(every_other(2));
            columns.extend(every_other(1));
        }
    }
    Solution::new(columns)
}

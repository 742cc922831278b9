//! Fixed queens and blocked squares, checked and made into the rows' open squares.

use crate::bitboard::{check_size, open_rows};
use crate::error::Error;
use crate::squares::{Square, attacks};

use super::Queens;

impl Queens {
    /// The search for [`Builder::build`](super::Builder::build), which has gathered every fixed queen and blocked
    /// square.
    pub(crate) fn with_checked_queens(
        n: usize,
        queens: &[Square],
        blocked: &[Square],
    ) -> Result<Queens, Error> {
        check_size(n)?;
        let fixed = checked_fixed_queens(n, queens, blocked)?;
        let (mut allowed, fixed_rows) = open_rows(n, &fixed);
        for &(row, col) in blocked {
            allowed[row] &= !(1 << col);
        }
        Ok(Queens::fresh(n, allowed, fixed_rows))
    }
}

/// Checks fixed queens and blocked squares: all on the board, queens one per row, none
/// attacking another or on a blocked square.
fn checked_fixed_queens(
    n: usize,
    queens: &[Square],
    blocked: &[Square],
) -> Result<Vec<Square>, Error> {
    let mut squares = queens.iter().chain(blocked);
    if let Some(&square) = squares.find(|&&(r, c)| r >= n || c >= n) {
        return Err(Error::OffBoard { square, n });
    }
    let mut sorted = queens.to_vec();
    sorted.sort_by_key(|&(row, _)| row);
    // The same queen given twice (say, in the prefix and as a square) is one constraint;
    // a row's queens stay in the order given, so a clash names them that way.
    sorted.dedup();
    for (i, &first) in sorted.iter().enumerate() {
        for &second in &sorted[i + 1..] {
            if first.0 == second.0 {
                return Err(Error::SameRow { n, first, second });
            }
        }
    }
    for (i, &first) in sorted.iter().enumerate() {
        if let Some(&second) = sorted[i + 1..].iter().find(|&&q| attacks(first, q)) {
            return Err(Error::Attack { n, first, second });
        }
    }
    if let Some(&square) = sorted.iter().find(|queen| blocked.contains(queen)) {
        return Err(Error::Blocked { n, square });
    }
    Ok(sorted)
}

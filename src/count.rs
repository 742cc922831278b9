//! Counting solutions without building them.

use crate::bitboard::{Masks, full_row, lowest_bit};
use crate::error::Error;
use crate::search::Queens;

/// The number of solutions of the `n`-queens problem (OEIS A000170).
///
/// Counts with bitboards and mirror symmetry: a first-row queen in the right half is the
/// mirror image of one in the left half, so only the left half is searched and doubled.
///
/// # Panics
///
/// If `n > Queens::MAX_N`; [`try_count`] returns an error instead.
///
/// # Examples
///
/// ```
/// assert_eq!(queens::count(8), 92);
/// assert_eq!(queens::count(0), 1);
/// ```
#[must_use]
pub fn count(n: usize) -> u64 {
    match try_count(n) {
        Ok(total) => total,
        Err(err) => panic!("{err}; use queens::try_count to handle this as an error"),
    }
}

/// The number of solutions of the `n`-queens problem, or an error if `n` is too large.
///
/// # Errors
///
/// [`Error::TooLarge`] if `n > Queens::MAX_N`.
///
/// # Examples
///
/// ```
/// assert_eq!(queens::try_count(10), Ok(724));
/// assert!(queens::try_count(65).is_err());
/// ```
pub fn try_count(n: usize) -> Result<u64, Error> {
    if n > Queens::MAX_N {
        return Err(Error::TooLarge {
            n,
            max: Queens::MAX_N,
        });
    }
    if n == 0 {
        return Ok(1);
    }
    let full = full_row(n);
    let left_half = full_row(n / 2);
    let mut total = 2 * count_below(full, left_half, Masks::default());
    if n % 2 == 1 {
        // The middle column is its own mirror image: count it once.
        total += count_below(full, 1 << (n / 2), Masks::default());
    }
    Ok(total)
}

/// Completions of a partial board whose current row may use the squares in `open`.
fn count_below(full: u64, open: u64, taken: Masks) -> u64 {
    let mut open = open & !taken.attacked();
    let mut total = 0;
    while open != 0 {
        let bit = lowest_bit(open);
        open ^= bit;
        let below = taken.below(bit);
        total += if below.columns() == full {
            1
        } else {
            count_below(full, full, below)
        };
    }
    total
}

/// The number of solutions counted once per symmetry class (OEIS A002562).
///
/// # Panics
///
/// If `n > Queens::MAX_N`.
///
/// # Examples
///
/// ```
/// assert_eq!(queens::count_fundamental(8), 12);
/// ```
#[must_use]
pub fn count_fundamental(n: usize) -> u64 {
    Queens::new(n).filter(|s| s.is_canonical()).count() as u64
}

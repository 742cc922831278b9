//! Enumeration on every core: [`par_solutions`], a rayon parallel iterator.

use rayon::prelude::*;

use super::queens::Queens;
use crate::bitboard::check_size;
use crate::error::Error;
use crate::solution::Solution;
use crate::squares::attacks;

/// How many rows the prefixes that split the work fix: enough pieces to keep every core busy.
const PREFIX_ROWS: usize = 3;

/// Every solution of the `n`-queens problem as a rayon `ParallelIterator`.
///
/// The work is split by the queens of the first rows: each valid prefix is completed by its
/// own sequential [`Queens::with_prefix`] search. The solutions are exactly those of
/// [`Queens::new`]; `collect` into a `Vec` even keeps their lexicographic order.
///
/// # Panics
///
/// If `n > Queens::MAX_N`; [`try_par_solutions`] returns an error instead.
///
/// # Examples
///
/// ```
/// use queens::Queens;
/// use rayon::prelude::*;
///
/// let in_corner = queens::search::par_solutions(10).filter(|s| s[0] == 0).count();
/// assert_eq!(in_corner, 64);
/// let all: Vec<_> = queens::search::par_solutions(8).collect();
/// assert!(all.into_iter().eq(Queens::new(8)));
/// ```
pub fn par_solutions(n: usize) -> impl ParallelIterator<Item = Solution> {
    match try_par_solutions(n) {
        Ok(solutions) => solutions,
        Err(err) => {
            panic!("{err}; use queens::search::try_par_solutions to handle this as an error")
        }
    }
}

/// Every solution of the `n`-queens problem as a rayon `ParallelIterator`, or an error if
/// `n` is too large.
///
/// # Errors
///
/// [`Error::TooLarge`] if `n > Queens::MAX_N`.
///
/// # Examples
///
/// ```
/// use rayon::prelude::*;
///
/// assert_eq!(queens::search::try_par_solutions(9)?.count(), 352);
/// assert!(queens::search::try_par_solutions(65).is_err());
/// # Ok::<(), queens::Error>(())
/// ```
pub fn try_par_solutions(n: usize) -> Result<impl ParallelIterator<Item = Solution>, Error> {
    check_size(n)?;
    Ok(prefixes(n, PREFIX_ROWS.min(n))
        .into_par_iter()
        .flat_map_iter(move |prefix| Queens::with_prefix(n, &prefix).expect("prefixes are valid")))
}

/// Every placement of non-attacking queens on the first `rows` rows, in lexicographic order.
fn prefixes(n: usize, rows: usize) -> Vec<Vec<usize>> {
    let mut partial = vec![Vec::new()];
    for row in 0..rows {
        partial = partial
            .into_iter()
            .flat_map(|prefix: Vec<usize>| {
                (0..n).filter_map(move |col| {
                    let peaceful = prefix
                        .iter()
                        .enumerate()
                        .all(|(r, &c)| !attacks((r, c), (row, col)));
                    peaceful.then(|| [prefix.as_slice(), &[col]].concat())
                })
            })
            .collect();
    }
    partial
}

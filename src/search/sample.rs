//! Exactly uniform random solutions: a uniformly drawn index, reached by skipping whole
//! subtrees of the search.

use crate::counting::try_count;
use crate::error::Error;
use crate::rng::SplitMix64;
use crate::search::Queens;
use crate::solution::Solution;

/// The largest board [`sample`] draws from: its cost grows about sevenfold per row (tens of
/// seconds at 18), and larger boards would run for hours to years.
///
/// # Examples
///
/// ```
/// assert!(queens::search::sample(queens::search::SAMPLE_MAX_N + 1, 0).is_err());
/// ```
pub const SAMPLE_MAX_N: usize = 18;

/// A solution of the `n`-queens problem drawn exactly uniformly at random, the same for the
/// same `n` and `seed`.
///
/// An index is drawn uniformly (without bias) among the `count(n)` solutions, and the
/// solution at that index in lexicographic order is reached from the nearer end by
/// [`nth`](Iterator::nth) or [`nth_back`](DoubleEndedIterator::nth_back), which count
/// whole subtrees instead of building them. Every solution therefore comes out with
/// probability exactly `1 / count(n)`. [`random`](crate::large_boards::random) is much faster on large
/// boards but is a local search whose results are not uniform; this takes about what
/// counting a quarter of the board takes: up to about two seconds a draw at `n = 16`, some
/// seven at 17 (Intel Xeon; 0.3 to 1.6 s at 16 on an AMD EPYC Zen 2).
///
/// # Errors
///
/// [`Error::TooLarge`] for `n > SAMPLE_MAX_N`, [`Error::NoSolution`] for `n = 2` and `3`.
///
/// # Examples
///
/// ```
/// let s = queens::search::sample(8, 42)?;
/// assert!(queens::Solution::new(s.to_vec()).is_ok());
/// assert_eq!(queens::search::sample(8, 42)?, s);
/// assert!(queens::search::sample(3, 0).is_err());
/// # Ok::<(), queens::Error>(())
/// ```
pub fn sample(n: usize, seed: u64) -> Result<Solution, Error> {
    if n > SAMPLE_MAX_N {
        return Err(Error::TooLarge {
            n,
            max: SAMPLE_MAX_N,
        });
    }
    let total = try_count(n)?;
    if total == 0 {
        return Err(Error::NoSolution { n });
    }
    let index = SplitMix64(seed).exactly_below(total);
    let from_back = total - 1 - index;
    let skip = usize::try_from(index.min(from_back)).map_err(|_| Error::Overflow {
        reason: format!("solution {index} of {total} is beyond this platform's usize"),
    })?;
    let mut search = Queens::try_new(n)?;
    let found = if index <= from_back {
        search.nth(skip)
    } else {
        search.nth_back(skip)
    };
    Ok(found.expect("an index below the count names a solution"))
}

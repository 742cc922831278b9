//! Counting solutions without building them: [`count`], [`count_fundamental`] and the
//! [`Counter`] builder for threads, shards, progress and resuming.
//!
//! [The algorithms guide](crate::guides::algorithms) explains the method (border constellations, the interior search,
//! the vector kernels and the Burnside step) with a worked example at n = 8.

mod contract;
mod engines;
mod interior;
mod resuming;
mod running;
mod simd;

use crate::error::Error;
pub use contract::audit::{Agreed, Audit, AuditBy};
pub use contract::counts::Counts;
pub use contract::engine::{Engine, PlanWords};
pub use contract::memory::available_memory;
pub use contract::shard::Shard;
pub use contract::subproblem::Subproblem;
pub use engines::symmetric::{SymmetricCounts, count_symmetric};
pub(crate) use interior::{Interior, count_board};
pub use resuming::checkpoint::Checkpoint;
#[cfg(feature = "serde")]
pub use resuming::shard_record::ShardRecord;
pub use running::choices::Choices;
pub use running::counter::{Counter, Progress};
pub use running::estimate::{Estimate, PlanRecord};
pub use running::prepared::{Prepared, Warning};

/// The number of solutions of the `n`-queens problem (OEIS A000170), on every core.
///
/// See [`Counter`] for how the count is split and for control over threads.
///
/// # Panics
///
/// Where [`try_count`] returns an error: if `n > Queens::MAX_N`, if not even the quadrant
/// join's streamed storage fits in the memory available (a few MiB a thread to n = 20, 64
/// MiB at n = 23), or if `QUEENS_SIMD` has a meaningless value.
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

/// The number of solutions of the `n`-queens problem, or an error if it cannot be counted
/// here.
///
/// # Errors
///
/// [`Error::TooLarge`] if `n > Queens::MAX_N`, and those of [`Counter::run`]:
/// [`Error::NotEnoughMemory`] or [`Error::OutOfMemory`] where the quadrant join's tables do
/// not fit, [`Error::Unsupported`] for a meaningless `QUEENS_SIMD`.
///
/// # Examples
///
/// ```
/// assert_eq!(queens::try_count(10), Ok(724));
/// assert!(queens::try_count(65).is_err());
/// ```
pub fn try_count(n: usize) -> Result<u64, Error> {
    Ok(Counter::new(n)?.fundamental(false).run()?.total)
}

/// The number of solutions counted once per symmetry class (OEIS A002562), on every core.
///
/// # Panics
///
/// Where [`try_count_fundamental`] returns an error: if `n > Queens::MAX_N`, or if
/// `QUEENS_SIMD` has a meaningless value.
///
/// # Examples
///
/// ```
/// assert_eq!(queens::counting::count_fundamental(8), 12);
/// ```
#[must_use]
pub fn count_fundamental(n: usize) -> u64 {
    match try_count_fundamental(n) {
        Ok(classes) => classes,
        Err(err) => {
            panic!("{err}; use queens::counting::try_count_fundamental to handle this as an error")
        }
    }
}

/// The number of symmetry classes of solutions, or an error if it cannot be counted here.
///
/// Where [`Engine::Auto`] counts with the quadrant join (n = 14 to 24), the classes come
/// from Burnside's lemma: the join's total and the solutions each rotation fixes
/// ([`count_symmetric`], a search of a tiny part of the board), at about the cost of the
/// total alone. Elsewhere the constellation engine counts them directly.
///
/// # Errors
///
/// [`Error::TooLarge`] if `n > Queens::MAX_N`, and those of [`Counter::run`].
///
/// # Examples
///
/// ```
/// assert_eq!(queens::counting::try_count_fundamental(10), Ok(92));
/// assert!(queens::counting::try_count_fundamental(65).is_err());
/// ```
pub fn try_count_fundamental(n: usize) -> Result<u64, Error> {
    let counts = Counter::new(n)?.run()?;
    Ok(counts.fundamental.unwrap_or_default())
}

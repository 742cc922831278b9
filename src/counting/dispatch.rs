//! Choosing how to count a board's completions: the vector kernels where the processor has
//! them, else the scalar search.

use super::completions::Interior;
#[cfg(target_arch = "x86_64")]
use super::kernels;

/// The number of ways to fill the free rows of `interior`: on the vector kernels where the
/// processor has them and the board suits them, else by the scalar search.
pub(crate) fn count_completions(interior: &Interior) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if interior.free >= 3
        && let Some(total) = kernels::try_count(interior)
    {
        return total;
    }
    interior.count()
}

//! Enumerating solutions: the lexicographic search behind [`Queens`](crate::Queens), the
//! most-constrained-row order for large boards, and (with `parallel`) the parallel iterator.

pub(crate) mod lexicographic;
pub(crate) mod most_constrained;
#[cfg(feature = "parallel")]
pub(crate) mod parallel;

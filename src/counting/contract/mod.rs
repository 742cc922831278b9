//! The contract at the bottom of counting: what the runner asks of an engine and what an
//! engine hands back. The engines implement it, the runner (`running/`, `resuming/`) is
//! written against it, and it imports nothing else of counting but the kernels' switch
//! (`simd`), which an audit turns to the portable code.
//!
//! - [`method::Method`]: an engine, from checked settings to its [`work::Work`], with its
//!   memory, checkpoint word and record rules;
//! - [`work::Work`]: the subproblems of one count, counted a [`work::Job`] at a time,
//!   checked when resumed, and timed for a plan;
//! - [`subproblem::Subproblem`]: what one subproblem reports, the unit of checkpoints and
//!   records; [`counts::Counts`]: what a count or a [`shard::Shard`] of it found;
//!   [`pool::Pool`]: the threads a job runs on; [`memory`]: what the machine has;
//! - [`audit::Auditor`]: parts of a count counted again by another path.

pub(crate) mod audit;
pub(crate) mod counts;
pub(crate) mod engine;
pub(crate) mod memory;
pub(crate) mod method;
pub(crate) mod pool;
pub(crate) mod shard;
pub(crate) mod subproblem;
pub(crate) mod work;

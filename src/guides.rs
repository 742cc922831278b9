//! The guides, as pages of this documentation: the same files as the repository's `docs/`,
//! so that README's links read right on crates.io and docs.rs, and their examples run as
//! doctests.
//!
//! Start with [`guide`] (the library's jobs, one by one) or [`cli`] (the same jobs from a
//! shell).
//!
//! ```
//! assert_eq!(queens::Queens::new(8).count(), 92);
//! ```

/// README.md, whose examples run as doctests but which is no page of its own: it is the
/// crate's page on crates.io.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct Readme;

#[doc = include_str!("../docs/guide.md")]
pub mod guide {}

#[doc = include_str!("../docs/cli.md")]
pub mod cli {}

#[doc = include_str!("../docs/puzzles.md")]
pub mod puzzles {}

#[doc = include_str!("../docs/counting.md")]
pub mod counting {}

#[doc = include_str!("../docs/clusters.md")]
pub mod clusters {}

#[doc = include_str!("../docs/performance.md")]
pub mod performance {}

#[doc = include_str!("../docs/algorithms.md")]
pub mod algorithms {}

#[doc = include_str!("../docs/architecture.md")]
pub mod architecture {}

#[doc = include_str!("../docs/web.md")]
pub mod web {}

//! [`Counts`]: what a count, or a shard of it, found.

use std::fmt;

use crate::counting::contract::audit::Audit;
use crate::counting::contract::engine::Engine;
use crate::counting::contract::shard::Shard;
#[cfg(doc)]
use crate::counting::contract::subproblem::Subproblem;

/// What a [`Counter`](crate::counting::Counter) found.
///
/// # Examples
///
/// ```
/// let counts = queens::counting::Counter::new(8)?.run()?;
/// assert_eq!(counts.to_string(), "n = 8: 92 solutions, 12 fundamental");
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Counts {
    /// The board size.
    pub n: usize,
    /// The shard counted; [`Shard::WHOLE`] for the whole count.
    pub shard: Shard,
    /// The engine that counted (never [`Engine::Auto`]): shards and checkpoints of one
    /// count must all come from the same engine, whose subproblems they number.
    pub engine: Engine,
    /// Solutions found.
    pub total: u64,
    /// Symmetry classes found, when fundamental counting is on: where the engine counts them
    /// by Burnside's lemma over the whole count ([`Engine::shards_count_classes`] is
    /// false), only in a whole count.
    pub fundamental: Option<u64>,
    /// Where the engine counts classes by Burnside's lemma over the whole count, the
    /// shard's share of Burnside's sum besides its solutions (see [`Subproblem::fixed`]):
    /// shards' records add it up, and the classes are `(total + fixed) / 8` of the sums.
    pub fixed: Option<u64>,
    /// Subproblems in the shard.
    pub subproblems: usize,
    /// What its audit counted twice, where [`Counter::audit`](crate::counting::Counter::audit)
    /// asked for one.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub audit: Option<Audit>,
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n = {}: {} solutions", self.n, self.total)?;
        match (self.fundamental, self.fixed) {
            (Some(fundamental), _) => write!(f, ", {fundamental} fundamental")?,
            (None, Some(fixed)) => write!(f, ", {fixed} fixed by symmetries")?,
            (None, None) => {}
        }
        if !self.shard.is_whole() {
            write!(f, " (shard {} of {})", self.shard.index, self.shard.of)?;
        }
        Ok(())
    }
}

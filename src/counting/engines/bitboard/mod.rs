//! The bitboard engine: a plain backtracking search over bitboards, split into one
//! subproblem per placement of the first two rows' queens. It is slower than the other
//! engines but short enough to read whole, so it serves as their independent check: it
//! shares no code with them but the contract.
//!
//! It is also the model of an engine: one folder, its [`Work`] and its [`Method`], and a
//! line in the registry (docs/architecture.md lists the steps).

mod search;

use std::ops::RangeInclusive;

use crate::counting::contract::engine::Engine;
use crate::counting::contract::method::Method;
#[cfg(feature = "serde")]
use crate::counting::contract::method::RecordCounts;
use crate::counting::contract::subproblem::Subproblem;
use crate::counting::contract::work::{
    Classes, Job, Results, Sample, Sampling, Timed, Work, sampled, timed,
};
use crate::error::{Error, Refusal};
use crate::rng::SplitMix64;
use search::{Node, WALK_TO_FREE_ROWS};

/// The bitboard engine as [`Method`].
pub(crate) struct PlainSearch;

impl Method for PlainSearch {
    /// Plain scalar code: an audit counts on it again.
    fn has_kernels(&self) -> bool {
        false
    }

    fn kernels_here(&self, _n: usize) -> Option<&'static str> {
        None
    }

    /// Any board a bitboard holds; the counter refuses totals past 2^64 - 1 itself.
    fn largest_n(&self) -> usize {
        crate::bitboard::MAX
    }

    /// None: [`Engine::Auto`] never picks the slowest engine.
    #[allow(clippy::reversed_empty_ranges)]
    fn auto_boards(&self) -> RangeInclusive<usize> {
        1..=0
    }

    fn counts_classes(&self) -> bool {
        false
    }

    fn work(&self, n: usize, _fundamental: bool) -> Box<dyn Work> {
        Box::new(FirstTwoRows { n })
    }

    fn checkpoint_word(&self, _: usize) -> (String, bool) {
        (format!(" {}", Engine::Bitboard), false)
    }

    #[cfg(feature = "serde")]
    fn implausible_record(&self, record: &RecordCounts) -> Result<bool, String> {
        match record.fundamental.is_some() || record.fixed.is_some() {
            true => Err("the bitboard engine counts no symmetry classes".into()),
            false => Ok(false),
        }
    }

    fn shards_count_classes(&self) -> bool {
        false
    }
}

/// The subproblems of a board of `n`: one per pair of columns of the first two rows'
/// queens (`n * n`, those that attack each other counting none), or the whole board below
/// two rows.
struct FirstTwoRows {
    n: usize,
}

impl FirstTwoRows {
    /// The search's node of subproblem `index`, `None` where its two queens attack.
    fn node(&self, index: usize) -> Option<Node> {
        match self.n {
            0 | 1 => Some(Node::empty(self.n)),
            n => Node::empty(n).place(index / n)?.place(index % n),
        }
    }

    fn solve(&self, index: usize) -> Subproblem {
        Subproblem {
            index,
            total: self.node(index).map_or(0, Node::completions),
            fundamental: None,
            fixed: 0,
            engine: Engine::Bitboard,
        }
    }
}

impl Work for FirstTwoRows {
    fn len(&self) -> usize {
        self.n.max(1).pow(2)
    }

    fn count(&self, job: &Job<'_>) -> Result<Results, Error> {
        Ok(job
            .pool
            .run(job.todo, |index| (job.finished)(&|| Ok(self.solve(index)))))
    }

    fn implausible(&self, s: &Subproblem) -> Option<Refusal> {
        let counts_none = self.node(s.index).is_none() && s.total != 0;
        (s.fundamental.is_some() || s.fixed != 0 || counts_none).then(|| {
            Refusal::from(format!(
                "subproblem {} of the bitboard engine cannot have {} solutions, {:?} classes \
                 and {} fixed",
                s.index, s.total, s.fundamental, s.fixed
            ))
        })
    }

    fn classes(&self, _: &[Subproblem], _: u64, _: bool) -> Result<Classes, Error> {
        Ok(Classes::default())
    }

    /// Whole subproblems where they are small; on larger boards a random path down each to
    /// [`WALK_TO_FREE_ROWS`] free rows, timed and multiplied by the branching on the path
    /// (Knuth's estimator).
    fn sample(&self, sampling: &Sampling) -> Result<Sample, Error> {
        let n = self.n;
        let state = |thread: usize| SplitMix64(!(n as u64) ^ (thread as u64) << 32);
        let parts = self.len() as u64;
        let threads = sampling.threads;
        sampled(
            parts,
            sampling.samples,
            sampling.budget,
            threads,
            state,
            |rng, index, _| {
                let Some(node) = self.node(index) else {
                    return Ok(Timed {
                        seconds: 0.0,
                        whole: true,
                        overhead: 0.0,
                    });
                };
                let whole = node.free() <= WALK_TO_FREE_ROWS;
                let (part, paths) = match whole {
                    true => (node, 1.0),
                    false => node.walk(rng),
                };
                let seconds = timed(&mut || {
                    part.completions();
                    Ok(())
                })?;
                Ok(Timed {
                    seconds: paths * seconds,
                    whole,
                    overhead: 0.0,
                })
            },
        )
    }
}

#[cfg(test)]
mod tests;

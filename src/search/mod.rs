//! Searching for solutions: the lexicographic search behind [`Queens`], the
//! [`Builder`] of constrained boards, the most-constrained order for large boards and
//! puzzles, exactly uniform samples, and (with `parallel`) the parallel iterator.

pub(crate) mod builder;
pub(crate) mod most_constrained;
#[cfg(feature = "parallel")]
pub(crate) mod parallel;
pub(crate) mod queens;
pub(crate) mod sample;
pub(crate) mod soonest;
pub(crate) mod stuck;

pub use builder::Builder;
pub use most_constrained::MostConstrained;
#[cfg(feature = "parallel")]
pub use parallel::{par_solutions, try_par_solutions};
pub use queens::Queens;
pub use sample::{SAMPLE_MAX_N, sample};
pub use soonest::Soonest;
pub use stuck::Stuck;

/// Where a search stands between two calls to `next`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// Nothing tried yet.
    Fresh,
    /// A partial board is on the stack, with untried squares left to explore.
    Searching,
    /// Every solution has been yielded.
    Exhausted,
}

impl State {
    /// Settles the calls that need no search: an exhausted search has nothing more, and the
    /// empty board (`n = 0`) has its one empty solution. `None` means: search.
    pub(crate) fn settle(&mut self, n: usize) -> Option<bool> {
        match *self {
            State::Exhausted => Some(false),
            State::Fresh if n == 0 => {
                *self = State::Exhausted;
                Some(true)
            }
            State::Fresh | State::Searching => None,
        }
    }
}

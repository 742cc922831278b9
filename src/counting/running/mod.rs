//! Running a count: the [`Counter`](counter::Counter), its threads, its memory, its plan
//! and the results of its subproblems.

pub(crate) mod counter;
pub(crate) mod estimate;
pub(crate) mod memory;
pub(crate) mod pool;
pub(crate) mod prepared;
pub(crate) mod subproblems;

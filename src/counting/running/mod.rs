//! Running a count: the [`Counter`](counter::Counter), its plan and what it says before it
//! starts, written against the engines' contract.

pub(crate) mod choices;
pub(crate) mod counter;
pub(crate) mod estimate;
pub(crate) mod prepared;

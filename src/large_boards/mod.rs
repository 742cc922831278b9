//! One solution of a board of any size, where enumerating is out of reach: by formula
//! ([`construct`]) or by local search ([`random`]).

pub(crate) mod construct;
pub(crate) mod random;

pub use construct::construct;
pub use random::random;

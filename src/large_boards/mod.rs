//! One solution of a board of any size, where enumerating is out of reach: by formula
//! ([`construct`](crate::construct)) or by local search ([`random`](crate::random)).

pub(crate) mod construct;
pub(crate) mod random;

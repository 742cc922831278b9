//! Watching the search: [`Queens::trace`](crate::Queens::trace) reports each step of the
//! backtracking search as an [`Event`], a [`Replay`] steps through them forward and back, and
//! [`animated_svg`] draws them as an animation.

pub(crate) mod animation;
pub(crate) mod events;
pub(crate) mod replay;

pub use animation::{animated_bytes, animated_svg};
pub use events::{Event, Trace};
pub use replay::{DeadEnd, Replay, Snapshot};

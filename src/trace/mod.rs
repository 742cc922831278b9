//! Watching the search: [`Queens::trace`](crate::Queens::trace) reports each step of the
//! backtracking search as an [`Event`], a [`Replay`] steps through them forward and back, and
//! [`animated_svg`] draws them as an animation.

pub(crate) mod animation;
pub(crate) mod events;

pub use animation::animated_svg;
pub use events::{DeadEnd, Event, Replay, Snapshot, Trace};

//! One subproblem of a count, as an engine numbers it: its solutions, and its symmetry
//! classes or the solutions symmetries fix, where the engine counts them.

use crate::counting::contract::engine::Engine;

/// The result of one subproblem of a [`Counter`](crate::counting::Counter): what a checkpoint records.
///
/// Each engine numbers its subproblems its own way, so a result names the engine that
/// produced it, and [`Counter::resume`](crate::counting::Counter::resume) and
/// [`Checkpoint::record`](crate::counting::Checkpoint::record) refuse another engine's results.
///
/// # Examples
///
/// ```
/// use std::sync::{Arc, Mutex};
/// use queens::counting::{Counter, Subproblem};
///
/// let finished = Arc::new(Mutex::new(Vec::<Subproblem>::new()));
/// let sink = Arc::clone(&finished);
/// let counts = Counter::new(9)?.on_finished(move |s, _| sink.lock().unwrap().push(*s)).run()?;
/// let finished = finished.lock().unwrap();
/// assert_eq!(finished.len(), counts.subproblems);
/// assert_eq!(finished.iter().map(|s| s.total).sum::<u64>(), 352);
/// assert!(finished.iter().all(|s| s.engine == counts.engine && s.fixed == 0));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Subproblem {
    /// Its number among all subproblems of the board size.
    pub index: usize,
    /// Solutions it accounts for.
    pub total: u64,
    /// Symmetry classes it accounts for, where its engine counts classes subproblem by
    /// subproblem.
    pub fundamental: Option<u64>,
    /// What it adds to Burnside's sum besides its solutions (the solutions the symmetries
    /// other than the identity fix), where its engine counts classes by Burnside's lemma
    /// over the whole count: its classes then come out of all subproblems together as
    /// `(Σ total + Σ fixed) / 8`. 0 for an engine that counts classes subproblem by
    /// subproblem, or none.
    pub fixed: u64,
    /// The engine that numbered and solved it (never [`Engine::Auto`]).
    pub engine: Engine,
}

impl Subproblem {
    /// Refuses counts no subproblem of any engine can have: more classes than solutions, or
    /// classes of more than eight solutions (a subproblem accounts for whole symmetry
    /// classes). What each engine cannot count, its [`Work::implausible`] says.
    ///
    /// [`Work::implausible`]: crate::counting::contract::work::Work::implausible
    pub(crate) fn check_plausible(&self) -> Result<(), String> {
        match self.fundamental {
            Some(f) if f > self.total || self.total > f.saturating_mul(8) => Err(format!(
                "subproblem {} cannot have {} solutions in {f} symmetry classes",
                self.index, self.total
            )),
            _ => Ok(()),
        }
    }
}

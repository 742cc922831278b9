//! [`Engine`]: which method a [`Counter`](crate::counting::Counter) counts with.

/// The method a [`Counter`](crate::counting::Counter) counts with.
///
/// Each counts every board exactly; they differ in speed and in what they can count.
/// [The counting guide](crate::guides::counting) explains each with a worked example.
///
/// # Examples
///
/// ```
/// use queens::counting::{Counter, Engine};
///
/// let join = Counter::new(12)?.fundamental(false).engine(Engine::Quadrants).run()?;
/// let search = Counter::new(12)?.fundamental(false).engine(Engine::Constellations).run()?;
/// assert_eq!((join.total, search.total), (14200, 14200));
/// assert_eq!("quadrants".parse::<Engine>()?, Engine::Quadrants);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Engine {
    /// The faster engine for the board: the engine whose
    /// [`auto_boards`](Engine::auto_boards) hold it ([`Engine::Quadrants`] from n = 14 to
    /// 28), else [`Engine::Constellations`].
    #[default]
    Auto,
    /// Border constellations, each completed by a backtracking search of the interior (on
    /// vector units where the processor has them). Counts fundamental solutions too, and
    /// any board size.
    Constellations,
    /// The quadrant join: partial solutions of the board's quarters joined by counting
    /// disjoint diagonal sets, with no search of the whole board, for boards up to its
    /// [`largest_n`](Engine::largest_n). Symmetry classes come from the total by Burnside's
    /// lemma, with one more subproblem counting the solutions the rotations fix.
    Quadrants,
    /// A plain backtracking search over bitboards, one subproblem per placement of the
    /// first two rows' queens: the slowest, and short enough to read whole, so an
    /// independent check of the others (it shares no code with them). Counts solutions,
    /// not symmetry classes; [`Engine::Auto`] never picks it.
    Bitboard,
}

impl Engine {
    /// The engine's name, as [`FromStr`](std::str::FromStr) reads it.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::counting::Engine::Constellations.name(), "constellations");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Constellations => "constellations",
            Engine::Quadrants => "quadrants",
            Engine::Bitboard => "bitboard",
        }
    }
}

/// How a plan words an engine's work ([`Engine::plan_words`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlanWords {
    /// The parts of the count the plan times ("subproblems").
    pub parts: &'static str,
    /// How parts too long to finish were timed, after a comma, or nothing.
    pub partly_timed: &'static str,
    /// How the tables are kept, in parentheses after a space, or nothing.
    pub storage: &'static str,
}

crate::error::named!(
    Engine,
    [
        Engine::Auto,
        Engine::Constellations,
        Engine::Quadrants,
        Engine::Bitboard
    ],
    "an engine"
);

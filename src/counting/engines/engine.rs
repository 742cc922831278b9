//! [`Engine`]: which method a [`Counter`](crate::counting::Counter) counts with.

/// The method a [`Counter`](crate::counting::Counter) counts with.
///
/// Both count every board exactly; they differ in speed and in what they can count.
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
    /// The faster engine for the board: [`Engine::Quadrants`] from
    /// [`Engine::QUADRANTS_FROM`] to [`Engine::QUADRANTS_AUTO_UP_TO`], else
    /// [`Engine::Constellations`].
    #[default]
    Auto,
    /// Border constellations, each completed by a backtracking search of the interior (on
    /// vector units where the processor has them). Counts fundamental solutions too, and
    /// any board size.
    Constellations,
    /// The quadrant join: partial solutions of the board's quarters joined by counting
    /// disjoint diagonal sets, with no search of the whole board, for boards up to
    /// [`Engine::QUADRANTS_UP_TO`]. Symmetry classes come from the total by Burnside's
    /// lemma, with one more subproblem counting the solutions the rotations fix.
    Quadrants,
}

impl Engine {
    /// The smallest board [`Engine::Auto`] counts with the quadrant join: from it the join
    /// is the faster (n = 14: 2.3 times, n = 15: 1.1 times, one thread, totals and
    /// classes alike); below, counts take milliseconds and the constellation engine is the
    /// faster on odd boards (`cargo run --release --example count_bench -- 15 12`).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Engine};
    ///
    /// let counter = Counter::new(Engine::QUADRANTS_FROM)?.fundamental(false);
    /// assert_eq!(counter.chosen_engine()?, Engine::Quadrants);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub const QUADRANTS_FROM: usize = 14;

    /// The largest board [`Engine::Auto`] counts with the quadrant join: the largest it
    /// counts. Above n = 22 the join's pairs of half-boards grow faster than the solutions
    /// among them, but the constellation engine costs more per solution still (`queens plan
    /// N` times both on a sample; [the clusters guide](crate::guides::clusters)'s table on
    /// an AMD EPYC (Zen 4): about 30 and 48 times the join's at n = 23 and 27, and 30 to 35
    /// times at n = 28, whose plans gave the join 194 to 215 core-years and constellations
    /// 6,367 to 7,444).
    /// The join needs 1.7 GiB at n = 28 on one thread and at most 4 GiB on any
    /// number (see [`Counter::memory`](crate::counting::Counter::memory)), where
    /// constellations need none: a machine without it is told so before any work starts.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Engine};
    ///
    /// let past = Counter::new(Engine::QUADRANTS_AUTO_UP_TO + 1)?;
    /// assert_eq!(past.chosen_engine()?, Engine::Constellations);
    /// assert_eq!(Engine::QUADRANTS_AUTO_UP_TO, Engine::QUADRANTS_UP_TO);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub const QUADRANTS_AUTO_UP_TO: usize = 28;

    /// The largest board the quadrant join counts: its square codes take four bits a row,
    /// and its counts stay below 2^64. Above n = 22 it builds only what each subproblem
    /// reads (see [`Counter::memory`](crate::counting::Counter::memory)).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::{Counter, Engine};
    ///
    /// let too_large = Counter::new(Engine::QUADRANTS_UP_TO + 1)?.fundamental(false).engine(Engine::Quadrants);
    /// assert!(too_large.run().is_err());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub const QUADRANTS_UP_TO: usize = crate::counting::engines::quadrants::MAX_N;

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
    [Engine::Auto, Engine::Constellations, Engine::Quadrants],
    "an engine"
);

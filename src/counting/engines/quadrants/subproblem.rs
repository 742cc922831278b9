//! A subproblem of the join counted, prepared, or timed step by step for a plan.

use super::choices::{Room, Stopwatch};
use super::sizing::Storage;
use super::solver::Solver;

use std::cell::Cell;
use std::time::{Duration, Instant};

use crate::counting::contract::audit::Auditor;
use crate::counting::contract::pool::Pool;
use crate::error::Error;

impl Solver {
    /// The solutions subproblem `index` accounts for (a subproblem of this case).
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the sets of rows it reads cannot be allocated.
    pub(crate) fn solve(&self, index: usize, audit: Option<&Auditor>) -> Result<u64, Error> {
        let mut room = Room::default();
        let norths = &self.groups[index - self.first];
        let audit = audit.map(|auditor| (auditor, index));
        self.solve_choices(norths, None, None, &mut room, audit)
    }

    /// The solutions subproblem `index` accounts for, counted on the threads of `pool`: a
    /// step (one set of south rows) per thread where the solver has no whole tables, which
    /// the threads then share the subproblem's north row sets for (see
    /// [`Storage::Streamed`]).
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the sets of rows it reads cannot be allocated.
    pub(crate) fn solve_on(
        &self,
        index: usize,
        pool: &Pool,
        audit: Option<&Auditor>,
    ) -> Result<u64, Error> {
        let norths = &self.groups[index - self.first];
        let audited = audit.map(|auditor| (auditor, index));
        match (&self.tables, self.together) {
            (Some(_), _) => self.solve(index, audit),
            (None, false) => self.solve_by_steps(norths, pool, audited),
            (None, true) => self.solve_together(norths, pool, audited),
        }
    }

    /// The steps of subproblem `index`: the sets of south rows that complete its north sets.
    #[cfg(feature = "serde")]
    pub(crate) fn steps_of(&self, index: usize) -> Vec<usize> {
        self.steps(&self.groups[index - self.first])
    }

    /// The solutions step `south` of subproblem `index` accounts for, counted in `room`
    /// (whose north row sets it reuses if they are this subproblem's).
    #[cfg(any(test, feature = "serde"))]
    pub(crate) fn solve_step(
        &self,
        index: usize,
        south: usize,
        room: &mut Room,
    ) -> Result<u64, Error> {
        self.solve_choices(
            &self.groups[index - self.first],
            Some(south),
            None,
            room,
            None,
        )
    }

    /// Runs step `south` of subproblem `index` (what [`Plan::step`] gives: its north row
    /// sets with the one set of south rows) until `deadline`, in `room` (kept from step to
    /// step, as a count keeps it), and returns the seconds the whole step takes in a count
    /// whose storage is `storage`: measured if it finished, else estimated from the share
    /// of its east half-boards joined by then, a part stopped between two of its buckets
    /// counting for the share of its time spent (foreseen from the share of its buckets
    /// joined, taken spread over the table: see `join_part`), so that a step whose parts
    /// take minutes keeps to its deadline; some of a table always runs, so the share is
    /// never zero. The second value says whether the step finished. The step is joined in a
    /// count's own parts of its table, since each part passes over all of the step's west
    /// groups; measured in docs/performance.md ("The join's constants").
    pub(crate) fn time_step(
        &self,
        index: usize,
        south: usize,
        deadline: Instant,
        room: &mut Room,
        storage: Storage,
    ) -> Result<(f64, bool), Error> {
        let stopwatch = Stopwatch {
            deadline,
            building: Cell::new(Duration::ZERO),
            done: Cell::new(0.0),
            halves: Cell::new(0.0),
            foreseeing: Cell::new(Duration::ZERO),
            stopped: Cell::new(false),
        };
        let started = Instant::now();
        let (norths, times) = self.timed_norths(index);
        self.solve_choices(norths, Some(south), Some(&stopwatch), room, None)?;
        let elapsed = started.elapsed().saturating_sub(stopwatch.foreseeing.get());
        let mut seconds = elapsed.as_secs_f64() * times as f64;
        if storage == Storage::Tables && self.tables.is_none() {
            seconds -= stopwatch.building.get().as_secs_f64();
        }
        let (done, all) = (stopwatch.done.get(), stopwatch.halves.get());
        Ok(match stopwatch.stopped.get() && done > 0.0 {
            false => (seconds.max(0.0), !stopwatch.stopped.get()),
            true => (seconds.max(0.0) * all / done, false),
        })
    }

    /// What subproblem `index` does before its steps: with streamed storage, it builds its
    /// north row sets and their sieve, which `room` keeps for the steps [`time_step`]
    /// then times in it.
    ///
    /// [`time_step`]: Solver::time_step
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the sets of rows cannot be allocated.
    pub(crate) fn prepare(&self, index: usize, room: &mut Room) -> Result<(), Error> {
        // Built afresh, as a count builds them for each subproblem; no set of south rows
        // has every bit, so no step runs.
        room.norths = None;
        self.solve_choices(
            self.timed_norths(index).0,
            Some(usize::MAX),
            None,
            room,
            None,
        )
        .map(drop)
    }

    /// The north row sets of subproblem `index` whose steps a sample times, and how many
    /// times over their time counts: all of them, or, where a count builds them one at a
    /// time ([`Solver::north_sets_at_once`]), one picked by the subproblem's number, which
    /// stands for each (a count builds and joins them all, so a step's time is as many
    /// times its own on average, and a sample holds one set, as a count does).
    pub(crate) fn timed_norths(&self, index: usize) -> (&[usize], usize) {
        let norths = &self.groups[index - self.first];
        match self.north_sets_at_once < norths.len() {
            false => (norths, 1),
            true => {
                // The high bits of a multiplicative hash: subproblems next to each other
                // pick unrelated sets.
                let hash = (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
                let pick = hash as usize % norths.len();
                (&norths[pick..=pick], norths.len())
            }
        }
    }
}

//! A subproblem of the join counted, prepared, or timed step by step for a plan.

use super::choices::{Room, Stopwatch};
use super::sizing::Storage;
use super::solver::Solver;

use std::cell::Cell;
use std::time::{Duration, Instant};

use crate::counting::running::pool::Pool;
use crate::error::Error;

/// Half-boards in a part of a step being timed: small, so that the deadline is looked at
/// often (a part of [`PART`] takes 30 s at n = 26), and more than a crossing table holds, so
/// that a choice is joined the way a count joins it.
const TIMED_PART: usize = 1 << 12;

impl Solver {
    /// The solutions subproblem `index` accounts for (a subproblem of this case).
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the sets of rows it reads cannot be allocated.
    pub(crate) fn solve(&self, index: usize) -> Result<u64, Error> {
        let mut room = Room::default();
        self.solve_choices(&self.groups[index - self.first], None, None, &mut room)
    }

    /// The solutions subproblem `index` accounts for, counted on the threads of `pool`: a
    /// step (one set of south rows) per thread where the solver has no whole tables, which
    /// the threads then share the subproblem's north row sets for (see
    /// [`Storage::Streamed`]).
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the sets of rows it reads cannot be allocated.
    pub(crate) fn solve_on(&self, index: usize, pool: &Pool) -> Result<u64, Error> {
        match self.tables {
            Some(_) => self.solve(index),
            None => self.solve_by_steps(&self.groups[index - self.first], pool),
        }
    }

    /// The solutions step `south` of subproblem `index` accounts for, counted in `room`
    /// (whose north row sets it reuses if they are this subproblem's).
    #[cfg(test)]
    pub(super) fn solve_step(
        &self,
        index: usize,
        south: usize,
        room: &mut Room,
    ) -> Result<u64, Error> {
        self.solve_choices(&self.groups[index - self.first], Some(south), None, room)
    }

    /// Runs step `south` of subproblem `index` (what [`Plan::step`] gives: its north row
    /// sets with the one set of south rows) until `deadline`, in `room` (kept from step to
    /// step, as a count keeps it), and returns the seconds the whole step takes in a count
    /// whose storage is `storage`: measured if it finished, else estimated from the share
    /// of its pairs of placements done by then (a part of its table always runs, so the
    /// share is never zero). The second value says whether the step finished.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the sets of rows it reads cannot be allocated.
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
            // A count's own parts where its tables are whole (to n = 22); small ones else,
            // so that a step of a large board looks at its deadline often.
            part: match storage {
                Storage::Tables => self.part,
                Storage::Streamed => TIMED_PART,
            },
            building: Cell::new(Duration::ZERO),
            done: Cell::new(0.0),
            pairs: Cell::new(0),
            stopped: Cell::new(false),
        };
        let started = Instant::now();
        self.solve_choices(
            &self.groups[index - self.first],
            Some(south),
            Some(&stopwatch),
            room,
        )?;
        let mut seconds = started.elapsed().as_secs_f64();
        if storage == Storage::Tables && self.tables.is_none() {
            seconds -= stopwatch.building.get().as_secs_f64();
        }
        let (done, all) = (stopwatch.done.get(), stopwatch.pairs.get());
        Ok(match stopwatch.stopped.get() && done > 0.0 {
            false => (seconds.max(0.0), !stopwatch.stopped.get()),
            true => (seconds.max(0.0) * all as f64 / done, false),
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
            &self.groups[index - self.first],
            Some(usize::MAX),
            None,
            room,
        )
        .map(drop)
    }
}

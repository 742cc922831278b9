//! The quadrant join's subproblems: one per set of row choices, and, when classes are
//! counted, one more for the solutions the rotations fix (Burnside's lemma adds them).

use std::time::{Duration, Instant};

use crate::counting::contract::audit::Auditor;
use crate::counting::contract::engine::Engine;
use crate::counting::contract::pool::Pool;
use crate::counting::contract::subproblem::Subproblem;
use crate::counting::contract::work::{
    Classes, Finished, Job, Results, Sample, Sampling, Timed, Work, burnside, sampled, sum, timed,
};
use crate::counting::engines::quadrants::{
    Plan, Room, Solver, Storage, needed, sample_threads, storage,
};
use crate::counting::engines::symmetric::count_symmetric;
use crate::error::{Advice, Error, Refusal};

/// The join's subproblems of a board of `n`, then, when classes are counted (`rotations`),
/// the rotations' one.
pub(crate) struct Join {
    n: usize,
    plan: Plan,
    rotations: bool,
}

impl Join {
    pub(crate) fn new(n: usize, rotations: bool) -> Join {
        Join {
            n,
            plan: Plan::new(n),
            rotations,
        }
    }
}

impl Work for Join {
    fn len(&self) -> usize {
        self.plan.len() + usize::from(self.rotations)
    }

    /// The rotations' subproblem too, which only a count of classes has.
    fn recordable(&self) -> usize {
        self.plan.len() + 1
    }

    fn count(&self, job: &Job<'_>) -> Result<Results, Error> {
        let Job {
            todo,
            pool,
            memory,
            stopped,
            finished,
            audit,
        } = *job;
        let storage = match todo.is_empty() {
            true => Storage::Tables,
            false => storage(self.n, pool.threads(), memory)?,
        };
        // The rotations' subproblem, numbered after the join's, runs last.
        let joined = todo.partition_point(|&i| i < self.plan.len());
        let mut results = run_by_case(
            &self.plan,
            (storage, pool),
            &todo[..joined],
            stopped,
            finished,
            audit,
        )?;
        if let Some(&index) = todo[joined..].first().filter(|_| self.rotations) {
            results.push(finished(&|| {
                Ok(Subproblem {
                    index,
                    total: 0,
                    fundamental: None,
                    fixed: count_symmetric(self.n)?.fixed(),
                    engine: Engine::Quadrants,
                })
            }));
        }
        Ok(results)
    }

    fn implausible(&self, s: &Subproblem) -> Option<Refusal> {
        let rotations = self.plan.len();
        let reason = if s.fundamental.is_some() {
            format!(
                "subproblem {} of the quadrants engine cannot count classes itself",
                s.index
            )
        } else if s.index == rotations && !self.rotations {
            return Some(Refusal {
                reason: format!(
                    "subproblem {} counts the solutions rotations fix, which only a count of \
                     symmetry classes has: this was written by a count of classes",
                    s.index
                ),
                advice: &[Advice::Classes],
            });
        } else if s.index < rotations && s.fixed != 0 {
            // The join's subproblems count solutions, the rotations' one fixed ones.
            format!(
                "subproblem {} of the quadrant join cannot have {} fixed solutions",
                s.index, s.fixed
            )
        } else if s.index == rotations && s.total != 0 {
            format!(
                "subproblem {} counts rotations' fixed solutions, not {} solutions",
                s.index, s.total
            )
        } else {
            return None;
        };
        Some(reason.into())
    }

    fn classes(&self, all: &[Subproblem], total: u64, whole: bool) -> Result<Classes, Error> {
        if !self.rotations {
            return Ok(Classes::default());
        }
        let fixed = sum(self.n, all, |s| s.fixed)?;
        // A shard's fixed solutions are only part of the whole count's.
        let fundamental = whole.then(|| burnside(self.n, total, fixed)).transpose()?;
        Ok(Classes {
            fundamental,
            fixed: Some(fixed),
        })
    }

    /// The steps of the join's subproblems (one set of south rows each), timed as the count
    /// runs them: where it would build whole tables, they are built (their time is the
    /// count's setup) and each step reads them; else a step reads only the rows its
    /// subproblem builds, and what the subproblem builds before its steps is timed apart.
    fn sample(&self, sampling: &Sampling) -> Result<Sample, Error> {
        let &Sampling {
            samples,
            budget,
            threads,
            memory,
        } = sampling;
        let storage = storage(self.n, threads, memory)?;
        let plan = &self.plan;
        // The whole tables of each case, shared by the threads, where the count builds them.
        let (mut setups, mut tables) = (Vec::new(), Vec::new());
        if storage == Storage::Tables {
            for case in 0..plan.cases() {
                let mut built = None;
                let seconds = timed(&mut || {
                    built = Some(Solver::new(plan, case, storage)?);
                    Ok(())
                })?;
                setups.push((plan.subproblems_of_case(case), seconds));
                tables.extend(built);
            }
        }
        // Each thread's solver of the case it is in (without whole tables), the room its
        // steps work in, and whether its last step timed ran past its slice.
        let state = |_| (None::<(usize, Solver)>, Room::default(), false);
        let sample = sampled(
            plan.steps(),
            samples,
            budget,
            sample_threads(self.n, threads, memory),
            state,
            |(solver, room, long), index, end| {
                let (subproblem, south) = plan.step(index as u64);
                let case = plan.case_of(subproblem);
                let solver = match tables.get(case) {
                    Some(whole) => whole,
                    None => {
                        if solver.as_ref().is_none_or(|(c, _)| *c != case) {
                            *solver = Some((case, Solver::new(plan, case, storage)?));
                        }
                        let Some((_, solver)) = solver else {
                            unreachable!("a solver was made above");
                        };
                        solver
                    }
                };
                let prepare = timed(&mut || solver.prepare(subproblem, room))?
                    * solver.timed_norths(subproblem).1 as f64;
                // A step may run for minutes from n = 25: past a slice of the budget, it is
                // estimated from the part it ran, so that many steps are timed in the budget.
                let slice = || {
                    let now = Instant::now();
                    (now + STEP_SLICE).min(end).max(now + STEP_SLICE / 8)
                };
                // A count runs a subproblem's steps one after another, each finding the north
                // rows' placements in the cache: so does a step timed after the one before it,
                // unless steps run past their slice, too long for the cache to matter (the
                // step before would take as long, leaving half as many steps timed at n = 26).
                if let Some(before) = index.checked_sub(1).map(|i| plan.step(i as u64))
                    && before.0 == subproblem
                    && !*long
                {
                    solver.time_step(subproblem, before.1, slice(), room, storage)?;
                }
                let deadline = slice();
                let (step, whole) = solver.time_step(subproblem, south, deadline, room, storage)?;
                *long = !whole;
                Ok(Timed {
                    seconds: step,
                    whole,
                    // Whole tables hold the north row sets a streamed subproblem builds first.
                    overhead: match storage {
                        Storage::Tables => 0.0,
                        _ => prepare,
                    },
                })
            },
        )?;
        Ok(Sample {
            memory: needed(self.n, threads, storage),
            tables_per_subproblem: storage.streamed(),
            setups,
            ..sample
        })
    }

    fn subproblem_of(&self, part: u64) -> usize {
        self.plan.step(part).0
    }

    fn parts_of(&self, index: usize) -> u64 {
        self.plan.steps_of(index)
    }

    /// Its steps, each one set of south rows.
    fn audits_parts(&self) -> bool {
        true
    }

    /// A step of a subproblem of the join, on the streamed storage (which builds only the
    /// rows the step reads, so that a check of a whole-table count reads other memory).
    #[cfg(feature = "serde")]
    fn count_part(&self, subproblem: usize, part: u64, _memory: Option<u64>) -> Result<u64, Error> {
        let south = usize::try_from(part).ok();
        let steps = (subproblem < self.plan.len()).then(|| {
            let solver = Solver::new(&self.plan, self.plan.case_of(subproblem), Storage::Streamed);
            solver.map(|solver| (solver.steps_of(subproblem), solver))
        });
        match (steps.transpose()?, south) {
            (Some((steps, solver)), Some(south)) if steps.contains(&south) => {
                solver.solve_step(subproblem, south, &mut Room::default())
            }
            _ => Err(Error::ShardRecords {
                reason: format!(
                    "the audit names step {part} of subproblem {subproblem}, which the quadrant \
                     join of n = {} does not have",
                    self.n
                ),
            }),
        }
    }
}

/// The longest a sample runs one step of the join (a step of n = 27 runs for minutes): at
/// least 60 steps are timed in [`Estimate::BUDGET`](crate::counting::Estimate::BUDGET).
const STEP_SLICE: Duration = Duration::from_millis(250);

/// Solves the quadrant join's subproblems `todo` (in increasing order) case by case, on
/// `storage` and the threads of `pool`, so that only one case's tables are held at a time;
/// each step goes through `audit`, if any. `finished` solves a subproblem unless the count
/// has `stopped` (`None`).
fn run_by_case(
    plan: &Plan,
    (storage, pool): (Storage, &Pool),
    todo: &[usize],
    stopped: &(dyn Fn() -> bool + Sync),
    finished: &Finished<'_>,
    audit: Option<&Auditor>,
) -> Result<Results, Error> {
    let mut results = Vec::with_capacity(todo.len());
    let mut rest = todo;
    while let Some(&first) = rest.first() {
        let case = plan.case_of(first);
        let len = rest.partition_point(|&i| plan.case_of(i) == case);
        // A stopped count builds no more tables.
        if stopped() {
            results.extend(std::iter::repeat_n(None, rest.len()));
            break;
        }
        let solver = Solver::new(plan, case, storage)?;
        let subproblem = |index, total| {
            Ok(Subproblem {
                index,
                total,
                fundamental: None,
                fixed: 0,
                engine: Engine::Quadrants,
            })
        };
        match storage {
            // The threads share the case's tables, each counting subproblems of its own.
            Storage::Tables => results.extend(pool.run(&rest[..len], |index| {
                finished(&|| subproblem(index, solver.solve(index, audit)?))
            })),
            // The threads share a subproblem's north row sets, each counting steps of it
            // (or all of them each step): a process holds one subproblem's, not one per
            // thread.
            Storage::Streamed | Storage::Together { .. } => {
                results.extend(rest[..len].iter().map(|&index| {
                    finished(&|| subproblem(index, solver.solve_on(index, pool, audit)?))
                }))
            }
        }
        rest = &rest[len..];
    }
    Ok(results)
}

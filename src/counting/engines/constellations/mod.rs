//! The constellation engine's subproblems: one per border constellation, completed by a
//! search of the interior.

pub(crate) mod constellation;
pub(crate) mod method;

use crate::counting::contract::engine::Engine;
use crate::counting::contract::subproblem::Subproblem;
use crate::counting::contract::work::{
    Classes, Job, Results, Sample, Sampling, Timed, Work, sampled, sum, timed,
};
use crate::counting::engines::constellations::constellation::{Constellation, constellations};
use crate::counting::interior::{Interior, count_completions};
use crate::error::{Advice, Error, Refusal};
use crate::rng::SplitMix64;

/// The constellations of a board of `n`, counting classes or not.
pub(crate) struct Constellations {
    n: usize,
    fundamental: bool,
    all: Vec<Constellation>,
}

impl Constellations {
    pub(crate) fn new(n: usize, fundamental: bool) -> Constellations {
        Constellations {
            n,
            fundamental,
            all: constellations(n),
        }
    }
}

impl Work for Constellations {
    fn len(&self) -> usize {
        self.all.len()
    }

    fn count(&self, job: &Job<'_>) -> Result<Results, Error> {
        Ok(job.pool.run(job.todo, |index| {
            (job.finished)(&|| Ok(solve(self.n, index, &self.all[index], self.fundamental)))
        }))
    }

    fn implausible(&self, s: &Subproblem) -> Option<Refusal> {
        if s.fixed != 0 {
            return Some(Refusal::from(format!(
                "subproblem {} of the constellations engine cannot count fixed solutions",
                s.index
            )));
        }
        if self.fundamental && s.fundamental.is_none() {
            return Some(Refusal {
                reason: format!(
                    "subproblem {} has no count of symmetry classes: this was written by a \
                     count of solutions alone",
                    s.index
                ),
                advice: &[Advice::SolutionsAlone],
            });
        }
        // Each solution of a constellation stands for `weight` solutions.
        let weight = self.all.get(s.index)?.weight;
        (!s.total.is_multiple_of(weight)).then(|| {
            Refusal::from(format!(
                "subproblem {} cannot have {} solutions: its count is a multiple of {weight}",
                s.index, s.total
            ))
        })
    }

    fn classes(&self, all: &[Subproblem], _total: u64, _whole: bool) -> Result<Classes, Error> {
        let fundamental = self
            .fundamental
            .then(|| sum(self.n, all, |s| s.fundamental.unwrap_or(0)))
            .transpose()?;
        Ok(Classes {
            fundamental,
            fixed: None,
        })
    }

    /// Whole subproblems where they are small; on larger boards a random path down each
    /// subproblem's search to a part of [`WALK_TO_FREE_ROWS`] free rows, whose time,
    /// multiplied by the branching on the path, estimates the whole subproblem's (Knuth's
    /// estimator: right on average, however long the subproblem).
    fn sample(&self, sampling: &Sampling) -> Result<Sample, Error> {
        let &Sampling {
            samples,
            budget,
            threads,
            ..
        } = sampling;
        let n = self.n;
        let parts = self.all.len() as u64;
        let state = |thread: usize| SplitMix64(n as u64 ^ (thread as u64) << 32);
        sampled(parts, samples, budget, threads, state, |rng, index, _| {
            let (queens, _) = self.all[index].oriented(n);
            let interior = Interior::new(n, &queens);
            if interior.free <= WALK_TO_FREE_ROWS {
                let seconds = timed(&mut || {
                    solve(n, index, &self.all[index], self.fundamental);
                    Ok(())
                })?;
                return Ok(Timed {
                    seconds,
                    whole: true,
                    overhead: 0.0,
                });
            }
            let (part, paths) = walk(interior, rng);
            let seconds = timed(&mut || {
                count_completions(&part);
                Ok(())
            })?;
            Ok(Timed {
                seconds: paths * seconds,
                whole: false,
                overhead: 0.0,
            })
        })
    }
}

/// A constellation subproblem with more free rows than this is timed by a random path down
/// its search to a part with this many: a part takes at most milliseconds, where a whole
/// subproblem takes seconds at n = 21 and grows five to eight times with each n.
pub(crate) const WALK_TO_FREE_ROWS: usize = 14;

/// A random path from `interior` down its search, a queen on a random open square of the
/// first free row at a time, to a board of [`WALK_TO_FREE_ROWS`] free rows (or one with no
/// open square left): that board, and how many such boards the search has per board
/// reached by the path (the product of the choices along it), 0 for a dead end.
fn walk(mut interior: Interior, rng: &mut SplitMix64) -> (Interior, f64) {
    let mut paths = 1.0;
    while interior.free > WALK_TO_FREE_ROWS {
        let open = interior.open[0];
        let choices = open.count_ones();
        if choices == 0 {
            return (interior, 0.0);
        }
        let mut square = open;
        for _ in 0..rng.exactly_below(u64::from(choices)) {
            square &= square - 1;
        }
        paths *= f64::from(choices);
        interior = interior.with_first_queen(square & square.wrapping_neg());
    }
    (interior, paths)
}

/// Counts the completions of one constellation class.
pub(crate) fn solve(
    n: usize,
    index: usize,
    constellation: &Constellation,
    fundamental: bool,
) -> Subproblem {
    let (queens, stabilizer) = constellation.oriented(n);
    let interior = Interior::new(n, &queens);
    let (completions, classes) = if fundamental && !stabilizer.is_empty() {
        // Solutions of a symmetric constellation may be symmetric themselves: count the
        // orbits of the stabilizer among them (Burnside's lemma).
        let (mut completions, mut fixed) = (0, 0);
        interior.for_each_solution(n, &queens, |columns| {
            completions += 1;
            fixed += stabilizer.iter().filter(|g| g.fixes(columns)).count() as u64;
        });
        (
            completions,
            Some((completions + fixed) / (1 + stabilizer.len() as u64)),
        )
    } else {
        let completions = count_completions(&interior);
        (completions, fundamental.then_some(completions))
    };
    Subproblem {
        index,
        total: constellation.weight * completions,
        fundamental: classes,
        fixed: 0,
        engine: Engine::Constellations,
    }
}

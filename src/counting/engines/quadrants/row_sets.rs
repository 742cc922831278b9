//! The row sets a subproblem builds where its case has no whole tables (streamed storage).

use super::quadrant::{RowSet, SetView};
use super::sieve::Sieve;
use super::solver::{Solver, east_tag};

use std::cell::Cell;
use std::time::{Duration, Instant};

use crate::counting::contract::pool::Pool;
use crate::error::Error;

/// The most steps of a subproblem whose east-south row sets its sieve weighs; measured in
/// docs/performance.md ("The join's constants").
const SOUTH_CENSUS: usize = 4;

/// North row sets built for a solver without whole tables, east and west, with their sieve.
pub(super) struct BuiltNorths {
    /// The first subproblem of their solver's case, and the north sets, which name them.
    pub(super) case: usize,
    pub(super) norths: Vec<usize>,
    pub(super) sets: Vec<[RowSet; 2]>,
    pub(super) sieve: Sieve,
}

impl Solver {
    /// Bytes of the north row sets of `norths`, and, if `souths`, of the largest south row
    /// sets of any of their steps.
    #[cfg(test)]
    pub(super) fn row_set_bytes(
        &self,
        norths: &[usize],
        souths: bool,
    ) -> Result<[usize; 2], Error> {
        let built = self.built_norths(norths, &Pool::new(1, 1))?;
        let bytes = |sets: &[RowSet]| sets.iter().map(RowSet::bytes).sum::<usize>();
        let mut south = 0;
        for step in self.steps(norths).into_iter().filter(|_| souths) {
            if let Some(sets) = self.built_south(step, &built.sieve, None, &Pool::new(1, 1))? {
                south = south.max(bytes(&sets));
            }
        }
        Ok([built.sets.iter().map(|sets| bytes(sets)).sum(), south])
    }

    /// The steps of north sets `norths`: the sets of south rows that complete them.
    pub(super) fn steps(&self, norths: &[usize]) -> Vec<usize> {
        let going_east = norths.first().map_or(0, |set| set.count_ones());
        (0..1usize << self.frame.south.len())
            .filter(|south| (going_east + south.count_ones()) as usize == self.east.cols.len())
            .collect()
    }

    /// The north row sets of `norths` built for one subproblem, east and west, on the
    /// threads of `pool`, with their sieve; for a solver without whole tables.
    pub(super) fn built_norths(&self, norths: &[usize], pool: &Pool) -> Result<BuiltNorths, Error> {
        let all_north = (1 << self.frame.north.len()) - 1;
        let (east, west) = (
            self.east.placer(&self.frame, 0),
            self.west.placer(&self.frame, 0),
        );
        // East and west sets of each north set, two items of `pool`'s work each.
        let items: Vec<usize> = (0..2 * norths.len()).collect();
        let mut built = pool
            .run(&items, |item| match item % 2 {
                0 => RowSet::new(&east, norths[item / 2]),
                _ => RowSet::new(&west, norths[item / 2] ^ all_north),
            })
            .into_iter();
        let mut sets = Vec::with_capacity(norths.len());
        while let (Some(east), Some(west)) = (built.next(), built.next()) {
            sets.push([east?, west?]);
        }
        // An east half-board joins a north placement with a south one: the sieve weighs
        // the diagonals of both, the south ones from a few of the steps' sets, spread over
        // them (all of them would double what the steps build).
        let steps = self.steps(norths);
        let sampled: Vec<usize> = (0..SOUTH_CENSUS.min(steps.len()))
            .map(|k| steps[(2 * k + 1) * steps.len() / (2 * SOUTH_CENSUS.min(steps.len()))])
            .collect();
        let east_south = self.east.placer(&self.frame, 1);
        let souths = pool.run(&sampled, |south| RowSet::new(&east_south, south));
        let souths = souths.into_iter().collect::<Result<Vec<_>, _>>()?;
        let sieve = self.weighed_sieve(
            &sets
                .iter()
                .flat_map(|[_, west]| west.view().placements())
                .copied()
                .collect::<Vec<_>>(),
            [
                sets.iter()
                    .flat_map(|[east, _]| east.view().placements())
                    .collect(),
                souths
                    .iter()
                    .flat_map(|south| south.view().placements())
                    .collect(),
            ],
        );
        for [east, west] in &mut sets {
            east.tag(|p| east_tag(&sieve, p));
            west.tag(|p| self.west_tag(&sieve, p));
        }
        Ok(BuiltNorths {
            case: self.first,
            norths: norths.to_vec(),
            sets,
            sieve,
        })
    }

    /// The east and west north placements of each of `norths`, and the sieve: from the
    /// whole tables, or from what [`Solver::built_norths`] built.
    pub(super) fn north_sets<'a>(
        &'a self,
        norths: &[usize],
        built: Option<&'a BuiltNorths>,
    ) -> (Vec<[SetView<'a>; 2]>, &'a Sieve) {
        let all_north = (1 << self.frame.north.len()) - 1;
        match (&self.tables, built) {
            (_, Some(BuiltNorths { sets, sieve, .. })) => (
                sets.iter()
                    .map(|[east, west]| [east.view(), west.view()])
                    .collect(),
                sieve,
            ),
            (Some(tables), None) => (
                norths
                    .iter()
                    .map(|&north| {
                        [
                            tables.east[0].set(north),
                            tables.west[0].set(north ^ all_north),
                        ]
                    })
                    .collect(),
                &tables.sieve,
            ),
            (None, None) => unreachable!("a solver without tables builds its north sets"),
        }
    }

    /// The south row set `south` built, east and west (the east one tagged by `sieve`), for
    /// a solver without whole tables, the two on two threads of `pool` if it has them; the
    /// time it takes is added to `building` (whole tables already hold it).
    pub(super) fn built_south(
        &self,
        south: usize,
        sieve: &Sieve,
        building: Option<&Cell<Duration>>,
        pool: &Pool,
    ) -> Result<Option<[RowSet; 2]>, Error> {
        if self.tables.is_some() {
            return Ok(None);
        }
        let all_south = (1 << self.frame.south.len()) - 1;
        let started = Instant::now();
        let mut sides = pool
            .run(&[0, 1], |side| match side {
                0 => {
                    let mut east = RowSet::new(&self.east.placer(&self.frame, 1), south)?;
                    east.tag(|p| east_tag(sieve, p));
                    Ok(east)
                }
                _ => RowSet::new(&self.west.placer(&self.frame, 1), south ^ all_south),
            })
            .into_iter();
        let (Some(east), Some(west)) = (sides.next(), sides.next()) else {
            unreachable!("the pool returns one result a side");
        };
        let built = [east?, west?];
        if let Some(building) = building {
            building.set(building.get() + started.elapsed());
        }
        Ok(Some(built))
    }

    /// The east and west south placements of `south`: from the whole tables, or from what
    /// [`Solver::built_south`] built.
    pub(super) fn south_sets<'a>(
        &'a self,
        south: usize,
        built: Option<&'a [RowSet; 2]>,
    ) -> [SetView<'a>; 2] {
        let all_south = (1 << self.frame.south.len()) - 1;
        match (&self.tables, built) {
            (_, Some(built)) => built.each_ref().map(RowSet::view),
            (Some(tables), None) => [
                tables.east[1].set(south),
                tables.west[1].set(south ^ all_south),
            ],
            (None, None) => unreachable!("a solver without tables builds its south sets"),
        }
    }
}

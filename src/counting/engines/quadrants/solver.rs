//! One case of the join, from which its subproblems are counted or timed.

use super::frame::{Diagonals, Frame, Shared};
use super::join::{PAIRED_BYTES, PART, SIEVE_PAIRS, STREAMED_SIEVE, Squares, WEST, streamed_join};
use super::layout::Placement;
use super::plan::Plan;
use super::quadrant::{Mark, Quadrant, Record, Side};
use super::sieve::{FITTED_FROM, Sieve, census, sieve_candidates};
use super::sizing::{Storage, TABLES_UP_TO};
use super::table::{Table, bucket_chunks};

use crate::error::Error;

/// One case of a plan, from which its subproblems are counted on any thread: with the
/// whole case's tables when they fit in memory, else building, for each subproblem, only
/// the sets of rows it reads.
pub(crate) struct Solver {
    pub(super) weight: u64,
    pub(super) first: usize,
    /// Whether the case is the whole even board, where the symmetry reductions apply.
    pub(super) whole: bool,
    /// Whether a row choice and its north-south mirror image count alike and only one of
    /// them is counted, twice (see [`Case::mirrored`](super::plan::Case::mirrored)).
    pub(super) mirrored: bool,
    /// The case's subproblems send fewer north rows east than this (see
    /// [`Case::east_below`](super::plan::Case::east_below)).
    pub(super) east_below: usize,
    pub(super) frame: Frame,
    pub(super) shared: Shared,
    pub(super) west: Side,
    pub(super) east: Side,
    /// Shared diagonals the subproblem's sieve leaves out: the longest ones, and those
    /// south-west placements hold.
    pub(super) unsieved: u64,
    /// The longest diagonals among the shared ones, which no sieve takes.
    pub(super) longest: u64,
    pub(super) squares: Squares,
    pub(super) groups: Vec<Vec<usize>>,
    pub(super) tables: Option<Tables>,
    /// The east half-boards a table holds at a time (see [`streamed_join`]).
    pub(super) part: usize,
    /// The partners a batch of a row choice's west half-boards lists before the join reads
    /// the table for them.
    pub(super) west_batch: usize,
    /// The most bytes a part's planes of squares take for the join to read rows two at a
    /// time: [`PAIRED_BYTES`], shrunk with the parts where they are halved to fit memory.
    pub(super) paired_bytes: usize,
    /// The fewest pairs of west placements a row choice lists for its table to be put in
    /// buckets by sieve key, and the chunks a bucket has on average, at least.
    pub(super) sieving: (usize, usize),
    /// The sieve diagonals a key has: [`STREAMED_SIEVE`] where the tables are streamed
    /// (more on the largest boards: see [`streamed_join`]), [`WHOLE_SIEVE`] where they are
    /// whole; measured in docs/performance.md ("The join's constants").
    pub(super) sieve_width: usize,
    /// The fewest chunks a table has for the join to fit a sieve to it rather than sort it
    /// by the subproblem's (see [`Sieve::fitted`]): [`FITTED_FROM`].
    pub(super) fitted_from: usize,
    /// How many north row sets of a subproblem a streamed count builds and keeps at a time:
    /// all of them, so that a step builds its south sets once for them all, except from
    /// [`ONE_NORTH_SET_FROM`] on, where a subproblem's take gigabytes.
    pub(super) north_sets_at_once: usize,
    /// Whether the threads count each step of a subproblem together (see
    /// [`Storage::Together`]), not each a step of its own.
    pub(super) together: bool,
}

/// The sieve diagonals a key has where the tables are whole (to n = 22): see
/// [`Solver::sieve_width`].
const WHOLE_SIEVE: usize = 5;

/// How a count of `n` keeping its placements as `storage` says joins: the east half-boards a
/// part of a table holds, the most bytes its planes of pairs of squares take, and the bits
/// of its sieve keys (see [`Solver::sieve_width`]).
pub(super) fn join_of(n: usize, storage: Storage) -> (usize, usize, usize) {
    match (n > TABLES_UP_TO, storage) {
        (false, _) => (PART, PAIRED_BYTES, WHOLE_SIEVE),
        // Threads counting steps together take a count's usual parts and keys, halved to fit
        // (see `together_needed`).
        (true, Storage::Together { .. }) => (PART, PAIRED_BYTES, STREAMED_SIEVE),
        (true, _) => streamed_join(n),
    }
}

/// West and east half-boards sampled, each, to fit a long table's sieve (see
/// [`Sieve::fitted`]): a few hundred thousand simple steps, against a table of a quarter
/// of a million half-boards or more that each group reads a share of.
const FITTED_SAMPLE: usize = 1024;

/// The smallest board whose streamed counts build one north row set of a subproblem at a
/// time: at n = 28 the whole board's largest subproblem's four take 1.8 GB (3.5 GB while built), the
/// largest one found 0.47 GB; the south sets, built again for each, take seconds where the
/// steps take hours.
pub(super) const ONE_NORTH_SET_FROM: usize = 27;

/// A board of `n`'s longest diagonal rising (`direction` 0) through the north-east and
/// south-west quadrants, or falling (1) through the north-west and south-east ones.
fn longest(n: usize, direction: usize) -> Diagonals {
    let diagonal = 1 << n.saturating_sub(1);
    match direction {
        0 => Diagonals {
            rising: diagonal,
            falling: 0,
        },
        _ => Diagonals {
            rising: 0,
            falling: diagonal,
        },
    }
}

/// The west and east sides of a case around `frame`: the west's placements record their
/// squares, the east's their `shared` diagonals; on a `whole` board each quadrant marks the
/// longest diagonal through it, the west's keeping placements on it, the east's not.
fn sides(frame: &Frame, shared: &Shared, whole: bool) -> [Side; 2] {
    let n = frame.n;
    let marks = |north: Diagonals, south: Diagonals, keep| match whole {
        true => [north, south].map(|diagonal| Some(Mark { diagonal, keep })),
        false => [None, None],
    };
    let (rising, falling) = (longest(n, 0), longest(n, 1));
    [
        Side::new(
            frame,
            &frame.west,
            Record::Squares,
            marks(falling, rising, true),
        ),
        Side::new(
            frame,
            &frame.east,
            Record::Diagonals(*shared),
            marks(rising, falling, false),
        ),
    ]
}

/// The tables of a whole case: every placement of each quadrant, north first, and the
/// sieve, chosen from all of them, by which the north-west placements are tagged.
pub(super) struct Tables {
    pub(super) west: [Quadrant; 2],
    pub(super) east: [Quadrant; 2],
    pub(super) sieve: Sieve,
}

impl Solver {
    /// The solver of case `case` of `plan`, its tables built if `storage` says so.
    pub(crate) fn new(plan: &Plan, case: usize, storage: Storage) -> Result<Solver, Error> {
        let n = plan.n;
        let case = &plan.cases[case];
        let frame = Frame::around(n, &case.fixed);
        let shared = Shared::new(&frame);
        let whole = case.whole(n);
        let mirrored = case.halved() && case.mirrored(n);
        let [west, east] = sides(&frame, &shared, whole);
        // East half-boards hold no longest diagonal (whole boards): no plane reads one.
        let long = match whole {
            true => shared.of(longest(n, 0).with(longest(n, 1))),
            false => 0,
        };
        let squares = Squares {
            diagonals: frame
                .rows()
                .flat_map(|row| frame.west.iter().map(move |&col| (row, col)))
                .map(|square| shared.of(Diagonals::of(n, square)) & !long)
                .collect(),
            norths: frame.north.len(),
            cols: frame.west.len(),
        };
        let south_west = &squares.diagonals[squares.norths * squares.cols..];
        let unsieved = long | south_west.iter().fold(0, |any, &d| any | d);
        let (part, paired_bytes, sieve_width) = join_of(n, storage);
        let mut solver = Solver {
            weight: case.weight,
            first: case.first,
            whole,
            mirrored,
            east_below: case.east_below,
            groups: case.north_groups(),
            frame,
            shared,
            west,
            east,
            unsieved,
            longest: long,
            squares,
            tables: None,
            part,
            west_batch: WEST,
            paired_bytes,
            sieving: (SIEVE_PAIRS, bucket_chunks()),
            sieve_width,
            fitted_from: FITTED_FROM,
            north_sets_at_once: match n < ONE_NORTH_SET_FROM {
                true => usize::MAX,
                false => 1,
            },
            together: false,
        };
        match storage {
            Storage::Tables => solver.tables = Some(solver.tables()?),
            Storage::Streamed => {}
            Storage::Together { halvings } => {
                (solver.west_batch, solver.part) = (WEST >> halvings, part >> halvings);
                solver.paired_bytes = paired_bytes >> halvings;
                solver.together = true;
            }
        }
        Ok(solver)
    }

    /// The tables of the whole case.
    fn tables(&self) -> Result<Tables, Error> {
        // A halved case sends at most some of its north rows east (and as many south rows
        // west as the east columns leave): its north-east and south-west row sets are no
        // larger.
        let (norths, souths) = (self.frame.north.len(), self.frame.south.len());
        let most = self.east_below.saturating_sub(1);
        let [north_east, south_west] = match self.east_below <= norths {
            true => [most, (souths + most).saturating_sub(self.east.cols.len())],
            false => [usize::MAX; 2],
        };
        let [mut west_north, west_south] =
            (self.west).quadrants(&self.frame, [usize::MAX, south_west])?;
        let mut east = (self.east).quadrants(&self.frame, [north_east, usize::MAX])?;
        let sieve = self.sieve(
            west_north.placements(),
            east.iter().flat_map(|quadrant| quadrant.placements()),
        );
        west_north.tag(|p| self.west_tag(&sieve, p));
        for quadrant in &mut east {
            quadrant.tag(|p| east_tag(&sieve, p));
        }
        Ok(Tables {
            west: [west_north, west_south],
            east,
            sieve,
        })
    }

    /// The sieve for north-west placements `uppers` against east ones `others`.
    pub(super) fn sieve<'a>(
        &self,
        uppers: &[Placement],
        others: impl IntoIterator<Item = &'a Placement>,
    ) -> Sieve {
        let diagonals = self.shared.len();
        let upper = census(diagonals, uppers, |p| self.west_shared(p.shared));
        let others = census(diagonals, others, |p| p.shared);
        let candidates = sieve_candidates(&upper, &others, self.unsieved);
        Sieve::new(&candidates, self.tag_width())
    }

    /// The sieve for north-west placements `uppers` against east half-boards that each
    /// join a placement of `sides[0]` (north) with one of `sides[1]` (south): a diagonal
    /// weighs what share of each side holds it, whatever the sides' sizes.
    pub(super) fn weighed_sieve(&self, uppers: &[Placement], sides: [Vec<&Placement>; 2]) -> Sieve {
        let diagonals = self.shared.len();
        let upper = census(diagonals, uppers, |p| self.west_shared(p.shared));
        let mut others = vec![0u64; diagonals];
        for side in sides.iter().filter(|side| !side.is_empty()) {
            let held = census(diagonals, side.iter().copied(), |p| p.shared);
            for (other, held) in others.iter_mut().zip(held) {
                *other += ((u128::from(held) << 32) / side.len() as u128) as u64;
            }
        }
        let candidates = sieve_candidates(&upper, &others, self.unsieved);
        Sieve::new(&candidates, self.tag_width())
    }

    /// A sieve fitted to a long table (see [`Sieve::fitted`]), from samples of its
    /// half-boards and of the north-west placements `uppers`, and the key of each square of
    /// the north-west rows by it, 16 a row (none for the code 0 of a row left empty).
    pub(super) fn fitted_sieve(&self, table: &Table, uppers: &[Placement]) -> (Sieve, Vec<usize>) {
        let every = uppers.len().div_ceil(FITTED_SAMPLE).max(1);
        let west: Vec<u64> = (uppers.iter().step_by(every))
            .map(|p| self.west_shared(p.shared))
            .collect();
        let east: Vec<u64> = table.sample(FITTED_SAMPLE).collect();
        // Every shared diagonal but the longest, those south-west placements hold too (the
        // sample's north-west placements decide which spare any reading): a group skips the
        // east half-boards sharing one with its north-west placement, whatever its partners
        // hold; measured in docs/performance.md ("The join's constants").
        let candidates = ((1u64 << self.shared.len()) - 1) & !self.longest;
        let sieve = Sieve::fitted(&west, &east, candidates, self.sieve_width);
        let cols = self.squares.cols;
        let keys = (0..self.squares.norths * 16)
            .map(|square| match square % 16 {
                0 => 0,
                col if col <= cols => {
                    sieve.key(self.squares.diagonals[square / 16 * cols + col - 1])
                }
                _ => 0,
            })
            .collect();
        (sieve, keys)
    }

    /// The shared diagonals of a north-west placement with squares `code` (longest ones
    /// left out).
    fn west_shared(&self, code: u64) -> u64 {
        let cols = self.squares.cols;
        (0..self.squares.norths)
            .filter_map(|row| match code >> (4 * row) & 15 {
                0 => None,
                col => Some(self.squares.diagonals[row * cols + col as usize - 1]),
            })
            .fold(0, |all, d| all | d)
    }

    /// The sieve key of a north-west placement, as a tag: the join groups by them.
    pub(super) fn west_tag(&self, sieve: &Sieve, placement: &Placement) -> u64 {
        sieve.tag(sieve.key(self.west_shared(placement.shared)))
    }

    /// The bits of the subproblem's sieve keys: [`Solver::sieve_width`], or fewer where
    /// the north-west placements' square codes (4 bits a north row) leave their tags fewer
    /// (8 on n = 28's whole board). A table's own sieve keys its north-west placements by their squares,
    /// not by tags, and takes every bit.
    pub(super) fn tag_width(&self) -> usize {
        self.sieve_width.min(64 - 4 * self.squares.norths)
    }

    /// Bytes the tables hold.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        self.tables.as_ref().map_or(0, |t| {
            (t.west.iter().chain(&t.east)).map(Quadrant::bytes).sum()
        })
    }
}

/// The sieve key of an east placement, as a tag above their shared diagonals: a half-board
/// joining two of them carries its own key, which sorting the table then reads in one shift
/// (see [`Sieve::tagged`]).
pub(super) fn east_tag(sieve: &Sieve, placement: &Placement) -> u64 {
    sieve.tag(sieve.key(placement.shared))
}

//! Every placement of queens in one quadrant, for every choice of its rows: the tables the
//! join reads.

use super::frame::{Diagonals, Frame, Shared};
use super::layout::{Placement, square_code};
use crate::error::{Error, try_vec, try_with_capacity};

impl Placement {
    /// Appends `lower.shared | add` to `out` for each of `lowers` that agrees with this
    /// placement (holds none of its diagonals).
    ///
    /// Each value is written, then kept or not: no branch to mispredict, and the length
    /// stays in a register; with AVX-512, eight at a time.
    pub(super) fn join(&self, lowers: &[Placement], add: u64, out: &mut Values) {
        let held = self.held;
        // Vector kernels store whole vectors: room for one more.
        let window = out.room(lowers.len() + 8);
        #[cfg(target_arch = "x86_64")]
        if crate::counting::kernels::join::filters() {
            out.len += crate::counting::kernels::join::filter(held, add, lowers, window);
            return;
        }
        let mut kept = 0;
        for lower in lowers {
            window[kept] = lower.shared | add;
            kept += usize::from(held & lower.held == 0);
        }
        out.len += kept;
    }
}

/// Joins each of `uppers` to the placements of `lowers[0]`, then of `lowers[1]`, that
/// agree with it, appending `lower.shared` for each to `out`; `ends` gets, for each upper,
/// where its values from each list end.
pub(super) fn join_each(
    uppers: &[Placement],
    lowers: [&[Placement]; 2],
    out: &mut Values,
    ends: &mut Vec<[u32; 2]>,
) {
    ends.clear();
    ends.resize(uppers.len(), [0; 2]);
    #[cfg(target_arch = "x86_64")]
    if crate::counting::kernels::join::filters() {
        // In batches, so that the room for every pair stays small.
        let pairs = (lowers[0].len() + lowers[1].len()).max(1);
        let batch = (4096 / pairs).max(1);
        for (uppers, ends) in uppers.chunks(batch).zip(ends.chunks_mut(batch)) {
            let base = out.len() as u32;
            let window = out.room(uppers.len() * pairs + 8);
            out.len +=
                crate::counting::kernels::join::join_each(uppers, lowers, window, ends, base);
        }
        return;
    }
    for (upper, ends) in uppers.iter().zip(ends) {
        for (list, end) in lowers.iter().zip(ends) {
            upper.join(list, 0, out);
            *end = out.len() as u32;
        }
    }
}

/// A list of values whose storage only ever grows, so appending clears nothing.
#[derive(Debug, Default)]
pub(super) struct Values {
    storage: Vec<u64>,
    len: usize,
}

impl Values {
    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn as_slice(&self) -> &[u64] {
        &self.storage[..self.len]
    }

    /// Room for `extra` more values after the last one (holding anything).
    pub fn room(&mut self, extra: usize) -> &mut [u64] {
        let end = self.len + extra;
        if self.storage.len() < end {
            self.storage.resize(end.max(2 * self.storage.len()), 0);
        }
        &mut self.storage[self.len..end]
    }
}

/// What a quadrant's placements record for the join in [`Placement::shared`].
#[derive(Clone, Copy)]
pub(super) enum Record<'a> {
    /// The shared diagonals they hold.
    Diagonals(&'a Shared),
    /// Their squares as [`square_code`] writes them: the join reads one plane per square.
    Squares,
}

/// A marked diagonal: placements on it are kept apart (flag 1), or left out.
#[derive(Debug, Clone, Copy)]
pub(super) struct Mark {
    pub diagonal: Diagonals,
    pub keep: bool,
}

/// The placements of one quadrant, grouped by the rows they fill, then by whether they hold
/// the marked diagonal, then by the columns they fill: `offsets` gives where each group
/// starts.
pub(super) struct Quadrant {
    cols: usize,
    offsets: Vec<u32>,
    placements: Vec<Placement>,
}

impl Quadrant {
    /// The placements in rows `rows` and columns `cols` of `frame`.
    ///
    /// Built one row at a time: the placements in a set of rows are those of the set without
    /// its last row, each with one more queen in that row.
    pub fn new(
        frame: &Frame,
        rows: &[usize],
        cols: &[usize],
        pack: [usize; 2],
        record: Record<'_>,
        mark: Option<Mark>,
    ) -> Result<Quadrant, Error> {
        let k = cols.len();
        let groups_per_set = 2 << k;
        let mut offsets = try_vec(0u32, (groups_per_set << rows.len()) + 1)?;
        let mut placements = try_with_capacity(1)?;
        placements.push(Placement::default());
        offsets[1..].fill(1);
        let mut scratch: Vec<(usize, Placement)> = Vec::new();
        let mut counts = vec![0usize; groups_per_set + 1];
        for set in 1usize..1 << rows.len() {
            let last = usize::BITS as usize - 1 - set.leading_zeros() as usize;
            let row = rows[last];
            let base = set - (1 << last);
            scratch.clear();
            for key in 0..groups_per_set {
                let (flag, used) = (key >> k, key & ((1 << k) - 1));
                let group = base * groups_per_set + key;
                let from = offsets[group] as usize..offsets[group + 1] as usize;
                for placement in &placements[from] {
                    for (j, &col) in cols.iter().enumerate() {
                        if used >> j & 1 == 1 {
                            continue;
                        }
                        let queen = Diagonals::of(frame.n, (row, col));
                        let packed = (queen.rising >> pack[0]) | ((queen.falling >> pack[1]) << 32);
                        if placement.held & packed != 0 || queen.meets(frame.held) {
                            continue;
                        }
                        let on_mark = mark.is_some_and(|m| m.diagonal.meets(queen));
                        if on_mark && !mark.is_some_and(|m| m.keep) {
                            continue;
                        }
                        let next = Placement {
                            held: placement.held | packed,
                            shared: placement.shared
                                | match record {
                                    Record::Diagonals(shared) => shared.of(queen),
                                    Record::Squares => square_code(last, j),
                                },
                        };
                        let key = ((flag | usize::from(on_mark)) << k) | used | 1 << j;
                        scratch.push((key, next));
                    }
                }
            }
            // A counting sort of the new placements by group.
            counts.fill(0);
            for &(key, _) in &scratch {
                counts[key + 1] += 1;
            }
            let start = placements.len();
            placements
                .try_reserve(scratch.len())
                .map_err(|_| Error::OutOfMemory {
                    bytes: scratch.len() * size_of::<Placement>(),
                })?;
            placements.resize(start + scratch.len(), Placement::default());
            for key in 0..groups_per_set {
                counts[key + 1] += counts[key];
                offsets[set * groups_per_set + key] = (start + counts[key]) as u32;
            }
            offsets[(set + 1) * groups_per_set] = (start + scratch.len()) as u32;
            for &(key, placement) in &scratch {
                placements[start + counts[key]] = placement;
                counts[key] += 1;
            }
        }
        placements.shrink_to_fit();
        Ok(Quadrant {
            cols: k,
            offsets,
            placements,
        })
    }

    /// The placements filling rows `rows` (bits into the quadrant's row list), flag `flag`
    /// and columns `cols` (bits into its column list).
    pub fn group(&self, rows: usize, flag: usize, cols: usize) -> &[Placement] {
        let group = (rows << (self.cols + 1)) | (flag << self.cols) | cols;
        &self.placements[self.offsets[group] as usize..self.offsets[group + 1] as usize]
    }

    /// The groups of rows `rows` with flag `flag`, with the columns of each: only sets of
    /// as many columns as rows can have any, so only those are visited.
    pub fn groups(&self, rows: usize, flag: usize) -> impl Iterator<Item = (usize, &[Placement])> {
        let queens = rows.count_ones();
        let first = (1usize << queens) - 1;
        let end = 1usize << self.cols;
        // The next larger number with as many ones (Gosper's hack).
        let next = move |&cols: &usize| {
            let lowest = cols & cols.wrapping_neg();
            let ripple = cols + lowest;
            let next = ripple | (((cols ^ ripple) >> 2) / lowest.max(1));
            (queens > 0 && next < end).then_some(next)
        };
        std::iter::successors((first < end).then_some(first), next)
            .map(move |cols| (cols, self.group(rows, flag, cols)))
            .filter(|(_, group)| !group.is_empty())
    }

    /// Every placement, in order.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// Sets in each placement's record the bits `tags` gives it, in order.
    pub fn tag(&mut self, tags: impl IntoIterator<Item = u64>) {
        for (placement, tag) in self.placements.iter_mut().zip(tags) {
            placement.shared |= tag;
        }
    }

    /// How many placements hold each shared diagonal, `of` giving those of a placement.
    fn census(&self, diagonals: usize, of: impl Fn(&Placement) -> u64) -> Vec<u64> {
        let mut counts = vec![0; diagonals];
        for placement in &self.placements {
            let mut held = of(placement);
            while held != 0 {
                counts[held.trailing_zeros() as usize] += 1;
                held &= held - 1;
            }
        }
        counts
    }

    /// Bytes held.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.offsets.len() * size_of::<u32>() + self.placements.len() * size_of::<Placement>()
    }
}

impl Side {
    /// Shared diagonals that `skip` leaves out (among them those this side's south
    /// quadrant holds), most often held by this side's north placements and the other
    /// side's first: sieve diagonals for [`join::Sieve`](super::join::Sieve).
    pub fn sieve_candidates(&self, other: &Side, shared: &Shared, skip: u64) -> Vec<u32> {
        let diagonals = shared.len();
        let upper = self
            .north
            .census(diagonals, |p| self.shared_of(p.held, shared));
        let other_upper = other
            .north
            .census(diagonals, |p| other.shared_of(p.held, shared));
        let other_lower = other
            .south
            .census(diagonals, |p| other.shared_of(p.held, shared));
        let mut candidates: Vec<u32> = (0..diagonals as u32)
            .filter(|&d| skip >> d & 1 == 0 && upper[d as usize] > 0)
            .collect();
        let score = |d: u32| {
            let d = d as usize;
            upper[d] as f64 * (other_upper[d] + other_lower[d]) as f64
        };
        candidates.sort_by(|&a, &b| score(b).total_cmp(&score(a)));
        candidates
    }
}

/// The two quadrants of one side (west or east), packing diagonals alike.
pub(super) struct Side {
    pub north: Quadrant,
    pub south: Quadrant,
    pub cols: usize,
    /// How far each direction's diagonals are shifted in [`Placement::held`].
    pack: [usize; 2],
}

impl Side {
    /// The quadrants of columns `cols`, their placements recording `record`.
    pub fn new(
        frame: &Frame,
        cols: &[usize],
        record: Record<'_>,
        marks: [Option<Mark>; 2],
    ) -> Result<Side, Error> {
        // The lowest diagonal of each direction among the side's squares is bit 0.
        let top = frame.rows().min().unwrap_or(0);
        let (left, right) = (
            cols.first().copied().unwrap_or(0),
            cols.last().copied().unwrap_or(0),
        );
        let pack = [top + left, (top + frame.n).saturating_sub(1 + right)];
        Ok(Side {
            north: Quadrant::new(frame, &frame.north, cols, pack, record, marks[0])?,
            south: Quadrant::new(frame, &frame.south, cols, pack, record, marks[1])?,
            cols: cols.len(),
            pack,
        })
    }

    /// The shared diagonals among those of a placement's [`Placement::held`].
    pub fn shared_of(&self, held: u64, shared: &Shared) -> u64 {
        shared.of(Diagonals {
            rising: (held & u64::from(u32::MAX)) << self.pack[0],
            falling: (held >> 32) << self.pack[1],
        })
    }
}

//! Every placement of queens in one quadrant, for every choice of its rows: the tables the
//! join reads.

use crate::counting::engines::quadrants::frame::{Diagonals, Frame, Shared};
use crate::counting::engines::quadrants::layout::{Placement, square_code};
use crate::error::{Error, try_vec, try_with_capacity};

/// Appends `lower.shared | upper.shared` to `out` for each pair of `uppers` and `lowers`
/// that agree (hold no diagonal in common), upper by upper, stopping before an upper once
/// `out` holds `limit` values; returns how many uppers it joined.
///
/// Each value is written, then kept or not: no branch to mispredict, and the length stays
/// in a register; with AVX-512, eight at a time, with AVX2 four.
pub(crate) fn join_all(
    uppers: &[Placement],
    lowers: &[Placement],
    out: &mut Values,
    limit: usize,
) -> usize {
    let limit = limit.saturating_sub(out.len());
    // Vector kernels store whole vectors: room for one more.
    let window = out.room((uppers.len() * lowers.len()).min(limit + lowers.len()) + 8);
    #[cfg(target_arch = "x86_64")]
    if let Some((kept, joined)) =
        crate::counting::engines::quadrants::kernels::filter_each(uppers, lowers, window, limit)
    {
        out.len += kept;
        return joined;
    }
    let mut kept = 0;
    for (joined, upper) in uppers.iter().enumerate() {
        if kept >= limit {
            out.len += kept;
            return joined;
        }
        for lower in lowers {
            window[kept] = lower.shared | upper.shared;
            kept += usize::from(upper.held & lower.held == 0);
        }
    }
    out.len += kept;
    uppers.len()
}

/// Joins each of `uppers` to the placements of `lowers[0]`, then of `lowers[1]`, that
/// agree with it, appending the index of each to `out`, counted from `firsts` for each
/// list; `ends` gets, for each upper, where its values from each list end.
pub(crate) fn join_each(
    uppers: &[Placement],
    lowers: [&[Placement]; 2],
    firsts: [u32; 2],
    out: &mut Values,
    ends: &mut Vec<[u32; 2]>,
) {
    ends.clear();
    ends.resize(uppers.len(), [0; 2]);
    #[cfg(target_arch = "x86_64")]
    if joined_by_kernels(uppers, lowers, firsts, out, ends) {
        return;
    }
    for (upper, ends) in uppers.iter().zip(ends) {
        for ((list, first), end) in lowers.iter().zip(firsts).zip(ends) {
            let window = out.room(list.len());
            let mut kept = 0;
            for (index, lower) in (u64::from(first)..).zip(*list) {
                window[kept] = index;
                kept += usize::from(upper.held & lower.held == 0);
            }
            out.len += kept;
            *end = out.len() as u32;
        }
    }
}

/// [`join_each`] on the vector kernels, in batches, so that the room for every pair stays
/// small (most lists need one); `false`, nothing written, where no kernel runs here.
#[cfg(target_arch = "x86_64")]
fn joined_by_kernels(
    uppers: &[Placement],
    lowers: [&[Placement]; 2],
    firsts: [u32; 2],
    out: &mut Values,
    ends: &mut [[u32; 2]],
) -> bool {
    let pairs = (lowers[0].len() + lowers[1].len()).max(1);
    let batch = match uppers.len() * pairs <= 4096 {
        true => uppers.len().max(1),
        false => (4096 / pairs).max(1),
    };
    for (uppers, ends) in uppers.chunks(batch).zip(ends.chunks_mut(batch)) {
        let base = out.len() as u32;
        let window = out.room(uppers.len() * pairs + 8);
        // Whether a kernel runs is fixed for the thread: only the first batch declines.
        match crate::counting::engines::quadrants::kernels::join_each(
            uppers, lowers, firsts, window, ends, base,
        ) {
            Some(kept) => out.len += kept,
            None => return false,
        }
    }
    true
}

/// A list of values whose storage only ever grows, so appending clears nothing.
#[derive(Debug, Default)]
pub(crate) struct Values {
    storage: Vec<u64>,
    len: usize,
}

impl Values {
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.storage.capacity()
    }

    pub(crate) fn as_slice(&self) -> &[u64] {
        &self.storage[..self.len]
    }

    /// The values, to change in place.
    pub(crate) fn as_mut_slice(&mut self) -> &mut [u64] {
        &mut self.storage[..self.len]
    }

    /// The values, then zeros up to a multiple of `multiple`.
    pub(crate) fn padded(&mut self, multiple: usize) -> &[u64] {
        let end = self.len.next_multiple_of(multiple);
        self.room(end - self.len).fill(0);
        &self.storage[..end]
    }

    /// Room for `extra` more values after the last one (holding anything).
    pub(crate) fn room(&mut self, extra: usize) -> &mut [u64] {
        let end = self.len + extra;
        if self.storage.len() < end {
            self.storage.resize(end.max(2 * self.storage.len()), 0);
        }
        &mut self.storage[self.len..end]
    }
}

/// What a quadrant's placements record for the join in [`Placement::shared`].
#[derive(Clone, Copy)]
pub(crate) enum Record {
    /// The shared diagonals they hold.
    Diagonals(Shared),
    /// Their squares as [`square_code`] writes them: the join reads one plane per square,
    /// or per pair of squares.
    Squares,
}

/// A marked diagonal: placements on it are kept apart (flag 1), or left out.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mark {
    pub diagonal: Diagonals,
    pub keep: bool,
}

/// How queens are placed in one quadrant: its columns, how its side packs diagonals, what
/// its placements record and which diagonal is marked.
#[derive(Clone, Copy)]
pub(crate) struct Placer<'a> {
    pub frame: &'a Frame,
    /// The quadrant's rows, whose positions in this list [`square_code`] records.
    pub rows: &'a [usize],
    pub cols: &'a [usize],
    /// How far each direction's diagonals are shifted while placing: the quadrant's lowest
    /// of each direction is bit 0.
    pub pack: [usize; 2],
    /// The diagonals a finished placement keeps in [`Placement::held`].
    pub joinable: Joinable,
    pub record: Record,
    pub mark: Option<Mark>,
}

/// The diagonals on which queens of a side's two quadrants can meet, numbered alike for
/// both: what the join of north and south placements tests. Every other diagonal is
/// dropped once a placement is finished, so a side of any height packs into 64 bits.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Joinable {
    /// For each direction, the first such diagonal, and a mask of as many bits as there are.
    from: [usize; 2],
    mask: [u64; 2],
}

impl Joinable {
    /// The diagonals that squares of both the north and the south quadrants of columns
    /// `cols` lie on.
    fn new(frame: &Frame, cols: &[usize]) -> Joinable {
        let span = |rows: &[usize], diagonal: &dyn Fn(usize, usize) -> usize| {
            let all = rows
                .iter()
                .flat_map(|&r| cols.iter().map(move |&c| diagonal(r, c)));
            all.fold((usize::MAX, 0), |(low, high), d| (low.min(d), high.max(d)))
        };
        let n = frame.n;
        let directions: [&dyn Fn(usize, usize) -> usize; 2] =
            [&|r, c| r + c, &|r, c| r + n - 1 - c];
        let both = directions.map(|diagonal| {
            let (north, south) = (span(&frame.north, diagonal), span(&frame.south, diagonal));
            (north.0.max(south.0), north.1.min(south.1))
        });
        Joinable {
            from: both.map(|(low, _)| low.min(63)),
            mask: both.map(|(low, high)| match high >= low {
                true => (1u64 << (high - low + 1)) - 1,
                false => 0,
            }),
        }
    }

    /// The joinable diagonals of a placement whose diagonals are `held`, packed by `pack`.
    fn of(&self, held: u64, pack: [usize; 2]) -> u64 {
        let rising = (held & u64::from(u32::MAX)) << pack[0];
        let falling = (held >> 32) << pack[1];
        ((rising >> self.from[0]) & self.mask[0])
            | (((falling >> self.from[1]) & self.mask[1]) << 32)
    }
}

impl Placer<'_> {
    /// Keeps only the joinable diagonals of finished placements.
    fn finish(&self, placements: &mut [Placement]) {
        for placement in placements {
            placement.held = self.joinable.of(placement.held, self.pack);
        }
    }

    /// Groups per set of rows: a flag (on the marked diagonal) and a set of columns.
    fn groups_per_set(&self) -> usize {
        2 << self.cols.len()
    }

    /// The squares of row `rows[last]` a queen may take: off the fixed queens' diagonals
    /// and, unless the mark keeps them, off the marked one.
    fn steps(&self, last: usize) -> Vec<Step> {
        let (frame, row) = (self.frame, self.rows[last]);
        let mut steps = Vec::new();
        for (j, &col) in self.cols.iter().enumerate() {
            let queen = Diagonals::of(frame.n, (row, col));
            let on_mark = self.mark.is_some_and(|m| m.diagonal.meets(queen));
            if queen.meets(frame.held) || on_mark && !self.mark.is_some_and(|m| m.keep) {
                continue;
            }
            steps.push(Step {
                col: 1 << j,
                packed: (queen.rising >> self.pack[0]) | ((queen.falling >> self.pack[1]) << 32),
                record: match self.record {
                    Record::Diagonals(shared) => shared.of(queen),
                    Record::Squares => square_code(last, j),
                },
                flag: usize::from(on_mark) << self.cols.len(),
            });
        }
        steps
    }

    /// Pushes onto `out` each placement of group `key` (its flag above its columns) with one
    /// more queen, on one of `steps` (a row's), with the group it joins.
    fn extend(
        &self,
        steps: &[Step],
        key: usize,
        placement: &Placement,
        out: &mut Vec<(usize, Placement)>,
    ) {
        // Each one written, then kept or not: no branch to mispredict.
        let start = out.len();
        out.resize(start + steps.len(), (0, Placement::default()));
        let mut kept = start;
        for step in steps {
            let next = Placement {
                held: placement.held | step.packed,
                shared: placement.shared | step.record,
            };
            out[kept] = (key | step.flag | step.col, next);
            kept += usize::from(key & step.col == 0 && placement.held & step.packed == 0);
        }
        out.truncate(kept);
    }
}

/// What a queen on one square adds to a placement: its column (a bit), its diagonals as
/// the side packs them, its record, and its flag (a bit above the columns) if it stands on
/// the marked diagonal.
#[derive(Debug, Clone, Copy)]
struct Step {
    col: usize,
    packed: u64,
    record: u64,
    flag: usize,
}

/// Appends `new` to `placements` sorted by group (a counting sort), writing where each of
/// the `offsets.len() - 1` groups starts, and where the last ends.
fn append_by_group(
    new: &[(usize, Placement)],
    placements: &mut Vec<Placement>,
    offsets: &mut [u32],
    counts: &mut Vec<usize>,
) -> Result<(), Error> {
    let groups = offsets.len() - 1;
    counts.clear();
    counts.resize(groups + 1, 0);
    for &(key, _) in new {
        counts[key + 1] += 1;
    }
    let start = placements.len();
    placements
        .try_reserve(new.len())
        .map_err(|_| Error::OutOfMemory {
            bytes: new.len() * size_of::<Placement>(),
        })?;
    placements.resize(start + new.len(), Placement::default());
    for key in 0..groups {
        counts[key + 1] += counts[key];
        offsets[key] = (start + counts[key]) as u32;
    }
    offsets[groups] = (start + new.len()) as u32;
    for &(key, placement) in new {
        placements[start + counts[key]] = placement;
        counts[key] += 1;
    }
    Ok(())
}

/// The placements of one quadrant, grouped by the rows they fill, then by whether they hold
/// the marked diagonal, then by the columns they fill: `offsets` gives where each group
/// starts.
pub(crate) struct Quadrant {
    cols: usize,
    offsets: Vec<u32>,
    placements: Vec<Placement>,
}

impl Quadrant {
    /// The placements in every set of at most `most` of the placer's rows (larger sets
    /// are left empty).
    ///
    /// Built one row at a time: the placements in a set of rows are those of the set without
    /// its last row, each with one more queen in that row.
    pub(crate) fn new(placer: &Placer<'_>, most: usize) -> Result<Quadrant, Error> {
        let groups_per_set = placer.groups_per_set();
        let mut offsets = try_vec(0u32, (groups_per_set << placer.rows.len()) + 1)?;
        let mut placements = try_with_capacity(1)?;
        placements.push(Placement::default());
        offsets[1..].fill(1);
        let mut scratch: Vec<(usize, Placement)> = Vec::new();
        let mut counts = Vec::new();
        let steps: Vec<Vec<Step>> = (0..placer.rows.len())
            .map(|row| placer.steps(row))
            .collect();
        for set in 1usize..1 << placer.rows.len() {
            let last = usize::BITS as usize - 1 - set.leading_zeros() as usize;
            let base = set - (1 << last);
            scratch.clear();
            let groups = match set.count_ones() as usize <= most {
                true => groups_per_set,
                false => 0,
            };
            for key in 0..groups {
                let group = base * groups_per_set + key;
                let from = offsets[group] as usize..offsets[group + 1] as usize;
                for placement in &placements[from] {
                    placer.extend(&steps[last], key, placement, &mut scratch);
                }
            }
            let at = set * groups_per_set;
            append_by_group(
                &scratch,
                &mut placements,
                &mut offsets[at..=at + groups_per_set],
                &mut counts,
            )?;
        }
        placer.finish(&mut placements);
        placements.shrink_to_fit();
        Ok(Quadrant {
            cols: placer.cols.len(),
            offsets,
            placements,
        })
    }

    /// The placements filling rows `rows` (bits into the quadrant's row list).
    pub(crate) fn set(&self, rows: usize) -> SetView<'_> {
        let per_set = 2 << self.cols;
        SetView {
            cols: self.cols,
            offsets: &self.offsets[rows * per_set..=(rows + 1) * per_set],
            placements: &self.placements,
        }
    }

    /// Every placement, in order.
    pub(crate) fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// Sets in each placement's record the bits `tag_of` gives it.
    pub(crate) fn tag(&mut self, tag_of: impl Fn(&Placement) -> u64) {
        tag(&mut self.placements, tag_of);
    }

    /// Bytes held.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.offsets.len() * size_of::<u32>() + self.placements.len() * size_of::<Placement>()
    }
}

/// Sets in each of `placements` the bits `tag_of` gives it; measured in
/// docs/performance.md ("The join's constants").
fn tag(placements: &mut [Placement], tag_of: impl Fn(&Placement) -> u64) {
    for placement in placements {
        placement.shared |= tag_of(placement);
    }
}

/// The placements of one quadrant in exactly one set of its rows, grouped as a
/// [`Quadrant`] groups them: what the join reads when the whole quadrant would not fit.
pub(crate) struct RowSet {
    cols: usize,
    offsets: Vec<u32>,
    placements: Vec<Placement>,
}

impl RowSet {
    /// The placements in rows `set` (bits into the placer's row list), built a row at a
    /// time and keeping only the last row's.
    pub(crate) fn new(placer: &Placer<'_>, set: usize) -> Result<RowSet, Error> {
        let mut level = vec![(0, Placement::default())];
        let mut next = Vec::new();
        for last in (0..placer.rows.len()).filter(|row| set >> row & 1 == 1) {
            next.clear();
            let steps = placer.steps(last);
            for (key, placement) in &level {
                placer.extend(&steps, *key, placement, &mut next);
            }
            std::mem::swap(&mut level, &mut next);
        }
        // The row before the last is no longer read: freed before the placements are
        // copied out, so that a large set takes less at its peak.
        drop(next);
        let mut offsets = vec![0; placer.groups_per_set() + 1];
        let mut placements = Vec::new();
        append_by_group(&level, &mut placements, &mut offsets, &mut Vec::new())?;
        placer.finish(&mut placements);
        Ok(RowSet {
            cols: placer.cols.len(),
            offsets,
            placements,
        })
    }

    /// Bytes held.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.offsets.len() * size_of::<u32>() + self.placements.len() * size_of::<Placement>()
    }

    pub(crate) fn view(&self) -> SetView<'_> {
        SetView {
            cols: self.cols,
            offsets: &self.offsets,
            placements: &self.placements,
        }
    }

    /// Sets in each placement's record the bits `tag_of` gives it.
    pub(crate) fn tag(&mut self, tag_of: impl Fn(&Placement) -> u64) {
        tag(&mut self.placements, tag_of);
    }
}

/// The placements of one set of a quadrant's rows, by flag and columns.
#[derive(Clone, Copy)]
pub(crate) struct SetView<'a> {
    cols: usize,
    /// Where each group of the set starts, and where the last ends.
    offsets: &'a [u32],
    placements: &'a [Placement],
}

impl<'a> SetView<'a> {
    /// The placements with flag `flag` filling columns `cols` (bits into the column list).
    pub(crate) fn group(&self, flag: usize, cols: usize) -> &'a [Placement] {
        let group = (flag << self.cols) | cols;
        &self.placements[self.offsets[group] as usize..self.offsets[group + 1] as usize]
    }

    /// Where [`group`](SetView::group) `flag`, `cols` lies in [`placements`](SetView::placements).
    pub(crate) fn run(&self, flag: usize, cols: usize) -> (u32, u32) {
        let group = (flag << self.cols) | cols;
        let first = self.offsets[0];
        (self.offsets[group] - first, self.offsets[group + 1] - first)
    }

    /// The groups with flag `flag`, with the columns of each: only sets of as many columns
    /// as rows can have any, so only those are visited.
    pub(crate) fn groups(
        &self,
        queens: u32,
        flag: usize,
    ) -> impl Iterator<Item = (usize, &'a [Placement])> {
        let view = *self;
        self.column_sets(queens)
            .map(move |cols| (cols, view.group(flag, cols)))
            .filter(|(_, group)| !group.is_empty())
    }

    /// The sets of `queens` of the columns, in increasing order.
    pub(crate) fn column_sets(&self, queens: u32) -> impl Iterator<Item = usize> + use<> {
        let first = (1usize << queens) - 1;
        let end = 1usize << self.cols;
        // The next larger number with as many ones (Gosper's hack).
        let next = move |&cols: &usize| {
            let lowest = cols & cols.wrapping_neg();
            let ripple = cols + lowest;
            let next = ripple | ((cols ^ ripple) >> (2 + lowest.trailing_zeros()).min(63));
            (queens > 0 && next < end).then_some(next)
        };
        std::iter::successors((first < end).then_some(first), next)
    }

    /// Every placement of the set.
    pub(crate) fn placements(&self) -> &'a [Placement] {
        let (first, last) = (self.offsets[0], self.offsets[self.offsets.len() - 1]);
        &self.placements[first as usize..last as usize]
    }
}

/// One side (west or east) of a case: its columns, what its placements record and the
/// marked diagonal of each of its quadrants.
pub(crate) struct Side {
    pub cols: Vec<usize>,
    joinable: Joinable,
    record: Record,
    marks: [Option<Mark>; 2],
}

impl Side {
    /// The side of columns `cols`, its placements recording `record`.
    pub(crate) fn new(
        frame: &Frame,
        cols: &[usize],
        record: Record,
        marks: [Option<Mark>; 2],
    ) -> Side {
        Side {
            cols: cols.to_vec(),
            joinable: Joinable::new(frame, cols),
            record,
            marks,
        }
    }

    /// How queens are placed in the side's north (`quadrant` 0) or south (1) quadrant.
    pub(crate) fn placer<'a>(&'a self, frame: &'a Frame, quadrant: usize) -> Placer<'a> {
        let rows = [&frame.north, &frame.south][quadrant];
        // The quadrant's lowest diagonal of each direction is bit 0.
        let top = rows.first().copied().unwrap_or(0);
        let (left, right) = (
            self.cols.first().copied().unwrap_or(0),
            self.cols.last().copied().unwrap_or(0),
        );
        Placer {
            frame,
            rows,
            cols: &self.cols,
            pack: [top + left, (top + frame.n).saturating_sub(1 + right)],
            joinable: self.joinable,
            record: self.record,
            mark: self.marks[quadrant],
        }
    }

    /// The tables of both quadrants, north first, of sets of at most `most` rows each.
    pub(crate) fn quadrants(
        &self,
        frame: &Frame,
        most: [usize; 2],
    ) -> Result<[Quadrant; 2], Error> {
        Ok([
            Quadrant::new(&self.placer(frame, 0), most[0])?,
            Quadrant::new(&self.placer(frame, 1), most[1])?,
        ])
    }
}

//! A row choice's west half-boards: listed a batch at a time, as groups sharing a
//! north-west placement (by sieve key) with their partners, for the join to read a table's
//! parts against.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::layout::{CLASSES, ColumnSet, Cut, Group, KEYS, PerKey, Placement, Run, placements_in};
use super::quadrant::{SetView, Values, join_each};
use super::sieve::Sieve;
use super::solver::Solver;

/// What the join keeps of a row choice's west half-boards while it reads the parts of its
/// table: the sets of columns, and, unless it crosses them, the groups (by sieve key) and
/// their partners (see [`West`]) of a batch of the sets; with room for the partners' free
/// half-boards. A row choice's west half-boards are listed a batch at a time, so that
/// their memory stays bounded, each batch taking the next sets of columns from a
/// [`Claims`].
#[derive(Default)]
pub(super) struct WestLists {
    pub(super) sets: Vec<ColumnSet>,
    pub(super) groups: PerKey<Vec<Group>>,
    /// The keys whose groups may hold any: those below it.
    pub(super) keys: usize,
    /// The numbers of the partners, the runs of south-west placements they number, how many
    /// they number, and where each set of columns ends in them.
    pub(super) lowers: Values,
    pub(super) runs: Vec<Run>,
    pub(super) numbered: usize,
    pub(super) cuts: Vec<Cut>,
    pub(super) cut_groups: Vec<u32>,
    /// Where each upper's partners end.
    pub(super) ends: Vec<[u32; 2]>,
    /// For each partner numbered, the batches of the groups that list it, a bit per
    /// `1 << shift` keys as [`Run::batches`] marks them: where a long table is read, the
    /// join fills a partner's free half-boards only for blocks some group of it reads (see
    /// [`West::marks`]); empty elsewhere.
    pub(super) marks: Vec<u64>,
    /// How many sets of columns the batch took.
    pub(super) taken: usize,
    /// The batch's share of the row choice's pairs of west placements (those that agree
    /// and those that do not): the measure of a batch's share of the choice's work.
    pub(super) share: f64,
    /// The bits of the sieve keys its groups are batched by (see [`LONG_TABLE`]).
    pub(super) width: usize,
    /// A long table's own sieve (see [`Sieve::fitted`]), and the key of each square of the
    /// north-west rows by it (see [`Solver::fitted_sieve`]); none for shorter tables,
    /// which the sieve of the subproblem's tags sorts.
    pub(super) fitted: Option<(Sieve, Vec<usize>)>,
    pub(super) frees: Vec<u64>,
}

impl WestLists {
    /// Bytes the lists hold, their room to grow included.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        fn held<T>(list: &Vec<T>) -> usize {
            list.capacity() * size_of::<T>()
        }
        let groups: usize = self.groups.iter().map(held).sum();
        let lowers = self.lowers.capacity() * size_of::<u64>();
        (groups + lowers + held(&self.sets) + held(&self.runs) + held(&self.cuts))
            + held(&self.cut_groups)
            + (held(&self.ends) + held(&self.marks) + held(&self.frees))
    }
}

/// The bits of a sieve key a run's bit set of batches tells apart (see [`Run::batches`]).
const BATCH_BITS: usize = u64::BITS.trailing_zeros() as usize;

/// Partners numbered at least between two cuts of a row choice's west groups: the join
/// keeps their results a few hundred at a time or more, so finer cuts would only cost.
const CUT_EVERY: u32 = 256;

/// The sets of columns of a row choice that the batches of its west half-boards take
/// next: one thread's, or shared by threads that count a step together, each taking sets
/// as it lists them.
pub(super) struct Claims<'a> {
    pub(super) sets: usize,
    pub(super) next: &'a AtomicUsize,
}

impl Claims<'_> {
    /// The next set of columns, unless all are taken.
    pub(super) fn take(&self) -> Option<usize> {
        Some(self.next.fetch_add(1, Ordering::Relaxed)).filter(|&set| set < self.sets)
    }

    /// Whether every set of columns is taken.
    pub(super) fn taken(&self) -> bool {
        self.next.load(Ordering::Relaxed) >= self.sets
    }

    /// Takes every set of columns, if none is taken yet.
    pub(super) fn take_all(&self) -> bool {
        (self.next)
            .compare_exchange(0, self.sets, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }
}

/// Cuts `lists` where its runs, numbers and groups of each of its batches' keys end so
/// far.
fn cut(lists: &mut WestLists, numbered: u32) {
    lists.cuts.push(Cut {
        runs: lists.runs.len() as u32,
        numbered,
    });
    let groups = &lists.groups[..1 << lists.width];
    (lists.cut_groups).extend(groups.iter().map(|groups| groups.len() as u32));
}

impl Solver {
    /// The sets of columns of the north-west placements of `north`, a set of rows `rows`,
    /// that have some, with the south-west placements of `south` on the other columns.
    pub(super) fn column_sets(
        &self,
        [north, south]: [SetView<'_>; 2],
        rows: usize,
        sets: &mut Vec<ColumnSet>,
    ) {
        let all = (1 << self.west.cols.len()) - 1;
        // Placements on a marked diagonal (flag 1) only where the board is whole.
        let flags = if self.whole { 2 } else { 1 };
        let runs = |view: SetView<'_>, cols| {
            core::array::from_fn(|flag| match flag < flags {
                true => view.run(flag, cols),
                false => (0, 0),
            })
        };
        sets.clear();
        for cols in north.column_sets(rows.count_ones()) {
            let uppers: [(u32, u32); 2] = runs(north, cols);
            if uppers.iter().any(|&(start, end)| end > start) {
                let lowers = runs(south, all ^ cols);
                sets.push(ColumnSet { uppers, lowers });
            }
        }
    }

    /// The west half-boards of the north-west placements `north` and south-west ones
    /// `south` that the sets of `lists` pair, as groups sharing a north-west placement, in
    /// the classes of `weights` that count, with their partners, in `lists`: a batch of
    /// them, of the sets taken from `claims` one by one until the batch has
    /// [`Solver::west_batch`] partners or more; `marked` (a long table) marks each
    /// partner's batches in [`WestLists::marks`].
    #[inline(never)]
    pub(super) fn west_groups(
        &self,
        [north, south]: [SetView<'_>; 2],
        weights: [u64; CLASSES],
        lists: &mut WestLists,
        claims: &Claims<'_>,
        marked: bool,
    ) {
        // The keys in use since the last clearing: the rest are empty.
        lists.groups[..lists.keys].iter_mut().for_each(Vec::clear);
        lists.keys = 1 << lists.width;
        lists.lowers.clear();
        lists.runs.clear();
        lists.cuts.clear();
        lists.cut_groups.clear();
        lists.marks.clear();
        let mut numbered = 0;
        let mut pairs = 0;
        lists.taken = 0;
        let batch_shift = lists.width.saturating_sub(BATCH_BITS);
        // A batch ends with the set that takes it to `west_batch` partners or more.
        while lists.lowers.len() < self.west_batch {
            let Some(set) = claims.take() else {
                break;
            };
            lists.taken += 1;
            pairs += lists.sets[set].pairs();
            let set = lists.sets[set];
            add_set(
                lists,
                set,
                [north, south],
                weights,
                &mut numbered,
                (batch_shift, marked),
            );
            // A cut where the partners since the last one are enough to matter.
            if numbered - lists.cuts.last().map_or(0, |cut| cut.numbered) >= CUT_EVERY {
                cut(lists, numbered);
            }
        }
        if lists.cuts.last().is_none_or(|cut| cut.numbered < numbered) {
            cut(lists, numbered);
        }
        lists.numbered = numbered as usize;
        let all: u64 = lists.sets.iter().map(ColumnSet::pairs).sum();
        lists.share = match all {
            0 => 1.0,
            all => pairs as f64 / all as f64,
        };
    }
}

/// The partners each flag of the uppers reads, for uppers of `lens` placements: those off
/// the marked diagonal, then those on it (a class higher), where that class counts; and
/// where each list of partners is numbered from, each numbered once for both flags of the
/// uppers (`numbered` counts them).
fn partner_runs(
    partners: [(u32, u32); 2],
    lens: [usize; 2],
    weights: [u64; CLASSES],
    numbered: &mut u32,
) -> ([[(u32, u32); 2]; 2], [u32; 2]) {
    let runs: [[_; 2]; 2] = core::array::from_fn(|upper_flag| {
        core::array::from_fn(|lower_flag| {
            match weights[upper_flag + lower_flag] != 0 && lens[upper_flag] != 0 {
                true => partners[lower_flag],
                false => (0, 0),
            }
        })
    });
    let firsts = core::array::from_fn(|lower_flag| {
        let first = *numbered;
        if runs
            .iter()
            .any(|runs| runs[lower_flag].1 > runs[lower_flag].0)
        {
            let (start, end) = partners[lower_flag];
            *numbered += end - start;
        }
        first
    });
    (runs, firsts)
}

/// Adds the west half-boards of the set of columns `set` (its north-west placements of
/// `north`, its south-west ones of `south`) to `lists`, in the classes of `weights` that
/// count: the partners numbered from `numbered` on, the groups batched by the highest bits
/// of their keys past `batch_shift` and, if `marked`, each partner's batches marked.
fn add_set(
    lists: &mut WestLists,
    set: ColumnSet,
    [north, south]: [SetView<'_>; 2],
    weights: [u64; CLASSES],
    numbered: &mut u32,
    (batch_shift, marked): (usize, bool),
) {
    let uppers = set
        .uppers
        .map(|range| placements_in(north.placements(), range));
    let partners = set.lowers;
    let (runs, firsts) = partner_runs(partners, uppers.map(<[_]>::len), weights, numbered);
    if marked {
        lists.marks.resize(*numbered as usize, 0);
    }
    let mut batches = [0u64; 2];
    for (upper_flag, (runs, &uppers)) in runs.iter().zip(&uppers).enumerate() {
        if uppers.is_empty() {
            continue;
        }
        let start = lists.lowers.len() as u32;
        join_each(
            uppers,
            runs.map(|range| placements_in(south.placements(), range)),
            firsts,
            &mut lists.lowers,
            &mut lists.ends,
        );
        // No shift and no marking as constants, so that the common case, none of either,
        // costs nothing (see docs/performance.md).
        let push = match (batch_shift, marked) {
            (0, false) => push_groups::<false, false>,
            (_, false) => push_groups::<true, false>,
            (0, true) => push_groups::<false, true>,
            (_, true) => push_groups::<true, true>,
        };
        let mut into = Grouping {
            groups: &mut lists.groups,
            width: lists.width,
            batch_shift,
            square_keys: (lists.fitted.as_ref()).map(|(sieve, keys)| (&keys[..], sieve.width())),
            batches: &mut batches,
            lowers: lists.lowers.as_slice(),
            marks: &mut lists.marks,
        };
        push(uppers, (&lists.ends, start), upper_flag as u32, &mut into);
    }
    for ((&batches, first), (start, end)) in batches.iter().zip(firsts).zip(partners) {
        if batches != 0 {
            lists.runs.push(Run {
                start,
                end,
                first,
                batches,
            });
        }
    }
}

/// Where [`push_groups`] puts north-west placements: the `groups` of their sieve keys of
/// `width` bits; `batches` marks each key with partners off the marked diagonal (0) and on
/// it (1), a bit per `1 << batch_shift` keys (see [`Run::batches`]), and `marks` each
/// partner alike (by the partners' numbers `lowers`). Their keys are their tags, or by
/// `square_keys` (each square's key of a table's own sieve, 16 a row, and their bits) where
/// the table has a sieve of its own.
struct Grouping<'a> {
    groups: &'a mut [Vec<Group>; KEYS],
    width: usize,
    batch_shift: usize,
    square_keys: Option<(&'a [usize], usize)>,
    batches: &'a mut [u64; 2],
    lowers: &'a [u64],
    marks: &'a mut [u64],
}

/// Adds the north-west placements `uppers`, just joined with their partners (which end at
/// `ends`, the first starting at `start`), to the groups of `into`, in class `class`; with
/// batches shifted only if `SHIFTED`, partners marked only if `MARKED`.
#[inline]
fn push_groups<const SHIFTED: bool, const MARKED: bool>(
    uppers: &[Placement],
    (ends, mut start): (&[[u32; 2]], u32),
    class: u32,
    into: &mut Grouping<'_>,
) {
    let batch_shift = if SHIFTED { into.batch_shift } else { 0 };
    for (upper, &[split, end]) in uppers.iter().zip(ends) {
        let key = match into.square_keys {
            None => Sieve::tagged(upper.shared, into.width),
            Some((keys, bits)) => {
                let key = (keys.chunks_exact(16).enumerate()).fold(0, |key, (row, keys)| {
                    key | keys[(upper.shared >> (4 * row) & 15) as usize]
                });
                key >> (bits - into.width)
            }
        };
        let bit = key >> batch_shift;
        into.batches[0] |= u64::from(split > start) << bit;
        into.batches[1] |= u64::from(end > split) << bit;
        // Written, then kept only if it has partners: whether an upper has any follows no
        // pattern a branch predicts (see docs/performance.md).
        let list = &mut into.groups[key];
        list.push(Group {
            upper: upper.shared,
            start,
            split,
            end,
            class,
        });
        list.truncate(list.len() - usize::from(end == start));
        if MARKED {
            for &lower in &into.lowers[start as usize..end as usize] {
                into.marks[lower as usize] |= 1 << bit;
            }
        }
        start = end;
    }
}

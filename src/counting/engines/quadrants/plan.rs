//! The join's subproblems and their steps, numbered across the cases of a board.

use super::frame::Frame;

use crate::squares::Square;

/// The subproblems of a count by the join: for each case (the fixed middle queens of an
/// odd board, or of the largest even ones; the empty board for other even ones), one per
/// group of north row sets that go east (see [`north_groups`]).
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    pub(super) n: usize,
    pub(super) cases: Vec<Case>,
}

#[derive(Debug, Clone)]
pub(super) struct Case {
    pub(super) fixed: Vec<Square>,
    /// Placements of the fixed queens this case stands for.
    pub(super) weight: u64,
    /// The number of the case's first subproblem.
    pub(super) first: usize,
    /// Subproblems: one per group of subsets of the free north rows (see [`north_groups`]).
    pub(super) len: usize,
    /// The number of the case's first step.
    pub(super) first_step: u64,
    /// The free rows north and south of the cut, and the free columns east of it.
    pub(super) norths: usize,
    pub(super) souths: usize,
    pub(super) easts: usize,
    /// Its row choices send fewer north rows east than this: any number (one more than
    /// its north rows), or, where the case is halved, about half of them or of its east
    /// columns (see [`Case::halved`]).
    pub(super) east_below: usize,
    /// North row sets of one size that a subproblem takes together (see [`north_groups`]).
    pub(super) together: usize,
}

impl Case {
    /// The case of `fixed` queens on a board of `n`, standing for `weight` placements,
    /// sending any of its north rows east, four sets of them to a subproblem; numbered by
    /// [`Plan::numbered`].
    pub(super) fn new(n: usize, fixed: Vec<Square>, weight: u64) -> Case {
        let frame = Frame::around(n, &fixed);
        Case {
            fixed,
            weight,
            first: 0,
            len: 0,
            first_step: 0,
            norths: frame.north.len(),
            souths: frame.south.len(),
            easts: frame.east.len(),
            east_below: frame.north.len() + 1,
            together: TOGETHER,
        }
    }

    /// The case sending fewer than `below` north rows east.
    fn sending_fewer_than(self, below: usize) -> Case {
        Case {
            east_below: below.min(self.norths + 1),
            ..self
        }
    }

    /// Whether the case is the whole even board of `n`.
    pub(super) fn whole(&self, n: usize) -> bool {
        self.fixed.is_empty() && n > 0
    }

    /// Whether its subproblems send only some of its north rows east, the rest counted by
    /// its north-south mirror image: the case itself where the fixed queens are their own
    /// (see [`Case::mirrored`]), else the case of the mirrored fixed queens.
    pub(super) fn halved(&self) -> bool {
        self.east_below <= self.norths
    }

    /// Whether the fixed queens of the case are their own north-south mirror image (no
    /// queen, or the odd board's center one), so that a row choice and its mirror image
    /// count alike.
    pub(super) fn mirrored(&self, n: usize) -> bool {
        n > 0 && (self.fixed.iter()).all(|&(row, col)| self.fixed.contains(&(n - 1 - row, col)))
    }

    /// The groups of north row sets of the case's subproblems.
    pub(super) fn north_groups(&self) -> Vec<Vec<usize>> {
        north_groups(self.norths, self.east_below, self.together)
    }

    /// The sizes of the north row sets of its subproblems, each with how many subproblems
    /// send that many north rows east and how many steps each has: one per set of south
    /// rows completing them, none where they are more than the east columns.
    fn sizes(&self) -> impl Iterator<Item = (usize, usize, u64)> + '_ {
        (0..self.east_below).map(|k| {
            let groups = binomial(self.norths, k).div_ceil(self.together as u64) as usize;
            let steps = (self.easts.checked_sub(k)).map_or(0, |m| binomial(self.souths, m));
            (k, groups, steps)
        })
    }

    /// The number of its steps.
    fn steps(&self) -> u64 {
        self.sizes()
            .map(|(_, groups, steps)| groups as u64 * steps)
            .sum()
    }
}

/// The number of ways to choose `k` of `n`: none where `k` is more than `n` (a subproblem
/// sending more rows east than its south rows can complete has no step).
fn binomial(n: usize, k: usize) -> u64 {
    match k > n {
        true => 0,
        false => (0..k).fold(1, |c, i| c * (n - i) as u64 / (i + 1) as u64),
    }
}

/// The `index`-th set of `ones` bits, in increasing order.
fn nth_subset(ones: u32, index: u64) -> usize {
    let mut set = (1usize << ones) - 1;
    for _ in 0..index {
        // The next larger number with as many ones (Gosper's hack).
        let lowest = set & set.wrapping_neg();
        let ripple = set + lowest;
        set = ripple | (((set ^ ripple) >> 2) / lowest.max(1));
    }
    set
}

/// North rows that go east, taken together in one subproblem: sets of equal size, so that
/// each south set completes all of them or none.
const TOGETHER: usize = 4;

/// The subsets of `norths` north rows of fewer than `east_below` rows, in groups of up to
/// `together` of one size.
///
/// A subproblem counts its groups' row choices south set by south set: the tables of a
/// south set are read for each north set of the group while they are in the cache. A row
/// choice and its north-south mirror image have as many solutions, and the one counted
/// sends the fewer north rows east (see [`Plan::new`]).
pub(super) fn north_groups(norths: usize, east_below: usize, together: usize) -> Vec<Vec<usize>> {
    let mut sets: Vec<usize> = (0..1usize << norths)
        .filter(|set| (set.count_ones() as usize) < east_below)
        .collect();
    sets.sort_by_key(|&set| (set.count_ones(), set));
    sets.chunk_by(|a, b| a.count_ones() == b.count_ones())
        .flat_map(|same| same.chunks(together))
        .map(<[usize]>::to_vec)
        .collect()
}

/// The smallest odd board whose cases of the middle queens off the center are each followed
/// by their north-south mirror image (see [`Plan::new`]): each case's tables are built
/// twice, which costs more than it spares on smaller boards; measured in
/// docs/performance.md ("The join's constants").
const MIRRORED_CASES_FROM: usize = 21;

/// The smallest even board whose count places the queens of its middle cross first (see
/// [`Plan::cross`]). At n = 28 the whole board's quadrants are 14 wide, and its sieve keys
/// leave 0.011 to 0.087 solutions for each chunk of 512 pairs read, against 0.13 to 0.19 at
/// n = 24; with the cross's four queens placed, 12-wide quadrants leave 0.08 to 0.55, and
/// eleven cases sampled stood for about half the whole board's time (AMD EPYC, Zen 4).
const CROSS_FROM: usize = 28;

impl Plan {
    /// The plan of a count of `n`. Each row choice is counted or its north-south mirror
    /// image, whichever sends the fewer north rows east: its south-west placements, the
    /// partners whose free half-boards the join makes for the west groups to read, are
    /// then the fewer, each read by more groups. Where the fixed queens are their own
    /// mirror image, `Solver::weights` counts the one of the two choices twice; on odd
    /// boards from [`MIRRORED_CASES_FROM`], each placement of the middle queens off the
    /// center is followed by its mirror image, the two counting the choices of one class
    /// each; even boards from [`CROSS_FROM`] are cut by their middle cross.
    pub(crate) fn new(n: usize) -> Plan {
        match Plan::crossed(n) {
            true => Plan::cross(n),
            false => Plan::mirrored_from(n, MIRRORED_CASES_FROM),
        }
    }

    /// Whether the plan of `n` cuts the board by its middle cross (see [`Plan::cross`]).
    pub(crate) fn crossed(n: usize) -> bool {
        n.is_multiple_of(2) && n >= CROSS_FROM
    }

    /// The plan of a count of `n` whose odd boards' cases are followed by their mirror
    /// images from `from` on (see [`MIRRORED_CASES_FROM`]).
    pub(super) fn mirrored_from(n: usize, from: usize) -> Plan {
        let half = n / 2;
        let mut kinds: Vec<(Vec<Square>, u64)> = Vec::new();
        if n.is_multiple_of(2) {
            kinds.push((Vec::new(), 1));
        } else {
            // The middle row's queen in column `c`, the middle column's in row `r`: one
            // placement per class, with `r < c < half` standing for eight.
            kinds.push((vec![(half, half)], 1));
            for r in 0..half {
                for c in r + 1..half {
                    kinds.push((vec![(half, c), (r, half)], 8));
                    if n >= from {
                        kinds.push((vec![(half, c), (n - 1 - r, half)], 8));
                    }
                }
            }
        }
        let cases = kinds.into_iter().map(|(fixed, weight)| {
            let case = Case::new(n, fixed, weight);
            match n >= from || case.mirrored(n) {
                true => {
                    let half = case.norths / 2;
                    case.sending_fewer_than(half + 1)
                }
                false => case,
            }
        });
        Plan::numbered(n, cases)
    }

    /// The plan of an even board of `n` that places the queens of its middle cross first:
    /// one queen on each of the two middle rows and the two middle columns (three queens
    /// where one stands on both), one case per class of such placements under the board's
    /// eight symmetries, weighed by the placements it stands for, each followed by its
    /// north-south mirror image (of the same class, and never the same placement, since
    /// the mirror swaps the middle rows). A case counts the row choices sending at most
    /// half its east columns' worth of north rows east, its mirror image the rest: a choice
    /// of the one sending `k` is a choice of the other sending `east - k`, and where the two
    /// are equal, the case counts them, not its image (each case counting all its choices
    /// instead, without its image, `queens plan 28 --engine quadrants --threads 1` said
    /// 320.5 and 321.5 core-years, against 193.5 and 211.0; AMD EPYC, Zen 4). All of a
    /// case's north row sets of
    /// one size make one subproblem: cases have thousands of steps, and the board tens of
    /// thousands of cases.
    pub(super) fn cross(n: usize) -> Plan {
        let cases = cross_classes(n).into_iter().flat_map(|(fixed, weight)| {
            let mirror = fixed.iter().map(|&(row, col)| (n - 1 - row, col)).collect();
            [(fixed, true), (mirror, false)].map(|(fixed, ties)| {
                let case = Case::new(n, fixed, weight);
                // `k` north rows east where `2 k <= east`, or `2 k < east`.
                let below = match ties {
                    true => case.easts / 2 + 1,
                    false => case.easts.div_ceil(2),
                };
                Case {
                    together: usize::MAX,
                    ..case.sending_fewer_than(below)
                }
            })
        });
        Plan::numbered(n, cases)
    }

    /// The plan of `cases`, their subproblems and steps numbered one after another.
    pub(super) fn numbered(n: usize, cases: impl IntoIterator<Item = Case>) -> Plan {
        let (mut first, mut first_step) = (0, 0);
        let cases = cases
            .into_iter()
            .map(|case| {
                let len = case.sizes().map(|(_, groups, _)| groups).sum();
                let case = Case {
                    first,
                    len,
                    first_step,
                    ..case
                };
                first += len;
                first_step += case.steps();
                case
            })
            .collect();
        Plan { n, cases }
    }

    /// The number of subproblems.
    pub(crate) fn len(&self) -> usize {
        self.cases.last().map_or(0, |case| case.first + case.len)
    }

    /// The number of cases.
    pub(crate) fn cases(&self) -> usize {
        self.cases.len()
    }

    /// The subproblems of case `case`.
    pub(crate) fn subproblems_of_case(&self, case: usize) -> std::ops::Range<usize> {
        let case = &self.cases[case];
        case.first..case.first + case.len
    }

    /// The number of steps of subproblem `index` (none for one past the join's, such as
    /// the rotations' of a count of classes).
    pub(crate) fn steps_of(&self, index: usize) -> u64 {
        let Some(case) = self.cases.get(self.case_of(index)) else {
            return 0;
        };
        let mut first = case.first;
        for (_, groups, steps) in case.sizes() {
            if index < first + groups {
                return steps;
            }
            first += groups;
        }
        0
    }

    /// The case of subproblem `index`.
    pub(crate) fn case_of(&self, index: usize) -> usize {
        self.cases
            .partition_point(|case| case.first + case.len <= index)
    }

    /// The number of steps of every subproblem: one per set of south rows that completes
    /// its north row sets. The finest parts of the count, which [`Plan::step`] numbers.
    pub(crate) fn steps(&self) -> u64 {
        self.cases
            .last()
            .map_or(0, |case| case.first_step + case.steps())
    }

    /// Step `index` (below [`Plan::steps`]): its subproblem and its south row set (bits
    /// into the case's south row list).
    pub(crate) fn step(&self, index: u64) -> (usize, usize) {
        let at = self.cases.partition_point(|case| case.first_step <= index);
        let case = &self.cases[at.checked_sub(1).expect("step 0 is the first case's")];
        let (mut index, mut subproblem) = (index - case.first_step, case.first);
        for (k, groups, steps) in case.sizes() {
            if index < groups as u64 * steps {
                let south = nth_subset((case.easts - k) as u32, index % steps);
                return (subproblem + (index / steps) as usize, south);
            }
            index -= groups as u64 * steps;
            subproblem += groups;
        }
        panic!("step beyond the plan's {}", self.steps());
    }
}

/// The placements of queens on the middle cross of an even board of `n` (see
/// [`Plan::cross`]), one per class under the board's eight symmetries (the least of the
/// class, its squares in order), with the size of its class.
fn cross_classes(n: usize) -> Vec<(Vec<Square>, u64)> {
    let half = n / 2;
    let attack =
        |(r, c): Square, (s, d): Square| r == s || c == d || r + d == s + c || r + c == s + d;
    let fits = |queens: &[Square], square: Square| queens.iter().all(|&q| !attack(q, square));
    let symmetries = |(r, c): Square| {
        let (m, o) = (n - 1 - r, n - 1 - c);
        [
            (r, c),
            (c, m),
            (m, o),
            (o, r),
            (m, c),
            (r, o),
            (c, r),
            (o, m),
        ]
    };
    let mut placements: Vec<Vec<Square>> = vec![Vec::new()];
    // A queen on each middle row, then on each middle column that has none yet.
    for (row, at) in [
        (true, half - 1),
        (true, half),
        (false, half - 1),
        (false, half),
    ] {
        let on_line = |(r, c): Square| if row { r == at } else { c == at };
        placements = (placements.into_iter())
            .flat_map(|queens| match queens.iter().any(|&q| on_line(q)) {
                true => vec![queens],
                false => (0..n)
                    .map(|i| if row { (at, i) } else { (i, at) })
                    .filter(|&square| fits(&queens, square))
                    .map(|square| [&queens[..], &[square]].concat())
                    .collect(),
            })
            .collect();
    }
    let mut classes = Vec::new();
    for mut queens in placements {
        queens.sort_unstable();
        let mut images: Vec<Vec<Square>> = (0..8)
            .map(|s| {
                let mut image: Vec<Square> = queens.iter().map(|&q| symmetries(q)[s]).collect();
                image.sort_unstable();
                image
            })
            .collect();
        images.sort_unstable();
        images.dedup();
        if images[0] == queens {
            classes.push((queens, images.len() as u64));
        }
    }
    classes.sort_unstable();
    classes
}

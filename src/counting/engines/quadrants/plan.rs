//! The join's subproblems and their steps, numbered across the cases of a board.

use super::frame::Frame;

use crate::squares::Square;

/// The subproblems of a count by the join: for each case (the fixed middle queens of an
/// odd board; the empty board for an even one), one per group of north row sets that go
/// east (see [`north_groups`]).
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
    /// Whether its subproblems send at most half its north rows east, the rest counted by
    /// its north-south mirror image: the case itself where the fixed queens are their own
    /// (see [`Case::mirrored`]), else the case of the mirrored fixed queens.
    pub(super) halved: bool,
}

impl Case {
    /// Whether the case is the whole even board of `n`.
    pub(super) fn whole(&self, n: usize) -> bool {
        self.fixed.is_empty() && n > 0
    }

    /// Whether the fixed queens of the case are their own north-south mirror image (no
    /// queen, or the odd board's center one), so that a row choice and its mirror image
    /// count alike.
    pub(super) fn mirrored(&self, n: usize) -> bool {
        n > 0 && (self.fixed.iter()).all(|&(row, col)| self.fixed.contains(&(n - 1 - row, col)))
    }

    /// The groups of north row sets of the case's subproblems.
    pub(super) fn north_groups(&self, n: usize) -> Vec<Vec<usize>> {
        north_groups(Frame::around(n, &self.fixed).north.len(), self.halved)
    }
}

/// How many north rows go east in subproblem `index` of `plan`.
fn north_groups_first_size(plan: &Plan, index: usize) -> usize {
    let case = &plan.cases[plan.case_of(index)];
    case.north_groups(plan.n)[index - case.first][0].count_ones() as usize
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

/// The subsets of `norths` north rows, in groups of up to [`TOGETHER`] of one size; if
/// `halved`, only those of at most half the north rows.
///
/// A subproblem counts its groups' row choices south set by south set: the tables of a
/// south set are read for each north set of the group while they are in the cache. A row
/// choice and its north-south mirror image have as many solutions, and the one counted
/// sends the fewer north rows east (see [`Plan::new`]).
pub(super) fn north_groups(norths: usize, halved: bool) -> Vec<Vec<usize>> {
    let mut sets: Vec<usize> = (0..1usize << norths)
        .filter(|set| !halved || 2 * set.count_ones() as usize <= norths)
        .collect();
    sets.sort_by_key(|&set| (set.count_ones(), set));
    sets.chunk_by(|a, b| a.count_ones() == b.count_ones())
        .flat_map(|same| same.chunks(TOGETHER))
        .map(<[usize]>::to_vec)
        .collect()
}

/// The smallest odd board whose cases of the middle queens off the center are each
/// followed by their north-south mirror image (see [`Plan::new`]): each case's tables are
/// built twice, which costs more than it spares on smaller boards. Against each case alone,
/// `queens count 19 --engine quadrants --threads 1` took 1.07x the time and `count 21`
/// 0.94x (the two builds side by side, a core each; AMD EPYC with AVX-512).
const MIRRORED_CASES_FROM: usize = 21;

impl Plan {
    /// The plan of a count of `n`. Each row choice is counted or its north-south mirror
    /// image, whichever sends the fewer north rows east: its south-west placements, the
    /// partners whose free half-boards the join makes for the west groups to read, are
    /// then the fewer, each read by more groups. Where the fixed queens are their own
    /// mirror image, `Solver::weights` counts the one of the two choices twice; on odd
    /// boards from [`MIRRORED_CASES_FROM`], each placement of the middle queens off the
    /// center is followed by its mirror image, the two counting the choices of one class
    /// each.
    pub(crate) fn new(n: usize) -> Plan {
        Plan::mirrored_from(n, MIRRORED_CASES_FROM)
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
        let mut first = 0;
        let cases = kinds
            .into_iter()
            .map(|(fixed, weight)| {
                let mut case = Case {
                    fixed,
                    weight,
                    first,
                    len: 0,
                    halved: false,
                };
                case.halved = n >= from || case.mirrored(n);
                case.len = case.north_groups(n).len();
                first += case.len;
                case
            })
            .collect();
        Plan { n, cases }
    }

    /// The number of subproblems.
    pub(crate) fn len(&self) -> usize {
        self.cases.last().map_or(0, |case| case.first + case.len)
    }

    /// The case of subproblem `index`.
    pub(crate) fn case_of(&self, index: usize) -> usize {
        self.cases
            .partition_point(|case| case.first + case.len <= index)
    }

    /// The number of steps of every subproblem: one per set of south rows that completes
    /// its north row sets. The finest parts of the count, which [`Plan::step`] numbers.
    pub(crate) fn steps(&self) -> u64 {
        (0..self.cases.len())
            .flat_map(|case| self.steps_of(case))
            .map(|(_, steps)| steps)
            .sum()
    }

    /// The number of steps of each subproblem of case `case`, with its index.
    fn steps_of(&self, case: usize) -> impl Iterator<Item = (usize, u64)> {
        let frame = Frame::around(self.n, &self.cases[case].fixed);
        let (souths, east) = (frame.south.len(), frame.east.len());
        let first = self.cases[case].first;
        self.cases[case]
            .north_groups(self.n)
            .into_iter()
            .enumerate()
            .map(move |(i, norths)| {
                let k = norths[0].count_ones() as usize;
                let steps = east.checked_sub(k).map_or(0, |m| binomial(souths, m));
                (first + i, steps)
            })
    }

    /// Step `index` (below [`Plan::steps`]): its subproblem and its south row set (bits
    /// into the case's south row list).
    pub(crate) fn step(&self, mut index: u64) -> (usize, usize) {
        for case in 0..self.cases.len() {
            let east = Frame::around(self.n, &self.cases[case].fixed).east.len();
            for (subproblem, steps) in self.steps_of(case) {
                if index < steps {
                    let k = north_groups_first_size(self, subproblem);
                    return (subproblem, nth_subset((east - k) as u32, index));
                }
                index -= steps;
            }
        }
        panic!("step beyond the plan's {}", self.steps());
    }
}

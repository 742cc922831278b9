//! Counting the completions of a board whose border queens are placed.

use crate::bitboard::{Masks, lowest_bit, open_rows};
use crate::squares::Square;

/// The number of ways to put one queen on each of two rows `gap` apart, on the open
/// squares `upper` and `lower`, without the two attacking each other.
///
/// Every pair counts except those where the upper queen attacks the lower one: straight
/// down, or `gap` columns to either side. For one upper queen those are three different
/// squares, so the attacked pairs are counted exactly by three intersections.
fn pairs(upper: u64, lower: u64, gap: u32) -> u64 {
    let all = upper.count_ones() * lower.count_ones();
    let attacked = (upper & lower).count_ones()
        + ((upper << gap) & lower).count_ones()
        + ((upper >> gap) & lower).count_ones();
    u64::from(all - attacked)
}

/// The rows left free by fixed queens, with the squares the fixed queens leave open in each.
///
/// Because an attack goes both ways, a square the fixed queens do not attack is one whose
/// queen does not attack them: the search never needs to look at the fixed rows again and
/// jumps over them, shifting the diagonal masks by the distance between free rows.
pub(crate) struct Interior {
    /// Number of free rows.
    pub(crate) free: usize,
    /// The free rows, top to bottom.
    rows: [usize; 64],
    /// Open squares of each free row.
    pub(crate) open: [u64; 64],
    /// Distance from each free row to the next.
    pub(crate) gaps: [u32; 64],
}

impl Interior {
    pub(crate) fn new(n: usize, fixed: &[Square]) -> Interior {
        let (open, fixed_rows) = open_rows(n, fixed);
        Interior::from_open_rows(n, &open, fixed_rows)
    }

    /// The free rows of a board whose rows offer the squares `open`, skipping `fixed_rows`.
    pub(crate) fn from_open_rows(n: usize, open: &[u64; 64], fixed_rows: u64) -> Interior {
        let mut interior = Interior {
            free: 0,
            rows: [0; 64],
            open: [0; 64],
            gaps: [0; 64],
        };
        for row in (0..n).filter(|&row| fixed_rows & 1 << row == 0) {
            let k = interior.free;
            interior.rows[k] = row;
            interior.open[k] = open[row];
            if k > 0 {
                interior.gaps[k - 1] = (row - interior.rows[k - 1]) as u32;
            }
            interior.free += 1;
        }
        interior
    }

    /// The board once a queen stands on `square` (one bit) of the first free row: the
    /// other free rows, less the squares it attacks.
    pub(crate) fn with_first_queen(&self, square: u64) -> Interior {
        let mut next = Interior {
            free: self.free.saturating_sub(1),
            rows: [0; 64],
            open: [0; 64],
            gaps: [0; 64],
        };
        let mut distance = 0;
        for k in 1..self.free {
            distance += self.gaps[k - 1];
            let attacked = square | square << distance | square >> distance;
            next.rows[k - 1] = self.rows[k];
            next.open[k - 1] = self.open[k] & !attacked;
            next.gaps[k - 1] = self.gaps[k];
        }
        next
    }

    /// The number of ways to fill the free rows, by the scalar search.
    pub(crate) fn count(&self) -> u64 {
        match self.free {
            0 => 1,
            1 => u64::from(self.open[0].count_ones()),
            2 => pairs(self.open[0], self.open[1], self.gaps[0]),
            _ => self.count_three_or_more(),
        }
    }

    /// An explicit-stack search: each step looks ahead and skips a queen that leaves one of
    /// the next three rows no open square, and the last two rows are counted in closed form
    /// by [`pairs`] instead of being visited.
    pub(crate) fn count_three_or_more(&self) -> u64 {
        let last = self.free - 1;
        let mut untried = [0u64; 64];
        let mut taken = [Masks::default(); 64];
        untried[0] = self.open[0];
        let mut k = 0;
        let mut total = 0;
        loop {
            let candidates = untried[k];
            if candidates == 0 {
                if k == 0 {
                    return total;
                }
                k -= 1;
                continue;
            }
            let bit = lowest_bit(candidates);
            untried[k] = candidates ^ bit;
            let below = taken[k].rows_below(bit, self.gaps[k]);
            let next = self.open[k + 1] & !below.attacked();
            if k + 2 == last {
                let after = self.open[last] & !below.rows_below(0, self.gaps[k + 1]).attacked();
                total += pairs(next, after, self.gaps[k + 1]);
            } else if next != 0
                && self.open[k + 2] & !below.rows_below(0, self.gaps[k + 1]).attacked() != 0
                && (k + 3 == last
                    || self.open[k + 3]
                        & !below
                            .rows_below(0, self.gaps[k + 1] + self.gaps[k + 2])
                            .attacked()
                        != 0)
            {
                k += 1;
                taken[k] = below;
                untried[k] = next;
            }
        }
    }

    /// A cheap estimate of the search's size, to compare orientations of one constellation:
    /// the logarithm of the product of the open squares of the upper half of the free rows,
    /// where the search branches most.
    pub(crate) fn estimated_cost(&self, n: usize) -> f64 {
        let rows = (n / 2).min(self.free);
        self.open[..rows]
            .iter()
            .map(|open| f64::from(open.count_ones()).ln())
            .sum()
    }

    /// Calls `visit` with the full column list of every completion of `fixed`.
    pub(crate) fn for_each_solution(
        &self,
        n: usize,
        fixed: &[Square],
        mut visit: impl FnMut(&[usize]),
    ) {
        let mut columns = vec![0; n];
        for &(row, col) in fixed {
            columns[row] = col;
        }
        if self.free == 0 {
            visit(&columns);
            return;
        }
        self.visit_from(0, 0, 0, 0, &mut columns, &mut visit);
    }

    fn visit_from(
        &self,
        k: usize,
        taken: u64,
        down_right: u64,
        down_left: u64,
        columns: &mut [usize],
        visit: &mut impl FnMut(&[usize]),
    ) {
        let mut open = self.open[k] & !(taken | down_right | down_left);
        while open != 0 {
            let bit = lowest_bit(open);
            open ^= bit;
            columns[self.rows[k]] = bit.trailing_zeros() as usize;
            if k + 1 == self.free {
                visit(columns);
            } else {
                let gap = self.gaps[k];
                self.visit_from(
                    k + 1,
                    taken | bit,
                    (down_right | bit) << gap,
                    (down_left | bit) >> gap,
                    columns,
                    visit,
                );
            }
        }
    }
}

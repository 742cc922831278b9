//! The search as a state machine: a row at a time within a budget of nodes, whole subtrees
//! counted to skip solutions, and the back search, mirrored, that meets the front.

use crate::bitboard::{MAX, Masks, full_row, lowest_bit};
use crate::counting::{Interior, count_board};
use crate::search::State;

use super::Queens;

impl Queens {
    /// The fresh forward search of this board mirrored left to right.
    pub(super) fn mirrored(&self) -> Queens {
        let mut allowed = [0; MAX];
        for (mirror, &row) in allowed.iter_mut().zip(&self.allowed[..self.n]) {
            *mirror = row.reverse_bits() >> (u64::BITS as usize - self.n);
        }
        Queens::fresh(self.n, allowed, self.fixed_rows)
    }

    /// The last solution the back search yielded, mirrored back, while it is under way.
    pub(super) fn back_last(&self) -> Option<impl Iterator<Item = usize> + '_> {
        let back = self
            .back
            .as_deref()
            .filter(|b| b.state == State::Searching)?;
        Some(back.columns[..self.n].iter().map(|&c| self.n - 1 - c))
    }

    /// Ends both searches: the ends have met, or one has run out.
    pub(super) fn finish(&mut self) {
        self.state = State::Exhausted;
        if let Some(back) = &mut self.back {
            back.state = State::Exhausted;
        }
    }

    /// Moves the back search past `k` solutions to the one before them, leaving it,
    /// mirrored, in the back search's `columns`; `false` once the ends meet.
    pub(super) fn retreat(&mut self, k: u64) -> bool {
        if self.state == State::Exhausted {
            return false;
        }
        let mirrored = match &mut self.back {
            Some(back) => back,
            None => self.back.insert(Box::new(self.mirrored())),
        };
        if !mirrored.skip_solutions(k) {
            self.finish();
            return false;
        }
        !self.met_back()
    }

    /// Whether the back search, at the solution in its `columns`, has come to or before
    /// the front's (a front yielded up to its columns: the back must stay beyond them);
    /// if so, the search is finished.
    pub(super) fn met_back(&mut self) -> bool {
        let n = self.n;
        let back = self.back.as_deref().expect("the back search was made");
        let met = self.state == State::Searching
            && back.columns[..n]
                .iter()
                .map(|&c| n - 1 - c)
                .le(self.columns[..n].iter().copied());
        if met {
            self.finish();
        }
        met
    }

    /// [`next_columns`](Queens::next_columns) after skipping `k` solutions, which are
    /// counted by whole subtrees rather than built.
    pub(super) fn nth_columns(&mut self, k: u64) -> Option<&[usize]> {
        if self
            .back
            .as_ref()
            .is_some_and(|b| b.state == State::Exhausted)
        {
            self.state = State::Exhausted;
            return None;
        }
        if !self.skip_solutions(k) {
            self.finish();
            return None;
        }
        let met = self
            .back_last()
            .is_some_and(|last| self.columns[..self.n].iter().copied().ge(last));
        if met {
            self.finish();
            return None;
        }
        Some(&self.columns[..self.n])
    }

    /// Whether the lexicographic order reaches solutions soonest: up to `up_to` queens, on
    /// a board without blocked squares (fixed queens leave it fast).
    pub(crate) fn lexicographic_soonest(&self, up_to: usize) -> bool {
        let full = full_row(self.n);
        let blocked =
            (0..self.n).any(|row| self.fixed_rows >> row & 1 == 0 && self.allowed[row] != full);
        self.n <= up_to && !blocked
    }

    /// Whether no queen is fixed and no square blocked.
    pub(super) fn is_plain(&self) -> bool {
        let full = full_row(self.n);
        self.allowed[..self.n].iter().all(|&row| row == full)
    }

    /// Runs the state machine past `k` solutions to the next one, leaving it in `columns`:
    /// whole subtrees with at most as many solutions as are left to skip are counted and
    /// passed over; the last few are stepped through.
    pub(super) fn skip_solutions(&mut self, mut k: u64) -> bool {
        // Below this, stepping costs less than counting the subtree it ends in.
        const COUNT_FROM: u64 = 256;
        if k < COUNT_FROM || self.n == 0 || self.state == State::Exhausted {
            return (0..=k).all(|_| self.advance());
        }
        if self.state == State::Fresh {
            self.state = State::Searching;
            self.untried[0] = self.allowed[0];
        }
        let last = self.n - 1;
        let mut depth = self.depth;
        loop {
            if k < COUNT_FROM {
                self.depth = depth;
                return (0..=k).all(|_| self.advance());
            }
            let untried = self.untried[depth];
            if untried == 0 {
                if depth == 0 {
                    self.depth = depth;
                    self.state = State::Exhausted;
                    return false;
                }
                depth -= 1;
                continue;
            }
            let bit = lowest_bit(untried);
            let below = self.taken[depth].below(bit);
            let size = if depth == last {
                1
            } else {
                self.subtree(depth, below)
            };
            self.untried[depth] = untried ^ bit;
            if size <= k {
                k -= size;
                continue;
            }
            self.columns[depth] = bit.trailing_zeros() as usize;
            self.nodes += 1;
            // Not the last row: a subtree with more than `k` solutions has a next row.
            depth += 1;
            self.taken[depth] = below;
            self.untried[depth] = self.allowed[depth] & !below.attacked();
        }
    }

    /// How many solutions lie below a queen in row `depth` that leaves row `depth + 1`
    /// attacked as `below` says.
    pub(super) fn subtree(&self, depth: usize, below: Masks) -> u64 {
        let mut open = [0; MAX];
        for (gap, row) in (depth + 1..self.n).enumerate() {
            open[row] = self.allowed[row] & !below.rows_below(0, gap as u32).attacked();
        }
        let placed = full_row(depth + 1);
        count_board(&Interior::from_open_rows(self.n, &open, placed))
    }

    /// Runs the state machine to the next solution, leaving it in `columns`.
    pub(super) fn advance(&mut self) -> bool {
        self.advance_within(u64::MAX) == Some(true)
    }

    /// [`advance`](Queens::advance), stopping (`None`) once `budget` placements more are
    /// made without a solution; the next call goes on from there.
    pub(super) fn advance_within(&mut self, budget: u64) -> Option<bool> {
        self.advance_watched(budget, &mut |_, _, _| {})
    }

    /// [`advance_within`](Queens::advance_within), telling `watch` of each queen placed:
    /// its row and column, and unless the row is the last, the squares of the next row its
    /// queens attack and those left open (none: a dead end). The trace watches this way,
    /// so that it shows the search iteration runs, not a copy of it.
    #[inline]
    pub(crate) fn advance_watched(
        &mut self,
        budget: u64,
        watch: &mut impl FnMut(usize, usize, Option<(u64, u64)>),
    ) -> Option<bool> {
        if let Some(found) = self.state.settle(self.n) {
            return Some(found);
        }
        if self.state == State::Fresh {
            self.state = State::Searching;
            self.untried[0] = self.allowed[0];
        }
        // The hot loop works on locals; the struct's copies are written back on return.
        let last = self.n - 1;
        let mut depth = self.depth;
        let mut nodes = self.nodes;
        let limit = nodes.saturating_add(budget);
        let found = loop {
            let untried = self.untried[depth];
            if untried == 0 {
                if depth == 0 {
                    break Some(false);
                }
                depth -= 1;
                continue;
            }
            if nodes >= limit {
                break None;
            }
            let bit = lowest_bit(untried);
            let col = bit.trailing_zeros() as usize;
            self.untried[depth] = untried ^ bit;
            self.columns[depth] = col;
            nodes += 1;
            if depth == last {
                watch(depth, col, None);
                // Stay on the last row: the next call tries its remaining squares.
                break Some(true);
            }
            let below = self.taken[depth].below(bit);
            let attacked = below.attacked();
            let open = self.allowed[depth + 1] & !attacked;
            watch(depth, col, Some((attacked, open)));
            if open != 0 {
                depth += 1;
                self.taken[depth] = below;
                self.untried[depth] = open;
            }
        };
        self.depth = depth;
        self.nodes = nodes;
        if found == Some(false) {
            self.state = State::Exhausted;
        }
        found
    }
}

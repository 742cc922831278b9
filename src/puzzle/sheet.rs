//! The board as a person solving a puzzle sees it: the queens placed and, for every other
//! row, the squares still open. Grading walks it one technique at a time; generation fills it
//! at random.

use crate::rng::SplitMix64;
use crate::squares::{Line, Square};

/// The board as a person solving sees it: queens placed, and the squares still open.
#[derive(Clone)]
pub(super) struct Sheet {
    pub(super) n: usize,
    /// Rows holding a queen.
    placed: u64,
    /// Columns holding a queen.
    used: u64,
    /// Each row's open squares (unplaced rows only).
    pub(super) open: [u64; 64],
}

impl Sheet {
    pub(super) fn new(n: usize, clues: &[Square], blocks: &[Square]) -> Sheet {
        let mut sheet = Sheet {
            n,
            placed: 0,
            used: 0,
            open: [full(n); 64],
        };
        for &(row, col) in blocks {
            sheet.open[row] &= !(1 << col);
        }
        for &square in clues {
            sheet.place(square);
        }
        sheet
    }

    pub(super) fn unplaced(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.n).filter(|row| self.placed >> row & 1 == 0)
    }

    pub(super) fn place(&mut self, (row, col): Square) {
        self.placed |= 1 << row;
        self.used |= 1 << col;
        for other in 0..self.n {
            if self.placed >> other & 1 == 0 {
                self.open[other] &= !attacks(row, col, other);
            }
        }
    }

    /// The columns with at least one open square in an unplaced row, and those with two or
    /// more.
    fn column_cover(&self) -> (u64, u64) {
        let (mut once, mut twice) = (0, 0);
        for row in self.unplaced() {
            twice |= once & self.open[row];
            once |= self.open[row];
        }
        (once, twice)
    }

    /// A row or column left with no open square, if any.
    pub(super) fn empty_line(&self) -> Option<Line> {
        if let Some(row) = self.unplaced().find(|&row| self.open[row] == 0) {
            return Some(Line::Row(row));
        }
        self.empty_column(self.used | self.column_cover().0)
    }

    /// The first column of the board outside `covered`.
    fn empty_column(&self, covered: u64) -> Option<Line> {
        let missing = !covered & full(self.n);
        (missing != 0).then(|| Line::Column(missing.trailing_zeros() as usize))
    }

    /// A row or column with one open square, and that square.
    pub(super) fn forced(&self) -> Option<(Line, Square)> {
        if let Some(row) = self
            .unplaced()
            .find(|&row| self.open[row].count_ones() == 1)
        {
            return Some((
                Line::Row(row),
                (row, self.open[row].trailing_zeros() as usize),
            ));
        }
        let (once, twice) = self.column_cover();
        let single = once & !twice & !self.used;
        if single == 0 {
            return None;
        }
        let col = single.trailing_zeros() as usize;
        let row = self
            .unplaced()
            .find(|&row| self.open[row] >> col & 1 == 1)?;
        Some((Line::Column(col), (row, col)))
    }

    pub(super) fn open_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.unplaced().flat_map(move |row| {
            let open = self.open[row];
            (0..self.n)
                .filter(move |col| open >> col & 1 == 1)
                .map(move |col| (row, col))
        })
    }

    /// What a queen on `square` would empty: the same answer as placing it and asking
    /// [`Sheet::empty_line`], without a copy of the sheet (this runs for every open square).
    pub(super) fn empties_after(&self, (row, col): Square) -> Option<Line> {
        let mut reachable = 0;
        for other in self.unplaced().filter(|&other| other != row) {
            let open = self.open[other] & !attacks(row, col, other);
            if open == 0 {
                return Some(Line::Row(other));
            }
            reachable |= open;
        }
        self.empty_column(self.used | 1 << col | reachable)
    }

    /// What a queen on `square`, followed by the squares it forces, empties.
    pub(super) fn refutes(&self, square: Square) -> Option<Line> {
        let mut after = self.clone();
        after.place(square);
        loop {
            if let Some(line) = after.empty_line() {
                return Some(line);
            }
            let (_, forced) = after.forced()?;
            after.place(forced);
        }
    }

    /// The queens completing the sheet, found by a most-constrained search that tries a
    /// row's open squares in a random order, or none within `budget` placements.
    pub(super) fn fill_at_random(
        &self,
        rng: &mut SplitMix64,
        budget: &mut u64,
    ) -> Option<Vec<Square>> {
        if self.empty_line().is_some() {
            return None;
        }
        let Some(row) = self
            .unplaced()
            .min_by_key(|&row| self.open[row].count_ones())
        else {
            return Some(Vec::new());
        };
        let mut open = self.open[row];
        while open != 0 && *budget > 0 {
            *budget -= 1;
            let col = nth_square(open, rng.exactly_below(u64::from(open.count_ones())));
            open &= !(1 << col);
            let mut next = self.clone();
            next.place((row, col));
            if let Some(mut queens) = next.fill_at_random(rng, budget) {
                queens.push((row, col));
                return Some(queens);
            }
        }
        None
    }

    pub(super) fn exclude(&mut self, (row, col): Square) {
        self.open[row] &= !(1 << col);
    }
}

/// The squares of a row of an `n` x `n` board.
fn full(n: usize) -> u64 {
    u64::MAX.checked_shr(64 - n as u32).unwrap_or(0)
}

/// The column of the `k`th square (from 0) of `squares`.
fn nth_square(mut squares: u64, k: u64) -> usize {
    for _ in 0..k {
        squares &= squares - 1;
    }
    squares.trailing_zeros() as usize
}

/// The squares of row `other` that a queen on `(row, col)` attacks.
fn attacks(row: usize, col: usize, other: usize) -> u64 {
    let distance = other.abs_diff(row);
    let mut attacked = 1u64 << col;
    if col + distance < 64 {
        attacked |= 1 << (col + distance);
    }
    if let Some(left) = col.checked_sub(distance) {
        attacked |= 1 << left;
    }
    attacked
}

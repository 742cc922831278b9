//! A second search order that finds solutions fast on large boards: the most constrained
//! row first.

use std::fmt;
use std::iter::FusedIterator;

use super::State;
use crate::board::MAX;
use crate::board::full_row;
use crate::solution::Solution;

/// Every solution of a board, searching the row with the fewest open squares first.
///
/// Made by [`Queens::most_constrained`](crate::Queens::most_constrained). At each step the
/// search picks, among the rows without a queen, the one with the fewest squares left open
/// by the queens placed so far, and tries its squares from the middle of the board outwards.
/// This finds first solutions in microseconds to milliseconds on every board up to 64 x 64,
/// where the lexicographic order of [`Queens`](crate::Queens) can take billions of steps.
/// It is still a complete enumeration: every solution exactly once, in an unspecified order.
///
/// # Examples
///
/// ```
/// use queens::Queens;
///
/// let s = Queens::new(64).most_constrained().next().unwrap();
/// assert_eq!(s.n(), 64);
///
/// let all: std::collections::BTreeSet<_> = Queens::new(8).most_constrained().collect();
/// assert_eq!(all.len(), 92);
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct MostConstrained {
    n: usize,
    /// Squares each row may use before the search starts (fixed queens already applied).
    allowed: [u64; MAX],
    /// The columns in the order they are tried: middle first.
    middle_first: [u8; MAX],
    state: State,
    /// Queens placed so far; `stack[0..=depth]` describe the rows being tried.
    depth: usize,
    stack: [Frame; MAX],
    columns: [usize; MAX],
    /// Solutions up to this column list (in lexicographic order) were already yielded by
    /// the search this one continues, and are skipped.
    yielded_through: Option<[usize; MAX]>,
}

/// One row being tried, and the board before a queen is put on it.
#[derive(Clone, Copy, Default)]
struct Frame {
    row: usize,
    untried: u64,
    board: Attacks,
}

/// What the placed queens attack, in absolute coordinates so rows can come in any order.
#[derive(Clone, Copy, Default)]
struct Attacks {
    /// Rows holding a queen.
    rows: u64,
    /// Columns holding a queen.
    columns: u64,
    /// Diagonals `row + column` holding a queen.
    sums: u128,
    /// Diagonals `column - row + n - 1` holding a queen: numbered the other way from
    /// `board::diagonals`, so that shifting right by `n - 1 - row` lines a row's columns
    /// up with bit 0.
    differences: u128,
}

impl Attacks {
    /// The squares of `row` open to a new queen.
    fn open(&self, row: usize, n: usize, allowed: u64) -> u64 {
        let sums = (self.sums >> row) as u64;
        let differences = (self.differences >> (n - 1 - row)) as u64;
        allowed & !(self.columns | sums | differences)
    }

    fn with(self, row: usize, col: usize, n: usize) -> Attacks {
        Attacks {
            rows: self.rows | 1 << row,
            columns: self.columns | 1 << col,
            sums: self.sums | 1 << (row + col),
            differences: self.differences | 1 << (col + n - 1 - row),
        }
    }
}

impl MostConstrained {
    /// The search of a board whose rows may use `allowed`, skipping the solutions up to
    /// `yielded_through` in lexicographic order, or yielding nothing if `exhausted`.
    pub(crate) fn new(
        n: usize,
        allowed: [u64; MAX],
        yielded_through: Option<[usize; MAX]>,
        exhausted: bool,
    ) -> MostConstrained {
        let mut order: Vec<usize> = (0..n).collect();
        // Distance from the middle, doubled so that even boards need no fractions.
        order.sort_by_key(|&col| (2 * col).abs_diff(n.saturating_sub(1)));
        let mut middle_first = [0; MAX];
        for (slot, col) in middle_first.iter_mut().zip(order) {
            *slot = col as u8;
        }
        MostConstrained {
            n,
            allowed,
            middle_first,
            state: if exhausted {
                State::Exhausted
            } else {
                State::Fresh
            },
            depth: 0,
            stack: [Frame::default(); MAX],
            columns: [0; MAX],
            yielded_through,
        }
    }

    /// The unplaced row with the fewest open squares and those squares, or `None` when some
    /// row has no open square left.
    fn most_constrained_row(&self, board: &Attacks) -> Option<(usize, u64)> {
        let mut best: Option<(usize, u64)> = None;
        let mut fewest = u32::MAX;
        let unplaced = full_row(self.n) & !board.rows;
        let mut rows = unplaced;
        while rows != 0 {
            let row = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let open = board.open(row, self.n, self.allowed[row]);
            let count = open.count_ones();
            if count == 0 {
                return None;
            }
            // Ties go to the row nearest the middle, where the diagonals are longest.
            let rank = count * 128 + (2 * row).abs_diff(self.n - 1) as u32;
            if rank < fewest {
                (fewest, best) = (rank, Some((row, open)));
            }
        }
        best
    }

    /// Takes the untried column of `untried` nearest the middle.
    fn take_middle_most(&self, untried: &mut u64) -> usize {
        let col = self.middle_first[..self.n]
            .iter()
            .map(|&c| usize::from(c))
            .find(|&c| *untried & 1 << c != 0)
            .expect("untried is not empty");
        *untried &= !(1 << col);
        col
    }

    /// Runs to the next solution, leaving it in `columns`.
    fn advance(&mut self) -> bool {
        if let Some(found) = self.state.settle(self.n) {
            return found;
        }
        if self.state == State::Fresh {
            let board = Attacks::default();
            let Some((row, untried)) = self.most_constrained_row(&board) else {
                self.state = State::Exhausted;
                return false;
            };
            self.state = State::Searching;
            self.stack[0] = Frame {
                row,
                untried,
                board,
            };
        }
        loop {
            let frame = self.stack[self.depth];
            if frame.untried == 0 {
                if self.depth == 0 {
                    self.state = State::Exhausted;
                    return false;
                }
                self.depth -= 1;
                continue;
            }
            let mut untried = frame.untried;
            let col = self.take_middle_most(&mut untried);
            self.stack[self.depth].untried = untried;
            self.columns[frame.row] = col;
            if self.depth + 1 == self.n {
                return true;
            }
            let board = frame.board.with(frame.row, col, self.n);
            if let Some((row, untried)) = self.most_constrained_row(&board) {
                self.depth += 1;
                self.stack[self.depth] = Frame {
                    row,
                    untried,
                    board,
                };
            }
        }
    }
}

impl Iterator for MostConstrained {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        while self.advance() {
            let columns = &self.columns[..self.n];
            if self
                .yielded_through
                .is_none_or(|through| columns > &through[..self.n])
            {
                return Some(Solution::from_valid(columns.to_vec()));
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self.state {
            State::Exhausted => (0, Some(0)),
            _ => (0, None),
        }
    }
}

impl FusedIterator for MostConstrained {}

impl fmt::Debug for MostConstrained {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MostConstrained")
            .field("n", &self.n)
            .field("state", &self.state)
            .field("depth", &self.depth)
            .finish()
    }
}

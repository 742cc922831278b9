//! A second search order that finds solutions fast on large boards and refutes impossible
//! puzzles fast: the most constrained row or column first.

use std::fmt;
use std::iter::FusedIterator;
use std::task::Poll;

use super::State;
use crate::adaptors::{Fundamental, first_of_each_class};
use crate::bitboard::MAX;
use crate::bitboard::full_row;
use crate::solution::Solution;
use crate::solution::symmetry::Symmetry;
use crate::squares::{Line, Square};

/// Every solution of a board, searching the row or column with the fewest open squares
/// first.
///
/// Made by [`Queens::most_constrained`](crate::Queens::most_constrained). At each step the
/// search picks the row without a queen that has the fewest squares left open by the queens
/// placed so far and the blocked squares, or a column with fewer still when it has at most
/// three (nearly forced), and tries its squares from the middle of the board outwards. A row or column with no open square
/// left ends the branch at once, so a puzzle without a solution is refuted quickly.
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
    pub(crate) n: usize,
    /// Squares each row may use before the search starts (fixed queens already applied).
    pub(crate) allowed: [u64; MAX],
    /// The columns in the order they are tried: middle first.
    middle_first: [u8; MAX],
    pub(crate) state: State,
    /// Queens placed so far; `stack[0..=depth]` describe the rows being tried.
    pub(crate) depth: usize,
    pub(crate) stack: [Frame; MAX],
    pub(crate) columns: [usize; MAX],
    /// The square each frame's queen was put on (for the trace).
    pub(crate) placed: [(usize, usize); MAX],
    /// Solutions the search this one continues already yielded, which are skipped.
    yielded: Yielded,
    /// Queens placed so far.
    nodes: u64,
}

/// The solutions a lexicographic search has yielded from its two ends: those up to
/// `through` and those from `from` on, in lexicographic order.
#[derive(Clone, Copy, Default)]
pub(crate) struct Yielded {
    pub through: Option<[usize; MAX]>,
    pub from: Option<[usize; MAX]>,
}

impl Yielded {
    fn contains(&self, columns: &[usize]) -> bool {
        let n = columns.len();
        self.through.is_some_and(|through| columns <= &through[..n])
            || self.from.is_some_and(|from| columns >= &from[..n])
    }
}

/// One row or column being tried, and the board before a queen is put on it.
#[derive(Clone, Copy)]
pub(crate) struct Frame {
    pub line: Line,
    /// The untried columns of a row, or rows of a column.
    pub untried: u64,
    pub board: Attacks,
}

impl Default for Frame {
    fn default() -> Frame {
        Frame {
            line: Line::Row(0),
            untried: 0,
            board: Attacks::default(),
        }
    }
}

/// The most open squares a column may have to be searched before the best row. Nearly
/// forced columns prune puzzles (CSPLib 079's hardest instances); preferring every column
/// narrower than the best row sent plain boards into long fruitless subtrees (n = 63 took
/// 10 s to its first solution, against 0.1 ms).
const NEARLY_FORCED: u32 = 3;

/// How many open squares each column has, as bits of a saturating 3-bit counter per column.
#[derive(Default)]
struct ColumnCounts {
    bits: [u64; 3],
    /// Columns with 8 or more.
    many: u64,
}

impl ColumnCounts {
    /// Counts one more open square in each column of `open`.
    fn add(&mut self, open: u64) {
        let mut carry = open;
        for bit in &mut self.bits {
            let next = *bit & carry;
            *bit ^= carry;
            carry = next;
        }
        self.many |= carry;
    }

    /// The columns with exactly `k` open squares (`k` below 8).
    fn exactly(&self, k: u32) -> u64 {
        self.bits
            .iter()
            .enumerate()
            .fold(!self.many, |columns, (i, &bit)| match k >> i & 1 {
                1 => columns & bit,
                _ => columns & !bit,
            })
    }
}

/// What a queen the search places leads to.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Placed {
    /// It completes the board.
    Solution,
    /// Some line still to fill has an open square: the search goes on.
    Open,
    /// This line, still to fill, has no open square left.
    Dead(Line),
}

/// What the placed queens attack, in absolute coordinates so rows can come in any order.
#[derive(Clone, Copy, Default)]
pub(crate) struct Attacks {
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
    /// Whether `row` holds a queen.
    pub(crate) fn holds_row(&self, row: usize) -> bool {
        self.rows >> row & 1 == 1
    }

    /// The squares of `row` open to a new queen.
    pub(crate) fn open(&self, row: usize, n: usize, allowed: u64) -> u64 {
        let sums = (self.sums >> row) as u64;
        let differences = (self.differences >> (n - 1 - row)) as u64;
        allowed & !(self.columns | sums | differences)
    }

    pub(crate) fn with(self, row: usize, col: usize, n: usize) -> Attacks {
        Attacks {
            rows: self.rows | 1 << row,
            columns: self.columns | 1 << col,
            sums: self.sums | 1 << (row + col),
            differences: self.differences | 1 << (col + n - 1 - row),
        }
    }
}

impl MostConstrained {
    /// The search of a board whose rows may use `allowed`, skipping the solutions already
    /// `yielded`, or yielding nothing if `exhausted`.
    pub(crate) fn new(
        n: usize,
        allowed: [u64; MAX],
        yielded: Yielded,
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
            placed: [(0, 0); MAX],
            yielded,
            nodes: 0,
        }
    }

    /// The unplaced row or column with the fewest open squares (a row on ties, then the one
    /// nearest the middle) and those squares, or the first unplaced row or column that has
    /// no open square left.
    pub(crate) fn most_constrained_line(&self, board: &Attacks) -> Result<(Line, u64), Line> {
        let n = self.n;
        let mut best = None;
        let mut fewest = u32::MAX;
        let mut columns = ColumnCounts::default();
        let mut rows = full_row(n) & !board.rows;
        while rows != 0 {
            let row = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let open = board.open(row, n, self.allowed[row]);
            let count = open.count_ones();
            if count == 0 {
                return Err(Line::Row(row));
            }
            columns.add(open);
            // Ties go to the row nearest the middle, where the diagonals are longest.
            let rank = count * 128 + (2 * row).abs_diff(n - 1) as u32;
            if rank < fewest {
                (fewest, best) = (rank, Some((Line::Row(row), open)));
            }
        }
        let unplaced = full_row(n) & !board.columns;
        let dead = columns.exactly(0) & unplaced;
        if dead != 0 {
            return Err(Line::Column(dead.trailing_zeros() as usize));
        }
        // A column goes first when it is nearly forced and narrower than the best row.
        for k in 1..(fewest / 128).min(NEARLY_FORCED + 1) {
            let candidates = columns.exactly(k) & unplaced;
            if candidates != 0 {
                let col = self.middle_most(candidates);
                let rows = (0..n)
                    .filter(|&row| board.rows >> row & 1 == 0)
                    .filter(|&row| board.open(row, n, self.allowed[row]) >> col & 1 == 1)
                    .fold(0, |rows, row| rows | 1 << row);
                return Ok((Line::Column(col), rows));
            }
        }
        best.ok_or(Line::Row(0))
    }

    /// The line of `lines` (rows or columns) nearest the middle.
    fn middle_most(&self, lines: u64) -> usize {
        self.middle_first[..self.n]
            .iter()
            .map(|&c| usize::from(c))
            .find(|&c| lines & 1 << c != 0)
            .expect("lines is not empty")
    }

    /// How many queens this search has placed so far, the measure of its work.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut search = queens::Queens::new(64).most_constrained();
    /// search.next();
    /// assert!(search.nodes() >= 64);
    /// ```
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The symmetries of the board that keep its fixed queens and blocked squares; see
    /// [`Queens::symmetries`](crate::Queens::symmetries).
    ///
    /// # Examples
    ///
    /// ```
    /// let search = queens::Queens::builder(8).queen((0, 0)).build()?.most_constrained();
    /// assert_eq!(search.symmetries().len(), 2);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn symmetries(&self) -> Vec<Symmetry> {
        Symmetry::keeping(self.n, &self.allowed[..self.n])
    }

    /// One solution per class under the board's [`symmetries`](MostConstrained::symmetries);
    /// see [`Queens::classes`](crate::Queens::classes).
    ///
    /// # Examples
    ///
    /// ```
    /// let corner = queens::Queens::builder(8).queen((0, 0)).build()?;
    /// assert_eq!(corner.most_constrained().classes().count(), 2);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn classes(self) -> Fundamental<MostConstrained> {
        let symmetries = self.symmetries();
        first_of_each_class(self, symmetries)
    }

    /// Takes the untried square of `untried` nearest the middle.
    pub(crate) fn take_middle_most(&self, untried: &mut u64) -> usize {
        let line = self.middle_most(*untried);
        *untried &= !(1 << line);
        line
    }

    /// Runs to the next solution, leaving it in `columns`.
    fn advance(&mut self) -> bool {
        self.advance_within(u64::MAX) == Some(true)
    }

    /// [`advance`](MostConstrained::advance), stopping (`None`) once `budget` placements
    /// more are made without a solution; the next call goes on from there.
    fn advance_within(&mut self, budget: u64) -> Option<bool> {
        self.advance_watched(budget, &mut |_, _, _, _| {})
    }

    /// [`advance_within`](MostConstrained::advance_within), telling `watch` of each queen
    /// placed: its square, its depth (queens before it), the board's attacks with it, and
    /// what it leads to. The trace watches this way, so that it shows the search iteration
    /// runs.
    #[inline]
    pub(crate) fn advance_watched(
        &mut self,
        budget: u64,
        watch: &mut impl FnMut(Square, usize, &Attacks, Placed),
    ) -> Option<bool> {
        if let Some(found) = self.state.settle(self.n) {
            return Some(found);
        }
        let limit = self.nodes.saturating_add(budget);
        if self.state == State::Fresh {
            let board = Attacks::default();
            let Ok((line, untried)) = self.most_constrained_line(&board) else {
                self.state = State::Exhausted;
                return Some(false);
            };
            self.state = State::Searching;
            self.stack[0] = Frame {
                line,
                untried,
                board,
            };
        }
        loop {
            let frame = self.stack[self.depth];
            if frame.untried == 0 {
                if self.depth == 0 {
                    self.state = State::Exhausted;
                    return Some(false);
                }
                self.depth -= 1;
                continue;
            }
            if self.nodes >= limit {
                return None;
            }
            let mut untried = frame.untried;
            let (row, col) = frame.line.square(self.take_middle_most(&mut untried));
            self.stack[self.depth].untried = untried;
            self.columns[row] = col;
            self.placed[self.depth] = (row, col);
            self.nodes += 1;
            let board = frame.board.with(row, col, self.n);
            if self.depth + 1 == self.n {
                watch((row, col), self.depth, &board, Placed::Solution);
                return Some(true);
            }
            match self.most_constrained_line(&board) {
                Ok((line, untried)) => {
                    watch((row, col), self.depth, &board, Placed::Open);
                    self.depth += 1;
                    self.stack[self.depth] = Frame {
                        line,
                        untried,
                        board,
                    };
                }
                Err(dead) => watch((row, col), self.depth, &board, Placed::Dead(dead)),
            }
        }
    }
}

impl MostConstrained {
    /// The next solution, as [`next`](Iterator::next) gives it, if the search finds it
    /// within `nodes` more placements; [`Poll::Pending`] otherwise, the search left where it
    /// stopped; see [`Queens::next_within`](crate::Queens::next_within).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::task::Poll;
    ///
    /// let mut search = queens::Queens::new(40).most_constrained();
    /// let first = loop {
    ///     if let Poll::Ready(found) = search.next_within(1000) {
    ///         break found;
    ///     }
    /// };
    /// assert_eq!(first.unwrap().n(), 40);
    /// ```
    pub fn next_within(&mut self, nodes: u64) -> Poll<Option<Solution>> {
        loop {
            match self.advance_within(nodes) {
                None => return Poll::Pending,
                Some(false) => return Poll::Ready(None),
                Some(true) => {
                    let columns = &self.columns[..self.n];
                    if !self.yielded.contains(columns) {
                        return Poll::Ready(Some(Solution::from_valid(columns.to_vec())));
                    }
                }
            }
        }
    }
}

impl Iterator for MostConstrained {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        while self.advance() {
            let columns = &self.columns[..self.n];
            if !self.yielded.contains(columns) {
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

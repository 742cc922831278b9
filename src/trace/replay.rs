//! [`Replay`]: the board after each event of a trace, with boards kept to step back.

use std::collections::VecDeque;

use super::events::{Event, Trace};

/// The board as a trace leaves it after each event, with the last
/// [`Replay::HISTORY`] boards kept so that one can step back: what a viewer of the search
/// draws (the web page and `queens watch` do).
///
/// # Examples
///
/// ```
/// use queens::Queens;
/// use queens::trace::Replay;
///
/// let mut replay = Replay::new(Queens::new(8).trace());
/// while replay.snapshot().solutions == 0 {
///     replay.step();
/// }
/// let first: Vec<Option<usize>> = [0, 4, 7, 5, 2, 6, 1, 3].map(Some).to_vec();
/// assert_eq!(replay.snapshot().columns, first);
/// replay.back();
/// assert_eq!(replay.snapshot().solutions, 0);
/// ```
#[derive(Debug, Clone)]
pub struct Replay {
    trace: Trace,
    /// The boards kept, oldest first: at most [`Replay::HISTORY`].
    boards: VecDeque<Snapshot>,
    /// Which board is shown, counted from 1: `back` moves this back, `step` forward again.
    at: usize,
}

/// The board at one step of a [`Replay`]: its queens, the solutions so far and what the
/// step found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Snapshot {
    /// The column of each row's queen.
    pub columns: Vec<Option<usize>>,
    /// Queens placed so far.
    pub placements: u64,
    /// Solutions found so far.
    pub solutions: u64,
    /// The row or column of the dead end just found.
    pub dead_end: Option<DeadEnd>,
    /// A row whose attacked squares to shade (the next one after a placement, or a dead
    /// row), with those squares as a row mask.
    pub attacked: Option<(usize, u64)>,
    /// The event that made this board (none at the start), to say in words what happened.
    pub event: Option<Event>,
}

/// Where a search found a dead end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadEnd {
    /// A row with no open square.
    Row(usize),
    /// A column with no open square.
    Column(usize),
}

impl Snapshot {
    /// Queens on the board.
    ///
    /// # Examples
    ///
    /// ```
    /// let replay = queens::trace::Replay::new(queens::Queens::new(4).trace());
    /// assert_eq!(replay.snapshot().depth(), 0);
    /// ```
    #[must_use]
    pub fn depth(&self) -> usize {
        self.columns.iter().flatten().count()
    }
}

impl Replay {
    /// How many steps [`Replay::back`] can go back: older boards are dropped, so that a
    /// replay left running holds a bounded amount of memory.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut replay = queens::trace::Replay::new(queens::Queens::new(10).trace());
    /// (0..queens::trace::Replay::HISTORY + 50).for_each(|_| { replay.step(); });
    /// let mut back = 0;
    /// while replay.back() {
    ///     back += 1;
    /// }
    /// assert_eq!(back, queens::trace::Replay::HISTORY);
    /// ```
    pub const HISTORY: usize = 10_000;

    /// A replay of `trace` at its start (the board as the trace found it).
    ///
    /// # Examples
    ///
    /// ```
    /// let replay = queens::trace::Replay::new(queens::Queens::new(6).trace());
    /// assert_eq!(replay.snapshot().columns, vec![None; 6]);
    /// ```
    pub fn new(trace: Trace) -> Replay {
        let start = Snapshot {
            columns: vec![None; trace.n()],
            placements: 0,
            solutions: 0,
            dead_end: None,
            attacked: None,
            event: None,
        };
        Replay {
            trace,
            boards: VecDeque::from([start]),
            at: 1,
        }
    }

    /// The board shown.
    pub fn snapshot(&self) -> &Snapshot {
        &self.boards[self.at - 1]
    }

    /// One event forward; `false` once the search is over.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut replay = queens::trace::Replay::new(queens::Queens::new(1).trace());
    /// assert!(replay.step() && replay.step()); // the queen, then the solution
    /// assert_eq!(replay.snapshot().solutions, 1);
    /// assert!(replay.step()); // the queen comes off
    /// assert!(!replay.step());
    /// ```
    pub fn step(&mut self) -> bool {
        if self.at < self.boards.len() {
            self.at += 1;
            return true;
        }
        let Some(event) = self.trace.next() else {
            return false;
        };
        let mut board = self.snapshot().clone();
        board.dead_end = None;
        board.attacked = None;
        board.event = Some(event);
        let n = board.columns.len();
        match event {
            Event::Place {
                row,
                col,
                next_row_attacked,
                ..
            } => {
                board.columns[row] = Some(col);
                board.placements += 1;
                if row + 1 < n {
                    board.attacked = Some((row + 1, next_row_attacked));
                }
            }
            Event::Remove { row, .. } => board.columns[row] = None,
            Event::DeadEnd { row, attacked } => {
                board.dead_end = Some(DeadEnd::Row(row));
                board.attacked = Some((row, attacked));
            }
            Event::DeadColumn { col, .. } => board.dead_end = Some(DeadEnd::Column(col)),
            Event::Solution { .. } => board.solutions += 1,
        }
        if self.boards.len() > Self::HISTORY {
            self.boards.pop_front();
        } else {
            self.at += 1;
        }
        self.boards.push_back(board);
        true
    }

    /// One event back; `false` at the start.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut replay = queens::trace::Replay::new(queens::Queens::new(4).trace());
    /// assert!(!replay.back());
    /// replay.step();
    /// assert!(replay.back());
    /// assert_eq!(replay.snapshot().depth(), 0);
    /// ```
    pub fn back(&mut self) -> bool {
        let moved = self.at > 1;
        if moved {
            self.at -= 1;
        }
        moved
    }
}

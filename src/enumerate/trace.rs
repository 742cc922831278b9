//! Watching the search: the lexicographic state machine of [`Queens`], one transition per
//! event.

use std::fmt;
use std::iter::FusedIterator;

use super::State;
use super::lexicographic::Queens;
use crate::board::{full_row, lowest_bit};

/// One step of the backtracking search, as [`Queens::trace`] reports it.
///
/// Squares are `(row, column)`; row masks have bit `c` set for column `c`. Each event
/// carries what a renderer needs to draw the board after it without recomputing anything.
///
/// # Examples
///
/// ```
/// use queens::{Event, Queens};
///
/// let mut trace = Queens::new(4).trace();
/// assert_eq!(trace.next(), Some(Event::Place { row: 0, col: 0, depth: 1, next_row_attacked: 0b0011 }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "event", rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Event {
    /// A queen is put on `(row, col)`, making `depth` queens on the board. The squares of
    /// the next row that the queens now on the board attack are `next_row_attacked` (0 on
    /// the last row).
    Place {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// Queens on the board, this one included.
        depth: usize,
        /// The next row's attacked squares, as a row mask.
        next_row_attacked: u64,
    },
    /// The queen on `(row, col)` is taken back: its row's next square is tried, or the
    /// search backtracks past it.
    Remove {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },
    /// Row `row` has no open square left: every square the board allows there is in
    /// `attacked`, so the queen just placed leads nowhere.
    DeadEnd {
        /// The row.
        row: usize,
        /// The row's attacked squares, as a row mask.
        attacked: u64,
    },
    /// The board is full: solution number `index` (from 0) in the search's order.
    Solution {
        /// How many solutions came before it.
        index: u64,
    },
}

impl fmt::Display for Event {
    /// One line, as `queens trace` prints it: `place 0,4`, `remove 0,4`, `dead end 5`,
    /// `solution 1` (counting from 1).
    ///
    /// # Examples
    ///
    /// ```
    /// let event = queens::Event::Solution { index: 0 };
    /// assert_eq!(event.to_string(), "solution 1");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Place { row, col, .. } => write!(f, "place {row},{col}"),
            Event::Remove { row, col } => write!(f, "remove {row},{col}"),
            Event::DeadEnd { row, .. } => write!(f, "dead end {row}"),
            Event::Solution { index } => write!(f, "solution {}", index + 1),
        }
    }
}

/// The events of a search, made by [`Queens::trace`]: lazy, one transition of the state
/// machine per event.
///
/// # Examples
///
/// ```
/// use queens::{Event, Queens};
///
/// let events: Vec<Event> = Queens::new(4).trace().collect();
/// let solutions = events.iter().filter(|e| matches!(e, Event::Solution { .. })).count();
/// assert_eq!(solutions, 2);
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
#[derive(Debug, Clone)]
pub struct Trace {
    search: Queens,
    /// Rows `0..shown` hold the queens the events have put on the board.
    shown: usize,
    solutions: u64,
    /// An event decided by the last transition, reported after it.
    pending: Option<Event>,
}

impl Queens {
    /// The search as a stream of events: each queen placed and taken back, each dead end,
    /// each solution; from where this search stands (a fresh search: from the start).
    ///
    /// It runs the same state machine as iteration, one transition per event, so what it
    /// shows is what the iterator does: its `Place` events are [`Queens::nodes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Event, Queens};
    ///
    /// // The search of n = 4 up to its first solution, [1, 3, 0, 2].
    /// let steps: Vec<String> = Queens::new(4)
    ///     .trace()
    ///     .take_while(|e| !matches!(e, Event::Solution { .. }))
    ///     .map(|e| e.to_string())
    ///     .collect();
    /// assert_eq!(steps[..4], ["place 0,0", "place 1,2", "dead end 2", "remove 1,2"]);
    /// assert_eq!(steps.last().unwrap(), "place 3,2");
    /// ```
    pub fn trace(self) -> Trace {
        let shown = match self.state {
            State::Searching => self.depth + 1,
            _ => 0,
        };
        Trace {
            search: self,
            shown,
            solutions: 0,
            pending: None,
        }
    }
}

impl Trace {
    /// The search behind the trace, as it stands: the queens of rows `0..depth` are on the
    /// board.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut trace = queens::Queens::new(8).trace();
    /// trace.next();
    /// assert_eq!(trace.search().nodes(), 1);
    /// ```
    pub fn search(&self) -> &Queens {
        &self.search
    }

    /// One transition of the state machine: what `advance` does between two of its loop's
    /// turns, reported.
    fn step(&mut self) -> Option<Event> {
        let s = &mut self.search;
        if s.state == State::Exhausted {
            return None;
        }
        if s.n == 0 {
            s.state = State::Exhausted;
            return Some(Event::Solution { index: 0 });
        }
        if s.state == State::Fresh {
            s.state = State::Searching;
            s.untried[0] = s.allowed[0];
        }
        loop {
            let depth = s.depth;
            // A queen shown below the row being tried comes off first.
            if self.shown > depth {
                self.shown -= 1;
                let row = self.shown;
                return Some(Event::Remove {
                    row,
                    col: s.columns[row],
                });
            }
            let untried = s.untried[depth];
            if untried == 0 {
                if depth == 0 {
                    s.state = State::Exhausted;
                    return None;
                }
                s.depth -= 1;
                continue;
            }
            let bit = lowest_bit(untried);
            let col = bit.trailing_zeros() as usize;
            s.untried[depth] = untried ^ bit;
            s.columns[depth] = col;
            s.nodes += 1;
            self.shown = depth + 1;
            let mut next_row_attacked = 0;
            if depth + 1 == s.n {
                self.pending = Some(Event::Solution {
                    index: self.solutions,
                });
                self.solutions += 1;
            } else {
                let below = s.taken[depth].below(bit);
                next_row_attacked = below.attacked() & full_row(s.n);
                let open = s.allowed[depth + 1] & !next_row_attacked;
                if open == 0 {
                    self.pending = Some(Event::DeadEnd {
                        row: depth + 1,
                        attacked: next_row_attacked,
                    });
                } else {
                    s.depth = depth + 1;
                    s.taken[depth + 1] = below;
                    s.untried[depth + 1] = open;
                }
            }
            return Some(Event::Place {
                row: depth,
                col,
                depth: depth + 1,
                next_row_attacked,
            });
        }
    }
}

impl Iterator for Trace {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        self.pending.take().or_else(|| self.step())
    }
}

impl FusedIterator for Trace {}

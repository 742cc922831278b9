//! Watching the search: the lexicographic state machine of [`Queens`], one transition per
//! event.

use std::collections::VecDeque;
use std::fmt;
use std::iter::FusedIterator;

use crate::bitboard::full_row;
use crate::error::Error;
use crate::search::State;
use crate::search::most_constrained::{Attacks, MostConstrained, Placed};
use crate::search::queens::Queens;
use crate::squares::Line;
use crate::squares::Square;

/// One step of the backtracking search, as [`Queens::trace`] reports it.
///
/// Squares are `(row, column)`; row masks have bit `c` set for column `c`. Each event
/// carries what a renderer needs to draw the board after it without recomputing anything.
///
/// # Examples
///
/// ```
/// use queens::Queens;
/// use queens::trace::Event;
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
        /// The attacked squares of row `row + 1`, as a row mask (all of them if it holds
        /// a queen, as it may in the most-constrained order; 0 after the last row).
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
    /// Column `col` has no open square left (the most-constrained order checks columns
    /// too): every square the board allows in it is in `attacked`, a mask of rows.
    DeadColumn {
        /// The column.
        col: usize,
        /// The column's attacked squares, bit `r` for row `r`.
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
    /// `dead column 3`, `solution 1` (counting from 1).
    ///
    /// # Examples
    ///
    /// ```
    /// let event = queens::trace::Event::Solution { index: 0 };
    /// assert_eq!(event.to_string(), "solution 1");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Place { row, col, .. } => write!(f, "place {row},{col}"),
            Event::Remove { row, col } => write!(f, "remove {row},{col}"),
            Event::DeadEnd { row, .. } => write!(f, "dead end {row}"),
            Event::DeadColumn { col, .. } => write!(f, "dead column {col}"),
            Event::Solution { index } => write!(f, "solution {}", index.saturating_add(1)),
        }
    }
}

impl Event {
    /// A square (or, for a whole row or column, its first square) that an `n x n` board
    /// does not have, if the event names one: its own square, or a bit of its mask past the
    /// board's edge.
    fn square_off(&self, n: usize) -> Option<Square> {
        // The first line of a mask past the edge, if any.
        let past = |mask: u64| {
            (n < 64 && mask >> n != 0).then(|| n + (mask >> n).trailing_zeros() as usize)
        };
        let (square, beyond) = match *self {
            Event::Place {
                row,
                col,
                next_row_attacked,
                ..
            } => (
                (row, col),
                past(next_row_attacked).map(|col| (row + 1, col)),
            ),
            Event::Remove { row, col } => ((row, col), None),
            Event::DeadEnd { row, attacked } => ((row, 0), past(attacked).map(|col| (row, col))),
            Event::DeadColumn { col, attacked } => ((0, col), past(attacked).map(|row| (row, col))),
            Event::Solution { .. } => return None,
        };
        (square.0 >= n || square.1 >= n)
            .then_some(square)
            .or(beyond)
    }
}

/// `Ok` if `events` can be a search's on an `n x n` board: no square, mask or depth past
/// its edge, and each solution found with `n` queens on the board (where the events show
/// the last placement before it: a trace may be drawn from any event on).
pub(crate) fn fit(events: &[Event], n: usize) -> Result<(), Error> {
    let mut depth = None;
    for event in events {
        if let Some(square) = event.square_off(n) {
            return Err(Error::OffBoard { square, n });
        }
        match *event {
            Event::Place { depth: placed, .. } if placed > n => {
                return Err(Error::WrongSize { n, found: placed });
            }
            Event::Place { depth: placed, .. } => depth = Some(placed),
            Event::Solution { .. } if depth.is_some_and(|depth| depth != n) => {
                return Err(Error::WrongSize {
                    n,
                    found: depth.unwrap_or(n),
                });
            }
            _ => {}
        }
    }
    Ok(())
}

/// The events of a search, made by [`Queens::trace`] or [`MostConstrained::trace`]: lazy,
/// one transition of the state machine per event.
///
/// # Examples
///
/// ```
/// use queens::Queens;
/// use queens::trace::Event;
///
/// let events: Vec<Event> = Queens::new(4).trace().collect();
/// let solutions = events.iter().filter(|e| matches!(e, Event::Solution { .. })).count();
/// assert_eq!(solutions, 2);
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
#[derive(Debug, Clone)]
pub struct Trace {
    search: Search,
    solutions: u64,
    /// Queens placed so far.
    nodes: u64,
    /// Events of the last transition not yet reported.
    queue: VecDeque<Event>,
}

/// The search a trace watches, with the squares of the queens its events show, in the
/// order placed.
#[derive(Debug, Clone)]
enum Search {
    Lexicographic(Box<Queens>, Vec<Square>),
    MostConstrained(Box<MostConstrained>, Vec<Square>),
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
    /// use queens::Queens;
    /// use queens::trace::Event;
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
        let squares = (0..shown).map(|row| (row, self.columns[row])).collect();
        Trace::new(Search::Lexicographic(Box::new(self), squares))
    }
}

impl MostConstrained {
    /// The most-constrained search as a stream of events, as [`Queens::trace`] gives the
    /// lexicographic one: queens come and go in the order this search tries them (a row or
    /// a column at a time), and a column with no open square is a [`Event::DeadColumn`].
    /// From where the search stands; every solution it finds is announced, including any
    /// that a lexicographic search it continues had yielded.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    /// use queens::trace::Event;
    ///
    /// let puzzle = Queens::builder(6).blocks([(0, 0), (5, 5)]).build()?;
    /// let events: Vec<Event> = puzzle.most_constrained().trace().collect();
    /// let found = events.iter().filter(|e| matches!(e, Event::Solution { .. })).count();
    /// assert_eq!(found, 4);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn trace(self) -> Trace {
        let shown = match self.state {
            State::Searching => self.depth + 1,
            _ => 0,
        };
        let squares = self.placed[..shown].to_vec();
        Trace::new(Search::MostConstrained(Box::new(self), squares))
    }
}

impl Trace {
    fn new(search: Search) -> Trace {
        Trace {
            search,
            solutions: 0,
            nodes: 0,
            queue: VecDeque::new(),
        }
    }

    /// How many queens the trace has placed so far.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut trace = queens::Queens::new(8).trace();
    /// trace.next();
    /// assert_eq!(trace.nodes(), 1);
    /// ```
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The size of the board the trace searches.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::Queens::new(8).most_constrained().trace().n(), 8);
    /// ```
    #[must_use]
    pub fn n(&self) -> usize {
        match &self.search {
            Search::Lexicographic(search, _) => search.n,
            Search::MostConstrained(search, _) => search.n,
        }
    }

    /// The next event: of the last transition, or of the next one.
    fn step(&mut self) -> Option<Event> {
        if self.queue.is_empty() {
            match &mut self.search {
                Search::Lexicographic(s, shown) => lexicographic(s, shown, &mut self.queue),
                Search::MostConstrained(s, shown) => most_constrained(s, shown, &mut self.queue),
            }
        }
        let mut event = self.queue.pop_front()?;
        match &mut event {
            Event::Place { .. } => self.nodes += 1,
            Event::Solution { index } => {
                *index = self.solutions;
                self.solutions += 1;
            }
            _ => {}
        }
        Some(event)
    }
}

/// The events of the lexicographic search's next placement, as the search itself makes it
/// ([`Queens::advance_watched`], one queen at a time): the queens it takes back from
/// `shown` first, the queen, then the dead end or the solution it leads to; at the end, the
/// last queens taken back.
fn lexicographic(s: &mut Queens, shown: &mut Vec<Square>, queue: &mut VecDeque<Event>) {
    let n = s.n;
    let mut watch = |row: usize, col: usize, next: Option<(u64, u64)>| {
        // Rows are placed in order: the queens shown from this row down come off.
        take_back(shown, row, queue);
        shown.push((row, col));
        let next_row_attacked = next.map_or(0, |(attacked, _)| attacked & full_row(n));
        queue.push_back(Event::Place {
            row,
            col,
            depth: row + 1,
            next_row_attacked,
        });
        match next {
            None => queue.push_back(Event::Solution { index: 0 }),
            Some((_, 0)) => queue.push_back(Event::DeadEnd {
                row: row + 1,
                attacked: next_row_attacked,
            }),
            Some(_) => {}
        }
    };
    match s.advance_watched(1, &mut watch) {
        // The empty board's one solution has no queen.
        Some(true) if n == 0 => queue.push_back(Event::Solution { index: 0 }),
        Some(false) => take_back(shown, 0, queue),
        _ => {}
    }
}

/// The events of the most-constrained search's next placement, as the search itself makes
/// it ([`MostConstrained::advance_watched`]): the queens it takes back from `shown` first
/// (the last placed first), the queen, then the dead row or column or the solution it leads
/// to; at the end, the last queens taken back.
fn most_constrained(s: &mut MostConstrained, shown: &mut Vec<Square>, queue: &mut VecDeque<Event>) {
    let n = s.n;
    let mut watch = |(row, col): Square, depth: usize, board: &Attacks, placed: Placed| {
        take_back(shown, depth, queue);
        shown.push((row, col));
        let next_row_attacked = match row + 1 {
            next if next == n => 0,
            next if board.holds_row(next) => full_row(n),
            next => full_row(n) & !board.open(next, n, full_row(n)),
        };
        queue.push_back(Event::Place {
            row,
            col,
            depth: depth + 1,
            next_row_attacked,
        });
        queue.extend(match placed {
            Placed::Solution => Some(Event::Solution { index: 0 }),
            Placed::Open => None,
            Placed::Dead(Line::Row(dead)) => Some(Event::DeadEnd {
                row: dead,
                attacked: full_row(n) & !board.open(dead, n, full_row(n)),
            }),
            Placed::Dead(Line::Column(dead)) => Some(Event::DeadColumn {
                col: dead,
                attacked: (0..n)
                    .filter(|&r| board.holds_row(r) || board.open(r, n, 1 << dead) == 0)
                    .fold(0, |rows, r| rows | 1 << r),
            }),
        });
    };
    match s.advance_watched(1, &mut watch) {
        // The empty board's one solution has no queen.
        Some(true) if n == 0 => queue.push_back(Event::Solution { index: 0 }),
        Some(false) => take_back(shown, 0, queue),
        _ => {}
    }
}

/// Takes back the queens `shown` holds past the first `keep`, the last placed first.
fn take_back(shown: &mut Vec<Square>, keep: usize, queue: &mut VecDeque<Event>) {
    while shown.len() > keep {
        let (row, col) = shown.pop().expect("a queen is shown");
        queue.push_back(Event::Remove { row, col });
    }
}

impl Iterator for Trace {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        self.step()
    }
}

impl FusedIterator for Trace {}

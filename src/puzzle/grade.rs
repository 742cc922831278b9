//! Solving a puzzle the way a person does, step by step, and grading it by the techniques
//! it needs (as sudoku raters do): forced squares, exclusions by look-ahead, refuted trials
//! and, where nothing else moves, guesses.

use std::fmt;

use super::sheet::Sheet;
use crate::solution::Solution;
use crate::squares::Line;
use crate::squares::{Square, square_name};

/// One step of solving a puzzle by hand, in the order of the techniques tried: a person
/// looks for a forced square first, then for a square to exclude, then tries squares.
///
/// # Examples
///
/// ```
/// use queens::Line;
/// use queens::puzzle::Step;
///
/// let forced = Step::Forced { n: 8, line: Line::Row(4), square: (4, 4) };
/// assert_eq!(forced.to_string(), "rank 4: only e4 is open");
/// let out = Step::Refuted { n: 8, square: (2, 2), empties: Line::Row(6) };
/// assert_eq!(out.to_string(), "try c6: rank 2 is left empty, so c6 is out");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// `line` has one open square left: its queen goes on `square`.
    Forced {
        /// The board size.
        n: usize,
        /// The row or column with one open square.
        line: Line,
        /// That square.
        square: Square,
    },
    /// A queen on `square` would leave `empties` without an open square: it is excluded.
    Excluded {
        /// The board size.
        n: usize,
        /// The square excluded.
        square: Square,
        /// The row or column its queen would empty.
        empties: Line,
    },
    /// A queen tried on `square`, followed by the squares it forces, leaves `empties`
    /// without an open square: it is excluded (a trial refuted).
    Refuted {
        /// The board size.
        n: usize,
        /// The square tried and excluded.
        square: Square,
        /// The row or column left empty.
        empties: Line,
    },
    /// Nothing is forced, excluded or refuted: a queen is tried on `square`, on the row with
    /// the fewest open squares, and it leads to the solution (a guess).
    Guessed {
        /// The board size.
        n: usize,
        /// The square guessed.
        square: Square,
    },
}

impl Step {
    /// The square the step is about: where a queen goes, or the one excluded.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::puzzle::Step;
    ///
    /// assert_eq!(Step::Guessed { n: 8, square: (0, 3) }.square(), (0, 3));
    /// ```
    #[must_use]
    pub fn square(&self) -> Square {
        match *self {
            Step::Forced { square, .. }
            | Step::Excluded { square, .. }
            | Step::Refuted { square, .. }
            | Step::Guessed { square, .. } => square,
        }
    }

    /// Whether the step puts a queen on its square (rather than excluding it).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Line;
    /// use queens::puzzle::Step;
    ///
    /// assert!(!Step::Excluded { n: 8, square: (0, 0), empties: Line::Row(1) }.places());
    /// ```
    #[must_use]
    pub fn places(&self) -> bool {
        matches!(self, Step::Forced { .. } | Step::Guessed { .. })
    }

    /// The technique's level: what a puzzle needing this step is at least.
    fn level(&self) -> Level {
        match self {
            Step::Forced { .. } => Level::Easy,
            Step::Excluded { .. } => Level::Medium,
            Step::Refuted { .. } => Level::Hard,
            Step::Guessed { .. } => Level::Harder,
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Step::Forced { n, line, square } => {
                write!(f, "{}: only {} is open", line.on(n), square_name(n, square))
            }
            Step::Excluded { n, square, empties } => write!(
                f,
                "{} would leave {} without a square: excluded",
                square_name(n, square),
                empties.on(n)
            ),
            Step::Refuted { n, square, empties } => {
                let name = square_name(n, square);
                let empties = empties.on(n);
                write!(f, "try {name}: {empties} is left empty, so {name} is out")
            }
            Step::Guessed { n, square } => write!(
                f,
                "nothing is forced: guess {}, which leads to the solution",
                square_name(n, square)
            ),
        }
    }
}

/// How hard a puzzle is: the hardest technique its solving path needs.
///
/// # Examples
///
/// ```
/// use queens::puzzle::Level;
///
/// assert!(Level::Easy < Level::Harder);
/// assert_eq!("hard".parse::<Level>()?, Level::Hard);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Forced squares only: each step a row or column with one open square.
    Easy,
    /// Exclusions too: a square whose queen would leave a row or column empty.
    Medium,
    /// Trials too: a square tried and refuted by the squares it forces.
    Hard,
    /// Guesses: somewhere nothing is forced, excluded or refuted.
    Harder,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Harder];

    /// The level's name, as `FromStr` reads it.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::puzzle::Level::Medium.name(), "medium");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Harder => "harder",
        }
    }
}

crate::error::named!(Level, Level::ALL, "a level");

/// A puzzle's grade: its level and how often each technique was used on its solving path.
///
/// # Examples
///
/// ```
/// use queens::puzzle::{Level, Puzzle};
///
/// let puzzle = Puzzle::generate(8, 1)?;
/// let rating = puzzle.rating();
/// assert_eq!(rating.forced + rating.guessed + puzzle.clues().len(), 8);
/// assert!(Level::ALL.contains(&rating.level));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rating {
    /// The hardest technique needed.
    pub level: Level,
    /// Queens placed on forced squares.
    pub forced: usize,
    /// Squares excluded by look-ahead.
    pub excluded: usize,
    /// Squares tried and refuted.
    pub refuted: usize,
    /// Guesses.
    pub guessed: usize,
}

impl Rating {
    /// The grade of a solving path.
    pub(crate) fn of(steps: &[Step]) -> Rating {
        let count = |level| steps.iter().filter(|s| s.level() == level).count();
        Rating {
            level: steps.iter().map(Step::level).max().unwrap_or(Level::Easy),
            forced: count(Level::Easy),
            excluded: count(Level::Medium),
            refuted: count(Level::Hard),
            guessed: count(Level::Harder),
        }
    }
}

/// The solving path of a puzzle with `clues` and `blocks` whose one solution is `solution`:
/// at each point the simplest technique that moves.
pub(crate) fn solving_path(solution: &Solution, clues: &[Square], blocks: &[Square]) -> Vec<Step> {
    let n = solution.n();
    let mut sheet = Sheet::new(n, clues, blocks);
    let mut steps = Vec::new();
    loop {
        let step = if let Some((line, square)) = sheet.forced() {
            Step::Forced { n, line, square }
        } else if let Some((square, empties)) = sheet
            .open_squares()
            .find_map(|square| Some((square, sheet.empties_after(square)?)))
        {
            Step::Excluded { n, square, empties }
        } else if let Some((square, empties)) = sheet
            .open_squares()
            .find_map(|square| Some((square, sheet.refutes(square)?)))
        {
            Step::Refuted { n, square, empties }
        } else if let Some(row) = sheet
            .unplaced()
            .min_by_key(|&row| sheet.open[row].count_ones())
        {
            Step::Guessed {
                n,
                square: (row, solution[row]),
            }
        } else {
            break;
        };
        match step.places() {
            true => sheet.place(step.square()),
            false => sheet.exclude(step.square()),
        }
        steps.push(step);
    }
    steps
}

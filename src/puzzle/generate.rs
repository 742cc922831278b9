//! Puzzles with exactly one solution, generated from a seed at a chosen level.

use std::fmt;

use super::grade::{Level, Rating, Step, solving_path};
use super::uniqueness::Uniqueness;
use crate::error::{Error, Square};
use crate::large_boards::random::{SplitMix64, random};
use crate::search::{Builder, Queens};
use crate::solution::Solution;

/// A puzzle: a board with clue queens and exactly one solution, with its grade and solving
/// path.
///
/// Its `Display` is the drawn text form (`Q` a clue, `.` an open square), which
/// [`read_puzzle`](super::read_puzzle) and [`Builder`]'s `FromStr` read back.
///
/// # Examples
///
/// ```
/// use queens::puzzle::Puzzle;
///
/// let puzzle = Puzzle::generate(8, 7)?;
/// assert!(puzzle.check(puzzle.solution()));
/// let drawn = puzzle.to_string();
/// let again: queens::Builder = drawn.parse()?;
/// assert!(again.build()?.uniqueness().is_unique());
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    seed: u64,
    clues: Vec<Square>,
    solution: Solution,
    steps: Vec<Step>,
    rating: Rating,
}

impl Puzzle {
    /// A puzzle of any level on an `n` x `n` board, the same for the same `n` and `seed`
    /// (and crate version); see [`Puzzles`] for a level, minimal puzzles and many at once.
    ///
    /// # Errors
    ///
    /// Those of [`Puzzles`]'s items: [`Error::NoSolution`] for n = 2 and 3,
    /// [`Error::TooLarge`] above 64.
    ///
    /// # Examples
    ///
    /// ```
    /// let puzzle = queens::puzzle::Puzzle::generate(12, 3)?;
    /// assert_eq!(puzzle, queens::puzzle::Puzzle::generate(12, 3)?);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn generate(n: usize, seed: u64) -> Result<Puzzle, Error> {
        Puzzles::new(n).seed(seed).first()
    }

    /// The board size.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::puzzle::Puzzle::generate(6, 0)?.n(), 6);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn n(&self) -> usize {
        self.solution.n()
    }

    /// The seed it was made from.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::puzzle::Puzzle::generate(6, 9)?.seed(), 9);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The clue queens, as `(row, column)` from the top left, by row.
    ///
    /// # Examples
    ///
    /// ```
    /// let puzzle = queens::puzzle::Puzzle::generate(8, 1)?;
    /// assert!(puzzle.clues().iter().all(|&(row, col)| puzzle.solution()[row] == col));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn clues(&self) -> &[Square] {
        &self.clues
    }

    /// The one solution.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::puzzle::Puzzle::generate(10, 2)?.solution().n(), 10);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn solution(&self) -> &Solution {
        &self.solution
    }

    /// The grade: the level and the techniques its solving path uses.
    ///
    /// # Examples
    ///
    /// ```
    /// let puzzle = queens::puzzle::Puzzle::generate(8, 4)?;
    /// assert_eq!(puzzle.level(), puzzle.rating().level);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn rating(&self) -> Rating {
        self.rating
    }

    /// The level (see [`Level`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::puzzle::{Level, Puzzles};
    ///
    /// let easy = Puzzles::new(8).level(Level::Easy).next().unwrap()?;
    /// assert_eq!(easy.level(), Level::Easy);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn level(&self) -> Level {
        self.rating.level
    }

    /// The solving path: each step a person takes, in order (each `Display`s in words).
    ///
    /// # Examples
    ///
    /// ```
    /// let puzzle = queens::puzzle::Puzzle::generate(8, 5)?;
    /// for step in puzzle.explanation() {
    ///     println!("{step}");
    /// }
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn explanation(&self) -> &[Step] {
        &self.steps
    }

    /// Whether `answer` solves the puzzle.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let puzzle = queens::puzzle::Puzzle::generate(8, 6)?;
    /// let wrong = Queens::new(8).find(|s| s != puzzle.solution()).unwrap();
    /// assert!(!puzzle.check(&wrong));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn check(&self, answer: &Solution) -> bool {
        *answer == self.solution
    }

    /// The puzzle as one line of JSON: `n`, `seed`, `difficulty`, `queens` (the clues as
    /// `[row, column]` pairs from the top left, 0-based), `solution` (the columns), the
    /// `rating`'s counts of each technique, and the `explanation` in words.
    ///
    /// # Examples
    ///
    /// ```
    /// let puzzle = queens::puzzle::Puzzle::generate(8, 2)?;
    /// let json: serde_json::Value = serde_json::from_str(&puzzle.to_json()).unwrap();
    /// assert_eq!(json["n"], 8);
    /// assert_eq!(json["queens"].as_array().unwrap().len(), puzzle.clues().len());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[cfg(feature = "serde")]
    #[must_use]
    pub fn to_json(&self) -> String {
        let rating = self.rating;
        let record = serde_json::json!({
            "n": self.n(),
            "seed": self.seed,
            "difficulty": rating.level.name(),
            "queens": self.clues.iter().map(|&(row, col)| [row, col]).collect::<Vec<_>>(),
            "solution": self.solution.to_vec(),
            "rating": {
                "forced": rating.forced,
                "excluded": rating.excluded,
                "refuted": rating.refuted,
                "guessed": rating.guessed,
            },
            "explanation": self.steps.iter().map(ToString::to_string).collect::<Vec<_>>(),
        });
        record.to_string()
    }

    /// The board to solve, as a [`Builder`] of the clues.
    ///
    /// # Examples
    ///
    /// ```
    /// let puzzle = queens::puzzle::Puzzle::generate(9, 1)?;
    /// let solved: Vec<_> = puzzle.builder().build()?.collect();
    /// assert_eq!(solved, [puzzle.solution().clone()]);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn builder(&self) -> Builder {
        Queens::builder(self.n()).queens(self.clues.iter().copied())
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.n() {
            let clue = self.clues.iter().find(|&&(r, _)| r == row).map(|&(_, c)| c);
            let squares: Vec<&str> = (0..self.n())
                .map(|col| if clue == Some(col) { "Q" } else { "." })
                .collect();
            writeln!(f, "{}", squares.join(" "))?;
        }
        Ok(())
    }
}

/// Puzzles one after another, puzzle `k` made from seed `seed + k`: for datasets. Each item
/// is a puzzle of the level asked (any level by default), minimal if asked (no clue can be
/// removed without a second solution).
///
/// A puzzle starts from a random solution (from [`random`](crate::large_boards::random)),
/// removes clues in a random order while one solution remains, so that it is minimal, and
/// grades it; for an easier level it adds clues back until the grade falls to that level.
/// Where a seed gives no puzzle of the level, the next seeds of its own are tried (up to
/// [`Puzzles::ATTEMPTS`]). The same `n`, level, minimality and seed give the same puzzle
/// for one version of the crate.
///
/// # Examples
///
/// ```
/// use queens::puzzle::{Level, Puzzles};
///
/// let hard: Vec<_> = Puzzles::new(10).level(Level::Hard).seed(1).take(3).collect::<Result<_, _>>()?;
/// assert!(hard.iter().all(|p| p.level() == Level::Hard));
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Puzzles {
    n: usize,
    level: Option<Level>,
    minimal: bool,
    seed: u64,
}

impl Puzzles {
    /// Attempts at one puzzle before the level is given up as out of reach at that size.
    pub const ATTEMPTS: u64 = 64;

    /// Puzzles of an `n` x `n` board, of any level, from seed 0.
    ///
    /// # Examples
    ///
    /// ```
    /// let first = queens::puzzle::Puzzles::new(8).next().unwrap()?;
    /// assert_eq!(first.seed(), 0);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn new(n: usize) -> Puzzles {
        Puzzles {
            n,
            level: None,
            minimal: false,
            seed: 0,
        }
    }

    /// Only puzzles of `level`.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::puzzle::{Level, Puzzles};
    ///
    /// let medium = Puzzles::new(12).level(Level::Medium).next().unwrap()?;
    /// assert_eq!(medium.level(), Level::Medium);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn level(mut self, level: Level) -> Puzzles {
        self.level = Some(level);
        self
    }

    /// Only minimal puzzles: no clue can be removed without a second solution.
    ///
    /// # Examples
    ///
    /// ```
    /// let puzzle = queens::puzzle::Puzzles::new(8).minimal(true).next().unwrap()?;
    /// for i in 0..puzzle.clues().len() {
    ///     let mut fewer = puzzle.clues().to_vec();
    ///     fewer.remove(i);
    ///     let board = queens::Queens::builder(8).queens(fewer).build()?;
    ///     assert!(board.uniqueness().is_several());
    /// }
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn minimal(mut self, minimal: bool) -> Puzzles {
        self.minimal = minimal;
        self
    }

    /// The seed of the first puzzle.
    ///
    /// # Examples
    ///
    /// ```
    /// let puzzle = queens::puzzle::Puzzles::new(8).seed(41).next().unwrap()?;
    /// assert_eq!(puzzle.seed(), 41);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Puzzles {
        self.seed = seed;
        self
    }

    /// The puzzle of the first seed, which `next` yields, without moving on.
    ///
    /// # Errors
    ///
    /// [`Error::NoSolution`] for n = 2 and 3, [`Error::TooLarge`] above 64, and
    /// [`Error::Unsupported`] when no puzzle of the level came from [`Puzzles::ATTEMPTS`]
    /// attempts (some levels do not exist on small boards: n = 8 has no harder puzzles).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::puzzle::{Level, Puzzles};
    ///
    /// let puzzles = Puzzles::new(8).seed(3);
    /// assert_eq!(puzzles.first()?, puzzles.clone().next().unwrap()?);
    /// assert!(Puzzles::new(8).level(Level::Harder).first().is_err());
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn first(&self) -> Result<Puzzle, Error> {
        self.make(self.seed)
    }

    /// The puzzle of `seed`.
    fn make(&self, seed: u64) -> Result<Puzzle, Error> {
        if self.n > Queens::MAX_N {
            return Err(Error::TooLarge {
                n: self.n,
                max: Queens::MAX_N,
            });
        }
        for attempt in 0..Self::ATTEMPTS {
            let mut rng = SplitMix64(seed ^ attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            if let Some(puzzle) = self.attempt(seed, &mut rng)? {
                return Ok(puzzle);
            }
        }
        Err(Error::Unsupported {
            reason: format!(
                "no {} puzzle of n = {} came from {} attempts at seed {seed}: that level is out of reach at this size",
                self.level.map_or("", Level::name),
                self.n,
                Self::ATTEMPTS
            ),
        })
    }

    /// One attempt: a puzzle of the level asked, or none.
    fn attempt(&self, seed: u64, rng: &mut SplitMix64) -> Result<Option<Puzzle>, Error> {
        let n = self.n;
        let solution = match n {
            0 | 1 => Solution::new(vec![0; n])?,
            _ => random(n, rng.next())?,
        };
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.exactly_below(i as u64 + 1) as usize);
        }
        let unique = |rows: &[usize]| -> Result<bool, Error> {
            let clues = rows.iter().map(|&row| (row, solution[row]));
            Ok(Queens::builder(n).queens(clues).build()?.uniqueness()
                == Uniqueness::Unique(solution.clone()))
        };
        // Greedy removal in a random order: a clue that cannot go now cannot go later
        // either (fewer clues only allow more solutions), so the result is minimal.
        let mut kept = order.clone();
        let mut removed = Vec::new();
        for &row in &order {
            let without: Vec<usize> = kept.iter().copied().filter(|&r| r != row).collect();
            if unique(&without)? {
                kept = without;
                removed.push(row);
            }
        }
        let grade = |rows: &[usize]| {
            let mut clues: Vec<Square> = rows.iter().map(|&row| (row, solution[row])).collect();
            clues.sort_unstable();
            let steps = solving_path(&solution, &clues, &[]);
            Puzzle {
                seed,
                rating: Rating::of(&steps),
                clues,
                solution: solution.clone(),
                steps,
            }
        };
        let mut puzzle = grade(&kept);
        let Some(level) = self.level else {
            return Ok(Some(puzzle));
        };
        if !self.minimal {
            // Clues added back, last removed first, until the grade falls to the level.
            while puzzle.level() > level {
                let Some(row) = removed.pop() else { break };
                kept.push(row);
                puzzle = grade(&kept);
            }
        }
        Ok((puzzle.level() == level).then_some(puzzle))
    }
}

impl Iterator for Puzzles {
    type Item = Result<Puzzle, Error>;

    fn next(&mut self) -> Option<Result<Puzzle, Error>> {
        let puzzle = self.first();
        self.seed = self.seed.wrapping_add(1);
        Some(puzzle)
    }
}

//! [`Puzzles`]: puzzles with exactly one solution generated from seeds, at a chosen level.

use super::grade::Level;
use super::sheet::Sheet;
use crate::error::Error;
use crate::rng::SplitMix64;
use crate::search::Queens;
use crate::solution::Solution;
use crate::squares::Square;

use super::instance::{Kind, Puzzle};

impl Puzzle {
    /// A puzzle of any level on an `n` x `n` board, the same for the same `n` and `seed`
    /// (and crate version); see [`Puzzles`] for a level, minimal puzzles and many at once.
    ///
    /// # Errors
    ///
    /// Those of [`Puzzles`]'s items: [`Error::TooSmall`] below n = 4,
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
}

/// Puzzles one after another, puzzle `k` made from seed `seed + k`: for datasets. Each item
/// is a puzzle of the kind asked (clue queens by default) and the level asked (any level by
/// default), minimal if asked (no clue or block can be removed without a second solution).
///
/// A puzzle starts from a random solution (a search in a random order). For clue queens, it
/// gives all of them; for blocks, every square off the solution. It then removes those
/// givens in a random order while one solution remains, so that it is minimal, and grades it;
/// for an easier level it puts givens back, the last removed first, until the grade falls to
/// that level. Where a seed gives no puzzle of the level, further attempts of its own are
/// made (up to [`Puzzles::ATTEMPTS`]). The same `n`, kind, level, minimality and seed give
/// the same puzzle for one version of the crate.
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
    kind: Kind,
    level: Option<Level>,
    minimal: bool,
    seed: u64,
}

impl Puzzles {
    /// Attempts at one puzzle before the level is given up as out of reach at that size.
    pub const ATTEMPTS: u64 = 64;

    /// The largest board with puzzles of blocked squares: above it a unique board needs
    /// most of its squares blocked and takes over 60 ms to make (clue queens go to 64).
    pub const MAX_BLOCKS_N: usize = 24;

    /// The smallest board a puzzle takes: n = 2 and 3 have no solution, and the one queen
    /// of n = 1 (or none, of n = 0) needs no clue.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::puzzle::Puzzles;
    ///
    /// assert!(Puzzles::new(Puzzles::MIN_N).first().is_ok());
    /// assert!(matches!(
    ///     Puzzles::new(1).first(),
    ///     Err(queens::Error::TooSmall { n: 1, min: 4 })
    /// ));
    /// ```
    pub const MIN_N: usize = 4;

    /// Puzzles of an `n` x `n` board, of any level, from seed 0.
    ///
    /// # Examples
    ///
    /// ```
    /// let first = queens::puzzle::Puzzles::new(8).next().unwrap()?;
    /// assert_eq!(first.seed(), Some(0));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn new(n: usize) -> Puzzles {
        Puzzles {
            n,
            kind: Kind::Queens,
            level: None,
            minimal: false,
            seed: 0,
        }
    }

    /// Puzzles of `kind`: clue queens (the default) or blocked squares.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::puzzle::{Kind, Puzzles};
    ///
    /// let puzzle = Puzzles::new(6).kind(Kind::Blocks).first()?;
    /// assert!(puzzle.builder().build()?.uniqueness().is_unique());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn kind(mut self, kind: Kind) -> Puzzles {
        self.kind = kind;
        self
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
    /// assert_eq!(puzzle.seed(), Some(41));
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
    /// [`Error::TooSmall`] below n = 4 ([`Puzzles::MIN_N`]), [`Error::TooLarge`] above 64,
    /// [`Error::Unsupported`] for blocked squares above [`Puzzles::MAX_BLOCKS_N`], and when no
    /// puzzle of the level came from [`Puzzles::ATTEMPTS`]
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
        if self.kind == Kind::Blocks && self.n > Self::MAX_BLOCKS_N {
            return Err(Error::Unsupported {
                reason: format!(
                    "puzzles of blocked squares are made up to n = {}: a larger board needs most of its squares blocked to have one solution; clue queens go to n = {}",
                    Self::MAX_BLOCKS_N,
                    Queens::MAX_N
                ),
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
        let solution = random_solution(n, rng)?;
        let mut givens: Vec<Square> = match self.kind {
            Kind::Queens => (0..n).map(|row| (row, solution[row])).collect(),
            Kind::Blocks => (0..n)
                .flat_map(|row| (0..n).map(move |col| (row, col)))
                .filter(|&(row, col)| solution[row] != col)
                .collect(),
        };
        for i in (1..givens.len()).rev() {
            givens.swap(i, rng.exactly_below(i as u64 + 1) as usize);
        }
        // Greedy removal in a random order: a given that cannot go now cannot go later
        // either (fewer givens only allow more solutions), so the result is minimal.
        let mut kept = givens.clone();
        let mut removed = Vec::new();
        for given in givens {
            let without: Vec<Square> = kept.iter().copied().filter(|&g| g != given).collect();
            if self.still_unique(&without, given)? {
                kept = without;
                removed.push(given);
            }
        }
        let grade = |givens: Vec<Square>| match self.kind {
            Kind::Queens => Puzzle::graded(Some(seed), solution.clone(), givens, Vec::new()),
            Kind::Blocks => Puzzle::graded(Some(seed), solution.clone(), Vec::new(), givens),
        };
        let mut puzzle = grade(kept.clone());
        let Some(level) = self.level else {
            return Ok(Some(puzzle));
        };
        if !self.minimal && puzzle.level() > level {
            // Givens put back, last removed first: the fewest that bring the grade down to
            // the level, found by bisection (more givens make a puzzle no harder, as a rule;
            // where the rule fails the attempt misses and the next one is made).
            let back = |count: usize| {
                let mut givens = kept.clone();
                givens.extend(&removed[removed.len() - count..]);
                grade(givens)
            };
            let (mut harder, mut easier) = (0, removed.len());
            while easier - harder > 1 {
                let middle = (harder + easier) / 2;
                match back(middle).level() > level {
                    true => harder = middle,
                    false => easier = middle,
                }
            }
            puzzle = back(easier);
        }
        Ok((puzzle.level() == level).then_some(puzzle))
    }

    /// Whether the solution stays the only one with `givens` once `removed` is gone: whether
    /// no solution uses the removed clue's row otherwise, or the removed block's square.
    fn still_unique(&self, givens: &[Square], removed: Square) -> Result<bool, Error> {
        let board = Queens::builder(self.n);
        let board = match self.kind {
            Kind::Queens => board.queens(givens.iter().copied()).block(removed),
            Kind::Blocks => board.blocks(givens.iter().copied()).queen(removed),
        };
        Ok(board.build()?.most_constrained().next().is_none())
    }
}

/// A random solution of an `n` x `n` board: a most-constrained search in a random order,
/// restarted when it runs long (random orders have heavy tails; a restart rarely does).
fn random_solution(n: usize, rng: &mut SplitMix64) -> Result<Solution, Error> {
    if n < Puzzles::MIN_N {
        return Err(Error::TooSmall {
            n,
            min: Puzzles::MIN_N,
        });
    }
    let empty = Sheet::new(n, &[], &[]);
    let mut budget_per_try = 8 * n as u64;
    loop {
        let mut budget = budget_per_try;
        budget_per_try = budget_per_try.saturating_mul(2);
        if let Some(queens) = empty.fill_at_random(rng, &mut budget) {
            let mut columns = vec![0; n];
            for (row, col) in queens {
                columns[row] = col;
            }
            return Solution::new(columns);
        }
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

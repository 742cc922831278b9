//! One [`Puzzle`] with exactly one solution: its givens, solution and grade, made from any
//! board that has one, written and read back; and the [`Kind`]s of givens.

use std::fmt;
use std::str::FromStr;

use super::grade::{Level, Rating, Step, solving_path};
use super::uniqueness::Uniqueness;
use crate::error::Error;
use crate::search::{Builder, Queens};
use crate::solution::Solution;
use crate::squares::Square;

/// A puzzle: a board with clue queens or blocked squares (or both) and exactly one solution,
/// with its grade and solving path.
///
/// Made by [`Puzzles`](super::Puzzles) (generated), or from any board with one solution
/// ([`Puzzle::from_builder`], `FromStr`). Its `Display` is the drawn text form (`Q` a clue,
/// `x` a blocked square, `.` an open one) and [`Puzzle::to_csplib`] writes CSPLib 080's form;
/// [`read_puzzle`](super::read_puzzle) and `FromStr` read both back.
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
    seed: Option<u64>,
    clues: Vec<Square>,
    blocks: Vec<Square>,
    solution: Solution,
    steps: Vec<Step>,
    rating: Rating,
}

impl Puzzle {
    /// The puzzle of a board: its fixed queens are the clues and its blocked squares the
    /// blocks, graded and explained, if it has exactly one solution.
    ///
    /// # Errors
    ///
    /// Those of [`Builder::build`], [`Error::NoSolution`] when the board has no solution and
    /// [`Error::NotUnique`] when it has several (naming two).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Error, Queens};
    /// use queens::puzzle::Puzzle;
    ///
    /// let puzzle = Puzzle::from_builder(&Queens::builder(4).queen((0, 1)))?;
    /// assert_eq!(puzzle.solution().to_vec(), [1, 3, 0, 2]);
    /// assert!(matches!(Puzzle::from_builder(&Queens::builder(8)), Err(Error::NotUnique { .. })));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn from_builder(builder: &Builder) -> Result<Puzzle, Error> {
        let n = builder.n();
        match builder.clone().build()?.uniqueness() {
            Uniqueness::Unique(solution) => Ok(Puzzle::graded(
                None,
                solution,
                builder.fixed(),
                builder.blocked().to_vec(),
            )),
            Uniqueness::NoSolution => Err(Error::NoSolution { n }),
            Uniqueness::Several(first, second) => Err(Error::NotUnique {
                n,
                solutions: [first.to_vec(), second.to_vec()],
            }),
        }
    }

    /// A puzzle of `solution` with `clues` and `blocks` that leave it the only one, graded.
    pub(super) fn graded(
        seed: Option<u64>,
        solution: Solution,
        mut clues: Vec<Square>,
        mut blocks: Vec<Square>,
    ) -> Puzzle {
        clues.sort_unstable();
        clues.dedup();
        blocks.sort_unstable();
        blocks.dedup();
        let steps = solving_path(&solution, &clues, &blocks);
        Puzzle {
            seed,
            rating: Rating::of(&steps),
            clues,
            blocks,
            solution,
            steps,
        }
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

    /// The seed it was generated from; `None` for a puzzle made from a board.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::puzzle::Puzzle::generate(6, 9)?.seed(), Some(9));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn seed(&self) -> Option<u64> {
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

    /// The blocked squares, on which no queen may stand, as `(row, column)` by row.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::puzzle::{Kind, Puzzles};
    ///
    /// let puzzle = Puzzles::new(8).kind(Kind::Blocks).first()?;
    /// assert!(puzzle.clues().is_empty());
    /// assert!(puzzle.blocks().iter().all(|&(row, col)| puzzle.solution()[row] != col));
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn blocks(&self) -> &[Square] {
        &self.blocks
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

    /// The puzzle as one line of JSON: `n`, `seed` (`null` for a puzzle made from a board),
    /// `level`, `queens` (the clues as `[row, column]` pairs from the top left, 0-based),
    /// `blocks` (likewise), `solution` (the columns), the `rating`'s counts of each technique,
    /// and the `explanation` in words.
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
            "level": rating.level.name(),
            "queens": self.clues.iter().map(|&(row, col)| [row, col]).collect::<Vec<_>>(),
            "blocks": self.blocks.iter().map(|&(row, col)| [row, col]).collect::<Vec<_>>(),
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
        Queens::builder(self.n())
            .queens(self.clues.iter().copied())
            .blocks(self.blocks.iter().copied())
    }

    /// The puzzle in CSPLib problem 080's Essence' form (blocked n-queens): `letting n` and
    /// `letting blocks`, rows and columns counted from 1. That form has no queens, so a clue
    /// is written as its row's other squares blocked: the same board, with the same one
    /// solution.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::puzzle::{Kind, Puzzle, Puzzles};
    ///
    /// let puzzle = Puzzles::new(8).kind(Kind::Blocks).first()?;
    /// let again: Puzzle = puzzle.to_csplib().parse()?;
    /// assert_eq!(again.blocks(), puzzle.blocks());
    /// assert_eq!(again.solution(), puzzle.solution());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn to_csplib(&self) -> String {
        let n = self.n();
        let clue_rows = self
            .clues
            .iter()
            .flat_map(|&(row, col)| (0..n).filter(move |&c| c != col).map(move |c| (row, c)));
        let mut blocks: Vec<Square> = self.blocks.iter().copied().chain(clue_rows).collect();
        blocks.sort_unstable();
        blocks.dedup();
        let pairs: Vec<String> = blocks
            .iter()
            .map(|&(row, col)| format!("[{}, {}]", row + 1, col + 1))
            .collect();
        format!(
            "language ESSENCE' 1.0\nletting n = {n}\nletting blocks = [{}]\n",
            pairs.join(", ")
        )
    }
}

impl FromStr for Puzzle {
    type Err = Error;

    /// Reads a puzzle in any form [`Builder`]'s `FromStr` reads, and makes it with
    /// [`Puzzle::from_builder`]; the JSON [`Puzzle::to_json`] writes reads back to the same
    /// puzzle, its seed kept.
    ///
    /// ```
    /// use queens::puzzle::Puzzle;
    ///
    /// let puzzle = Puzzle::generate(8, 5)?;
    /// # #[cfg(feature = "serde")]
    /// assert_eq!(puzzle.to_json().parse::<Puzzle>()?, puzzle);
    /// assert_eq!(puzzle.to_string().parse::<Puzzle>()?.seed(), None);
    /// # Ok::<(), queens::Error>(())
    /// ```
    fn from_str(text: &str) -> Result<Puzzle, Error> {
        let text = crate::formats::encoding::without_bom(text);
        if super::read::is_json(text) {
            let record = super::read::JsonPuzzle::read(text)?;
            let puzzle = Puzzle::from_builder(&record.builder)?;
            return Ok(Puzzle {
                seed: record.seed,
                ..puzzle
            });
        }
        Puzzle::from_builder(&text.parse()?)
    }
}

/// Draws the board as its [`Builder`] does: `Q` a clue, `x` a block, `.` an open square.
impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.builder(), f)
    }
}

/// What a generated puzzle gives: clue queens, or blocked squares.
///
/// # Examples
///
/// ```
/// use queens::puzzle::Kind;
///
/// assert_eq!("blocks".parse::<Kind>()?, Kind::Blocks);
/// assert_eq!(Kind::Queens.name(), "queens");
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Some of the solution's queens are given.
    #[default]
    Queens,
    /// No queen is given; squares on which no queen may stand are (as in CSPLib 080).
    Blocks,
}

impl Kind {
    /// Both kinds.
    pub const ALL: [Kind; 2] = [Kind::Queens, Kind::Blocks];

    /// The kind's name, as `FromStr` reads it.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::puzzle::Kind::Blocks.name(), "blocks");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::Queens => "queens",
            Kind::Blocks => "blocks",
        }
    }
}

crate::error::named!(Kind, Kind::ALL, "a kind of puzzle");

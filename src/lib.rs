//! Every solution of the N-Queens problem as a lazy iterator, and the tools around it:
//! symmetry, exact counting at scale, puzzles with one solution, and the search as events.
//!
//! [`Queens`] is an explicit backtracking state machine over bitboards: each call to `next`
//! runs the search only as far as the next solution, so `for` loops, [`Iterator::take`] and
//! [`Iterator::collect`] work as on any iterator.
//!
//! ```
//! use queens::{Queens, Solution};
//!
//! let first3: Vec<Solution> = Queens::new(8).take(3).collect(); // computes no more than 3
//! assert_eq!(&*first3[0], &[0, 4, 7, 5, 2, 6, 1, 3]); // s[row] is that row's column
//! assert_eq!(Queens::new(8).count(), 92); // counted without building a Solution
//! ```
//!
//! # A tour
//!
//! **The search.** [`Queens::new`] (or [`Queens::try_new`], which returns an error above
//! [`Queens::MAX_N`] instead of panicking) yields [`Solution`]s in lexicographic order, from
//! both ends ([`DoubleEndedIterator`]), and skips whole subtrees by counting them in `nth`.
//! [`Queens::builder`] fixes queens and blocks squares ([`Builder`]); [`Queens::most_constrained`]
//! branches on the row with the fewest open squares, for large or constrained boards. The
//! [`search`] module holds the orders, [`search::sample`] (an exactly uniform random
//! solution) and, with `parallel`, [`search::par_solutions`].
//!
//! ```
//! use queens::Queens;
//!
//! let corner = Queens::builder(8).queen((7, 0)).block((0, 7)).build()?;
//! assert_eq!(corner.count(), 4);
//! let last = Queens::new(8).next_back().unwrap();
//! assert_eq!(&*last, &[7, 3, 0, 2, 5, 1, 6, 4]);
//! # Ok::<(), queens::Error>(())
//! ```
//!
//! **Solutions and symmetry.** A [`Solution`] dereferences to its columns, displays as a
//! board and transforms by the eight [`Symmetry`]s of the square. The adaptors of
//! [`SolutionsExt`] work on any iterator of solutions: [`fundamental`](SolutionsExt::fundamental)
//! keeps one per class, [`tally`](SolutionsExt::tally) counts classes and orbits in one pass,
//! [`boards`](SolutionsExt::boards) draws each in a [`Style`].
//!
//! ```
//! use queens::{Queens, SolutionsExt, Style};
//!
//! assert_eq!(Queens::new(8).fundamental().count(), 12);
//! let s = Queens::new(8).next().unwrap();
//! assert_eq!(s.render(Style::Algebraic).to_string(), "a8 e7 h6 f5 c4 g3 b2 d1");
//! assert_eq!("a8 e7 h6 f5 c4 g3 b2 d1".parse::<queens::Solution>()?, s);
//! # Ok::<(), queens::Error>(())
//! ```
//!
//! **Text and pictures.** [`formats`]: eight text styles (those of the textbook programs,
//! FEN and chess squares), each parsed back; JSON Lines; SVG pictures in one
//! [`formats::palette`].
//!
//! **Counting.** [`count`] counts on every core without building solutions;
//! [`counting::Counter`] chooses the engine (the quadrant join, or border constellations
//! that also count symmetry classes), threads, memory, shards for other machines,
//! checkpoints to resume from, a deadline, and plans a count before it runs.
//!
//! ```
//! use queens::counting::Counter;
//!
//! let counts = Counter::new(12)?.run()?;
//! assert_eq!((counts.total, counts.fundamental), (14200, Some(1787)));
//! # Ok::<(), queens::Error>(())
//! ```
//!
//! **Puzzles.** [`puzzle::Puzzles`] makes boards with exactly one solution, of clue queens
//! or blocked squares, at a [`puzzle::Level`], and explains each [`puzzle::Step`] a person
//! takes; [`puzzle::Puzzle::from_builder`] grades any board.
//!
//! ```
//! use queens::puzzle::{Level, Puzzles};
//!
//! let puzzle = Puzzles::new(8).level(Level::Medium).seed(1).first()?;
//! assert_eq!(puzzle.level(), Level::Medium);
//! assert!(puzzle.check(puzzle.solution()));
//! # Ok::<(), queens::Error>(())
//! ```
//!
//! **Watching the search.** [`Queens::trace`] yields a [`trace::Event`] for every queen
//! placed and taken back, dead end and solution, from the state machine iteration runs;
//! [`trace::Replay`] steps through them both ways and [`trace::animated_svg`] draws them.
//!
//! **Large boards.** [`large_boards::construct`] places a million queens by formula,
//! [`large_boards::random`] finds random solutions by local search.
//!
//! **Errors.** Every fallible call returns [`Error`], which names what was wrong (the two
//! queens that attack each other, the square off the board, the memory a count lacks).
//!
//! # Features
//!
//! - `parallel` (default): counting and `search::par_solutions` on every core, with rayon.
//!   Without it, everything runs on the calling thread.
//! - `serde`: `Serialize` and `Deserialize` for [`Solution`], [`counting::Counts`],
//!   [`counting::Subproblem`] and [`trace::Event`]; [`counting::ShardRecord`]; JSON input in
//!   [`formats::parse_many`].
//! - `generator`: the `generator` module, the same stream as a `genawaiter` generator.
//!
//! The `queens` command is the package `queens-cli` (`cargo install --path cli` from a
//! clone), so that the library's users compile none of its dependencies.
//!
//! With `default-features = false` the library's one dependency is `crc32fast`.
//!
//! # Guides
//!
//! The [`guides`] module holds them as pages of this documentation (the repository's
//! `docs/`), whose examples run as tests: [the library guide](guides::guide),
//! [the command-line tool](guides::cli), [counting on clusters](guides::clusters),
//! [performance](guides::performance) with the command behind every figure, the engines and
//! the search explained on the 8 x 8 board ([counting](guides::counting),
//! [algorithms](guides::algorithms)), [puzzles](guides::puzzles), [the web page](guides::web)
//! and [the code's layout](guides::architecture).
#![deny(unsafe_code)]
// Every example, here and in README and the guides, compiles without a warning: pasted
// into a new crate it warns about nothing.
#![doc(test(attr(deny(warnings))))]
#![warn(missing_docs)]
#![warn(unreachable_pub)]
#![warn(clippy::undocumented_unsafe_blocks)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod adaptors;
mod bitboard;
pub mod counting;
mod error;
pub mod formats;
#[cfg(feature = "generator")]
pub mod generator;
#[cfg(any(doc, doctest))]
pub mod guides;
pub mod large_boards;
pub mod puzzle;
mod rng;
pub mod search;
mod solution;
pub mod squares;
pub mod trace;

// Inlined: the types people start with get their own pages at the crate root, where
// README and the guides link them.
#[doc(inline)]
pub use adaptors::SolutionsExt;
#[doc(inline)]
pub use counting::{count, try_count};
pub use error::{Advice, Error};
#[doc(inline)]
pub use formats::Style;
#[doc(inline)]
pub use search::{Builder, Queens};
pub use solution::{Solution, Symmetry};
#[doc(inline)]
pub use squares::{Line, LineName, Square};

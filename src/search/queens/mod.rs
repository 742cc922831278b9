//! The search engine: [`Queens`], a resumable backtracking state machine over bitboards.

use std::fmt;
use std::iter::FusedIterator;
use std::task::Poll;

use super::State;
use super::most_constrained::{MostConstrained, Yielded};
use crate::adaptors::{Fundamental, fundamental};
use crate::bitboard::{MAX, Masks};
use crate::counting::{Interior, count_board};
use crate::error::Error;
use crate::solution::Solution;
use crate::solution::symmetry::Symmetry;

mod fixed;
mod position;
mod stepping;

/// A lazy iterator over every solution of the `n`-queens problem, in lexicographic order.
///
/// `Queens` is an explicit backtracking state machine: columns and both diagonal directions
/// are `u64` bitmasks, the partial board lives on a fixed-size stack inside the struct, and
/// each call to [`next`](Iterator::next) resumes the search where the last one stopped and
/// runs only until the next solution. Nothing is computed ahead, nothing is allocated per
/// step, and taking the first `k` solutions costs only what finding them costs.
///
/// Solutions come in lexicographic order of their column lists (row 0 first, columns tried
/// left to right), as in every textbook program. Queens may be fixed in advance with
/// [`Queens::with_prefix`] or [`Queens::with_queens`]; then only their completions are
/// yielded.
///
/// # What you can do with it
///
/// | to | with |
/// | --- | --- |
/// | make a search | [`Queens::new`], [`Queens::try_new`]; a board with fixed queens and blocked squares: [`Queens::builder`], [`Queens::with_prefix`], [`Queens::with_queens`] |
/// | iterate | `for s in Queens::new(8)`, [`next`](Iterator::next); without allocating: [`Queens::next_columns`]; a bounded step for a UI: [`Queens::next_within`] |
/// | take the first k | `.take(k)`; a first solution of any board up to 64 x 64 fast: [`Queens::most_constrained`], [`Queens::soonest`] |
/// | navigate | [`nth`](Iterator::nth) and `skip` (whole subtrees counted, not visited); from the back: `rev`, [`next_back`](DoubleEndedIterator::next_back), [`Queens::next_back_within`] |
/// | count | [`count`](Iterator::count) (no solution built), [`Queens::try_count`], [`Queens::uniqueness`] (none, one or several); on every core: [`count`](crate::count) |
/// | symmetry | [`Queens::symmetries`] (those of the board), [`Queens::classes`] (one per class of them), [`Queens::soonest_fundamental`]; any stream: [`SolutionsExt`](crate::SolutionsExt) |
/// | look | [`Queens::n`], [`Queens::nodes`] (squares tried so far), [`Queens::trace`] (the search as events) |
///
/// # Examples
///
/// ```
/// use queens::{Queens, Solution};
///
/// let mut all = Queens::new(8);
/// assert_eq!(&*all.next().unwrap(), &[0, 4, 7, 5, 2, 6, 1, 3]);
/// assert_eq!(all.count(), 91);
///
/// let first3: Vec<Solution> = Queens::new(8).take(3).collect();
/// assert_eq!(&*first3[2], &[0, 6, 3, 5, 7, 1, 4, 2]);
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
#[derive(Clone)]
pub struct Queens {
    pub(crate) n: usize,
    pub(crate) state: State,
    /// Rows whose queen was fixed in advance.
    fixed_rows: u64,
    /// Queens placed so far, across the whole search.
    pub(crate) nodes: u64,
    /// Rows `0..depth` hold a queen; `depth` is the row being tried.
    pub(crate) depth: usize,
    /// Squares of each row that fixed queens leave open (one square on a fixed queen's row).
    pub(crate) allowed: [u64; MAX],
    /// Squares of each row not yet tried at the current partial board.
    pub(crate) untried: [u64; MAX],
    /// Per row: columns taken, and the squares attacked along each diagonal direction, by the
    /// queens above it.
    pub(crate) taken: [Masks; MAX],
    /// The column of the queen in each placed row.
    pub(crate) columns: [usize; MAX],
    /// The search from the back, once `next_back` is called: the forward search of the
    /// mirrored board (column `c` becomes `n - 1 - c`).
    back: Option<Box<Queens>>,
}

impl Queens {
    /// The largest board size supported, set by the `u64` bitboards.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// assert!(Queens::try_new(Queens::MAX_N).is_ok());
    /// assert!(Queens::try_new(Queens::MAX_N + 1).is_err());
    /// ```
    pub const MAX_N: usize = MAX;

    /// Every solution of the `n`-queens problem.
    ///
    /// `n = 0` has one, empty, solution; `n = 2` and `n = 3` have none.
    ///
    /// # Panics
    ///
    /// If `n > Queens::MAX_N`; use [`Queens::try_new`] to get an error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// assert_eq!(Queens::new(8).count(), 92);
    /// assert_eq!(Queens::new(3).count(), 0);
    /// assert_eq!(Queens::new(0).count(), 1);
    /// ```
    pub fn new(n: usize) -> Queens {
        match Queens::try_new(n) {
            Ok(queens) => queens,
            Err(err) => panic!("{err}; use Queens::try_new to handle this as an error"),
        }
    }

    /// Every solution of the `n`-queens problem, or an error if `n` is too large.
    ///
    /// # Errors
    ///
    /// [`Error::TooLarge`] if `n > Queens::MAX_N`.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Error, Queens};
    ///
    /// assert_eq!(Queens::try_new(4)?.count(), 2);
    /// assert_eq!(Queens::try_new(65).unwrap_err(), Error::TooLarge { n: 65, max: 64 });
    /// # Ok::<(), Error>(())
    /// ```
    pub fn try_new(n: usize) -> Result<Queens, Error> {
        Queens::with_queens(n, &[])
    }

    /// A search not yet started of a board whose rows may use `allowed`, the rows of
    /// `fixed_rows` holding fixed queens.
    pub(super) fn fresh(n: usize, allowed: [u64; MAX], fixed_rows: u64) -> Queens {
        Queens {
            n,
            state: State::Fresh,
            fixed_rows,
            nodes: 0,
            depth: 0,
            allowed,
            untried: [0; MAX],
            taken: [Masks::default(); MAX],
            columns: [0; MAX],
            back: None,
        }
    }

    /// The squares of each row open to a queen, as a mask of columns (bit `c` for column
    /// `c`): a fixed queen's own square on its row, elsewhere every square that no fixed
    /// queen attacks and that is not blocked. Two boards with the same open squares have the
    /// same solutions, in the same order, however their queens and blocks were given.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let board = Queens::with_queens(4, &[(0, 1)])?;
    /// assert_eq!(board.open_squares(), [0b0010, 0b1000, 0b0101, 0b1101]);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn open_squares(&self) -> &[u64] {
        &self.allowed[..self.n]
    }

    /// The board size.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// assert_eq!(Queens::new(8).n(), 8);
    /// ```
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many queens the search has placed so far: every square on which it put a queen
    /// that no earlier queen attacked, whether or not that partial board led to a solution.
    ///
    /// This counts the nodes of the backtracking tree, not the squares examined. Programs
    /// that test every square of a row one by one, like the `a[row] = col` program's, report
    /// `n * (number of partial boards extended)` instead: for `n = 8` that is
    /// `8 * (1 + 2056 - 92) = 15720`, while this search places 2056 queens.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let mut search = Queens::new(8);
    /// search.by_ref().for_each(drop);
    /// assert_eq!(search.nodes(), 2056);
    /// ```
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes + self.back.as_ref().map_or(0, |back| back.nodes)
    }

    /// Counts the remaining solutions without building any, as a `u64` on every platform.
    ///
    /// A fresh search uses the fast counters: [`crate::try_count`] for a plain board, the
    /// counter's look-ahead search for one with fixed queens or blocked squares; a search
    /// under way steps through what is left.
    ///
    /// # Errors
    ///
    /// Those of [`crate::try_count`] for a plain board: [`Error::NotEnoughMemory`] or
    /// [`Error::OutOfMemory`] where the quadrant join's tables do not fit, and
    /// [`Error::Unsupported`] for a meaningless `QUEENS_SIMD`.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// assert_eq!(Queens::new(12).try_count()?, 14_200);
    /// let mut started = Queens::new(8);
    /// started.next();
    /// assert_eq!(started.try_count()?, 91);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn try_count(mut self) -> Result<u64, Error> {
        if self.state == State::Fresh && self.back.is_none() {
            return match self.is_plain() {
                true => crate::counting::try_count(self.n),
                false => Ok(count_board(&Interior::from_open_rows(
                    self.n,
                    &self.allowed,
                    self.fixed_rows,
                ))),
            };
        }
        let mut total = 0;
        while self.next_columns().is_some() {
            total += 1;
        }
        Ok(total)
    }

    /// The same solutions in another order, found fast on every board up to
    /// [`Queens::MAX_N`]: the row with the fewest open squares is filled first.
    ///
    /// Use it to find some solutions of a large board, where the lexicographic order can
    /// need billions of steps before its first solution (2.3 billion placements for n = 34,
    /// as the `large_boards` example measures). Fixed queens are kept. On a search already
    /// under way it yields the solutions this iterator has not yielded yet (those after the
    /// last one in lexicographic order), so nothing is repeated.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let first_1000: Vec<_> = Queens::new(64).most_constrained().take(1000).collect();
    /// assert_eq!(first_1000.len(), 1000);
    ///
    /// let fixed = Queens::with_queens(40, &[(0, 0), (39, 20)])?.most_constrained().next().unwrap();
    /// assert_eq!((fixed[0], fixed[39]), (0, 20));
    ///
    /// let mut eight = Queens::new(8);
    /// let first = eight.next().unwrap();
    /// let rest: Vec<_> = eight.most_constrained().collect();
    /// assert_eq!(rest.len(), 91);
    /// assert!(!rest.contains(&first));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn most_constrained(self) -> MostConstrained {
        let yielded_through = (self.state == State::Searching).then_some(self.columns);
        let mut yielded_from = None;
        if let Some(last) = self.back_last() {
            let mut columns = [0; MAX];
            columns.iter_mut().zip(last).for_each(|(to, c)| *to = c);
            yielded_from = Some(columns);
        }
        let back_done = self
            .back
            .as_ref()
            .is_some_and(|b| b.state == State::Exhausted);
        let exhausted = self.state == State::Exhausted || back_done;
        let skip = Yielded {
            through: yielded_through,
            from: yielded_from,
        };
        MostConstrained::new(self.n, self.allowed, skip, exhausted)
    }

    /// The symmetries of the board that map its fixed queens and its blocked squares onto
    /// themselves (all eight for a plain board), in the order of [`Symmetry::ALL`]: each
    /// maps the board's solutions onto its solutions.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, Symmetry};
    ///
    /// assert_eq!(Queens::new(8).symmetries().len(), 8);
    /// let corner = Queens::builder(8).queen((0, 0)).build()?;
    /// assert_eq!(corner.symmetries(), [Symmetry::Identity, Symmetry::Transpose]);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn symmetries(&self) -> Vec<Symmetry> {
        Symmetry::keeping(self.n, &self.allowed[..self.n])
    }

    /// Keeps one solution per class of solutions that the board's own [`symmetries`] map
    /// onto each other: for a plain board, one per class under all eight (what
    /// [`SolutionsExt::fundamental`] keeps of any stream); with fixed queens or blocked
    /// squares, one per class under the symmetries that keep them, so that every class is
    /// represented where `fundamental` would keep only solutions whose whole class is on
    /// the board.
    ///
    /// [`symmetries`]: Queens::symmetries
    /// [`SolutionsExt::fundamental`]: crate::SolutionsExt::fundamental
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// assert_eq!(Queens::new(8).classes().count(), 12);
    /// // The 4 solutions with a queen in a corner form 2 classes under the corner's diagonal.
    /// let corner = Queens::builder(8).queen((0, 0)).build()?;
    /// assert_eq!(corner.classes().count(), 2);
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn classes(self) -> Fundamental<Queens> {
        let symmetries = self.symmetries();
        fundamental(self, symmetries)
    }

    /// Advances to the next solution and lends its column list, without allocating.
    ///
    /// This is the hot-loop form of [`next`](Iterator::next): the slice borrows the search's
    /// own buffer, so it must be copied to be kept.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let mut search = Queens::new(8);
    /// let mut corner = 0;
    /// while let Some(columns) = search.next_columns() {
    ///     corner += usize::from(columns[0] == 0);
    /// }
    /// assert_eq!(corner, 4);
    /// ```
    pub fn next_columns(&mut self) -> Option<&[usize]> {
        self.nth_columns(0)
    }

    /// The next solution, as [`next`](Iterator::next) gives it, if the search finds it
    /// within `nodes` more placements; [`Poll::Pending`] otherwise, the search left where it
    /// stopped so that the next call goes on. A caller that must keep control during a long
    /// search (an interpreter waiting for Ctrl-C, an event loop) calls it in a loop.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::task::Poll;
    /// use queens::Queens;
    ///
    /// let mut search = Queens::new(8);
    /// let first = loop {
    ///     if let Poll::Ready(found) = search.next_within(10) {
    ///         break found;
    ///     }
    /// };
    /// assert_eq!(first, Queens::new(8).next());
    /// ```
    pub fn next_within(&mut self, nodes: u64) -> Poll<Option<Solution>> {
        if self
            .back
            .as_ref()
            .is_some_and(|b| b.state == State::Exhausted)
        {
            self.state = State::Exhausted;
            return Poll::Ready(None);
        }
        match self.advance_within(nodes) {
            None => Poll::Pending,
            Some(false) => {
                self.finish();
                Poll::Ready(None)
            }
            Some(true) => {
                let met = self
                    .back_last()
                    .is_some_and(|last| self.columns[..self.n].iter().copied().ge(last));
                if met {
                    self.finish();
                    return Poll::Ready(None);
                }
                Poll::Ready(Some(Solution::from_valid(self.columns[..self.n].to_vec())))
            }
        }
    }

    /// [`next_back`](DoubleEndedIterator::next_back) within `nodes` more placements, as
    /// [`next_within`](Queens::next_within) is `next`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::task::Poll;
    /// use queens::Queens;
    ///
    /// let mut search = Queens::new(8);
    /// let last = loop {
    ///     if let Poll::Ready(found) = search.next_back_within(10) {
    ///         break found;
    ///     }
    /// };
    /// assert_eq!(last, Queens::new(8).next_back());
    /// ```
    pub fn next_back_within(&mut self, nodes: u64) -> Poll<Option<Solution>> {
        if self.state == State::Exhausted {
            return Poll::Ready(None);
        }
        let mirrored = match &mut self.back {
            Some(back) => back,
            None => self.back.insert(Box::new(self.mirrored())),
        };
        match mirrored.advance_within(nodes) {
            None => return Poll::Pending,
            Some(false) => {
                self.finish();
                return Poll::Ready(None);
            }
            Some(true) => {}
        }
        if self.met_back() {
            return Poll::Ready(None);
        }
        let n = self.n;
        let back = self.back.as_deref().expect("the back search was made");
        let columns = back.columns[..n].iter().map(|&c| n - 1 - c);
        Poll::Ready(Some(Solution::from_valid(columns.collect())))
    }
}

impl Iterator for Queens {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.next_columns()
            .map(|columns| Solution::from_valid(columns.to_vec()))
    }

    /// Skips `k` solutions without building them: whole subtrees of the search are counted
    /// by the counter and passed over, so `nth` costs about what counting that far costs.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let mut twelve = Queens::new(12);
    /// let far = twelve.nth(10_000).unwrap();
    /// let mut stepped = Queens::new(12);
    /// (0..10_000).for_each(|_| drop(stepped.next()));
    /// assert_eq!(Some(far), stepped.next());
    /// assert_eq!(twelve.count(), 14_200 - 10_001);
    /// ```
    fn nth(&mut self, k: usize) -> Option<Solution> {
        self.nth_columns(k as u64)
            .map(|columns| Solution::from_valid(columns.to_vec()))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let back_done = self
            .back
            .as_ref()
            .is_some_and(|b| b.state == State::Exhausted);
        match self.state {
            State::Exhausted => (0, Some(0)),
            _ if back_done => (0, Some(0)),
            State::Fresh if self.n == 0 => (1, Some(1)),
            _ => (0, None),
        }
    }

    /// Counts the remaining solutions without building any; see [`Queens::try_count`].
    ///
    /// # Panics
    ///
    /// As [`Iterator::count`] may, if there are more than `usize::MAX` (from n = 19 on
    /// 32-bit targets such as WebAssembly), and if [`Queens::try_count`] fails.
    fn count(self) -> usize {
        match self.try_count().map(usize::try_from) {
            Ok(Ok(total)) => total,
            Ok(Err(_)) => panic!("more solutions than usize::MAX; use Queens::try_count"),
            Err(err) => panic!("{err}; use Queens::try_count to handle this as an error"),
        }
    }
}

/// From the back: the solutions in reverse lexicographic order, found as the forward order
/// of the board mirrored left to right (column `c` becomes `n - 1 - c`), mirrored back.
/// The two ends meet without repeating or skipping a solution.
///
/// # Examples
///
/// ```
/// use queens::Queens;
///
/// let mut eight = Queens::new(8);
/// assert_eq!(&*eight.next_back().unwrap(), &[7, 3, 0, 2, 5, 1, 6, 4]);
/// let last_three: Vec<_> = Queens::new(8).rev().take(3).collect();
/// assert_eq!(&*last_three[2], &[7, 1, 4, 2, 0, 6, 3, 5]);
/// assert_eq!(eight.by_ref().take(88).count() + eight.rev().count(), 91);
/// ```
impl DoubleEndedIterator for Queens {
    fn next_back(&mut self) -> Option<Solution> {
        self.nth_back(0)
    }

    /// Skips `k` solutions from the back without building them, as [`nth`](Queens::nth)
    /// does from the front.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// let all: Vec<_> = Queens::new(10).collect();
    /// assert_eq!(Queens::new(10).nth_back(500), Some(all[all.len() - 501].clone()));
    /// ```
    fn nth_back(&mut self, k: usize) -> Option<Solution> {
        if !self.retreat(k as u64) {
            return None;
        }
        let back = self.back.as_deref().expect("retreat made the back search");
        let columns = back.columns[..self.n].iter().map(|&c| self.n - 1 - c);
        Some(Solution::from_valid(columns.collect()))
    }
}

impl FusedIterator for Queens {}

impl fmt::Debug for Queens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Queens")
            .field("n", &self.n)
            .field("state", &self.state)
            .field("placed", &&self.columns[..self.depth])
            .field("nodes", &self.nodes)
            .finish()
    }
}

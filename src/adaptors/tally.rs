use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};

use crate::solution::Solution;

/// Totals over a stream of solutions: how many, how many symmetry classes, and the classes
/// by orbit size.
///
/// A class is counted when its representative (its [`canonical`](Solution::canonical)
/// form) passes, so the class counts are exact for any stream that holds whole classes,
/// such as a complete enumeration. Made by [`SolutionsExt::tally`](crate::SolutionsExt::tally)
/// or by `collect`; tallies add up with `+` and `sum`, e.g. over parts of a search.
///
/// # Examples
///
/// ```
/// use queens::Queens;
/// use queens::adaptors::Tally;
///
/// let tally: Tally = Queens::new(8).collect();
/// assert_eq!(tally.to_string(), "92 solutions, 12 fundamental (1 of orbit 4, 11 of orbit 8)");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    solutions: u64,
    /// Classes by orbit size: index 0, 1, 2, 3 for orbits of 1, 2, 4, 8 solutions.
    orbits: [u64; 4],
}

impl Tally {
    /// Counts one more solution.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    /// use queens::adaptors::Tally;
    ///
    /// let mut tally = Tally::default();
    /// Queens::new(5).for_each(|s| tally.add(&s));
    /// assert_eq!(tally.solutions(), 10);
    /// ```
    pub fn add(&mut self, solution: &Solution) {
        self.solutions += 1;
        if solution.is_canonical() {
            self.orbits[solution.orbit_size().trailing_zeros() as usize] += 1;
        }
    }

    /// The number of solutions seen.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, SolutionsExt};
    ///
    /// assert_eq!(Queens::new(6).tally().solutions(), 4);
    /// ```
    #[must_use]
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The number of symmetry classes seen (fundamental solutions).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, SolutionsExt};
    ///
    /// assert_eq!(Queens::new(6).tally().fundamental(), 1);
    /// ```
    #[must_use]
    pub fn fundamental(&self) -> u64 {
        self.orbits.iter().sum()
    }

    /// The number of classes whose orbit holds `size` solutions; 0 unless `size` is 1, 2,
    /// 4 or 8.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, SolutionsExt};
    ///
    /// let tally = Queens::new(10).tally();
    /// assert_eq!((tally.orbits(4), tally.orbits(8)), (3, 89));
    /// ```
    #[must_use]
    pub fn orbits(&self, size: usize) -> u64 {
        match size {
            1 | 2 | 4 | 8 => self.orbits[size.trailing_zeros() as usize],
            _ => 0,
        }
    }
}

impl Extend<Solution> for Tally {
    fn extend<T: IntoIterator<Item = Solution>>(&mut self, iter: T) {
        iter.into_iter().for_each(|s| self.add(&s));
    }
}

impl FromIterator<Solution> for Tally {
    fn from_iter<T: IntoIterator<Item = Solution>>(iter: T) -> Self {
        let mut tally = Tally::default();
        tally.extend(iter);
        tally
    }
}

impl AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.solutions += other.solutions;
        for (mine, theirs) in self.orbits.iter_mut().zip(other.orbits) {
            *mine += theirs;
        }
    }
}

impl Add for Tally {
    type Output = Tally;

    fn add(mut self, other: Tally) -> Tally {
        self += other;
        self
    }
}

impl Sum for Tally {
    fn sum<I: Iterator<Item = Tally>>(iter: I) -> Tally {
        iter.fold(Tally::default(), Add::add)
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} solutions, {} fundamental",
            self.solutions,
            self.fundamental()
        )?;
        let by_size: Vec<String> = [1, 2, 4, 8]
            .into_iter()
            .filter(|&size| self.orbits(size) > 0)
            .map(|size| format!("{} of orbit {size}", self.orbits(size)))
            .collect();
        if !by_size.is_empty() {
            write!(f, " ({})", by_size.join(", "))?;
        }
        Ok(())
    }
}

//! The order that finds a board's solutions soonest: the policy `queens solve`, Python and the
//! page share.

use std::iter::FusedIterator;

use super::most_constrained::MostConstrained;
use super::queens::Queens;
use crate::adaptors::Fundamental;
use crate::solution::Solution;

/// The solutions of a board in whichever order reaches them soonest: lexicographic where
/// its first solutions come at once, most-constrained (each next queen on the row with
/// fewest open squares) on larger boards and boards with blocked squares, where the
/// lexicographic order can take billions of steps to its first.
///
/// Made by [`Queens::soonest`] and [`Queens::soonest_fundamental`].
///
/// # Examples
///
/// ```
/// use queens::Queens;
///
/// // n = 64 in the lexicographic order would search for a long while; this is at once.
/// let first = Queens::new(64).soonest().next().unwrap();
/// assert_eq!(first.n(), 64);
/// assert_eq!(Queens::new(8).soonest().count(), 92);
/// ```
#[derive(Clone, Debug)]
pub struct Soonest(Order);

#[derive(Clone, Debug)]
enum Order {
    Lexicographic(Queens),
    MostConstrained(MostConstrained),
    LexicographicClasses(Fundamental<Queens>),
    MostConstrainedClasses(Fundamental<MostConstrained>),
}

impl Queens {
    /// Up to this size, and without blocked squares, [`Queens::soonest`] keeps the
    /// lexicographic order: its first solution takes under a third of a second at n = 30.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(queens::Queens::LEXICOGRAPHIC_UP_TO >= 8);
    /// ```
    pub const LEXICOGRAPHIC_UP_TO: usize = 30;

    /// Up to this size, and without blocked squares, [`Queens::soonest_fundamental`] keeps
    /// the lexicographic order; above, the symmetry filter throws away too many of its
    /// solutions, where the most-constrained order finds a class in about a millisecond for
    /// every n up to 64.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(queens::Queens::LEXICOGRAPHIC_CLASSES_UP_TO <= queens::Queens::LEXICOGRAPHIC_UP_TO);
    /// ```
    pub const LEXICOGRAPHIC_CLASSES_UP_TO: usize = 20;

    /// The solutions in the order that reaches them soonest (see [`Soonest`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let blocked = queens::Queens::builder(40).block((0, 0)).build()?;
    /// assert!(blocked.soonest().next().is_some());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn soonest(self) -> Soonest {
        Soonest(
            match self.lexicographic_soonest(Self::LEXICOGRAPHIC_UP_TO) {
                true => Order::Lexicographic(self),
                false => Order::MostConstrained(self.most_constrained()),
            },
        )
    }

    /// One solution of each symmetry class (see [`Queens::classes`]), in the order that
    /// reaches them soonest (see [`Soonest`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Queens;
    ///
    /// assert_eq!(Queens::new(8).soonest_fundamental().count(), 12);
    /// assert!(Queens::new(56).soonest_fundamental().next().is_some());
    /// ```
    #[must_use]
    pub fn soonest_fundamental(self) -> Soonest {
        Soonest(
            match self.lexicographic_soonest(Self::LEXICOGRAPHIC_CLASSES_UP_TO) {
                true => Order::LexicographicClasses(self.classes()),
                false => Order::MostConstrainedClasses(self.most_constrained().classes()),
            },
        )
    }
}

impl Iterator for Soonest {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        match &mut self.0 {
            Order::Lexicographic(search) => search.next(),
            Order::MostConstrained(search) => search.next(),
            Order::LexicographicClasses(search) => search.next(),
            Order::MostConstrainedClasses(search) => search.next(),
        }
    }
}

impl FusedIterator for Soonest {}

//! [`Shard`]: which slice of a count a process does.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::error::excerpt;

/// Shard `index` of `of`: one of `of` disjoint slices of a count that together cover it,
/// written `I/K` (`3/64`). `0/1` is the whole count.
///
/// # Examples
///
/// ```
/// use queens::Error;
/// use queens::counting::Shard;
///
/// let shard: Shard = "3/64".parse()?;
/// assert_eq!(shard, Shard::new(3, 64)?);
/// assert_eq!(shard.to_string(), "3/64");
/// assert_eq!("4/4".parse::<Shard>(), Err(Error::InvalidShard { index: 4, of: 4 }));
/// assert!(Shard::WHOLE.is_whole());
/// # Ok::<(), Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Shard {
    /// Which slice, from 0 to `of - 1`.
    pub index: usize,
    /// How many slices the count is cut into.
    pub of: usize,
}

impl Shard {
    /// The whole count: shard 0 of 1.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::counting::Shard::WHOLE.to_string(), "0/1");
    /// ```
    pub const WHOLE: Shard = Shard { index: 0, of: 1 };

    /// Shard `index` of `of`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidShard`] unless `index < of`.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Error;
    /// use queens::counting::Shard;
    ///
    /// assert_eq!(Shard::new(2, 3)?.index, 2);
    /// assert_eq!(Shard::new(0, 0), Err(Error::InvalidShard { index: 0, of: 0 }));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new(index: usize, of: usize) -> Result<Shard, Error> {
        let shard = Shard { index, of };
        shard.check()?;
        Ok(shard)
    }

    /// Whether this is the whole count rather than a slice of it.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!queens::counting::Shard::new(1, 2)?.is_whole());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn is_whole(self) -> bool {
        self.of == 1
    }

    /// How many of a count's `all` subproblems this shard holds: every `of`-th one,
    /// starting at `index`.
    ///
    /// # Examples
    ///
    /// ```
    /// let shard = queens::counting::Shard::new(2, 3)?;
    /// assert_eq!(shard.subproblems_of(10), 3); // 2, 5 and 8
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn subproblems_of(self, all: usize) -> usize {
        all.saturating_sub(self.index).div_ceil(self.of)
    }

    /// The error for a shard that does not exist (the fields are public, so one can be built).
    pub(crate) fn check(self) -> Result<(), Error> {
        match self.index < self.of {
            true => Ok(()),
            false => Err(Error::InvalidShard {
                index: self.index,
                of: self.of,
            }),
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

impl FromStr for Shard {
    type Err = Error;

    fn from_str(text: &str) -> Result<Shard, Error> {
        let malformed = || Error::parse(format!("{} is not a shard I/K like 3/64", excerpt(text)));
        let (index, of) = text.split_once('/').ok_or_else(malformed)?;
        let number = |digits: &str| match digits.bytes().all(|b| b.is_ascii_digit()) {
            true => digits.parse::<usize>().map_err(|_| malformed()),
            false => Err(malformed()),
        };
        Shard::new(number(index)?, number(of)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back_what_it_writes() {
        for (index, of) in [(0, 1), (3, 64), (usize::MAX - 1, usize::MAX)] {
            let shard = Shard::new(index, of).unwrap();
            assert_eq!(shard.to_string().parse::<Shard>(), Ok(shard));
        }
    }

    #[test]
    fn refuses_what_is_not_a_shard() {
        for text in [
            "",
            "3",
            "3/",
            "/4",
            "+1/4",
            "1/4/5",
            " 1/4",
            "1 /4",
            "x/4",
            "99999999999999999999999/1",
        ] {
            assert!(
                matches!(text.parse::<Shard>(), Err(Error::Parse { .. })),
                "{text:?}"
            );
        }
        assert_eq!(
            "5/4".parse::<Shard>(),
            Err(Error::InvalidShard { index: 5, of: 4 })
        );
    }
}

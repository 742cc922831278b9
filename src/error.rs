//! The crate's one error type.

use std::fmt;
use std::path::PathBuf;

use crate::squares::{Square, square_name};

/// Everything that can go wrong when building a board, a solution or a search.
///
/// Every variant carries the values that were wrong, so its message can be printed as is.
///
/// # Examples
///
/// ```
/// use queens::{Error, Queens};
///
/// let err = Queens::with_prefix(8, &[0, 1]).unwrap_err();
/// assert_eq!(err, Error::Attack { n: 8, first: (0, 0), second: (1, 1) });
/// assert_eq!(err.to_string(), "queens on a8 and b7 attack each other");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The board is larger than the search supports.
    TooLarge {
        /// The size asked for.
        n: usize,
        /// The largest size supported.
        max: usize,
    },
    /// The board is smaller than the job takes (a puzzle needs a clue to give).
    TooSmall {
        /// The size asked for.
        n: usize,
        /// The smallest size the job takes.
        min: usize,
    },
    /// A queen stands outside an `n` x `n` board.
    OffBoard {
        /// The square given.
        square: Square,
        /// The board size.
        n: usize,
    },
    /// More queens were given for the first rows than the board has rows.
    PrefixTooLong {
        /// Number of queens in the prefix.
        len: usize,
        /// The board size.
        n: usize,
    },
    /// Two queens were given for the same row.
    SameRow {
        /// The board size.
        n: usize,
        /// The first queen given for that row.
        first: Square,
        /// The second queen given for that row.
        second: Square,
    },
    /// Two queens share a column or a diagonal.
    Attack {
        /// The board size.
        n: usize,
        /// The queen in the lower-numbered row.
        first: Square,
        /// The queen in the higher-numbered row.
        second: Square,
    },
    /// A queen was fixed on a square that is also blocked.
    Blocked {
        /// The board size.
        n: usize,
        /// The square.
        square: Square,
    },
    /// The board has no solution: `n = 2` and `n = 3`, or a board whose fixed queens and
    /// blocked squares leave none.
    NoSolution {
        /// The board size.
        n: usize,
    },
    /// A board offered as a puzzle has more than one solution (one with none is
    /// [`Error::NoSolution`]).
    NotUnique {
        /// The board size.
        n: usize,
        /// Two of its solutions, as columns.
        solutions: [Vec<usize>; 2],
    },
    /// A randomized search gave up within its step budget.
    SearchFailed {
        /// The board size.
        n: usize,
        /// The seed it started from.
        seed: u64,
        /// The steps it took in all.
        steps: u64,
    },
    /// A shard was asked for that does not exist: the index must be below the count.
    InvalidShard {
        /// The shard's index.
        index: usize,
        /// The number of shards.
        of: usize,
    },
    /// Results handed back to resume a count do not belong to it.
    BadResume {
        /// What did not fit, naming the values.
        reason: String,
        /// How to resume it instead, if there is a way.
        advice: &'static [Advice],
    },
    /// Text could not be read: a solution, a style name, a column list or a shard.
    Parse {
        /// What was wrong, naming the offending text.
        reason: String,
        /// What to do instead, if there is a way (read many solutions, where one was read).
        advice: &'static [Advice],
    },
    /// More threads were asked for than [`Counter::MAX_THREADS`](crate::counting::Counter::MAX_THREADS).
    TooManyThreads {
        /// The number asked for.
        threads: usize,
        /// The most allowed.
        max: usize,
    },
    /// A sum of counts does not fit a `u64`.
    Overflow {
        /// Which sum, naming the values.
        reason: String,
    },
    /// A count was cancelled or reached its deadline before it finished.
    Cancelled {
        /// Subproblems finished (and reported), resumed ones included.
        done: usize,
        /// Subproblems in the count.
        of: usize,
    },
    /// A checkpoint file could not be used.
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong with it, naming the line where one is to blame.
        reason: String,
        /// How to resume it instead, if there is a way.
        advice: &'static [Advice],
    },
    /// Shard records could not be read or do not add up to one whole count.
    ShardRecords {
        /// What is wrong, naming the record or the shards.
        reason: String,
    },
    /// A shard counted twice whose two records disagree: one of them is wrong (a faulty
    /// machine's), and a third count tells which.
    ShardsDisagree {
        /// The shard.
        shard: usize,
        /// The shards the count is split into.
        of: usize,
        /// The two records' totals.
        totals: [u64; 2],
        /// The two records' places among those given, from 0.
        records: [usize; 2],
        /// What each record counts that the other does not (its solutions, or where both
        /// count as many, its symmetry classes, fixed solutions or subproblems), and where
        /// it came from (a file, or its place among those given): `25480 solutions in
        /// shard-1.json`.
        said: [String; 2],
    },
    /// A count's audit counted a part again by another path and got another number: the
    /// machine (a core, its vector unit, the build) cannot be trusted with this count, and
    /// no record of it is to be written. See [`Counter::audit`](crate::counting::Counter::audit).
    AuditFailed {
        /// The board size.
        n: usize,
        /// The subproblem the part is of.
        subproblem: usize,
        /// The part, as the engine names it within its subproblem (0 for a whole one).
        part: u64,
        /// The solutions the count found in it.
        counted: u64,
        /// The solutions the audit found in it.
        again: u64,
    },
    /// A shard record's audit, counted again here by
    /// [`ShardRecord::verify`](crate::counting::ShardRecord::verify), gives a part another
    /// number than the record lists: this machine or the one that wrote the record is wrong,
    /// and a third count of the shard tells which.
    VerifyFailed {
        /// The board size.
        n: usize,
        /// The record's shard, of `of`.
        shard: usize,
        /// The shards the count is split into.
        of: usize,
        /// The subproblem the part is of.
        subproblem: usize,
        /// The part, as the engine names it within its subproblem (0 for a whole one).
        part: u64,
        /// The solutions the record lists for the part.
        recorded: u64,
        /// The solutions counted here.
        again: u64,
    },
    /// The chosen counting engine cannot do this count (see [`Engine`](crate::counting::Engine)).
    Unsupported {
        /// What it cannot do, and what can.
        reason: String,
    },
    /// The count needs more memory than the machine has free.
    NotEnoughMemory {
        /// Bytes the count would need.
        needed: u64,
        /// Bytes available: the least of what the operating system says and what the
        /// process's control groups (a container's or a batch job's limit) leave.
        available: u64,
        /// What to do about it, as data: each front end words it in its own terms (the
        /// message of [`Display`](fmt::Display) in the library's).
        advice: &'static [Advice],
    },
    /// Memory for the result could not be had.
    OutOfMemory {
        /// The bytes asked for.
        bytes: usize,
    },
    /// A board of one size was given where another size is needed.
    WrongSize {
        /// The size needed.
        n: usize,
        /// The size given.
        found: usize,
    },
    /// Reading input failed.
    Read {
        /// The operating system's message.
        reason: String,
    },
}

/// A short, quoted piece of `text` for an error message: inputs can be megabytes long.
pub(crate) fn excerpt(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        None => format!("{text:?}"),
        Some((cut, _)) => format!("{:?}... ({} bytes)", &text[..cut], text.len()),
    }
}

/// The one of `all` whose name is `text` (in any case, with spaces around it), or an error
/// saying that `text` is not `what` and naming those there are.
pub(crate) fn by_name<T: Copy>(
    text: &str,
    all: &[T],
    name: impl Fn(T) -> &'static str,
    what: &str,
) -> Result<T, Error> {
    let wanted = text.trim();
    all.iter()
        .copied()
        .find(|&item| name(item).eq_ignore_ascii_case(wanted))
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|&item| name(item)).collect();
            let expected = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => names.join(""),
            };
            Error::parse(format!(
                "{} is not {what}; expected {expected}",
                excerpt(text)
            ))
        })
}

/// Implements `Display` (its name, padded to a width) and `FromStr` (by [`by_name`]) for a
/// type of named values: `named!(Type, ALL, "a thing")`, where `ALL` lists every value and
/// `Type::name` names one.
macro_rules! named {
    ($type:ident, $all:expr, $what:literal) => {
        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.pad(self.name())
            }
        }

        impl std::str::FromStr for $type {
            type Err = crate::error::Error;

            fn from_str(text: &str) -> Result<$type, crate::error::Error> {
                crate::error::by_name(text, &$all, $type::name, $what)
            }
        }
    };
}
pub(crate) use named;

/// An empty vector with room for `len` items, or [`Error::OutOfMemory`] where
/// `Vec::with_capacity` would abort the process.
pub(crate) fn try_with_capacity<T>(len: usize) -> Result<Vec<T>, Error> {
    let mut items = Vec::new();
    items
        .try_reserve_exact(len)
        .map_err(|_| Error::OutOfMemory {
            bytes: len.saturating_mul(size_of::<T>()),
        })?;
    Ok(items)
}

/// `len` copies of `value`, or [`Error::OutOfMemory`] where `vec!` would abort the process.
pub(crate) fn try_vec<T: Clone>(value: T, len: usize) -> Result<Vec<T>, Error> {
    let mut items = try_with_capacity(len)?;
    items.resize(len, value);
    Ok(items)
}

/// `bytes` in the unit that shows them: bytes below 1 KiB, else KiB, MiB, GiB or TiB to
/// three significant figures (`1.5 GiB`, `19.3 MiB`, `512 KiB`), rounded up for what is
/// needed and down for what is available, so that a need never reads as what is there.
/// Memory errors ([`Error::NotEnoughMemory`]) write sizes this way.
///
/// # Examples
///
/// ```
/// use queens::formats::size;
///
/// assert_eq!(size(1536, true), "1.5 KiB");
/// assert_eq!(size(8_700_000, true), "8.3 MiB");
/// assert_eq!(size(8_700_000, false), "8.29 MiB");
/// assert_eq!(size(1, false), "1 byte");
/// ```
pub fn size(bytes: u64, round_up: bool) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} byte{}", if bytes == 1 { "" } else { "s" });
    }
    let mut unit = 0;
    loop {
        let shift = 10 * (unit as u32 + 1);
        let decimals = match bytes >> shift {
            0..=9 => 2,
            10..=99 => 1,
            _ => 0,
        };
        let scale = 10u128.pow(decimals);
        let (scaled, divisor) = (u128::from(bytes) * scale, 1u128 << shift);
        let value = match round_up {
            true => scaled.div_ceil(divisor),
            false => scaled / divisor,
        };
        // Rounded up to 1024 of a unit, or past it: the next unit shows it.
        if value >= 1024 * scale && unit + 1 < UNITS.len() {
            unit += 1;
            continue;
        }
        let whole = value / scale;
        let fraction = format!("{:0width$}", value % scale, width = decimals as usize);
        let fraction = fraction.trim_end_matches('0');
        return match fraction {
            "" => format!("{whole} {}", UNITS[unit]),
            _ => format!("{whole}.{fraction} {}", UNITS[unit]),
        };
    }
}

impl Error {
    /// A text that holds several solutions where one was read: read them all instead.
    pub(crate) fn several(reason: impl Into<String>) -> Self {
        Error::Parse {
            reason: reason.into(),
            advice: &[Advice::ReadAll],
        }
    }

    pub(crate) fn parse(reason: impl Into<String>) -> Self {
        Error::Parse {
            reason: reason.into(),
            advice: &[],
        }
    }

    /// The ways out the error advises, as data ([`Advice`]): a front end words them in its
    /// own terms with [`Error::describe`].
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::counting::Counter;
    ///
    /// let err = Counter::new(16)?.threads(1).memory(1).run().unwrap_err();
    /// assert_eq!(err.advice(), &[queens::Advice::ConstellationEngine]);
    /// assert!(queens::Queens::try_new(65).unwrap_err().advice().is_empty());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn advice(&self) -> &'static [Advice] {
        match self {
            Error::NotEnoughMemory { advice, .. }
            | Error::Parse { advice, .. }
            | Error::BadResume { advice, .. }
            | Error::Checkpoint { advice, .. } => advice,
            _ => &[],
        }
    }

    /// The message with its advice worded by `words`: how a front end says the error in its
    /// own terms (a flag, an argument). [`Display`](fmt::Display) words it with
    /// [`Advice::words`], the library's.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Advice;
    /// use queens::counting::Counter;
    ///
    /// let err = Counter::new(16)?.threads(1).memory(1).run().unwrap_err();
    /// let flags = err.describe(|advice| match advice {
    ///     Advice::ConstellationEngine => "add --engine constellations".into(),
    ///     advice => advice.words().into(),
    /// });
    /// assert!(flags.ends_with("; add --engine constellations"), "{flags}");
    /// assert_eq!(err.describe(|advice| advice.words().into()), err.to_string());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn describe(&self, words: impl Fn(Advice) -> String) -> String {
        let mut message = Body(self).to_string();
        let ways: Vec<String> = self.advice().iter().map(|&advice| words(advice)).collect();
        match ways.split_last() {
            Some((last, [])) => message += &format!("; {last}"),
            Some((last, rest)) => message += &format!("; {} or {last}", rest.join(", ")),
            None => {}
        }
        message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(|advice| advice.words().to_owned()))
    }
}

/// Why something was refused, and the way out, if any: what the library's checks hand up
/// to become an [`Error`]'s reason and advice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub(crate) reason: String,
    pub(crate) advice: &'static [Advice],
}

impl<T: Into<String>> From<T> for Refusal {
    fn from(reason: T) -> Refusal {
        Refusal {
            reason: reason.into(),
            advice: &[],
        }
    }
}

/// An error's message without its advice.
struct Body<'a>(&'a Error);

impl fmt::Display for Body<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Error::TooLarge { n, max } => {
                write!(f, "board size {n} is too large: at most {max} is supported")
            }
            Error::TooSmall { n, min } => write!(
                f,
                "board size {n} is too small for a puzzle: puzzles take boards from {min}x{min} \
                 (smaller ones have no solution, or one that needs no clue)"
            ),
            Error::OffBoard { square, n } => {
                write!(
                    f,
                    "square {square:?} (row, column from 0 at the top left) is off the {n}x{n} board"
                )
            }
            Error::PrefixTooLong { len, n } => {
                write!(
                    f,
                    "{len} queens given for the first rows of a board with {n} rows"
                )
            }
            Error::SameRow { n, first, second } => write!(
                f,
                "queens on {} and {} share rank {}",
                square_name(*n, *first),
                square_name(*n, *second),
                n - first.0
            ),
            Error::Attack { n, first, second } => write!(
                f,
                "queens on {} and {} attack each other",
                square_name(*n, *first),
                square_name(*n, *second)
            ),
            Error::Blocked { n, square } => write!(
                f,
                "a queen is fixed on {}, which is blocked",
                square_name(*n, *square)
            ),
            Error::WrongSize { n, found } => write!(
                f,
                "a {found}x{found} board was given where the {n}x{n} board is needed"
            ),
            Error::NoSolution { n } => write!(f, "the {n}x{n} board has no solution"),
            Error::NotUnique {
                n,
                solutions: [first, second],
            } => write!(
                f,
                "not a puzzle: the {n}x{n} board has several solutions, such as {first:?} and {second:?}"
            ),
            Error::SearchFailed { n, seed, steps } => write!(
                f,
                "no solution for n = {n} found from seed {seed} within {steps} steps; try another seed"
            ),
            Error::Parse { reason, .. } => f.write_str(reason),
            Error::Read { reason } => write!(f, "cannot read input: {reason}"),
            Error::Cancelled { done, of } => write!(
                f,
                "the count was stopped after {done} of its {of} subproblems; resume it to finish"
            ),
            Error::InvalidShard { index, of } => {
                write!(
                    f,
                    "shard {index} of {of} does not exist: shards are numbered 0 to k - 1 for k >= 1"
                )
            }
            Error::BadResume { reason, .. } => write!(f, "cannot resume the count: {reason}"),
            Error::TooManyThreads { threads, max } => {
                write!(f, "{threads} threads asked for: at most {max} are allowed")
            }
            Error::Overflow { reason } => write!(f, "overflow: {reason}"),
            Error::Checkpoint { path, reason, .. } => {
                write!(f, "checkpoint {}: {reason}", path.display())
            }
            Error::ShardRecords { reason } => write!(f, "shard records: {reason}"),
            Error::ShardsDisagree {
                shard,
                of,
                said: [first, second],
                ..
            } => write!(
                f,
                "shard records: shard {shard}/{of} was counted twice and the counts disagree: \
                 {first}, {second}; count it a third time on another machine, and merge with \
                 the record that agrees with it in place of the other"
            ),
            Error::AuditFailed {
                n,
                subproblem,
                part,
                counted,
                again,
            } => write!(
                f,
                "the audit of n = {n} disagrees: subproblem {subproblem}, part {part} has \
                 {counted} solutions as counted and {again} when counted again by another \
                 path; this machine cannot be trusted with the count: count it on another"
            ),
            Error::VerifyFailed {
                n,
                shard,
                of,
                subproblem,
                part,
                recorded,
                again,
            } => write!(
                f,
                "shard {shard}/{of} of n = {n}: its audit lists {recorded} solutions for part \
                 {part} of subproblem {subproblem}, and counted again here it has {again}: this \
                 machine and the one that wrote the record disagree; count the shard a third \
                 time on another machine to tell which is wrong"
            ),
            Error::Unsupported { reason } => f.write_str(reason),
            Error::NotEnoughMemory {
                needed, available, ..
            } => write!(
                f,
                "this needs about {} of memory, but only {} is available",
                size(*needed, true),
                size(*available, false)
            ),
            Error::OutOfMemory { bytes } => {
                let bytes = u64::try_from(*bytes).unwrap_or(u64::MAX);
                write!(
                    f,
                    "out of memory: {} could not be allocated",
                    size(bytes, true)
                )
            }
        }
    }
}

impl std::error::Error for Error {}

/// A way out of an [`Error`], as data: the library, the command line and the Python package
/// each word it in their own terms (a flag, an argument, a method).
///
/// # Examples
///
/// ```
/// use queens::{Advice, Error};
/// use queens::counting::Counter;
///
/// let err = Counter::new(20)?.threads(1).memory(1 << 20).run().unwrap_err();
/// let Error::NotEnoughMemory { advice, .. } = err else { panic!("{err}") };
/// assert_eq!(advice, &[Advice::ConstellationEngine]); // on one thread, no fewer threads
/// # Ok::<(), Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Advice {
    /// Count on fewer threads: each thread of the quadrant join keeps tables of its own.
    FewerThreads,
    /// Count with the constellation engine, which keeps no tables (it needs almost no
    /// memory) and resumes checkpoints written before they named their engine.
    ConstellationEngine,
    /// Count (or resume) solutions alone, without symmetry classes.
    SolutionsAlone,
    /// Count (or resume) symmetry classes too.
    Classes,
    /// Ask for a smaller board.
    SmallerBoard,
    /// Read the text as many solutions, where it was read as one.
    ReadAll,
}

impl Advice {
    /// The advice in the library's terms, as [`Error`]'s message gives it.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::Advice::SmallerBoard.words(), "ask for a smaller board");
    /// ```
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Advice::FewerThreads => "count on fewer threads (`Counter::threads`)",
            Advice::ConstellationEngine => {
                "count with the constellation engine (`Engine::Constellations`)"
            }
            Advice::SolutionsAlone => "count solutions alone (`Counter::fundamental(false)`)",
            Advice::Classes => "count symmetry classes too (`Counter::fundamental(true)`)",
            Advice::SmallerBoard => "ask for a smaller board",
            Advice::ReadAll => "read them all with `formats::parse_many`",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_in_any_case_and_the_rest_are_listed() {
        let all = ["easy", "hard"];
        let name = |item: &'static str| item;
        assert_eq!(by_name(" Hard ", &all, name, "a level"), Ok("hard"));
        assert_eq!(
            by_name("medium", &all, name, "a level")
                .unwrap_err()
                .to_string(),
            Error::parse("\"medium\" is not a level; expected easy or hard").to_string()
        );
        let err = by_name("x", &["only"], name, "a kind")
            .unwrap_err()
            .to_string();
        assert!(err.contains("\"x\" is not a kind; expected only"), "{err}");
    }

    #[test]
    fn sizes_are_written_in_the_unit_that_shows_them() {
        const KIB: u64 = 1 << 10;
        const MIB: u64 = 1 << 20;
        const GIB: u64 = 1 << 30;
        for (bytes, up, down) in [
            (0, "0 bytes", "0 bytes"),
            (1, "1 byte", "1 byte"),
            (1023, "1023 bytes", "1023 bytes"),
            (KIB, "1 KiB", "1 KiB"),
            (KIB + 1, "1.01 KiB", "1 KiB"),
            (1536, "1.5 KiB", "1.5 KiB"),
            (512 * KIB, "512 KiB", "512 KiB"),
            // Rounded up to 1024 KiB: 1 MiB.
            (MIB - 1, "1 MiB", "1023 KiB"),
            (64 * MIB, "64 MiB", "64 MiB"),
            (19 * MIB + 300 * KIB, "19.3 MiB", "19.2 MiB"),
            (GIB, "1 GiB", "1 GiB"),
            (3 * GIB / 2, "1.5 GiB", "1.5 GiB"),
            (1 << 40, "1 TiB", "1 TiB"),
            (u64::MAX, "16777216 TiB", "16777215 TiB"),
        ] {
            assert_eq!(size(bytes, true), up, "{bytes} up");
            assert_eq!(size(bytes, false), down, "{bytes} down");
        }
    }

    #[test]
    fn memory_errors_never_say_0_and_a_need_never_reads_as_what_is_there() {
        let refused = Error::NotEnoughMemory {
            needed: 1 << 20,
            available: 1024,
            advice: &[Advice::FewerThreads, Advice::SmallerBoard],
        };
        assert_eq!(
            refused.to_string(),
            "this needs about 1 MiB of memory, but only 1 KiB is available; count on fewer \
             threads (`Counter::threads`) or ask for a smaller board"
        );
        for (needed, available) in [
            (1025, 1024),
            ((1 << 20) + 1, 1 << 20),
            (10_000_001, 10_000_000),
        ] {
            let message = Error::NotEnoughMemory {
                needed,
                available,
                advice: &[],
            }
            .to_string();
            let (need, have) = (size(needed, true), size(available, false));
            assert_ne!(need, have, "{message}");
            assert!(message.contains(&format!("about {need} of memory, but only {have} is")));
        }
        assert_eq!(
            Error::OutOfMemory { bytes: 3 << 29 }.to_string(),
            "out of memory: 1.5 GiB could not be allocated"
        );
    }
}

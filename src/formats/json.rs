//! Solutions as JSON Lines: the record `queens solve --format json` writes, one solution a
//! line, and its reader, which [`parse_many`](super::parse_many) calls for a line that starts
//! with `{`.

#[cfg(feature = "serde")]
use std::num::NonZeroUsize;

use crate::error::Error;
use crate::error::excerpt;
#[cfg(feature = "serde")]
use crate::solution::Solution;

/// One solution as a line of JSON (without its newline): its size, its number `index` in
/// the output, counted from 1, and its columns. [`parse_many`](super::parse_many) reads it
/// back, checking the fields against each other.
///
/// # Examples
///
/// ```
/// use std::num::NonZeroUsize;
/// use queens::{Queens, formats};
///
/// let first = Queens::new(4).next().unwrap();
/// let line = formats::json_record(&first, NonZeroUsize::MIN);
/// assert_eq!(line, r#"{"n":4,"index":1,"columns":[1,3,0,2]}"#);
/// assert_eq!(formats::parse_columns("[1,3,0,2]")?, first.to_vec());
/// assert_eq!(formats::parse_many(&line)[0].1, Ok(first));
/// # Ok::<(), queens::Error>(())
/// ```
#[cfg(feature = "serde")]
#[must_use]
pub fn json_record(solution: &Solution, index: NonZeroUsize) -> String {
    #[derive(serde::Serialize)]
    struct Record<'a> {
        n: usize,
        index: NonZeroUsize,
        columns: &'a [usize],
    }
    let record = Record {
        n: solution.n(),
        index,
        columns: solution,
    };
    // Room for the whole record at once: growing by doubling would need up to twice the
    // text of a board of millions of queens.
    let digits = solution.n().max(1).ilog10() as usize + 1;
    let mut text = Vec::with_capacity(solution.n().saturating_mul(digits + 1).saturating_add(64));
    serde_json::to_writer(&mut text, &record).expect("numbers serialize");
    String::from_utf8(text).expect("JSON is UTF-8")
}

/// The columns of a JSON object such as `queens solve --format json` writes: `columns`,
/// with `n` and `index` where given, which must agree with them; no other field.
pub(crate) fn columns(object: &str) -> Result<Vec<usize>, Error> {
    record(object).map(|(_, columns)| columns)
}

/// The index (where given, at least 1) and the columns of a JSON solution record, as
/// [`columns`] reads them: a stream's reader checks that the indexes count up.
#[cfg(feature = "serde")]
pub(crate) fn record(object: &str) -> Result<(Option<u64>, Vec<usize>), Error> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Record {
        n: Option<usize>,
        index: Option<u64>,
        columns: Vec<usize>,
    }
    let record = serde_json::from_str::<Record>(object).map_err(|err| {
        Error::parse(format!(
            "JSON object {} is not a solution record of n, index and columns ({err})",
            excerpt(object)
        ))
    })?;
    if let Some(n) = record.n.filter(|&n| n != record.columns.len()) {
        return Err(Error::parse(format!(
            "JSON object {} says n = {n} but lists {} columns",
            excerpt(object),
            record.columns.len()
        )));
    }
    if record.index == Some(0) {
        return Err(Error::parse(format!(
            "JSON object {} has index 0; solutions are numbered from 1",
            excerpt(object)
        )));
    }
    Ok((record.index, record.columns))
}

#[cfg(not(feature = "serde"))]
pub(crate) fn record(object: &str) -> Result<(Option<u64>, Vec<usize>), Error> {
    Err(Error::parse(format!(
        "JSON object {} cannot be read: the crate's `serde` feature is off",
        excerpt(object)
    )))
}

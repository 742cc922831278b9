//! Puzzles as text: a drawn board of fixed queens and blocked squares, or the `letting`
//! form of CSPLib problem 080 (blocked n-queens).

use std::io::Read;
use std::str::FromStr;

use crate::error::Error;
use crate::error::excerpt;
use crate::formats::encoding::{decode_text, without_bom};
use crate::search::Queens;
use crate::search::builder::Builder;
use crate::squares::{Square, square_name};

/// The largest puzzle [`read_puzzle`] reads: a drawn 64 x 64 board takes 8 KiB.
pub const MAX_PUZZLE_BYTES: u64 = 1 << 20;

/// Reads a puzzle from `reader`, in any form [`Builder`]'s `FromStr` reads, in UTF-8 (or
/// UTF-16 with its byte-order mark), reading at most [`MAX_PUZZLE_BYTES`] and a byte.
///
/// # Errors
///
/// [`Error::Read`] when reading fails or the input is over [`MAX_PUZZLE_BYTES`] (it is then
/// not a puzzle), and the errors of the `FromStr` below.
///
/// # Examples
///
/// ```
/// let puzzle = queens::puzzle::read_puzzle(&b"letting n = 6"[..])?;
/// assert_eq!(puzzle.build()?.count(), 4);
/// let endless = std::io::repeat(b'.');
/// assert!(queens::puzzle::read_puzzle(endless).is_err());
/// # Ok::<(), queens::Error>(())
/// ```
pub fn read_puzzle(reader: impl Read) -> Result<Builder, Error> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_PUZZLE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| Error::Read {
            reason: err.to_string(),
        })?;
    if bytes.len() as u64 > MAX_PUZZLE_BYTES {
        return Err(Error::Read {
            reason: format!("over {MAX_PUZZLE_BYTES} bytes: not a puzzle"),
        });
    }
    decode_text(&bytes)?.parse()
}

/// Reads a puzzle: either a drawn board, one line per row with `Q` for a fixed queen, `x`
/// for a blocked square and `.` for an open one (spaces between squares are allowed, blank
/// lines and lines starting with `#` are skipped), or CSPLib 080's Essence' form: an
/// optional `language ESSENCE' 1.0` line, `letting n = N` (or `letting n be N`) and
/// `letting blocks = [[row, col], ...]` with rows and columns counted from 1, `$` starting
/// a comment, or the JSON record [`Puzzle::to_json`](super::Puzzle::to_json) writes (with
/// the `serde` feature): `n`, and `queens` and `blocks` as `[row, column]` pairs counted
/// from 0; of its other fields a `solution` is checked against the board, and `seed`,
/// `level` (or `difficulty`, its old name), `rating` and `explanation` are left to [`Puzzle`](super::Puzzle)'s
/// `FromStr` (which keeps the seed and grades the board again).
///
/// The builder checks the queens and squares when it builds.
///
/// # Errors
///
/// [`Error::Parse`] naming what could not be read: no board at all, rows of different
/// lengths, a board that is not square, an unknown symbol, a missing, unknown or malformed
/// `letting`, a block off the board, JSON that is not one puzzle record (or whose
/// `solution` is not a solution of its board); [`Error::TooLarge`] for a board above
/// [`Queens::MAX_N`].
///
/// # Examples
///
/// ```
/// use queens::Builder;
///
/// let drawn: Builder = "Q . . .\n. . x .\n. . . .\n. . . .".parse()?;
/// assert_eq!(drawn.build()?.count(), 0);
///
/// let csplib: Builder = "letting n = 4\nletting blocks = [[1, 2]]".parse()?;
/// assert_eq!(csplib.build()?.map(|s| s.to_vec()).collect::<Vec<_>>(), [[2, 0, 3, 1]]);
///
/// # #[cfg(feature = "serde")] {
/// let puzzle = queens::puzzle::Puzzle::generate(8, 1)?;
/// let json: Builder = puzzle.to_json().parse()?;
/// assert_eq!(json.build()?.collect::<Vec<_>>(), [puzzle.solution().clone()]);
/// let wrong = r#"{"n": 4, "queens": [[0, 1]], "solution": [2, 0, 3, 1]}"#;
/// assert!(wrong.parse::<Builder>().is_err());
/// # }
/// # Ok::<(), queens::Error>(())
/// ```
impl FromStr for Builder {
    type Err = Error;

    fn from_str(text: &str) -> Result<Builder, Error> {
        let text = without_bom(text);
        if is_json(text) {
            return JsonPuzzle::read(text).map(|record| record.builder);
        }
        let essence = without_essence_comments(text);
        let first_word = essence.split_whitespace().next();
        if matches!(first_word, Some("letting" | "language")) {
            lettings(&essence)
        } else {
            drawn(text)
        }
    }
}

/// Essence' text without its `$` comments, which run to the end of the line.
fn without_essence_comments(text: &str) -> String {
    text.lines()
        .map(|line| line.split_once('$').map_or(line, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n")
}

/// How many runs of rows, parted by blank lines or `#` lines, the text draws.
fn boards(text: &str) -> usize {
    let mut runs = 0;
    let mut in_run = false;
    for line in text.lines().map(str::trim) {
        let row = !line.is_empty() && !line.starts_with('#');
        runs += usize::from(row && !in_run);
        in_run = row;
    }
    runs
}

/// A drawn board.
fn drawn(text: &str) -> Result<Builder, Error> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let n = rows.len();
    if n == 0 {
        return Err(Error::parse(
            "the puzzle holds no board: draw one line per row (Q a queen, x a blocked square, . open)",
        ));
    }
    if n > Queens::MAX_N {
        return Err(Error::TooLarge {
            n,
            max: Queens::MAX_N,
        });
    }
    let width = |line: &str| line.chars().filter(|c| !c.is_whitespace()).count();
    let boards = boards(text);
    if boards > 1 && rows.iter().any(|line| width(line) != n) {
        return Err(Error::parse(format!(
            "the text holds {boards} boards, separated by blank lines or # lines, where a puzzle is one: give one board"
        )));
    }
    let (mut queens, mut blocked) = (Vec::new(), Vec::new());
    for (row, line) in rows.iter().enumerate() {
        let squares: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        if squares.len() != n {
            return Err(Error::parse(format!(
                "rank {} ({}) has {} squares, but the board has {n} rows",
                n - row,
                excerpt(line),
                squares.len()
            )));
        }
        for (col, symbol) in squares.into_iter().enumerate() {
            match symbol {
                'Q' | 'q' => queens.push((row, col)),
                'x' | 'X' => blocked.push((row, col)),
                '.' => {}
                other => {
                    return Err(Error::parse(format!(
                        "{other:?} on {} is not a square: use Q, x or .",
                        square_name(n, (row, col))
                    )));
                }
            }
        }
    }
    Ok(Queens::builder(n).queens(queens).blocks(blocked))
}

/// CSPLib 080's Essence' instance: an optional `language ESSENCE' 1.0` line, then
/// `letting n = N` (or `be N`) and `letting blocks = [[r, c], ...]`, counted from 1.
fn lettings(text: &str) -> Result<Builder, Error> {
    let mut rest = text.trim_start();
    if let Some(after) = rest.strip_prefix("language") {
        // `language ESSENCE' 1.0`: the rest of its line.
        rest = after
            .split_once('\n')
            .map_or("", |(_, more)| more)
            .trim_start();
    }
    let (mut n, mut blocks): (Option<String>, Option<String>) = (None, None);
    for statement in split_lettings(rest)? {
        let (name, value) = statement;
        let slot = match name {
            "n" => &mut n,
            "blocks" => &mut blocks,
            other => {
                return Err(Error::parse(format!(
                    "`letting {}`: a CSPLib 080 puzzle has only n and blocks",
                    excerpt(other)
                )));
            }
        };
        // The same letting twice must say the same thing, or the puzzle means nothing.
        match slot {
            Some(first) if *first != value => {
                return Err(Error::parse(format!(
                    "`letting {name}` is given twice, as {} and as {}",
                    excerpt(first),
                    excerpt(&value)
                )));
            }
            _ => *slot = Some(value),
        }
    }
    let size = n.ok_or_else(|| {
        Error::parse("no `letting n = ...` (or `letting n be ...`) in the puzzle")
    })?;
    let n: usize = size
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| Error::parse(format!("n = {} is not a board size", excerpt(&size))))?;
    if n > Queens::MAX_N {
        return Err(Error::TooLarge {
            n,
            max: Queens::MAX_N,
        });
    }
    let blocked = match blocks {
        Some(blocks) => block_pairs(&blocks, n)?,
        None => Vec::new(),
    };
    Ok(Queens::builder(n).blocks(blocked))
}

/// The `letting NAME = VALUE` (or `be VALUE`) statements of `text`, whitespace collapsed
/// in each value.
fn split_lettings(text: &str) -> Result<Vec<(&str, String)>, Error> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut statements = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] != "letting" {
            return Err(Error::parse(format!(
                "{} is not a `letting` statement",
                excerpt(words[i])
            )));
        }
        let (name, separator) = match words.get(i + 1) {
            Some(word) => match word.split_once('=') {
                // `letting n=4`, `letting n= 4`
                Some((name, value)) => (name, Some(value)),
                None => (*word, None),
            },
            None => return Err(Error::parse("`letting` with nothing after it")),
        };
        i += 2;
        let mut value = String::new();
        match separator {
            Some(after) => value.push_str(after),
            None => match words.get(i) {
                Some(&"=") | Some(&"be") => i += 1,
                Some(word) if word.starts_with('=') => {
                    value.push_str(&word[1..]);
                    i += 1;
                }
                _ => {
                    return Err(Error::parse(format!(
                        "`letting {}` needs `=` or `be` and a value",
                        excerpt(name)
                    )));
                }
            },
        }
        while i < words.len() && words[i] != "letting" {
            value.push_str(words[i]);
            i += 1;
        }
        if value.is_empty() {
            return Err(Error::parse(format!(
                "`letting {}` has no value",
                excerpt(name)
            )));
        }
        statements.push((name, value));
    }
    Ok(statements)
}

/// The blocked squares of a `blocks` value, a list of `[row, column]` pairs counted from
/// 1, each on the board, as squares counted from 0.
fn block_pairs(value: &str, n: usize) -> Result<Vec<Square>, Error> {
    let malformed = || {
        Error::parse(format!(
            "the blocks {} are not a list of [row, column] pairs",
            excerpt(value)
        ))
    };
    let inner = value
        .strip_prefix('[')
        .and_then(|v| v.strip_suffix(']'))
        .ok_or_else(malformed)?;
    if inner.is_empty() {
        return Ok(Vec::new());
    }
    let mut blocked = Vec::new();
    let mut pairs = inner.strip_prefix('[').ok_or_else(malformed)?;
    loop {
        let (pair, after) = pairs.split_once(']').ok_or_else(malformed)?;
        let numbers: Vec<&str> = pair.split(',').collect();
        let [row, col] = numbers[..] else {
            return Err(malformed());
        };
        let number = |part: &str| part.parse::<usize>().map_err(|_| malformed());
        let (row, col) = (number(row)?, number(col)?);
        if !(1..=n).contains(&row) || !(1..=n).contains(&col) {
            return Err(Error::parse(format!(
                "the block [{row}, {col}] is off the {n}x{n} board (rows and columns count from 1)"
            )));
        }
        blocked.push((row - 1, col - 1));
        if after.is_empty() {
            return Ok(blocked);
        }
        pairs = after.strip_prefix(",[").ok_or_else(malformed)?;
    }
}

/// Whether a puzzle's text is JSON: its first character, past white space, opens an object.
pub(crate) fn is_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// A puzzle read from the JSON record [`Puzzle::to_json`](super::Puzzle::to_json) writes:
/// the board, and the seed the record names.
pub(crate) struct JsonPuzzle {
    /// The clues and blocked squares.
    pub(crate) builder: Builder,
    /// The seed the record names, if any.
    pub(crate) seed: Option<u64>,
}

#[cfg(not(feature = "serde"))]
impl JsonPuzzle {
    pub(crate) fn read(_text: &str) -> Result<JsonPuzzle, Error> {
        Err(Error::parse(
            "the puzzle is JSON, which queens reads with its serde feature (this build has none)",
        ))
    }
}

#[cfg(feature = "serde")]
impl JsonPuzzle {
    /// The one record of `text` (JSON), its board checked against its stated size and
    /// solution.
    pub(crate) fn read(text: &str) -> Result<JsonPuzzle, Error> {
        use serde::de::IgnoredAny;

        /// The fields `Puzzle::to_json` writes, and no other.
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Record {
            n: usize,
            #[serde(default)]
            seed: Option<u64>,
            #[serde(default)]
            queens: Vec<[usize; 2]>,
            #[serde(default)]
            blocks: Vec<[usize; 2]>,
            #[serde(default)]
            solution: Option<Vec<usize>>,
            // The grade: worked out again from the board.
            // `difficulty` is what older versions wrote for `level`.
            #[serde(default, rename = "level", alias = "difficulty")]
            _level: Option<IgnoredAny>,
            #[serde(default, rename = "rating")]
            _rating: Option<IgnoredAny>,
            #[serde(default, rename = "explanation")]
            _explanation: Option<IgnoredAny>,
        }

        let record: Record = one_record(text)?;
        if record.n == 0 {
            return Err(Error::parse("n = 0 is not a board size"));
        }
        let pairs = |squares: Vec<[usize; 2]>| squares.into_iter().map(|[row, col]| (row, col));
        let builder = Queens::builder(record.n)
            .queens(pairs(record.queens))
            .blocks(pairs(record.blocks));
        // The board is checked (and its size) where it is built; a stated solution now.
        let board = builder.clone().build()?;
        if let Some(columns) = record.solution {
            let keeps = |columns: &[usize]| {
                columns.len() == record.n
                    && crate::solution::Solution::new(columns.to_vec()).is_ok()
                    && builder
                        .fixed()
                        .iter()
                        .all(|&(row, col)| columns[row] == col)
                    && builder
                        .blocked()
                        .iter()
                        .all(|&(row, col)| columns[row] != col)
            };
            if !keeps(&columns) {
                return Err(Error::parse(format!(
                    "the puzzle's solution {} does not solve its {n}x{n} board: it must place n queens at peace, on every clue and on no blocked square",
                    excerpt(&format!("{columns:?}")),
                    n = board.n()
                )));
            }
        }
        Ok(JsonPuzzle {
            builder,
            seed: record.seed,
        })
    }
}

/// The one JSON record of `text`: an error for none, a second one, or anything after it.
#[cfg(feature = "serde")]
fn one_record<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, Error> {
    let mut records = serde_json::Deserializer::from_str(text).into_iter::<T>();
    let record = match records.next() {
        Some(Ok(record)) => record,
        Some(Err(err)) => {
            return Err(Error::parse(format!("not a puzzle record of JSON: {err}")));
        }
        None => return Err(Error::parse("the puzzle's JSON holds no record")),
    };
    let end = records.byte_offset();
    let rest = text[end..].trim_start();
    if !rest.is_empty() {
        let line = 1 + text[..text.len() - rest.len()].matches('\n').count();
        return Err(Error::parse(match rest.starts_with('{') {
            true => format!(
                "the text holds more than one puzzle: a second JSON record starts on line {line}; give one puzzle"
            ),
            false => format!(
                "{} after the puzzle's JSON record, on line {line}",
                excerpt(rest)
            ),
        }));
    }
    Ok(record)
}

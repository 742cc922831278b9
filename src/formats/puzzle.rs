//! Puzzles as text: a drawn board of fixed queens and blocked squares, or the `letting`
//! form of CSPLib problem 080 (blocked n-queens).

use std::str::FromStr;

use super::encoding::without_bom;
use super::parse::excerpt;
use crate::Queens;
use crate::enumerate::builder::Builder;
use crate::error::{Error, Square};

/// Reads a puzzle: either a drawn board, one line per row with `Q` for a fixed queen, `x`
/// for a blocked square and `.` for an open one (spaces between squares are allowed, blank
/// lines and lines starting with `#` are skipped), or CSPLib 080's form, `letting n = N`
/// and `letting blocks = [[row, col], ...]` with rows and columns counted from 1.
///
/// The builder checks the queens and squares when it builds.
///
/// # Errors
///
/// [`Error::Parse`] naming what could not be read: rows of different lengths, a board that
/// is not square, an unknown symbol, a missing or malformed `letting`.
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
/// # Ok::<(), queens::Error>(())
/// ```
impl FromStr for Builder {
    type Err = Error;

    fn from_str(text: &str) -> Result<Builder, Error> {
        let text = without_bom(text);
        if text.trim_start().starts_with("letting") {
            lettings(text)
        } else {
            drawn(text)
        }
    }
}

/// A drawn board.
fn drawn(text: &str) -> Result<Builder, Error> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let n = rows.len();
    if n > Queens::MAX_N {
        return Err(Error::TooLarge {
            n,
            max: Queens::MAX_N,
        });
    }
    let (mut queens, mut blocked) = (Vec::new(), Vec::new());
    for (row, line) in rows.iter().enumerate() {
        let squares: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        if squares.len() != n {
            return Err(Error::parse(format!(
                "row {row} ({}) has {} squares, but the board has {n} rows",
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
                        "{other:?} on row {row} is not a square: use Q, x or ."
                    )));
                }
            }
        }
    }
    Ok(Queens::builder(n).queens(queens).blocks(blocked))
}

/// CSPLib 080's `letting n = ...` and `letting blocks = [[r, c], ...]`, counted from 1.
fn lettings(text: &str) -> Result<Builder, Error> {
    let value = |name: &str| -> Result<Option<&str>, Error> {
        let mut found = text.split("letting").filter_map(|part| {
            let (key, value) = part.split_once('=')?;
            (key.trim() == name).then(|| value.trim())
        });
        let Some(first) = found.next() else {
            return Ok(None);
        };
        // The same letting twice must say the same thing, or the puzzle means nothing.
        match found.find(|&other| other != first) {
            Some(other) => Err(Error::parse(format!(
                "`letting {name}` is given twice, as {} and as {}",
                excerpt(first),
                excerpt(other)
            ))),
            None => Ok(Some(first)),
        }
    };
    let size = value("n")?.ok_or_else(|| Error::parse("no `letting n = ...` in the puzzle"))?;
    let n: usize = size
        .parse()
        .map_err(|_| Error::parse(format!("n = {} is not a board size", excerpt(size))))?;
    let blocks = value("blocks")?.unwrap_or("[]");
    let numbers = blocks
        .split(['[', ']', ','])
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| {
            part.parse::<usize>()
                .ok()
                .filter(|&k| k >= 1)
                .ok_or_else(|| {
                    Error::parse(format!(
                        "{} in the blocks is not a row or column (counted from 1)",
                        excerpt(part)
                    ))
                })
        })
        .collect::<Result<Vec<usize>, Error>>()?;
    if numbers.len() % 2 != 0 {
        return Err(Error::parse(format!(
            "the blocks {} are not pairs",
            excerpt(blocks)
        )));
    }
    let blocked: Vec<Square> = numbers
        .chunks(2)
        .map(|pair| (pair[0] - 1, pair[1] - 1))
        .collect();
    Ok(Queens::builder(n).blocks(blocked))
}

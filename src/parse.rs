//! Reading a solution back from any text [`Solution::render`] writes.

use std::str::FromStr;

use crate::error::Error;
use crate::solution::Solution;
use crate::svg::read_svg;

/// Reads a solution in any [`Style`](crate::Style), guessing the style from the text.
///
/// Accepted: a column list (`[0, 4, 7]`, `(0, 4, 7)` or `0,4,7`); a JSON object with a
/// `"columns"` list (`{"n":3,"columns":[0,4,7]}`, as `queens solve --format json` writes); a FEN placement
/// (`Q7/4Q3/...`); algebraic squares (`a8 e7 ...`); or a board of one line per row in any
/// board style, with an optional `answer K:` heading and, for [`Style::Grid`](crate::Style::Grid),
/// its row and column numbers. The result is validated like [`Solution::new`]. The empty
/// board of `n = 0` draws as empty text in every style but the list, so it reads back
/// only from `[]`.
///
/// # Errors
///
/// [`Error::Parse`] naming the text that could not be read, or the errors of
/// [`Solution::new`] for a placement that is not a solution.
///
/// # Examples
///
/// ```
/// use queens::{Error, Solution};
///
/// let s: Solution = "[1, 3, 0, 2]".parse()?;
/// assert_eq!(s, ". O . .\n. . . O\nO . . .\n. . O .\n".parse()?);
/// assert_eq!(s, "b4 d3 a2 c1".parse()?);
/// assert!(matches!("[1, 3, x]".parse::<Solution>(), Err(Error::Parse { .. })));
/// assert!(matches!("[0, 1]".parse::<Solution>(), Err(Error::Attack { .. })));
/// # Ok::<(), Error>(())
/// ```
impl FromStr for Solution {
    type Err = Error;

    fn from_str(text: &str) -> Result<Solution, Error> {
        let text = text.trim();
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !is_heading(line))
            .collect();
        let columns = match lines.as_slice() {
            [] => return Err(Error::parse("no solution in empty text")),
            [line] if line.starts_with('{') => parse_list(json_columns(line)?)?,
            [line] if is_list(line) => parse_list(line)?,
            [line] if is_fen(line) => parse_fen(line)?,
            [line] if line.split_whitespace().all(is_square_name) => parse_algebraic(line)?,
            rows => parse_board(rows)?,
        };
        Solution::new(columns)
    }
}

/// Reads every solution in a text holding many, in any mix of the forms [`FromStr`] reads.
///
/// One-line forms (lists, JSON objects, FEN, algebraic squares) are one solution per
/// line; board rows gather into one solution until a blank line or the heading of the next
/// board (`answer K:`, or a grid's column numbers). A picture drawn by [`svg`](crate::svg)
/// gives each of its boards. Each item is the line the solution
/// starts on (counted from 1) and what reading it gave, so one bad solution does not hide
/// the others.
///
/// # Examples
///
/// ```
/// let text = "[1, 3, 0, 2]\n\n. . O .\nO . . .\n. . . O\n. O . .\n\n[0, 1, 2, 3]\n";
/// let read = queens::parse_many(text);
/// assert_eq!(read.len(), 3);
/// assert_eq!(read[1].0, 3);
/// assert_eq!(read[1].1.as_deref(), Ok(&[2, 0, 3, 1][..]));
/// assert!(read[2].1.is_err());
/// ```
pub fn parse_many(text: &str) -> Vec<(usize, Result<Solution, Error>)> {
    if text.trim_start().starts_with("<svg") {
        return read_svg(text);
    }
    let mut texts: Vec<(usize, String)> = Vec::new();
    let mut board: Option<(usize, String)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        let one_line = !is_heading(trimmed) && is_one_line_form(trimmed);
        if trimmed.is_empty() || is_heading(trimmed) || one_line {
            texts.extend(board.take());
        }
        if one_line {
            texts.push((index + 1, trimmed.to_string()));
        } else if !trimmed.is_empty() {
            let (_, rows) = board.get_or_insert_with(|| (index + 1, String::new()));
            rows.push_str(trimmed);
            rows.push('\n');
        }
    }
    texts.extend(board);
    texts
        .into_iter()
        .map(|(line, text)| (line, text.parse()))
        .collect()
}

/// Lists, JSON, FEN and algebraic squares hold characters that no board row has.
fn is_one_line_form(line: &str) -> bool {
    line.chars()
        .any(|c| matches!(c, '[' | '(' | '{' | '/' | ',') || (c.is_ascii_lowercase() && c != 'o'))
}

/// An `answer K:` heading (seed 000) or a grid's header of column numbers.
fn is_heading(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    if lower.starts_with("answer") && lower.ends_with(':') {
        return true;
    }
    line.split_whitespace()
        .enumerate()
        .all(|(i, token)| token.parse::<usize>() == Ok(i))
        // A one-cell matrix row "1" is a board, "0" alone is the grid header of n = 1.
        && line != "1"
}

/// The `[...]` after `"columns":` in a JSON object.
fn json_columns(object: &str) -> Result<&str, Error> {
    let missing = || Error::parse(format!("no \"columns\" list in JSON object {object:?}"));
    let after = object.split_once("\"columns\"").ok_or_else(missing)?.1;
    let list = after
        .trim_start()
        .strip_prefix(':')
        .ok_or_else(missing)?
        .trim_start();
    match list.find(']') {
        Some(end) if list.starts_with('[') => Ok(&list[..=end]),
        _ => Err(missing()),
    }
}

fn is_list(line: &str) -> bool {
    line.starts_with('[') || line.starts_with('(') || line.contains(',')
}

fn parse_list(line: &str) -> Result<Vec<usize>, Error> {
    let inner = line
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .or_else(|| {
            line.strip_prefix('(')
                .and_then(|rest| rest.strip_suffix(')'))
        })
        .unwrap_or(line)
        .trim();
    // Python prints a one-element tuple as `(0,)`.
    let inner = inner.strip_suffix(',').unwrap_or(inner);
    if inner.is_empty() {
        return Ok(Vec::new());
    }
    inner
        .split(',')
        .map(|item| {
            let item = item.trim();
            item.parse::<usize>()
                .map_err(|_| Error::parse(format!("{item:?} in {line:?} is not a column number")))
        })
        .collect()
}

/// Ranks split by `/`; the one rank of `n = 1` is just `Q`.
fn is_fen(line: &str) -> bool {
    line.contains('/') || line == "Q"
}

fn parse_fen(line: &str) -> Result<Vec<usize>, Error> {
    let ranks: Vec<&str> = line.split('/').collect();
    let n = ranks.len();
    ranks
        .iter()
        .map(|rank| {
            let wrong =
                || Error::parse(format!("FEN rank {rank:?} is not one queen on {n} squares"));
            let (before, after) = rank.split_once('Q').ok_or_else(wrong)?;
            let run = |digits: &str| match digits {
                "" => Some(0),
                _ if digits.starts_with('0') => None,
                _ => digits.parse::<usize>().ok(),
            };
            match (run(before), run(after)) {
                (Some(left), Some(right)) if left.checked_add(right) == Some(n - 1) => Ok(left),
                _ => Err(wrong()),
            }
        })
        .collect()
}

/// Lowercase letters then decimal digits, e.g. `e7` or `ab12`.
fn is_square_name(token: &str) -> bool {
    let digits = token.trim_start_matches(|c: char| c.is_ascii_lowercase());
    digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn parse_algebraic(line: &str) -> Result<Vec<usize>, Error> {
    let squares: Vec<&str> = line.split_whitespace().collect();
    let n = squares.len();
    squares
        .iter()
        .enumerate()
        .map(|(row, square)| {
            let split = square.find(|c: char| c.is_ascii_digit()).unwrap_or(square.len());
            let (file, rank) = square.split_at(split);
            let expected_rank = n - row;
            if rank.parse::<usize>() != Ok(expected_rank) {
                return Err(Error::parse(format!(
                    "square {square:?} should be on rank {expected_rank}: squares are listed from the top rank down"
                )));
            }
            file_index(file).ok_or_else(|| Error::parse(format!("file {file:?} is too long")))
        })
        .collect()
}

/// The inverse of how files are written: `a` is 0, `z` 25, `aa` 26.
fn file_index(file: &str) -> Option<usize> {
    file.bytes()
        .try_fold(0usize, |acc, letter| {
            acc.checked_mul(26)?
                .checked_add(usize::from(letter - b'a') + 1)
        })
        .map(|index| index - 1)
}

/// A board of one line per row; each row has exactly one queen symbol.
fn parse_board(rows: &[&str]) -> Result<Vec<usize>, Error> {
    let n = rows.len();
    rows.iter()
        .enumerate()
        .map(|(row, line)| {
            let cells: Vec<char> = strip_row_number(line)
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            if let Some(bad) = cells.iter().find(|&&c| !is_queen(c) && !is_empty_square(c)) {
                return Err(Error::parse(format!(
                    "unexpected {bad:?} in board row {line:?}"
                )));
            }
            if cells.len() != n {
                return Err(Error::parse(format!(
                    "board row {line:?} has {} squares, but the board has {n} rows",
                    cells.len()
                )));
            }
            let mut queens = (0..n).filter(|&col| is_queen(cells[col]));
            match (queens.next(), queens.next()) {
                (Some(col), None) => Ok(col),
                (None, _) => Err(Error::parse(format!(
                    "board row {row} ({line:?}) has no queen"
                ))),
                (Some(_), Some(_)) => Err(Error::parse(format!(
                    "board row {row} ({line:?}) has more than one queen"
                ))),
            }
        })
        .collect()
}

/// Drops a grid row's leading row number; matrix rows, made of digits only, keep theirs.
fn strip_row_number(line: &str) -> &str {
    match line.split_once(char::is_whitespace) {
        Some((label, rest))
            if label.bytes().all(|b| b.is_ascii_digit())
                && rest
                    .chars()
                    .any(|c| !c.is_ascii_digit() && !c.is_whitespace()) =>
        {
            rest
        }
        _ => line,
    }
}

fn is_queen(c: char) -> bool {
    matches!(c, 'O' | 'o' | 'Q' | '1' | '♛' | '♕')
}

fn is_empty_square(c: char) -> bool {
    matches!(c, '.' | '-' | '*' | '0' | '□' | '■' | '·')
}

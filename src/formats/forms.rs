//! The forms one solution is written in, each recognized and read: column lists, FEN,
//! algebraic squares, numbered grids and drawn boards.

use crate::formats::encoding::without_bom;
use crate::formats::number::plain_number;

use crate::error::{Error, excerpt};
use crate::squares::file_index;

/// Lists, JSON, FEN and algebraic squares hold characters that no board row has.
pub(super) fn is_one_line_form(line: &str) -> bool {
    line.chars()
        .any(|c| matches!(c, '[' | '(' | '{' | '/' | ',') || (c.is_ascii_lowercase() && c != 'o'))
}

/// An `answer K:` heading, as [`Drawing::numbered`](crate::formats::Drawing::numbered)
/// writes, or a line that means to be one; [`answer_number`] reads its number.
pub(super) fn is_answer(line: &str) -> bool {
    line.get(..6)
        .is_some_and(|word| word.eq_ignore_ascii_case("answer"))
        && line.ends_with(':')
}

/// The number K of an `answer K:` heading: decimal digits without a leading zero, from 1.
pub(super) fn answer_number(line: &str) -> Result<u64, Error> {
    let number = line
        .get(6..line.len() - 1)
        .map(str::trim)
        .and_then(plain_number)
        .filter(|&k| k >= 1)
        .map(|k| k as u64);
    number.ok_or_else(|| {
        Error::parse(format!(
            "heading {} is not `answer K:` with K a number from 1",
            excerpt(line)
        ))
    })
}

/// A grid's header of column numbers, `0 1 2 ...`. A one-cell matrix row "1" is a board,
/// and "0" alone is the grid header of n = 1 (or the column list `[0]`).
pub(super) fn is_column_header(line: &str) -> bool {
    line.split_whitespace()
        .enumerate()
        .all(|(i, token)| plain_number(token) == Some(i))
        && !line.trim().is_empty()
        && line != "1"
}

pub(super) fn is_list(line: &str) -> bool {
    line.starts_with('[') || line.starts_with('(') || line.contains(',')
}

/// Reads a list of column numbers as any list style writes one: `1,3,0`, `[1, 3, 0]` or
/// `(1, 3, 0)`, with `[]` and `()` empty. The numbers are not checked against a board; the
/// command-line tool reads `--prefix` with it.
///
/// # Errors
///
/// [`Error::Parse`] naming what is not a column number.
///
/// # Examples
///
/// ```
/// use queens::formats::parse_columns;
///
/// assert_eq!(parse_columns("1,3,0")?, [1, 3, 0]);
/// assert_eq!(parse_columns("(4,)")?, [4]);
/// assert!(parse_columns("[1, x]").unwrap_err().to_string().contains("\"x\""));
/// # Ok::<(), queens::Error>(())
/// ```
pub fn parse_columns(line: &str) -> Result<Vec<usize>, Error> {
    let line = without_bom(line.trim_start()).trim();
    let inner = line
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .or_else(|| {
            line.strip_prefix('(')
                .and_then(|rest| rest.strip_suffix(')'))
        })
        .unwrap_or(line)
        .trim();
    // Python prints a one-element tuple as `(0,)`; only `[]` and `()` are empty.
    let inner = match inner.strip_suffix(',') {
        Some(rest) if line.starts_with('(') && !rest.trim().is_empty() => rest,
        _ => inner,
    };
    if inner.is_empty() && line != "[]" && line != "()" {
        return Err(Error::parse(format!(
            "{} is not a column list",
            excerpt(line)
        )));
    }
    if inner.is_empty() {
        return Ok(Vec::new());
    }
    inner
        .split(',')
        .map(|item| {
            let item = item.trim();
            column_number(item, line)
        })
        .collect()
}

/// The column number `item` of the list `line`, or an error that says what a number is.
pub(super) fn column_number(item: &str, line: &str) -> Result<usize, Error> {
    plain_number(item).ok_or_else(|| {
        let place = match item == line {
            true => String::new(),
            false => format!(" in {}", excerpt(line)),
        };
        Error::parse(format!(
            "{}{place} is not a column number: decimal digits without a sign or a leading zero, at most {}",
            excerpt(item),
            usize::MAX
        ))
    })
}

/// Ranks split by `/`; the one rank of `n = 1` is just `Q`.
pub(super) fn is_fen(line: &str) -> bool {
    line.contains('/') || line == "Q"
}

pub(super) fn parse_fen(line: &str) -> Result<Vec<usize>, Error> {
    let ranks: Vec<&str> = line.split('/').collect();
    let n = ranks.len();
    ranks
        .iter()
        .map(|rank| {
            let wrong = || {
                Error::parse(format!(
                    "FEN rank {} is not one queen on {n} squares",
                    excerpt(rank)
                ))
            };
            let (before, after) = rank.split_once('Q').ok_or_else(wrong)?;
            // An empty run is no square; a written run is a number from 1.
            let run = |digits: &str| match digits {
                "" => Some(0),
                _ => plain_number(digits).filter(|&run| run > 0),
            };
            match (run(before), run(after)) {
                (Some(left), Some(right)) if left.checked_add(right) == Some(n - 1) => Ok(left),
                _ => Err(wrong()),
            }
        })
        .collect()
}

/// Lowercase letters then decimal digits, e.g. `e7` or `ab12`.
pub(super) fn is_square_name(token: &str) -> bool {
    let digits = token.trim_start_matches(|c: char| c.is_ascii_lowercase());
    digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

pub(super) fn parse_algebraic(line: &str) -> Result<Vec<usize>, Error> {
    let squares: Vec<&str> = line.split_whitespace().collect();
    let n = squares.len();
    squares
        .iter()
        .enumerate()
        .map(|(row, square)| {
            let split = square.find(|c: char| c.is_ascii_digit()).unwrap_or(square.len());
            let (file, rank) = square.split_at(split);
            let expected_rank = n - row;
            if plain_number(rank) != Some(expected_rank) {
                return Err(Error::parse(format!(
                    "square {} should be on rank {expected_rank}: squares are listed from the top rank down",
                    excerpt(square)
                )));
            }
            file_index(file).ok_or_else(|| Error::parse(format!("file {} is too long", excerpt(file))))
        })
        .collect()
}

/// A grid: a header numbering the columns from 0, then rows each behind its own number.
pub(super) fn parse_grid(header: &str, rows: &[&str]) -> Result<Vec<usize>, Error> {
    let stated = header.split_whitespace().count();
    if rows.is_empty() {
        return Err(Error::parse(format!(
            "grid column header {} has no board rows under it",
            excerpt(header)
        )));
    }
    if let Some(second) = rows.iter().find(|row| is_column_header(row)) {
        return Err(Error::several(format!(
            "a second grid column header {}: one text holds one solution",
            excerpt(second)
        )));
    }
    if stated != rows.len() {
        return Err(Error::parse(format!(
            "grid column header {} numbers {stated} columns, but the grid has {} row{}",
            excerpt(header),
            rows.len(),
            if rows.len() == 1 { "" } else { "s" }
        )));
    }
    rows.iter()
        .enumerate()
        .map(|(row, line)| match split_row_number(line) {
            Some((label, cells)) => {
                check_row_number(row, label, line)?;
                row_column(row, line, cells, rows.len())
            }
            None => Err(Error::parse(format!(
                "grid row {} has no row number: the grid numbers its rows from 0 at the top, so this one starts with {row}",
                excerpt(line)
            ))),
        })
        .collect()
}

/// A board of one line per row; each row has exactly one queen symbol. Rows may carry
/// their numbers, as a grid's do without its header: then every row, each its own.
pub(super) fn parse_board(rows: &[&str]) -> Result<Vec<usize>, Error> {
    let n = rows.len();
    let numbered = rows.iter().filter(|line| split_row_number(line).is_some());
    if let Some(first) = numbered.clone().next()
        && numbered.count() != n
    {
        return Err(Error::parse(format!(
            "board row {} is numbered, but not every row is",
            excerpt(first)
        )));
    }
    rows.iter()
        .enumerate()
        .map(|(row, line)| match split_row_number(line) {
            Some((label, cells)) => {
                check_row_number(row, label, line)?;
                row_column(row, line, cells, n)
            }
            None => row_column(row, line, line, n),
        })
        .collect()
}

/// The column of the one queen in `cells`, the squares of row `row` (`line`) of `n`.
pub(super) fn row_column(row: usize, line: &str, cells: &str, n: usize) -> Result<usize, Error> {
    let cells: Vec<char> = cells.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(bad) = cells.iter().find(|&&c| !is_queen(c) && !is_empty_square(c)) {
        return Err(Error::parse(format!(
            "unexpected {bad:?} in board row {}",
            excerpt(line)
        )));
    }
    if cells.len() != n {
        return Err(Error::parse(format!(
            "board row {} has {} squares, but the board has {n} rows",
            excerpt(line),
            cells.len()
        )));
    }
    let mut queens = (0..n).filter(|&col| is_queen(cells[col]));
    match (queens.next(), queens.next()) {
        (Some(col), None) => Ok(col),
        (None, _) => Err(Error::parse(format!(
            "rank {} ({}) has no queen",
            n - row,
            excerpt(line)
        ))),
        (Some(_), Some(_)) => Err(Error::parse(format!(
            "rank {} ({}) has more than one queen",
            n - row,
            excerpt(line)
        ))),
    }
}

/// A row's number must be its own: `row`, in decimal, as a grid writes it.
pub(super) fn check_row_number(row: usize, label: &str, line: &str) -> Result<(), Error> {
    if label == row.to_string() {
        return Ok(());
    }
    Err(Error::parse(format!(
        "board row {} is numbered {label}, but rows are numbered from 0 at the top, so it is row {row}",
        excerpt(line)
    )))
}

/// A grid row's leading number and the rest; `None` for a row without one. Matrix rows,
/// made of digits only, have none.
pub(super) fn split_row_number(line: &str) -> Option<(&str, &str)> {
    match line.split_once(char::is_whitespace) {
        Some((label, rest))
            if label.bytes().all(|b| b.is_ascii_digit())
                && rest
                    .chars()
                    .any(|c| !c.is_ascii_digit() && !c.is_whitespace()) =>
        {
            Some((label, rest))
        }
        _ => None,
    }
}

pub(super) fn is_queen(c: char) -> bool {
    matches!(c, 'O' | 'o' | 'Q' | '1' | '♛' | '♕')
}

pub(super) fn is_empty_square(c: char) -> bool {
    matches!(c, '.' | '-' | '*' | '0' | '□' | '■' | '·')
}

//! Reading a solution back from any text [`Solution::render`] writes.

use std::collections::VecDeque;
use std::fmt;
use std::io::BufRead;
use std::str::FromStr;

use crate::formats::encoding::without_bom;
use crate::formats::input_lines::BoundedLines;

use crate::error::{Error, excerpt};
use crate::formats::picture::read_svg;
use crate::solution::Solution;

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
        let text = without_bom(text.trim_start()).trim();
        // One number is the column list of one queen, not the column header of a grid; but
        // `1` is the matrix of n = 1, which reads as the same solution `[0]`.
        if let Ok(column) = text.parse::<usize>()
            && column != 1
        {
            return Solution::new(vec![column]);
        }
        if text.starts_with("<svg") || text.starts_with("<?xml") {
            return one_svg_board(text);
        }
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !is_heading(line))
            .collect();
        let columns = match lines.as_slice() {
            [] => return Err(Error::parse("no solution in empty text")),
            [line] if line.starts_with('{') => super::json::columns(line)?,
            [line] if is_list(line) => parse_columns(line)?,
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
/// board (`answer K:`, or a grid's column numbers). A picture drawn by [`svg`](crate::formats::svg)
/// gives each of its boards. Each item is the line the solution
/// starts on (counted from 1) and what reading it gave, so one bad solution does not hide
/// the others. [`parse_reader`] does the same for a reader, a solution at a time.
///
/// # Examples
///
/// ```
/// let text = "[1, 3, 0, 2]\n\n. . O .\nO . . .\n. . . O\n. O . .\n\n[0, 1, 2, 3]\n";
/// let read = queens::formats::parse_many(text);
/// assert_eq!(read.len(), 3);
/// assert_eq!(read[1].0, 3);
/// assert_eq!(read[1].1.as_deref(), Ok(&[2, 0, 3, 1][..]));
/// assert!(read[2].1.is_err());
/// ```
pub fn parse_many(text: &str) -> Vec<(usize, Result<Solution, Error>)> {
    parse_reader(text.as_bytes()).collect()
}

/// Reads solutions from a reader as [`parse_many`] does, one at a time, in bounded memory.
///
/// A line that is not UTF-8 is reported as an error of its own and reading goes on; a line
/// longer than 256 MiB (room for a column list of ten million queens) ends the input with an
/// error, since it may have no end.
///
/// # Examples
///
/// ```
/// let input: &[u8] = b"[1, 3, 0, 2]\n\xff\nb4 d3 a2 c1\n";
/// let read: Vec<_> = queens::formats::parse_reader(input).collect();
/// assert_eq!(read.len(), 3);
/// assert!(read[0].1.is_ok() && read[2].1.is_ok());
/// assert!(read[1].1.as_ref().unwrap_err().to_string().contains("line 2 is not UTF-8"));
/// ```
pub fn parse_reader<R: BufRead>(reader: R) -> ParseReader<R> {
    ParseReader {
        lines: BoundedLines::new(reader, MAX_LINE),
        gatherer: Gatherer::default(),
        ready: VecDeque::new(),
        svg: None,
        started: false,
    }
}

/// The longest line [`parse_reader`] reads.
const MAX_LINE: usize = 256 << 20;

/// The solutions of a reader, from [`parse_reader`].
///
/// # Examples
///
/// ```
/// let mut read = queens::formats::parse_reader(&b"0\n"[..]);
/// assert_eq!(read.next().map(|(line, s)| (line, s.map(|s| s.to_vec()))), Some((1, Ok(vec![0]))));
/// assert!(read.next().is_none());
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct ParseReader<R> {
    lines: BoundedLines<R>,
    gatherer: Gatherer,
    ready: VecDeque<(usize, Result<Solution, Error>)>,
    /// An SVG picture's text, gathered whole: its boards are read at its end.
    svg: Option<String>,
    started: bool,
}

impl<R> fmt::Debug for ParseReader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseReader")
            .field("ready", &self.ready.len())
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> ParseReader<R> {
    fn line(&mut self, number: usize, line: String) {
        let trimmed = line.trim();
        if !self.started && !trimmed.is_empty() {
            self.started = true;
            if trimmed.starts_with("<svg") || trimmed.starts_with("<?xml") {
                self.svg = Some(String::new());
            }
        }
        match &mut self.svg {
            Some(text) if text.len() + line.len() > MAX_LINE => {
                self.ready.push_back((
                    number,
                    Err(Error::parse(format!(
                        "an SVG picture longer than {MAX_LINE} bytes"
                    ))),
                ));
                self.svg = None;
            }
            Some(text) => {
                text.push_str(&line);
                text.push('\n');
            }
            None => self.gatherer.line(number, trimmed, &mut self.ready),
        }
    }
}

impl<R: BufRead> Iterator for ParseReader<R> {
    type Item = (usize, Result<Solution, Error>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(item);
            }
            match self.lines.next() {
                Some((number, Ok(line))) => self.line(number, line),
                Some((number, Err(err))) => {
                    self.gatherer.flush(&mut self.ready);
                    self.ready.push_back((number, Err(err)));
                }
                None => {
                    self.gatherer.flush(&mut self.ready);
                    self.gatherer.end_heading(&mut self.ready);
                    if let Some(text) = self.svg.take() {
                        self.ready.extend(read_svg(&text));
                    }
                    return self.ready.pop_front();
                }
            }
        }
    }
}

impl<R: BufRead> std::iter::FusedIterator for ParseReader<R> {}

/// Splits lines into the texts of solutions: one-line forms alone, board rows together.
#[derive(Debug, Default)]
struct Gatherer {
    /// The rows of the board being read, with the line it starts on.
    board: Option<(usize, String)>,
    /// A lone `0`: a grid header of `n = 1` if board rows follow, else the list `[0]`.
    zero: Option<usize>,
    /// An `answer K:` heading not yet followed by a solution: the empty board of `n = 0`
    /// if the next heading or the end comes first.
    heading: Option<usize>,
}

/// A board's rows are held in memory until it ends: at most this many bytes of them.
const MAX_BOARD: usize = 64 << 20;

impl Gatherer {
    fn line(&mut self, number: usize, line: &str, out: &mut Results) {
        if is_answer(line) {
            self.flush(out);
            self.end_heading(out);
            self.heading = Some(number);
        } else if line.is_empty() || is_heading(line) {
            self.flush(out);
            if line == "0" {
                self.zero = Some(number);
            }
        } else if is_one_line_form(line) {
            self.flush(out);
            self.heading = None;
            out.push_back((number, line.parse()));
        } else {
            self.zero = None;
            self.heading = None;
            let (_, rows) = self.board.get_or_insert_with(|| (number, String::new()));
            if rows.len() <= MAX_BOARD {
                rows.push_str(line);
                rows.push('\n');
            }
        }
    }

    /// The end of the input, or of a numbered solution.
    fn end_heading(&mut self, out: &mut Results) {
        if let Some(line) = self.heading.take() {
            out.push_back((line, "[]".parse()));
        }
    }

    fn flush(&mut self, out: &mut Results) {
        if let Some(line) = self.zero.take() {
            self.heading = None;
            out.push_back((line, "0".parse()));
        }
        if let Some((line, rows)) = self.board.take() {
            let solution = match rows.len() > MAX_BOARD {
                true => Err(Error::parse(format!(
                    "a board of more than {MAX_BOARD} bytes"
                ))),
                false => rows.parse(),
            };
            out.push_back((line, solution));
        }
    }
}

type Results = VecDeque<(usize, Result<Solution, Error>)>;

/// Lists, JSON, FEN and algebraic squares hold characters that no board row has.
fn is_one_line_form(line: &str) -> bool {
    line.chars()
        .any(|c| matches!(c, '[' | '(' | '{' | '/' | ',') || (c.is_ascii_lowercase() && c != 'o'))
}

/// An `answer K:` heading, as [`Drawing::numbered`](crate::formats::Drawing::numbered) writes.
fn is_answer(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.starts_with("answer") && lower.ends_with(':')
}

/// An `answer K:` heading or a grid's header of column numbers.
fn is_heading(line: &str) -> bool {
    if is_answer(line) {
        return true;
    }
    line.split_whitespace()
        .enumerate()
        .all(|(i, token)| token.parse::<usize>() == Ok(i))
        // A one-cell matrix row "1" is a board, "0" alone is the grid header of n = 1.
        && line != "1"
}

/// The one board of a picture drawn by [`svg`](crate::formats::svg).
fn one_svg_board(text: &str) -> Result<Solution, Error> {
    let mut boards = read_svg(text);
    match boards.len() {
        1 => boards.remove(0).1,
        0 => Err(Error::parse("the SVG picture holds no board")),
        more => Err(Error::parse(format!(
            "the SVG picture holds {more} boards, not one; `queens check` reads them all"
        ))),
    }
}

fn is_list(line: &str) -> bool {
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
            item.parse::<usize>().map_err(|_| {
                Error::parse(format!(
                    "{} in {} is not a column number",
                    excerpt(item),
                    excerpt(line)
                ))
            })
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
            let wrong = || {
                Error::parse(format!(
                    "FEN rank {} is not one queen on {n} squares",
                    excerpt(rank)
                ))
            };
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
                    "square {} should be on rank {expected_rank}: squares are listed from the top rank down",
                    excerpt(square)
                )));
            }
            file_index(file).ok_or_else(|| Error::parse(format!("file {} is too long", excerpt(file))))
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
                    "board row {row} ({}) has no queen",
                    excerpt(line)
                ))),
                (Some(_), Some(_)) => Err(Error::parse(format!(
                    "board row {row} ({}) has more than one queen",
                    excerpt(line)
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

//! Reading a solution back from any text [`Solution::render`] writes.

use std::collections::VecDeque;
use std::fmt;
use std::io::BufRead;
use std::str::FromStr;

use crate::formats::encoding::without_bom;
use crate::formats::input_lines::BoundedLines;

use crate::error::{Error, excerpt};
use crate::formats::picture::{PictureReader, starts_picture};
use crate::solution::Solution;

use super::forms::{
    answer_number, column_number, is_answer, is_column_header, is_fen, is_list, is_one_line_form,
    is_square_name, parse_algebraic, parse_board, parse_columns, parse_fen, parse_grid,
};

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
        if starts_picture(text) {
            return one_svg_board(text);
        }
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .peekable();
        // An `answer K:` heading may come first, and only first.
        let heading = lines.next_if(|line| is_answer(line));
        if let Some(heading) = heading {
            answer_number(heading)?;
        }
        let lines: Vec<&str> = lines.collect();
        if let Some(second) = lines.iter().find(|line| is_answer(line)) {
            return Err(Error::several(format!(
                "{} heads a second solution; one text holds one solution",
                excerpt(second)
            )));
        }
        let columns = match lines.as_slice() {
            [] => {
                return Err(match heading {
                    Some(heading) => Error::parse(format!(
                        "heading {} has no solution after it",
                        excerpt(heading)
                    )),
                    None => Error::parse("no solution in empty text"),
                });
            }
            // One number is the column list of one queen, not the column header of a grid;
            // but `1` is the matrix of n = 1, which reads as the same solution `[0]`.
            [line] if *line != "1" && line.bytes().all(|b| b.is_ascii_digit()) => {
                let column = column_number(line, line)?;
                if column != 0 {
                    return Err(Error::parse(format!(
                        "{} reads as the column list of one queen, on the 1x1 board, whose one \
                         column is 0; a board size is not a solution",
                        excerpt(line)
                    )));
                }
                vec![column]
            }
            [line] if line.starts_with('{') => super::json::columns(line)?,
            [line] if is_list(line) => parse_columns(line)?,
            [line] if is_fen(line) => parse_fen(line)?,
            [line] if line.split_whitespace().all(is_square_name) => parse_algebraic(line)?,
            [header, rows @ ..] if is_column_header(header) => parse_grid(header, rows)?,
            [first, _, ..] if is_one_line_form(first) => {
                return Err(Error::several(format!(
                    "{} lines each hold a solution (the first {}); one text holds one solution",
                    lines.len(),
                    excerpt(first)
                )));
            }
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
/// What the text states is checked, each fault an error item of its own:
/// - an `answer K:` heading must be followed by its solution (a stream cut after a heading
///   is not read as an empty board); once one solution is numbered, every one must be; and
///   the numbers (as the `index` of JSON records) count up by one, or start again at 1;
/// - a grid's column header numbers as many columns as the grid has rows, and each row
///   carries its own number, in order;
/// - a picture's title states how many boards it holds, and it must hold them; it must
///   end (`</svg>`), and be the whole input (or be followed only by more pictures);
/// - an empty board written out (`[]`, or a JSON record of `n = 0`) is the one solution of
///   the 0 x 0 board, as `queens solve 0` writes it (text with no line of a board holds no
///   solution).
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
    // A text given whole is not cut short, whether or not a newline ends it.
    let end: &[u8] = if text.ends_with('\n') { b"" } else { b"\n" };
    parse_reader(std::io::Read::chain(text.as_bytes(), end)).collect()
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
        picture: None,
        after_picture: false,
        trailing: None,
        last_line: 0,
        board_size: None,
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
    /// The SVG picture being read.
    picture: Option<PictureReader>,
    /// Whether a picture has ended: only another may follow.
    after_picture: bool,
    /// Text after a picture's end: its first line, an excerpt of that line, and how many
    /// lines of it.
    trailing: Option<(usize, String, usize)>,
    last_line: usize,
    /// The one board size every solution must have, if given.
    board_size: Option<usize>,
}

impl<R> fmt::Debug for ParseReader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseReader")
            .field("ready", &self.ready.len())
            .finish_non_exhaustive()
    }
}

impl<R> ParseReader<R> {
    /// Requires every solution to be of an `n x n` board: one of another size is an error
    /// item, naming both sizes.
    ///
    /// # Examples
    ///
    /// ```
    /// let input: &[u8] = b"[1, 3, 0, 2]\n[0, 2, 4, 1, 3]\n";
    /// let read: Vec<_> = queens::formats::parse_reader(input).board_size(4).collect();
    /// assert!(read[0].1.is_ok());
    /// let err = read[1].1.as_ref().unwrap_err().to_string();
    /// assert!(err.contains("5 x 5") && err.contains("must be 4 x 4"), "{err}");
    /// ```
    pub fn board_size(self, n: usize) -> Self {
        ParseReader {
            board_size: Some(n),
            ..self
        }
    }

    /// What the reader hands out for a solution it read: boards of another size than asked
    /// for are errors.
    fn checked(&self, result: Result<Solution, Error>) -> Result<Solution, Error> {
        let solution = result?;
        let n = solution.n();
        match self.board_size {
            Some(size) if size != n => Err(Error::parse(format!(
                "a {n} x {n} board, where every board must be {size} x {size}"
            ))),
            _ => Ok(solution),
        }
    }
}

impl<R: BufRead> ParseReader<R> {
    fn line(&mut self, number: usize, line: &str) {
        let trimmed = line.trim();
        if let Some(picture) = &mut self.picture {
            if picture.line(number, trimmed, &mut self.ready) {
                self.picture = None;
                self.after_picture = true;
            }
            return;
        }
        if let Some((_, _, lines)) = &mut self.trailing {
            *lines += usize::from(!trimmed.is_empty());
            return;
        }
        if starts_picture(trimmed) {
            if self.gatherer.finish(&mut self.ready) {
                self.ready.push_back((
                    number,
                    Err(Error::parse(
                        "an SVG picture after other text: a picture must be an input of its own",
                    )),
                ));
            }
            let mut picture = PictureReader::new();
            if picture.line(number, trimmed, &mut self.ready) {
                self.after_picture = true;
            } else {
                self.picture = Some(picture);
            }
        } else if self.after_picture {
            if !trimmed.is_empty() {
                self.trailing = Some((number, excerpt(trimmed), 1));
            }
        } else {
            self.gatherer.line(number, trimmed, &mut self.ready);
        }
    }

    /// The end of the input.
    fn end(&mut self) {
        self.gatherer.finish(&mut self.ready);
        if let Some(picture) = self.picture.take() {
            picture.cut(self.last_line, &mut self.ready);
        }
        if let Some((line, text, lines)) = self.trailing.take() {
            let more = match lines {
                1 => String::new(),
                2 => " and 1 more line".to_owned(),
                _ => format!(" and {} more lines", lines - 1),
            };
            self.ready.push_back((
                line,
                Err(Error::parse(format!(
                    "{text}{more} after the end of the SVG picture: a picture must be an input of its own"
                ))),
            ));
        }
    }
}

impl<R> ParseReader<R> {
    /// Refuses the last solution of an input that ends in the middle of a line: a stream cut
    /// short may end in what reads as a whole, smaller board (the first row of a drawn board
    /// reads as a board of its own), so such an end is never called valid.
    fn cut_short(&mut self) {
        if let Some((_, last @ Ok(_))) = self.ready.back_mut() {
            *last = Err(Error::parse(format!(
                "the input ends in the middle of line {} (no newline after it): cut short, \
                 so its last solution is not read as whole",
                self.last_line
            )));
        }
    }
}

impl<R: BufRead> Iterator for ParseReader<R> {
    type Item = (usize, Result<Solution, Error>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some((line, result)) = self.ready.pop_front() {
                return Some((line, self.checked(result)));
            }
            match self.lines.next() {
                Some((number, Ok(line))) => {
                    self.last_line = number;
                    self.line(number, &line);
                }
                Some((number, Err(err))) => {
                    self.last_line = number;
                    if self.picture.is_none() && self.trailing.is_none() {
                        self.gatherer.flush(&mut self.ready);
                        // The line that cannot be read stands for the solution a heading awaits.
                        self.gatherer.heading = None;
                    }
                    self.ready.push_back((number, Err(err)));
                }
                None => {
                    self.end();
                    if self.lines.unterminated() {
                        self.cut_short();
                    }
                    let (line, result) = self.ready.pop_front()?;
                    return Some((line, self.checked(result)));
                }
            }
        }
    }
}

impl<R: BufRead> std::iter::FusedIterator for ParseReader<R> {}

/// Splits lines into the texts of solutions: one-line forms alone, board rows together;
/// and checks the numbers of `answer K:` headings and JSON records.
#[derive(Debug, Default)]
struct Gatherer {
    /// The board being read: the line it starts on, and its text (a grid's column header
    /// and its rows, or just rows).
    board: Option<(usize, String)>,
    /// An `answer K:` heading not yet followed by its solution: its line and its text.
    heading: Option<(usize, String)>,
    /// Whether a heading was seen: then every solution must have one.
    numbered: bool,
    /// The number of the last `answer K:` heading.
    last_answer: Option<u64>,
    /// The `index` of the last JSON record that has one.
    last_index: Option<u64>,
    /// Whether anything but blank lines was read.
    read: bool,
}

/// A board's rows are held in memory until it ends: at most this many bytes of them.
const MAX_BOARD: usize = 64 << 20;

impl Gatherer {
    fn line(&mut self, number: usize, line: &str, out: &mut Results) {
        self.read |= !line.is_empty();
        if is_answer(line) {
            self.flush(out);
            self.end_heading(out);
            self.numbered = true;
            let counted = answer_number(line).and_then(|k| {
                count_on(&mut self.last_answer, k, "heading", |k| {
                    format!("`answer {k}:`")
                })
            });
            if let Err(err) = counted {
                out.push_back((number, Err(err)));
            }
            self.heading = Some((number, line.to_owned()));
        } else if line.is_empty() {
            self.flush(out);
        } else if is_column_header(line) {
            // A grid's column header starts its board (a lone `0`, with no rows under it,
            // is the column list `[0]`).
            self.flush(out);
            self.board = Some((number, format!("{line}\n")));
        } else if is_one_line_form(line) {
            self.flush(out);
            let result = match line.starts_with('{') {
                true => self.json(line),
                false => line.parse(),
            };
            self.solution(number, result, out);
        } else {
            let (_, rows) = self.board.get_or_insert_with(|| (number, String::new()));
            if rows.len() <= MAX_BOARD {
                rows.push_str(line);
                rows.push('\n');
            }
        }
    }

    /// A JSON record, whose `index` must count on from the last.
    fn json(&mut self, line: &str) -> Result<Solution, Error> {
        let (index, columns) = super::json::record(line)?;
        if let Some(index) = index {
            count_on(&mut self.last_index, index, "JSON index", |k| k.to_string())?;
        }
        Solution::new(columns)
    }

    /// A solution read: it answers the heading before it, which a numbered stream requires.
    fn solution(&mut self, number: usize, result: Result<Solution, Error>, out: &mut Results) {
        let result = match self.heading.take() {
            None if self.numbered => Err(Error::parse(
                "a solution without an `answer K:` heading, where the solutions before it are numbered",
            )),
            _ => result,
        };
        out.push_back((number, result));
    }

    /// A heading still waiting for its solution when the next heading or the end comes.
    fn end_heading(&mut self, out: &mut Results) {
        if let Some((line, heading)) = self.heading.take() {
            out.push_back((
                line,
                Err(Error::parse(format!(
                    "heading {} has no solution after it (was the input cut short?)",
                    excerpt(&heading)
                ))),
            ));
        }
    }

    /// The end of the text: whether anything but blank lines was read.
    fn finish(&mut self, out: &mut Results) -> bool {
        self.flush(out);
        self.end_heading(out);
        std::mem::take(&mut self.read)
    }

    fn flush(&mut self, out: &mut Results) {
        if let Some((line, rows)) = self.board.take() {
            let solution = match rows.len() > MAX_BOARD {
                true => Err(Error::parse(format!(
                    "a board of more than {MAX_BOARD} bytes"
                ))),
                false => rows.parse(),
            };
            self.solution(line, solution, out);
        }
    }
}

/// Checks that `stated` counts on from the number before it (`last`): one more, or 1 to
/// start again. The first number may be any, as in the tail of a stream.
fn count_on(
    last: &mut Option<u64>,
    stated: u64,
    kind: &str,
    name: impl Fn(u64) -> String,
) -> Result<(), Error> {
    match last.replace(stated) {
        Some(before) if stated != 1 && Some(stated) != before.checked_add(1) => {
            Err(Error::parse(format!(
                "{kind} {} follows {}: numbered solutions count up by one (or start again at 1)",
                name(stated),
                name(before)
            )))
        }
        _ => Ok(()),
    }
}

type Results = VecDeque<(usize, Result<Solution, Error>)>;

/// The one board of a picture drawn by [`svg`](crate::formats::svg), read as a stream is.
fn one_svg_board(text: &str) -> Result<Solution, Error> {
    let mut boards = Vec::new();
    for (_, board) in parse_reader(text.as_bytes()) {
        boards.push(board?);
    }
    match boards.len() {
        1 => Ok(boards.remove(0)),
        0 => Err(Error::parse("the SVG picture holds no board")),
        more => Err(Error::several(format!(
            "the SVG picture holds {more} boards, not one"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Queens, Style};

    /// The solutions of `n` written as `queens solve` writes a stream: board styles
    /// separated by a blank line, one-line styles a line each.
    fn stream(solutions: &[Solution], style: Style, numbered: bool) -> String {
        let mut text = String::new();
        for (i, s) in solutions.iter().enumerate() {
            if style.is_board() && i > 0 {
                text.push('\n');
            }
            let drawing = s.render(style);
            let drawing = if numbered {
                drawing.numbered(i + 1)
            } else {
                drawing
            };
            drawing.write_into(&mut text);
            if !style.is_board() {
                text.push('\n');
            }
        }
        text
    }

    fn errors(read: &[(usize, Result<Solution, Error>)]) -> Vec<String> {
        read.iter()
            .filter_map(|(line, r)| r.as_ref().err().map(|e| format!("line {line}: {e}")))
            .collect()
    }

    /// Every stream cut after any of its lines, in every style, numbered or not: what is
    /// read whole is the solutions before the cut, and a cut inside a solution (its heading
    /// included) is an error, never a valid board.
    #[test]
    fn a_stream_cut_anywhere_is_whole_or_an_error() {
        let solutions: Vec<Solution> = Queens::new(6).collect();
        for &style in Style::ALL {
            for numbered in [false, true] {
                let text = stream(&solutions, style, numbered);
                let lines: Vec<&str> = text.lines().collect();
                // The lines after which the first j solutions are whole.
                let mut whole = vec![0];
                for j in 1..=solutions.len() {
                    let end = stream(&solutions[..j], style, numbered).lines().count();
                    whole.push(end);
                }
                for cut in 0..=lines.len() {
                    let prefix: String = lines[..cut].iter().map(|l| format!("{l}\n")).collect();
                    let read = parse_many(&prefix);
                    let ok: Vec<&Solution> =
                        read.iter().filter_map(|(_, r)| r.as_ref().ok()).collect();
                    let done = whole.iter().filter(|&&end| end <= cut).count() - 1;
                    assert_eq!(
                        ok,
                        solutions[..done].iter().collect::<Vec<_>>(),
                        "{style} {numbered} {cut}"
                    );
                    // A blank line after a whole board cuts nothing.
                    let at_boundary = whole.contains(&cut)
                        || (whole.contains(&(cut - usize::from(cut > 0)))
                            && lines[cut - 1].is_empty());
                    assert_eq!(
                        errors(&read).is_empty(),
                        at_boundary,
                        "{style}, numbered {numbered}, cut after line {cut}: {read:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_heading_without_its_solution_is_an_error_not_an_empty_board() {
        for text in [
            "answer 1:\n",
            "answer 1:\n\n\n",
            "answer 1:\nanswer 2:\n[1, 3, 0, 2]\n",
        ] {
            let read = parse_many(text);
            assert!(
                errors(&read)[0].contains("line 1: heading \"answer 1:\" has no solution after it"),
                "{text:?}: {read:?}"
            );
            assert!(
                read.iter()
                    .all(|(_, r)| r.as_ref().is_ok_and(|s| s.n() == 4) || r.is_err())
            );
        }
        assert!(
            "answer 3:"
                .parse::<Solution>()
                .unwrap_err()
                .to_string()
                .contains("has no solution after it")
        );
        let two = "answer 1:\n[1, 3, 0, 2]\nanswer 2:\n[2, 0, 3, 1]";
        assert!(
            two.parse::<Solution>()
                .unwrap_err()
                .to_string()
                .contains("heads a second solution")
        );
    }

    #[test]
    fn an_empty_board_written_out_is_the_solution_of_n_0() {
        let json = cfg!(feature = "serde").then_some("{\"n\":0,\"columns\":[]}");
        for text in ["[]", "()", "answer 1:\n[]"].into_iter().chain(json) {
            let read = parse_many(text);
            assert_eq!(read.len(), 1, "{text}");
            assert_eq!(read[0].1.as_ref().map(Solution::n), Ok(0), "{text}");
            assert_eq!(text.parse::<Solution>().map(|s| s.n()), Ok(0));
        }
        // A heading with nothing under it is a stream cut short, not the empty board.
        let cut = parse_many("answer 1:\n");
        assert!(cut.len() == 1 && cut[0].1.is_err(), "{cut:?}");
    }

    #[test]
    fn numbers_count_up_by_one_or_start_again() {
        let listed = |numbers: &[u64]| -> String {
            numbers
                .iter()
                .map(|k| format!("answer {k}:\n[1, 3, 0, 2]\n"))
                .collect()
        };
        // The first number may be any (the tail of a stream); 1 starts a stream again.
        for fine in [&[1, 2, 3][..], &[7, 8], &[1, 2, 1, 2], &[5, 1], &[1, 1]] {
            assert_eq!(
                errors(&parse_many(&listed(fine))),
                Vec::<String>::new(),
                "{fine:?}"
            );
        }
        for (wrong, line) in [(&[1, 3][..], 3), (&[2, 2][..], 3), (&[4, 3][..], 3)] {
            let errors = errors(&parse_many(&listed(wrong)));
            assert_eq!(errors.len(), 1, "{wrong:?}: {errors:?}");
            assert!(
                errors[0].starts_with(&format!("line {line}: heading")),
                "{errors:?}"
            );
        }
        for bad in [
            "answer:",
            "answer x:",
            "answer 0:",
            "answer 01:",
            "answer +1:",
            "answer -1:",
        ] {
            let errors = errors(&parse_many(&format!("{bad}\n[1, 3, 0, 2]\n")));
            assert_eq!(errors.len(), 1, "{bad}: {errors:?}");
            assert!(errors[0].contains("is not `answer K:`"), "{errors:?}");
            assert!(format!("{bad}\n[1, 3, 0, 2]").parse::<Solution>().is_err());
        }
    }

    #[test]
    #[cfg(feature = "serde")]
    fn json_indexes_count_up_by_one_or_start_again() {
        let json = |index: u64| format!("{{\"n\":4,\"index\":{index},\"columns\":[1,3,0,2]}}\n");
        let gap = json(1) + &json(2) + &json(4) + &json(1);
        let errors = errors(&parse_many(&gap));
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("line 3: JSON index 4 follows 2"),
            "{errors:?}"
        );
    }

    #[test]
    fn once_numbered_every_solution_has_its_heading() {
        let text = "answer 1:\n[1, 3, 0, 2]\n[2, 0, 3, 1]\n";
        let errors = errors(&parse_many(text));
        assert_eq!(errors.len(), 1);
        assert!(errors[0].starts_with("line 3: a solution without an `answer K:` heading"));
        let boards =
            "answer 1:\n. O . .\n. . . O\nO . . .\n. . O .\n\n. . O .\nO . . .\n. . . O\n. O . .\n";
        assert_eq!(super::tests::errors(&parse_many(boards)).len(), 1);
    }

    #[test]
    fn a_grid_is_read_with_what_it_states() {
        let grid = "  0 1 2 3\n0 - o - -\n1 - - - o\n2 o - - -\n3 - - o -\n";
        assert_eq!(
            grid.parse::<Solution>().map(|s| s.to_vec()),
            Ok(vec![1, 3, 0, 2])
        );
        let wrong = [
            (
                "  0 1 2 3\n0 - o - -\n0 - - - o\n0 o - - -\n0 - - o -\n",
                "numbered 0, but rows are numbered from 0 at the top, so it is row 1",
            ),
            (
                "  0 1 2 3\n3 - o - -\n2 - - - o\n1 o - - -\n0 - - o -\n",
                "numbered 3, but rows are numbered from 0 at the top, so it is row 0",
            ),
            (
                "  0 1 2 3 4\n0 - o - -\n1 - - - o\n2 o - - -\n3 - - o -\n",
                "numbers 5 columns, but the grid has 4 rows",
            ),
            (
                "  0 1 2\n0 - o - -\n1 - - - o\n2 o - - -\n3 - - o -\n",
                "numbers 3 columns",
            ),
            (
                "  0 1 2 3\n0 - o - -\n- - - o\n2 o - - -\n3 - - o -\n",
                "has no row number",
            ),
            (
                "  0 1 2 3\n00 - o - -\n1 - - - o\n2 o - - -\n3 - - o -\n",
                "numbered 00",
            ),
            ("  0 1 2 3\n", "has no board rows under it"),
            // Row numbers without the header are checked the same way.
            (
                "1 - o - -\n2 - - - o\n3 o - - -\n4 - - o -\n",
                "numbered 1, but rows are numbered from 0 at the top, so it is row 0",
            ),
            (
                "0 - o - -\n- - - o\n2 o - - -\n3 - - o -\n",
                "not every row is",
            ),
        ];
        for (text, message) in wrong {
            let err = text.parse::<Solution>().unwrap_err().to_string();
            assert!(err.contains(message), "{text:?}: {err}");
            let read = parse_many(text);
            assert!(read.iter().any(|(_, r)| r.is_err()), "{text:?}: {read:?}");
            assert!(read.iter().all(|(_, r)| r.is_err()), "{text:?}: {read:?}");
        }
        // A lone `0` is still the column list of one queen, or the grid header of n = 1.
        assert_eq!(parse_many("0\n")[0].1.as_deref(), Ok(&[0][..]));
        assert_eq!(parse_many("  0\n0 o\n")[0].1.as_deref(), Ok(&[0][..]));
    }

    #[test]
    fn a_board_size_asked_for_is_required_of_every_solution() {
        let text = "[1, 3, 0, 2]\n[0]\n[0, 2, 4, 1, 3]\n[0, 1]\n";
        let read: Vec<_> = parse_reader(text.as_bytes()).board_size(4).collect();
        assert!(read[0].1.is_ok());
        for (item, size) in [(1, 1), (2, 5)] {
            let err = read[item].1.as_ref().unwrap_err().to_string();
            assert_eq!(
                err,
                format!("a {size} x {size} board, where every board must be 4 x 4")
            );
        }
        assert!(
            matches!(read[3].1, Err(Error::Attack { .. })),
            "the attack is the fault named"
        );
    }
}

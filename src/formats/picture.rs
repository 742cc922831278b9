//! Drawing solutions as an SVG picture.

use std::collections::VecDeque;
use std::fmt::Write;

use super::number::plain_number;
use super::palette;
use crate::error::{Error, excerpt};
use crate::solution::Solution;
use crate::squares::{Square, file_name};

/// Side of one square, in SVG user units.
pub(crate) const SQUARE: usize = 32;
/// Space between two boards and around the picture, where the coordinates are drawn.
pub(crate) const GAP: usize = 16;
/// The font of the coordinates beside a board, on the picture's `<svg>` element.
pub(crate) const FONT: &str = r#" font-family="sans-serif""#;
/// A queen's crown on a 32 x 32 square: five points over a band.
pub(crate) const CROWN: &str = "M8 24 L5 11 L11 17 L16 7 L21 17 L27 11 L24 24 Z M8 25 H24 V28 H8 Z";

/// One SVG picture of the given solutions, drawn as checkered boards in a grid of rows.
///
/// Boards are laid out left to right, about as many per row as there are rows, each with
/// crowned queens on light and dark squares and labelled as a chess board is: files a, b, c,
/// ... along the bottom and ranks 1 (the bottom row) to n up the left side. Boards of
/// different sizes may be mixed.
///
/// # Examples
///
/// ```
/// use queens::Queens;
///
/// let picture = queens::formats::svg(&Queens::new(8).take(4).collect::<Vec<_>>());
/// assert!(picture.starts_with("<svg "));
/// assert_eq!(picture.matches(r#"class="queen""#).count(), 4 * 8);
/// assert!(picture.contains(r#"<text class="file" x="16" y="268""#)); // a, under a1
/// assert!(picture.contains(r#">8</text>"#)); // rank 8, the top row
/// ```
#[must_use]
pub fn svg(solutions: &[Solution]) -> String {
    let per_row = solutions.len().isqrt().max(1);
    let per_row = if per_row * per_row < solutions.len() {
        per_row + 1
    } else {
        per_row
    };
    let largest = solutions.iter().map(Solution::n).max().unwrap_or(0);
    // Each board has its ranks' room on its left and the files' under it.
    let left = rank_room(largest);
    let (wide, high) = (left + largest * SQUARE, largest * SQUARE + GAP);
    let rows = solutions.len().div_ceil(per_row);
    let (width, height) = (GAP + per_row.min(solutions.len()) * wide, GAP + rows * high);
    let title = title(solutions.len());
    let mut out = svg_start(width, height, FONT, &title);
    for (i, solution) in solutions.iter().enumerate() {
        let (x, y) = (left + (i % per_row) * wide, GAP + (i / per_row) * high);
        draw_board(&mut out, solution, x, y);
    }
    out.push_str("</svg>\n");
    out
}

/// The start of an SVG picture of `width` x `height` (with `attributes` on its `<svg>`, such
/// as a font) and its `title`; the caller adds the rest and `</svg>`.
pub(crate) fn svg_start(width: usize, height: usize, attributes: &str, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\"{attributes}>\n<title>{title}</title>\n"
    )
}

/// The start of a crowned queen's `<path>` on `square`, filled with `fill` and edged with
/// `edge`, for the caller to close (`/>`, or `>` and an animation).
pub(crate) fn crown(class: &str, (row, col): Square, fill: &str, edge: &str) -> String {
    format!(
        r#"<path class="{class}" transform="translate({} {})" d="{CROWN}" fill="{fill}" stroke="{edge}" stroke-width="1.5""#,
        col * SQUARE,
        row * SQUARE,
    )
}

/// The room left of a board for its ranks (numbers up to `n`, 6 units a digit at the
/// coordinates' font size, and a gap of 4 before the board); at least [`GAP`].
pub(crate) fn rank_room(n: usize) -> usize {
    let digits = n.checked_ilog10().unwrap_or(0) as usize + 1;
    GAP.max(6 * digits + 4)
}

/// The coordinates of an `n x n` board whose top left corner is at (0, 0), as a chess board
/// has them: files a, b, c, ... (then aa, ab, ...) under the columns and ranks 1 (the bottom
/// row) to n on the left of the rows, one `<text>` a line, which [`PictureReader`] checks.
/// They take [`rank_room`] on the left and [`GAP`] below.
pub(crate) fn draw_coordinates(out: &mut String, n: usize) {
    for col in 0..n {
        let _ = writeln!(
            out,
            r##"<text class="file" x="{}" y="{}" font-size="10" text-anchor="middle" fill="#333">{}</text>"##,
            col * SQUARE + SQUARE / 2,
            n * SQUARE + 12,
            file_name(col)
        );
    }
    for row in 0..n {
        let _ = writeln!(
            out,
            r##"<text class="rank" x="-4" y="{}" font-size="10" text-anchor="end" fill="#333">{}</text>"##,
            row * SQUARE + SQUARE / 2 + 4,
            n - row
        );
    }
}

/// The checkered squares of an `n x n` board, one `<rect>` a line (light where
/// `row + col` is even), which [`PictureReader`] checks.
pub(crate) fn draw_squares(out: &mut String, n: usize) {
    for row in 0..n {
        for col in 0..n {
            let fill = palette::square(row, col, false);
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#,
                col * SQUARE,
                row * SQUARE
            );
        }
    }
}

fn draw_board(out: &mut String, solution: &Solution, x: usize, y: usize) {
    let n = solution.n();
    let _ = writeln!(out, r#"<g transform="translate({x} {y})">"#);
    draw_squares(out, n);
    for (row, col) in solution.queens() {
        // A crown drawn as a shape, so the picture needs no font with a chess glyph.
        out.push_str(&crown(
            "queen",
            (row, col),
            palette::QUEEN,
            palette::QUEEN_EDGE,
        ));
        out.push_str("/>\n");
    }
    let _ = writeln!(
        out,
        r##"<rect width="{0}" height="{0}" fill="none" stroke="#333"/>"##,
        n * SQUARE
    );
    draw_coordinates(out, n);
    out.push_str("</g>\n");
}

/// The title [`svg`] gives a picture of `count` boards, which its reader checks.
fn title(count: usize) -> String {
    format!("{count} N-Queens solution(s)")
}

/// The number of boards a picture's `<title>` line states, if it is the title [`svg`] writes.
fn stated_count(line: &str) -> Option<usize> {
    let count = line
        .strip_prefix("<title>")?
        .strip_suffix("</title>")?
        .strip_suffix(" N-Queens solution(s)")?;
    plain_number(count)
}

/// Whether a line starts an SVG picture: its `<svg` element or an XML declaration.
pub(crate) fn starts_picture(line: &str) -> bool {
    line.starts_with("<svg") || line.starts_with("<?xml")
}

type Item = (usize, Result<Solution, Error>);

/// Reads a picture drawn by [`svg`] line by line, from its first line to its `</svg>`, and
/// checks what the picture states: the number of boards its title gives, each board's
/// squares (an `n x n` checkerboard drawn row by row), its frame and its `n` queens. Each
/// board is an item when it ends; what is wrong with the picture as a whole is an item of
/// its own. Memory stays small: a board keeps only its queens.
#[derive(Debug)]
pub(crate) struct PictureReader {
    /// The line of the picture's `<title>`, and the count it states (`None`: unreadable).
    title: Option<(usize, Option<usize>)>,
    /// The line of the picture's `<svg ...>` element.
    svg_element: Option<usize>,
    /// Boards begun so far, read or not.
    boards: usize,
    board: Option<BoardReader>,
}

/// One board of a picture being read.
#[derive(Debug)]
struct BoardReader {
    /// The line of its `<g ...>`.
    line: usize,
    squares: usize,
    /// The last square drawn, as (row, column).
    last: Option<Square>,
    /// The number of squares in a row, known once the second row starts.
    row_len: Option<usize>,
    /// The side of its frame, in SVG units.
    frame: Option<usize>,
    queens: Vec<Square>,
    /// The first thing found wrong.
    fault: Option<String>,
}

impl PictureReader {
    pub(crate) fn new() -> Self {
        PictureReader {
            title: None,
            svg_element: None,
            boards: 0,
            board: None,
        }
    }

    /// Reads one line (trimmed) of the picture; true when it ends the picture (`</svg>`).
    pub(crate) fn line(&mut self, number: usize, line: &str, out: &mut VecDeque<Item>) -> bool {
        if let Some(board) = &mut self.board {
            if line == "</g>" {
                let board = self.board.take().expect("a board is open");
                out.push_back((board.line, board.solution()));
                return false;
            }
            if !line.starts_with("<g ") && line != "</svg>" {
                board.line(line);
                return false;
            }
            // A new board, or the picture's end, before this board's `</g>`.
            let board = self.board.take().expect("a board is open");
            out.push_back((board.line, Err(board.unended())));
        }
        let svg_element = line.starts_with("<svg ") || line.starts_with("<svg>");
        // The end: `</svg>` on a line of its own, or closing a picture of one line.
        let one_line = svg_element && self.svg_element.is_none() && line.ends_with("</svg>");
        if line == "</svg>" || one_line {
            if let Err(err) = self.whole() {
                out.push_back((number, Err(err)));
            }
            return true;
        }
        let expected = match line {
            "" => true,
            _ if line.starts_with("<g ") => {
                self.boards += 1;
                self.board = Some(BoardReader::new(number));
                true
            }
            _ if line.starts_with("<title>") && self.title.is_none() => {
                self.title = Some((number, stated_count(line)));
                true
            }
            _ if svg_element && self.svg_element.is_none() => {
                self.svg_element = Some(number);
                true
            }
            _ if line.starts_with("<?xml") => self.svg_element.is_none() && self.boards == 0,
            _ => false,
        };
        if !expected {
            out.push_back((
                number,
                Err(Error::parse(format!(
                    "{} in an SVG picture is none of what `svg` draws: one <svg> element, its <title>, and boards of squares and queens",
                    excerpt(line)
                ))),
            ));
        }
        false
    }

    /// The input ended at line `last` before the picture's `</svg>`.
    pub(crate) fn cut(mut self, last: usize, out: &mut VecDeque<Item>) {
        if let Some(board) = self.board.take() {
            out.push_back((board.line, Err(board.unended())));
        }
        let held = match self.title {
            Some((_, Some(stated))) => format!("{} of the {stated}", self.boards),
            _ => self.boards.to_string(),
        };
        let err = Error::parse(format!(
            "the SVG picture ends at line {last} without its </svg>, cut short: it holds {held} boards"
        ));
        out.push_back((last, Err(err)));
    }

    /// What is wrong with the picture as a whole once it ends.
    fn whole(&self) -> Result<(), Error> {
        if self.svg_element.is_none() {
            return Err(Error::parse("the SVG picture has no <svg ...> element"));
        }
        let stated = match self.title {
            None => {
                return Err(Error::parse(
                    "the SVG picture has no <title> saying how many solutions it holds",
                ));
            }
            Some((line, None)) => {
                return Err(Error::parse(format!(
                    "the SVG picture's title (line {line}) does not say how many solutions it holds, as <title>K N-Queens solution(s)</title> does"
                )));
            }
            Some((_, Some(stated))) => stated,
        };
        if self.boards != stated {
            return Err(Error::parse(format!(
                "the SVG picture's title states {stated} solutions, but it holds {} boards",
                self.boards
            )));
        }
        if self.boards == 0 {
            return Err(Error::parse("no board in the SVG picture"));
        }
        Ok(())
    }
}

impl BoardReader {
    fn new(line: usize) -> Self {
        BoardReader {
            line,
            squares: 0,
            last: None,
            row_len: None,
            frame: None,
            queens: Vec::new(),
            fault: None,
        }
    }

    fn fault(&mut self, why: impl FnOnce() -> String) {
        if self.fault.is_none() {
            self.fault = Some(why());
        }
    }

    /// The board's side: its squares in a row, once they are all drawn.
    fn n(&self) -> usize {
        match (self.row_len, self.last) {
            (Some(len), _) => len,
            (None, Some((_, col))) => col + 1,
            (None, None) => 0,
        }
    }

    /// Whether every square of an `n x n` board is drawn.
    fn squares_complete(&self) -> bool {
        let n = self.n();
        n.checked_mul(n) == Some(self.squares)
            && self.last.is_none_or(|last| last == (n - 1, n - 1))
    }

    /// One line inside the board's `<g>`.
    fn line(&mut self, line: &str) {
        if line.starts_with("<rect x=") {
            self.square(line);
        } else if line.starts_with(r#"<path class="queen""#) {
            self.queen(line);
        } else if line.starts_with("<rect width=") {
            let side = attribute(line, "width");
            if self.frame.is_some() || side.is_none() || side != attribute(line, "height") {
                self.fault(|| format!("SVG board frame {} is not one square frame", excerpt(line)));
            }
            self.frame = side;
        } else if line.starts_with("<text ") {
            self.coordinate(line);
        } else {
            self.fault(|| {
                format!(
                    "{} in an SVG board is none of its squares, queens, frame or coordinates",
                    excerpt(line)
                )
            });
        }
    }

    /// A file letter or rank number, drawn after the frame (pictures drawn before boards had
    /// coordinates have none): it must name the column or row it stands by.
    fn coordinate(&mut self, line: &str) {
        let n = self.n();
        let text = line
            .split_once('>')
            .and_then(|(_, rest)| rest.strip_suffix("</text>"));
        let named = if line.starts_with(r#"<text class="file" "#) {
            attribute(line, "x")
                .filter(|x| x % SQUARE == SQUARE / 2 && x / SQUARE < n)
                .map(|x| file_name(x / SQUARE))
        } else if line.starts_with(r#"<text class="rank" "#) {
            attribute(line, "y")
                .filter(|y| y / SQUARE < n)
                .map(|y| (n - y / SQUARE).to_string())
        } else {
            None
        };
        if self.frame.is_none() || named.is_none() || text != named.as_deref() {
            self.fault(|| {
                format!(
                    "SVG coordinate {} does not name the file or rank it stands by",
                    excerpt(line)
                )
            });
        }
    }

    /// A square, which must be the next of a checkerboard drawn row by row.
    fn square(&mut self, line: &str) {
        let wrong = || {
            format!(
                "SVG square {} is not the next square of the board",
                excerpt(line)
            )
        };
        let sized =
            attribute(line, "width") == Some(SQUARE) && attribute(line, "height") == Some(SQUARE);
        let at = match (attribute(line, "x"), attribute(line, "y")) {
            (Some(x), Some(y)) if sized && x % SQUARE == 0 && y % SQUARE == 0 => {
                (y / SQUARE, x / SQUARE)
            }
            _ => return self.fault(wrong),
        };
        if !self.queens.is_empty() || self.frame.is_some() {
            return self.fault(|| {
                format!(
                    "SVG square {} comes after the board's queens",
                    excerpt(line)
                )
            });
        }
        let next = match self.last {
            None => at == (0, 0),
            Some((row, col)) => {
                let same_row = at == (row, col + 1) && self.row_len.is_none_or(|len| col + 1 < len);
                let row_ends = self.row_len.is_none_or(|len| col + 1 == len);
                let next_row = at == (row + 1, 0) && row_ends;
                if next_row {
                    self.row_len = Some(col + 1);
                }
                same_row || next_row
            }
        };
        if !next {
            return self.fault(wrong);
        }
        self.last = Some(at);
        self.squares += 1;
    }

    /// A queen, drawn after every square, at most one a row.
    fn queen(&mut self, line: &str) {
        if !self.squares_complete() {
            return self.fault(|| {
                format!(
                    "SVG queen {} stands before the board's squares are all drawn",
                    excerpt(line)
                )
            });
        }
        let n = self.n();
        let (row, col) = queen_square(line);
        if row >= n || col >= n {
            return self
                .fault(|| format!("SVG queen {} is off the {n} x {n} board", excerpt(line)));
        }
        if self.queens.iter().any(|&(other, _)| other == row) {
            return self.fault(|| {
                format!(
                    "SVG queen {} shares rank {} with another",
                    excerpt(line),
                    n - row
                )
            });
        }
        self.queens.push((row, col));
    }

    /// The error of a board that does not end.
    fn unended(&self) -> Error {
        Error::parse(format!(
            "the SVG board begun on line {} does not end (no </g>)",
            self.line
        ))
    }

    /// The board's solution, once it ends.
    fn solution(self) -> Result<Solution, Error> {
        if let Some(fault) = self.fault {
            return Err(Error::parse(fault));
        }
        let n = self.n();
        if !self.squares_complete() {
            return Err(Error::parse(format!(
                "an SVG board of {} squares is not a whole n x n board",
                self.squares
            )));
        }
        if self.frame != Some(n * SQUARE) {
            return Err(Error::parse(format!(
                "the SVG board's frame does not fit its {n} x {n} squares"
            )));
        }
        if self.queens.len() != n {
            return Err(Error::parse(format!(
                "an SVG board of {n} x {n} squares with {} queens is not an n x n board with n queens",
                self.queens.len()
            )));
        }
        let mut columns = vec![0; n];
        for (row, col) in self.queens {
            columns[row] = col;
        }
        Solution::new(columns)
    }
}

/// The number in an attribute ` name="123"` of an element written on one line.
fn attribute(line: &str, name: &str) -> Option<usize> {
    let (_, rest) = line.split_once(&format!(" {name}=\""))?;
    let (value, _) = rest.split_once('"')?;
    plain_number(value)
}

/// The square of a queen drawn as `<path class="queen" transform="translate(X Y)" ...>`;
/// `(usize::MAX, usize::MAX)` if the line is not one this module wrote.
fn queen_square(line: &str) -> Square {
    let offsets = line
        .split_once("translate(")
        .and_then(|(_, rest)| rest.split_once(')'))
        .and_then(|(inside, _)| inside.split_once(' '))
        .and_then(|(x, y)| Some((plain_number(x)?, plain_number(y)?)));
    match offsets {
        Some((x, y)) if x % SQUARE == 0 && y % SQUARE == 0 => (y / SQUARE, x / SQUARE),
        _ => (usize::MAX, usize::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Queens;
    use crate::formats::parse_many;

    fn picture() -> (Vec<Solution>, String) {
        let mut solutions: Vec<Solution> = Queens::new(6).collect();
        solutions.push(Queens::new(5).next().unwrap());
        let text = svg(&solutions);
        (solutions, text)
    }

    fn errors(text: &str) -> Vec<String> {
        parse_many(text)
            .into_iter()
            .filter_map(|(line, r)| r.err().map(|e| format!("line {line}: {e}")))
            .collect()
    }

    #[test]
    fn a_picture_reads_back_whole() {
        let (solutions, text) = picture();
        let read: Result<Vec<Solution>, Error> =
            parse_many(&text).into_iter().map(|(_, s)| s).collect();
        assert_eq!(read, Ok(solutions.clone()));
        // Windows line ends, and pictures one after another, change nothing.
        let twice = format!("{text}\n{}", text.replace('\n', "\r\n"));
        assert_eq!(parse_many(&twice).len(), 2 * solutions.len());
        assert!(errors(&twice).is_empty(), "{:?}", errors(&twice));
    }

    /// A picture cut after any of its lines is never read as whole.
    #[test]
    fn a_picture_cut_short_is_an_error() {
        let (_, text) = picture();
        let lines: Vec<&str> = text.lines().collect();
        for cut in 1..lines.len() {
            let prefix = lines[..cut].join("\n");
            let errors = errors(&prefix);
            assert!(!errors.is_empty(), "cut after line {cut}");
            assert!(
                errors
                    .last()
                    .unwrap()
                    .contains("without its </svg>, cut short"),
                "cut after line {cut}: {errors:?}"
            );
        }
    }

    #[test]
    fn text_after_a_picture_is_an_error() {
        let (_, text) = picture();
        for after in [
            "[0, 1, 2, 3]\ngarbage\n",
            "[1, 3, 0, 2]\n",
            "\n\n<!-- -->\n",
            "</svg>\n",
        ] {
            let errors = errors(&format!("{text}{after}"));
            assert_eq!(errors.len(), 1, "{after:?}: {errors:?}");
            assert!(
                errors[0].contains("after the end of the SVG picture"),
                "{errors:?}"
            );
        }
        let garbage = errors(&format!("{text}[0, 1, 2, 3]\ngarbage\n"));
        assert!(garbage[0].contains("and 1 more line after"), "{garbage:?}");
        let before = errors(&format!("[1, 3, 0, 2]\n{text}"));
        assert_eq!(before.len(), 1);
        assert!(
            before[0].contains("an SVG picture after other text"),
            "{before:?}"
        );
    }

    #[test]
    fn a_picture_holds_what_its_title_states() {
        let (solutions, text) = picture();
        let k = solutions.len();
        for stated in [0, k - 1, k + 1, 1000] {
            let edited = text.replace(&format!("<title>{k} "), &format!("<title>{stated} "));
            let errors = errors(&edited);
            assert_eq!(errors.len(), 1, "{stated}: {errors:?}");
            assert!(
                errors[0].contains(&format!(
                    "title states {stated} solutions, but it holds {k} boards"
                )),
                "{errors:?}"
            );
        }
        for title in [
            "<title>seven N-Queens solution(s)</title>",
            "<title>07 N-Queens solution(s)</title>",
            "<title>Queens</title>",
        ] {
            let edited = text.replace(&format!("<title>{k} N-Queens solution(s)</title>"), title);
            assert!(
                errors(&edited)[0].contains("does not say how many"),
                "{title}"
            );
        }
        let untitled = text.replace(&format!("<title>{k} N-Queens solution(s)</title>\n"), "");
        assert!(errors(&untitled)[0].contains("has no <title>"));
        // A board left out, or one more copied in, disagrees with the title.
        let start = text.find("<g ").unwrap();
        let end = text.find("</g>\n").unwrap() + "</g>\n".len();
        let fewer = format!("{}{}", &text[..start], &text[end..]);
        assert!(errors(&fewer)[0].contains(&format!("holds {} boards", k - 1)));
        let more = format!("{}{}", &text[..end], &text[start..]);
        assert!(errors(&more)[0].contains(&format!("holds {} boards", k + 1)));
    }

    #[test]
    fn a_board_is_labelled_as_a_chess_board_and_reads_back_without_its_labels() {
        let (solutions, text) = picture();
        let board = &text[text.find("<g ").unwrap()..text.find("</g>").unwrap()];
        let files: Vec<&str> = board
            .lines()
            .filter(|line| line.starts_with(r#"<text class="file""#))
            .filter_map(|line| line.split('>').nth(1)?.strip_suffix("</text"))
            .collect();
        assert_eq!(files, ["a", "b", "c", "d", "e", "f"]);
        // Rank 6 is the top row, 1 the bottom.
        assert!(
            board.contains(r#"<text class="rank" x="-4" y="20" "#) && board.contains(">6</text>")
        );
        assert!(board.contains(r#"<text class="rank" x="-4" y="180" "#));
        assert_eq!(file_name(26), "aa");
        // A picture drawn before boards had coordinates still reads back.
        let unlabelled: String = text
            .lines()
            .filter(|line| !line.starts_with("<text "))
            .map(|line| format!("{line}\n"))
            .collect();
        let read: Vec<Solution> = crate::formats::parse_reader(unlabelled.as_bytes())
            .map(|(_, s)| s.unwrap())
            .collect();
        assert_eq!(read, solutions);
    }

    #[test]
    fn a_board_is_checked_square_by_square() {
        let (_, text) = picture();
        let edits: &[(&str, &str, &str)] = &[
            // A square moved, dropped or added.
            (
                r#"<rect x="32" y="0""#,
                r#"<rect x="64" y="0""#,
                "not the next square",
            ),
            (
                r##"<rect x="32" y="0" width="32" height="32" fill="#b58863"/>"##,
                "<!-- -->",
                "none of its squares",
            ),
            (
                r##"<rect x="32" y="0" width="32" height="32" fill="#b58863"/>
"##,
                "",
                "not the next square",
            ),
            (
                "</g>",
                "<rect x=\"0\" y=\"0\" width=\"32\" height=\"32\"/>\n</g>",
                "comes after the board's queens",
            ),
            // A queen moved off the board, added, or drawn as something else.
            (
                r#"translate(32 0)" d="#,
                r#"translate(224 0)" d="#,
                "off the 6 x 6 board",
            ),
            (
                "</g>",
                "<path class=\"queen\" transform=\"translate(0 0)\" d=\"\"/>\n</g>",
                "shares rank 6",
            ),
            (
                r#"<path class="queen""#,
                r#"<path class="king""#,
                "none of its squares, queens, frame or coordinates",
            ),
            // A coordinate that names another file or rank than the one it stands by, or
            // that comes before the frame.
            (
                ">a</text>",
                ">b</text>",
                "does not name the file or rank it stands by",
            ),
            (
                r#"<text class="rank" x="-4" y="20""#,
                r#"<text class="rank" x="-4" y="52""#,
                "does not name the file or rank it stands by",
            ),
            (
                r#"<rect width="192" height="192""#,
                "<text class=\"file\" x=\"16\" y=\"204\">a</text>\n<rect width=\"192\" height=\"192\"",
                "does not name the file or rank it stands by",
            ),
            // The frame of another size, or an element the picture does not draw.
            (
                r#"<rect width="192" height="192""#,
                r#"<rect width="160" height="160""#,
                "frame does not fit",
            ),
            (
                "<title>",
                "<circle r=\"1\"/>\n<title>",
                "none of what `svg` draws",
            ),
            // Text run into its end.
            ("</svg>", "garbage</svg>", "none of what `svg` draws"),
        ];
        for &(from, to, message) in edits {
            let edited = text.replacen(from, to, 1);
            assert_ne!(edited, text, "{from}");
            let errors = errors(&edited);
            assert!(
                errors.iter().any(|e| e.contains(message)),
                "{from} -> {to}: {errors:?}"
            );
        }
    }
}

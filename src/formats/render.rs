//! Drawing solutions as text: [`Style`] names a format, [`Drawing`] is one solution drawn in it.

use std::fmt;

use crate::solution::Solution;
use crate::squares::push_file_name;

/// A text format for a solution: each of the classic programs' formats, and a few standard ones.
///
/// Every style can be read back with [`str::parse`] into the same [`Solution`]. Board
/// styles end each row with a newline; the one-line styles ([`Style::List`],
/// [`Style::Fen`], [`Style::Algebraic`]) have none.
///
/// # Examples
///
/// ```
/// use queens::{Queens, Style};
///
/// let s = Queens::new(4).next().unwrap();
/// assert_eq!(s.render(Style::List).to_string(), "[1, 3, 0, 2]");
/// assert_eq!(s.render(Style::Stars).to_string(), "* Q * *\n* * * Q\nQ * * *\n* * Q *\n");
/// assert_eq!("fen".parse::<Style>()?, Style::Fen);
/// # Ok::<(), queens::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Style {
    /// Rows of `.` with an `O` for the queen (the Python generator program's `prettyprint`); the `Display` form.
    #[default]
    Dots,
    /// The column list, `[0, 4, 7, 5, 2, 6, 1, 3]` (the `a[row] = col` program).
    List,
    /// A 0/1 matrix, `1` for a queen (the 0/1-matrix program); [`Drawing::numbered`] adds its `answer K:`.
    Matrix,
    /// Rows of `*` with a `Q` for the queen (the `Q` and `*` program).
    Stars,
    /// Row and column numbers around `o` for a queen and `-` for an empty square (the `Game`/`Chessboard` report program).
    Grid,
    /// `♛` on a checkered board of `□` (light) and `■` (dark) squares.
    Unicode,
    /// The piece-placement field of Forsyth-Edwards Notation, row 0 as the top rank, e.g.
    /// `Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4`; runs of ten or more empty squares are written in
    /// decimal, as extended FEN does for large boards.
    Fen,
    /// Algebraic squares, one per row from the top: `a8 e7 h6 f5 c4 g3 b2 d1`. Files past
    /// `z` continue `aa`, `ab`, ... so that every board size can be written.
    Algebraic,
}

impl Style {
    /// Every style, in the order of the enum.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Style;
    ///
    /// for &style in Style::ALL {
    ///     assert_eq!(style.name().parse::<Style>(), Ok(style));
    /// }
    /// ```
    pub const ALL: &'static [Style] = &[
        Style::Dots,
        Style::List,
        Style::Matrix,
        Style::Stars,
        Style::Grid,
        Style::Unicode,
        Style::Fen,
        Style::Algebraic,
    ];

    /// The style's lowercase name, as [`FromStr`](std::str::FromStr) reads it.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(queens::Style::Grid.name(), "grid");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Style::Dots => "dots",
            Style::List => "list",
            Style::Matrix => "matrix",
            Style::Stars => "stars",
            Style::Grid => "grid",
            Style::Unicode => "unicode",
            Style::Fen => "fen",
            Style::Algebraic => "algebraic",
        }
    }

    /// Whether the style draws one row per line (as opposed to one line per solution).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::Style;
    ///
    /// assert!(Style::Matrix.is_board());
    /// assert!(!Style::Fen.is_board());
    /// ```
    #[must_use]
    pub fn is_board(self) -> bool {
        !matches!(self, Style::List | Style::Fen | Style::Algebraic)
    }

    /// The most bytes this style takes to draw one solution of `n` queens, so that a front
    /// end can check the memory before it draws (the command line and Python refuse a board
    /// too large rather than abort): every solution holds each column once, so the widest
    /// number bounds each.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, Style};
    ///
    /// let solution = Queens::new(8).next().unwrap();
    /// for &style in Style::ALL {
    ///     assert!(solution.render(style).to_string().len() as u64 <= style.max_bytes(8));
    /// }
    /// assert_eq!(Style::Dots.max_bytes(1_000), 2_001_000);
    /// ```
    #[must_use]
    pub fn max_bytes(self, n: usize) -> u64 {
        let n = n as u128;
        // Digits of n, at least as many as any row, column or rank number has; a file's
        // letters are no more than its number's digits.
        let d = u128::from(n.checked_ilog10().unwrap_or(0)) + 1;
        let bytes = match self {
            Style::Dots | Style::Matrix | Style::Stars => 2 * n * n + n,
            Style::Unicode => 3 * n * n + n,
            Style::Grid => (n + 1) * (d + n * (d + 1) + 1),
            Style::List => n * (d + 2) + 2,
            Style::Fen => n * (2 * d + 2),
            Style::Algebraic => n * (2 * d + 1),
        };
        u64::try_from(bytes).unwrap_or(u64::MAX)
    }
}

crate::error::named!(Style, *Style::ALL, "a style");

/// One solution drawn in one [`Style`]; made by [`Solution::render`], printed with `{}`.
///
/// # Examples
///
/// ```
/// use queens::{Queens, Style};
///
/// let s = Queens::new(4).next().unwrap();
/// let text = s.render(Style::Matrix).numbered(1).to_string();
/// assert_eq!(text, "answer 1:\n0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n");
/// ```
#[derive(Debug, Clone, Copy)]
#[must_use = "a Drawing only draws when formatted"]
pub struct Drawing<'a> {
    solution: &'a Solution,
    style: Style,
    number: Option<usize>,
}

impl Drawing<'_> {
    /// Heads the drawing with `answer K:`, as the 0/1-matrix program numbers its boards.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, Style};
    ///
    /// let s = Queens::new(4).next().unwrap();
    /// assert_eq!(s.render(Style::List).numbered(7).to_string(), "answer 7:\n[1, 3, 0, 2]");
    /// ```
    pub fn numbered(self, k: usize) -> Self {
        Drawing {
            number: Some(k),
            ..self
        }
    }
}

impl Solution {
    /// Draws the solution in the given style.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, Style};
    ///
    /// let first = Queens::new(8).next().unwrap();
    /// assert_eq!(first.render(Style::Fen).to_string(), "Q7/4Q3/7Q/5Q2/2Q5/6Q1/1Q6/3Q4");
    /// assert_eq!(first.render(Style::Algebraic).to_string(), "a8 e7 h6 f5 c4 g3 b2 d1");
    /// ```
    pub fn render(&self, style: Style) -> Drawing<'_> {
        Drawing {
            solution: self,
            style,
            number: None,
        }
    }
}

/// Draws the board in [`Style::Dots`].
impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.render(Style::default()).fmt(f)
    }
}

impl Drawing<'_> {
    /// Appends the drawing to `out`, exactly as `Display` writes it.
    ///
    /// Writing many boards through one reused `String` avoids the formatting machinery's
    /// per-piece cost; the command-line tool's output goes this way.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Queens, Style};
    ///
    /// let mut text = String::new();
    /// for s in Queens::new(4) {
    ///     s.render(Style::List).write_into(&mut text);
    ///     text.push('\n');
    /// }
    /// assert_eq!(text, "[1, 3, 0, 2]\n[2, 0, 3, 1]\n");
    /// ```
    pub fn write_into(&self, out: &mut String) {
        if let Some(k) = self.number {
            out.push_str("answer ");
            push_number(out, k);
            out.push_str(":\n");
        }
        let columns = self.solution.columns();
        match self.style {
            Style::Dots => draw_rows(out, columns, " ", |queen, _| if queen { 'O' } else { '.' }),
            Style::Matrix => draw_rows(out, columns, " ", |queen, _| if queen { '1' } else { '0' }),
            Style::Stars => draw_rows(out, columns, " ", |queen, _| if queen { 'Q' } else { '*' }),
            Style::Unicode => draw_rows(out, columns, "", |queen, light| match (queen, light) {
                (true, _) => '♛',
                (false, true) => '□',
                (false, false) => '■',
            }),
            Style::Grid => draw_grid(out, columns),
            Style::List => draw_list(out, columns),
            Style::Fen => draw_fen(out, columns),
            Style::Algebraic => draw_algebraic(out, columns),
        }
    }
}

impl fmt::Display for Drawing<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::new();
        self.write_into(&mut text);
        f.pad(&text)
    }
}

/// Appends a number's decimal digits without going through `fmt`.
fn push_number(out: &mut String, mut number: usize) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (number % 10) as u8;
        number /= 10;
        if number == 0 {
            break;
        }
    }
    digits[start..]
        .iter()
        .for_each(|&d| out.push(char::from(d)));
}

/// Appends `number` right-aligned in `width` characters.
fn push_padded(out: &mut String, number: usize, width: usize) {
    let len = number.checked_ilog10().unwrap_or(0) as usize + 1;
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(len)));
    push_number(out, number);
}

/// One line per row, cells joined by `separator`; `cell(is_queen, is_light_square)`.
fn draw_rows(
    out: &mut String,
    columns: &[usize],
    separator: &str,
    cell: impl Fn(bool, bool) -> char,
) {
    for (row, &queen) in columns.iter().enumerate() {
        for col in 0..columns.len() {
            if col > 0 {
                out.push_str(separator);
            }
            out.push(cell(col == queen, (row + col) % 2 == 0));
        }
        out.push('\n');
    }
}

/// The `Game`/`Chessboard` report program's board: a header of column numbers, then each row behind its number.
fn draw_grid(out: &mut String, columns: &[usize]) {
    let n = columns.len();
    if n == 0 {
        return;
    }
    let width = (n - 1).checked_ilog10().unwrap_or(0) as usize + 1;
    out.extend(std::iter::repeat_n(' ', width));
    for col in 0..n {
        out.push(' ');
        push_padded(out, col, width);
    }
    out.push('\n');
    for (row, &queen) in columns.iter().enumerate() {
        push_padded(out, row, width);
        for col in 0..n {
            out.extend(std::iter::repeat_n(' ', width));
            out.push(if col == queen { 'o' } else { '-' });
        }
        out.push('\n');
    }
}

fn draw_list(out: &mut String, columns: &[usize]) {
    out.push('[');
    for (row, &column) in columns.iter().enumerate() {
        if row > 0 {
            out.push_str(", ");
        }
        push_number(out, column);
    }
    out.push(']');
}

fn draw_fen(out: &mut String, columns: &[usize]) {
    let n = columns.len();
    for (row, &queen) in columns.iter().enumerate() {
        if row > 0 {
            out.push('/');
        }
        if queen > 0 {
            push_number(out, queen);
        }
        out.push('Q');
        if n - 1 - queen > 0 {
            push_number(out, n - 1 - queen);
        }
    }
}

fn draw_algebraic(out: &mut String, columns: &[usize]) {
    let n = columns.len();
    for (row, &queen) in columns.iter().enumerate() {
        if row > 0 {
            out.push(' ');
        }
        push_file_name(out, queen);
        push_number(out, n - row);
    }
}

//! Drawing solutions as an SVG picture.

use std::fmt::Write;

use super::palette;
use crate::error::{Error, Square};
use crate::solution::Solution;

/// Side of one square, in SVG user units.
pub(crate) const SQUARE: usize = 32;
/// Space between two boards and around the picture.
const GAP: usize = 16;
/// A queen's crown on a 32 x 32 square: five points over a band.
pub(crate) const CROWN: &str = "M8 24 L5 11 L11 17 L16 7 L21 17 L27 11 L24 24 Z M8 25 H24 V28 H8 Z";

/// One SVG picture of the given solutions, drawn as checkered boards in a grid of rows.
///
/// Boards are laid out left to right, about as many per row as there are rows, each with
/// crowned queens on light and dark squares; boards of different sizes may be mixed.
///
/// # Examples
///
/// ```
/// use queens::Queens;
///
/// let picture = queens::formats::svg(&Queens::new(8).take(4).collect::<Vec<_>>());
/// assert!(picture.starts_with("<svg "));
/// assert_eq!(picture.matches(r#"class="queen""#).count(), 4 * 8);
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
    let cell = largest * SQUARE + GAP;
    let rows = solutions.len().div_ceil(per_row);
    let (width, height) = (GAP + per_row.min(solutions.len()) * cell, GAP + rows * cell);
    let title = format!("{} N-Queens solution(s)", solutions.len());
    let mut out = svg_start(width, height, "", &title);
    for (i, solution) in solutions.iter().enumerate() {
        let (x, y) = (GAP + (i % per_row) * cell, GAP + (i / per_row) * cell);
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

/// The checkered squares of an `n x n` board, one `<rect>` a line (light where
/// `row + col` is even), which [`read_svg`] counts.
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
    out.push_str("</g>\n");
}

/// Reads back the boards of a picture drawn by [`svg`], each with the line its board starts
/// on, in drawing order.
pub(crate) fn read_svg(text: &str) -> Vec<(usize, Result<Solution, Error>)> {
    let mut boards = Vec::new();
    // The board being read: its first line, its squares, and its queens.
    let mut board: Option<(usize, usize, Vec<Square>)> = None;
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with("<g ") {
            board = Some((index + 1, 0, Vec::new()));
        } else if let Some((_, squares, queens)) = &mut board {
            if line.starts_with("<rect x=") {
                *squares += 1;
            } else if line.starts_with(r#"<path class="queen""#) {
                queens.push(queen_square(line));
            } else if line == "</g>" {
                let (first_line, squares, queens) = board.take().expect("a board is open");
                boards.push((first_line, board_solution(squares, &queens)));
            }
        }
    }
    if boards.is_empty() {
        boards.push((1, Err(Error::parse("no board in the SVG picture"))));
    }
    boards
}

/// The square of a queen drawn as `<path class="queen" transform="translate(X Y)" ...>`;
/// `(usize::MAX, usize::MAX)` if the line is not one this module wrote.
fn queen_square(line: &str) -> Square {
    let offsets = line
        .split_once("translate(")
        .and_then(|(_, rest)| rest.split_once(')'))
        .and_then(|(inside, _)| inside.split_once(' '))
        .and_then(|(x, y)| Some((x.parse::<usize>().ok()?, y.parse::<usize>().ok()?)));
    match offsets {
        Some((x, y)) if x % SQUARE == 0 && y % SQUARE == 0 => (y / SQUARE, x / SQUARE),
        _ => (usize::MAX, usize::MAX),
    }
}

fn board_solution(squares: usize, queens: &[Square]) -> Result<Solution, Error> {
    let n = squares.isqrt();
    if n * n != squares || queens.len() != n {
        return Err(Error::parse(format!(
            "an SVG board of {squares} squares with {} queens is not an n x n board with n queens",
            queens.len()
        )));
    }
    let mut columns = vec![usize::MAX; n];
    for &(row, col) in queens {
        match columns.get_mut(row) {
            Some(slot) if *slot == usize::MAX && col < n => *slot = col,
            _ => {
                return Err(Error::parse(format!(
                    "SVG queen at {:?} is off the board or shares a row",
                    (row, col)
                )));
            }
        }
    }
    Solution::new(columns)
}

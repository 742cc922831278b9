//! A puzzle drawn as an SVG picture: clues apart from the queens a solver places.

use std::fmt::Write;

use super::generate::Puzzle;
use crate::formats::picture::{CROWN, SQUARE, draw_squares};
use crate::solution::Solution;

impl Puzzle {
    /// The puzzle as an SVG picture: its clues as dark crowns on a gold disc, its blocked
    /// squares crossed out, and, if `answer` is given, the answer's other queens as outlined
    /// crowns (a solver's queens, told apart from the clues). Python's Jupyter display uses it.
    ///
    /// # Examples
    ///
    /// ```
    /// let puzzle = queens::puzzle::Puzzle::generate(8, 3)?;
    /// let picture = puzzle.svg(None);
    /// assert_eq!(picture.matches(r#"class="clue""#).count(), puzzle.clues().len());
    /// let solved = puzzle.svg(Some(puzzle.solution()));
    /// assert_eq!(solved.matches(r#"class="placed""#).count(), 8 - puzzle.clues().len());
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn svg(&self, answer: Option<&Solution>) -> String {
        let n = self.n();
        let side = n * SQUARE;
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}">"#
        );
        let _ = writeln!(
            out,
            "<title>{n} x {n} puzzle, {}: {} clues, {} blocked squares</title>",
            self.level(),
            self.clues().len(),
            self.blocks().len()
        );
        draw_squares(&mut out, n);
        for &(row, col) in self.blocks() {
            let (x, y) = (col * SQUARE, row * SQUARE);
            let _ = writeln!(
                out,
                r##"<path class="block" d="M{} {} l16 16 m0 -16 l-16 16" stroke="#222" stroke-width="3"/>"##,
                x + 8,
                y + 8
            );
        }
        let placed = answer.into_iter().flat_map(Solution::queens);
        for (row, col) in placed.filter(|square| !self.clues().contains(square)) {
            let _ = writeln!(
                out,
                r##"<path class="placed" transform="translate({} {})" d="{CROWN}" fill="#fff" stroke="#222" stroke-width="1.5"/>"##,
                col * SQUARE,
                row * SQUARE
            );
        }
        for &(row, col) in self.clues() {
            let (x, y) = (col * SQUARE, row * SQUARE);
            let _ = writeln!(
                out,
                r##"<circle cx="{}" cy="{}" r="15" fill="#e8b10e"/>"##,
                x + SQUARE / 2,
                y + SQUARE / 2
            );
            let _ = writeln!(
                out,
                r##"<path class="clue" transform="translate({x} {y})" d="{CROWN}" fill="#222" stroke="#fff" stroke-width="1"/>"##
            );
        }
        let _ = writeln!(
            out,
            r##"<rect width="{side}" height="{side}" fill="none" stroke="#333"/>"##
        );
        out.push_str("</svg>\n");
        out
    }
}

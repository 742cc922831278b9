//! A puzzle drawn as an SVG picture: clues apart from the queens a solver places.

use std::fmt::Write;

use super::instance::Puzzle;
use crate::error::Error;
use crate::formats::palette;
use crate::formats::picture::{
    FONT, GAP, SQUARE, crown, draw_coordinates, draw_squares, rank_room, svg_start,
};
use crate::solution::Solution;

impl Puzzle {
    /// The puzzle as an SVG picture: its clues as dark crowns on a gold disc and its blocked
    /// squares crossed out; files a, b, c, ... along the bottom and ranks 1 (the bottom row)
    /// to n up the left side, the names the puzzle's explanation gives its squares. Python's
    /// Jupyter display uses it.
    ///
    /// # Examples
    ///
    /// ```
    /// let puzzle = queens::puzzle::Puzzle::generate(8, 3)?;
    /// let picture = puzzle.svg();
    /// assert_eq!(picture.matches(r#"class="clue""#).count(), puzzle.clues().len());
    /// assert_eq!(picture.matches(r#"class="file""#).count(), 8);
    /// # Ok::<(), queens::Error>(())
    /// ```
    #[must_use]
    pub fn svg(&self) -> String {
        self.draw(None)
    }

    /// The puzzle as [`svg`](Puzzle::svg) draws it, with the other queens of `answer` (a
    /// solver's, right or wrong) as outlined crowns, told apart from the clues.
    ///
    /// # Errors
    ///
    /// [`Error::WrongSize`] for an answer of another size than the puzzle.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Error, Queens};
    ///
    /// let puzzle = queens::puzzle::Puzzle::generate(8, 3)?;
    /// let solved = puzzle.svg_with(puzzle.solution())?;
    /// assert_eq!(solved.matches(r#"class="placed""#).count(), 8 - puzzle.clues().len());
    /// let small = Queens::new(6).next().unwrap();
    /// assert_eq!(puzzle.svg_with(&small), Err(Error::WrongSize { n: 8, found: 6 }));
    /// # Ok::<(), queens::Error>(())
    /// ```
    pub fn svg_with(&self, answer: &Solution) -> Result<String, Error> {
        if answer.len() != self.n() {
            return Err(Error::WrongSize {
                n: self.n(),
                found: answer.len(),
            });
        }
        Ok(self.draw(Some(answer)))
    }

    fn draw(&self, answer: Option<&Solution>) -> String {
        let n = self.n();
        let side = n * SQUARE;
        let title = format!(
            "{n} x {n} puzzle, {}: {} clues, {} blocked squares",
            self.level(),
            self.clues().len(),
            self.blocks().len()
        );
        // The ranks' room on the left, the files' below, a little on the other sides.
        let (left, edge) = (rank_room(n), 4);
        let mut out = svg_start(left + side + edge, edge + side + GAP, FONT, &title);
        // Writing to a String cannot fail.
        let _ = writeln!(out, r#"<g transform="translate({left} {edge})">"#);
        draw_squares(&mut out, n);
        for &(row, col) in self.blocks() {
            let (x, y) = (col * SQUARE, row * SQUARE);
            let _ = writeln!(
                out,
                r#"<path class="block" d="M{} {} l16 16 m0 -16 l-16 16" stroke="{}" stroke-width="3"/>"#,
                x + 8,
                y + 8,
                palette::QUEEN
            );
        }
        let placed = answer.into_iter().flat_map(Solution::queens);
        for (row, col) in placed.filter(|square| !self.clues().contains(square)) {
            // A solver's queen: white with a dark edge, where a clue is dark on a gold disc.
            let placed = crown("placed", (row, col), palette::QUEEN_EDGE, palette::QUEEN);
            let _ = writeln!(out, "{placed}/>");
        }
        for &(row, col) in self.clues() {
            let (x, y) = (col * SQUARE, row * SQUARE);
            let _ = writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="15" fill="{}"/>"#,
                x + SQUARE / 2,
                y + SQUARE / 2,
                palette::CLUE
            );
            let _ = writeln!(
                out,
                "{}/>",
                crown("clue", (row, col), palette::QUEEN, palette::QUEEN_EDGE)
            );
        }
        let _ = writeln!(
            out,
            r##"<rect width="{side}" height="{side}" fill="none" stroke="#333"/>"##
        );
        draw_coordinates(&mut out, n);
        out.push_str("</g>\n</svg>\n");
        out
    }
}

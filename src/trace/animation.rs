//! The search as an animated SVG picture: SMIL animations only, no script, so that it plays
//! wherever an SVG image is shown (a README, say).

use std::fmt::Write;

use crate::bitboard::check_size;
use crate::error::Error;
use crate::formats::palette;
use crate::formats::picture::{
    GAP, SQUARE, crown, draw_coordinates, draw_squares, rank_room, svg_start,
};
use crate::trace::Event;
use crate::trace::events::fit;

/// About how many bytes [`animated_svg`] writes for `events` events of an `n x n` board,
/// never fewer: each event draws at most a row of squares, of about 100 bytes each
/// (6.8 KB an event at n = 64, 1.0 KB at n = 8).
///
/// # Examples
///
/// ```
/// use queens::Queens;
///
/// let events: Vec<_> = Queens::new(8).trace().take(500).collect();
/// let picture = queens::trace::animated_svg(8, &events)?;
/// assert!(picture.len() <= queens::trace::animated_bytes(8, 500));
/// # Ok::<(), queens::Error>(())
/// ```
#[must_use]
pub fn animated_bytes(n: usize, events: usize) -> usize {
    events
        .saturating_mul(110 * n + 400)
        .saturating_add(64 * n * n + 4096)
}

/// Seconds each event is shown.
const STEP: f64 = 0.25;
/// Seconds the last board stays before the animation starts over.
const HOLD: f64 = 3.0;
/// Height of the status line and the legend under the board.
const STATUS: usize = 56;

/// An animated SVG picture of an `n x n` board going through `events` (from
/// [`Queens::trace`](crate::Queens::trace)) a quarter of a second each, then holding the
/// last board for three seconds and starting over.
///
/// Queens appear and disappear as they are placed and taken back; the squares of the next
/// row that the queens attack are darkened after each placement, a dead end's row (or
/// column) is framed red, a line under the board gives the depth and the solutions found so
/// far, and a legend says what the colours mean (the [`palette`](crate::formats::palette) the
/// web page shares). The board is labelled as a chess board is: files a, b, c, ... along the
/// bottom and ranks 1 (the bottom row) to n up the left side.
///
/// # Examples
///
/// ```
/// use queens::Queens;
/// use queens::trace::Event;
///
/// let first: Vec<Event> = Queens::new(6)
///     .trace()
///     .scan(false, |done, e| (!*done).then(|| { *done = matches!(e, Event::Solution { .. }); e }))
///     .collect();
/// let picture = queens::trace::animated_svg(6, &first)?;
/// assert!(picture.starts_with("<svg ") && picture.contains("<animate "));
///
/// // Events read from elsewhere may not fit the board.
/// let stray = [Event::Remove { row: 9, col: 0 }];
/// assert!(queens::trace::animated_svg(6, &stray).is_err());
/// // So may a smaller board's: its first solution has six queens, not eight.
/// assert_eq!(
///     queens::trace::animated_svg(8, &first),
///     Err(queens::Error::WrongSize { n: 8, found: 6 })
/// );
/// # Ok::<(), queens::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::TooLarge`] for `n > Queens::MAX_N`, [`Error::OffBoard`] for an event on a row
/// or column the board does not have, [`Error::WrongSize`] for events of another board's
/// search (more queens than rows, or a solution with fewer), and [`Error::OutOfMemory`]
/// where the picture ([`animated_bytes`]) cannot be had.
pub fn animated_svg(n: usize, events: &[Event]) -> Result<String, Error> {
    check_size(n)?;
    fit(events, n)?;
    let mut animation = Animation::new(n, events.len());
    // Room for the whole picture first, fallibly: millions of events make gigabytes, and
    // a text that cannot grow would abort the process.
    let bytes = animated_bytes(n, events.len());
    animation
        .out
        .try_reserve(bytes)
        .map_err(|_| Error::OutOfMemory { bytes })?;
    for (i, &event) in events.iter().enumerate() {
        animation.event(i as f64 * STEP, event);
    }
    Ok(animation.finish())
}

/// An animation being drawn: the picture so far, and what the board shows at the current
/// event.
struct Animation {
    n: usize,
    frame: Frame,
    out: String,
    /// Each row's queen: its column and since when it is shown.
    queens: Vec<Option<(usize, f64)>>,
    depth: usize,
    found: u64,
    /// The status line shown: since when, and its depth and solutions.
    status: (f64, usize, u64),
}

impl Animation {
    /// The picture's start and the empty board, for `events` events.
    fn new(n: usize, events: usize) -> Animation {
        let side = n * SQUARE;
        // The ranks' room on the left, the files' under the board.
        let left = rank_room(n);
        let (width, height) = (left + side, side + GAP + STATUS);
        let title = format!("The backtracking search of {n} queens, {events} steps");
        let font = r#" font-family="sans-serif" font-size="14""#;
        let mut out = svg_start(width, height, font, &title);
        let _ = writeln!(out, r#"<g transform="translate({left} 0)">"#);
        draw_squares(&mut out, n);
        draw_coordinates(&mut out, n);
        Animation {
            n,
            frame: Frame {
                total: events as f64 * STEP + HOLD,
            },
            out,
            queens: vec![None; n],
            depth: 0,
            found: 0,
            status: (0.0, 0, 0),
        }
    }

    /// Draws `event`, shown from `at` for one step.
    fn event(&mut self, at: f64, event: Event) {
        let (n, side, next) = (self.n, self.n * SQUARE, at + STEP);
        match event {
            Event::Place {
                row,
                col,
                depth,
                next_row_attacked,
            } => {
                self.queens[row] = Some((col, at));
                self.depth = depth;
                let next_row = (row + 1 < n).then_some(row + 1);
                for (r, c) in next_row.into_iter().flat_map(|r| {
                    (0..n)
                        .filter(move |c| next_row_attacked >> c & 1 == 1)
                        .map(move |c| (r, c))
                }) {
                    let square = format!(
                        r#"<rect class="attacked" x="{}" y="{}" width="{SQUARE}" height="{SQUARE}" fill="{}""#,
                        c * SQUARE,
                        r * SQUARE,
                        palette::square(r, c, true)
                    );
                    self.frame.element(&mut self.out, &square, at, next);
                }
            }
            Event::Remove { row, .. } => {
                if let Some((col, since)) = self.queens[row].take() {
                    self.queen(row, col, since, at);
                }
                self.depth = row;
            }
            Event::DeadEnd { row, .. } => {
                let frame = format!(
                    r#"<rect x="0" y="{}" width="{side}" height="{SQUARE}" fill="none" stroke="{}" stroke-width="3""#,
                    row * SQUARE,
                    palette::DEAD_END
                );
                self.frame.element(&mut self.out, &frame, at, next);
            }
            Event::DeadColumn { col, .. } => {
                let frame = format!(
                    r#"<rect x="{}" y="0" width="{SQUARE}" height="{side}" fill="none" stroke="{}" stroke-width="3""#,
                    col * SQUARE,
                    palette::DEAD_END
                );
                self.frame.element(&mut self.out, &frame, at, next);
            }
            Event::Solution { index } => self.found = index.saturating_add(1),
        }
        let (since, depth, found) = self.status;
        if (depth, found) != (self.depth, self.found) {
            if at > 0.0 {
                self.status_line(since, at);
            }
            self.status = (at, self.depth, self.found);
        }
    }

    /// The status line shown, from `since` to `until`.
    fn status_line(&mut self, since: f64, until: f64) {
        let (_, depth, found) = self.status;
        let plural = if found == 1 { "" } else { "s" };
        let text = format!(
            r#"<text x="4" y="{}" fill="{}""#,
            self.n * SQUARE + GAP + 19,
            palette::QUEEN
        );
        let _ = write!(
            self.out,
            r#"{text} opacity="0">depth {depth}, {found} solution{plural} found"#
        );
        self.frame.show(&mut self.out, since, until);
        self.out.push_str("</text>\n");
    }

    /// A crowned queen on `(row, col)`, shown from `since` to `until`.
    fn queen(&mut self, row: usize, col: usize, since: f64, until: f64) {
        let crowned = crown("queen", (row, col), palette::QUEEN, palette::QUEEN_EDGE);
        self.frame.element(&mut self.out, &crowned, since, until);
    }

    /// The last status line, the queens still standing, the legend, and the picture's end.
    fn finish(mut self) -> String {
        let total = self.frame.total;
        self.status_line(self.status.0, total);
        for row in 0..self.n {
            if let Some((col, since)) = self.queens[row] {
                self.queen(row, col, since, total);
            }
        }
        legend(&mut self.out, self.n * SQUARE + GAP + 30);
        self.out.push_str("</g>\n</svg>\n");
        self.out
    }
}

/// The legend at height `y`: attacked squares of both colours, and a dead end's frame.
fn legend(out: &mut String, y: usize) {
    let swatch = |out: &mut String, x: usize, fill: &str, stroke: &str| {
        let _ = writeln!(
            out,
            r#"<rect x="{x}" y="{y}" width="14" height="14" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#
        );
    };
    swatch(out, 4, palette::ATTACKED_LIGHT, "none");
    swatch(out, 20, palette::ATTACKED_DARK, "none");
    let _ = writeln!(out, r#"<text x="40" y="{}">attacked</text>"#, y + 12);
    swatch(out, 112, "none", palette::DEAD_END);
    let _ = writeln!(out, r#"<text x="132" y="{}">dead end</text>"#, y + 12);
}

/// The animation's loop: every element is hidden but while it is shown.
struct Frame {
    total: f64,
}

impl Frame {
    /// `element` (an opening tag's start, such as `<rect x="0"`) shown from `from` to
    /// `until`, then closed.
    fn element(&self, out: &mut String, element: &str, from: f64, until: f64) {
        let name = element[1..].split(' ').next().unwrap_or_default();
        let _ = write!(out, r#"{element} opacity="0">"#);
        self.show(out, from, until);
        let _ = writeln!(out, "</{name}>");
    }

    /// Shown from `from` to `until` seconds into the loop (discrete key times: a value
    /// holds until the next key).
    fn show(&self, out: &mut String, from: f64, until: f64) {
        let (start, end) = (from / self.total, (until / self.total).min(1.0));
        let (values, times) = match (start > 0.0, end < 1.0) {
            (true, true) => ("0;1;0", format!("0;{start:.5};{end:.5}")),
            (true, false) => ("0;1", format!("0;{start:.5}")),
            (false, true) => ("1;0", format!("0;{end:.5}")),
            (false, false) => ("1", "0".to_string()),
        };
        let _ = write!(
            out,
            r#"<animate attributeName="opacity" calcMode="discrete" values="{values}" keyTimes="{times}" dur="{:.2}s" repeatCount="indefinite"/>"#,
            self.total
        );
    }
}

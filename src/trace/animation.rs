//! The search as an animated SVG picture: SMIL animations only, no script, so that it plays
//! wherever an SVG image is shown (a README, say).

use std::fmt::Write;

use crate::bitboard::check_size;
use crate::error::Error;
use crate::formats::palette;
use crate::formats::picture::{SQUARE, crown, draw_squares};
use crate::trace::Event;

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
/// web page shares).
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
/// # Ok::<(), queens::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::TooLarge`] for `n > Queens::MAX_N`, and [`Error::OffBoard`] for an event on a
/// row or column the board does not have.
pub fn animated_svg(n: usize, events: &[Event]) -> Result<String, Error> {
    check_size(n)?;
    if let Some(square) = events.iter().find_map(|event| event.square_off(n)) {
        return Err(Error::OffBoard { square, n });
    }
    let side = n * SQUARE;
    let (width, height) = (side, side + STATUS);
    let total = events.len() as f64 * STEP + HOLD;
    let frame = Frame { total };
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="14">"#
    );
    let _ = writeln!(
        out,
        "<title>The backtracking search of {n} queens, {} steps</title>",
        events.len()
    );
    draw_squares(&mut out, n);
    let mut queens: Vec<Option<(usize, f64)>> = vec![None; n];
    let (mut depth, mut found) = (0, 0);
    let status = |out: &mut String, at: f64, until: f64, depth: usize, found: u64| {
        let plural = if found == 1 { "" } else { "s" };
        let text = format!("depth {depth}, {found} solution{plural} found");
        let _ = write!(
            out,
            r#"<text x="4" y="{}" fill="{}" opacity="0">{text}"#,
            side + 19,
            palette::QUEEN
        );
        frame.show(out, at, until);
        out.push_str("</text>\n");
    };
    let mut last_status = (0.0, 0, 0);
    for (i, &event) in events.iter().enumerate() {
        let at = i as f64 * STEP;
        let next = at + STEP;
        match event {
            Event::Place {
                row,
                col,
                depth: now,
                next_row_attacked,
            } => {
                queens[row] = Some((col, at));
                depth = now;
                if row + 1 < n && next_row_attacked != 0 {
                    for c in (0..n).filter(|c| next_row_attacked >> c & 1 == 1) {
                        let _ = write!(
                            out,
                            r#"<rect class="attacked" x="{}" y="{}" width="{SQUARE}" height="{SQUARE}" fill="{}" opacity="0">"#,
                            c * SQUARE,
                            (row + 1) * SQUARE,
                            palette::square(row + 1, c, true)
                        );
                        frame.show(&mut out, at, next);
                        out.push_str("</rect>\n");
                    }
                }
            }
            Event::Remove { row, .. } => {
                if let Some((col, since)) = queens[row].take() {
                    queen(&mut out, &frame, row, col, since, at);
                }
                depth = row;
            }
            Event::DeadEnd { row, .. } => {
                let _ = write!(
                    out,
                    r#"<rect x="0" y="{}" width="{side}" height="{SQUARE}" fill="none" stroke="{}" stroke-width="3" opacity="0">"#,
                    row * SQUARE,
                    palette::DEAD_END
                );
                frame.show(&mut out, at, next);
                out.push_str("</rect>\n");
            }
            Event::DeadColumn { col, .. } => {
                let _ = write!(
                    out,
                    r#"<rect x="{}" y="0" width="{SQUARE}" height="{side}" fill="none" stroke="{}" stroke-width="3" opacity="0">"#,
                    col * SQUARE,
                    palette::DEAD_END
                );
                frame.show(&mut out, at, next);
                out.push_str("</rect>\n");
            }
            Event::Solution { index } => found = index.saturating_add(1),
        }
        let (since, shown_depth, shown_found) = last_status;
        if (shown_depth, shown_found) != (depth, found) {
            if i > 0 {
                status(&mut out, since, at, shown_depth, shown_found);
            }
            last_status = (at, depth, found);
        }
    }
    let (since, shown_depth, shown_found) = last_status;
    status(&mut out, since, total, shown_depth, shown_found);
    for (row, queen_here) in queens.iter().enumerate() {
        if let Some((col, since)) = *queen_here {
            queen(&mut out, &frame, row, col, since, total);
        }
    }
    legend(&mut out, side + 30);
    out.push_str("</svg>\n");
    Ok(out)
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

/// A crowned queen on `(row, col)`, shown from `since` to `until`.
fn queen(out: &mut String, frame: &Frame, row: usize, col: usize, since: f64, until: f64) {
    let crowned = crown("queen", (row, col), palette::QUEEN, palette::QUEEN_EDGE);
    let _ = write!(out, r#"{crowned} opacity="0">"#);
    frame.show(out, since, until);
    out.push_str("</path>\n");
}

/// The animation's loop: every element is hidden but while it is shown.
struct Frame {
    total: f64,
}

impl Frame {
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

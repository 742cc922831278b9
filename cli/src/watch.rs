//! `queens watch`: the search animated in the terminal, redrawn in place.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use crossterm::event::{self, Event as Input, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::style::{Attribute, Color, Colors, Print, ResetColor, SetAttribute, SetColors};
use crossterm::terminal::{self, ClearType};
use crossterm::{cursor, execute, queue};
use queens::formats::palette;
use queens::squares::{file_name, square_name};
use queens::trace::{DeadEnd, Event, Replay, Snapshot};
use queens::{Line, Queens};

use crate::Failure;
use crate::args::WatchArgs;

/// The largest board drawn: 16 squares of 2 characters fit an 80-column terminal.
const MAX_WATCHED: usize = 16;
/// Faster than a terminal redraws, and than anyone can watch.
const MAX_SPEED: u32 = 1000;

/// Runs the animation until `q`: space plays or pauses, the arrows step forward and back.
pub fn watch(args: &WatchArgs) -> Result<(), Failure> {
    if !(1..=MAX_WATCHED).contains(&args.n) {
        return Err(Failure::Refused(format!(
            "boards from 1 to {MAX_WATCHED} are watched, not {}",
            args.n
        )));
    }
    if !(1..=MAX_SPEED).contains(&args.speed) {
        return Err(Failure::Refused(format!(
            "--speed must be 1 to {MAX_SPEED} steps a second, not {}",
            args.speed
        )));
    }
    if !(io::stdin().is_terminal() && io::stdout().is_terminal()) {
        return Err(Failure::Refused(
            "watch draws in a terminal: run it with one (or use `queens trace`)".into(),
        ));
    }
    if let Some(message) = too_small(args.n, terminal::size()?) {
        return Err(Failure::Refused(message));
    }
    let replay = Replay::new(Queens::try_new(args.n)?.trace());
    let colours = Colours::of_terminal(
        std::env::var_os("NO_COLOR"),
        std::env::var("TERM").ok(),
        std::env::var("COLORTERM").ok(),
    );
    let mut out = io::stdout();
    terminal::enable_raw_mode()?;
    let shown = execute!(out, terminal::EnterAlternateScreen, cursor::Hide)
        .and_then(|()| run(&mut out, replay, !args.paused, args.speed, colours));
    // The terminal is given back whatever happened.
    let restored = execute!(out, cursor::Show, terminal::LeaveAlternateScreen)
        .and_then(|()| terminal::disable_raw_mode());
    shown?;
    restored?;
    Ok(())
}

fn run(
    out: &mut impl Write,
    mut replay: Replay,
    mut playing: bool,
    speed: u32,
    colours: Colours,
) -> io::Result<()> {
    let tick = Duration::from_secs(1) / speed;
    let mut next = Instant::now() + tick;
    // Whether a step found the search over.
    let mut over = false;
    loop {
        let screen = Screen {
            board: replay.snapshot(),
            playing,
            over,
            colours,
        };
        // A frame goes out in one write: a terminal never shows half of one.
        let mut frame = Vec::new();
        screen.draw(&mut frame)?;
        out.write_all(&frame)?;
        out.flush()?;
        let wait = next.saturating_duration_since(Instant::now());
        if event::poll(if playing {
            wait
        } else {
            Duration::from_secs(3600)
        })? {
            let Input::Key(KeyEvent {
                code,
                modifiers,
                kind: KeyEventKind::Press,
                ..
            }) = event::read()?
            else {
                continue;
            };
            match code {
                KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                KeyCode::Char('c') if modifiers.contains(KeyModifiers::CONTROL) => return Ok(()),
                KeyCode::Char(' ') => playing = !playing,
                KeyCode::Right => {
                    playing = false;
                    over = !replay.step();
                }
                KeyCode::Left => {
                    playing = false;
                    over = false;
                    replay.back();
                }
                _ => {}
            }
            next = Instant::now() + tick;
        } else if playing {
            playing = replay.step();
            over = !playing;
            next += tick;
        }
    }
}

/// The lines under the board: the files' letters, the status, the caption, the legend and
/// the keys.
const LINES_UNDER: usize = 5;

/// The columns left of the board for the ranks' numbers, right-aligned, and a space.
fn rank_room(n: usize) -> usize {
    n.to_string().len() + 1
}

/// What to say when a terminal of `(columns, rows)` cannot show an `n` x `n` board: the
/// ranks' room, two characters a square, and the lines under it.
fn too_small(n: usize, (columns, rows): (u16, u16)) -> Option<String> {
    let (wide, high) = (rank_room(n) + 2 * n - 1, n + LINES_UNDER);
    (usize::from(columns) < wide || usize::from(rows) < high).then(|| {
        format!(
            "watching a {n} x {n} board needs a terminal of at least {wide} x {high}; this one is {columns} x {rows}"
        )
    })
}

/// The colours a terminal shows: none (`NO_COLOR`, a dumb terminal), the 16 named ones, the
/// 256 of xterm, or any (24-bit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Colours {
    None,
    Named,
    Indexed,
    Any,
}

impl Colours {
    /// What a terminal with these `NO_COLOR`, `TERM` and `COLORTERM` shows
    /// (<https://no-color.org>: `NO_COLOR` set and not empty turns colour off).
    fn of_terminal(
        no_color: Option<std::ffi::OsString>,
        term: Option<String>,
        colorterm: Option<String>,
    ) -> Colours {
        let term = term.unwrap_or_default();
        let colorterm = colorterm.unwrap_or_default();
        if no_color.is_some_and(|value| !value.is_empty()) || term.is_empty() || term == "dumb" {
            Colours::None
        } else if colorterm.contains("truecolor") || colorterm.contains("24bit") {
            Colours::Any
        } else if term.contains("256") {
            Colours::Indexed
        } else {
            Colours::Named
        }
    }
}

/// What a square, or a legend's sample, shows: the palette of the page and the SVG pictures
/// ([`palette`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Paint {
    Light,
    Dark,
    AttackedLight,
    AttackedDark,
    DeadEnd,
}

impl Paint {
    /// The background, and the colour of the character on it (`Q`, `x`, `!` or `.`).
    fn colours(self, queen: bool, colours: Colours) -> Colors {
        let (background, named) = match self {
            Paint::Light => (palette::LIGHT, Color::Grey),
            Paint::Dark => (palette::DARK, Color::DarkYellow),
            Paint::AttackedLight => (palette::ATTACKED_LIGHT, Color::DarkRed),
            Paint::AttackedDark => (palette::ATTACKED_DARK, Color::DarkRed),
            Paint::DeadEnd => (palette::DEAD_END, Color::Red),
        };
        let (foreground, named_foreground) = match (self, queen) {
            (_, true) => (palette::QUEEN, Color::Black),
            // A dot of the other square's colour: there, but quiet.
            (Paint::Light, false) => (palette::DARK, Color::DarkGrey),
            (Paint::Dark, false) => (palette::LIGHT, Color::Black),
            _ => (palette::QUEEN_EDGE, Color::White),
        };
        match colours {
            Colours::Named => Colors::new(named_foreground, named),
            _ => Colors::new(colour(foreground, colours), colour(background, colours)),
        }
    }
}

/// A palette colour (`#rrggbb`) as the terminal shows it: itself, or the nearest of xterm's
/// 256.
fn colour(hex: &str, colours: Colours) -> Color {
    let channel =
        |at: usize| u8::from_str_radix(hex.get(at..at + 2).unwrap_or("00"), 16).unwrap_or(0);
    let (r, g, b) = (channel(1), channel(3), channel(5));
    match colours {
        Colours::Any => Color::Rgb { r, g, b },
        _ => Color::AnsiValue(nearest_of_256((r, g, b))),
    }
}

/// The xterm colour (16 to 255: the 6 x 6 x 6 cube and the greys) nearest to `rgb`.
fn nearest_of_256((r, g, b): (u8, u8, u8)) -> u8 {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let distance = |(x, y, z): (u8, u8, u8)| {
        let d = |p: u8, q: u8| (i32::from(p) - i32::from(q)).pow(2);
        d(x, r) + d(y, g) + d(z, b)
    };
    let cube = (0..216u8).map(|i| {
        let rgb = (
            LEVELS[usize::from(i / 36)],
            LEVELS[usize::from(i / 6 % 6)],
            LEVELS[usize::from(i % 6)],
        );
        (distance(rgb), 16 + i)
    });
    let greys = (0..24u8).map(|i| {
        let level = 8 + 10 * i;
        (distance((level, level, level)), 232 + i)
    });
    cube.chain(greys).min().map_or(16, |(_, index)| index)
}

/// One frame of the animation.
struct Screen<'a> {
    board: &'a Snapshot,
    playing: bool,
    /// A step found the search over.
    over: bool,
    colours: Colours,
}

impl Screen<'_> {
    /// The board (`Q` a queen, `x` an attacked square of the row shaded, `!` a dead end's
    /// squares) in the palette's colours where the terminal has them, the counts, a
    /// caption saying what just happened, the legend and the keys, from the top left
    /// corner; each line cut to the terminal's width.
    fn draw(&self, out: &mut impl Write) -> io::Result<()> {
        let board = self.board;
        let n = board.columns.len();
        let size = terminal::size()?;
        queue!(out, cursor::MoveTo(0, 0), terminal::Clear(ClearType::All))?;
        // Made smaller while it runs: say so rather than draw part of the board.
        if let Some(message) = too_small(n, size) {
            queue!(out, Print(cut(&message, size.0)))?;
            return out.flush();
        }
        // Ranks up the left side and files along the bottom: the squares' names in the
        // caption, as on the page and in the pictures.
        let room = rank_room(n);
        for row in 0..n {
            queue!(
                out,
                cursor::MoveTo(0, row as u16),
                Print(format!("{:>width$} ", n - row, width = room - 1))
            )?;
            for col in 0..n {
                let (square, paint) = self.square(row, col);
                // Two characters a square; the last one's second only where the terminal
                // has room for it: 2n - 1 columns are enough.
                let text = match col + 1 < n || usize::from(size.0) > room + 2 * n - 1 {
                    true => format!("{square} "),
                    false => square.to_string(),
                };
                self.print(out, &text, paint, square == 'Q')?;
            }
        }
        let plural = |k: u64, word: &str| format!("{k} {word}{}", if k == 1 { "" } else { "s" });
        let status = format!(
            "depth {}, {} tried, {} found{}",
            board.depth(),
            plural(board.placements, "placement"),
            plural(board.solutions, "solution"),
            if self.playing { "" } else { " (paused)" }
        );
        let files: String = (0..n).map(|col| format!("{:<2}", file_name(col))).collect();
        let row = n as u16;
        queue!(
            out,
            cursor::MoveTo(0, row),
            Print(cut(&format!("{:room$}{}", "", files.trim_end()), size.0)),
            cursor::MoveTo(0, row + 1),
            Print(cut(&status, size.0)),
            cursor::MoveTo(0, row + 2),
            Print(cut(&self.caption(), size.0)),
            cursor::MoveTo(0, row + 3),
        )?;
        self.legend(out, size.0)?;
        queue!(
            out,
            cursor::MoveTo(0, row + 4),
            Print(cut(
                "space: play/pause   right: step   left: back   q: quit",
                size.0
            ))
        )?;
        out.flush()
    }

    /// The character of square `(row, col)`, and its colours.
    fn square(&self, row: usize, col: usize) -> (char, Paint) {
        let board = self.board;
        let dead = match board.dead_end {
            Some(DeadEnd::Row(r)) => r == row,
            Some(DeadEnd::Column(c)) => c == col,
            None => false,
        };
        let attacked = board
            .attacked
            .is_some_and(|(r, mask)| r == row && mask >> col & 1 == 1);
        let light = (row + col).is_multiple_of(2);
        match (board.columns[row] == Some(col), dead, attacked, light) {
            (true, .., true) => ('Q', Paint::Light),
            (true, ..) => ('Q', Paint::Dark),
            (false, true, ..) => ('!', Paint::DeadEnd),
            (false, false, true, true) => ('x', Paint::AttackedLight),
            (false, false, true, false) => ('x', Paint::AttackedDark),
            (.., true) => ('.', Paint::Light),
            _ => ('.', Paint::Dark),
        }
    }

    /// `text` in `paint`'s colours, or plain without colours.
    fn print(&self, out: &mut impl Write, text: &str, paint: Paint, queen: bool) -> io::Result<()> {
        if self.colours == Colours::None {
            return queue!(out, Print(text));
        }
        queue!(out, SetColors(paint.colours(queen, self.colours)))?;
        if queen {
            queue!(out, SetAttribute(Attribute::Bold))?;
        }
        queue!(out, Print(text), SetAttribute(Attribute::Reset), ResetColor)
    }

    /// One line: what each mark means, in its colours.
    fn legend(&self, out: &mut impl Write, width: u16) -> io::Result<()> {
        let items = [
            ('Q', Paint::Light, "queen"),
            ('x', Paint::AttackedLight, "attacked square"),
            (
                '!',
                Paint::DeadEnd,
                "dead end (a rank or file with no safe square)",
            ),
        ];
        // Each mark on its square, as on the board, then its words, while they fit.
        let mut room = usize::from(width);
        for (i, (mark, paint, words)) in items.into_iter().enumerate() {
            let words = format!("{words}{}", if i + 1 < items.len() { "   " } else { "" });
            if room < 2 + words.len() {
                break;
            }
            self.print(out, &format!("{mark} "), paint, mark == 'Q')?;
            queue!(out, Print(&words))?;
            room -= 2 + words.len();
        }
        Ok(())
    }

    /// What just happened, in words, as the web page's caption says it (events named as
    /// `queens trace` names them).
    fn caption(&self) -> String {
        let board = self.board;
        let n = board.columns.len();
        if self.over {
            let plural =
                |k: u64, word: &str| format!("{k} {word}{}", if k == 1 { "" } else { "s" });
            return format!(
                "the search is over: {} in {}",
                plural(board.solutions, "solution"),
                plural(board.placements, "placement")
            );
        }
        let Some(event) = board.event else {
            return "a queen goes on the first safe square of each rank in turn, from the top"
                .into();
        };
        let square = |row, col| square_name(n, (row, col));
        let rank = |row| Line::Row(row).on(n);
        match event {
            Event::Place { row, col, .. } if row + 1 < n => format!(
                "queen on {}: the squares of {} that the queens attack are shaded",
                square(row, col),
                rank(row + 1)
            ),
            Event::Place { row, col, .. } => {
                format!("queen on {}: every rank has its queen", square(row, col))
            }
            Event::Remove { row, col } => format!(
                "queen on {} taken back: nothing after it works, so {} tries its next safe square",
                square(row, col),
                rank(row)
            ),
            Event::DeadEnd { row, .. } => format!(
                "every square of {} is attacked: the last queen goes back",
                rank(row)
            ),
            Event::DeadColumn { col, .. } => format!(
                "no rank left can put a queen on {}: the last queen goes back",
                Line::Column(col).on(n)
            ),
            Event::Solution { .. } => format!("{event}: no two queens attack each other"),
            _ => event.to_string(),
        }
    }
}

/// `text` cut to `width` characters.
fn cut(text: &str, width: u16) -> String {
    text.chars().take(usize::from(width)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_terminal_too_small_for_the_board_is_named_with_the_size_it_needs() {
        assert_eq!(
            too_small(16, (40, 12)).as_deref(),
            Some(
                "watching a 16 x 16 board needs a terminal of at least 34 x 21; this one is 40 x 12"
            )
        );
        assert_eq!(too_small(16, (34, 21)), None);
        assert!(too_small(16, (33, 21)).is_some());
        assert!(too_small(16, (34, 20)).is_some());
        assert_eq!(too_small(8, (80, 24)), None);
        assert_eq!(too_small(1, (3, 6)), None);
    }

    #[test]
    fn colours_follow_no_color_and_what_the_terminal_says_it_shows() {
        let of = |no_color: Option<&str>, term: Option<&str>, colorterm: Option<&str>| {
            Colours::of_terminal(
                no_color.map(Into::into),
                term.map(Into::into),
                colorterm.map(Into::into),
            )
        };
        let truecolor = Some("truecolor");
        assert_eq!(of(None, Some("xterm-256color"), truecolor), Colours::Any);
        assert_eq!(of(None, Some("xterm-256color"), None), Colours::Indexed);
        assert_eq!(of(None, Some("tmux-256color"), None), Colours::Indexed);
        assert_eq!(of(None, Some("xterm"), None), Colours::Named);
        assert_eq!(
            of(Some("1"), Some("xterm-256color"), truecolor),
            Colours::None
        );
        // NO_COLOR set but empty does not count.
        assert_eq!(of(Some(""), Some("xterm"), None), Colours::Named);
        assert_eq!(of(None, Some("dumb"), truecolor), Colours::None);
        assert_eq!(of(None, None, None), Colours::None);
    }

    #[test]
    fn the_palette_s_colours_are_shown_as_themselves_or_their_nearest() {
        assert_eq!(
            colour(palette::DEAD_END, Colours::Any),
            Color::Rgb {
                r: 0xcc,
                g: 0,
                b: 0
            }
        );
        assert_eq!(nearest_of_256((0, 0, 0)), 16);
        assert_eq!(nearest_of_256((255, 255, 255)), 231);
        assert_eq!(nearest_of_256((0xcc, 0, 0)), 160);
        // Every mark stands out from its square in every mode that has colours, and an
        // attacked square from a safe one.
        for colours in [Colours::Named, Colours::Indexed, Colours::Any] {
            for paint in [
                Paint::Light,
                Paint::Dark,
                Paint::AttackedLight,
                Paint::AttackedDark,
                Paint::DeadEnd,
            ] {
                for queen in [false, true] {
                    let Colors {
                        foreground,
                        background,
                    } = paint.colours(queen, colours);
                    assert_ne!(foreground, background, "{paint:?} in {colours:?}");
                }
            }
            let background = |paint: Paint| paint.colours(false, colours).background;
            assert_ne!(background(Paint::Light), background(Paint::AttackedLight));
            assert_ne!(background(Paint::Dark), background(Paint::AttackedDark));
            assert_ne!(background(Paint::Light), background(Paint::Dark));
        }
    }

    #[test]
    fn the_caption_says_what_the_last_event_did() {
        let mut replay = Replay::new(Queens::new(4).trace());
        let caption = |replay: &Replay, over: bool| {
            Screen {
                board: replay.snapshot(),
                playing: false,
                over,
                colours: Colours::None,
            }
            .caption()
        };
        assert!(caption(&replay, false).starts_with("a queen goes on the first safe square"));
        replay.step();
        assert_eq!(
            caption(&replay, false),
            "queen on a4: the squares of rank 3 that the queens attack are shaded"
        );
        while replay.snapshot().solutions == 0 {
            replay.step();
        }
        assert_eq!(
            caption(&replay, false),
            "solution 1: no two queens attack each other"
        );
        while replay.step() {}
        assert_eq!(
            caption(&replay, true),
            "the search is over: 2 solutions in 16 placements"
        );
    }
}

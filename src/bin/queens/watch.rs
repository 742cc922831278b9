//! `queens watch`: the search animated in the terminal, redrawn in place.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use crossterm::event::{self, Event as Input, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::style::Print;
use crossterm::terminal::{self, ClearType};
use crossterm::{cursor, execute, queue};
use queens::Queens;
use queens::trace::{DeadEnd, Replay, Snapshot};

use crate::Failure;
use crate::args::WatchArgs;

/// The largest board drawn: 16 squares of 2 characters fit an 80-column terminal.
const MAX_WATCHED: usize = 16;
/// Faster than a terminal redraws, and than anyone can watch.
const MAX_SPEED: u32 = 1000;

/// Runs the animation until `q`: space plays or pauses, the arrows step forward and back.
pub fn watch(args: &WatchArgs) -> Result<(), Failure> {
    if !(1..=MAX_WATCHED).contains(&args.n) {
        return Err(Failure::Usage(format!(
            "boards from 1 to {MAX_WATCHED} are watched, not {}",
            args.n
        )));
    }
    if !(1..=MAX_SPEED).contains(&args.speed) {
        return Err(Failure::Usage(format!(
            "--speed must be 1 to {MAX_SPEED} steps a second, not {}",
            args.speed
        )));
    }
    if !(io::stdin().is_terminal() && io::stdout().is_terminal()) {
        return Err(Failure::Usage(
            "watch draws in a terminal: run it with one (or use `queens trace`)".into(),
        ));
    }
    if let Some(message) = too_small(args.n, terminal::size()?) {
        return Err(Failure::Usage(message));
    }
    let replay = Replay::new(Queens::try_new(args.n)?.trace());
    let mut out = io::stdout();
    terminal::enable_raw_mode()?;
    let shown = execute!(out, terminal::EnterAlternateScreen, cursor::Hide)
        .and_then(|()| run(&mut out, replay, !args.paused, args.speed));
    // The terminal is given back whatever happened.
    let restored = execute!(out, cursor::Show, terminal::LeaveAlternateScreen)
        .and_then(|()| terminal::disable_raw_mode());
    shown?;
    restored?;
    Ok(())
}

fn run(out: &mut impl Write, mut replay: Replay, mut playing: bool, speed: u32) -> io::Result<()> {
    let tick = Duration::from_secs(1) / speed;
    let mut next = Instant::now() + tick;
    loop {
        draw(out, replay.snapshot(), playing)?;
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
                    replay.step();
                }
                KeyCode::Left => {
                    playing = false;
                    replay.back();
                }
                _ => {}
            }
            next = Instant::now() + tick;
        } else if playing {
            playing = replay.step();
            next += tick;
        }
    }
}

/// What to say when a terminal of `(columns, rows)` cannot show an `n` x `n` board: two
/// characters a square, and the status and keys lines below it.
fn too_small(n: usize, (columns, rows): (u16, u16)) -> Option<String> {
    let (wide, high) = (2 * n - 1, n + 3);
    (usize::from(columns) < wide || usize::from(rows) < high).then(|| {
        format!(
            "watching a {n} x {n} board needs a terminal of at least {wide} x {high}; this one is {columns} x {rows}"
        )
    })
}

/// The board (`Q` a queen, `x` an attacked square of the row shaded, `!` a dead end's
/// squares), the counts and the keys, from the top left corner.
fn draw(out: &mut impl Write, board: &Snapshot, playing: bool) -> io::Result<()> {
    let n = board.columns.len();
    queue!(out, cursor::MoveTo(0, 0), terminal::Clear(ClearType::All))?;
    // Made smaller while it runs: say so rather than draw part of the board.
    if let Some(message) = too_small(n, terminal::size()?) {
        queue!(out, Print(message))?;
        return out.flush();
    }
    for (row, queen) in board.columns.iter().enumerate() {
        let mut line = String::new();
        for col in 0..n {
            let dead = match board.dead_end {
                Some(DeadEnd::Row(r)) => r == row,
                Some(DeadEnd::Column(c)) => c == col,
                None => false,
            };
            let attacked = board
                .attacked
                .is_some_and(|(r, mask)| r == row && mask >> col & 1 == 1);
            let square = match (*queen == Some(col), dead, attacked) {
                (true, ..) => 'Q',
                (false, true, _) => '!',
                (false, false, true) => 'x',
                _ => '.',
            };
            line.push(square);
            line.push(' ');
        }
        queue!(out, cursor::MoveTo(0, row as u16), Print(line.trim_end()))?;
    }
    let plural = |k: u64, word: &str| format!("{k} {word}{}", if k == 1 { "" } else { "s" });
    let status = format!(
        "depth {}, {} tried, {} found{}",
        board.depth(),
        plural(board.placements, "placement"),
        plural(board.solutions, "solution"),
        if playing { "" } else { " (paused)" }
    );
    queue!(
        out,
        cursor::MoveTo(0, n as u16 + 1),
        Print(status),
        cursor::MoveTo(0, n as u16 + 2),
        Print("space: play/pause   right: step   left: back   q: quit")
    )?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_terminal_too_small_for_the_board_is_named_with_the_size_it_needs() {
        assert_eq!(
            too_small(16, (40, 12)).as_deref(),
            Some(
                "watching a 16 x 16 board needs a terminal of at least 31 x 19; this one is 40 x 12"
            )
        );
        assert_eq!(too_small(16, (31, 19)), None);
        assert!(too_small(16, (30, 19)).is_some());
        assert!(too_small(16, (31, 18)).is_some());
        assert_eq!(too_small(8, (80, 24)), None);
        assert_eq!(too_small(1, (1, 4)), None);
    }
}

//! The progress bar of `queens count`: drawn on a terminal once a count has run a second,
//! never when stderr is a pipe or a file.

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A progress bar over subproblems, hidden until it is worth showing.
#[derive(Clone)]
pub struct Bar {
    bar: ProgressBar,
    started: Instant,
    shown: Arc<AtomicBool>,
    /// Never drawn (`--quiet`).
    quiet: bool,
}

impl Bar {
    /// A bar over `subproblems`, of which `resumed` were counted by an earlier run: they
    /// fill the bar from the start, and the time left is worked out from this run's pace
    /// over the subproblems it has left.
    pub fn new(subproblems: usize, resumed: usize, quiet: bool) -> Bar {
        let bar =
            ProgressBar::with_draw_target(Some(subproblems as u64), ProgressDrawTarget::hidden())
                .with_position(resumed as u64);
        let left = move |state: &ProgressState, out: &mut dyn std::fmt::Write| {
            let done = usize::try_from(state.pos()).unwrap_or(usize::MAX);
            let of = state.len().map_or(subproblems, |len| {
                usize::try_from(len).unwrap_or(usize::MAX)
            });
            let _ = match time_left(done, of, resumed, state.elapsed()) {
                Some(left) => write!(out, "{:#}", HumanDuration(left)),
                None => write!(out, "unknown"),
            };
        };
        if let Ok(style) = ProgressStyle::with_template(
            "{bar:40} {pos}/{len} subproblems, {elapsed} elapsed, ETA {left}",
        ) {
            bar.set_style(style.with_key("left", left));
        }
        Bar {
            bar,
            started: Instant::now(),
            shown: Arc::new(AtomicBool::new(false)),
            quiet,
        }
    }

    pub fn update(&self, progress: queens::counting::Progress) {
        self.bar.set_length(progress.of as u64);
        self.bar.set_position(progress.done as u64);
        let worth_showing = !self.quiet
            && self.started.elapsed() > Duration::from_secs(1)
            && std::io::stderr().is_terminal();
        if worth_showing && !self.shown.swap(true, Ordering::Relaxed) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The time the `of - done` subproblems left take at the pace of this run, which counted
/// `done - resumed` of them in `elapsed`; unknown until it has counted one. Subproblems
/// resumed from a checkpoint took no time here, and must not make the pace look faster.
fn time_left(done: usize, of: usize, resumed: usize, elapsed: Duration) -> Option<Duration> {
    let counted = done.checked_sub(resumed).filter(|&counted| counted > 0)?;
    let left = of.saturating_sub(done);
    Some(elapsed.mul_f64(left as f64 / counted as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_counts_only_the_work_left_at_this_run_s_pace() {
        let minute = Duration::from_secs(60);
        // Resumed at 900 of 1000, this run counted 10 in a minute: 90 left take 9 minutes,
        // where counting the resumed ones as this run's would say 6 seconds.
        assert_eq!(time_left(910, 1000, 900, minute), Some(9 * minute));
        assert_eq!(time_left(10, 1000, 0, minute), Some(99 * minute));
        assert_eq!(
            time_left(900, 1000, 900, minute),
            None,
            "nothing counted yet"
        );
        assert_eq!(time_left(1000, 1000, 900, minute), Some(Duration::ZERO));
    }

    #[test]
    fn a_resumed_count_s_bar_starts_full_of_what_it_resumed() {
        let bar = Bar::new(1000, 900, false);
        assert_eq!(bar.bar.position(), 900);
        assert_eq!(bar.bar.length(), Some(1000));
    }
}

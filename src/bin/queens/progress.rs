//! The progress bar of `queens count`: drawn on a terminal once a count has run a second,
//! never when stderr is a pipe or a file.

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar over subproblems, hidden until it is worth showing.
#[derive(Clone)]
pub struct Bar {
    bar: ProgressBar,
    started: Instant,
    shown: Arc<AtomicBool>,
}

impl Bar {
    pub fn new(subproblems: usize) -> Bar {
        let bar =
            ProgressBar::with_draw_target(Some(subproblems as u64), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template(
            "{bar:40} {pos}/{len} subproblems, {elapsed} elapsed, ETA {eta}",
        ) {
            bar.set_style(style);
        }
        Bar {
            bar,
            started: Instant::now(),
            shown: Arc::new(AtomicBool::new(false)),
        }
    }

    pub fn update(&self, progress: queens::counting::Progress) {
        self.bar.set_length(progress.of as u64);
        self.bar.set_position(progress.done as u64);
        let worth_showing =
            self.started.elapsed() > Duration::from_secs(1) && std::io::stderr().is_terminal();
        if worth_showing && !self.shown.swap(true, Ordering::Relaxed) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

//! How far `generate` has got, on standard error when it is a terminal: puzzles made of those
//! asked, candidates tried, time spent. Nothing at all on a pipe or with `-q`.

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// Candidates counted on a thread before they are added to the shared count (the count is
/// read only to be shown: adding each one from every thread would cost the smallest puzzles
/// time).
pub const BATCH: u32 = 64;

/// The progress line of a run of `generate`.
pub struct Progress {
    /// None when nothing is shown.
    bar: Option<ProgressBar>,
    /// Candidates tried so far, over every puzzle (in steps of [`BATCH`] while a puzzle is
    /// made).
    attempts: AtomicU64,
}

impl Progress {
    /// A progress line for `asked` puzzles, shown when standard error is a terminal and the
    /// run is not quiet.
    pub fn new(asked: u64, quiet: bool) -> Progress {
        let bar = (!quiet && io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new(asked);
            let style = ProgressStyle::with_template(
                "{spinner} {pos}/{len} puzzles made, {msg} [{elapsed}, eta {eta}]",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar.set_message("0 candidates tried");
            // Redrawn by a thread of its own, so that a candidate that takes long still shows
            // the time going.
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress { bar, attempts: AtomicU64::new(0) }
    }

    /// Whether anything is shown.
    pub fn shown(&self) -> bool {
        self.bar.is_some()
    }

    /// `n` more candidates tried.
    pub fn tried(&self, n: u32) {
        if let Some(bar) = &self.bar {
            let total = self.attempts.fetch_add(u64::from(n), Ordering::Relaxed) + u64::from(n);
            bar.set_message(format!("{total} candidates tried"));
        }
    }

    /// One more puzzle done (made, or given up on).
    pub fn done(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Runs `f` (which writes to standard error or output) with the line out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// The line is cleared.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

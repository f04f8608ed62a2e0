//! Long work off the window's thread: drawing board pictures and writing the report with them. The
//! window stays responsive and says what is under way, with a spinner and the time it has taken, until
//! the work hands back its result.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use egui::RichText;

use crate::theme;

/// Work under way on a thread of its own.
pub struct Work<T> {
    /// What the window says while it runs ("Drawing the Combat Sheet at 2×").
    pub label: String,
    started: Instant,
    result: Receiver<T>,
}

impl<T: Send + 'static> Work<T> {
    /// Starts `work` on a new thread.
    pub fn start(label: impl Into<String>, work: impl FnOnce() -> T + Send + 'static) -> Self {
        let (send, result) = mpsc::channel();
        std::thread::spawn(move || {
            // The window may have gone (the game closed): nobody waits for the result then.
            let _ = send.send(work());
        });
        Self {
            label: label.into(),
            started: Instant::now(),
            result,
        }
    }
}

impl<T> Work<T> {
    /// The result once the work is done: `Some(Ok)`, or `Some(Err)` with a message when the thread
    /// stopped without one (a fault while drawing). `None` while it runs.
    pub fn poll(&self) -> Option<Result<T, String>> {
        match self.result.try_recv() {
            Ok(done) => Some(Ok(done)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(format!(
                "{}: stopped before it was done (a fault; nothing was written)",
                self.label
            ))),
        }
    }

    /// How long it has run.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The line that says what is under way: a spinner, the label and the seconds so far. Asks for the
    /// next frame a tenth of a second on, so that the result is taken as soon as it comes.
    pub fn show(&self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.add(egui::Spinner::new());
            ui.label(
                RichText::new(format!("{}… {:.1} s", self.label, self.elapsed().as_secs_f32()))
                    .color(theme::HIGHLIGHT),
            );
        });
        ui.ctx().request_repaint_after(Duration::from_millis(100));
    }

    /// [`Work::show`] in a small box at the bottom of the window, over the table.
    pub fn show_over(&self, ctx: &egui::Context) {
        egui::Area::new(egui::Id::unique("periscope-work"))
            .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -40.0))
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| self.show(ui));
            });
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    /// What the work gives back, polled as the window does, for at most five seconds.
    fn waited<T>(work: &Work<T>) -> Option<Result<T, String>> {
        for _ in 0..500 {
            if let Some(done) = work.poll() {
                return Some(done);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }

    #[test]
    fn the_result_comes_once_the_work_is_done_and_not_before() {
        let (go, wait) = mpsc::channel::<()>();
        let work = Work::start("Drawing", move || {
            wait.recv().unwrap();
            42
        });
        assert!(work.poll().is_none(), "still under way");
        go.send(()).unwrap();
        assert_eq!(waited(&work), Some(Ok(42)));
    }

    #[test]
    fn a_thread_that_fails_says_so_instead_of_waiting_forever() {
        let work: Work<u8> = Work::start("Drawing the table", || panic!("a fault"));
        let message = waited(&work).unwrap().unwrap_err();
        assert!(message.starts_with("Drawing the table: stopped"), "{message}");
    }
}

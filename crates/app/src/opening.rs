//! Opening a long save without freezing the window: its actions are replayed (and checked against its
//! record) on a worker thread, while a window over the screen counts them. A save of a few thousand
//! actions opens within a frame or two and skips this.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, TryRecvError};

use periscope_engine::save::SaveFile;

use crate::entry::{OpenSave, Opened, REPLAYED};
use crate::screen::AnyScreen;
use crate::stats::table::thousands;

/// From how many actions a save is replayed on a worker thread.
pub const LONG_SAVE: usize = 20_000;

/// What the worker sends back: the game's screen, or why the save cannot be opened.
type Replayed = Result<Box<dyn AnyScreen>, String>;

/// A long save being replayed.
pub struct Opening {
    path: PathBuf,
    total: usize,
    result: Receiver<Replayed>,
}

impl Opening {
    /// Starts replaying `save` (read from `path`) onto its game's table on a worker thread.
    pub fn start(path: &Path, open: OpenSave, save: SaveFile, opened: Opened) -> Self {
        let total = save.actions.len();
        let (send, result) = std::sync::mpsc::channel();
        let shown = path.to_path_buf();
        REPLAYED.store(0, Ordering::Relaxed);
        std::thread::spawn(move || {
            let screen = open(save, opened).map_err(|e| format!("{}: {e}", shown.display()));
            // The window may have closed meanwhile; then nobody waits for the screen.
            let _ = send.send(screen);
        });
        Self {
            path: path.to_path_buf(),
            total,
            result,
        }
    }

    /// Shows how far the replay has come, over the screen; returns the screen (or why the save cannot be
    /// opened) once it is done.
    pub fn show(&self, ctx: &egui::Context) -> Option<Replayed> {
        match self.result.try_recv() {
            Ok(done) => return Some(done),
            Err(TryRecvError::Disconnected) => {
                return Some(Err(format!(
                    "{}: the replay stopped without a result",
                    self.path.display()
                )));
            }
            Err(TryRecvError::Empty) => {}
        }
        let done = REPLAYED.load(Ordering::Relaxed).min(self.total);
        egui::Modal::new(egui::Id::unique("opening-long-save")).show(ctx, |ui| {
            ui.heading("Opening a long game");
            ui.label(format!("{}", self.path.display()));
            ui.label(format!(
                "{} of {} actions replayed and checked against the save",
                thousands(done as u64),
                thousands(self.total as u64)
            ));
            ui.add(
                egui::ProgressBar::new(done as f32 / self.total.max(1) as f32)
                    .show_percentage()
                    .desired_width(360.0),
            );
        });
        ctx.request_repaint_after(std::time::Duration::from_millis(100));
        None
    }
}

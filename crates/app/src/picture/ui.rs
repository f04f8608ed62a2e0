//! "Export board as PNG" in a game's menu: each board at 1×, 2×, 3× or the view's zoom, saved where the
//! player picks (the desktop's dialog, or `exports/` in the data folder and a path field, as Save as and
//! the PDF export do).

use egui::Rect;

use super::ZOOMS;
use crate::files::{PathPrompt, Picked, Prompted};
use crate::storage::Storage;

/// A board and zoom picked in the menu.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Chosen {
    pub board: &'static str,
    pub zoom: f32,
}

/// How a zoom reads in a button: "2×", "1.5×".
pub fn zoom_words(zoom: f32) -> String {
    let z = (zoom * 100.0).round() / 100.0;
    format!("{z}×")
}

/// The submenu: a submenu per board with one labelled button per zoom ("Combat Sheet at 2×"), and the
/// view's own zoom when given. Returns what was clicked.
pub fn menu(ui: &mut egui::Ui, boards: &[(&'static str, Rect)], view_zoom: Option<f32>) -> Option<Chosen> {
    let mut chosen = None;
    ui.menu_button("Export board as PNG", |ui| {
        for (board, _) in boards {
            ui.menu_button(*board, |ui| {
                for zoom in ZOOMS {
                    if ui.button(format!("{board} at {}", zoom_words(zoom))).clicked() {
                        chosen = Some(Chosen { board, zoom });
                    }
                }
                if let Some(zoom) = view_zoom {
                    let label = format!("{board} at the view's zoom ({})", zoom_words(zoom));
                    if ui.button(label).clicked() {
                        chosen = Some(Chosen { board, zoom });
                    }
                }
            });
        }
    });
    chosen
}

/// The picture export's state: Periscope's path field while a picture written to `exports/` may be
/// written elsewhere too.
#[derive(Default)]
pub struct PictureExport {
    pending: Option<(PathPrompt, Vec<u8>)>,
}

/// Writes a file atomically; the message says where, or why not.
fn write(path: &std::path::Path, bytes: &[u8]) -> String {
    match periscope_data::files::write_atomically(path, bytes) {
        Ok(()) => format!("Saved the picture to {}", path.display()),
        Err(e) => format!("Could not write {}: {e}", path.display()),
    }
}

impl PictureExport {
    /// Asks where to save the PNG and writes it; the message for the status line.
    pub fn save(&mut self, storage: &Storage, file: &str, bytes: Vec<u8>) -> String {
        match storage.dialogs.save("PNG picture", "png", file) {
            Picked::Path(path) => write(&path, &bytes),
            Picked::Cancelled => "Export board as PNG: cancelled, nothing written.".into(),
            Picked::NoDialog => {
                let path = storage.exports_dir().join(file);
                let done = write(&path, &bytes);
                let note = format!(
                    "{done} (this desktop shows no file dialog). To write it elsewhere too, type a path:"
                );
                self.pending = Some((
                    PathPrompt::new("Export board as PNG", "Save", &path).with_note(note),
                    bytes,
                ));
                done
            }
        }
    }

    /// The path field, while it is open; the message when it wrote the picture.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<String> {
        let (prompt, bytes) = self.pending.as_mut()?;
        match prompt.show(ctx) {
            Prompted::Waiting => None,
            Prompted::Closed => {
                self.pending = None;
                None
            }
            Prompted::Chosen(path) => {
                let message = write(&path, bytes);
                self.pending = None;
                Some(message)
            }
        }
    }
}

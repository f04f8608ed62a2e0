//! "Export board as PNG" in a game's menu: each board at 1×, 2×, 3× or the view's zoom, saved where the
//! player picks (the desktop's dialog, or `exports/` in the data folder and a path field, as Save as and
//! the PDF export do).

use egui::Rect;

use super::ZOOMS;

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

//! The victory screen's shell, shown when a career ends [5.1] [5.2]: the paper frame on the felt, the
//! game's header, Print / Export…, Back to the table and Back to start, and the game's body in a scrolled
//! area below them (see [`CareerGame`]).

use egui::vec2;

use super::CareerGame;
use crate::panels::export::ExportWindow;
use crate::screen::GameScreen;
use crate::theme;

/// What the player asked for on the victory screen.
pub enum VictoryChoice {
    /// Back to the table (to look at the boards, or undo).
    Table,
    /// Back to the start screen.
    Start,
}

/// The victory screen of the career it is shown over (see `CareerTable`).
#[derive(Default)]
pub struct VictoryScreen {
    export: ExportWindow,
}

impl VictoryScreen {
    pub fn show<G: CareerGame>(
        &mut self,
        ui: &mut egui::Ui,
        career: &GameScreen<G>,
        storage: &crate::storage::Storage,
    ) -> Option<VictoryChoice> {
        let mut choice = None;
        let mut export = false;
        egui::CentralPanel::no_frame().show(ui, |ui| {
            ui.painter().rect_filled(ui.max_rect(), 0.0, theme::FELT_DARK);
            let width = (ui.available_width() - 60.0).clamp(400.0, 1100.0);
            let height = ui.available_height() - 16.0 - 56.0;
            ui.add_space(16.0);
            ui.horizontal(|ui| {
                ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
                egui::Frame::new()
                    .fill(theme::PAPER)
                    .corner_radius(6)
                    .inner_margin(18)
                    .stroke(egui::Stroke::new(2.0, theme::NAVY))
                    .show(ui, |ui| {
                        ui.set_width(width);
                        theme::paper_visuals(ui);
                        ui.vertical(|ui| {
                            G::victory_header(ui, &career.session);
                            buttons(ui, &mut export, &mut choice);
                            ui.separator();
                            let body_height = (height - G::VICTORY_HEADER_HEIGHT).max(120.0);
                            egui::ScrollArea::vertical()
                                .id_salt(G::VICTORY_BODY_ID)
                                .max_height(body_height)
                                .min_scrolled_height(body_height)
                                .auto_shrink([false, true])
                                .show(ui, |ui| G::victory_body(ui, &career.session));
                        });
                    });
            });
        });
        if export {
            self.export.open = true;
        }
        let game = career.session.game();
        if self.export.open
            && let Some(paper) = game.paperwork()
        {
            let pictures = || crate::panels::export::pictures_of(game);
            self.export.show(ui.ctx(), &paper, storage, &pictures);
        }
        choice
    }
}

/// Print / Export…, Back to the table and Back to start, in a row.
fn buttons(ui: &mut egui::Ui, export: &mut bool, choice: &mut Option<VictoryChoice>) {
    ui.horizontal(|ui| {
        for (label, pick) in [
            ("Print / Export…", None),
            ("Back to the table", Some(VictoryChoice::Table)),
            ("Back to start", Some(VictoryChoice::Start)),
        ] {
            if ui
                .add(egui::Button::new(label).min_size(vec2(140.0, 28.0)))
                .clicked()
            {
                match pick {
                    None => *export = true,
                    Some(p) => *choice = Some(p),
                }
            }
        }
    });
}

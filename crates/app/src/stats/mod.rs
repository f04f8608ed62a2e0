//! The hall of fame and the Statistics screen. Every finished game of every game is recorded once
//! (`store.rs`; each game's line is written by its own `hall.rs`); the screen, opened from the start
//! screen, shows them filtered by game: the sortable table (`table.rs`), the plots (`plots.rs`), the
//! panels the games add below them ([`HallPanel`], Sensuikan's tournaments), and Export CSV… (`csv.rs`).
//! A line of the file that cannot be read is named on the screen and skipped; the rest is shown.

pub mod csv;
pub mod plots;
pub mod store;
pub mod table;

use std::path::PathBuf;

use egui::RichText;
use periscope_data::hall::Entry;

use crate::files::Export;
use crate::storage::Storage;
use crate::theme;

/// The game's name on a line: as recorded, else its id; a guided first game says it is a tutorial.
pub fn game_name(e: &Entry) -> String {
    let name = if e.game_name.is_empty() {
        e.game.clone()
    } else {
        e.game_name.clone()
    };
    if e.tutorial {
        format!("{name} (tutorial)")
    } else {
        name
    }
}

/// A game's own panel of the Statistics screen, below the plots, given the careers shown (Sensuikan's
/// tournaments); a game's entry lists its panels.
pub type HallPanel = fn(&mut egui::Ui, &[&Entry]);

/// What the player asked for on the Statistics screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatsChoice {
    /// Back to the start screen.
    Start,
    /// Open a career's save.
    Open(PathBuf),
}

/// The Statistics screen.
#[derive(Default)]
pub struct StatisticsScreen {
    pub hall: store::Hall,
    /// The game shown (its id), or every game.
    pub filter: Option<String>,
    pub sort: table::Sort,
    /// A line for the player: a CSV written, a save that could not be opened.
    pub message: Option<String>,
    /// Periscope's own path field for the CSV, when the desktop has no dialog.
    csv: Export,
    /// The games' own panels, below the plots, in the registry's order.
    panels: Vec<HallPanel>,
}

impl StatisticsScreen {
    /// The screen over the hall of fame as it is on disk now.
    pub fn open(storage: &Storage) -> Self {
        Self {
            hall: store::read(storage),
            ..Self::default()
        }
    }

    /// The screen with the games' own panels below the plots.
    pub fn with_panels(mut self, panels: Vec<HallPanel>) -> Self {
        self.panels = panels;
        self
    }

    /// The games the hall holds, `(id, name)`, in the order first recorded.
    pub fn games(&self) -> Vec<(String, String)> {
        let mut games: Vec<(String, String)> = Vec::new();
        for e in &self.hall.entries {
            if !games.iter().any(|(id, _)| *id == e.game) {
                games.push((e.game.clone(), game_name(e)));
            }
        }
        games
    }

    /// The careers of the game chosen, in the table's order.
    pub fn rows(&self) -> Vec<&Entry> {
        let shown: Vec<&Entry> = self
            .hall
            .entries
            .iter()
            .filter(|e| self.filter.as_ref().is_none_or(|g| *g == e.game))
            .collect();
        table::sorted(&shown, self.sort)
    }

    /// Export CSV…: the careers shown, to the file the player picks (or `exports/` without a dialog).
    fn export_csv(&mut self, storage: &Storage) {
        let text = csv::write(&self.rows());
        self.message = Some(self.csv.save(
            storage.export_to(),
            "Export CSV",
            "CSV",
            "csv",
            "hall-of-fame.csv",
            text.into_bytes(),
        ));
    }

    pub fn show(&mut self, ui: &mut egui::Ui, storage: &Storage) -> Option<StatsChoice> {
        let mut choice = None;
        let mut export = false;
        egui::Panel::top(egui::Id::unique("hall-top")).show(ui, |ui| {
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                if ui.button("Back to start").clicked() {
                    choice = Some(StatsChoice::Start);
                }
                crate::panels::help::menu(ui);
                ui.separator();
                ui.label(RichText::new("Hall of fame").strong().size(18.0));
                ui.separator();
                let games = self.games();
                let shown = self
                    .filter
                    .as_ref()
                    .and_then(|id| games.iter().find(|(g, _)| g == id))
                    .map_or("Every game".to_string(), |(_, name)| name.clone());
                let combo = egui::ComboBox::from_id_salt("hall-game")
                    .selected_text(format!("Game: {shown}"))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut self.filter, None, "Every game");
                        for (id, name) in &games {
                            ui.selectable_value(&mut self.filter, Some(id.clone()), name);
                        }
                    });
                combo
                    .response
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Game"));
                let rows = self.rows().len();
                let any = rows > 0;
                if ui
                    .add_enabled(any, egui::Button::new("Export CSV…"))
                    .on_hover_text("The careers shown, as a spreadsheet's CSV file")
                    .clicked()
                {
                    export = true;
                }
                ui.label(match rows {
                    1 => "1 career".to_string(),
                    n => format!("{n} careers"),
                });
            });
            if let Some(m) = &self.message {
                ui.colored_label(theme::HIGHLIGHT, m);
            }
            ui.add_space(4.0);
        });
        if export {
            self.export_csv(storage);
        }
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("hall-body")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    if let Some(open) = self.body(ui) {
                        choice = Some(open);
                    }
                });
        });
        if let Some(message) = self.csv.show(ui.ctx()) {
            self.message = Some(message);
        }
        choice
    }

    /// The damaged lines, then the table, the plots and the games' panels (or a sentence when empty).
    fn body(&mut self, ui: &mut egui::Ui) -> Option<StatsChoice> {
        if let Some(why) = &self.hall.unreadable {
            ui.colored_label(theme::DANGER, why);
        }
        for e in &self.hall.errors {
            ui.colored_label(
                theme::DANGER,
                format!(
                    "Line {} of {} could not be read and is skipped: {}",
                    e.line,
                    self.hall.path.display(),
                    e.reason
                ),
            );
        }
        let mut sort = self.sort;
        let rows = self.rows();
        if rows.is_empty() {
            ui.add_space(20.0);
            let sentence = if self.hall.entries.is_empty() {
                "No career has finished yet. Each career you play to its end — a Sensuikan or \
                 Atlantic Sentinels career, a single convoy, a game of Submarine Hunt — takes its \
                 place here, with its plots."
            } else {
                "No career of this game has finished yet: choose another game above."
            };
            ui.label(RichText::new(sentence).size(16.0));
            return None;
        }
        ui.label(RichText::new("Careers").strong().size(17.0));
        let opened = table::show(ui, &rows, &mut sort);
        let open = opened.and_then(|e| self.hall.save_of(e)).map(StatsChoice::Open);
        ui.add_space(12.0);
        ui.separator();
        // A guided first game is listed, not counted: the plots and panels are the careers'.
        let careers: Vec<&Entry> = rows.iter().copied().filter(|e| !e.tutorial).collect();
        if careers.len() < rows.len() {
            ui.label(
                RichText::new("Tutorials (guided first games) are listed above but not counted below.")
                    .color(theme::PAPER_SHADE),
            );
        }
        plots::show(ui, &careers);
        for panel in &self.panels {
            ui.add_space(12.0);
            ui.separator();
            panel(ui, &careers);
        }
        self.sort = sort;
        open
    }
}

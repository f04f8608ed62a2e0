//! The start screen: choose a game, continue the autosave, open a save, or lay out a Track-mode table.

use egui::{Align, Layout, RichText, vec2};

use crate::theme;

/// How a new game rolls its dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DiceChoice {
    #[default]
    Digital,
    Physical,
}

#[derive(Default)]
pub struct StartScreen {
    pub dice: DiceChoice,
    /// Empty: a fresh random seed.
    pub seed_text: String,
    pub has_autosave: bool,
    pub has_track_table: bool,
    pub message: Option<String>,
    /// What the player's chart overrides did (see `storage::check_overrides`).
    pub overrides: Vec<String>,
}

/// What the player chose.
pub enum StartChoice {
    NewHunt { physical: bool, seed: Option<u64> },
    ContinueHunt,
    Open,
    Track,
}

impl StartScreen {
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<StartChoice> {
        let mut choice = None;
        egui::CentralPanel::no_frame().show(ui, |ui| {
            ui.painter().rect_filled(ui.max_rect(), 0.0, theme::FELT_DARK);
            ui.with_layout(Layout::top_down(Align::Center), |ui| {
                ui.add_space(40.0);
                ui.label(RichText::new("PERISCOPE").size(46.0).strong().color(theme::PAPER));
                ui.label(
                    RichText::new("A table for solitaire naval wargames")
                        .size(16.0)
                        .color(theme::PAPER_SHADE),
                );
                ui.add_space(30.0);
                egui::Frame::new()
                    .fill(theme::PAPER)
                    .corner_radius(6)
                    .inner_margin(20)
                    .stroke(egui::Stroke::new(2.0, theme::NAVY))
                    .show(ui, |ui| {
                        ui.set_width(460.0);
                        // Printed-paper look inside the card: dark ink on light widgets.
                        *ui.visuals_mut() = egui::Visuals::light();
                        ui.visuals_mut().override_text_color = Some(theme::NAVY);
                        ui.label(
                            RichText::new("SUBMARINE HUNT")
                                .size(22.0)
                                .strong()
                                .color(theme::NAVY),
                        );
                        ui.label(
                            "Hunt with sonar dice, torpedo what you find, and get home with 50 Sink Points.",
                        );
                        ui.add_space(8.0);
                        ui.horizontal(|ui| {
                            ui.label("Dice:");
                            ui.radio_value(&mut self.dice, DiceChoice::Digital, "Digital (Periscope rolls)");
                            ui.radio_value(&mut self.dice, DiceChoice::Physical, "Physical (I roll)");
                        });
                        ui.horizontal(|ui| {
                            ui.label("Seed:");
                            let r = ui.add(
                                egui::TextEdit::singleline(&mut self.seed_text)
                                    .hint_text("random")
                                    .desired_width(140.0),
                            );
                            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Seed"));
                        });
                        ui.add_space(8.0);
                        ui.horizontal(|ui| {
                            if ui
                                .add(
                                    egui::Button::new(RichText::new("New game").size(16.0))
                                        .min_size(vec2(140.0, 34.0)),
                                )
                                .clicked()
                            {
                                let seed = self.seed_text.trim();
                                if seed.is_empty() {
                                    choice = Some(StartChoice::NewHunt {
                                        physical: self.dice == DiceChoice::Physical,
                                        seed: None,
                                    });
                                } else if let Ok(s) = seed.parse::<u64>() {
                                    choice = Some(StartChoice::NewHunt {
                                        physical: self.dice == DiceChoice::Physical,
                                        seed: Some(s),
                                    });
                                } else {
                                    self.message =
                                        Some(format!("The seed must be a whole number, not '{seed}'."));
                                }
                            }
                            if ui
                                .add_enabled(self.has_autosave, egui::Button::new("Continue"))
                                .on_hover_text("Continue the game you last played")
                                .clicked()
                            {
                                choice = Some(StartChoice::ContinueHunt);
                            }
                        });
                    });
                ui.add_space(16.0);
                ui.horizontal(|ui| {
                    ui.add_space((ui.available_width() - 330.0).max(0.0) / 2.0);
                    if ui
                        .add(egui::Button::new("Open a save…").min_size(vec2(150.0, 30.0)))
                        .clicked()
                    {
                        choice = Some(StartChoice::Open);
                    }
                    let track = if self.has_track_table {
                        "Track mode (your table)"
                    } else {
                        "Track mode"
                    };
                    if ui
                        .add(egui::Button::new(track).min_size(vec2(170.0, 30.0)))
                        .on_hover_text("A free table beside your physical game: no rules enforced")
                        .clicked()
                    {
                        choice = Some(StartChoice::Track);
                    }
                });
                if let Some(m) = &self.message {
                    ui.add_space(12.0);
                    ui.colored_label(theme::HIGHLIGHT, m);
                }
                if !self.overrides.is_empty() {
                    ui.add_space(12.0);
                    ui.label(RichText::new("Chart overrides").strong().color(theme::PAPER));
                    for line in &self.overrides {
                        ui.colored_label(theme::PAPER_SHADE, line);
                    }
                }
            });
        });
        choice
    }
}

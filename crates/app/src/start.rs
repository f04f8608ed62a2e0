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
    pub has_career_autosave: bool,
    pub has_track_table: bool,
    pub has_sensuikan_track_table: bool,
    pub message: Option<String>,
    /// What the player's chart overrides did (see `storage::check_overrides`).
    pub overrides: Vec<String>,
}

/// What the player chose.
pub enum StartChoice {
    NewHunt { physical: bool, seed: Option<u64> },
    ContinueHunt,
    NewCareer { physical: bool, seed: Option<u64> },
    ContinueCareer,
    Open,
    Track,
    TrackSensuikan,
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
                ui.horizontal(|ui| {
                    ui.add_space((ui.available_width() - 560.0).max(0.0) / 2.0);
                    ui.label(RichText::new("Dice:").color(theme::PAPER));
                    ui.radio_value(&mut self.dice, DiceChoice::Digital, "Digital (Periscope rolls)");
                    ui.radio_value(&mut self.dice, DiceChoice::Physical, "Physical (I roll)");
                    ui.add_space(12.0);
                    ui.label(RichText::new("Seed:").color(theme::PAPER));
                    let r = ui.add(
                        egui::TextEdit::singleline(&mut self.seed_text)
                            .hint_text("random")
                            .desired_width(140.0),
                    );
                    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Seed"));
                });
                ui.add_space(14.0);
                let physical = self.dice == DiceChoice::Physical;
                let seed = self.seed_text.trim().to_string();
                let parsed = if seed.is_empty() {
                    Ok(None)
                } else {
                    seed.parse::<u64>().map(Some)
                };
                let start =
                    |make: fn(bool, Option<u64>) -> StartChoice, message: &mut Option<String>| match parsed {
                        Ok(seed) => Some(make(physical, seed)),
                        Err(_) => {
                            *message = Some(format!("The seed must be a whole number, not '{seed}'."));
                            None
                        }
                    };
                ui.horizontal(|ui| {
                    ui.add_space((ui.available_width() - 960.0).max(0.0) / 2.0);
                    let hunt = game_card(
                        ui,
                        "SUBMARINE HUNT",
                        "Hunt with sonar dice, torpedo what you find, and get home with 50 Sink Points.",
                        ("New game", "Continue"),
                        self.has_autosave,
                    );
                    ui.add_space(20.0);
                    let career = game_card(
                        ui,
                        "SENSUIKAN",
                        "A Japanese fleet submarine from December 1941 to July 1945: patrols, combat, refit, \
                         awards and promotion.",
                        ("New career", "Continue career"),
                        self.has_career_autosave,
                    );
                    match (hunt, career) {
                        (Some(true), _) => {
                            choice = start(
                                |p, s| StartChoice::NewHunt { physical: p, seed: s },
                                &mut self.message,
                            )
                        }
                        (Some(false), _) => choice = Some(StartChoice::ContinueHunt),
                        (_, Some(true)) => {
                            choice = start(
                                |p, s| StartChoice::NewCareer { physical: p, seed: s },
                                &mut self.message,
                            )
                        }
                        (_, Some(false)) => choice = Some(StartChoice::ContinueCareer),
                        _ => {}
                    }
                });
                ui.add_space(16.0);
                ui.horizontal(|ui| {
                    ui.add_space((ui.available_width() - 560.0).max(0.0) / 2.0);
                    if ui
                        .add(egui::Button::new("Open a save…").min_size(vec2(150.0, 30.0)))
                        .clicked()
                    {
                        choice = Some(StartChoice::Open);
                    }
                    let track = if self.has_track_table {
                        "Track mode: Submarine Hunt (your table)"
                    } else {
                        "Track mode: Submarine Hunt"
                    };
                    if ui
                        .add(egui::Button::new(track).min_size(vec2(190.0, 30.0)))
                        .on_hover_text("A free table beside your physical game: no rules enforced")
                        .clicked()
                    {
                        choice = Some(StartChoice::Track);
                    }
                    let track = if self.has_sensuikan_track_table {
                        "Track mode: Sensuikan (your table)"
                    } else {
                        "Track mode: Sensuikan"
                    };
                    if ui
                        .add(egui::Button::new(track).min_size(vec2(190.0, 30.0)))
                        .on_hover_text("Sensuikan's boards and counters beside your physical game")
                        .clicked()
                    {
                        choice = Some(StartChoice::TrackSensuikan);
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

/// A game's card on the start screen: `Some(true)` for a new game, `Some(false)` to continue.
fn game_card(
    ui: &mut egui::Ui,
    title: &str,
    blurb: &str,
    buttons: (&str, &str),
    can_continue: bool,
) -> Option<bool> {
    let mut picked = None;
    egui::Frame::new()
        .fill(theme::PAPER)
        .corner_radius(6)
        .inner_margin(20)
        .stroke(egui::Stroke::new(2.0, theme::NAVY))
        .show(ui, |ui| {
            ui.set_width(430.0);
            ui.set_min_height(120.0);
            // Printed-paper look inside the card: dark ink on light widgets.
            *ui.visuals_mut() = egui::Visuals::light();
            ui.visuals_mut().override_text_color = Some(theme::NAVY);
            // The card stacks its lines even inside the row of cards.
            ui.vertical(|ui| {
                ui.label(RichText::new(title).size(22.0).strong().color(theme::NAVY));
                ui.label(blurb);
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    if ui
                        .add(
                            egui::Button::new(RichText::new(buttons.0).size(16.0))
                                .min_size(vec2(140.0, 34.0)),
                        )
                        .clicked()
                    {
                        picked = Some(true);
                    }
                    let resume = egui::Button::new(buttons.1);
                    if ui
                        .add_enabled(can_continue, resume)
                        .on_hover_text("Continue where you left off")
                        .clicked()
                    {
                        picked = Some(false);
                    }
                });
            });
        });
    picked
}

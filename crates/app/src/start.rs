//! The start screen: choose a game, continue the autosave, open a save, or lay out a Track-mode table.
//! One card per registered game and one Track button per game with a Track table; it knows no game.

use egui::{Align, Layout, RichText, vec2};

use crate::games::Card;
use crate::theme;

/// How many game cards share a row.
const CARDS_PER_ROW: usize = 2;
/// A card's width with its frame and margins, and the gap between two cards.
const CARD_WIDTH: f32 = 470.0;
const CARD_GAP: f32 = 20.0;

/// How a new game rolls its dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DiceChoice {
    #[default]
    Digital,
    Physical,
}

/// A game's card as the start screen shows it.
#[derive(Debug, Clone)]
pub struct GameCard {
    /// The game's id.
    pub game: &'static str,
    pub card: Card,
    /// Whether it has an autosave to continue.
    pub can_continue: bool,
}

/// A Track-mode button.
#[derive(Debug, Clone)]
pub struct TrackButton {
    /// The layout's id.
    pub layout: &'static str,
    /// The game's name on the button.
    pub name: &'static str,
    pub hover: &'static str,
    /// Whether the player has a table saved.
    pub saved: bool,
}

#[derive(Default)]
pub struct StartScreen {
    pub dice: DiceChoice,
    /// Empty: a fresh random seed.
    pub seed_text: String,
    /// One per registered game, in the registry's order.
    pub cards: Vec<GameCard>,
    pub tracks: Vec<TrackButton>,
    pub message: Option<String>,
    /// What the player's chart overrides did (see `storage::check_overrides`).
    pub overrides: Vec<String>,
}

/// What the player chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartChoice {
    New {
        game: &'static str,
        physical: bool,
        seed: Option<u64>,
    },
    Continue {
        game: &'static str,
    },
    Open,
    Track {
        layout: &'static str,
    },
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
                for (r, row) in self.cards.chunks(CARDS_PER_ROW).enumerate() {
                    if r > 0 {
                        ui.add_space(CARD_GAP);
                    }
                    let n = row.len() as f32;
                    let width = n * CARD_WIDTH + (n - 1.0) * CARD_GAP;
                    let mut picked = None;
                    ui.horizontal(|ui| {
                        ui.add_space((ui.available_width() - width).max(0.0) / 2.0);
                        for (i, card) in row.iter().enumerate() {
                            if i > 0 {
                                ui.add_space(CARD_GAP);
                            }
                            if let Some(new) = game_card(ui, &card.card, card.can_continue) {
                                picked = picked.or(Some((card.game, new)));
                            }
                        }
                    });
                    match picked {
                        Some((game, true)) => match parsed {
                            Ok(seed) => choice = Some(StartChoice::New { game, physical, seed }),
                            Err(_) => {
                                self.message =
                                    Some(format!("The seed must be a whole number, not '{seed}'."));
                            }
                        },
                        Some((game, false)) => choice = Some(StartChoice::Continue { game }),
                        None => {}
                    }
                }
                ui.add_space(16.0);
                ui.horizontal(|ui| {
                    ui.add_space((ui.available_width() - 560.0).max(0.0) / 2.0);
                    if ui
                        .add(egui::Button::new("Open a save…").min_size(vec2(150.0, 30.0)))
                        .clicked()
                    {
                        choice = Some(StartChoice::Open);
                    }
                    for track in &self.tracks {
                        let label = if track.saved {
                            format!("Track mode: {} (your table)", track.name)
                        } else {
                            format!("Track mode: {}", track.name)
                        };
                        if ui
                            .add(egui::Button::new(label).min_size(vec2(190.0, 30.0)))
                            .on_hover_text(track.hover)
                            .clicked()
                        {
                            choice = Some(StartChoice::Track { layout: track.layout });
                        }
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
fn game_card(ui: &mut egui::Ui, card: &Card, can_continue: bool) -> Option<bool> {
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
                ui.label(RichText::new(card.title).size(22.0).strong().color(theme::NAVY));
                ui.label(card.blurb);
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    if ui
                        .add(
                            egui::Button::new(RichText::new(card.new_label).size(16.0))
                                .min_size(vec2(140.0, 34.0)),
                        )
                        .clicked()
                    {
                        picked = Some(true);
                    }
                    let resume = egui::Button::new(card.continue_label);
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

//! The set-up of an Atlantic career, one page: the escort group with its ships (or rolled at the table
//! [4.1]), the base [4.1], the Senior Officer Escort's name [4.3.1], the dice, who plays [10.1] [10.2],
//! the optional rules [12.0] and a historical scenario instead of the whole war [11.1] [11.2]. Start
//! makes the career on these options on the engine, which judges them (a bad choice is reported on the
//! page, nothing starts). "A single convoy…" opens the single convoy's own wizard.

use egui::{RichText, vec2};
use periscope_engine::atlantic::career::{Career, CareerOptions, Players};
use periscope_engine::{DiceMode, Session};

use super::career::CareerTable;
use crate::Nav;
use crate::entry::NewGame;
use crate::screen::{AnyScreen, Desk};
use crate::theme;

/// An optional rule [12.0] as both wizards show it: its box, with our one-line summary of the rule
/// beneath (`data/atlantic/rules.json`, the reference's words), as Sensuikan's wizard has them.
pub fn optional_rule(ui: &mut egui::Ui, on: &mut bool, name: &str, case: &str) {
    ui.checkbox(on, format!("{name} [{case}]"));
    if let Some(line) = rule_summary(case) {
        ui.horizontal_wrapped(|ui| {
            ui.add_space(24.0);
            ui.label(RichText::new(line).small().color(theme::NAVY_LIGHT));
        });
    }
}

/// Our summary of an optional rule, without the "Optional:" every one of them starts with.
pub fn rule_summary(case: &str) -> Option<String> {
    let c = super::rules::summaries()?.get(case)?;
    let text = c.summary.strip_prefix("Optional:").unwrap_or(&c.summary).trim();
    let mut chars = text.chars();
    let first = chars.next()?;
    Some(first.to_uppercase().chain(chars).collect())
}

/// The historical scenarios [11.1] [11.2], by the career options' ids.
pub const SCENARIOS: [(&str, &str); 2] = [
    ("on113", "ON 113, July 1942 [11.1]"),
    ("ons154", "ONS 154, December 1942 [11.2]"),
];

/// What the wizard answers, and what the player pressed.
pub enum Outcome {
    Cancel,
    Career(Box<Session<Career>>),
    SingleConvoy,
}

/// The wizard's answers.
pub struct CareerWizard {
    pub options: CareerOptions,
    pub physical: bool,
    pub seed_text: String,
    pub message: Option<String>,
}

/// The start screen's "New career": the wizard, with the start screen's dice and seed.
pub fn open(new: &NewGame<'_>) -> Result<Box<dyn AnyScreen>, String> {
    let mut wizard = CareerWizard::new(new.physical, new.seed.map(|s| s.to_string()).unwrap_or_default());
    // The player's own charts, carried by the career so that it replays on them.
    wizard.options.overrides = crate::overrides::player_file(new.storage, "atlantic");
    Ok(Box::new(wizard))
}

impl CareerWizard {
    pub fn new(physical: bool, seed_text: String) -> Self {
        Self {
            options: CareerOptions::default(),
            physical,
            seed_text,
            message: None,
        }
    }

    fn seed(&self) -> Result<u64, String> {
        let t = self.seed_text.trim();
        if t.is_empty() {
            return Ok(std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64));
        }
        t.parse()
            .map_err(|_| format!("The seed '{t}' is not a whole number"))
    }

    /// The career on these options, or why not.
    pub fn start(&self) -> Result<Session<Career>, String> {
        let dice = if self.physical {
            DiceMode::Physical
        } else {
            DiceMode::Seeded
        };
        Session::<Career>::new(self.options.clone(), self.seed()?, dice)
            .map_err(|e| format!("The career cannot begin: {e}"))
    }

    fn page(&mut self, ui: &mut egui::Ui) {
        let Ok(shipped) = periscope_engine::atlantic::Shipped::get() else {
            ui.colored_label(theme::DANGER, "The Atlantic data did not load.");
            return;
        };
        let cat = &shipped.data().catalog;
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            ui.label(RichText::new("Escort group [4.1]").strong());
            ui.radio_value(&mut self.options.group, None, "Roll 1d10 or choose at the table");
            for g in &cat.groups.groups {
                let ships: Vec<String> = g
                    .ships
                    .iter()
                    .map(|id| {
                        cat.groups
                            .ships
                            .iter()
                            .find(|s| &s.id == id)
                            .map_or(id.clone(), |s| s.name.clone())
                    })
                    .collect();
                let label = format!("Group {}: {}", g.name, ships.join(", "));
                ui.radio_value(&mut self.options.group, Some(g.id.clone()), label);
            }
            ui.add_space(8.0);
            ui.label(RichText::new("Base [4.1]").strong());
            ui.radio_value(&mut self.options.base, None, "Choose at the table");
            for b in &cat.map.bases {
                ui.radio_value(
                    &mut self.options.base,
                    Some(b.id.clone()),
                    format!("Based at {}", b.name),
                );
            }

            let ui = &mut cols[1];
            ui.label(RichText::new("Senior Officer Escort [4.3.1]").strong());
            ui.horizontal(|ui| {
                ui.label("Name:");
                let r = ui.add(
                    egui::TextEdit::singleline(&mut self.options.soe)
                        .char_limit(periscope_engine::save::MAX_NAME)
                        .desired_width(200.0),
                );
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "SOE name"));
            });
            ui.add_space(8.0);
            ui.label(RichText::new("Dice").strong());
            ui.radio_value(&mut self.physical, false, "Digital dice (Periscope rolls)");
            ui.horizontal(|ui| {
                ui.label("Seed:");
                let r = ui.add_enabled(
                    !self.physical,
                    egui::TextEdit::singleline(&mut self.seed_text)
                        .hint_text("random")
                        .desired_width(140.0),
                );
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, !self.physical, "Seed"));
            });
            ui.radio_value(
                &mut self.physical,
                true,
                "Physical dice (I roll and enter the faces)",
            );
            ui.add_space(8.0);
            ui.label(RichText::new("Players").strong());
            ui.radio_value(&mut self.options.players, Players::Solo, "Solitaire");
            ui.radio_value(
                &mut self.options.players,
                Players::UboatPlayer,
                "A second player commands the U-boats [10.1]",
            );
            ui.radio_value(
                &mut self.options.players,
                Players::BothAllied,
                "Two escort commanders [10.2]",
            );
            if self.options.players == Players::BothAllied {
                ui.horizontal(|ui| {
                    ui.label("Second SOE:");
                    ui.text_edit_singleline(&mut self.options.second_soe);
                });
            }
            ui.add_space(8.0);
            ui.label(RichText::new("Scenario [11.0]").strong());
            ui.radio_value(
                &mut self.options.scenario,
                None,
                "The whole war: February 1942 to June 1943",
            );
            for (id, name) in SCENARIOS {
                ui.radio_value(&mut self.options.scenario, Some(id.to_string()), name);
            }
            ui.add_space(8.0);
            ui.label(RichText::new("Optional rules [12.0]").strong());
            let o = &mut self.options.rules;
            optional_rule(ui, &mut o.standard_tonnage, "Standard tonnages", "12.1");
            optional_rule(ui, &mut o.historical_targeting, "Historical targeting", "12.2");
            optional_rule(ui, &mut o.uboat_quality, "U-boat crew quality", "12.3");
            optional_rule(ui, &mut o.aircrew_quality, "Aircrew quality", "12.4");
            optional_rule(ui, &mut o.convoy_ids, "Historical convoy numbers", "12.5");
            optional_rule(ui, &mut o.green_crews, "Green crews", "12.6");
            optional_rule(ui, &mut o.limited_depth_charges, "Limited depth charges", "12.7");
            optional_rule(ui, &mut o.evasion, "Evasive manoeuvres", "12.8");
        });
    }

    /// Draws the page; returns what the player pressed.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<Outcome> {
        let mut out = None;
        egui::CentralPanel::no_frame().show(ui, |ui| {
            ui.painter().rect_filled(ui.max_rect(), 0.0, theme::FELT_DARK);
            let width = (ui.available_width() - 80.0).clamp(400.0, 1000.0);
            let height = ui.available_height() - 60.0;
            ui.add_space(20.0);
            ui.horizontal(|ui| {
                ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
                egui::Frame::new()
                    .fill(theme::PAPER)
                    .corner_radius(6)
                    .inner_margin(20)
                    .stroke(egui::Stroke::new(2.0, theme::NAVY))
                    .show(ui, |ui| {
                        ui.set_width(width);
                        theme::paper_visuals(ui);
                        ui.vertical(|ui| self.card(ui, height, &mut out));
                    });
            });
        });
        out
    }

    fn card(&mut self, ui: &mut egui::Ui, height: f32, out: &mut Option<Outcome>) {
        let message = self.message.clone();
        super::wizard::card_body(
            ui,
            "A NEW CAREER · ATLANTIC SENTINELS",
            "atlantic-career-wizard",
            height,
            message.as_deref(),
            |ui| self.page(ui),
        );
        ui.horizontal(|ui| {
            if ui
                .add(egui::Button::new("Cancel").min_size(vec2(110.0, 30.0)))
                .clicked()
            {
                *out = Some(Outcome::Cancel);
            }
            ui.add_space(12.0);
            if ui
                .add(egui::Button::new("A single convoy…").min_size(vec2(140.0, 30.0)))
                .on_hover_text("Escort one convoy, outside a career")
                .clicked()
            {
                *out = Some(Outcome::SingleConvoy);
            }
            ui.add_space(12.0);
            let start =
                egui::Button::new(RichText::new("Start the career").strong()).min_size(vec2(160.0, 30.0));
            if ui.add(start).clicked() {
                match self.start() {
                    Ok(s) => *out = Some(Outcome::Career(Box::new(s))),
                    Err(e) => self.message = Some(e),
                }
            }
        });
    }
}

impl AnyScreen for CareerWizard {
    fn game_name(&self) -> &'static str {
        "Atlantic Sentinels"
    }

    fn show(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_>) -> Option<Nav> {
        match CareerWizard::show(self, ui)? {
            Outcome::Cancel => Some(Nav::Start),
            Outcome::SingleConvoy => Some(Nav::Show(Box::new(super::wizard::Wizard::new(
                self.physical,
                self.seed_text.clone(),
            )))),
            Outcome::Career(session) => {
                Some(Nav::Show(Box::new(CareerTable::started(*session, desk.storage))))
            }
        }
    }

    fn tell(&mut self, message: String) {
        self.message = Some(message);
    }
}

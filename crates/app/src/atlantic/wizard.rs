//! The set-up of a single convoy: the escort group with its ships [4.1], the base it sails from [4.7],
//! the month [4.2.1] [5.1.1], the convoy (rolled on A1a/A1b [6.1 1A], or chosen), the air support
//! [7.2.1] [7.2.7], the dice, a second player for the U-boats [10.1] and the optional rules [12.0]. One
//! page on paper; Start makes the mission with these options on the engine, which judges them (a bad
//! choice is reported on the page, nothing starts).

use egui::{RichText, vec2};
use periscope_data::Month;
use periscope_data::atlantic::catalog::merchants::ConvoySize;
use periscope_data::atlantic::charts::ConvoyType;
use periscope_data::atlantic::{GAME_END, GAME_START};
use periscope_engine::atlantic::{ConvoyAssignment, Mission, MissionOptions};
use periscope_engine::{DiceMode, Session};

use super::MissionScreen;
use crate::Nav;
use crate::entry::NewGame;
use crate::screen::{AnyScreen, Desk, TableGame};
use crate::theme;

/// How the convoy is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConvoyChoice {
    /// Rolled on A1a or A1b by the base [6.1 1A].
    Rolled,
    Large,
    Small,
}

/// The wizard's answers.
pub struct Wizard {
    pub options: MissionOptions,
    pub convoy: ConvoyChoice,
    pub physical: bool,
    pub seed_text: String,
    pub message: Option<String>,
}

/// The start screen's "New convoy": the wizard, with the start screen's dice and seed.
pub fn open(new: &NewGame<'_>) -> Result<Box<dyn AnyScreen>, String> {
    let mut wizard = Wizard::new(new.physical, new.seed.map(|s| s.to_string()).unwrap_or_default());
    // The player's own charts, carried by the convoy so that it replays on them.
    wizard.options.overrides = crate::overrides::player_file(new.storage, "atlantic");
    Ok(Box::new(wizard))
}

/// The months a convoy may sail [4.2.1] [5.1.1].
pub fn months() -> Vec<Month> {
    let mut v = vec![GAME_START];
    while let Some(&m) = v.last() {
        if m >= GAME_END {
            break;
        }
        v.push(m.next());
    }
    v
}

impl Wizard {
    pub fn new(physical: bool, seed_text: String) -> Self {
        Self {
            options: MissionOptions::default(),
            convoy: ConvoyChoice::Rolled,
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

    /// The options as the engine takes them: the convoy by the base's direction when it is chosen.
    pub fn mission_options(&self) -> MissionOptions {
        let mut o = self.options.clone();
        let westbound = o.base == "londonderry";
        o.convoy = match self.convoy {
            ConvoyChoice::Rolled => None,
            ConvoyChoice::Large => Some(ConvoyAssignment {
                convoy: if westbound { ConvoyType::On } else { ConvoyType::Hx },
                size: ConvoySize::Large,
            }),
            ConvoyChoice::Small => Some(ConvoyAssignment {
                convoy: if westbound { ConvoyType::On } else { ConvoyType::Sc },
                size: ConvoySize::Small,
            }),
        };
        o
    }

    /// The mission on these options, or why not.
    pub fn start(&self) -> Result<Session<Mission>, String> {
        let dice = if self.physical {
            DiceMode::Physical
        } else {
            DiceMode::Seeded
        };
        Session::<Mission>::new(self.mission_options(), self.seed()?, dice)
            .map_err(|e| format!("The convoy cannot sail: {e}"))
    }

    fn page(&mut self, ui: &mut egui::Ui) {
        let shipped = periscope_engine::atlantic::Shipped::get().ok();
        let Some(shipped) = shipped else {
            ui.colored_label(theme::DANGER, "The Atlantic data did not load.");
            return;
        };
        let cat = &shipped.data().catalog;
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            ui.label(RichText::new("Escort group [4.1]").strong());
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
                ui.radio_value(&mut self.options.group, g.id.clone(), label);
            }
            ui.add_space(8.0);
            ui.label(RichText::new("Base [4.7]").strong());
            for b in &cat.map.bases {
                ui.radio_value(
                    &mut self.options.base,
                    b.id.clone(),
                    format!("Sail from {}", b.name),
                );
            }
            ui.add_space(8.0);
            ui.label(RichText::new("Month [4.2.1]").strong());
            let mut month = self.options.month;
            egui::ComboBox::from_label("Sailing month")
                .selected_text(month.long())
                .show_ui(ui, |ui| {
                    for m in months() {
                        ui.selectable_value(&mut month, m, m.long());
                    }
                });
            self.options.month = month;
            ui.add_space(8.0);
            ui.label(RichText::new("Convoy [6.1 1A] [6.1 1B]").strong());
            ui.radio_value(&mut self.convoy, ConvoyChoice::Rolled, "Rolled on A1a / A1b");
            ui.radio_value(&mut self.convoy, ConvoyChoice::Large, "A large convoy (T1A)");
            ui.radio_value(&mut self.convoy, ConvoyChoice::Small, "A small convoy (T1B)");

            let ui = &mut cols[1];
            ui.label(RichText::new("Air support [7.2.1] [7.2.7]").strong());
            ui.checkbox(&mut self.options.air.cam, "A CAM ship sails with the convoy");
            ui.checkbox(&mut self.options.air.long_range_air, "Long-range air");
            ui.checkbox(&mut self.options.air.cve, "An escort carrier");
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
            ui.checkbox(
                &mut self.options.two_player,
                "Two players: the second commands the U-boats [10.1]",
            );
            ui.add_space(8.0);
            ui.label(RichText::new("Optional rules [12.0]").strong());
            let o = &mut self.options.optional;
            use super::career_wizard::optional_rule;
            optional_rule(ui, &mut o.uboat_quality, "U-boat crew quality", "12.3");
            optional_rule(ui, &mut o.aircrew_quality, "Aircrew quality", "12.4");
            optional_rule(ui, &mut o.limited_depth_charges, "Limited depth charges", "12.7");
            optional_rule(ui, &mut o.evasion, "Evasive manoeuvres", "12.8");
            optional_rule(ui, &mut o.standard_tonnage, "Standard tonnages", "12.1");
        });
    }

    /// Draws the page; returns the mission to start, or Cancel.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<Result<Session<Mission>, ()>> {
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

    fn card(&mut self, ui: &mut egui::Ui, height: f32, out: &mut Option<Result<Session<Mission>, ()>>) {
        let message = self.message.clone();
        card_body(
            ui,
            "A SINGLE CONVOY · ATLANTIC SENTINELS",
            "atlantic-wizard",
            height,
            message.as_deref(),
            |ui| self.page(ui),
        );
        ui.horizontal(|ui| {
            if ui
                .add(egui::Button::new("Cancel").min_size(vec2(110.0, 30.0)))
                .clicked()
            {
                *out = Some(Err(()));
            }
            ui.add_space(12.0);
            let start =
                egui::Button::new(RichText::new("Start the convoy").strong()).min_size(vec2(160.0, 30.0));
            if ui.add(start).clicked() {
                match self.start() {
                    Ok(s) => *out = Some(Ok(s)),
                    Err(e) => self.message = Some(e),
                }
            }
        });
    }
}

impl AnyScreen for Wizard {
    fn game_name(&self) -> &'static str {
        "Atlantic Sentinels"
    }

    fn show(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_>) -> Option<Nav> {
        match Wizard::show(self, ui)? {
            Err(()) => Some(Nav::Start),
            Ok(session) => {
                let mut table = MissionScreen::new(session);
                table.act_none(desk.storage);
                Some(Nav::Show(Mission::screen(table)))
            }
        }
    }

    fn tell(&mut self, message: String) {
        self.message = Some(message);
    }
}

/// A wizard card's title, its page in a scroll area of the card's height, and the refusal under it; the
/// buttons are the caller's (the single convoy's and the career's wizards share it).
pub(super) fn card_body(
    ui: &mut egui::Ui,
    title: &str,
    salt: &str,
    height: f32,
    message: Option<&str>,
    page: impl FnOnce(&mut egui::Ui),
) {
    ui.label(RichText::new(title).size(22.0).strong());
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt(salt)
        .max_height((height - 130.0).max(120.0))
        .min_scrolled_height((height - 130.0).max(120.0))
        .auto_shrink([false, true])
        .show(ui, page);
    if let Some(m) = message {
        ui.colored_label(theme::DANGER, m);
    }
    ui.separator();
}

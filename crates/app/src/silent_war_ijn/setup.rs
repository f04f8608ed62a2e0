//! A new companion's set-up page, opened by the start screen's "New companion": the scenario [2.2] and
//! the base game's facts the player enters once (the start month, the War Events already past, the War
//! Period), the optional Damage Table [3.51*] and Campaign Game [3.52*A], who draws and piles or cups
//! [3.0 step 2], read as one form.
//!
//! Every row is one of the engine's own set-up decisions, with its prompt (naming the base-game case it
//! asks about) and its choices: the page plays the form's answers on a copy of the companion to read
//! each next question, and nothing is answered for the player. Starting plays the answers as the
//! session's first actions, so each can be undone on the table.

use egui::{RichText, vec2};
use periscope_data::Month;
use periscope_engine::game::PlayerData;
use periscope_engine::silent_war_ijn::{Companion, CompanionOptions, Procedure, SwAction};
use periscope_engine::{Choice, DiceMode, Game, Pending, Session};

use super::{CompanionTable, rules};
use crate::Nav;
use crate::entry::NewGame;
use crate::screen::{AnyScreen, Desk};
use crate::theme;

/// The question a set-up decision asks, by the actions it offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Scenario,
    Start,
    Past,
    WarPeriod,
    DamageTable,
    Campaign,
    Draws,
    Stacks,
}

impl Field {
    fn of(choices: &[Choice<SwAction>]) -> Option<Field> {
        Some(match &choices.first()?.action {
            SwAction::Scenario { .. } => Field::Scenario,
            SwAction::Start { .. } => Field::Start,
            SwAction::Past { .. } => Field::Past,
            SwAction::WarPeriod { .. } => Field::WarPeriod,
            SwAction::Answer { .. } => Field::DamageTable,
            SwAction::Campaign { .. } => Field::Campaign,
            SwAction::Draws { .. } => Field::Draws,
            SwAction::Stacks { .. } => Field::Stacks,
            _ => return None,
        })
    }
}

/// The player's answers so far. A single-choice answer is the engine's own action for it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Form {
    pub scenario: Option<SwAction>,
    pub start: Option<Month>,
    /// The War Events already past, by id.
    pub past: Vec<String>,
    pub war_period: Option<SwAction>,
    pub damage_table: Option<SwAction>,
    pub campaign: Option<SwAction>,
    pub draws: Option<SwAction>,
    pub stacks: Option<SwAction>,
}

impl Form {
    fn answer(&self, field: Field) -> Option<SwAction> {
        match field {
            Field::Scenario => self.scenario.clone(),
            Field::Start => self.start.map(|month| SwAction::Start { month }),
            Field::Past => Some(SwAction::Past { event: None }),
            Field::WarPeriod => self.war_period.clone(),
            Field::DamageTable => self.damage_table.clone(),
            Field::Campaign => self.campaign.clone(),
            Field::Draws => self.draws.clone(),
            Field::Stacks => self.stacks.clone(),
        }
    }

    fn slot(&mut self, field: Field) -> Option<&mut Option<SwAction>> {
        Some(match field {
            Field::Scenario => &mut self.scenario,
            Field::WarPeriod => &mut self.war_period,
            Field::DamageTable => &mut self.damage_table,
            Field::Campaign => &mut self.campaign,
            Field::Draws => &mut self.draws,
            Field::Stacks => &mut self.stacks,
            Field::Start | Field::Past => return None,
        })
    }
}

/// One row of the form: the engine's decision, whether the player answered it, and the engine's refusal.
#[derive(Debug, Clone)]
pub struct Row {
    pub field: Field,
    pub prompt: String,
    pub rule: String,
    pub choices: Vec<Choice<SwAction>>,
    pub answered: bool,
    pub error: Option<String>,
}

/// The engine's set-up questions for the form's answers, and the actions to play when all are answered.
#[derive(Debug, Clone, Default)]
pub struct Walk {
    pub rows: Vec<Row>,
    /// Every answer, in the engine's order, once the form is complete and the engine took them all.
    pub actions: Option<Vec<SwAction>>,
}

/// [3.0] Plays the form on a copy of the companion, one decision after another: an unanswered question
/// is passed with its first choice only to read the questions after it.
pub fn walk(form: &Form) -> Walk {
    let Ok(mut g) = Companion::new(Default::default(), 1, DiceMode::Physical) else {
        return Walk::default();
    };
    let mut rows: Vec<Row> = Vec::new();
    let mut actions = Vec::new();
    let mut complete = true;
    while g.procedure() == Procedure::SetUp {
        let Pending::Decision(d) = g.pending() else {
            break;
        };
        let Some(field) = Field::of(&d.choices) else {
            break;
        };
        let mut row = Row {
            field,
            prompt: super::wizard::desktop_prompt(&d.prompt),
            rule: d.rule.clone(),
            choices: d.choices.clone(),
            answered: true,
            error: None,
        };
        let mut play = Vec::new();
        if field == Field::Past {
            play.extend(form.past.iter().map(|e| SwAction::Past {
                event: Some(e.clone()),
            }));
        }
        match form.answer(field) {
            Some(a) => play.push(a),
            None => {
                row.answered = false;
                complete = false;
                if let Some(first) = d.choices.first() {
                    play.push(first.action.clone());
                }
            }
        }
        for a in play {
            if let Err(e) = g.apply(a.clone()) {
                row.error = Some(e.to_string());
                break;
            }
            actions.push(a);
        }
        let failed = row.error.is_some();
        rows.push(row);
        if failed {
            return Walk { rows, actions: None };
        }
    }
    Walk {
        rows,
        actions: complete.then_some(actions),
    }
}

/// Where the page's buttons lead.
enum Leave {
    Start,
    Begin(Box<Session<Companion>>),
}

/// The set-up page.
pub struct SetupPage {
    pub physical: bool,
    pub seed: Option<u64>,
    /// The owner's override file (`overrides/silent_war_ijn.json`), which the new companion carries.
    pub overrides: Option<PlayerData>,
    pub form: Form,
    walked: Option<(Form, Walk)>,
    pub message: Option<String>,
}

pub fn open(new: &NewGame<'_>) -> Result<Box<dyn AnyScreen>, String> {
    let mut page = SetupPage::new(new.physical, new.seed);
    page.overrides = crate::overrides::player_file(new.storage, periscope_data::silent_war_ijn::GAME);
    Ok(Box::new(page))
}

impl SetupPage {
    pub fn new(physical: bool, seed: Option<u64>) -> Self {
        Self {
            physical,
            seed,
            overrides: None,
            form: Form::default(),
            walked: None,
            message: None,
        }
    }

    /// The engine's questions for the form as it stands (read again only when the form changes).
    pub fn walk(&mut self) -> &Walk {
        if self.walked.as_ref().is_none_or(|(f, _)| *f != self.form) {
            self.walked = Some((self.form.clone(), walk(&self.form)));
        }
        match &self.walked {
            Some((_, w)) => w,
            None => unreachable_walk(),
        }
    }

    /// The session with the form's answers played, for the table.
    pub fn begin(&mut self) -> Result<Session<Companion>, String> {
        let actions = self
            .walk()
            .actions
            .clone()
            .ok_or("Answer every question first.")?;
        let seed = self.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
        let dice = if self.physical {
            DiceMode::Physical
        } else {
            DiceMode::Seeded
        };
        let options = CompanionOptions {
            overrides: self.overrides.clone(),
        };
        let mut session = Session::<Companion>::new(options, seed, dice)
            .map_err(|e| format!("Could not start the companion: {e}"))?;
        for a in actions {
            session.begin(a).map_err(|e| e.to_string())?;
            session.finish();
        }
        Ok(session)
    }

    fn card(&mut self, ui: &mut egui::Ui, height: f32) -> Option<Leave> {
        ui.label(RichText::new("NEW SILENT WAR: IJN COMPANION").size(22.0).strong());
        ui.label(
            RichText::new(
                "What your Silent War game already knows, entered once. Periscope asks and never \
                 supplies a base-game fact itself; each question names the case it comes from.",
            )
            .color(theme::NAVY_LIGHT),
        );
        let dice = if self.physical {
            "physical: you roll the Silent War die and enter its face".to_string()
        } else {
            match self.seed {
                Some(s) => format!("digital, seed {s}"),
                None => "digital, a fresh seed".to_string(),
            }
        };
        ui.label(RichText::new(format!("Dice (from the start screen): {dice}")).color(theme::NAVY_LIGHT));
        ui.separator();
        let rows = self.walk().rows.clone();
        let complete = self.walk().actions.is_some();
        let body = (height - 170.0).max(160.0);
        egui::ScrollArea::vertical()
            .id_salt("sw-setup-form")
            .max_height(body)
            .min_scrolled_height(body)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                for (i, row) in rows.iter().enumerate() {
                    if i > 0 {
                        ui.add_space(6.0);
                    }
                    self.row(ui, i + 1, row);
                }
            });
        ui.separator();
        if let Some(m) = &self.message {
            ui.colored_label(theme::DANGER, m);
        }
        let mut nav = None;
        ui.horizontal(|ui| {
            if ui
                .add(egui::Button::new("Back to the start screen").min_size(vec2(170.0, 30.0)))
                .clicked()
            {
                nav = Some(Leave::Start);
            }
            ui.add_space(12.0);
            let start =
                egui::Button::new(RichText::new("Start the companion").strong()).min_size(vec2(180.0, 30.0));
            let resp = ui
                .add_enabled(complete, start)
                .on_disabled_hover_text("Answer every question first");
            if resp.clicked() {
                match self.begin() {
                    Ok(session) => nav = Some(Leave::Begin(Box::new(session))),
                    Err(e) => self.message = Some(e),
                }
            }
            if !complete {
                ui.label(RichText::new("Answer every question to start.").color(theme::NAVY_LIGHT));
            }
        });
        nav
    }

    /// One question: the engine's prompt and case, and its answer.
    fn row(&mut self, ui: &mut egui::Ui, n: usize, row: &Row) {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 3.0;
            ui.label(RichText::new(format!("{n}. {}", row.prompt)).strong());
            rules::link(ui, &row.rule);
        });
        ui.indent(("sw-setup-row", n), |ui| match row.field {
            Field::Start => self.start_row(ui, row),
            Field::Past => self.past_row(ui, row),
            field => {
                let before = self.form.scenario.clone();
                ui.horizontal_wrapped(|ui| {
                    if let Some(slot) = self.form.slot(field) {
                        for c in &row.choices {
                            let on = slot.as_ref() == Some(&c.action);
                            if ui
                                .radio(on, &c.label)
                                .on_hover_text(format!("[{}]", c.rule))
                                .clicked()
                            {
                                *slot = Some(c.action.clone());
                            }
                        }
                    }
                });
                // Another scenario has other months and events: those answers are asked again.
                if field == Field::Scenario && self.form.scenario != before {
                    self.form.start = None;
                    self.form.past.clear();
                }
            }
        });
        if let Some(e) = &row.error {
            ui.colored_label(theme::DANGER, format!("Not allowed: {e}"));
        }
    }

    /// [3.0 step 1] The start month: its year, then its month, among the engine's months.
    fn start_row(&mut self, ui: &mut egui::Ui, row: &Row) {
        let months: Vec<Month> = row
            .choices
            .iter()
            .filter_map(|c| match c.action {
                SwAction::Start { month } => Some(month),
                _ => None,
            })
            .collect();
        let mut years: Vec<u16> = months.iter().map(|m| m.year).collect();
        years.dedup();
        let mut year = self.form.start.map(|m| m.year);
        ui.horizontal(|ui| {
            ui.label("Year");
            egui::ComboBox::from_id_salt("sw-setup-year")
                .selected_text(year.map_or("choose".to_string(), |y| y.to_string()))
                .show_ui(ui, |ui| {
                    for y in &years {
                        ui.selectable_value(&mut year, Some(*y), y.to_string());
                    }
                })
                .response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Start year"));
            let in_year: Vec<Month> = months.iter().copied().filter(|m| Some(m.year) == year).collect();
            let mut month = self.form.start.filter(|m| Some(m.year) == year);
            if month.is_none() && year.is_some() {
                // A year chosen: its first month until the player picks another.
                month = in_year.first().copied();
            }
            ui.label("Month");
            egui::ComboBox::from_id_salt("sw-setup-month")
                .selected_text(month.map_or("choose".to_string(), |m| m.long()))
                .show_ui(ui, |ui| {
                    for m in &in_year {
                        ui.selectable_value(&mut month, Some(*m), m.long());
                    }
                })
                .response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Start month"));
            if month != self.form.start {
                self.form.start = month;
                self.form.past.clear();
            }
        });
    }

    /// [2.1.1] [9.0] The War Events already past at the start: each of the engine's, ticked.
    fn past_row(&mut self, ui: &mut egui::Ui, row: &Row) {
        for c in &row.choices {
            let SwAction::Past { event: Some(id) } = &c.action else {
                continue;
            };
            let mut on = self.form.past.contains(id);
            let name = rules::shipped()
                .and_then(|d| d.set.event(id))
                .map_or(c.label.clone(), |e| format!("{} ({})", e.name, e.printed_date));
            if ui.checkbox(&mut on, name).on_hover_text(&c.label).changed() {
                if on {
                    self.form.past.push(id.clone());
                } else {
                    self.form.past.retain(|p| p != id);
                }
            }
        }
        ui.label(RichText::new("Leave them all unticked if none has happened yet.").color(theme::NAVY_LIGHT));
    }
}

/// A walk that cannot be missing (it was just made): an empty one, never shown.
fn unreachable_walk() -> &'static Walk {
    static EMPTY: std::sync::OnceLock<Walk> = std::sync::OnceLock::new();
    EMPTY.get_or_init(Walk::default)
}

impl AnyScreen for SetupPage {
    fn game_name(&self) -> &'static str {
        "Silent War: IJN companion"
    }

    fn show(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_>) -> Option<Nav> {
        let mut nav = None;
        egui::CentralPanel::no_frame().show(ui, |ui| {
            ui.painter().rect_filled(ui.max_rect(), 0.0, theme::FELT_DARK);
            let width = (ui.available_width() - 80.0).clamp(400.0, 900.0);
            let height = ui.available_height() - 24.0 - 40.0;
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
                        ui.vertical(|ui| nav = self.card(ui, height));
                    });
            });
        });
        match nav? {
            Leave::Start => Some(Nav::Start),
            Leave::Begin(session) => Some(Nav::Show(Box::new(CompanionTable::started(
                *session,
                desk.storage,
            )))),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn pick(rows: &[Row], field: Field, label_starts: &str) -> SwAction {
        rows.iter()
            .find(|r| r.field == field)
            .and_then(|r| r.choices.iter().find(|c| c.label.starts_with(label_starts)))
            .map(|c| c.action.clone())
            .unwrap()
    }

    /// [3.0] An empty form reads every question of the engine and answers none (the Campaign Game
    /// [3.52*A] is shown until the optional Damage Table is declined); [2.1.1] a game from December 1941
    /// is asked no War Event already past; once all are answered the answers are the engine's set-up
    /// actions.
    #[test]
    fn the_form_is_the_engines_questions() {
        let mut form = Form::default();
        let w = walk(&form);
        let fields: Vec<Field> = w.rows.iter().map(|r| r.field).collect();
        assert_eq!(
            fields,
            [
                Field::Scenario,
                Field::Start,
                Field::WarPeriod,
                Field::DamageTable,
                Field::Campaign,
                Field::Draws,
                Field::Stacks
            ]
        );
        assert!(w.rows.iter().all(|r| !r.answered));
        assert!(w.actions.is_none());
        assert!(w.rows[2].prompt.contains("[SW17.1]"), "{}", w.rows[2].prompt);

        form.scenario = Some(pick(&w.rows, Field::Scenario, "1941"));
        form.start = Some(Month::parse("4/42").unwrap());
        form.war_period = Some(pick(&w.rows, Field::WarPeriod, "War Period 1"));
        form.damage_table = Some(pick(&w.rows, Field::DamageTable, "Yes"));
        let w = walk(&form);
        let fields: Vec<Field> = w.rows.iter().map(|r| r.field).collect();
        assert!(
            fields.contains(&Field::Past) && fields.contains(&Field::Campaign),
            "{fields:?}"
        );
        form.past = vec!["coral".into()];
        form.campaign = Some(pick(&w.rows, Field::Campaign, "Not a Campaign"));
        form.draws = Some(pick(&w.rows, Field::Draws, "Periscope"));
        form.stacks = Some(pick(&w.rows, Field::Stacks, "Piles"));
        let w = walk(&form);
        let actions: Vec<String> = w.actions.unwrap().iter().map(ToString::to_string).collect();
        assert_eq!(
            actions,
            [
                "scenario 1941",
                "start 4/42",
                "past coral",
                "past done",
                "war_period 1",
                "yes",
                "campaign none",
                "draws periscope",
                "piles"
            ]
        );
    }

    /// [3.0 step 1] A month the scenario does not have is the engine's refusal, on its row.
    #[test]
    fn a_month_outside_the_scenario_is_refused_on_its_row() {
        let form = Form {
            scenario: Some(SwAction::Scenario {
                scenario: periscope_data::silent_war_ijn::ships::Scenario::EastWindEarly,
            }),
            start: Some(Month::parse("4/42").unwrap()),
            ..Form::default()
        };
        let w = walk(&form);
        let start = w.rows.iter().find(|r| r.field == Field::Start).unwrap();
        assert!(
            start.error.as_deref().unwrap_or("").contains("cannot start"),
            "{:?}",
            start.error
        );
        assert!(w.actions.is_none());
    }

    /// The page's session has played the answers: the table opens on the turn's menu.
    #[test]
    fn starting_plays_the_answers() {
        let mut page = SetupPage::new(false, Some(5));
        let w = page.walk().clone();
        page.form.scenario = Some(pick(&w.rows, Field::Scenario, "1941"));
        page.form.start = Some(Month::parse("12/41").unwrap());
        page.form.war_period = Some(pick(&w.rows, Field::WarPeriod, "War Period 1"));
        page.form.damage_table = Some(pick(&w.rows, Field::DamageTable, "No"));
        let w = page.walk().clone();
        page.form.draws = Some(pick(&w.rows, Field::Draws, "Periscope"));
        page.form.stacks = Some(pick(&w.rows, Field::Stacks, "Piles"));
        let s = page.begin().unwrap();
        assert_eq!(s.game().procedure(), Procedure::Turn);
        assert_eq!(s.actions().len(), 6);
        assert_eq!(s.seed(), 5);
    }
}

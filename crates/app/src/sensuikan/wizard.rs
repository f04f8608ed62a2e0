//! The new-career wizard, opened by the start screen's "New career": dice and players [10.1], the optional
//! rules [11.1]-[11.8], the class by date [4.1] [4.2], the commander and the I-number [4.3.1] [11.6]
//! [11.8], then the schools [4.8] and the special skill [11.7].
//!
//! The wizard never decides a rule itself: the options go into the engine's `CareerOptions`, the class is
//! the engine's own setup decision (one of its legal choices), and the schools' free time and the special
//! skill are the engine's decisions, sent as ordinary actions of the session. So the career that opens on
//! the table can undo every choice the wizard made.

use periscope_engine::{Decision, RollSpec};
use std::sync::OnceLock;

use egui::{RichText, vec2};
use periscope_data::sensuikan::catalog::catalogs::{Catalog, SubmarineClass};
use periscope_engine::sensuikan::career::{
    Ask, Career, CareerAction, CareerEvent, CareerOptions, CareerRoll, Phase, SpecialSkillRule,
};
use periscope_engine::{Choice, DiceMode, Game, Month, Pending, Session};

use super::{CareerTable, rules};
use crate::Nav;
use crate::entry::NewGame;
use crate::panels::dice_tray;
use crate::screen::AnyScreen;
use crate::theme;

/// The wizard's pages, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Dice,
    Rules,
    Class,
    Commander,
    Schools,
}

impl Page {
    const ALL: [Page; 5] = [
        Page::Dice,
        Page::Rules,
        Page::Class,
        Page::Commander,
        Page::Schools,
    ];

    fn title(self) -> &'static str {
        match self {
            Page::Dice => "Dice and players",
            Page::Rules => "Optional rules",
            Page::Class => "Submarine class",
            Page::Commander => "Commander and boat",
            Page::Schools => "Schools",
        }
    }
    fn index(self) -> usize {
        Self::ALL.iter().position(|p| *p == self).unwrap_or(0)
    }
}

/// What the wizard asks of the app.
pub enum WizardOutcome {
    /// Back to the start screen.
    Cancel,
    /// The career is set up: open it on the table.
    Start(Box<Session<Career>>),
}

/// An optional rule of section 11 as the wizard shows it.
struct OptionalRule {
    case: &'static str,
    name: &'static str,
}

const OPTIONAL_RULES: [OptionalRule; 8] = [
    OptionalRule {
        case: "11.1",
        name: "Standard tonnage",
    },
    OptionalRule {
        case: "11.2",
        name: "Historical targets",
    },
    OptionalRule {
        case: "11.3",
        name: "Evasive manoeuvres",
    },
    OptionalRule {
        case: "11.4",
        name: "Escort quality",
    },
    OptionalRule {
        case: "11.5",
        name: "Aircrew quality",
    },
    OptionalRule {
        case: "11.6",
        name: "Historical I-numbers",
    },
    OptionalRule {
        case: "11.7",
        name: "Special skill",
    },
    OptionalRule {
        case: "11.8",
        name: "Name generator (H2)",
    },
];

/// The engine's class decision for a start month, or why that start is refused.
type ClassChoices = Result<Vec<Choice<CareerAction>>, String>;

/// The shipped class catalog, for the key facts of each class.
fn catalog() -> Option<&'static Catalog> {
    static CATALOG: OnceLock<Option<Catalog>> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog::shipped().ok()).as_ref()
}

pub struct Wizard {
    pub page: Page,
    pub physical: bool,
    /// Empty: a fresh random seed.
    pub seed_text: String,
    pub options: CareerOptions,
    /// The class picked on the class page (one of the engine's choices).
    pub class: Option<String>,
    /// The session, once the class is sent (the schools page).
    pub session: Option<Session<Career>>,
    /// The engine's class choices for the start month shown.
    class_choices: Option<(Month, ClassChoices)>,
    entry: dice_tray::Entry,
    pub message: Option<String>,
}

impl Wizard {
    pub fn new(physical: bool, seed_text: String) -> Self {
        Self {
            page: Page::Dice,
            physical,
            seed_text,
            options: CareerOptions::default(),
            class: None,
            session: None,
            class_choices: None,
            entry: dice_tray::Entry::default(),
            message: None,
        }
    }

    fn seed(&self) -> Result<u64, String> {
        let text = self.seed_text.trim();
        if text.is_empty() {
            return Ok(std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64));
        }
        text.parse::<u64>()
            .map_err(|_| format!("The seed must be a whole number, not '{text}'."))
    }

    fn dice_mode(&self) -> DiceMode {
        if self.physical {
            DiceMode::Physical
        } else {
            DiceMode::Seeded
        }
    }

    /// [4.1] [4.2.2] The engine's class decision for the chosen start month: exactly its legal choices.
    pub fn class_choices(&mut self) -> Result<&[Choice<CareerAction>], String> {
        let start = self.options.start;
        if self.class_choices.as_ref().is_none_or(|(m, _)| *m != start) {
            let options = CareerOptions {
                class: None,
                ..self.options.clone()
            };
            let choices = Session::<Career>::new(options, 1, DiceMode::Physical)
                .map_err(|e| e.to_string())
                .map(|s| match s.pending() {
                    Pending::Decision(Decision { choices, .. }) => choices,
                    _ => Vec::new(),
                });
            self.class_choices = Some((start, choices));
        }
        match &self.class_choices {
            Some((_, Ok(c))) => Ok(c),
            Some((_, Err(e))) => Err(e.clone()),
            None => Ok(&[]),
        }
    }

    /// Builds the session and sends the class decision; the engine then runs the schools.
    pub fn begin_setup(&mut self) -> Result<(), String> {
        let class = self.class.clone().ok_or("Choose a class first.")?;
        let options = CareerOptions {
            class: None,
            ..self.options.clone()
        };
        let mut session =
            Session::<Career>::new(options, self.seed()?, self.dice_mode()).map_err(|e| e.to_string())?;
        let action = session
            .pending()
            .choices()
            .iter()
            .find(|c| matches!(&c.action, CareerAction::ChooseClass { class: id } if *id == class))
            .map(|c| c.action.clone())
            .ok_or_else(|| format!("The engine does not offer the class '{class}'."))?;
        session.begin(action).map_err(|e| e.to_string())?;
        while session.settling() && in_setup(session.game().phase()) {
            session.roll_one();
        }
        self.session = Some(session);
        self.entry = dice_tray::Entry::default();
        Ok(())
    }

    /// Whether the setup is done: no school, name or special-skill step is waiting.
    pub fn setup_done(&self) -> bool {
        let Some(s) = &self.session else {
            return false;
        };
        !in_setup(s.game().phase())
    }

    fn next(&mut self) {
        self.message = None;
        self.page = match self.page {
            Page::Dice => match self.seed() {
                Ok(_) => Page::Rules,
                Err(e) => {
                    self.message = Some(e);
                    Page::Dice
                }
            },
            Page::Rules => Page::Class,
            Page::Class if self.class.is_none() => {
                self.message = Some("Choose a class first.".into());
                Page::Class
            }
            Page::Class => Page::Commander,
            Page::Commander => match self.begin_setup() {
                Ok(()) => Page::Schools,
                Err(e) => {
                    self.message = Some(e);
                    Page::Commander
                }
            },
            Page::Schools => Page::Schools,
        };
    }

    fn back(&mut self) -> Option<WizardOutcome> {
        self.message = None;
        self.page = match self.page {
            Page::Dice => return Some(WizardOutcome::Cancel),
            Page::Rules => Page::Dice,
            Page::Class => Page::Rules,
            Page::Commander => Page::Class,
            Page::Schools => {
                // The class and the schools are taken back with the session.
                self.session = None;
                Page::Commander
            }
        };
        None
    }

    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<WizardOutcome> {
        let mut outcome = None;
        egui::CentralPanel::no_frame().show(ui, |ui| {
            ui.painter().rect_filled(ui.max_rect(), 0.0, theme::FELT_DARK);
            let width = (ui.available_width() - 80.0).clamp(400.0, 980.0);
            // The card fits the window: its page scrolls, the buttons stay in view.
            let height = ui.available_height() - 24.0 - 60.0;
            ui.add_space(24.0);
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
                        ui.vertical(|ui| outcome = self.card(ui, height));
                    });
            });
        });
        outcome
    }

    fn card(&mut self, ui: &mut egui::Ui, height: f32) -> Option<WizardOutcome> {
        ui.label(RichText::new("NEW SENSUIKAN CAREER").size(22.0).strong());
        ui.horizontal(|ui| {
            for p in Page::ALL {
                let text = RichText::new(format!("{}. {}", p.index() + 1, p.title()));
                let text = if p == self.page {
                    text.strong().color(theme::HIGHLIGHT)
                } else {
                    text.color(theme::NAVY_LIGHT)
                };
                ui.label(text);
                ui.add_space(8.0);
            }
        });
        ui.separator();
        let body_height = (height - 150.0).max(120.0);
        egui::ScrollArea::vertical()
            .id_salt("wizard-page")
            .max_height(body_height)
            .min_scrolled_height(body_height)
            .auto_shrink([false, true])
            .show(ui, |ui| match self.page {
                Page::Dice => self.dice_page(ui),
                Page::Rules => self.rules_page(ui),
                Page::Class => self.class_page(ui),
                Page::Commander => self.commander_page(ui),
                Page::Schools => self.schools_page(ui),
            });
        if let Some(m) = &self.message {
            ui.colored_label(theme::DANGER, m);
        }
        ui.separator();
        let mut outcome = None;
        ui.horizontal(|ui| {
            let back = if self.page == Page::Dice { "Cancel" } else { "Back" };
            if ui
                .add(egui::Button::new(back).min_size(vec2(110.0, 30.0)))
                .clicked()
            {
                outcome = self.back();
            }
            ui.add_space(12.0);
            if self.page == Page::Schools {
                let ready = self.setup_done();
                let start =
                    egui::Button::new(RichText::new("Start career").strong()).min_size(vec2(150.0, 30.0));
                if ui
                    .add_enabled(ready, start)
                    .on_disabled_hover_text("Finish the schools first")
                    .clicked()
                    && let Some(session) = self.session.take()
                {
                    outcome = Some(WizardOutcome::Start(Box::new(session)));
                }
            } else if ui
                .add(egui::Button::new(RichText::new("Next").strong()).min_size(vec2(110.0, 30.0)))
                .clicked()
            {
                self.next();
            }
        });
        outcome
    }

    /// [10.1] Dice and the hot-seat game.
    fn dice_page(&mut self, ui: &mut egui::Ui) {
        ui.label(RichText::new("How are the dice rolled?").strong());
        ui.radio_value(&mut self.physical, false, "Digital dice (Periscope rolls)");
        ui.horizontal(|ui| {
            ui.add_space(24.0);
            ui.label("Seed:");
            let r = ui.add_enabled(
                !self.physical,
                egui::TextEdit::singleline(&mut self.seed_text)
                    .hint_text("random")
                    .desired_width(160.0),
            );
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, !self.physical, "Seed"));
            help(ui, "the same seed replays the same dice");
        });
        ui.radio_value(
            &mut self.physical,
            true,
            "Physical dice (I roll and enter the faces)",
        );
        ui.add_space(12.0);
        ui.label(RichText::new("Players").strong());
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.options.two_player, "Two players, hot seat");
            rules::link(ui, "10.1");
        });
        help(
            ui,
            "Player 2 rolls the escorts' detection and attacks, the damage and the air attacks; each of \
             those rolls is entered with physical dice and recorded as player 2's.",
        );
    }

    /// [11.1]-[11.8] Each optional rule with our summary; the engine's options only.
    fn rules_page(&mut self, ui: &mut egui::Ui) {
        ui.label(RichText::new("Optional rules (all off is the standard game)").strong());
        ui.add_space(4.0);
        let summaries = rules::summaries();
        for rule in OPTIONAL_RULES {
            let summary = summaries
                .and_then(|s| s.get(rule.case))
                .map_or_else(String::new, |c| c.summary.clone());
            let o = &mut self.options;
            let flag = match rule.case {
                "11.1" => Some(&mut o.standard_tonnage),
                "11.2" => Some(&mut o.historical_targets),
                "11.3" => Some(&mut o.evasive_manoeuvres),
                "11.4" => Some(&mut o.escort_quality),
                "11.5" => Some(&mut o.aircrew_quality),
                "11.6" => Some(&mut o.historical_id),
                "11.8" => Some(&mut o.name_generator),
                _ => None,
            };
            ui.horizontal_wrapped(|ui| {
                let label = format!("{} [{}]", rule.name, rule.case);
                match flag {
                    Some(on) => {
                        ui.checkbox(on, label);
                    }
                    None => {
                        ui.label(label);
                        let skill = &mut o.special_skill;
                        ui.radio_value(skill, SpecialSkillRule::Off, "off");
                        ui.radio_value(skill, SpecialSkillRule::Roll, "roll 1d20");
                        ui.radio_value(skill, SpecialSkillRule::Choose, "choose");
                    }
                }
                help(ui, summary);
            });
        }
    }

    /// [4.1] [4.2.1] [4.2.2] The start month and the engine's class choices, with each class's key facts.
    fn class_page(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.label(RichText::new("Start month").strong());
            let mut month = self.options.start.month;
            let mut year = self.options.start.year;
            let m = ui.add(egui::DragValue::new(&mut month).range(1..=12).prefix("month "));
            m.widget_info(|| egui::WidgetInfo::labeled(egui::Role::SpinButton, true, "Start month"));
            let y = ui.add(egui::DragValue::new(&mut year).range(1941..=1945).prefix("year "));
            y.widget_info(|| egui::WidgetInfo::labeled(egui::Role::SpinButton, true, "Start year"));
            if let Some(start) = Month::new(year, month) {
                self.options.start = start;
            }
            rules::link(ui, "4.2.1");
        });
        help(
            ui,
            "From December 1941 to July 1945. A class that enters service later starts the career in its \
             first month.",
        );
        ui.add_space(6.0);
        let start = self.options.start;
        let choices = match self.class_choices() {
            Ok(c) => c.to_vec(),
            Err(e) => {
                ui.colored_label(theme::DANGER, format!("This start is refused: {e}"));
                return;
            }
        };
        ui.columns(2, |cols| {
            cols[0].label(RichText::new("Class (from)").strong());
            for c in &choices {
                let CareerAction::ChooseClass { class } = &c.action else {
                    continue;
                };
                let later = catalog().and_then(|cat| cat.class(class)).is_some_and(|k| {
                    Month::new(k.available.year, k.available.month).is_some_and(|m| m > start)
                });
                let text = if later {
                    RichText::new(&c.label).color(theme::NAVY_LIGHT)
                } else {
                    RichText::new(&c.label)
                };
                let selected = self.class.as_deref() == Some(class.as_str());
                if cols[0].selectable_label(selected, text).clicked() {
                    self.class = Some(class.clone());
                }
            }
            let facts = self
                .class
                .as_deref()
                .and_then(|id| catalog().and_then(|cat| cat.class(id)));
            match facts {
                Some(k) => class_facts(&mut cols[1], k, start),
                None => {
                    cols[1].label("Choose a class to see its key facts.");
                }
            }
        });
    }

    /// [4.3.1] [11.6] [11.8] The log header, and the base [4.7.1].
    fn commander_page(&mut self, ui: &mut egui::Ui) {
        let class = self
            .class
            .as_deref()
            .and_then(|id| catalog().and_then(|cat| cat.class(id)));
        ui.horizontal(|ui| {
            ui.label(RichText::new("Commander").strong());
            rules::link(ui, "4.3.1");
        });
        ui.checkbox(
            &mut self.options.name_generator,
            "Generate the name on table H2 [11.8] (rolled after the class)",
        );
        if !self.options.name_generator {
            ui.horizontal(|ui| {
                ui.label("Name:");
                let r = ui.add(
                    egui::TextEdit::singleline(&mut self.options.commander)
                        .char_limit(periscope_engine::save::MAX_NAME)
                        .hint_text("the Commander")
                        .desired_width(260.0),
                );
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Commander name"));
            });
        }
        ui.add_space(10.0);
        ui.label(RichText::new("I-number").strong());
        let historical = class.and_then(|k| k.hull_numbers.first()).map(|h| h.id.clone());
        let label = match &historical {
            Some(h) => format!("Historical I-number of the class [11.6]: {h}"),
            None => "Historical I-number [11.6] (none listed for this class)".into(),
        };
        ui.checkbox(&mut self.options.historical_id, label);
        ui.horizontal(|ui| {
            ui.label("Or type one:");
            let r = ui.add(
                egui::TextEdit::singleline(&mut self.options.hull_number)
                    .char_limit(periscope_engine::save::MAX_NAME)
                    .hint_text("the class list's number")
                    .desired_width(120.0),
            );
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Typed I-number"));
        });
        if let Some(k) = class
            && k.hull_numbers.len() > 1
        {
            let list: Vec<&str> = k.hull_numbers.iter().map(|h| h.id.as_str()).collect();
            help(ui, format!("The class's boats: {}", list.join(", ")));
        }
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            ui.label(RichText::new("Base:").strong());
            let base = class.map_or("yokosuka", |k| k.start_base.as_str());
            ui.label(
                catalog()
                    .and_then(|cat| cat.map.base(base))
                    .map_or(base, |b| b.name.as_str()),
            );
            rules::link(ui, "4.7.1");
        });
        help(ui, "Next: your commander's schooling is rolled for this boat.");
    }

    /// [4.8.1]-[4.8.3] [11.7] [11.8] The rolls made so far and the engine's pending setup decision.
    fn schools_page(&mut self, ui: &mut egui::Ui) {
        let Some(session) = &self.session else {
            ui.label("No career yet: go back to the commander page.");
            return;
        };
        let game = session.game();
        let v = game.view();
        ui.label(
            RichText::new(format!(
                "{} {} · {} · {}",
                v.class,
                v.hull_number,
                v.commander,
                v.map.base_name(&v.base)
            ))
            .strong(),
        );
        ui.add_space(4.0);
        ui.label(RichText::new("Results").strong());
        for e in session.events() {
            match e {
                CareerEvent::Rolled { roll } if setup_rule(&roll.rule) => {
                    ui.horizontal(|ui| {
                        ui.label(format!(
                            "{} {} = {}: {}",
                            roll.chart, roll.dice, roll.result, roll.outcome
                        ));
                        rules::link(ui, &roll.rule);
                    });
                }
                CareerEvent::Note { rule, text }
                    if setup_rule(rule) && !text.starts_with("Starting base") =>
                {
                    ui.horizontal(|ui| {
                        ui.label(text);
                        rules::link(ui, rule);
                    });
                }
                _ => {}
            }
        }
        ui.add_space(8.0);
        let mut action = None;
        if in_setup(game.phase()) {
            match session.pending() {
                Pending::Decision(Decision {
                    prompt,
                    rule,
                    choices,
                }) => {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(prompt).strong());
                        rules::link(ui, &rule);
                    });
                    for c in choices {
                        if ui
                            .add(egui::Button::new(&c.label).min_size(vec2(ui.available_width(), 26.0)))
                            .clicked()
                        {
                            action = Some(c.action.clone());
                        }
                    }
                }
                Pending::Roll(RollSpec { dice, reason, .. }) => {
                    ui.label(RichText::new(reason).strong());
                    let keys = !ui.ctx().text_edit_focused();
                    if let Some(faces) = dice_tray::physical(ui, dice, &mut self.entry, keys) {
                        action = Some(Career::dice_action(faces));
                    }
                }
                Pending::Over { summary, .. } => {
                    ui.label(summary);
                }
            }
        } else {
            ui.label(
                RichText::new("The schools are done: Start career opens the table.")
                    .strong()
                    .color(theme::HIGHLIGHT),
            );
        }
        // The setup's own rolls are shown here at once; what follows them (the first assignment and
        // patrol) is left to the table, which shows it at the player's pace.
        if let Some(a) = action
            && let Some(session) = &mut self.session
        {
            match session.begin(a) {
                Ok(_) => {
                    while session.settling() && in_setup(session.game().phase()) {
                        session.roll_one();
                    }
                }
                Err(e) => self.message = Some(format!("Not allowed: {e}")),
            }
        }
    }
}

/// Whether the career still waits on a setup step [4.x] [11.7] [11.8].
fn in_setup(phase: &Phase) -> bool {
    match phase {
        Phase::Decide { ask } => matches!(ask, Ask::Class | Ask::FreeTime | Ask::SpecialSkill),
        Phase::Roll { roll } => matches!(
            roll,
            CareerRoll::FamilyName
                | CareerRoll::GivenName
                | CareerRoll::Kure { .. }
                | CareerRoll::MidgetSchool
                | CareerRoll::PilotSchool { .. }
                | CareerRoll::SpecialSkill
        ),
        Phase::Patrol | Phase::Over { .. } => false,
    }
}

/// The setup's rule cases, whose rolls and notes the schools page lists.
fn setup_rule(rule: &str) -> bool {
    rule.starts_with("4.") || rule == "11.7" || rule == "11.8" || rule == "8.8.7"
}

/// A class's key facts from the catalog [4.5] [4.6] [7.15] [8.5.11.3].
fn class_facts(ui: &mut egui::Ui, k: &SubmarineClass, start: Month) {
    ui.label(RichText::new(&k.name).strong().size(16.0));
    let from = Month::new(k.available.year, k.available.month);
    if from.is_some_and(|m| m > start) {
        help(
            ui,
            format!("Enters service {}: the career starts then [4.2.1].", k.available),
        );
    }
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let gun = match (&k.deck_gun_calibre, k.deck_guns) {
        (_, 0) => "none".to_string(),
        (Some(c), n) => format!("{n} × {c}, {} rounds", k.ammunition),
        (None, n) => format!("{n}, {} rounds", k.ammunition),
    };
    let kaiten = k
        .kaiten
        .first()
        .map_or_else(|| "no".to_string(), |f| format!("{} from {}", f.capacity, f.from));
    let rows = [
        (
            "Torpedo tubes",
            format!("{} bow, {} stern", k.bow_tubes, k.stern_tubes),
        ),
        (
            "Reloads",
            format!("{} bow, {} stern", k.bow_reloads, k.stern_reloads),
        ),
        ("Deck gun", gun),
        ("AA", k.aa_description.clone()),
        ("Aircraft", k.aircraft.to_string()),
        ("Midget submarine", yes_no(k.midget).to_string()),
        ("Kaiten", kaiten),
        (
            "Radar",
            k.radar_from
                .map_or_else(|| "never".to_string(), |m| format!("from {m}")),
        ),
        (
            "Patrol length",
            format!("{} months, refit {}", k.patrol_months, k.refit_months),
        ),
        (
            "Hull / flooding",
            format!("{} / {} boxes", k.hull_boxes, k.flooding_boxes),
        ),
        ("Starting base", k.start_base.clone()),
    ];
    egui::Grid::new("class-facts")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (name, value) in rows {
                ui.label(RichText::new(name).strong());
                ui.label(value);
                ui.end_row();
            }
        });
}

/// The start screen's "New career": the wizard, with the start screen's dice and seed.
pub fn open(new: &NewGame<'_>) -> Result<Box<dyn AnyScreen>, String> {
    let seed_text = new.seed.map(|s| s.to_string()).unwrap_or_default();
    let mut wizard = Wizard::new(new.physical, seed_text);
    wizard.options.overrides = crate::overrides::player_file(new.storage, "sensuikan");
    Ok(Box::new(wizard))
}

impl AnyScreen for Wizard {
    fn game_name(&self) -> &'static str {
        "Sensuikan"
    }

    fn show(&mut self, ui: &mut egui::Ui, desk: &mut crate::screen::Desk<'_>) -> Option<Nav> {
        let storage = desk.storage;
        match Wizard::show(self, ui)? {
            WizardOutcome::Cancel => Some(Nav::Start),
            WizardOutcome::Start(session) => {
                Some(Nav::Show(Box::new(CareerTable::started(*session, storage))))
            }
        }
    }
}

/// Help text: as large as the body, in the lighter ink.
fn help(ui: &mut egui::Ui, text: impl Into<String>) {
    ui.label(RichText::new(text.into()).color(theme::NAVY_LIGHT));
}

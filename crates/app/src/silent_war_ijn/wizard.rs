//! Each of the expansion's procedures as a small wizard over the table: set-up [3.0], a loner from its
//! contact roll [4.1]-[4.3], the draw of an IJN ship [3.1] [3.41*] [3.7], a crash dive [5.1], targeting
//! an escort [6.0] [6.1], the end of combat [3.4] [3.5] with the repair roll [3.51*] [3.52*], the start
//! of a month [3.5] and early War Period 4 [7.0].
//!
//! The wizard walks the engine's own decisions, one at a time, each with its rule case: it never decides
//! anything itself. Where the engine asks for a number (the Tons Sunk and Ships Sunk markers, a rating)
//! the player types it or picks a digit; where it asks which counter was drawn, the player types its name
//! and picks it from the matches; long lists become a drop-down. What the procedure did so far is listed
//! above the question, each line with its case; every roll is also in the chart panel. Back undoes the
//! last step.

use egui::{Id, RichText, vec2};
use periscope_engine::silent_war_ijn::{Procedure, SwAction};
use periscope_engine::{Choice, Decision, Pending, RollSpec};

use super::{CompanionScreen, in_wizard, rules};
use crate::keys;
use crate::theme;

/// What the player did in the wizard.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// One of the engine's choices, or a typed answer the engine judges.
    Act(SwAction),
    /// Undo the last step.
    Back,
}

/// How a decision is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One button per choice.
    Buttons,
    /// A digit 0-9 (a rating, an ASW value).
    Digits,
    /// A ship's printed values: the defence digit, or both typed `6-2`.
    Values,
    /// A marker typed in (Tons Sunk in thousands, Ships Sunk), the marks that matter as buttons.
    Number,
    /// The counter the player drew: typed, picked from the matches.
    Drawn,
    /// A long list to search (the submarine classes).
    Search,
    /// What a flipped SW counter showed: small buttons, the board's piles taking them too.
    Reveal,
    /// A long list in a drop-down (the start months).
    DropDown,
}

/// How the choices of a decision are best answered.
pub fn shape(choices: &[Choice<SwAction>]) -> Shape {
    let Some(first) = choices.first() else {
        return Shape::Buttons;
    };
    match first.action {
        SwAction::Drew { .. } => Shape::Drawn,
        SwAction::Tons { .. } | SwAction::Ships { .. } => Shape::Number,
        SwAction::Defense { .. } => Shape::Values,
        SwAction::Tactical { .. } | SwAction::Skipper { .. } | SwAction::Asw { .. } => Shape::Digits,
        SwAction::Class { .. } => Shape::Search,
        SwAction::Reveal { .. } => Shape::Reveal,
        _ if choices.len() > 12 => Shape::DropDown,
        _ => Shape::Buttons,
    }
}

/// A prompt without the short forms the command line reads (`(tons N)`, `(start M/YY)`).
pub fn desktop_prompt(prompt: &str) -> String {
    let mut p = prompt.to_string();
    for hint in [" (tons N)", " (ships N)", " (start M/YY)", " (or 'values D-A')"] {
        p = p.replace(hint, "");
    }
    p
}

#[derive(Default)]
pub struct Wizard {
    /// Where the procedure began: the number of events and of actions before it.
    started: Option<(usize, usize)>,
    /// The decision the entries belong to; they are cleared when it changes.
    asked: String,
    /// The typed answer: a number, a counter's name, a search.
    pub text: String,
    /// The drop-down's choice.
    pub picked: usize,
}

impl Wizard {
    /// Shows the wizard of the procedure under way, if it has one; returns what the player did.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        table: &CompanionScreen,
        procedure: &Procedure,
    ) -> Option<Step> {
        if !in_wizard(procedure) {
            self.started = None;
            return None;
        }
        let session = &table.session;
        let events = session.events().len();
        let actions = session.actions().len();
        match self.started {
            Some((e, a)) if e <= events && a < actions.max(1) => {}
            _ => {
                let from = events - session.last_action_events().len();
                self.started = Some((from, actions.saturating_sub(1)));
            }
        }
        let pending = session.pending();
        let asked = match &pending {
            Pending::Decision(d) => format!("{}|{}", d.prompt, d.rule),
            Pending::Roll(r) => r.reason.clone(),
            Pending::Over { summary, .. } => summary.clone(),
        };
        if asked != self.asked {
            self.asked = asked;
            self.text.clear();
            self.picked = 0;
        }
        let (from, before) = self.started.unwrap_or((events, actions));
        let step_number = actions.saturating_sub(before).max(1);
        let area = ctx.content_rect();
        let mut out = None;
        egui::Window::new(RichText::new(procedure.name()).strong())
            .id(Id::unique("silent-war-ijn-wizard"))
            // Low on the right of the table, over the log and the repair track's far end: the piles,
            // the display, the sunk box and most of the track stay in view for the board's moves.
            .pivot(egui::Align2::RIGHT_BOTTOM)
            .default_pos(egui::pos2(
                (area.right() - 352.0).max(area.left() + 440.0),
                area.bottom() - 8.0,
            ))
            .default_width(420.0)
            .resizable(false)
            .collapsible(true)
            .show(ctx, |ui| {
                ui.set_width(420.0);
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 3.0;
                    ui.label(RichText::new(format!("Step {step_number} ·")).weak());
                    ui.label(RichText::new("Rule").weak());
                    rules::link(ui, procedure.case());
                });
                let done: Vec<String> = session
                    .events()
                    .get(from..)
                    .unwrap_or_default()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                if !done.is_empty() {
                    ui.add_space(2.0);
                    ui.label(RichText::new("So far").weak());
                    egui::ScrollArea::vertical()
                        .id_salt("wizard-so-far")
                        .max_height(84.0)
                        .stick_to_bottom(true)
                        .show(ui, |ui| {
                            for line in &done {
                                ui.label(RichText::new(line).size(12.5).color(theme::PAPER_SHADE));
                            }
                        });
                }
                ui.separator();
                let pile = match procedure {
                    Procedure::Draw { pile, .. } => Some(pile.as_str()),
                    _ => None,
                };
                out = self.question(ui, &pending, pile);
                if let Some(s) = &table.status {
                    ui.add_space(4.0);
                    ui.colored_label(theme::HIGHLIGHT, s);
                }
                ui.separator();
                ui.horizontal(|ui| {
                    let back = ui
                        .add_enabled(
                            session.can_undo(),
                            egui::Button::new("Back").min_size(vec2(90.0, 26.0)),
                        )
                        .on_hover_text(format!(
                            "Undo the last step ({})",
                            keys::shown(ui.ctx(), &keys::UNDO)
                        ));
                    if back.clicked() {
                        out = Some(Step::Back);
                    }
                    ui.label(RichText::new("Every step can be undone.").weak());
                });
            });
        out
    }

    /// The question and its answer; `pile` is the pile a replacement draws from, while one does.
    fn question(
        &mut self,
        ui: &mut egui::Ui,
        pending: &Pending<SwAction>,
        pile: Option<&str>,
    ) -> Option<Step> {
        match pending {
            Pending::Decision(Decision {
                prompt,
                rule,
                choices,
            }) => {
                ui.label(RichText::new(desktop_prompt(prompt)).strong().size(15.0));
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 2.0;
                    ui.label(RichText::new("Rule").weak());
                    rules::link(ui, rule);
                });
                ui.add_space(4.0);
                if choices.iter().any(|c| matches!(c.action, SwAction::Fate { .. })) {
                    ui.label(
                        RichText::new(
                            "Or drag the glowing ship on the board: to its pile, the Sunk box or the \
                             repair track.",
                        )
                        .weak(),
                    );
                }
                let picked = match shape(choices) {
                    Shape::Buttons => buttons(ui, choices),
                    Shape::Digits => digits(ui, choices),
                    Shape::Values => self.values(ui, choices),
                    Shape::Number => self.number(ui, choices, pile.is_some()),
                    Shape::Drawn => self.search(ui, choices, pile.or(Some(""))),
                    Shape::Search => self.search(ui, choices, None),
                    Shape::Reveal => reveals(ui, choices),
                    Shape::DropDown => self.drop_down(ui, choices),
                };
                picked.map(Step::Act)
            }
            Pending::Roll(RollSpec {
                dice, reason, rule, ..
            }) => {
                ui.label(RichText::new(desktop_prompt(reason)).strong().size(15.0));
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 2.0;
                    ui.label(RichText::new(format!("{dice} ·")).weak());
                    rules::link(ui, rule);
                });
                ui.label("Roll your die and click the face it shows (or use the dice tray):");
                let mut out = None;
                ui.horizontal_wrapped(|ui| {
                    for n in 0..=9u8 {
                        let resp = ui.add(
                            egui::Button::new(RichText::new(n.to_string()).size(16.0).strong())
                                .min_size(vec2(34.0, 32.0)),
                        );
                        let name = format!("The die shows {n}");
                        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                        if resp.clicked() {
                            out = Some(Step::Act(SwAction::Roll { faces: vec![n] }));
                        }
                    }
                });
                out
            }
            Pending::Over { summary, .. } => {
                ui.label(summary);
                None
            }
        }
    }

    /// A ship's printed values [3.1A]: the defence digit (then the ASW is asked), or both typed.
    fn values(&mut self, ui: &mut egui::Ui, choices: &[Choice<SwAction>]) -> Option<SwAction> {
        ui.label("Its defence:");
        let mut out = digits(ui, choices);
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.label("Or both, defence-ASW:");
            let resp = ui.add(
                egui::TextEdit::singleline(&mut self.text)
                    .hint_text("6-2")
                    .desired_width(70.0),
            );
            resp.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Printed values, defence-ASW")
            });
            let enter = keys::submitted(ui, &resp);
            if (ui.button("Enter the values").clicked() || enter)
                && let Ok(a) = format!("values {}", self.text.trim()).parse::<SwAction>()
            {
                out = Some(a);
            }
        });
        out
    }

    /// A marker typed in: the Tons Sunk marker in thousands, or the Ships Sunk marker; or, while a
    /// replacement draws (`counter`), the tonnage a counter new to Periscope prints. The marks (or common
    /// tonnages) are buttons too.
    fn number(&mut self, ui: &mut egui::Ui, choices: &[Choice<SwAction>], counter: bool) -> Option<SwAction> {
        let tons = matches!(choices.first().map(|c| &c.action), Some(SwAction::Tons { .. }));
        let (what, unit) = if counter {
            ("Its tonnage", "thousand tons")
        } else if tons {
            ("Your Tons Sunk marker", "thousand tons")
        } else {
            ("Your Ships Sunk marker", "ships")
        };
        let mut out = None;
        ui.horizontal(|ui| {
            ui.label(format!("{what}:"));
            let resp = ui.add(
                egui::TextEdit::singleline(&mut self.text)
                    .hint_text(if tons { "2660" } else { "860" })
                    .desired_width(90.0),
            );
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, what));
            ui.label(unit);
            let enter = keys::submitted(ui, &resp);
            let number = self.text.trim().replace([',', ' '], "").parse::<u32>();
            let ok = number.is_ok();
            if (ui.add_enabled(ok, egui::Button::new("Enter")).clicked() || (enter && ok))
                && let Ok(n) = number
            {
                out = Some(if tons {
                    SwAction::Tons { thousands: n }
                } else {
                    SwAction::Ships { count: n }
                });
            }
        });
        ui.label(
            RichText::new(if counter {
                "Or pick it:"
            } else {
                "Or the mark it stands against:"
            })
            .weak(),
        );
        if let Some(a) = buttons(ui, choices) {
            out = Some(a);
        }
        out
    }

    /// A long list searched by name: the counter the player drew from `drawn`, the pile (typed, picked
    /// from the matches; a name that matches none is sent as typed: the engine asks about a counter its
    /// data has out of the pile or does not have, and refuses one of another pile), or a class.
    fn search(
        &mut self,
        ui: &mut egui::Ui,
        choices: &[Choice<SwAction>],
        drawn: Option<&str>,
    ) -> Option<SwAction> {
        let pile = drawn;
        let drawn = pile.is_some();
        let mut out = None;
        let what = if drawn { "The counter you drew" } else { "Search" };
        let resp = ui
            .horizontal(|ui| {
                ui.label(format!("{what}:"));
                let resp = ui.add(
                    egui::TextEdit::singleline(&mut self.text)
                        .hint_text(if drawn {
                            "type its name: Arashi"
                        } else {
                            "type a name"
                        })
                        .desired_width(220.0),
                );
                resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, what));
                resp
            })
            .inner;
        let needle = self.text.trim().to_lowercase();
        let matches: Vec<&Choice<SwAction>> = choices
            .iter()
            .filter(|c| {
                needle.is_empty()
                    || c.label.to_lowercase().contains(&needle)
                    || matches!(&c.action, SwAction::Drew { counter } if counter.contains(&needle))
            })
            .collect();
        let enter = keys::submitted(ui, &resp);
        if enter {
            match matches.as_slice() {
                [only] => out = Some(only.action.clone()),
                _ if drawn && !needle.is_empty() => {
                    out = Some(SwAction::Drew {
                        counter: self.text.trim().to_string(),
                    });
                }
                _ => {}
            }
        }
        ui.label(RichText::new(format!("{} of {} match", matches.len(), choices.len())).weak());
        if drawn && matches.is_empty() && !needle.is_empty() {
            ui.label(format!(
                "'{}' is not in Periscope's {} pile. Your counter decides: press Enter to name it, and \
                 Periscope asks before it takes it.",
                self.text.trim(),
                pile.unwrap_or_default()
            ));
        }
        egui::ScrollArea::vertical()
            .id_salt("wizard-matches")
            .max_height(150.0)
            .show(ui, |ui| {
                for c in matches {
                    let resp = ui
                        .add(egui::Button::new(&c.label).min_size(vec2(ui.available_width(), 24.0)))
                        .on_hover_text(format!("[{}]", c.rule));
                    if resp.clicked() {
                        out = Some(c.action.clone());
                    }
                }
            });
        out
    }

    /// A long list in a drop-down, then a button that sends the one chosen.
    fn drop_down(&mut self, ui: &mut egui::Ui, choices: &[Choice<SwAction>]) -> Option<SwAction> {
        let mut out = None;
        self.picked = self.picked.min(choices.len().saturating_sub(1));
        let shown = choices
            .get(self.picked)
            .map_or(String::new(), |c| c.label.clone());
        ui.horizontal(|ui| {
            egui::ComboBox::from_id_salt("wizard-drop-down")
                .selected_text(&shown)
                .width(280.0)
                .height(320.0)
                .show_ui(ui, |ui| {
                    for (i, c) in choices.iter().enumerate() {
                        ui.selectable_value(&mut self.picked, i, &c.label);
                    }
                });
            if ui.button("Choose").clicked()
                && let Some(c) = choices.get(self.picked)
            {
                out = Some(c.action.clone());
            }
        });
        out
    }
}

/// One numbered button per choice; the number keys pick them while no text field is being typed in.
fn buttons(ui: &mut egui::Ui, choices: &[Choice<SwAction>]) -> Option<SwAction> {
    let typing = ui.ctx().text_edit_focused();
    let mut out = None;
    for (i, c) in choices.iter().enumerate() {
        let text = if keys::choice_has_key(i) {
            format!("{}  {}", i + 1, c.label)
        } else {
            c.label.clone()
        };
        let resp = ui
            .add(egui::Button::new(RichText::new(text).size(14.0)).min_size(vec2(ui.available_width(), 28.0)))
            .on_hover_text(format!("[{}]", c.rule));
        let pressed = !typing && ui.input(|inp| keys::choice(inp, i));
        if resp.clicked() || pressed {
            out = Some(c.action.clone());
        }
    }
    out
}

/// What the flipped SW counter showed [3.1] [3.3]: one small button each, wrapped; a pile clicked on
/// the board gives the same choice.
fn reveals(ui: &mut egui::Ui, choices: &[Choice<SwAction>]) -> Option<SwAction> {
    ui.label(RichText::new("Or click its pile on the board.").weak());
    let mut out = None;
    ui.horizontal_wrapped(|ui| {
        for c in choices {
            let resp = ui
                .add(egui::Button::new(&c.label).min_size(vec2(44.0, 26.0)))
                .on_hover_text(format!("[{}]", c.rule));
            if resp.clicked() {
                out = Some(c.action.clone());
            }
        }
    });
    out
}

/// A row of digit buttons, each named as the engine labels its choice ("Tactical rating 4"); the digit
/// keys pick them while no text field is being typed in.
fn digits(ui: &mut egui::Ui, choices: &[Choice<SwAction>]) -> Option<SwAction> {
    let typing = ui.ctx().text_edit_focused();
    let mut out = None;
    ui.horizontal_wrapped(|ui| {
        for c in choices {
            let digit = match c.action {
                SwAction::Tactical { rating } | SwAction::Skipper { rating } => rating,
                SwAction::Defense { value } | SwAction::Asw { value } => value,
                _ => continue,
            };
            let resp = ui
                .add(
                    egui::Button::new(RichText::new(digit.to_string()).size(16.0).strong())
                        .min_size(vec2(34.0, 32.0)),
                )
                .on_hover_text(format!("{} [{}]", c.label, c.rule));
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &c.label));
            let pressed = !typing && ui.input(|i| keys::digit(i, usize::from(digit)));
            if resp.clicked() || pressed {
                out = Some(c.action.clone());
            }
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(action: SwAction) -> Choice<SwAction> {
        Choice {
            action,
            label: String::new(),
            rule: String::new(),
        }
    }

    /// [3.52*A] [7.0] The markers are typed; [4.2 Submarine] a rating is a digit; [3.1A] a drawn counter
    /// is searched; [5.2] the classes are searched; [3.1] a reveal is a row of buttons beside the piles; a
    /// long list is a drop-down.
    #[test]
    fn each_decision_gets_the_answer_that_fits_it() {
        assert_eq!(shape(&[c(SwAction::Tons { thousands: 0 })]), Shape::Number);
        assert_eq!(shape(&[c(SwAction::Ships { count: 0 })]), Shape::Number);
        assert_eq!(shape(&[c(SwAction::Tactical { rating: 0 })]), Shape::Digits);
        assert_eq!(shape(&[c(SwAction::Defense { value: 0 })]), Shape::Values);
        assert_eq!(
            shape(&[c(SwAction::Drew {
                counter: "dd_arashi".into()
            })]),
            Shape::Drawn
        );
        assert_eq!(
            shape(&[c(SwAction::Class { class: "gato".into() })]),
            Shape::Search
        );
        let months: Vec<_> = (0..40).map(|_| c(SwAction::NextMonth)).collect();
        assert_eq!(shape(&months), Shape::DropDown);
        assert_eq!(shape(&[c(SwAction::Answer { yes: true })]), Shape::Buttons);
        assert_eq!(
            shape(&[c(SwAction::Reveal {
                shown: periscope_engine::silent_war_ijn::Shown::Merchant,
                sw_values: None
            })]),
            Shape::Reveal
        );
    }

    #[test]
    fn the_command_lines_short_forms_are_left_out() {
        assert_eq!(
            desktop_prompt("What does your Tons Sunk marker read? [SW17.1] (tons N)"),
            "What does your Tons Sunk marker read? [SW17.1]"
        );
    }
}

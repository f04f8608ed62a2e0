//! The decision the game waits for: one button per legal choice, with its rule case and a number key.

use egui::{Key, RichText};
use periscope_engine::{Choice, Pending};
use periscope_engine::{Decision, RollSpec};

use crate::panels::rules_reference::{self, RuleBook};
use crate::theme;

const KEYS: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

/// Shows the pending decision; returns the choice the player made by click or key. Cited cases of the
/// game's rule book (if it has one) are links to the rules reference.
pub fn show<A: Clone>(
    ui: &mut egui::Ui,
    pending: &Pending<A>,
    keys_enabled: bool,
    book: Option<&'static dyn RuleBook>,
) -> Option<A> {
    let mut picked = None;
    match pending {
        Pending::Decision(Decision {
            prompt,
            rule,
            choices,
        }) => {
            ui.label(RichText::new(prompt).strong().size(15.0));
            rule_line(ui, book, rule, "");
            ui.add_space(4.0);
            for (i, Choice { action, label, rule }) in choices.iter().enumerate() {
                let key = KEYS.get(i);
                let text = match key {
                    Some(_) => format!("{}  {label}", i + 1),
                    None => label.clone(),
                };
                let button = egui::Button::new(RichText::new(text).size(14.0))
                    .min_size(egui::vec2(ui.available_width(), 28.0));
                let response = ui.add(button).on_hover_text(format!("[{rule}]"));
                let pressed = keys_enabled
                    && key.is_some_and(|k| ui.input(|inp| inp.key_pressed(*k) && inp.modifiers.is_none()));
                if response.clicked() || pressed {
                    picked = Some(action.clone());
                }
            }
            if choices.is_empty() {
                ui.label("No legal choice: this should not happen. Undo (Ctrl+Z) and report the save.");
            }
        }
        Pending::Roll(RollSpec {
            dice, reason, rule, ..
        }) => {
            ui.label(RichText::new(format!("{reason} ({dice})")).strong().size(15.0));
            rule_line(ui, book, rule, " · enter the faces in the dice tray");
        }
        Pending::Over { won, summary } => {
            let (title, colour) = if *won {
                ("Victory", theme::HIGHLIGHT)
            } else {
                ("Defeat", theme::DANGER)
            };
            ui.label(RichText::new(title).size(22.0).strong().color(colour));
            ui.label(summary);
        }
    }
    picked
}

/// "Rule [x.y]": the case id is a link to the rules reference when it is a rulebook case.
fn rule_line(ui: &mut egui::Ui, book: Option<&'static dyn RuleBook>, rule: &str, after: &str) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        ui.label(RichText::new("Rule").color(theme::NAVY_LIGHT));
        let cases = rules_reference::cited_in(book, &format!("[{rule}]"));
        if cases.is_empty() {
            ui.label(RichText::new(format!("[{rule}]")).color(theme::NAVY_LIGHT));
        }
        if let Some(book) = book {
            for case in cases {
                rules_reference::case_link(ui, book, &case);
            }
        }
        if !after.is_empty() {
            ui.label(after);
        }
    });
}

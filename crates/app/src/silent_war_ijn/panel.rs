//! The companion's decision panel. The turn's menu and the Combat Phase's are grouped: the War Events are
//! one "Declare a War Event…" button (its dialog lists each event's ships before it is declared
//! [2.1.1]), and the reveals that draw from a pile sit under one heading (the board's piles take them
//! too) [3.1]. A procedure walked in the wizard is named here, its choices folded away as a list.

use egui::RichText;
use periscope_engine::silent_war_ijn::{Companion, SwAction};
use periscope_engine::{Choice, Decision, Pending};

use super::{Ask, ask, in_wizard, rules};
use crate::keys;
use crate::panels::decision;
use crate::theme;

/// Buttons numbered in the order shown; number keys pick them.
struct Buttons {
    next: usize,
    keys: bool,
    picked: Option<SwAction>,
}

impl Buttons {
    fn button(&mut self, ui: &mut egui::Ui, c: &Choice<SwAction>) {
        let i = self.next;
        let text = if keys::choice_has_key(i) {
            format!("{}  {}", i + 1, c.label)
        } else {
            c.label.clone()
        };
        self.next += 1;
        let button = egui::Button::new(RichText::new(text).size(14.0))
            .min_size(egui::vec2(ui.available_width(), 28.0));
        let resp = ui.add(button).on_hover_text(format!("[{}]", c.rule));
        let pressed = self.keys && ui.input(|inp| keys::choice(inp, i));
        if resp.clicked() || pressed {
            self.picked = Some(c.action.clone());
        }
    }
}

fn rule_line(ui: &mut egui::Ui, rule: &str) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        ui.label(RichText::new("Rule").weak());
        rules::link(ui, rule);
    });
}

pub fn show(
    ui: &mut egui::Ui,
    game: &Companion,
    pending: &Pending<SwAction>,
    keys: bool,
) -> Option<SwAction> {
    let Pending::Decision(Decision {
        prompt,
        rule,
        choices,
    }) = pending
    else {
        if let Pending::Over { summary, .. } = pending {
            // The companion wins nothing: it closes its books.
            ui.label(RichText::new("The companion is closed").strong().size(18.0));
            ui.label(summary);
            ui.label(
                RichText::new(format!(
                    "Undo ({}) opens it again.",
                    keys::shown(ui.ctx(), &keys::UNDO)
                ))
                .weak(),
            );
            return None;
        }
        return decision::show(ui, pending, keys, Some(&rules::BOOK));
    };
    let procedure = game.procedure();
    if in_wizard(&procedure) {
        ui.label(RichText::new(procedure.name()).strong().size(16.0));
        ui.label(RichText::new(super::wizard::desktop_prompt(prompt)).size(14.0));
        rule_line(ui, rule);
        ui.label(RichText::new("Answer in the dialog on the table.").color(theme::HIGHLIGHT));
        let mut picked = None;
        egui::CollapsingHeader::new("Every choice, as a list")
            .id_salt("sw-all-choices")
            .default_open(false)
            .show(ui, |ui| {
                picked = decision::show(ui, pending, false, Some(&rules::BOOK));
            });
        return picked;
    }
    ui.label(RichText::new(prompt).strong().size(15.0));
    rule_line(ui, rule);
    ui.add_space(4.0);
    let mut b = Buttons {
        next: 0,
        keys,
        picked: None,
    };
    let (declares, rest): (Vec<&Choice<SwAction>>, Vec<&Choice<SwAction>>) = choices
        .iter()
        .partition(|c| matches!(c.action, SwAction::Declare { .. }));
    let (reveals, rest): (Vec<&Choice<SwAction>>, Vec<&Choice<SwAction>>) =
        rest.into_iter().partition(|c| game.pile_for(&c.action).is_some());
    if !reveals.is_empty() {
        reveal_list(ui, &reveals, &mut b);
    }
    let mut declared_button = false;
    for c in rest {
        // The War Events come after the turn's phases, before its end.
        if !declared_button
            && !declares.is_empty()
            && matches!(c.action, SwAction::NextWeek | SwAction::NextMonth | SwAction::End)
        {
            declare_button(ui, &declares);
            declared_button = true;
        }
        b.button(ui, c);
    }
    if !declared_button && !declares.is_empty() {
        declare_button(ui, &declares);
    }
    b.picked
}

/// One button for every War Event the engine offers: its dialog lists their ships first.
fn declare_button(ui: &mut egui::Ui, declares: &[&Choice<SwAction>]) {
    ui.add_space(2.0);
    let text = format!("Declare a War Event… ({} possible)", declares.len());
    let resp = ui
        .add(
            egui::Button::new(RichText::new(text).size(14.0).strong())
                .min_size(egui::vec2(ui.available_width(), 28.0)),
        )
        .on_hover_text("A War Event happened this turn: its ships leave at the turn's end [2.1.1]");
    if resp.clicked() {
        ask(ui.ctx(), Ask::Declare(None));
    }
    ui.add_space(2.0);
}

/// The reveals that draw from an IJN pile, folded under one heading: the board's piles take them too.
fn reveal_list(ui: &mut egui::Ui, reveals: &[&Choice<SwAction>], b: &mut Buttons) {
    egui::CollapsingHeader::new("A Japanese warship or auxiliary is revealed…")
        .id_salt("sw-reveals")
        .default_open(false)
        .show(ui, |ui| {
            ui.label(RichText::new("Or click its pile on the board.").color(theme::PAPER_SHADE));
            for c in reveals {
                b.button(ui, c);
            }
        });
}

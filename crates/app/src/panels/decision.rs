//! The decision the game waits for: one button per legal choice, with its rule case and a number key,
//! and under each choice whose next roll the game foresees the exact odds of that roll's outcomes (the
//! chart, the rule and what the figure covers on hover). The odds are computed by the screen once per
//! state of the game ([`ShownOdds`]), never per frame.

use egui::RichText;
use periscope_engine::odds::Odds;
use periscope_engine::{Choice, Pending};
use periscope_engine::{Decision, RollSpec};

use crate::keys;
use crate::panels::rules_reference::{self, RuleBook};
use crate::theme;

/// The odds the panel shows for one state of the game: one entry per choice of the decision (in its
/// order), and the odds of the roll waiting, if the game waits for one.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShownOdds {
    pub choices: Vec<Option<Odds>>,
    pub roll: Option<Odds>,
}

fn marked_id() -> egui::Id {
    egui::Id::unique("periscope-decision-marked")
}

/// Marks a choice of the decision about to be shown (by its place in the decision's list), or none: a
/// walkthrough marks the choice its example takes ([`crate::panels::tutor`]). The screen sets it for
/// the frame's decision and clears it after.
pub fn mark(ctx: &egui::Context, choice: Option<usize>) {
    ctx.data_mut(|d| match choice {
        Some(i) => {
            d.insert_temp(marked_id(), i);
        }
        None => d.remove::<usize>(marked_id()),
    });
}

/// What a marked choice's button adds to its label.
pub const MARKED: &str = "(the example's choice)";

/// Shows the pending decision; returns the choice the player made by click or key. Cited cases of the
/// game's rule book (if it has one) are links to the rules reference.
pub fn show<A: Clone>(
    ui: &mut egui::Ui,
    pending: &Pending<A>,
    keys_enabled: bool,
    book: Option<&'static dyn RuleBook>,
) -> Option<A> {
    show_with_odds(ui, pending, keys_enabled, book, None)
}

/// [`show`], with the odds of each choice's roll (and of the roll waiting) under it when `odds` is given.
pub fn show_with_odds<A: Clone>(
    ui: &mut egui::Ui,
    pending: &Pending<A>,
    keys_enabled: bool,
    book: Option<&'static dyn RuleBook>,
    odds: Option<&ShownOdds>,
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
            let marked = ui.ctx().data(|d| d.get_temp::<usize>(marked_id()));
            for (i, Choice { action, label, rule }) in choices.iter().enumerate() {
                let mut text = if keys::choice_has_key(i) {
                    format!("{}  {label}", i + 1)
                } else {
                    label.clone()
                };
                let is_marked = marked == Some(i);
                if is_marked {
                    text = format!("{text}  {MARKED}");
                }
                let mut button = egui::Button::new(RichText::new(text).size(14.0))
                    .min_size(egui::vec2(ui.available_width(), 28.0));
                if is_marked {
                    button = button
                        .fill(theme::HIGHLIGHT.gamma_multiply(0.35))
                        .stroke(egui::Stroke::new(2.0, theme::HIGHLIGHT));
                }
                let response = ui.add(button).on_hover_text(format!("[{rule}]"));
                let pressed = keys_enabled && ui.input(|inp| keys::choice(inp, i));
                if response.clicked() || pressed {
                    picked = Some(action.clone());
                }
                if let Some(o) = odds.and_then(|o| o.choices.get(i)).and_then(Option::as_ref) {
                    odds_line(ui, o);
                }
            }
            if choices.is_empty() {
                ui.label(format!(
                    "No legal choice: this should not happen. Undo ({}) and report the save.",
                    keys::shown(ui.ctx(), &keys::UNDO)
                ));
            }
        }
        Pending::Roll(RollSpec {
            dice, reason, rule, ..
        }) => {
            ui.label(RichText::new(format!("{reason} ({dice})")).strong().size(15.0));
            rule_line(ui, book, rule, " · enter the faces in the dice tray");
            if let Some(o) = odds.and_then(|o| o.roll.as_ref()) {
                odds_line(ui, o);
            }
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

/// `B1: hit 58 % · miss 42 %` under a choice, in small type; the chart, the rule and what the figure
/// covers on hover.
fn odds_line(ui: &mut egui::Ui, o: &Odds) {
    let text = odds_text(o);
    ui.horizontal_wrapped(|ui| {
        ui.add_space(14.0);
        ui.label(RichText::new(text).size(12.5).color(theme::PAPER_SHADE))
            .on_hover_text(format!(
                "The exact odds of the {} roll [{}], from the chart and the modifiers in force: {}.",
                o.chart, o.rule, o.covers
            ));
    });
    ui.add_space(2.0);
}

/// The line the panel shows for `o` (`B1: hit 58 % · miss 42 %`), which tests look for.
pub fn odds_text(o: &Odds) -> String {
    format!("{}: {}", o.chart, o.summary())
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

/// How a game's table asks for odds: of the roll a choice sets off, and of the roll waiting. A game
/// played through the rules machine takes [`OddsOf::RULES`], the engine's exact odds.
pub struct OddsOf<G: periscope_engine::Game> {
    pub choice: fn(&G, &G::Action) -> Option<Odds>,
    pub now: fn(&G) -> Option<Odds>,
}

impl<G> OddsOf<G>
where
    G: periscope_engine::Game
        + periscope_engine::machine::Rules<Action = <G as periscope_engine::Game>::Action>,
{
    /// The engine's odds ([`periscope_engine::odds`]).
    pub const RULES: Self = Self {
        choice: periscope_engine::odds::odds::<G>,
        now: periscope_engine::odds::odds_now::<G>,
    };
}

impl<G: periscope_engine::Game> OddsOf<G> {
    /// The odds of every choice of `pending` and of its roll, for one state of `game`.
    pub fn shown(&self, game: &G, pending: &Pending<G::Action>) -> ShownOdds {
        match pending {
            Pending::Decision(d) => ShownOdds {
                choices: d.choices.iter().map(|c| (self.choice)(game, &c.action)).collect(),
                roll: None,
            },
            Pending::Roll(_) => ShownOdds {
                choices: Vec::new(),
                roll: (self.now)(game),
            },
            Pending::Over { .. } => ShownOdds::default(),
        }
    }
}

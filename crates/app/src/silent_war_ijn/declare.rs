//! The "Declare a War Event" dialog [2.1.1] [9.0]: the War Events the engine offers this turn; for the
//! one chosen, exactly the ships it will remove at the end of the turn (asked of the engine itself, on a
//! copy of the companion), with no tonnage credited for them [3.6], before the player confirms.

use egui::{Id, RichText, vec2};
use periscope_engine::Game;
use periscope_engine::silent_war_ijn::{Companion, Ship, SwAction, SwEvent};

use crate::theme;

/// What became of the dialog this frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Open,
    Closed,
    /// The player confirmed: the engine's own choice.
    Declare(SwAction),
}

/// The ships a War Event removes, as the engine has them now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Removes {
    /// In play now (a pile, the display, damaged): they leave at the end of the turn.
    pub in_play: Vec<Ship>,
    /// Not yet joined their piles: they never will.
    pub awaiting: Vec<Ship>,
    /// The event's other ships, already out (sunk, removed by date, not in this scenario).
    pub gone: Vec<String>,
}

/// [2.1.1] What declaring `event` now would remove at the end of the turn: the engine plays the
/// declaration and the turn's end on a copy of the companion.
pub fn removes(game: &Companion, event: &str) -> Removes {
    let mut copy = game.clone();
    let declared = copy.apply(SwAction::Declare {
        event: event.to_string(),
    });
    let in_play: Vec<Ship> = declared
        .unwrap_or_default()
        .into_iter()
        .find_map(|e| match e {
            SwEvent::EventDeclared { ships, .. } => Some(ships),
            _ => None,
        })
        .unwrap_or_default();
    let all: Vec<Ship> = copy
        .apply(SwAction::End)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|e| match e {
            SwEvent::RemovedByEvent { war_event, ships, .. } if war_event == event => Some(ships),
            _ => None,
        })
        .flatten()
        .collect();
    let awaiting: Vec<Ship> = all.iter().filter(|s| !in_play.contains(s)).cloned().collect();
    let data = game.data();
    let gone = data
        .set
        .event(event)
        .map(|e| {
            e.ships
                .iter()
                .filter(|id| !all.iter().any(|s| s.id == **id))
                .filter_map(|id| data.set.counters.iter().find(|c| c.id == *id))
                .map(|c| c.label())
                .collect()
        })
        .unwrap_or_default();
    Removes {
        in_play,
        awaiting,
        gone,
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeclareDialog {
    /// The War Event chosen (its id).
    pub selected: Option<String>,
}

impl DeclareDialog {
    pub fn at(event: Option<String>) -> Self {
        Self { selected: event }
    }

    pub fn show(&mut self, ctx: &egui::Context, game: &Companion) -> Outcome {
        let offered: Vec<(String, String)> = game
            .pending()
            .choices()
            .iter()
            .filter_map(|c| match &c.action {
                SwAction::Declare { event } => Some((event.clone(), c.rule.clone())),
                _ => None,
            })
            .collect();
        if offered.is_empty() {
            return Outcome::Closed;
        }
        if self
            .selected
            .as_ref()
            .is_some_and(|s| !offered.iter().any(|(e, _)| e == s))
        {
            self.selected = None;
        }
        let data = game.data();
        let id = Id::unique("silent-war-ijn-declare");
        let mut open = !crate::keys::closes_on_escape(ctx, id);
        let mut outcome = Outcome::Open;
        let area = ctx.content_rect();
        egui::Window::new(RichText::new("Declare a War Event").strong())
            .id(id)
            .open(&mut open)
            .default_pos(egui::pos2(area.center().x - 330.0, area.top() + 80.0))
            .default_width(560.0)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 3.0;
                    ui.label("A War Event the base game's event tables say happened this turn. Rule");
                    super::rules::link(ui, offered.first().map_or("2.1.1", |(_, r)| r.as_str()));
                });
                ui.add_space(4.0);
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        ui.set_width(200.0);
                        for (id, _) in &offered {
                            let Some(e) = data.set.event(id) else {
                                continue;
                            };
                            let chosen = self.selected.as_deref() == Some(id.as_str());
                            let text = format!("{} ({})", e.name, e.printed_date);
                            if ui.selectable_label(chosen, text).clicked() {
                                self.selected = Some(id.clone());
                            }
                        }
                    });
                    ui.add_space(12.0);
                    ui.vertical(|ui| {
                        ui.set_width(320.0);
                        let Some(id) = self.selected.clone() else {
                            ui.label(RichText::new("Choose the War Event on the left.").weak());
                            return;
                        };
                        let name = data.set.event(&id).map_or(id.clone(), |e| e.name.clone());
                        let r = removes(game, &id);
                        ui.label(RichText::new(&name).strong().size(16.0));
                        ui.label(
                            "Its ships leave at the end of this turn, whatever they are doing, and \
                             no tonnage is credited for them [2.1.1] [3.6]:",
                        );
                        ship_list(ui, &r.in_play, "none of its ships is in play");
                        if !r.awaiting.is_empty() {
                            ui.add_space(4.0);
                            ui.label("Not yet in their piles, they will now never join them:");
                            ship_list(ui, &r.awaiting, "");
                        }
                        if !r.gone.is_empty() {
                            ui.add_space(4.0);
                            ui.label(
                                RichText::new(format!("Already out: {}", r.gone.join(", ")))
                                    .color(theme::PAPER_SHADE),
                            );
                        }
                        ui.add_space(8.0);
                        ui.horizontal(|ui| {
                            let confirm =
                                egui::Button::new(RichText::new(format!("Declare {name}")).strong())
                                    .min_size(vec2(160.0, 28.0));
                            if ui.add(confirm).clicked() {
                                outcome = Outcome::Declare(SwAction::Declare { event: id.clone() });
                            }
                            if ui.button("Cancel").clicked() {
                                outcome = Outcome::Closed;
                            }
                        });
                    });
                });
            });
        if !open {
            return Outcome::Closed;
        }
        outcome
    }
}

fn ship_list(ui: &mut egui::Ui, ships: &[Ship], none: &str) {
    if ships.is_empty() {
        if !none.is_empty() {
            ui.label(RichText::new(none).weak());
        }
        return;
    }
    let names: Vec<&str> = ships.iter().map(|s| s.name.as_str()).collect();
    ui.label(RichText::new(names.join(", ")).strong());
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use periscope_engine::DiceMode;

    /// [2.1.1] [9.0] Midway declared in a 1941 game from April 1942 removes exactly its ten ships, all in
    /// play; the copy leaves the companion as it was.
    #[test]
    fn midway_lists_exactly_its_ships() {
        let mut g = Companion::new(Default::default(), 3, DiceMode::Physical).unwrap();
        for a in [
            "scenario 1941",
            "start 4/42",
            "past done",
            "war_period 1",
            "no",
            "draws periscope",
            "piles",
        ] {
            g.apply(a.parse().unwrap()).unwrap();
        }
        let before = g.clone();
        let r = removes(&g, "midway");
        let names: Vec<&str> = r.in_play.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names.len(), 10, "{names:?}");
        assert!(
            names.contains(&"CV Akagi") && names.contains(&"CA Mikuma"),
            "{names:?}"
        );
        assert!(r.awaiting.is_empty());
        assert!(r.gone.is_empty());
        assert_eq!(g, before, "only a copy was played");
    }
}

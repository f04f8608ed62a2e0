//! Sensuikan's boards: the Control Sheet (`control_sheet.rs`) above the Patrol Log (`patrol_log.rs`),
//! the Combat Sheet (`combat_sheet.rs`) beside the Control Sheet and the Operations Map (`ops_map.rs`)
//! beside the Patrol Log, with the counters they draw (`counters.rs`). The boards show the career and
//! the patrol as the engine has them; a torpedo dragged onto a target on the Combat Sheet is the
//! engine's declaration.

pub mod combat_sheet;
pub mod control_sheet;
pub mod counters;
pub mod ops_map;
pub mod patrol_log;

use periscope_engine::sensuikan::PatrolAction;
use periscope_engine::sensuikan::career::{Career, CareerAction};
use periscope_engine::{Game, Pending};

use crate::{Board, Effects};

/// What the Combat Sheet says instead of "Drag a torpedo…" when the engine offers no shot now, from the
/// engine's own decision: a contact that may not be attacked (picket duty's merchants [7.2]) names the
/// only choices the rules leave and their cases; a contact to engage says to choose the attack first;
/// another decision (test depth, the next round) is named with its case.
fn no_attack(pending: &Pending<CareerAction>) -> Option<String> {
    let Pending::Decision(d) = pending else {
        return None;
    };
    let patrol: Vec<(&PatrolAction, &str, &str)> = d
        .choices
        .iter()
        .filter_map(|c| match &c.action {
            CareerAction::Patrol { action } => Some((action, c.label.as_str(), c.rule.as_str())),
            _ => None,
        })
        .collect();
    let shoot = patrol.iter().any(|(a, ..)| {
        matches!(
            a,
            PatrolAction::Declare { .. } | PatrolAction::Gun { .. } | PatrolAction::Fire
        )
    });
    if shoot {
        return None;
    }
    let attack = patrol
        .iter()
        .any(|(a, ..)| matches!(a, PatrolAction::Attack { .. } | PatrolAction::AdditionalRound));
    if attack {
        return Some(format!(
            "{}: choose how to attack in the decision panel, then drag torpedoes onto the targets.",
            cited(&d.prompt, &d.rule)
        ));
    }
    let offered: Vec<String> = patrol
        .iter()
        .map(|(_, label, rule)| format!("{label} [{rule}]"))
        .collect();
    let engage = patrol.iter().any(|(a, ..)| matches!(a, PatrolAction::Decline));
    Some(if engage {
        format!(
            "No attack is allowed on this contact: {}. The only choice: {}.",
            cited(&d.prompt, &d.rule),
            offered.join(", ")
        )
    } else {
        format!(
            "Now: {} — choose in the decision panel.",
            cited(&d.prompt, &d.rule)
        )
    })
}

/// A decision's prompt with its rule case, unless the prompt cites it already.
fn cited(prompt: &str, rule: &str) -> String {
    let prompt = prompt.trim_end_matches(['?', '.']);
    if prompt.contains(&format!("[{rule}]")) {
        prompt.to_string()
    } else {
        format!("{prompt} [{rule}]")
    }
}

/// Where the boards sit on the table.
pub const SHEET: egui::Vec2 = egui::vec2(1180.0, 720.0);
pub const LOG_TOP: f32 = SHEET.y + 40.0;
pub const LOG: egui::Vec2 = egui::vec2(1180.0, 600.0);
/// The right-hand column: the Combat Sheet beside the Control Sheet, the Operations Map beside the log.
pub const RIGHT: f32 = SHEET.x + 40.0;
pub const COMBAT_AT: egui::Pos2 = egui::pos2(RIGHT, 0.0);
pub const MAP_AT: egui::Pos2 = egui::pos2(RIGHT, LOG_TOP);

/// The Combat Sheet's place on the table.
pub fn combat_rect() -> egui::Rect {
    egui::Rect::from_min_size(COMBAT_AT, combat_sheet::SIZE)
}

/// The Operations Map's place on the table.
pub fn map_rect() -> egui::Rect {
    egui::Rect::from_min_size(MAP_AT, ops_map::SIZE)
}

impl Board for Career {
    fn table_size() -> egui::Vec2 {
        egui::vec2(RIGHT + combat_sheet::SIZE.x, LOG_TOP + LOG.y)
    }

    /// The Control Sheet fills the view; the Patrol Log is below it, a pan away.
    fn home_view() -> egui::Rect {
        egui::Rect::from_min_size(egui::Pos2::ZERO, SHEET)
    }

    fn boards() -> Vec<(&'static str, egui::Rect)> {
        vec![
            ("Control Sheet", Self::home_view()),
            ("Combat Sheet", combat_rect()),
            (
                "Patrol Log",
                egui::Rect::from_min_size(egui::pos2(0.0, LOG_TOP), LOG),
            ),
            ("Operations Map", map_rect()),
        ]
    }

    fn draw_table(ui: &mut egui::Ui, game: &Self, fx: &Effects) -> Option<Self::Action> {
        let view = game.view();
        ui.allocate_rect(
            egui::Rect::from_min_size(egui::Pos2::ZERO, Self::table_size()),
            egui::Sense::hover(),
        );
        control_sheet::show(ui, &view, fx);
        patrol_log::show(ui, &view, egui::pos2(0.0, LOG_TOP));
        let at_sea = view.patrol.as_ref().map(|p| ops_map::AtSea {
            box_number: p.box_number,
            boxes: &p.boxes,
        });
        ops_map::show(ui, &view.map, &view.month, &view.base, at_sea, MAP_AT);
        let pending = game.pending();
        // (A declaration without a tube takes the first free loaded tube of its end, as the engine reads it.)
        let legal = |a: &PatrolAction| {
            pending.choices().iter().any(|c| match (&c.action, a) {
                (
                    CareerAction::Patrol {
                        action: PatrolAction::Declare { end, target, .. },
                    },
                    PatrolAction::Declare {
                        end: e,
                        tube: None,
                        target: t,
                    },
                ) => end == e && target == t,
                (CareerAction::Patrol { action }, a) => action == a,
                _ => false,
            })
        };
        let notes = combat_sheet::SheetNotes {
            fx: Some(fx),
            no_attack: no_attack(&pending),
        };
        combat_sheet::show(ui, view.patrol.as_ref(), &legal, COMBAT_AT, &notes)
            .map(|action| CareerAction::Patrol { action })
    }

    /// During an encounter the view moves to the Combat Sheet; after it, back to the Control Sheet.
    fn focus(&self) -> Option<egui::Rect> {
        let in_combat = self.patrol().is_some_and(|p| p.view().combat.is_some());
        in_combat.then(combat_rect)
    }
}

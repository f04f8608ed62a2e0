//! Sensuikan on the table: the Control Sheet (`control_sheet.rs`) above the Patrol Log (`patrol_log.rs`),
//! the Combat Sheet (`combat_sheet.rs`) beside the Control Sheet and the Operations Map (`ops_map.rs`)
//! beside the Patrol Log, in the shared game screen. Decisions are taken in the decision panel, with every legal choice and its
//! rule case; the boards show the career and the patrol as the engine has them.

pub mod combat_sheet;
pub mod control_sheet;
pub mod ops_map;
pub mod patrol_log;
pub mod victory;
pub mod wizard;

use periscope_engine::sensuikan::PatrolAction;
use periscope_engine::sensuikan::PatrolEvent;
use periscope_engine::sensuikan::career::{Career, CareerAction, CareerEvent};
use periscope_engine::{Game, RollRecord};

use crate::screen::{Effects, GameScreen, TableGame};

/// The Sensuikan career screen.
pub type CareerScreen = GameScreen<Career>;

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

impl TableGame for Career {
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

    fn draw_table(ui: &mut egui::Ui, game: &Self, fx: Effects) -> Option<Self::Action> {
        let view = game.view();
        ui.allocate_rect(
            egui::Rect::from_min_size(egui::Pos2::ZERO, Self::table_size()),
            egui::Sense::hover(),
        );
        control_sheet::show(ui, &view, fx);
        patrol_log::show(ui, &view, egui::pos2(0.0, LOG_TOP));
        ops_map::show(
            ui,
            &view.map,
            &view.month,
            &view.base,
            view.patrol.is_some(),
            MAP_AT,
        );
        let pending = game.pending();
        let legal = |a: &PatrolAction| {
            pending.choices().iter().any(|c| match &c.action {
                CareerAction::Patrol { action } => action == a,
                _ => false,
            })
        };
        combat_sheet::show(ui, view.patrol.as_ref(), &legal, COMBAT_AT)
            .map(|action| CareerAction::Patrol { action })
    }

    /// During an encounter the view moves to the Combat Sheet; after it, back to the Control Sheet.
    fn focus(&self) -> Option<egui::Rect> {
        let in_combat = self.patrol().is_some_and(|p| p.view().combat.is_some());
        in_combat.then(combat_rect)
    }

    /// During a patrol, the patrol's rolls; between patrols, the career's.
    fn last_roll(&self) -> Option<&RollRecord> {
        self.patrol()
            .and_then(|p| p.last_roll())
            .or_else(|| Career::last_roll(self))
    }

    /// The filled Patrol Log and the career summary, the ships attacked, the after-action report.
    fn paperwork(&self) -> Option<crate::panels::export::Paperwork> {
        use periscope_print::sensuikan::career;
        let v = self.view();
        Some(crate::panels::export::Paperwork {
            sheets: vec![career::patrol_log(&v), career::summary(&v)],
            table: career::ships_attacked(&v),
            report: career::after_action_report(&v),
            name: format!("{}-{}", v.class, v.hull_number)
                .replace([' ', '.'], "-")
                .to_lowercase(),
        })
    }

    /// Damage to the boat flashes the hull boxes.
    fn is_hit(event: &CareerEvent) -> bool {
        matches!(
            event,
            CareerEvent::Patrol {
                patrol: PatrolEvent::HullDamage { .. }
            }
        )
    }
}

//! Sensuikan on the table: the Control Sheet (`control_sheet.rs`) above the Patrol Log (`patrol_log.rs`),
//! in the shared game screen. Decisions are taken in the decision panel, with every legal choice and its
//! rule case; the boards show the career and the patrol as the engine has them.

pub mod control_sheet;
pub mod patrol_log;

use periscope_engine::RollRecord;
use periscope_engine::sensuikan::SensuikanEvent;
use periscope_engine::sensuikan::career::{CareerEvent, SensuikanCareer};

use crate::screen::{Effects, GameScreen, TableGame};

/// The Sensuikan career screen.
pub type CareerScreen = GameScreen<SensuikanCareer>;

/// Where the boards sit on the table.
pub const SHEET: egui::Vec2 = egui::vec2(1180.0, 720.0);
pub const LOG_TOP: f32 = SHEET.y + 40.0;
pub const LOG: egui::Vec2 = egui::vec2(1180.0, 600.0);

impl TableGame for SensuikanCareer {
    fn table_size() -> egui::Vec2 {
        egui::vec2(SHEET.x, LOG_TOP + LOG.y)
    }

    /// The Control Sheet fills the view; the Patrol Log is below it, a pan away.
    fn home_view() -> egui::Rect {
        egui::Rect::from_min_size(egui::Pos2::ZERO, SHEET)
    }

    fn draw_table(ui: &mut egui::Ui, game: &Self, fx: Effects) -> Option<Self::Action> {
        let view = game.view();
        ui.allocate_rect(
            egui::Rect::from_min_size(egui::Pos2::ZERO, Self::table_size()),
            egui::Sense::hover(),
        );
        control_sheet::show(ui, &view, fx);
        patrol_log::show(ui, &view, egui::pos2(0.0, LOG_TOP));
        None
    }

    /// During a patrol, the patrol's rolls; between patrols, the career's.
    fn last_roll(&self) -> Option<&RollRecord> {
        self.patrol()
            .and_then(|p| p.last_roll())
            .or_else(|| SensuikanCareer::last_roll(self))
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
                patrol: SensuikanEvent::HullDamage { .. }
            }
        )
    }
}

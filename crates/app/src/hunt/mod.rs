//! Submarine Hunt on the table: the patrol mat (`table.rs`) in the shared game screen.

pub mod table;

use periscope_engine::RollRecord;
use periscope_engine::hunt::{Hunt, HuntAction, HuntEvent};

use crate::screen::{Effects, GameScreen, TableGame};

/// The Submarine Hunt screen.
pub type HuntScreen = GameScreen<Hunt>;

impl TableGame for Hunt {
    fn table_size() -> egui::Vec2 {
        table::MAT
    }

    fn draw_table(ui: &mut egui::Ui, game: &Self, fx: Effects) -> Option<HuntAction> {
        table::show(ui, game, fx)
    }

    fn last_roll(&self) -> Option<&RollRecord> {
        Hunt::last_roll(self)
    }

    /// Enemy fire that deals damage flashes the hull track [Enemy.3].
    fn is_hit(event: &HuntEvent) -> bool {
        matches!(event, HuntEvent::EnemyFire { damage, .. } if *damage > 0)
    }
}

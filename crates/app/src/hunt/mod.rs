//! Submarine Hunt on the table: the patrol mat (`table.rs`) with its playing cards (`card.rs`) in the shared
//! game screen, and its Track table (`track.rs`).

pub mod card;
pub mod table;
pub mod track;

use periscope_engine::RollRecord;
use periscope_engine::hunt::{Hunt, HuntAction, HuntEvent};

use crate::games::{Card, GameEntry};
use crate::screen::{Effects, GameScreen, TableGame};

/// The Submarine Hunt screen.
pub type HuntScreen = GameScreen<Hunt>;

/// Submarine Hunt in the app's registry: New game starts it on its options; it has a Track table.
pub const ENTRY: GameEntry = GameEntry::table::<Hunt>(Card {
    title: "SUBMARINE HUNT",
    blurb: "Hunt with sonar dice, torpedo what you find, and get home with 50 Sink Points.",
    new_label: "New game",
    continue_label: "Continue",
})
.track(&track::LAYOUT);

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

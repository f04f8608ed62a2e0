//! The Silent War IJN companion on the table: the companion's board (`board.rs`) in the shared game
//! screen. Every step is taken in the decision panel with its rule case; the board shows the calendar, the
//! six piles face down, the IJN ships on the combat display, the damaged ships and what comes and goes.

pub mod board;

use periscope_engine::RollRecord;
use periscope_engine::silent_war_ijn::Companion;

use crate::games::{Card, GameEntry};
use crate::screen::{Effects, TableGame};

/// The companion in the app's registry: New game opens its set-up decisions on the table.
pub const ENTRY: GameEntry = GameEntry::table::<Companion>(Card {
    title: "SILENT WAR: IJN",
    blurb: "The Imperial Japanese Navy expansion's bookkeeping beside your Silent War game: piles, draws, \
            arrivals and removals, damage and repair, loners, crash dives.",
    new_label: "New companion",
    continue_label: "Continue companion",
});

impl TableGame for Companion {
    fn table_size() -> egui::Vec2 {
        board::SIZE
    }

    fn draw_table(ui: &mut egui::Ui, game: &Self, _fx: &Effects) -> Option<Self::Action> {
        board::show(ui, &game.view());
        None
    }

    fn last_roll(&self) -> Option<&RollRecord> {
        Companion::last_roll(self)
    }
}

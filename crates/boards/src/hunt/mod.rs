//! Submarine Hunt's boards: the patrol mat (`table.rs`) with its playing cards (`card.rs`), and the
//! counters they draw (`counters.rs`).

pub mod card;
pub mod counters;
pub mod table;

use egui::Vec2;
use periscope_engine::hunt::{Hunt, HuntAction};

use crate::{Board, Effects};

impl Board for Hunt {
    fn table_size() -> Vec2 {
        table::MAT
    }

    fn draw_table(ui: &mut egui::Ui, game: &Self, fx: &Effects) -> Option<HuntAction> {
        table::show(ui, game, fx)
    }
}

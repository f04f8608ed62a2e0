//! The Silent War IJN companion's board (`board.rs`: the calendar strip, the six piles face down, the
//! combat display, the damaged ships, the War Events and the repair track) and the counters it draws
//! (`counters.rs`). The board acts where it is natural (a pile clicked draws from it, a drawn ship
//! dropped on the repair track is damaged), and every such move is one of the engine's legal choices;
//! what it asks of the screen around it (a dialog, a refusal's words) it leaves as an [`Ask`].

pub mod board;
pub mod counters;
pub mod rules;

use egui::Id;
use periscope_engine::silent_war_ijn::{Companion, SwAction};

use crate::{Board, Effects};

/// What the board and the side panel ask of the companion's screen (they draw without it): left in the
/// frame's memory, taken by the screen once the table is drawn ([`take_asks`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// Open the "Declare a War Event" dialog, at this event (its id) or at its list.
    Declare(Option<String>),
    /// A move on the board the rules do not take: the counter snaps back and this says why.
    Refused(String),
}

fn asks_id() -> Id {
    Id::unique("silent-war-ijn-asks")
}

/// Leaves a request for the companion's screen.
pub fn ask(ctx: &egui::Context, what: Ask) {
    ctx.data_mut(|d| {
        let mut asks: Vec<Ask> = d.get_temp(asks_id()).unwrap_or_default();
        asks.push(what);
        d.insert_temp(asks_id(), asks);
    });
}

/// The requests left this frame.
pub fn take_asks(ctx: &egui::Context) -> Vec<Ask> {
    ctx.data_mut(|d| d.remove_temp::<Vec<Ask>>(asks_id()))
        .unwrap_or_default()
}

impl Board for Companion {
    fn table_size() -> egui::Vec2 {
        board::SIZE
    }

    fn draw_table(ui: &mut egui::Ui, game: &Self, fx: &Effects) -> Option<SwAction> {
        board::show(ui, game, fx)
    }
}

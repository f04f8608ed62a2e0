//! The Silent War IJN companion in the hall of fame once it closes: the IJN Set ships sunk and the
//! tonnage credited for them [3.6], in the month it closed. The companion keeps no victory level of its
//! own, so its line's result is "Closed".

use periscope_data::hall::{Counts, Entry};
use periscope_engine::Game;
use periscope_engine::silent_war_ijn::Companion;

use crate::stats::store;

/// The hall of fame's line of a closed companion; `None` while it goes on.
pub fn entry(game: &Companion) -> Option<Entry> {
    if !game.pending().is_over() {
        return None;
    }
    let v = game.view();
    let mut e = store::blank("Closed", 0, v.tonnage_credited * 1000, true);
    e.counts = Counts::Sunk;
    e.class = v
        .boat
        .class
        .clone()
        .or_else(|| v.scenario.clone())
        .unwrap_or_default();
    e.sorties = u32::try_from(v.sunk.len()).unwrap_or(u32::MAX);
    e.sortie = "IJN ships sunk".into();
    e.cause = format!("closed {}", v.month);
    Some(e)
}

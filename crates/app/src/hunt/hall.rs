//! A game of Submarine Hunt in the hall of fame: the whole game is the "career". Its result is won
//! (50 Sink Points and home [Winning.1]) or lost, its tally the Sink Points the engine counts, its
//! length the turns played.

use periscope_data::hall::{Counts, Entry};
use periscope_engine::hunt::{Hunt, HuntOptions, Phase};

use crate::stats::store;

/// The hall of fame's line of a finished game; `None` while it goes on.
pub fn entry(game: &Hunt) -> Option<Entry> {
    let Phase::Over { won } = game.phase() else {
        return None;
    };
    let won = *won;
    let mut e = store::blank(
        if won { "Won" } else { "Lost" },
        u32::from(won),
        u64::from(game.sink_points()),
        won,
    );
    e.counts = Counts::Points;
    e.class = "Submarine Hunt".into();
    e.sorties = game.turn();
    e.sortie = "turns".into();
    e.cause = if won { "home" } else { "lost" }.into();
    if *game.options() != HuntOptions::default() {
        e.options = vec!["house rules".into()];
    }
    Some(e)
}

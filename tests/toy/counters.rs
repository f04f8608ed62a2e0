//! Coin Toss's counters, as a game of the house gives them: its mix (`counters.json` beside this file) in
//! one line like those of `periscope_data::counters::REGISTRY`, and the counters its board draws in one
//! `with_counters` of its line in the boards' registry (`periscope_boards::picture::saves::PICTURED`).

use periscope_boards::widgets::counter_ids::{CounterId, Counters};
use periscope_data::counters::{CounterGame, MixSource};

pub const GAME: &str = "coin-toss";

/// The call marker, heads or tails.
pub const CALL: CounterId<'static> = CounterId {
    game: GAME,
    id: "call",
    class: "",
};
/// The marker on the right calls' track.
pub const SCORE: CounterId<'static> = CounterId {
    game: GAME,
    id: "score",
    class: "",
};

/// The game's line in the data crate's registry of counter mixes.
pub const MIX: CounterGame = CounterGame {
    game: GAME,
    mix: MixSource::File {
        file: "tests/toy/counters.json",
        text: include_str!("counters.json"),
    },
};

/// The drawing of each kind of its mix.
pub fn drawing(kind: &str, _detail: Option<&str>) -> Option<&'static str> {
    match kind {
        "call" => Some("flag"),
        "score" => Some("medal"),
        _ => None,
    }
}

/// What its board draws, for its line in the boards' registry.
pub static COUNTERS: Counters = Counters {
    game: GAME,
    all: &[CALL, SCORE],
    drawing,
};

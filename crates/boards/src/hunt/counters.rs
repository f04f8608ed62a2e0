//! The counters Submarine Hunt's table draws: their ids in the game's mix (`data/hunt/counters.json`)
//! and the drawing each kind shows ([`crate::widgets::counter_drawings`]).

use crate::widgets::counter_ids::{CounterId, Counters, game_ids};

game_ids!("hunt" {
    OXYGEN = "oxygen",
    BATTERY = "battery",
    HULL = "hull",
    TORPEDOES = "torpedoes",
    SINK_POINTS = "sink_points",
    MODE = "mode",
    DETECTIONS = "detections",
    HIT_BONUS = "hit_bonus",
});

/// The markers of the five supply tracks, in the table's order.
pub const TRACKS: [CounterId<'static>; 5] = [OXYGEN, BATTERY, HULL, TORPEDOES, SINK_POINTS];

/// The drawing for a Hunt counter of `kind`.
pub fn drawing(kind: &str, _detail: Option<&str>) -> Option<&'static str> {
    Some(match kind {
        "oxygen" => "oxygen",
        "battery" => "battery",
        "hull" => "hull",
        "torpedoes" => "torpedo",
        "sink_points" => "sinking",
        "mode" => "type_vii",
        "detections" => "detected",
        "hit_bonus" => "hit_bonus",
        "attack" => "crosshair",
        "lock" => "padlock",
        _ => return None,
    })
}

/// Hunt's counters in the boards' registry.
pub const COUNTERS: Counters = Counters {
    game: GAME,
    all: ALL,
    drawing,
};

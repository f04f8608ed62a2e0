//! The counters Atlantic Sentinels' Operations Map and Tactical Display draw: their ids in the game's
//! mix (`data/atlantic/counters.json`) and the drawing each kind shows
//! ([`crate::widgets::counter_drawings`]): an escort by its class.

use crate::widgets::counter_ids::{CounterId, Counters, game_ids};

game_ids!("atlantic" {
    ESCORT = "escort",
    TYPE_VII = "type_vii",
    TYPE_IX = "type_ix",
    DAY = "day",
    WEATHER = "weather",
    CYCLE = "cycle",
    IMPULSE = "impulse",
    STRAGGLER = "straggler",
    CONVOY = "convoy",
    CONDOR = "condor",
    RANDOM_EVENT = "random_event",
});

/// A U-boat's counter by its kind's name (`Type IXC` is a Type IX; every other a Type VII).
pub fn uboat(kind: &str) -> CounterId<'static> {
    if kind.to_uppercase().contains("IX") {
        TYPE_IX
    } else {
        TYPE_VII
    }
}

/// The drawing of an Atlantic escort by its class (groups.json's `class`).
fn escort_class(class: &str) -> &'static str {
    match class {
        "flower" => "corvette",
        "river_ff" | "treasury_cutter" => "frigate",
        _ => "destroyer",
    }
}

/// The drawing for an Atlantic counter of `kind`; `detail` is an escort's class.
pub fn drawing(kind: &str, detail: Option<&str>) -> Option<&'static str> {
    Some(match kind {
        "escort" => detail.map_or("corvette", escort_class),
        "type_vii" => "type_vii",
        "type_ix" => "type_ix",
        "g7a" => "torpedo",
        "hedgehog" => "hedgehog",
        "fido" => "homing_torpedo",
        "type_271" => "radar",
        "hf_df" => "direction_finder",
        "cam" => "carrier_plane",
        "long_range_air" => "catalina",
        "cve" => "escort_carrier",
        "aircraft" => "carrier_plane",
        "day" => "sun_moon",
        "cycle" => "clock",
        "impulse" => "lightning",
        "weather" => "weather",
        "contact" => "sonar",
        "hull" => "hull",
        "flooding" => "flooding",
        "damage" => "damage",
        "trained" => "chevron",
        "elite" => "elite",
        "straggler" => "straggler",
        "convoy" => "convoy",
        "escort_group" => "pennant",
        "condor" => "fw200",
        "random_event" => "die",
        "touch_wood" => "clover",
        _ => return None,
    })
}

/// Atlantic Sentinels' counters in the boards' registry (the career's and the single convoy's).
pub const COUNTERS: Counters = Counters {
    game: GAME,
    all: ALL,
    drawing,
};

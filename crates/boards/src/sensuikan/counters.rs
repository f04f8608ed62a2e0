//! The counters Sensuikan's sheets and Operations Map draw: their ids in the game's mix
//! (`data/sensuikan/counters.json`) and the drawing each kind shows
//! ([`crate::widgets::counter_drawings`]): a submarine by its class, a target by its kind of ship.

use crate::widgets::counter_drawings::silhouette;
use crate::widgets::counter_ids::{CounterId, Counters, game_ids};

game_ids!("sensuikan" {
    SUBMARINE = "submarine",
    PATROL = "patrol",
    T95 = "t95",
    T89 = "t89",
    T6 = "t6",
    T92 = "t92",
    T97 = "t97",
    AMMUNITION = "ammunition",
    HULL = "hull",
    FLOODING = "flooding",
    TARGET = "target",
    ESCORT = "escort",
    MAJOR_EVENT = "major_event",
});

/// The marker of a torpedo by the name the engine gives it (`Type 95`, `T95`); a name it does not
/// know is drawn as a Type 95, the commonest load.
pub fn torpedo(name: &str) -> CounterId<'static> {
    let digits: String = name.chars().filter(char::is_ascii_digit).collect();
    match digits.as_str() {
        "89" => T89,
        "6" => T6,
        "92" => T92,
        "97" => T97,
        _ => T95,
    }
}

/// The drawing of a Japanese submarine by its class, as an id (`kd3`, `type_b`), a name (`Junsen J.1M`,
/// `Type A (Modified)`) or a counter's mark (`KD3`, `A MOD`): the boats that carried a floatplane in a
/// hangar (the Junsen, Types A and B, the Sen-Toku) show it, the Sen-Taka is the smaller boat.
fn submarine_class(class: &str) -> &'static str {
    let c: String = class
        .to_ascii_lowercase()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let hangar = c.starts_with('j')
        || c.starts_with("typea")
        || c.starts_with("typeb")
        || c.starts_with("sentoku")
        || ["a", "b", "amod", "b3"].contains(&c.as_str());
    if hangar {
        "i_boat_cruiser"
    } else if c.starts_with("sentaka") {
        "ro_boat"
    } else {
        "i_boat_kd"
    }
}

/// The silhouette of a Sensuikan target by its kind of ship (the target charts' `kind`).
pub fn target(kind: periscope_data::sensuikan::charts::ShipKind) -> &'static str {
    use periscope_data::sensuikan::charts::ShipKind as K;
    match kind {
        K::Tanker => "tanker",
        K::Escort | K::Corvette | K::Sloop => "corvette",
        K::Frigate | K::DestroyerEscort => "frigate",
        K::Destroyer => "destroyer",
        K::LightCruiser => "light_cruiser",
        K::HeavyCruiser => "heavy_cruiser",
        K::EscortCarrier | K::LightCarrier => "escort_carrier",
        K::FleetCarrier => "fleet_carrier",
        K::Battlecruiser | K::Battleship => "battleship",
        K::Submarine => "ro_boat",
        K::SailingVessel | K::Coaster | K::Freighter | K::Transport => "merchant",
    }
}

/// The drawing for a Sensuikan counter of `kind`; `detail` is a submarine's class or a target's
/// silhouette ([`target`]).
pub fn drawing(kind: &str, detail: Option<&str>) -> Option<&'static str> {
    Some(match kind {
        "submarine" => detail.map_or("i_boat_kd", submarine_class),
        "patrol" => "compass",
        "base" => "anchor",
        "rank" => "rank",
        "crew_quality" => "crew",
        "decoration" => "medal",
        "upgrade" => "upgrade",
        "skill" => "skill",
        "random_event" => "die",
        "t95" | "t89" | "t6" | "t92" | "t97" => "torpedo",
        "ammunition" => "shell",
        "hull" => "hull",
        "flooding" => "flooding",
        "damage" => "damage",
        "inop" => "inop",
        "system_damage" => "system_damage",
        "lw" => "light_wound",
        "sw" => "serious_wound",
        "kia" => "killed",
        "day_night" => "sun_moon",
        "range" => "crosshair",
        // A target's class is its silhouette ([`target`]).
        "target" => detail.and_then(silhouette).unwrap_or("merchant"),
        "escort" => "destroyer",
        "escort_quality" => "shield",
        "air_quality" => "wings",
        "aircraft" => "carrier_plane",
        "enemy_submarine" => "ro_boat",
        "major_event" => "event",
        "midget" => "midget",
        "kaiten" => "kaiten",
        "aircraft_own" => "floatplane",
        "supplies" => "supplies",
        _ => return None,
    })
}

/// Sensuikan's counters in the boards' registry.
pub const COUNTERS: Counters = Counters {
    game: GAME,
    all: ALL,
    drawing,
};

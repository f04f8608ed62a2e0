//! Which of Periscope's drawings ([`super::art`]) each kind of counter shows: a silhouette for a ship,
//! submarine, aircraft or weapon (by class where the counter has one: a Kaidai, a Flower corvette), and a
//! symbol of its own for every kind of marker, so that no two markers of a game look alike.

/// Whether a drawing shows a unit (ship, submarine, aircraft, weapon) rather than a marker's meaning: units
/// of a kind may share a silhouette (every torpedo type is a torpedo), markers may not.
pub fn is_silhouette(drawing: &str) -> bool {
    SILHOUETTES.contains(&drawing)
}

const SILHOUETTES: &[&str] = &[
    "merchant",
    "tanker",
    "battleship",
    "fleet_carrier",
    "heavy_cruiser",
    "light_cruiser",
    "destroyer",
    "corvette",
    "frigate",
    "escort_carrier",
    "convoy",
    "straggler",
    "i_boat_cruiser",
    "i_boat_kd",
    "ro_boat",
    "type_vii",
    "type_ix",
    "midget",
    "fw200",
    "catalina",
    "carrier_plane",
    "floatplane",
    "torpedo",
    "homing_torpedo",
    "kaiten",
    "depth_charge",
    "shell",
];

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

/// The drawing of an Atlantic escort by its class (groups.json's `class`).
fn escort_class(class: &str) -> &'static str {
    match class {
        "flower" => "corvette",
        "river_ff" | "treasury_cutter" => "frigate",
        _ => "destroyer",
    }
}

/// The drawing for a counter of `kind` in `game` (the ids of `data/<game>/counters.json`); `detail` is the
/// counter's class where it has one (a submarine's, an escort's). `None` for a kind with no drawing: the
/// counter keeps its plain symbol.
pub fn drawing(game: &str, kind: &str, detail: Option<&str>) -> Option<&'static str> {
    Some(match (game, kind) {
        ("hunt", "oxygen") => "oxygen",
        ("hunt", "battery") => "battery",
        ("hunt", "hull") => "hull",
        ("hunt", "torpedoes") => "torpedo",
        ("hunt", "sink_points") => "sinking",
        ("hunt", "mode") => "type_vii",
        ("hunt", "detections") => "detected",
        ("hunt", "hit_bonus") => "hit_bonus",
        ("hunt", "attack") => "crosshair",
        ("hunt", "lock") => "padlock",

        ("sensuikan", "submarine") => detail.map_or("i_boat_kd", submarine_class),
        ("sensuikan", "patrol") => "compass",
        ("sensuikan", "base") => "anchor",
        ("sensuikan", "rank") => "rank",
        ("sensuikan", "crew_quality") => "crew",
        ("sensuikan", "decoration") => "medal",
        ("sensuikan", "upgrade") => "upgrade",
        ("sensuikan", "skill") => "skill",
        ("sensuikan", "random_event") => "die",
        ("sensuikan", "t95" | "t89" | "t6" | "t92" | "t97") => "torpedo",
        ("sensuikan", "ammunition") => "shell",
        ("sensuikan", "hull") => "hull",
        ("sensuikan", "flooding") => "flooding",
        ("sensuikan", "damage") => "damage",
        ("sensuikan", "inop") => "inop",
        ("sensuikan", "system_damage") => "system_damage",
        ("sensuikan", "lw") => "light_wound",
        ("sensuikan", "sw") => "serious_wound",
        ("sensuikan", "kia") => "killed",
        ("sensuikan", "day_night") => "sun_moon",
        ("sensuikan", "range") => "crosshair",
        // A target's class is its silhouette ([`target`]).
        ("sensuikan", "target") => detail
            .and_then(|d| SILHOUETTES.iter().find(|s| **s == d))
            .copied()
            .unwrap_or("merchant"),
        ("sensuikan", "escort") => "destroyer",
        ("sensuikan", "escort_quality") => "shield",
        ("sensuikan", "air_quality") => "wings",
        ("sensuikan", "aircraft") => "carrier_plane",
        ("sensuikan", "enemy_submarine") => "ro_boat",
        ("sensuikan", "major_event") => "event",
        ("sensuikan", "midget") => "midget",
        ("sensuikan", "kaiten") => "kaiten",
        ("sensuikan", "aircraft_own") => "floatplane",
        ("sensuikan", "supplies") => "supplies",

        ("atlantic", "escort") => detail.map_or("corvette", escort_class),
        ("atlantic", "type_vii") => "type_vii",
        ("atlantic", "type_ix") => "type_ix",
        ("atlantic", "g7a") => "torpedo",
        ("atlantic", "hedgehog") => "hedgehog",
        ("atlantic", "fido") => "homing_torpedo",
        ("atlantic", "type_271") => "radar",
        ("atlantic", "hf_df") => "direction_finder",
        ("atlantic", "cam") => "carrier_plane",
        ("atlantic", "long_range_air") => "catalina",
        ("atlantic", "cve") => "escort_carrier",
        ("atlantic", "aircraft") => "carrier_plane",
        ("atlantic", "day") => "sun_moon",
        ("atlantic", "cycle") => "clock",
        ("atlantic", "impulse") => "lightning",
        ("atlantic", "weather") => "weather",
        ("atlantic", "contact") => "sonar",
        ("atlantic", "hull") => "hull",
        ("atlantic", "flooding") => "flooding",
        ("atlantic", "damage") => "damage",
        ("atlantic", "trained") => "chevron",
        ("atlantic", "elite") => "elite",
        ("atlantic", "straggler") => "straggler",
        ("atlantic", "convoy") => "convoy",
        ("atlantic", "escort_group") => "pennant",
        ("atlantic", "condor") => "fw200",
        ("atlantic", "random_event") => "die",
        ("atlantic", "touch_wood") => "clover",

        // The IJN set's piles [3.0]: capital ships, carriers, cruisers, destroyers, auxiliaries.
        ("silent_war_ijn", "pile_bb") => "battleship",
        ("silent_war_ijn", "pile_cv") => "fleet_carrier",
        ("silent_war_ijn", "pile_ca") => "heavy_cruiser",
        ("silent_war_ijn", "pile_cl") => "light_cruiser",
        ("silent_war_ijn", "pile_dd") => "destroyer",
        ("silent_war_ijn", "pile_ax") => "tanker",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use periscope_data::counters::{GAMES, of_game};

    use super::*;
    use crate::widgets::art;

    #[test]
    fn every_kind_of_counter_of_every_game_has_a_drawing_that_exists() {
        for game in GAMES {
            let mix = of_game(game).unwrap().unwrap();
            for kind in &mix.kinds {
                let name = drawing(&mix.game, &kind.id, None)
                    .unwrap_or_else(|| panic!("{}: counter '{}' has no drawing", mix.game, kind.id));
                assert!(
                    art::get(name).is_some(),
                    "{}: '{}' draws '{name}', which is not in assets/art",
                    mix.game,
                    kind.id
                );
            }
        }
    }

    #[test]
    fn no_two_kinds_of_marker_of_a_game_share_a_drawing() {
        for game in GAMES {
            let mix = of_game(game).unwrap().unwrap();
            let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
            for kind in &mix.kinds {
                let Some(name) = drawing(&mix.game, &kind.id, None) else {
                    continue;
                };
                if is_silhouette(name) {
                    continue;
                }
                if let Some(other) = seen.insert(name, &kind.id) {
                    panic!(
                        "{}: markers '{other}' and '{}' both draw '{name}'",
                        mix.game, kind.id
                    );
                }
            }
        }
    }

    #[test]
    fn a_submarine_or_an_escort_shows_its_class() {
        // The boats with a hangar for a floatplane, by class id or by the counter's mark.
        assert_eq!(
            drawing("sensuikan", "submarine", Some("type_b")),
            Some("i_boat_cruiser")
        );
        assert_eq!(
            drawing("sensuikan", "submarine", Some("J1M")),
            Some("i_boat_cruiser")
        );
        assert_eq!(
            drawing("sensuikan", "submarine", Some("A MOD")),
            Some("i_boat_cruiser")
        );
        assert_eq!(drawing("sensuikan", "submarine", Some("KD6")), Some("i_boat_kd"));
        assert_eq!(drawing("sensuikan", "submarine", Some("kd3")), Some("i_boat_kd"));
        // The class names the Control Sheet shows.
        assert_eq!(
            drawing("sensuikan", "submarine", Some("Junsen J.1M")),
            Some("i_boat_cruiser")
        );
        assert_eq!(
            drawing("sensuikan", "submarine", Some("Type A (Modified)")),
            Some("i_boat_cruiser")
        );
        assert_eq!(
            drawing("sensuikan", "submarine", Some("Kaidai KD.7")),
            Some("i_boat_kd")
        );
        assert_eq!(
            drawing("sensuikan", "submarine", Some("Type C")),
            Some("i_boat_kd")
        );
        assert_eq!(
            drawing("sensuikan", "submarine", Some("Sen-Taka")),
            Some("ro_boat")
        );
        assert_eq!(
            drawing("sensuikan", "submarine", Some("Kirai-Sen")),
            Some("i_boat_kd")
        );
        // A target shows its kind of ship.
        use periscope_data::sensuikan::charts::ShipKind;
        let t = |k| drawing("sensuikan", "target", Some(target(k)));
        assert_eq!(t(ShipKind::Tanker), Some("tanker"));
        assert_eq!(t(ShipKind::FleetCarrier), Some("fleet_carrier"));
        assert_eq!(t(ShipKind::Freighter), Some("merchant"));
        assert_eq!(drawing("sensuikan", "target", None), Some("merchant"));
        assert_eq!(drawing("atlantic", "escort", Some("flower")), Some("corvette"));
        assert_eq!(drawing("atlantic", "escort", Some("river_ff")), Some("frigate"));
        assert_eq!(drawing("atlantic", "escort", Some("town")), Some("destroyer"));
        assert_eq!(drawing("atlantic", "escort", Some("v_and_w")), Some("destroyer"));
    }

    #[test]
    fn every_escort_class_of_the_atlantic_groups_has_its_silhouette() {
        let groups: serde_json::Value =
            serde_json::from_str(include_str!("../../../../data/atlantic/groups.json")).unwrap();
        let classes: std::collections::BTreeSet<&str> = groups["ships"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["class"].as_str().unwrap())
            .collect();
        assert!(classes.len() >= 5, "{classes:?}");
        let flower = drawing("atlantic", "escort", Some("flower"));
        for class in classes {
            let name = drawing("atlantic", "escort", Some(class)).unwrap();
            assert!(
                ["corvette", "frigate", "destroyer"].contains(&name),
                "{class}: {name}"
            );
            // Only the Flowers are corvettes.
            assert_eq!(Some(name) == flower, class == "flower", "{class}");
        }
    }
}

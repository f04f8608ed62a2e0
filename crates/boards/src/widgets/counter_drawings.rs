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

/// The drawing named `name` when it is one of the silhouettes (a Sensuikan target's class).
pub fn silhouette(name: &str) -> Option<&'static str> {
    SILHOUETTES.iter().find(|s| **s == name).copied()
}

/// The drawing for a counter of `kind` in `game` (the ids of `data/<game>/counters.json`); `detail` is the
/// counter's class where it has one (a submarine's, an escort's). Each game's own `counters.rs` says,
/// reached through the boards' registry. `None` for a kind with no drawing: the counter keeps its plain
/// symbol.
pub fn drawing(game: &str, kind: &str, detail: Option<&str>) -> Option<&'static str> {
    drawing_in(crate::picture::saves::PICTURED, game, kind, detail)
}

/// [`drawing`], looked up in a list of games like the boards' registry (a test adds its own game's line).
pub fn drawing_in(
    pictured: &[crate::picture::saves::Pictured],
    game: &str,
    kind: &str,
    detail: Option<&str>,
) -> Option<&'static str> {
    crate::picture::saves::counters_in(pictured)
        .find(|c| c.game == game)
        .and_then(|c| (c.drawing)(kind, detail))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use periscope_data::counters::{GAMES, of_game};

    use super::*;
    use crate::sensuikan::counters::target;
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

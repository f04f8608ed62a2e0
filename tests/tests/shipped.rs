//! Cross-crate checks of what ships: the data validates, the engine starts on it, and every scenario file
//! under `tests/scenarios` is a script the engine accepts.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use periscope_engine::hunt::{Hunt, HuntAction, HuntOptions};
use periscope_engine::{DiceMode, Game};

#[test]
fn the_shipped_hunt_rules_start_a_game_in_every_dice_mode() {
    for dice in [
        DiceMode::Seeded,
        DiceMode::Physical,
        DiceMode::Scripted { faces: vec![1, 2, 3] },
    ] {
        let g = Hunt::new(HuntOptions::default(), 1, dice).unwrap();
        assert!(!g.pending().choices().is_empty());
    }
}

#[test]
fn every_scenario_script_parses() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/hunt");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "actions") {
            let text = std::fs::read_to_string(&path).unwrap();
            for line in text
                .lines()
                .map(|l| l.split('#').next().unwrap().trim())
                .filter(|l| !l.is_empty())
            {
                line.parse::<HuntAction>()
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
            checked += 1;
        }
    }
    assert!(checked > 0, "no scenario found in {}", dir.display());
}

#[test]
fn default_options_round_trip_through_json() {
    let o = HuntOptions::default();
    let text = serde_json::to_string(&o).unwrap();
    assert_eq!(serde_json::from_str::<HuntOptions>(&text).unwrap(), o);
    assert!(
        serde_json::from_str::<HuntOptions>("{\"oxygen\": 3}").is_err(),
        "unknown fields are refused"
    );
}

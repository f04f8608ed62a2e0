//! The player's own charts in play: a career carries its override file in its options (and so its save),
//! and every mission plays on it.

use super::super::*;
use super::support::{group, play_events};
use crate::game::PlayerData;
use crate::policy::Policy;
use crate::save::Session;

/// The shipped B4 with every depth-charge result a miss, as a player's file would give it.
fn b4_all_misses() -> PlayerData {
    let mut b4: serde_json::Value =
        serde_json::from_str(include_str!("../../../../../../data/atlantic/charts/b4.json")).unwrap();
    for column in b4["columns"].as_array_mut().unwrap() {
        if column["column"] == "depth_charges" {
            for row in column["rows"].as_array_mut().unwrap() {
                row["result"]["hits"] = 0.into();
                row["provenance"] =
                    serde_json::json!({"source": "reconstructed", "reason": "my printed chart"});
            }
        }
    }
    let text = serde_json::json!({"format": "periscope-overrides", "game": "atlantic", "charts": {"B4": b4}});
    PlayerData {
        file: "overrides/atlantic.json".into(),
        text: text.to_string(),
    }
}

/// The outcomes of every B4 depth-charge roll of a career's events.
fn b4_outcomes(events: &[CareerEvent]) -> Vec<(i64, String)> {
    let mut out = Vec::new();
    fn walk(v: &serde_json::Value, out: &mut Vec<(i64, String)>) {
        match v {
            serde_json::Value::Object(m) => {
                if m.get("chart").and_then(|c| c.as_str()) == Some("B4") {
                    out.push((
                        m["result"].as_i64().unwrap_or(0),
                        m["outcome"].as_str().unwrap_or_default().to_string(),
                    ));
                }
                m.values().for_each(|x| walk(x, out));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    for e in events {
        walk(&serde_json::to_value(e).unwrap(), &mut out);
    }
    out
}

/// An Atlantic career begun with the player's B4 (every depth charge a miss) plays every mission on it —
/// each B4 roll gives no hit where Periscope's chart gives some — and its save, carrying the file,
/// replays to the same career.
#[test]
fn a_career_plays_on_the_players_b4_and_replays() {
    let mut options = group("b1");
    options.overrides = Some(b4_all_misses());
    let (career, events) = play_events(3, Policy::Careful, options.clone());
    // The escorts' depth charges (the column the file changed; the Hedgehog's is its own).
    let depth_charges = |events: &[CareerEvent]| -> Vec<(i64, String)> {
        b4_outcomes(events)
            .into_iter()
            .filter(|(_, o)| o.starts_with("depth charges"))
            .collect()
    };
    let mine = depth_charges(&events);
    assert!(mine.len() > 10, "the career rolled B4 for depth charges");
    let hit = mine.iter().filter(|(_, o)| o != "depth charges: 0 hits").count();
    assert_eq!(hit, 0, "every depth charge a miss on the player's chart");
    assert!(
        mine.iter().any(|(r, _)| *r >= 4),
        "a roll the shipped chart hits on"
    );
    let shipped = depth_charges(&play_events(3, Policy::Careful, group("b1")).1);
    assert!(
        shipped.iter().any(|(_, o)| o != "depth charges: 0 hits"),
        "Periscope's chart hits"
    );

    // The save carries the file: loaded, it is the same career.
    let mut s = Session::<Career>::new(options, 3, DiceMode::Seeded).unwrap();
    let mut rng = crate::dice::SeededRng::new(3 ^ 0xA71);
    for _ in 0..400 {
        let Some(a) = Policy::Careful.choose(s.game(), &mut rng) else {
            break;
        };
        s.apply(a).unwrap();
    }
    let text = s.to_json().unwrap();
    assert!(text.contains("overrides/atlantic.json"));
    let back = Session::<Career>::load(&text).unwrap();
    assert_eq!(back.game(), s.game());
    let _ = career;
}

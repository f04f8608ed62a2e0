//! The player's own charts in a career: an override file carried in the options replaces Periscope's
//! chart for the career and every patrol it sails, survives the save, and a chart the file gets wrong
//! stays Periscope's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;

use periscope_data::sensuikan::charts::AaResult;
use serde_json::Value;

use super::*;
use crate::dice::SeededRng;
use crate::policy::Policy;
use crate::save::Session;

/// An override file whose A2 (AA fire) shoots the aircraft down on 2-10 [8.3].
fn always_shot_down() -> PlayerData {
    let (_, text) = periscope_data::sensuikan::charts::shipped_files()
        .iter()
        .find(|(name, _)| name.ends_with("a2.json"))
        .unwrap();
    let mut chart: Value = serde_json::from_str(text).unwrap();
    chart["title"] = Value::String("AA fire (my printed chart)".into());
    let p = serde_json::json!({"source": "reconstructed", "reason": "test"});
    chart["rows"] = serde_json::json!([
        {"roll": "2-10", "result": "shot_down", "provenance": p},
        {"roll": "11", "result": "damaged", "provenance": p},
        {"roll": "12", "result": "no_effect", "provenance": p}
    ]);
    let file =
        serde_json::json!({"format": "periscope-overrides", "game": "sensuikan", "charts": {"A2": chart}});
    PlayerData {
        file: "overrides/sensuikan.json".into(),
        text: file.to_string(),
    }
}

fn options_with(overrides: Option<PlayerData>) -> CareerOptions {
    CareerOptions {
        overrides,
        ..CareerOptions::default()
    }
}

#[test]
fn the_players_chart_is_the_careers_and_its_patrols() {
    let o = always_shot_down();
    let (_, report) = crate::sensuikan::shipped::Shipped::with_overrides(&o.file, &o.text).unwrap();
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.charts, ["A2"]);
    let mut s = Session::<Career>::new(options_with(Some(o)), 3, DiceMode::Seeded).unwrap();
    for roll in 2..=10 {
        assert_eq!(
            s.game().data.charts.a2.chart.lookup(roll).map(|r| r.result),
            Some(AaResult::ShotDown),
            "roll {roll}"
        );
    }
    assert_eq!(s.game().data.charts.a2.chart.title, "AA fire (my printed chart)");
    // Periscope's own career keeps Periscope's chart.
    let plain = Career::new(CareerOptions::default(), 3, DiceMode::Seeded).unwrap();
    assert_ne!(plain.data.charts.a2, s.game().data.charts.a2);
    // The first patrol sails on the career's data.
    let mut rng = SeededRng::new(3);
    while s.game().duty.patrol.is_none() {
        let a = Policy::Careful.choose(s.game(), &mut rng).unwrap();
        s.apply(a).unwrap();
    }
    let patrol = s.game().duty.patrol.as_ref().unwrap();
    assert!(
        Arc::ptr_eq(&patrol.data, &s.game().data),
        "the patrol reads the career's charts"
    );
    // The save carries the file, and the replay has the player's chart again.
    let again = Session::<Career>::load(&s.to_json().unwrap()).unwrap();
    assert_eq!(again.game().data.charts.a2, s.game().data.charts.a2);
    assert_eq!(again.actions(), s.actions());
}

/// A file that gets its chart wrong leaves Periscope's chart in force; a career without a file writes
/// no `overrides` into its save (old saves and their replays are unchanged).
#[test]
fn a_wrong_file_leaves_periscopes_chart_and_no_file_writes_nothing() {
    let mut bad = always_shot_down();
    bad.text = bad.text.replace("2-10", "2-9");
    let g = Career::new(options_with(Some(bad)), 3, DiceMode::Seeded).unwrap();
    let plain = Career::new(CareerOptions::default(), 3, DiceMode::Seeded).unwrap();
    assert_eq!(g.data.charts.a2, plain.data.charts.a2);
    let save = Session::<Career>::new(CareerOptions::default(), 3, DiceMode::Seeded)
        .unwrap()
        .to_json()
        .unwrap();
    assert!(!save.contains("overrides"));
}

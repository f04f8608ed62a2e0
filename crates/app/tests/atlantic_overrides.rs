//! A malformed `overrides/atlantic.json` is refused on the start screen with its file, chart, row and
//! field, although the app has no Atlantic Sentinels table yet: every file of `overrides/` is checked
//! against the data crate's registry of games with overrides.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::kittest::Queryable;
use periscope_app::overrides::check_overrides;
use serde_json::{Value, json};

/// The shipped B5 without its 33: a d66 chart with a gap.
fn b5_with_a_gap() -> Value {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/atlantic/charts/b5.json");
    let mut b5: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    b5["rows"].as_array_mut().unwrap().remove(14);
    b5
}

fn write_override(
    name: &str,
    charts: Value,
) -> (periscope_app::storage::Storage, std::path::PathBuf, String) {
    let storage = temp_storage(name);
    std::fs::create_dir_all(storage.overrides_dir()).unwrap();
    let path = storage.overrides_dir().join("atlantic.json");
    let text = json!({"format": "periscope-overrides", "game": "atlantic", "charts": charts}).to_string();
    std::fs::write(&path, &text).unwrap();
    (storage, path, text)
}

#[test]
fn every_override_file_is_checked_against_the_data_registry() {
    let (storage, path, _) = write_override("atlantic-check", json!({"B5": b5_with_a_gap()}));
    // No app game at all: the file is still checked, by the data crate's registry.
    let lines = check_overrides(&storage, &[]);
    assert_eq!(
        lines,
        [format!(
            "Override refused, shipped chart in force: {}, chart B5, entry row 15 (34): leaves a gap: roll 33 is not answered",
            path.display()
        )]
    );
}

/// A good Atlantic file is checked and, since the Atlantic games carry the player's file, the start
/// screen says it is in force in the careers and convoys begun from now on.
#[test]
fn a_good_atlantic_override_is_reported_in_force() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/atlantic/charts/b6.json");
    let b6: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let (storage, path, _) = write_override("atlantic-good", json!({"B6": b6}));
    let games: Vec<_> = periscope_app::games::shipped()
        .iter()
        .filter_map(|g| g.overrides)
        .collect();
    assert_eq!(
        check_overrides(&storage, &games),
        [format!(
            "{}: your values for B6 are in force in the careers and convoys you begin (each keeps the values it began with).",
            path.display()
        )]
    );
}

#[test]
fn a_malformed_atlantic_override_is_refused_on_the_start_screen() {
    let (storage, path, text) = write_override("atlantic-start", json!({"B5": b5_with_a_gap()}));
    let mut h = harness(storage);
    settle(&mut h);
    let line = h.get_by_label_contains("Override refused").rect();
    let names_the_place = h
        .get_by_label_contains("atlantic.json, chart B5, entry row 15 (34)")
        .rect();
    assert_eq!(
        line, names_the_place,
        "one line names the file, the chart, the row and what is wrong"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "the file is left as it was"
    );
}

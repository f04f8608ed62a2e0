//! The chart editor, driven like a person: a chart cell typed to an invalid range shows its error on the
//! row and field, and Save is refused; mended, the chart is saved into the override file; after a
//! restart (a new app on the same data folder) the override is in force for a new career and listed on
//! the start screen; "Revert to Periscope's chart" takes it out again.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use periscope_app::PeriscopeApp;
use periscope_app::sensuikan::wizard::Wizard;
use periscope_data::sensuikan::catalog::catalogs::Catalog;
use periscope_data::sensuikan::charts::{AaResult, Charts, Refs};
use serde_json::Value;

type H = Harness<'static, PeriscopeApp>;

/// Replaces the text of the field labelled `label`: select all, type.
fn retype(h: &mut H, label: &str, text: &str) {
    h.get_by_label(label).focus();
    settle(h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label(label).type_text(text);
    settle(h);
}

fn open_a2(h: &mut H) {
    click(h, "Chart editor…");
    assert!(h.query_by_label("Chart editor").is_some(), "the window opens");
    click(h, "Edit chart A2");
}

/// The A2 the player's file gives, if any.
fn saved_a2(path: &std::path::Path) -> Option<Value> {
    let text = std::fs::read_to_string(path).ok()?;
    let v: Value = serde_json::from_str(&text).unwrap();
    v["charts"].get("A2").cloned()
}

/// [8.3.2] The player's A2 (anti-aircraft fire) in place of Periscope's, from the editor to a new career.
#[test]
fn an_invalid_cell_is_refused_inline_then_mended_saved_in_force_after_a_restart_and_reverted() {
    let storage = temp_storage("chart-editor");
    let file = storage.overrides_dir().join("sensuikan.json");
    let mut h = harness(storage.clone());
    settle(&mut h);
    open_a2(&mut h);
    assert_eq!(
        h.get_by_label("A2 row 2 roll")
            .accesskit_node()
            .value()
            .as_deref(),
        Some("4-5")
    );
    // The player's printed chart: shot down on 2-4, damaged on 5. First a slip: 5-3 runs backwards.
    retype(&mut h, "A2 row 1 roll", "2-4");
    retype(&mut h, "A2 row 2 roll", "5-3");
    let error = h.get_by_label_contains("row 2, field roll: '5-3' runs backwards");
    let (error_top, row_bottom) = (
        error.rect().top(),
        h.get_by_label("A2 row 2 roll").rect().bottom(),
    );
    assert!(
        (0.0..40.0).contains(&(error_top - row_bottom)),
        "the error shows under its row: {error_top} vs {row_bottom}"
    );
    assert!(
        h.get_by_label("Save A2 as your chart")
            .accesskit_node()
            .is_disabled()
    );
    h.get_by_label("Save A2 as your chart").click();
    settle(&mut h);
    assert!(!file.exists(), "Save is refused while the chart has an error");
    // Mended: the chart is valid again and saves.
    retype(&mut h, "A2 row 2 roll", "5");
    assert!(h.query_by_label_contains("runs backwards").is_none());
    assert!(
        !h.get_by_label("Save A2 as your chart")
            .accesskit_node()
            .is_disabled()
    );
    click(&mut h, "Save A2 as your chart");
    let a2 = saved_a2(&file).expect("the override file holds A2");
    assert_eq!(a2["rows"][0]["roll"], "2-4");
    assert_eq!(a2["rows"][1]["roll"], "5");
    assert!(
        h.query_by_label_contains("your values for A2 are in force")
            .is_some()
    );
    drop(h);

    // A restart: a new app on the same folder.
    let mut h = harness(storage.clone());
    settle(&mut h);
    assert!(
        h.query_by_label_contains("your values for A2 are in force in the careers you begin")
            .is_some(),
        "the start screen lists the override"
    );
    open_a2(&mut h);
    assert_eq!(
        h.get_by_label("A2 row 1 roll")
            .accesskit_node()
            .value()
            .as_deref(),
        Some("2-4")
    );
    assert!(h.query_by_label_contains("In force: your values").is_some());
    // A new career carries the file, and its A2 reads the player's values: a 4 now shoots the plane down.
    h.state_mut().chart_editor.open = false;
    settle(&mut h);
    click(&mut h, "New career");
    let player = h
        .state()
        .screen_as::<Wizard>()
        .unwrap()
        .options
        .overrides
        .clone()
        .unwrap();
    let (mut charts, mut catalog, refs) = (
        Charts::shipped().unwrap(),
        Catalog::shipped().unwrap(),
        Refs::shipped().unwrap(),
    );
    let report = periscope_data::overrides::apply_sensuikan(
        &player.file,
        &player.text,
        &mut charts,
        &mut catalog,
        &refs,
    );
    assert_eq!(report.charts, ["A2"]);
    assert_eq!(
        charts.a2.chart.lookup(4).map(|r| r.result),
        Some(AaResult::ShotDown)
    );
    drop(h);

    // Revert: Periscope's chart again, and the start screen says nothing of A2.
    let mut h = harness(storage);
    settle(&mut h);
    open_a2(&mut h);
    click(&mut h, "Revert to Periscope's chart");
    assert!(saved_a2(&file).is_none());
    assert!(!file.exists(), "nothing else was overridden: the file goes");
    assert_eq!(
        h.get_by_label("A2 row 1 roll")
            .accesskit_node()
            .value()
            .as_deref(),
        Some("2-3")
    );
    assert!(h.query_by_label_contains("your values for A2").is_none());
}

/// A file that is there but does not read is never written over: the editor says why.
#[test]
fn a_damaged_override_file_is_left_as_it_is() {
    let storage = temp_storage("chart-editor-damaged");
    std::fs::create_dir_all(storage.overrides_dir()).unwrap();
    let file = storage.overrides_dir().join("sensuikan.json");
    std::fs::write(&file, "{\"format\": ").unwrap();
    let mut h = harness(storage);
    settle(&mut h);
    open_a2(&mut h);
    assert!(
        h.query_by_label_contains("the editor will not write over it")
            .is_some()
    );
    click(&mut h, "Save A2 as your chart");
    assert!(h.query_by_label_contains("Not saved:").is_some());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "{\"format\": ");
}

/// Class entries edit the same way: a class's hull boxes, saved as the player's class entry.
#[test]
fn a_class_entry_edits_and_saves_like_a_chart() {
    let storage = temp_storage("chart-editor-class");
    let file = storage.overrides_dir().join("sensuikan.json");
    let mut h = harness(storage);
    settle(&mut h);
    click(&mut h, "Chart editor…");
    retype(&mut h, "Filter the charts", "kd3");
    click(&mut h, "Edit class kd3");
    retype(&mut h, "kd3 hull_boxes", "many");
    assert!(h.query_by_label_contains("error(s): Save is refused").is_some());
    assert!(
        h.get_by_label("Save kd3 as your class")
            .accesskit_node()
            .is_disabled()
    );
    retype(&mut h, "kd3 hull_boxes", "9");
    click(&mut h, "Save kd3 as your class");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(v["classes"]["kd3"]["hull_boxes"], 9);
    let report = periscope_data::overrides::check("f", &v.to_string()).unwrap();
    assert!(report.is_ok(), "{:?}", report.errors);
    assert_eq!(report.classes, ["kd3"]);
}

/// Every game with overrides edits the same way: an Atlantic Sentinels chart, the Silent War damage table
/// and an IJN counter's printed values are saved into their own files, and the start screen names them.
#[test]
fn the_other_games_charts_save_into_their_own_files() {
    let storage = temp_storage("chart-editor-games");
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Chart editor…");
    for (game, kind, id) in [
        ("Atlantic Sentinels", "chart", "B6"),
        ("Silent War: IJN", "chart", "ijn_damage"),
        ("Silent War: IJN", "counter", "bb_nagato"),
    ] {
        click(&mut h, game);
        retype(&mut h, "Filter the charts", id);
        click(&mut h, &format!("Edit {kind} {id}"));
        assert!(
            h.query_by_label_contains("Valid: checked as Periscope checks")
                .is_some()
        );
        if id == "bb_nagato" {
            // The defence the owner's counter prints [3.5].
            retype(&mut h, "bb_nagato defense", "7");
        }
        click(&mut h, &format!("Save {id} as your {kind}"));
    }
    for (file, id) in [("atlantic.json", "B6"), ("silent_war_ijn.json", "ijn_damage")] {
        let text = std::fs::read_to_string(storage.overrides_dir().join(file)).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        assert!(v["charts"].get(id).is_some(), "{file} holds {id}");
        let report = periscope_data::overrides::check(file, &text).unwrap();
        assert_eq!(report.charts, [id], "{:?}", report.errors);
    }
    let text = std::fs::read_to_string(storage.overrides_dir().join("silent_war_ijn.json")).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["counters"]["bb_nagato"]["defense"], 7);
    assert_eq!(
        periscope_data::overrides::check("f", &text).unwrap().counters,
        ["bb_nagato"]
    );
    assert!(
        h.query_by_label_contains("your values for B6 are in force in the careers and convoys you begin")
            .is_some()
    );
    assert!(
        h.query_by_label_contains(
            "your values for ijn_damage, bb_nagato are in force in the companions you begin"
        )
        .is_some(),
        "the companion plays on the owner's file"
    );
}

/// [7.4.1] An Atlantic escort class edits like a chart: a Flower typed to take no damage is refused on
/// its field, then saved taking 3 points, and a new Atlantic game's data has it.
#[test]
fn an_atlantic_escort_class_edits_and_saves_like_a_chart() {
    let storage = temp_storage("chart-editor-escort-class");
    let file = storage.overrides_dir().join("atlantic.json");
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Chart editor…");
    click(&mut h, "Atlantic Sentinels");
    retype(&mut h, "Filter the charts", "flower");
    click(&mut h, "Edit class flower");
    retype(&mut h, "flower damage_points", "0");
    assert!(
        h.query_by_label_contains("a ship takes at least 1 point")
            .is_some(),
        "the data crate's own check, shown in the editor"
    );
    assert!(
        h.get_by_label("Save flower as your class")
            .accesskit_node()
            .is_disabled()
    );
    retype(&mut h, "flower damage_points", "3");
    click(&mut h, "Save flower as your class");
    let text = std::fs::read_to_string(&file).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["classes"]["flower"]["damage_points"], 3);
    let mut data = periscope_data::atlantic::Atlantic::shipped().unwrap();
    let report = periscope_data::overrides::apply(
        "atlantic.json",
        &text,
        &mut periscope_data::overrides::GameData::Atlantic { data: &mut data },
    );
    assert_eq!(report.charts, ["flower"], "{:?}", report.errors);
    let flower = data
        .catalog
        .groups
        .classes
        .iter()
        .find(|c| c.id == "flower")
        .unwrap();
    assert_eq!(flower.damage_points, 3);
}

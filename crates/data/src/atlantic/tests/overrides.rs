//! A player's `overrides/atlantic.json`: read by the code that reads the shipped data, refused with its
//! file, chart, row and field, a refused entry leaving the shipped one in force.

use serde_json::{Value, json};

use super::refusals::chart_json;
use super::shipped;
use crate::atlantic::{Atlantic, procedures, tactical};
use crate::overrides::{self, GameData, OverrideReport};

fn file(sections: Value) -> String {
    let mut v = json!({"format": "periscope-overrides", "game": "atlantic"});
    for (k, x) in sections.as_object().unwrap() {
        v[k] = x.clone();
    }
    v.to_string()
}

fn apply(text: &str) -> (OverrideReport, Atlantic) {
    let mut data = shipped().clone();
    let report = overrides::apply("mine.json", text, &mut GameData::Atlantic { data: &mut data });
    (report, data)
}

fn lines(r: &OverrideReport) -> Vec<String> {
    r.errors.iter().map(ToString::to_string).collect()
}

/// The shipped B4 with its 12 giving six hits, as a player with the printed chart might write it.
fn b4_twelve_six() -> Value {
    let mut b4 = chart_json("B4");
    b4["columns"][0]["rows"][6]["result"]["hits"] = 6.into();
    b4["columns"][0]["rows"][6]["provenance"] =
        json!({"source": "reconstructed", "reason": "my printed chart"});
    b4
}

#[test]
fn a_valid_chart_replaces_the_shipped_one() {
    let (report, data) = apply(&file(json!({"charts": {"B4": b4_twelve_six()}})));
    assert!(report.is_ok(), "{:?}", lines(&report));
    assert_eq!(report.game, "atlantic");
    assert_eq!(report.charts, ["B4"]);
    assert_eq!(
        data.charts
            .b4
            .hits(crate::atlantic::charts::B4Key::DepthCharges, 12),
        Some(6)
    );
    assert_eq!(data.charts.b5, shipped().charts.b5);
}

#[test]
fn a_malformed_chart_is_refused_by_row_and_field_and_the_valid_ones_still_apply() {
    let mut b5 = chart_json("B5");
    b5["rows"][3]["roll"] = "15".into();
    let mut c1 = chart_json("C1");
    c1["rows"][5]["result"]["salvo"][0]["target"] = "biggest".into();
    let (report, data) = apply(&file(
        json!({"charts": {"B5": b5, "C1": c1, "B4": b4_twelve_six()}}),
    ));
    let got = lines(&report);
    assert_eq!(got.len(), 3, "{got:#?}");
    assert_eq!(
        got[0],
        "mine.json, chart B5, entry row 4 (15): leaves a gap: roll 14 is not answered"
    );
    assert_eq!(
        got[1],
        "mine.json, chart B5, entry row 5 (15): overlaps the row before (roll 15 is answered twice)"
    );
    assert!(
        got[2].starts_with("mine.json, chart C1, entry row 6, field result.salvo: unknown variant `biggest`"),
        "{}",
        got[2]
    );
    assert_eq!(report.charts, ["B4"], "the valid chart still applies");
    assert_eq!(
        data.charts.b5,
        shipped().charts.b5,
        "the shipped B5 stays in force"
    );
    assert_eq!(data.charts.c1, shipped().charts.c1);
}

#[test]
fn a_chart_that_drops_a_stated_modifier_or_names_a_missing_one_is_refused() {
    // B4 prints every modifier the rules state: a B4 without the batteries' +1 [B8] is refused.
    let mut b4 = chart_json("B4");
    b4["modifiers"]
        .as_array_mut()
        .unwrap()
        .retain(|m| m["id"] != "batteries");
    let (report, data) = apply(&file(json!({"charts": {"B4": b4}})));
    assert_eq!(
        lines(&report),
        ["mine.json, chart B4, entry field modifiers: the modifier 'batteries' is missing"]
    );
    assert_eq!(data.charts.b4, shipped().charts.b4);
    // B8 naming a modifier no chart has is refused at the effect.
    let mut b8 = chart_json("B8");
    b8["effects"][7]["drms"][0]["modifier"] = "one_engine_out".into();
    let (report, _) = apply(&file(json!({"charts": {"B8": b8}})));
    assert_eq!(
        lines(&report),
        [
            "mine.json, chart B8, entry effect 8 (electric_motor_1), field drms.0: B4 has no modifier 'one_engine_out'"
        ]
    );
    // A C3 whose bad weather names a radar modifier the procedures do not print.
    let mut c3 = chart_json("C3");
    c3["conditions"][2]["effects"][0]["modifier"] = "gale".into();
    let (report, _) = apply(&file(json!({"charts": {"C3": c3}})));
    assert_eq!(
        lines(&report),
        ["mine.json, chart C3, entry condition 3, field effects.0: type_271_day has no modifier 'gale'"]
    );
}

#[test]
fn a_procedure_chart_that_others_name_keeps_their_modifiers() {
    let v: Value = serde_json::from_str(procedures::SHIPPED).unwrap();
    let mut radar = v["charts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "type_271_day")
        .unwrap()
        .clone();
    radar["modifiers"]
        .as_array_mut()
        .unwrap()
        .retain(|m| m["id"] != "poor_weather");
    let (report, data) = apply(&file(json!({"procedures": {"type_271_day": radar}})));
    assert_eq!(
        lines(&report),
        [
            "mine.json, chart type_271_day: data/atlantic/charts/c3.json, chart C3, entry condition 2, field effects.0 names what this procedure chart lacks: type_271_day has no modifier 'poor_weather'"
        ]
    );
    assert_eq!(data.procedures, shipped().procedures);
    let mut asdic = v["charts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "asdic")
        .unwrap()
        .clone();
    asdic["rows"][0]["result"] = "found".into();
    let (report, _) = apply(&file(json!({"procedures": {"asdic": asdic, "sonar": {}}})));
    let got = lines(&report);
    assert_eq!(
        got[0],
        "mine.json, chart asdic, entry row 1 (1-3), field result: this roll gives detected, not_detected"
    );
    assert!(
        got[2].starts_with("mine.json, chart sonar: unknown procedure chart 'sonar'"),
        "{got:#?}"
    );
}

#[test]
fn a_display_is_checked_whole() {
    let v: Value = serde_json::from_str(tactical::SHIPPED).unwrap();
    let mut t1a = v["displays"][0].clone();
    let d = t1a["approaches"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|a| a["id"] == "D")
        .unwrap();
    d["adjacent"] = json!(["C"]);
    let (report, data) = apply(&file(json!({"tactical": {"T1A": t1a}})));
    assert_eq!(
        lines(&report),
        [
            "mine.json, chart T1A, entry approach 6 (D), field adjacent: the example's D touches escort box D [8.0]",
            "mine.json, chart T1A, entry approach 6 (D), field adjacent: the example's D does not touch escort box C [8.0]",
        ]
    );
    assert!(!report.is_ok());
    assert_eq!(data.tactical, shipped().tactical);
    // The same display with D touching D again is accepted back.
    let (report, _) = apply(&file(json!({"tactical": {"T1A": v["displays"][0].clone()}})));
    assert!(report.is_ok(), "{:?}", lines(&report));
}

#[test]
fn unknown_ids_and_sections_are_refused_naming_what_exists() {
    let (report, _) = apply(&file(json!({"charts": {"B7": {"title": "?"}}})));
    let got = lines(&report);
    assert!(
        got[0].starts_with(
            "mine.json, chart B7: unknown chart id 'B7'; Atlantic Sentinels' charts are A1a, A1b, A2"
        ),
        "{got:?}"
    );
    let (report, _) = apply(&file(json!({"charts": [1]})));
    assert_eq!(
        lines(&report),
        ["mine.json, entry field charts: expected an object mapping chart ids (\"B4\") to their data"]
    );
    let (report, _) = apply(&file(json!({"uboats": {}})));
    assert_eq!(
        lines(&report),
        [
            "mine.json, entry field uboats: unknown field; an override file has format, game, description, charts, procedures, tactical, classes, ships and groups",
            "mine.json: the file overrides nothing: give \"charts\", \"procedures\", \"tactical\", \"classes\", \"ships\" or \"groups\"",
        ]
    );
}

#[test]
fn check_dispatches_an_atlantic_file_and_keeps_nothing() {
    let text = file(json!({"charts": {"B4": b4_twelve_six()}}));
    let report = overrides::check("mine.json", &text).unwrap();
    assert!(report.is_ok(), "{:?}", lines(&report));
    assert_eq!(
        (report.game.as_str(), report.charts.clone()),
        ("atlantic", vec!["B4".to_string()])
    );
    let (applied, _) = apply(&text);
    assert_eq!(applied, report, "the check does what applying does");
}

#[test]
fn every_shipped_part_is_accepted_back_as_an_override() {
    let mut charts = serde_json::Map::new();
    for id in crate::atlantic::charts::CHART_IDS {
        charts.insert((*id).to_string(), chart_json(id));
    }
    let p: Value = serde_json::from_str(procedures::SHIPPED).unwrap();
    let procedures: serde_json::Map<String, Value> = p["charts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["id"].as_str().unwrap().to_string(), c.clone()))
        .collect();
    let t: Value = serde_json::from_str(tactical::SHIPPED).unwrap();
    let mut parts = serde_json::Map::new();
    parts.insert("side_of_attack".into(), t["side_of_attack"].clone());
    parts.insert("straggler_range".into(), t["straggler_range"].clone());
    for d in t["displays"].as_array().unwrap() {
        parts.insert(d["id"].as_str().unwrap().to_string(), d.clone());
    }
    let (report, data) = apply(&file(
        json!({"charts": charts, "procedures": procedures, "tactical": parts}),
    ));
    assert!(report.is_ok(), "{:?}", lines(&report));
    assert_eq!(report.charts.len(), 24 + 21 + 4);
    assert_eq!(&data, shipped());
}

/// An entry of the shipped `groups.json` list `list` by id.
fn groups_entry(list: &str, id: &str) -> Value {
    let g: Value = serde_json::from_str(crate::atlantic::catalog::groups::SHIPPED).unwrap();
    g[list]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == id)
        .unwrap()
        .clone()
}

#[test]
fn a_class_ship_or_group_entry_replaces_the_shipped_one_checked_as_the_file_is() {
    // [7.4.1] A Flower that takes 3 points, a renamed ship, a group with another name: all in force.
    let mut flower = groups_entry("classes", "flower");
    flower["damage_points"] = 3.into();
    let mut dahlia = groups_entry("ships", "dahlia");
    dahlia["name"] = "Dahlia (K59)".into();
    let mut b2 = groups_entry("groups", "b2");
    b2["name"] = "My B2".into();
    let (report, data) = apply(&file(json!({
        "classes": {"flower": flower}, "ships": {"dahlia": dahlia}, "groups": {"b2": b2}
    })));
    assert!(report.is_ok(), "{:?}", lines(&report));
    assert_eq!(report.charts, ["flower", "dahlia", "b2"]);
    let g = &data.catalog.groups;
    let class = |id: &str| g.classes.iter().find(|c| c.id == id).unwrap();
    assert_eq!(class("flower").damage_points, 3);
    assert_eq!(
        class("h_class"),
        shipped()
            .catalog
            .groups
            .classes
            .iter()
            .find(|c| c.id == "h_class")
            .unwrap()
    );
    assert_eq!(
        g.ships.iter().find(|s| s.id == "dahlia").unwrap().name,
        "Dahlia (K59)"
    );
    assert_eq!(g.groups.iter().find(|x| x.id == "b2").unwrap().name, "My B2");
    assert_eq!(g.ships.len(), shipped().catalog.groups.ships.len());
}

#[test]
fn a_bad_entry_is_refused_by_its_field_and_the_shipped_one_stays() {
    // [7.4.1] A ship takes at least one point: the file's check, by the shipped code.
    let mut flower = groups_entry("classes", "flower");
    flower["damage_points"] = 0.into();
    // A ship of a class that does not exist.
    let mut dahlia = groups_entry("ships", "dahlia");
    dahlia["class"] = "battleship".into();
    let mut renamed = groups_entry("ships", "gentian");
    renamed["id"] = "gentian2".into();
    let (report, data) = apply(&file(json!({
        "classes": {"flower": flower},
        "ships": {"dahlia": dahlia, "gentian": renamed, "no_such_ship": {"id": "no_such_ship"}}
    })));
    let got = lines(&report);
    assert_eq!(got.len(), 4, "{got:?}");
    assert!(
        got.iter().any(|l| l.starts_with("mine.json")
            && l.contains("field damage_points")
            && l.contains("at least 1 point")),
        "{got:?}"
    );
    assert!(
        got.iter()
            .any(|l| l.contains("dahlia") && l.contains("battleship")),
        "{got:?}"
    );
    assert!(
        got.iter()
            .any(|l| l.contains("gentian") && l.contains("must keep its id")),
        "{got:?}"
    );
    assert!(
        got.iter().any(|l| l.contains("no ships entry 'no_such_ship'")),
        "{got:?}"
    );
    assert!(report.charts.is_empty());
    assert_eq!(
        data.catalog.groups,
        shipped().catalog.groups,
        "nothing refused is in force"
    );
}

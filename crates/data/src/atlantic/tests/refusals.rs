//! Each check the loader makes refuses a malformed file with its file, chart (or section), entry and
//! field: the shipped files, broken one mistake at a time.

use serde_json::Value;

use super::shipped;
use crate::atlantic::catalog::{AtlanticMap, Career, Groups, Merchants};
use crate::atlantic::charts::{A2, A4, B4, B5, B8, C3, Refs, ScenarioShips, ShipList, load_chart};
use crate::atlantic::procedures::Procedures;
use crate::atlantic::tactical::{Display, Tactical};
use crate::atlantic::{Part, catalog, procedures, tactical};
use crate::read::Family;

/// The shipped chart `id`, as JSON.
pub(crate) fn chart_json(id: &str) -> Value {
    for (_, text) in crate::atlantic::charts::shipped_files() {
        let v: Value = serde_json::from_str(text).unwrap();
        let list = match v {
            Value::Array(items) => items,
            other => vec![other],
        };
        if let Some(c) = list.into_iter().find(|c| c["id"] == id) {
            return c;
        }
    }
    panic!("no shipped chart {id}")
}

fn refs() -> &'static Refs {
    &shipped().refs
}

/// The errors of chart `id` of family `F` read from `v`, as players see them.
fn refused<F: Family<Refs> + std::fmt::Debug>(id: &str, v: &Value) -> Vec<String> {
    load_chart::<F>("mine.json", id, v, refs())
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn lines(e: Vec<crate::DataError>) -> Vec<String> {
    e.iter().map(ToString::to_string).collect()
}

/// A shipped catalog file with one change made by `edit`.
fn edited(text: &str, edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(text).unwrap();
    edit(&mut v);
    v.to_string()
}

fn cases() -> &'static crate::atlantic::cases::CaseIds {
    &shipped().refs.cases
}

#[test]
fn every_shipped_chart_loads_again_from_its_json() {
    for id in crate::atlantic::charts::CHART_IDS {
        let mut data = shipped().clone();
        data.replace(Part::Chart, "again.json", id, &chart_json(id))
            .unwrap();
        assert_eq!(&data, shipped(), "{id}");
    }
}

#[test]
fn a_d66_chart_must_answer_its_36_results_once() {
    let mut b5 = chart_json("B5");
    b5["rows"].as_array_mut().unwrap().remove(10);
    assert_eq!(
        refused::<B5>("B5", &b5),
        ["mine.json, chart B5, entry row 11 (26): leaves a gap: roll 25 is not answered"]
    );
    let mut b5 = chart_json("B5");
    b5["rows"][5]["roll"] = "16-17".into();
    assert_eq!(
        refused::<B5>("B5", &b5),
        ["mine.json, chart B5, entry row 6 (16-17): 17 is not a d66 result: each die reads 1 to 6"]
    );
    let mut b5 = chart_json("B5");
    b5["rows"][0]["result"] = "conning_tower".into();
    let got = refused::<B5>("B5", &b5);
    assert!(
        got[0].starts_with(
            "mine.json, chart B5, entry row 1 (11), field result: 'conning_tower' is no system of uboats.json"
        ),
        "{got:?}"
    );
}

#[test]
fn a_band_chart_answers_every_total_once_with_its_rows_and_rerolls() {
    let mut h1 = chart_json("H-1");
    h1["reroll"][0]["roll"] = "39-40".into();
    assert_eq!(
        refused::<ScenarioShips>("H-1", &h1),
        ["mine.json, chart H-1, entry reroll 1 (39-40): leaves a gap: roll 38 is not answered"]
    );
    let mut h1 = chart_json("H-1");
    h1["reroll"][0]["roll"] = "37-40".into();
    assert_eq!(
        refused::<ScenarioShips>("H-1", &h1),
        ["mine.json, chart H-1, entry reroll 1 (37-40): overlaps the row before (roll 37 is answered twice)"]
    );
    // A third band adds 40: totals 41-60 are now unanswered.
    let mut h1 = chart_json("H-1");
    h1["band"]["rows"][1]["roll"] = "4-5".into();
    h1["band"]["rows"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"roll": "6", "result": 40, "provenance": {"source": "reconstructed", "reason": "test"}}));
    assert_eq!(
        refused::<ScenarioShips>("H-1", &h1),
        ["mine.json, chart H-1: rolls 41 to 60 are not answered (rows and rerolls together)"]
    );
    let mut h1 = chart_json("H-1");
    h1["dice"] = "1d20".into();
    assert_eq!(
        refused::<ScenarioShips>("H-1", &h1),
        ["mine.json, chart H-1, entry field dice: H-1 and H-2 are read with \"band+1d20\" [11.1] [11.2]"]
    );
}

#[test]
fn dated_columns_follow_one_another_inside_the_game() {
    let mut a2 = chart_json("A2");
    a2["columns"][1]["from"] = "8/42".into();
    assert_eq!(
        refused::<A2>("A2", &a2),
        [
            "mine.json, chart A2, entry column any_box 2/42-6/42: leaves a gap before the next column: 7/42 is not answered"
        ]
    );
    let mut a2 = chart_json("A2");
    a2["columns"][3]["until"] = "12/43".into();
    assert_eq!(
        refused::<A2>("A2", &a2),
        ["mine.json, chart A2, entry column any_box 6/43-12/43: 12/43 is outside the game (2/42 to 6/43)"]
    );
    let mut a4 = chart_json("A4");
    a4["columns"][2]["from"] = "2/43".into();
    a4["columns"][1]["until"] = "1/43".into();
    let got = refused::<A4>("A4", &a4);
    assert_eq!(
        got,
        [
            "mine.json, chart A4, entry column air_support 2/43-6/43: CVE support is rolled from 3/43 only [7.2.1 ERRATA]"
        ]
    );
}

#[test]
fn a_rows_provenance_names_a_case_of_the_rules() {
    let mut b4 = chart_json("B4");
    b4["columns"][0]["rows"][6]["provenance"]["case"] = "12.9".into();
    assert_eq!(
        refused::<B4>("B4", &b4),
        [
            "mine.json, chart B4, entry column 1, row 7, field provenance.case: '12.9' is no case of data/atlantic/rules.json"
        ]
    );
    let mut b4 = chart_json("B4");
    b4["notes"][0] = "see [7.9.9]".into();
    assert_eq!(
        refused::<B4>("B4", &b4),
        ["mine.json, chart B4, entry note 1: cites [7.9.9], which is no case of data/atlantic/rules.json"]
    );
    let mut b4 = chart_json("B4");
    b4["modifiers"]
        .as_array_mut()
        .unwrap()
        .retain(|m| m["id"] != "river_frigate");
    assert_eq!(
        refused::<B4>("B4", &b4),
        ["mine.json, chart B4, entry field modifiers: the modifier 'river_frigate' is missing"]
    );
}

#[test]
fn b8_effects_cover_every_system_and_repair_by_threshold() {
    let mut b8 = chart_json("B8");
    b8["effects"]
        .as_array_mut()
        .unwrap()
        .retain(|e| e["system"] != "radio");
    assert_eq!(
        refused::<B8>("B8", &b8),
        ["mine.json, chart B8, entry field effects: no effect for the system 'radio'"]
    );
    let mut b8 = chart_json("B8");
    b8["effects"][1]["repair"] = b8["effects"][2]["repair"].clone();
    assert_eq!(
        refused::<B8>("B8", &b8),
        [
            "mine.json, chart B8, entry effect 2 (hull), field repair: hull damage is not repaired at sea; flooding is pumped out and wounds and minor damage have no repair roll [7.3.4] [B8]"
        ]
    );
    let mut b8 = chart_json("B8");
    b8["effects"][2]["repair"]["rows"][1]["roll"] = "4-6".into();
    assert_eq!(
        refused::<B8>("B8", &b8),
        [
            "mine.json, chart B8, entry effect 3 (periscope), repair, row 2 (4-6): leaves a gap: roll 3 is not answered"
        ]
    );
}

#[test]
fn weather_conditions_make_stragglers_and_ground_aircraft_as_the_rules_say() {
    let mut c3 = chart_json("C3");
    let bad = c3["conditions"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["id"] == "bad")
        .unwrap();
    bad["no_air_support"] = false.into();
    assert_eq!(
        refused::<C3>("C3", &c3),
        [
            "mine.json, chart C3, entry condition 3, field no_air_support: Bad weather, and only Bad, grounds air support [7.2.8]"
        ]
    );
}

#[test]
fn a_merchant_sinks_at_the_damage_its_tonnage_gives() {
    let mut m3 = chart_json("M3");
    m3["rows"][0]["result"]["damage"] = 4.into();
    assert_eq!(
        refused::<ShipList>("M3", &m3),
        [
            "mine.json, chart M3, entry row 1 (1-5), field result.damage: a ship of 9500 tons sinks at 3 points (merchants.json) [8.0]"
        ]
    );
    let mut m1 = chart_json("M1");
    m1["rows"][0]["result"]["size"] = "tanker".into();
    assert_eq!(
        refused::<ShipList>("M1", &m1),
        ["mine.json, chart M1, entry row 1 (1-5), field result.size: M1 lists small ships (merchants.json)"]
    );
}

#[test]
fn groups_respect_their_references_and_the_caps() {
    let text = edited(catalog::groups::SHIPPED, |v| {
        v["ships"][0]["class"] = "j_class".into();
    });
    let got = lines(Groups::parse("g.json", &text, cases()).unwrap_err());
    assert_eq!(
        got[0],
        "g.json, chart ships, entry ship 1 (hurricane), field class: no class 'j_class' in classes"
    );
    // B-2 with three more DD/FF: seven, beyond the four of [6.3.3].
    let text = edited(catalog::groups::SHIPPED, |v| {
        let ships = v["groups"][1]["ships"].as_array_mut().unwrap();
        ships.retain(|s| s != "gentian" && s != "sweetbriar" && s != "vervain");
        ships.extend(["bulldog", "harvester", "havelock"].map(Value::from));
    });
    let got = lines(Groups::parse("g.json", &text, cases()).unwrap_err());
    assert_eq!(
        got,
        ["g.json, chart groups, entry group 2 (b2), field ships: 6 dd_ff ships, beyond the cap of 4 [6.3.3]"]
    );
    let text = edited(catalog::groups::SHIPPED, |v| {
        v["groups"][0]["ships"].as_array_mut().unwrap().rotate_left(3);
    });
    let got = lines(Groups::parse("g.json", &text, cases()).unwrap_err());
    assert_eq!(
        got,
        [
            "g.json, chart groups, entry group 1 (b1), field ships.0: the SOE's ship, first in the list, is destroyer #1 or Cutter #1 [4.4.2] [4.1 note]"
        ]
    );
    let text = edited(catalog::groups::SHIPPED, |v| {
        v["ships"][0]["field_provenance"]["speed"] = serde_json::json!({"source": "rule", "case": "4.1"});
    });
    let got = lines(Groups::parse("g.json", &text, cases()).unwrap_err());
    assert_eq!(
        got,
        [
            "g.json, chart ships, entry ship 1, field field_provenance.speed: names 'speed', a field this entry does not have"
        ]
    );
    let text = edited(catalog::groups::SHIPPED, |v| {
        v["ships"][0]["navy"] = "RN".into();
    });
    let got = lines(Groups::parse("g.json", &text, cases()).unwrap_err());
    assert!(
        got[0].starts_with("g.json, chart ships, entry ship 1.navy: unknown variant `RN`"),
        "{got:?}"
    );
}

#[test]
fn the_map_keeps_one_track_sailed_either_way() {
    let text = edited(catalog::map::SHIPPED, |v| {
        v["routes"][0]["boxes"].as_array_mut().unwrap().swap(0, 1);
    });
    let got = lines(AtlanticMap::parse("m.json", &text, cases()).unwrap_err());
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with("m.json, chart routes, entry route 1 (westbound), field boxes: a route sails every travel box once"),
        "{}",
        got[0]
    );
    let text = edited(catalog::map::SHIPPED, |v| {
        v["travel_boxes"][1]["long_range_air"] = true.into();
    });
    let got = lines(AtlanticMap::parse("m.json", &text, cases()).unwrap_err());
    assert_eq!(
        got,
        [
            "m.json, chart travel_boxes, entry travel box 2 (air_gap_west), field long_range_air: long-range air works in every box but the air gap [7.2.1]"
        ]
    );
}

#[test]
fn victory_levels_run_on_from_zero_tons() {
    let text = edited(catalog::career::SHIPPED, |v| {
        v["victory_levels"][2]["min_tons"] = 170_000.into();
    });
    let got = lines(Career::parse("c.json", &text, cases()).unwrap_err());
    assert_eq!(
        got,
        [
            "c.json, chart victory_levels, entry level 3 (marginal_victory), field min_tons: the levels are contiguous from 0 tons: this one starts at 160000 [5.2.2]"
        ]
    );
    let text = edited(catalog::merchants::SHIPPED, |v| {
        v["damage_to_sink"][1]["up_to_tons"] = 4000.into();
    });
    let got = lines(Merchants::parse("x.json", &text, cases()).unwrap_err());
    assert_eq!(
        got,
        ["x.json, chart damage_to_sink, entry band 2: the bands go up in tonnage"]
    );
}

/// The shipped display `id`, as JSON.
fn display_json(id: &str) -> Value {
    let v: Value = serde_json::from_str(tactical::SHIPPED).unwrap();
    v["displays"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["id"] == id)
        .unwrap()
        .clone()
}

#[test]
fn the_tactical_displays_adjacency_radar_and_geometry_hold() {
    let mut t1a = display_json("T1A");
    let a1 = t1a["approaches"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|a| a["id"] == "A1")
        .unwrap();
    a1["adjacent"] = serde_json::json!(["K", "Q"]);
    let got = refused::<Display>("T1A", &t1a);
    assert_eq!(
        got[0],
        "mine.json, chart T1A, entry approach 2 (A1), field adjacent: no escort box 'Q' on T1A"
    );
    let mut t1a = display_json("T1A");
    t1a["escort_boxes"][9]["radar_covers"] = serde_json::json!(["J"]);
    assert_eq!(
        refused::<Display>("T1A", &t1a),
        [
            "mine.json, chart T1A, entry escort box 10 (J), field radar_covers: a Type 271 here covers every circle of its side [7.1.3]: H, J"
        ]
    );
    let mut t1a = display_json("T1A");
    t1a["escort_boxes"][0]["radar_covers"] = serde_json::json!(["K", "A1", "A2"]);
    assert_eq!(
        refused::<Display>("T1A", &t1a),
        [
            "mine.json, chart T1A, entry escort box 1 (K), field radar_covers: a Type 271 here covers at the front, the circles touching the box [7.1.3]: A1, K"
        ]
    );
    let mut t1a = display_json("T1A");
    t1a["escort_boxes"][3]["rect"] = serde_json::json!([178, -5, 24, 24]);
    let got = refused::<Display>("T1A", &t1a);
    assert_eq!(
        got,
        ["mine.json, chart T1A, entry escort box C: lies off the 272 by 176 sheet"]
    );
    let mut t1a = display_json("T1A");
    t1a["escort_boxes"][1]["rect"] = serde_json::json!([80, 28, 24, 24]);
    let got = refused::<Display>("T1A", &t1a);
    assert_eq!(
        got,
        ["mine.json, chart T1A, entry escort box A: overlaps escort box K"]
    );
    let mut t1a = display_json("T1A");
    t1a["approach_tables"][1]["rows"][0]["result"] = "C".into();
    let got = refused::<Display>("T1A", &t1a);
    assert_eq!(
        got,
        [
            "mine.json, chart T1A, entry field approach_tables: no left approach roll reaches circle J",
            "mine.json, chart T1A, entry approach table 2 (left), row 1 (1-3), field result: 'C' is no left circle of T1A (nor \"reroll\")",
        ]
    );
    let mut t1b = display_json("T1B");
    t1b["convoy"][0]["label"] = "Large Convoy".into();
    assert_eq!(
        refused::<Display>("T1B", &t1b),
        [
            "mine.json, chart T1B, entry rectangle 1 (convoy_left), field label: a small convoy's rectangles say \"Small Convoy\" [ERRATA T-1B]"
        ]
    );
    let mut t1a = display_json("T1A");
    t1a["stragglers"]["escort_box"]["radar_covers"] = serde_json::json!(["straggler_close"]);
    let got = refused::<Display>("T1A", &t1a);
    assert_eq!(
        got,
        [
            "mine.json, chart T1A, entry field stragglers.escort_box.radar_covers: no radar against a boat attacking the stragglers [7.1.3]"
        ]
    );
}

#[test]
fn the_tactical_file_pairs_t1a_with_large_and_t1b_with_small_convoys() {
    let text = edited(tactical::SHIPPED, |v| {
        v["displays"][0]["convoy_size"] = "small".into();
        v["displays"][0]["convoy"][0]["label"] = "Small Convoy".into();
        v["displays"][0]["convoy"][1]["label"] = "Small Convoy".into();
    });
    let got = lines(Tactical::parse("t.json", &text, refs()).unwrap_err());
    assert_eq!(
        got,
        [
            "t.json, chart displays, entry display T1A, field convoy_size: T1A is the large convoy's side [6.1 1B] [ERRATA T-1B]"
        ]
    );
}

#[test]
fn procedure_charts_give_what_their_roll_gives() {
    let text = edited(procedures::SHIPPED, |v| {
        v["charts"][0]["rows"][9]["result"] = "b1".into();
    });
    let got = lines(Procedures::parse("p.json", &text, refs()).unwrap_err());
    assert_eq!(
        got,
        [
            "p.json, chart escort_group, entry field rows: the group 'b1' is on no row, or on two [4.1]",
            "p.json, chart escort_group, entry field rows: the group 'a3' is on no row, or on two [4.1]",
        ]
    );
    let text = edited(procedures::SHIPPED, |v| {
        v["charts"][1]["dice"] = "2d6".into();
    });
    let got = lines(Procedures::parse("p.json", &text, refs()).unwrap_err());
    assert_eq!(
        got,
        [
            "p.json, chart day_night, entry row 1 (1-3): starts at roll 1, below the chart's span 2..12",
            "p.json, chart day_night: rolls 7 to 12 are not answered",
        ]
    );
    let text = edited(procedures::SHIPPED, |v| {
        v["charts"][15]["rows"][0]["result"] = "one".into();
    });
    let got = lines(Procedures::parse("p.json", &text, refs()).unwrap_err());
    assert_eq!(
        got,
        [
            "p.json, chart escort_repair, entry row 1 (1), field result: this roll gives {\"months\": n}, n 1 or more"
        ]
    );
    let text = edited(procedures::SHIPPED, |v| {
        v["constants"].as_array_mut().unwrap().remove(0);
    });
    let got = lines(Procedures::parse("p.json", &text, refs()).unwrap_err());
    assert_eq!(
        got,
        ["p.json, chart constants, entry field constants: the constant 'max_cycles' is missing"]
    );
}

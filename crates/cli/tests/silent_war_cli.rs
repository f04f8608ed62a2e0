//! Silent War: IJN companion played headless through `periscope-cli`, a month of April 1942 from a script
//! with scripted dice: a replacement [3.1A], the repair track [3.51*], a loner [4.1] [4.2 Submarine], a War
//! Event [2.1.1], the start of May [3.0 step 1]; then the save replays to the same report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(args)
        .output()
        .unwrap()
}

fn scenario(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/scenarios/silent_war_ijn")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("periscope-silent-war-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// [1.0] The companion swaps the generic ships for named ones and sends the damaged to repair, month by
/// month. [3.1A] [3.51*] [4.1] [4.2 Submarine] [2.1.1] [3.0 step 1] A month of April 1942 plays from its script and
/// dice: Arashi replaces the SW 7-1 as a 6-2 with the SW counter back to cup B, is damaged in the second
/// week and rolls 4 (back in July), a loner is found on a white then a red box and the submarine placed in
/// its column on 5 - 1; Coral is declared and its two ships leave at the end of the turn; May begins with
/// its arrivals. Every roll is in the events with its chart, faces, modifiers and case.
#[test]
fn a_month_of_the_companion_plays_from_a_script() {
    let actions = scenario("april-1942.actions");
    let dice = scenario("april-1942.dice");
    let save = temp("april.json");
    let save_arg = save.to_string_lossy().into_owned();
    let args = [
        "play",
        "silent-war-ijn",
        "--actions",
        &actions,
        "--dice",
        &dice,
        "--json",
        "--save",
        &save_arg,
    ];
    let out = cli(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    assert_eq!(v["game"], "silent-war-ijn");
    assert_eq!(v["actions_played"], 36);
    let state = &v["state"];
    assert_eq!(state["month"], "5/42");
    assert_eq!(state["week"], 1);
    assert_eq!(state["damaged"][0]["id"], "dd_arashi");
    assert_eq!(state["damaged"][0]["returns"], "7/42");
    assert_eq!(state["events_declared"][1], "Hunt for Wounded Bear");
    let events = v["events"].as_array().unwrap();
    let find = |kind: &str| events.iter().filter(|e| e["event"] == kind).collect::<Vec<_>>();
    let replaced = find("replaced");
    assert_eq!(replaced[0]["cup"], "B");
    assert_eq!(
        replaced[0]["sw_values"],
        serde_json::json!({"defense": 7, "asw": 1})
    );
    let fights = find("fights_as");
    assert_eq!(fights[0]["used"], serde_json::json!({"defense": 6, "asw": 2}));
    let rolls: Vec<(String, u64, i64)> = find("rolled")
        .iter()
        .map(|e| {
            let r = &e["roll"];
            (
                r["chart"].as_str().unwrap().to_string(),
                r["faces"][0].as_u64().unwrap(),
                r["result"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rolls,
        [
            ("IJN Optional Damage Table".to_string(), 4, 4),
            ("Area Activity Chart".to_string(), 3, 3),
            ("Area Activity Chart".to_string(), 0, 0),
            ("Loner placement".to_string(), 5, 4),
        ]
    );
    let placement = &find("rolled")[3]["roll"];
    assert_eq!(placement["modifiers"][0]["rule"], "4.2 Submarine");
    assert_eq!(placement["dice"], serde_json::json!({"dice": "d10_zero"}));
    let removed = find("removed_by_event");
    assert_eq!(removed[0]["war_event"], "coral");
    assert_eq!(removed[0]["ships"].as_array().unwrap().len(), 2);
    assert_eq!(
        find("entered")[0]["month"],
        serde_json::json!({"year": 1942, "month": 5})
    );
    assert_eq!(v["pending"]["kind"], "decision");

    // The save replays to the same report.
    let replayed = cli(&["replay", &save_arg, "--json"]);
    assert!(
        replayed.status.success(),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    let r = json(&replayed);
    assert_eq!(r["state"], v["state"]);
    assert_eq!(r["events"], v["events"]);
}

/// The readable report names each step with its case, and a refused action stops the script with exit
/// code 1 and the reason, the report showing the game just before it.
#[test]
fn the_text_report_and_a_refused_action() {
    let actions = scenario("april-1942.actions");
    let dice = scenario("april-1942.dice");
    let out = cli(&["play", "silent-war-ijn", "--actions", &actions, "--dice", &dice]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("Silent War: IJN companion · 1941 or later · 5/42 week 1 · seed 1 · 36 actions"),
        "{text}"
    );
    for line in [
        "DD Arashi replaces the SW DD (7-1): its values are the ones used; the SW DD (7-1) goes back to cup B [3.1A]",
        "IJN Optional Damage Table: 1d10 (0-9) rolled 4",
        "DD Arashi damaged: 2 full months in repair, back in the first week of July 1942 [3.51*]",
        "Hunt for Wounded Bear: removed CV Shoho, DD Kikutsuki; no tonnage is credited for them [2.1.1] [3.6]",
        "Damaged: DD Arashi until 7/42",
        "  month  ",
    ] {
        assert!(text.contains(line), "missing '{line}' in:\n{text}");
    }

    let bad = temp("bad.actions");
    std::fs::write(&bad, "scenario 1941\nstart 12/41\nwar_period 1\nno\ndraws player\npiles\ncombat\nreveal dd\ncolumn a\ndrew cl_yubari\n").unwrap();
    let out = cli(&[
        "play",
        "silent-war-ijn",
        "--actions",
        &bad.to_string_lossy(),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["error"]["index"], 10);
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("CL Yubari is not in the DD pile now"),
        "{}",
        v["error"]
    );
    assert_eq!(v["actions_played"], 9);
}

/// Seeded, the companion draws the same ships from the same seed; the careful captain finishes a game
/// month by month to August 1945.
#[test]
fn seeded_draws_repeat_and_the_policy_finishes_the_war() {
    let actions = temp("seeded.actions");
    std::fs::write(
        &actions,
        "scenario 1941\nstart 12/41\nwar_period 1\nno\ndraws periscope\ncups\ncombat\nreveal dd\ncolumn a\n",
    )
    .unwrap();
    let a = actions.to_string_lossy().into_owned();
    let first = cli(&["play", "silent-war-ijn", "--seed", "5", "--actions", &a, "--json"]);
    let second = cli(&["play", "silent-war-ijn", "--seed", "5", "--actions", &a, "--json"]);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert_eq!(first.stdout, second.stdout);
    assert_eq!(json(&first)["state"]["display"].as_array().unwrap().len(), 1);
    let done = cli(&[
        "play",
        "silent-war-ijn",
        "--seed",
        "5",
        "--actions",
        &a,
        "--policy",
        "careful",
        "--json",
    ]);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let v = json(&done);
    assert_eq!(v["pending"]["kind"], "over");
    assert_eq!(v["state"]["month"], "8/45");
}

/// [2.1.1] [3.0 step 1] `charts check` takes the owner's dates, War Event and ships, and refuses a bad one
/// by counter and field; a companion begun with the file (carried in its options, so in its save) draws
/// by the owner's date: Kagero leaves at the start of May 1943 instead of June.
#[test]
fn the_owners_dates_are_checked_and_played() {
    let good = temp("dates.json");
    let text = r#"{"format": "periscope-overrides", "game": "silent_war_ijn", "counters": {"dd_kagero": {"removal": "5/43"}, "dd_kikutsuki": {"event": null, "removal": "9/42"}, "al_kinai_maru": {"name": "Kinai Maru", "type": "AL", "class": "Kinai Maru", "tonnage": 8}, "dd_hibiki": null}}"#;
    std::fs::write(&good, text).unwrap();
    let out = cli(&["charts", "check", &good.to_string_lossy()]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for id in ["dd_kagero", "dd_kikutsuki", "al_kinai_maru", "dd_hibiki"] {
        assert!(said.contains(id), "{id}: {said}");
    }
    let bad = temp("bad-dates.json");
    std::fs::write(
        &bad,
        r#"{"format": "periscope-overrides", "game": "silent_war_ijn", "counters": {"dd_kagero": {"removal": "5/49"}, "al_x": {"asw": 0}, "dd_arashi": {"event": "pearl"}}}"#,
    )
    .unwrap();
    let out = cli(&["charts", "check", &bad.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    for line in [
        "counter dd_kagero, field removal",
        "counter al_x: no counter 'al_x' in the IJN Set; to add a ship your set has, give its name, type, class, tonnage",
        "counter dd_arashi, field event: no War Event 'pearl'",
    ] {
        assert!(said.contains(line), "missing '{line}' in:\n{said}");
    }

    let options = temp("options.json");
    let carried = serde_json::json!({"overrides": {"file": "overrides/silent_war_ijn.json", "text": text}});
    std::fs::write(&options, carried.to_string()).unwrap();
    let actions = temp("dates.actions");
    std::fs::write(
        &actions,
        "scenario 1941\nstart 4/43\npast coral\npast midway\npast solomons\npast done\nwar_period 2\nno\ndraws player\npiles\nmonth\n",
    )
    .unwrap();
    let save = temp("dates-save.json");
    let out = cli(&[
        "play",
        "silent-war-ijn",
        "--options",
        &options.to_string_lossy(),
        "--actions",
        &actions.to_string_lossy(),
        "--save",
        &save.to_string_lossy(),
        "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    let removed: Vec<String> = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "removed_by_date")
        .flat_map(|e| {
            e["ships"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["id"].as_str().unwrap().to_string())
        })
        .collect();
    assert!(removed.contains(&"dd_kagero".to_string()), "{removed:?}");
    let replayed = json(&cli(&["replay", &save.to_string_lossy(), "--json"]));
    assert_eq!(replayed["events"], v["events"]);
}

/// [3.1A] Drawing from the physical pile a counter Periscope's data removed (Tokitsukaze left in 4/43):
/// the companion asks once, takes it on "yes", keeps the correction in the text report, and the save
/// replays exactly.
#[test]
fn a_removed_counter_drawn_at_the_table_is_accepted_and_replays() {
    let actions = temp("removed.actions");
    std::fs::write(
        &actions,
        "scenario 1941\nstart 5/43\npast coral\npast midway\npast solomons\npast done\nwar_period 2\nno\ndraws player\npiles\ncombat\nreveal dd\ndrew Tokitsukaze\nyes\n",
    )
    .unwrap();
    let save = temp("removed-save.json");
    let a = actions.to_string_lossy().into_owned();
    let s = save.to_string_lossy().into_owned();
    let out = cli(&["play", "silent-war-ijn", "--actions", &a, "--save", &s, "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    assert_eq!(v["state"]["display"][0]["id"], "dd_tokitsukaze");
    assert!(
        v["state"]["corrections"][0]
            .as_str()
            .unwrap()
            .contains("the player's counter decides"),
        "{}",
        v["state"]
    );
    let replayed = json(&cli(&["replay", &s, "--json"]));
    assert_eq!(replayed["state"], v["state"]);
    assert_eq!(replayed["events"], v["events"]);
    let text = cli(&["play", "silent-war-ijn", "--actions", &a]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Correction: DD Tokitsukaze drawn in May 1943 though Periscope's data had it out (it left the pile in April 1943)"),
        "{text}"
    );
}

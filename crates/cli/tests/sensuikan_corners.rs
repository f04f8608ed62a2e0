//! Sensuikan's corners through the CLI, each the repro that found a rule cited and not applied: an escort
//! on the Special Missions column [7.4] [8.2.8], the midget's approach at short range [7.16] [8.2.1] and a
//! kaiten detected at the Target Box [7.18]. (The special skills: `sensuikan_cli.rs`.)
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

/// Plays a patrol with physical dice from `options` and `actions`; returns the JSON report.
fn patrol(name: &str, options: &str, actions: &[&str]) -> serde_json::Value {
    let dir = std::env::temp_dir().join(format!("periscope-corners-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let o = dir.join("options.json");
    std::fs::write(&o, options).unwrap();
    let a = dir.join("script.actions");
    std::fs::write(&a, actions.join("\n")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(["play", "sensuikan-patrol", "--physical", "--options"])
        .arg(&o)
        .arg("--actions")
        .arg(&a)
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The rolls of a report, as (chart, rule, result, outcome).
fn rolls(v: &serde_json::Value) -> Vec<(String, String, i64, String)> {
    v["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "rolled")
        .map(|e| {
            let r = &e["roll"];
            (
                r["chart"].as_str().unwrap().to_string(),
                r["rule"].as_str().unwrap().to_string(),
                r["result"].as_i64().unwrap(),
                r["outcome"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

fn pending_rule(v: &serde_json::Value) -> String {
    v["pending"]["rule"].as_str().unwrap_or_default().to_string()
}

/// [7.4] [8.2.8] A transport in the Solomons: the Special Missions roll of 2 is an escort, which rolls to
/// detect at once (B4) instead of the next Special Missions roll.
#[test]
fn an_escort_on_the_special_missions_column_rolls_to_detect() {
    let options =
        r#"{"class":"kd6","start":{"year":1942,"month":11},"area":"solomons","mission":"transport"}"#;
    let v = patrol("transport", options, &["load 0", "roll 3 3", "roll 1 1"]);
    assert_eq!(pending_rule(&v), "8.2.5", "{}", v["pending"]);
    assert_eq!(v["pending"]["chart"], "B4");
    // Undetected, the mission rolls again.
    let v = patrol(
        "transport-undetected",
        options,
        &["load 0", "roll 3 3", "roll 1 1", "roll 2 3"],
    );
    assert_eq!(rolls(&v).last().unwrap().0, "B4");
    assert_eq!(pending_rule(&v), "7.4", "{}", v["pending"]);
}

/// [7.16] [8.2.1] The midget at Pearl Harbor fires at short range: the B4 approach roll comes first, not B1.
#[test]
fn the_midget_at_short_range_rolls_the_approach_first() {
    let options = r#"{"class":"type_c","start":{"year":1941,"month":12},"area":"pearl_harbor","mission":"midget_attack"}"#;
    let mut actions = vec!["roll 3"];
    actions.extend(["roll 3 3"; 8]);
    actions.push("midget attack short 2");
    let v = patrol("midget", options, &actions);
    assert_eq!(v["pending"]["chart"], "B4", "{}", v["pending"]);
    assert!(
        v["pending"]["reason"]
            .as_str()
            .unwrap()
            .contains("before she fires"),
        "{}",
        v["pending"]
    );
    // Detected on 10: no B1, the patrol boat attacks the midget.
    actions.push("roll 5 5");
    let v = patrol("midget-detected", options, &actions);
    assert!(!rolls(&v).iter().any(|r| r.0 == "B1"));
    assert_eq!(v["pending"]["chart"], "B5", "{}", v["pending"]);
}

/// [7.18] A kaiten detected at Ulithi's Target Box is attacked by the escorts (B5), not sunk outright: on
/// a 2 it survives and its target is identified.
#[test]
fn a_kaiten_detected_at_the_target_box_is_attacked_not_sunk_outright() {
    let options = r#"{"class":"type_b","start":{"year":1944,"month":11},"area":"central_pacific","mission":"kaiten_ulithi"}"#;
    let mut actions = vec![
        "load 0", "roll 3 3", "roll 3", "roll 5", "roll 3 3", "roll 3 3", "roll 4 5", "roll 6 6", "roll 6 6",
    ];
    let v = patrol("kaiten", options, &actions);
    let last = rolls(&v).last().cloned().unwrap();
    assert_eq!(last.0, "B4");
    assert!(last.3.contains("the escorts attack it"), "{last:?}");
    assert_eq!(v["pending"]["chart"], "B5", "{}", v["pending"]);
    actions.push("roll 1 1");
    let v = patrol("kaiten-survives", options, &actions);
    let last = rolls(&v).last().cloned().unwrap();
    assert!(last.3.contains("survives the escorts' attack"), "{last:?}");
    assert_eq!(v["pending"]["chart"], "T4", "{}", v["pending"]);
}

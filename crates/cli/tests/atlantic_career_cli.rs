//! The Atlantic Sentinels career played headless through `periscope-cli`: set-up by script [4.1] [4.5],
//! a whole career with a built-in policy whose save replays to the same report, `sim atlantic` [5.2.2],
//! a refused action.
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
        .join("../../tests/scenarios/atlantic")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("periscope-atlantic-career-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stderr),
            String::from_utf8_lossy(&out.stdout)
                .chars()
                .take(2000)
                .collect::<String>()
        )
    })
}

/// [4.1] [4.3.1] [4.5] The group, base and Type 271 from a script; the mission's array comes next.
#[test]
fn a_career_is_set_up_from_a_script() {
    let actions = scenario("career-setup.actions");
    let out = cli(&["play", "atlantic", "--seed", "3", "--actions", &actions, "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    assert_eq!(v["game"], "atlantic");
    let c = &v["state"]["commands"][0];
    assert_eq!(c["group_name"], "B-2");
    assert_eq!(c["log"]["soe"], "F. J. Walker");
    let leamington = c["ships"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["ship"] == "leamington")
        .unwrap();
    assert_eq!(leamington["type_271"], true);
    assert_eq!(v["state"]["phase"], "at_sea");
}

/// [5.0] [5.1.4] A whole career by the careful captain; its save replays to the same report.
#[test]
fn a_whole_career_plays_and_its_save_replays() {
    let save = temp("career.json");
    let save_arg = save.to_string_lossy().into_owned();
    let out = cli(&[
        "play", "atlantic", "--seed", "4", "--policy", "careful", "--save", &save_arg,
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.contains("Game over."), "the career ended");
    assert!(text.contains("Convoy Log:"));
    let again = cli(&["replay", &save_arg]);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&again.stdout), text);
}

/// [5.2.2] `sim atlantic --careers N`: every career at one of the five levels.
#[test]
fn sim_atlantic_reports_the_victory_levels() {
    let out = cli(&["sim", "atlantic", "--careers", "3", "--seed", "2", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    assert_eq!(v["game"], "atlantic");
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 5);
    let total: u64 = levels.iter().map(|l| l[1].as_u64().unwrap()).sum();
    assert_eq!(total, 3);
    assert!(v["average_missions"].as_f64().unwrap() > 0.0);
}

/// An action the career does not offer is refused, and the report says why.
#[test]
fn a_refused_action_is_reported() {
    let actions = temp("bad.actions");
    std::fs::write(&actions, "base st_johns\n").unwrap();
    let out = cli(&[
        "play",
        "atlantic",
        "--seed",
        "1",
        "--actions",
        &actions.to_string_lossy(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not possible now"));
}

/// [11.1] [11.2] `--scenario`: one convoy of the scenario's group, judged by its own condition; the
/// single mission takes no such flag.
#[test]
fn the_historical_scenarios_play_from_the_command_line() {
    for (name, group) in [("on113", "C-2 (ON 113)"), ("ons154", "C-1 (ONS 154)")] {
        let out = cli(&[
            "play",
            "atlantic",
            "--scenario",
            name,
            "--seed",
            "2",
            "--policy",
            "careful",
            "--json",
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v = json(&out);
        let c = &v["state"]["commands"][0];
        assert_eq!(c["log"]["totals"]["missions"], 1, "{name}");
        assert_eq!(c["log"]["victory"]["scenario"]["scenario"], name);
        assert!(c["group_name"].as_str().unwrap().len() > 2, "{group}");
    }
    let out = cli(&["play", "atlantic-mission", "--scenario", "on113"]);
    assert!(!out.status.success());
    let out = cli(&["play", "atlantic", "--scenario", "hx229"]);
    assert!(!out.status.success());
}

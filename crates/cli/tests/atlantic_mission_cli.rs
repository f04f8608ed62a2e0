//! Atlantic Sentinels played headless through `periscope-cli`: the Example of Play [8.0] as a script with
//! the book's dice (`tests/scenarios/atlantic/`), its save replaying to the same report; the default
//! mission with a built-in policy; a refused action.
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
    let dir = std::env::temp_dir().join(format!("periscope-atlantic-{}", std::process::id()));
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

/// [8.0] The Example of Play from its script: A1a 3, the Condor driven off, 6 7 8, the wolfpack of five at
/// night in Fair weather, the three boats of impulse 1 found by HF/DF, the Type 271 and ASDIC and hunted
/// under the errata [7.1.3 ERRATA], the two of impulse 2, the Kongsgaard sunk by C1 7 and B1 6 4 7 9,
/// the A1 boat held at +1 and escaping at +4; the handover at WESTOMP. The save replays to the same.
#[test]
fn the_example_of_play_replays_through_the_cli() {
    let save = temp("example.json");
    let save_arg = save.to_string_lossy().into_owned();
    let (actions, dice, options) = (
        scenario("example-of-play.actions"),
        scenario("example-of-play.dice"),
        scenario("example-of-play.options.json"),
    );
    let out = cli(&[
        "play",
        "atlantic-mission",
        "--actions",
        &actions,
        "--dice",
        &dice,
        "--options",
        &options,
        "--json",
        "--save",
        &save_arg,
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    assert_eq!(v["game"], "atlantic-mission");
    assert_eq!(v["actions_played"], 28);
    assert_eq!(v["pending"]["kind"], "over");
    let state = &v["state"];
    assert_eq!(state["group"], "B-1");
    assert_eq!(state["display"], "T1A");
    assert_eq!(state["lost"][0]["name"], "Kongsgaard");
    assert_eq!(state["lost"][0]["tonnage"], 9500);
    let result = &state["result"];
    assert_eq!(result["tonnage_lost"], 9500);
    assert_eq!(result["uboats_damaged"].as_array().unwrap().len(), 5);
    assert_eq!(result["cam_used"], true);
    assert_eq!(result["end"]["base"], "St. John's");
    let events = v["events"].as_array().unwrap();
    let on = |chart: &str| -> Vec<i64> {
        events
            .iter()
            .filter(|e| e["event"] == "rolled" && e["roll"]["chart"] == chart)
            .map(|e| e["roll"]["result"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(on("A2"), [2, 6, 7, 8, 4, 6]);
    assert_eq!(on("B4"), [5, 6, 7, 6, 4]);
    assert_eq!(on("B5"), [52, 66, 41, 11, 24, 16]);
    assert_eq!(on("B3"), [5, 7, 8, 7, 9, 8]);
    assert_eq!(on("B1"), [6, 4, 7, 9]);
    assert_eq!(on("B2"), [3, 2]);
    assert_eq!(on("C1"), [7]);
    // The moving penalty once, by the errata [7.1.3 ERRATA].
    let first_b3 = events.iter().find(|e| e["roll"]["chart"] == "B3").unwrap();
    let moved: Vec<&serde_json::Value> = first_b3["roll"]["modifiers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["rule"] == "7.1.3 ERRATA")
        .collect();
    assert_eq!(moved.len(), 1);
    assert_eq!(moved[0]["value"], -1);

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

/// `play atlantic-mission` with no options is the Example's setting; a built-in captain plays it to the
/// end, careful or random, and the same seed plays the same mission.
#[test]
fn the_default_mission_plays_to_the_end_with_a_policy() {
    for policy in ["careful", "random"] {
        let out = cli(&[
            "play",
            "atlantic-mission",
            "--seed",
            "5",
            "--policy",
            policy,
            "--json",
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v = json(&out);
        assert_eq!(v["pending"]["kind"], "over", "{policy}");
        assert_eq!(v["state"]["group"], "B-1");
        assert_eq!(v["state"]["month"], "2/42");
        let again = cli(&[
            "play",
            "atlantic-mission",
            "--seed",
            "5",
            "--policy",
            policy,
            "--json",
        ]);
        assert_eq!(again.stdout, out.stdout);
    }
    let text = cli(&["play", "atlantic-mission", "--seed", "5", "--policy", "careful"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.starts_with("Atlantic Sentinels · B-1 · 2/42 ·"), "{text}");
}

/// A refused action stops the script with exit code 1 and says why; physical dice ask for each roll.
#[test]
fn a_refused_action_and_physical_dice() {
    let dir = temp("refused");
    std::fs::create_dir_all(&dir).unwrap();
    let actions = dir.join("bad.actions");
    std::fs::write(&actions, "roll 3\nhunt anchusa\n").unwrap();
    let actions = actions.to_string_lossy().into_owned();
    let out = cli(&[
        "play",
        "atlantic-mission",
        "--physical",
        "--actions",
        &actions,
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["error"]["index"], 2);
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not possible now")
    );
    assert_eq!(v["pending"]["kind"], "roll");
    assert_eq!(v["pending"]["chart"], "A2");
}

/// [12.8] [10.1] Two players: "both players secretly choose" — after the U-boat player's `evade 6` the game
/// waits for the escort player's number (`turn N`), not a roll, and reveals both together.
#[test]
fn two_players_both_choose_the_evasion_number() {
    let options = temp("two-player-options.json");
    std::fs::write(
        &options,
        r#"{"month":"7/42","convoy":{"convoy":"ON","size":"large"},"air":{"cam":false},"two_player":true,"optional":{"evasion":true}}"#,
    )
    .unwrap();
    let actions = temp("two-player.actions");
    let script = "roll 1 2\nroll 4\nroll 4\nroll 1\nplace hurricane K\nplace rockingham A\nplace venomous B\nplace anchusa C\nplace dahlia D\nplace monkshood E\napproach K\nroll 1\nroll 6\nroll 1\nhunt hurricane\nengage\ndepth_charges\nevade 6\n";
    std::fs::write(&actions, script).unwrap();
    let o = options.to_string_lossy().into_owned();
    let a = actions.to_string_lossy().into_owned();
    let out = cli(&[
        "play",
        "atlantic-mission",
        "--physical",
        "--options",
        &o,
        "--actions",
        &a,
        "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    assert_eq!(v["pending"]["kind"], "decision", "{}", v["pending"]);
    assert!(
        v["pending"]["prompt"]
            .as_str()
            .unwrap()
            .starts_with("Escort player"),
        "{}",
        v["pending"]
    );
    std::fs::write(&actions, format!("{script}turn 5\n")).unwrap();
    let out = cli(&[
        "play",
        "atlantic-mission",
        "--physical",
        "--options",
        &o,
        "--actions",
        &a,
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Evasive manoeuvres revealed: U-boat 1 evades on 6 (straight), the escorts turn on 5 (straight): the boat's way, +1 hit [12.8]"),
        "{text}"
    );
}

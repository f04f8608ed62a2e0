//! Sensuikan through the CLI: the Example of Play (rule 12.0) as a golden career and patrol, a seeded
//! career and a seeded patrol.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

fn cli() -> Command {
    Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
}

fn scenario(name: &str) -> String {
    format!(
        "{}/../../tests/scenarios/sensuikan/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn json(out: &std::process::Output) -> serde_json::Value {
    match serde_json::from_slice(&out.stdout) {
        Ok(v) => v,
        Err(e) => panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)),
    }
}

fn run(args: &[&str]) -> std::process::Output {
    match cli().args(args).output() {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    }
}

fn replay(args: &[&str], dice: &str, actions: &str) -> serde_json::Value {
    let out = cli()
        .args(args)
        .arg("--dice")
        .arg(scenario(dice))
        .arg("--actions")
        .arg(scenario(actions))
        .arg("--json")
        .output();
    let out = match out {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    json(&out)
}

/// The patrol's events of a career report, unwrapped.
fn patrol_events(v: &serde_json::Value) -> Vec<serde_json::Value> {
    v["events"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|e| (e["event"] == "patrol").then(|| e["patrol"].clone()))
        .collect()
}

/// The Example of Play's midget run on M1 from the dice [7.16]: circle 1 quiet, the net crossed on a 5, a
/// 10 and an M6 4 (broaches, regains depth on a 6), a 7 and an M6 2 (aground): lost, no recovery roll.
fn assert_midget_run_of_the_example(events: &[serde_json::Value]) {
    let m: Vec<(String, i64)> = events
        .iter()
        .filter(|e| e["event"] == "rolled" && e["roll"]["rule"] == "7.16")
        .map(|e| {
            (
                e["roll"]["chart"].as_str().unwrap_or("").to_string(),
                e["roll"]["result"].as_i64().unwrap_or(0),
            )
        })
        .collect();
    let expected: Vec<(String, i64)> = [
        ("M5", 6),
        ("M5", 5),
        ("M5", 10),
        ("M6", 4),
        ("M6 broach", 6),
        ("M5", 7),
        ("M6", 2),
        ("M6 aground", 2),
        ("M6 aground", 3),
    ]
    .iter()
    .map(|(c, r)| (c.to_string(), *r))
    .collect();
    assert_eq!(m, expected);
    // The M5 rolls say where the midget is as the book counts it: the net, then transit box no. 3 [12.0].
    let places: Vec<String> = events
        .iter()
        .filter(|e| e["event"] == "rolled" && e["roll"]["chart"] == "M5")
        .map(|e| e["roll"]["outcome"].as_str().unwrap_or("").to_string())
        .collect();
    assert!(places[0].ends_with("(transit box 1)"), "{places:?}");
    assert!(places[1].ends_with("(the anti-submarine net)"), "{places:?}");
    assert!(places[2].ends_with("(transit box 2)"), "{places:?}");
    assert!(places[3].ends_with("(transit box 3)"), "{places:?}");
    assert!(
        !events.iter().any(|e| e["roll"]["chart"] == "M7"),
        "no recovery roll [12.0]"
    );
    assert!(
        events
            .iter()
            .any(|e| e["event"] == "midget_outcome" && e["recovered"] == false)
    );
}

/// [12.0] The whole Example of Play as a career (`play sensuikan`): Type C, F1 without skills and the
/// Gosei's Maneki Neko, F2 Superior Communications, A1 8 = Pearl Harbor and its midget attack [7.14]; the
/// midget lost from the dice [7.16], the Nancy Moller sunk, the escort does not detect, home in port; the
/// War Medal [8.8.6]; the mission failed [7.3], no credit; refit in 2/42, the lost midget's commander
/// replaced [4.8.2]; the second patrol sails in 3/42.
#[test]
fn example_of_play_replays_as_the_book_says() {
    let v = replay(
        &["play", "sensuikan"],
        "example-of-play.dice",
        "example-of-play.actions",
    );
    assert_eq!(v["game"], "sensuikan-career");
    let state = &v["state"];
    assert_eq!(state["class"], "Type C");
    assert!(
        state["markers"]
            .as_array()
            .is_some_and(|m| m.iter().any(|x| x == "maneki_neko"))
    );
    assert!(
        state["decorations"]
            .as_array()
            .is_some_and(|d| d.iter().any(|x| x == "Greater East Asia War Medal"))
    );
    assert_eq!(state["patrols"], 1);
    assert_eq!(state["special_missions"], 0, "[7.3] the mission failed");
    assert_eq!(state["upgrade_markers"], 0, "[7.3] no credit");
    assert_eq!(state["tonnage"], 3900);
    assert_eq!(state["month"], "3/42");
    let row = &state["log"][0];
    assert_eq!(row["month"], "12/41");
    assert_eq!(row["result"], "Home in port. Mission failed.");
    assert_eq!(row["ships"][0]["name"], "Nancy Moller");
    assert_eq!(row["ships"][0]["sunk"], true);
    assert_eq!(state["log"][2]["mark"], "R", "February 1942 is the refit month");
    let events = v["events"].as_array().cloned().unwrap_or_default();
    let skill = events.iter().any(|e| {
        e["roll"]["chart"] == "F2" && e["roll"]["outcome"] == "midget commander: Superior Communications"
    });
    assert!(skill, "[4.8.2] [12.0] F2: Superior Communications");
    assert!(events.iter().any(|e| {
        e["event"] == "note"
            && e["rule"] == "4.8.2"
            && e["text"]
                .as_str()
                .is_some_and(|t| t.contains("new midget commander"))
    }));
    let patrol = patrol_events(&v);
    assert_midget_run_of_the_example(&patrol);
    assert!(
        patrol
            .iter()
            .any(|e| e["event"] == "ship_sunk" && e["name"] == "Nancy Moller")
    );
    assert!(
        patrol.iter().any(|e| e["event"] == "undetected"),
        "the escort does not detect"
    );
    assert!(patrol.iter().any(|e| e["event"] == "home_in_port"));
    // The replay stops at the A1 roll of the second patrol.
    assert_eq!(v["pending"]["chart"], "A1");
    // `play sensuikan-career` is the same game.
    let alias = replay(
        &["play", "sensuikan-career"],
        "example-of-play.dice",
        "example-of-play.actions",
    );
    assert_eq!(alias["state"], v["state"]);
}

/// [12.0] The Example's patrol alone (`play sensuikan-patrol`): the midget lost from the dice, the Nancy
/// Moller sunk, the escort does not detect, home in port.
#[test]
fn example_patrol_replays_as_the_book_says() {
    let v = replay(
        &["play", "sensuikan-patrol"],
        "example-of-play-patrol.dice",
        "example-of-play-patrol.actions",
    );
    let result = &v["state"]["result"];
    assert_eq!(result["end"]["end"], "in_port", "{result}");
    assert_eq!(result["mission_success"], false);
    assert!(
        result["markers"]
            .as_array()
            .is_some_and(|m| m.iter().any(|x| x == "midget_lost"))
    );
    assert_eq!(result["ships"][0]["name"], "Nancy Moller");
    assert_eq!(result["ships"][0]["tonnage"], 3900);
    assert_eq!(result["ships"][0]["sunk"], true);
    assert_eq!(result["hull_boxes"], 0);
    let events = v["events"].as_array().cloned().unwrap_or_default();
    assert_midget_run_of_the_example(&events);
    assert!(
        events.iter().any(|e| e["event"] == "undetected"),
        "the escort does not detect"
    );
    assert!(events.iter().any(|e| e["event"] == "home_in_port"));
    // [8.2.3] The Example's to-hit rolls: no modifier, a hit on 2-7.
    let to_hit: Vec<_> = events.iter().filter(|e| e["roll"]["chart"] == "B1").collect();
    assert_eq!(to_hit.len(), 4);
    assert!(
        to_hit
            .iter()
            .all(|e| e["roll"]["modifiers"].as_array().is_some_and(|m| m.is_empty()))
    );
}

/// Issue 5: `play sensuikan --seed S --policy default --save FILE` plays a whole career to its end and
/// writes a save that replays to the same state.
#[test]
fn a_seeded_career_plays_to_the_end_and_replays() {
    let dir = std::env::temp_dir().join(format!("periscope-sensuikan-career-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let save = dir.join("career.json");
    let save_arg = save.to_str().unwrap_or_default();
    let out = run(&[
        "play",
        "sensuikan",
        "--seed",
        "3",
        "--policy",
        "default",
        "--json",
        "--save",
        save_arg,
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    assert_eq!(v["game"], "sensuikan-career");
    assert_eq!(v["pending"]["kind"], "over");
    assert!(v["state"]["patrols"].as_u64().is_some_and(|p| p > 0));
    let replay = run(&["replay", save_arg, "--json"]);
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    assert_eq!(json(&replay)["state"], v["state"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_seeded_patrol_plays_to_port_or_loss_with_a_policy_and_replays() {
    let dir = std::env::temp_dir().join(format!("periscope-sensuikan-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let save = dir.join("patrol.json");
    let out = cli()
        .args([
            "play",
            "sensuikan-patrol",
            "--seed",
            "7",
            "--policy",
            "careful",
            "--json",
            "--save",
        ])
        .arg(&save)
        .output();
    let out = match out {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    assert_eq!(v["pending"]["kind"], "over");
    let replay = cli().arg("replay").arg(&save).arg("--json").output();
    let replay = match replay {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert!(replay.status.success());
    assert_eq!(json(&replay)["state"], v["state"]);
    let sim = cli()
        .args(["sim", "sensuikan-patrol", "--patrols", "50", "--json"])
        .output();
    let sim = match sim {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert!(sim.status.success(), "{}", String::from_utf8_lossy(&sim.stderr));
    assert_eq!(json(&sim)["patrols"], 50);
    let _ = std::fs::remove_dir_all(&dir);
}

/// [11.7] The special skill chosen at the career's start sails with the captain: a Vigilant captain's quick
/// dive (A4) carries +1 (the issue's repro: a KD6 from 1/43, the skill chosen, an aircraft in the first
/// transit box).
#[test]
fn a_vigilant_captains_quick_dive_carries_his_plus_one() {
    let dir = std::env::temp_dir().join(format!("periscope-vigilant-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let options = dir.join("options.json");
    std::fs::write(
        &options,
        r#"{"class":"kd6","start":{"year":1943,"month":1},"special_skill":"choose"}"#,
    )
    .unwrap();
    let actions = dir.join("vigilant.actions");
    std::fs::write(
        &actions,
        "roll 3 3\nroll 3 3\nroll 3 3\nfree_time gunnery_drill\nspecial_skill vigilant\nroll 2 6\nload 0\nroll 3 3\nroll 1 3\nroll 3 3\n",
    )
    .unwrap();
    let out = run(&[
        "play",
        "sensuikan",
        "--physical",
        "--options",
        &options.to_string_lossy(),
        "--actions",
        &actions.to_string_lossy(),
        "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    let a4 = patrol_events(&v)
        .into_iter()
        .find(|e| e["event"] == "rolled" && e["roll"]["chart"] == "A4")
        .expect("the quick dive is rolled");
    assert_eq!(
        a4["roll"]["modifiers"],
        serde_json::json!([{"value": 1, "reason": "optional special skill 9, Vigilant", "rule": "11.7"}])
    );
    assert_eq!(a4["roll"]["result"], 7);
}

//! Sensuikan through the CLI: the Example of Play (rule 12.0) as a golden test, and a seeded patrol.
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

/// [12.0] The midget submarine lost, the Nancy Moller sunk, the escort does not detect, home in port.
#[test]
fn example_of_play_replays_as_the_book_says() {
    let out = cli()
        .args(["play", "sensuikan", "--dice"])
        .arg(scenario("example-of-play.dice"))
        .arg("--actions")
        .arg(scenario("example-of-play.actions"))
        .arg("--json")
        .output();
    let out = match out {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
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
    assert!(
        events.iter().any(|e| e["event"] == "undetected"),
        "the escort does not detect"
    );
    assert!(events.iter().any(|e| e["event"] == "home_in_port"));
    // [8.2.3] The Example's to-hit rolls: no modifier, a hit on 2-7.
    let to_hit: Vec<_> = events
        .iter()
        .filter(|e| e["roll"]["chart"] == "B1")
        .map(|e| (e["roll"]["result"].clone(), e["roll"]["outcome"].clone()))
        .collect();
    assert_eq!(to_hit.len(), 4);
    assert!(
        events
            .iter()
            .filter(|e| e["roll"]["chart"] == "B1")
            .all(|e| e["roll"]["modifiers"].as_array().is_some_and(|m| m.is_empty()))
    );
}

#[test]
fn a_seeded_patrol_plays_to_port_or_loss_with_a_policy_and_replays() {
    let dir = std::env::temp_dir().join(format!("periscope-sensuikan-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let save = dir.join("patrol.json");
    let out = cli()
        .args([
            "play",
            "sensuikan",
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
        .args(["sim", "sensuikan", "--patrols", "50", "--json"])
        .output();
    let sim = match sim {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert!(sim.status.success(), "{}", String::from_utf8_lossy(&sim.stderr));
    assert_eq!(json(&sim)["patrols"], 50);
    let _ = std::fs::remove_dir_all(&dir);
}

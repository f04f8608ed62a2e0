//! Scenario tests: Submarine Hunt played headless through `periscope-cli`, as a script would play it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(args)
        .output()
        .unwrap()
}

fn scenario(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/scenarios/hunt")
        .join(name)
}

fn temp(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("periscope-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
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

/// [Winning.1] A recorded winning patrol replays to the same JSON, byte for byte, on every run and on
/// every version: the golden file pins dice, cards, rules and output format together.
#[test]
fn a_recorded_patrol_replays_byte_for_byte() {
    let actions = scenario("seed3-careful.actions");
    let args = [
        "play",
        "hunt",
        "--seed",
        "3",
        "--actions",
        actions.to_str().unwrap(),
        "--json",
    ];
    let first = cli(&args);
    let second = cli(&args);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert_eq!(
        first.stdout, second.stdout,
        "the same seed and actions give identical JSON"
    );
    let golden = std::fs::read(scenario("seed3-careful.golden.json")).unwrap();
    assert!(
        first.stdout == golden,
        "output differs from tests/scenarios/hunt/seed3-careful.golden.json"
    );
    let out = json(&first);
    assert_eq!(out["pending"]["won"], true);
    assert!(out["state"]["sink_points"].as_u64().unwrap() >= 50);
}

/// [Enemy.2] [Enemy.3] Scripted dice through the CLI: three detections in a row open fire.
#[test]
fn scripted_dice_open_enemy_fire() {
    let dice = temp("fire.dice", "1 1 1\n");
    let actions = temp("fire.actions", "mode\nmode\nmode\n");
    let out = cli(&[
        "play",
        "hunt",
        "--seed",
        "1",
        "--dice",
        dice.to_str().unwrap(),
        "--actions",
        actions.to_str().unwrap(),
        "--json",
    ]);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["state"]["detections_in_a_row"], 3);
    let fire = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "enemy_fire")
        .count();
    assert_eq!(fire, 1);
    // Every roll is recorded with its chart, rule, dice and faces.
    let roll = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["event"] == "rolled")
        .unwrap();
    assert_eq!(roll["roll"]["chart"], "Enemy detection");
    assert_eq!(roll["roll"]["rule"], "Enemy.1");
    assert_eq!(roll["roll"]["faces"], serde_json::json!([1]));
}

/// Physical dice: the game waits for each roll; the script supplies the faces.
#[test]
fn physical_dice_come_from_the_actions() {
    let actions = temp("phys.actions", "hunt\nroll 1 2\npick 3\n");
    let out = cli(&[
        "play",
        "hunt",
        "--seed",
        "4",
        "--physical",
        "--actions",
        actions.to_str().unwrap(),
        "--json",
    ]);
    let v = json(&out);
    assert_eq!(v["pending"]["kind"], "roll", "the detection die is awaited");
    assert_eq!(v["pending"]["dice"]["count"], 1);
    let bad = temp("phys-bad.actions", "hunt\nroll 7 2\n");
    let out = cli(&[
        "play",
        "hunt",
        "--seed",
        "4",
        "--physical",
        "--actions",
        bad.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["error"]["index"], 2);
    assert!(v["error"]["message"].as_str().unwrap().contains("not a face"));
    assert_eq!(v["actions_played"], 1, "the refused action changed nothing");
}

/// An illegal action is refused with its index and the reason; the game stops there.
#[test]
fn an_illegal_action_is_reported() {
    let actions = temp("illegal.actions", "mode\nfire 4\nmode\n");
    let out = cli(&[
        "play",
        "hunt",
        "--seed",
        "2",
        "--actions",
        actions.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["error"]["index"], 2);
    assert_eq!(v["actions_played"], 1);
}

/// A save written by `play --save` replays to the same state; a damaged one is refused and left alone.
#[test]
fn saves_replay_and_damaged_saves_are_refused() {
    let dir = std::env::temp_dir().join(format!("periscope-cli-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("game.json");
    let out = cli(&[
        "play",
        "hunt",
        "--seed",
        "9",
        "--policy",
        "careful",
        "--save",
        save.to_str().unwrap(),
        "--json",
    ]);
    assert!(out.status.success());
    let played = json(&out);
    let replayed = json(&cli(&["replay", save.to_str().unwrap(), "--json"]));
    assert_eq!(played["state"], replayed["state"]);
    assert_eq!(played["events"], replayed["events"]);

    let text = std::fs::read_to_string(&save).unwrap();
    let broken = dir.join("broken.json");
    std::fs::write(&broken, &text[..text.len() / 3]).unwrap();
    let out = cli(&["replay", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("damaged or incomplete"));
    assert_eq!(std::fs::read_to_string(&broken).unwrap(), text[..text.len() / 3]);
}

/// `sim hunt` reports the same games on any number of threads: each thread keeps totals of its own
/// chunk of seeds, added up after. Only the clock's figures differ.
#[test]
fn sim_hunt_totals_are_the_same_on_any_number_of_threads() {
    let run = |threads: &str| {
        let mut v = json(&cli(&[
            "sim",
            "hunt",
            "--games",
            "301",
            "--seed",
            "9",
            "--threads",
            threads,
            "--json",
        ]));
        for clock in ["seconds", "games_per_second", "dice_only_seconds"] {
            v.as_object_mut().unwrap().remove(clock);
        }
        v
    };
    let one = run("1");
    assert_eq!(one["games"], 301);
    assert!(one["wins"].as_u64().unwrap() > 150, "{one}");
    for threads in ["2", "3", "7"] {
        assert_eq!(run(threads), one, "{threads} threads");
    }
}

/// `sim` plays many games and reports the win rate and speed.
#[test]
fn sim_reports_win_rate_and_speed() {
    let out = cli(&["sim", "hunt", "--games", "200", "--seed", "5", "--json"]);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["games"], 200);
    let rate = v["win_rate"].as_f64().unwrap();
    assert!(rate > 0.5, "a careful captain wins most games: {rate}");
    assert!(v["games_per_second"].as_f64().unwrap() > 0.0);
    let random = json(&cli(&[
        "sim", "hunt", "--games", "200", "--seed", "5", "--policy", "random", "--json",
    ]));
    assert!(
        random["win_rate"].as_f64().unwrap() < rate,
        "random play does worse"
    );
    assert_eq!(
        cli(&["sim", "hunt", "--policy", "reckless"]).status.code(),
        Some(2)
    );
}

/// The blank Patrol Log Sheet exports as PDF, CSV and Markdown.
#[test]
fn the_blank_patrol_log_exports() {
    let dir = std::env::temp_dir().join(format!("periscope-cli-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (format, check) in [
        ("pdf", "%PDF-"),
        ("csv", "Month,P / R,"),
        ("md", "# SENSUIKAN · PATROL LOG"),
    ] {
        let out = dir.join(format!("blank.{format}"));
        let status = cli(&[
            "export",
            "--blank",
            "sensuikan",
            "--format",
            format,
            "--out",
            out.to_str().unwrap(),
            "--paper",
            "letter",
        ]);
        assert!(
            status.status.success(),
            "{}",
            String::from_utf8_lossy(&status.stderr)
        );
        let bytes = std::fs::read(&out).unwrap();
        assert!(bytes.starts_with(check.as_bytes()), "{format}");
    }
    assert_eq!(
        cli(&["export", "--blank", "sensuikan", "--format", "docx", "--out", "x"])
            .status
            .code(),
        Some(2)
    );
}

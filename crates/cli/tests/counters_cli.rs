//! `periscope-cli counters list GAME`: the counter ids a player names their own counter art by, run
//! through the built binary as a player would run it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The ids listed are exactly the game's counter mix, the list the app's boards and Track tray look
/// pictures up by, for every game with counters.
#[test]
fn every_game_lists_exactly_its_mix() {
    for &game in periscope_data::counters::GAMES {
        let out = cli(&["counters", "list", game, "--json"]);
        assert!(
            out.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let rows: Vec<serde_json::Value> = serde_json::from_str(&stdout(&out)).unwrap();
        let listed: Vec<&str> = rows.iter().map(|r| r["id"].as_str().unwrap()).collect();
        let mix = periscope_data::counters::of_game(game).unwrap().unwrap();
        let ids: Vec<&str> = mix.kinds.iter().map(|k| k.id.as_str()).collect();
        assert_eq!(listed, ids, "{game}");
        assert!(
            rows.iter().all(|r| !r["name"].as_str().unwrap().is_empty()),
            "{game}: every id has a name"
        );
    }
}

#[test]
fn the_table_names_the_folder_and_each_counter() {
    let out = cli(&["counters", "list", "hunt"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("<data folder>/counters/hunt/<id>.png"), "{text}");
    let mode = text
        .lines()
        .find(|l| l.starts_with("mode "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        mode.contains("SUB") && mode.contains("Submarine (Cruising Mode)"),
        "{mode}"
    );
    let ijn = stdout(&cli(&["counters", "list", "silent_war_ijn"]));
    assert!(ijn.lines().any(|l| l.starts_with("pile_bb ")), "{ijn}");
}

#[test]
fn an_unknown_game_is_refused_with_the_list() {
    let out = cli(&["counters", "list", "monopoly"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("monopoly") && err.contains("hunt, sensuikan, atlantic, silent_war_ijn"),
        "{err}"
    );
}

//! `periscope-cli charts` for Atlantic Sentinels: listing its charts by game, and checking a player's
//! `overrides/atlantic.json` as the game would load it, run through the built binary.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{Value, json};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn temp(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("periscope-atlantic-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// A shipped Atlantic chart file, as a player would copy it into an override.
fn shipped(path: &str) -> Value {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/atlantic")
        .join(path);
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

fn overrides(charts: Value) -> String {
    json!({"format": "periscope-overrides", "game": "atlantic", "charts": charts}).to_string()
}

#[test]
fn charts_list_atlantic_names_every_chart_with_its_dice() {
    let out = cli(&["charts", "list", "atlantic"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    assert!(text.starts_with("Atlantic Sentinels charts (24):"), "{text}");
    for id in [
        "A1a", "A1b", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "B5", "B6", "B8", "B9", "C1", "C2", "C3",
        "C4", "C5", "FIDO", "M1", "M2", "M3", "H-1", "H-2",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{id} "))),
            "{id} missing from:\n{text}"
        );
    }
    let b5 = text.lines().find(|l| l.starts_with("B5 ")).unwrap();
    assert!(
        b5.contains("U-boat Damage") && b5.contains("d66") && b5.contains("36 rows"),
        "{b5}"
    );
    let h1 = text.lines().find(|l| l.starts_with("H-1 ")).unwrap();
    assert!(h1.contains("1d6 + 1d20") && h1.contains("37 ships"), "{h1}");
    assert!(
        text.contains("Atlantic Sentinels procedure charts (21):"),
        "{text}"
    );
    assert!(text.lines().any(|l| l.starts_with("asdic ")), "{text}");
    assert!(
        text.contains("Atlantic Sentinels tactical display (4):"),
        "{text}"
    );
    assert!(text.lines().any(|l| l.starts_with("T1B ")), "{text}");
    // Without a game, the list is Sensuikan's as before.
    let plain = stdout(&cli(&["charts", "list"]));
    assert!(plain.starts_with("Sensuikan charts (45):"), "{plain}");
    assert_eq!(plain, stdout(&cli(&["charts", "list", "sensuikan"])));
}

#[test]
fn charts_list_of_a_game_without_charts_says_which_have_them() {
    let out = cli(&["charts", "list", "hunt"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no game 'hunt' has charts to list; the games with charts are sensuikan, atlantic"),
        "{err}"
    );
}

#[test]
fn a_good_atlantic_override_is_ok() {
    let mut b4 = shipped("charts/b4.json");
    b4["columns"][0]["rows"][6]["result"]["hits"] = 6.into();
    let path = temp("good.json", &overrides(json!({"B4": b4})));
    let out = cli(&["charts", "check", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stdout(&out));
    assert_eq!(
        stdout(&out).trim(),
        format!("OK: {} overrides charts B4", path.display())
    );
}

#[test]
fn a_malformed_atlantic_override_is_refused_with_file_chart_row_and_field() {
    // B5 loses its 33 (a d66 gap), C1's 7 aims at a target that does not exist, and H-1's reroll no
    // longer starts at 38.
    let mut b5 = shipped("charts/b5.json");
    b5["rows"].as_array_mut().unwrap().remove(14);
    let mut c1 = shipped("charts/c1.json");
    c1["rows"][5]["result"]["salvo"][0]["target"] = "the_tanker".into();
    let mut h: Vec<Value> = serde_json::from_value(shipped("charts/h.json")).unwrap();
    h[0]["reroll"][0]["roll"] = "39-40".into();
    let path = temp("bad.json", &overrides(json!({"B5": b5, "C1": c1, "H-1": h[0]})));
    let file = path.display().to_string();
    let out = cli(&["charts", "check", &file]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(
        lines[0],
        format!("{file}, chart B5, entry row 15 (34): leaves a gap: roll 33 is not answered")
    );
    assert!(
        lines[1].starts_with(&format!(
            "{file}, chart C1, entry row 6, field result.salvo: unknown variant `the_tanker`"
        )),
        "{}",
        lines[1]
    );
    assert_eq!(
        lines[2],
        format!("{file}, chart H-1, entry reroll 1 (39-40): leaves a gap: roll 38 is not answered")
    );
}

#[test]
fn an_atlantic_file_naming_another_games_class_is_refused_as_no_class_of_its_own() {
    let path = temp(
        "classes.json",
        r#"{"format": "periscope-overrides", "game": "atlantic", "classes": {"type_c": {}}}"#,
    );
    let out = cli(&["charts", "check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("chart type_c: groups.json has no classes entry 'type_c' to replace"),
        "{}",
        stdout(&out)
    );
}

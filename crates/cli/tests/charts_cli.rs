//! `periscope-cli charts`: listing the shipped Sensuikan charts and checking players' override files,
//! run through the built binary as a player would run it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(args)
        .output()
        .unwrap()
}

fn temp(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("periscope-charts-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const P: &str = r#"{"source": "reconstructed", "reason": "my printed chart"}"#;

/// The shipped B6 (flooding) chart as a player would copy it into an override, with new rows.
fn b6_with(rows: &str) -> String {
    format!(
        r#""B6": {{"id": "B6", "title": "Flooding (printed)", "dice": "1d6", "rows": [{rows}],
            "modifiers": [
              {{"id": "engineer_expert", "drm": -1, "when": "expert engineer", "provenance": {{"source": "rule", "case": "8.5.3"}}}},
              {{"id": "engineer_out", "drm": 1, "when": "engineer SW or KIA", "provenance": {{"source": "rule", "case": "8.5.3"}}}}]}}"#
    )
}

fn overrides(charts: &str) -> String {
    format!(r#"{{"format": "periscope-overrides", "game": "sensuikan", "charts": {{{charts}}}}}"#)
}

#[test]
fn a_good_override_file_is_ok_and_names_the_charts_it_overrides() {
    let good = overrides(&b6_with(&format!(
        r#"{{"roll": "1-3", "result": "none", "provenance": {P}}},
           {{"roll": "4-6", "result": "flooding", "provenance": {P}}}"#
    )));
    let path = temp("good.json", &good);
    let out = cli(&["charts", "check", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}{}",
        stdout(&out),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout(&out).trim(),
        format!("OK: {} overrides charts B6", path.display())
    );
}

#[test]
fn a_bad_override_file_prints_every_error_on_its_own_line_and_exits_1() {
    let bad = overrides(&format!(
        r#"{}, "Q7": {{"title": "?"}}"#,
        b6_with(&format!(
            r#"{{"roll": "1-3", "result": "none", "provenance": {P}}},
               {{"roll": "5-6", "result": "flood", "provenance": {P}}}"#
        ))
    ));
    let path = temp("bad.json", &bad);
    let file = path.display().to_string();
    let out = cli(&["charts", "check", &file]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with(&format!(
            "{file}, chart B6, entry row 2, field result: unknown variant `flood`"
        )),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with(&format!("{file}, chart Q7: unknown chart id 'Q7'")),
        "{}",
        lines[1]
    );

    // Once the result is spelled right, the gap before row 2 is what is left.
    let gap = bad
        .replace(r#""flood""#, r#""flooding""#)
        .replace(r#", "Q7": {"title": "?"}"#, "");
    let path = temp("gap.json", &gap);
    let file = path.display().to_string();
    let out = cli(&["charts", "check", &file]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out).trim(),
        format!("{file}, chart B6, entry row 2 (5-6): leaves a gap: roll 4 is not answered")
    );
}

#[test]
fn a_file_for_another_game_is_refused() {
    let path = temp(
        "other.json",
        r#"{"format": "periscope-overrides", "game": "hunt", "charts": {}}"#,
    );
    let out = cli(&["charts", "check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("entry field game: this file is for the game 'hunt'"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn charts_list_names_every_shipped_chart_with_its_dice_and_rows() {
    let out = cli(&["charts", "list"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for id in [
        "A1", "A3", "B1", "B4", "B5", "T1", "T4", "M5", "P3", "K1", "KT", "F1", "H2",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{id} "))),
            "{id} missing from:\n{text}"
        );
    }
    let t1 = text.lines().find(|l| l.starts_with("T1 ")).unwrap();
    assert!(t1.contains("Small Ship Targets") && t1.contains("d100"), "{t1}");
    let a3 = text.lines().find(|l| l.starts_with("A3 ")).unwrap();
    assert!(a3.contains("2d6 + 1d6"), "{a3}");
}

#[test]
fn charts_without_a_subcommand_explain_themselves() {
    let out = cli(&["charts"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("list | check FILE"));
}

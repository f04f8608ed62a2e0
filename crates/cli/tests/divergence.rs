//! A save made under a deliberately changed rule (issue 21): `tests/compat/diverged-no-air-raids.json` is
//! a Sensuikan career (seed 1, careful captain) played by a build whose map gave no base air raids
//! [4.7.6]. Today's rules raid the bases from 1/44, so the replay parts from the recorded career at the
//! first air raid: `replay` says where, reports the career only as far as it agrees, and exits with 3.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::Command;

use periscope_engine::Session;
use periscope_engine::save::peek;
use periscope_engine::sensuikan::career::{Career, CareerAction};

fn fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/compat/diverged-no-air-raids.json")
}

/// The first action (from 1) of the save at `path` whose replay under today's rules is refused or sets off
/// events for which `found` holds.
fn first_action_where(path: &Path, found: impl Fn(&serde_json::Value) -> bool) -> Option<usize> {
    let save = peek(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut s = Session::<Career>::new(
        serde_json::from_value(save.options.clone()).unwrap(),
        save.seed,
        save.dice.clone(),
    )
    .unwrap();
    for (i, raw) in save.actions.iter().enumerate() {
        let action: CareerAction = serde_json::from_value(raw.clone()).unwrap();
        let Ok(events) = s.apply(action) else {
            return Some(i + 1);
        };
        if found(&serde_json::to_value(&events).unwrap()) {
            return Some(i + 1);
        }
    }
    None
}

/// The first action (from 1) whose replay under today's rules rolls for an air raid [4.7.6].
fn first_air_raid() -> usize {
    first_action_where(&fixture(), |events| {
        events.to_string().contains(r#""chart":"Air raid""#)
    })
    .expect("today's rules raid this career's bases")
}

/// [4.7.6] The divergence is found in the ten actions around the first air raid, and the career comes
/// back as recorded up to there.
#[test]
fn a_save_made_without_air_raids_diverges_at_the_first_raid() {
    let text = std::fs::read_to_string(fixture()).unwrap();
    let (session, divergence) = Session::<Career>::from_save_checked(peek(&text).unwrap()).unwrap();
    let d = divergence.expect("the save diverges");
    let raid = first_air_raid();
    assert!(
        d.agrees_to < raid && raid <= d.parts_by,
        "the first raid is action {raid}, the divergence between {} and {}",
        d.agrees_to + 1,
        d.parts_by
    );
    assert_eq!(session.actions().len(), d.agrees_to);
    assert_eq!(d.recorded, peek(&text).unwrap().actions.len());

    let before = std::fs::read(fixture()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .arg("replay")
        .arg(fixture())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "diverges between actions {} and {}",
            d.agrees_to + 1,
            d.parts_by
        )),
        "{err}"
    );
    assert_eq!(
        std::fs::read(fixture()).unwrap(),
        before,
        "the save is left as it is"
    );
}

fn changed_chart_fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/compat/diverged-b3-damage.json")
}

/// The first action (from 1) whose replay under today's rules rolls 3 or 4 on B3 for a torpedo [8.2.3]:
/// the result the changed chart read as 3 damage where today's reads 2.
fn first_changed_b3_roll() -> usize {
    first_action_where(&changed_chart_fixture(), |events| {
        let mut found = false;
        walk_rolls(events, &mut |roll| {
            found |= roll["chart"] == "B3"
                && (roll["result"] == 3 || roll["result"] == 4)
                && roll["outcome"].as_str().unwrap().starts_with("2 damage");
        });
        found
    })
    .expect("today's rules roll the changed B3 result in this career")
}

fn walk_rolls(v: &serde_json::Value, f: &mut dyn FnMut(&serde_json::Value)) {
    match v {
        serde_json::Value::Object(m) if m.contains_key("faces") && m.contains_key("chart") => f(v),
        serde_json::Value::Object(m) => m.values().for_each(|v| walk_rolls(v, f)),
        serde_json::Value::Array(a) => a.iter().for_each(|v| walk_rolls(v, f)),
        _ => {}
    }
}

/// [8.2.3] A save made by a build whose B3 chart read 3-4 as 3 damage (today's: 2) diverges in the ten
/// actions around the first such roll, says that its rules data changed and names B3 among the rolls
/// there; `replay` says the same and exits with 3, and the file is left as it is.
#[test]
fn a_save_made_under_a_changed_chart_diverges_at_its_first_changed_roll() {
    let text = std::fs::read_to_string(changed_chart_fixture()).unwrap();
    let save = peek(&text).unwrap();
    assert_eq!(
        save.checks_version, 2,
        "written with the checks of version 2 (what the rules decided), which this build still reads"
    );
    let (session, divergence) = Session::<Career>::from_save_checked(save.clone()).unwrap();
    let d = divergence.expect("the save diverges");
    let changed = first_changed_b3_roll();
    assert!(
        d.agrees_to < changed && changed <= d.parts_by,
        "the first changed roll is action {changed}, the divergence between {} and {}",
        d.agrees_to + 1,
        d.parts_by
    );
    assert_eq!(session.actions().len(), d.agrees_to);
    assert_eq!(d.rules_changed, Some(true));
    assert!(d.rolls.iter().any(|r| r == "B3 [8.2.3]"), "{:?}", d.rolls);

    let before = std::fs::read(changed_chart_fixture()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .arg("replay")
        .arg(changed_chart_fixture())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    for part in [
        format!("diverges between actions {} and {}", d.agrees_to + 1, d.parts_by),
        "rules data differs from the one the save was played under".to_string(),
        "B3 [8.2.3]".to_string(),
    ] {
        assert!(err.contains(&part), "{part}: {err}");
    }
    assert_eq!(std::fs::read(changed_chart_fixture()).unwrap(), before);
}

/// A save replayed by the rules it was played under agrees with itself: the changed-chart fixture's first
/// ten actions (before any torpedo) are in agreement, so the save is not read as divergent from the start.
#[test]
fn the_changed_chart_save_agrees_before_its_first_torpedo() {
    let text = std::fs::read_to_string(changed_chart_fixture()).unwrap();
    let (_, d) = Session::<Career>::from_save_checked(peek(&text).unwrap()).unwrap();
    assert!(d.unwrap().agrees_to >= 10);
}

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

/// The first action (from 1) whose replay under today's rules rolls for an air raid [4.7.6].
fn first_air_raid() -> usize {
    let save = peek(&std::fs::read_to_string(fixture()).unwrap()).unwrap();
    let mut s = Session::<Career>::new(
        serde_json::from_value(save.options.clone()).unwrap(),
        save.seed,
        save.dice.clone(),
    )
    .unwrap();
    for (i, raw) in save.actions.iter().enumerate() {
        let action: CareerAction = serde_json::from_value(raw.clone()).unwrap();
        let Ok(events) = s.apply(action) else {
            return i + 1;
        };
        if serde_json::to_string(&events)
            .unwrap()
            .contains(r#""chart":"Air raid""#)
        {
            return i + 1;
        }
    }
    panic!("today's rules never raid this career's bases");
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

//! A save that today's rules play differently opens read-only (issue 21): the Sensuikan career of
//! `tests/compat/diverged-no-air-raids.json` was recorded by a build without base air raids [4.7.6]; the
//! app shows it as recorded up to where it agrees, says where it parts, refuses to play or undo on it,
//! and writes neither the file nor the autosave.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::Path;

use common::*;
use egui_kittest::kittest::Queryable as _;
use periscope_app::sensuikan::CareerTable;
use periscope_engine::Game as _;
use periscope_engine::policy::Policy;
use periscope_engine::sensuikan::career::Career;

/// A fixture of `tests/compat` copied among the saved games of a fresh data folder as `name` and opened on
/// the table: the folder, the copy's path, its bytes, and the app.
fn opened(
    test: &str,
    fixture: &str,
    name: &str,
) -> (
    periscope_app::storage::Storage,
    std::path::PathBuf,
    Vec<u8>,
    egui_kittest::Harness<'static, periscope_app::PeriscopeApp>,
) {
    let storage = temp_storage(test);
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/compat")
        .join(fixture);
    let path = storage.saved_games_dir().join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::copy(&fixture, &path).unwrap();
    let before = std::fs::read(&path).unwrap();
    let mut h = harness(storage.clone());
    settle(&mut h);
    h.state_mut().open_path(&path).unwrap();
    settle(&mut h);
    (storage, path, before, h)
}

#[test]
fn a_divergent_career_opens_read_only_and_is_left_as_it_is() {
    let (storage, path, before, mut h) = opened("divergent", "diverged-no-air-raids.json", "career.json");
    let table = &h.state().screen_as::<CareerTable>().unwrap().table;
    let why = table.read_only.clone().expect("shown read-only");
    assert!(why.contains("diverges between actions"), "{why}");
    let shown = table.session.actions().len();
    assert!(
        shown > 0 && shown % 10 == 0,
        "up to the last check that agrees: {shown}"
    );
    // The player's status line says it, and a move on the table is refused with the reason.
    assert!(h.query_by_label_contains("diverges between actions").is_some());
    let action = Policy::Careful
        .choose(
            table.session.game(),
            &mut periscope_engine::dice::SeededRng::new(1),
        )
        .unwrap();
    let t = &mut h.state_mut().screen_as_mut::<CareerTable>().unwrap().table;
    t.act(action, &storage, periscope_app::storage::Pacing::Instant, 0.0);
    t.undo(&storage);
    assert_eq!(t.session.actions().len(), shown, "nothing played, nothing undone");
    assert!(t.status.as_deref().unwrap().starts_with("Read-only:"));
    assert!(t.save(), "Save is refused, not forgotten");
    assert!(t.status.as_deref().unwrap().starts_with("Read-only:"));
    assert_eq!(std::fs::read(&path).unwrap(), before, "the file is left as it is");
    assert!(!storage.autosave(Career::ID).exists(), "no autosave written over");
}

/// [8.2.3] A career saved by a build whose B3 chart read 3-4 as 3 damage opens read-only, saying that its
/// rules data changed, which rolls to look at, and where the career stood when it last agreed; the file
/// is left as it is.
#[test]
fn a_career_saved_under_a_changed_chart_says_its_rules_data_changed() {
    let (_, path, before, h) = opened("divergent-chart", "diverged-b3-damage.json", "career.json");
    let table = &h.state().screen_as::<CareerTable>().unwrap().table;
    let why = table.read_only.clone().expect("shown read-only");
    let stood = periscope_app::screen::TableGame::summary(table.session.game()).unwrap();
    for part in [
        "diverges between actions",
        "rules data differs from the one the save was played under",
        "B3 [8.2.3]",
        stood.as_str(),
    ] {
        assert!(why.contains(part), "{part}: {why}");
    }
    assert!(h.query_by_label_contains("rules data differs").is_some());
    assert_eq!(std::fs::read(&path).unwrap(), before, "the file is left as it is");
}

/// [2.0] [8.2.4] A career saved before the rule fixes of 2026-12-01 (`tests/compat`, no checks; today's
/// rules refuse its boat's deck gun at action 17) opens read-only at action 16, saying which action is no
/// longer possible; "Play on from here under this version's rules" writes a new save among the saved games
/// and plays on in it, while the old file is left byte for byte.
#[test]
fn an_old_career_plays_on_from_where_it_agrees_into_a_new_save() {
    let (storage, path, before, mut h) = opened(
        "divergent-play-on",
        "pre-rule-fixes-sensuikan-career.json",
        "old-career.json",
    );
    let table = &h.state().screen_as::<CareerTable>().unwrap().table;
    assert_eq!(table.session.actions().len(), 16);
    let why = table.read_only.clone().expect("shown read-only");
    assert!(
        why.contains("action 17 of the save's 106 is not possible under this version's rules"),
        "{why}"
    );
    assert!(h.query_by_label_contains("action 17 of the save's 106").is_some());

    click(&mut h, "Play on from here under this version's rules");
    let new = storage.saved_games_dir().join("old-career-played-on.json");
    let t = &h.state().screen_as::<CareerTable>().unwrap().table;
    assert_eq!(t.read_only, None, "the new save plays");
    assert_eq!(t.save_path.as_deref(), Some(new.as_path()));
    assert!(h.query_by_label_contains("Playing on from action 16").is_some());
    assert!(
        h.query_by_label("Play on from here under this version's rules")
            .is_none(),
        "offered once"
    );
    let forked = periscope_engine::save::peek(&std::fs::read_to_string(&new).unwrap()).unwrap();
    assert_eq!(forked.actions.len(), 16);

    // The game goes on: an action is played and autosaved, and Save writes the new file, not the old.
    let action = Policy::Careful
        .choose(t.session.game(), &mut periscope_engine::dice::SeededRng::new(1))
        .unwrap();
    let t = &mut h.state_mut().screen_as_mut::<CareerTable>().unwrap().table;
    t.act(action, &storage, periscope_app::storage::Pacing::Instant, 0.0);
    assert_eq!(t.session.actions().len(), 17);
    assert!(t.save());
    let saved = periscope_engine::save::peek(&std::fs::read_to_string(&new).unwrap()).unwrap();
    assert_eq!(saved.actions.len(), 17);
    assert!(storage.autosave(Career::ID).exists());
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the old career is left as it is"
    );
}

/// One writer per autosave: while another program holds it (the command line's `play --autosave`, here
/// this test taking its lock), Continue shows the game read-only and names the holder; nothing is written.
#[test]
fn an_autosave_held_by_another_program_opens_read_only() {
    let storage = temp_storage("held-autosave");
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/compat/autosave-sensuikan-career.json");
    let autosave = storage.autosave(Career::ID);
    std::fs::copy(&fixture, &autosave).unwrap();
    let before = std::fs::read(&autosave).unwrap();
    let held = periscope_data::lock::take(&autosave, "periscope-cli 0.1.0").unwrap();
    let mut h = harness(storage.clone());
    settle(&mut h);
    h.state_mut().continue_game(Career::ID);
    settle(&mut h);
    let t = &mut h.state_mut().screen_as_mut::<CareerTable>().unwrap().table;
    let why = t
        .read_only
        .clone()
        .expect("read-only while another program writes it");
    assert!(why.contains("is being written by periscope-cli 0.1.0"), "{why}");
    let action = Policy::Careful
        .choose(t.session.game(), &mut periscope_engine::dice::SeededRng::new(1))
        .unwrap();
    t.act(action, &storage, periscope_app::storage::Pacing::Instant, 0.0);
    assert_eq!(std::fs::read(&autosave).unwrap(), before, "nothing written");
    drop(held);
}

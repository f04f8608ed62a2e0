//! Files written by earlier versions of Periscope (`tests/compat`, written by the main of 2026-12-01) open
//! unchanged: autosaves continue from the start screen at the same action, Track tables come back counter
//! for counter, settings keep their values.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::{Path, PathBuf};

use common::*;
use periscope_app::app::Screen;
use periscope_app::storage::{Settings, Storage};
use periscope_app::track::TrackTable;
use periscope_engine::hunt::Hunt;
use periscope_engine::sensuikan::career::Career;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/compat")
        .join(name)
}

/// A data folder holding the old files under the names the old version gave them.
fn old_data_folder(test: &str) -> Storage {
    let storage = temp_storage(test);
    for name in [
        "autosave-hunt.json",
        "autosave-sensuikan-career.json",
        "track-table.json",
        "track-table-sensuikan.json",
        "settings.json",
    ] {
        std::fs::copy(fixture(name), storage.dir.join(name)).unwrap();
    }
    storage
}

fn actions_in(name: &str) -> usize {
    let save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap();
    save["actions"].as_array().unwrap().len()
}

#[test]
fn old_autosaves_continue_at_their_last_action() {
    let storage = old_data_folder("compat-autosaves");
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Continue");
    match h.state().session::<Hunt>() {
        Some(s) => assert_eq!(s.actions().len(), actions_in("autosave-hunt.json")),
        _ => panic!("Continue did not open the Hunt game"),
    }
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Continue career");
    match h.state().session::<Career>() {
        Some(s) => assert_eq!(s.actions().len(), actions_in("autosave-sensuikan-career.json")),
        _ => panic!("Continue career did not open the career"),
    }
    // Continuing rewrites nothing: the files are as the old version left them.
    for name in ["autosave-hunt.json", "autosave-sensuikan-career.json"] {
        assert_eq!(
            std::fs::read(storage.dir.join(name)).unwrap(),
            std::fs::read(fixture(name)).unwrap(),
            "{name} was changed by opening it"
        );
    }
}

#[test]
fn old_track_tables_come_back_counter_for_counter() {
    let storage = old_data_folder("compat-track");
    for (button, file) in [
        ("Track mode: Submarine Hunt (your table)", "track-table.json"),
        ("Track mode: Sensuikan (your table)", "track-table-sensuikan.json"),
    ] {
        let expected = TrackTable::parse(&std::fs::read_to_string(fixture(file)).unwrap()).unwrap();
        let mut h = harness(storage.clone());
        settle(&mut h);
        click(&mut h, button);
        match &h.state().screen {
            Screen::Track(t) => assert_eq!(t.table, expected, "{file}"),
            _ => panic!("{button} did not open Track mode"),
        }
    }
}

#[test]
fn old_settings_keep_their_values() {
    let storage = old_data_folder("compat-settings");
    let settings = Settings::load(&storage);
    assert_eq!(settings.ui_scale, 1.25);
    assert_eq!(
        settings.rulebook.as_deref(),
        Some(Path::new("/home/player/rules/sensuikan.txt"))
    );
}

/// The old autosaves play on under this version: an action played on each is autosaved after the old
/// actions, which are kept as they were (issue 32).
#[test]
fn old_autosaves_play_on() {
    let storage = old_data_folder("compat-play-on");
    let policy = periscope_engine::policy::Policy::Careful;
    let mut rng = periscope_engine::dice::SeededRng::new(1);
    {
        let mut h = harness(storage.clone());
        settle(&mut h);
        click(&mut h, "Continue");
        let t = h.state_mut().table_mut::<Hunt>().expect("the Hunt table");
        let action = policy
            .choose(t.session.game(), &mut rng)
            .expect("the game goes on");
        t.act(action, &storage, periscope_app::storage::Pacing::Instant, 0.0);
    }
    {
        let mut h = harness(storage.clone());
        settle(&mut h);
        click(&mut h, "Continue career");
        let t = h.state_mut().table_mut::<Career>().expect("the career's table");
        let action = policy
            .choose(t.session.game(), &mut rng)
            .expect("the career goes on");
        t.act(action, &storage, periscope_app::storage::Pacing::Instant, 0.0);
    }
    for name in ["autosave-hunt.json", "autosave-sensuikan-career.json"] {
        let now: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(storage.dir.join(name)).unwrap()).unwrap();
        let old: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap();
        let (now, old) = (
            now["actions"].as_array().unwrap(),
            old["actions"].as_array().unwrap(),
        );
        assert_eq!(now.len(), old.len() + 1, "{name}: one action played on");
        assert_eq!(&now[..old.len()], &old[..], "{name}: the old actions kept");
    }
}

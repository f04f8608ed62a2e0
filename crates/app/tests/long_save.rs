//! A long save opens without freezing the window (issue 32): a Submarine Hunt save of 20,000 actions
//! (physical dice: the boat changes mode and rolls a 6, over and over) is replayed on a worker thread while
//! a window over the start screen counts the actions; the table then shows the whole game.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::kittest::Queryable as _;
use periscope_app::opening::LONG_SAVE;
use periscope_engine::hunt::{Hunt, HuntAction};
use periscope_engine::{DiceMode, Session};

#[test]
fn a_long_save_opens_on_a_worker_thread_showing_its_progress() {
    let storage = temp_storage("long-save");
    let mut s = Session::<Hunt>::new(Default::default(), 1, DiceMode::Physical).unwrap();
    while s.actions().len() < LONG_SAVE {
        s.apply(HuntAction::ChangeMode).unwrap();
        s.apply(HuntAction::Roll { faces: vec![6] }).unwrap();
    }
    let path = storage.saved_games_dir().join("long.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, s.to_json().unwrap()).unwrap();

    let mut h = harness(storage);
    settle(&mut h);
    h.state_mut().open_path(&path).unwrap();
    assert!(h.state().opening.is_some(), "replayed on a worker thread");
    // The window counts the actions while the worker replays them (an area shows from its second frame).
    let mut seen = false;
    let mut frames = 0;
    while h.state().opening.is_some() {
        h.run_steps(1);
        seen |= h.query_by_label("Opening a long game").is_some()
            && h.query_by_label_contains("of 20,000 actions replayed and checked")
                .is_some();
        frames += 1;
        assert!(frames < 3000, "the replay ends");
    }
    assert!(seen, "the progress window was shown while the save replayed");
    let session = h.state().session::<Hunt>().expect("the table shows the game");
    assert_eq!(session.actions().len(), LONG_SAVE);
    assert!(h.query_by_label("Opening a long game").is_none());
}

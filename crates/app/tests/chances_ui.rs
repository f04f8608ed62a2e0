//! "What are my chances from here?" from a Sensuikan career's game menu: it runs on a thread of its own,
//! shows its progress, ends with the same counts as the engine's `chances::play_on` on that seed, and
//! Cancel stops it. The Atlantic career's menu offers it too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::{Duration, Instant};

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use periscope_app::PeriscopeApp;
use periscope_app::screen::GameScreen;
use periscope_app::screen::TableGame;
use periscope_engine::Game;
use periscope_engine::chances::{Plan, Stopped, play_on};
use periscope_engine::sensuikan::career::Career;

fn table<'h, G: TableGame>(h: &'h Harness<'static, PeriscopeApp>) -> &'h GameScreen<G> {
    h.state().table::<G>().expect("on the table")
}

/// Steps the harness until the run under way ends (at most a minute).
fn until_done<G: TableGame>(h: &mut Harness<'static, PeriscopeApp>) {
    let start = Instant::now();
    while table::<G>(h).chances.running() {
        assert!(start.elapsed() < Duration::from_secs(60), "the run never ended");
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.run_steps(2);
}

/// Opens the window from the game menu.
fn open_window(h: &mut Harness<'static, PeriscopeApp>) {
    h.get_by_label("Game").click();
    settle(h);
    h.get_by_label("What are my chances from here?").click();
    settle(h);
    assert!(h.query_by_label("Run").is_some(), "the window is open");
}

#[test]
fn the_chances_run_shows_progress_and_ends_as_the_engine_counts() {
    let mut h = harness(temp_storage("chances-run"));
    settle(&mut h);
    h.state_mut().start_game(Career::ID, false, Some(5));
    settle(&mut h);
    open_window(&mut h);
    {
        let w = &mut h.state_mut().table_mut::<Career>().unwrap().chances;
        assert_eq!(
            w.continuations, 500,
            "500 careers unless the player says otherwise"
        );
        w.continuations = 120;
        w.seed = 9;
    }
    h.get_by_label("Run").click();
    h.step();
    h.step();
    let w = &table::<Career>(&h).chances;
    let (done, total) = w.progress().expect("the run is under way");
    assert_eq!(total, 120);
    assert!(done <= total);
    assert!(
        h.query_by_label_contains("careers played").is_some(),
        "a progress bar"
    );
    until_done::<Career>(&mut h);

    let screen = table::<Career>(&h);
    let shown = screen
        .chances
        .outcome
        .clone()
        .expect("an outcome")
        .expect("a tally");
    let direct = play_on(
        screen.session.settled_game(),
        &Plan {
            continuations: 120,
            seed: 9,
            threads: 1,
        },
        &AtomicU64::new(0),
        &AtomicBool::new(false),
    )
    .unwrap();
    assert_eq!(shown, direct, "the same seed, the same distribution");
    // Where the run began, in the game's own words, never an action index.
    let stood = screen
        .session
        .settled_game()
        .summary()
        .expect("a career says where it stands");
    assert!(
        h.query_by_label_contains(&format!("120 careers played on from {stood} (seed 9)"))
            .is_some(),
        "where the run began"
    );
    assert!(h.query_by_label_contains("careers from action").is_none());
    assert_eq!(shown.levels.iter().map(|(_, n)| n).sum::<u64>(), 120);
    assert!(
        h.query_by_label_contains("Final victory levels:").is_some(),
        "the levels' plot"
    );
    assert!(
        h.query_by_label_contains("histogram:").is_some(),
        "the tonnage's plot"
    );
    assert!(
        h.query_by_label_contains("Survival bar:").is_some(),
        "the survivors' share"
    );
    let survived = format!("Survived: {:.1} %", 100.0 * shown.survival_rate());
    assert!(h.query_by_label_contains(&survived).is_some(), "{survived}");
}

#[test]
fn cancel_stops_the_run() {
    let mut h = harness(temp_storage("chances-cancel"));
    settle(&mut h);
    h.state_mut().start_game(Career::ID, false, Some(5));
    settle(&mut h);
    open_window(&mut h);
    h.state_mut().table_mut::<Career>().unwrap().chances.continuations = 100_000;
    h.get_by_label("Run").click();
    h.step();
    h.step();
    assert!(table::<Career>(&h).chances.running());
    h.get_by_label("Cancel").click();
    h.step();
    h.step();
    let w = &table::<Career>(&h).chances;
    assert!(!w.running(), "Cancel ends the run");
    assert_eq!(w.outcome, Some(Err(Stopped::Cancelled)));
    assert!(h.query_by_label_contains("Cancelled").is_some());
}

/// The Atlantic career offers it from its menu too; the Submarine Hunt, a single game, does not.
#[test]
fn the_atlantic_career_offers_its_chances_and_the_hunt_does_not() {
    let mut h = harness(temp_storage("chances-atlantic"));
    settle(&mut h);
    let atlantic = periscope_engine::atlantic::Career::ID;
    h.state_mut().start_game(atlantic, false, Some(3));
    settle(&mut h);
    assert!(h.state().table::<periscope_engine::atlantic::Career>().is_some());
    open_window(&mut h);
    h.state_mut()
        .table_mut::<periscope_engine::atlantic::Career>()
        .unwrap()
        .chances
        .continuations = 4;
    h.get_by_label("Run").click();
    h.step();
    until_done::<periscope_engine::atlantic::Career>(&mut h);
    let w = &table::<periscope_engine::atlantic::Career>(&h).chances;
    let t = w.outcome.clone().unwrap().unwrap();
    assert_eq!(t.tonnage, "tonnage lost");
    assert_eq!(t.tons.len(), 4);

    h.state_mut()
        .start_game(periscope_engine::hunt::Hunt::ID, false, Some(3));
    settle(&mut h);
    h.get_by_label("Game").click();
    settle(&mut h);
    assert!(h.query_by_label("What are my chances from here?").is_none());
}

//! [12.8] [10.1] Two players at one screen: the evasion numbers are chosen in secret. The U-boat player
//! clicks his number; nothing on the screen shows it; the escort player then clicks hers, and only then
//! are both revealed together in the log, with the hits they add or take.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::kittest::{NodeT as _, Queryable};
use periscope_app::screen::GameScreen;
use periscope_app::table::TableGame;
use periscope_engine::atlantic::{Mission, MissionOptions};
use periscope_engine::{DiceMode, Game, Pending, Session};

/// The issue's two-player convoy, played with the table's dice to the U-boat player's evasion.
fn at_the_evasion() -> Session<Mission> {
    let options: MissionOptions = serde_json::from_str(
        r#"{"month":"7/42","convoy":{"convoy":"ON","size":"large"},"air":{"cam":false},"two_player":true,"optional":{"evasion":true}}"#,
    )
    .unwrap();
    let mut s = Session::<Mission>::new(options, 0, DiceMode::Physical).unwrap();
    for a in [
        "roll 1 2",
        "roll 4",
        "roll 4",
        "roll 1",
        "place hurricane K",
        "place rockingham A",
        "place venomous B",
        "place anchusa C",
        "place dahlia D",
        "place monkshood E",
        "approach K",
        "roll 1",
        "roll 6",
        "roll 1",
        "hunt hurricane",
        "engage",
        "depth_charges",
    ] {
        s.apply(a.parse().unwrap()).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
    s
}

fn prompt(s: &Session<Mission>) -> String {
    match s.game().pending() {
        Pending::Decision(d) => d.prompt,
        other => format!("{other:?}"),
    }
}

#[test]
fn both_evasion_numbers_stay_hidden_until_both_are_chosen() {
    let mut h = harness(temp_storage("atlantic-hot-seat"));
    settle(&mut h);
    let s = at_the_evasion();
    assert!(prompt(&s).starts_with("U-boat player"), "{}", prompt(&s));
    h.state_mut()
        .show_screen(<Mission as TableGame>::screen(GameScreen::new(s)));
    settle(&mut h);
    h.get_by_label_contains("Evade on 6").click();
    settle(&mut h);
    let s = h.state().session::<Mission>().unwrap();
    assert!(prompt(s).starts_with("Escort player"), "{}", prompt(s));
    // The U-boat player's 6 is shown nowhere: no sentence names it before the escorts choose.
    assert!(h.query_all_by_label_contains("evades on 6").next().is_none());
    assert!(h.query_all_by_label_contains("Evade on 6").next().is_none());
    assert!(h.query_all_by_label_contains("revealed").next().is_none());
    // Nor the odds under the escort player's numbers, which would tell it.
    assert!(h.state().settings.show_odds, "odds are shown elsewhere");
    assert!(h.query_all_by_label_contains("hits ").next().is_none());
    assert!(h.query_all_by_label_contains("no hit").next().is_none());
    h.get_by_label_contains("Turn on 5").click();
    settle(&mut h);
    let revealed = h
        .query_all_by_label_contains("Evasive manoeuvres revealed")
        .next()
        .map(|n| {
            n.accesskit_node()
                .label()
                .or_else(|| n.accesskit_node().value())
                .unwrap_or_default()
        })
        .expect("both numbers revealed together");
    assert!(
        revealed.contains("evades on 6 (straight), the escorts turn on 5 (straight): the boat's way, +1 hit"),
        "{revealed}"
    );
}

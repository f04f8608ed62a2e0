//! A Sensuikan career played with the mouse: the start screen's "New career", then every decision clicked
//! in the decision panel, the Control Sheet following the engine, undo on the way, to the end.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::kittest::Queryable;
use periscope_app::app::Screen;
use periscope_app::sensuikan::CareerTable;
use periscope_app::sensuikan::wizard::Wizard;
use periscope_engine::Game;
use periscope_engine::dice::SeededRng;
use periscope_engine::policy::Policy;
use periscope_engine::sensuikan::career::Career;
use periscope_engine::{Decision, RollSpec};

fn career<'h>(h: &'h egui_kittest::Harness<'static, periscope_app::PeriscopeApp>) -> &'h Career {
    match h.state().session::<Career>() {
        Some(s) => s.game(),
        None => panic!("not on the Sensuikan table"),
    }
}

fn played(h: &egui_kittest::Harness<'static, periscope_app::PeriscopeApp>) -> usize {
    h.state().session::<Career>().map_or(0, |s| s.actions().len())
}

/// Whether the career's victory screen is up.
fn on_victory(h: &egui_kittest::Harness<'static, periscope_app::PeriscopeApp>) -> bool {
    h.state()
        .screen_as::<CareerTable>()
        .is_some_and(|t| t.victory.is_some())
}

#[test]
fn a_whole_career_is_played_by_clicking() {
    let mut h = harness(temp_storage("career"));
    settle(&mut h);
    if let Screen::Start(start) = &mut h.state_mut().screen {
        start.seed_text = "12".into();
    }
    click(&mut h, "New career");
    assert!(
        h.state().screen_as::<Wizard>().is_some(),
        "New career opens the wizard"
    );
    // This test takes every setup decision in the decision panel: the career on the shipped options.
    h.state_mut().start_game(Career::ID, false, Some(12));
    settle(&mut h);
    assert!(h.state().table::<Career>().is_some() && !on_victory(&h));
    let mut rng = SeededRng::new(4);
    let mut clicks = 0;
    let mut saw_patrol = false;
    let mut undone = false;
    while !career(&h).pending().is_over() {
        let action = Policy::Careful
            .choose(career(&h), &mut rng)
            .expect("a decision is pending");
        let pending = career(&h).pending();
        let index = pending.choices().iter().position(|c| c.action == action).unwrap();
        let label = pending.choices()[index].label.clone();
        let shown = if index < 9 {
            format!("{}  {label}", index + 1)
        } else {
            label.clone()
        };
        let before = played(&h);
        click(&mut h, &shown);
        close_cards(&mut h);
        assert_eq!(played(&h), before + 1, "clicking '{shown}' played it");
        if career(&h).view().patrol.is_some() && !saw_patrol {
            saw_patrol = true;
            // The Control Sheet shows the submarine on its patrol track.
            assert!(h.query_by_label_contains("Submarine in track box").is_some());
        }
        if saw_patrol && !undone {
            // Undo takes the last decision back; redo plays it again.
            let after = career(&h).clone();
            click(&mut h, "Undo");
            assert_eq!(played(&h), before);
            click(&mut h, "Redo");
            assert_eq!(career(&h), &after);
            undone = true;
        }
        clicks += 1;
        assert!(clicks < 5000, "the career should end");
    }
    assert!(saw_patrol, "at least one patrol was sailed");
    assert!(on_victory(&h), "the ended career shows its victory screen");
    click(&mut h, "Back to the table");
    assert!(
        h.query_all_by_label_contains("months, ").next().is_some(),
        "the Patrol Log board is on the table"
    );
    assert!(
        career(&h).view().end.is_some(),
        "the career ended with a victory level"
    );
}

/// [4.8.1] With physical dice the career asks for each die of a roll in the dice tray, and the faces entered
/// are the roll recorded (here the Kure school's first F1 roll after the class is clicked).
#[test]
fn physical_dice_are_entered_die_by_die() {
    use periscope_engine::Pending;
    let mut h = harness(temp_storage("career-physical"));
    settle(&mut h);
    h.state_mut().start_game(Career::ID, true, None);
    settle(&mut h);
    let mut clicks = 0;
    while let Pending::Decision(Decision { choices, .. }) = career(&h).pending() {
        let label = format!("1  {}", choices[0].label);
        click(&mut h, &label);
        clicks += 1;
        assert!(clicks < 10, "the setup decisions end in a roll");
    }
    assert!(
        matches!(career(&h).pending(), Pending::Roll(RollSpec { .. })),
        "physical dice are asked for"
    );
    click(&mut h, "Die 1 shows 3");
    click(&mut h, "Die 2 shows 4");
    click(&mut h, "Enter dice");
    let roll = Career::last_roll(career(&h)).expect("the roll is recorded");
    assert_eq!(roll.chart, "F1");
    assert_eq!(roll.faces, vec![3, 4]);
}

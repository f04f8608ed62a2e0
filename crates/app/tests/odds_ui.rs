//! The odds beside the decisions: a Sensuikan career brought to a torpedo salvo [8.2.3] shows the exact B1
//! figure of `periscope_engine::odds` under the choice to fire; "Show the odds" (under the pace setting)
//! hides it, and the chart panel's distribution of the roll just made; an older settings file reads as on.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::kittest::Queryable;
use periscope_app::panels::decision::odds_text;
use periscope_app::storage::Settings;
use periscope_engine::Game;
use periscope_engine::dice::SeededRng;
use periscope_engine::odds::odds;
use periscope_engine::policy::Policy;
use periscope_engine::sensuikan::PatrolAction;
use periscope_engine::sensuikan::career::{Career, CareerAction};

/// Plays careful careers of seed 1, 2, … until one waits for the choice to fire a declared salvo; returns
/// the harness there and the odds the engine gives for firing.
fn at_a_salvo(
    name: &str,
) -> (
    egui_kittest::Harness<'static, periscope_app::PeriscopeApp>,
    String,
) {
    let mut h = harness(temp_storage(name));
    settle(&mut h);
    for seed in 1..60u64 {
        h.state_mut().start_game(Career::ID, false, Some(seed));
        let mut rng = SeededRng::new(seed);
        let screen = h.state_mut().table_mut::<Career>().unwrap();
        for _ in 0..20_000 {
            let g = screen.session.game();
            let fire = CareerAction::Patrol {
                action: PatrolAction::Fire,
            };
            if g.pending().choices().iter().any(|c| c.action == fire) {
                let o = odds(g, &fire).expect("firing rolls B1");
                assert_eq!(o.chart, "B1");
                let text = odds_text(&o);
                settle(&mut h);
                return (h, text);
            }
            let Some(a) = Policy::Careful.choose(g, &mut rng) else {
                break;
            };
            if screen.session.apply(a).is_err() {
                break;
            }
        }
    }
    panic!("no career of seeds 1-59 reached a salvo");
}

/// [8.2.3] The choice to fire shows the exact B1 odds of `periscope_engine::odds`, with the chart and what
/// the figure covers on hover; off, the line is gone, and it comes back when the setting is on again.
#[test]
fn the_odds_show_beside_the_salvo_and_hide_when_the_setting_is_off() {
    let (mut h, text) = at_a_salvo("odds-salvo");
    assert!(text.starts_with("B1: hit "), "{text}");
    assert!(text.contains(" % · miss "), "{text}");
    assert!(h.query_by_label(&text).is_some(), "the odds of firing: {text}");
    assert!(h.state().settings.show_odds, "on by default");

    // The setting sits under the pace setting, in the menu bar.
    h.get_by_value("Pace: Instant").click();
    settle(&mut h);
    h.get_by_label("Show the odds").click();
    settle(&mut h);
    assert!(!h.state().settings.show_odds);
    assert!(
        h.query_by_label(&text).is_none(),
        "hidden when the setting is off"
    );
    assert!(
        h.query_by_label_contains("under the same modifiers").is_none(),
        "no distribution either"
    );
    let saved = Settings::load(&h.state().storage);
    assert!(!saved.show_odds, "the setting is kept in the settings file");

    h.state_mut().settings.show_odds = true;
    settle(&mut h);
    assert!(h.query_by_label(&text).is_some());
}

/// The chart panel shows the distribution of the roll just made, the result rolled marked, as the engine
/// counts it (`odds::of_roll`); the label names the roll's share.
#[test]
fn the_chart_panel_shows_the_distribution_of_the_roll_just_made() {
    let (mut h, _) = at_a_salvo("odds-distribution");
    let fire = CareerAction::Patrol {
        action: PatrolAction::Fire,
    };
    let pending = h.state().session::<Career>().unwrap().game().pending();
    let (i, choice) = pending
        .choices()
        .iter()
        .enumerate()
        .find(|(_, c)| c.action == fire)
        .unwrap();
    let button = if i < 9 {
        format!("{}  {}", i + 1, choice.label)
    } else {
        choice.label.clone()
    };
    click(&mut h, &button);
    // The newest roll's dice tumble a moment before its distribution shows.
    h.run_steps(60);
    let screen = h.state().table::<Career>().unwrap();
    let game = screen.session.game();
    let rolls = periscope_app::screen::TableGame::last_rolls(game, screen.session.last_action_events());
    let newest = *rolls.last().expect("the salvo rolled");
    let d = periscope_engine::odds::of_roll(newest);
    assert_eq!(d.rolled, newest.result);
    assert_eq!(d.results.iter().map(|(_, w)| w).sum::<u32>(), d.of);
    let share = d.of(d.rolled);
    let label = periscope_app::panels::chart::distribution_text(newest, &d, share);
    assert!(
        h.query_by_label_contains(&label).is_some(),
        "the distribution of the newest roll: {label}"
    );
}

/// A settings file written before the setting existed loads with the odds on.
#[test]
fn an_older_settings_file_shows_the_odds() {
    let storage = temp_storage("odds-old-settings");
    std::fs::write(storage.settings(), r#"{ "ui_scale": 1.0, "pacing": "brisk" }"#).unwrap();
    let (settings, damaged) = Settings::read(&storage);
    assert!(damaged.is_none());
    assert!(settings.show_odds);
}

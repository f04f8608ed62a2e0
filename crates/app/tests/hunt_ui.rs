//! Submarine Hunt played with the mouse and keyboard, as a person plays it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::kittest::Queryable;
use periscope_app::app::Screen;
use periscope_engine::RollSpec;
use periscope_engine::dice::SeededRng;
use periscope_engine::hunt::policy::Policy;
use periscope_engine::hunt::{HuntAction, Phase};
use periscope_engine::{Game, Pending};

/// A whole game won or lost with the mouse alone: each choice the careful captain makes is clicked, on
/// the table where the table offers it and in the decision panel otherwise.
#[test]
fn a_whole_game_is_played_by_clicking() {
    let mut h = harness(temp_storage("whole-game"));
    new_game(&mut h, 11, false);
    let mut rng = SeededRng::new(3);
    let mut clicks = 0;
    while !game(&h).pending().is_over() {
        let action = Policy::Careful
            .choose(game(&h), &mut rng)
            .expect("a decision is pending");
        let pending = game(&h).pending();
        let index = pending.choices().iter().position(|c| c.action == action).unwrap();
        let label = pending.choices()[index].label.clone();
        let before = actions_played(&h);
        // Every other click goes to the table; the rest to the panel's numbered buttons.
        let on_table = clicks % 2 == 0 && h.query_by_label(&label).is_some();
        if on_table {
            click(&mut h, &label);
        } else {
            click(&mut h, &format!("{}  {label}", index + 1));
        }
        assert_eq!(actions_played(&h), before + 1, "clicking '{label}' played it");
        clicks += 1;
        assert!(clicks < 3000, "the game should end");
    }
    assert!(matches!(game(&h).phase(), Phase::Over { .. }));
    // The end is shown on the table and in the panel.
    assert!(h.query_by_label_contains("Victory").is_some() || h.query_by_label_contains("Defeat").is_some());
}

/// Hunting by clicking the sonar box, turning a card on the table, then dragging the torpedo counter onto
/// the ship found — with physical dice entered in the tray.
#[test]
fn physical_dice_and_a_torpedo_dragged_onto_a_ship() {
    let mut h = harness(temp_storage("drag-torpedo"));
    new_game(&mut h, 5, true);
    let ship_at = game(&h)
        .row()
        .iter()
        .position(|s| s.card.ship().is_some())
        .expect("a ship in the row")
        + 1;
    let faces = if ship_at <= 6 {
        [ship_at as u8, 6]
    } else {
        [ship_at as u8 - 6, 6]
    };
    click(&mut h, "Hunt: roll 2 sonar dice");
    assert!(
        matches!(game(&h).pending(), Pending::Roll(RollSpec { .. })),
        "physical dice are asked for"
    );
    click(&mut h, &format!("Die 1 shows {}", faces[0]));
    click(&mut h, &format!("Die 2 shows {}", faces[1]));
    click(&mut h, "Enter dice");
    click(&mut h, &format!("Turn card {ship_at}"));
    // Detection die: a 6 is never seen.
    click(&mut h, "Die 1 shows 6");
    click(&mut h, "Enter dice");
    assert!(matches!(game(&h).phase(), Phase::Action));

    let from = h
        .get_by_label("Torpedo: drag onto a found ship to fire")
        .rect()
        .center();
    let target_label = game(&h)
        .pending()
        .choices()
        .iter()
        .find(|c| matches!(c.action, HuntAction::Fire { .. }))
        .unwrap()
        .label
        .clone();
    let to = h.get_by_label(&target_label).rect().center();
    drag(&mut h, from, to);
    assert_eq!(
        game(&h).attack_target(),
        Some(ship_at as u8),
        "the dragged torpedo fired at the ship"
    );
    assert_eq!(game(&h).torpedoes(), 23);
}

/// Ctrl+Z takes back the last action, Ctrl+Shift+Z plays it again; number keys pick choices.
#[test]
fn undo_and_redo_with_the_keyboard() {
    let mut h = harness(temp_storage("undo"));
    new_game(&mut h, 21, false);
    h.key_press(egui::Key::Num2); // Change mode.
    settle(&mut h);
    assert_eq!(actions_played(&h), 1);
    let after = game(&h).clone();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    settle(&mut h);
    assert_eq!(actions_played(&h), 0);
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z);
    settle(&mut h);
    assert_eq!(actions_played(&h), 1);
    assert_eq!(game(&h), &after);
    click(&mut h, "Undo");
    assert_eq!(actions_played(&h), 0);
}

/// The autosave follows every action: back to the start screen, Continue brings the same game back.
#[test]
fn the_autosave_reopens_the_same_game() {
    let storage = temp_storage("autosave");
    let mut h = harness(storage.clone());
    new_game(&mut h, 8, false);
    click(&mut h, "1  Hunt: roll 2 sonar dice");
    let choice = game(&h).pending().choices()[0].label.clone();
    click(&mut h, &format!("1  {choice}"));
    let before = game(&h).clone();
    click(&mut h, "Game");
    click(&mut h, "Start screen");
    assert!(matches!(h.state().screen, Screen::Start(_)));
    click(&mut h, "Continue");
    assert_eq!(game(&h), &before);

    // A second app on the same data folder continues it too.
    let mut h2 = harness(storage);
    settle(&mut h2);
    click(&mut h2, "Continue");
    assert_eq!(game(&h2), &before);
}

/// A damaged save is refused with a message; the file is left exactly as it was and the app goes on.
#[test]
fn a_damaged_save_is_refused_and_left_untouched() {
    let storage = temp_storage("damaged");
    let path = storage.dir.join("broken.json");
    let text = "{\"format\": \"periscope-save\", \"version\": 1, \"game\": \"hunt\", \"seed\": 1, \"dice\":";
    std::fs::write(&path, text).unwrap();
    let mut h = harness(storage.clone());
    settle(&mut h);
    let err = h.state_mut().open_path(&path).unwrap_err();
    assert!(err.contains("damaged or incomplete"), "{err}");
    let newer = storage.dir.join("newer.json");
    std::fs::write(
        &newer,
        text.replace("\"version\": 1", "\"version\": 7")
            + "{\"mode\":\"seeded\"}, \"options\": {}, \"actions\": []}",
    )
    .unwrap();
    let err = h.state_mut().open_path(&newer).unwrap_err();
    assert!(err.contains("newer Periscope"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    assert!(matches!(h.state().screen, Screen::Start(_)));
    settle(&mut h);
}

/// Dragging the submarine counter to the other mode box changes mode.
#[test]
fn dragging_the_submarine_changes_mode() {
    let mut h = harness(temp_storage("sub-drag"));
    new_game(&mut h, 2, false);
    let from = h.get_by_label_contains("Submarine, Diving").rect().center();
    let to = h.get_by_label("Change mode to Surface").rect().center();
    h.drag_at(from);
    h.step();
    h.hover_at(to);
    h.step();
    h.drop_at(to);
    settle(&mut h);
    assert_eq!(game(&h).mode(), periscope_engine::hunt::Mode::Surface);
    assert_eq!(actions_played(&h), 1);
    let _ = HuntAction::ChangeMode;
}

/// A malformed chart override is reported on the start screen with file, chart and row; the app runs on
/// with the shipped charts, and the file is left as it was.
#[test]
fn a_bad_chart_override_is_reported_on_the_start_screen() {
    let storage = temp_storage("overrides");
    std::fs::create_dir_all(storage.overrides_dir()).unwrap();
    let path = storage.overrides_dir().join("sensuikan.json");
    let text = r#"{"format": "periscope-overrides", "game": "sensuikan", "charts": {"A2": {"id": "A2", "title": "AA fire", "dice": "2d6", "rows": [{"roll": "2-6", "result": "shot_down", "provenance": {"source": "rule", "case": "8.3.5"}}]}}}"#;
    std::fs::write(&path, text).unwrap();
    let mut h = harness(storage);
    settle(&mut h);
    let line = h.get_by_label_contains("Override refused").rect();
    let names_the_place = h.get_by_label_contains("sensuikan.json, chart A2").rect();
    assert_eq!(
        line, names_the_place,
        "one line names the file, the chart and what is wrong"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

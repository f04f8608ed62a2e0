//! The window is titled with the game being played (issue 23), so that a desktop's task bar tells two
//! Periscope windows apart; the title is sent to the desktop when the screen changes, not every frame.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::kittest::Queryable;

fn titles_sent(h: &egui_kittest::Harness<'static, periscope_app::PeriscopeApp>) -> Vec<String> {
    h.output()
        .viewport_output
        .values()
        .flat_map(|v| v.commands.iter())
        .filter_map(|c| match c {
            egui::ViewportCommand::Title(t) => Some(t.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_title_names_the_game_on_its_table_and_periscope_alone_on_the_start_screen() {
    let mut h = harness(temp_storage("title-hunt"));
    settle(&mut h);
    assert_eq!(h.state().window_title(), "Periscope");

    h.get_by_label("New game").click();
    h.step();
    assert_eq!(h.state().window_title(), "Submarine Hunt — Periscope");
    assert_eq!(
        titles_sent(&h),
        ["Submarine Hunt — Periscope"],
        "the frame that opened the table sends its title"
    );
    h.step();
    assert!(titles_sent(&h).is_empty(), "an unchanged title is not sent again");
}

#[test]
fn track_mode_and_the_hall_of_fame_have_titles_of_their_own() {
    let mut h = harness(temp_storage("title-track"));
    settle(&mut h);
    click(&mut h, "Track mode: Submarine Hunt");
    assert_eq!(h.state().window_title(), "Track: Submarine Hunt — Periscope");

    let mut h = harness(temp_storage("title-hall"));
    settle(&mut h);
    click(&mut h, "Hall of fame");
    assert_eq!(h.state().window_title(), "Hall of fame — Periscope");
}

#[test]
fn a_sensuikan_career_is_titled_sensuikan_from_its_wizard_on() {
    let mut h = harness(temp_storage("title-sensuikan"));
    settle(&mut h);
    click(&mut h, "New career");
    assert_eq!(h.state().window_title(), "Sensuikan — Periscope");
    click(&mut h, "Cancel");
    assert_eq!(h.state().window_title(), "Periscope");
}

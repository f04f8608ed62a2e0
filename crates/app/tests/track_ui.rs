//! Track mode: free counters beside a physical game, saved as they stand.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::kittest::Queryable;
use periscope_app::app::Screen;
use periscope_app::track::TrackTable;

#[test]
fn counters_drag_flip_and_are_saved() {
    let storage = temp_storage("track");
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Track mode: Submarine Hunt");
    assert!(matches!(h.state().screen, Screen::Track(_)));
    let node = h.get_by_label("Counter SUB");
    let from = node.rect().center();
    let to = from + egui::vec2(-150.0, -60.0);
    h.drag_at(from);
    h.step();
    h.hover_at(from + egui::vec2(-75.0, -30.0));
    h.step();
    h.hover_at(to);
    h.step();
    h.drop_at(to);
    settle(&mut h);
    let moved = h.get_by_label("Counter SUB").rect().center();
    assert!(
        (moved - to).length() < 4.0,
        "the counter follows the pointer: {moved:?} vs {to:?}"
    );

    h.get_by_label("Counter HULL").click_secondary();
    settle(&mut h);
    assert!(h.query_by_label("Counter HULL (flipped)").is_some());

    click(&mut h, "Roll");
    let saved = TrackTable::parse(&std::fs::read_to_string(storage.track_table("hunt")).unwrap()).unwrap();
    assert_eq!(saved.dice.len(), 3);
    assert!(saved.counters.iter().any(|c| c.label == "HULL" && c.flipped));
    let sub = saved.counters.iter().find(|c| c.label == "SUB").unwrap();
    assert!(
        sub.pos
            != TrackTable::fresh(&periscope_app::hunt::track::LAYOUT)
                .counters
                .iter()
                .find(|c| c.label == "SUB")
                .unwrap()
                .pos
    );
    // The dragged counter was raised to the top of its stack.
    assert_eq!(saved.counters.last().map(|c| c.label.as_str()), Some("SUB"));

    // Reopening the app brings the same table back.
    let mut h2 = harness(storage);
    settle(&mut h2);
    click(&mut h2, "Track mode: Submarine Hunt (your table)");
    match &h2.state().screen {
        Screen::Track(t) => assert_eq!(t.table, saved),
        _ => panic!("not in Track mode"),
    }
}

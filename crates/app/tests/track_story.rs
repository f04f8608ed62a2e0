//! Track mode as players of the best-kept virtual tables expect it (issue 37): the last move marked on
//! the table, a magnifier for small counters and stacks, the table as a picture, a move log another player
//! can read, and notes and colour marks on counters that are saved with the table.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui::vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};
use periscope_app::PeriscopeApp;
use periscope_app::app::Screen;
use periscope_app::storage::Storage;
use periscope_app::track::{Tint, TrackLayout, TrackTable, stacks};

type H = Harness<'static, PeriscopeApp>;

fn open(storage: &Storage, game: &str) -> H {
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, &format!("Track mode: {game}"));
    assert!(matches!(h.state().screen, Screen::Track(_)));
    h
}

/// Moves the counter labelled `label` by `by` screen points.
fn nudge(h: &mut H, label: &str, by: egui::Vec2) {
    let from = h.get_by_label(&format!("Counter {label}")).rect().center();
    drag(h, from, from + by);
}

fn marked(h: &H, label: &str) -> bool {
    h.query_by_label(&format!("Last moved: {label}")).is_some()
}

/// Runs frames until `done` holds, for the work drawn on a thread of its own (at most ten seconds).
fn wait_for(h: &mut H, done: impl Fn() -> bool) {
    for _ in 0..500 {
        if done() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    panic!("the work never finished");
}

#[test]
fn the_last_move_is_marked_and_the_mark_moves_on_with_the_next_and_back_with_undo() {
    let storage = temp_storage("story-mark");
    let mut h = open(&storage, "Submarine Hunt");
    assert!(
        h.query_by_label_contains("Last moved:").is_none(),
        "nothing is marked before a move"
    );
    nudge(&mut h, "SINK", vec2(0.0, -80.0));
    assert!(marked(&h, "SINK"), "the moved counter carries the mark");
    h.get_by_label("Counter HULL").click_secondary();
    settle(&mut h);
    assert!(marked(&h, "HULL"), "the flipped counter carries it now");
    assert!(!marked(&h, "SINK"), "the move before is no longer marked");

    click(&mut h, "Undo");
    assert!(
        marked(&h, "SINK") && !marked(&h, "HULL"),
        "undo moves the mark back"
    );
    click(&mut h, "Redo");
    assert!(
        marked(&h, "HULL") && !marked(&h, "SINK"),
        "redo brings it on again"
    );

    // The last two moves, then none: the setting and the toggle of the Moves tab.
    click(&mut h, "Moves");
    h.get_by_label("Mark the last N moves").click();
    settle(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text("2".into()));
    h.key_press(egui::Key::Enter);
    settle(&mut h);
    assert_eq!(track(&h).look.mark_last, 2);
    assert!(
        marked(&h, "HULL") && marked(&h, "SINK"),
        "the last two moves are marked"
    );
    click(&mut h, "Mark the last moves");
    assert!(
        h.query_by_label_contains("Last moved:").is_none(),
        "the toggle hides the mark"
    );
}

/// Hovers the stack `stack` (indices of the table's counters, bottom to top) with the magnifier key
/// held, and checks that the magnifier shows each of its counters with both faces, the bottom one by its
/// full name; then lets go.
fn magnify_stack(h: &mut H, table: &TrackTable, stack: &[usize]) {
    let top = &table.counters[*stack.last().unwrap()];
    let bottom = &table.counters[stack[0]];
    let label = format!("Counter {} (top of a stack of {})", top.label, stack.len());
    let at = h.get_by_label(&label).rect().center();
    assert!(h.query_by_label_contains("Front of ").is_none());
    h.hover_at(at);
    h.key_down(egui::Key::M);
    settle(h);
    let name = if bottom.mark.is_empty() {
        bottom.label.clone()
    } else {
        format!("{} {}", bottom.label, bottom.mark)
    };
    let shown: Vec<String> = h
        .query_all(egui_kittest::kittest::by())
        .filter_map(|n| n.accesskit_node().label().or(n.accesskit_node().value()))
        .collect();
    assert!(
        shown.iter().any(|l| l.starts_with(&name)),
        "the stacked counter's name is shown: {name} in {shown:?}"
    );
    let heading = format!("A stack of {}, top first", stack.len());
    assert!(h.query_by_label(&heading).is_some());
    let back = if bottom.back.is_empty() {
        &bottom.label
    } else {
        &bottom.back
    };
    let front = format!("Front of {}", bottom.label);
    assert!(h.query_all_by_label(&front).next().is_some());
    let back = format!("Back of {}: {back}", bottom.label);
    assert!(
        h.query_all_by_label(&back).next().is_some(),
        "its back is shown too"
    );
    let faces = h.query_all_by_label_contains("Front of ").count();
    assert_eq!(faces, stack.len(), "every counter of the stack is magnified");
    let backs = h.query_all_by_label_contains("Back of ").count();
    assert_eq!(backs, stack.len(), "and every back");
    h.key_up(egui::Key::M);
    h.remove_cursor();
    settle(h);
    assert!(
        h.query_by_label_contains("Front of ").is_none(),
        "the magnifier closes"
    );
}

#[test]
fn the_magnifier_shows_every_counter_of_a_stack_with_both_faces() {
    let storage = temp_storage("story-lens");
    let mut h = open(&storage, "Sensuikan");
    // The stacks on the screen whose top counter's widget is the only one with its label.
    let table = track(&h).table.clone();
    let mut on_screen: Vec<Vec<usize>> = stacks::stacks(&table.counters)
        .into_iter()
        .filter(|s| s.len() >= 2)
        .filter(|s| {
            let top = &table.counters[*s.last().unwrap()];
            let label = format!("Counter {} (top of a stack of {})", top.label, s.len());
            let mut found = h.query_all_by_label(&label);
            let seen = |r: egui::Rect| r.min.x > 0.0 && r.max.x < 1000.0 && r.min.y > 40.0 && r.max.y < 760.0;
            matches!((found.next(), found.next()), (Some(n), None) if seen(n.rect()))
        })
        .collect();
    on_screen.sort_by_key(Vec::len);
    assert!(on_screen.len() >= 2, "two stacks on the screen");
    // The smallest (two rank markers) and the tallest (the sixteen other submarine types).
    let (small, tall) = (on_screen[0].clone(), on_screen[on_screen.len() - 1].clone());
    assert!(tall.len() >= 10, "{}", tall.len());
    magnify_stack(&mut h, &table, &small);
    magnify_stack(&mut h, &table, &tall);
}

#[test]
fn the_table_exports_as_a_png_of_its_size_and_the_report_shows_it() {
    let storage = temp_storage("story-png");
    let mut h = open(&storage, "Submarine Hunt");
    nudge(&mut h, "SINK", vec2(0.0, -80.0));
    click(&mut h, "Table");
    click(&mut h, "Export the table as PNG");
    click(&mut h, "The table at 1×");
    let png = storage.exports_dir().join("track-table-hunt-table.png");
    wait_for(&mut h, || png.exists());
    settle(&mut h);
    // Without a desktop dialog it went to exports/, with a path field to write it elsewhere too.
    click(&mut h, "Cancel");
    let size = periscope_app::hunt::track::LAYOUT.size();
    let picture = image::open(&png).unwrap();
    assert_eq!(
        (picture.width(), picture.height()),
        (size.x.round() as u32, size.y.round() as u32),
        "the picture is the table at 1×"
    );

    click(&mut h, "Table");
    click(&mut h, "Export the report as Markdown");
    let table_file = storage.track_table("hunt");
    let md = table_file.with_file_name("track-table-hunt-log.md");
    let beside = table_file.with_file_name("track-table-hunt-table.png");
    wait_for(&mut h, || md.exists() && beside.exists());
    let report = std::fs::read_to_string(&md).unwrap();
    assert!(
        report.contains("![The table](track-table-hunt-table.png)"),
        "{report}"
    );
    assert!(report.contains("SINK moved"), "{report}");
    let picture = image::open(&beside).unwrap();
    assert_eq!(picture.width(), size.x.round() as u32);
}

#[test]
fn the_move_log_tells_a_scripted_turn_in_order_in_the_panel_and_in_its_file() {
    let storage = temp_storage("story-log");
    let mut h = open(&storage, "Submarine Hunt");
    nudge(&mut h, "SINK", vec2(0.0, -80.0));
    // Five boxes down the Battery track: the places are named as the mat prints them.
    nudge(&mut h, "BAT", vec2(-107.0, 0.0));
    h.get_by_label("Counter HULL").click_secondary();
    settle(&mut h);
    h.get_by_label("Roll label").click();
    settle(&mut h);
    h.get_by_label("Roll label").type_text("B4");
    settle(&mut h);
    click(&mut h, "Roll");
    // Onto another counter: a stack.
    let to = h.get_by_label("Counter SINK").rect().center();
    let from = h.get_by_label("Counter OXY").rect().center();
    drag(&mut h, from, to + vec2(3.0, 2.0));
    h.get_by_label("Counter OXY (top of a stack of 2)").click();
    settle(&mut h);
    click(&mut h, "Counters");
    click(&mut h, "Colour: red");

    let words: Vec<String> = track(&h).log().into_iter().map(|l| l.text).collect();
    let roll = &track(&h).table.rolls[0];
    let expected = [
        "SINK moved".to_string(),
        "BAT moved from box BATTERY 20 to box BATTERY 1".to_string(),
        "HULL turned over".to_string(),
        format!("rolled {} for B4", roll.describe()),
        "OXY stacked on SINK".to_string(),
        "OXY marked red".to_string(),
    ];
    assert_eq!(words.len(), expected.len(), "{words:#?}");
    for (w, e) in words.iter().zip(&expected) {
        assert!(w.starts_with(e.as_str()), "'{w}' should start with '{e}'");
    }
    click(&mut h, "Moves");
    for e in &expected {
        assert!(
            h.query_by_label_contains(e).is_some(),
            "the Moves tab shows '{e}'"
        );
    }
    click(&mut h, "Export the move log as text");
    let text = std::fs::read_to_string(
        storage
            .track_table("hunt")
            .with_file_name("track-table-hunt-log.txt"),
    )
    .unwrap();
    let mut at = 0;
    for e in &expected {
        let found = text[at..]
            .find(e.as_str())
            .unwrap_or_else(|| panic!("'{e}' in order in:\n{text}"));
        at += found + e.len();
    }
}

#[test]
fn a_counters_colour_and_note_are_saved_shown_and_logged() {
    let storage = temp_storage("story-note");
    let mut h = open(&storage, "Submarine Hunt");
    h.get_by_label("Counter HULL").click();
    settle(&mut h);
    click(&mut h, "Counters");
    click(&mut h, "Colour: yellow");
    h.get_by_label("Counter note").click();
    settle(&mut h);
    h.get_by_label("Counter note").type_text("hit *twice*");
    settle(&mut h);
    click(&mut h, "Moves");
    assert_eq!(counter(&h, "HULL").tint, Tint::Yellow);
    assert_eq!(counter(&h, "HULL").note, "hit *twice*");
    assert!(h.query_by_label_contains("Note on HULL: hit *twice*").is_some());

    // Hovered with the magnifier key, the counter shows its note and colour.
    let at = h.get_by_label("Counter HULL").rect().center();
    h.hover_at(at);
    h.key_down(egui::Key::M);
    settle(&mut h);
    assert!(h.query_by_label("Note: hit *twice*").is_some());
    assert!(h.query_all_by_label_contains("marked yellow").next().is_some());
    h.key_up(egui::Key::M);

    // Saved with the table, and back after a restart.
    let saved = TrackTable::parse(&std::fs::read_to_string(storage.track_table("hunt")).unwrap()).unwrap();
    let hull = saved.counters.iter().find(|c| c.label == "HULL").unwrap();
    assert_eq!((hull.tint, hull.note.as_str()), (Tint::Yellow, "hit *twice*"));
    let h2 = {
        let mut h2 = harness(storage.clone());
        settle(&mut h2);
        click(&mut h2, "Track mode: Submarine Hunt (your table)");
        h2
    };
    assert_eq!(counter(&h2, "HULL").tint, Tint::Yellow);
    assert_eq!(counter(&h2, "HULL").note, "hit *twice*");
    // A table written before the marks reads with none.
    let mut old: serde_json::Value = serde_json::from_str(&saved.to_text().unwrap()).unwrap();
    for c in old["counters"].as_array_mut().unwrap() {
        let c = c.as_object_mut().unwrap();
        c.remove("tint");
        c.remove("note");
    }
    let back = TrackTable::parse(&old.to_string()).unwrap();
    assert!(
        back.counters
            .iter()
            .all(|c| c.tint == Tint::None && c.note.is_empty())
    );
}

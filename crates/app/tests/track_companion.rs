//! Track mode as a companion at the table (issue 14): stacks that fan out, snapping into the boards'
//! boxes, undo and redo, the dice history kept across a restart, the chart look-up for a physical roll,
//! Submarine Hunt's card piles, the counter mixes against the rulebooks, and several named tables.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui::{Modifiers, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};
use periscope_app::PeriscopeApp;
use periscope_app::app::Screen;
use periscope_app::storage::Storage;
use periscope_app::track::TrackTable;

type H = Harness<'static, PeriscopeApp>;

/// The same drag with `modifiers` held throughout.
fn drag_holding(h: &mut H, modifiers: Modifiers, from: Pos2, to: Pos2) {
    h.event(egui::Event::ModifiersChanged(modifiers));
    h.step();
    drag(h, from, to);
    h.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    settle(h);
}

/// Where a point of the table (in table units) is on the screen, measured from two single counters whose
/// widgets are on the screen.
fn to_screen(h: &H, a: &str, b: &str, p: Pos2) -> Pos2 {
    let (sa, sb) = (
        h.get_by_label(&format!("Counter {a}")).rect().center(),
        h.get_by_label(&format!("Counter {b}")).rect().center(),
    );
    let (ta, tb) = (counter(h, a).at(), counter(h, b).at());
    let scale = (sb - sa).length() / (tb - ta).length();
    sa + (p - ta) * scale
}

/// The text a node shows: a label's value, a widget's label.
fn text_of(n: &egui_kittest::Node<'_>) -> String {
    let node = n.accesskit_node();
    let text = if node.role() == egui::accesskit::Role::Label {
        node.value()
    } else {
        node.label()
    };
    text.unwrap_or_default()
}

/// Types into the text field labelled `label`.
fn type_into(h: &mut H, label: &str, text: &str) {
    h.get_by_label(label).click();
    settle(h);
    h.get_by_label(label).type_text(text);
    settle(h);
}

fn open_hunt(storage: &Storage) -> H {
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Track mode: Submarine Hunt");
    assert!(matches!(h.state().screen, Screen::Track(_)));
    h
}

fn saved(storage: &Storage, game: &str) -> TrackTable {
    TrackTable::parse(&std::fs::read_to_string(storage.track_table(game)).unwrap()).unwrap()
}

#[test]
fn two_counters_stack_with_a_count_fan_out_and_the_top_one_drags_out() {
    let storage = temp_storage("track-stack");
    let mut h = open_hunt(&storage);
    let attack = h.get_by_label("Counter ATTACK").rect().center();
    let bonus = h.get_by_label("Counter +1").rect().center();
    drag(&mut h, bonus, attack + vec2(3.0, -2.0));
    // Stacked: one centre, the count on the top counter.
    assert_eq!(counter(&h, "+1").pos, counter(&h, "ATTACK").pos);
    assert!(h.query_by_label("Counter +1 (top of a stack of 2)").is_some());
    assert!(
        h.query_by_label("Counter ATTACK").is_none(),
        "the counter below is under the top one"
    );

    // A click fans the stack out: both counters, each reachable.
    h.get_by_label("Counter +1 (top of a stack of 2)").click();
    settle(&mut h);
    assert!(h.query_by_label("Counter ATTACK (fanned out, 1 of 2)").is_some());
    let top = h.get_by_label("Counter +1 (fanned out, 2 of 2)").rect().center();
    // The top one dragged out of the fan: two single counters again.
    drag(&mut h, top, attack + vec2(200.0, 0.0));
    assert!(h.query_by_label("Counter +1").is_some());
    assert!(h.query_by_label("Counter ATTACK").is_some());
    assert_ne!(counter(&h, "+1").pos, counter(&h, "ATTACK").pos);

    // Shift drags the whole stack, which stays a stack.
    let bonus = h.get_by_label("Counter +1").rect().center();
    let attack = h.get_by_label("Counter ATTACK").rect().center();
    drag(&mut h, attack, bonus);
    let stack = h
        .get_by_label("Counter ATTACK (top of a stack of 2)")
        .rect()
        .center();
    let before = counter(&h, "+1").pos;
    drag_holding(&mut h, Modifiers::SHIFT, stack, stack - vec2(100.0, 0.0));
    assert_ne!(
        counter(&h, "+1").pos,
        before,
        "the counter below moved with the top"
    );
    assert_eq!(counter(&h, "+1").pos, counter(&h, "ATTACK").pos);
    assert!(h.query_by_label("Counter ATTACK (top of a stack of 2)").is_some());
    assert_eq!(saved(&storage, "hunt").counters, track(&h).table.counters);
}

#[test]
fn a_counter_dropped_near_a_box_snaps_into_it_unless_alt_is_held() {
    let storage = temp_storage("track-snap");
    let mut h = open_hunt(&storage);
    let layout = periscope_app::hunt::table::layout(20, 20);
    let oxygen = &layout.tracks[0].2;
    // Box 10 of the Oxygen track: dropped a little off its centre, OXY lands on the centre.
    let aim = oxygen[10].center() + vec2(4.0, 7.0);
    let from = h.get_by_label("Counter OXY").rect().center();
    let to = to_screen(&h, "OXY", "BAT", aim);
    drag(&mut h, from, to);
    assert_eq!(
        counter(&h, "OXY").at(),
        oxygen[10].center(),
        "snapped into the box"
    );
    // With Alt held it stays where it is put.
    let aim = oxygen[14].center() + vec2(4.0, 7.0);
    let from = h.get_by_label("Counter OXY").rect().center();
    let to = to_screen(&h, "OXY", "BAT", aim);
    drag_holding(&mut h, Modifiers::ALT, from, to);
    let at = counter(&h, "OXY").at();
    assert!((at - aim).length() < 1.5, "placed freely: {at:?} vs {aim:?}");
    // The boxes come from the mat as printed: the Track table collected the Oxygen track's boxes.
    assert!(track(&h).boxes.contains(&oxygen[10]));
}

#[test]
fn a_move_and_a_flip_are_undone_and_redone() {
    let storage = temp_storage("track-undo");
    let mut h = open_hunt(&storage);
    let start = counter(&h, "SINK").pos;
    let from = h.get_by_label("Counter SINK").rect().center();
    drag(&mut h, from, from + vec2(0.0, -80.0));
    let moved = counter(&h, "SINK").pos;
    assert_ne!(moved, start);
    h.get_by_label("Counter HULL").click_secondary();
    settle(&mut h);
    assert!(counter(&h, "HULL").flipped);

    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    settle(&mut h);
    assert!(!counter(&h, "HULL").flipped, "Ctrl+Z undid the flip");
    assert_eq!(counter(&h, "SINK").pos, moved);
    click(&mut h, "Undo");
    assert_eq!(counter(&h, "SINK").pos, start, "Undo undid the move");
    assert_eq!(
        saved(&storage, "hunt").counters,
        track(&h).table.counters,
        "saved as undone"
    );

    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::Z);
    settle(&mut h);
    assert_eq!(counter(&h, "SINK").pos, moved, "Ctrl+Shift+Z redid the move");
    click(&mut h, "Moves");
    assert!(h.query_by_label_contains("undone: HULL turned over").is_some());
    assert!(h.query_by_label_contains("1. SINK moved").is_some());
    click(&mut h, "Redo");
    assert!(counter(&h, "HULL").flipped);
}

#[test]
fn a_note_is_undone_on_its_own() {
    let storage = temp_storage("track-note");
    let mut h = open_hunt(&storage);
    click(&mut h, "Notes");
    type_into(&mut h, "Table notes", "Sank the cruiser");
    assert_eq!(track(&h).table.notes, "Sank the cruiser");
    click(&mut h, "Undo");
    assert_eq!(track(&h).table.notes, "");
    assert_eq!(saved(&storage, "hunt").notes, "");
}

#[test]
fn three_rolls_are_kept_with_their_labels_after_a_restart() {
    let storage = temp_storage("track-rolls");
    let mut h = open_hunt(&storage);
    for label in ["B4, escort 2", "sonar", ""] {
        let field = h.get_by_label("Roll label");
        field.click();
        settle(&mut h);
        h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
        h.key_press(egui::Key::Backspace);
        if !label.is_empty() {
            h.get_by_label("Roll label").type_text(label);
        }
        settle(&mut h);
        click(&mut h, "Roll");
    }
    let table = saved(&storage, "hunt");
    assert_eq!(table.rolls.len(), 3);
    assert!(table.rolls.iter().all(|r| r.at.is_some() && r.faces.len() == 3));
    assert_eq!(table.rolls[0].label, "B4, escort 2");
    assert_eq!(table.dice, table.rolls[2].faces, "the tray shows the last roll");

    let mut h2 = harness(storage);
    settle(&mut h2);
    click(&mut h2, "Track mode: Submarine Hunt (your table)");
    assert!(h2.query_by_label_contains("Rolls, newest first (3)").is_some());
    assert!(text_of(&h2.get_by_label_contains("Roll 1 · ")).ends_with("B4, escort 2"));
    assert!(text_of(&h2.get_by_label_contains("Roll 2 · ")).ends_with("sonar"));
    assert!(h2.query_by_label_contains("Roll 3 · ").is_some());
}

/// Opens the Sensuikan table's look-up on chart `id`.
fn look_up(h: &mut H, id: &str, title: &str) {
    click(h, "Charts");
    type_into(h, "Find a chart", id);
    click(h, &format!("{id} · {title}"));
}

/// [8.2.3] A torpedo hits on the column's number or less after modifiers; [8.1.5] +1 at a Fast Target,
/// [8.7.2] +1 for a Green crew. The Type 95 submerged medium column hits on 2-7 (the Example of Play, 12.0).
#[test]
fn a_sensuikan_b1_roll_reads_with_two_modifiers() {
    let storage = temp_storage("track-b1");
    let mut h = harness(storage);
    settle(&mut h);
    click(&mut h, "Track mode: Sensuikan");
    look_up(&mut h, "B1", "Torpedo and Gun To-Hit");
    h.get_by_label("Column").click();
    settle(&mut h);
    click(&mut h, "type95 submerged medium");
    type_into(&mut h, "Dice rolled", "4 3");
    assert!(
        h.query_by_label("Outcome: hit (rolls 2-7, type95 submerged medium)")
            .is_some(),
        "a natural 7 hits"
    );
    assert!(h.query_by_label("Source: example [12.0]").is_some());
    h.get_by_label_contains("+1 torpedoes at a Fast Target").click();
    settle(&mut h);
    h.get_by_label("+1 the crew is Green").click();
    settle(&mut h);
    assert!(
        h.query_by_label("Outcome: miss (rolls 8-12, type95 submerged medium)")
            .is_some(),
        "7 + 2 = 9 misses"
    );
    assert!(h.query_by_label("Result").is_some());
    assert!(h.query_by_label("9").is_some(), "the modified result");
    assert!(h.query_by_label("Dice 2d6: 4 3 = 7").is_some());
}

/// The player's override file is applied, as a career applies it, and the look-up says so.
#[test]
fn the_look_up_uses_the_players_overrides() {
    let storage = temp_storage("track-overrides");
    let (_, text) = periscope_data::sensuikan::charts::shipped_files()
        .iter()
        .find(|(name, _)| name.ends_with("a2.json"))
        .unwrap();
    let mut a2: serde_json::Value = serde_json::from_str(text).unwrap();
    let p = serde_json::json!({"source": "reconstructed", "reason": "my printed chart"});
    a2["rows"] = serde_json::json!([
        {"roll": "2-4", "result": "shot_down", "provenance": p},
        {"roll": "5-6", "result": "damaged", "provenance": p},
        {"roll": "7-12", "result": "no_effect", "provenance": p}
    ]);
    let file =
        serde_json::json!({"format": "periscope-overrides", "game": "sensuikan", "charts": {"A2": a2}});
    std::fs::create_dir_all(storage.overrides_dir()).unwrap();
    std::fs::write(storage.overrides_dir().join("sensuikan.json"), file.to_string()).unwrap();
    let mut h = harness(storage);
    settle(&mut h);
    click(&mut h, "Track mode: Sensuikan");
    let title = periscope_data::sensuikan::charts::Charts::shipped()
        .unwrap()
        .a2
        .chart
        .title;
    look_up(&mut h, "A2", &title);
    assert!(h.query_by_label_contains("Your values, from").is_some());
    assert!(h.query_by_label_contains("Your values for A2").is_some());
    type_into(&mut h, "Dice rolled", "3 1");
    assert!(h.query_by_label("Outcome: shot down (rolls 2-4, all)").is_some());
    assert!(
        h.query_by_label("Source: reconstructed: my printed chart")
            .is_some()
    );
}

#[test]
fn a_hunt_detection_row_is_dealt_turned_and_undone() {
    let storage = temp_storage("track-cards");
    let mut h = open_hunt(&storage);
    click(&mut h, "Cards");
    click(&mut h, "Deal the Detection Row");
    for i in 1..=10 {
        assert!(
            h.query_by_label(&format!("Detection Row {i}: face down"))
                .is_some(),
            "card {i} dealt face down [Hunt.3]"
        );
    }
    assert!(h.query_by_label("Detection pack: 44 cards").is_some());
    click(&mut h, "Detection Row 3: face down");
    assert!(h.query_by_label("Detection Row 3: face down").is_none());
    let turned = text_of(&h.get_by_label_contains("Detection Row 3: "));
    assert!(turned.contains(" of ") || turned.ends_with("Joker"), "{turned}");
    // The Attack deck turns its top card over onto the attack's fan.
    click(&mut h, "Attack deck: 54 cards");
    assert!(h.query_by_label_contains("Attack cards 1: ").is_some());
    let t = saved(&storage, "hunt");
    assert_eq!(t.cards.cards("row-3").len(), 1);
    assert!(t.cards.cards("row-3")[0].up);
    // Undone card by card, back to the pack in the deck.
    for _ in 0..3 {
        h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
        settle(&mut h);
    }
    assert!(h.query_by_label("Detection pack: 54 cards").is_some());
    assert!(h.query_by_label("Attack deck: 54 cards").is_some());
}

fn count(t: &TrackTable, kind: &str) -> usize {
    t.counters.iter().filter(|c| c.kind == kind).count()
}

/// [3.3.2] 17 submarine markers, one per type, and three officer rank markers numbered 1 to 3; [4.5] a
/// load of 12 Type 89 or 12 Type 6, up to 6 Type 92, the midget's 2 Type 97; [3.3.2] LW, SW and KIA
/// markers, Day/Night, range, target, escort- and aviation-quality markers.
#[test]
fn the_sensuikan_table_holds_the_counter_sheets_of_the_rulebook() {
    let t = TrackTable::fresh(&periscope_app::sensuikan::track::LAYOUT);
    assert_eq!(count(&t, "submarine"), 17);
    let mut ranks: Vec<&str> = t
        .counters
        .iter()
        .filter(|c| c.kind == "rank")
        .map(|c| c.mark.as_str())
        .collect();
    ranks.sort_unstable();
    assert_eq!(ranks, ["1", "2", "3"]);
    assert_eq!(
        (
            count(&t, "t89"),
            count(&t, "t6"),
            count(&t, "t92"),
            count(&t, "t97")
        ),
        (12, 12, 6, 2)
    );
    for kind in [
        "lw",
        "sw",
        "kia",
        "day_night",
        "range",
        "target",
        "escort_quality",
        "air_quality",
    ] {
        assert!(count(&t, kind) > 0, "{kind}");
    }
    let mix = periscope_data::counters::shipped("sensuikan").unwrap().unwrap();
    assert_eq!(
        t.counters.len() as u32,
        mix.total(),
        "every counter of the mix is on the table"
    );
    let ids: std::collections::BTreeSet<u32> = t.counters.iter().map(|c| c.id).collect();
    assert_eq!(ids.len(), t.counters.len(), "each counter has its own id");
}

/// Submarine Hunt has no counter sheet: a marker for each quantity the rules keep, a lock for each of the
/// three dice home [Return.1] [Return.2], and three packs of cards, one dealt into the ten places of the
/// Detection Row [Hunt.3].
#[test]
fn the_hunt_table_holds_a_marker_for_each_quantity_and_three_packs() {
    let layout = &periscope_app::hunt::track::LAYOUT;
    let t = TrackTable::fresh(layout);
    for kind in [
        "oxygen",
        "battery",
        "hull",
        "torpedoes",
        "sink_points",
        "mode",
        "detections",
        "hit_bonus",
    ] {
        assert_eq!(count(&t, kind), 1, "{kind}");
    }
    assert_eq!(count(&t, "lock"), 3);
    let cards = periscope_app::track::TrackLayout::cards(layout).unwrap();
    assert_eq!(cards.packs.len(), 3);
    let (_, row) = cards.packs[0].deal.as_ref().unwrap();
    assert_eq!(row.len(), 10);
    for p in &cards.packs {
        assert_eq!(t.cards.cards(&p.deck.id).len(), 54, "52 cards and 2 Jokers");
    }
}

#[test]
fn tables_are_named_listed_saved_as_duplicated_and_deleted_after_asking() {
    let storage = temp_storage("track-tables");
    let mut h = open_hunt(&storage);
    click(&mut h, "Roll");
    // Save as: a second file; the first stays as it was.
    click(&mut h, "Table");
    click(&mut h, "Save as…");
    h.get_by_label("Table name").click();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.get_by_label("Table name").type_text("Patrol two");
    settle(&mut h);
    click(&mut h, "Save");
    let copy = track(&h).path.clone();
    assert!(copy.starts_with(storage.track_tables_dir()), "{copy:?}");
    assert_eq!(track(&h).table.name, "Patrol two");
    click(&mut h, "Roll");
    assert_eq!(
        saved(&storage, "hunt").rolls.len(),
        1,
        "the first table is left as it was"
    );

    click(&mut h, "Table");
    click(&mut h, "Start screen");
    assert!(h.query_by_label("Open the Track table Submarine Hunt").is_some());
    assert!(h.query_by_label("Open the Track table Patrol two").is_some());
    // The first table keeps its one roll, counted in the singular.
    let one = h
        .query_all(egui_kittest::kittest::by())
        .filter_map(|n| n.accesskit_node().label().or_else(|| n.accesskit_node().value()))
        .filter(|l| l.contains(" roll"))
        .collect::<Vec<_>>();
    assert!(
        one.iter().any(|l| l.ends_with("· 1 roll")),
        "a table with one roll says '1 roll': {one:?}"
    );
    click(&mut h, "New Submarine Hunt table");
    assert_eq!(track(&h).table.name, "Submarine Hunt 2");
    click(&mut h, "Table");
    click(&mut h, "Start screen");
    click(&mut h, "Duplicate the Track table Patrol two");
    assert!(
        h.query_by_label("Open the Track table Patrol two (copy)")
            .is_some()
    );
    // Deleting asks; keeping it keeps it.
    click_scrolled(&mut h, "Delete the Track table Patrol two (copy)");
    click(&mut h, "Keep it");
    assert!(
        h.query_by_label("Open the Track table Patrol two (copy)")
            .is_some()
    );
    click_scrolled(&mut h, "Delete the Track table Patrol two (copy)");
    click(&mut h, "Delete the table");
    assert!(
        h.query_by_label("Open the Track table Patrol two (copy)")
            .is_none()
    );
    click(&mut h, "Open the Track table Patrol two");
    assert_eq!(track(&h).table.rolls.len(), 2);
    assert_eq!(track(&h).path, copy);
}

#[test]
fn a_newer_or_broken_table_is_refused_and_left_as_it_is() {
    for (name, text) in [
        (
            "newer",
            r#"{"format": "periscope-track", "version": 9, "game": "hunt", "counters": [], "notes": "", "dice": []}"#,
        ),
        (
            "broken",
            r#"{"format": "periscope-track", "version": 2, "game": "#,
        ),
    ] {
        let storage = temp_storage(&format!("track-refused-{name}"));
        let path = storage.track_table("hunt");
        std::fs::write(&path, text).unwrap();
        let mut h = harness(storage.clone());
        settle(&mut h);
        click(&mut h, "Track mode: Submarine Hunt (your table)");
        assert!(matches!(h.state().screen, Screen::Start(_)), "{name}: refused");
        let expected = if name == "newer" {
            "newer Periscope (version 9)"
        } else {
            "cannot be read"
        };
        assert!(
            h.query_all_by_label_contains(expected).next().is_some(),
            "{name}: the message says why"
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "{name}: the file is left as it is"
        );
        // Listed with the reason, and a new table of the game can be started beside it.
        assert!(h.query_by_label_contains("Delete the Track table").is_some());
        click(&mut h, "New Submarine Hunt table");
        assert!(matches!(h.state().screen, Screen::Track(_)));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }
}

#[test]
fn the_tray_search_finds_counters_by_name() {
    let storage = temp_storage("track-search");
    let mut h = harness(storage);
    settle(&mut h);
    click(&mut h, "Track mode: Sensuikan");
    click(&mut h, "Counters");
    type_into(&mut h, "Find a counter", "oxygen");
    assert!(h.query_by_label_contains("Type 95 oxygen torpedo · 20").is_some());
    assert!(
        h.query_by_label_contains("Type 89").is_none(),
        "only what matches"
    );
    let before = track(&h).table.counters.clone();
    click(&mut h, "Show");
    assert_eq!(track(&h).table.counters, before, "showing moves nothing");
}

/// A companion of 1941 set up to its first turn (the set-up answers of the app's own test), as its
/// autosave would hold it.
fn companion_autosave(storage: &Storage) -> usize {
    use periscope_engine::silent_war_ijn::Companion;
    let mut s = periscope_engine::Session::<Companion>::new(
        Default::default(),
        11,
        periscope_engine::DiceMode::Seeded,
    )
    .unwrap();
    for a in [
        "scenario 1941",
        "start 4/42",
        "past done",
        "war_period 1",
        "no",
        "draws periscope",
        "piles",
    ] {
        s.apply(a.parse().unwrap()).unwrap();
    }
    let path = storage.autosave("silent-war-ijn");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, s.to_json().unwrap()).unwrap();
    s.actions().len()
}

/// Silent War IJN in Track mode [3.0]: every counter of the IJN set in its pile; the table carries the
/// companion in progress, keeps it across a restart, and opens it again on the companion's screen.
#[test]
fn a_silent_war_table_carries_its_companion() {
    use periscope_engine::silent_war_ijn::Companion;
    let storage = temp_storage("track-companion");
    let steps = companion_autosave(&storage);
    let set = periscope_data::silent_war_ijn::IjnData::shipped().unwrap().set;
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Track mode: Silent War IJN");
    assert_eq!(track(&h).table.counters.len(), set.counters.len());
    assert!(track(&h).table.companion.is_none());
    click(&mut h, "Companion");
    assert!(h.query_by_label("Open its companion").is_some());
    click(&mut h, "Carry the companion in progress");
    assert!(track(&h).table.companion.is_some());
    assert_eq!(
        track(&h).table.companion.as_ref().unwrap()["actions"]
            .as_array()
            .unwrap()
            .len(),
        steps
    );
    // The restart: the table comes back with its companion, and opens it.
    drop(h);
    let _ = std::fs::remove_file(storage.autosave("silent-war-ijn"));
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Track mode: Silent War IJN (your table)");
    assert!(track(&h).table.companion.is_some(), "carried across the restart");
    click(&mut h, "Companion");
    click(&mut h, "Open its companion");
    let session = h.state().session::<Companion>().expect("the companion's screen");
    assert_eq!(session.actions().len(), steps);
}

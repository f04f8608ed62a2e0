//! Sensuikan's boards played with the mouse: a career clicked up to an encounter, a torpedo dragged from
//! its tube onto a target to declare the shot [8.2.3], undo, FIRE, save and reopen; the Operations Map's
//! markers [7.14]; and the Sensuikan Track table dragged, flipped, saved and reopened.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};
use periscope_app::PeriscopeApp;
use periscope_app::app::Screen;
use periscope_app::sensuikan::{CareerScreen, CareerTable};
use periscope_app::track::TrackTable;
use periscope_engine::Game;
use periscope_engine::dice::SeededRng;
use periscope_engine::policy::Policy;
use periscope_engine::sensuikan::career::{Career, CareerAction};
use periscope_engine::sensuikan::{End, PatrolAction, ShotStage};

type H = Harness<'static, PeriscopeApp>;

/// The career's table, when it is on the screen (not behind its victory screen).
fn table(h: &H) -> Option<&CareerScreen> {
    h.state()
        .screen_as::<CareerTable>()
        .filter(|t| t.victory.is_none())
        .map(|t| &t.table)
}

fn career(h: &H) -> &Career {
    match table(h) {
        Some(s) => s.session.game(),
        _ => panic!("not on the Sensuikan table"),
    }
}

fn played(h: &H) -> usize {
    table(h).map_or(0, |s| s.session.actions().len())
}

fn is_declare(a: &CareerAction) -> bool {
    matches!(
        a,
        CareerAction::Patrol {
            action: PatrolAction::Declare { .. }
        }
    )
}

/// Clicks the decision panel's button for `action`.
fn click_choice(h: &mut H, action: &CareerAction) {
    let pending = career(h).pending();
    let index = pending
        .choices()
        .iter()
        .position(|c| &c.action == action)
        .unwrap();
    let label = pending.choices()[index].label.clone();
    let shown = if index < 9 {
        format!("{}  {label}", index + 1)
    } else {
        label
    };
    let before = played(h);
    click(h, &shown);
    assert_eq!(played(h), before + 1, "clicking '{shown}' played it");
}

/// Plays by clicking the decision panel until the salvo is asked: shots may be declared.
fn click_to_a_salvo(h: &mut H, seed: u64) {
    let mut rng = SeededRng::new(seed);
    for _ in 0..3000 {
        let pending = career(h).pending();
        if pending.choices().iter().any(|c| is_declare(&c.action)) {
            return;
        }
        let action = Policy::Careful
            .choose(career(h), &mut rng)
            .expect("a decision is pending");
        click_choice(h, &action);
    }
    panic!("no salvo in 3000 decisions");
}

fn loaded(h: &H, end: End) -> usize {
    let p = career(h).view().patrol.unwrap();
    let tubes = if end == End::Bow {
        p.bow_tubes
    } else {
        p.stern_tubes
    };
    tubes.iter().filter(|t| *t != "empty").count()
}

/// [8.2.3] A torpedo dragged from its bow tube onto the first target declares the shot; undo takes it
/// back; FIRE fires it and the tube is empty; the game saves and reopens as it was.
#[test]
fn a_torpedo_dragged_onto_a_target_declares_the_shot_and_fire_fires_it() {
    let storage = temp_storage("boards-combat");
    let mut h = harness(storage.clone());
    settle(&mut h);
    h.state_mut().start_game(Career::ID, false, Some(12));
    settle(&mut h);
    click_to_a_salvo(&mut h, 4);
    // The view moved to the Combat Sheet: the targets and the tubes are on it.
    assert!(h.query_by_label_contains("Target 1: ").is_some());
    let target = career(&h).view().patrol.unwrap().combat.unwrap().targets[0].clone();
    assert!(!target.sunk);
    let bow_before = loaded(&h, End::Bow);
    assert!(bow_before > 0, "torpedoes in the bow tubes");
    assert!(
        h.query_by_label_contains("Bow tube 1: Type").is_some(),
        "one counter per torpedo, by type"
    );

    let before = played(&h);
    drag_onto(&mut h, "Bow tube 1: ", "Target 1: ");
    assert_eq!(played(&h), before + 1, "the drop played one action");
    let last = career(&h).view().patrol.unwrap().combat.unwrap();
    assert_eq!(last.shots.len(), 1, "one shot declared");
    assert_eq!(last.shots[0].end, End::Bow);
    assert_eq!(last.shots[0].target, 0);
    assert_eq!(last.shots[0].stage, ShotStage::Declared);
    assert!(
        h.query_by_label_contains("1 shots declared").is_some(),
        "the target counts the declared shot"
    );
    assert!(
        h.query_by_label_contains("Bow tube 1: Type")
            .is_some_and(|n| n.rect().width() > 0.0)
            && h.query_all_by_label_contains(", declared").next().is_some(),
        "the tube's counter is marked as declared"
    );

    // Undo takes the declaration back.
    click(&mut h, "Undo");
    assert_eq!(played(&h), before);
    assert!(career(&h).view().patrol.unwrap().combat.unwrap().shots.is_empty());

    // Declare again by dragging, then FIRE on the sheet.
    drag_onto(&mut h, "Bow tube 1: ", "Target 1: ");
    assert_eq!(career(&h).view().patrol.unwrap().combat.unwrap().shots.len(), 1);
    click(&mut h, "Fire the 1 declared torpedoes");
    assert_eq!(played(&h), before + 2);
    assert_eq!(loaded(&h, End::Bow), bow_before - 1, "the torpedo left its tube");
    let last_action = table(&h).and_then(|s| s.session.actions().last().cloned());
    assert_eq!(
        last_action,
        Some(CareerAction::Patrol {
            action: PatrolAction::Fire
        })
    );

    // Save, reopen: the same game.
    let path = std::env::temp_dir().join(format!("periscope-boards-save-{}.json", std::process::id()));
    if let Some(s) = h.state_mut().table_mut::<Career>() {
        s.save_path = Some(path.clone());
        assert!(s.save());
    }
    let saved = career(&h).clone();
    let mut h2 = harness(storage);
    settle(&mut h2);
    h2.state_mut().open_path(&path).unwrap();
    settle(&mut h2);
    assert_eq!(career(&h2), &saved);
    assert!(h2.query_by_label_contains("Operations map").is_some());
    let _ = std::fs::remove_file(path);
}

/// [8.2.3] What was dragged is what fires (issue 13, defect 1): the torpedoes dragged from bow tubes 3 and
/// 2 are declared from exactly those tubes, with exactly their torpedoes — not the first loaded tubes.
#[test]
fn the_torpedo_dragged_is_the_torpedo_declared() {
    let storage = temp_storage("boards-tubes");
    let mut h = harness(storage);
    settle(&mut h);
    h.state_mut().start_game(Career::ID, false, Some(12));
    settle(&mut h);
    click_to_a_salvo(&mut h, 4);
    let tubes = career(&h).view().patrol.unwrap().bow_tubes;
    assert!(
        tubes.iter().take(3).all(|t| t != "empty"),
        "bow tubes 1-3 are loaded: {tubes:?}"
    );
    drag_onto(&mut h, "Bow tube 3: ", "Target 1: ");
    drag_onto(&mut h, "Bow tube 2: ", "Target 1: ");
    let combat = career(&h).view().patrol.unwrap().combat.unwrap();
    let declared: Vec<(End, u8)> = combat.shots.iter().map(|s| (s.end, s.tube)).collect();
    assert_eq!(
        declared,
        [(End::Bow, 3), (End::Bow, 2)],
        "the dragged tubes, in order"
    );
    for shot in &combat.shots {
        let in_tube = &tubes[usize::from(shot.tube) - 1];
        assert_eq!(
            periscope_engine::sensuikan::words::torpedo(shot.torpedo),
            in_tube,
            "tube {} holds the torpedo declared",
            shot.tube
        );
    }
    // Tube 1 was not dragged: it is still free, and says so.
    // A painted counter's words: a plain label keeps them as its value, a widget as its label.
    let label = |n: egui_kittest::Node<'_>| {
        let node = n.accesskit_node();
        let text = if node.role() == egui::accesskit::Role::Label {
            node.value()
        } else {
            node.label()
        };
        text.unwrap_or_default()
    };
    assert!(
        h.query_by_label_contains("Bow tube 1: ")
            .is_some_and(|n| !label(n).contains("declared")),
        "tube 1 was not dragged"
    );
    let marked: Vec<String> = h.query_all_by_label_contains(", declared").map(label).collect();
    assert_eq!(
        marked.len(),
        2,
        "exactly the two dragged tubes are marked: {marked:?}"
    );
    assert!(
        marked.iter().any(|l| l.contains("Bow tube 3")) && marked.iter().any(|l| l.contains("Bow tube 2")),
        "{marked:?}"
    );
}

/// [7.14] The Operations Map shows this month's Major Event markers and the current base, ringed.
#[test]
fn the_operations_map_shows_event_markers_and_the_base() {
    let mut h = harness(temp_storage("boards-map"));
    settle(&mut h);
    h.state_mut().start_game(Career::ID, false, Some(12));
    settle(&mut h);
    let view = career(&h).view();
    assert!(
        !view.map.events.is_empty(),
        "a career starts with Major Events on the map"
    );
    for e in &view.map.events {
        assert!(
            h.query_by_label_contains(&format!("Major Event {} in ", e.title))
                .is_some(),
            "marker for {}",
            e.title
        );
    }
    assert!(h.query_by_label_contains("(current base)").is_some());
    assert!(
        h.query_by_label_contains("Area Europe: 5 outbound and 5 homebound")
            .is_some()
    );
}

/// Track mode for Sensuikan: the start screen offers it; counters drag, flip and are saved; the table
/// comes back on reopening.
#[test]
fn sensuikan_track_counters_drag_flip_and_are_saved() {
    let storage = temp_storage("boards-track");
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Track mode: Sensuikan");
    match &h.state().screen {
        Screen::Track(t) => assert_eq!(t.table.game, "sensuikan"),
        _ => panic!("not in Track mode"),
    }
    // The full mix is on the table.
    for label in [
        "T95", "T89", "T6", "T92", "DMG", "INOP", "LW", "SW", "KIA", "KAITEN", "MIDGET", "EVENT",
    ] {
        assert!(
            h.query_all_by_label(&format!("Counter {label}")).next().is_some(),
            "counter {label}"
        );
    }
    let node = h.get_by_label("Counter SUB");
    let from = node.rect().center();
    let to = from + egui::vec2(180.0, 20.0);
    h.drag_at(from);
    h.step();
    h.hover_at(from + egui::vec2(90.0, 10.0));
    h.step();
    h.hover_at(to);
    h.step();
    h.drop_at(to);
    settle(&mut h);
    let moved = h.get_by_label("Counter SUB").rect().center();
    assert!((moved - to).length() < 4.0, "the counter follows the pointer");
    h.get_by_label("Counter RANK").click_secondary();
    settle(&mut h);
    assert!(h.query_by_label("Counter RANK (flipped)").is_some());

    let saved =
        TrackTable::parse(&std::fs::read_to_string(storage.track_table("sensuikan")).unwrap()).unwrap();
    assert_eq!(saved.game, "sensuikan");
    assert!(saved.counters.iter().any(|c| c.label == "RANK" && c.flipped));
    assert_eq!(saved.counters.last().map(|c| c.label.as_str()), Some("SUB"));
    assert!(
        !storage.track_table("hunt").exists() && !storage.dir.join("track-table.json").exists(),
        "Hunt's table is left alone"
    );

    let mut h2 = harness(storage);
    settle(&mut h2);
    click(&mut h2, "Track mode: Sensuikan (your table)");
    match &h2.state().screen {
        Screen::Track(t) => assert_eq!(t.table, saved),
        _ => panic!("not in Track mode"),
    }
}

//! Atlantic Sentinels as a single convoy on the desktop, driven like a player: the convoy set up in its
//! wizard (a small convoy opens T1B [6.1 1B] [ERRATA T-1B]), the escorts arrayed by dragging their
//! counters into the escort boxes, each drop naming exactly the escort dragged [6.1 2e], in any order, one
//! placed escort moved; a drop on a held box snaps back with the rule's words [7.1.3]; an escort dragged onto a detected U-boat
//! away from its box moves and flips to Moved [7.1.3]; the mission played to its end, undone, saved and
//! reopened.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use periscope_app::PeriscopeApp;
use periscope_app::atlantic::wizard::Wizard;
use periscope_engine::Session;
use periscope_engine::atlantic::{Mission, MissionAction, Phase};
use periscope_engine::dice::SeededRng;
use periscope_engine::policy::Policy;
use periscope_engine::{Game, Pending};

type H = Harness<'static, PeriscopeApp>;

fn session(h: &H) -> &Session<Mission> {
    match h.state().session::<Mission>() {
        Some(s) => s,
        None => panic!("not on the convoy's table"),
    }
}

fn game(h: &H) -> &Mission {
    session(h).game()
}

/// [4.1] [6.1 1A] The wizard: B-1 from Londonderry, the convoy's size chosen, digital dice on a seed.
fn start_convoy(h: &mut H, seed: u64, size: &str) {
    settle(h);
    // The Atlantic card opens the career's wizard, which offers the single convoy.
    click(h, "New Atlantic career");
    click(h, "A single convoy…");
    assert!(h.state().screen_as::<Wizard>().is_some(), "the wizard opens");
    if let Some(w) = h.state_mut().screen_as_mut::<Wizard>() {
        w.seed_text = seed.to_string();
    }
    click(h, size);
    click(h, "Start the convoy");
    let message = h
        .state()
        .screen_as::<Wizard>()
        .map(|w| (w.message.clone(), w.seed_text.clone(), w.convoy));
    assert!(
        h.state().session::<Mission>().is_some(),
        "the convoy opens on its table: {message:?}"
    );
}

/// The first escort still to place, and the boxes open to her [6.1 2e] (the escorts are placed in any
/// order; one already placed may be moved, which this helper never asks).
fn to_place(g: &Mission) -> Option<(String, Vec<String>)> {
    let v = g.view();
    let unplaced = |s: &str| v.escorts.iter().any(|e| e.ship == s && e.station.is_none());
    let mut ship: Option<String> = None;
    let mut boxes = Vec::new();
    for c in g.pending().choices() {
        if let MissionAction::Place { ship: s, station } = &c.action
            && unplaced(s)
            && ship.as_ref().is_none_or(|first| first == s)
        {
            ship = Some(s.clone());
            boxes.push(station.clone());
        }
    }
    ship.map(|s| (s, boxes))
}

fn escort_name(g: &Mission, ship: &str) -> String {
    g.view()
        .escorts
        .iter()
        .find(|e| e.ship == ship)
        .unwrap()
        .name
        .clone()
}

/// Clicks the careful captain's choice in the decision panel, by its label.
fn click_careful(h: &mut H, rng: &mut SeededRng) {
    let g = game(h);
    let pending = g.pending();
    let action = Policy::Careful.choose(g, rng).expect("a decision");
    let label = pending
        .choices()
        .iter()
        .find(|c| c.action == action)
        .unwrap()
        .label
        .clone();
    let before = session(h).actions().len();
    click_choice(h, &label);
    assert_eq!(session(h).actions().len(), before + 1, "{label} was played");
}

/// Arrays every escort by dragging, each into the first box open to it.
fn array_by_dragging(h: &mut H) {
    while let Some((ship, boxes)) = to_place(game(h)) {
        let name = escort_name(game(h), &ship);
        let before = session(h).actions().len();
        drag_onto(
            h,
            &format!("Escort {name} ("),
            &format!("Escort box {}", boxes[0]),
        );
        assert_eq!(
            session(h).actions().len(),
            before + 1,
            "{name} placed by its drag"
        );
        assert_eq!(
            session(h).actions().last(),
            Some(&MissionAction::Place {
                ship: ship.clone(),
                station: boxes[0].clone()
            })
        );
    }
}

/// [6.1 1B] [6.1 2e] [7.1.3] A small convoy opens T1B; the escort dragged is exactly the escort placed;
/// one placed escort moves without redoing the others; a drop on a held box snaps back with the rule's
/// words (no engine text); the rest are arrayed in reverse order.
#[test]
fn a_small_convoy_is_arrayed_by_dragging_on_t1b() {
    let mut h = harness(temp_storage("atlantic-array"));
    start_convoy(&mut h, 3, "A small convoy (T1B)");
    assert_eq!(game(&h).view().display, "T1B");
    assert!(
        h.query_by_label_contains("Tactical Display T1B").is_some(),
        "the board shows T1B"
    );
    assert!(
        matches!(game(&h).phase(), Phase::Battle(_)),
        "seed 3 meets a wolfpack in box 3"
    );
    // The boxes sailed before the first decision are told in the panel [6.1 2A].
    assert!(
        h.query_by_label_contains("Encounter: ").is_none(),
        "the log is empty"
    );
    click(&mut h, "How the convoy put to sea");
    assert!(h.query_all_by_label_contains("Encounter: ").count() >= 1);

    let (first, boxes) = to_place(game(&h)).unwrap();
    assert_eq!(first, "hurricane");
    assert!(boxes.contains(&"J".to_string()));
    drag_onto(&mut h, "Escort Hurricane (", "Escort box J");
    assert_eq!(
        session(&h).actions().last(),
        Some(&MissionAction::Place {
            ship: "hurricane".into(),
            station: "J".into()
        }),
        "the action names the escort dragged"
    );
    let v = game(&h).view();
    assert_eq!(v.escorts[0].station.as_deref(), Some("J"));
    assert!(v.escorts[1..].iter().all(|e| e.station.is_none()));

    // [6.1 2e] The SOE arrays as he sees fit: Hurricane, placed, moves from J to A without redoing the
    // others.
    drag_onto(&mut h, "Escort Hurricane (", "Escort box A");
    assert_eq!(
        game(&h).view().escorts[0].station.as_deref(),
        Some("A"),
        "she moved to A"
    );
    assert!(game(&h).view().escorts[1..].iter().all(|e| e.station.is_none()));

    // [7.1.3] One escort to a box: Rockingham dropped on A (Hurricane's) snaps back, and the table says why
    // in the rule's words, never the engine's.
    let played = session(&h).actions().len();
    drag_onto(&mut h, "Escort Rockingham (", "Escort box A");
    assert_eq!(session(&h).actions().len(), played, "the drop is refused");
    assert_eq!(game(&h).view().escorts[1].station, None, "she snaps back");
    let status = h
        .state()
        .table::<Mission>()
        .unwrap()
        .status
        .clone()
        .unwrap_or_default();
    assert_eq!(
        status, "Box A is held by Hurricane: one escort to a box [7.1.3].",
        "the board says why in the rule's words"
    );
    for engine_words in ["not possible now", "waits for", "mission:", "'place"] {
        assert!(!status.contains(engine_words), "no engine words: {status}");
    }

    // The rest in reverse order of the group, the last escort first.
    let names: Vec<String> = game(&h).view().escorts.iter().map(|e| e.name.clone()).collect();
    for name in names.iter().skip(1).rev() {
        let (_, open) = {
            let g = game(&h);
            let ship = g
                .view()
                .escorts
                .iter()
                .find(|e| &e.name == name)
                .unwrap()
                .ship
                .clone();
            let open: Vec<String> = g
                .pending()
                .choices()
                .iter()
                .filter_map(|c| match &c.action {
                    MissionAction::Place { ship: s, station } if *s == ship && station != "S" => {
                        Some(station.clone())
                    }
                    _ => None,
                })
                .collect();
            (ship, open)
        };
        let station = open.first().expect("a box open to her").clone();
        drag_onto(
            &mut h,
            &format!("Escort {name} ("),
            &format!("Escort box {station}"),
        );
        let v = game(&h).view();
        if let Some(e) = v.escorts.iter().find(|e| &e.name == name) {
            assert_eq!(
                e.station.as_deref(),
                Some(station.as_str()),
                "{name} to {station}"
            );
        }
    }
    assert!(
        game(&h).view().escorts.iter().all(|e| e.station.is_some()),
        "every escort on station"
    );
}

/// A seed whose mission, played carefully, reaches a hunt in which an escort must move to the boat.
fn seed_with_a_move() -> u64 {
    for seed in 1..200 {
        let mut g = Mission::new(Default::default(), seed, periscope_engine::DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        for _ in 0..400 {
            let p = g.pending();
            if let Pending::Decision(d) = &p
                && d.choices.iter().any(|c| c.label.contains("moves to hunt it"))
            {
                return seed;
            }
            let Some(a) = Policy::Careful.choose(&g, &mut rng) else {
                break;
            };
            g.apply(a).unwrap();
        }
    }
    panic!("no seed moves an escort");
}

/// [7.1.3] An escort dropped on a detected boat away from its box commits to the hunt and, once the
/// hunt begins, moves beside it and flips to Moved; the mission is played to its end, undone, and comes
/// back whole from its save.
#[test]
fn an_escort_moves_to_a_detected_boat_and_the_convoy_is_played_to_its_end() {
    let seed = seed_with_a_move();
    let storage = temp_storage("atlantic-whole");
    let mut h = harness(storage.clone());
    start_convoy(&mut h, seed, "Rolled on A1a / A1b");
    let mut rng = SeededRng::new(seed);
    let mut moved = false;
    for _ in 0..600 {
        if game(&h).pending().choices().is_empty() {
            break;
        }
        if to_place(game(&h)).is_some() {
            array_by_dragging(&mut h);
            continue;
        }
        let pending = game(&h).pending();
        let mover = pending.choices().iter().find_map(|c| match &c.action {
            MissionAction::Hunt { ship } if !moved && c.label.contains("moves to hunt it") => {
                Some(ship.clone())
            }
            _ => None,
        });
        if let Some(ship) = mover {
            let b = game(&h).view().battle.unwrap();
            let boat = b
                .boats
                .iter()
                .find(|u| u.detected && u.state == "active")
                .unwrap()
                .number;
            let name = escort_name(game(&h), &ship);
            drag_onto(&mut h, &format!("Escort {name} ("), &format!("U-boat {boat} ("));
            assert_eq!(
                session(&h).actions().last(),
                Some(&MissionAction::Hunt { ship: ship.clone() })
            );
            // Dropped again on the boat, she is committed already: the engine refuses.
            let played = session(&h).actions().len();
            drag_onto(&mut h, &format!("Escort {name} ("), &format!("U-boat {boat} ("));
            assert_eq!(
                session(&h).actions().len(),
                played,
                "a committed escort snaps back"
            );
            let status = h
                .state()
                .table::<Mission>()
                .unwrap()
                .status
                .clone()
                .unwrap_or_default();
            assert!(status.contains("committed to the hunt"), "{status}");
            let engage = game(&h)
                .pending()
                .choices()
                .iter()
                .find(|c| c.action == MissionAction::Engage)
                .unwrap()
                .label
                .clone();
            click_choice(&mut h, &engage);
            let e = game(&h)
                .view()
                .escorts
                .into_iter()
                .find(|e| e.ship == ship)
                .unwrap();
            if game(&h).battle().is_some() {
                assert!(e.moved, "{name} moved and flipped to Moved");
                let prefix = format!("Escort {name} (");
                assert!(
                    h.query(egui_kittest::kittest::by().predicate(|n| {
                        n.label()
                            .or_else(|| n.value())
                            .is_some_and(|l| l.starts_with(prefix.as_str()) && l.contains(", moved"))
                    }))
                    .is_some(),
                    "her counter shows its Moved back: {:?}",
                    h.query_all_by_label_contains(&prefix)
                        .map(|n| format!("{n:?}"))
                        .collect::<Vec<_>>()
                );
            }
            moved = true;
            continue;
        }
        click_careful(&mut h, &mut rng);
    }
    assert!(moved, "an escort moved");
    assert!(game(&h).result().is_some(), "the mission is over");
    assert!(
        h.query_by_label_contains("Convoy marker: arrived").is_some() || game(&h).result().unwrap().soe_sunk
    );

    // [4.3.2] Print / Export… fills the Convoy Log from the result: one row, the totals the result's.
    let result = game(&h).result().unwrap();
    let paper = periscope_app::screen::TableGame::paperwork(game(&h)).unwrap();
    let sheet = &paper.sheets[0];
    assert_eq!(sheet.rows.len(), 1);
    assert_eq!(sheet.rows[0].cells[0], result.month.short());
    let lost = sheet.totals.iter().find(|(k, _)| k == "Tonnage lost").unwrap();
    assert_eq!(
        lost.1,
        format!("{} t", periscope_print::atlantic::tons(result.tonnage_lost))
    );
    for s in result.merchants_lost.iter() {
        assert!(
            sheet.rows[0].cells[3].contains(&format!("† {} ", s.name)),
            "{} marked sunk (and so ringed)",
            s.name
        );
    }

    // Undo takes the last action back; redo plays it again.
    let played = session(&h).actions().len();
    click(&mut h, "Undo");
    assert_eq!(session(&h).actions().len(), played - 1);
    assert!(game(&h).result().is_none());
    click(&mut h, "Redo");
    assert_eq!(session(&h).actions().len(), played);

    // The autosave brings the whole convoy back.
    let actions = session(&h).actions().to_vec();
    let mut h = harness(storage);
    settle(&mut h);
    // The Atlantic card's Continue resumes the single convoy's autosave when no career has one.
    click(&mut h, "Continue Atlantic career");
    assert_eq!(session(&h).actions(), actions.as_slice());
    assert!(game(&h).result().is_some());
}

/// [4.1] [4.7] [12.7] The wizard's answers are the mission's options: another group, the other base, an
/// optional rule; a large convoy opens T1A.
#[test]
fn the_wizard_sails_the_group_and_rules_chosen() {
    let mut h = harness(temp_storage("atlantic-wizard"));
    settle(&mut h);
    click(&mut h, "New Atlantic career");
    click(&mut h, "A single convoy…");
    h.get_by_label_contains("Group B-2: ").click();
    settle(&mut h);
    click(&mut h, "Sail from St. John's");
    click(&mut h, "Limited depth charges [12.7]");
    click(&mut h, "A large convoy (T1A)");
    click(&mut h, "Start the convoy");
    let g = game(&h);
    let o = g.options();
    assert_eq!((o.group.as_str(), o.base.as_str()), ("b2", "st_johns"));
    assert!(o.optional.limited_depth_charges);
    assert_eq!(g.view().display, "T1A");
    assert_eq!(g.view().group, "B-2");
    assert!(h.query_by_label_contains("Tactical Display T1A").is_some());
}

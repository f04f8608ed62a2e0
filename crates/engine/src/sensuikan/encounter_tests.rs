//! Sensuikan patrol tests: the encounter roll [6.2.2B] [8.1.x], capital ships and warships [8.1.4] [8.1.5];
//! scripted dice, each test citing its rule case.

use periscope_data::sensuikan::charts::System;

use super::test_support::*;
use super::*;

// ---- [6.2.2B] / [8.1.x] encounter rolls ----------------------------------------------------------------

/// [8.1.2] A submarine with operational radar gets a second encounter chance if the first roll was a "5".
#[test]
fn radar_rolls_again_after_a_five() {
    let opts = PatrolOptions {
        start: month(1944, 7),
        ..patrol_opts()
    };
    let mut g = on_station_late(opts.clone());
    let ev = feed(&mut g, &[2, 3, 3, 4]);
    assert_eq!(
        rolls_of(&ev, "6.2.2B").len(),
        2,
        "5, then the radar's second roll: 7"
    );
    assert!(waits_roll(&g, RollPurpose::Contact(ContactRoll::ShipCount)));
    // Radar damaged: a 5 is simply no encounter, and the boat moves on.
    let mut g = on_station_late(opts);
    g.boat.systems.push((System::Radar, SystemState::Damaged));
    let ev = feed(&mut g, &[2, 3]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::EnteredBox { number: 4, .. }))
    );
}

/// [8.7.1] A Navigation officer with the Expert skill may re-roll the encounter in any non-transit box.
#[test]
fn expert_navigator_rerolls_on_station_only() {
    let opts = PatrolOptions {
        crew: CrewSetup {
            expert_navigator: true,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    // The two transit boxes were rolled without asking.
    let mut g = on_station(opts);
    feed(&mut g, &[3, 4]);
    assert!(waits(&g, AskView::Reroll));
    feed(&mut g, &[3, 3]);
    act(&mut g, "reroll");
    // The re-roll is final: 6 = nothing, the next box.
    assert_eq!(g.position(), 3);
    feed(&mut g, &[3, 4]);
    assert!(waits(&g, AskView::Reroll));
    feed(&mut g, &[1]);
    act(&mut g, "keep");
    assert!(
        g.combat()
            .is_some_and(|c| c.picture.kind == ContactKind::ShipsEscorted)
    );
}

/// [8.1.8 note] Early in the war, transit boxes generate no encounters, but the player still rolls to catch a
/// 12 (random event).
#[test]
fn early_war_transit_boxes_have_no_encounters() {
    // 12/41: transit rolls of 2 and 11 are nothing.
    let g = scripted(patrol_opts(), &[4, 1, 1, 5, 6]);
    assert_eq!(g.position(), 2);
    assert!(g.combat().is_none());
    // From 7/42 the transit column has encounters: a 2 is a ship.
    let opts = PatrolOptions {
        start: month(1942, 7),
        ..patrol_opts()
    };
    let mut g = scripted(opts, &[1, 1]);
    act(&mut g, "load 0");
    assert_eq!(g.position(), 0);
    assert!(g.combat().is_some_and(|c| c.picture.kind == ContactKind::Ship));
}

/// [8.5.4] One diesel fails → abort; two encounter rolls per box on the way home.
#[test]
fn a_diesel_out_aborts_and_rolls_twice_per_box() {
    let mut g = on_station(patrol_opts());
    // A3 natural 12: random event; B11 5 = diesel breakdown; the repair fails (6): INOP.
    let ev = feed(&mut g, &[6, 6, 2, 3, 6]);
    assert!(g.aborted());
    assert_eq!(g.boat().diesels_out, 1);
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Aborted { .. })));
    // [8.6.2] The nearer end is the outbound one: two transit boxes back.
    assert_eq!(g.route().len(), 5);
    let ev = feed(&mut g, &[3, 3, 4, 4]);
    assert_eq!(rolls_of(&ev, "6.2.2B").len(), 2);
    assert_eq!(g.position(), 4, "two rolls in box 4, then box 5");
}

// ---- capital ships and warships ------------------------------------------------------------------------

/// [8.1.4] Capital ship: roll on T4 (US list here), always escorted, escorts +1 DRM on detection.
#[test]
fn capital_ships_are_escorted_and_plus_one_to_detect() {
    let mut g = on_station(patrol_opts());
    feed(&mut g, &[1, 1, 1, 1]);
    let c = g.combat().cloned();
    let Some(c) = c else { panic!("no contact") };
    assert!(c.picture.escorted && c.picture.targets[0].capital);
    let us = g
        .charts()
        .t4
        .roll(periscope_data::sensuikan::charts::CapitalList::Us, 1)
        .map(|r| r.result.name.clone());
    assert_eq!(Some(c.picture.targets[0].ship.name.clone()), us);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    assert!(waits(&g, AskView::TestDepth));
    feed(&mut g, &[3, 3]);
    let ev = act(&mut g, "shallow");
    let det = rolls_of(&ev, "8.2.5");
    assert!(has_mod(det[0], "8.1.4", 1), "{det:?}");
}

/// [8.1.4] In the DEI, Malaya, Indochina or Indian Ocean, use the British sub-list.
#[test]
fn capital_ships_in_british_areas_use_the_british_list() {
    let opts = PatrolOptions {
        area: "dei".into(),
        ..patrol_opts()
    };
    let mut g = scripted(opts, &[4, 3, 3]);
    feed(&mut g, &[1, 1, 1, 1]);
    let british = g
        .charts()
        .t4
        .roll(periscope_data::sensuikan::charts::CapitalList::British, 1)
        .map(|r| r.result.name.clone());
    assert_eq!(
        g.combat().map(|c| c.picture.targets[0].ship.name.clone()),
        british
    );
}

/// [8.1.5] Warship: T3, always escorted; all warships are Fast Targets (+1 to hit), and DE, DD and generic
/// escorts another +1 (small).
#[test]
fn warships_are_fast_and_destroyers_small() {
    // T3 1 = a Fletcher-class destroyer: +2.
    let mut g = on_station(patrol_opts());
    feed(&mut g, &[1, 2, 1, 1]);
    assert!(g.combat().is_some_and(|c| c.picture.escorted));
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[3, 3]);
    let ev = act(&mut g, "fire");
    let hit = rolls_of(&ev, "8.2.3");
    assert_eq!(hit[0].modifiers.iter().map(|m| m.value).sum::<i32>(), 2);
    assert_eq!(hit[0].result, 8);
    // T3 11 = a light cruiser: fast only, +1.
    let mut g = on_station(patrol_opts());
    feed(&mut g, &[1, 2, 11, 1]);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[3, 3]);
    let ev = act(&mut g, "fire");
    let hit = rolls_of(&ev, "8.2.3");
    assert!(has_mod(hit[0], "8.1.5", 1));
    assert_eq!(hit[0].modifiers.len(), 1);
}

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
    // T3 4 = USS O'Brien, a destroyer: +2 (in 12/41 no Fletcher-class is in service yet).
    let mut g = on_station(patrol_opts());
    feed(&mut g, &[1, 2, 4, 1]);
    assert!(g.combat().is_some_and(|c| c.picture.escorted));
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[3, 3]);
    let ev = act(&mut g, "fire");
    let hit = rolls_of(&ev, "8.2.3");
    assert_eq!(hit[0].modifiers.iter().map(|m| m.value).sum::<i32>(), 2);
    assert_eq!(hit[0].result, 8);
    // T3 15 = USS Indianapolis, a cruiser: fast only, +1 (USS Juneau is not commissioned before 2/42).
    let mut g = on_station(patrol_opts());
    feed(&mut g, &[1, 2, 15, 1]);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[3, 3]);
    let ev = act(&mut g, "fire");
    let hit = rolls_of(&ev, "8.2.3");
    assert!(has_mod(hit[0], "8.1.5", 1));
    assert_eq!(hit[0].modifiers.len(), 1);
}

/// Ships in their own time (`docs/tables.md`): a roll never produces a ship outside her service dates. In
/// 12/41 T3 18 = USS Liscome Bay (commissioned 8/43) is identified again; T3 15 = USS Indianapolis stands.
#[test]
fn a_ship_out_of_her_time_is_identified_again() {
    let mut g = on_station(patrol_opts());
    let ev = feed(&mut g, &[1, 2, 18, 15, 1]);
    let t3: Vec<_> = rolls_of(&ev, "8.1.5");
    assert_eq!(t3.len(), 2, "{ev:?}");
    assert!(
        t3[0]
            .outcome
            .contains("USS Liscome Bay (CVE-56) was not in service in 12/41: identify again")
    );
    assert_eq!(
        g.combat().map(|c| c.picture.targets[0].ship.name.clone()),
        Some("USS Indianapolis (CA-35)".into())
    );
}

/// Ships in their own time: random patrols in every month of the war, in every area, never meet a ship
/// out of service (the Pacific and British lists, merchants and warships alike).
#[test]
fn random_patrols_meet_ships_only_in_their_own_time() {
    use crate::dice::{DiceMode, SeededRng};
    use crate::game::{Game, Pending};
    let areas = [
        "pearl_harbor",
        "central_pacific",
        "dei",
        "indian_ocean",
        "solomons",
        "us_west_coast",
    ];
    let mut met = 0;
    for seed in 0..240u64 {
        let i = usize::try_from(seed).unwrap_or(0);
        let start = crate::Month {
            year: 1941,
            month: 12,
        }
        .plus(i32::try_from(seed % 44).unwrap_or(0));
        let opts = PatrolOptions {
            class: "kd6".into(),
            area: areas[i % areas.len()].into(),
            start,
            ..patrol_opts()
        };
        let Ok(mut g) = Patrol::new(opts, seed, DiceMode::Seeded) else {
            panic!("seed {seed}")
        };
        let mut rng = SeededRng::new(seed);
        for _ in 0..5000 {
            if let Pending::Over { .. } = g.pending() {
                break;
            }
            if let Some(c) = g.combat() {
                for t in &c.picture.targets {
                    assert!(
                        t.ship.in_service(start),
                        "seed {seed}: {} in {start}",
                        t.ship.name
                    );
                    met += 1;
                }
            }
            let Some(a) = policy::Policy::Random.choose(&g, &mut rng) else {
                panic!("seed {seed}: no choice")
            };
            g.apply(a).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
        for s in g.result().map(|r| r.ships).unwrap_or_default() {
            let charts = g.charts();
            let rows = charts
                .t1
                .chart
                .rows
                .iter()
                .chain(&charts.t2.chart.rows)
                .chain(&charts.t3.chart.rows)
                .chain(&charts.t5.chart.rows)
                .chain(charts.t4.table.columns.iter().flat_map(|c| &c.chart.rows));
            let ship = rows.map(|r| &r.result).find(|x| x.name == s.name);
            assert!(
                ship.is_none_or(|x| x.in_service(start)),
                "seed {seed}: {} in {start}",
                s.name
            );
        }
    }
    assert!(
        met > 500,
        "only {met} sightings of a target: the test meets too few ships"
    );
}

//! Sensuikan patrol tests: the special missions on patrol [7.x]; scripted dice, each test citing its rule
//! case.

use super::test_support::*;
use super::*;
use crate::dice::DiceMode;
use crate::game::Game;

// ---- special missions (patrol side) ---------------------------------------------------------------------

fn mission_opts(mission: MissionPlan) -> PatrolOptions {
    PatrolOptions {
        mission,
        ..PatrolOptions::default()
    }
}

fn result_of(g: &Patrol) -> PatrolResult {
    match g.result() {
        Some(r) => r,
        None => panic!("not over: {:?}", g.phase()),
    }
}

/// [7.4] Transport: tubes loaded, no reloads; the Supplies marker. At the first non-transit box, roll A3
/// Special Missions: an encounter is resolved and the roll made again; no encounter delivers the supplies.
#[test]
fn transport_rolls_special_missions_until_clear() {
    // Load 4 = all Type 95; two quiet transit boxes; the mission box rolls A3 Special Missions.
    let mut g = scripted(mission_opts(MissionPlan::Transport), &[4, 3, 3, 3, 3]);
    assert!(g.boat().bow_reloads.is_empty() && g.boat().stern_reloads.is_empty());
    assert_eq!(g.boat().torpedoes(), 8);
    assert!(g.markers.iter().any(|m| m == "supplies"));
    assert!(waits_roll(&g, RollPurpose::MissionEncounter));
    // 3 = aircraft; the quick dive 6 avoids it; then 7 = no encounter: delivered.
    let ev = feed(&mut g, &[1, 2, 3, 3, 3, 4]);
    assert_eq!(rolls_of(&ev, "7.4").len(), 2);
    assert!(!g.markers.iter().any(|m| m == "supplies"));
    assert_eq!(g.mission.success, Some(true));
    // The mission was the box's encounter: on to the next box.
    assert_eq!(g.position(), 3);
    // The rest of the patrol is quiet.
    feed(&mut g, &[3, 3, 3, 3, 3, 3, 3, 3]);
    let r = result_of(&g);
    assert_eq!(r.mission, MissionPlan::Transport);
    assert_eq!(r.mission_success, Some(true));
}

/// [7.2] Picket duty: the sub may not engage or track merchant traffic; success = engaged in combat at
/// least one warship or capital ship (sinking it is not required).
#[test]
fn picket_duty_no_merchants_and_success_on_a_warship() {
    let mut g = escorted_contact(on_station(mission_opts(MissionPlan::PicketDuty)), 2);
    assert!(refused(&mut g, "attack medium submerged"));
    assert!(refused(&mut g, "change_time"));
    act(&mut g, "decline");
    // Without a warship the picket fails.
    feed(&mut g, &[3, 3, 3, 3, 3, 3, 3, 3]);
    assert_eq!(result_of(&g).mission_success, Some(false));
    // A3 3 = warship, T3 4 (USS O'Brien; no Fletcher-class in 12/41), day: engaging it is the success,
    // hit or miss.
    let mut g = on_station(mission_opts(MissionPlan::PicketDuty));
    feed(&mut g, &[1, 2, 4, 1]);
    let ev = act(&mut g, "attack medium submerged");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Mission { .. })));
    assert!(g.mission.done);
}

/// [7.10] Minelaying: mines are carried in the torpedo tubes, which reduces the torpedo load by the number
/// of tubes used; A3 Special Missions until clear; after laying, the tubes may be reloaded with torpedoes.
#[test]
fn minelaying_mines_take_tubes_then_reload() {
    let mut g = scripted(mission_opts(MissionPlan::Minelaying), &[4, 3, 3, 3, 3]);
    assert_eq!(g.boat().torpedoes(), 18, "two bow tubes hold mines");
    assert_eq!(g.boat().bow_tubes.iter().filter(|t| t.is_none()).count(), 2);
    assert_eq!(g.torpedo_ledger().0, 18);
    assert!(waits_roll(&g, RollPurpose::MissionEncounter));
    let ev = feed(&mut g, &[3, 4]);
    assert_eq!(rolls_of(&ev, "7.10").len(), 1);
    assert_eq!(g.mission.success, Some(true));
    assert!(g.boat().bow_tubes.iter().all(Option::is_some), "reloaded");
    assert_eq!(g.boat().torpedoes(), 18);
}

/// [7.10 note] Kirai-Sen lays mines from stern compartments and does not reduce its torpedo load.
#[test]
fn kirai_sen_lays_from_the_stern_without_losing_torpedoes() {
    let plain = Patrol::new(
        PatrolOptions {
            class: "kirai_sen".into(),
            start: month(1942, 7),
            mission: MissionPlan::Patrol,
            ..PatrolOptions::default()
        },
        1,
        DiceMode::Physical,
    );
    let mines = Patrol::new(
        PatrolOptions {
            class: "kirai_sen".into(),
            start: month(1942, 7),
            mission: MissionPlan::Minelaying,
            ..PatrolOptions::default()
        },
        1,
        DiceMode::Physical,
    );
    let (Ok(mut plain), Ok(mut mines)) = (plain, mines) else {
        panic!("kirai_sen patrols")
    };
    act(&mut plain, "load 0");
    act(&mut mines, "load 0");
    assert_eq!(plain.boat().torpedoes(), mines.boat().torpedoes());
    assert_eq!(mines.mission.mines_aboard, 0);
    assert!(mines.markers.iter().any(|m| m == "mines"));
}

/// [7.11] Passenger delivery: A3 Special Missions until clear, the passenger lands, success; the passenger
/// counts as a pilot on the Crew Wounds Table, and SW or KIA before landing is a failure.
#[test]
fn passenger_delivery_and_the_passenger_on_b7() {
    let g = scripted(
        mission_opts(MissionPlan::PassengerDelivery),
        &[4, 3, 3, 3, 3, 3, 4],
    );
    assert_eq!(g.mission.success, Some(true));
    assert!(g.mission.passenger.is_none(), "landed");
    // Wounded on the way: B7 11 (pilot) falls on the passenger; SW before the mission box fails it.
    let mut g = scripted(mission_opts(MissionPlan::PassengerDelivery), &[4, 3, 3]);
    let mut ev = Vec::new();
    let resolved = g.resolve(
        RollPurpose::Damage(DamageRoll::CrewWho { auto_lw: true }),
        vec![5, 6],
        &mut ev,
    );
    assert_eq!(resolved, Ok(()));
    assert_eq!(g.mission.passenger, Some(Some(Wound::Lw)));
    assert!(g.crew().crew.iter().all(Option::is_none));
    g.mission.passenger = Some(Some(Wound::Sw));
    g.phase = Phase::Roll {
        purpose: RollPurpose::Encounter,
    };
    feed(&mut g, &[3, 3]);
    assert_eq!(g.mission.success, Some(false));
    assert!(waits_roll(&g, RollPurpose::Encounter), "the box rolls as usual");
}

/// [7.6] Evacuation: tubes loaded, no reloads; A3 Special Missions until clear, passengers embarked;
/// success requires returning to base with the passenger unharmed.
#[test]
fn evacuation_needs_the_passengers_home() {
    let g = scripted(
        mission_opts(MissionPlan::Evacuation),
        &[4, 3, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 3, 3, 3],
    );
    assert!(g.boat().bow_reloads.is_empty());
    let r = result_of(&g);
    assert_eq!(r.mission_success, Some(true));
    // A passenger seriously wounded on the way home fails it.
    let mut g = scripted(mission_opts(MissionPlan::Evacuation), &[4, 3, 3, 3, 3, 3, 4]);
    assert_eq!(g.mission.passenger, Some(None));
    g.mission.passenger = Some(Some(Wound::Sw));
    feed(&mut g, &[3, 3, 3, 3, 3, 3, 3, 3]);
    assert_eq!(result_of(&g).mission_success, Some(false));
}

/// [7.9] Coastal bombardment: A3 Special Missions until clear, then surface and remove all deck-gun
/// ammunition; success = the sub returns to base.
#[test]
fn coastal_bombardment_fires_all_ammunition() {
    let g = scripted(
        mission_opts(MissionPlan::CoastalBombardment),
        &[4, 3, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 3, 3, 3],
    );
    assert_eq!(g.boat().ammunition, 0);
    assert_eq!(result_of(&g).mission_success, Some(true));
}

/// [7.1] Reconnaissance requires an aviation-equipped sub; a Type C has no aircraft, so it is unable to fly
/// the mission and makes a normal patrol [7.14]; the result says so.
#[test]
fn reconnaissance_falls_back_to_a_patrol() {
    let g = scripted(mission_opts(MissionPlan::Reconnaissance), &[4, 3, 3, 3, 3]);
    assert!(
        waits_roll(&g, RollPurpose::Encounter),
        "the mission box rolls as usual"
    );
    let mut g = g;
    feed(&mut g, &[3, 3, 3, 3, 3, 3, 3, 3, 3, 3]);
    let r = result_of(&g);
    assert_eq!(r.mission, MissionPlan::Patrol);
    assert_eq!(r.mission_success, None);
    assert!(r.mission_note.is_some_and(|n| n.contains("7.14")));
}

/// [7.0] A mission field missing from an options file is a plain patrol.
#[test]
fn a_missing_mission_is_a_plain_patrol() {
    let o: PatrolOptions = match serde_json::from_str("{\"area\": \"pearl_harbor\"}") {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(o.mission, MissionPlan::Patrol);
    assert_eq!(PatrolOptions::default().mission, MissionPlan::MidgetAttack);
}

/// [7.5] Strategic transport to Europe: follow the Indian Ocean transit boxes toward Europe, with one A3
/// "Special Missions" roll per box, and reverse to return; success = the supplies delivered in Europe.
#[test]
fn europe_transport_rolls_special_missions_on_the_route() {
    let opts = PatrolOptions {
        class: "type_a".into(),
        area: "europe".into(),
        start: month(1942, 7),
        mission: MissionPlan::EuropeTransport,
        ..PatrolOptions::default()
    };
    let mut g = scripted(opts, &[]);
    act(&mut g, "load 0");
    let map_boxes = g.route().iter().filter(|b| b.map_box).count();
    assert_eq!(map_boxes, 10, "five route boxes each way");
    // Every box quiet (7 is none on every column here).
    let faces = [3, 4].repeat(g.route().len());
    let ev = feed(&mut g, &faces);
    assert_eq!(
        rolls_of(&ev, "6.2.2B")
            .iter()
            .filter(|r| r.outcome.contains("Special Missions"))
            .count(),
        10,
        "{ev:?}"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Mission { what } if what.contains("7.5")))
    );
    let r = result_of(&g);
    assert_eq!(r.mission, MissionPlan::EuropeTransport);
    assert_eq!(r.mission_success, Some(true));
}

/// [7.2] A merchant contact on picket duty: no attack is allowed, and the decision's prompt says why,
/// citing the case; the one choice lets the traffic pass.
#[test]
fn picket_duty_says_why_no_attack_is_allowed_7_2() {
    let g = escorted_contact(on_station(mission_opts(MissionPlan::PicketDuty)), 2);
    let crate::game::Pending::Decision(d) = crate::game::Game::pending(&g) else {
        panic!("no decision: {:?}", g.phase())
    };
    assert!(d.prompt.contains("Picket duty") && d.prompt.contains("merchant") && d.prompt.contains("[7.2]"));
    assert_eq!(d.rule, "7.2");
    assert_eq!(crate::testing::choices(&g), vec!["decline".to_string()]);
}

/// [7.4] [8.2.8] An escort rolled on the A3 Special Missions column is resolved as an arriving escort: it
/// rolls to detect at once (B4). Undetected, the encounter is over and the mission rolls again; detected,
/// the escorts attack (B5) before anything else. The same for every mission that rolls the column
/// ([7.6] [7.9] [7.10] [7.11]).
#[test]
fn an_escort_on_the_special_missions_column_hunts_the_submarine() {
    let opts = PatrolOptions {
        class: "kd6".into(),
        start: month(1942, 11),
        area: "solomons".into(),
        mission: MissionPlan::Transport,
        ..PatrolOptions::default()
    };
    let at_the_mission_box = |faces: &[u8]| {
        let mut g = scripted(opts.clone(), &[]);
        act(&mut g, "load 0");
        feed(&mut g, &[3, 3]);
        assert!(waits_roll(&g, RollPurpose::MissionEncounter));
        let ev = feed(&mut g, faces);
        (g, ev)
    };
    // 2 = escort: the B4 roll comes next, not another Special Missions roll.
    let (g, ev) = at_the_mission_box(&[1, 1]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Encounter { what } if what == "an escort arrives"))
    );
    assert!(
        waits_roll(&g, RollPurpose::Escort(EscortRoll::Detection)),
        "{:?}",
        g.phase()
    );
    // Undetected (5): the encounter is over, and the mission rolls again.
    let (g, ev) = at_the_mission_box(&[1, 1, 2, 3]);
    assert_eq!(rolls_of(&ev, "8.2.5")[0].chart, "B4");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Undetected)));
    assert!(waits_roll(&g, RollPurpose::MissionEncounter), "{:?}", g.phase());
    assert_eq!(g.mission.success, None, "not delivered yet");
    // Detected (12): the escort attacks.
    let (g, ev) = at_the_mission_box(&[1, 1, 6, 6]);
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Detected)));
    assert!(
        matches!(
            g.phase(),
            Phase::Roll {
                purpose: RollPurpose::Escort(_)
            }
        ),
        "{:?}",
        g.phase()
    );
}

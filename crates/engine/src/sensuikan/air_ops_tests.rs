//! The submarine's own aircraft [7.1] [7.7] [7.15] [7.17]: scripted dice, each test citing its rule case.
//!
//! The charts (ours, reconstructed): P1 take-off 2d6, mishap on 2 or 12, mishaps 1d6 (1 crash, 2 catapult,
//! 3 engine, 4 slow assembly, 5 radio, 6 minor); P2 2-4 lost, 5+ recovered; P3 transit
//! 2 fighter, 3 weather, 4-11 none; P3 reconnaissance 5-9 none; P4 2-5 shot down, 6-8 damaged, 9+ escapes;
//! P6 2-6 miss, 7-9 near miss, 10+ hit. Transit boxes are quiet in 12/41; Pearl Harbor A3 6 = nothing,
//! 4 = aircraft.

use crate::machine::Decision;
use periscope_data::sensuikan::catalog::catalogs::{MissionKind, Month};
use periscope_data::sensuikan::charts::{System, Wound};

use super::test_support::{act, feed, scripted};
use super::*;
use crate::dice::SeededRng;
use crate::game::{Game, Pending};
use crate::policy::Policy;

fn waits_air(g: &Patrol, step: AirRoll) -> bool {
    *g.phase()
        == Phase::Roll {
            purpose: RollPurpose::Aviation { step },
        }
}

fn waits(g: &Patrol, a: AskView) -> bool {
    matches!(g.phase(), Phase::Decide { ask } if AskView::of(*ask) == a)
}

fn charts_rolled<'a>(ev: &'a [PatrolEvent], chart: &str) -> Vec<&'a crate::roll::RollRecord> {
    ev.iter()
        .filter_map(|e| match e {
            PatrolEvent::Rolled { roll } if roll.chart == chart => Some(roll),
            _ => None,
        })
        .collect()
}

fn opts(class: &str, mission: MissionPlan) -> PatrolOptions {
    PatrolOptions {
        class: class.into(),
        mission,
        ..PatrolOptions::default()
    }
}

/// Load 4 (all Type 95) and two quiet transit boxes: the game stands in the mission box (box 3).
fn at_mission_box(o: PatrolOptions) -> Patrol {
    let g = scripted(o, &[4, 3, 3, 3, 3]);
    assert_eq!(g.position(), 2);
    g
}

/// Plays the rest of a patrol: quiet rolls, and no launch.
fn quiet_to_port(g: &mut Patrol) -> PatrolResult {
    for _ in 0..40 {
        match g.phase().clone() {
            Phase::Over { .. } => break,
            Phase::Decide { ask: Ask::Launch } => {
                act(g, "no_launch");
            }
            Phase::Roll { .. } => {
                feed(g, &[3, 3]);
            }
            p => panic!("unexpected {p:?}"),
        }
    }
    match g.result() {
        Some(r) => r,
        None => panic!("not over: {:?}", g.phase()),
    }
}

/// [7.1] [7.17] Pearl Harbor 12/41, a Type A: the Aviation Module in the mission box over map P7 (from the
/// marker's "Reconnaissance 7"): take-off 7 [7.17 seq 2], one P3 roll per circle with the transit and
/// reconnaissance columns [7.17 seq 3], recovery 7 on P2 after the last transit circle [7.17 seq 4]. One
/// aircraft survives: success, counted as a special mission [7.13]. [4.6.4] No bombs on a reconnaissance:
/// no bombing roll (P6) is made.
#[test]
fn reconnaissance_mission_flies_its_map_and_succeeds() {
    let mut g = at_mission_box(opts("type_a", MissionPlan::Reconnaissance));
    assert!(waits_air(&g, AirRoll::Takeoff));
    let ev = feed(&mut g, &[3, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4]);
    assert_eq!(charts_rolled(&ev, "P1").len(), 1);
    let p3 = charts_rolled(&ev, "P3");
    assert_eq!(p3.len(), 4, "one P3 roll per circle of P7");
    assert!(p3[2].outcome.contains("reconnaissance"));
    assert!(p3.iter().all(|r| r.rule == "7.17"));
    assert_eq!(charts_rolled(&ev, "P2").len(), 1);
    assert!(charts_rolled(&ev, "P6").is_empty(), "no bombs, no bombing roll");
    assert_eq!(g.air_wing().aircraft, 1);
    // The flight was the mission box's business: on to box 4, where the launch is offered [7.15].
    assert_eq!(g.position(), 3);
    let r = quiet_to_port(&mut g);
    assert_eq!(r.mission, MissionPlan::Reconnaissance);
    assert_eq!(r.mission_success, Some(true));
    assert!(r.pilots_lost.is_empty());
}

/// [7.17 seq 3] [7.17 seq 5] [7.1] A fighter in the first transit circle (P3 2) shoots the aircraft down
/// (P4 2): aircraft and pilot lost, no aircraft survives, the reconnaissance fails; the pilot is reported
/// lost for the career's F3 replacement; no launch is offered any more.
#[test]
fn shot_down_reconnaissance_fails_and_loses_the_pilot() {
    let mut g = at_mission_box(opts("type_a", MissionPlan::Reconnaissance));
    let ev = feed(&mut g, &[3, 4, 1, 1, 1, 1]);
    assert_eq!(charts_rolled(&ev, "P4").len(), 1);
    assert_eq!(g.air_wing().aircraft, 0);
    assert!(g.air_wing().pilots[0].lost);
    assert_eq!(g.position(), 3);
    assert!(!waits(&g, AskView::Launch));
    let r = quiet_to_port(&mut g);
    assert_eq!(r.mission_success, Some(false));
    assert_eq!(r.pilots_lost, vec![0]);
}

/// [7.17 seq 3] [7.1] An aircraft damaged by a fighter (P4 6) aborts: straight to recovery. [7.17 seq 4] P2
/// 4 fails: aircraft and crew are lost (a new pilot through F3 at base). It survived its mission, so the
/// reconnaissance succeeds, recovered or not [7.1].
#[test]
fn damaged_aircraft_aborts_and_survives_unrecovered() {
    let mut g = at_mission_box(opts("type_a", MissionPlan::Reconnaissance));
    let ev = feed(&mut g, &[3, 4, 1, 1, 3, 3, 2, 2]);
    assert_eq!(
        charts_rolled(&ev, "P3").len(),
        1,
        "no more circles after the abort"
    );
    assert_eq!(charts_rolled(&ev, "P2").len(), 1);
    assert!(
        charts_rolled(&ev, "P2")[0]
            .outcome
            .contains("aircraft and crew are lost")
    );
    assert_eq!(g.air_wing().aircraft, 0);
    assert!(g.air_wing().pilots[0].lost);
    let r = quiet_to_port(&mut g);
    assert_eq!(r.mission_success, Some(true));
    assert_eq!(r.pilots_lost, vec![0]);
}

/// [7.17 seq 4] P2 has two outcomes only: with the crane working every roll either recovers aircraft and
/// crew or loses both (never "the crew is picked up, the aircraft lost"); with the crane out a successful
/// roll picks up the crew only and a failed one still loses both.
#[test]
fn recovery_has_the_two_outcomes_of_7_17() {
    for crane_out in [false, true] {
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                let mut g = at_mission_box(opts("type_a", MissionPlan::Patrol));
                if crane_out {
                    g.boat.systems.push((System::Crane, SystemState::Damaged));
                }
                act(&mut g, "launch");
                feed(&mut g, &[3, 4, 3, 3, 3, 3]);
                assert!(waits_air(&g, AirRoll::Recovery));
                let ev = feed(&mut g, &[a, b]);
                let p2 = charts_rolled(&ev, "P2")[0].outcome.clone();
                let (aircraft, lost) = (g.air_wing().aircraft, g.air_wing().pilots[0].lost);
                match (crane_out, lost) {
                    (_, true) => assert!(aircraft == 0 && p2.contains("aircraft and crew are lost"), "{p2}"),
                    (false, false) => assert!(aircraft == 1 && p2.contains("recovered"), "{p2}"),
                    (true, false) => assert!(aircraft == 0 && p2.contains("crew is picked up"), "{p2}"),
                }
            }
        }
    }
}

/// [7.1] A reconnaissance succeeds when an aircraft survives, recovered or not: a P1 radio failure (take-off
/// 12, mishap 5) does not make it depend on the recovery; the failed recovery (P2 3) loses the aircraft
/// and crew, and the mission still succeeds.
#[test]
fn radio_failure_does_not_make_the_reconnaissance_depend_on_recovery_7_1() {
    let mut g = at_mission_box(opts("type_a", MissionPlan::Reconnaissance));
    feed(&mut g, &[6, 6, 5]);
    assert!(g.air_wing().flight.as_ref().is_some_and(|f| f.radio_failure));
    // P7: transit, reconnaissance, transit, transit; all quiet; then P2 3.
    let ev = feed(&mut g, &[3, 4, 3, 3, 3, 4, 3, 4, 1, 2]);
    assert!(charts_rolled(&ev, "P2")[0].outcome.contains("lost"));
    assert_eq!(g.air_wing().survivors, 1);
    assert_eq!(quiet_to_port(&mut g).mission_success, Some(true));
}

/// [7.15] A hangar hit destroys an aircraft in the hangar (our reading): with the only aircraft in the air
/// none is destroyed, and it is recovered as usual.
#[test]
fn hangar_hit_spares_the_aircraft_in_the_air_7_15() {
    let mut g = at_mission_box(opts("type_a", MissionPlan::Patrol));
    act(&mut g, "launch");
    feed(&mut g, &[3, 4]);
    assert!(g.air_wing().flight.is_some());
    let mut ev = Vec::new();
    g.damage_system(System::Hangar, &mut ev);
    assert_eq!(g.air_wing().aircraft, 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Aviation { what } if what.contains("not touched")))
    );
    feed(&mut g, &[3, 3, 3, 3]);
    assert!(waits_air(&g, AirRoll::Recovery));
    feed(&mut g, &[3, 4]);
    assert_eq!(g.air_wing().aircraft, 1, "recovered: the one aircraft aboard");
    // On the ground, the same hit destroys it [7.15].
    let mut g = at_mission_box(opts("type_a", MissionPlan::Patrol));
    let mut ev = Vec::new();
    g.damage_system(System::Hangar, &mut ev);
    assert_eq!(g.air_wing().aircraft, 0);
}

/// [7.7] [7.17 seq 1] The bombing map is the area's: Panama is the Panama Canal map (P12), for the Type A
/// (Modified) and Sen-Toku only, and the West Coast the Oregon map (P11); a plain Type A sent to Panama
/// cannot bomb it and patrols instead [7.14].
#[test]
fn bombing_maps_by_area_and_panama_only_for_the_big_carriers_7_7() {
    let panama = |class: &str| PatrolOptions {
        area: "panama".into(),
        start: crate::Month { year: 1944, month: 3 },
        ..opts(class, MissionPlan::Bombing)
    };
    let g = scripted(panama("type_a_mod"), &[]);
    assert_eq!(g.air_mission_map().as_deref(), Some("P12"));
    assert!(g.flies_air_mission());
    let g = scripted(panama("sen_toku"), &[]);
    assert!(g.flies_air_mission());
    let g = scripted(panama("type_a"), &[]);
    assert_eq!(g.air_mission_map().as_deref(), Some("P12"));
    assert!(!g.flies_air_mission());
    assert_eq!(g.mission(), MissionPlan::Patrol);
    let west = PatrolOptions {
        area: "us_west_coast".into(),
        start: crate::Month { year: 1943, month: 3 },
        ..opts("type_a", MissionPlan::Bombing)
    };
    let g = scripted(west, &[]);
    assert_eq!(g.air_mission_map().as_deref(), Some("P11"));
    assert!(g.flies_air_mission());
}

/// [7.17 seq 2] Take-off 2 or 12 goes to the P1 mishaps: 1 = crash on launch, the aircraft lost and the
/// pilot's wound on B7 (6 = KIA); no aircraft flies the mission, which fails.
#[test]
fn takeoff_mishap_crash_kills_the_pilot() {
    let mut g = at_mission_box(opts("type_a", MissionPlan::Reconnaissance));
    feed(&mut g, &[6, 6]);
    assert!(waits_air(&g, AirRoll::Mishap));
    feed(&mut g, &[1]);
    assert!(waits_air(&g, AirRoll::PilotWound));
    feed(&mut g, &[6]);
    assert_eq!(g.air_wing().aircraft, 0);
    assert_eq!(g.air_wing().pilots[0].wound, Some(Wound::Kia));
    let r = quiet_to_port(&mut g);
    assert_eq!(r.mission_success, Some(false));
    assert_eq!(r.pilots_lost, vec![0]);
}

/// [7.7] [7.17] Oregon 8/42, a Type A (Modified): two aircraft fly map P11 in turn [7.17 seq 6]. The
/// first bombs in the Target Box (P6 7, near miss) and is recovered; the second is shot down on the way
/// in. The bombing took place: success. The forest holds no ship, so no tonnage.
#[test]
fn bombing_mission_two_aircraft_in_turn() {
    let o = PatrolOptions {
        area: "us_west_coast".into(),
        start: crate::Month { year: 1942, month: 8 },
        ..opts("type_a_mod", MissionPlan::Bombing)
    };
    // From 7/42: the Type 92 decision; three transit boxes out, where 6 is none.
    let mut g = scripted(o, &[3, 3, 3, 3, 3, 3]);
    act(&mut g, "load 0");
    assert!(waits_air(&g, AirRoll::Takeoff));
    // First aircraft: take-off 7; P11 = transit, transit, target, transit; P3 target 8 = none, P6 7.
    let ev = feed(&mut g, &[3, 4, 3, 3, 3, 3, 4, 4, 3, 4, 3, 3, 3, 4]);
    assert_eq!(charts_rolled(&ev, "P6").len(), 1);
    assert!(g.air_wing().bombed);
    assert!(waits_air(&g, AirRoll::Takeoff), "the second aircraft takes off");
    // Second aircraft: take-off 7, fighter (2), shot down (2).
    feed(&mut g, &[3, 4, 1, 1, 1, 1]);
    assert_eq!(g.air_wing().aircraft, 1);
    assert_eq!(g.position(), 4);
    let r = quiet_to_port(&mut g);
    assert_eq!(r.mission, MissionPlan::Bombing);
    assert_eq!(r.mission_success, Some(true));
    assert_eq!(r.pilots_lost, vec![1]);
}

/// [7.7] No bombing, no success: weather (P3 3) turns the only aircraft back before the target.
#[test]
fn bombing_fails_without_the_bomb_run() {
    let o = PatrolOptions {
        area: "us_west_coast".into(),
        start: crate::Month { year: 1942, month: 8 },
        ..opts("type_a", MissionPlan::Bombing)
    };
    let mut g = scripted(o, &[3, 3, 3, 3, 3, 3]);
    act(&mut g, "load 0");
    feed(&mut g, &[3, 4, 1, 2, 3, 4]);
    assert!(!g.air_wing().bombed);
    assert_eq!(g.air_wing().aircraft, 1);
    assert_eq!(quiet_to_port(&mut g).mission_success, Some(false));
}

/// [7.7] Only Type A (Modified) and Sen-Toku are given the Panama Canal bombing (P12); a Type A may
/// bomb Oregon (P11); [7.1] [7.14] a boat without aircraft cannot fly either, and patrols instead.
#[test]
fn panama_bombing_only_for_type_a_modified_and_sen_toku() {
    let catalog = match periscope_data::sensuikan::catalog::catalogs::Catalog::shipped() {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let when = Month::new(1945, 6).unwrap_or(periscope_data::sensuikan::WAR_START);
    let class = |id: &str| match catalog.class(id) {
        Some(c) => c.clone(),
        None => panic!("{id}"),
    };
    assert!(!can_fly(
        &class("type_a"),
        MissionKind::Bombing,
        Some("P12"),
        when
    ));
    assert!(can_fly(
        &class("type_a_mod"),
        MissionKind::Bombing,
        Some("P12"),
        when
    ));
    assert!(can_fly(
        &class("sen_toku"),
        MissionKind::Bombing,
        Some("P12"),
        when
    ));
    assert!(can_fly(&class("type_a"), MissionKind::Bombing, Some("P11"), when));
    assert!(!can_fly(
        &class("type_c"),
        MissionKind::Reconnaissance,
        Some("P7"),
        when
    ));
    // The patrol side: a Type C sent on reconnaissance makes a normal patrol [7.14].
    let g = at_mission_box(opts("type_c", MissionPlan::Reconnaissance));
    assert_eq!(g.mission(), MissionPlan::Patrol);
    assert!(g.mission.note.as_deref().is_some_and(|n| n.contains("7.14")));
}

/// [7.15] Outside a special mission the launch is offered before an on-station box's encounter roll; a
/// launch rolls P1, grants one additional encounter roll in the box, and P2 recovers the aircraft before
/// the next box, where it is offered again.
#[test]
fn reconnaissance_launch_grants_an_additional_encounter_roll() {
    let mut g = at_mission_box(opts("type_a", MissionPlan::Patrol));
    assert!(waits(&g, AskView::Launch));
    let ev = act(&mut g, "launch");
    assert!(waits_air(&g, AirRoll::Takeoff));
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Aviation { .. })));
    feed(&mut g, &[3, 4]);
    assert_eq!(g.voyage.rolls_left, 2, "the box's roll and the additional one");
    let ev = feed(&mut g, &[3, 3, 3, 3]);
    assert_eq!(charts_rolled(&ev, "A3").len(), 2);
    assert!(waits_air(&g, AirRoll::Recovery));
    feed(&mut g, &[3, 4]);
    assert_eq!(g.position(), 3);
    assert!(waits(&g, AskView::Launch));
    assert_eq!(g.air_wing().aircraft, 1);
    // Keeping it aboard: the box's single encounter roll.
    act(&mut g, "no_launch");
    assert_eq!(g.voyage.rolls_left, 1);
}

/// [7.15] An aviation encounter while the aircraft is airborne: it is lost with its crew.
#[test]
fn enemy_aircraft_while_airborne_loses_it() {
    let mut g = at_mission_box(opts("type_a", MissionPlan::Patrol));
    act(&mut g, "launch");
    feed(&mut g, &[3, 4]);
    // Pearl Harbor 4 = aircraft.
    let ev = feed(&mut g, &[2, 2]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Aviation { what } if what.contains("[7.15]")))
    );
    assert_eq!(g.air_wing().aircraft, 0);
    assert!(g.air_wing().flight.is_none());
    assert!(g.air_wing().pilots[0].lost);
}

/// [7.15] No launch with the hangar damaged or INOP, nor with the pilot SW or KIA; each hangar hit
/// destroys one aircraft (a Sen-Toku carries three).
#[test]
fn launch_needs_a_working_hangar_and_a_fit_pilot() {
    let mut g = at_mission_box(opts("type_a", MissionPlan::Patrol));
    assert!(waits(&g, AskView::Launch));
    g.air.offered_at = None;
    g.boat.systems.push((System::Hangar, SystemState::Damaged));
    assert!(!g.offer_launch());
    g.boat.systems.clear();
    g.air.pilots[0].wound = Some(Wound::Sw);
    assert!(!g.offer_launch());
    g.air.pilots[0].wound = Some(Wound::Lw);
    assert!(g.offer_launch());

    let mut g = at_mission_box(opts("sen_toku", MissionPlan::Patrol));
    assert_eq!(g.air_wing().aircraft, 3);
    let mut ev = Vec::new();
    g.damage_system(System::Hangar, &mut ev);
    g.damage_system(System::Hangar, &mut ev);
    assert_eq!(g.air_wing().aircraft, 1);
}

/// [7.15] [7.17 seq 4] A damaged crane does not stop the launch, but the aircraft cannot be recovered:
/// a recovery result (P2 7) only picks up its crew.
#[test]
fn crane_out_no_recovery_but_the_crew_is_rescued() {
    let mut g = at_mission_box(opts("type_a", MissionPlan::Patrol));
    g.boat.systems.push((System::Crane, SystemState::Damaged));
    act(&mut g, "launch");
    feed(&mut g, &[3, 4, 3, 3, 3, 3]);
    assert!(waits_air(&g, AirRoll::Recovery));
    let ev = feed(&mut g, &[3, 4]);
    assert!(
        charts_rolled(&ev, "P2")[0]
            .outcome
            .contains("the crew is picked up")
    );
    assert_eq!(g.air_wing().aircraft, 0);
    assert!(!g.air_wing().pilots[0].lost);
}

/// [7.17 seq 6] [4.8.3] A Sen-Toku's three pilots each fly with their own F3 skill: the skilled navigator
/// adds 1 to his own recovery roll only.
#[test]
fn each_pilot_flies_with_his_own_skill() {
    let mut o = opts("sen_toku", MissionPlan::Reconnaissance);
    o.crew.pilots = vec!["none".into(), "skilled_navigator".into(), "none".into()];
    let mut g = at_mission_box(o);
    let flight = [3, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4];
    let mut p2 = Vec::new();
    for _ in 0..3 {
        let ev = feed(&mut g, &flight);
        p2.extend(charts_rolled(&ev, "P2").into_iter().cloned());
    }
    assert_eq!(p2.len(), 3);
    let mods: Vec<i32> = p2
        .iter()
        .map(|r| r.modifiers.iter().map(|m| m.value).sum())
        .collect();
    assert_eq!(mods, vec![0, 1, 0]);
    assert_eq!(g.air_wing().survivors, 3);
    assert_eq!(quiet_to_port(&mut g).mission_success, Some(true));
}

/// [7.15] The careful captain launches when the crane can recover the aircraft, and keeps it aboard
/// otherwise.
#[test]
fn careful_captain_launches_only_with_a_working_crane() {
    let mut g = at_mission_box(opts("type_a", MissionPlan::Patrol));
    let mut rng = SeededRng::new(1);
    assert_eq!(
        Policy::Careful.choose(&g, &mut rng),
        Some(PatrolAction::Launch { launch: true })
    );
    g.boat.systems.push((System::Crane, SystemState::Inop));
    assert_eq!(
        Policy::Careful.choose(&g, &mut rng),
        Some(PatrolAction::Launch { launch: false })
    );
    assert!(matches!(g.pending(), Pending::Decision(Decision { .. })));
}

/// The text form of the launch decision round-trips.
#[test]
fn launch_action_text() {
    for a in ["launch", "no_launch"] {
        let parsed: PatrolAction = match a.parse() {
            Ok(x) => x,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(parsed.to_string(), a);
    }
}

/// [8.5.9] [7.15] B7's "pilot" (11) falls on the aircraft's pilot: seriously wounded, he cannot fly.
#[test]
fn a_pilot_wounded_aboard_cannot_launch() {
    let mut g = at_mission_box(opts("type_a", MissionPlan::Patrol));
    g.air.offered_at = None;
    g.phase = Phase::Roll {
        purpose: RollPurpose::Damage(DamageRoll::CrewWho { auto_lw: false }),
    };
    feed(&mut g, &[5, 6]); // 11: pilot
    feed(&mut g, &[5]); // SW
    assert_eq!(g.air_wing().pilots[0].wound, Some(Wound::Sw));
    assert!(g.crew.crew.iter().all(Option::is_none), "not a generic crew box");
    assert!(!g.offer_launch());
}

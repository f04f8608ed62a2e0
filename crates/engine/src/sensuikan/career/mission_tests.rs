//! Career tests: the schools' replacements [4.8.2]-[4.8.4] and the special missions assigned and credited
//! [7.x].

use super::test_support::*;
use super::*;
use crate::sensuikan::MissionPlan;

/// [4.8.2] A lost midget commander is replaced at the refit and the replacement attends F2.
#[test]
fn midget_commander_replaced_at_refit() {
    let mut g = physical("type_c");
    let mut ev = Vec::new();
    g.command.midget_commander = None;
    after_patrol(&mut g, Month::new(1942, 3).unwrap(), 2, 0);
    g.steps.clear();
    g.schools(&mut ev);
    assert_eq!(
        g.steps.front(),
        Some(&Step::Roll {
            roll: CareerRoll::MidgetSchool
        })
    );
    assert_eq!(g.resolve_midget_school(vec![3, 4], &mut ev), Ok(()));
    assert!(g.command.midget_commander.is_some());
}

/// [4.8.3] Missing pilots are replaced at the refit through F3.
#[test]
fn pilots_replaced_at_refit() {
    let mut g = physical("type_a");
    let mut ev = Vec::new();
    g.command.pilots.clear();
    after_patrol(&mut g, Month::new(1942, 3).unwrap(), 2, 0);
    g.steps.clear();
    g.schools(&mut ev);
    assert_eq!(
        g.steps.front(),
        Some(&Step::Roll {
            roll: CareerRoll::PilotSchool { pilot: 0 }
        })
    );
    assert!(notes(&ev).iter().any(|(r, _)| r == "4.8.3"));
}

/// [4.8.4] [7.18] Kaiten pilots are trained only before a kaiten attack, a new set each time: the refit
/// rolls no F4; an assignment to a kaiten event rolls F4 (1d6) once per kaiten the boat carries [7.12], and
/// the pilots sail with their kaiten.
#[test]
fn kaiten_school_before_each_kaiten_attack() {
    let f4_steps = |g: &Career| {
        g.steps
            .iter()
            .filter(|s| {
                matches!(
                    s,
                    Step::Roll {
                        roll: CareerRoll::KaitenSchool { .. }
                    }
                )
            })
            .count()
    };
    let mut g = physical("type_b");
    let mut ev = Vec::new();
    after_patrol(&mut g, Month::new(1944, 9).unwrap(), 2, 0);
    g.steps.clear();
    g.schools(&mut ev);
    assert_eq!(f4_steps(&g), 0, "no F4 at the refit");
    g.month = Month::new(1944, 12).unwrap();
    g.command.kaiten_pilots = vec!["resolute".into()];
    g.steps.clear();
    g.set_assignment("central_pacific".into(), None, &mut ev);
    assert_eq!(g.duty.mission.plan(), MissionPlan::KaitenUlithi);
    assert_eq!(f4_steps(&g), 4);
    assert!(
        g.command.kaiten_pilots.is_empty(),
        "the previous operators are dead"
    );
    assert_eq!(
        g.roll_spec(CareerRoll::KaitenSchool { pilot: 0 }).dice,
        Dice::D1D6
    );
    for pilot in 0..4 {
        assert_eq!(g.resolve_kaiten_school(pilot, vec![3], &mut ev), Ok(()));
    }
    assert_eq!(g.command.kaiten_pilots, vec!["reef_runner".to_string(); 4]);
}

/// [7.14] [7.2] [7.13] Malaya 1/42: picket duty, the first mission on the marker; engaging a warship is
/// a success and counts twice, a picket that met none fails and counts nothing.
#[test]
fn picket_duty_assigned_and_credited() {
    let (mut g, _) = assign("kd6", (1942, 1), "yokosuka", "malaya");
    assert_eq!(
        g.duty.mission,
        CareerMission::Special {
            event: Some("malaya".into()),
            plan: MissionPlan::PicketDuty
        }
    );
    assert_eq!(come_home(&mut g, true), (2, 1));
    assert_eq!(g.log()[0].mission, "Picket Duty (Malaya marker)");
    assert!(g.log()[0].result.contains("Mission accomplished"));
    let (mut g, _) = assign("kd6", (1942, 1), "yokosuka", "malaya");
    assert_eq!(come_home(&mut g, false), (0, 0));
    assert!(g.log()[0].result.contains("Mission failed"));
}

/// [7.14] [7.3] [7.4] [7.13] Guadalcanal 11/42: a boat without a midget skips the midget attack and takes
/// the transport; delivered supplies count twice.
#[test]
fn transport_assigned_after_an_impossible_midget_attack() {
    let (mut g, ev) = assign("kd6", (1942, 11), "truk", "solomons");
    assert_eq!(g.duty.mission.plan(), MissionPlan::Transport);
    assert!(
        notes(&ev)
            .iter()
            .any(|(r, t)| r == "7.14" && t.contains("Midget Submarine Attack"))
    );
    assert_eq!(come_home(&mut g, true), (2, 1));
}

/// [7.14] [7.6] [7.13] Attu-Kiska 4/43: evacuation from the Aleutians (re-based to Paramushiro [4.7.2]);
/// the passengers home unharmed is a double success.
#[test]
fn evacuation_assigned_and_credited() {
    let (mut g, _) = assign("kd6", (1943, 4), "yokosuka", "aleutians");
    assert_eq!(g.command.base, "paramushiro");
    assert_eq!(g.duty.mission.plan(), MissionPlan::Evacuation);
    assert_eq!(come_home(&mut g, true), (2, 1));
    let (mut g, _) = assign("kd6", (1943, 4), "yokosuka", "aleutians");
    assert_eq!(come_home(&mut g, false), (0, 0));
}

/// [7.14] [7.7] [7.9] [7.13] Oregon 8/42: bombing needs aircraft, so a KD.6 takes the next mission, the
/// coastal bombardment; coming home after it counts twice.
#[test]
fn coastal_bombardment_after_bombing_is_impossible() {
    let (mut g, ev) = assign("kd6", (1942, 8), "yokosuka", "us_west_coast");
    assert_eq!(g.duty.mission.plan(), MissionPlan::CoastalBombardment);
    assert!(
        notes(&ev)
            .iter()
            .any(|(r, t)| r == "7.14" && t.contains("Bombing"))
    );
    assert_eq!(come_home(&mut g, true), (2, 1));
}

/// [7.14] [7.10] [7.13] Dutch East Indies 1/42: a KD.6 lays mines from its bow tubes, double credit; the
/// Kirai-Sen lays them on every patrol and gets a single credit [7.10].
#[test]
fn minelaying_assigned_and_credited() {
    let (mut g, _) = assign("kd6", (1942, 1), "yokosuka", "dei");
    assert_eq!(g.duty.mission.plan(), MissionPlan::Minelaying);
    assert!(g.duty.patrol.as_ref().unwrap().mission.mines_aboard > 0);
    assert_eq!(come_home(&mut g, true), (2, 1));
    let (mut g, _) = assign("kirai_sen", (1942, 1), "yokosuka", "dei");
    assert_eq!(g.duty.mission, CareerMission::Minelaying);
    assert_eq!(come_home(&mut g, true), (1, 1));
    // [7.10] The Kirai-Sen lays mines in an area without a marker too; mines not laid: no credit.
    let (mut g, _) = assign("kirai_sen", (1942, 8), "yokosuka", "central_pacific");
    assert_eq!(g.duty.mission, CareerMission::Minelaying);
    assert_eq!(come_home(&mut g, false), (0, 0));
}

/// [7.14] [7.11] [7.13] India 5/43: passenger delivery; landed counts twice.
#[test]
fn passenger_delivery_assigned_and_credited() {
    let (mut g, _) = assign("kd6", (1943, 5), "yokosuka", "indian_ocean");
    assert_eq!(g.duty.mission.plan(), MissionPlan::PassengerDelivery);
    assert_eq!(come_home(&mut g, true), (2, 1));
}

/// [7.5] [7.13] A Type A sent to Europe makes the strategic transport (marker or not): three months each
/// way on the log, delivered supplies count twice; [7.14] a Type B takes the Second Yanagi marker's.
#[test]
fn europe_transport_assigned_and_credited() {
    let (mut g, _) = assign("type_a", (1942, 8), "yokosuka", "europe");
    assert_eq!(
        g.duty.mission,
        CareerMission::Special {
            event: None,
            plan: MissionPlan::EuropeTransport
        }
    );
    assert_eq!(come_home(&mut g, true), (2, 1));
    assert_eq!(g.duty.refit.patrol_months, 6);
    let (g, _) = assign("type_b", (1943, 7), "yokosuka", "europe");
    assert_eq!(
        g.duty.mission,
        CareerMission::Special {
            event: Some("second_yanagi".into()),
            plan: MissionPlan::EuropeTransport
        }
    );
}

/// [7.14] Pearl Harbor 12/41 for a KD.6: no midget, reconnaissance needs aircraft, so the
/// marker's "Patrol" mission, a special mission: coming home counts twice [7.13].
#[test]
fn marker_patrol_when_nothing_else_is_possible() {
    let (mut g, _) = assign("kd6", (1941, 12), "yokosuka", "pearl_harbor");
    assert_eq!(
        g.duty.mission,
        CareerMission::EventPatrol {
            event: "pearl_harbor".into()
        }
    );
    assert_eq!(
        g.duty.patrol.as_ref().unwrap().options.mission,
        MissionPlan::Patrol
    );
    // [7.0] [8.7.1] Home with nothing sunk: no success, no credit, and never a special mission [5.2.3].
    assert_eq!(come_home(&mut g, true), (0, 0));
    assert!(
        !g.service.log[0].result.contains("Mission"),
        "{}",
        g.service.log[0].result
    );
}

/// [7.0] A marker's "Patrol" that succeeds (home, a ship sunk [8.7.1]) counts double for skills and crew
/// quality, "even though such a patrol is not technically a special mission": no special mission for
/// victory [5.2.3], and the log says what it counts for.
#[test]
fn marker_patrol_counts_double_but_is_no_special_mission_7_0() {
    use periscope_data::sensuikan::charts::ShipKind;
    let (mut g, _) = assign("kd6", (1941, 12), "yokosuka", "pearl_harbor");
    assert!(matches!(g.duty.mission, CareerMission::EventPatrol { .. }));
    g.service.log.clear();
    let p = g.duty.patrol.as_mut().unwrap();
    p.log.push(ship("Lahaina", ShipKind::Freighter, 5600));
    let mut ev = Vec::new();
    p.finish(crate::sensuikan::PatrolEnd::InPort, &mut ev);
    let (credits, specials) = (g.command.credits, g.service.special_missions);
    let mut ev = Vec::new();
    g.finish_patrol(&mut ev);
    assert_eq!(
        (g.command.credits - credits, g.service.special_missions - specials),
        (2, 0)
    );
    let row = &g.service.log[0];
    assert!(
        row.result.contains("counts twice") && !row.result.contains("Mission accomplished"),
        "{}",
        row.result
    );
}

/// [4.3.1] The I-number the player typed goes on the log header, even with [11.6] on.
#[test]
fn log_header_typed_hull_number() {
    let opts = CareerOptions {
        class: Some("kd6".into()),
        historical_id: true,
        hull_number: " I-176 ".into(),
        ..CareerOptions::default()
    };
    let g = Career::new(opts, 1, DiceMode::Physical).unwrap();
    assert_eq!(g.command.hull_number, "I-176");
    assert_eq!(g.view().hull_number, "I-176");
}

/// [7.3] [7.13] A midget attack whose midget attacked is a success that counts twice, and the midget's
/// sinking is the boat's tonnage, marked on the Patrol Log as the midget's; [4.8.2] [7.16] the lost midget's
/// commander is replaced at the refit.
#[test]
fn midget_attack_credit_and_tonnage() {
    use periscope_data::sensuikan::charts::ShipKind;
    let (mut g, _) = assign("type_c", (1941, 12), "yokosuka", "pearl_harbor");
    assert!(matches!(g.duty.mission, CareerMission::MidgetAttack { .. }));
    g.service.log.clear();
    g.command.midget_commander = Some("superior_communications".into());
    let (credits, specials) = (g.command.credits, g.service.special_missions);
    let p = g.duty.patrol.as_mut().unwrap();
    assert_eq!(p.options.crew.midget_skill, None, "set before sailing: none yet");
    p.mission.success = Some(true);
    p.markers.push("midget_lost".into());
    p.log.push(crate::sensuikan::ShipRecord {
        by_midget: true,
        ..ship("Oklahoma", ShipKind::Battleship, 29_000)
    });
    let mut ev = Vec::new();
    p.finish(crate::sensuikan::PatrolEnd::InPort, &mut ev);
    let mut ev = Vec::new();
    g.finish_patrol(&mut ev);
    assert_eq!(g.command.credits - credits, 2);
    assert_eq!(g.service.special_missions - specials, 1);
    assert_eq!(g.view().tonnage, 29_000);
    let row = g.service.log.iter().find(|r| r.mark == "patrol").unwrap();
    assert!(row.ships[0].by_midget && row.ships[0].sunk);
    assert!(
        g.command.midget_commander.is_none(),
        "replaced at the refit [4.8.2]"
    );
}

/// [4.8.2] [7.16] The midget commander's F2 skill sails with the midget.
#[test]
fn midget_commander_skill_sails() {
    let mut g = physical("type_c");
    g.command.midget_commander = Some("sharpshooter".into());
    g.month = Month::new(1941, 12).unwrap();
    g.command.base = "yokosuka".into();
    g.steps.clear();
    let mut ev = Vec::new();
    g.set_assignment("pearl_harbor".into(), None, &mut ev);
    g.steps.clear();
    g.sail(&mut ev);
    let p = g.duty.patrol.as_ref().unwrap();
    assert_eq!(p.options.crew.midget_skill.as_deref(), Some("sharpshooter"));
}

/// A boat sunk after her mission was done: the log row says she was lost, then that the mission had been
/// accomplished before — never "Mission accomplished" after "Sunk with all hands". [5.2.3] The completed
/// mission still counts toward victory.
#[test]
fn a_sunk_boats_log_row_does_not_contradict_itself() {
    let (mut g, _) = assign("type_c", (1941, 12), "yokosuka", "pearl_harbor");
    g.service.log.clear();
    let p = g.duty.patrol.as_mut().unwrap();
    p.mission.success = Some(true);
    let mut ev = Vec::new();
    p.finish(
        crate::sensuikan::PatrolEnd::Sunk {
            cause: "depth charges".into(),
        },
        &mut ev,
    );
    let mut ev = Vec::new();
    g.finish_patrol(&mut ev);
    let row = &g.service.log[0].result;
    assert!(row.starts_with("Sunk with all hands"), "{row}");
    assert!(
        row.contains("had been accomplished before the loss") && !row.contains("Mission accomplished"),
        "{row}"
    );
    assert_eq!(g.service.special_missions, 1);
}

/// [5.2.4] A commander taken prisoner is judged by the procedure for a dead one — "as if posthumously", in
/// words that do not call a living prisoner dead; a commander killed is judged posthumously.
#[test]
fn a_prisoner_is_judged_as_if_posthumously_5_2_4() {
    use super::victory::EndCause as E;
    let prisoner = CareerEnd::judge(E::Prisoner, 22_900, 5).describe();
    assert!(
        prisoner.contains("prisoner")
            && prisoner.contains("as if posthumously")
            && prisoner.contains("[5.2.4]"),
        "{prisoner}"
    );
    assert!(!prisoner.contains("(posthumous)"), "{prisoner}");
    assert!(
        prisoner.contains("22,900 t sunk, 5 special missions: Marginal Victory"),
        "{prisoner}"
    );
    let dead = CareerEnd::judge(E::Killed, 9_000, 1).describe();
    assert!(
        dead.contains("judged posthumously [5.2.4]") && dead.contains("1 special mission:"),
        "{dead}"
    );
    let captured = CareerEnd::judge(E::Captured, 60_000, 0).describe();
    assert!(
        captured.contains("Defeat") && captured.contains("[5.2.2]"),
        "{captured}"
    );
    let alive = CareerEnd::judge(E::WarOver, 60_000, 0).describe();
    assert!(!alive.contains("posthumous"), "{alive}");
}

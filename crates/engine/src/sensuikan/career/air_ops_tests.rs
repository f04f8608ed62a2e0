//! The career side of the aviation missions [7.1] [7.7] [7.13] [7.17].

use super::*;
use crate::sensuikan::MissionPlan;

fn assign(class: &str, month: (u16, u8), area: &str) -> (Career, Vec<CareerEvent>) {
    let opts = CareerOptions {
        class: Some(class.into()),
        ..CareerOptions::default()
    };
    let mut g = Career::new(opts, 1, DiceMode::Physical).unwrap();
    g.month = Month::new(month.0, month.1).unwrap();
    g.command.base = "yokosuka".into();
    g.steps.clear();
    let mut ev = Vec::new();
    g.set_assignment(area.into(), None, &mut ev);
    g.steps.clear();
    g.sail(&mut ev);
    (g, ev)
}

/// The patrol ends in port after its flights; the career reads it: credits and special missions gained.
fn come_home(g: &mut Career, flown: impl FnOnce(&mut Patrol)) -> (u32, u32) {
    let (credits, specials) = (g.command.credits, g.service.special_missions);
    let p = g.duty.patrol.as_mut().unwrap();
    flown(p);
    let mut ev = Vec::new();
    p.finish(crate::sensuikan::PatrolEnd::InPort, &mut ev);
    let mut ev = Vec::new();
    g.finish_patrol(&mut ev);
    (g.command.credits - credits, g.service.special_missions - specials)
}

/// [7.14] [7.1] [7.13] Pearl Harbor 12/41: a Type A takes the marker's reconnaissance (its first possible
/// mission), flown with the pilot's F3 skill; an aircraft surviving is a double success.
#[test]
fn reconnaissance_assigned_to_a_boat_with_aircraft() {
    let (mut g, _) = assign("type_a", (1941, 12), "pearl_harbor");
    assert_eq!(
        g.duty.mission,
        CareerMission::Special {
            event: Some("pearl_harbor".into()),
            plan: MissionPlan::Reconnaissance
        }
    );
    let p = g.duty.patrol.as_ref().unwrap();
    assert_eq!(p.options.crew.pilots, g.command.pilots);
    assert_eq!(p.mission(), MissionPlan::Reconnaissance);
    assert_eq!(come_home(&mut g, |p| p.air.survivors = 1), (2, 1));
    let (mut g, _) = assign("type_a", (1941, 12), "pearl_harbor");
    assert_eq!(come_home(&mut g, |_| {}), (0, 0));
}

/// [7.14] [7.7] [7.13] Oregon 8/42: a Type A takes the bombing; the bombs dropped count twice.
#[test]
fn bombing_assigned_to_a_boat_with_aircraft() {
    let (mut g, _) = assign("type_a", (1942, 8), "us_west_coast");
    assert_eq!(g.duty.mission.plan(), MissionPlan::Bombing);
    assert_eq!(come_home(&mut g, |p| p.air.bombed = true), (2, 1));
}

/// [7.7] [7.14] Panama 6/45: the marker's only mission is the P12 bombing, for Type A (Modified) and
/// Sen-Toku only; a Type A makes a plain patrol.
#[test]
fn panama_bombing_only_for_the_big_carriers() {
    let (g, ev) = assign("type_a", (1945, 6), "panama");
    assert_eq!(g.duty.mission, CareerMission::Patrol);
    assert!(ev.iter().any(
        |e| matches!(e, CareerEvent::Note { rule, text } if rule == "7.14" && text.contains("Bombing"))
    ));
    let (g, _) = assign("type_a_mod", (1945, 6), "panama");
    assert_eq!(g.duty.mission.plan(), MissionPlan::Bombing);
}

/// [7.17 seq 5] A pilot killed or missing is replaced through F3 at the refit, with a new aircraft.
#[test]
fn lost_pilot_replaced_through_f3() {
    let (mut g, _) = assign("type_a", (1941, 12), "pearl_harbor");
    g.command.pilots = vec!["ace_pilot".into()];
    come_home(&mut g, |p| p.air.pilots[0].lost = true);
    assert!(g.command.pilots.is_empty(), "the lost pilot is gone");
    g.steps.clear();
    let mut ev = Vec::new();
    g.schools(&mut ev);
    assert!(g.steps.iter().any(|s| matches!(
        s,
        Step::Roll {
            roll: CareerRoll::PilotSchool { pilot: 0 }
        }
    )));
}

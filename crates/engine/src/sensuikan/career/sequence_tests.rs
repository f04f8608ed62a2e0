//! The career's sequence [6.0]: setup, the patrol's log row, the refit's ordered checks and the end of the
//! game; each test cites its rule case.

use periscope_data::sensuikan::charts::ShipKind;

use super::test_support::*;
use super::*;
use crate::sensuikan::CrewQuality;

/// [4.4.2] At the start the crew is Trained, the submarine is in port and the starting base is set (the
/// patrol marker at that port); [4.8] the schools come before the first patrol: three F1 rolls, then the
/// free-time choice, then the assignment.
#[test]
fn a_career_starts_in_port_with_its_markers_and_schools() {
    let mut g = physical("kd6");
    // [8.9.3] The career begins as a Lieutenant Commander.
    assert_eq!(g.rank(), Rank::LieutenantCommander);
    assert_eq!(g.crew().quality, CrewQuality::Trained);
    assert_eq!(g.base(), "yokosuka");
    assert_eq!(g.view().whereabouts, "In port at Yokosuka");
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            roll: CareerRoll::Kure { officer: 0 }
        }
    ));
    for _ in 0..3 {
        roll(&mut g, &[2, 2]);
    }
    assert!(matches!(g.phase(), Phase::Decide { ask: Ask::FreeTime }));
    g.apply(CareerAction::FreeTime {
        option: "gosei".into(),
    })
    .unwrap();
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            roll: CareerRoll::Assignment
        }
    ));
    assert_eq!(g.service.patrols, 0, "no patrol before the schools");
}

/// The patrol comes home with `ships` on her log (name, type, tonnage, sunk).
fn home_with(g: &mut Career, ships: &[(&str, ShipKind, u32, bool)]) {
    let p = g.duty.patrol.as_mut().unwrap();
    for (name, kind, tonnage, sunk) in ships {
        let mut s = ship(name, *kind, *tonnage);
        s.sunk = *sunk;
        p.log.push(s);
    }
    let mut ev = Vec::new();
    p.finish(crate::sensuikan::PatrolEnd::InPort, &mut ev);
    let mut ev = Vec::new();
    g.finish_patrol(&mut ev);
}

/// [6.2.1C] The patrol is written on the log's row of its start month, with its area and mission. [4.3.2]
/// The row records the ships damaged and sunk; [5.2.1] the career's tonnage is the sum of the ships sunk
/// over the whole log.
#[test]
fn the_log_row_of_a_patrol_records_its_ships() {
    let (mut g, _) = assign("kd6", (1942, 7), "yokosuka", "central_pacific");
    g.steps.clear();
    g.service.log.clear();
    home_with(
        &mut g,
        &[
            ("Lahaina", ShipKind::Freighter, 5600, true),
            ("Prusa", ShipKind::Freighter, 5100, false),
        ],
    );
    let row = &g.service.log[0];
    assert_eq!((row.month.as_str(), row.mark.as_str()), ("7/42", "patrol"));
    assert_eq!(row.area_name, "Central Pacific");
    assert_eq!(row.mission, "Patrol");
    let ships: Vec<(&str, bool)> = row.ships.iter().map(|s| (s.name.as_str(), s.sunk)).collect();
    assert_eq!(ships, vec![("Lahaina", true), ("Prusa", false)]);
    assert_eq!(row.tonnage, 5600, "only the sunk ship's tonnage");
    assert_eq!(g.tonnage(), 5600);
    assert_eq!(
        g.service.log[1].mark, "P",
        "[6.1] the second month of a two-month patrol"
    );
}

/// [6.2.3B] The refit's checks come in the rulebook's order: A recovery of the wounded, B crew quality,
/// C decorations and promotion, D reassignment (and the upgrade marker), E resupply (the next patrol
/// loads), F removals and kaiten fitting, then the schools' replacements, G the air raid, and the end.
#[test]
fn the_refit_checks_come_in_order() {
    // 4/44: no Major Event in the Central Pacific, air raids on the ports [4.7.6].
    let (mut g, _) = assign("kd6", (1944, 4), "yokosuka", "central_pacific");
    g.steps.clear();
    g.service.next_promotion = Month::new(1944, 12).unwrap();
    g.command.credits = 2;
    g.command.crew.expert_xo = true;
    let p = g.duty.patrol.as_mut().unwrap();
    p.crew.engineer = Some(periscope_data::sensuikan::charts::Wound::Sw);
    p.log.push(ship("Lahaina", ShipKind::Freighter, 5600));
    let mut ev = Vec::new();
    p.finish(crate::sensuikan::PatrolEnd::InPort, &mut ev);
    let mut ev = Vec::new();
    g.finish_patrol(&mut ev);
    let steps: Vec<Step> = g.steps.iter().cloned().collect();
    let at = |s: &Step| {
        steps
            .iter()
            .position(|x| x == s)
            .unwrap_or_else(|| panic!("{s:?} in {steps:?}"))
    };
    let recovery = at(&Step::Roll {
        roll: CareerRoll::Recovery { post: 4 },
    });
    let improve = at(&Step::Ask { ask: Ask::Improve });
    let xo = at(&Step::Roll {
        roll: CareerRoll::ExpertXo,
    });
    let awards = at(&Step::Awards);
    let reassign = at(&Step::Reassign);
    let upgrade = at(&Step::Ask { ask: Ask::Upgrade });
    let removals = at(&Step::Removals);
    let schools = at(&Step::Schools);
    let raid = at(&Step::Roll {
        roll: CareerRoll::AirRaid,
    });
    let end = at(&Step::EndRefit);
    let order = [
        recovery, improve, xo, awards, reassign, upgrade, removals, schools, raid, end,
    ];
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{steps:?}");
}

/// [4.2.3] The commander keeps his submarine from patrol to patrol unless a rule reassigns him: after a
/// patrol and a one-month refit the class is the same.
#[test]
fn the_commander_keeps_his_boat() {
    let (mut g, _) = assign("kd6", (1942, 7), "yokosuka", "central_pacific");
    g.steps.clear();
    home_with(&mut g, &[]);
    let mut ev = Vec::new();
    g.reassign(&mut ev);
    g.removals(&mut ev);
    assert_eq!(g.class_id(), "kd6");
    assert!(!g.duty.refit.new_boat);
}

/// [6.1] [6.2.3A] Time runs in months, no turns: a two-month patrol from 7/42 is written 7/42 and P 8/42, its
/// one-month refit R 9/42, and the next patrol sails in 10/42.
#[test]
fn months_run_patrol_then_refit() {
    let (mut g, _) = assign("kd6", (1942, 7), "yokosuka", "central_pacific");
    g.steps.clear();
    g.service.log.clear();
    home_with(&mut g, &[]);
    g.steps.clear();
    let mut ev = Vec::new();
    g.end_refit(&mut ev);
    let marks: Vec<(String, String)> = g
        .service
        .log
        .iter()
        .map(|r| (r.month.clone(), r.mark.clone()))
        .collect();
    assert_eq!(
        marks,
        vec![
            ("7/42".to_string(), "patrol".to_string()),
            ("8/42".into(), "P".into()),
            ("9/42".into(), "R".into())
        ]
    );
    assert_eq!(g.month(), Month::new(1942, 10).unwrap());
}

/// [5.0] [5.1.3] The game ends at once, whatever the date, when the commander is lost with his boat or
/// taken prisoner after scuttling; victory is then judged [5.1.4].
#[test]
fn the_career_ends_when_the_commander_is_lost_or_a_prisoner() {
    for (end, cause) in [
        (
            crate::sensuikan::PatrolEnd::Sunk {
                cause: "depth charges".into(),
            },
            EndCause::Killed,
        ),
        (
            crate::sensuikan::PatrolEnd::Scuttled {
                crew: "the crew are taken prisoner".into(),
            },
            EndCause::Prisoner,
        ),
    ] {
        let (mut g, _) = assign("kd6", (1942, 7), "yokosuka", "central_pacific");
        g.steps.clear();
        let p = g.duty.patrol.as_mut().unwrap();
        let mut ev = Vec::new();
        p.finish(end, &mut ev);
        let mut ev = Vec::new();
        g.finish_patrol(&mut ev);
        assert_eq!(g.end().map(|e| e.cause), Some(cause));
        assert!(ev.iter().any(|e| matches!(e, CareerEvent::Ended { .. })));
        assert!(g.month() < LAST_PATROL, "before the war's end");
    }
}

//! The sequence of a patrol, box by box [6.2 step 2], and the cases of setup and combat it walks through:
//! scripted dice, each test citing its rule case.

use super::test_support::*;
use super::*;

/// A plain patrol off Pearl Harbor in 12/41 whose every box is quiet (transit 6, on station 6 = nothing).
fn quiet_patrol() -> (Patrol, Vec<PatrolEvent>) {
    let mut faces = vec![4];
    faces.extend([3, 3].repeat(7));
    let g = scripted(patrol_opts(), &faces);
    let ev = g.opening_events().to_vec();
    (g, ev)
}

/// [6.2.1D] The submarine starts in the first track box of its patrol. [6.2.2C] It advances box by box,
/// each box's encounter resolved, through the final box; then it is home in port. [6.2.1 map] Pearl Harbor
/// is a long transit: the map's extra transit boxes replace on-station boxes (2 + 3 + 2 for a Type C) and
/// each is checked for an encounter like the sheet's own.
#[test]
fn a_patrol_runs_box_by_box_to_port() {
    let (g, ev) = quiet_patrol();
    let boxes: Vec<u8> = ev
        .iter()
        .filter_map(|e| match e {
            PatrolEvent::EnteredBox { number, .. } => Some(*number),
            _ => None,
        })
        .collect();
    assert_eq!(
        boxes,
        vec![1, 2, 3, 4, 5, 6, 7],
        "from the first track box, in order"
    );
    let kinds: Vec<BoxKind> = g.route().iter().map(|b| b.kind).collect();
    assert_eq!(
        kinds,
        [
            [BoxKind::Transit; 2].as_slice(),
            &[BoxKind::OnStation; 3],
            &[BoxKind::Transit; 2]
        ]
        .concat()
    );
    assert_eq!(
        g.route().iter().filter(|b| b.map_box).count(),
        2,
        "the map's extra boxes"
    );
    assert_eq!(
        rolls_of(&ev, "6.2.2B").len(),
        7,
        "an encounter roll in every box, map boxes too"
    );
    assert!(matches!(ev.last(), Some(PatrolEvent::PatrolOver { .. })));
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::HomeInPort)));
    assert_eq!(g.result().map(|r| r.end), Some(PatrolEnd::InPort));
    assert_eq!(g.view().box_number, 0, "in port");
}

/// [4.4.2] At the start the crew is Trained, the boat sails from her port with her torpedoes and deck-gun
/// ammunition aboard. [4.6.1] [4.6.2] The ammunition box holds the class's whole capacity.
#[test]
fn a_patrol_sails_with_its_markers_in_place() {
    let g = scripted(patrol_opts(), &[4]);
    assert_eq!(g.options().crew.quality, CrewQuality::Trained);
    assert_eq!(g.boat().ammunition, u32::from(g.class().ammunition));
    assert!(g.class().ammunition > 0);
    assert_eq!(g.boat().torpedoes(), g.class().torpedo_capacity());
    assert_eq!(g.options().base, "yokosuka");
}

/// [4.6.3] One ammunition point is one deck-gun round, at most two rounds per gun in a combat round;
/// [4.6.5] the anti-aircraft guns use none.
#[test]
fn gun_rounds_and_anti_aircraft_fire() {
    let mut g = lone_ship_at(4);
    let before = g.boat().ammunition;
    act(&mut g, "attack short surfaced");
    feed(&mut g, &[6, 6]);
    act(&mut g, "gun 1");
    assert_eq!(g.boat().ammunition, before - 1, "one point a shot");
    feed(&mut g, &[6, 6]);
    act(&mut g, "gun 1");
    assert!(refused(&mut g, "gun 1"), "two shots for the one gun");
    // An aircraft: the AA fire (A2) spends no ammunition.
    let mut g = on_station(patrol_opts());
    let ammunition = g.boat().ammunition;
    let ev = feed(&mut g, &[1, 3, 2, 2, 1, 1, 0, 5, 3, 3, 1, 1, 1]);
    assert!(rolls_of(&ev, "8.3.2").iter().any(|r| r.chart == "A2"));
    assert_eq!(g.boat().ammunition, ammunition);
}

/// [3.4] d100 is read from two ten-sided dice, tens then units, and "00" is 100: T1 00 is the chart's last
/// row.
#[test]
fn a_d100_of_double_zero_is_one_hundred() {
    let opts = PatrolOptions {
        area: "dei".into(),
        ..patrol_opts()
    };
    let mut g = scripted(opts, &[4, 3, 3]);
    let ev = feed(&mut g, &[1, 3, 3, 0, 0, 1]);
    let t1 = rolls_of(&ev, "8.1.3")
        .into_iter()
        .find(|r| r.chart == "T1")
        .cloned();
    let t1 = t1.unwrap_or_else(|| panic!("no T1 roll: {ev:?}"));
    assert_eq!((t1.faces.clone(), t1.natural), (vec![0, 0], 100));
    let last = g.charts().t1.chart.rows.last().map(|r| r.result.name.clone());
    assert_eq!(g.combat().map(|c| c.picture.targets[0].ship.name.clone()), last);
}

/// [8.2] The commander decides how to attack once the time of day and the targets are known: the engage
/// decision (ranges, surfaced at night) follows the identification and the day-or-night roll.
#[test]
fn the_attack_is_decided_after_the_time_and_the_targets() {
    let g = lone_ship_at(4);
    assert!(waits(&g, AskView::Engage));
    let c = g.combat().cloned().unwrap();
    assert_eq!(c.picture.time, Some(TimeOfDay::Night));
    assert!(!c.picture.targets.is_empty());
    let choices = crate::testing::choices(&g);
    assert!(choices.contains(&"attack medium submerged".to_string()));
    assert!(
        choices.contains(&"attack medium surfaced".to_string()),
        "a night surface attack at night"
    );
    assert!(!crate::testing::choices(&lone_ship()).contains(&"attack medium surfaced".to_string()));
}

/// [8.1.7] An aviation encounter is resolved on A4 with its modifiers.
#[test]
fn an_aviation_encounter_rolls_a4() {
    let mut g = on_station(patrol_opts());
    feed(&mut g, &[1, 3]);
    assert!(waits_roll(&g, RollPurpose::Aircraft(AircraftRoll::Dive)));
    let crate::game::Pending::Roll(spec) = crate::game::Game::pending(&g) else {
        panic!()
    };
    assert_eq!((spec.chart.as_str(), spec.rule.as_str()), ("A4", "8.3.1"));
}

/// [8.6.1] The captain may abort at any time, for any reason: after a round, the patrol heads home by the
/// nearest transit boxes and may start no combat [8.6.2].
#[test]
fn the_captain_may_abort_after_a_round() {
    let mut g = lone_ship();
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    assert!(crate::testing::choices(&g).contains(&"abort".to_string()));
    let ev = act(&mut g, "abort");
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Aborted { reason } if reason.contains("captain")))
    );
    assert!(g.aborted());
}

/// [8.4.1] After a round the submarine goes on to the next box unless it stays to track: ending the
/// encounter moves it one box along.
#[test]
fn after_combat_the_boat_advances_one_box() {
    let mut g = lone_ship();
    let at = g.position();
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    act(&mut g, "continue");
    assert_eq!(g.position(), at + 1);
}

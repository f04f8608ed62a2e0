//! The crossing [6.1] [7.1.2] [7.2.7] [9]: the assignment, the six travel boxes and their A2 rolls, the
//! Condor, the random events and the markers they leave, the arrival.

use super::support::*;
use crate::atlantic::{AirCover, Fate, MissionEnd, MissionEvent, MissionOptions};
use crate::game::Game;
use crate::testing::{act, choices, feed};

fn no_air() -> MissionOptions {
    MissionOptions {
        air: AirCover::default(),
        ..opts()
    }
}

fn boxes(ev: &[MissionEvent]) -> Vec<String> {
    ev.iter()
        .filter_map(|e| match e {
            MissionEvent::EnteredBox { name, .. } => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// [6.1 1A] [6.1 1B] [6.1 1C] [4.7.1] From St. John's: A1b, the convoy from WESTOMP eastbound through
/// six boxes to EASTOMP, the refit at Londonderry; [6.1 2A] [3.1] [7.1.2] one A2 roll a box, nothing on
/// the quiet ones.
#[test]
fn from_st_johns_a1b_and_six_quiet_boxes_to_eastomp() {
    let o = MissionOptions {
        base: "st_johns".into(),
        convoy: None,
        ..MissionOptions::default()
    };
    let m = scripted(o, &[3, 3, 3, 3, 4, 3, 4, 4, 4, 5, 5, 3, 3]);
    let ev = m.opening_events().to_vec();
    assert_eq!(on(&ev, "A1b")[0].outcome, "a small HX convoy");
    assert_eq!(m.convoy().display, "T1B");
    assert_eq!(boxes(&ev).len(), 6);
    assert_eq!(boxes(&ev)[0], "Grand Banks");
    assert_eq!(on(&ev, "A2").len(), 6);
    assert!(m.pending().is_over());
    let r = m.result().unwrap();
    assert!(matches!(&r.end, MissionEnd::Arrived { meeting_point, base }
        if meeting_point.contains("EASTOMP") && base == "Londonderry"));
}

/// [6.1 2A] A2 is read in the month's column: 11 is nothing in 2/42 but a wolfpack in 7/42.
#[test]
fn a2_is_read_in_the_months_column() {
    let quiet = scripted(no_air(), &[5, 6]);
    assert!(
        on(quiet.opening_events(), "A2")[0]
            .outcome
            .contains("no encounter")
    );
    let o = MissionOptions {
        month: periscope_data::Month { year: 1942, month: 7 },
        ..no_air()
    };
    let m = scripted(o, &[5, 6]);
    assert!(on(m.opening_events(), "A2")[0].outcome.contains("wolfpack"));
}

/// [9.1] [9.2] The mission's first natural 12 is a random event on C5 (Touch Wood, kept [9.2]); a second
/// 12 is the chart's result.
#[test]
fn the_first_natural_12_is_a_random_event_and_the_second_reads_the_chart() {
    let m = scripted(no_air(), &[6, 6, 3, 4, 6, 6]);
    let ev = m.opening_events().to_vec();
    assert_eq!(on(&ev, "C5")[0].outcome, "Touch Wood");
    assert_eq!(m.touch_wood(), 1);
    let a2 = on(&ev, "A2");
    assert!(a2[0].outcome.contains("random event"));
    assert!(a2[1].outcome.contains("Condor"), "the second 12 reads the chart");
    assert!(m.voyage().event_used);
}

/// [7.2.7] A Condor outside the three C boxes is no encounter.
#[test]
fn a_condor_outside_the_c_boxes_is_no_encounter() {
    let o = MissionOptions {
        base: "st_johns".into(),
        ..no_air()
    };
    let m = scripted(o, &[1, 1]);
    let ev = m.opening_events().to_vec();
    assert!(on(&ev, "A2")[0].outcome.contains("out of its range"));
    assert!(!m.voyage().shadowed);
}

/// [7.2.7] [4.5] Keeping the Hurricane, the Condor shadows: two A2 rolls in the next box. A CAM ship
/// is used once: the next Condor finds none, and shadows.
#[test]
fn a_shadowing_condor_doubles_the_next_boxs_roll_and_the_cam_is_used_once() {
    let mut m = scripted(opts(), &[1, 1]);
    assert_eq!(choices(&m), ["launch", "hold"]);
    let ev = act(&mut m, "hold");
    assert!(ev.iter().any(|e| matches!(e, MissionEvent::CondorShadows)));
    // Box 2 rolls twice: 6, then a second Condor; the Hurricane flies.
    let ev = feed(&mut m, &[3, 3, 1, 1]);
    assert_eq!(on(&ev, "A2").len(), 2, "two rolls in box 2");
    assert_eq!(m.voyage().box_number(), 2);
    let ev = act(&mut m, "launch");
    assert!(m.cam_used());
    assert_eq!(m.voyage().box_number(), 3);
    assert!(
        on(&ev, "A2").is_empty() && !m.voyage().shadowed,
        "driven off: one roll in box 3"
    );
    // Box 3: a third Condor, no CAM left: it shadows, and box 4 rolls twice.
    let ev = feed(&mut m, &[1, 1, 3, 3, 3, 4]);
    assert!(ev.iter().any(|e| matches!(e, MissionEvent::CondorShadows)));
    assert_eq!(on(&ev, "A2").len(), 3);
    assert_eq!(m.voyage().box_number(), 5);
}

/// [7.2.7] A CVE drives the Condor off without a decision.
#[test]
fn an_escort_carrier_drives_off_the_condor() {
    let o = MissionOptions {
        air: AirCover {
            cve: true,
            ..AirCover::default()
        },
        month: periscope_data::Month { year: 1943, month: 3 },
        ..opts()
    };
    let m = scripted(o, &[1, 1]);
    let ev = m.opening_events().to_vec();
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::CondorDrivenOff { by } if by.contains("carrier")))
    );
}

/// [7.2.7] Eastbound, a Condor not driven off in the final box brings a second roll at once.
#[test]
fn in_an_eastbound_convoys_last_box_a_condor_brings_a_second_roll_at_once() {
    let o = MissionOptions {
        base: "st_johns".into(),
        ..no_air()
    };
    let m = scripted(o, &[3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 3, 3]);
    let ev = m.opening_events().to_vec();
    assert_eq!(on(&ev, "A2").len(), 7);
    assert!(m.pending().is_over());
}

/// [7.2.7] [9.2] A Condor with a straggler and no escort in Box S bombs the largest straggler for 1d6
/// (her loss counts); an escort in Box S keeps it off [7.1.6].
#[test]
fn a_condor_bombs_the_largest_unguarded_straggler() {
    // Box 1: the first 12 is engine trouble (C5 10): a small freighter, M1 07 Harperley, straggles.
    let m = scripted(no_air(), &[6, 6, 4, 6, 1, 0, 7, 1, 1, 2]);
    let ev = m.opening_events().to_vec();
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Straggler { name, .. } if name == "Harperley"))
    );
    assert_eq!(on(&ev, "Condor attack on a straggler")[0].result, 2);
    assert!(matches!(&m.convoy().ships[0].fate, Fate::Sunk { by } if by.contains("Condor")));

    let mut m = scripted(no_air(), &[6, 6, 4, 6, 1, 0, 7]);
    m.group.guards = vec![3];
    let ev = feed(&mut m, &[1, 1]);
    assert!(on(&ev, "Condor attack on a straggler").is_empty());
    assert_eq!(m.convoy().ships[0].fate, Fate::Straggler);
}

/// [9.2] Touch Wood: spent, the latest roll of the player's (an ASDIC roll) is made again; what followed
/// it is undone.
#[test]
fn touch_wood_makes_the_latest_roll_of_the_players_again() {
    let o = MissionOptions {
        touch_wood: 1,
        ..opts()
    };
    let mut m = scripted(o, &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    let mut f = at("D");
    // Silent; ASDIC 6 fails; the boat attacks: medium, three small, C1 7, G7e, four misses.
    f.extend([
        1, 6, 3, 1, 1, 1, 0, 7, 1, 2, 2, 3, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6,
    ]);
    feed(&mut m, &f);
    assert!(choices(&m).contains(&"touch_wood".to_string()));
    assert_eq!(m.convoy().ships.len(), 3);
    let ev = act(&mut m, "touch_wood");
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::TouchWoodSpent { held: 0 }))
    );
    let ev = feed(&mut m, &[2]);
    assert!(on(&ev, "ASDIC")[0].outcome.contains("detected"));
    assert!(m.convoy().ships.is_empty(), "the attack that followed is undone");
    assert_eq!(m.touch_wood(), 0);
    assert!(!choices(&m).contains(&"touch_wood".to_string()));
}

/// [9.2] The random events: an Ultra decrypt quiets the next box; a straggler lost at night is a
/// small freighter sunk; a gale makes the next encounter Bad without C3; a shore station's fix detects
/// the next reporter without a roll; a collision or a breakdown takes an escort away; a support group's
/// destroyer joins; a U-boat sighted on the surface is a single boat detected before it attacks.
#[test]
fn the_random_events() {
    let event = |c5: [u8; 2], then: &[u8]| {
        let mut f = vec![6, 6];
        f.extend(c5);
        f.extend(then);
        let m = scripted(no_air(), &f);
        let ev = m.opening_events().to_vec();
        (m, ev)
    };
    // Ultra (2): box 2 has no roll.
    let (_, ev) = event([1, 1], &[3, 3]);
    assert_eq!(on(&ev, "A2").len(), 2, "box 1's 12 and box 3's roll");
    assert_eq!(boxes(&ev).len(), 4);
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Note { text } if text.contains("no encounter in this box")))
    );
    // Straggler lost (3): M1 07, sunk.
    let (m, _) = event([1, 2], &[0, 7]);
    assert!(m.convoy().ships[0].sunk() && m.convoy().ships[0].name == "Harperley");
    // Gale (9): the next battle's weather is Bad without a C3 roll.
    let (m, ev) = event([4, 5], &[1, 2, 5, 1, 1, 0, 7, 1, 2, 1]);
    assert!(on(&ev, "C3").is_empty());
    assert_eq!(
        m.battle().unwrap().weather,
        Some(periscope_data::atlantic::charts::Weather::Bad)
    );
    // Collision (5): one escort gone for the mission and a month.
    let (m, _) = event([1, 4], &[2]);
    assert_eq!(m.group().escorts[1].repair_months, 1);
    assert!(!m.group().escorts[1].fights());
    // Support group (6): a destroyer joins.
    let (m, ev) = event([2, 4], &[]);
    assert!(ev.iter().any(|e| matches!(e, MissionEvent::EscortJoined { .. })));
    assert_eq!(m.group().escorts.len(), 7);
    assert!(m.group().escorts[6].joined);
    // Breakdown (11): a DD/FF (1d6 among the three).
    let (m, _) = event([5, 6], &[3]);
    assert!(!m.group().escorts[2].fights() && m.group().escorts[2].dd_ff);
    // Surfaced U-boat (12): a single boat, detected before it attacks.
    let (mut m, _) = event([6, 6], &[5, 4, 1]);
    array(&mut m, &EXAMPLE);
    let mut f = at("G");
    f.push(1);
    let ev = feed(&mut m, &f);
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Detected { by, .. } if by.contains("surface")))
    );
    // HF/DF fix (8): the next report is detected without a roll, HF/DF or not.
    let o = MissionOptions {
        hf_df: Some(false),
        ..no_air()
    };
    let mut m = scripted(o, &[6, 6, 4, 4, 1, 2, 5, 4, 1]);
    array(&mut m, &EXAMPLE);
    let mut f = at("G");
    f.push(4);
    let ev = feed(&mut m, &f);
    assert!(on(&ev, "HF/DF").is_empty());
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Detected { by, .. } if by.contains("fix")))
    );
}

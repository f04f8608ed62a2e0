//! Setting up a battle [6.1 2b] [6.1 2c] [7.1.3] [7.1.4] [7.1.5] [12.3], the array [6.1 2e], the
//! boats' placement [7.1.3] [7.1.6], and detection before the attack [7.1.3] [Detection Sequence].

use periscope_data::atlantic::charts::Quality;

use super::support::*;
use crate::atlantic::{EscortSetup, MissionEvent, MissionOptions, OptionalRules};
use crate::testing::{act, choices, feed};

fn straggled(ev: &[MissionEvent]) -> Vec<String> {
    ev.iter()
        .filter_map(|e| match e {
            MissionEvent::Straggler { name, why, .. } if why.contains("weather") => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// [7.1.5] Day on 1-3: the cycles run day, night, day. [7.1.4] A single boat has one impulse.
#[test]
fn day_first_then_night_and_a_single_boat_has_one_impulse() {
    let mut m = scripted(opts(), &opening(DAY, 1));
    let b = m.battle().unwrap();
    assert!(!b.night_first && !b.night_in(1) && b.night_in(2) && !b.night_in(3));
    assert_eq!((b.acting.clone(), b.second.clone()), (vec![0], vec![]));
    array(&mut m, &EXAMPLE);
    // By day the boat rolls to attack after its report: 1-2 attacks [7.1.3] [7.1.5].
    let mut f = at("G");
    f.extend([1, 1]);
    let ev = feed(&mut m, &f);
    assert_eq!(on(&ev, "U-boat attacks by day")[0].outcome, "it attacks");
}

/// [6.1 2c] [7.1.3 ERRATA] [7.1.6] The weather before the placement: Poor makes a straggler, sized and
/// named, who may be guarded in Box S at once; if she survives the encounter undamaged she rejoins in
/// the next box. The weather's modifier on the radar [6.1 2c].
#[test]
fn poor_weather_makes_a_straggler_who_rejoins_in_the_next_box() {
    // A2 3; night; C3 2 = Poor; her size 1 and M1 07 = Harperley; the single boat a Type VII.
    let mut m = scripted(opts(), &[1, 2, 5, 2, 1, 0, 7, 1]);
    let ev = m.opening_events().to_vec();
    assert_eq!(on(&ev, "C3")[0].outcome, "Poor");
    assert_eq!(straggled(&ev), ["Harperley"]);
    assert!(
        choices(&m).iter().any(|c| c == "place hurricane S"),
        "Box S with stragglers [6.1 2e]"
    );
    array(&mut m, &EXAMPLE);
    // At H; straggler range... no: the boat goes for the straggler [7.1.6]: range 6 = long.
    let ev = feed(&mut m, &[6, 1]);
    assert_eq!(
        on(&ev, "Straggler range box")[0].outcome,
        "the long range box by the stragglers"
    );
    assert!(
        on(&ev, "Type 271 radar by night").is_empty(),
        "no radar at the stragglers [7.1.3]"
    );
    // It fires (C1 7, G7e) and misses; the Hurricane moves to Box S and holds it (B3 10 - 1); B4 7:
    // two hull hits; B3 a natural 2: it escapes, out of the encounter; the battle is over.
    let ev = feed(&mut m, &[3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6]);
    assert!(on(&ev, "B1").len() == 4);
    act(&mut m, "hunt hurricane");
    assert_eq!(m.battle().unwrap().spots[0].as_deref(), Some("J"));
    act(&mut m, "engage");
    assert_eq!(
        m.battle().unwrap().spots[0].as_deref(),
        Some("S"),
        "Box S engages the range boxes"
    );
    feed(&mut m, &[5, 5]);
    act(&mut m, "depth_charges");
    feed(&mut m, &[3, 4, 4, 1, 5, 2, 1, 1]);
    assert_eq!(choices(&m).last().map(String::as_str), Some("done"));
    let ev = act(&mut m, "done");
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Rejoined { name } if name == "Harperley"))
    );
}

/// [6.1 2c] Poor weather: +1 on the Type 271 (our reading of C3's effects).
#[test]
fn poor_weather_dims_the_radar() {
    // A2 4; night; C3 2 = Poor; her size 1 and M1 07; A3 5 - 2 = 3 boats.
    let mut m = scripted(opts(), &[1, 3, 5, 2, 1, 0, 7, 1, 4]);
    array(&mut m, &EXAMPLE);
    // Boat 1 goes for the straggler (range 6); boat 2 at H; both silent; the radar's 1 (+1 = 2).
    let mut f = vec![6];
    f.extend(at("H"));
    f.extend([1, 1, 1]);
    let ev = feed(&mut m, &f);
    let r = on(&ev, "Type 271 radar by night")[0];
    assert!(has_mod(r, "6.1 2c", 1));
    assert_eq!(r.result, 2);
}

/// [6.1 2c] [7.2.8] Bad weather: two stragglers, no aircraft even by day with long-range air, -2 on A3,
/// +1 on ASDIC, -1 on B3 (our reading of the weather's effects).
#[test]
fn bad_weather_grounds_the_aircraft_and_shrinks_the_pack() {
    let o = MissionOptions {
        air: crate::atlantic::AirCover {
            long_range_air: true,
            ..Default::default()
        },
        ..opts()
    };
    // A2 4; day; C3 1 = Bad; sizes 1 1, M1 07 12; A3 9 - 2 - 2 = 5.
    let m = scripted(o, &[1, 3, 2, 1, 1, 1, 0, 7, 1, 2, 4, 5]);
    let ev = m.opening_events().to_vec();
    assert_eq!(straggled(&ev).len(), 2);
    let a3 = on(&ev, "A3")[0];
    assert!(has_mod(a3, "6.1 2c", -2));
    assert_eq!(a3.result, 5);
    assert!(on(&ev, "C4").is_empty(), "no air support in Bad weather [7.2.8]");
    assert_eq!(m.battle().unwrap().boats.len(), 5);
}

/// [7.1.3] Eight boats or more: 1d6 taken off; [7.1.3] a pack never falls below one boat.
#[test]
fn a_pack_of_eight_or_more_is_reduced_by_1d6_and_never_below_one() {
    let m = scripted(opts(), &[1, 3, 5, 4, 5, 5, 3]);
    let ev = m.opening_events().to_vec();
    let a3 = on(&ev, "A3");
    assert_eq!((a3[0].result, a3.len()), (8, 2));
    assert_eq!(m.battle().unwrap().boats.len(), 5);
    let m = scripted(opts(), &[1, 3, 5, 4, 1, 1]);
    assert_eq!(m.battle().unwrap().boats.len(), 1);
    // [6.1 2e] Four boats: two and two.
    let m = scripted(opts(), &opening(NIGHT, 4));
    let b = m.battle().unwrap();
    assert_eq!((b.acting.len(), b.second.len()), (2, 2));
}

/// [12.3] [12.3 ERRATA] Each boat's crew on B9 before its attacks and detection rolls: a Green boat is
/// +1 on B1; in 1943 an Elite boat is -1 on B3.
#[test]
fn u_boat_quality_changes_b1_and_b3() {
    let o = MissionOptions {
        optional: OptionalRules {
            uboat_quality: true,
            ..Default::default()
        },
        ..opts()
    };
    let mut open = opening(NIGHT, 1);
    open.push(1); // B9 1 = Green
    let mut m = scripted(o.clone(), &open);
    assert_eq!(m.battle().unwrap().boats[0].quality, Some(Quality::Green));
    array(&mut m, &EXAMPLE);
    let mut f = at("G");
    f.extend([1, 3, 1, 1, 1, 0, 7, 1, 2, 2, 3, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6]);
    let ev = feed(&mut m, &f);
    assert!(on(&ev, "B1").iter().all(|r| has_mod(r, "12.3", 1)));

    let o = MissionOptions {
        month: periscope_data::Month { year: 1943, month: 1 },
        ..o
    };
    let mut open = opening(NIGHT, 1);
    open.push(6); // B9 6 in 1943 = Elite
    let mut m = scripted(o, &open);
    assert_eq!(m.battle().unwrap().boats[0].quality, Some(Quality::Elite));
    array(&mut m, &EXAMPLE);
    let mut f = at("H");
    f.extend([1, 1]);
    feed(&mut m, &f);
    for s in ["hunt hurricane", "hunt anchusa", "engage", "depth_charges"] {
        act(&mut m, s);
    }
    let ev = feed(&mut m, &[1, 2, 3, 3]);
    assert!(has_mod(on(&ev, "B3")[0], "12.3", -1));
}

/// [6.1 2e] Every escort is arrayed, one to a box, in any order; Box S only with stragglers.
#[test]
fn the_array_places_every_escort_one_to_a_box() {
    let mut m = scripted(opts(), &opening(NIGHT, 1));
    let c = choices(&m);
    let hurricane = c.iter().filter(|a| a.starts_with("place hurricane")).count();
    assert_eq!(
        hurricane, 10,
        "ten escort boxes, no Box S without stragglers: {c:?}"
    );
    act(&mut m, "place hurricane J");
    let c = choices(&m);
    assert!(c.iter().all(|a| !a.starts_with("place hurricane")));
    assert!(!c.iter().any(|a| a.ends_with(" J")), "J is taken");
    assert!(crate::testing::try_act(&mut m, "place rockingham J").is_err());
    assert!(
        crate::testing::try_act(&mut m, "place venomous K").is_ok(),
        "any escort, in any order"
    );
}

/// [7.1.3] The escorts flip back and, kept, return to the array of the impulse's start after moving.
#[test]
fn kept_escorts_return_to_the_impulses_array() {
    let mut m = scripted(opts(), &opening(NIGHT, 3));
    array(&mut m, &EXAMPLE);
    let mut f = at("H");
    f.extend(at("G"));
    f.extend([1, 1, 1]); // silent, silent; the radar's 1 on boat 1
    feed(&mut m, &f);
    for s in ["hunt hurricane", "hunt anchusa", "engage", "depth_charges"] {
        act(&mut m, s);
    }
    assert_eq!(m.battle().unwrap().spots[0].as_deref(), Some("H"));
    // No hit; B3 natural 2; then boat 2 attacks from G: medium, three small, C1 7, G7e, four misses.
    feed(
        &mut m,
        &[
            1, 2, 1, 1, 3, 1, 1, 1, 0, 7, 1, 2, 2, 3, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6,
        ],
    );
    act(&mut m, "let_go");
    let b = m.battle().unwrap();
    assert_eq!(b.impulse, 2);
    assert!(b.moved.iter().all(|x| !x), "flipped back to unmoved [7.1.3]");
    act(&mut m, "keep");
    let b = m.battle().unwrap();
    assert_eq!(b.spots[0].as_deref(), Some("J"));
    assert_eq!(b.spots[3].as_deref(), Some("K"));
}

/// [7.1.3] HF/DF only on a boat that reported, and only with HF/DF in the group [4.6.1].
#[test]
fn hf_df_needs_a_report_and_the_groups_hf_df() {
    for hf in [true, false] {
        let o = MissionOptions {
            hf_df: Some(hf),
            ..opts()
        };
        let mut m = scripted(o, &opening(NIGHT, 1));
        array(&mut m, &EXAMPLE);
        let mut f = at("D");
        f.extend(if hf { vec![4, 5, 6] } else { vec![4, 6] }); // reports; (HF/DF 5); ASDIC 6
        let ev = feed(&mut m, &f);
        assert_eq!(on(&ev, "HF/DF").len(), usize::from(hf));
        assert!(
            on(&ev, "HF/DF").iter().all(|r| r.modifiers.is_empty()),
            "[7.1.5 ERRATA]"
        );
    }
}

/// [7.1.3] [Detection Sequence] [7.5.2] The Type 271: 1 by day, 1-2 by night, a Veteran crew -1.
#[test]
fn the_type_271_detects_on_1_by_day_1_2_by_night_and_better_with_veterans() {
    let cases: [(bool, Quality, u8, bool); 5] = [
        (DAY, Quality::Trained, 1, true),
        (DAY, Quality::Trained, 2, false),
        (NIGHT, Quality::Trained, 2, true),
        (NIGHT, Quality::Trained, 3, false),
        (NIGHT, Quality::Veteran, 3, true),
    ];
    for (night, crew, face, found) in cases {
        let mut o = opts();
        o.escorts = EXAMPLE
            .iter()
            .map(|(s, _)| EscortSetup {
                type_271: *s == "hurricane",
                crew: if *s == "hurricane" { crew } else { Quality::Trained },
                ..EscortSetup::new(s)
            })
            .collect();
        let mut m = scripted(o, &opening(night, 1));
        array(&mut m, &EXAMPLE);
        let mut f = at("H");
        f.push(1);
        if !night {
            f.push(1); // it attacks by day
        }
        f.push(face);
        let ev = feed(&mut m, &f);
        let chart = if night {
            "Type 271 radar by night"
        } else {
            "Type 271 radar by day"
        };
        let r = on(&ev, chart)[0];
        assert_eq!(
            r.outcome.contains("not detected"),
            !found,
            "{night} {crew:?} {face}"
        );
        assert_eq!(has_mod(r, "7.5.2", -1), crew == Quality::Veteran);
    }
}

/// [7.1.3] [4.6.2] At the front a Type 271 covers only the circles beside its box: in A, A1 and A2,
/// not K.
#[test]
fn a_front_radar_covers_only_the_circles_beside_its_box() {
    let places = [
        ("hurricane", "A"),
        ("rockingham", "D"),
        ("venomous", "C"),
        ("anchusa", "J"),
        ("dahlia", "H"),
        ("monkshood", "B"),
    ];
    for (circle, rolls) in [("K", 0usize), ("A2", 1)] {
        let mut m = scripted(opts(), &opening(NIGHT, 1));
        array(&mut m, &places);
        let mut f = at(circle);
        f.push(1);
        f.extend(std::iter::repeat_n(6, rolls)); // the radar fails
        if circle == "A2" {
            f.extend([6, 6]); // ASDIC from A and B
        }
        let ev = feed(&mut m, &f);
        assert_eq!(on(&ev, "Type 271 radar by night").len(), rolls, "{circle}");
    }
}

/// [2.0] [7.1.3] ASDIC from each occupied box beside the circle; once detected, no more rolls (a second
/// detection has no effect).
#[test]
fn asdic_from_each_box_beside_the_circle_until_detected() {
    let mut m = scripted(opts(), &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    let mut f = at("A1");
    f.extend([1, 1]);
    let ev = feed(&mut m, &f);
    assert_eq!(on(&ev, "ASDIC").len(), 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Detected { by, .. } if by.contains("box K")))
    );
}

/// [7.1.3] [7.1.5] By day a boat that does not attack shadows and reports: only HF/DF can find it, and
/// if found it may be hunted though it does not attack; let go, it does not attack.
#[test]
fn a_day_shadower_is_exposed_only_to_hf_df() {
    let mut m = scripted(opts(), &opening(DAY, 1));
    array(&mut m, &EXAMPLE);
    let mut f = at("H");
    f.extend([1, 4, 2]); // silent; it shadows (and reports); HF/DF 2
    let ev = feed(&mut m, &f);
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Shadowing { boat: 1 }))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::ContactReport { boat: 1 }))
    );
    assert!(on(&ev, "Type 271 radar by day").is_empty());
    assert!(choices(&m).contains(&"hunt hurricane".to_string()));
    let ev = act(&mut m, "let_go");
    assert!(on(&ev, "Attack range").is_empty(), "a shadower does not attack");
    assert_eq!(m.battle().unwrap().cycle, 2);
}

/// [7.1.3] T1A's top approach on 5-6 is rolled again.
#[test]
fn the_top_approach_rerolls_5_and_6() {
    let mut m = scripted(opts(), &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    let ev = feed(&mut m, &[3, 4, 5, 2]);
    let ap = on(&ev, "Approach (front)");
    assert_eq!(ap[0].outcome, "roll again");
    assert_eq!(ap[1].outcome, "approach A1");
}

/// [7.1.1] At most three cycles; a cycle may pass without an attack (by day the boat shadows); a boat
/// that attacked and was not engaged attacks again [6.1 2e], at the same ships in reach if rolled again
/// (each once in the log).
#[test]
fn a_battle_lasts_three_cycles_at_most() {
    let attack = [3, 1, 1, 1, 0, 7, 1, 2, 2, 3, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6];
    let mut m = scripted(opts(), &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    let mut f = at("G");
    f.push(1);
    f.extend(attack);
    feed(&mut m, &f);
    act(&mut m, "let_go");
    act(&mut m, "keep");
    let mut f = at("G");
    f.extend([1, 4, 6]); // silent, shadows (a report), HF/DF 6
    let day = feed(&mut m, &f);
    assert!(
        on(&day, "Attack range").is_empty(),
        "cycle 2 passes without an attack"
    );
    act(&mut m, "keep");
    let mut f = at("G");
    f.push(1);
    f.extend(attack);
    feed(&mut m, &f);
    let ev = act(&mut m, "let_go");
    assert!(ev.iter().any(|e| matches!(e, MissionEvent::BattleOver { .. })));
    assert!(m.battle().is_none(), "no fourth cycle");
    assert_eq!(m.convoy().ships.len(), 3);
}

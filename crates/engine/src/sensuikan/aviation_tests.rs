//! Sensuikan patrol tests: enemy aircraft [8.3]; scripted dice, each test citing its rule case.

use super::test_support::*;
use super::*;

// ---- aviation ------------------------------------------------------------------------------------------

/// Pearl Harbor A3 4 = aircraft: the game waits for the quick dive.
fn aircraft(opts: PatrolOptions) -> Patrol {
    let mut g = on_station(opts);
    feed(&mut g, &[1, 3]);
    assert!(waits_roll(&g, RollPurpose::Aircraft(AircraftRoll::Dive)));
    g
}

/// [8.3.1] Aviation encounter: 2d6 on A4 + DRMs. Modified ≥6 → no combat (quick dive).
#[test]
fn a_quick_dive_on_six_avoids_the_aircraft() {
    let mut g = aircraft(patrol_opts());
    feed(&mut g, &[3, 3]);
    assert_eq!(g.position(), 3);
    assert_eq!(g.boat().hull, 0);
}

/// [8.3.2] Modified ≤5 → 1 attack on B5 at +2, a crew casualty roll; AA fire: shot down → no 2nd attack,
/// nothing further in the box except repairs.
#[test]
fn one_air_attack_and_the_aircraft_shot_down() {
    let mut g = aircraft(patrol_opts());
    // A4 4; B5 2 + 2 = 4: one hit, d100 05 hull; B7 6 crew, 1 LW; A2 2 shot down.
    let ev = feed(&mut g, &[2, 2, 1, 1, 0, 5, 3, 3, 1, 1, 1]);
    let b5 = rolls_of(&ev, "8.2.5");
    assert!(b5.iter().any(|r| r.chart == "B5" && has_mod(r, "8.3.2", 2)));
    assert_eq!(g.boat().hull, 1);
    assert_eq!(g.crew().crew[0], Some(Wound::Lw));
    assert!(
        rolls_of(&ev, "8.3.2")
            .iter()
            .any(|r| r.outcome.contains("shot down"))
    );
    assert_eq!(g.position(), 3, "nothing more in the box");
}

/// [8.3.2] The second attack happens only on a modified "1" on A4; damaged → the 2nd attack still happens;
/// nothing further; the aircraft returns to base.
#[test]
fn two_air_attacks_when_the_aircraft_is_only_damaged() {
    let opts = PatrolOptions {
        crew: CrewSetup {
            quality: CrewQuality::Green,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    let mut g = aircraft(opts);
    // A4 2 - 1 (green) = 1: two attacks. Each: B5 4 one hull hit, crew LW; A2 4 + 1 (green) = 5 damaged.
    feed(&mut g, &[1, 1, 1, 1, 0, 5, 3, 3, 1, 2, 2, 1, 1, 0, 5, 3, 3, 1]);
    assert_eq!(g.boat().hull, 2);
    assert_eq!(g.position(), 3);
}

/// [8.3.2] Undamaged → it shadows, and the sub counts as dived. Roll A3 "Additional combat round". Escort →
/// B4 detection from medium range, with +1 prior-detection DRM.
#[test]
fn an_unharmed_aircraft_shadows_and_brings_an_escort() {
    let mut g = aircraft(patrol_opts());
    // A4 4; B5 4: hull; crew LW; A2 12 no effect; A3 additional 10 = escort; B4 1,2 undetected.
    let ev = feed(&mut g, &[2, 2, 1, 1, 0, 5, 3, 3, 1, 6, 6, 5, 5, 1, 2]);
    let det = rolls_of(&ev, "8.2.5");
    let b4 = det.iter().find(|r| r.chart == "B4").copied();
    assert!(b4.is_some_and(|r| has_mod(r, "8.2.5", 1)), "{det:?}");
    assert_eq!(g.position(), 3);
}

/// [8.3.4] Any combination of aviation/escort arrivals 4 times consecutively in the additional-combat-round
/// cycle = "hounded to exhaustion": surface and scuttle. [8.3.2 note] Aircraft after the first cause no crew
/// casualty.
#[test]
fn hounded_to_exhaustion_after_four_arrivals() {
    let mut g = aircraft(patrol_opts());
    feed(&mut g, &[2, 2, 1, 1, 0, 5, 3, 3, 1, 6, 6]);
    // Three more aircraft: each goes straight to B5 (one hull hit), no crew roll, no AA.
    for _ in 0..3 {
        let ev = feed(&mut g, &[6, 6, 1, 1, 0, 5]);
        assert!(rolls_of(&ev, "8.5.9").is_empty());
    }
    assert_eq!(g.boat().hull, 4);
    // The fourth arrival in a row.
    feed(&mut g, &[6, 6]);
    assert!(waits_roll(&g, RollPurpose::Damage(DamageRoll::Scuttle)));
    feed(&mut g, &[1, 1]);
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Scuttled { .. }
        }
    ));
}

/// [8.3.3] FIDO special attack from May 1944: no automatic crew casualty; a direct hit = automatic sinking.
#[test]
fn fido_from_may_1944() {
    let opts = PatrolOptions {
        start: month(1944, 5),
        ..patrol_opts()
    };
    let mut g = on_station_late(opts.clone());
    // Pearl Harbor 1/44: 4 = aircraft; A4 4 - 1 (radar aircraft from 1/44) = 3; special 6 = FIDO; 2,2 misses.
    let ev = feed(&mut g, &[1, 3, 2, 2, 6, 2, 2]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Rolled { roll } if roll.chart == "B5 special"))
    );
    assert!(
        waits_roll(&g, RollPurpose::Aircraft(AircraftRoll::AaFire)),
        "no crew casualty roll after a FIDO attack"
    );
    let mut g = on_station_late(opts);
    feed(&mut g, &[1, 3, 2, 2, 6, 6, 6]);
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Sunk { .. }
        }
    ));
}

/// [8.3.5] AA fire: −1 to hit if at least 2 AA guns are operational; no modifier with only 1.
#[test]
fn two_working_aa_guns_give_minus_one() {
    let mut g = aircraft(patrol_opts());
    g.class.aa_guns = 2;
    let ev = feed(&mut g, &[2, 2, 1, 1, 0, 5, 3, 3, 1, 2, 2]);
    assert!(has_mod(rolls_of(&ev, "8.3.2")[0], "8.3.5", -1));
    let mut g = aircraft(patrol_opts());
    let ev = feed(&mut g, &[2, 2, 1, 1, 0, 5, 3, 3, 1, 2, 2]);
    assert!(rolls_of(&ev, "8.3.2")[0].modifiers.is_empty());
}

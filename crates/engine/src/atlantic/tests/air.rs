//! Air support [7.2.1]-[7.2.5] [7.2.8] [12.4]: one boat attacked each daylight cycle before it is
//! placed; the crash dive, the attacks at +2, the flak, FIDO and the aircrew.

use super::support::*;
use crate::atlantic::{AirCover, BoatState, Mission, MissionEvent, MissionOptions};

fn air(lr: bool, cve: bool, month: (u16, u8)) -> MissionOptions {
    MissionOptions {
        air: AirCover {
            long_range_air: lr,
            cam: false,
            cve,
        },
        month: periscope_data::Month {
            year: month.0,
            month: month.1,
        },
        ..opts()
    }
}

/// A single boat by day in box 1 (long-range air covers it), and the faces after the opening.
fn day_single(o: MissionOptions, kind: u8, then: &[u8]) -> (Mission, Vec<MissionEvent>) {
    let mut f = vec![1, 2, 2, 4, kind];
    f.extend(then);
    let m = scripted(o, &f);
    let ev = m.opening_events().to_vec();
    (m, ev)
}

/// [7.2.2] A modified 6 or more on C4: the boat crash-dives, no combat, and sits out the cycle; it
/// returns in the next.
#[test]
fn a_crash_dive_keeps_the_boat_out_of_the_first_cycle() {
    let (m, ev) = day_single(air(true, false, (1942, 2)), 1, &[3, 3]);
    let c4 = on(&ev, "C4")[0];
    assert_eq!(c4.rule, "7.2.2");
    assert!(ev.iter().any(|e| matches!(e, MissionEvent::SitsOut { boat: 1 })));
    assert!(on(&ev, "B4").is_empty(), "no combat");
    let b = m.battle().unwrap();
    assert_eq!(b.cycle, 2, "the boat returns in cycle 2");
    assert!(b.boats[0].available(2));
}

/// [7.2.3] [7.2.3 ERRATA] A modified 5 or less on C4 (the chart the case's "A4" means): one attack on
/// B4 at +2; the flak misses: the aircraft shadows and the
/// boat is out of the encounter, even unharmed.
#[test]
fn a_late_dive_is_attacked_at_plus_2_and_a_missed_aircraft_shadows() {
    // C4 3; B4 7 + 2 = 9: 3 hits, all minor; C2 7: missed.
    let (m, ev) = day_single(
        air(true, false, (1942, 2)),
        1,
        &[1, 2, 3, 4, 1, 5, 2, 5, 4, 4, 3, 4],
    );
    let b4 = on(&ev, "B4")[0];
    assert_eq!(b4.rule, "7.2.3");
    assert!(has_mod(b4, "7.2.3", 2));
    assert_eq!(b4.result, 9);
    assert!(on(&ev, "C2")[0].outcome.starts_with("missed"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Removed { why, .. } if why.contains("shadows")))
    );
    assert!(
        m.battle().is_none(),
        "its only boat gone, the encounter ends [7.1.3]"
    );
}

/// [7.2.3] A modified 1 brings two attacks; the flak shooting the aircraft down cancels the second;
/// damaging it does not. An unharmed boat cannot attack this cycle [7.1.3].
#[test]
fn two_attacks_on_a_modified_1_and_the_flak_decides_the_second() {
    // 3/43: the centimetric radar's -1 on C4; natural 2 = 1: two attacks. B4 2 + 2 = 4: one minor hit.
    for (flak, attacks) in [([1u8, 1u8], 1usize), ([2, 2], 2)] {
        let mut f = vec![1, 1, 1, 1, 1, 5];
        f.extend(flak);
        if attacks == 2 {
            f.extend([1, 1, 1, 5]);
        }
        let (m, ev) = day_single(air(true, false, (1943, 3)), 1, &f);
        let c4 = on(&ev, "C4")[0];
        assert_eq!(c4.result, 1);
        assert!(c4.outcome.contains("two attacks"));
        assert_eq!(on(&ev, "B4").len(), attacks);
        assert!(ev.iter().any(|e| matches!(e, MissionEvent::SitsOut { boat: 1 })));
        assert_eq!(m.battle().unwrap().cycle, 2);
    }
}

/// [7.2.5] From 5/43 a 1 before an attack drops a FIDO; its 1 sinks the boat. [7.2.3] Boats sunk by
/// aircraft count.
#[test]
fn from_may_1943_a_fido_may_sink_the_boat() {
    let (m, ev) = day_single(air(true, false, (1943, 5)), 1, &[1, 2, 1, 1, 3, 3]);
    assert_eq!(on(&ev, "FIDO")[0].rule, "7.2.5");
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::UboatSunk { by, .. } if by == "aircraft"))
    );
    let _ = m;
    let (_, ev) = day_single(air(true, false, (1943, 4)), 1, &[1, 2, 1, 2, 3, 4, 3, 3]);
    assert!(on(&ev, "FIDO").is_empty(), "no FIDO before 5/43");
}

/// [7.2.1] Long-range air does not reach the air gap; a CVE does. [6.1 2d] No air attack at night.
#[test]
fn long_range_air_is_not_in_the_air_gap_and_no_aircraft_fly_at_night() {
    // Boxes 1-3 quiet; box 4 (Black Pit east) a single boat by day.
    let gap = |o: MissionOptions| {
        let m = scripted(o, &[3, 3, 3, 3, 3, 3, 1, 2, 2, 4, 1, 3, 3]);
        let ev = m.opening_events().to_vec();
        on(&ev, "C4").len()
    };
    assert_eq!(gap(air(true, false, (1942, 2))), 0);
    assert_eq!(gap(air(false, true, (1943, 3))), 1);
    let m = scripted(air(true, false, (1942, 2)), &opening(NIGHT, 1));
    let ev = m.opening_events().to_vec();
    assert!(on(&ev, "C4").is_empty());
}

/// [7.2.4] A Type IX's two working flak mounts: -1 on C2.
#[test]
fn two_working_flak_mounts_are_minus_1() {
    let (_, ev) = day_single(air(true, false, (1942, 2)), 6, &[1, 2, 1, 2, 1, 5, 3, 4]);
    assert!(has_mod(on(&ev, "C2")[0], "7.2.4", -1));
}

/// [12.4] The aircrew's quality after a failed dive, before the attack: a Green crew one hit fewer.
#[test]
fn aircrew_quality_changes_the_hits() {
    let mut o = air(true, false, (1942, 2));
    o.optional.aircrew_quality = true;
    // C4 3; aircrew 1 = Green; B4 7 + 2 = 9: 3 - 1 = 2 hits, minor; C2 7.
    let (_, ev) = day_single(o, 1, &[1, 2, 1, 3, 4, 1, 5, 2, 5, 3, 4]);
    assert_eq!(on(&ev, "Aircrew quality, 1942-43")[0].outcome, "Green");
    assert!(on(&ev, "B4")[0].outcome.contains("[12.4]"));
    assert!(ev.iter().any(|e| matches!(e, MissionEvent::Hits { hits: 2, .. })));
    let _ = BoatState::Active;
}

/// [7.1.3] [7.2.3] Damage the aircraft did (not repaired) takes the boat out of the encounter.
#[test]
fn damage_from_the_air_takes_the_boat_out() {
    // C4 3; B4 9: 41 hull, two minor; C2 7 missed.
    let (_, ev) = day_single(
        air(true, false, (1942, 2)),
        1,
        &[1, 2, 3, 4, 4, 1, 1, 5, 2, 5, 3, 4],
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Removed { why, .. } if why.contains("aircraft")))
    );
}

/// [12.3] A Veteran boat +1 on C4 and [7.2.4] -1 on its flak; a Green one -1 on C4.
#[test]
fn u_boat_quality_on_the_crash_dive_and_the_flak() {
    let mut o = air(true, false, (1942, 2));
    o.optional.uboat_quality = true;
    // B9 6 = Veteran; C4 3 + 1; B4 5 = 1 hit, minor; C2 7 - 1.
    let (_, ev) = day_single(o.clone(), 1, &[6, 1, 2, 1, 2, 1, 5, 3, 4]);
    assert!(has_mod(on(&ev, "C4")[0], "12.3", 1));
    assert!(has_mod(on(&ev, "C2")[0], "7.2.4", -1));
    let (_, ev) = day_single(o, 1, &[1, 3, 3]);
    let c4 = on(&ev, "C4")[0];
    assert!(has_mod(c4, "12.3", -1));
    assert_eq!(c4.result, 5, "a Green boat dives too late on a 6");
}

/// [7.2.4] A boat whose flak is all out cannot fire: the aircraft shadows it, and it is out of the
/// encounter [7.2.3].
#[test]
fn a_boat_without_flak_cannot_answer_the_aircraft() {
    // Cycle 1, night: the radar finds it at H; B4 5: 42 flak gun 1; B3 3 escapes; the repair fails (6).
    let mut m = scripted(air(true, false, (1942, 2)), &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    let mut f = at("H");
    f.extend([1, 1]);
    crate::testing::feed(&mut m, &f);
    for s in ["hunt hurricane", "hunt anchusa", "engage", "depth_charges"] {
        crate::testing::act(&mut m, s);
    }
    // Cycle 2 is day: C4 3; B4 5 + 2: 1 hit, minor; no flak.
    let ev = crate::testing::feed(&mut m, &[2, 3, 4, 2, 1, 2, 6, 1, 2, 1, 2, 1, 5]);
    assert!(on(&ev, "C2").is_empty());
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Note { text } if text.contains("no flak")))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Removed { why, .. } if why.contains("shadows")))
    );
}

/// [12.4] A Veteran aircrew one hit more.
#[test]
fn a_veteran_aircrew_adds_a_hit() {
    let mut o = air(true, false, (1942, 2));
    o.optional.aircrew_quality = true;
    let (_, ev) = day_single(o, 1, &[1, 2, 5, 3, 4, 1, 5, 2, 5, 4, 4, 1, 5, 3, 4]);
    assert_eq!(on(&ev, "Aircrew quality, 1942-43")[0].outcome, "Veteran");
    assert!(ev.iter().any(|e| matches!(e, MissionEvent::Hits { hits: 4, .. })));
}

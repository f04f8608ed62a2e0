//! The Midget Submarine Module [7.16] and the midget attack mission [7.3], with scripted dice. The
//! Example of Play's run through M1 is `tests.rs::example_of_play_12_0`.

use crate::machine::Decision;
use crate::refusal::Refused;
use periscope_data::sensuikan::charts::{Range, System, Wound};

use crate::game::Pending;
use crate::roll::RollRecord;

use super::test_support::{act, scripted};
use super::*;
use crate::dice::DiceSource;
use crate::game::Game;

/// Load 4 (all Type 95), two quiet transit boxes: the next roll is the mission box's.
const TO_MISSION_BOX: [u8; 5] = [4, 4, 4, 3, 3];

/// Through M1 to the Target Box: circle 1 quiet, the net crossed, circles 2 and 3 quiet.
const TO_TARGET_BOX: [u8; 8] = [3, 3, 3, 3, 3, 3, 3, 3];

fn with(prefix: &[&[u8]]) -> Vec<u8> {
    prefix.iter().flat_map(|p| p.iter().copied()).collect()
}

fn midget_rolls(ev: &[PatrolEvent], chart: &str) -> Vec<crate::roll::RollRecord> {
    ev.iter()
        .filter_map(|e| match e {
            PatrolEvent::Rolled { roll } if roll.chart == chart && roll.rule == "7.16" => Some(roll.clone()),
            _ => None,
        })
        .collect()
}

/// [7.16] Target Box: M5 8 = a large ship (T2 01 Liberty ship, 7,200 t, 3 to sink); two Type 97s at medium
/// range, submerged, -1 to hit on B1 (8 → 7 hits, 12 → 11 misses) and -1 on B3 (2 → 1 = 4 damage): sunk,
/// on the Patrol Log as the midget's [7.3]; B4 6 undetected; the last circle quiet; M7 5 recovered. The
/// mission is a success [7.3].
#[test]
fn midget_sinks_a_ship_at_anchor_and_is_recovered() {
    let faces = with(&[&TO_MISSION_BOX, &TO_TARGET_BOX, &[4, 4, 0, 1]]);
    let mut g = scripted(PatrolOptions::default(), &faces);
    assert!(matches!(
        g.phase(),
        Phase::Decide {
            ask: Ask::MidgetAttack
        }
    ));
    let Pending::Decision(Decision { choices, .. }) = g.pending() else {
        panic!("no decision")
    };
    // [7.16] Three ranges times one or two torpedoes, or hold fire.
    assert_eq!(choices.len(), 7);
    g.dice = DiceSource::Manual([4u8, 4, 6, 6, 3, 2, 3, 3, 3, 3, 5].into_iter().collect());
    let ev = act(&mut g, "midget attack medium 2");
    let hits = midget_rolls(&ev, "B1");
    assert_eq!(hits.len(), 2);
    assert!(
        hits.iter()
            .all(|r| r.modifiers.iter().any(|m| m.value == -1 && m.rule == "7.16"))
    );
    assert_eq!(hits.iter().map(|r| r.result).collect::<Vec<_>>(), vec![7, 11]);
    let damage = midget_rolls(&ev, "B3");
    assert_eq!(damage.len(), 1);
    assert_eq!(damage[0].result, 1, "2 - 1 on B3 [7.16]");
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::ShipSunk { name, .. } if name == "Liberty ship"))
    );
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Undetected)));
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::MidgetOutcome { recovered: true }))
    );
    assert_eq!(g.log.len(), 1);
    assert!(g.log[0].by_midget && g.log[0].sunk && g.log[0].tonnage == 7200);
    assert_eq!(g.mission.success, Some(true));
    assert!(!g.markers.iter().any(|m| m == "midget_lost"));
    // The mission box is over: the patrol's own torpedoes were not touched.
    assert_eq!(g.torpedo_ledger().1, 0);
    assert_eq!(g.box_number(), 4);
}

/// [7.3] Success needs only the release and an attack: a midget that attacks and is then lost on M7 (1-3)
/// still succeeds; the loss is marked for the refit [7.16].
#[test]
fn midget_lost_after_attacking_is_still_a_success() {
    let faces = with(&[&TO_MISSION_BOX, &TO_TARGET_BOX, &[4, 4, 0, 1]]);
    let mut g = scripted(PatrolOptions::default(), &faces);
    // Both miss (12, 12); B4 6; last circle quiet; M7 2: lost.
    g.dice = DiceSource::Manual([6u8, 6, 6, 6, 3, 3, 3, 3, 2].into_iter().collect());
    let ev = act(&mut g, "midget attack long 2");
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::MidgetOutcome { recovered: false }))
    );
    assert_eq!(g.mission.success, Some(true));
    assert!(g.markers.iter().any(|m| m == "midget_lost"));
    assert!(g.log.is_empty());
}

/// [7.3] Holding fire is no attack: the mission fails even with the midget recovered (M7 4).
#[test]
fn holding_fire_fails_the_mission() {
    let faces = with(&[&TO_MISSION_BOX, &TO_TARGET_BOX, &[4, 4, 0, 1, 3, 3, 4]]);
    let mut g = scripted(PatrolOptions::default(), &faces);
    let ev = act(&mut g, "midget hold");
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::MidgetOutcome { recovered: true }))
    );
    assert_eq!(g.mission.success, Some(false));
}

/// [7.16] Only the offered choices: a third torpedo does not exist, and the refusal changes nothing.
#[test]
fn midget_attack_refuses_more_torpedoes_than_it_has() {
    let faces = with(&[&TO_MISSION_BOX, &TO_TARGET_BOX, &[4, 4, 0, 1]]);
    let mut g = scripted(PatrolOptions::default(), &faces);
    let before = g.clone();
    let r = g.apply(PatrolAction::MidgetAttack {
        range: Range::Medium,
        torpedoes: 3,
    });
    assert!(matches!(r, Err(PatrolError::Refused(Refused::NotNow { .. }))));
    assert_eq!(g, before);
}

/// [7.3] The midget craft damaged before the mission box: it cannot be deployed, the mission fails and
/// the box rolls its encounter as usual.
#[test]
fn damaged_midget_cannot_be_deployed() {
    let mut g = scripted(PatrolOptions::default(), &[4, 4, 4]);
    g.boat.systems.push((System::DeckCargo, SystemState::Damaged));
    g.dice = DiceSource::Manual([3u8, 3, 2, 3].into_iter().collect());
    let mut ev = Vec::new();
    let _ = crate::machine::settle(&mut g, &mut ev);
    assert!(g.midget().is_none());
    assert_eq!(g.mission.success, Some(false));
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Mission { what } if what.contains("cannot be deployed")))
    );
    // The mission box's own A3 roll (5: nothing) was made.
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Rolled { roll } if roll.chart == "A3" && roll.result == 5))
    );
}

/// [7.3] The midget's crew seriously wounded before the mission box (they count as a passenger on B7):
/// no deployment, the mission fails.
#[test]
fn wounded_midget_crew_cannot_deploy() {
    let mut g = scripted(PatrolOptions::default(), &[4, 4, 4]);
    assert_eq!(g.mission.passenger, Some(None), "[7.3] the midget crew is aboard");
    g.mission.passenger = Some(Some(Wound::Sw));
    g.dice = DiceSource::Manual([3u8, 3, 2, 3].into_iter().collect());
    let mut ev = Vec::new();
    let _ = crate::machine::settle(&mut g, &mut ev);
    assert!(g.midget().is_none());
    assert_eq!(g.mission.success, Some(false));
}

/// [7.16] A net may trap the midget: M5 net 2 = entangled, the midget is lost before attacking, a failure
/// [7.3]; no recovery roll.
#[test]
fn entangled_in_the_net_is_lost() {
    let faces = with(&[&TO_MISSION_BOX, &[3, 3, 1, 1]]);
    let g = scripted(PatrolOptions::default(), &faces);
    assert!(g.midget().is_some_and(|m| m.lost && m.step == 1));
    assert_eq!(g.mission.success, Some(false));
    assert!(g.markers.iter().any(|m| m == "midget_lost"));
}

/// [4.8.2] [7.16] The steady helmsman (F2) rolls a failed net crossing again.
#[test]
fn steady_helmsman_tries_the_net_again() {
    let mut opts = PatrolOptions::default();
    opts.crew.midget_skill = Some("steady_helmsman".into());
    let faces = with(&[&TO_MISSION_BOX, &[3, 3, 1, 1, 3, 3]]);
    let g = scripted(opts, &faces);
    assert!(g.midget().is_some_and(|m| !m.lost && m.step == 2 && m.skill_used));
}

/// [7.16] A patrol boat (M5 2) detects on B4 10, attacks on B5 4 = one hit: one midget hull box; it rolls
/// again with the prior detection modifier, and a natural 2 always evades [8.2.7]; the midget goes on.
#[test]
fn patrol_boat_detects_and_attacks_the_midget() {
    let faces = with(&[&TO_MISSION_BOX, &[1, 1, 5, 5, 2, 2, 1, 1]]);
    let g = scripted(PatrolOptions::default(), &faces);
    let m = g.midget().cloned();
    assert!(
        m.as_ref().is_some_and(|m| m.hull == 1 && m.step == 1 && !m.lost),
        "{m:?}"
    );
    let Some(RollRecord { chart, modifiers, .. }) = g.last_roll().cloned() else {
        panic!("no roll")
    };
    assert_eq!(chart, "B4");
    assert!(modifiers.iter().any(|x| x.rule == "8.2.5"), "prior detection");
}

/// [4.8.2] [7.16] Superior Communications (the Example's F2 skill) adds 1 to the recovery roll: M7 3 + 1 =
/// recovered. M5 11 in the Target Box = nothing to attack, so the mission fails [7.3].
#[test]
fn superior_communications_helps_the_recovery() {
    let mut opts = PatrolOptions::default();
    opts.crew.midget_skill = Some("superior_communications".into());
    let faces = with(&[&TO_MISSION_BOX, &TO_TARGET_BOX, &[5, 6, 3, 3, 3]]);
    let g = scripted(opts, &faces);
    assert!(g.midget().is_some_and(|m| !m.lost));
    assert!(g.markers.iter().all(|m| m != "midget_lost"));
    assert_eq!(g.mission.success, Some(false));
}

/// [7.16] M6 6 knocks a Type 97 out; M5 12 brings two events (here M6 6 twice): no torpedo is left, so
/// the Target Box offers nothing to fire.
#[test]
fn two_events_and_damaged_torpedoes() {
    // Circle 1: 12, M6 6 and 6; the net, circles 2 and 3 quiet; Target Box 8, T2 01: nothing to fire.
    let faces = with(&[
        &TO_MISSION_BOX,
        &[6, 6, 3, 3, 3, 3],
        &[3, 3, 3, 3, 3, 3, 4, 4, 0, 1],
    ]);
    let g = scripted(PatrolOptions::default(), &faces);
    assert!(
        g.midget().is_some_and(|m| m.torpedoes == 0 && m.step == 5),
        "{:?}",
        g.midget()
    );
    assert!(matches!(g.phase(), Phase::Roll { .. }));
}

/// [7.16] The harbour map follows the Major Event: Pearl Harbor M1, Sydney (Australia) M2, Diego Suárez
/// (Indian Ocean) M3, Guadalcanal (Solomons) M4.
#[test]
fn harbour_map_by_event() {
    for (area, year, month, map) in [
        ("pearl_harbor", 1941, 12, "M1"),
        ("australia", 1942, 5, "M2"),
        ("indian_ocean", 1942, 5, "M3"),
        ("solomons", 1942, 11, "M4"),
    ] {
        let opts = PatrolOptions {
            area: area.into(),
            start: crate::Month { year, month },
            ..PatrolOptions::default()
        };
        let g = scripted(opts, &[]);
        assert_eq!(g.harbour_map().as_deref(), Some(map), "{area}");
    }
}

/// [7.16] [11.2] The ship at anchor is identified like any other: in 12/41 T2 07 (Jean Nicolet, a Liberty
/// ship of 10/43) is not yet in service and T2 22 (Lahaina) was sunk before (with the historical targets
/// rule): both are identified again, and T2 01 (a Liberty ship) stands.
#[test]
fn the_ship_at_anchor_is_in_service_and_never_sunk_twice_11_2() {
    let mut opts = PatrolOptions::default();
    opts.optional.historical_targets = true;
    opts.optional.sunk_names = vec!["Lahaina".into()];
    let faces = with(&[&TO_MISSION_BOX, &TO_TARGET_BOX, &[4, 4, 0, 7, 2, 2, 0, 1]]);
    let g = scripted(opts, &faces);
    assert!(
        matches!(
            g.phase(),
            Phase::Decide {
                ask: Ask::MidgetAttack
            }
        ),
        "{:?}",
        g.phase()
    );
    let t2 = midget_rolls(g.opening_events(), "T2");
    assert_eq!(t2.len(), 3, "{t2:?}");
    assert!(t2[0].outcome.contains("Jean Nicolet was not in service in 12/41"));
    assert!(t2[1].outcome.contains("Lahaina was sunk before") && t2[1].outcome.contains("[11.2]"));
    assert_eq!(
        g.midget()
            .and_then(|m| m.target.as_ref())
            .map(|s| s.name.as_str()),
        Some("Liberty ship")
    );
}

/// [7.16] step 4 with [8.2.1]: the midget uses the standard attack and detection rules, so closing to short
/// range on the escorted ships at anchor rolls B4's approach column first (undetected on 9 or less).
/// Undetected (5), she fires at short range; detected (10), she cannot fire — her Type 97s stay aboard —
/// and the patrol boat attacks her (B5); the mission has no attack yet [7.3].
#[test]
fn the_midget_closing_to_short_range_is_rolled_for_first() {
    let faces = with(&[&TO_MISSION_BOX, &TO_TARGET_BOX, &[4, 4, 0, 1]]);
    let mut g = scripted(PatrolOptions::default(), &faces);
    // Approach 2+3 undetected; two shots miss (12, 12); B4 6 after the attack; quiet circle; M7 5.
    g.dice = DiceSource::Manual([2u8, 3, 6, 6, 6, 6, 3, 3, 3, 3, 5].into_iter().collect());
    let ev = act(&mut g, "midget attack short 2");
    let b4 = midget_rolls(&ev, "B4");
    let approach: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            PatrolEvent::Rolled { roll } if roll.chart == "B4" && roll.rule == "8.2.1" => Some(roll.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(approach.len(), 1, "{ev:?}");
    assert_eq!(approach[0].result, 5);
    let first_b1 = ev
        .iter()
        .position(|e| matches!(e, PatrolEvent::Rolled { roll } if roll.chart == "B1"))
        .unwrap();
    let approach_at = ev
        .iter()
        .position(|e| matches!(e, PatrolEvent::Rolled { roll } if roll.rule == "8.2.1"))
        .unwrap();
    assert!(approach_at < first_b1, "B4 before B1");
    assert_eq!(midget_rolls(&ev, "B1").len(), 2);
    assert_eq!(b4.len(), 1, "the after-attack roll as before");
    assert_eq!(g.mission.success, Some(true));

    // Detected closing in: no shot, the torpedoes stay, B5 on the midget.
    let faces = with(&[&TO_MISSION_BOX, &TO_TARGET_BOX, &[4, 4, 0, 1]]);
    let mut g = scripted(PatrolOptions::default(), &faces);
    g.dice = DiceSource::Manual([5u8, 5].into_iter().collect());
    let ev = act(&mut g, "midget attack short 2");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Detected)));
    assert!(midget_rolls(&ev, "B1").is_empty(), "she cannot fire");
    assert_eq!(g.midget().map(|m| m.torpedoes), Some(2));
    assert!(
        matches!(
            g.phase(),
            Phase::Roll {
                purpose: RollPurpose::Midget {
                    midget: MidgetRoll::Attack
                }
            }
        ),
        "{:?}",
        g.phase()
    );
    assert_ne!(g.mission.success, Some(true));

    // Medium range: no approach roll, as before.
    let faces = with(&[&TO_MISSION_BOX, &TO_TARGET_BOX, &[4, 4, 0, 1]]);
    let mut g = scripted(PatrolOptions::default(), &faces);
    g.dice = DiceSource::Manual([6u8, 6, 6, 6, 3, 3, 3, 3, 5].into_iter().collect());
    let ev = act(&mut g, "midget attack medium 2");
    assert!(
        !ev.iter()
            .any(|e| matches!(e, PatrolEvent::Rolled { roll } if roll.rule == "8.2.1"))
    );
}

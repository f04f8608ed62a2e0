//! Sensuikan patrol tests: additional rounds, tracking, following into the next box, day and night, declining
//! [8.2.8] [8.4] [8.1.10]; scripted dice, each test citing its rule case.

use super::test_support::*;
use super::*;

// ---- tracking and additional rounds --------------------------------------------------------------------

/// Nancy Moller damaged (1 of 2), the escorts miss: the round is over.
fn damaged_escorted_ship() -> Patrol {
    damaged_escorted_ship_with(patrol_opts())
}

/// [6.2.2] A damaged ship may still be tracked once the submarine has escaped the escorts' detection.
/// [8.4.2] Tracking is automatic if an escorted ship was damaged but not sunk. Roll 1d6: 1–4 it stays escorted
/// (damage kept); 5–6 it becomes an unescorted straggler.
#[test]
fn tracking_a_damaged_ship() {
    let mut g = damaged_escorted_ship();
    feed(&mut g, &[4]);
    act(&mut g, "track_damaged");
    assert!(waits(&g, AskView::Engage));
    assert!(
        g.combat()
            .is_some_and(|c| c.picture.escorted && c.picture.targets[0].damage == 1)
    );
    let mut g = damaged_escorted_ship();
    feed(&mut g, &[5]);
    act(&mut g, "track_damaged");
    assert!(
        g.combat()
            .is_some_and(|c| !c.picture.escorted && c.picture.targets.len() == 1)
    );
}

/// [8.4.4] Tracking a convoy or 2 escorted ships: 1d6, 1–4 success (attack as a new A3 convoy result); 5–6
/// escaped. [8.1.6] A convoy puts three ships in the window of opportunity, each sized and identified.
#[test]
fn tracking_the_convoy() {
    let mut g = damaged_escorted_ship();
    // 4: a fresh convoy window of three ships, each sized and identified.
    feed(&mut g, &[4, 1, 1, 0, 1, 1, 0, 2, 1, 0, 3, 1]);
    act(&mut g, "track_convoy");
    assert!(
        g.combat()
            .is_some_and(|c| c.picture.kind == ContactKind::Convoy && c.picture.targets.len() == 3)
    );
    let mut g = damaged_escorted_ship();
    feed(&mut g, &[5]);
    let ev = act(&mut g, "track_convoy");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::ContactLost)));
}

/// [8.4.5] Track up to 2 times (3 attack rounds total) in the same box.
#[test]
fn tracking_twice_per_box() {
    let mut g = damaged_escorted_ship();
    for _ in 0..2 {
        feed(&mut g, &[1]);
        act(&mut g, "track_damaged");
        act(&mut g, "attack medium submerged");
        act(&mut g, "declare bow 1");
        feed(&mut g, &[6, 6, 1, 2]);
        act(&mut g, "fire");
        act(&mut g, "shallow");
        assert!(waits(&g, AskView::AfterRound));
    }
    assert!(refused(&mut g, "track_damaged"));
}

/// [8.2.8] Unescorted target not sunk: optional additional combat round; roll A3 "Additional combat round";
/// at most 2 additional rounds in the same box. [8.1.1] Combat in a box is fought in rounds, the next
/// round at the commander's choice ("again").
#[test]
fn two_additional_rounds_per_box() {
    let mut g = lone_ship();
    for round in 0..3 {
        act(&mut g, "attack medium submerged");
        act(&mut g, "declare bow 1");
        feed(&mut g, &[6, 6]);
        act(&mut g, "fire");
        assert!(waits(&g, AskView::AfterRound));
        if round < 2 {
            feed(&mut g, &[2, 2]);
            act(&mut g, "again");
        }
    }
    assert!(refused(&mut g, "again"));
}

/// [8.2.8] Escort arrives → immediate B4 detection; aircraft arrives → abort the attack, immediate dive.
#[test]
fn additional_round_arrivals() {
    let mut g = lone_ship();
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    act(&mut g, "again");
    feed(&mut g, &[5, 5]);
    assert!(waits_roll(&g, RollPurpose::Escort(EscortRoll::Detection)));
    let mut g = lone_ship();
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    act(&mut g, "again");
    feed(&mut g, &[6, 6]);
    assert!(waits_roll(&g, RollPurpose::Aircraft(AircraftRoll::Dive)));
}

/// [4.5] Bow tubes reload only from the bow reload box; reloading happens after combat (between rounds).
/// [6.2.2Bb] The torpedoes are reloaded between the rounds of an encounter.
#[test]
fn tubes_reload_between_rounds_from_their_own_end() {
    let mut g = lone_ship();
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6, 6, 6]);
    let ev = act(&mut g, "fire");
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Reloaded { bow: 2, stern: 0 }))
    );
    assert_eq!(g.boat().bow_reloads.len(), 6);
    assert_eq!(g.boat().stern_reloads.len(), 4);
}

// ---- following a contact into the next box, day/night, declining ----------------------------------------

/// [8.4.5] Track up to 2 times (3 attack rounds total) in the same box. Tracking on needs one box more: the
/// submarine moves with the contact, the doctor's survival rolls come first, the track replaces the
/// encounter roll, and after a failure nothing else happens in that box.
#[test]
fn tracking_carried_into_the_next_box() {
    let mut g = damaged_escorted_ship();
    // Two tracks already made in this box (as in `tracking_twice_per_box`).
    if let Some(c) = g.combat.as_mut() {
        c.rounds.tracks = 2;
    }
    assert!(refused(&mut g, "track_convoy"));
    let from = g.position();
    // The doctor is dead and a crewman seriously wounded: his survival roll comes first in the new box.
    g.crew.doctor = Some(Wound::Kia);
    g.crew.crew[0] = Some(Wound::Sw);
    let ev = act(&mut g, "follow track_convoy");
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::FollowedIntoNextBox { .. }))
    );
    assert_eq!(g.position(), from + 1);
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            purpose: RollPurpose::Aftermath(AftermathRoll::DoctorSurvival { .. })
        }
    ));
    // Survives (1), then the convoy track instead of the encounter roll: 5 = escaped.
    let ev = feed(&mut g, &[1, 5]);
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::ContactLost)));
    assert!(rolls_of(&ev, "6.2.2B").is_empty(), "no encounter roll");
    // Nothing else in that box: the next box (its survival roll, then its encounter roll).
    assert_eq!(g.position(), from + 2);
    feed(&mut g, &[1]);
    assert!(waits_roll(&g, RollPurpose::Encounter));
}

/// [8.4.5] A successful carried track starts the box's count again (3 rounds in the new box).
#[test]
fn tracking_into_the_next_box_resets_the_count() {
    let mut g = damaged_escorted_ship();
    for _ in 0..2 {
        feed(&mut g, &[1]);
        act(&mut g, "track_damaged");
        act(&mut g, "attack medium submerged");
        act(&mut g, "declare bow 1");
        feed(&mut g, &[6, 6, 1, 2]);
        act(&mut g, "fire");
        act(&mut g, "shallow");
    }
    feed(&mut g, &[1]);
    act(&mut g, "follow track_damaged");
    assert!(waits(&g, AskView::Engage));
    assert!(
        g.combat()
            .is_some_and(|c| c.rounds.tracks == 0 && c.picture.targets[0].damage == 1)
    );
}

/// [8.2.8] At most 2 additional rounds in the same box; a 3rd requires advancing one box first, where it
/// replaces the encounter roll and the same limit applies again.
#[test]
fn third_additional_round_carried_into_the_next_box() {
    let mut g = lone_ship();
    for round in 0..3 {
        act(&mut g, "attack medium submerged");
        act(&mut g, "declare bow 1");
        feed(&mut g, &[6, 6]);
        act(&mut g, "fire");
        if round < 2 {
            feed(&mut g, &[2, 2]);
            act(&mut g, "again");
        }
    }
    assert!(refused(&mut g, "again"));
    let from = g.position();
    feed(&mut g, &[2, 2]);
    let ev = act(&mut g, "follow again");
    assert_eq!(g.position(), from + 1);
    assert!(rolls_of(&ev, "6.2.2B").is_empty(), "no encounter roll");
    assert_eq!(
        rolls_of(&ev, "8.2.8").len(),
        1,
        "the additional-round arrival roll"
    );
    assert!(waits(&g, AskView::Engage));
    assert!(g.combat().is_some_and(|c| c.rounds.additional == 0));
}

/// [8.2.8] From the last non-transit box the submarine may not advance to continue (fuel); never into a
/// transit box [8.4.5].
#[test]
fn no_following_into_a_transit_box() {
    let mut g = lone_ship();
    for round in 0..3 {
        act(&mut g, "attack medium submerged");
        act(&mut g, "declare bow 1");
        feed(&mut g, &[6, 6]);
        act(&mut g, "fire");
        if round < 2 {
            feed(&mut g, &[2, 2]);
            act(&mut g, "again");
        }
    }
    let last = g
        .route()
        .iter()
        .rposition(|b| b.kind == BoxKind::OnStation)
        .unwrap_or(0);
    g.voyage.position = last;
    assert!(refused(&mut g, "follow again"));
}

/// [8.1.10] To engage a day contact at night, or vice versa: roll 1d6. 1–4 success; 5–6 contact lost, and
/// the encounter in that box ends.
#[test]
fn changing_day_and_night() {
    let mut g = escorted_contact(on_station(patrol_opts()), 2);
    assert_eq!(g.combat().and_then(|c| c.picture.time), Some(TimeOfDay::Day));
    feed(&mut g, &[4]);
    act(&mut g, "change_time");
    assert!(waits(&g, AskView::Engage));
    assert_eq!(g.combat().and_then(|c| c.picture.time), Some(TimeOfDay::Night));
    // Once per contact; now the night surface attack is offered.
    assert!(refused(&mut g, "change_time"));
    assert!(!refused(&mut g.clone(), "attack medium surfaced"));
    let mut g = escorted_contact(on_station(patrol_opts()), 2);
    let box_before = g.position();
    feed(&mut g, &[5]);
    let ev = act(&mut g, "change_time");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::ContactLost)));
    assert!(g.combat().is_none() || g.position() > box_before);
}

/// [6.2.2Ba] Resolve a random event or an encounter; engaging enemy ships is always voluntary.
#[test]
fn declining_a_contact() {
    let mut g = escorted_contact(on_station(patrol_opts()), 2);
    let at = g.position();
    let ev = act(&mut g, "decline");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Declined)));
    assert!(rolls_of(&ev, "8.2.3").is_empty(), "no shot");
    assert_eq!(g.position(), at + 1);
    assert!(g.log.is_empty());
    assert_eq!(g.boat().torpedoes(), 20);
}

/// [3.3] [3.3.2] A modifier never pushes a result past the chart: the capital-ship tracking roll [8.4.2] of a natural
/// 1 at -3 (three points of damage) is recorded as 1, the chart's lowest result, and succeeds.
#[test]
fn tracking_record_is_clamped_to_the_chart_3_3() {
    let mut g = damaged_escorted_ship();
    if let Some(c) = g.combat.as_mut() {
        c.picture.targets[0].capital = true;
        c.picture.targets[0].damage = 3;
    }
    feed(&mut g, &[1]);
    let ev = act(&mut g, "track_damaged");
    let rec = rolls_of(&ev, "8.4.2");
    assert_eq!(rec.len(), 1, "{ev:?}");
    assert_eq!((rec[0].natural, rec[0].result), (1, 1), "{:?}", rec[0]);
    assert!(has_mod(rec[0], "8.4.2", -3));
    assert!(rec[0].outcome.contains("success"), "{}", rec[0].outcome);
}

/// [8.4.2] A damaged escort that is no longer escorted may be attacked only submerged and with torpedoes:
/// at night no surface attack is offered, and never the deck gun.
#[test]
fn a_lone_damaged_escort_is_attacked_only_submerged_8_4_2() {
    let mut g = damaged_escorted_ship();
    if let Some(c) = g.combat.as_mut() {
        let escort = g.data.entries.escort.clone();
        c.picture.targets = vec![Target {
            ship: escort,
            damage: 1,
            sunk: false,
            is_escort: true,
            capital: false,
        }];
        c.picture.escorted = false;
        c.picture.time = Some(TimeOfDay::Night);
    }
    g.phase = Phase::Decide {
        ask: Ask::Combat(CombatAsk::Engage),
    };
    let choices = crate::testing::choices(&g);
    assert!(
        choices.iter().any(|c| c == "attack medium submerged"),
        "{choices:?}"
    );
    assert!(!choices.iter().any(|c| c.ends_with("surfaced")), "{choices:?}");
}

/// A convoy window after a successful convoy track: T2 31 (Nellore, 3 to sink) and two cargo steamers; the
/// Nellore is hit for 1 damage and the escorts miss: the round is over.
fn damaged_convoy_ship() -> Patrol {
    let mut g = damaged_escorted_ship();
    feed(&mut g, &[4, 5, 3, 1, 1, 5, 3, 1, 5, 3, 1]);
    act(&mut g, "track_convoy");
    assert!(
        g.combat()
            .is_some_and(|c| c.picture.kind == ContactKind::Convoy && c.picture.targets.len() == 3)
    );
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1 1");
    feed(&mut g, &[1, 1, 6, 6]);
    act(&mut g, "fire");
    feed(&mut g, &[1, 1]);
    act(&mut g, "shallow");
    assert!(waits(&g, AskView::AfterRound), "{:?}", g.phase());
    assert!(g.combat().is_some_and(|c| c.picture.targets[0].damage == 1));
    g
}

/// [8.4.3] Damaged convoy ships tracked stay together and escorted on 1-5, become stragglers on a 6; once
/// the damaged ship is tracked the original convoy is lost: it cannot be tracked again.
#[test]
fn damaged_convoy_ships_stay_together_or_straggle_8_4_3() {
    let mut g = damaged_convoy_ship();
    feed(&mut g, &[5]);
    let ev = act(&mut g, "track_damaged");
    assert!(rolls_of(&ev, "8.4.3").iter().any(|r| r.result == 5));
    let c = g.combat().cloned().unwrap();
    assert!(c.picture.escorted && c.picture.targets.len() == 1);
    assert_eq!(c.picture.targets[0].ship.name, "Nellore");
    assert_eq!(c.picture.targets[0].damage, 1, "the damage kept");
    assert!(c.rounds.tracking_damaged, "contact with the convoy is lost");
    let mut g = damaged_convoy_ship();
    feed(&mut g, &[6]);
    act(&mut g, "track_damaged");
    assert!(g.combat().is_some_and(|c| !c.picture.escorted), "a straggler");
}

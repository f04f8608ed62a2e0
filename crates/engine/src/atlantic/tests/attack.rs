//! The U-boat's attack on the convoy [7.1.3]: range and the close-range ASDIC, the ships in reach, C1
//! and the stern salvo [ERRATA C1], B1, B6 and B2, stragglers [7.1.6], escorts torpedoed [7.4.1]
//! [7.4.3], the SOE's ship [5.1.2], and no ship counted twice.

use super::support::*;
use crate::atlantic::{EscortStatus, Fate, Mission, MissionEvent, MissionOptions};
use crate::game::Game;
use crate::testing::{act, choices, feed};

/// A single boat (type face `kind`) at `circle`, silent, not detected by the Example's array (the radar
/// and ASDIC rolls given fail), and the faces after.
fn undetected(
    o: MissionOptions,
    kind: u8,
    circle: &str,
    detection: &[u8],
    then: &[u8],
) -> (Mission, Vec<MissionEvent>) {
    let mut open = opening(NIGHT, 1);
    if let Some(k) = open.last_mut() {
        *k = kind;
    }
    let mut m = scripted(o, &open);
    array(&mut m, &EXAMPLE);
    let mut f = at(circle);
    f.push(1); // silent
    f.extend(detection);
    f.extend(then);
    let ev = feed(&mut m, &f);
    (m, ev)
}

/// Medium range, three small freighters (Harperley 4,600 t, North Britain 4,600 t, Bonde 1,600 t).
const SMALL_THREE: [u8; 10] = [3, 1, 1, 1, 0, 7, 1, 2, 2, 3];

/// [7.1.3] At close range the escorts beside the boat get one more ASDIC roll: detected, it is hunted
/// before it fires.
#[test]
fn at_close_range_asdic_gets_another_chance() {
    let (m, ev) = undetected(opts(), 1, "K", &[6], &[1, 2]);
    let asdic = on(&ev, "ASDIC");
    assert_eq!(asdic.len(), 2);
    assert!(asdic[1].outcome.contains("close range"));
    assert!(
        on(&ev, "Target size").is_empty() && on(&ev, "C1").is_empty(),
        "it never fires"
    );
    let p = m.pending();
    let crate::game::Pending::Decision(d) = p else {
        panic!()
    };
    assert!(d.prompt.contains("before its attack"), "{}", d.prompt);
}

/// [7.1.3] Where no escort covers the circle the boat attacks, even from close range, with no ASDIC roll.
#[test]
fn an_uncovered_circle_attacks_unopposed_even_at_close_range() {
    let (_, ev) = undetected(opts(), 1, "G", &[], &[1, 1, 1, 1, 0, 7, 1, 2, 2, 3, 3, 4]);
    assert!(on(&ev, "ASDIC").is_empty());
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Note { text } if text.contains("unopposed")))
    );
    assert_eq!(on(&ev, "C1").len(), 1);
}

/// [7.1.3] Three ships in reach, sized on 1d6 and named on M1-M3 [3.4]; C1 aims at them ranked by
/// tonnage. [ERRATA C1] The "**" stern salvo: one more torpedo from a Type VII, two from a Type IX
/// [7.1.4].
#[test]
fn the_stern_salvo_is_one_torpedo_for_a_type_vii_and_two_for_a_type_ix() {
    for (kind, torpedoes) in [(1u8, 5usize), (6, 6)] {
        let mut then = SMALL_THREE.to_vec();
        then.extend([1, 2, 5]); // C1 3: 2 at the largest, 2 at the smallest, **; G7e
        then.extend(std::iter::repeat_n(6, 2 * torpedoes)); // every torpedo misses
        let (m, ev) = undetected(opts(), kind, "G", &[], &then);
        let targets = ev.iter().find_map(|e| match e {
            MissionEvent::Targets { ships } => Some(ships.clone()),
            _ => None,
        });
        assert_eq!(targets.unwrap().len(), 3);
        assert_eq!(on(&ev, "M1").len(), 3);
        assert_eq!(on(&ev, "B1").len(), torpedoes, "type face {kind}");
        let boat = &m.battle().unwrap().boats[0];
        assert_eq!(boat.kind, if kind == 6 { "type_ix" } else { "type_vii" });
        assert_eq!(boat.attacks, 1);
    }
}

/// [7.1.3] [8.0] B1 by range, B6 for each hit, B2 for each that explodes; a ship sinks at the points her
/// tonnage gives. [7.1.6] A ship damaged but afloat goes to the Straggler Box when the impulse ends;
/// in the next cycle a boat goes for the stragglers in a range box, attacking by day as by night
/// [7.1.6 ERRATA], at the stragglers themselves.
#[test]
fn a_damaged_ship_straggles_and_a_boat_goes_for_her_day_or_night() {
    let mut then = SMALL_THREE.to_vec();
    // C1 7: all four at Harperley; G7e; one hit (2) and three misses; it explodes; B2 5: 1 point.
    then.extend([3, 4, 5, 1, 1, 6, 6, 6, 6, 6, 6, 6, 5]);
    let (mut m, ev) = undetected(opts(), 1, "G", &[], &then);
    assert!(ev.iter().any(
        |e| matches!(e, MissionEvent::MerchantDamaged { name, damage: 1, sinks_at: 2 } if name == "Harperley")
    ));
    let ev = act(&mut m, "let_go");
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Straggler { name, .. } if name == "Harperley"))
    );
    assert_eq!(m.convoy().stragglers().len(), 1);
    // Cycle 2 is day. The array may go to Box S now.
    assert_eq!(choices(&m), ["keep", "rearray"]);
    act(&mut m, "rearray");
    assert!(choices(&m).iter().any(|c| c == "place hurricane S"));
    for (s, b) in EXAMPLE {
        act(&mut m, &format!("place {s} {b}"));
    }
    // Straggler range 1: close; contact 1 silent — and no day attack roll for it.
    let placed = feed(&mut m, &[1, 1]);
    assert_eq!(
        on(&placed, "Straggler range box")[0].outcome,
        "the close range box by the stragglers"
    );
    assert!(on(&placed, "U-boat attacks by day").is_empty());
    // At the stragglers: no size or name roll; its target is the straggler; no escort in Box S.
    let ev = [placed, feed(&mut m, &[3, 4, 1])].concat();
    assert!(on(&ev, "Target size").is_empty());
    let targets = ev.iter().find_map(|e| match e {
        MissionEvent::Targets { ships } => Some(ships.clone()),
        _ => None,
    });
    assert_eq!(targets.unwrap().len(), 1);
    assert!(on(&ev, "C1")[0].outcome.contains("Harperley"));
}

/// [7.1.3] No ship counted twice: a named ship rolled twice in one attack is rolled again; [12.2] with
/// historical targeting, so is one sunk earlier in the career.
#[test]
fn a_named_ship_is_never_in_the_ledger_twice() {
    let (m, ev) = undetected(opts(), 1, "G", &[], &[3, 1, 1, 1, 0, 7, 0, 8, 1, 2, 2, 3]);
    let m1: Vec<&str> = on(&ev, "M1").iter().map(|r| r.outcome.as_str()).collect();
    assert!(m1[1].contains("already in reach: roll again"), "{m1:?}");
    assert_eq!(
        m.convoy().ships.iter().filter(|s| s.name == "Harperley").count(),
        1
    );
    assert_eq!(m.convoy().ships.len(), 3);

    let o = MissionOptions {
        sunk_before: vec!["Harperley".into()],
        optional: crate::atlantic::OptionalRules {
            historical_targeting: true,
            ..Default::default()
        },
        ..opts()
    };
    let (m, ev) = undetected(o, 1, "G", &[], &[3, 1, 1, 1, 0, 7, 1, 2, 2, 3, 1, 6]);
    assert!(on(&ev, "M1")[0].outcome.contains("[12.2]"));
    assert!(m.convoy().ships.iter().all(|s| s.name != "Harperley"));
}

/// [12.1] Standard tonnages: no M roll; 3,500 t, 7,000 t and 9,000 t.
#[test]
fn standard_tonnages_need_no_ship_roll() {
    let o = MissionOptions {
        optional: crate::atlantic::OptionalRules {
            standard_tonnage: true,
            ..Default::default()
        },
        ..opts()
    };
    let (m, ev) = undetected(o, 1, "G", &[], &[3, 1, 4, 6]);
    assert!(on(&ev, "M1").is_empty() && on(&ev, "M2").is_empty() && on(&ev, "M3").is_empty());
    let tons: Vec<u32> = m.convoy().ships.iter().map(|s| s.tonnage).collect();
    assert_eq!(tons, [3500, 7000, 9000]);
}

/// Reconstructed (C1's escort shot, B1 +2): a detonating torpedo sinks a Flower at one point [7.4.1];
/// one point puts a DD/FF out of the fight, a target among the stragglers [7.4.3]; the SOE's ship sunk
/// ends the mission and the career [5.1.2].
#[test]
fn torpedoes_at_escorts() {
    // At K, beside Anchusa (a Flower): C1 2 = 2 at the escort, 2 at the largest; the first hits (+2).
    let mut then = SMALL_THREE.to_vec();
    then.extend([1, 1, 5, 1, 2, 6, 6, 6, 6, 6, 6, 3, 5]);
    let (m, ev) = undetected(opts(), 1, "K", &[6], &then);
    let b1 = on(&ev, "B1");
    assert!(
        has_mod(b1[0], "7.1.3", 2),
        "a torpedo at an escort is at +2 on B1"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::EscortSunk { ship } if ship == "Anchusa"))
    );
    assert_eq!(m.group().escorts[3].status, EscortStatus::Sunk);
    assert!(m.battle().unwrap().spots[3].is_none());

    // At D, beside Rockingham (a DD): one point.
    let (m, ev) = undetected(opts(), 1, "D", &[6], &then);
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::EscortDamaged { ship, damage: 1 } if ship == "Rockingham"))
    );
    assert_eq!(m.group().escorts[1].status, EscortStatus::Damaged);
    assert!(
        choices(&m).iter().all(|c| c != "hunt rockingham"),
        "out of the fight [7.4.3]"
    );
    assert!(m.stragglers_present(), "a target in the Straggler Box [7.4.3]");

    // At J, beside Hurricane, the SOE's ship: two points (B2 3) sink her.
    let mut then = SMALL_THREE.to_vec();
    then.extend([1, 1, 5, 1, 2, 6, 6, 6, 6, 6, 6, 3, 3]);
    let (m, ev) = undetected(opts(), 1, "J", &[6, 6], &then);
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::EscortSunk { ship } if ship == "Hurricane"))
    );
    assert!(m.pending().is_over());
    let r = m.result().unwrap();
    assert!(r.soe_sunk && r.escorts[0].sunk);
    let _ = Fate::InConvoy;
}

/// An ONS 154 mission on the player's dice, waiting for its first roll: for the picking of H-2's ships.
fn ons_154() -> Mission {
    let o = MissionOptions {
        scenario: Some("ons154".into()),
        month: periscope_data::Month {
            year: 1942,
            month: 12,
        },
        ..opts()
    };
    Mission::new(o, 1, crate::dice::DiceMode::Physical).unwrap()
}

/// Picks the ship of H-2's entry `n` (from 1): the band die's face and the d20 that reach it [11.2].
fn pick_entry(m: &mut Mission, n: u8) -> Vec<MissionEvent> {
    use crate::atlantic::convoy::{PickRoll, Picking};
    let (band, d20) = match n {
        1..=20 => (1, n),
        21..=40 => (3, n - 20),
        _ => (5, n - 40),
    };
    let mut p = Picking::new(1, None);
    let mut ev = Vec::new();
    m.resolve_pick(&mut p, PickRoll::Band, vec![band], &mut ev)
        .unwrap();
    m.resolve_pick(&mut p, PickRoll::ScenarioShip, vec![d20], &mut ev)
        .unwrap();
    ev
}

/// [11.1] [11.2] Each entry of a scenario's list is its own ship: ONS 154's entries 16 and 38 are both
/// "Cargo steamer", and picking entry 38 after entry 16 was sunk brings a second ship, not the first again.
#[test]
fn a_scenario_lists_entries_are_each_their_own_ship() {
    let mut m = ons_154();
    pick_entry(&mut m, 16);
    assert_eq!(m.convoy().ships.len(), 1);
    let first = m.convoy().ships[0].clone();
    assert_eq!(
        (first.name.as_str(), first.tonnage, first.entry),
        ("Cargo steamer", 5300, Some(15))
    );
    m.convoy.ships[0].fate = Fate::Sunk {
        by: "U-boat 1".into(),
    };
    let ev = pick_entry(&mut m, 38);
    let d20 = on(&ev, "H-2");
    assert!(
        d20.iter().all(|r| !r.outcome.contains("roll again")),
        "entry 38 is not entry 16: {d20:?}"
    );
    assert_eq!(m.convoy().ships.len(), 2, "a separate ship");
    let second = &m.convoy().ships[1];
    assert_eq!(
        (second.name.as_str(), second.tonnage, second.entry),
        ("Cargo steamer", 5700, Some(37))
    );
    assert_eq!(second.fate, Fate::InConvoy);
    assert!(m.convoy().ships[0].sunk(), "the first stays sunk");
    // Entry 16 again: she is sunk, so the list rolls again.
    let ev = pick_entry(&mut m, 16);
    assert!(on(&ev, "H-2").iter().any(|r| r.outcome.contains("roll again")));
    assert_eq!(m.convoy().ships.len(), 2);
}

/// [11.2] All 50 entries of ONS 154's list can be 50 distinct ships, though they carry 37 names; once
/// every one is sunk the list has no ship left to give.
#[test]
fn all_fifty_entries_of_ons_154_are_distinct_ships() {
    let mut m = ons_154();
    for n in 1..=50 {
        pick_entry(&mut m, n);
    }
    let ships = &m.convoy().ships;
    assert_eq!(ships.len(), 50);
    let entries: Vec<Option<usize>> = ships.iter().map(|s| s.entry).collect();
    assert_eq!(entries, (0..50).map(Some).collect::<Vec<_>>());
    let names: std::collections::BTreeSet<&str> = ships.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names.len(), 37, "37 names for 50 ships");
    assert_eq!(ships.iter().filter(|s| s.name == "Cargo steamer").count(), 4);
    let p = crate::atlantic::convoy::Picking::new(1, None);
    assert!(m.scenario_ship_left(&p));
    for s in &mut m.convoy.ships {
        s.fate = Fate::Sunk {
            by: "U-boat 1".into(),
        };
    }
    assert!(!m.scenario_ship_left(&p), "every entry sunk: none left");
}

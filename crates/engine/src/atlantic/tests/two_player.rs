//! [10.1] Two players: the U-boat player places each boat (at most two to a circle), decides by day
//! whether it attacks, chooses the range, aims every torpedo (no C1), and picks the evasion number.

use super::support::*;
use crate::atlantic::{MissionEvent, MissionOptions};
use crate::testing::{act, choices, feed};

fn two() -> MissionOptions {
    let mut o = opts();
    o.two_player = true;
    o.optional.evasion = true;
    o
}

/// [10.1] The U-boat player's circles, at most two boats to one.
#[test]
fn the_u_boat_player_places_the_boats_at_most_two_to_a_circle() {
    let mut m = scripted(two(), &opening(NIGHT, 5));
    array(&mut m, &EXAMPLE);
    assert!(choices(&m).iter().any(|c| c == "approach A1"));
    act(&mut m, "approach A1");
    act(&mut m, "approach A1");
    let c = choices(&m);
    assert!(
        !c.iter().any(|c| c == "approach A1"),
        "two boats at A1 already: {c:?}"
    );
    assert_eq!(c.len(), 10);
    act(&mut m, "approach G");
    assert!(on(m.opening_events(), "Side of attack").is_empty());
}

/// [10.1] The U-boat player chooses the range and aims each bow torpedo; C1 is not rolled. [12.8] The
/// evasion number is the U-boat player's.
#[test]
fn the_u_boat_player_chooses_range_and_targets_and_evasion() {
    let mut m = scripted(two(), &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    act(&mut m, "approach G");
    feed(&mut m, &[1]); // silent; nobody beside G
    assert_eq!(choices(&m), ["range close", "range medium", "range long"]);
    act(&mut m, "range medium");
    feed(&mut m, &[1, 1, 6, 0, 7, 1, 2, 0, 3]); // two small freighters and Kongsgaard
    let c = choices(&m);
    assert_eq!(c, ["fire 1", "fire 2", "fire 3"], "no escort beside G to aim at");
    for _ in 0..4 {
        act(&mut m, "fire 1");
    }
    assert_eq!(choices(&m), ["salvo"], "four bow tubes");
    let ev = act(&mut m, "salvo");
    let ev = [ev, feed(&mut m, &[5, 6, 6, 6, 6, 6, 6, 6, 6])].concat();
    assert!(on(&ev, "C1").is_empty());
    assert_eq!(on(&ev, "B1").len(), 4);
    assert!(on(&ev, "B1").iter().all(|r| r.outcome.contains("Kongsgaard")));
    // The Flower from K moves to hunt; B3 10 - 1 = 9 held; the U-boat player evades.
    act(&mut m, "hunt anchusa");
    act(&mut m, "engage");
    feed(&mut m, &[5, 5]);
    act(&mut m, "depth_charges");
    assert_eq!(
        choices(&m),
        ["evade 1", "evade 2", "evade 3", "evade 4", "evade 5", "evade 6"]
    );
    let ev = act(&mut m, "evade 2");
    assert!(ev.is_empty(), "the U-boat player's number is not shown yet");
    // [12.8] "Both players secretly choose": the escort player chooses too — no roll for the escorts.
    assert_eq!(
        choices(&m),
        ["turn 1", "turn 2", "turn 3", "turn 4", "turn 5", "turn 6"]
    );
    // No odds under the escort player's numbers: they would tell the U-boat player's.
    let turn: crate::atlantic::MissionAction = "turn 2".parse().unwrap();
    assert!(crate::odds::odds(&m, &turn).is_none());
    let ev = act(&mut m, "turn 2");
    assert!(on(&ev, "Evasive manoeuvres").is_empty(), "nobody rolls");
    let revealed: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            MissionEvent::Note { text } if text.contains("[12.8]") => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        revealed,
        [
            "Evasive manoeuvres revealed: U-boat 1 evades on 2 (left), the escorts turn on 2 (left): the boat's very number, +3 hits [12.8]"
        ]
    );
    // The escorts' 2 is the boat's very number: B4 3 gives none, +3 for the exact match [12.8].
    let ev = feed(&mut m, &[1, 2]);
    assert!(ev.iter().any(|x| matches!(x, MissionEvent::Hits { hits: 3, .. })));
}

/// [10.1] [7.1.5] By day the U-boat player decides whether a boat attacks or shadows.
#[test]
fn by_day_the_u_boat_player_decides_to_attack_or_shadow() {
    let mut m = scripted(two(), &opening(DAY, 1));
    array(&mut m, &EXAMPLE);
    act(&mut m, "approach G");
    feed(&mut m, &[1]);
    assert_eq!(choices(&m), ["attack", "shadow"]);
    let ev = act(&mut m, "shadow");
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Shadowing { boat: 1 }))
    );
}

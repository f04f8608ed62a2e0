//! Sensuikan patrol tests: the random events of B11 [8.1.8]; scripted dice, each test citing its rule case.

use periscope_data::sensuikan::charts::System;

use super::test_support::*;
use super::*;

// ---- random events (B11) -------------------------------------------------------------------------------

/// The first natural 12 on station, then the B11 faces.
fn random_event(opts: PatrolOptions, b11: [u8; 2]) -> (Patrol, Vec<PatrolEvent>) {
    let mut g = on_station(opts);
    let ev = feed(&mut g, &[6, 6, b11[0], b11[1]]);
    (g, ev)
}

/// [B11] 2 Fire aboard: one B5 damage roll, rolled again on hull, flooding or crew results.
#[test]
fn b11_fire_aboard() {
    let (mut g, _) = random_event(patrol_opts(), [1, 1]);
    feed(&mut g, &[0, 5, 3, 5, 5, 1, 1]);
    assert_eq!(g.boat().hull, 0);
    assert_eq!(g.boat().flooding, 0);
    assert!(g.boat().working(System::Periscope), "51 periscope, repaired on 1");
    assert_eq!(g.position(), 3);
}

/// [B11] 3 Run aground: 1 hull and the next on-station box lost; nothing with an expert navigator.
#[test]
fn b11_run_aground() {
    let (g, _) = random_event(patrol_opts(), [1, 2]);
    assert_eq!(g.boat().hull, 1);
    assert_eq!(g.route().len(), 6);
    let opts = PatrolOptions {
        crew: CrewSetup {
            expert_navigator: true,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    let (g, _) = random_event(opts, [1, 2]);
    assert_eq!(g.boat().hull, 0);
    assert_eq!(g.route().len(), 7);
}

/// [B11] 4 Typhoon: no encounter roll in the next box; a generic crew LW. 6 Sickness: a generic crew LW.
#[test]
fn b11_typhoon_and_sickness() {
    let (g, _) = random_event(patrol_opts(), [1, 3]);
    assert_eq!(g.crew().crew[0], Some(Wound::Lw));
    assert_eq!(g.position(), 4, "box 4 passed without a roll");
    let (g, _) = random_event(patrol_opts(), [3, 3]);
    assert_eq!(g.crew().crew[0], Some(Wound::Lw));
    assert_eq!(g.position(), 3);
}

/// [B11] 7 Maneki Neko, 8 Radio intelligence, 12 Exhausted crew: markers kept; exhausted crew is -1 on the
/// next A4 roll, then discarded.
#[test]
fn b11_markers() {
    let (g, _) = random_event(patrol_opts(), [2, 6]);
    assert!(g.view().markers.contains(&"radio_intelligence".to_string()));
    let (mut g, _) = random_event(patrol_opts(), [6, 6]);
    assert!(g.view().markers.contains(&"exhausted_crew".to_string()));
    let ev = feed(&mut g, &[1, 3, 3, 3]);
    assert!(has_mod(rolls_of(&ev, "8.3.1")[0], "8.1.8", -1));
    assert!(!g.view().markers.contains(&"exhausted_crew".to_string()));
}

/// [B11] 9 Friendly fire: an aviation encounter on A4; the submarine does not fire back.
#[test]
fn b11_friendly_fire() {
    let (mut g, _) = random_event(patrol_opts(), [4, 5]);
    assert!(waits_roll(&g, RollPurpose::Aircraft(AircraftRoll::Dive)));
    let ev = feed(&mut g, &[2, 2, 1, 1, 0, 5, 3, 3, 1]);
    assert!(rolls_of(&ev, "8.3.2").is_empty(), "no AA fire");
    assert_eq!(g.position(), 3);
}

/// [B11] 10 Hot run: one loaded torpedo lost. 11 Supply rendezvous: reloads and ammunition refilled.
#[test]
fn b11_hot_run_and_supply() {
    let (g, _) = random_event(patrol_opts(), [4, 6]);
    assert_eq!(g.boat().torpedoes(), 19);
    assert_eq!(g.torpedo_ledger().2, 1);
    let mut g = on_station(patrol_opts());
    g.boat.bow_reloads.truncate(6);
    g.boat.ammunition = 2;
    let ev = feed(&mut g, &[6, 6, 5, 6]);
    assert!(ev.iter().any(|e| matches!(
        e,
        PatrolEvent::Resupplied {
            torpedoes: 2,
            ammunition: 3
        }
    )));
    assert_eq!(g.boat().torpedoes(), 20);
}

/// [8.1.3] "SHIP(S) + ESCORT" = one or two ships with an escort (1d6: 5-6 two, reconstructed).
#[test]
fn ships_and_escort_can_be_two_ships() {
    let mut g = on_station(patrol_opts());
    feed(&mut g, &[3, 4, 5, 3, 7, 7, 1, 0, 1]);
    assert!(
        g.combat()
            .is_some_and(|c| c.picture.targets.len() == 2 && c.picture.escorted)
    );
}

//! The career on the rules machine: the mission's rolls come from the career's dice, its actions are
//! forwarded, a refused action changes nothing.

use super::super::*;
use super::support::*;
use crate::game::{Game, Pending};
use crate::policy::Policy;

#[test]
fn the_missions_dice_are_the_careers_so_a_seed_gives_one_career() {
    // [6.1] Every mission is built on the career's dice: the same seed plays the same career.
    let a = play_out(81, Policy::Careful, group("b1"));
    let b = play_out(81, Policy::Careful, group("b1"));
    assert_eq!(a, b);
    let c = play_out(82, Policy::Careful, group("b1"));
    assert_ne!(a.convoy_log(), c.convoy_log());
}

#[test]
fn physical_faces_go_to_the_mission_under_way() {
    // [6.1 1A] At sea the career forwards the roll: A1a's 3 is a large ON convoy [8.0].
    let mut g = set_up("b1");
    assert!(matches!(g.phase(), Phase::Mission));
    let Pending::Roll(spec) = g.pending() else {
        panic!("A1a first")
    };
    assert_eq!(spec.chart, "A1a");
    g.apply(CareerAction::Roll { faces: vec![3] }).unwrap();
    let m = g.mission().unwrap();
    assert_eq!(m.convoy().size.to_string(), "large");
}

#[test]
fn a_refused_action_changes_nothing() {
    let mut g = physical(CareerOptions::default());
    let before = g.clone();
    assert!(
        g.apply(CareerAction::ChooseBase {
            base: "st_johns".into()
        })
        .is_err()
    );
    assert!(g.apply(CareerAction::Perk { perk: Perk::Flower }).is_err());
    assert_eq!(g, before);
    let mut s = set_up("b1");
    let at_sea = s.clone();
    let err = s
        .apply(CareerAction::Mission {
            action: crate::atlantic::MissionAction::Engage,
        })
        .unwrap_err();
    assert!(
        matches!(err, CareerError::Mission(_)),
        "the mission says why: {err}"
    );
    assert_eq!(s, at_sea);
}

#[test]
fn cutters_count_as_dd_ff() {
    // [4.1 note] A-3's cutters are destroyers for the game and count toward the cap of four.
    let g = set_up("a3");
    let c = g.command().unwrap();
    assert_eq!(c.count(true), 2);
    assert!(c.ships[0].dd_ff, "the SOE on Cutter #1");
}

#[test]
fn the_text_forms_read_back() {
    for text in [
        "group b1",
        "group roll",
        "base st_johns",
        "fit type_271 hurricane",
        "perk flower",
        "place hurricane J",
        "roll 3 4",
    ] {
        let a: CareerAction = text.parse().unwrap();
        assert_eq!(a.to_string(), text);
    }
    assert!("fit radar hurricane".parse::<CareerAction>().is_err());
}

/// [6.1 2e] Within a career, the second convoy's first array offers the first convoy's array again,
/// and taking it places every escort that sails at the station she held.
#[test]
fn the_next_convoy_offers_the_same_array_as_the_last() {
    use crate::atlantic::battle::Step as BattleStep;
    use crate::atlantic::battle::array::Arraying;
    use crate::atlantic::{MissionAction, MissionEvent};
    for seed in 1..60 {
        let mut g = Career::new(group("b1"), seed, DiceMode::Seeded).unwrap();
        let mut rng = crate::dice::SeededRng::new(seed);
        while g.end().is_none() {
            let remembered = g.command().unwrap().last_array.clone();
            let first_array = g.mission().and_then(|m| m.battle()).is_some_and(|b| {
                b.number == 1
                    && matches!(b.step, BattleStep::Array(Arraying::Placing))
                    && b.spots.iter().all(Option::is_none)
            });
            if first_array && !remembered.is_empty() && g.command().unwrap().missions() >= 1 {
                let m = g.mission().unwrap();
                assert_eq!(
                    m.last_array(),
                    &remembered[..],
                    "the mission is handed the last array"
                );
                // The escorts that sail and fight, each to her remembered station (Box S only with
                // stragglers).
                let mut expected: Vec<(String, String)> = remembered
                    .iter()
                    .filter(|(_, st)| st != "S" || m.stragglers_present())
                    .filter_map(|(ship, st)| {
                        let e = m.group().escorts.iter().find(|e| &e.ship == ship && e.fights())?;
                        Some((e.name.clone(), crate::atlantic::words::station(st)))
                    })
                    .collect();
                let same = CareerAction::Mission {
                    action: MissionAction::SameArray,
                };
                assert!(
                    g.pending().choices().iter().any(|c| c.action == same),
                    "seed {seed}: the same array is offered"
                );
                let ev = g.apply(same).unwrap();
                let mut got: Vec<(String, String)> = ev
                    .iter()
                    .filter_map(|e| match e {
                        CareerEvent::Mission {
                            mission: MissionEvent::EscortPlaced { ship, station },
                            ..
                        } => Some((ship.clone(), station.clone())),
                        _ => None,
                    })
                    .collect();
                expected.sort();
                got.sort();
                assert!(!got.is_empty());
                assert_eq!(got, expected, "seed {seed}");
                return;
            }
            let Some(a) = Policy::Careful.choose(&g, &mut rng) else {
                break;
            };
            g.apply(a).unwrap();
        }
    }
    panic!("no seed reached a second convoy's battle");
}

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

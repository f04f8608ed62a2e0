//! Set-up: the scenario's counters [2.2], the six piles [3.0 / SW3.3], start dates [3.0 step 1], piles or
//! cups [3.0 step 2], the base-game facts asked once, saves and undo.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use periscope_data::silent_war_ijn::ships::PileId;

use super::super::*;
use super::support::*;
use crate::Session;
use crate::testing::{act, choices, try_act};

/// [3.0] The base game is set up as usual up to [SW3.2]; the IJN piles are a new step after it. [3.0 / SW3.3]
/// Six face-down piles by the type on the counters' backs: BB (with BV), CV, CA (with AC), CL, DD (with
/// DE) and AX; every counter in play at the start is in one of them.
#[test]
fn set_up_makes_six_piles_after_sw3_2() {
    let mut g = game(&[]);
    let ev = set_up(&mut g, Start::default());
    let t = text(&ev);
    assert!(t.contains("after step SW3.2"), "{t}");
    let counts = g.pile_counts();
    assert_eq!(
        counts.iter().map(|(p, _)| *p).collect::<Vec<_>>(),
        PileId::ALL.to_vec()
    );
    assert!(counts.iter().all(|(_, n)| *n > 0), "{counts:?}");
    // BV, AC and DE counters go in the BB, CA and DD piles.
    assert_eq!(place(&g, "ac_izumo"), Place::Pile);
    assert_eq!(g.data.counter("ac_izumo").unwrap().pile, PileId::CA);
    let de = g.data.set.counters.iter().find(|c| c.kind == "DE").unwrap();
    assert_eq!(de.pile, PileId::DD);
    // Every counter in a pile is in its type's pile.
    for (i, c) in g.data.set.counters.iter().enumerate() {
        if g.places[i] == Place::Pile {
            assert!(
                g.data.set.pile(c.pile).unwrap().types.contains(&c.kind),
                "{}",
                c.id
            );
        }
    }
    assert!(matches!(g.pending(), Pending::Decision(d) if d.prompt.starts_with("December 1941, week 1")));
}

/// [2.2] 1932 (East Wind Early) uses the yellow names, '32 versions included; 1941 and later use every
/// counter but the '32 versions, yellow and white alike. [2.2 NOTE] Izumo is a CA in both, Asahi an AX.
#[test]
fn the_scenario_chooses_the_counters() {
    let mut g32 = game(&[]);
    act(&mut g32, "scenario 1932");
    act(&mut g32, "start 1/32");
    act(&mut g32, "war_period 1");
    act(&mut g32, "no");
    act(&mut g32, "draws periscope");
    act(&mut g32, "cups");
    assert_eq!(place(&g32, "bb_fuso_32"), Place::Pile);
    assert_eq!(place(&g32, "bb_fuso"), Place::NotInScenario, "white: not in 1932");
    assert_eq!(place(&g32, "ac_izumo"), Place::Pile);
    for (i, c) in g32.data.set.counters.iter().enumerate() {
        let yellow = c.name_colour == periscope_data::silent_war_ijn::NameColour::Yellow;
        assert_eq!(g32.places[i] != Place::NotInScenario, yellow, "{}", c.id);
    }
    let mut g41 = game(&[]);
    set_up(&mut g41, Start::default());
    assert_eq!(place(&g41, "bb_fuso_32"), Place::NotInScenario);
    assert_eq!(place(&g41, "bb_fuso"), Place::Pile);
    // A yellow name that is not a '32 version plays in 1941 too.
    assert_eq!(place(&g41, "ca_nachi"), Place::Pile);
    assert_eq!(
        g41.data.counter("ca_nachi").unwrap().name_colour,
        periscope_data::silent_war_ijn::NameColour::Yellow
    );
    assert_eq!(g41.data.counter("ac_izumo").unwrap().pile, PileId::CA);
    assert_eq!(g41.data.counter("ar_asahi").unwrap().pile, PileId::AX);
    for (i, c) in g41.data.set.counters.iter().enumerate() {
        if c.version_32 {
            assert_eq!(g41.places[i], Place::NotInScenario, "{}", c.id);
        }
    }
}

/// [3.0 step 1] A counter without a start date is in play from the start; one with a start date joins its
/// pile at the start of its month's first week. [2.1.1] Those whose removal month has passed, or whose War
/// Event the player says is past, are out from the start.
#[test]
fn a_later_start_counts_the_dates_and_the_past_events() {
    let mut g = game(&[]);
    set_up(
        &mut g,
        Start {
            month: "3/43",
            past: &["midway", "coral"],
            war_period: 2,
            ..Start::default()
        },
    );
    // Entered before the start (Taiho joins in 3/44, after it).
    assert_eq!(place(&g, "cv_junyo"), Place::Pile);
    assert!(matches!(place(&g, "cv_taiho"), Place::Awaiting { .. }));
    // Removed by date before the start.
    assert!(matches!(place(&g, "dd_hayate"), Place::RemovedByDate { .. }));
    // Midway's ships are out; Solomons, not declared, keeps its ships.
    assert!(matches!(place(&g, "cv_akagi"), Place::RemovedByEvent { event } if event == "midway"));
    assert!(matches!(place(&g, "cv_shoho"), Place::RemovedByEvent { .. }));
    assert_eq!(place(&g, "cv_ryujo"), Place::Pile);
    // The End of 1932 Campaign is always past in a 1941-or-later game [9.0]: Miyuki never plays.
    assert!(matches!(place(&g, "dd_miyuki"), Place::RemovedByEvent { .. }));
    assert_eq!(g.calendar().war_period, 2);
    assert!(
        !choices(&g)
            .iter()
            .any(|c| c == "declare midway" || c == "declare end_of_1932_campaign")
    );
    assert!(choices(&g).iter().any(|c| c == "declare solomons"));
}

/// [3.0 step 2] Piles or cups; with piles the companion reminds the player to shuffle them. Periscope draws
/// the same ships from the same seed.
#[test]
fn piles_are_shuffled_and_cups_need_no_reminder() {
    let mut piles = game(&[]);
    let ev = set_up(&mut piles, Start::default());
    assert_eq!(notes(&ev, "3.0 step 2").len(), 1);
    let mut cups = game(&[]);
    act(&mut cups, "scenario 1941");
    act(&mut cups, "start 12/41");
    act(&mut cups, "war_period 1");
    act(&mut cups, "no");
    act(&mut cups, "draws periscope");
    let ev = act(&mut cups, "cups");
    assert!(notes(&ev, "3.0 step 2").is_empty());
    assert_eq!(cups.settings().unwrap().stacks, Stacks::Cups);
}

/// The set-up asks only the questions the answers call for: the Campaign Game only with the Damage Table
/// [3.52*A], past War Events only after December 1941 [2.1.1]; a start outside the scenario is refused and
/// changes nothing.
#[test]
fn set_up_asks_what_it_needs_and_refuses_what_cannot_be() {
    let mut g = game(&[]);
    act(&mut g, "scenario 1941");
    let before = g.clone();
    let e = try_act(&mut g, "start 5/32").unwrap_err();
    assert!(e.contains("cannot start in 5/32"), "{e}");
    assert_eq!(g, before);
    act(&mut g, "start 12/41");
    assert!(
        choices(&g).contains(&"war_period 1".to_string()),
        "no past events in 12/41"
    );
    act(&mut g, "war_period 1");
    act(&mut g, "no");
    assert!(
        choices(&g).contains(&"draws periscope".to_string()),
        "no Campaign Game without the table"
    );
    assert!(try_act(&mut g, "campaign 1").is_err());
}

/// The companion as a `Game` on the rules machine: a save is the seed and the actions, and undo replays one
/// action fewer; an illegal action is a typed error that changes nothing.
#[test]
fn saves_replay_and_undo_takes_back_one_step() {
    let mut s = Session::<Companion>::new(CompanionOptions::default(), 7, DiceMode::Seeded).unwrap();
    for a in [
        "scenario 1941",
        "start 12/41",
        "war_period 1",
        "no",
        "draws periscope",
        "piles",
        "combat",
        "reveal dd",
    ] {
        s.apply(a.parse().unwrap()).unwrap();
    }
    let drawn = s.game().view().display.clone();
    assert_eq!(drawn.len(), 1);
    let text = s.to_json().unwrap();
    let back = Session::<Companion>::load(&text).unwrap();
    assert_eq!(back.game().view(), s.game().view());
    s.undo().unwrap();
    assert!(s.game().view().display.is_empty());
    s.redo().unwrap();
    assert_eq!(
        s.game().view().display,
        drawn,
        "the same seed draws the same ship"
    );
    let before = s.game().clone();
    assert!(
        s.apply("week".parse().unwrap()).is_err(),
        "not while a combat is under way"
    );
    assert_eq!(s.game(), &before);
}

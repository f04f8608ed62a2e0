//! The procedure the companion names at each step [`Companion::procedure`], which the desktop walks as a
//! small wizard per procedure: set-up [3.0], the Combat Phase [3.1] and its draws [3.1A], the end of
//! combat [3.4] [3.5] and the repair roll [3.51*], a loner [4.1] [4.2], a crash dive [5.1], targeting an
//! escort [6.0] and early War Period 4 [7.0].
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::super::*;
use super::support::*;
use crate::testing::act;

/// [3.0] The set-up is one procedure to its last answer; then the turn's menu [2.1.1].
#[test]
fn set_up_is_named_until_its_last_answer() {
    let mut g = game(&[]);
    for answer in [
        "scenario 1941",
        "start 4/42",
        "past done",
        "war_period 1",
        "no",
        "draws player",
    ] {
        assert_eq!(g.procedure(), Procedure::SetUp, "before '{answer}'");
        act(&mut g, answer);
    }
    assert_eq!(g.procedure(), Procedure::SetUp);
    act(&mut g, "piles");
    assert_eq!(g.procedure(), Procedure::Turn);
    assert_eq!(Procedure::Turn.case(), "2.1.1");
}

/// [3.1] [3.1A] [3.4] [3.5] [3.51*] A Combat Phase: its menu, the draw from the DD pile (column, then the
/// player's counter), the fate of each ship on the display by position, the repair roll of a damaged one.
#[test]
fn a_combat_walks_menu_draw_fate_and_repair() {
    let mut g = game(&[4]);
    set_up(
        &mut g,
        Start {
            month: "4/42",
            damage_table: true,
            ..Start::default()
        },
    );
    act(&mut g, "combat");
    assert_eq!(g.procedure(), Procedure::Combat { loner: false });
    act(&mut g, "reveal dd");
    let draw = Procedure::Draw {
        pile: "DD".into(),
        loner: false,
    };
    assert_eq!(g.procedure(), draw);
    assert_eq!(draw.case(), "3.1");
    act(&mut g, "column a");
    assert_eq!(g.procedure(), draw, "the player's draw is still the draw");
    act(&mut g, "drew dd_arashi");
    act(&mut g, "reveal cl");
    act(&mut g, "column b");
    act(&mut g, "drew cl_tenryu");
    assert_eq!(g.procedure(), Procedure::Combat { loner: false });
    act(&mut g, "end_combat");
    assert_eq!(g.procedure(), Procedure::Fate { ship: 0 });
    act(&mut g, "undamaged");
    assert_eq!(g.procedure(), Procedure::Fate { ship: 1 });
    // No Campaign Game: the roll comes at once, on the scripted 4.
    act(&mut g, "damaged");
    assert_eq!(g.procedure(), Procedure::Turn);
    assert!(matches!(place(&g, "cl_tenryu"), Place::InRepair { .. }));
}

/// [3.52*A] In a Campaign Game that multiplies repairs, the Tons Sunk marker is asked inside the repair
/// procedure, before its roll [3.51*].
#[test]
fn the_tons_sunk_marker_is_part_of_the_repair_roll() {
    let mut g = game(&[6]);
    set_up(
        &mut g,
        Start {
            month: "4/42",
            damage_table: true,
            campaign: Some(1),
            ..Start::default()
        },
    );
    act(&mut g, "combat");
    act(&mut g, "reveal dd");
    act(&mut g, "column a");
    act(&mut g, "drew dd_arashi");
    act(&mut g, "end_combat");
    act(&mut g, "damaged");
    assert_eq!(g.procedure(), Procedure::Repair { ship: 0 });
    assert_eq!(Procedure::Repair { ship: 0 }.case(), "3.51*");
    act(&mut g, "tons 100");
    assert_eq!(g.procedure(), Procedure::Turn);
}

/// [4.1] [4.2] A loner: the contact roll, then its set-up, every step of it a loner's.
#[test]
fn a_loner_is_named_from_its_contact_roll() {
    let mut g = game(&[3, 0, 5]);
    set_up(
        &mut g,
        Start {
            month: "4/42",
            ..Start::default()
        },
    );
    act(&mut g, "loner");
    assert_eq!(g.procedure(), Procedure::LonerContact);
    assert!(g.procedure().is_loner());
    act(&mut g, "yes");
    act(&mut g, "box white");
    act(&mut g, "box red");
    assert_eq!(g.procedure(), Procedure::Loner);
    act(&mut g, "tactical 4");
    act(&mut g, "skipper 1");
    assert_eq!(g.procedure(), Procedure::Loner, "what the loner is");
    act(&mut g, "is merchant");
    assert_eq!(g.procedure(), Procedure::Combat { loner: true });
    assert!(g.procedure().is_loner());
    assert!(!Procedure::Combat { loner: false }.is_loner());
}

/// [5.1] A Combat Event that opens a crash dive names the event, then the dive; [6.0] targeting an
/// escort is its own procedure; [7.0] so is the early War Period 4 check.
#[test]
fn crash_dive_targeting_and_war_period_4_are_named() {
    let mut g = in_month("4/42", &[]);
    act(&mut g, "combat");
    act(&mut g, "target");
    assert_eq!(g.procedure(), Procedure::TargetEscort);
    act(&mut g, "no");
    act(&mut g, "no");
    act(&mut g, "no");
    act(&mut g, "target none");
    act(&mut g, "reveal event");
    assert_eq!(g.procedure(), Procedure::CombatEvent { loner: false });
    act(&mut g, "event circular_running_torpedo");
    assert_eq!(g.procedure(), Procedure::CrashDive { loner: false });
    assert_eq!(g.procedure().name(), "Crash dive");
    act(&mut g, "class gato");
    act(&mut g, "skipper 0");
    act(&mut g, "no");
    act(&mut g, "end_combat");
    act(&mut g, "progress");
    assert_eq!(g.procedure(), Procedure::WarPeriod4);
    assert_eq!(Procedure::WarPeriod4.case(), "7.0");
}

/// [3.1A] [3.1B] [3.1C] [3.3] The pile each reveal of the Combat Phase's menu draws from: the class's,
/// the AX pile for an auxiliary, the DD pile for a Diligent Escort, a named SW counter's class; nothing
/// for a merchant.
#[test]
fn each_reveal_names_the_pile_it_draws_from() {
    use periscope_data::silent_war_ijn::combat::Revealed;
    use periscope_data::silent_war_ijn::ships::PileId;
    let g = in_month("4/42", &[]);
    let reveal = |shown: Shown| SwAction::Reveal {
        shown,
        sw_values: None,
    };
    assert_eq!(
        g.pile_for(&reveal(Shown::Counter(Revealed::DE))),
        Some(PileId::DD)
    );
    assert_eq!(
        g.pile_for(&reveal(Shown::Counter(Revealed::BV))),
        Some(PileId::BB)
    );
    assert_eq!(
        g.pile_for(&reveal(Shown::Counter(Revealed::AO))),
        Some(PileId::AX)
    );
    assert_eq!(
        g.pile_for(&reveal(Shown::Counter(Revealed::DiligentEscort))),
        Some(PileId::DD)
    );
    assert_eq!(
        g.pile_for(&reveal(Shown::Named("cv_kaga".into()))),
        Some(PileId::CV)
    );
    assert_eq!(g.pile_for(&reveal(Shown::Merchant)), None);
    assert_eq!(g.pile_for(&SwAction::Combat), None);
}

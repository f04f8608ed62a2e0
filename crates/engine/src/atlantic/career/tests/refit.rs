//! The refit [6.3.3]: air support every refit, upgrades every second with the caps; repairs [7.4];
//! crews [7.5].

use periscope_data::Month;
use periscope_data::atlantic::charts::{A4Key, Quality};

use super::super::*;
use super::support::*;
use crate::policy::Policy;

/// A B-1 career ashore between missions, its script empty.
fn ashore() -> Career {
    let mut g = set_up("b1");
    g.mission = None;
    g.phase = Phase::Decide { ask: Ask::Group };
    g.steps.clear();
    g
}

fn rolls_queued(g: &Career) -> Vec<CareerRoll> {
    g.steps
        .iter()
        .filter_map(|s| match s {
            Step::Roll { roll } => Some(*roll),
            _ => None,
        })
        .collect()
}

fn ship(id: &str, dd_ff: bool) -> ShipState {
    ShipState {
        ship: id.into(),
        name: id.into(),
        dd_ff,
        type_271: true,
        hedgehog: true,
        start_crew: Quality::Trained,
        crew: Quality::Trained,
        kills: 0,
        dock: Dock::Ready,
    }
}

#[test]
fn air_support_every_refit_and_upgrades_every_second() {
    // [6.3.3] Air support after every mission; upgrades on every 2nd refit (the grey rows [3.5]).
    let mut g = ashore();
    let mut ev = Vec::new();
    g.begin_refit(&mut ev).unwrap();
    assert_eq!(rolls_queued(&g), [CareerRoll::AirSupport], "refit 1: air only");
    g.steps.clear();
    g.begin_refit(&mut ev).unwrap();
    let columns: Vec<A4Key> = rolls_queued(&g)
        .into_iter()
        .filter_map(|r| match r {
            CareerRoll::Upgrade {
                column,
                cause: Cause::Refit,
            } => Some(column),
            _ => None,
        })
        .collect();
    assert_eq!(
        columns,
        [
            A4Key::HfDf,
            A4Key::Type271,
            A4Key::Hedgehog,
            A4Key::DdFf,
            A4Key::Corvette
        ],
        "refit 2: every column B-1 still needs"
    );
    assert_eq!(rolls_queued(&g).last(), Some(&CareerRoll::AirSupport));
}

#[test]
fn a_whole_career_checks_upgrades_on_every_second_refit() {
    // [6.3.3] 34 missions: 33 refits (none after the last [5.1.1]), 16 upgrade checks, 34 air rolls
    // (the first at set-up [4.4.2]).
    let (g, ev) = play_events(41, Policy::Careful, group("b4"));
    assert_eq!(g.command().unwrap().missions(), 34);
    let grey = notes(&ev)
        .iter()
        .filter(|(r, t)| r == "6.3.3" && t.contains("grey row"))
        .count();
    assert_eq!(grey, 16);
    let air = career_rolls(&ev)
        .iter()
        .filter(|r| r.chart == "A4" && r.outcome.contains("for the mission of"))
        .count();
    assert_eq!(air, 34);
}

#[test]
fn the_caps_stop_the_ship_checks_and_held_items_stop_theirs() {
    // [6.3.3] 4 DD/FF and 6 Flowers at most; HF/DF once held is not checked; every ship fitted stops the
    // Type 271 and Hedgehog checks.
    let mut g = ashore();
    let month = Month { year: 1942, month: 8 };
    {
        let c = g.cmd_mut();
        c.hf_df = true;
        c.ships = (0..4).map(|i| ship(&format!("dd{i}"), true)).collect();
        c.ships.extend((0..6).map(|i| ship(&format!("fl{i}"), false)));
    }
    assert!(g.upgrade_columns(month).is_empty());
    g.cmd_mut().ships[9].hedgehog = false;
    assert_eq!(g.upgrade_columns(month), [A4Key::Hedgehog]);
    g.cmd_mut().ships.pop();
    assert_eq!(g.upgrade_columns(month), [A4Key::Corvette], "below six Flowers");
}

#[test]
fn a_torpedoed_dd_ff_in_repair_may_be_replaced_even_at_the_cap() {
    // [7.4.3] Out 1d6 months; a lucky A4 roll replaces her, even at 4 DD/FF, and she leaves the group.
    let mut g = ashore();
    g.slot.month = Month { year: 1942, month: 8 };
    {
        let c = g.cmd_mut();
        c.hf_df = true;
        c.ships = (0..4).map(|i| ship(&format!("dd{i}"), true)).collect();
        c.ships.extend((0..6).map(|i| ship(&format!("fl{i}"), false)));
    }
    let mut ev = Vec::new();
    g.resolve_repair(1, vec![4], &mut ev).unwrap();
    assert_eq!(
        g.cmd().ships[1].dock,
        Dock::Repair {
            missions_left: 8,
            cause: RepairCause::Torpedo
        },
        "4 months: 8 missions"
    );
    assert_eq!(g.upgrade_columns(g.slot.month), [A4Key::DdFf]);
    g.reinforce(true, "6.3.3", &mut ev);
    let c = g.cmd();
    assert_eq!(c.count(true), 4);
    assert!(c.index_of("dd1").is_none(), "the damaged ship left");
    assert!(notes(&ev).iter().any(|(r, _)| r == "7.4.3"));
    // The months pass: two missions a month.
    let mut c = g.cmd().clone();
    c.ships.push(ship("x", true));
    let last = c.ships.len() - 1;
    c.ships[last].dock = Dock::Repair {
        missions_left: 2,
        cause: RepairCause::Rammed,
    };
    c.pass_missions(1);
    assert!(!c.ships[last].ready());
    c.pass_missions(1);
    assert!(c.ships[last].ready());
}

#[test]
fn a4_results_fit_sets_on_ships_of_the_players_choice() {
    // [6.3.3] [4.5] A Type 271 or Hedgehog goes on a ship that lacks it, of the player's choice.
    let mut g = ashore();
    let mut ev = Vec::new();
    g.resolve_upgrade(A4Key::Type271, Cause::Refit, vec![1], &mut ev)
        .unwrap();
    assert_eq!(
        g.steps.front(),
        Some(&Step::Ask {
            ask: Ask::Fit {
                fitting: Fitting::Type271,
                rule: Cause::Refit
            }
        })
    );
    let d = g.choices(Ask::Fit {
        fitting: Fitting::Type271,
        rule: Cause::Refit,
    });
    assert!(
        d.choices.iter().all(|c| !c.label.contains("Hurricane")),
        "she has one"
    );
    g.resolve_upgrade(A4Key::HfDf, Cause::Refit, vec![1], &mut ev)
        .unwrap();
    assert!(g.cmd().hf_df);
    let before = g.cmd().ships.len();
    g.resolve_upgrade(A4Key::Corvette, Cause::Refit, vec![1], &mut ev)
        .unwrap();
    assert_eq!(g.cmd().ships.len(), before + 1, "a Flower joins from the pool");
}

#[test]
fn crews_rise_a_level_per_three_kills() {
    // [7.5.1] Trained → Veteran at 3 kills, Elite at 6, no further.
    assert_eq!(crew_after(Quality::Trained, 2, 3), Quality::Trained);
    assert_eq!(crew_after(Quality::Trained, 3, 3), Quality::Veteran);
    assert_eq!(crew_after(Quality::Trained, 6, 3), Quality::Elite);
    assert_eq!(crew_after(Quality::Trained, 12, 3), Quality::Elite);
    let mut g = ashore();
    g.cmd_mut().ships[0].kills = 3;
    let mut ev = Vec::new();
    g.begin_refit(&mut ev).unwrap();
    assert_eq!(g.cmd().ships[0].crew, Quality::Veteran);
    assert!(notes(&ev).iter().any(|(r, _)| r == "7.5.1"));
}

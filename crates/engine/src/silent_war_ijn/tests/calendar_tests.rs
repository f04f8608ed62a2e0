//! The calendar: removals by date and by War Event [2.1.1] [9.0], arrivals [3.0 step 1], the War Period
//! [3.5], the end of the war.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::super::*;
use super::support::*;
use crate::testing::{act, choices, try_act};

/// [2.1.1] A dated counter leaves at the start of the first week of its month, not before: Hayate and
/// Kisaragi (Jan-42 [9.0]) are in play through December 1941's weeks and gone in January's first.
#[test]
fn date_removals_come_at_the_start_of_the_month() {
    let mut g = in_month("12/41", &[]);
    act(&mut g, "week");
    act(&mut g, "week");
    assert_eq!(place(&g, "dd_hayate"), Place::Pile);
    let ev = act(&mut g, "month");
    assert_eq!(g.calendar().month.to_string(), "1/42");
    assert_eq!(g.calendar().week, 1);
    let removed: Vec<String> = ev
        .iter()
        .filter_map(|e| match e {
            SwEvent::RemovedByDate { ships, .. } => {
                Some(ships.iter().map(|s| s.id.clone()).collect::<Vec<_>>())
            }
            _ => None,
        })
        .flatten()
        .collect();
    assert!(
        removed.contains(&"dd_hayate".to_string()) && removed.contains(&"dd_kisaragi".to_string()),
        "{removed:?}"
    );
    assert!(matches!(place(&g, "dd_hayate"), Place::RemovedByDate { .. }));
    // [9.0] Takanami's printed Feb-42 is kept.
    assert_eq!(place(&g, "dd_takanami"), Place::Pile);
    act(&mut g, "no");
    act(&mut g, "month");
    assert!(matches!(place(&g, "dd_takanami"), Place::RemovedByDate { .. }));
}

/// [3.0 step 1] A counter with a start date joins its pile at the start of the first week of that month.
#[test]
fn arrivals_join_their_piles_in_the_first_week() {
    let mut g = in_month("4/42", &[]);
    assert!(matches!(place(&g, "cv_junyo"), Place::Awaiting { .. }));
    assert_eq!(g.view().arriving_next_month, ["CV Junyo", "CVE Unyo"]);
    act(&mut g, "week");
    assert!(
        matches!(place(&g, "cv_junyo"), Place::Awaiting { .. }),
        "not in a later week of April"
    );
    let ev = act(&mut g, "month");
    assert!(
        text(&ev).contains("Joining their piles in 5/42: CV Junyo, CVE Unyo [3.0 step 1]"),
        "{}",
        text(&ev)
    );
    assert_eq!(place(&g, "cv_junyo"), Place::Pile);
}

/// [2.1.1] [9.0] [3.6] Midway declared removes exactly its ten counters, at the end of the turn, whatever
/// they are doing (in repair too), and credits no tonnage; the other events' ships stay.
#[test]
fn midway_declared_removes_exactly_its_ships_with_no_tonnage() {
    let mut g = in_month("6/42", &[]);
    put(
        &mut g,
        "cv_hiryu",
        Place::InRepair {
            returns: Month::parse("9/42").unwrap(),
        },
    );
    let ev = act(&mut g, "declare midway");
    assert!(
        text(&ev).contains("leave at the end of this turn [2.1.1]"),
        "{}",
        text(&ev)
    );
    // Still in their piles until the turn ends.
    assert_eq!(place(&g, "cv_akagi"), Place::Pile);
    assert!(
        !choices(&g).contains(&"declare midway".to_string()),
        "declared once"
    );
    let in_play_before: Vec<usize> = (0..g.places.len()).filter(|&i| g.places[i].in_play()).collect();
    let ev = act(&mut g, "week");
    let removed: Vec<String> = ev
        .iter()
        .find_map(|e| match e {
            SwEvent::RemovedByEvent { ships, war_event, .. } if war_event == "midway" => {
                Some(ships.iter().map(|s| s.id.clone()).collect())
            }
            _ => None,
        })
        .unwrap();
    let expected = [
        "bb_ise",
        "bb_hyuga",
        "ca_mogami_15t",
        "ca_mikuma",
        "cv_akagi",
        "cv_kaga",
        "cv_soryu",
        "cv_hiryu",
        "av_chitose",
        "av_chiyoda",
    ];
    assert_eq!(removed, expected);
    for id in expected {
        assert!(
            matches!(place(&g, id), Place::RemovedByEvent { event } if event == "midway"),
            "{id}"
        );
    }
    let in_play_after = (0..g.places.len()).filter(|&i| g.places[i].in_play()).count();
    assert_eq!(in_play_before.len() - in_play_after, 10, "nothing else leaves");
    assert_eq!(g.credited(), 0, "no tonnage credited [3.6]");
    assert!(text(&ev).contains("no tonnage is credited"));
    assert!(g.view().events_declared.contains(&"Midway".to_string()));
}

/// [2.1.1 NOTE] [9.0] An event that never happens removes nothing: Midway's ships stay in play when the
/// event is not declared, month after month.
#[test]
fn an_event_never_declared_removes_nothing() {
    let mut g = in_month("5/42", &[]);
    for _ in 0..4 {
        act(&mut g, "month");
        act(&mut g, "no");
    }
    assert_eq!(g.calendar().month.to_string(), "9/42");
    assert_eq!(place(&g, "cv_akagi"), Place::Pile);
    assert_eq!(place(&g, "bb_ise"), Place::Pile);
}

/// [3.5] A new War Period begins: the damaged ships held out for the last one go back to their piles; the
/// companion asks at each month's start, because the War Period Transition Table is the base game's.
#[test]
fn a_new_war_period_returns_the_ships_held_out() {
    let mut g = in_month("12/41", &[]);
    put(&mut g, "dd_arashi", Place::HeldOut { war_period: 1 });
    act(&mut g, "month");
    assert!(
        prompt(&g).contains("Has a new War Period begun this month? [SW17.1]"),
        "{}",
        prompt(&g)
    );
    let before = g.clone();
    act(&mut g, "no");
    assert_eq!(place(&g, "dd_arashi"), Place::HeldOut { war_period: 1 });
    let mut g = before;
    let ev = act(&mut g, "yes");
    assert_eq!(g.calendar().war_period, 2);
    assert_eq!(place(&g, "dd_arashi"), Place::Pile);
    assert!(text(&ev).contains("War Period 2 begins: back to their piles: DD Arashi [3.5]"));
}

/// The turn's menu offers the legal bookkeeping steps only; the war ends in August 1945, and the
/// companion closes with the tonnage it credited [3.6].
#[test]
fn the_turn_menu_and_the_end() {
    let mut g = in_month("8/45", &[]);
    let c = choices(&g);
    assert!(!c.contains(&"month".to_string()), "no month after August 1945");
    assert!(
        !c.contains(&"progress".to_string()),
        "the early War Period 4 check is over by June 1944"
    );
    for _ in 0..4 {
        act(&mut g, "week");
    }
    assert!(
        !choices(&g).contains(&"week".to_string()),
        "at most five weeks a month"
    );
    assert!(try_act(&mut g, "week").is_err());
    let ev = act(&mut g, "end");
    assert!(matches!(ev.last(), Some(SwEvent::Over { .. })));
    assert!(g.pending().is_over());
    assert!(try_act(&mut g, "combat").is_err());
}

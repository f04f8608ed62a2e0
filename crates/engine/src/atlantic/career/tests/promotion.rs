//! Promotion [7.6]: the periods [7.6.2], the modifiers, the perks [7.6.1], the final roll [5.1.3].

use periscope_data::Month;

use super::super::promotion::promotion_modifiers;
use super::super::*;
use super::support::*;
use crate::policy::Policy;

fn ashore() -> Career {
    let mut g = set_up("b1");
    g.mission = None;
    g.phase = Phase::Decide { ask: Ask::Group };
    g.steps.clear();
    g
}

fn promotion_due(g: &Career) -> bool {
    g.steps.iter().any(|s| {
        matches!(
            s,
            Step::Roll {
                roll: CareerRoll::Promotion { .. }
            }
        )
    })
}

#[test]
fn attempts_come_after_the_fifth_month_and_every_five_months() {
    // [7.6.2] Starting 2/42: the end of 7/42, then 12/42 (and 5/43).
    let mut g = ashore();
    assert_eq!(g.cmd().next_promotion, Month { year: 1942, month: 7 });
    let mut ev = Vec::new();
    g.slot = Slot {
        month: Month { year: 1942, month: 6 },
        half: 2,
    };
    g.end_slot(&mut ev).unwrap();
    assert!(!promotion_due(&g), "not at the end of 6/42");
    g.steps.clear();
    g.slot = Slot {
        month: Month { year: 1942, month: 7 },
        half: 1,
    };
    g.end_slot(&mut ev).unwrap();
    assert!(!promotion_due(&g), "not after the month's first mission");
    g.steps.clear();
    g.slot = Slot {
        month: Month { year: 1942, month: 7 },
        half: 2,
    };
    g.end_slot(&mut ev).unwrap();
    assert!(promotion_due(&g), "at the end of 7/42");
    assert_eq!(
        g.cmd().next_promotion,
        Month {
            year: 1942,
            month: 12
        }
    );
}

#[test]
fn a_whole_career_rolls_at_most_three_periodic_attempts_and_one_final() {
    // [7.6.2] 7/42, 12/42, 5/43; [5.1.3] the final attempt at the end.
    let (g, ev) = play_events(51, Policy::Careful, group("b2"));
    let rolls = career_rolls(&ev);
    let periodic = rolls
        .iter()
        .filter(|r| r.rule == "7.6.2" && r.chart == "Promotion")
        .count();
    let last = rolls.iter().filter(|r| r.rule == "5.1.3").count();
    assert!((1..=3).contains(&periodic), "{periodic}");
    if g.command().unwrap().alive() {
        assert_eq!(last, 1);
    }
}

#[test]
fn modifiers_count_uboats_sunk_and_merchants_lost_in_the_period() {
    // [7.6.2] −1 per 3 U-boats sunk, +1 per 10 merchants lost; they may cancel.
    let data = crate::atlantic::Shipped::get().unwrap();
    let chart = data.data().procedures.chart("promotion").unwrap();
    let mods = promotion_modifiers(
        &chart.modifiers,
        Period {
            uboats_sunk: 7,
            merchants_lost: 25,
        },
    )
    .unwrap();
    let values: Vec<i32> = mods.iter().map(|m| m.value).collect();
    assert_eq!(values, [-2, 2]);
    assert!(
        promotion_modifiers(
            &chart.modifiers,
            Period {
                uboats_sunk: 2,
                merchants_lost: 9
            }
        )
        .unwrap()
        .is_empty()
    );
}

#[test]
fn a_four_promotes_and_a_commander_brings_hf_df() {
    // [7.6.2] 1-4 promotes; [7.6.1] a Commander's group gets HF/DF.
    let mut g = ashore();
    let mut ev = Vec::new();
    g.resolve_promotion(false, vec![5], &mut ev).unwrap();
    assert_eq!(g.cmd().rank, Rank::LieutenantCommander);
    g.cmd_mut().period = Period {
        uboats_sunk: 3,
        merchants_lost: 0,
    };
    g.resolve_promotion(false, vec![5], &mut ev).unwrap();
    assert_eq!(g.cmd().rank, Rank::Commander, "5 − 1 = 4");
    assert!(g.cmd().hf_df);
    assert_eq!(g.cmd().period, Period::default(), "a new period begins");
    g.cmd_mut().period = Period {
        uboats_sunk: 0,
        merchants_lost: 10,
    };
    g.resolve_promotion(false, vec![4], &mut ev).unwrap();
    assert_eq!(g.cmd().rank, Rank::Commander, "4 + 1 = 5");
}

#[test]
fn a_new_captain_asks_for_a_hedgehog_a_type_271_or_a_flower() {
    // [7.6.1] One of the three, the Flower only below the cap.
    let mut g = ashore();
    g.cmd_mut().rank = Rank::Commander;
    let mut ev = Vec::new();
    g.resolve_promotion(false, vec![1], &mut ev).unwrap();
    assert_eq!(g.cmd().rank, Rank::Captain);
    assert_eq!(g.steps.front(), Some(&Step::Ask { ask: Ask::Perk }));
    let labels: Vec<String> = g
        .perk_choices()
        .choices
        .iter()
        .map(|c| c.action.to_string())
        .collect();
    assert_eq!(labels, ["perk hedgehog", "perk type_271", "perk flower"]);
    let before = g.cmd().ships.len();
    g.take_perk(Perk::Flower, &mut ev).unwrap();
    assert_eq!(g.cmd().ships.len(), before + 1);
}

#[test]
fn only_the_final_roll_makes_an_admiral() {
    // [5.1.3] [7.6.1] A Captain's periodic attempt is not made; the final one can make him an Admiral.
    let mut g = ashore();
    g.cmd_mut().rank = Rank::Captain;
    let mut ev = Vec::new();
    g.slot = Slot {
        month: Month { year: 1942, month: 7 },
        half: 2,
    };
    g.end_slot(&mut ev).unwrap();
    assert!(!promotion_due(&g));
    g.resolve_promotion(false, vec![1], &mut ev).unwrap();
    assert_eq!(g.cmd().rank, Rank::Captain);
    g.resolve_promotion(true, vec![1], &mut ev).unwrap();
    assert_eq!(g.cmd().rank, Rank::Admiral);
    // A final promotion to Captain asks for nothing: the war is over.
    let mut h = ashore();
    h.cmd_mut().rank = Rank::Commander;
    h.resolve_promotion(true, vec![1], &mut ev).unwrap();
    assert_eq!(h.cmd().rank, Rank::Captain);
    assert!(h.steps.is_empty());
}

#[test]
fn a_captains_final_roll_counts_everything_since_his_last_attempt() {
    // [7.6.2] [5.1.3] A Captain promoted at the end of 12/42 makes no roll at the end of 5/43 (only the
    // final roll can make an Admiral): that skipped roll is no attempt, so the final roll counts the
    // period since 12/42, January to June 1943, not June alone.
    let mut g = ashore();
    g.cmd_mut().rank = Rank::Commander;
    g.cmd_mut().next_promotion = Month {
        year: 1942,
        month: 12,
    };
    let mut ev = Vec::new();
    g.slot = Slot {
        month: Month {
            year: 1942,
            month: 12,
        },
        half: 2,
    };
    g.end_slot(&mut ev).unwrap();
    assert!(promotion_due(&g), "the Commander rolls at the end of 12/42");
    g.steps.clear();
    g.resolve_promotion(false, vec![1], &mut ev).unwrap();
    assert_eq!(g.cmd().rank, Rank::Captain);
    assert_eq!(
        g.cmd().period,
        Period::default(),
        "his last attempt: a new period"
    );
    assert_eq!(g.cmd().next_promotion, Month { year: 1943, month: 5 });
    // January to May 1943: 3 U-boats sunk and 10 merchants lost.
    g.cmd_mut().period = Period {
        uboats_sunk: 3,
        merchants_lost: 10,
    };
    g.steps.clear();
    g.slot = Slot {
        month: Month { year: 1943, month: 5 },
        half: 2,
    };
    g.end_slot(&mut ev).unwrap();
    assert!(!promotion_due(&g), "a Captain's periodic roll is not made");
    assert_eq!(
        g.cmd().period,
        Period {
            uboats_sunk: 3,
            merchants_lost: 10
        },
        "the skipped roll is no attempt: the period runs on"
    );
    // June 1943 adds 3 more U-boats.
    g.cmd_mut().period.uboats_sunk += 3;
    // The final roll: −1 per 3 U-boats (6: −2), +1 per 10 merchants (10: +1) — a natural 5 is a 4.
    let chart = g.procedure("promotion").unwrap().clone();
    let mods: Vec<i32> = promotion_modifiers(&chart.modifiers, g.cmd().period)
        .unwrap()
        .iter()
        .map(|m| m.value)
        .collect();
    assert_eq!(mods, [-2, 1]);
    g.resolve_promotion(true, vec![5], &mut ev).unwrap();
    assert_eq!(g.cmd().rank, Rank::Admiral, "5 − 2 + 1 = 4 promotes");
    let last = career_rolls(&ev).into_iter().last().unwrap();
    assert_eq!((last.rule.as_str(), last.result), ("5.1.3", 4));
}

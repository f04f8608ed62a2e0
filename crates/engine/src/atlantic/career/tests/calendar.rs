//! The calendar [6.0] [6.3.2] [5.1.1] and the Canadian withdrawal [7.7.1]: 34 missions for the B groups,
//! A-3 and C-3; 30 with two "Refit" rows for C-1, C-2 and C-4.

use super::super::*;
use super::support::*;
use crate::policy::Policy;
use periscope_data::Month;

fn months_sailed(g: &Career) -> Vec<(Month, u8)> {
    g.convoy_log()
        .unwrap()
        .missions()
        .map(|m| (m.month, m.half))
        .collect()
}

#[test]
fn b_groups_a3_and_c3_sail_34_missions_two_a_month() {
    // [5.0] [6.0] [6.3.2] Two missions a month, 2/42 [4.2.1] to 6/43 [5.1.1]; [7.7.2] C-3 is like any group.
    for (i, id) in ["b1", "b5", "a3", "c3"].into_iter().enumerate() {
        let g = play_out(10 + i as u64, Policy::Careful, group(id));
        let c = g.command().unwrap();
        assert!(
            c.alive(),
            "{id}: this seed's SOE survives, so the count is the whole calendar's"
        );
        let sailed = months_sailed(&g);
        assert_eq!(sailed.len(), 34, "{id}");
        assert_eq!(sailed[0], (Month { year: 1942, month: 2 }, 1));
        assert_eq!(sailed[33], (Month { year: 1943, month: 6 }, 2));
        assert!(sailed.windows(2).all(|w| w[0] < w[1]), "{id}: in order");
        let log = g.convoy_log().unwrap();
        assert!(
            log.rows.iter().all(|r| r.mission().is_some()),
            "{id}: no Refit row"
        );
        // [3.5] [6.3.3] Every second row is grey.
        assert!(log.missions().all(|m| m.upgrade_row == (m.number % 2 == 0)));
    }
}

#[test]
fn c1_c2_and_c4_sail_30_missions_with_refit_rows_for_february_and_march_1943() {
    // [7.7.1] [5.1.1] Withdrawn after January 1943, "Refit" in Feb and Mar, back in April.
    for (i, id) in ["c1", "c2", "c4"].into_iter().enumerate() {
        let g = play_out(20 + i as u64, Policy::Careful, group(id));
        let c = g.command().unwrap();
        assert!(
            c.alive(),
            "{id}: this seed's SOE survives, so the count is the whole calendar's"
        );
        let sailed = months_sailed(&g);
        assert_eq!(sailed.len(), 30, "{id}");
        let feb = Month { year: 1943, month: 2 };
        let mar = Month { year: 1943, month: 3 };
        assert!(sailed.iter().all(|(m, _)| *m != feb && *m != mar), "{id}");
        let refits: Vec<Month> = c
            .log
            .rows
            .iter()
            .filter_map(|r| match r {
                LogRow::Refit { month } => Some(*month),
                LogRow::Mission(_) => None,
            })
            .collect();
        assert_eq!(refits, [feb, mar], "{id}");
        // The Refit rows stand between January's and April's missions.
        let at = c.log.rows.iter().position(|r| r.mission().is_none()).unwrap();
        assert_eq!(
            c.log.rows[at - 1].mission().unwrap().month,
            Month { year: 1943, month: 1 }
        );
        assert_eq!(
            c.log.rows[at + 2].mission().unwrap().month,
            Month { year: 1943, month: 4 }
        );
        assert!(c.withdrawn);
    }
}

#[test]
fn the_canadian_refit_brings_type_271_up_to_three_and_rolls_a_hedgehog_and_a_ship() {
    // [7.7.1] To St. John's; Type 271 sets up to three; A4 for a Hedgehog and an additional ship.
    let (g, ev) = play_events(21, Policy::Careful, group("c1"));
    let c = g.command().unwrap();
    assert!(c.ships.iter().filter(|s| s.type_271).count() >= 3.min(c.ships.len()));
    let withdrawal: Vec<_> = career_rolls(&ev)
        .into_iter()
        .filter(|r| r.rule == "7.7.1")
        .collect();
    assert!(!withdrawal.is_empty() && withdrawal.len() <= 2, "{withdrawal:?}");
    assert!(
        notes(&ev)
            .iter()
            .any(|(r, t)| r == "7.7.1" && t.contains("St. John's"))
    );
    // [7.7.2] C-3 takes no such refit.
    let (_, ev3) = play_events(12, Policy::Careful, group("c3"));
    assert!(!notes(&ev3).iter().any(|(r, _)| r == "7.7.1"));
}

#[test]
fn the_group_refits_at_the_far_base_and_sails_back_from_it() {
    // [4.7.1] [4.7.2] From Londonderry to WESTOMP and a refit at St. John's, and back.
    let g = play_out(31, Policy::Careful, group("b3"));
    let rows: Vec<&MissionRow> = g.convoy_log().unwrap().missions().collect();
    for w in rows.windows(2) {
        assert_ne!(w[0].refit_at, w[1].refit_at, "the bases alternate");
    }
    assert_eq!(rows[0].refit_at, "St. John's");
}

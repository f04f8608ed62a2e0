//! Victory [5.2] with the errata: every edge of the levels and every shift, summed then clamped once.

use super::super::victory::compute;
use super::super::*;
use super::support::*;
use crate::policy::Policy;

fn level(group: &str, tons: u32, uboats: u32, crypto: u32) -> (String, VictoryComputation) {
    let data = crate::atlantic::Shipped::get().unwrap();
    let mut c = Command::new("Test", periscope_data::Month { year: 1942, month: 2 }, 5);
    c.group = group.into();
    c.log.totals.tonnage_lost = tons;
    c.log.totals.uboats_sunk = uboats;
    c.log.totals.crypto_captured = crypto;
    let v = compute(&data.data().catalog.career, &c);
    (v.level.clone(), v)
}

#[test]
fn the_levels_by_tonnage_lost_and_their_edges() {
    // [5.2.1] [5.2.2] Decisive to 119,999 t; Substantial 120,000-159,999; Marginal 160,000-199,999; Draw
    // 200,000-239,999; Defeat 240,000 and more.
    for (tons, want) in [
        (0, "decisive_victory"),
        (119_999, "decisive_victory"),
        (120_000, "substantial_victory"),
        (159_999, "substantial_victory"),
        (160_000, "marginal_victory"),
        (199_999, "marginal_victory"),
        (200_000, "draw"),
        (239_999, "draw"),
        (240_000, "defeat"),
    ] {
        assert_eq!(level("b1", tons, 0, 0).0, want, "{tons} t");
    }
}

#[test]
fn every_twenty_uboats_sunk_shift_one_level_in_favour() {
    // [5.2.3] 19 U-boats shift nothing, 20 one level, 40 two.
    assert_eq!(level("b1", 200_000, 19, 0).0, "draw");
    assert_eq!(level("b1", 200_000, 20, 0).0, "marginal_victory");
    assert_eq!(level("b1", 200_000, 40, 0).0, "substantial_victory");
    assert_eq!(level("b1", 0, 40, 0).0, "decisive_victory", "clamped at the top");
}

#[test]
fn every_40000_t_or_part_beyond_240000_t_shifts_one_level_against() {
    // [5.2.3 ERRATA] 240,000 t exactly: no shift; 240,001: one; 280,000: one; 280,001: two.
    assert_eq!(level("b1", 240_000, 20, 0).1.tonnage_shift, 0);
    assert_eq!(level("b1", 240_000, 20, 0).0, "draw");
    assert_eq!(level("b1", 240_001, 20, 0).1.tonnage_shift, -1);
    assert_eq!(level("b1", 240_001, 20, 0).0, "defeat");
    assert_eq!(level("b1", 280_000, 20, 0).1.tonnage_shift, -1);
    assert_eq!(level("b1", 280_001, 40, 0).1.tonnage_shift, -2);
    assert_eq!(level("b1", 280_001, 40, 0).0, "defeat");
}

#[test]
fn shifts_are_summed_then_the_level_is_clamped_once() {
    // [5.2.3] [5.2.3 ERRATA] 250,000 t (−1) and 40 U-boats (+2): Defeat +1 = Draw, not Defeat clamped
    // and then raised twice.
    let (id, v) = level("b1", 250_000, 40, 0);
    assert_eq!((v.uboat_shift, v.tonnage_shift, v.total_shift), (2, -1, 1));
    assert_eq!(id, "draw");
    // [7.4.2] A crypto capture raises the end-game victory one level.
    assert_eq!(level("b1", 200_000, 0, 1).0, "marginal_victory");
    assert_eq!(level("b1", 200_000, 0, 1).1.crypto_shift, 1);
}

#[test]
fn canadian_groups_add_40000_t_but_c3() {
    // [5.2.4] C-1, C-2, C-4 add 40,000 t (it counts toward the 240,000 t line); [5.2.4 ERRATA] [7.7.3] not C-3.
    for g in ["c1", "c2", "c4"] {
        let (id, v) = level(g, 200_000, 0, 0);
        assert_eq!(
            (id.as_str(), v.tons_added, v.tons_counted),
            ("defeat", 40_000, 240_000),
            "{g}"
        );
    }
    assert_eq!(level("c1", 200_001, 0, 0).1.tonnage_shift, -1);
    let (id, v) = level("c3", 200_000, 0, 0);
    assert_eq!((id.as_str(), v.tons_added), ("draw", 0));
}

#[test]
fn the_soes_ship_sunk_is_defeat_whatever_the_tonnage() {
    // [5.1.2] [2.0] Killed in action: a decisive loss.
    let data = crate::atlantic::Shipped::get().unwrap();
    let mut c = Command::new("Test", periscope_data::Month { year: 1942, month: 2 }, 5);
    c.group = "b1".into();
    c.log.totals.uboats_sunk = 60;
    c.fate = Fate::KilledInAction;
    let v = compute(&data.data().catalog.career, &c);
    assert_eq!(v.level, "defeat");
    assert!(v.soe_sunk);
}

#[test]
fn victory_is_determined_once_the_game_has_ended() {
    // [5.1.4] The computation stands on the log at the end, and agrees with the end's level.
    let g = play_out(61, Policy::Careful, group("b5"));
    let log = g.convoy_log().unwrap();
    let v = log.victory.as_ref().expect("the victory computation");
    assert_eq!(v.level, g.end().unwrap().level());
    assert_eq!(v.tonnage_lost, log.totals.tonnage_lost);
    let sum: u32 = log.missions().map(|m| m.tonnage_lost).sum();
    assert_eq!(sum, log.totals.tonnage_lost, "[5.2.1] the rows add up");
}

#[test]
fn the_convoy_log_serializes_and_reads_back() {
    // [3.5] [4.3.2] The public log type round-trips through JSON (another crate prints it).
    let g = play_out(62, Policy::Careful, group("a3"));
    let log = g.convoy_log().unwrap();
    let text = serde_json::to_string(log).unwrap();
    let back: ConvoyLog = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, log);
    assert!(log.missions().any(|m| !m.targets.is_empty()));
}

//! The historical scenarios [11.1] ON 113 and [11.2] ONS 154: their groups, scripted boxes, merchant
//! lists and victory conditions.

use super::super::scenario::judge;
use super::super::*;
use super::support::*;
use crate::atlantic::MissionEvent;
use crate::game::Game;
use crate::policy::Policy;
use crate::refusal::Refused;

fn scenario(id: &str, seed: u64) -> (Career, Vec<CareerEvent>) {
    let opts = CareerOptions {
        scenario: Some(id.into()),
        ..CareerOptions::default()
    };
    play_events(seed, Policy::Careful, opts)
}

fn mission_events(ev: &[CareerEvent]) -> Vec<&MissionEvent> {
    ev.iter()
        .filter_map(|e| match e {
            CareerEvent::Mission { mission, .. } => Some(mission),
            _ => None,
        })
        .collect()
}

#[test]
fn on_113_is_c2s_one_convoy_with_a_cam_ship_a_single_boat_in_box_5_and_wolf_in_box_6() {
    // [11.1] C-2 (Burnham, St. Croix and four Flowers), no radar, HF/DF or Hedgehog, from EASTOMP in 7/42,
    // air support rolled and a CAM ship; boxes 1-4 rolled without wolfpacks; box 5 a single boat; box 6
    // Wolfpack Wolf, 11 boats less A3's 1d6; the targets from H-1.
    let (g, ev) = scenario("on113", 3);
    let c = g.command().unwrap();
    assert_eq!(c.group, "on113_c2");
    assert_eq!(c.ships.len(), 6);
    assert!(!c.hf_df && c.ships.iter().all(|s| !s.type_271 && !s.hedgehog));
    let log = g.convoy_log().unwrap();
    assert_eq!(log.totals.missions, 1);
    let row = log.missions().next().unwrap();
    assert_eq!(row.month, periscope_data::Month { year: 1942, month: 7 });
    assert_eq!(row.from, "Eastern Ocean Meeting Point (EASTOMP)");
    let m = mission_events(&ev);
    let said = |what: &str| {
        m.iter()
            .any(|e| matches!(e, MissionEvent::Encounter { what: w } if w.contains(what)))
    };
    if !row.soe_sunk {
        assert!(said("the scenario's box 5"), "box 5 is given");
        assert!(said("the scenario's box 6"), "box 6 is given");
    }
    let rolls: Vec<&crate::roll::RollRecord> = m
        .iter()
        .filter_map(|e| match e {
            MissionEvent::Rolled { roll } => Some(roll),
            _ => None,
        })
        .collect();
    assert!(
        rolls.iter().any(|r| r.chart == "H-1"),
        "the targets come from H-1"
    );
    assert!(
        !rolls
            .iter()
            .any(|r| r.chart == "M1" || r.chart == "M2" || r.chart == "M3")
    );
    assert!(
        rolls
            .iter()
            .all(|r| r.chart != "A3" || r.rule != "7.1.3" || !r.outcome.contains("boats: roll 1d6")),
        "Wolf's size is given, not rolled on A3"
    );
    let v = log.victory.as_ref().unwrap();
    let j = v.scenario.as_ref().unwrap();
    assert_eq!((j.scenario.as_str(), j.max_merchants_lost), ("on113", 4));
    assert_eq!(g.end().unwrap().level(), v.level);
}

#[test]
fn ons_154_is_c1_with_no_air_and_forced_boxes_1_to_3_the_third_at_plus_2() {
    // [11.2] C-1 (St. Laurent and five Flowers), no radar, HF/DF, Hedgehog or air support; box 1 a single
    // boat, box 2 a wolfpack, box 3 a wolfpack at +2 on A3 instead of the year's −2; targets from H-2.
    let (g, ev) = scenario("ons154", 5);
    let c = g.command().unwrap();
    assert_eq!(c.group, "ons154_c1");
    assert_eq!(c.air, crate::atlantic::AirCover::default());
    let m = mission_events(&ev);
    let rolls: Vec<&crate::roll::RollRecord> = m
        .iter()
        .filter_map(|e| match e {
            MissionEvent::Rolled { roll } => Some(roll),
            _ => None,
        })
        .collect();
    assert!(
        !rolls
            .iter()
            .any(|r| r.chart == "A2" && r.rule == "6.1 2A" && c.log.totals.missions == 0)
    );
    let said = |what: &str| {
        m.iter()
            .any(|e| matches!(e, MissionEvent::Encounter { what: w } if w.contains(what)))
    };
    assert!(said("the scenario's box 1"));
    let row = g.convoy_log().unwrap().missions().next().unwrap();
    if !row.soe_sunk {
        assert!(said("the scenario's box 3"));
        let third = rolls
            .iter()
            .find(|r| r.chart == "A3" && r.modifiers.iter().any(|x| x.rule == "11.2"))
            .expect("box 3's A3 roll");
        assert_eq!(third.modifiers.iter().map(|x| x.value).sum::<i32>(), 2);
    }
    assert!(rolls.iter().any(|r| r.chart == "H-2"));
    let j = g
        .convoy_log()
        .unwrap()
        .victory
        .as_ref()
        .unwrap()
        .scenario
        .clone()
        .unwrap();
    assert_eq!(j.max_merchants_lost, 12);
}

#[test]
fn each_uboat_sunk_cancels_one_merchant_lost() {
    // [11.1] [11.2] Won with 4 (12) or fewer, every U-boat sunk cancelling a loss.
    let data = crate::atlantic::Shipped::get().unwrap();
    let on113 = data
        .data()
        .catalog
        .scenarios
        .scenarios
        .iter()
        .find(|s| s.id == "on113")
        .unwrap();
    let mut c = Command::new("Test", on113.month, 5);
    c.group = "on113_c2".into();
    let base = super::super::victory::compute(&data.data().catalog.career, &c);
    for (lost, sunk, won) in [
        (4, 0, true),
        (5, 0, false),
        (5, 1, true),
        (7, 2, false),
        (0, 3, true),
    ] {
        c.log.totals.merchants_lost = lost;
        c.log.totals.uboats_sunk = sunk;
        let v = judge(on113, &c, base.clone());
        assert_eq!(v.scenario.as_ref().unwrap().won, won, "{lost} lost, {sunk} sunk");
        assert_eq!(v.level, if won { "scenario_won" } else { "scenario_lost" });
    }
}

#[test]
fn an_unknown_scenario_is_refused() {
    let opts = CareerOptions {
        scenario: Some("hx229".into()),
        ..CareerOptions::default()
    };
    assert!(matches!(
        Career::new(opts, 1, crate::DiceMode::Seeded),
        Err(CareerError::Refused(Refused::BadOptions(_)))
    ));
}

//! The values the rulebook states about convoy assignment, encounters and random events, and about
//! wolfpack size, day and night and the weather (`docs/atlantic-stated-values.md`).

use super::{constant, drm, m, procedure, shipped, word, words};
use crate::atlantic::catalog::merchants::ConvoySize;
use crate::atlantic::charts::{A2Key, ConvoyType, Encounter, PackSize, Weather};
use crate::atlantic::procedures::ProcedureResult;
use crate::chart::ChartDice;

// ------------------------------------------------------------------- assignment and encounters

#[test]
fn a1a_3_is_a_large_on_convoy_and_only_the_size_matters() {
    let a1a = &shipped().charts.a1a.chart;
    let r = a1a.lookup(3).unwrap().result;
    assert_eq!(
        (r.convoy, r.size),
        (ConvoyType::On, ConvoySize::Large),
        "[8.0] A1a 3: a large ON convoy"
    );
    assert!(
        a1a.notes[0].contains("only the size matters"),
        "[6.3.1] HX, SC and ON change nothing"
    );
}

#[test]
fn a2_is_2d6_and_the_example_reads_its_feb_jun_42_column() {
    let a2 = &shipped().charts.a2;
    assert_eq!(a2.table.dice, ChartDice::D2D6, "[8.0] A2 is 2d6");
    let first = a2.table.column(&A2Key::AnyBox, m("2/42")).unwrap();
    assert_eq!(
        (first.dates.from, first.dates.until),
        (Some(m("2/42")), Some(m("6/42"))),
        "[8.0] Feb 42 - Jun 42"
    );
    let feb = m("2/42");
    assert_eq!(a2.encounter(feb, 2), Some(Encounter::Condor), "[8.0] 2: a Fw 200");
    for roll in 6..=8 {
        assert_eq!(
            a2.encounter(feb, roll),
            Some(Encounter::None),
            "[8.0] {roll}: no encounter"
        );
    }
    assert_eq!(
        a2.encounter(feb, 4),
        Some(Encounter::Wolfpack),
        "[8.0] 4: a wolfpack"
    );
    assert_eq!(
        a2.encounter(m("5/42"), 4),
        Some(Encounter::Wolfpack),
        "[8.0] the same column to June"
    );
}

#[test]
fn every_travel_box_reads_the_same_a2_column() {
    assert_eq!(
        shipped().charts.a2.table.keys(),
        [A2Key::AnyBox],
        "[6.1 2A] each box is identical"
    );
}

#[test]
fn the_first_natural_12_of_a_mission_is_a_random_event_rolled_on_c5() {
    let a2 = &shipped().charts.a2;
    assert_eq!(constant(&a2.constants, "random_event_on_natural"), 12, "[9.1]");
    assert!(
        a2.table.notes[1].contains("a later 12 reads the chart"),
        "[9.1] one per mission"
    );
    assert!(
        shipped().charts.c5.chart.notes[0].contains("first natural 12"),
        "[9.2] rolled on C5"
    );
}

#[test]
fn a_condor_is_met_only_in_c_boxes_and_doubles_the_next_boxs_roll() {
    let data = shipped();
    assert!(
        data.charts.a2.table.notes[2].contains("outside the three C boxes is no encounter"),
        "[7.2.7]"
    );
    assert_eq!(
        constant(&data.charts.a2.constants, "rolls_after_condor"),
        2,
        "[7.2.7] roll A2 twice"
    );
    let dmg = procedure("condor_damage");
    assert_eq!(dmg.chart.dice, ChartDice::D6, "[7.2.7] damage = 1d6");
    for n in 1..=6 {
        assert_eq!(
            dmg.roll(n),
            Some(&ProcedureResult::Number(n)),
            "[7.2.7] {n} points"
        );
    }
}

#[test]
fn touch_wood_is_kept_and_a_condor_may_come_from_a_random_event() {
    let c5 = &shipped().charts.c5.chart;
    let touch = &c5.lookup(7).unwrap().result;
    assert_eq!(touch.id, "touch_wood", "[9.2]");
    assert!(touch.keep_marker, "[9.2] kept until used; several may be held");
    assert!(c5.notes[0].contains("several may be held"), "[9.2]");
    assert_eq!(
        c5.lookup(4).unwrap().result.id,
        "condor",
        "[7.2.7] a Condor by random event"
    );
}

// ------------------------------------------------------------------ wolfpacks, day, weather

#[test]
fn a_wolfpacks_size_is_2d6_at_minus_2_in_1942_so_the_examples_7_is_5_boats() {
    let a3 = &shipped().charts.a3;
    assert_eq!(a3.chart.dice, ChartDice::D2D6, "[7.1.3] the size roll is 2d6");
    let year = drm(&a3.modifiers, "year_1942");
    assert_eq!(year, -2, "[8.0] 1942 reduces the roll by 2");
    let five = a3.chart.lookup(7 + year).unwrap().result;
    assert_eq!(
        five,
        PackSize {
            boats: 5,
            reduce_by: None
        },
        "[8.0] 7 becomes 5: no reduction roll"
    );
    assert_eq!(a3.chart.lookup(5).unwrap().result.boats, 5, "[8.0]");
}

#[test]
fn in_december_1942_the_year_modifier_is_still_minus_2_but_ons_154s_third_box_is_plus_2() {
    let a3 = &shipped().charts.a3;
    let y42 = crate::modifier::find(&a3.modifiers, "year_1942").unwrap();
    assert!(
        y42.from.is_none_or(|f| f <= m("12/42")),
        "[11.2] -2 through December 1942"
    );
    assert_eq!(y42.drm, -2, "[11.2]");
    let ons = shipped().catalog.scenarios.get("ons154").unwrap();
    assert_eq!(
        ons.travel_box(3).unwrap().a3_modifier,
        Some(2),
        "[11.2] 2d6 + 2 instead of -2"
    );
}

#[test]
fn packs_of_8_or_more_lose_1d6() {
    let a3 = &shipped().charts.a3.chart;
    for roll in 2..=14 {
        let r = a3.lookup(roll).unwrap().result;
        let want = (r.boats >= 8).then_some(ChartDice::D6);
        assert_eq!(r.reduce_by, want, "[7.1.3] {roll}: reduce by 1d6 from 8 boats");
    }
    assert_eq!(a3.lookup(8).unwrap().result.boats, 8, "[7.1.3]");
}

#[test]
fn an_encounter_lasts_at_most_three_cycles() {
    assert_eq!(shipped().procedures.constant("max_cycles"), Some(3), "[7.1.1]");
}

#[test]
fn day_on_1_3_night_on_4_6_and_the_examples_5_is_night() {
    assert_eq!(
        words("day_night", 1..=6),
        ["day", "day", "day", "night", "night", "night"],
        "[7.1.5]"
    );
    assert_eq!(word("day_night", 5), "night", "[8.0] a 5: night, day, night");
    assert!(
        procedure("day_night").chart.notes[0].contains("night-day-night"),
        "[7.1.5] [8.0]"
    );
}

#[test]
fn the_weather_is_1d6_on_c3_before_placement_and_the_examples_4_is_fair() {
    let c3 = &shipped().charts.c3;
    assert_eq!(c3.table.dice, ChartDice::D6, "[6.1c] [7.1.3]");
    assert!(
        c3.table.notes[0].contains("every U-boat or wolfpack encounter"),
        "[6.1c] [7.1.3]"
    );
    assert!(
        c3.table.notes[0].contains("before any placement"),
        "[7.1.3 ERRATA]"
    );
    assert_eq!(c3.weather(m("2/42"), 4), Some(Weather::Fair), "[8.0] a 4: Fair");
    assert!(
        c3.condition(Weather::Fair).unwrap().effects.is_empty(),
        "[8.0] no combat effects"
    );
}

#[test]
fn poor_and_bad_weather_make_stragglers_and_bad_weather_grounds_the_aircraft() {
    let c3 = &shipped().charts.c3;
    for w in [Weather::Poor, Weather::Bad] {
        assert!(
            c3.condition(w).unwrap().stragglers > 0,
            "[7.1.6] {w:?} makes stragglers"
        );
    }
    assert!(
        c3.condition(Weather::Bad).unwrap().no_air_support,
        "[7.2.8] no air support in Bad weather"
    );
    assert!(
        !c3.condition(Weather::Poor).unwrap().no_air_support,
        "[7.2.8] only in Bad"
    );
    assert!(
        c3.table.notes[1].contains("rejoin in the next box"),
        "[7.1.6] weather stragglers rejoin"
    );
}

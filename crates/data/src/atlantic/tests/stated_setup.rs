//! The values the rulebook states about dice and scale, the setup and the escort groups [4.1], and the
//! ship classes, their damage and the reinforcements (`docs/atlantic-stated-values.md`, first three
//! parts), read from the shipped data.

use serde_json::Value;

use super::{drm, m, procedure, shipped, word};
use crate::atlantic::catalog::groups::{Category, Nationality, Navy};
use crate::atlantic::procedures::ProcedureResult;
use crate::chart::ChartDice;

// ------------------------------------------------------------------------------------- dice and scale

#[test]
fn percentile_dice_read_tens_then_units_with_00_as_100() {
    let c = &shipped().charts;
    for list in [&c.m1, &c.m2, &c.m3] {
        assert_eq!(
            list.chart.dice,
            ChartDice::D100,
            "[3.4] M charts are rolled 1d10+1d10"
        );
        assert_eq!(list.chart.span(), (1, 100), "[3.4] 00 reads 100, not 0");
        assert!(list.chart.lookup(100).is_some(), "[3.4] a 00 is answered");
    }
}

#[test]
fn the_charts_use_the_dice_in_the_box() {
    // [3.7] Two d6, two d10 and a d20: 1d6, 2d6, 1d10, 1d20, percentile, and d66 and band+1d20 built
    // from them.
    let data = shipped();
    let mut summaries = data.charts.summaries();
    summaries.extend(data.procedures.summaries());
    summaries.extend(data.tactical.summaries());
    for s in &summaries {
        for d in s.dice.split(" + ") {
            assert!(
                ["1d6", "2d6", "1d10", "1d20", "d100", "d66", "band+1d20"].contains(&d),
                "[3.7] {} is rolled with {d}, which the box's dice cannot roll",
                s.id
            );
        }
    }
}

#[test]
fn counters_are_nine_sixteenths_and_escort_boxes_hold_two_by_two() {
    let t = &shipped().tactical;
    assert!(
        t.notes[0].contains("9 x 9 (9/16 inch) [3.7]"),
        "[3.7] {}",
        t.notes[0]
    );
    for d in &t.displays {
        for b in &d.escort_boxes {
            assert!(
                b.rect.2 >= 18 && b.rect.3 >= 18,
                "[3.7] [7.1.3] box {} holds two by two 9-unit counters",
                b.id
            );
        }
        for a in &d.approaches {
            assert!(
                2 * a.circle.2 >= 18,
                "[3.7] circle {} holds two counters side by side",
                a.id
            );
        }
    }
}

#[test]
fn a_travel_box_is_two_to_three_days_and_a_crossing_six_boxes() {
    let data = shipped();
    assert!(data.catalog.map.notes[0].contains("2-3 days [3.6]"), "[3.6]");
    assert_eq!(
        data.catalog.career.calendar.missions_per_month, 2,
        "[6.0] [6.3.2] two missions a month"
    );
    assert_eq!(
        data.catalog.map.travel_boxes.len(),
        6,
        "[3.1] [6.1] six travel boxes"
    );
    for route in ["westbound", "eastbound"] {
        assert_eq!(
            data.catalog.map.boxes_of(route).len(),
            6,
            "[6.1] [3.1] {route} crosses six boxes"
        );
    }
    assert_eq!(data.procedures.constant("travel_boxes"), Some(6), "[6.1]");
}

// ------------------------------------------------------------------------------- setup and groups

#[test]
fn the_group_is_rolled_on_1d10_and_a_1_gives_b1() {
    assert_eq!(
        procedure("escort_group").chart.dice,
        ChartDice::D10,
        "[4.1] roll 1d10 for the group"
    );
    assert_eq!(word("escort_group", 1), "b1", "[8.0] a 1 gives B-1");
    assert!(
        procedure("escort_group").chart.notes[0].contains("chooses"),
        "[4.1] or the player chooses"
    );
}

/// A ship of a group: id, name, class.
type Listed = (&'static str, &'static str, &'static str);

/// Each group of [4.1], ship by ship.
const GROUPS: &[(&str, &[Listed])] = &[
    (
        "b1",
        &[
            ("hurricane", "Hurricane", "h_class"),
            ("rockingham", "Rockingham", "town"),
            ("venomous", "Venomous", "v_and_w"),
            ("anchusa", "Anchusa", "flower"),
            ("dahlia", "Dahlia", "flower"),
            ("monkshood", "Monkshood", "flower"),
        ],
    ),
    (
        "b2",
        &[
            ("hesperus", "Hesperus", "h_class"),
            ("leamington", "Leamington", "town"),
            ("veteran", "Veteran", "v_and_w"),
            ("clematis", "Clematis", "flower"),
            ("gentian", "Gentian", "flower"),
            ("sweetbriar", "Sweetbriar", "flower"),
            ("vervain", "Vervain", "flower"),
        ],
    ),
    (
        "b3",
        &[
            ("harvester", "Harvester", "h_class"),
            ("georgetown", "Georgetown", "town"),
            ("bulldog", "Bulldog", "b_class"),
            ("heartsease", "Heartsease", "flower"),
            ("narcissus", "Narcissus", "flower"),
            ("lobelia", "Lobelia", "flower"),
            ("renoncule", "Renoncule", "flower"),
        ],
    ),
    (
        "b4",
        &[
            ("highlander", "Highlander", "h_class"),
            ("roxborough", "Roxborough", "town"),
            ("winchelsea", "Winchelsea", "v_and_w"),
            ("anemone", "Anemone", "flower"),
            ("pennywort", "Pennywort", "flower"),
            ("asphodel", "Asphodel", "flower"),
        ],
    ),
    (
        "b5",
        &[
            ("havelock", "Havelock", "h_class"),
            ("caldwell", "Caldwell", "town"),
            ("vanoc", "Vanoc", "v_and_w"),
            ("walker", "Walker", "v_and_w"),
            ("pimpernel", "Pimpernel", "flower"),
            ("godetia", "Godetia", "flower"),
            ("saxifrage", "Saxifrage", "flower"),
        ],
    ),
    (
        "c1",
        &[
            ("assiniboine", "Assiniboine", "canadian_river_dd"),
            ("st_croix", "St. Croix", "town"),
            ("buctouche", "Buctouche", "flower"),
            ("chambly", "Chambly", "flower"),
            ("dianthus", "Dianthus", "flower"),
            ("nasturtium", "Nasturtium", "flower"),
        ],
    ),
    (
        "c2",
        &[
            ("st_laurent", "St. Laurent", "canadian_river_dd"),
            ("broadway", "Broadway", "town"),
            ("brandon", "Brandon", "flower"),
            ("drumheller", "Drumheller", "flower"),
            ("morden", "Morden", "flower"),
            ("polyanthus", "Polyanthus", "flower"),
        ],
    ),
    (
        "c3",
        &[
            ("saguenay", "Saguenay", "canadian_river_dd"),
            ("skeena", "Skeena", "canadian_river_dd"),
            ("wetaskiwin", "Wetaskiwin", "flower"),
            ("sackville", "Sackville", "flower"),
            ("galt", "Galt", "flower"),
            ("camrose", "Camrose", "flower"),
        ],
    ),
    (
        "c4",
        &[
            ("ottawa", "Ottawa", "canadian_river_dd"),
            ("restigouche", "Restigouche", "canadian_river_dd"),
            ("st_francis", "St. Francis", "town"),
            ("lethbridge", "Lethbridge", "flower"),
            ("prescott", "Prescott", "flower"),
            ("eyebright", "Eyebright", "flower"),
            ("arvida", "Arvida", "flower"),
        ],
    ),
    (
        "a3",
        &[
            ("spencer", "Spencer", "treasury_cutter"),
            ("campbell", "Campbell", "treasury_cutter"),
            ("bittersweet", "Bittersweet", "flower"),
            ("chilliwack", "Chilliwack", "flower"),
            ("shediac", "Shediac", "flower"),
            ("algoma", "Algoma", "flower"),
        ],
    ),
];

#[test]
fn the_ten_starting_groups_are_the_books_ship_by_ship() {
    let g = &shipped().catalog.groups;
    assert_eq!(g.groups.len(), 10, "[4.1] ten starting groups");
    for (id, ships) in GROUPS {
        let group = g.group(id).unwrap();
        let listed: Vec<(&str, &str, &str)> = group
            .ships
            .iter()
            .map(|s| {
                let ship = g.ship(s).unwrap();
                (ship.id.as_str(), ship.name.as_str(), ship.class.as_str())
            })
            .collect();
        assert_eq!(listed, *ships, "[4.1] the ships of {}", group.name);
    }
    // The group sizes [4.1] prints: six or seven ships.
    let sizes: Vec<usize> = g.groups.iter().map(|x| x.ships.len()).collect();
    assert_eq!(sizes, [6, 7, 7, 6, 7, 6, 6, 6, 7, 6], "[4.1]");
    assert_eq!(
        g.ship("bulldog").unwrap().class,
        "b_class",
        "[4.1] B-class Bulldog"
    );
    assert_eq!(g.ship("assiniboine").unwrap().class, "canadian_river_dd", "[4.1]");
    assert_eq!(g.ship("spencer").unwrap().class, "treasury_cutter", "[4.1]");
}

#[test]
fn b3s_lobelia_and_renoncule_are_free_french() {
    let g = &shipped().catalog.groups;
    assert_eq!(
        g.ship("lobelia").unwrap().navy,
        Navy::Ffl,
        "[4.1] Free French Lobelia"
    );
    assert_eq!(
        g.ship("renoncule").unwrap().navy,
        Navy::Ffl,
        "[4.1] and Renoncule"
    );
}

#[test]
fn b_groups_are_british_c_groups_canadian_and_a3_american() {
    for group in &shipped().catalog.groups.groups {
        let want = match &group.id[..1] {
            "b" => Nationality::British,
            "c" => Nationality::Canadian,
            _ => Nationality::American,
        };
        assert_eq!(group.nationality, want, "[4.1] {}", group.name);
    }
    assert_eq!(
        shipped().catalog.groups.group("a3").unwrap().nationality,
        Nationality::American,
        "[4.1]"
    );
}

#[test]
fn cutters_count_as_destroyers_and_the_soe_rides_the_first() {
    let g = &shipped().catalog.groups;
    assert_eq!(
        g.class("treasury_cutter").unwrap().category,
        Category::DdFf,
        "[4.1 note] cutters are destroyers"
    );
    for group in &g.groups {
        let first = g.class_of(&group.ships[0]).unwrap();
        assert_eq!(
            first.category,
            Category::DdFf,
            "[4.1 note] [4.4.2] {}'s SOE is on destroyer #1",
            group.name
        );
    }
    assert_eq!(g.group("a3").unwrap().ships[0], "spencer", "[4.1 note] Cutter #1");
}

#[test]
fn british_and_american_groups_have_a_type_271_and_the_seven_ship_british_groups_hf_df() {
    let g = &shipped().catalog.groups;
    for id in ["b1", "b2", "b3", "b4", "b5", "a3"] {
        assert_eq!(
            g.group(id).unwrap().type_271_sets,
            1,
            "[4.1] one Type 271 for {id}"
        );
    }
    for (id, hf_df) in [
        ("b1", false),
        ("b2", true),
        ("b3", true),
        ("b4", false),
        ("b5", true),
        ("a3", false),
    ] {
        assert_eq!(
            g.group(id).unwrap().hf_df,
            hf_df,
            "[4.1] HF/DF for the seven-ship British groups: {id}"
        );
    }
    for id in ["c1", "c2", "c3", "c4"] {
        let c = g.group(id).unwrap();
        assert!(
            !c.hf_df && c.type_271_sets == 0,
            "[4.1] the Canadians start without HF/DF or Type 271: {id}"
        );
    }
    // [8.0] B-1 has six ships, so no HF/DF by [4.1], although the example uses it (the golden test says so).
    assert_eq!(g.group("b1").unwrap().ships.len(), 6, "[8.0]");
    assert!(!g.group("b1").unwrap().hf_df, "[8.0] [4.1]");
}

#[test]
fn the_player_chooses_the_base_and_card_0_names_one() {
    for group in &shipped().catalog.groups.groups {
        assert_eq!(
            group.start_base, "player_choice",
            "[4.1] the starting base is the player's choice"
        );
        assert_eq!(group.hedgehog_sets, 0, "[4.1] no group starts with Hedgehog");
        match group.nationality {
            Nationality::British => {
                assert_eq!(
                    group.default_base, "londonderry",
                    "[6.2 Card 0] British at Londonderry"
                )
            }
            Nationality::Canadian => {
                assert_eq!(
                    group.default_base, "st_johns",
                    "[6.2 Card 0] Canadians at St. John's"
                )
            }
            Nationality::American => {}
        }
    }
}

#[test]
fn one_counter_serves_the_v_and_w_destroyers_and_any_destroyer_the_canadian_rivers() {
    let g = &shipped().catalog.groups;
    assert_eq!(
        g.class("v_and_w").unwrap().counter,
        "v_and_w",
        "[3.3.2] one V&W counter"
    );
    for s in ["venomous", "veteran", "winchelsea", "vanoc", "walker"] {
        assert_eq!(
            g.ship(s).unwrap().class,
            "v_and_w",
            "[3.3.2] {s} uses the V&W counter"
        );
    }
    assert_eq!(
        g.class("canadian_river_dd").unwrap().counter,
        "any_destroyer",
        "[3.3.2 ERRATA]"
    );
    assert_eq!(
        g.class("river_ff").unwrap().counter,
        "river_ff",
        "[3.3.2 ERRATA] the River counter is the frigate"
    );
}

#[test]
fn a_career_starts_in_february_1942_as_a_lieutenant_commander_with_trained_crews() {
    let c = &shipped().catalog.career;
    assert_eq!(
        c.calendar.start,
        m("2/42"),
        "[4.2.1] the first convoy is in February 1942"
    );
    let start: Vec<&str> = c
        .ranks
        .iter()
        .filter(|r| r.start)
        .map(|r| r.id.as_str())
        .collect();
    assert_eq!(
        start,
        ["lieutenant_commander"],
        "[4.3.1] [7.6] you start as a Lieutenant Commander"
    );
    let crews: Vec<&str> = c
        .crew_levels
        .iter()
        .filter(|r| r.start)
        .map(|r| r.id.as_str())
        .collect();
    assert_eq!(crews, ["trained"], "[4.4.2] [3.3.2] every crew starts Trained");
}

#[test]
fn hf_df_is_the_groups_not_a_ships() {
    let v: Value = serde_json::from_str(crate::atlantic::catalog::groups::SHIPPED).unwrap();
    for s in v["ships"].as_array().unwrap() {
        assert!(
            s.get("hf_df").is_none(),
            "[4.6.1] HF/DF is a capability of the group"
        );
    }
    for g in v["groups"].as_array().unwrap() {
        assert!(g["hf_df"].is_boolean(), "[4.6.1]");
    }
}

#[test]
fn the_escort_group_display_mat_holds_the_group() {
    let mats = &shipped().catalog.mats;
    let e1 = mats.get("E1").unwrap();
    // [4.4.1] [4.4.2] the mat: DD/FF on the left, corvettes on the right, each ship's boxes.
    let holds: Vec<(Category, u8)> = e1.areas.iter().map(|a| (a.holds, a.ships)).collect();
    assert_eq!(
        holds[0].0,
        Category::DdFf,
        "[4.4.2] destroyers and frigates to the left"
    );
    assert_eq!(
        holds.last().unwrap().0,
        Category::Corvette,
        "[4.4.2] corvettes to the right"
    );
    for b in ["type_271", "hedgehog", "crew_quality", "damaged"] {
        assert!(
            e1.ship_boxes.iter().any(|x| x == b),
            "[4.4.2] each ship has a {b} box"
        );
    }
    for b in [
        "current_base",
        "rank",
        "hf_df",
        "long_range_air",
        "cam_ship",
        "cve",
    ] {
        assert!(
            e1.boxes.iter().any(|x| x == b),
            "[4.4.1] [4.4.2] [4.5] the mat's {b} box"
        );
    }
    assert!(
        mats.get("B7").unwrap().optional,
        "[7.1.7] the Combat Mat is optional"
    );
}

// ---------------------------------------------------------------- classes, damage, reinforcements

#[test]
fn dd_ff_take_two_points_and_a_flower_one() {
    let g = &shipped().catalog.groups;
    for id in [
        "h_class",
        "town",
        "v_and_w",
        "b_class",
        "canadian_river_dd",
        "river_ff",
        "treasury_cutter",
    ] {
        assert_eq!(
            g.class(id).unwrap().damage_points,
            2,
            "[7.4.1] a DD/FF takes 2 points: {id}"
        );
    }
    assert_eq!(
        g.class("flower").unwrap().damage_points,
        1,
        "[7.4.1] a Flower takes 1"
    );
    // A torpedo that detonates does at least a point: it always sinks a Flower [7.4.1].
    let least = shipped()
        .charts
        .b2
        .chart
        .rows
        .iter()
        .map(|r| r.result)
        .min()
        .unwrap();
    assert!(least >= g.class("flower").unwrap().damage_points, "[7.4.1]");
}

#[test]
fn a_group_has_at_most_four_dd_ff_and_six_corvettes() {
    let g = &shipped().catalog.groups;
    assert_eq!(g.cap(Category::DdFf), Some(4), "[6.3.3]");
    assert_eq!(
        g.cap(Category::Corvette),
        Some(6),
        "[6.3.3] [7.6.1] the 6-ship limit on Flowers"
    );
    let captain = shipped().catalog.career.rank("captain").unwrap();
    assert_eq!(
        captain.perk,
        crate::atlantic::catalog::career::Perk::OneOfHedgehogType271Flower,
        "[7.6.1] a Captain may ask for a Flower below the limit"
    );
}

#[test]
fn river_frigates_arrive_from_5_42_with_plus_1_on_b4_and_the_canadian_river_destroyers_do_not() {
    let data = shipped();
    let g = &data.catalog.groups;
    let ff = g.class("river_ff").unwrap();
    assert_eq!(
        ff.available_from,
        Some(m("5/42")),
        "[ERRATA B4] River frigates from 5/42"
    );
    let mods: Vec<(&str, &str)> = ff
        .chart_modifiers
        .iter()
        .map(|c| (c.chart.as_str(), c.modifier.as_str()))
        .collect();
    assert_eq!(mods, [("B4", "river_frigate")], "[ERRATA B4]");
    assert!(
        g.class("canadian_river_dd").unwrap().chart_modifiers.is_empty(),
        "[ERRATA B4] not the River DDs"
    );
    assert_eq!(
        drm(&data.charts.b4.modifiers, "river_frigate"),
        1,
        "[ERRATA B4] +1 on B4"
    );
}

#[test]
fn limited_depth_charges_are_4_points_on_a_flower_and_11_on_the_rest() {
    let data = shipped();
    for c in &data.catalog.groups.classes {
        let want = if c.id == "flower" { 4 } else { 11 };
        assert_eq!(c.depth_charge_points, want, "[12.7] {}", c.id);
    }
    assert_eq!(
        data.procedures.constant("depth_charge_point"),
        Some(10),
        "[12.7] a point is about 10 charges"
    );
    assert_eq!(
        data.procedures.constant("hedgehog_reloads"),
        Some(6),
        "[12.7 ERRATA] six Hedgehog reloads"
    );
}

#[test]
fn ramming_sinks_on_2_to_10_and_captures_crypto_on_11_12_for_a_month_of_repairs() {
    let data = shipped();
    assert_eq!(
        procedure("ramming").chart.dice,
        ChartDice::D2D6,
        "[7.4.2] roll 2d6"
    );
    assert_eq!(
        super::words("ramming", 2..=10),
        ["sunk"; 9],
        "[7.4.2] 2-10 the boat is sunk"
    );
    assert_eq!(
        super::words("ramming", 11..=12),
        ["crypto_captured"; 2],
        "[7.4.2] 11-12 crypto"
    );
    assert_eq!(
        data.procedures.constant("ramming_repair_months"),
        Some(1),
        "[7.4.2] a month of repair"
    );
    assert_eq!(
        data.catalog.career.shift("crypto_capture").unwrap().levels,
        1,
        "[7.4.2] victory +1 level"
    );
}

#[test]
fn a_torpedoed_dd_ff_is_repaired_1d6_months() {
    let p = procedure("escort_repair");
    assert_eq!(p.chart.dice, ChartDice::D6, "[7.4.3]");
    for n in 1..=6u8 {
        assert_eq!(
            p.roll(i32::from(n)),
            Some(&ProcedureResult::Months { months: n }),
            "[7.4.3] {n} months"
        );
    }
}

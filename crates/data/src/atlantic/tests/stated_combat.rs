//! The values the rulebook states about detection before the attack, the attack on the convoy, and the
//! hunt for the U-boat on B3, B4, B5 and B8 (`docs/atlantic-stated-values.md`), with the Example of
//! Play's rolls [8.0] replayed on the charts.

use super::{constant, drm, lookups, procedure, shipped, word, words};
use crate::atlantic::catalog::merchants::{ConvoySize, MerchantSize};
use crate::atlantic::charts::{B4Key, Detection, Dud, Flooding, Hit, Range, Repair, Salvo, Shot, Target};
use crate::chart::ChartDice;
use crate::modifier::find;

// -------------------------------------------------------------------------- before the attack

#[test]
fn a_placed_boat_reports_on_3_6_and_by_day_attacks_only_on_1_2() {
    assert_eq!(
        words("contact_report", 1..=6),
        ["silent", "silent", "report", "report", "report", "report"],
        "[7.1.3]"
    );
    assert_eq!(
        words("day_attack", 1..=6),
        ["attacks", "attacks", "shadows", "shadows", "shadows", "shadows"],
        "[7.1.3]"
    );
}

#[test]
fn hf_df_detects_on_1_3_type_271_on_1_by_day_and_1_2_by_night_asdic_on_1_3() {
    let found = |id: &str, rolls: std::ops::RangeInclusive<i32>| -> Vec<bool> {
        rolls.map(|r| word(id, r) == "detected").collect()
    };
    let (t, f) = (true, false);
    assert_eq!(
        found("hf_df", 1..=6),
        [t, t, t, f, f, f],
        "[7.1.3] [Detection Sequence] HF/DF 1-3"
    );
    assert_eq!(
        found("type_271_day", 1..=6),
        [t, f, f, f, f, f],
        "[7.1.3] [Detection Sequence] by day on 1"
    );
    assert_eq!(
        found("type_271_night", 1..=6),
        [t, t, f, f, f, f],
        "[7.1.3] [Detection Sequence] by night 1-2"
    );
    assert_eq!(
        word("type_271_night", 1),
        "detected",
        "[8.0] the example's night radar 1"
    );
    assert_eq!(
        found("asdic", 1..=6),
        [t, t, t, f, f, f],
        "[7.1.3] [Detection Sequence] ASDIC 1-3"
    );
    assert_eq!(word("asdic", 3), "detected", "[8.0] the example's ASDIC 3");
    assert!(
        procedure("hf_df").chart.notes[0].contains("contact report"),
        "[7.1.3] only a reporting boat"
    );
}

#[test]
fn veteran_and_elite_crews_get_minus_1_on_the_radar() {
    for id in ["type_271_day", "type_271_night"] {
        let mods = &procedure(id).modifiers;
        assert_eq!(
            drm(mods, "veteran_crew"),
            -1,
            "[7.5.2] [3.3.2] Veteran -1R on {id}"
        );
        assert_eq!(drm(mods, "elite_crew"), -1, "[7.5.2] [3.3.2] Elite -1R on {id}");
    }
}

#[test]
fn the_range_is_1_2_close_3_4_medium_5_6_long() {
    assert_eq!(
        words("attack_range", 1..=6),
        ["close", "close", "medium", "medium", "long", "long"],
        "[7.1.3]"
    );
}

#[test]
fn the_year_modifier_is_not_for_hf_df_radar_or_the_first_asdic() {
    for id in ["hf_df", "type_271_day", "type_271_night", "asdic"] {
        assert!(
            !procedure(id).modifiers.iter().any(|m| m.id.starts_with("year")),
            "[7.1.5 ERRATA] no year modifier on {id}"
        );
    }
}

// ------------------------------------------------------------------------- attacking the convoy

#[test]
fn three_ships_are_in_reach_sized_1_3_small_4_5_large_6_tanker() {
    let data = shipped();
    assert_eq!(
        data.catalog.merchants.targets_per_attack.value, 3,
        "[7.1.3] three ships in reach"
    );
    assert_eq!(data.procedures.constant("targets_in_reach"), Some(3), "[7.1.3]");
    assert_eq!(
        words("target_size", 1..=6),
        ["small", "small", "small", "large", "large", "tanker"],
        "[7.1.3] 1-3 small, 4-5 large, 6 tanker"
    );
    assert_eq!(
        (word("target_size", 2), word("target_size", 6)),
        ("small", "tanker"),
        "[8.0]"
    );
}

#[test]
fn small_convoys_are_about_40_ships_and_large_about_60() {
    let m = &shipped().catalog.merchants;
    assert_eq!(m.convoy(ConvoySize::Small).unwrap().ships, 40, "[7.1.3]");
    assert_eq!(m.convoy(ConvoySize::Large).unwrap().ships, 60, "[7.1.3]");
}

#[test]
fn ships_are_named_on_m1_m3_with_percentile_dice() {
    let data = shipped();
    for size in MerchantSize::ALL {
        let chart = &data.catalog.merchants.size(size).unwrap().chart;
        let list = data.charts.ship_list(chart).unwrap();
        assert_eq!(
            list.chart.dice,
            ChartDice::D100,
            "[7.1.3] [3.4] {chart} is percentile"
        );
        assert!(
            list.chart.rows.iter().all(|r| r.result.size == size),
            "[7.1.3] {chart} names {size} ships"
        );
    }
}

#[test]
fn the_tanker_kongsgaard_of_9500_tons_sinks_at_3_points() {
    let data = shipped();
    let k = &data.charts.m3.chart.lookup(1).unwrap().result;
    assert_eq!(
        (k.name.as_str(), k.size, k.tonnage, k.damage),
        ("Kongsgaard", MerchantSize::Tanker, 9500, 3),
        "[8.0]"
    );
    for tons in [5001, 9500, 9999] {
        assert_eq!(
            data.catalog.merchants.points_to_sink(tons),
            Some(3),
            "[8.0] 5,001-9,999 t sink at 3"
        );
    }
}

#[test]
fn the_standard_tonnages_are_3500_7000_and_9000() {
    let m = &shipped().catalog.merchants;
    let tons: Vec<u32> = MerchantSize::ALL
        .iter()
        .map(|s| m.size(*s).unwrap().standard_tons)
        .collect();
    assert_eq!(tons, [3500, 7000, 9000], "[12.1]");
}

#[test]
fn c1_is_2d6_and_a_7_fires_all_four_at_the_tanker() {
    let c1 = &shipped().charts.c1.chart;
    assert_eq!(c1.dice, ChartDice::D2D6, "[7.1.3] [8.0]");
    assert_eq!(
        c1.lookup(7).unwrap().result,
        Salvo {
            salvo: vec![Shot {
                target: Target::Largest,
                torpedoes: 4
            }],
            stern: false
        },
        "[8.0] a 7: all four torpedoes at the tanker, the largest of small, small and tanker"
    );
    assert!(
        c1.rows.iter().any(|r| r.result.stern),
        "[ERRATA C1] the '**' results"
    );
    assert!(
        c1.notes[1].contains("1 torpedo from a Type VII, 2 from a Type IX"),
        "[ERRATA C1]"
    );
    assert!(
        c1.notes[0].contains("two-player"),
        "[7.1.3] skipped in two-player games"
    );
}

#[test]
fn b1_at_medium_range_hits_the_examples_6_4_and_7_and_misses_its_9() {
    let b1 = &shipped().charts.b1;
    let rolls = [6, 4, 7, 9].map(|r| b1.roll(Range::Medium, r).unwrap());
    assert_eq!(rolls, [Hit::Hit, Hit::Hit, Hit::Hit, Hit::Miss], "[8.0]");
    assert_eq!(drm(&b1.modifiers, "green_uboat"), 1, "[12.3] Green +1 to hit");
    assert_eq!(drm(&b1.modifiers, "elite_uboat"), -1, "[12.3] Elite -1 to hit");
}

#[test]
fn one_hit_in_three_is_a_dud_and_b2s_3_and_2_do_2_and_3_points() {
    let data = shipped();
    let duds = lookups(&data.charts.b6.chart, 1..=6)
        .iter()
        .filter(|d| **d == Dud::Dud)
        .count();
    assert_eq!(duds * 3, 6, "[8.0] one of the three hits is a dud");
    let b2 = &data.charts.b2.chart;
    assert_eq!(b2.lookup(3).unwrap().result, 2, "[8.0] B2 3: 2 points");
    assert_eq!(b2.lookup(2).unwrap().result, 3, "[8.0] B2 2: 3 points");
    assert!(
        2 + 3 >= data.charts.m3.chart.lookup(1).unwrap().result.damage,
        "[8.0] the Kongsgaard sinks"
    );
}

// ---------------------------------------------------------------------- hunting the U-boat

#[test]
fn b3_and_b4_are_rolled_once_per_boat() {
    let c = &shipped().charts;
    assert!(
        c.b3.chart.notes[0].contains("once per U-boat"),
        "[7.1.3 Important]"
    );
    assert!(
        c.b4.table.notes[0].contains("once per attack"),
        "[7.1.3 Important]"
    );
}

#[test]
fn b3_detects_on_a_modified_9_and_the_example_escapes_on_4_7_and_8() {
    let b3 = &shipped().charts.b3.chart;
    for roll in -1..=8 {
        assert_eq!(
            b3.lookup(roll).unwrap().result,
            Detection::Escapes,
            "[8.0] {roll} escapes"
        );
    }
    for roll in 9..=14 {
        assert_eq!(
            b3.lookup(roll).unwrap().result,
            Detection::Detected,
            "[8.0] {roll} is detected"
        );
    }
    assert_eq!(
        lookups(b3, [4, 7, 8, 9]),
        [
            Detection::Escapes,
            Detection::Escapes,
            Detection::Escapes,
            Detection::Detected
        ],
        "[8.0]"
    );
}

#[test]
fn b3s_modifiers() {
    let b3 = &shipped().charts.b3;
    let d = |id: &str| drm(&b3.modifiers, id);
    assert_eq!(d("prior_detection"), 1, "[7.1.3] +1 for a previous detection");
    assert_eq!(d("two_escorts"), 1, "[8.0] +1 for two escorts");
    assert_eq!(
        d("escorts_moved"),
        -1,
        "[7.1.3] [7.1.3 ERRATA] -1 once, however many moved"
    );
    assert_eq!(d("year_1942"), 2, "[8.0] [7.1.5 ERRATA] +2 in 1942");
    let y = find(&b3.modifiers, "year_1942").unwrap();
    assert!(
        y.when.contains("after an attack"),
        "[7.1.5 ERRATA] the year counts only after an attack"
    );
    assert_eq!(d("g7a_by_day"), 1, "[7.1.5] +1 for steam torpedoes by day");
    assert!(
        find(&b3.modifiers, "g7a_by_day")
            .unwrap()
            .when
            .contains("every roll"),
        "[7.1.5 Designer]"
    );
    assert_eq!(d("dive_planes"), 1, "[B8] [7.3.7] damaged dive planes");
    assert_eq!(d("fuel_tanks"), 1, "[B8] [7.3.5] leaking tanks");
    assert_eq!(d("elite_uboat"), -1, "[12.3] Elite boats");
    assert_eq!(
        constant(&b3.constants, "always_escapes_on_natural"),
        2,
        "[7.1.5 ERRATA] a 2 always escapes"
    );
    let b8 = &shipped().charts.b8;
    let dp: Vec<&str> = b8
        .effect("dive_planes")
        .unwrap()
        .drms
        .iter()
        .map(|m| m.chart.as_str())
        .collect();
    assert_eq!(
        dp,
        ["B3", "C4"],
        "[B8] [7.3.7] dive planes +1 on detection, -1 on the crash dive"
    );
}

#[test]
fn the_examples_b3_rolls_under_the_errata() {
    let b3 = &shipped().charts.b3;
    let d = |id: &str| drm(&b3.modifiers, id);
    let detected = |roll: i32| b3.chart.lookup(roll).unwrap().result == Detection::Detected;
    // Two escorts, one or two of them moved (-1 once), 1942, a previous detection.
    let hunt = d("two_escorts") + d("escorts_moved") + d("year_1942") + d("prior_detection");
    assert_eq!(hunt, 3, "[8.0] the D boat's +3");
    assert!(!detected(5 + hunt), "[8.0] 5 becomes 8: it slips away");
    // The first H boat: the book's "modified 4" at +2 was a natural 2, which always escapes; at the
    // erratum's +3 it is a 5, which escapes too.
    let natural = 4 - 2;
    assert_eq!(
        natural,
        constant(&b3.constants, "always_escapes_on_natural"),
        "[8.0] [7.1.5 ERRATA]"
    );
    assert!(!detected(natural + hunt), "[8.0] [7.1.3 ERRATA]");
    // The second H boat: +4 with its leaking fuel tanks; 3 becomes 7.
    assert_eq!(hunt + d("fuel_tanks"), 4, "[8.0] [7.1.3 ERRATA]");
    assert!(
        !detected(3 + hunt + d("fuel_tanks")),
        "[8.0] [7.1.3 ERRATA] 7 escapes"
    );
    // After the convoy attack: two unmoved Flowers, no year yet: 8 becomes 9.
    assert!(detected(8 + d("two_escorts")), "[8.0] 9: detected");
    // Then two escorts, 1942 and the previous detection: 4 becomes 8, barely escaping.
    let again = d("two_escorts") + d("year_1942") + d("prior_detection");
    assert_eq!(again, 4, "[8.0]");
    assert!(!detected(4 + again), "[8.0] 8: it barely slips away");
}

#[test]
fn b4_gives_1_hit_on_4_6_2_on_7_and_5_on_12() {
    let b4 = &shipped().charts.b4;
    for roll in 4..=6 {
        assert_eq!(
            b4.hits(B4Key::DepthCharges, roll),
            Some(1),
            "[8.0] {roll}: one hit"
        );
    }
    assert_eq!(b4.hits(B4Key::DepthCharges, 7), Some(2), "[8.0] 7: two hits");
    assert_eq!(
        b4.hits(B4Key::DepthCharges, 12),
        Some(5),
        "[ERRATA B4] [12.8] 12: five hits"
    );
    assert_eq!(
        b4.hits(B4Key::DepthCharges, 20),
        b4.hits(B4Key::DepthCharges, 16),
        "[7.2.3] past 16 reads 16"
    );
}

#[test]
fn b4s_modifiers() {
    let b4 = &shipped().charts.b4;
    let d = |id: &str| drm(&b4.modifiers, id);
    assert_eq!(d("aircraft"), 2, "[7.2.3] +2 for an aircraft attack");
    assert_eq!(d("one_motor_out"), 1, "[B8] [7.3.3] one electric motor out");
    assert_eq!(d("both_motors_out"), 2, "[B8] [7.3.3] both out");
    assert_eq!(d("fuel_tanks"), 1, "[B8] fuel tanks");
    assert_eq!(d("batteries"), 1, "[B8] batteries");
    assert!(
        find(&b4.modifiers, "batteries")
            .unwrap()
            .when
            .contains("earlier round"),
        "[B8] from the next round"
    );
    assert_eq!(d("hydrophones"), 1, "[B8] hydrophones");
    assert!(
        shipped()
            .charts
            .b8
            .effect("hydrophones")
            .unwrap()
            .effect
            .contains("evasi"),
        "[B8] [12.8]"
    );
    assert_eq!(d("green_crew"), -1, "[12.6] [3.3.2] Green -1D");
    assert_eq!(d("hedgehog_elite_crew"), -1, "[7.5.2] [3.3.2] Elite -1H");
    assert!(
        b4.table.columns_of(&B4Key::Hedgehog).next().is_some(),
        "[7.1.3] a Hedgehog attack"
    );
    assert!(b4.table.notes[1].contains("instead of depth charges"), "[7.1.3]");
}

#[test]
fn aircrews_and_evasion_change_the_hits() {
    let c = &shipped().charts.b4.constants;
    let v = |id: &str| constant(c, id);
    assert_eq!(
        [
            v("aircrew_green_hits"),
            v("aircrew_veteran_hits"),
            v("aircrew_elite_hits"),
            v("aircrew_elite_casualties")
        ],
        [-1, 1, 1, 2],
        "[12.4]"
    );
    assert_eq!(
        [
            v("evasion_wrong_direction"),
            v("evasion_same_direction"),
            v("evasion_exact")
        ],
        [-1, 1, 3],
        "[12.8]"
    );
    let twelve = i32::from(shipped().charts.b4.hits(B4Key::DepthCharges, 12).unwrap());
    assert_eq!(
        twelve + v("evasion_same_direction"),
        6,
        "[12.8] a 12 then gives 6 hits"
    );
    assert_eq!(
        words("evasion_direction", 1..=6),
        ["left", "left", "right", "right", "straight", "straight"],
        "[12.8]"
    );
}

#[test]
fn b5_is_rolled_once_a_hit_and_the_examples_rolls_strike_what_it_says() {
    let b5 = &shipped().charts.b5;
    assert!(
        b5.chart.notes[0].contains("once per hit"),
        "[7.1.3] one B5 roll per hit"
    );
    assert_eq!(b5.system(11), Some("batteries"), "[8.0] 11: batteries");
    assert_eq!(
        b5.system(16),
        Some("electric_motor_1"),
        "[8.0] 16: electric motor 1"
    );
    assert_eq!(b5.system(41), Some("hull"), "[8.0] 41: hull");
    assert_eq!(b5.system(52), Some("hull"), "[8.0] 52: hull");
    assert_eq!(b5.system(66), Some("fuel_tanks"), "[8.0] 66: fuel tanks");
}

#[test]
fn flooding_is_halted_on_1_4_and_repairs_succeed_on_the_printed_rolls() {
    let b8 = &shipped().charts.b8;
    assert_eq!(
        lookups(&b8.halt_flooding, 1..=6),
        [
            Flooding::Halted,
            Flooding::Halted,
            Flooding::Halted,
            Flooding::Halted,
            Flooding::MoreFlooding,
            Flooding::MoreFlooding
        ],
        "[B8] [7.3.2] 1-4 halted, 5-6 one more box"
    );
    let fixed_up_to = |system: &str| -> usize {
        let repair = b8.effect(system).unwrap().repair.as_ref().unwrap();
        lookups(repair, 1..=6)
            .iter()
            .filter(|r| **r == Repair::Fixed)
            .count()
    };
    for s in [
        "periscope",
        "dive_planes",
        "torpedo_doors",
        "flak_gun_1",
        "flak_gun_2",
        "radio",
        "deck_gun",
        "hydrophones",
    ] {
        assert_eq!(fixed_up_to(s), 2, "[B8] {s} is repaired on 1-2");
    }
    assert_eq!(fixed_up_to("fuel_tanks"), 3, "[B8] fuel tanks on 1-3");
    for s in [
        "diesel_engine_1",
        "diesel_engine_2",
        "electric_motor_1",
        "electric_motor_2",
        "batteries",
    ] {
        assert_eq!(fixed_up_to(s), 4, "[B8] {s} on 1-4");
    }
    for s in ["hull", "minor_damage"] {
        assert!(
            b8.effect(s).unwrap().repair.is_none(),
            "[B8] {s}: no repair at sea"
        );
    }
    assert!(
        b8.effect("minor_damage").unwrap().effect.contains("No effect"),
        "[B8]"
    );
    assert!(
        b8.effect("radio")
            .unwrap()
            .effect
            .contains("+4 to rescue if scuttled"),
        "[B8]"
    );
    assert_eq!(
        drm(&shipped().charts.c4.modifiers, "dive_planes"),
        -1,
        "[B8] dive planes -1 on the crash dive"
    );
}

//! The values the rulebook states about air support, U-boat quality, crews, ranks and promotion,
//! victory and the end of the game, the two scenarios and the optional rules
//! (`docs/atlantic-stated-values.md`, last parts).

use super::{drm, lookups, m, procedure, shipped, word, words};
use crate::atlantic::catalog::career::{KillCredit, Perk};
use crate::atlantic::catalog::merchants::ConvoySize;
use crate::atlantic::catalog::scenarios::{BoxEncounter, Ignored};
use crate::atlantic::charts::{A4Key, CrashDive, Flak, Quality, Refit};

// ------------------------------------------------------------------------------ air support

#[test]
fn the_examples_a4_6_is_a_cam_ship_rolled_before_the_first_mission() {
    let a4 = &shipped().charts.a4;
    assert_eq!(
        a4.roll(A4Key::AirSupport, m("2/42"), 6),
        Some(Refit::Cam),
        "[8.0] A4 6: CAM"
    );
    assert!(
        a4.table.notes[0].contains("first mission of the game"),
        "[6.1 1A]"
    );
}

#[test]
fn air_support_is_one_column_long_range_until_2_43_and_cve_from_3_43() {
    let a4 = &shipped().charts.a4;
    let before = a4.table.column(&A4Key::AirSupport, m("2/43")).unwrap();
    assert_eq!(
        before.dates.until,
        Some(m("2/43")),
        "[7.2.1 ERRATA] long-range air until 2/43"
    );
    assert!(
        !before.chart.rows.iter().any(|r| r.result == Refit::Cve),
        "[7.2.1 ERRATA]"
    );
    let after = a4.table.column(&A4Key::AirSupport, m("3/43")).unwrap();
    assert_eq!(
        after.dates.from,
        Some(m("3/43")),
        "[7.2.1 ERRATA] the CVE column from 3/43"
    );
    assert!(
        after.chart.rows.iter().any(|r| r.result == Refit::Cve),
        "[7.2.1 ERRATA]"
    );
}

#[test]
fn air_support_every_refit_upgrades_every_second() {
    let data = shipped();
    assert_eq!(
        data.catalog.career.calendar.upgrade_check_every_refits, 2,
        "[6.3.3] [2.0] [3.5] upgrades every second refit, the grey rows of the log"
    );
    let notes = &data.charts.a4.table.notes;
    assert!(notes[0].contains("at every refit"), "[6.3.3] [2.0]");
    assert!(notes[1].contains("every second refit"), "[6.3.3] [2.0]");
    assert!(
        notes[1].contains("HF/DF once held, a ship type at its cap, every ship fitted"),
        "[6.3.3]"
    );
    assert!(notes[3].contains("even at the cap"), "[7.4.3]");
}

#[test]
fn a_type_271_result_is_one_set_the_2_included() {
    let a4 = &shipped().charts.a4;
    for c in a4.table.columns_of(&A4Key::Type271) {
        assert_eq!(
            c.chart.lookup(2).unwrap().result,
            Refit::Type271Set,
            "[ERRATA C4] {}",
            c.label()
        );
    }
    assert_eq!(
        A4Key::Type271.results(),
        [Refit::None, Refit::Type271Set],
        "[ERRATA C4] every success is a set"
    );
}

#[test]
fn c4_crash_dives_on_a_modified_6_and_is_attacked_below_twice_on_a_1() {
    let c4 = &shipped().charts.c4;
    assert_eq!(
        lookups(&c4.chart, 6..=13),
        [CrashDive::CrashDive; 8],
        "[7.2.2] a modified 6 or more dives"
    );
    assert_eq!(
        lookups(&c4.chart, 2..=5),
        [CrashDive::Attacked; 4],
        "[7.2.3] 5 or less: attacked"
    );
    assert_eq!(
        c4.chart.lookup(1).unwrap().result,
        CrashDive::TwoAttacks,
        "[7.2.3] a modified 1: twice"
    );
    assert_eq!(c4.chart.span().0, 1, "[7.2.3] [7.2.3 ERRATA]");
    assert_eq!(drm(&c4.modifiers, "green_uboat"), -1, "[12.3] Green -1 on C4");
    assert_eq!(drm(&c4.modifiers, "veteran_uboat"), 1, "[12.3] Veteran +1 on C4");
}

#[test]
fn flak_shoots_down_damages_or_misses_with_minus_1_for_two_mounts_and_for_veterans() {
    let c2 = &shipped().charts.c2;
    for f in [Flak::ShotDown, Flak::Damaged, Flak::Missed] {
        assert!(c2.chart.rows.iter().any(|r| r.result == f), "[7.2.3] {f:?}");
    }
    assert!(c2.chart.notes[0].contains("out of the encounter"), "[7.2.3]");
    assert_eq!(drm(&c2.modifiers, "two_flak_mounts"), -1, "[7.2.4]");
    assert_eq!(drm(&c2.modifiers, "veteran_or_elite_crew"), -1, "[7.2.4]");
}

#[test]
fn boats_sunk_by_aircraft_count_for_victory() {
    let shift = shipped().catalog.career.shift("uboats_sunk").unwrap();
    assert!(shift.unit.contains("aircraft kills count"), "[7.2.3]");
}

#[test]
fn from_5_43_a_1_before_an_aircraft_attack_is_a_fido() {
    assert_eq!(word("fido_check", 1), "fido", "[7.2.5]");
    assert_eq!(words("fido_check", 2..=6), ["bombs"; 5], "[7.2.5]");
    assert!(
        procedure("fido_check").chart.notes[0].contains("From 5/43"),
        "[7.2.5]"
    );
}

#[test]
fn aircrew_quality_by_year() {
    assert_eq!(
        words("aircraft_quality_1940", 1..=6),
        ["green", "trained", "trained", "trained", "trained", "veteran"],
        "[12.4] 1940-41"
    );
    assert_eq!(
        words("aircraft_quality_1942", 1..=6),
        ["green", "trained", "trained", "trained", "veteran", "elite"],
        "[12.4] 1942-43"
    );
}

// ------------------------------------------------------------------------- U-boat quality

#[test]
fn u_boat_quality_by_year() {
    let b9 = &shipped().charts.b9;
    use Quality::*;
    let y42: Vec<Quality> = (1..=6).map(|r| b9.quality(m("6/42"), r).unwrap()).collect();
    assert_eq!(
        y42,
        [Green, Trained, Trained, Trained, Trained, Veteran],
        "[12.3] [12.3 ERRATA] 1942"
    );
    let y43: Vec<Quality> = (1..=6).map(|r| b9.quality(m("2/43"), r).unwrap()).collect();
    assert_eq!(
        y43,
        [Green, Trained, Trained, Trained, Veteran, Elite],
        "[12.3] [12.3 ERRATA] 1943"
    );
    assert_eq!(
        b9.quality(m("12/42"), 6),
        Some(Veteran),
        "[12.3] 1942 to December"
    );
    let on113 = shipped().catalog.scenarios.get("on113").unwrap();
    assert_eq!(
        on113.optional_green_uboats,
        Some(6),
        "[11.1 OPTIONAL] six Green attackers"
    );
}

// ------------------------------------------------------------------ crews, ranks, promotion

#[test]
fn the_crew_markers_and_their_order() {
    let c = &shipped().catalog.career;
    let markers: Vec<(&str, &str)> = c
        .crew_levels
        .iter()
        .map(|l| (l.id.as_str(), l.marker.as_str()))
        .collect();
    assert_eq!(
        markers,
        [
            ("green", "-1D"),
            ("trained", ""),
            ("veteran", "-1R"),
            ("elite", "-1R / -1H")
        ],
        "[3.3.2] [3.3.1] the mnemonics; [12.6] a Green crew's first rise makes it Trained"
    );
    assert!(
        c.crew_level("green").unwrap().optional,
        "[12.6] Green is optional"
    );
    assert_eq!(
        c.crew_advancement.kills_per_level, 3,
        "[7.5.1] three kills a level"
    );
    assert_eq!(
        c.crew_advancement.credit,
        KillCredit::FirstDetectingEscort,
        "[7.5.1]"
    );
    assert_eq!(word("green_crew", 1), "green", "[12.6] a 1 at the start: Green");
    assert_eq!(words("green_crew", 2..=6), ["trained"; 5], "[12.6]");
}

#[test]
fn ranks_and_their_perks() {
    let c = &shipped().catalog.career;
    let ranks: Vec<(&str, &str, Perk)> = c
        .ranks
        .iter()
        .map(|r| (r.id.as_str(), r.grade.as_str(), r.perk))
        .collect();
    assert_eq!(
        ranks,
        [
            ("lieutenant_commander", "O-4", Perk::None),
            ("commander", "O-5", Perk::HfDf),
            ("captain", "O-6", Perk::OneOfHedgehogType271Flower),
            ("admiral", "O-7", Perk::None),
        ],
        "[7.6.1]"
    );
    assert!(
        c.rank("admiral").unwrap().final_roll_only,
        "[5.1.3] Admiral on the final roll only"
    );
    assert!(c.promotion.final_roll, "[5.1.3] a final promotion roll");
}

#[test]
fn promotion_after_the_5th_month_and_every_5_after_on_1_4() {
    let c = &shipped().catalog.career;
    let p = &c.promotion;
    let first = c.calendar.start.plus(i32::from(p.first_after_months));
    assert_eq!(
        first,
        m("7/42"),
        "[7.6.2] a 2/42 start first rolls at the end of 7/42"
    );
    assert_eq!(
        first.plus(i32::from(p.then_every_months)),
        m("12/42"),
        "[7.6.2] then at the end of 12/42"
    );
    assert_eq!(
        words("promotion", 1..=5),
        ["promoted", "promoted", "promoted", "promoted", "not_promoted"],
        "[7.6.2]"
    );
    let mods = &procedure(&p.chart).modifiers;
    assert_eq!(
        drm(mods, "per_three_uboats_sunk"),
        -1,
        "[7.6.2] -1 per 3 U-boats sunk"
    );
    assert_eq!(
        drm(mods, "per_ten_merchants_lost"),
        1,
        "[7.6.2] +1 per 10 merchants lost"
    );
}

// ---------------------------------------------------------------------------------- victory

#[test]
fn the_game_ends_in_june_1943_and_the_canadians_but_c3_refit_in_feb_mar_1943() {
    let data = shipped();
    let c = &data.catalog.career;
    assert_eq!(c.calendar.end, m("6/43"), "[5.1.1] no convoys after June 1943");
    let w = &c.canadian_withdrawal;
    assert_eq!(w.groups, ["c1", "c2", "c4"], "[7.7.1] C-1, C-2 and C-4");
    assert_eq!(
        (w.last_month_before, w.resume),
        (m("1/43"), m("4/43")),
        "[5.1.1] [7.7.1]"
    );
    assert_eq!(
        (w.refit_from, w.refit_until),
        (m("2/43"), m("3/43")),
        "[7.7.1] Refit for Feb and Mar 1943"
    );
    assert_eq!(w.base, "st_johns", "[7.7.1] at St. John's");
    assert_eq!(w.type_271_sets_up_to, 3, "[7.7.1] Type 271 up to three sets");
    assert_eq!(
        w.rolls,
        ["hedgehog", "additional_ship"],
        "[7.7.1] then roll for a Hedgehog and a ship"
    );
    let g = &data.catalog.groups;
    for id in ["c1", "c2", "c4"] {
        let withdrawn = g.group(id).unwrap().withdrawn.unwrap();
        assert_eq!(
            (withdrawn.from, withdrawn.until),
            (m("2/43"), m("3/43")),
            "[7.7.1] {id}"
        );
    }
    let c3 = g.group("c3").unwrap();
    assert!(c3.withdrawn.is_none(), "[7.7.2] C-3 has no refit");
    assert_eq!(
        c3.victory_tons_added, 0,
        "[7.7.3] [5.2.4 ERRATA] and no added tons"
    );
}

#[test]
fn the_soes_ship_sunk_ends_the_game_in_defeat() {
    let s = &shipped().catalog.career.soe_sunk;
    assert_eq!(s.result, "defeat", "[5.1.2] [2.0]");
    assert!(s.ends_game, "[5.1.2]");
}

#[test]
fn victory_levels_by_tons_lost() {
    let c = &shipped().catalog.career;
    let level = |tons: u32| c.level_for_tons(tons).unwrap().id.as_str();
    assert_eq!(level(0), "decisive_victory", "[5.2.1] [5.2.2]");
    assert_eq!(level(119_999), "decisive_victory", "[5.2.2] 119,999 or fewer");
    assert_eq!(level(120_000), "substantial_victory", "[5.2.2] 120,000-159,999");
    assert_eq!(level(159_999), "substantial_victory", "[5.2.2]");
    assert_eq!(level(160_000), "marginal_victory", "[5.2.2] 160,000-199,999");
    assert_eq!(level(199_999), "marginal_victory", "[5.2.2]");
    assert_eq!(level(200_000), "draw", "[5.2.2] 200,000-239,999");
    assert_eq!(level(239_999), "draw", "[5.2.2]");
    assert_eq!(level(240_000), "defeat", "[5.2.2] 240,000 or more");
    assert_eq!(
        c.level("decisive_victory").unwrap().max_tons,
        Some(119_999),
        "[5.2.2]"
    );
    assert_eq!(c.level("defeat").unwrap().min_tons, 240_000, "[5.2.2]");
}

#[test]
fn victory_shifts_and_the_canadian_tons() {
    let data = shipped();
    let c = &data.catalog.career;
    let u = c.shift("uboats_sunk").unwrap();
    assert_eq!(
        (u.per, u.levels),
        (20, 1),
        "[5.2.3] one level better per 20 U-boats sunk"
    );
    let t = c.shift("tonnage_beyond_defeat").unwrap();
    assert_eq!(
        (t.per, t.levels),
        (40_000, -1),
        "[5.2.3 ERRATA] one worse per 40,000 t beyond 240,000"
    );
    for id in ["c1", "c2", "c4"] {
        assert_eq!(
            data.catalog.groups.group(id).unwrap().victory_tons_added,
            40_000,
            "[5.2.4] {id}"
        );
    }
    assert_eq!(
        data.catalog.groups.group("c3").unwrap().victory_tons_added,
        0,
        "[5.2.4 ERRATA] not C-3"
    );
}

#[test]
fn two_player_results_mirror_each_other() {
    let c = &shipped().catalog.career;
    for (allied, german) in [
        ("defeat", "decisive_victory"),
        ("draw", "substantial_victory"),
        ("marginal_victory", "marginal_victory"),
        ("substantial_victory", "draw"),
        ("decisive_victory", "defeat"),
    ] {
        assert_eq!(c.german_result(allied), Some(german), "[10.1] {allied}");
    }
}

#[test]
fn the_historical_convoy_numbers_of_february_to_july_1942() {
    let ids: Vec<(String, &str, &str, &str)> = shipped()
        .catalog
        .career
        .convoy_ids
        .iter()
        .map(|c| (c.month.to_string(), c.on.as_str(), c.hx.as_str(), c.sc.as_str()))
        .collect();
    let want = [
        ("2/42", "62-71", "173-177", "68-72"),
        ("3/42", "72-81", "178-182", "73-77"),
        ("4/42", "82-90", "183-187", "78-82"),
        ("5/42", "91-99", "188-192", "83-85"),
        ("6/42", "100-108", "193-196", "86-89"),
        ("7/42", "109-117", "197-200", "90-94"),
    ];
    let got: Vec<(&str, &str, &str, &str)> =
        ids.iter().map(|(m, a, b, c)| (m.as_str(), *a, *b, *c)).collect();
    assert_eq!(got, want, "[12.5]");
}

// ------------------------------------------------------------------------------- scenarios

fn ships_of(group: &str) -> Vec<(&'static str, &'static str, &'static str)> {
    let g = &shipped().catalog.groups;
    g.scenario_group(group)
        .unwrap()
        .ships
        .iter()
        .map(|s| {
            let ship = g.ship(s).unwrap();
            let navy = match ship.navy {
                crate::atlantic::catalog::groups::Navy::Hms => "HMS",
                crate::atlantic::catalog::groups::Navy::Hmcs => "HMCS",
                crate::atlantic::catalog::groups::Navy::Uscgc => "USCGC",
                crate::atlantic::catalog::groups::Navy::Ffl => "FFL",
            };
            (navy, ship.name.as_str(), g.class_of(s).unwrap().id.as_str())
        })
        .collect()
}

#[test]
fn on_113() {
    let data = shipped();
    let s = data.catalog.scenarios.get("on113").unwrap();
    assert_eq!(s.merchants, 37, "[11.1] 37 merchants");
    assert_eq!(data.charts.h1.chart.rows.len(), 37, "[11.1] H-1 lists them");
    assert_eq!(s.merchant_chart, "H-1", "[11.1]");
    assert_eq!(s.month, m("7/42"), "[11.1] sailed July 1942");
    assert!(s.sailed.contains("17 July 1942 from Liverpool"), "[11.1]");
    assert_eq!(s.start, "eastomp", "[11.1] play begins at EASTOMP");
    assert_eq!(
        ships_of(&s.group),
        [
            ("HMS", "Burnham", "town"),
            ("HMCS", "St. Croix", "town"),
            ("HMCS", "Brandon", "flower"),
            ("HMCS", "Dauphin", "flower"),
            ("HMCS", "Drumheller", "flower"),
            ("HMS", "Polyanthus", "flower"),
        ],
        "[11.1] C-2: Town DDs Burnham and St. Croix, four Flowers"
    );
    let g = data.catalog.groups.scenario_group(&s.group).unwrap();
    assert!(
        !g.hf_df && g.type_271_sets == 0 && g.hedgehog_sets == 0,
        "[11.1] no HF/DF, 271 or Hedgehog"
    );
    assert!(
        s.air_support.rolled && s.air_support.cam,
        "[11.1] roll for air support; CAM available"
    );
    for n in 1..=4 {
        let b = s.travel_box(n).unwrap();
        assert_eq!(
            (b.encounter, b.ignore.as_slice()),
            (BoxEncounter::Roll, &[Ignored::Wolfpack][..]),
            "[11.1] box {n}"
        );
    }
    assert_eq!(
        s.travel_box(5).unwrap().encounter,
        BoxEncounter::SingleUboat,
        "[11.1] box 5: a single boat"
    );
    let wolf = s.travel_box(6).unwrap();
    assert_eq!(
        (
            wolf.encounter,
            wolf.name.as_deref(),
            wolf.boats,
            wolf.reduce_per_a3
        ),
        (BoxEncounter::Wolfpack, Some("Wolf"), Some(11), true),
        "[11.1] box 6: Wolfpack Wolf, 11 boats, reduced per A3"
    );
    let h1 = &data.charts.h1;
    assert_eq!(
        lookups(&h1.band, 1..=6),
        [0, 0, 0, 20, 20, 20],
        "[11.1] 1-3 add 0, 4-6 add 20"
    );
    let rerolls: Vec<String> = h1.reroll.iter().map(|r| String::from(r.roll)).collect();
    assert_eq!(rerolls, ["38-40"], "[11.1] reroll 38-40");
    assert_eq!(
        (s.victory.max_merchants_lost, s.victory.each_uboat_sunk_cancels),
        (4, 1),
        "[11.1]"
    );
    assert_eq!(
        s.convoy_size,
        ConvoySize::Small,
        "[11.1] 37 ships, near the small convoy's 40 [7.1.3]"
    );
}

#[test]
fn ons_154() {
    let data = shipped();
    let s = data.catalog.scenarios.get("ons154").unwrap();
    assert_eq!(s.merchants, 50, "[11.2] 50 merchants");
    assert_eq!(data.charts.h2.chart.rows.len(), 50, "[11.2] H-2 lists them");
    assert_eq!(s.month, m("12/42"), "[11.2]");
    assert!(s.sailed.contains("18 December 1942 from Liverpool"), "[11.2]");
    assert_eq!(s.start, "eastomp", "[11.2] play begins at EASTOMP");
    let ships = ships_of(&s.group);
    let names: Vec<(&str, &str)> = ships.iter().map(|(navy, name, _)| (*navy, *name)).collect();
    assert_eq!(
        names,
        [
            ("HMCS", "St. Laurent"),
            ("HMCS", "Battleford"),
            ("HMCS", "Chilliwack"),
            ("HMCS", "Kenogami"),
            ("HMCS", "Napanee"),
            ("HMCS", "Shediac"),
        ],
        "[11.2] C-1: St. Laurent and five Flowers"
    );
    assert!(
        ships[1..].iter().all(|s| s.2 == "flower"),
        "[11.2] Flower-class corvettes"
    );
    let g = data.catalog.groups.scenario_group(&s.group).unwrap();
    assert!(
        !g.hf_df && g.type_271_sets == 0 && g.hedgehog_sets == 0,
        "[11.2] no HF/DF, 271 or Hedgehog"
    );
    assert!(
        !s.air_support.rolled && !s.air_support.cam,
        "[11.2] and no air support"
    );
    let enc: Vec<BoxEncounter> = (1..=6).map(|n| s.travel_box(n).unwrap().encounter).collect();
    use BoxEncounter::*;
    assert_eq!(enc, [SingleUboat, Wolfpack, Wolfpack, Roll, Roll, Roll], "[11.2]");
    assert_eq!(
        s.travel_box(3).unwrap().a3_modifier,
        Some(2),
        "[11.2] the third box at 2d6 + 2"
    );
    let h2 = &data.charts.h2;
    assert_eq!(
        lookups(&h2.band, 1..=6),
        [0, 0, 20, 20, 40, 40],
        "[11.2] 1-2 +0, 3-4 +20, 5-6 +40"
    );
    let rerolls: Vec<String> = h2.reroll.iter().map(|r| String::from(r.roll)).collect();
    assert_eq!(rerolls, ["51-60"], "[11.2] reroll 51-60");
    assert_eq!(
        (s.victory.max_merchants_lost, s.victory.each_uboat_sunk_cancels),
        (12, 1),
        "[11.2]"
    );
}

#[test]
fn generic_ships_are_marked_for_historical_targeting() {
    let c = &shipped().charts;
    for list in [&c.m1, &c.m2, &c.m3] {
        assert!(
            list.chart.rows.iter().any(|r| r.result.generic),
            "[12.2] generic entries are never re-rolled"
        );
        assert!(list.chart.notes[1].contains("generic"), "[12.2]");
    }
}

//! The values the rulebook states about the U-boats and the U1 mat, and about the Operations Map
//! (`docs/atlantic-stated-values.md`, "U-boats" and "Operations Map").

use super::shipped;
use crate::atlantic::catalog::map::WorksIn;

#[test]
fn two_types_of_u_boat_with_the_vii_firing_one_stern_torpedo_and_the_ix_two() {
    let u = &shipped().catalog.uboats;
    let ids: Vec<&str> = u.types.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids, ["type_vii", "type_ix"], "[3.3.2] Type VII and Type IX");
    assert_eq!(
        u.uboat_type("type_vii").unwrap().stern_tubes,
        1,
        "[ERRATA C1] a VII has one aft tube"
    );
    assert_eq!(
        u.uboat_type("type_ix").unwrap().stern_tubes,
        2,
        "[ERRATA C1] a IX fires two"
    );
    for t in &u.types {
        assert_eq!(t.attacks_carried, 3, "[4.5] torpedoes for three attacks");
        assert_eq!(t.crew, 50, "[7.3.6] a crew of about 50");
    }
    assert_eq!(
        shipped().procedures.constant("uboat_attacks_carried"),
        Some(3),
        "[4.5]"
    );
}

#[test]
fn a_single_boat_is_a_type_ix_only_on_a_small_chance() {
    let single = &shipped().charts.a3.single_uboat_type;
    let ix = (1..=6)
        .filter(|r| single.lookup(*r).unwrap().result == "type_ix")
        .count();
    assert!(
        (1..=2).contains(&ix),
        "[7.1.4] a small chance of a Type IX: {ix} in 6"
    );
    assert_eq!(single.lookup(6).unwrap().result, "type_ix", "[7.1.4]");
}

#[test]
fn the_mats_boxes_are_electric_motors() {
    let u = &shipped().catalog.uboats;
    assert_eq!(
        u.system("electric_motor_1").unwrap().name,
        "Electric motor 1",
        "[ERRATA U-1]"
    );
    assert_eq!(
        u.system("electric_motor_2").unwrap().name,
        "Electric motor 2",
        "[ERRATA U-1]"
    );
    assert!(
        u.systems
            .iter()
            .all(|s| !s.name.contains("ngine") || s.id.starts_with("diesel")),
        "[ERRATA U-1]"
    );
}

#[test]
fn damage_removes_the_boat_from_the_encounter_except_flooding_flak_deck_gun_and_wounds() {
    let u = &shipped().catalog.uboats;
    for s in &u.systems {
        let stays = ["flooding", "flak_gun_1", "flak_gun_2", "deck_gun", "crew"].contains(&s.id.as_str());
        assert_eq!(s.removes_from_encounter, !stays, "[7.3.9] {}", s.id);
    }
    assert_eq!(
        u.removes_from_encounter("minor_damage", false),
        Some(false),
        "[B8] minor damage: no effect"
    );
}

#[test]
fn full_hull_boxes_sink_the_boat_and_full_flooding_surfaces_it() {
    let b8 = &shipped().charts.b8;
    assert!(
        b8.effect("hull").unwrap().effect.contains("sunk with all hands"),
        "[7.3.4] [B8]"
    );
    assert!(
        b8.effect("flooding").unwrap().effect.contains("surfaces"),
        "[B8] [7.3.2]"
    );
}

// ----------------------------------------------------------------------------------- the map

#[test]
fn two_bases_st_johns_in_newfoundland_and_londonderry_in_northern_ireland() {
    let map = &shipped().catalog.map;
    assert_eq!(map.base("st_johns").unwrap().place, "Newfoundland", "[3.1]");
    assert_eq!(
        map.base("londonderry").unwrap().place,
        "Northern Ireland",
        "[3.1]"
    );
    assert_eq!(map.bases.len(), 2, "[3.1] two bases");
    let points: Vec<&str> = map.meeting_points.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(
        points,
        ["westomp", "eastomp"],
        "[4.7] the two ocean meeting points"
    );
}

#[test]
fn from_st_johns_westomp_to_eastomp_then_londonderry_and_back() {
    let map = &shipped().catalog.map;
    let sj = map.base("st_johns").unwrap();
    assert_eq!(
        (
            sj.meeting_point.as_str(),
            sj.sails.as_str(),
            sj.refits_next_at.as_str()
        ),
        ("westomp", "eastbound", "londonderry"),
        "[4.7.1]"
    );
    assert_eq!(map.route("eastbound").unwrap().to, "eastomp", "[4.7.1]");
    let ld = map.base("londonderry").unwrap();
    assert_eq!(
        (
            ld.meeting_point.as_str(),
            ld.sails.as_str(),
            ld.refits_next_at.as_str()
        ),
        ("eastomp", "westbound", "st_johns"),
        "[4.7.2]"
    );
    assert_eq!(map.route("westbound").unwrap().to, "westomp", "[4.7.2]");
    assert_eq!(ld.assignment_chart, "A1a", "[6.1 1A] A1a at Londonderry");
    assert_eq!(sj.assignment_chart, "A1b", "[6.1 1A] A1b at St. John's");
}

#[test]
fn two_air_gap_boxes_and_three_condor_boxes_in_the_east() {
    let map = &shipped().catalog.map;
    let gap: Vec<&str> = map
        .travel_boxes
        .iter()
        .filter(|b| b.air_gap)
        .map(|b| b.id.as_str())
        .collect();
    assert_eq!(
        gap,
        ["air_gap_west", "air_gap_east"],
        "[6.1 2A] [4.8] two shaded boxes"
    );
    let c: Vec<u8> = map
        .travel_boxes
        .iter()
        .filter(|b| b.condor_range)
        .map(|b| b.west_to_east)
        .collect();
    assert_eq!(
        c,
        [4, 5, 6],
        "[7.2.1] [6.1 2A] [4.8] the three easternmost boxes are the C boxes"
    );
    for b in &map.travel_boxes {
        assert_eq!(
            b.long_range_air, !b.air_gap,
            "[7.2.1] long-range air in every white box: {}",
            b.id
        );
    }
    let from = |id: &str| map.travel_box(id).unwrap().long_range_air_from.clone().unwrap();
    assert!(
        from("grand_banks").contains("Canso"),
        "[7.2.1] Cansos in the west"
    );
    assert!(
        from("mid_ocean_east").contains("Liberators from Iceland"),
        "[7.2.1]"
    );
    assert!(
        from("south_of_iceland").contains("Liberators from Iceland"),
        "[7.2.1]"
    );
}

#[test]
fn where_each_kind_of_air_support_works_and_what_drives_off_a_condor() {
    let map = &shipped().catalog.map;
    let air = |id: &str| map.air(id).unwrap();
    assert_eq!(air("long_range_air").works_in, WorksIn::NotAirGap, "[7.2.1]");
    assert_eq!(
        air("cve").works_in,
        WorksIn::Any,
        "[7.2.1] a CVE works in any box"
    );
    assert_eq!(
        air("cam").works_in,
        WorksIn::CondorRange,
        "[7.2.1] a CAM in the C boxes"
    );
    assert_eq!(air("cam").uses, Some(1), "[4.5] the CAM ship is used once");
    assert!(
        !air("long_range_air").drives_off_condor,
        "[7.2.7] long-range air does not affect the Condor"
    );
    assert!(
        air("cve").drives_off_condor && air("cam").drives_off_condor,
        "[7.2.7]"
    );
    let gap = map.travel_box("air_gap_west").unwrap();
    assert!(
        !air("long_range_air").works_in(gap) && air("cve").works_in(gap),
        "[7.2.1] [6.1 2A]"
    );
}

#[test]
fn the_examples_westbound_boxes_and_the_scenarios_fifth() {
    let map = &shipped().catalog.map;
    let west = map.boxes_of("westbound");
    assert!(west[0].condor_range, "[8.0] westbound box 1 has a Condor");
    assert_eq!(
        west[1].id, "south_of_iceland",
        "[8.0] box 2 lies just south of Iceland"
    );
    let c_after_first = west[1..].iter().filter(|b| b.condor_range).count();
    assert_eq!(
        c_after_first, 2,
        "[8.0] only two travel boxes remain in Condor range after box 1"
    );
    assert_eq!(
        west[3].id, "air_gap_east",
        "[8.0] box 4 is the first Black Pit box"
    );
    assert!(west[3].air_gap && !west[2].air_gap, "[8.0]");
    assert_eq!(
        west[4].id, "air_gap_west",
        "[11.1] the fifth box is the second air-gap box"
    );
    assert!(west[4].air_gap, "[11.1]");
    let east = map.boxes_of("eastbound");
    assert!(
        east[5].condor_range,
        "[7.2.7] eastbound, the final box is a C box"
    );
}

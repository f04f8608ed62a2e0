//! The values the rulebook states about the Tactical Display (`docs/atlantic-stated-values.md`, "The
//! Tactical Display"): sizes, the placement rolls, adjacency, radar coverage, Box S.

use super::{lookups, shipped};
use crate::Provenance;
use crate::atlantic::catalog::merchants::ConvoySize;
use crate::atlantic::tactical::{Display, Side};

fn t1a() -> &'static Display {
    shipped().tactical.display("T1A").unwrap()
}

fn t1b() -> &'static Display {
    shipped().tactical.display("T1B").unwrap()
}

fn approaches(d: &Display, side: Side, rolls: std::ops::RangeInclusive<i32>) -> Vec<&str> {
    rolls.map(|r| d.approach_for(side, r).unwrap()).collect()
}

fn sorted(list: &[String]) -> Vec<&str> {
    let mut v: Vec<&str> = list.iter().map(String::as_str).collect();
    v.sort_unstable();
    v
}

#[test]
fn t1a_is_the_large_convoy_and_t1b_the_small() {
    assert_eq!(t1a().convoy_size, ConvoySize::Large, "[6.1 1B] [ERRATA T-1B]");
    assert_eq!(t1b().convoy_size, ConvoySize::Small, "[6.1 1B] [ERRATA T-1B]");
    let m = &shipped().catalog.merchants;
    assert_eq!(m.convoy(ConvoySize::Large).unwrap().display, "T1A", "[6.1 1B]");
    assert_eq!(m.convoy(ConvoySize::Small).unwrap().display, "T1B", "[6.1 1B]");
    assert_eq!(
        shipped().tactical.displays.len(),
        2,
        "[3.2] the Tactical Display, two sides"
    );
}

#[test]
fn t1bs_two_central_rectangles_say_small_convoy() {
    let labels: Vec<&str> = t1b().convoy.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["Small Convoy", "Small Convoy"], "[ERRATA T-1B]");
}

#[test]
fn the_side_of_attack_is_2d6_front_on_6_8_left_3_5_right_9_11_rear_2_and_12() {
    let side = &shipped().tactical.side_of_attack.chart;
    use Side::*;
    assert_eq!(
        lookups(side, 2..=12),
        [
            Rear, Left, Left, Left, Front, Front, Front, Right, Right, Right, Rear
        ],
        "[7.1.3]"
    );
}

#[test]
fn t1as_approach_rolls() {
    let d = t1a();
    assert_eq!(
        approaches(d, Side::Left, 1..=6),
        ["J", "J", "J", "H", "H", "H"],
        "[7.1.3] 1-3 J, 4-6 H"
    );
    assert_eq!(
        approaches(d, Side::Right, 1..=6),
        ["C", "C", "C", "D", "D", "D"],
        "[7.1.3] 1-3 C, 4-6 D"
    );
    assert_eq!(
        approaches(d, Side::Front, 1..=4),
        ["K", "A1", "A2", "B"],
        "[7.1.3] 1-4 for the top, K to B"
    );
}

#[test]
fn t1bs_top_approach_roll() {
    assert_eq!(
        approaches(t1b(), Side::Front, 1..=6),
        ["A1", "A1", "A1", "A2", "A2", "A2"],
        "[7.1.3]"
    );
}

#[test]
fn the_examples_placements() {
    let t = &shipped().tactical;
    let sides: Vec<Side> = [3, 5, 9].map(|r| t.side(r).unwrap()).to_vec();
    assert_eq!(sides, [Side::Left, Side::Left, Side::Right], "[8.0] 3, 5 and 9");
    assert_eq!(
        t1a().approach_for(Side::Left, 5),
        Some("H"),
        "[8.0] a high roll gives H"
    );
    assert_eq!(t1a().approach_for(Side::Right, 5), Some("D"), "[8.0] and D");
    assert_eq!(
        [7, 9].map(|r| t.side(r).unwrap()),
        [Side::Front, Side::Right],
        "[8.0] 7 and 9"
    );
    assert_eq!(
        t1a().approach_for(Side::Front, 2),
        Some("A1"),
        "[8.0] the front boat comes in at A1"
    );
}

#[test]
fn the_examples_adjacency() {
    let d = t1a();
    assert_eq!(
        sorted(&d.approach("A1").unwrap().adjacent),
        ["A", "K"],
        "[8.0] A1 touches K and A"
    );
    assert_eq!(
        d.approach("D").unwrap().adjacent,
        ["D"],
        "[8.0] D touches box D, not C"
    );
    let h = &d.approach("H").unwrap().adjacent;
    assert!(
        !h.iter().any(|b| b == "J" || b == "K"),
        "[8.0] H touches neither J nor K"
    );
    assert_eq!(h, &["H"], "[8.0]");
}

#[test]
fn a_type_271_covers_a_whole_side_but_only_the_adjacent_front_circles() {
    let d = t1a();
    let j = d.escort_box("J").unwrap();
    assert_eq!(
        sorted(&j.radar_covers),
        ["H", "J"],
        "[7.1.3] [8.0] the radar in J covers the left flank"
    );
    assert!(
        !j.radar_covers.iter().any(|c| c == "A1" || c == "D"),
        "[8.0] out of play for A1 and D"
    );
    for disp in [t1a(), t1b()] {
        for b in &disp.escort_boxes {
            let side: Vec<&str> = disp.circles_of(b.side).map(|a| a.id.as_str()).collect();
            assert!(
                b.radar_covers.iter().all(|c| side.contains(&c.as_str())),
                "[4.6.2] one side only"
            );
            if b.side == Side::Front {
                for c in &b.radar_covers {
                    assert!(
                        disp.approach(c).unwrap().adjacent.contains(&b.id),
                        "[7.1.3] at the front only adjacent circles: {} {}",
                        b.id,
                        c
                    );
                }
                assert!(b.radar_covers.len() < side.len(), "[4.6.2] part of the front");
            } else {
                assert_eq!(
                    b.radar_covers.len(),
                    side.len(),
                    "[4.6.2] [7.1.3] the whole {} side",
                    b.side
                );
            }
        }
    }
}

#[test]
fn no_radar_at_the_stragglers_and_box_s_detects_before_the_attack_at_close_range_only() {
    for d in [t1a(), t1b()] {
        let s = &d.stragglers;
        assert!(
            s.escort_box.radar_covers.is_empty(),
            "[7.1.3] no radar against a boat at the stragglers"
        );
        assert_eq!(s.escort_box.id, "S", "[7.1.6] Escort Box S");
        assert_eq!(s.range_boxes.len(), 3, "[7.1.6] three range boxes");
        assert_eq!(s.straggler_box.id, "stragglers", "[7.1.6] the Straggler Box");
        assert_eq!(
            s.escort_box.asdic_before_attack,
            ["straggler_close"],
            "[7.1.6] only at close range"
        );
        assert_eq!(
            s.escort_box.engages,
            ["straggler_close", "straggler_medium", "straggler_long"],
            "[7.1.6] it engages after the attack normally"
        );
    }
}

#[test]
fn asdic_comes_only_from_a_box_next_to_the_circle() {
    for d in [t1a(), t1b()] {
        for a in &d.approaches {
            assert!(
                !a.adjacent.is_empty(),
                "[7.1.3] every circle has an escort box beside it: {}",
                a.id
            );
        }
    }
    assert!(
        super::procedure("asdic").chart.notes[0].contains("adjacent"),
        "[7.1.3] [2.0]"
    );
}

#[test]
fn the_examples_escort_boxes_are_on_t1a() {
    let d = t1a();
    for id in ["J", "K", "A", "B", "C", "D", "H"] {
        let b = d.escort_box(id).unwrap();
        assert_eq!(
            b.provenance,
            Provenance::Example { case: "8.0".into() },
            "[8.0] box {id}"
        );
    }
}

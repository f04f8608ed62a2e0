//! The Example of Play [8.0], roll by roll, with the book's dice: the script and the faces are
//! `tests/scenarios/atlantic/example-of-play.{actions,dice}`, where every face the book does not give is
//! marked "ours" (the approach rolls, the contact reports, HF/DF, the U-boat 5's hunt, the range, the
//! target sizes, the M rows, C1's dice, the torpedo kind, the dud, box 6). The career's rolls are options:
//! 1d10 1 = B-1 at Londonderry [4.1], A4 6 = a CAM ship [8.0]. B-1 has six ships, so [4.1] gives it no
//! HF/DF; the example uses HF/DF, so the options give it. Where the errata change a number — a single -1
//! for moving, however many escorts moved [7.1.3 ERRATA] — the B3 totals are the errata's: the first H
//! boat's "modified 4" at +2 is a natural 2 at +3 (it escapes anyway), the second H boat's +3 is +4.

use periscope_data::atlantic::charts::ConvoyType;

use super::support::scripted;
use crate::atlantic::{BoatState, Mission, MissionEvent, MissionOptions, Phase};
use crate::game::Game;
use crate::roll::RollRecord;
use crate::testing::{act, rolls};

const DICE: &str = include_str!("../../../../../tests/scenarios/atlantic/example-of-play.dice");
const ACTIONS: &str = include_str!("../../../../../tests/scenarios/atlantic/example-of-play.actions");
const OPTIONS: &str = include_str!("../../../../../tests/scenarios/atlantic/example-of-play.options.json");

fn lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect()
}

pub(crate) fn faces() -> Vec<u8> {
    lines(DICE)
        .iter()
        .flat_map(|l| l.split_whitespace())
        .map(|w| w.parse().unwrap())
        .collect()
}

pub(crate) fn example_options() -> MissionOptions {
    serde_json::from_str(OPTIONS).unwrap()
}

/// The whole example: the mission and every event.
fn play() -> (Mission, Vec<MissionEvent>) {
    let mut m = scripted(example_options(), &faces());
    let mut ev = m.opening_events().to_vec();
    for a in lines(ACTIONS) {
        ev.extend(act(&mut m, a));
    }
    (m, ev)
}

fn on<'e>(ev: &'e [MissionEvent], chart: &str) -> Vec<&'e RollRecord> {
    rolls(ev).into_iter().filter(|r| r.chart == chart).collect()
}

fn has_mod(r: &RollRecord, rule: &str, value: i32) -> bool {
    r.modifiers.iter().any(|m| m.rule == rule && m.value == value)
}

/// [8.0] The example's options: B-1's six ships, the CAM ship, the Type 271 on the H-class, 2/42.
#[test]
fn the_example_sails_b1_from_londonderry_with_a_cam_ship_and_the_type_271_on_the_h_class() {
    let m = scripted(example_options(), &faces());
    let g = m.group();
    assert_eq!(g.name, "B-1");
    let names: Vec<&str> = g.escorts.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Hurricane",
            "Rockingham",
            "Venomous",
            "Anchusa",
            "Dahlia",
            "Monkshood"
        ]
    );
    assert!(g.escorts[0].type_271 && g.escorts.iter().skip(1).all(|e| !e.type_271));
    assert!(g.hf_df, "the fixture gives B-1 HF/DF: the example uses it");
    assert!(m.options().air.cam);
    // The defaults are the example's setting, but for HF/DF, which [4.1] does not give B-1.
    let d = MissionOptions::default();
    assert_eq!(
        (d.group.as_str(), d.base.as_str(), d.month.short()),
        ("b1", "londonderry", "2/42".into())
    );
    assert!(d.air.cam && d.hf_df.is_none());
}

/// [8.0] [6.1 1A] [6.1 1B] [6.1 2A] [7.2.7] A1a 3 is a large ON convoy on T1A; box 1's A2 2 is a Condor,
/// which the CAM Hurricane drives off; 6, 7 and 8 are nothing; 4 in box 5 is a wolfpack.
#[test]
fn the_crossing_to_the_wolfpack() {
    let mut m = scripted(example_options(), &faces());
    let ev = m.opening_events().to_vec();
    assert_eq!(on(&ev, "A1a")[0].result, 3);
    assert_eq!(m.convoy().convoy, ConvoyType::On);
    assert_eq!(m.convoy().display, "T1A");
    let a2 = on(&ev, "A2");
    assert_eq!(a2.len(), 1);
    assert!(a2[0].outcome.contains("Condor"));
    assert_eq!(m.voyage().box_number(), 1);
    assert!(m.voyage().current().is_some_and(|b| b.condor_range));
    let ev = act(&mut m, "launch");
    assert!(m.cam_used());
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::CondorDrivenOff { .. }))
    );
    assert!(
        !m.voyage().shadowed,
        "a Condor driven off does not double the next box's roll [7.2.7]"
    );
    let a2: Vec<i32> = on(&ev, "A2").iter().map(|r| r.result).collect();
    assert_eq!(a2, [6, 7, 8, 4]);
    let names: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            MissionEvent::EnteredBox { name, .. } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(names[0], "South of Iceland", "[8.0] box 2 lies south of Iceland");
    assert!(
        names[2].contains("Black Pit"),
        "[8.0] box 4 is the first Black Pit box"
    );
    // [6.1 2b] [6.1 2c] [7.1.5] [7.1.3] Night on 5; Fair on 4; A3 7 less 2 in 1942: five boats, no reduction.
    let night = &on(&ev, "Day or night")[0];
    assert_eq!(night.result, 5);
    assert!(night.outcome.contains("night, day, night"));
    assert_eq!(on(&ev, "C3")[0].outcome, "Fair");
    let a3 = on(&ev, "A3");
    assert_eq!(a3.len(), 1, "no reduction roll below eight boats [7.1.3]");
    assert_eq!((a3[0].natural, a3[0].result), (7, 5));
    assert!(has_mod(a3[0], "7.1.3", -2));
    let b = m.battle().unwrap();
    assert_eq!(b.boats.len(), 5);
    assert!(
        b.boats.iter().all(|u| u.kind == "type_vii"),
        "a wolfpack is all Type VII [7.1.3]"
    );
    assert!(b.night());
    // [6.1 2e] Half the boats, rounded up, in the first impulse.
    assert_eq!(b.acting, [0, 1, 2]);
    assert_eq!(b.second, [3, 4]);
    assert!(on(&ev, "C4").is_empty(), "no air attack at night [6.1 2d]");
}

/// [8.0] [7.1.3] [Detection Sequence] Impulse 1: sides 3, 5, 9 give H, H, D; the H and D reporters; HF/DF
/// finds the H reporter and not the D boat; the Type 271 in J (a whole flank) finds the other H boat on a
/// 1 at night; ASDIC from D finds the D boat on a 3.
#[test]
fn impulse_one_detection() {
    let (_, ev) = play();
    let sides: Vec<i32> = on(&ev, "Side of attack").iter().map(|r| r.result).collect();
    assert_eq!(&sides[..3], [3, 5, 9]);
    let placed: Vec<(u8, String)> = ev
        .iter()
        .filter_map(|e| match e {
            MissionEvent::UboatPlaced { boat, station } => Some((*boat, station.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        &placed[..3],
        [(1, "H".to_string()), (2, "H".into()), (3, "D".into())]
    );
    let hf: Vec<&str> = on(&ev, "HF/DF").iter().map(|r| r.outcome.as_str()).collect();
    assert_eq!(&hf[..2], ["U-boat 1 detected", "U-boat 3 not detected"]);
    let radar = on(&ev, "Type 271 radar by night");
    assert_eq!(
        radar.len(),
        1,
        "the radar rolls once, for the H boat HF/DF missed; never in impulse 2"
    );
    assert_eq!(radar[0].result, 1);
    assert!(radar[0].outcome.contains("U-boat 2 detected"));
    assert!(
        radar[0].modifiers.is_empty(),
        "no year modifier on radar [7.1.5 ERRATA]"
    );
    let asdic = on(&ev, "ASDIC");
    assert_eq!(asdic[0].result, 3);
    assert!(asdic[0].outcome.contains("U-boat 3 detected"));
}

/// [8.0] [7.1.3 Important] [7.1.3 ERRATA] [7.1.5 ERRATA] The impulse-1 hunts: one B4 and one B3 per boat
/// for two escorts; the moved escorts' -1 once (the errata), two escorts +1, 1942 +2 and the previous
/// detection +1: B4 5/52 hull, B3 natural 2 escapes; B4 6/66 fuel tanks, B3 3 +4 = 7 escapes; B4 7/41
/// hull and 11 batteries, B3 5 +3 = 8 escapes. Each is out of the encounter [7.3.9].
#[test]
fn impulse_one_hunts_under_the_errata() {
    let (m, ev) = play();
    let b4: Vec<i32> = on(&ev, "B4").iter().map(|r| r.result).collect();
    assert_eq!(b4, [5, 6, 7, 6, 4]);
    let b5: Vec<i32> = on(&ev, "B5").iter().map(|r| r.result).collect();
    assert_eq!(b5, [52, 66, 41, 11, 24, 16]);
    let b3 = on(&ev, "B3");
    let totals: Vec<(i32, i32)> = b3.iter().map(|r| (r.natural, r.result)).collect();
    assert_eq!(totals, [(2, 5), (3, 7), (5, 8), (4, 7), (8, 9), (4, 8)]);
    // The first H boat: two escorts moved, one -1 (the book's -2 is wrong [7.1.3 ERRATA]).
    let first = b3[0];
    assert_eq!(
        first
            .modifiers
            .iter()
            .filter(|m| m.rule == "7.1.3 ERRATA")
            .count(),
        1
    );
    assert!(has_mod(first, "7.1.3 ERRATA", -1) && has_mod(first, "8.0", 1));
    assert!(has_mod(first, "7.1.5 ERRATA", 2) && has_mod(first, "7.1.3", 1));
    assert!(
        first.outcome.contains("natural 2"),
        "[7.1.5 ERRATA] a natural 2 always escapes"
    );
    // The second H boat: the fuel tanks add +1 [B8]: +4 under the errata.
    assert!(has_mod(b3[1], "B8", 1));
    assert_eq!(b3[1].result - b3[1].natural, 4);
    assert_eq!(b3[2].result - b3[2].natural, 3);
    let b = m.phase();
    assert!(matches!(b, Phase::Over));
    let hunts = ev
        .iter()
        .filter(|e| matches!(e, MissionEvent::Hunt { .. }))
        .count();
    assert_eq!(hunts, 5, "one hunt per boat, however many escorts");
}

/// [8.0] [7.1.3] [6.1 2e] Impulse 2: 7 and 9 give A1 and D; the D boat reports and HF/DF fails; the radar
/// in J covers neither (out of play); ASDIC fails twice at the front (boxes K and A) and succeeds at D.
/// The A1 boat, undetected, attacks: two small freighters and a tanker, medium range, C1 7 = all four at
/// the tanker; B1 6, 4, 7 hit and 9 misses; one dud; B2 3 = 2 points and 2 = 3: the Kongsgaard (9,500 t,
/// sinks at 3) is sunk. The Flowers beside A1 roll B3 at +1 (no year yet): 8 = 9 detected; B4 4 = 1 hit,
/// B5 16 = electric motor 1; B3 at +4: 4 = 8, it escapes.
#[test]
fn impulse_two_and_the_attack_on_the_convoy() {
    let (m, ev) = play();
    let placed: Vec<String> = ev
        .iter()
        .filter_map(|e| match e {
            MissionEvent::UboatPlaced { station, .. } => Some(station.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(&placed[3..], ["A1", "D"]);
    let asdic: Vec<&str> = on(&ev, "ASDIC").iter().map(|r| r.outcome.as_str()).collect();
    assert_eq!(
        &asdic[1..],
        [
            "U-boat 4 not detected",
            "U-boat 4 not detected",
            "U-boat 5 detected"
        ]
    );
    assert_eq!(on(&ev, "Attack range")[0].outcome, "medium range");
    let sizes: Vec<&str> = on(&ev, "Target size")
        .iter()
        .map(|r| r.outcome.as_str())
        .collect();
    assert_eq!(sizes, ["small freighter", "small freighter", "tanker"]);
    assert!(on(&ev, "M3")[0].outcome.starts_with("Kongsgaard"));
    let c1 = on(&ev, "C1");
    assert_eq!(c1[0].result, 7);
    assert_eq!(c1[0].outcome, "torpedoes: 4 at Kongsgaard");
    let b1: Vec<(i32, bool)> = on(&ev, "B1")
        .iter()
        .map(|r| (r.result, r.outcome.starts_with("a hit")))
        .collect();
    assert_eq!(b1, [(6, true), (4, true), (7, true), (9, false)]);
    let duds = on(&ev, "B6").iter().filter(|r| r.outcome == "a dud").count();
    assert_eq!((on(&ev, "B6").len(), duds), (3, 1));
    let b2: Vec<(i32, &str)> = on(&ev, "B2")
        .iter()
        .map(|r| (r.result, r.outcome.as_str()))
        .collect();
    assert_eq!(b2, [(3, "2 points on Kongsgaard"), (2, "3 points on Kongsgaard")]);
    let sunk: Vec<(&str, u32)> = ev
        .iter()
        .filter_map(|e| match e {
            MissionEvent::MerchantSunk { name, tonnage } => Some((name.as_str(), *tonnage)),
            _ => None,
        })
        .collect();
    assert_eq!(sunk, [("Kongsgaard", 9500)]);
    let b3 = on(&ev, "B3");
    let after = b3[4];
    assert_eq!(
        after.modifiers.len(),
        1,
        "two escorts only: no move, no year before an attack"
    );
    assert!(has_mod(after, "8.0", 1));
    assert!(has_mod(b3[5], "7.1.5 ERRATA", 2) && has_mod(b3[5], "7.1.3", 1) && has_mod(b3[5], "8.0", 1));
    assert_eq!(b3[5].modifiers.len(), 3);
    assert!(b3[5].outcome.contains("escapes"));
    assert!(
        on(&ev, "B5")
            .last()
            .unwrap()
            .outcome
            .starts_with("Electric motor 1")
    );
    let _ = m;
}

/// [8.0] [7.1.1] [7.3.9] No second or third cycle: every boat took lasting damage. Box 6 is quiet; the
/// convoy is handed over at WESTOMP and the group refits at St. John's [4.7.2]. One ship lost, no U-boat
/// sunk, five damaged; the CAM used.
#[test]
fn the_end_of_the_example() {
    let (m, ev) = play();
    let cycles: Vec<(u8, u8)> = ev
        .iter()
        .filter_map(|e| match e {
            MissionEvent::Cycle { cycle, impulse, .. } => Some((*cycle, *impulse)),
            _ => None,
        })
        .collect();
    assert_eq!(cycles, [(1, 1), (1, 2)]);
    let removed = ev
        .iter()
        .filter(|e| matches!(e, MissionEvent::Removed { .. }))
        .count();
    assert_eq!(removed, 5);
    assert!(m.pending().is_over());
    let r = m.result().unwrap();
    assert!(
        matches!(&r.end, crate::atlantic::MissionEnd::Arrived { meeting_point, base }
        if meeting_point.contains("WESTOMP") && base == "St. John's")
    );
    assert_eq!(r.merchants_lost.len(), 1);
    assert_eq!(
        (r.merchants_lost[0].name.as_str(), r.tonnage_lost),
        ("Kongsgaard", 9500)
    );
    assert!(r.merchants_damaged.is_empty());
    assert_eq!(r.ships.len(), 3, "the three ships in reach are logged [7.1.3]");
    assert!(r.uboats_sunk.is_empty());
    assert_eq!(r.uboats_damaged.len(), 5);
    assert!(r.cam_used && !r.soe_sunk);
    assert_eq!(on(&ev, "A2").last().unwrap().result, 6);
    let _ = BoatState::Active;
}

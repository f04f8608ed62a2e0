//! Kaiten module tests [7.8] [7.18] [4.8.4]: scripted dice, each test citing its rule case.

use crate::machine::RollSpec;
use periscope_data::sensuikan::charts::{Encounter, TRANSIT};

use super::test_support::{act, feed, waits_roll};
use super::*;
use crate::dice::{Dice, DiceMode};
use crate::game::{Game, Pending};

fn kaiten_opts(mission: MissionPlan, pilots: &[&str]) -> PatrolOptions {
    let mut o = PatrolOptions {
        class: "type_b".into(),
        start: Month {
            year: 1944,
            month: 12,
        },
        area: "central_pacific".into(),
        mission,
        ..PatrolOptions::default()
    };
    o.crew.kaiten_pilots = pilots.iter().map(|s| (*s).to_string()).collect();
    o
}

/// Two faces of 2d6 totalling a quiet roll (no encounter, no random event) on `column`.
fn quiet(g: &Patrol, column: &str) -> [u8; 2] {
    let n = (2..12)
        .find(|n| {
            g.data
                .charts
                .a3
                .encounter(column, g.month, *n)
                .is_none_or(|r| r.result == Encounter::None)
        })
        .unwrap_or_else(|| panic!("no quiet roll on {column}"));
    let n = u8::try_from(n).unwrap_or(7);
    [n / 2, n - n / 2]
}

/// A Type B at sea in 12/44 with quiet boxes up to the mission box, where the kaiten attack starts.
fn at_the_mission_box(mission: MissionPlan, pilots: &[&str]) -> Patrol {
    let mut g = match Patrol::new(
        kaiten_opts(mission, pilots),
        1,
        DiceMode::Scripted { faces: vec![] },
    ) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    act(&mut g, "load 0");
    for _ in 0..20 {
        if g.kaiten().is_some() {
            return g;
        }
        let column = match g.current_box().map(|b| b.kind) {
            Some(BoxKind::OnStation) => g.options.area.clone(),
            _ => TRANSIT.to_string(),
        };
        let f = quiet(&g, &column);
        feed(&mut g, &f);
    }
    panic!("the kaiten attack did not start: {:?}", g.phase());
}

fn waits(g: &Patrol, step: KaitenRoll) -> bool {
    g.phase
        == Phase::Roll {
            purpose: RollPurpose::Kaiten { step },
        }
}

fn outcomes(ev: &[PatrolEvent]) -> Vec<String> {
    ev.iter()
        .filter_map(|e| match e {
            PatrolEvent::Rolled { roll } => Some(roll.outcome.clone()),
            _ => None,
        })
        .collect()
}

fn mission_texts(ev: &[PatrolEvent]) -> Vec<String> {
    ev.iter()
        .filter_map(|e| match e {
            PatrolEvent::Mission { what } => Some(what.clone()),
            _ => None,
        })
        .collect()
}

/// [6.2] The first on-station box is the mission box. [7.18] [7.12] A Type B fitted in 11/44 carries 4
/// kaiten; the attack replaces the mission box's encounter
/// roll and launches them one by one, the first pilot's F4 advantage with him.
#[test]
fn kaiten_attack_starts_in_the_mission_box() {
    let g = at_the_mission_box(MissionPlan::KaitenUlithi, &["reef_runner"]);
    let Some(k) = g.kaiten() else { panic!() };
    assert!(k.ulithi);
    assert_eq!(k.pilots.len(), 4);
    assert_eq!(k.pilots[0].as_deref(), Some("reef_runner"));
    assert_eq!(k.pilots[1], None);
    assert_eq!(g.current_box().map(|b| b.kind), Some(BoxKind::OnStation));
    assert!(waits(&g, KaitenRoll::Launch));
    let Pending::Roll(RollSpec {
        chart, rule, dice, ..
    }) = g.pending()
    else {
        panic!()
    };
    assert_eq!(
        (chart.as_str(), rule.as_str(), dice),
        ("Kaiten launch", "7.18", Dice::D1D6)
    );
}

/// [7.18 seq 1-3] [7.8] [4.8.4] Ulithi, one kaiten through the whole sequence: launched (1-3), no premature
/// detonation, two quiet transit circles, the reef crossed on 7 + 2 (Reef runner) = 9, the Target Box's 7 =
/// a large ship, the escorts' B4 undetected, T2 01 = a Liberty ship (3 to sink), a hit, B2 good, B3 2 = 3
/// damage + 2 for the warhead = 5: sunk, and its tonnage counts for the submarine.
#[test]
fn ulithi_kaiten_runs_the_whole_sequence() {
    let mut g = at_the_mission_box(MissionPlan::KaitenUlithi, &["reef_runner"]);
    let ev = feed(
        &mut g,
        &[
            2, // launched
            3, // premature: runs
            3, 4, // transit circle 1: no encounter
            3, 4, // transit circle 2: no encounter
            3, 4, // reef: 7 + 2 = 9 crosses
            3, 4, // Target Box: a large ship
            3, 3, // B4 6: undetected
            0, 1, // T2 01: Liberty ship
            3, 3, // B1 6: hit (Type 95 submerged short 2-8)
            4, // B2: ok
            2, // B3 2: 3 damage, + 2
        ],
    );
    let out = outcomes(&ev);
    assert!(out.iter().any(|o| o.contains("crosses the reef")), "{out:?}");
    assert!(
        out.iter()
            .any(|o| o == "kaiten 1 (Reef runner): 3 + 2 (the warhead [7.18]) = 5 damage")
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::ShipSunk { tonnage: 7200, .. }))
    );
    assert_eq!(
        g.log.iter().filter(|s| s.sunk).map(|s| s.tonnage).sum::<u32>(),
        7200
    );
    // Every kaiten is lost whatever happens: kaiten 2 is next on the launch roll.
    assert!(
        mission_texts(&ev)
            .iter()
            .any(|t| t.contains("kaiten and pilot are lost"))
    );
    assert_eq!(g.kaiten().map(|k| k.current), Some(1));
    assert!(waits(&g, KaitenRoll::Launch));
}

/// [7.18 seq 2] Ulithi: the reef needs 9+ on 2d6; 8 loses the kaiten, before the Target Box's encounter.
#[test]
fn ulithi_reef_failure_loses_the_kaiten() {
    let mut g = at_the_mission_box(MissionPlan::KaitenUlithi, &[]);
    let ev = feed(&mut g, &[1, 1, 3, 4, 3, 4, 4, 4]);
    let out = outcomes(&ev);
    assert_eq!(
        out.last().map(String::as_str),
        Some("kaiten 1 is lost on the reef")
    );
    assert!(waits(&g, KaitenRoll::Launch));
}

/// [7.18 seq 1] 4-6 is a mechanical failure; a 6 on the premature check explodes the kaiten. [4.8.4]
/// Steady launch rolls a failed launch again; Careful checks skips the premature-detonation roll.
#[test]
fn launch_failure_premature_detonation_and_the_launch_skills() {
    let mut g = at_the_mission_box(
        MissionPlan::KaitenOpenSea,
        &["", "", "steady_launch", "careful_checks"],
    );
    // Kaiten 1: fails (5). Kaiten 2: launched, explodes (6).
    let ev = feed(&mut g, &[5, 1, 6]);
    let out = outcomes(&ev);
    assert_eq!(out[0], "kaiten 1: mechanical failure");
    assert_eq!(out[2], "kaiten 2 explodes prematurely");
    // Kaiten 3 (Steady launch): fails, rolls again, launched, then the premature roll.
    let ev = feed(&mut g, &[6, 2]);
    assert!(outcomes(&ev)[0].contains("Steady launch rolls again"));
    assert!(waits(&g, KaitenRoll::Premature));
    // It runs; K3 has two transit circles: a 2 = steering failure.
    feed(&mut g, &[1, 1, 1]);
    // Kaiten 4 (Careful checks): launched, straight into transit circle 1.
    let ev = feed(&mut g, &[1]);
    assert!(mission_texts(&ev).iter().any(|t| t.contains("Careful checks")));
    assert!(waits(&g, KaitenRoll::Encounter));
}

/// [7.18 seq 3] [4.8.4] The escorts' detection roll at the Target Box: 10+ detects (the escorts attack it);
/// Evasive run takes 1 off. A miss on B1 loses the kaiten; a B2 defective one does not explode.
#[test]
fn detection_miss_and_defective() {
    let mut g = at_the_mission_box(MissionPlan::KaitenOpenSea, &["evasive_run", "", "true_aim"]);
    // Kaiten 1: launched, runs, two quiet circles, large ship, B4 10 - 1 = 9: undetected.
    let ev = feed(&mut g, &[1, 1, 3, 4, 3, 4, 3, 4, 5, 5]);
    let Some(b4) = outcomes(&ev).last().cloned() else {
        panic!()
    };
    assert!(b4.contains("slips past the escorts"), "{b4}");
    // T2 01, B1 12: miss.
    let ev = feed(&mut g, &[0, 1, 6, 6]);
    assert!(outcomes(&ev).last().is_some_and(|o| o.contains("misses")));
    // Kaiten 2: same run, B4 10: detected; the escorts attack it, B5 3 + 4 = 7, two hits: sunk.
    let ev = feed(&mut g, &[1, 1, 3, 4, 3, 4, 3, 4, 5, 5, 3, 4]);
    let out = outcomes(&ev);
    assert!(
        out.iter()
            .any(|o| o.contains("is detected: the escorts attack it")),
        "{out:?}"
    );
    assert!(
        out.last().is_some_and(|o| o.contains("is sunk by the escorts")),
        "{out:?}"
    );
    // Kaiten 3 (True aim): B1 9 - 1 = 8 hits; B2 1 is defective (kaiten column 1-2).
    let ev = feed(&mut g, &[1, 1, 3, 4, 3, 4, 3, 4, 3, 3, 0, 1, 4, 5, 1]);
    let out = outcomes(&ev);
    assert!(out.iter().any(|o| o.contains("hits Liberty ship")), "{out:?}");
    assert!(out.last().is_some_and(|o| o.contains("defective")));
}

/// [7.18 seq 4] [7.8] After the last kaiten, one roll on A3's Additional Combat Round column, then the
/// patrol continues; releasing a kaiten is the mission's success, whatever it sank.
#[test]
fn after_the_last_kaiten_the_additional_round_and_success() {
    let mut g = at_the_mission_box(MissionPlan::KaitenOpenSea, &[]);
    // Kaiten 1 launched then explodes; kaiten 2-4 fail to launch.
    let ev = feed(&mut g, &[1, 6, 4, 4, 4]);
    assert!(mission_texts(&ev).iter().any(|t| t.contains("1 kaiten released")));
    assert!(waits(&g, KaitenRoll::AdditionalRound));
    let box_before = g.position();
    let f = (2..=12)
        .find(|n| g.arrival(*n) == Ok(Encounter::None))
        .and_then(|n| u8::try_from(n).ok())
        .unwrap_or(7);
    feed(&mut g, &[f / 2, f - f / 2]);
    assert!(g.kaiten().is_none());
    assert_eq!(g.position(), box_before + 1);
    assert_eq!(g.mission.success, Some(true));
}

/// [7.8] No kaiten launched at all (every launch fails) is a failure; so is a boat with none it can deploy.
#[test]
fn no_kaiten_released_fails() {
    let mut g = at_the_mission_box(MissionPlan::KaitenOpenSea, &[]);
    feed(&mut g, &[4, 5, 6, 4]);
    assert_eq!(g.mission.success, Some(false));
    // A Type B before its kaiten fitting (10/44) cannot deploy any: the box rolls as usual.
    let mut o = kaiten_opts(MissionPlan::KaitenOpenSea, &[]);
    o.start = Month {
        year: 1944,
        month: 10,
    };
    let Ok(mut g) = Patrol::new(o, 3, DiceMode::Seeded) else {
        panic!()
    };
    let mut rng = crate::dice::SeededRng::new(3);
    while let Some(a) = policy::Policy::Careful.choose(&g, &mut rng) {
        g.apply(a).unwrap_or_else(|e| panic!("{e}"));
    }
    let Some(r) = g.result() else { panic!() };
    assert_eq!(r.mission_success, Some(false));
}

/// [7.8] A deck cargo hit (B7) leaves one kaiten unusable.
#[test]
fn damaged_deck_cargo_costs_one_kaiten() {
    let mut g = at_the_mission_box(MissionPlan::KaitenUlithi, &[]);
    assert_eq!(g.kaiten_available(), 4);
    g.boat.systems.push((System::DeckCargo, SystemState::Damaged));
    assert_eq!(g.kaiten_available(), 3);
}

/// [7.8] [7.18] [4.8.4] Random careers are assigned kaiten attacks (boats fitted for kaiten, kaiten event
/// markers), train a new set of F4 pilots before each, and their kaiten reach targets.
#[test]
fn random_careers_fly_kaiten_attacks() {
    use super::career::{Career, CareerEvent, CareerOptions};
    let (mut attacks, mut schools, mut explosions) = (0, 0, 0);
    for seed in 0..300u64 {
        let mut g = Career::new(CareerOptions::default(), seed, DiceMode::Seeded).unwrap();
        let mut rng = crate::dice::SeededRng::new(seed ^ 0x5EED);
        while let Some(a) = policy::Policy::Random.choose(&g, &mut rng) {
            for e in g.apply(a).unwrap() {
                match &e {
                    CareerEvent::Assigned { mission, .. } if mission.contains("Kaiten") => attacks += 1,
                    CareerEvent::Rolled { roll } if roll.chart == "F4" => schools += 1,
                    CareerEvent::Patrol {
                        patrol: PatrolEvent::Mission { what },
                    } if what.contains("exploded against") => explosions += 1,
                    _ => {}
                }
            }
        }
    }
    assert!(
        attacks > 0 && explosions > 0,
        "{attacks} attacks, {explosions} explosions"
    );
    assert!(schools >= attacks * 4, "at least four pilots trained per attack");
}

/// [7.8] [8.5.9] B7's "pilot" (11) before the attack falls on a kaiten pilot; seriously wounded, his kaiten
/// stays aboard: one fewer is launched.
#[test]
fn a_kaiten_pilot_seriously_wounded_before_the_attack_keeps_his_kaiten_aboard() {
    let mut g = match Patrol::new(
        kaiten_opts(MissionPlan::KaitenUlithi, &["none", "none", "none", "none"]),
        1,
        DiceMode::Scripted { faces: vec![] },
    ) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    act(&mut g, "load 0");
    assert_eq!(g.kaiten_available(), 4);
    g.phase = Phase::Roll {
        purpose: RollPurpose::Damage(DamageRoll::CrewWho { auto_lw: false }),
    };
    feed(&mut g, &[5, 6]); // 11: pilot
    feed(&mut g, &[4]); // SW
    assert_eq!(
        g.mission.kaiten_pilot_wounds.first().copied().flatten(),
        Some(Wound::Sw)
    );
    assert_eq!(g.kaiten_available(), 3);
    assert!(g.crew.crew.iter().all(Option::is_none), "not a generic crew box");
}

/// One kaiten released (launched, then it explodes prematurely), the other three fail to launch: the
/// game waits for the closing A3 Additional Combat Round roll [7.18 seq 4].
fn released_one() -> Patrol {
    let mut g = at_the_mission_box(MissionPlan::KaitenOpenSea, &[]);
    let ev = feed(&mut g, &[1, 6, 4, 4, 4]);
    let texts = mission_texts(&ev);
    // [7.8] [7.18] A kaiten that fails to launch is not lost: it stays on deck with its pilot.
    assert_eq!(
        texts
            .iter()
            .filter(|t| t.contains("stays on deck with its pilot"))
            .count(),
        3,
        "{texts:?}"
    );
    assert!(
        !texts
            .iter()
            .any(|t| t.contains("fails to launch") && t.contains("lost"))
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("explodes") || t.contains("exploded"))
    );
    assert!(waits(&g, KaitenRoll::AdditionalRound));
    g
}

/// [7.8] [8.2.8] (our reading of [7.8]) The closing roll brings an escort (1/44 on, 8-9): it rolls B4 at once.
/// Undetected (a natural 2 [8.2.7]), the submarine slips away: the attack succeeds; detected, the escort's
/// attack follows and the kaiten attack fails, though a kaiten was released.
#[test]
fn an_arriving_escort_detects_and_fails_the_kaiten_attack_7_8() {
    let mut g = released_one();
    assert_eq!(
        g.mission.success, None,
        "nothing decided before anything could detect it"
    );
    let ev = feed(&mut g, &[4, 4]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Encounter { what } if what.contains("escort")))
    );
    assert!(waits_roll(&g, RollPurpose::Escort(EscortRoll::Detection)));
    let ev = feed(&mut g, &[1, 1]);
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Undetected)));
    assert_eq!(g.mission.success, Some(true));
    assert!(mission_texts(&ev).iter().any(|t| t.contains("undetected")));

    let mut g = released_one();
    feed(&mut g, &[4, 4]);
    let ev = feed(&mut g, &[6, 6]);
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Detected)));
    assert_eq!(g.mission.success, Some(false));
    assert!(mission_texts(&ev).iter().any(|t| t.contains("fails [7.8]")));
    assert!(
        !matches!(
            g.phase,
            Phase::Roll {
                purpose: RollPurpose::Encounter
            }
        ),
        "the escort's attack follows [8.2.8]: {:?}",
        g.phase
    );
}

/// [7.8] [8.3.1] (our reading of [7.8]) The closing roll brings an aircraft (10-12): dived in time on A4, the
/// submarine was not detected and the attack succeeds; attacked, it fails.
#[test]
fn an_arriving_aircraft_that_attacks_fails_the_kaiten_attack_7_8() {
    let mut g = released_one();
    feed(&mut g, &[5, 5]);
    assert!(waits_roll(&g, RollPurpose::Aircraft(AircraftRoll::Dive)));
    feed(&mut g, &[6, 6]);
    assert_eq!(g.mission.success, Some(true));

    let mut g = released_one();
    feed(&mut g, &[5, 5]);
    let ev = feed(&mut g, &[1, 1]);
    assert_eq!(g.mission.success, Some(false), "{ev:?}");
}

/// [7.8] A quiet closing roll (2-7): the kaiten were released and nothing detected the submarine.
#[test]
fn a_quiet_closing_roll_is_the_kaiten_attack_success_7_8() {
    let mut g = released_one();
    feed(&mut g, &[3, 4]);
    assert_eq!(g.mission.success, Some(true));
}

/// [7.18] [11.2] The kaiten's target is identified like any other: in 12/44, with the historical targets
/// rule, T3 15 (USS Indianapolis, sunk before) and T3 18 (USS Liscome Bay, lost 11/43) are identified
/// again, and the kaiten steers for T3 16, USS Chester.
#[test]
fn the_kaiten_target_is_in_service_and_never_sunk_twice_11_2() {
    let mut g = at_the_mission_box(MissionPlan::KaitenOpenSea, &[]);
    g.options.optional.historical_targets = true;
    g.options.optional.sunk_names = vec!["USS Indianapolis (CA-35)".into()];
    // Launched, runs; quiet transit circles (7), then 4 in the Target Box: a warship.
    feed(&mut g, &[2, 3]);
    for _ in 0..6 {
        if g.kaiten_circle() == Some(periscope_data::sensuikan::charts::StepKind::Target) {
            break;
        }
        feed(&mut g, &[3, 4]);
    }
    feed(&mut g, &[2, 2]);
    assert!(waits(&g, KaitenRoll::Detection), "{:?}", g.phase());
    feed(&mut g, &[1, 1]);
    assert!(waits(&g, KaitenRoll::Identify));
    let ev = feed(&mut g, &[15, 18, 16]);
    let t3: Vec<String> = ev
        .iter()
        .filter_map(|e| match e {
            PatrolEvent::Rolled { roll } if roll.chart == "T3" => Some(roll.outcome.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(t3.len(), 3, "{t3:?}");
    assert!(t3[0].contains("USS Indianapolis (CA-35) was sunk before") && t3[0].contains("[11.2]"));
    assert!(t3[1].contains("USS Liscome Bay (CVE-56) was not in service in 12/44"));
    assert_eq!(
        g.kaiten()
            .and_then(|k| k.target.as_ref())
            .map(|s| s.name.as_str()),
        Some("USS Chester (CA-27)")
    );
}

/// [7.18] "If the kaiten is not detected, or survives any detection": detected at the Target Box, the
/// escorts attack it with one B5 roll (our reading, `docs/rules/sensuikan.md`). No hit (2-3) and it
/// survives, identifies its target and rolls to hit; any hit sinks it. A patrol craft in a transit circle
/// still sinks the kaiten it detects.
#[test]
fn a_kaiten_detected_at_the_target_box_may_survive_the_escorts() {
    let mut g = at_the_mission_box(MissionPlan::KaitenOpenSea, &["", ""]);
    // Kaiten 1: launched, two quiet circles, large ship, B4 10: detected; B5 1 + 1 = 2: no hit.
    let ev = feed(&mut g, &[1, 1, 3, 4, 3, 4, 3, 4, 5, 5, 1, 1]);
    let b5: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            PatrolEvent::Rolled { roll } if roll.chart == "B5" => Some(roll.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(b5.len(), 1, "{ev:?}");
    assert_eq!((b5[0].rule.as_str(), b5[0].result), ("7.18", 2));
    assert!(
        b5[0].outcome.contains("survives the escorts' attack"),
        "{}",
        b5[0].outcome
    );
    assert!(waits(&g, KaitenRoll::Identify), "{:?}", g.phase());
    // T2 01, B1 4 + 4: it steers on and hits.
    let ev = feed(&mut g, &[0, 1, 4, 4]);
    assert!(
        outcomes(&ev).iter().any(|o| o.contains("hits Liberty ship")),
        "{:?}",
        outcomes(&ev)
    );
}

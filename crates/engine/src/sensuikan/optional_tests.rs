//! The optional rules inside a patrol [11.2] [11.3] [11.4] [11.5], and the escort player's secret
//! direction in a two-player career [10.1]: scripted dice, each test citing its case.

use crate::machine::Decision;
use periscope_data::sensuikan::charts::System;

use super::test_support::{act, feed, scripted};
use super::*;
use crate::dice::{DiceMode, DiceSource, SeededRng};
use crate::game::{Game, Pending};

fn rolls(ev: &[PatrolEvent]) -> Vec<RollRecord> {
    ev.iter()
        .filter_map(|e| match e {
            PatrolEvent::Rolled { roll } => Some(roll.clone()),
            _ => None,
        })
        .collect()
}

fn roll_on<'a>(ev: &'a [RollRecord], chart: &str) -> &'a RollRecord {
    match ev.iter().find(|r| r.chart == chart) {
        Some(r) => r,
        None => panic!("no {chart} roll in {ev:?}"),
    }
}

fn with(optional: OptionalRules) -> PatrolOptions {
    PatrolOptions {
        optional,
        ..PatrolOptions::default()
    }
}

/// The Example of Play's faces [12.0] up to the ship's damage roll after the four-torpedo salvo; the
/// midget's run on M1 (faces 6-20) is the Midget Submarine Module's [7.16].
const TO_THE_SALVO: [u8; 37] = [
    2, 4, 4, 3, 3, 3, 3, 2, 3, 5, 5, 2, 2, 6, 3, 4, 1, 1, 2, 3, 2, 3, 3, 4, 1, 3, 7, 7, 2, 3, 3, 2, 2, 5, 5,
    6, 6,
];

/// Plays the Example of Play to the escorts' first detection roll after its salvo [12.0], then rolls
/// `faces` (the rest of the script).
fn example_after_salvo(optional: OptionalRules, faces: &[u8]) -> (Patrol, Vec<PatrolEvent>) {
    let mut script = TO_THE_SALVO.to_vec();
    script.extend([1, 4, 2]); // B2: the first hit defective, the second good; B3: 3 damage
    script.extend(faces);
    let mut g = scripted(with(optional), &script);
    act(&mut g, "attack medium submerged");
    for _ in 0..4 {
        act(&mut g, "declare bow 1");
    }
    let ev = act(&mut g, "fire");
    (g, ev)
}

/// An escorted contact waiting for the escorts' detection roll, with the scripted faces to come.
fn escorts_detect(optional: OptionalRules, month: (u16, u8), faces: &[u8]) -> Patrol {
    let mut g = scripted(with(optional), &[4, 4, 4, 3, 3]);
    g.month = crate::Month {
        year: month.0,
        month: month.1,
    };
    let mut c = Combat::new(ContactKind::ShipsEscorted);
    c.picture.escorted = true;
    g.combat = Some(c);
    g.phase = Phase::Roll {
        purpose: RollPurpose::Escort(EscortRoll::Detection),
    };
    g.dice = DiceSource::Manual(faces.iter().copied().collect());
    g
}

fn evasive() -> OptionalRules {
    OptionalRules {
        evasive_manoeuvres: true,
        ..OptionalRules::default()
    }
}

/// [11.3] Detected: the player picks 1-6 (six legal choices), then 1d6 for the escort; the same direction
/// with another number is +1 hit: B5 12 gives 6 hits, not 5.
#[test]
fn evasion_same_direction_adds_a_hit_11_3() {
    let mut g = escorts_detect(evasive(), (1941, 12), &[6, 6]);
    let _ = feed(&mut g, &[]);
    assert_eq!(g.phase(), &Phase::Decide { ask: Ask::Evasion });
    let Pending::Decision(Decision { choices, rule, .. }) = g.pending() else {
        panic!("{:?}", g.phase())
    };
    assert_eq!(rule, "11.3");
    let numbers: Vec<PatrolAction> = choices.into_iter().map(|c| c.action).collect();
    assert_eq!(
        numbers,
        (1..=6u8)
            .map(|n| PatrolAction::Evade { number: n })
            .collect::<Vec<_>>()
    );
    assert!(act(&mut g, "evade 6").is_empty(), "the number stays hidden");
    assert_eq!(
        g.phase(),
        &Phase::Roll {
            purpose: RollPurpose::Optional(OptionalRoll::EscortDirection)
        }
    );
    let ev = rolls(&feed(&mut g, &[5, 6, 6]));
    let dir = roll_on(&ev, "B5 escort direction");
    assert_eq!(dir.rule, "11.3");
    assert!(dir.outcome.contains("submarine 6") && dir.outcome.contains("escort 5"));
    assert!(dir.outcome.contains("+1"), "{}", dir.outcome);
    let b5 = roll_on(&ev, "B5");
    assert!(b5.outcome.ends_with("= 6 hits"), "{}", b5.outcome);
    assert_eq!(g.combat().map(|c| c.incoming.hits_pending), Some(6));
}

/// [11.3] The exact number is +3 hits; the wrong direction is -1 hit (never below none).
#[test]
fn evasion_exact_and_wrong_direction_11_3() {
    let mut g = escorts_detect(evasive(), (1941, 12), &[6, 6]);
    let _ = feed(&mut g, &[]);
    act(&mut g, "evade 2");
    // Escort 2: the same number. B5 6 = 2 hits, +3.
    let _ = feed(&mut g, &[2, 3, 3]);
    assert_eq!(g.combat().map(|c| c.incoming.hits_pending), Some(5));

    let mut g = escorts_detect(evasive(), (1941, 12), &[6, 6]);
    let _ = feed(&mut g, &[]);
    act(&mut g, "evade 2");
    // Escort 5: straight ahead against left. B5 6 = 2 hits, -1.
    let _ = feed(&mut g, &[5, 3, 3]);
    assert_eq!(g.combat().map(|c| c.incoming.hits_pending), Some(1));

    let mut g = escorts_detect(evasive(), (1941, 12), &[6, 6]);
    let _ = feed(&mut g, &[]);
    act(&mut g, "evade 2");
    // B5 2 = no hit: -1 leaves none.
    let ev = rolls(&feed(&mut g, &[5, 1, 1]));
    assert!(roll_on(&ev, "B5").outcome.ends_with("= 0 hits"));
}

/// [11.3] Not with hydrophone damage: straight to the B5 roll. Off by default.
#[test]
fn evasion_needs_the_hydrophones_and_the_option_11_3() {
    let mut g = escorts_detect(evasive(), (1941, 12), &[6, 6]);
    g.boat.systems.push((System::Hydrophones, SystemState::Damaged));
    let _ = feed(&mut g, &[]);
    assert_eq!(
        g.phase(),
        &Phase::Roll {
            purpose: RollPurpose::Escort(EscortRoll::Attack)
        }
    );
    let mut g = escorts_detect(OptionalRules::default(), (1941, 12), &[6, 6]);
    let _ = feed(&mut g, &[]);
    assert_eq!(
        g.phase(),
        &Phase::Roll {
            purpose: RollPurpose::Escort(EscortRoll::Attack)
        }
    );
}

/// [11.3] The careful captain evades straight ahead (every number has the same odds).
#[test]
fn careful_captain_evades_11_3() {
    let mut g = escorts_detect(evasive(), (1941, 12), &[6, 6]);
    let _ = feed(&mut g, &[]);
    let a = crate::policy::Policy::Careful.choose(&g, &mut SeededRng::new(1));
    assert_eq!(a, Some(PatrolAction::Evade { number: 5 }));
}

/// [11.4] After the Example's salvo on an escorted ship, before the first detection roll: 1d6 on D10 for
/// 1941-42 (6 = veteran), rolled once in the encounter.
#[test]
fn escort_quality_before_the_first_detection_11_4() {
    let quality = OptionalRules {
        escort_quality: true,
        ..OptionalRules::default()
    };
    let (mut g, ev) = example_after_salvo(quality, &[6, 3, 3]);
    let r = rolls(&ev);
    let q = roll_on(&r, "D10 escort quality");
    assert_eq!((q.rule.as_str(), q.outcome.as_str()), ("11.4", "Veteran escort"));
    assert_eq!(g.phase(), &Phase::Decide { ask: Ask::TestDepth });
    assert_eq!(
        g.combat().and_then(|c| c.escort.quality),
        Some(ForceQuality::Veteran)
    );
    // B4 3+3 = 6: undetected, as in the Example [12.0].
    let ev = act(&mut g, "shallow");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Undetected)));
    // Off by default: the Example goes straight to the test depth decision.
    let (g, ev) = example_after_salvo(OptionalRules::default(), &[]);
    assert!(!rolls(&ev).iter().any(|r| r.chart.starts_with("D10")));
    assert_eq!(g.phase(), &Phase::Decide { ask: Ask::TestDepth });
}

/// [11.4] An elite escort (1943-44: a 6) is +1 on detection and +1 hit; a novice is -1 hit; 1945 reads
/// 4-5 as veteran.
#[test]
fn escort_quality_effects_11_4() {
    let elite = OptionalRules {
        escort_quality: true,
        ..OptionalRules::default()
    };
    let mut g = escorts_detect(elite.clone(), (1943, 6), &[]);
    let mut ev = Vec::new();
    g.dice = DiceSource::Manual([6u8].into_iter().collect());
    g.phase = Phase::Roll {
        purpose: RollPurpose::Optional(OptionalRoll::EscortQuality),
    };
    let _ = crate::machine::settle(&mut g, &mut ev);
    assert_eq!(
        g.combat().and_then(|c| c.escort.quality),
        Some(ForceQuality::Elite)
    );
    // The test depth decision, then B4 6+6 with the elite +1, then B5 6 = 2 hits +1.
    act(&mut g, "shallow");
    let ev = rolls(&feed(&mut g, &[6, 6, 3, 3]));
    let b4 = roll_on(&ev, "B4");
    assert!(
        b4.modifiers.iter().any(|m| m.rule == "11.4" && m.value == 1),
        "{b4:?}"
    );
    assert_eq!(g.combat().map(|c| c.incoming.hits_pending), Some(3));

    let mut g = escorts_detect(elite.clone(), (1943, 6), &[6, 6, 3, 3]);
    if let Some(c) = g.combat.as_mut() {
        c.escort.quality = Some(ForceQuality::Novice);
    }
    let _ = feed(&mut g, &[]);
    assert_eq!(g.combat().map(|c| c.incoming.hits_pending), Some(1));

    let mut g = escorts_detect(elite, (1945, 2), &[4]);
    g.phase = Phase::Roll {
        purpose: RollPurpose::Optional(OptionalRoll::EscortQuality),
    };
    let _ = feed(&mut g, &[]);
    assert_eq!(
        g.combat().and_then(|c| c.escort.quality),
        Some(ForceQuality::Veteran)
    );
}

/// An aircraft encounter in `month` with `faces` to come: the quick dive first.
fn aircraft(optional: OptionalRules, month: (u16, u8), faces: &[u8]) -> Patrol {
    let mut g = escorts_detect(optional, month, faces);
    let mut ev = Vec::new();
    g.start_aircraft(false, &mut ev);
    g
}

/// [11.5] After a failed quick dive, before the attack roll: 1d6 on D10 (1941-42: 1 = novice, -1 hit).
#[test]
fn aircrew_quality_after_a_failed_dive_11_5() {
    let quality = OptionalRules {
        aircrew_quality: true,
        ..OptionalRules::default()
    };
    // A4 1+1: attacked; D10 1: novice; B5 3+3 +2 aircraft = 8: 3 hits, -1.
    let mut g = aircraft(quality.clone(), (1942, 3), &[1, 1, 1, 3, 3]);
    let ev = rolls(&feed(&mut g, &[]));
    let charts: Vec<&str> = ev.iter().map(|r| r.chart.as_str()).collect();
    assert_eq!(&charts[..3], ["A4", "D10 aircrew quality", "B5"], "{ev:?}");
    assert_eq!(roll_on(&ev, "D10 aircrew quality").rule, "11.5");
    assert_eq!(g.combat().map(|c| c.incoming.hits_pending), Some(2));
    // A quick dive that succeeds rolls no quality.
    let mut g = aircraft(quality, (1942, 3), &[6, 6]);
    let ev = rolls(&feed(&mut g, &[]));
    assert!(!ev.iter().any(|r| r.chart.starts_with("D10")), "{ev:?}");
}

/// [11.5] An elite aircrew (1945: a 6) is +1 hit and brings two automatic crew casualties, not one.
#[test]
fn elite_aircrew_two_casualties_11_5() {
    let quality = OptionalRules {
        aircrew_quality: true,
        ..OptionalRules::default()
    };
    // A4 1+1; D10 6 elite; no FIDO (1); B5 1+1 +2 = 4: 1 hit +1 = 2.
    let mut g = aircraft(quality.clone(), (1945, 2), &[1, 1, 6, 1, 1, 1]);
    let _ = feed(&mut g, &[]);
    assert_eq!(g.combat().map(|c| c.incoming.hits_pending), Some(2));
    assert!(g.combat().is_some_and(|c| c.air.extra_casualty));
    // Two damage rolls (d100 01: hull), then two crew casualties (B7 crew 2d6, B7 wound 1d6 each).
    let ev = rolls(&feed(&mut g, &[0, 1, 0, 1, 1, 1, 1, 1, 1, 1]));
    let crew = ev.iter().filter(|r| r.chart == "B7 crew").count();
    assert_eq!(crew, 2, "{ev:?}");
    // Without the option, one.
    let mut g = aircraft(OptionalRules::default(), (1945, 2), &[1, 1, 1, 1, 1]);
    let ev = rolls(&feed(&mut g, &[0, 1, 1, 1, 1, 1]));
    assert_eq!(ev.iter().filter(|r| r.chart == "B7 crew").count(), 1, "{ev:?}");
}

/// [11.2] A named ship sunk before (Nancy Moller, T1 77) is identified again: T1 11 = Cynthia Olson.
#[test]
fn historical_targets_reroll_a_ship_sunk_before_11_2() {
    let history = OptionalRules {
        historical_targets: true,
        sunk_names: vec!["Nancy Moller".into()],
        ..OptionalRules::default()
    };
    let mut script = TO_THE_SALVO[..28].to_vec(); // to the T1 roll 7 7
    script.extend([1, 1, 2]); // T1 11, day
    let g = scripted(with(history), &script);
    let ev = rolls(g.opening_events());
    let t1: Vec<&RollRecord> = ev.iter().filter(|r| r.chart == "T1").collect();
    assert_eq!(t1.len(), 2, "{ev:?}");
    assert_eq!(t1[0].rule, "8.1.3");
    assert!(t1[0].outcome.contains("Nancy Moller was sunk before") && t1[0].outcome.contains("[11.2]"));
    assert_eq!(
        g.combat().map(|c| c.picture.targets[0].ship.name.clone()),
        Some("Cynthia Olson".into())
    );
    // Off (the default), she comes up again.
    let g = scripted(
        with(OptionalRules {
            sunk_names: vec!["Nancy Moller".into()],
            ..OptionalRules::default()
        }),
        &script,
    );
    assert_eq!(
        g.combat().map(|c| c.picture.targets[0].ship.name.clone()),
        Some("Nancy Moller".into())
    );
}

/// [11.2] A generic entry stands for many ships: never rolled again (T1 5 = a coastal steamer).
#[test]
fn historical_targets_keep_generic_ships_11_2() {
    let history = OptionalRules {
        historical_targets: true,
        sunk_names: vec!["Coastal steamer".into()],
        ..OptionalRules::default()
    };
    let mut script = TO_THE_SALVO[..26].to_vec();
    script.extend([0, 5, 2]);
    let g = scripted(with(history), &script);
    assert_eq!(
        g.combat().map(|c| c.picture.targets[0].ship.name.clone()),
        Some("Coastal steamer".into())
    );
}

/// [11.2] [11.3] [11.4] [11.5] Every option is off by default and each reads from an options file.
#[test]
fn optional_rules_default_off_and_read_from_json() {
    assert_eq!(PatrolOptions::default().optional, OptionalRules::default());
    let o = OptionalRules::default();
    assert!(!o.evasive_manoeuvres && !o.escort_quality && !o.aircrew_quality && !o.historical_targets);
    let json = r#"{"optional": {"evasive_manoeuvres": true, "escort_quality": true,
        "aircrew_quality": true, "historical_targets": true, "sunk_names": ["Kalingo"]}}"#;
    let o: PatrolOptions = serde_json::from_str(json).unwrap();
    assert!(o.optional.evasive_manoeuvres && o.optional.escort_quality && o.optional.aircrew_quality);
    assert_eq!(o.optional.sunk_names, ["Kalingo".to_string()]);
    assert!(serde_json::from_str::<PatrolOptions>(r#"{"optional": {"evasive": true}}"#).is_err());
}

/// Random legal patrols with every optional rule on: they finish, and evasion is only asked with working
/// hydrophones.
#[test]
fn random_patrols_with_the_optional_rules() {
    let mut asked = 0;
    for seed in 0..200u64 {
        let mut rng = SeededRng::new(seed);
        let opts = PatrolOptions {
            mission: MissionPlan::Patrol,
            start: crate::Month {
                year: 1942 + u16::try_from(seed % 4).unwrap_or(0),
                month: 6,
            },
            optional: OptionalRules {
                evasive_manoeuvres: true,
                escort_quality: true,
                aircrew_quality: true,
                historical_targets: true,
                sunk_names: vec!["Cynthia Olson".into(), "Kalingo".into()],
            },
            ..PatrolOptions::default()
        };
        let mut g = Patrol::new(opts, seed, DiceMode::Seeded).unwrap();
        let policy = if seed % 2 == 0 {
            crate::policy::Policy::Careful
        } else {
            crate::policy::Policy::Random
        };
        for _ in 0..10_000 {
            if g.pending().is_over() {
                break;
            }
            if g.phase() == &(Phase::Decide { ask: Ask::Evasion }) {
                assert!(g.boat().working(System::Hydrophones));
                asked += 1;
            }
            let a = policy.choose(&g, &mut rng).unwrap();
            g.apply(a).unwrap();
        }
        assert!(g.pending().is_over(), "seed {seed}");
        let r = g.result().unwrap();
        assert!(
            !r.ships
                .iter()
                .any(|s| s.name == "Cynthia Olson" || s.name == "Kalingo")
        );
    }
    assert!(asked > 0, "no evasive manoeuvre in 200 patrols");
}

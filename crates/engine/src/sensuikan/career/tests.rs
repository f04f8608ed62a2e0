//! Career tests: each cites the rule case it checks.

use super::*;
use crate::dice::SeededRng;
use crate::machine::RollSpec;
use crate::policy::Policy;
use crate::sensuikan::CrewQuality;

fn physical(class: &str) -> Career {
    let opts = CareerOptions {
        class: Some(class.into()),
        ..CareerOptions::default()
    };
    Career::new(opts, 1, DiceMode::Physical).unwrap()
}

fn play_out(seed: u64, policy: Policy, opts: CareerOptions) -> Career {
    let mut g = Career::new(opts, seed, DiceMode::Seeded).unwrap();
    let mut rng = SeededRng::new(seed ^ 0xABCD);
    let mut n = 0;
    while let Some(a) = policy.choose(&g, &mut rng) {
        g.apply(a).unwrap();
        n += 1;
        assert!(n < 200_000, "career {seed} does not end");
    }
    assert!(g.pending().is_over(), "career {seed} waits for {:?}", g.pending());
    g
}

/// 200 random-policy careers play to the end without a panic.
#[test]
fn two_hundred_random_careers() {
    for seed in 0..200 {
        let g = play_out(seed, Policy::Random, CareerOptions::default());
        assert!(g.end().is_some());
    }
}

/// 10,000 random-policy careers: `cargo test -p periscope-engine --release -- --ignored ten_thousand_careers`.
#[test]
#[ignore]
fn ten_thousand_careers() {
    for seed in 0..10_000 {
        play_out(seed, Policy::Random, CareerOptions::default());
    }
}

/// [5.1.4] A careful career ends with a judged result and one log row per month it lived.
#[test]
fn careful_career_keeps_a_log() {
    let g = play_out(7, Policy::Careful, CareerOptions::default());
    let end = g.end().unwrap();
    assert!(g.patrols > 0);
    assert_eq!(end.tonnage, g.tonnage());
    assert!(g.log().iter().any(|r| r.mark == "patrol"));
}

fn roll(g: &mut Career, faces: &[u8]) {
    g.apply(CareerAction::Roll {
        faces: faces.to_vec(),
    })
    .unwrap();
}

/// [4.2.1] A class available later starts the career in its availability month.
#[test]
fn late_class_starts_when_available() {
    let g = physical("kd7");
    assert_eq!(g.month(), Month::new(1942, 9).unwrap());
}

/// [4.8.1] Three F1 rolls (commander, XO, engineer), then the free-time choice; [4.7.1] Yokosuka.
#[test]
fn kure_school_then_free_time() {
    let mut g = physical("kd6");
    assert_eq!(g.base(), "yokosuka");
    roll(&mut g, &[6, 6]);
    roll(&mut g, &[6, 6]);
    roll(&mut g, &[5, 6]);
    assert!(g.shibumi && g.crew().expert_xo && g.crew().expert_engineer);
    assert!(matches!(g.phase(), Phase::Decide { ask: Ask::FreeTime }));
    g.apply(CareerAction::FreeTime {
        option: "gosei".into(),
    })
    .unwrap();
    assert!(g.markers.contains(&"maneki_neko".to_string()));
    // [6.2.1B] Lieutenant Commander: straight to A1.
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            roll: CareerRoll::Assignment
        }
    ));
}

/// [4.8.2] A Type C rolls F2 for its midget commander.
#[test]
fn midget_school_for_type_c() {
    let mut g = physical("type_c");
    for _ in 0..3 {
        roll(&mut g, &[1, 1]);
    }
    g.apply(CareerAction::FreeTime {
        option: "gosei".into(),
    })
    .unwrap();
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            roll: CareerRoll::MidgetSchool
        }
    ));
}

/// [11.7] The special skill: 13-20 roll again, 11 is Leadership.
#[test]
fn special_skill_roll() {
    let opts = CareerOptions {
        class: Some("kd6".into()),
        special_skill: SpecialSkillRule::Roll,
        ..CareerOptions::default()
    };
    let mut g = Career::new(opts, 1, DiceMode::Physical).unwrap();
    for _ in 0..3 {
        roll(&mut g, &[1, 1]);
    }
    g.apply(CareerAction::FreeTime {
        option: "gosei".into(),
    })
    .unwrap();
    roll(&mut g, &[17]);
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            roll: CareerRoll::SpecialSkill
        }
    ));
    roll(&mut g, &[11]);
    assert_eq!(g.special_skill, Some(SpecialSkill::Leadership));
}

/// [6.2.1B] [12.0] A1 roll 8 in 12/41 from Yokosuka is Pearl Harbor; [7.14] a Type C takes the midget
/// attack, the first mission it can fly on the marker, and the patrol is under way.
#[test]
fn a1_pearl_harbor_midget() {
    let mut g = physical("type_c");
    for _ in 0..3 {
        roll(&mut g, &[1, 1]);
    }
    g.apply(CareerAction::FreeTime {
        option: "gosei".into(),
    })
    .unwrap();
    roll(&mut g, &[3, 3]);
    roll(&mut g, &[4, 4]);
    assert_eq!(g.area, "pearl_harbor");
    assert!(matches!(g.mission, CareerMission::MidgetAttack { .. }));
    assert!(matches!(g.phase(), Phase::Patrol));
}

/// [7.10] A Kirai-Sen always flies minelaying.
#[test]
fn kirai_sen_minelaying() {
    let mut g = physical("kirai_sen");
    for _ in 0..3 {
        roll(&mut g, &[1, 1]);
    }
    g.apply(CareerAction::FreeTime {
        option: "gosei".into(),
    })
    .unwrap();
    roll(&mut g, &[4, 4]);
    assert_eq!(g.mission, CareerMission::Minelaying);
}

/// [7.5] Europe is re-rolled for a class that is not Type A or B.
#[test]
fn europe_only_for_type_a_and_b() {
    let mut g = physical("kd6");
    g.month = Month::new(1942, 8).unwrap();
    g.phase = Phase::Roll {
        roll: CareerRoll::Assignment,
    };
    let mut ev = Vec::new();
    g.resolve_assignment(vec![6, 6], &mut ev);
    assert_eq!(
        g.steps.front(),
        Some(&Step::Roll {
            roll: CareerRoll::Assignment
        })
    );
}

/// [8.9.1] A Commander requests a patrol: 1 succeeds, then he chooses from the A1 column.
#[test]
fn commander_request() {
    let mut g = physical("kd6");
    g.rank = Rank::Commander;
    let mut ev = Vec::new();
    g.resolve_request(vec![1], &mut ev);
    assert_eq!(
        g.steps.front(),
        Some(&Step::Ask {
            ask: Ask::RequestArea
        })
    );
    assert!(!g.request_areas.is_empty());
    g.steps.clear();
    g.resolve_request(vec![2], &mut ev);
    assert_eq!(
        g.steps.front(),
        Some(&Step::Roll {
            roll: CareerRoll::Assignment
        })
    );
    g.rank = Rank::Captain;
    g.steps.clear();
    g.resolve_request(vec![2], &mut ev);
    assert_eq!(
        g.steps.front(),
        Some(&Step::Ask {
            ask: Ask::RequestArea
        })
    );
}

/// [4.7.2] From 7/43 Paramushiro's boats move to Truk; [4.7.3] from 3/44 Truk's to Yokosuka.
#[test]
fn bases_by_date() {
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    g.base = "paramushiro".into();
    g.month = Month::new(1943, 7).unwrap();
    g.base_by_date(&mut ev);
    assert_eq!(g.base, "truk");
    g.month = Month::new(1944, 3).unwrap();
    g.base_by_date(&mut ev);
    assert_eq!(g.base, "yokosuka");
}

/// [8.5.11] [8.5.11.1] [8.5.11.2] Refit: 3 INOP systems + 5 hull boxes = 4 months; [8.9.1] a Captain
/// takes one off a refit of 3 or more.
#[test]
fn refit_length() {
    assert_eq!(refit::refit_months(0, 0, Rank::LieutenantCommander), 1);
    assert_eq!(refit::refit_months(3, 5, Rank::LieutenantCommander), 4);
    assert_eq!(refit::refit_months(5, 1, Rank::Commander), 3);
    assert_eq!(refit::refit_months(3, 5, Rank::Captain), 3);
    assert_eq!(refit::refit_months(0, 1, Rank::Captain), 2);
}

/// [4.7.6] Air raids: 2 destroys the boat, 3 +2 months, 4 +1, 5-12 nothing.
#[test]
fn air_raid() {
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    g.refit.refit_months = 1;
    g.resolve_air_raid(vec![1, 2], &mut ev);
    assert_eq!(g.refit.refit_months, 3);
    g.resolve_air_raid(vec![1, 3], &mut ev);
    assert_eq!(g.refit.refit_months, 4);
    g.resolve_air_raid(vec![3, 3], &mut ev);
    assert_eq!(g.refit.refit_months, 4);
    g.resolve_air_raid(vec![1, 1], &mut ev);
    assert!(g.refit.new_boat);
}

/// [8.7.4] The expert XO leaves on 2-3.
#[test]
fn expert_xo_leaves() {
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    g.crew.expert_xo = true;
    g.resolve_expert_xo(vec![2, 2], &mut ev);
    assert!(g.crew.expert_xo);
    g.resolve_expert_xo(vec![1, 2], &mut ev);
    assert!(!g.crew.expert_xo);
}

/// [8.7.1] [8.7.2] Every 3 credits a choice; the crew level goes up; [8.7.3] 3 bad patrols take it down.
#[test]
fn crew_quality() {
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    g.credits = 4;
    let steps = g.quality_steps(&mut ev);
    assert_eq!(steps, vec![Step::Ask { ask: Ask::Improve }]);
    assert_eq!(g.credits, 1);
    g.improve("crew_level", &mut ev);
    assert_eq!(g.crew.quality, CrewQuality::Veteran);
    g.unsuccessful_in_a_row = 3;
    g.quality_steps(&mut ev);
    assert_eq!(g.crew.quality, CrewQuality::Trained);
}

/// [8.5.9.1] A seriously wounded officer out longer than the refit is replaced and his skill lost.
#[test]
fn recovery_replaces_officer() {
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    g.crew.expert_engineer = true;
    g.refit.refit_months = 1;
    g.resolve_recovery(4, vec![3], &mut ev);
    assert!(!g.crew.expert_engineer);
}

/// [9.1] The captain in hospital 5-6 months: a new boat, a new crew at Trained without skills.
#[test]
fn captain_long_hospital() {
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    g.crew.quality = CrewQuality::Elite;
    g.refit.refit_months = 1;
    g.resolve_recovery(0, vec![6], &mut ev);
    assert!(g.refit.new_boat);
    assert_eq!(g.crew.quality, CrewQuality::Trained);
    assert_eq!(g.refit.captain_hospital, 7);
}

/// [8.8.1] [8.8.2] The Golden Kite by rank, and the higher bar after the 5th class.
#[test]
fn golden_kite_by_rank() {
    use awards::golden_kite;
    assert_eq!(
        golden_kite(Rank::LieutenantCommander, None, 60_000, false),
        Some(Kite::Fifth)
    );
    assert_eq!(golden_kite(Rank::LieutenantCommander, None, 40_000, false), None);
    assert_eq!(golden_kite(Rank::Commander, None, 0, true), Some(Kite::Fourth));
    assert_eq!(
        golden_kite(Rank::Commander, Some(Kite::Fifth), 60_000, false),
        None
    );
    assert_eq!(
        golden_kite(Rank::Captain, Some(Kite::Fifth), 100_000, false),
        Some(Kite::Fourth)
    );
}

/// [8.9.2] Promotion on 1-4 with the period's modifiers; Leadership promotes without a roll.
#[test]
fn promotion() {
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    g.period.unsuccessful = 1;
    g.resolve_promotion(vec![4], &mut ev);
    assert_eq!(g.rank, Rank::LieutenantCommander);
    g.period.golden_kite = true;
    g.resolve_promotion(vec![5], &mut ev);
    assert_eq!(g.rank, Rank::Commander);
    assert_eq!(g.upgrade_markers, 1);
    g.special_skill = Some(SpecialSkill::Leadership);
    g.resolve_promotion(vec![6], &mut ev);
    assert_eq!(g.rank, Rank::Captain);
}

/// [9.2] A refit of 5 months or more: a new boat, the latest Kaidai, sailing after 1 month.
#[test]
fn long_refit_new_boat() {
    let mut g = physical("kd3");
    let mut ev = Vec::new();
    g.refit.sailed = Month::new(1943, 1).unwrap();
    g.refit.patrol_months = 2;
    g.refit.refit_months = 5;
    g.reassign(&mut ev);
    assert_eq!((g.class.as_str(), g.refit.refit_months), ("kd7", 1));
}

/// [8.9.4] Sen-Toku needs a Commander to take with an upgrade marker [9.3].
#[test]
fn upgrade_needs_commander() {
    let mut g = physical("kd6");
    g.upgrade_markers = 1;
    g.refit.sailed = Month::new(1945, 4).unwrap();
    g.refit.patrol_months = 2;
    let has = |g: &Career, c: &str| {
        g.upgrade_choices().choices.iter().any(|x| {
            x.action
                == CareerAction::Upgrade {
                    class: Some(c.into()),
                }
        })
    };
    let needs: Vec<String> = g
        .catalog()
        .classes
        .iter()
        .filter(|c| c.needs_commander)
        .map(|c| c.id.clone())
        .collect();
    for c in &needs {
        assert!(!has(&g, c));
    }
    g.rank = Rank::Commander;
    assert!(needs.iter().any(|c| has(&g, c)));
}

/// [5.2.2] Tonnage levels; [5.2.3] a step up per 10 special missions; a failed scuttling is Defeat;
/// [5.2.4] judged posthumously.
#[test]
fn victory_levels() {
    use victory::{EndCause as E, VictoryLevel as V};
    assert_eq!(V::of_tonnage(9_999), V::Defeat);
    assert_eq!(V::of_tonnage(10_000), V::Draw);
    assert_eq!(V::of_tonnage(20_000), V::MarginalVictory);
    assert_eq!(V::of_tonnage(50_000), V::ConsiderableVictory);
    assert_eq!(V::of_tonnage(100_000), V::DecisiveVictory);
    assert_eq!(
        CareerEnd::judge(E::WarOver, 25_000, 10).level,
        V::ConsiderableVictory
    );
    assert_eq!(CareerEnd::judge(E::Captured, 200_000, 20).level, V::Defeat);
    assert!(CareerEnd::judge(E::Killed, 5_000, 0).posthumous);
}

/// [5.1.2] A refit that puts the next patrol after 7/45 ends the career.
#[test]
fn next_patrol_after_july_1945() {
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    g.steps.clear();
    g.refit.sailed = Month::new(1945, 6).unwrap();
    g.refit.patrol_months = 2;
    g.refit.refit_months = 1;
    g.end_refit(&mut ev);
    assert_eq!(g.end().map(|e| e.cause), Some(victory::EndCause::WarOver));
}

fn notes(ev: &[CareerEvent]) -> Vec<(String, String)> {
    ev.iter()
        .filter_map(|e| match e {
            CareerEvent::Note { rule, text } => Some((rule.clone(), text.clone())),
            _ => None,
        })
        .collect()
}

/// A patrol of `months` from `sailed`, with `tonnage` sunk, ready for the awards [6.2.3B C].
fn after_patrol(g: &mut Career, sailed: Month, months: i32, tonnage: u32) {
    g.refit = Refit {
        sailed,
        patrol_months: months,
        refit_months: 1,
        tonnage,
        ..Refit::default()
    };
}

/// [8.8.6] The Greater East Asia War Medal after the first patrol, once; [8.8.4] the Order of the
/// Sacred Treasure after 12 months of service; [8.8.3] the Order of the Rising Sun after 24.
#[test]
fn service_decorations() {
    let mut g = physical("kd6");
    let start = g.service_start;
    let mut ev = Vec::new();
    after_patrol(&mut g, start, 2, 0);
    g.awards(&mut ev);
    assert!(g.decorations().iter().any(|d| d == "Greater East Asia War Medal"));
    assert!(!g.decorations().iter().any(|d| d.contains("Sacred Treasure")));
    after_patrol(&mut g, start.plus(10), 2, 0);
    g.awards(&mut ev);
    assert!(
        g.decorations()
            .iter()
            .any(|d| d == "Order of the Sacred Treasure, 8th class")
    );
    assert!(!g.decorations().iter().any(|d| d.contains("Rising Sun")));
    after_patrol(&mut g, start.plus(22), 2, 0);
    g.awards(&mut ev);
    assert!(
        g.decorations()
            .iter()
            .any(|d| d == "Order of the Rising Sun, 8th class")
    );
    let medals = g
        .decorations()
        .iter()
        .filter(|d| *d == "Greater East Asia War Medal")
        .count();
    assert_eq!(medals, 1);
    let rules: Vec<String> = notes(&ev).into_iter().map(|(r, _)| r).collect();
    for r in ["8.8.6", "8.8.4", "8.8.3"] {
        assert!(rules.iter().any(|x| x == r), "no note for [{r}]");
    }
}

/// [8.8.5] The Wound Badge for a captain wounded on patrol.
#[test]
fn wound_badge() {
    let mut g = physical("kd6");
    let start = g.service_start;
    let mut ev = Vec::new();
    after_patrol(&mut g, start, 2, 0);
    g.awards(&mut ev);
    assert!(!g.decorations().iter().any(|d| d == "Wound Badge"));
    after_patrol(&mut g, start.plus(3), 2, 0);
    g.refit.captain_wounded = true;
    g.awards(&mut ev);
    assert!(g.decorations().iter().any(|d| d == "Wound Badge"));
}

/// [8.8.7] The Submarine Badge for graduating from the Submarine School at the start.
#[test]
fn submarine_badge_at_the_start() {
    let g = physical("kd6");
    assert_eq!(g.decorations(), ["Submarine Badge".to_string()]);
}

/// [8.8.1] [8.8.2] Through the refit: a Lieutenant Commander's 50,000 t patrol earns the 5th class and an
/// upgrade marker [9.3]; promoted, the 4th class then needs 100,000 t or a capital ship.
#[test]
fn golden_kite_classes_in_the_refit() {
    let mut g = physical("kd6");
    let start = g.service_start;
    let mut ev = Vec::new();
    after_patrol(&mut g, start, 2, 50_001);
    g.awards(&mut ev);
    assert_eq!(g.kite, Some(Kite::Fifth));
    assert_eq!(g.upgrade_markers, 1);
    assert!(g.period.golden_kite);
    g.rank = Rank::Commander;
    after_patrol(&mut g, start.plus(3), 2, 60_000);
    g.awards(&mut ev);
    assert_eq!(g.kite, Some(Kite::Fifth), "the higher bar after the 5th class");
    after_patrol(&mut g, start.plus(6), 2, 100_000);
    g.awards(&mut ev);
    assert_eq!(g.kite, Some(Kite::Fourth));
    assert!(
        g.decorations()
            .iter()
            .any(|d| d == "Order of the Golden Kite, 4th class")
    );
    assert_eq!(g.upgrade_markers, 2);
    // No further Golden Kite once the 4th class is held.
    after_patrol(&mut g, start.plus(9), 2, 200_000);
    g.refit.capital_sunk = true;
    g.awards(&mut ev);
    assert_eq!(g.upgrade_markers, 2);
}

/// [8.8.1] A Commander sinking a capital ship goes straight to the 4th class.
#[test]
fn golden_kite_fourth_for_a_capital_ship() {
    let mut g = physical("kd6");
    let start = g.service_start;
    let mut ev = Vec::new();
    g.rank = Rank::Commander;
    after_patrol(&mut g, start, 2, 30_000);
    g.refit.capital_sunk = true;
    g.awards(&mut ev);
    assert_eq!(g.kite, Some(Kite::Fourth));
}

/// [7.12] A Type B loses its deck gun and aviation and is fitted for 4 kaiten in 11/44; a refit that does
/// not cross the date changes nothing.
#[test]
fn type_b_removals_and_kaiten() {
    let mut g = physical("type_b");
    let mut ev = Vec::new();
    after_patrol(&mut g, Month::new(1944, 7).unwrap(), 2, 0);
    g.removals(&mut ev);
    assert!(notes(&ev).is_empty());
    after_patrol(&mut g, Month::new(1944, 8).unwrap(), 2, 0);
    g.removals(&mut ev);
    let n = notes(&ev);
    assert!(n.iter().all(|(r, _)| r == "7.12"));
    assert!(n.iter().any(|(_, t)| t.contains("deck gun")));
    assert!(n.iter().any(|(_, t)| t.contains("aviation")));
    assert!(n.iter().any(|(_, t)| t.contains("4 kaiten")));
}

/// [7.12] The Type B.3 is fitted for 4 kaiten in 1/45 and 6 in 4/45.
#[test]
fn type_b3_kaiten_capacity_grows() {
    let mut g = physical("type_b3");
    let mut ev = Vec::new();
    after_patrol(&mut g, Month::new(1945, 2).unwrap(), 1, 0);
    g.refit.refit_months = 1;
    g.removals(&mut ev);
    assert!(notes(&ev).iter().any(|(_, t)| t.contains("6 kaiten")));
}

/// [4.3.1] [11.6] The log header: "I-" and a number without the option; the class's first historical
/// hull number with it.
#[test]
fn log_header_historical_id() {
    let g = physical("kd6");
    assert!(g.hull_number.starts_with("I-"));
    let opts = CareerOptions {
        class: Some("kd6".into()),
        historical_id: true,
        ..CareerOptions::default()
    };
    let g = Career::new(opts, 1, DiceMode::Physical).unwrap();
    assert_eq!(g.hull_number, "I.68");
    let header = g.opening_events().iter().find_map(|e| match e {
        CareerEvent::Header { hull_number, .. } => Some(hull_number.clone()),
        _ => None,
    });
    assert_eq!(header.as_deref(), Some("I.68"));
}

/// [11.8] The H2 name generator: a 1d20 family name, then a 1d20 given name, then the header.
#[test]
fn h2_name_generator() {
    let opts = CareerOptions {
        class: Some("kd6".into()),
        name_generator: true,
        ..CareerOptions::default()
    };
    let mut g = Career::new(opts, 1, DiceMode::Physical).unwrap();
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            roll: CareerRoll::FamilyName
        }
    ));
    roll(&mut g, &[1]);
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            roll: CareerRoll::GivenName
        }
    ));
    let ev = g.apply(CareerAction::Roll { faces: vec![1] }).unwrap();
    let name = ev.iter().find_map(|e| match e {
        CareerEvent::Header { commander, .. } => Some(commander.clone()),
        _ => None,
    });
    let name = name.unwrap();
    assert_eq!(
        name.split_whitespace().count(),
        2,
        "family and given name: {name}"
    );
    assert_eq!(g.view().commander, name);
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            roll: CareerRoll::Kure { officer: 0 }
        }
    ));
}

/// [10.1] Hot seat: player 2 rolls the escorts and aircraft (B4-B7) with physical dice, even in a seeded
/// career; each roll is recorded as his. Player 1's rolls stay seeded.
#[test]
fn two_player_rolls_for_the_escorts() {
    let mut seen = 0;
    for seed in 0..20 {
        let opts = CareerOptions {
            class: Some("kd6".into()),
            two_player: true,
            ..CareerOptions::default()
        };
        let mut g = Career::new(opts, seed, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        for _ in 0..20_000 {
            if let Some(a) = Policy::Careful.choose(&g, &mut rng) {
                g.apply(a).unwrap();
                continue;
            }
            let Pending::Roll(RollSpec { dice, reason, .. }) = g.pending() else {
                break;
            };
            let chart = g.player_two_roll().expect("only player 2's rolls wait");
            assert!(player_two_chart(&chart));
            assert!(reason.starts_with("Player 2 rolls [10.1]"), "{reason}");
            let faces = vec![4; dice.face_count()];
            let ev = g.apply(CareerAction::Roll { faces }).unwrap();
            assert!(matches!(
                ev.first(),
                Some(CareerEvent::RolledBy { player: 2, .. })
            ));
            seen += 1;
        }
        assert_eq!(g.view().player_two_rolls, seen_in(&g));
    }
    assert!(seen > 0, "no escort or aircraft roll in 20 careers");
}

fn seen_in(g: &Career) -> u32 {
    g.player_two_rolls
}

/// [10.1] Without the option, a seeded career refuses typed dice.
#[test]
fn one_player_refuses_typed_dice() {
    let opts = CareerOptions {
        class: Some("kd6".into()),
        ..CareerOptions::default()
    };
    let mut g = Career::new(opts, 1, DiceMode::Seeded).unwrap();
    assert!(g.player_two_roll().is_none());
    assert_eq!(
        g.apply(CareerAction::Roll { faces: vec![3] }).unwrap_err(),
        CareerError::NotNow {
            action: "roll 3".into(),
            waiting_for: g.waiting_for()
        }
    );
}

fn entry(player: u32, tonnage: u32, cause: EndCause) -> tournament::Entry {
    tournament::Entry {
        player,
        seed: u64::from(player),
        commander: format!("P{player}"),
        class: "Kaidai KD.6".into(),
        tonnage,
        cause,
        level: VictoryLevel::of_tonnage(tonnage),
    }
}

/// [10.2] Most tonnage wins, survival not required; equal tonnage, equal rank.
#[test]
fn tonnage_tournament_ranks_by_tonnage() {
    use tournament::{TournamentKind, standings};
    let t = standings(
        TournamentKind::Tonnage,
        vec![
            entry(1, 20_000, EndCause::WarOver),
            entry(2, 50_000, EndCause::Killed),
            entry(3, 20_000, EndCause::Scuttled),
        ],
    );
    let ranks: Vec<(u32, Option<u32>)> = t.iter().map(|s| (s.entry.player, s.rank)).collect();
    assert_eq!(ranks, [(2, Some(1)), (1, Some(2)), (3, Some(2))]);
    assert_eq!(t[0].fate, "killed");
}

/// [10.3] Only a submarine afloat at the end of July 1945 is ranked.
#[test]
fn survival_tournament_needs_the_boat_afloat() {
    use tournament::{TournamentKind, standings};
    let t = standings(
        TournamentKind::Survival,
        vec![
            entry(1, 10_000, EndCause::WarOver),
            entry(2, 90_000, EndCause::Killed),
            entry(3, 30_000, EndCause::Scuttled),
        ],
    );
    let ranks: Vec<(u32, Option<u32>)> = t.iter().map(|s| (s.entry.player, s.rank)).collect();
    assert_eq!(ranks, [(1, Some(1)), (2, None), (3, None)]);
}

/// [10.2] Same class for every player; [10.4] a free class choice; commanders named with H2 [11.8].
#[test]
fn tournaments_play_whole_careers() {
    use tournament::{TournamentKind, play};
    let t = play(
        TournamentKind::Tonnage,
        4,
        5,
        Policy::Careful,
        &CareerOptions::default(),
    )
    .unwrap();
    assert_eq!(t.len(), 4);
    assert!(t.iter().all(|s| s.entry.class.starts_with("Kaidai")), "{t:?}");
    assert!(
        t.iter()
            .all(|s| !s.entry.commander.is_empty() && s.entry.commander != "the Commander")
    );
    assert_eq!(t[0].rank, Some(1));
    let m = play(
        TournamentKind::Mixed,
        8,
        5,
        Policy::Careful,
        &CareerOptions::default(),
    )
    .unwrap();
    let classes: std::collections::BTreeSet<&str> = m.iter().map(|s| s.entry.class.as_str()).collect();
    assert!(classes.len() > 1, "one class for all: {classes:?}");
}

fn ship(
    name: &str,
    kind: periscope_data::sensuikan::charts::ShipKind,
    tonnage: u32,
) -> crate::sensuikan::ShipRecord {
    crate::sensuikan::ShipRecord {
        name: name.into(),
        kind,
        tonnage,
        sunk: true,
        box_number: 3,
        by_midget: false,
    }
}

/// [11.1] Standard tonnage: small merchant 3,500 t, large 7,000 t, tanker 9,000 t; off by default.
#[test]
fn standard_tonnage_option() {
    use periscope_data::sensuikan::charts::ShipKind;
    let mut g = physical("kd6");
    let small = g.charts().t1.chart.rows[0].result.clone();
    let large = g.charts().t2.chart.rows[0].result.clone();
    let tanker = g
        .charts()
        .t2
        .chart
        .rows
        .iter()
        .find(|r| r.result.kind == ShipKind::Tanker)
        .map(|r| r.result.clone());
    let s = ship(&small.name, small.kind, small.tonnage);
    assert_eq!(g.credited_tonnage(&s), small.tonnage);
    g.options.standard_tonnage = true;
    assert_eq!(g.credited_tonnage(&s), 3_500);
    assert_eq!(
        g.credited_tonnage(&ship(&large.name, large.kind, large.tonnage)),
        7_000
    );
    if let Some(t) = tanker {
        assert_eq!(g.credited_tonnage(&ship(&t.name, t.kind, t.tonnage)), 9_000);
    }
    // A naval target keeps its tonnage.
    assert_eq!(
        g.credited_tonnage(&ship("USS Somebody", ShipKind::Destroyer, 1_630)),
        1_630
    );
}

/// [11.2] Historical targets: the names sunk are kept; a ship sunk twice is noted.
#[test]
fn historical_targets_keep_the_names() {
    use periscope_data::sensuikan::charts::ShipKind;
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    let s = [ship("Cynthia Olson", ShipKind::Freighter, 2_140)];
    g.record_sunk_names(&s, &mut ev);
    assert!(notes(&ev).is_empty());
    g.record_sunk_names(&s, &mut ev);
    assert!(notes(&ev).iter().any(|(r, _)| r == "11.2"));
    assert_eq!(g.view().sunk_names, ["Cynthia Olson".to_string()]);
}

/// [4.8.2] A lost midget commander is replaced at the refit and the replacement attends F2.
#[test]
fn midget_commander_replaced_at_refit() {
    let mut g = physical("type_c");
    let mut ev = Vec::new();
    g.midget_commander = None;
    after_patrol(&mut g, Month::new(1942, 3).unwrap(), 2, 0);
    g.steps.clear();
    g.schools(&mut ev);
    assert_eq!(
        g.steps.front(),
        Some(&Step::Roll {
            roll: CareerRoll::MidgetSchool
        })
    );
    assert_eq!(g.resolve_midget_school(vec![3, 4], &mut ev), Ok(()));
    assert!(g.midget_commander.is_some());
}

/// [4.8.3] Missing pilots are replaced at the refit through F3.
#[test]
fn pilots_replaced_at_refit() {
    let mut g = physical("type_a");
    let mut ev = Vec::new();
    g.pilots.clear();
    after_patrol(&mut g, Month::new(1942, 3).unwrap(), 2, 0);
    g.steps.clear();
    g.schools(&mut ev);
    assert_eq!(
        g.steps.front(),
        Some(&Step::Roll {
            roll: CareerRoll::PilotSchool { pilot: 0 }
        })
    );
    assert!(notes(&ev).iter().any(|(r, _)| r == "4.8.3"));
}

/// [4.8.4] [7.18] Kaiten pilots are trained only before a kaiten attack, a new set each time: the refit
/// rolls no F4; an assignment to a kaiten event rolls F4 (1d6) once per kaiten the boat carries [7.12], and
/// the pilots sail with their kaiten.
#[test]
fn kaiten_school_before_each_kaiten_attack() {
    let f4_steps = |g: &Career| {
        g.steps
            .iter()
            .filter(|s| {
                matches!(
                    s,
                    Step::Roll {
                        roll: CareerRoll::KaitenSchool { .. }
                    }
                )
            })
            .count()
    };
    let mut g = physical("type_b");
    let mut ev = Vec::new();
    after_patrol(&mut g, Month::new(1944, 9).unwrap(), 2, 0);
    g.steps.clear();
    g.schools(&mut ev);
    assert_eq!(f4_steps(&g), 0, "no F4 at the refit");
    g.month = Month::new(1944, 12).unwrap();
    g.kaiten_pilots = vec!["resolute".into()];
    g.steps.clear();
    g.set_assignment("central_pacific".into(), None, &mut ev);
    assert_eq!(g.mission.plan(), MissionPlan::KaitenUlithi);
    assert_eq!(f4_steps(&g), 4);
    assert!(g.kaiten_pilots.is_empty(), "the previous operators are dead");
    assert_eq!(
        g.roll_spec(CareerRoll::KaitenSchool { pilot: 0 }).dice,
        Dice::D1D6
    );
    for pilot in 0..4 {
        assert_eq!(g.resolve_kaiten_school(pilot, vec![3], &mut ev), Ok(()));
    }
    assert_eq!(g.kaiten_pilots, vec!["reef_runner".to_string(); 4]);
}

/// A `class` career at the assignment of `area` in `month` from `base`: the mission chosen [7.14] and the
/// patrol built with it.
fn assign(class: &str, month: (u16, u8), base: &str, area: &str) -> (Career, Vec<CareerEvent>) {
    let mut g = physical(class);
    g.month = Month::new(month.0, month.1).unwrap();
    g.base = base.into();
    g.steps.clear();
    let mut ev = Vec::new();
    g.set_assignment(area.into(), None, &mut ev);
    assert_eq!(g.steps.front(), Some(&Step::Sail));
    g.steps.clear();
    g.sail(&mut ev);
    let p = g.patrol.as_ref().unwrap();
    assert_eq!(
        p.options.mission,
        g.mission.plan(),
        "the patrol flies the career's mission"
    );
    (g, ev)
}

/// The patrol comes home with its mission done or not (the patrol's own flags, as its procedure sets
/// them), then the career reads the result: the credits and special missions it gains.
fn come_home(g: &mut Career, done: bool) -> (u32, u32) {
    g.log.clear();
    let (credits, specials) = (g.credits, g.special_missions);
    let p = g.patrol.as_mut().unwrap();
    p.mission.success = done.then_some(true);
    p.mission.done = done;
    if p.mission() == MissionPlan::Evacuation && done {
        p.mission.passenger = Some(None);
    }
    let mut ev = Vec::new();
    p.finish(crate::sensuikan::PatrolEnd::InPort, &mut ev);
    if p.mission() != MissionPlan::Patrol {
        assert_eq!(p.result().unwrap().mission_success, Some(done));
    }
    let mut ev = Vec::new();
    g.finish_patrol(&mut ev);
    (g.credits - credits, g.special_missions - specials)
}

/// [7.14] [7.2] [7.13] Malaya 1/42: picket duty, the first mission on the marker; engaging a warship is
/// a success and counts twice, a picket that met none fails and counts nothing.
#[test]
fn picket_duty_assigned_and_credited() {
    let (mut g, _) = assign("kd6", (1942, 1), "yokosuka", "malaya");
    assert_eq!(
        g.mission,
        CareerMission::Special {
            event: Some("malaya".into()),
            plan: MissionPlan::PicketDuty
        }
    );
    assert_eq!(come_home(&mut g, true), (2, 1));
    assert_eq!(g.log()[0].mission, "picket duty (malaya marker)");
    assert!(g.log()[0].result.contains("Mission accomplished"));
    let (mut g, _) = assign("kd6", (1942, 1), "yokosuka", "malaya");
    assert_eq!(come_home(&mut g, false), (0, 0));
    assert!(g.log()[0].result.contains("Mission failed"));
}

/// [7.14] [7.3] [7.4] [7.13] Guadalcanal 11/42: a boat without a midget skips the midget attack and takes
/// the transport; delivered supplies count twice.
#[test]
fn transport_assigned_after_an_impossible_midget_attack() {
    let (mut g, ev) = assign("kd6", (1942, 11), "truk", "solomons");
    assert_eq!(g.mission.plan(), MissionPlan::Transport);
    assert!(
        notes(&ev)
            .iter()
            .any(|(r, t)| r == "7.14" && t.contains("midget attack"))
    );
    assert_eq!(come_home(&mut g, true), (2, 1));
}

/// [7.14] [7.6] [7.13] Attu-Kiska 4/43: evacuation from the Aleutians (re-based to Paramushiro [4.7.2]);
/// the passengers home unharmed is a double success.
#[test]
fn evacuation_assigned_and_credited() {
    let (mut g, _) = assign("kd6", (1943, 4), "yokosuka", "aleutians");
    assert_eq!(g.base, "paramushiro");
    assert_eq!(g.mission.plan(), MissionPlan::Evacuation);
    assert_eq!(come_home(&mut g, true), (2, 1));
    let (mut g, _) = assign("kd6", (1943, 4), "yokosuka", "aleutians");
    assert_eq!(come_home(&mut g, false), (0, 0));
}

/// [7.14] [7.7] [7.9] [7.13] Oregon 8/42: bombing needs aircraft, so a KD.6 takes the next mission, the
/// coastal bombardment; coming home after it counts twice.
#[test]
fn coastal_bombardment_after_bombing_is_impossible() {
    let (mut g, ev) = assign("kd6", (1942, 8), "yokosuka", "us_west_coast");
    assert_eq!(g.mission.plan(), MissionPlan::CoastalBombardment);
    assert!(
        notes(&ev)
            .iter()
            .any(|(r, t)| r == "7.14" && t.contains("Bombing"))
    );
    assert_eq!(come_home(&mut g, true), (2, 1));
}

/// [7.14] [7.10] [7.13] Dutch East Indies 1/42: a KD.6 lays mines from its bow tubes, double credit; the
/// Kirai-Sen lays them on every patrol and gets a single credit [7.10].
#[test]
fn minelaying_assigned_and_credited() {
    let (mut g, _) = assign("kd6", (1942, 1), "yokosuka", "dei");
    assert_eq!(g.mission.plan(), MissionPlan::Minelaying);
    assert!(g.patrol.as_ref().unwrap().mission.mines_aboard > 0);
    assert_eq!(come_home(&mut g, true), (2, 1));
    let (mut g, _) = assign("kirai_sen", (1942, 1), "yokosuka", "dei");
    assert_eq!(g.mission, CareerMission::Minelaying);
    assert_eq!(come_home(&mut g, true), (1, 1));
    // [7.10] The Kirai-Sen lays mines in an area without a marker too; mines not laid: no credit.
    let (mut g, _) = assign("kirai_sen", (1942, 8), "yokosuka", "central_pacific");
    assert_eq!(g.mission, CareerMission::Minelaying);
    assert_eq!(come_home(&mut g, false), (0, 0));
}

/// [7.14] [7.11] [7.13] India 5/43: passenger delivery; landed counts twice.
#[test]
fn passenger_delivery_assigned_and_credited() {
    let (mut g, _) = assign("kd6", (1943, 5), "yokosuka", "indian_ocean");
    assert_eq!(g.mission.plan(), MissionPlan::PassengerDelivery);
    assert_eq!(come_home(&mut g, true), (2, 1));
}

/// [7.5] [7.13] A Type A sent to Europe makes the strategic transport (marker or not): three months each
/// way on the log, delivered supplies count twice; [7.14] a Type B takes the Second Yanagi marker's.
#[test]
fn europe_transport_assigned_and_credited() {
    let (mut g, _) = assign("type_a", (1942, 8), "yokosuka", "europe");
    assert_eq!(
        g.mission,
        CareerMission::Special {
            event: None,
            plan: MissionPlan::EuropeTransport
        }
    );
    assert_eq!(come_home(&mut g, true), (2, 1));
    assert_eq!(g.refit.patrol_months, 6);
    let (g, _) = assign("type_b", (1943, 7), "yokosuka", "europe");
    assert_eq!(
        g.mission,
        CareerMission::Special {
            event: Some("second_yanagi".into()),
            plan: MissionPlan::EuropeTransport
        }
    );
}

/// [7.14] Pearl Harbor 12/41 for a KD.6: no midget, reconnaissance needs aircraft, so the
/// marker's "Patrol" mission, a special mission: coming home counts twice [7.13].
#[test]
fn marker_patrol_when_nothing_else_is_possible() {
    let (mut g, _) = assign("kd6", (1941, 12), "yokosuka", "pearl_harbor");
    assert_eq!(
        g.mission,
        CareerMission::EventPatrol {
            event: "pearl_harbor".into()
        }
    );
    assert_eq!(g.patrol.as_ref().unwrap().options.mission, MissionPlan::Patrol);
    assert_eq!(come_home(&mut g, true), (2, 1));
}

/// [4.3.1] The I-number the player typed goes on the log header, even with [11.6] on.
#[test]
fn log_header_typed_hull_number() {
    let opts = CareerOptions {
        class: Some("kd6".into()),
        historical_id: true,
        hull_number: " I-176 ".into(),
        ..CareerOptions::default()
    };
    let g = Career::new(opts, 1, DiceMode::Physical).unwrap();
    assert_eq!(g.hull_number, "I-176");
    assert_eq!(g.view().hull_number, "I-176");
}

/// [7.3] [7.13] A midget attack whose midget attacked is a success that counts twice, and the midget's
/// sinking is the boat's tonnage, marked on the Patrol Log as the midget's; [4.8.2] [7.16] the lost midget's
/// commander is replaced at the refit.
#[test]
fn midget_attack_credit_and_tonnage() {
    use periscope_data::sensuikan::charts::ShipKind;
    let (mut g, _) = assign("type_c", (1941, 12), "yokosuka", "pearl_harbor");
    assert!(matches!(g.mission, CareerMission::MidgetAttack { .. }));
    g.log.clear();
    g.midget_commander = Some("superior_communications".into());
    let (credits, specials) = (g.credits, g.special_missions);
    let p = g.patrol.as_mut().unwrap();
    assert_eq!(p.options.crew.midget_skill, None, "set before sailing: none yet");
    p.mission.success = Some(true);
    p.markers.push("midget_lost".into());
    p.log.push(crate::sensuikan::ShipRecord {
        by_midget: true,
        ..ship("Oklahoma", ShipKind::Battleship, 29_000)
    });
    let mut ev = Vec::new();
    p.finish(crate::sensuikan::PatrolEnd::InPort, &mut ev);
    let mut ev = Vec::new();
    g.finish_patrol(&mut ev);
    assert_eq!(g.credits - credits, 2);
    assert_eq!(g.special_missions - specials, 1);
    assert_eq!(g.view().tonnage, 29_000);
    let row = g.log.iter().find(|r| r.mark == "patrol").unwrap();
    assert!(row.ships[0].by_midget && row.ships[0].sunk);
    assert!(g.midget_commander.is_none(), "replaced at the refit [4.8.2]");
}

/// [4.8.2] [7.16] The midget commander's F2 skill sails with the midget.
#[test]
fn midget_commander_skill_sails() {
    let mut g = physical("type_c");
    g.midget_commander = Some("sharpshooter".into());
    g.month = Month::new(1941, 12).unwrap();
    g.base = "yokosuka".into();
    g.steps.clear();
    let mut ev = Vec::new();
    g.set_assignment("pearl_harbor".into(), None, &mut ev);
    g.steps.clear();
    g.sail(&mut ev);
    let p = g.patrol.as_ref().unwrap();
    assert_eq!(p.options.crew.midget_skill.as_deref(), Some("sharpshooter"));
}

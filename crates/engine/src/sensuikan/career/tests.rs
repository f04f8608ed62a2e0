//! Career tests: each cites the rule case it checks.

use super::test_support::*;
use super::*;
use crate::policy::Policy;
use crate::sensuikan::CrewQuality;

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

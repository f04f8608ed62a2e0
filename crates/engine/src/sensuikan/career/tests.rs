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
    assert!(g.service.patrols > 0);
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
    assert!(g.command.shibumi && g.crew().expert_xo && g.crew().expert_engineer);
    assert!(matches!(g.phase(), Phase::Decide { ask: Ask::FreeTime }));
    g.apply(CareerAction::FreeTime {
        option: "gosei".into(),
    })
    .unwrap();
    assert!(g.command.markers.contains(&"maneki_neko".to_string()));
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
    assert_eq!(g.command.special_skill, Some(SpecialSkill::Leadership));
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
    assert_eq!(g.duty.area, "pearl_harbor");
    assert!(matches!(g.duty.mission, CareerMission::MidgetAttack { .. }));
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
    assert_eq!(g.duty.mission, CareerMission::Minelaying);
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
    g.command.rank = Rank::Commander;
    let mut ev = Vec::new();
    g.resolve_request(vec![1], &mut ev);
    assert_eq!(
        g.steps.front(),
        Some(&Step::Ask {
            ask: Ask::RequestArea
        })
    );
    assert!(!g.duty.request_areas.is_empty());
    g.steps.clear();
    g.resolve_request(vec![2], &mut ev);
    assert_eq!(
        g.steps.front(),
        Some(&Step::Roll {
            roll: CareerRoll::Assignment
        })
    );
    g.command.rank = Rank::Captain;
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
    g.command.base = "paramushiro".into();
    g.month = Month::new(1943, 7).unwrap();
    g.base_by_date(&mut ev);
    assert_eq!(g.command.base, "truk");
    g.month = Month::new(1944, 3).unwrap();
    g.base_by_date(&mut ev);
    assert_eq!(g.command.base, "yokosuka");
}

/// [6.2.3A] [8.5.11] [8.5.11.1] [8.5.11.2] Refit: 3 INOP systems + 5 hull boxes = 4 months; [8.9.1] a Captain
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
    g.duty.refit.refit_months = 1;
    g.resolve_air_raid(vec![1, 2], &mut ev);
    assert_eq!(g.duty.refit.refit_months, 3);
    g.resolve_air_raid(vec![1, 3], &mut ev);
    assert_eq!(g.duty.refit.refit_months, 4);
    g.resolve_air_raid(vec![3, 3], &mut ev);
    assert_eq!(g.duty.refit.refit_months, 4);
    g.resolve_air_raid(vec![1, 1], &mut ev);
    assert!(g.duty.refit.new_boat);
}

/// [8.7.4] The expert XO leaves on 2-3.
#[test]
fn expert_xo_leaves() {
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    g.command.crew.expert_xo = true;
    g.resolve_expert_xo(vec![2, 2], &mut ev);
    assert!(g.command.crew.expert_xo);
    g.resolve_expert_xo(vec![1, 2], &mut ev);
    assert!(!g.command.crew.expert_xo);
}

/// [8.7.1] [8.7.2] Every 3 credits a choice; the crew level goes up; [8.7.3] 3 bad patrols take it down.
#[test]
fn crew_quality() {
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    g.command.credits = 4;
    let steps = g.quality_steps(&mut ev);
    assert_eq!(steps, vec![Step::Ask { ask: Ask::Improve }]);
    assert_eq!(g.command.credits, 1);
    g.improve("crew_level", &mut ev);
    assert_eq!(g.command.crew.quality, CrewQuality::Veteran);
    g.command.unsuccessful_in_a_row = 3;
    g.quality_steps(&mut ev);
    assert_eq!(g.command.crew.quality, CrewQuality::Trained);
}

/// [8.5.9.1] A seriously wounded officer out longer than the refit is replaced and his skill lost.
#[test]
fn recovery_replaces_officer() {
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    g.command.crew.expert_engineer = true;
    g.duty.refit.refit_months = 1;
    g.resolve_recovery(4, vec![3], &mut ev);
    assert!(!g.command.crew.expert_engineer);
}

/// [9.1] The captain in hospital 5-6 months: a new boat, a new crew at Trained without skills.
#[test]
fn captain_long_hospital() {
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    g.command.crew.quality = CrewQuality::Elite;
    g.duty.refit.refit_months = 1;
    g.resolve_recovery(0, vec![6], &mut ev);
    assert!(g.duty.refit.new_boat);
    assert_eq!(g.command.crew.quality, CrewQuality::Trained);
    assert_eq!(g.duty.refit.captain_hospital, 7);
}

/// [8.8.1] [8.8.2] The Golden Kite by rank, and the higher bar after the 5th class; [8.8] of the
/// decorations it alone changes play (the other awards are names on the log).
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
    g.service.period.unsuccessful = 1;
    g.resolve_promotion(vec![4], &mut ev);
    assert_eq!(g.command.rank, Rank::LieutenantCommander);
    g.service.period.golden_kite = true;
    g.resolve_promotion(vec![5], &mut ev);
    assert_eq!(g.command.rank, Rank::Commander);
    assert_eq!(g.service.upgrade_markers, 1);
    g.command.special_skill = Some(SpecialSkill::Leadership);
    g.resolve_promotion(vec![6], &mut ev);
    assert_eq!(g.command.rank, Rank::Captain);
}

/// [9.2] A refit of 5 months or more: a new boat, the latest Kaidai, sailing after 1 month.
#[test]
fn long_refit_new_boat() {
    let mut g = physical("kd3");
    let mut ev = Vec::new();
    g.duty.refit.sailed = Month::new(1943, 1).unwrap();
    g.duty.refit.patrol_months = 2;
    g.duty.refit.refit_months = 5;
    g.reassign(&mut ev);
    assert_eq!((g.command.class.as_str(), g.duty.refit.refit_months), ("kd7", 1));
}

/// [8.9.4] Sen-Toku needs a Commander to take with an upgrade marker [9.3].
#[test]
fn upgrade_needs_commander() {
    let mut g = physical("kd6");
    g.service.upgrade_markers = 1;
    g.duty.refit.sailed = Month::new(1945, 4).unwrap();
    g.duty.refit.patrol_months = 2;
    let has = |g: &Career, c: &str| {
        g.upgrade_choices(Labels::Written).choices.iter().any(|x| {
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
    g.command.rank = Rank::Commander;
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
    g.duty.refit.sailed = Month::new(1945, 6).unwrap();
    g.duty.refit.patrol_months = 2;
    g.duty.refit.refit_months = 1;
    g.end_refit(&mut ev);
    assert_eq!(g.end().map(|e| e.cause), Some(victory::EndCause::WarOver));
}

/// The career's steps run until it waits for a roll or a decision (bookkeeping steps run at once).
fn run_steps(g: &mut Career) -> Vec<CareerEvent> {
    let mut ev = Vec::new();
    g.next_step(&mut ev);
    ev
}

/// [8.9.2] A career begun in 12/41 rolls for promotion at the end of each 12 months of service: the first
/// roll in 12/42, then every December. A boat at sea in December rolls then, for the period 12/41-11/42
/// only: the patrol under way (unsuccessful here) counts in the next period, not in this one.
#[test]
fn promotion_rolled_at_sea_for_its_period_only_8_9_2() {
    let (mut g, _) = assign("kd6", (1942, 11), "yokosuka", "central_pacific");
    assert_eq!(g.service.service_start, Month::new(1941, 12).unwrap());
    assert_eq!(g.service.next_promotion, Month::new(1942, 12).unwrap());
    g.steps.clear();
    come_home(&mut g, false);
    // The roll comes first, before the refit's steps, and covers 12/41-11/42 without this patrol.
    assert_eq!(
        g.steps.front(),
        Some(&Step::Roll {
            roll: CareerRoll::Promotion
        })
    );
    let due = g.service.promotions_due.front().cloned().unwrap();
    assert_eq!((due.at, due.at_sea), (Month::new(1942, 12).unwrap(), true));
    assert_eq!((due.period.unsuccessful, due.period.ships_sunk), (0, 0));
    assert_eq!(due.months(), "12/41-11/42");
    assert_eq!(
        g.service.period.unsuccessful, 1,
        "the patrol counts in the next period"
    );
    assert_eq!(
        g.service.next_promotion,
        Month::new(1943, 12).unwrap(),
        "then every December"
    );
    run_steps(&mut g);
    assert!(matches!(
        g.phase,
        Phase::Roll {
            roll: CareerRoll::Promotion
        }
    ));
    let mut ev = Vec::new();
    g.resolve_promotion(vec![4], &mut ev);
    let rec = crate::testing::roll_on(&ev, "Promotion")
        .rule("8.9.2")
        .result(4)
        .no_modifier("8.9.2");
    assert!(
        rec.0.outcome.contains("12/41-11/42") && rec.0.outcome.contains("at sea"),
        "{}",
        rec.0.outcome
    );
    assert_eq!(g.command.rank, Rank::Commander);
}

/// [8.9.2] A patrol home in December counts in the period that has just ended (+1 for an unsuccessful
/// patrol in the period): the roll is made at the refit of 12/42.
#[test]
fn promotion_counts_a_patrol_home_in_december_8_9_2() {
    let (mut g, _) = assign("kd6", (1942, 10), "yokosuka", "central_pacific");
    g.steps.clear();
    come_home(&mut g, false);
    assert!(
        g.service.promotions_due.is_empty(),
        "not at sea when the period ended"
    );
    assert_eq!(g.service.period.unsuccessful, 1);
    run_steps(&mut g);
    assert!(
        matches!(
            g.phase,
            Phase::Roll {
                roll: CareerRoll::Promotion
            }
        ),
        "{:?}",
        g.phase
    );
    let due = g.service.promotions_due.front().cloned().unwrap();
    assert_eq!(
        (due.at, due.at_sea, due.period.unsuccessful),
        (Month::new(1942, 12).unwrap(), false, 1)
    );
    let mut ev = Vec::new();
    g.resolve_promotion(vec![4], &mut ev);
    crate::testing::roll_on(&ev, "Promotion")
        .modifier("8.9.2", 1)
        .result(5)
        .outcome("not promoted");
    assert_eq!(g.command.rank, Rank::LieutenantCommander);
    assert_eq!(
        g.service.period,
        Period::default(),
        "the next period starts empty"
    );
}

/// [8.9.2] A two-month class home in 11/42 with a month of refit sails in 12/42: the roll is made in port
/// as the period ends, before the assignment, though the boat never refits in a December.
#[test]
fn promotion_rolled_in_port_before_sailing_8_9_2() {
    let (mut g, _) = assign("kd6", (1942, 9), "yokosuka", "central_pacific");
    g.steps.clear();
    come_home(&mut g, true);
    let mut ev = Vec::new();
    // Through the refit's bookkeeping to its end: no roll before 12/42.
    g.next_step(&mut ev);
    while !matches!(
        g.phase,
        Phase::Roll {
            roll: CareerRoll::Promotion
        }
    ) {
        assert!(g.service.promotions_due.is_empty());
        match g.phase {
            Phase::Roll { roll } => {
                let d = if roll == CareerRoll::AirRaid {
                    vec![6, 6]
                } else {
                    vec![4, 4]
                };
                g.apply(CareerAction::Roll { faces: d }).unwrap();
            }
            Phase::Decide { ask } => {
                let c = g.choices(ask).choices[0].action.clone();
                g.apply(c).unwrap();
            }
            _ => panic!("no promotion roll: {:?}", g.phase),
        }
    }
    assert_eq!(g.month, Month::new(1942, 12).unwrap(), "rolled as the boat sails");
    // The patrol home in 11/42 sank nothing: it counts, unsuccessful, in the period 12/41-11/42.
    assert_eq!(
        g.service.promotions_due.front().map(|d| d.period.unsuccessful),
        Some(1)
    );
    assert_eq!(g.steps.front(), Some(&Step::Assign), "then the assignment");
}

/// [8.9.2] The period's modifiers: -1 for a Golden Kite in the period, -1 for 5 ships sunk (not 4), +1 for
/// each unsuccessful patrol, accumulating (+3 after three bad patrols).
#[test]
fn promotion_modifiers_of_the_period_8_9_2() {
    use super::promotion::promotion_modifiers as mods;
    let total = |m: Vec<crate::roll::Modifier>| m.iter().map(|x| x.value).sum::<i32>();
    assert_eq!(total(mods(true, 0, 0)), -1);
    assert_eq!(total(mods(false, 5, 0)), -1);
    assert_eq!(total(mods(false, 4, 0)), 0);
    assert_eq!(total(mods(false, 0, 3)), 3);
    assert_eq!(total(mods(true, 6, 1)), -1);
    assert!(mods(true, 5, 2).iter().all(|m| m.rule == "8.9.2"));
}

/// [11.7] [8.7.1] The captain's Shibumi (from Kure [4.8.1] or chosen [8.7.1]) sails with him: the patrol
/// offers it before the defective-torpedo check and the quick dive, once per patrol.
#[test]
fn the_captains_shibumi_sails_with_him_11_7() {
    let mut g = physical("kd6");
    g.command.shibumi = true;
    g.steps.clear();
    let mut ev = Vec::new();
    g.set_assignment("central_pacific".into(), None, &mut ev);
    g.steps.clear();
    g.sail(&mut ev);
    let p = g.duty.patrol.as_ref().unwrap();
    assert!(p.options().crew.shibumi);
    let mut g = physical("kd6");
    g.steps.clear();
    g.set_assignment("central_pacific".into(), None, &mut ev);
    g.steps.clear();
    g.sail(&mut ev);
    assert!(!g.duty.patrol.as_ref().unwrap().options().crew.shibumi);
}

/// [`Game::quiet`]: a quiet career (how `sim` plays) makes the same picks, the same events less its roll
/// records (its own and its patrols'), and the same career after every action as the normal path, for
/// 200 seeds with the careful captain and 50 with the random one.
#[test]
fn a_quiet_career_plays_the_same_careers() {
    fn is_record(e: &CareerEvent) -> bool {
        matches!(
            e,
            CareerEvent::Rolled { .. }
                | CareerEvent::Patrol {
                    patrol: crate::sensuikan::PatrolEvent::Rolled { .. }
                }
        )
    }
    for (seeds, policy, salt) in [(0..200, Policy::Careful, 0x00C0_FFEE), (0..50, Policy::Random, 0)] {
        for seed in seeds {
            let g = Career::new(CareerOptions::default(), seed, DiceMode::Seeded).unwrap();
            let (actions, records) = crate::policy::fast_path::quiet_agrees(
                g,
                seed ^ salt,
                policy,
                is_record,
                Career::forget_rolls,
            );
            assert!(actions > 0 && records > 0, "seed {seed}");
        }
    }
}

/// `sim`'s fast path (the patrol's choices read from the career's list, actions played without listing
/// the decision again to check them) plays the same careers as [`Game::apply`], event for event and
/// state for state, for 200 seeds with the careful captain and 50 with the random one.
#[test]
fn the_fast_path_plays_the_same_careers() {
    for seed in 0..200 {
        let g = Career::new(CareerOptions::default(), seed, DiceMode::Seeded).unwrap();
        assert!(crate::policy::fast_path::agrees(g, seed ^ 0x00C0_FFEE, Policy::Careful) > 0);
    }
    for seed in 0..50 {
        let g = Career::new(CareerOptions::default(), seed, DiceMode::Seeded).unwrap();
        assert!(crate::policy::fast_path::agrees(g, seed, Policy::Random) > 0);
    }
}

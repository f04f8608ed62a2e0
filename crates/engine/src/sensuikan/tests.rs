//! Sensuikan patrol tests: scripted dice, each test citing its rule case.

use periscope_data::sensuikan::charts::{Range, System};

use super::test_support::{EVERY_MISSION, act, scripted};
use super::*;
use crate::dice::{DiceMode, SeededRng};
use crate::game::{Game, Pending};

/// [12.0] The Example of Play: Type C, 12/41, Pearl Harbor; load roll 2 [4.5]; transit 8 and a quiet
/// second transit box [8.1.8 note]; the midget module on M1 [7.16]: circle 1 quiet, the net crossed on a 5,
/// a 10 and an M6 4 (broached, regains depth on a 6), a 7 and an M6 2 (aground, two more hull boxes): the
/// midget lost, the mission failed [7.3]; Pearl Harbor 5 = nothing without
/// radar [8.1.2]; 7 = ship + escort, size 3 = small, T1 77 = Nancy Moller; day on a 2 [8.1.9]; four bow Type
/// 95s at medium range submerged: two hits, one defective, B3 2 = 3 damage, sunk [8.2.3]; B4 6 undetected
/// [8.2.5]; two quiet transit boxes home.
#[test]
fn example_of_play_12_0() {
    let faces = [
        2, // [4.5] load: 1-3 = 12 Type 89 as reloads
        4, 4, // transit box 1: 8
        3, 3, // transit box 2: not stated by the book, any non-12
        3, 3, // [7.16] M5 circle 1: none (the book gives no number; ours: 6)
        2, 3, // M5 net: 5, crossed
        5, 5, // M5 circle 2: 10, an event
        2, 2, // M6 4: broaches
        6, // regains depth
        3, 4, // M5 circle 3: 7, an event
        1, 1, // M6 2: struck the bottom, 1 hull box
        2, 3, // 1d6 2 and 3: two more hull boxes (ours: the book says only "two more"): 3 of 3, lost
        2, 3, // on-station box 2: 5, no radar
        3, 4, // on-station box 3: 7 = ship(s) + escort
        1, // escorted ships: one
        3, // size: small
        7, 7, // T1 77: Nancy Moller
        2, // day
        3, 3, 2, 2, 5, 5, 6, 6, // four to-hit rolls: 6 hit, 4 hit, 10 miss, 12 miss
        1, 4, // B2: the first hit defective, the second good
        2, // B3: 3 damage
        3, 3, // B4: 6 undetected
        4, 4, 5, 3, // two transit boxes home
    ];
    let mut g = scripted(PatrolOptions::default(), &faces);
    // The loading roll, two transit boxes and the whole midget module are rolled from the dice.
    assert_eq!(g.boat().bow_reloads.len() + g.boat().stern_reloads.len(), 12);
    assert!(g.boat().bow_reloads.iter().all(|t| *t == Torpedo::Type89));
    assert!(g.boat().bow_tubes.iter().all(|t| *t == Some(Torpedo::Type95)));
    assert_eq!(
        g.route().len(),
        7,
        "[6.2.2A] 2 transit + 3 on station + 2 transit"
    );
    assert_eq!(
        g.route().iter().filter(|b| b.kind == BoxKind::OnStation).count(),
        3
    );
    let midget = g.midget().cloned();
    assert_eq!(
        midget.as_ref().map(|m| (m.map.as_str(), m.step, m.hull, m.lost)),
        Some(("M1", 3, 3, true))
    );
    assert!(g.markers.iter().any(|m| m == "midget_lost"));
    assert!(matches!(
        g.phase(),
        Phase::Decide {
            ask: Ask::Combat(CombatAsk::Engage)
        }
    ));
    let c = g.combat().cloned();
    assert_eq!(
        c.as_ref().map(|c| c.picture.targets[0].ship.name.as_str()),
        Some("Nancy Moller")
    );
    assert_eq!(c.as_ref().and_then(|c| c.picture.time), Some(TimeOfDay::Day));
    act(&mut g, "attack medium submerged");
    for _ in 0..4 {
        act(&mut g, "declare bow 1");
    }
    let ev = act(&mut g, "fire");
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::ShipSunk { name, .. } if name == "Nancy Moller"))
    );
    assert!(matches!(g.phase(), Phase::Decide { ask: Ask::TestDepth }));
    let ev = act(&mut g, "shallow");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Undetected)));
    // Only the escort is left: the encounter ends and the two transit boxes home pass quietly.
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::HomeInPort)), "{ev:?}");
    let r = g.result();
    let Some(r) = r else {
        panic!("not over: {:?}", g.phase())
    };
    assert_eq!(r.end, PatrolEnd::InPort);
    assert_eq!(r.tonnage_sunk, 3900);
    assert_eq!(r.mission_success, Some(false));
    assert_eq!(r.hull_boxes, 0);
    // Four fired, four reloaded from the bow reload box [4.5].
    assert_eq!(g.boat().torpedoes(), 16);
}

/// [8.1.8] The first natural 12 of a patrol is a random event; the early-war transit column still rolls.
#[test]
fn first_natural_12_is_a_random_event() {
    let opts = PatrolOptions {
        mission: MissionPlan::Patrol,
        ..PatrolOptions::default()
    };
    // Load 4 (all Type 95), transit 12 -> B11 roll 6,1 = 7 maneki neko (keep marker).
    let g = scripted(opts, &[4, 6, 6, 6, 1]);
    assert!(g.random_event_used());
    assert!(g.view().markers.contains(&"maneki_neko".to_string()));
}

/// [8.2.6] Beyond test depth: one hull box, then 2d6 against the hull boxes; above them, -1 on B4.
#[test]
fn test_depth_costs_a_hull_box_and_gives_minus_one() {
    let mut g = scripted(PatrolOptions::default(), &[4, 4, 4, 3, 3]);
    // Force a detection cycle through an escorted contact would need many faces; check the hull rule alone.
    g.combat = Some(Combat::new(ContactKind::ShipsEscorted));
    g.phase = Phase::Decide { ask: Ask::TestDepth };
    g.dice = crate::dice::DiceSource::Manual([5u8, 5, 1, 1].into_iter().collect());
    let ev = act(&mut g, "deep");
    assert_eq!(g.boat().hull, 1);
    assert!(ev.iter().any(
        |e| matches!(e, PatrolEvent::Rolled { roll } if roll.rule == "8.2.5"
        && roll.modifiers.iter().any(|m| m.rule == "8.2.6" && m.value == -1))
    ));
}

/// [8.2.7] A natural 2 always evades, whatever the modifiers.
#[test]
fn natural_two_always_evades() {
    let mut g = scripted(PatrolOptions::default(), &[4, 4, 4, 3, 3]);
    let mut c = Combat::new(ContactKind::CapitalShip);
    c.escort.detected_before = true;
    c.picture.range = Some(Range::Short);
    g.combat = Some(c);
    g.phase = Phase::Roll {
        purpose: RollPurpose::Escort(EscortRoll::Detection),
    };
    g.dice = crate::dice::DiceSource::Manual([1u8, 1].into_iter().collect());
    let mut ev = Vec::new();
    let _ = crate::machine::settle(&mut g, &mut ev);
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Undetected)));
}

/// [8.5.10] A hangar hit on a Type C has no effect; [8.5.2] a failed repair is INOP. [8.5.1] Damage short
/// of the hull's is repaired at sea, after the encounter; [6.2.2Bd] the repair rolls come once the combat is
/// over, not in it.
#[test]
fn absent_system_no_effect_and_failed_repair_is_inop() {
    let mut g = scripted(PatrolOptions::default(), &[4, 4, 4, 3, 3]);
    let mut ev = Vec::new();
    g.damage_system(System::Hangar, &mut ev);
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::NoEffect { .. })));
    g.damage_system(System::Periscope, &mut ev);
    g.dice = crate::dice::DiceSource::Manual([6u8].into_iter().collect());
    g.start_repairs(&mut ev);
    let _ = crate::machine::settle(&mut g, &mut ev);
    assert_eq!(g.boat().state(System::Periscope), Some(SystemState::Inop));
}

/// Random legal patrols: no panic, torpedoes only change by firing and loading, boxes within bounds.
fn random_patrols(n: u64) {
    for seed in 0..n {
        let mut rng = SeededRng::new(seed ^ 0xABCD);
        // Every mission the patrol knows [7.x], and Shibumi on some patrols [11.7].
        let mission = EVERY_MISSION[usize::try_from(seed).unwrap_or(0) % EVERY_MISSION.len()];
        let mut opts = PatrolOptions {
            mission,
            // [7.1] [7.7] [7.15] Boats with aircraft fly the aviation missions and are offered the
            // reconnaissance launch on plain patrols.
            class: match mission {
                MissionPlan::EuropeTransport => "type_a".into(),
                MissionPlan::Reconnaissance if seed % 2 == 0 => "sen_toku".into(),
                MissionPlan::Reconnaissance | MissionPlan::Bombing => "type_a_mod".into(),
                MissionPlan::Patrol => "type_b".into(),
                _ => "type_c".into(),
            },
            area: if mission == MissionPlan::EuropeTransport {
                "europe".into()
            } else {
                "pearl_harbor".into()
            },
            start: crate::Month {
                year: 1941 + u16::try_from(seed % 4).unwrap_or(0),
                month: 12,
            },
            ..PatrolOptions::default()
        };
        if mission.is_kaiten() {
            // [7.18] A boat fitted for kaiten (Type B from 11/44), its pilots with random F4 advantages.
            opts.class = "type_b".into();
            opts.area = "central_pacific".into();
            opts.start = crate::Month {
                year: 1944 + u16::try_from(seed % 2).unwrap_or(0),
                month: 12,
            };
            let skills = [
                "steady_launch",
                "careful_checks",
                "reef_runner",
                "evasive_run",
                "true_aim",
                "resolute",
            ];
            opts.crew.kaiten_pilots = (0..4)
                .map(|i| skills[usize::try_from((seed + i) % 6).unwrap_or(0)].to_string())
                .collect();
        }
        opts.crew.shibumi = seed % 5 == 0;
        // [7.16] The midget module on all four harbour maps, with each F2 skill now and then.
        if mission == MissionPlan::MidgetAttack {
            let harbours = ["pearl_harbor", "australia", "indian_ocean", "solomons"];
            opts.area = harbours[usize::try_from((seed / 11) % 4).unwrap_or(0)].into();
            let skills = [
                "none",
                "superior_communications",
                "steady_helmsman",
                "sharpshooter",
                "cool_nerves",
            ];
            opts.crew.midget_skill = Some(skills[usize::try_from((seed / 44) % 5).unwrap_or(0)].into());
        }
        let mut g = match Patrol::new(opts, seed, DiceMode::Seeded) {
            Ok(g) => g,
            Err(e) => panic!("{e}"),
        };
        let policy = if seed % 3 == 0 {
            policy::Policy::Careful
        } else {
            policy::Policy::Random
        };
        for _ in 0..10_000 {
            if let Pending::Over { .. } = g.pending() {
                break;
            }
            let Some(a) = policy.choose(&g, &mut rng) else {
                panic!("seed {seed}: no choice in {:?}", g.phase());
            };
            if let Err(e) = g.apply(a.clone()) {
                panic!("seed {seed}: {a} refused: {e}");
            }
            let (loaded, fired, lost) = g.torpedo_ledger();
            assert_eq!(
                g.boat().torpedoes() + fired + lost,
                loaded,
                "seed {seed}: torpedo ledger"
            );
            assert!(g.boat().hull <= g.class().hull_boxes);
            assert!(g.boat().flooding <= g.class().flooding_boxes);
            assert!(g.position() <= g.route().len());
            assert!(usize::from(g.mission.mines_aboard) <= g.boat().bow_tubes.len());
            if let Some(m) = g.midget() {
                assert!(
                    m.hull <= m.hull_boxes && m.torpedoes <= 2,
                    "seed {seed}: midget {m:?}"
                );
            }
            // Ships in their own time: no target is out of service in the patrol's month.
            let month = g.month();
            let targets = g
                .combat()
                .into_iter()
                .flat_map(|c| c.picture.targets.iter().map(|t| &t.ship));
            let at_anchor = g.midget().and_then(|m| m.target.as_ref());
            let kaiten = g.kaiten().and_then(|k| k.target.as_ref());
            for ship in targets.chain(at_anchor).chain(kaiten) {
                assert!(ship.in_service(month), "seed {seed}: {} in {month}", ship.name);
            }
        }
        // [7.3] A midget attack succeeds exactly when the released midget attacked; a lost one is marked.
        if let (Some(r), Some(m)) = (g.result(), g.midget()) {
            if !m.attacked {
                assert_eq!(
                    r.mission_success,
                    Some(false),
                    "seed {seed}: no attack, no success"
                );
            }
            assert_eq!(
                r.markers.iter().any(|x| x == "midget_lost"),
                m.lost,
                "seed {seed}: midget_lost marker"
            );
        }
        if let Some(r) = g.result() {
            // [7.13] Every special mission ends with an outcome; a plain patrol has none.
            assert_eq!(
                r.mission_success.is_some(),
                !matches!(r.mission, MissionPlan::Patrol),
                "seed {seed}: mission outcome"
            );
        }
        assert!(g.pending().is_over(), "seed {seed}: did not finish");
    }
}

#[test]
fn random_patrols_hold_their_invariants() {
    random_patrols(300);
}

/// `cargo test -p periscope-engine --release -- --ignored hundred_thousand`
#[test]
#[ignore]
fn hundred_thousand_random_patrols() {
    random_patrols(100_000);
}

/// [8.2.6] With a single hull box the check is still made though no implosion is possible, and a 2 costs
/// another hull box and is rolled again at once; above the boxes, -1 on the escorts' detection.
#[test]
fn test_depth_with_a_single_hull_box_rolls_again_on_a_two() {
    let mut g = scripted(PatrolOptions::default(), &[4, 4, 4, 3, 3]);
    g.combat = Some(Combat::new(ContactKind::ShipsEscorted));
    g.phase = Phase::Decide { ask: Ask::TestDepth };
    g.dice = crate::dice::DiceSource::Manual([1u8, 1, 6, 6, 5, 5].into_iter().collect());
    let ev = act(&mut g, "deep");
    let checks: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            PatrolEvent::Rolled { roll } if roll.chart == "Test depth" => Some(roll.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(checks.len(), 2, "{ev:?}");
    assert!(checks[0].outcome.contains("one more hull box"));
    assert!(checks[1].outcome.contains("-1 on the escorts' detection"));
    assert_eq!(g.boat().hull, 2, "the dive's box and the 2's box");
}

/// [8.2.6] The choice says what it risks: the hull box it costs (here the 4th of 8), what the 2d6 does, and
/// the chance the hull implodes (under the boxes, or after more boxes on equal rolls; all boxes marked
/// sinks the boat).
#[test]
fn going_beyond_test_depth_says_what_it_risks() {
    use super::escort::implosion_chance as risk;
    assert!(risk(1, 8) < 0.005, "a single box: no implosion on the first roll");
    // 4 boxes of 8: 3 in 36 under 4, and more after a 4.
    assert!((risk(4, 8) - 3.0 / 36.0).abs() < 0.02, "{}", risk(4, 8));
    assert!(risk(7, 8) > risk(4, 8));
    assert!((risk(8, 8) - 1.0).abs() < f64::EPSILON);
    let mut g = scripted(PatrolOptions::default(), &[4, 4, 4, 3, 3]);
    g.combat = Some(Combat::new(ContactKind::ShipsEscorted));
    g.boat.hull = 3;
    g.phase = Phase::Decide { ask: Ask::TestDepth };
    let Pending::Decision(d) = g.pending() else {
        panic!()
    };
    let deep = d
        .choices
        .iter()
        .find(|c| c.action == PatrolAction::TestDepth { exceed: true })
        .map(|c| c.label.clone())
        .unwrap_or_default();
    assert!(
        deep.contains(&format!("(4 of {})", g.class().hull_boxes)),
        "{deep}"
    );
    assert!(deep.contains("implodes") && deep.contains('%'), "{deep}");
}

/// [`Game::quiet`]: a quiet patrol (how `sim` plays) makes the same picks, the same events less its roll
/// records, and the same patrol after every action as the normal path, for 200 seeds with each policy.
#[test]
fn a_quiet_patrol_plays_the_same_patrols() {
    let (mut actions, mut records) = (0, 0);
    for seed in 0..200 {
        for policy in [crate::policy::Policy::Careful, crate::policy::Policy::Random] {
            let g = Patrol::new(PatrolOptions::default(), seed, DiceMode::Seeded).unwrap();
            let (a, r) = crate::policy::fast_path::quiet_agrees(
                g,
                seed,
                policy,
                |e| matches!(e, PatrolEvent::Rolled { .. }),
                Patrol::forget_rolls,
            );
            (actions, records) = (actions + a, records + r);
        }
    }
    assert!(actions > 400, "{actions} actions in 400 patrols");
    assert!(
        records > actions,
        "{records} roll records left out in 400 patrols"
    );
}

/// `sim`'s fast path (actions played without listing the decision again to check them) plays the same
/// patrols as [`Game::apply`], event for event and state for state, for 200 seeds with each policy.
#[test]
fn the_fast_path_plays_the_same_patrols() {
    let mut actions = 0;
    for seed in 0..200 {
        for policy in [crate::policy::Policy::Careful, crate::policy::Policy::Random] {
            let g = Patrol::new(PatrolOptions::default(), seed, DiceMode::Seeded).unwrap();
            actions += crate::policy::fast_path::agrees(g, seed, policy);
        }
    }
    // Some patrols end without a decision; most have several.
    assert!(actions > 400, "{actions} actions in 400 patrols");
}

/// [`machine::play_thrown_into`], how a career's dice throw its patrol's rolls, plays the same patrol as
/// entering the faces as a roll action ([`Game::apply_discarding_on_error`]): the same events and the same
/// patrol after every roll, for every mission, with and without Shibumi (which stops before some rolls
/// and passes others).
#[test]
fn thrown_faces_play_as_entered_faces() {
    let mut thrown = 0;
    for (i, mission) in EVERY_MISSION.into_iter().enumerate() {
        for shibumi in [false, true] {
            let seed = i as u64 * 2 + u64::from(shibumi);
            let options = PatrolOptions {
                mission,
                crew: CrewSetup {
                    shibumi,
                    ..CrewSetup::default()
                },
                ..PatrolOptions::default()
            };
            let mut entered = Patrol::new(options, seed, DiceMode::Physical).unwrap();
            let mut rng = SeededRng::new(seed);
            for _ in 0..5_000 {
                let action = match entered.waiting_roll() {
                    Some(roll) => {
                        let dice = entered.roll_dice(roll);
                        let faces: Vec<u8> = (0..dice.face_count())
                            .map(|k| {
                                let (lo, hi) = dice.face_range(k);
                                lo + (rng.face(u32::from(hi - lo) + 1) - 1) as u8
                            })
                            .collect();
                        PatrolAction::Roll { faces }
                    }
                    None => match crate::policy::Policy::Random.choose(&entered, &mut rng) {
                        Some(a) => a,
                        None => break,
                    },
                };
                let mut other = entered.clone();
                let expected = entered.apply_discarding_on_error(action.clone()).unwrap();
                let events = match action {
                    PatrolAction::Roll { faces } => {
                        thrown += 1;
                        let mut events = Vec::new();
                        let roll = |f: crate::dice::Faces| PatrolAction::Roll { faces: f.into_vec() };
                        let faces = crate::dice::Faces::from_slice(&faces).unwrap();
                        machine::play_thrown_into(&mut other, faces, roll, &mut events).unwrap();
                        events
                    }
                    a => other.apply_discarding_on_error(a).unwrap(),
                };
                assert!(events == expected, "{mission:?} seed {seed}: events differ");
                assert!(other == entered, "{mission:?} seed {seed}: patrols differ");
            }
            assert!(entered.is_over(), "{mission:?} seed {seed} did not end");
        }
    }
    assert!(thrown > 500, "{thrown} rolls thrown");
}

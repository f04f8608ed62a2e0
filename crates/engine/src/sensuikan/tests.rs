//! Sensuikan patrol tests: scripted dice, each test citing its rule case.

use periscope_data::sensuikan::charts::{Range, System};

use super::test_support::{EVERY_MISSION, act, feed, scripted};
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

/// [8.5.10] A hangar hit on a Type C has no effect; [8.5.2] a failed repair is INOP.
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

// ---- Helpers for the rule-case tests below -------------------------------------------------------------

/// Queues more scripted faces and rolls whatever the game waits for.
fn patrol_opts() -> PatrolOptions {
    PatrolOptions {
        mission: MissionPlan::Patrol,
        ..PatrolOptions::default()
    }
}

fn month(year: u16, month: u8) -> crate::Month {
    crate::Month { year, month }
}

/// A Type C off Pearl Harbor in 12/41 (or `opts`): all Type 95, two quiet transit boxes; the game waits for
/// the first on-station encounter roll (box 3).
fn on_station(opts: PatrolOptions) -> Patrol {
    let g = scripted(opts, &[4, 3, 3, 3, 3]);
    assert_eq!(g.position(), 2);
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            purpose: RollPurpose::Encounter
        }
    ));
    g
}

/// As `on_station`, for a start from 7/42 (the Type 92 decision: none).
fn on_station_late(opts: PatrolOptions) -> Patrol {
    let mut g = scripted(opts, &[3, 3, 3, 3]);
    act(&mut g, "load 0");
    assert_eq!(g.position(), 2);
    g
}

/// Pearl Harbor A3 7 = ship(s) + escort; one ship; small; T1 77 Nancy Moller (2 to sink); `time` on 1d6.
fn escorted_contact(mut g: Patrol, time: u8) -> Patrol {
    feed(&mut g, &[3, 4, 1, 3, 7, 7, time]);
    assert!(matches!(
        g.phase(),
        Phase::Decide {
            ask: Ask::Combat(CombatAsk::Engage)
        }
    ));
    g
}

/// A Type C off the Dutch East Indies (1 + 5 + 1 boxes); A3 4 = a ship sailing alone; small; T1 77; day.
fn lone_ship() -> Patrol {
    let opts = PatrolOptions {
        area: "dei".into(),
        ..patrol_opts()
    };
    let mut g = scripted(opts, &[4, 3, 3]);
    assert_eq!(g.position(), 1);
    feed(&mut g, &[1, 3, 3, 7, 7, 1]);
    assert!(matches!(
        g.phase(),
        Phase::Decide {
            ask: Ask::Combat(CombatAsk::Engage)
        }
    ));
    assert!(g.combat().is_some_and(|c| !c.picture.escorted));
    g
}

fn rolls_of<'a>(ev: &'a [PatrolEvent], rule: &str) -> Vec<&'a crate::roll::RollRecord> {
    ev.iter()
        .filter_map(|e| match e {
            PatrolEvent::Rolled { roll } if roll.rule == rule => Some(roll),
            _ => None,
        })
        .collect()
}

fn has_mod(r: &crate::roll::RollRecord, rule: &str, value: i32) -> bool {
    r.modifiers.iter().any(|m| m.rule == rule && m.value == value)
}

fn waits_roll(g: &Patrol, p: RollPurpose) -> bool {
    *g.phase() == Phase::Roll { purpose: p }
}

fn waits(g: &Patrol, a: AskView) -> bool {
    matches!(g.phase(), Phase::Decide { ask } if AskView::of(*ask) == a)
}

fn refused(g: &mut Patrol, a: &str) -> bool {
    let action: PatrolAction = match a.parse() {
        Ok(x) => x,
        Err(e) => panic!("{e}"),
    };
    g.apply(action).is_err()
}

// ---- [6.2.2B] / [8.1.x] encounter rolls ----------------------------------------------------------------

/// [8.1.2] A submarine with operational radar gets a second encounter chance if the first roll was a "5".
#[test]
fn radar_rolls_again_after_a_five() {
    let opts = PatrolOptions {
        start: month(1944, 7),
        ..patrol_opts()
    };
    let mut g = on_station_late(opts.clone());
    let ev = feed(&mut g, &[2, 3, 3, 4]);
    assert_eq!(
        rolls_of(&ev, "6.2.2B").len(),
        2,
        "5, then the radar's second roll: 7"
    );
    assert!(waits_roll(&g, RollPurpose::Contact(ContactRoll::ShipCount)));
    // Radar damaged: a 5 is simply no encounter, and the boat moves on.
    let mut g = on_station_late(opts);
    g.boat.systems.push((System::Radar, SystemState::Damaged));
    let ev = feed(&mut g, &[2, 3]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::EnteredBox { number: 4, .. }))
    );
}

/// [8.7.1] A Navigation officer with the Expert skill may re-roll the encounter in any non-transit box.
#[test]
fn expert_navigator_rerolls_on_station_only() {
    let opts = PatrolOptions {
        crew: CrewSetup {
            expert_navigator: true,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    // The two transit boxes were rolled without asking.
    let mut g = on_station(opts);
    feed(&mut g, &[3, 4]);
    assert!(waits(&g, AskView::Reroll));
    feed(&mut g, &[3, 3]);
    act(&mut g, "reroll");
    // The re-roll is final: 6 = nothing, the next box.
    assert_eq!(g.position(), 3);
    feed(&mut g, &[3, 4]);
    assert!(waits(&g, AskView::Reroll));
    feed(&mut g, &[1]);
    act(&mut g, "keep");
    assert!(
        g.combat()
            .is_some_and(|c| c.picture.kind == ContactKind::ShipsEscorted)
    );
}

/// [8.1.8 note] Early in the war, transit boxes generate no encounters, but the player still rolls to catch a
/// 12 (random event).
#[test]
fn early_war_transit_boxes_have_no_encounters() {
    // 12/41: transit rolls of 2 and 11 are nothing.
    let g = scripted(patrol_opts(), &[4, 1, 1, 5, 6]);
    assert_eq!(g.position(), 2);
    assert!(g.combat().is_none());
    // From 7/42 the transit column has encounters: a 2 is a ship.
    let opts = PatrolOptions {
        start: month(1942, 7),
        ..patrol_opts()
    };
    let mut g = scripted(opts, &[1, 1]);
    act(&mut g, "load 0");
    assert_eq!(g.position(), 0);
    assert!(g.combat().is_some_and(|c| c.picture.kind == ContactKind::Ship));
}

/// [8.5.4] One diesel fails → abort; two encounter rolls per box on the way home.
#[test]
fn a_diesel_out_aborts_and_rolls_twice_per_box() {
    let mut g = on_station(patrol_opts());
    // A3 natural 12: random event; B11 5 = diesel breakdown; the repair fails (6): INOP.
    let ev = feed(&mut g, &[6, 6, 2, 3, 6]);
    assert!(g.aborted());
    assert_eq!(g.boat().diesels_out, 1);
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Aborted { .. })));
    // [8.6.2] The nearer end is the outbound one: two transit boxes back.
    assert_eq!(g.route().len(), 5);
    let ev = feed(&mut g, &[3, 3, 4, 4]);
    assert_eq!(rolls_of(&ev, "6.2.2B").len(), 2);
    assert_eq!(g.position(), 4, "two rolls in box 4, then box 5");
}

// ---- capital ships and warships ------------------------------------------------------------------------

/// [8.1.4] Capital ship: roll on T4 (US list here), always escorted, escorts +1 DRM on detection.
#[test]
fn capital_ships_are_escorted_and_plus_one_to_detect() {
    let mut g = on_station(patrol_opts());
    feed(&mut g, &[1, 1, 1, 1]);
    let c = g.combat().cloned();
    let Some(c) = c else { panic!("no contact") };
    assert!(c.picture.escorted && c.picture.targets[0].capital);
    let us = g
        .charts()
        .t4
        .roll(periscope_data::sensuikan::charts::CapitalList::Us, 1)
        .map(|r| r.result.name.clone());
    assert_eq!(Some(c.picture.targets[0].ship.name.clone()), us);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    assert!(waits(&g, AskView::TestDepth));
    feed(&mut g, &[3, 3]);
    let ev = act(&mut g, "shallow");
    let det = rolls_of(&ev, "8.2.5");
    assert!(has_mod(det[0], "8.1.4", 1), "{det:?}");
}

/// [8.1.4] In the DEI, Malaya, Indochina or Indian Ocean, use the British sub-list.
#[test]
fn capital_ships_in_british_areas_use_the_british_list() {
    let opts = PatrolOptions {
        area: "dei".into(),
        ..patrol_opts()
    };
    let mut g = scripted(opts, &[4, 3, 3]);
    feed(&mut g, &[1, 1, 1, 1]);
    let british = g
        .charts()
        .t4
        .roll(periscope_data::sensuikan::charts::CapitalList::British, 1)
        .map(|r| r.result.name.clone());
    assert_eq!(
        g.combat().map(|c| c.picture.targets[0].ship.name.clone()),
        british
    );
}

/// [8.1.5] Warship: T3, always escorted; all warships are Fast Targets (+1 to hit), and DE, DD and generic
/// escorts another +1 (small).
#[test]
fn warships_are_fast_and_destroyers_small() {
    // T3 1 = a Fletcher-class destroyer: +2.
    let mut g = on_station(patrol_opts());
    feed(&mut g, &[1, 2, 1, 1]);
    assert!(g.combat().is_some_and(|c| c.picture.escorted));
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[3, 3]);
    let ev = act(&mut g, "fire");
    let hit = rolls_of(&ev, "8.2.3");
    assert_eq!(hit[0].modifiers.iter().map(|m| m.value).sum::<i32>(), 2);
    assert_eq!(hit[0].result, 8);
    // T3 11 = a light cruiser: fast only, +1.
    let mut g = on_station(patrol_opts());
    feed(&mut g, &[1, 2, 11, 1]);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[3, 3]);
    let ev = act(&mut g, "fire");
    let hit = rolls_of(&ev, "8.2.3");
    assert!(has_mod(hit[0], "8.1.5", 1));
    assert_eq!(hit[0].modifiers.len(), 1);
}

// ---- the attack ----------------------------------------------------------------------------------------

/// [8.2.1] Short range against escorts: a B4 detection roll before firing. Avoid detection on a 2d6 result of
/// 9 or less. Golden Kite holder: −1 DRM.
#[test]
fn short_range_approach_undetected_on_nine_or_less() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    feed(&mut g, &[4, 5]);
    act(&mut g, "attack short submerged");
    assert!(waits(&g, AskView::Salvo), "9: undetected, fire first");
    // 10: detected, no attack; the escorts attack on B5 at once.
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    feed(&mut g, &[5, 5]);
    let ev = act(&mut g, "attack short submerged");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Detected)));
    assert!(waits_roll(&g, RollPurpose::Escort(EscortRoll::Attack)));
    // The Golden Kite: 10 - 1 = 9, undetected.
    let opts = PatrolOptions {
        crew: CrewSetup {
            golden_kite: true,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    let mut g = escorted_contact(on_station(opts), 1);
    feed(&mut g, &[5, 5]);
    let ev = act(&mut g, "attack short submerged");
    assert!(has_mod(rolls_of(&ev, "8.2.1")[0], "8.2.1", -1));
    assert!(waits(&g, AskView::Salvo));
}

/// [8.2.2] At night the player may choose a night surface attack: +1 to detection, +1 on B5 in the first
/// round, no test depth that round; a second salvo from the other end at +1 to hit.
#[test]
fn night_surface_attack_and_the_second_salvo() {
    // By day there is no surface attack.
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    assert!(refused(&mut g, "attack medium surfaced"));
    let mut g = escorted_contact(on_station(patrol_opts()), 4);
    act(&mut g, "attack medium surfaced");
    act(&mut g, "declare bow 1");
    act(&mut g, "declare stern 1");
    feed(&mut g, &[6, 6, 6, 6, 4, 4]);
    let ev = act(&mut g, "fire");
    let hits = rolls_of(&ev, "8.2.3");
    assert!(!has_mod(hits[0], "8.2.2", 1));
    assert!(
        has_mod(hits[1], "8.2.2", 1),
        "the stern torpedo is the second salvo"
    );
    // No test depth decision after a night surface attack: straight to B4, at +1.
    let det = rolls_of(&ev, "8.2.5");
    assert!(has_mod(det[0], "8.2.2", 1));
    assert!(waits_roll(&g, RollPurpose::Escort(EscortRoll::Attack)));
    // B5 in that first round: +1; 4 + 1 = 5: one hit (hull on d100 05).
    let ev = feed(&mut g, &[2, 2, 0, 5]);
    let b5 = rolls_of(&ev, "8.2.5");
    assert!(b5.iter().any(|r| r.chart == "B5" && has_mod(r, "8.2.2", 1)));
    assert_eq!(g.boat().hull, 1);
    // The next detection may go beyond test depth again.
    assert!(waits(&g, AskView::TestDepth));
}

/// [8.2.3] Fire one or all bow **or** stern torpedoes at any target(s), all from the same end unless it is a
/// second salvo.
#[test]
fn submerged_salvos_come_from_one_end() {
    let mut g = escorted_contact(on_station(patrol_opts()), 4);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    assert!(refused(&mut g, "declare stern 1"));
}

/// [8.2.4] Besides torpedoes in the first turn, the sub may fire 2 deck-gun shots per available deck gun
/// against unescorted ships. Ammunition is limited per patrol. Each shot is evaluated before the next.
#[test]
fn deck_gun_two_shots_per_gun_with_ammunition() {
    let mut g = lone_ship();
    assert_eq!(g.boat().ammunition, 5);
    act(&mut g, "attack short submerged");
    feed(&mut g, &[6, 6, 6, 6]);
    act(&mut g, "gun 1");
    assert!(
        waits(&g, AskView::Salvo),
        "the first shot is resolved before the next"
    );
    act(&mut g, "gun 1");
    assert!(refused(&mut g, "gun 1"), "two shots for one gun");
    assert_eq!(g.boat().ammunition, 3);
    // Torpedoes may still be fired in the same turn.
    act(&mut g, "declare bow 1");
    // The last round of ammunition: one shot only.
    let mut g = lone_ship();
    g.boat.ammunition = 1;
    act(&mut g, "attack short submerged");
    feed(&mut g, &[6, 6]);
    act(&mut g, "gun 1");
    assert!(refused(&mut g, "gun 1"));
    // Not against escorted ships.
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    act(&mut g, "attack medium submerged");
    assert!(refused(&mut g, "gun 1"));
}

/// [8.2.11] The player may attack an escort: add a generic 2,000 t escort target (only 1 escort in the
/// window). It gets +2 to be hit (fast + small).
/// [8.2.12] Escort sunk → −1 DRM to detection for the rest of the combat, plus credit for its tonnage.
#[test]
fn sinking_the_escort_helps_detection() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    act(&mut g, "attack medium submerged");
    let escort = g.combat().map(|c| c.picture.targets[1].clone());
    assert!(
        escort
            .as_ref()
            .is_some_and(|t| t.is_escort && t.ship.tonnage == 2000)
    );
    act(&mut g, "declare bow 2");
    // 2 + 2 = 4 hits; B2 4 good; B3 1 = 4 damage: sunk.
    feed(&mut g, &[1, 1, 4, 1]);
    let ev = act(&mut g, "fire");
    assert_eq!(rolls_of(&ev, "8.2.3")[0].result, 4);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::ShipSunk { tonnage: 2000, .. }))
    );
    feed(&mut g, &[3, 3]);
    let ev = act(&mut g, "shallow");
    assert!(has_mod(rolls_of(&ev, "8.2.5")[0], "8.2.12", -1));
}

/// [8.2.12] Escort survives the salvo (even if damaged) → +1 DRM to detection for the rest of the combat.
#[test]
fn an_escort_that_survives_hunts_harder() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 2");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    feed(&mut g, &[3, 3]);
    let ev = act(&mut g, "shallow");
    assert!(has_mod(rolls_of(&ev, "8.2.5")[0], "8.2.12", 1));
}

/// [8.2.5] Repeat detection with +1 for prior detection; at short range all rolls after combat starts +1.
#[test]
fn prior_detection_and_short_range_add_one() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    feed(&mut g, &[3, 3]);
    act(&mut g, "attack short submerged");
    act(&mut g, "declare bow 1");
    // Miss; B4 5 + 1 (short) = 6... detected needs 9: 4,4 + 1 = 9 detected; B5 1,1 + 1 = 3: no hits.
    feed(&mut g, &[6, 6, 4, 4, 1, 1]);
    act(&mut g, "fire");
    let ev = act(&mut g, "shallow");
    let det = rolls_of(&ev, "8.2.5");
    assert!(has_mod(det[0], "8.2.5", 1) && !has_mod(det[0], "8.2.5", 2));
    let b5 = det.iter().find(|r| r.chart == "B5").copied();
    assert!(b5.is_some_and(|r| has_mod(r, "8.2.5", 1)), "{det:?}");
    assert!(waits(&g, AskView::TestDepth));
    feed(&mut g, &[1, 2]);
    let ev = act(&mut g, "shallow");
    let det = rolls_of(&ev, "8.2.5");
    let prior = det[0].modifiers.iter().filter(|m| m.rule == "8.2.5").count();
    assert_eq!(prior, 2, "prior detection and short range: {det:?}");
}

/// [8.1.9] In daylight, steam-torpedo attacks give +1 DRM to detection.
#[test]
fn steam_torpedoes_by_day_leave_a_wake() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.boat.bow_tubes[0] = Some(Torpedo::Type89);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6, 3, 3]);
    act(&mut g, "fire");
    let ev = act(&mut g, "shallow");
    assert!(has_mod(rolls_of(&ev, "8.2.5")[0], "8.1.9", 1));
    // At night the same torpedo leaves no visible wake.
    let mut g = escorted_contact(on_station(patrol_opts()), 4);
    g.boat.bow_tubes[0] = Some(Torpedo::Type89);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6, 3, 3]);
    act(&mut g, "fire");
    let ev = act(&mut g, "shallow");
    assert!(!has_mod(rolls_of(&ev, "8.2.5")[0], "8.1.9", 1));
}

/// [8.2.5] From May 1944, before each escort attack, roll 1d6: 6 = "special attack" on the Hedgehog section
/// of B5. At most once per encounter.
#[test]
fn hedgehog_from_may_1944_once_per_encounter() {
    let opts = PatrolOptions {
        start: month(1944, 5),
        ..patrol_opts()
    };
    let mut g = escorted_contact(on_station_late(opts), 1);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    // Miss; B4 5,5 = 10 detected; special 6 = Hedgehog; Hedgehog 2,2: no hits.
    feed(&mut g, &[6, 6, 5, 5, 6, 2, 2]);
    act(&mut g, "fire");
    let ev = act(&mut g, "shallow");
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Rolled { roll } if roll.chart == "B5 special"))
    );
    assert!(g.combat().is_some_and(|c| c.incoming.special_used));
    // Detected again: no special roll any more, straight to B5.
    feed(&mut g, &[5, 5]);
    act(&mut g, "shallow");
    assert!(waits_roll(&g, RollPurpose::Escort(EscortRoll::Attack)));
    // Before 5/44 there is no special roll at all.
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6, 5, 5]);
    act(&mut g, "fire");
    act(&mut g, "shallow");
    assert!(waits_roll(&g, RollPurpose::Escort(EscortRoll::Attack)));
}

/// [8.2.6] Test depth: < boxes → implodes and sinks; = boxes → +1 hull damage and roll again immediately.
#[test]
fn test_depth_implodes_below_the_hull_boxes() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.boat.hull = 5;
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    // 6 hull boxes: a 6 adds a seventh and rolls again; then 3 < 7 implodes.
    feed(&mut g, &[3, 3, 1, 2]);
    act(&mut g, "deep");
    assert_eq!(g.boat().hull, 7);
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Sunk { .. }
        }
    ));
}

// ---- enemy submarine -----------------------------------------------------------------------------------

/// A Type C in 1/44: the first transit box rolls 11 = an enemy submarine; the game waits for the initiative.
fn enemy_submarine() -> Patrol {
    let opts = PatrolOptions {
        start: month(1944, 1),
        ..patrol_opts()
    };
    let mut g = scripted(opts, &[5, 6]);
    act(&mut g, "load 0");
    assert!(waits_roll(&g, RollPurpose::Enemy(EnemyRoll::Initiative)));
    g
}

/// [8.2.9.1] Enemy submarine initiative: 1d10; 4–10: the enemy attacks first with 4 torpedoes from medium
/// range. [8.2.9.4] Enemy torpedoes are defective on a "1".
#[test]
fn enemy_submarine_fires_four_first_and_a_one_is_defective() {
    let mut g = enemy_submarine();
    // Initiative 4; hit (2) but defective (1); three misses.
    let ev = feed(&mut g, &[4, 1, 1, 1, 6, 6, 6, 6, 6, 6]);
    assert_eq!(
        rolls_of(&ev, "8.2.9.4")
            .iter()
            .filter(|r| r.chart == "B1")
            .count(),
        4
    );
    assert!(waits(&g, AskView::EnemyAfter));
    act(&mut g, "continue");
    assert_eq!(g.position(), 1);
}

/// [8.2.9.4] Any non-defective enemy hit sinks the player's sub.
#[test]
fn an_enemy_submarine_hit_sinks() {
    let mut g = enemy_submarine();
    feed(&mut g, &[10, 1, 1, 2]);
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Sunk { .. }
        }
    ));
}

/// [8.2.9.2] If the player attacks first: normal range choice; no deck gun against submarines; the enemy sub
/// gets the warship +1 to-hit DRM. [8.2.9.3] The enemy sub sinks with 1 damage point.
#[test]
fn the_player_with_the_initiative_sinks_the_enemy_with_one_hit() {
    let mut g = enemy_submarine();
    feed(&mut g, &[1]);
    assert!(waits(&g, AskView::Engage));
    act(&mut g, "attack medium submerged");
    assert!(refused(&mut g, "gun 1"));
    act(&mut g, "declare bow 1");
    feed(&mut g, &[1, 1, 4, 6]);
    let ev = act(&mut g, "fire");
    assert!(has_mod(rolls_of(&ev, "8.2.3")[0], "8.1.5", 1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::ShipSunk { tonnage: 1500, .. }))
    );
    assert_eq!(g.position(), 1, "the encounter is over");
}

// ---- aviation ------------------------------------------------------------------------------------------

/// Pearl Harbor A3 4 = aircraft: the game waits for the quick dive.
fn aircraft(opts: PatrolOptions) -> Patrol {
    let mut g = on_station(opts);
    feed(&mut g, &[1, 3]);
    assert!(waits_roll(&g, RollPurpose::Aircraft(AircraftRoll::Dive)));
    g
}

/// [8.3.1] Aviation encounter: 2d6 on A4 + DRMs. Modified ≥6 → no combat (quick dive).
#[test]
fn a_quick_dive_on_six_avoids_the_aircraft() {
    let mut g = aircraft(patrol_opts());
    feed(&mut g, &[3, 3]);
    assert_eq!(g.position(), 3);
    assert_eq!(g.boat().hull, 0);
}

/// [8.3.2] Modified ≤5 → 1 attack on B5 at +2, a crew casualty roll; AA fire: shot down → no 2nd attack,
/// nothing further in the box except repairs.
#[test]
fn one_air_attack_and_the_aircraft_shot_down() {
    let mut g = aircraft(patrol_opts());
    // A4 4; B5 2 + 2 = 4: one hit, d100 05 hull; B7 6 crew, 1 LW; A2 2 shot down.
    let ev = feed(&mut g, &[2, 2, 1, 1, 0, 5, 3, 3, 1, 1, 1]);
    let b5 = rolls_of(&ev, "8.2.5");
    assert!(b5.iter().any(|r| r.chart == "B5" && has_mod(r, "8.3.2", 2)));
    assert_eq!(g.boat().hull, 1);
    assert_eq!(g.crew().crew[0], Some(Wound::Lw));
    assert!(
        rolls_of(&ev, "8.3.2")
            .iter()
            .any(|r| r.outcome.contains("shot down"))
    );
    assert_eq!(g.position(), 3, "nothing more in the box");
}

/// [8.3.2] The second attack happens only on a modified "1" on A4; damaged → the 2nd attack still happens;
/// nothing further; the aircraft returns to base.
#[test]
fn two_air_attacks_when_the_aircraft_is_only_damaged() {
    let opts = PatrolOptions {
        crew: CrewSetup {
            quality: CrewQuality::Green,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    let mut g = aircraft(opts);
    // A4 2 - 1 (green) = 1: two attacks. Each: B5 4 one hull hit, crew LW; A2 4 + 1 (green) = 5 damaged.
    feed(&mut g, &[1, 1, 1, 1, 0, 5, 3, 3, 1, 2, 2, 1, 1, 0, 5, 3, 3, 1]);
    assert_eq!(g.boat().hull, 2);
    assert_eq!(g.position(), 3);
}

/// [8.3.2] Undamaged → it shadows, and the sub counts as dived. Roll A3 "Additional combat round". Escort →
/// B4 detection from medium range, with +1 prior-detection DRM.
#[test]
fn an_unharmed_aircraft_shadows_and_brings_an_escort() {
    let mut g = aircraft(patrol_opts());
    // A4 4; B5 4: hull; crew LW; A2 12 no effect; A3 additional 10 = escort; B4 1,2 undetected.
    let ev = feed(&mut g, &[2, 2, 1, 1, 0, 5, 3, 3, 1, 6, 6, 5, 5, 1, 2]);
    let det = rolls_of(&ev, "8.2.5");
    let b4 = det.iter().find(|r| r.chart == "B4").copied();
    assert!(b4.is_some_and(|r| has_mod(r, "8.2.5", 1)), "{det:?}");
    assert_eq!(g.position(), 3);
}

/// [8.3.4] Any combination of aviation/escort arrivals 4 times consecutively in the additional-combat-round
/// cycle = "hounded to exhaustion": surface and scuttle. [8.3.2 note] Aircraft after the first cause no crew
/// casualty.
#[test]
fn hounded_to_exhaustion_after_four_arrivals() {
    let mut g = aircraft(patrol_opts());
    feed(&mut g, &[2, 2, 1, 1, 0, 5, 3, 3, 1, 6, 6]);
    // Three more aircraft: each goes straight to B5 (one hull hit), no crew roll, no AA.
    for _ in 0..3 {
        let ev = feed(&mut g, &[6, 6, 1, 1, 0, 5]);
        assert!(rolls_of(&ev, "8.5.9").is_empty());
    }
    assert_eq!(g.boat().hull, 4);
    // The fourth arrival in a row.
    feed(&mut g, &[6, 6]);
    assert!(waits_roll(&g, RollPurpose::Damage(DamageRoll::Scuttle)));
    feed(&mut g, &[1, 1]);
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Scuttled { .. }
        }
    ));
}

/// [8.3.3] FIDO special attack from May 1944: no automatic crew casualty; a direct hit = automatic sinking.
#[test]
fn fido_from_may_1944() {
    let opts = PatrolOptions {
        start: month(1944, 5),
        ..patrol_opts()
    };
    let mut g = on_station_late(opts.clone());
    // Pearl Harbor 1/44: 4 = aircraft; A4 4 - 1 (radar aircraft from 1/44) = 3; special 6 = FIDO; 2,2 misses.
    let ev = feed(&mut g, &[1, 3, 2, 2, 6, 2, 2]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Rolled { roll } if roll.chart == "B5 special"))
    );
    assert!(
        waits_roll(&g, RollPurpose::Aircraft(AircraftRoll::AaFire)),
        "no crew casualty roll after a FIDO attack"
    );
    let mut g = on_station_late(opts);
    feed(&mut g, &[1, 3, 2, 2, 6, 6, 6]);
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Sunk { .. }
        }
    ));
}

/// [8.3.5] AA fire: −1 to hit if at least 2 AA guns are operational; no modifier with only 1.
#[test]
fn two_working_aa_guns_give_minus_one() {
    let mut g = aircraft(patrol_opts());
    g.class.aa_guns = 2;
    let ev = feed(&mut g, &[2, 2, 1, 1, 0, 5, 3, 3, 1, 2, 2]);
    assert!(has_mod(rolls_of(&ev, "8.3.2")[0], "8.3.5", -1));
    let mut g = aircraft(patrol_opts());
    let ev = feed(&mut g, &[2, 2, 1, 1, 0, 5, 3, 3, 1, 2, 2]);
    assert!(rolls_of(&ev, "8.3.2")[0].modifiers.is_empty());
}

// ---- tracking and additional rounds --------------------------------------------------------------------

/// Nancy Moller damaged (1 of 2), the escorts miss: the round is over.
fn damaged_escorted_ship() -> Patrol {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[1, 1, 4, 6, 1, 2]);
    act(&mut g, "fire");
    act(&mut g, "shallow");
    assert!(waits(&g, AskView::AfterRound));
    g
}

/// [8.4.2] Tracking is automatic if an escorted ship was damaged but not sunk. Roll 1d6: 1–4 it stays escorted
/// (damage kept); 5–6 it becomes an unescorted straggler.
#[test]
fn tracking_a_damaged_ship() {
    let mut g = damaged_escorted_ship();
    feed(&mut g, &[4]);
    act(&mut g, "track_damaged");
    assert!(waits(&g, AskView::Engage));
    assert!(
        g.combat()
            .is_some_and(|c| c.picture.escorted && c.picture.targets[0].damage == 1)
    );
    let mut g = damaged_escorted_ship();
    feed(&mut g, &[5]);
    act(&mut g, "track_damaged");
    assert!(
        g.combat()
            .is_some_and(|c| !c.picture.escorted && c.picture.targets.len() == 1)
    );
}

/// [8.4.4] Tracking a convoy or 2 escorted ships: 1d6, 1–4 success (attack as a new A3 convoy result); 5–6
/// escaped.
#[test]
fn tracking_the_convoy() {
    let mut g = damaged_escorted_ship();
    // 4: a fresh convoy window of three ships, each sized and identified.
    feed(&mut g, &[4, 1, 1, 0, 1, 1, 0, 2, 1, 0, 3, 1]);
    act(&mut g, "track_convoy");
    assert!(
        g.combat()
            .is_some_and(|c| c.picture.kind == ContactKind::Convoy && c.picture.targets.len() == 3)
    );
    let mut g = damaged_escorted_ship();
    feed(&mut g, &[5]);
    let ev = act(&mut g, "track_convoy");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::ContactLost)));
}

/// [8.4.5] Track up to 2 times (3 attack rounds total) in the same box.
#[test]
fn tracking_twice_per_box() {
    let mut g = damaged_escorted_ship();
    for _ in 0..2 {
        feed(&mut g, &[1]);
        act(&mut g, "track_damaged");
        act(&mut g, "attack medium submerged");
        act(&mut g, "declare bow 1");
        feed(&mut g, &[6, 6, 1, 2]);
        act(&mut g, "fire");
        act(&mut g, "shallow");
        assert!(waits(&g, AskView::AfterRound));
    }
    assert!(refused(&mut g, "track_damaged"));
}

/// [8.2.8] Unescorted target not sunk: optional additional combat round; roll A3 "Additional combat round";
/// at most 2 additional rounds in the same box.
#[test]
fn two_additional_rounds_per_box() {
    let mut g = lone_ship();
    for round in 0..3 {
        act(&mut g, "attack medium submerged");
        act(&mut g, "declare bow 1");
        feed(&mut g, &[6, 6]);
        act(&mut g, "fire");
        assert!(waits(&g, AskView::AfterRound));
        if round < 2 {
            feed(&mut g, &[2, 2]);
            act(&mut g, "again");
        }
    }
    assert!(refused(&mut g, "again"));
}

/// [8.2.8] Escort arrives → immediate B4 detection; aircraft arrives → abort the attack, immediate dive.
#[test]
fn additional_round_arrivals() {
    let mut g = lone_ship();
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    act(&mut g, "again");
    feed(&mut g, &[5, 5]);
    assert!(waits_roll(&g, RollPurpose::Escort(EscortRoll::Detection)));
    let mut g = lone_ship();
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    act(&mut g, "again");
    feed(&mut g, &[6, 6]);
    assert!(waits_roll(&g, RollPurpose::Aircraft(AircraftRoll::Dive)));
}

/// [4.5] Bow tubes reload only from the bow reload box; reloading happens after combat (between rounds).
#[test]
fn tubes_reload_between_rounds_from_their_own_end() {
    let mut g = lone_ship();
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6, 6, 6]);
    let ev = act(&mut g, "fire");
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Reloaded { bow: 2, stern: 0 }))
    );
    assert_eq!(g.boat().bow_reloads.len(), 6);
    assert_eq!(g.boat().stern_reloads.len(), 4);
}

// ---- damage, crew, repairs -----------------------------------------------------------------------------

/// Nancy Moller missed, the escorts detect (10) and attack with `b5` then the damage faces.
fn depth_charged(g: &mut Patrol, after: &[u8]) -> Vec<PatrolEvent> {
    act(g, "attack medium submerged");
    act(g, "declare bow 1");
    feed(g, &[6, 6, 5, 5]);
    act(g, "fire");
    feed(g, after);
    act(g, "shallow")
}

/// [8.5.3] At the end of each combat turn, check for additional flooding only if flooding boxes were received
/// that turn. 1d6: 5–6 → +1 flooding. Partial flooding is removed automatically after combat.
#[test]
fn flooding_checks_and_clears_after_combat() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    // B5 4: one hit; d100 35 flooding; B6 5: one more.
    depth_charged(&mut g, &[2, 2, 3, 5, 5]);
    assert_eq!(g.boat().flooding, 2);
    assert!(waits(&g, AskView::TestDepth));
    feed(&mut g, &[1, 1]);
    act(&mut g, "shallow");
    act(&mut g, "continue");
    assert_eq!(g.boat().flooding, 0);
}

/// [8.5.3] All flooding boxes full → blow ballast, surface, scuttle roll (8.6.3). [8.6.3] 2–11 success (crew
/// POW); 12 failure (sub captured); +1 if the captain is SW or KIA.
#[test]
fn full_flooding_means_scuttling() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.boat.flooding = 5;
    depth_charged(&mut g, &[2, 2, 3, 5]);
    assert!(waits_roll(&g, RollPurpose::Damage(DamageRoll::Scuttle)));
    g.crew.captain = Some(Wound::Sw);
    let ev = feed(&mut g, &[5, 6]);
    assert!(has_mod(rolls_of(&ev, "8.6.3")[0], "8.6.3", 1));
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Captured
        }
    ));
}

/// [8.5.5] All hull boxes marked → sunk with all hands.
#[test]
fn every_hull_box_sinks_the_boat() {
    let mut g = on_station(patrol_opts());
    let mut ev = Vec::new();
    g.add_hull(9, &mut ev);
    assert!(!matches!(g.phase(), Phase::Over { .. }));
    g.add_hull(1, &mut ev);
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Sunk { .. }
        }
    ));
}

/// [8.5.6] Fuel tanks damaged and failing repair (INOP) → abort immediately at the end of combat. Also combat
/// penalties: easier to detect.
#[test]
fn fuel_tanks_inop_abort() {
    let mut g = on_station(patrol_opts());
    let mut ev = Vec::new();
    g.damage_system(System::FuelTanks, &mut ev);
    assert!(!g.aborted());
    g.start_repairs(&mut ev);
    feed(&mut g, &[6]);
    assert!(g.aborted());
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.boat.systems.push((System::FuelTanks, SystemState::Inop));
    let ev = depth_charged(&mut g, &[]);
    assert!(has_mod(rolls_of(&ev, "8.2.5")[0], "8.2.5", 1));
}

/// [8.5.7] Damaged batteries: effects per B5.
#[test]
fn damaged_batteries_worsen_depth_charges() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.boat.systems.push((System::Batteries, SystemState::Damaged));
    let ev = depth_charged(&mut g, &[1, 1]);
    let b5 = rolls_of(&ev, "8.2.5");
    assert!(b5.iter().any(|r| r.chart == "B5" && has_mod(r, "8.5.7", 1)));
}

/// [8.5.4] Both diesels INOP → towed if 1 box from base, otherwise scuttled with a crew rescue roll. [8.6.3]
/// Rescue 2d6: 2–10 rescued; 11–12 lost at sea; +4 if the radio is INOP.
#[test]
fn both_diesels_out_towed_or_scuttled_and_rescue() {
    let mut g = on_station(patrol_opts());
    g.boat.diesels_out = 2;
    g.boat.systems.push((System::Radio, SystemState::Inop));
    let mut ev = Vec::new();
    g.check_abort(&mut ev);
    assert!(waits_roll(&g, RollPurpose::Damage(DamageRoll::Rescue)));
    let ev = feed(&mut g, &[3, 4]);
    assert!(has_mod(rolls_of(&ev, "8.6.3")[0], "8.6.3", 4));
    assert!(matches!(g.phase(), Phase::Over { end: PatrolEnd::Scuttled { crew } } if crew.contains("lost")));
    let mut g = on_station(patrol_opts());
    g.voyage.position = 5;
    g.boat.diesels_out = 2;
    let mut ev = Vec::new();
    g.check_abort(&mut ev);
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Towed
        }
    ));
}

/// [8.5.2] One repair roll per damaged system; expert engineer −1; engineer dead or SW +1.
#[test]
fn repairs_with_the_engineers_modifiers() {
    let opts = PatrolOptions {
        crew: CrewSetup {
            expert_engineer: true,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    let mut g = on_station(opts);
    let mut ev = Vec::new();
    g.damage_system(System::Periscope, &mut ev);
    g.start_repairs(&mut ev);
    let ev = feed(&mut g, &[5]);
    assert!(has_mod(rolls_of(&ev, "8.5.2")[0], "8.5.2", -1));
    assert!(g.boat().working(System::Periscope), "5 - 1 = 4 repaired");
    let mut g = on_station(patrol_opts());
    g.crew.engineer = Some(Wound::Sw);
    let mut ev = Vec::new();
    g.damage_system(System::Periscope, &mut ev);
    g.start_repairs(&mut ev);
    feed(&mut g, &[4]);
    assert_eq!(
        g.boat().state(System::Periscope),
        Some(SystemState::Inop),
        "4 + 1 = 5 fails"
    );
}

/// [8.7.1] Mechanical genius: may repair one INOP system once per patrol.
#[test]
fn the_mechanical_genius_fixes_one_inop_system() {
    let opts = PatrolOptions {
        crew: CrewSetup {
            mechanical_genius: true,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    let mut g = on_station(opts);
    let mut ev = Vec::new();
    g.damage_system(System::Periscope, &mut ev);
    g.damage_system(System::Radio, &mut ev);
    g.start_repairs(&mut ev);
    feed(&mut g, &[6, 6]);
    let inop = g
        .boat()
        .systems
        .iter()
        .filter(|(_, s)| *s == SystemState::Inop)
        .count();
    assert_eq!(inop, 1);
}

/// [8.5.9] Captain out: to-hit +1 and escort detection +1; Exec out too: +2 and +2; NAV out too: the engineer
/// commands and the sub must abort immediately.
#[test]
fn the_command_chain() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.crew.captain = Some(Wound::Sw);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6, 1, 2]);
    let ev = act(&mut g, "fire");
    assert!(has_mod(rolls_of(&ev, "8.2.3")[0], "8.5.9", 1));
    let ev = act(&mut g, "shallow");
    assert!(has_mod(rolls_of(&ev, "8.2.5")[0], "8.5.9", 1));
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.crew.captain = Some(Wound::Kia);
    g.crew.executive_officer = Some(Wound::Sw);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6, 1, 2]);
    let ev = act(&mut g, "fire");
    assert!(has_mod(rolls_of(&ev, "8.2.3")[0], "8.5.9", 2));
    let ev = act(&mut g, "shallow");
    assert!(has_mod(rolls_of(&ev, "8.2.5")[0], "8.5.9", 2));
    // The navigation officer hit by a depth charge crew casualty (d100 48; B7 4 = NAV, LW) is not out;
    // the same with him SW already is: the engineer commands, abort.
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.crew.captain = Some(Wound::Kia);
    g.crew.executive_officer = Some(Wound::Kia);
    g.crew.navigation_officer = Some(Wound::Lw);
    depth_charged(&mut g, &[2, 2, 4, 8, 2, 2]);
    assert_eq!(g.crew().navigation_officer, Some(Wound::Sw), "LW on LW is SW");
    assert!(g.aborted());
}

/// [8.5.9.2] A depth-charge crew casualty is automatically LW; roll who is hit. [8.5.9] Unwounded men are
/// wounded before second wounds are applied.
#[test]
fn depth_charge_casualties_are_light_wounds_on_fresh_men_first() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    // B5 6 = two hits: both crew casualties (d100 46, 47), B7 6 and 7 = crew.
    let ev = depth_charged(&mut g, &[3, 3, 4, 6, 3, 3, 4, 7, 3, 4]);
    assert!(rolls_of(&ev, "8.5.9").iter().all(|r| r.chart == "B7 crew"));
    assert_eq!(g.crew().crew[0], Some(Wound::Lw));
    assert_eq!(g.crew().crew[1], Some(Wound::Lw));
}

/// [8.5.9] Doctor incapacitated: each SW crew member rolls 1d6 at the start of every box: 1–3 survives, 4–6
/// dies.
#[test]
fn without_a_doctor_the_seriously_wounded_roll_each_box() {
    let mut g = on_station(patrol_opts());
    g.crew.doctor = Some(Wound::Kia);
    g.crew.crew[0] = Some(Wound::Sw);
    g.crew.crew[1] = Some(Wound::Sw);
    let ev = feed(&mut g, &[3, 3, 3, 4]);
    assert_eq!(rolls_of(&ev, "8.5.9").len(), 2);
    assert_eq!(g.crew().crew[0], Some(Wound::Sw));
    assert_eq!(g.crew().crew[1], Some(Wound::Kia));
    assert!(waits_roll(&g, RollPurpose::Encounter));
}

/// [8.5.9.3] Expert doctor: after an encounter, roll 1d6 per LW; 1–3 removes it.
#[test]
fn the_expert_doctor_treats_light_wounds() {
    let opts = PatrolOptions {
        crew: CrewSetup {
            expert_doctor: true,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    let mut g = on_station(opts);
    g.crew.crew[0] = Some(Wound::Lw);
    g.crew.captain = Some(Wound::Lw);
    let mut ev = Vec::new();
    g.start_repairs(&mut ev);
    feed(&mut g, &[3, 4]);
    assert_eq!(g.crew().captain, None);
    assert_eq!(g.crew().crew[0], Some(Wound::Lw));
}

// ---- random events (B11) -------------------------------------------------------------------------------

/// The first natural 12 on station, then the B11 faces.
fn random_event(opts: PatrolOptions, b11: [u8; 2]) -> (Patrol, Vec<PatrolEvent>) {
    let mut g = on_station(opts);
    let ev = feed(&mut g, &[6, 6, b11[0], b11[1]]);
    (g, ev)
}

/// [B11] 2 Fire aboard: one B5 damage roll, rolled again on hull, flooding or crew results.
#[test]
fn b11_fire_aboard() {
    let (mut g, _) = random_event(patrol_opts(), [1, 1]);
    feed(&mut g, &[0, 5, 3, 5, 5, 1, 1]);
    assert_eq!(g.boat().hull, 0);
    assert_eq!(g.boat().flooding, 0);
    assert!(g.boat().working(System::Periscope), "51 periscope, repaired on 1");
    assert_eq!(g.position(), 3);
}

/// [B11] 3 Run aground: 1 hull and the next on-station box lost; nothing with an expert navigator.
#[test]
fn b11_run_aground() {
    let (g, _) = random_event(patrol_opts(), [1, 2]);
    assert_eq!(g.boat().hull, 1);
    assert_eq!(g.route().len(), 6);
    let opts = PatrolOptions {
        crew: CrewSetup {
            expert_navigator: true,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    let (g, _) = random_event(opts, [1, 2]);
    assert_eq!(g.boat().hull, 0);
    assert_eq!(g.route().len(), 7);
}

/// [B11] 4 Typhoon: no encounter roll in the next box; a generic crew LW. 6 Sickness: a generic crew LW.
#[test]
fn b11_typhoon_and_sickness() {
    let (g, _) = random_event(patrol_opts(), [1, 3]);
    assert_eq!(g.crew().crew[0], Some(Wound::Lw));
    assert_eq!(g.position(), 4, "box 4 passed without a roll");
    let (g, _) = random_event(patrol_opts(), [3, 3]);
    assert_eq!(g.crew().crew[0], Some(Wound::Lw));
    assert_eq!(g.position(), 3);
}

/// [B11] 7 Maneki Neko, 8 Radio intelligence, 12 Exhausted crew: markers kept; exhausted crew is -1 on the
/// next A4 roll, then discarded.
#[test]
fn b11_markers() {
    let (g, _) = random_event(patrol_opts(), [2, 6]);
    assert!(g.view().markers.contains(&"radio_intelligence".to_string()));
    let (mut g, _) = random_event(patrol_opts(), [6, 6]);
    assert!(g.view().markers.contains(&"exhausted_crew".to_string()));
    let ev = feed(&mut g, &[1, 3, 3, 3]);
    assert!(has_mod(rolls_of(&ev, "8.3.1")[0], "8.1.8", -1));
    assert!(!g.view().markers.contains(&"exhausted_crew".to_string()));
}

/// [B11] 9 Friendly fire: an aviation encounter on A4; the submarine does not fire back.
#[test]
fn b11_friendly_fire() {
    let (mut g, _) = random_event(patrol_opts(), [4, 5]);
    assert!(waits_roll(&g, RollPurpose::Aircraft(AircraftRoll::Dive)));
    let ev = feed(&mut g, &[2, 2, 1, 1, 0, 5, 3, 3, 1]);
    assert!(rolls_of(&ev, "8.3.2").is_empty(), "no AA fire");
    assert_eq!(g.position(), 3);
}

/// [B11] 10 Hot run: one loaded torpedo lost. 11 Supply rendezvous: reloads and ammunition refilled.
#[test]
fn b11_hot_run_and_supply() {
    let (g, _) = random_event(patrol_opts(), [4, 6]);
    assert_eq!(g.boat().torpedoes(), 19);
    assert_eq!(g.torpedo_ledger().2, 1);
    let mut g = on_station(patrol_opts());
    g.boat.bow_reloads.truncate(6);
    g.boat.ammunition = 2;
    let ev = feed(&mut g, &[6, 6, 5, 6]);
    assert!(ev.iter().any(|e| matches!(
        e,
        PatrolEvent::Resupplied {
            torpedoes: 2,
            ammunition: 3
        }
    )));
    assert_eq!(g.boat().torpedoes(), 20);
}

/// [8.1.3] "SHIP(S) + ESCORT" = one or two ships with an escort (1d6: 5-6 two, reconstructed).
#[test]
fn ships_and_escort_can_be_two_ships() {
    let mut g = on_station(patrol_opts());
    feed(&mut g, &[3, 4, 5, 3, 7, 7, 1, 0, 1]);
    assert!(
        g.combat()
            .is_some_and(|c| c.picture.targets.len() == 2 && c.picture.escorted)
    );
}

// ---- following a contact into the next box, day/night, declining ----------------------------------------

/// [8.4.5] Track up to 2 times (3 attack rounds total) in the same box. Tracking on needs one box more: the
/// submarine moves with the contact, the doctor's survival rolls come first, the track replaces the
/// encounter roll, and after a failure nothing else happens in that box.
#[test]
fn tracking_carried_into_the_next_box() {
    let mut g = damaged_escorted_ship();
    // Two tracks already made in this box (as in `tracking_twice_per_box`).
    if let Some(c) = g.combat.as_mut() {
        c.rounds.tracks = 2;
    }
    assert!(refused(&mut g, "track_convoy"));
    let from = g.position();
    // The doctor is dead and a crewman seriously wounded: his survival roll comes first in the new box.
    g.crew.doctor = Some(Wound::Kia);
    g.crew.crew[0] = Some(Wound::Sw);
    let ev = act(&mut g, "follow track_convoy");
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::FollowedIntoNextBox { .. }))
    );
    assert_eq!(g.position(), from + 1);
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            purpose: RollPurpose::Aftermath(AftermathRoll::DoctorSurvival { .. })
        }
    ));
    // Survives (1), then the convoy track instead of the encounter roll: 5 = escaped.
    let ev = feed(&mut g, &[1, 5]);
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::ContactLost)));
    assert!(rolls_of(&ev, "6.2.2B").is_empty(), "no encounter roll");
    // Nothing else in that box: the next box (its survival roll, then its encounter roll).
    assert_eq!(g.position(), from + 2);
    feed(&mut g, &[1]);
    assert!(waits_roll(&g, RollPurpose::Encounter));
}

/// [8.4.5] A successful carried track starts the box's count again (3 rounds in the new box).
#[test]
fn tracking_into_the_next_box_resets_the_count() {
    let mut g = damaged_escorted_ship();
    for _ in 0..2 {
        feed(&mut g, &[1]);
        act(&mut g, "track_damaged");
        act(&mut g, "attack medium submerged");
        act(&mut g, "declare bow 1");
        feed(&mut g, &[6, 6, 1, 2]);
        act(&mut g, "fire");
        act(&mut g, "shallow");
    }
    feed(&mut g, &[1]);
    act(&mut g, "follow track_damaged");
    assert!(waits(&g, AskView::Engage));
    assert!(
        g.combat()
            .is_some_and(|c| c.rounds.tracks == 0 && c.picture.targets[0].damage == 1)
    );
}

/// [8.2.8] At most 2 additional rounds in the same box; a 3rd requires advancing one box first, where it
/// replaces the encounter roll and the same limit applies again.
#[test]
fn third_additional_round_carried_into_the_next_box() {
    let mut g = lone_ship();
    for round in 0..3 {
        act(&mut g, "attack medium submerged");
        act(&mut g, "declare bow 1");
        feed(&mut g, &[6, 6]);
        act(&mut g, "fire");
        if round < 2 {
            feed(&mut g, &[2, 2]);
            act(&mut g, "again");
        }
    }
    assert!(refused(&mut g, "again"));
    let from = g.position();
    feed(&mut g, &[2, 2]);
    let ev = act(&mut g, "follow again");
    assert_eq!(g.position(), from + 1);
    assert!(rolls_of(&ev, "6.2.2B").is_empty(), "no encounter roll");
    assert_eq!(
        rolls_of(&ev, "8.2.8").len(),
        1,
        "the additional-round arrival roll"
    );
    assert!(waits(&g, AskView::Engage));
    assert!(g.combat().is_some_and(|c| c.rounds.additional == 0));
}

/// [8.2.8] From the last non-transit box the submarine may not advance to continue (fuel); never into a
/// transit box [8.4.5].
#[test]
fn no_following_into_a_transit_box() {
    let mut g = lone_ship();
    for round in 0..3 {
        act(&mut g, "attack medium submerged");
        act(&mut g, "declare bow 1");
        feed(&mut g, &[6, 6]);
        act(&mut g, "fire");
        if round < 2 {
            feed(&mut g, &[2, 2]);
            act(&mut g, "again");
        }
    }
    let last = g
        .route()
        .iter()
        .rposition(|b| b.kind == BoxKind::OnStation)
        .unwrap_or(0);
    g.voyage.position = last;
    assert!(refused(&mut g, "follow again"));
}

/// [8.1.10] To engage a day contact at night, or vice versa: roll 1d6. 1–4 success; 5–6 contact lost, and
/// the encounter in that box ends.
#[test]
fn changing_day_and_night() {
    let mut g = escorted_contact(on_station(patrol_opts()), 2);
    assert_eq!(g.combat().and_then(|c| c.picture.time), Some(TimeOfDay::Day));
    feed(&mut g, &[4]);
    act(&mut g, "change_time");
    assert!(waits(&g, AskView::Engage));
    assert_eq!(g.combat().and_then(|c| c.picture.time), Some(TimeOfDay::Night));
    // Once per contact; now the night surface attack is offered.
    assert!(refused(&mut g, "change_time"));
    assert!(!refused(&mut g.clone(), "attack medium surfaced"));
    let mut g = escorted_contact(on_station(patrol_opts()), 2);
    let box_before = g.position();
    feed(&mut g, &[5]);
    let ev = act(&mut g, "change_time");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::ContactLost)));
    assert!(g.combat().is_none() || g.position() > box_before);
}

/// [6.2.2Ba] Resolve a random event or an encounter; engaging enemy ships is always voluntary.
#[test]
fn declining_a_contact() {
    let mut g = escorted_contact(on_station(patrol_opts()), 2);
    let at = g.position();
    let ev = act(&mut g, "decline");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Declined)));
    assert!(rolls_of(&ev, "8.2.3").is_empty(), "no shot");
    assert_eq!(g.position(), at + 1);
    assert!(g.log.is_empty());
    assert_eq!(g.boat().torpedoes(), 20);
}

// ---- special missions (patrol side) ---------------------------------------------------------------------

fn mission_opts(mission: MissionPlan) -> PatrolOptions {
    PatrolOptions {
        mission,
        ..PatrolOptions::default()
    }
}

fn result_of(g: &Patrol) -> PatrolResult {
    match g.result() {
        Some(r) => r,
        None => panic!("not over: {:?}", g.phase()),
    }
}

/// [7.4] Transport: tubes loaded, no reloads; the Supplies marker. At the first non-transit box, roll A3
/// Special Missions: an encounter is resolved and the roll made again; no encounter delivers the supplies.
#[test]
fn transport_rolls_special_missions_until_clear() {
    // Load 4 = all Type 95; two quiet transit boxes; the mission box rolls A3 Special Missions.
    let mut g = scripted(mission_opts(MissionPlan::Transport), &[4, 3, 3, 3, 3]);
    assert!(g.boat().bow_reloads.is_empty() && g.boat().stern_reloads.is_empty());
    assert_eq!(g.boat().torpedoes(), 8);
    assert!(g.markers.iter().any(|m| m == "supplies"));
    assert!(waits_roll(&g, RollPurpose::MissionEncounter));
    // 3 = aircraft; the quick dive 6 avoids it; then 7 = no encounter: delivered.
    let ev = feed(&mut g, &[1, 2, 3, 3, 3, 4]);
    assert_eq!(rolls_of(&ev, "7.4").len(), 2);
    assert!(!g.markers.iter().any(|m| m == "supplies"));
    assert_eq!(g.mission.success, Some(true));
    // The mission was the box's encounter: on to the next box.
    assert_eq!(g.position(), 3);
    // The rest of the patrol is quiet.
    feed(&mut g, &[3, 3, 3, 3, 3, 3, 3, 3]);
    let r = result_of(&g);
    assert_eq!(r.mission, MissionPlan::Transport);
    assert_eq!(r.mission_success, Some(true));
}

/// [7.2] Picket duty: the sub may not engage or track merchant traffic; success = engaged in combat at
/// least one warship or capital ship (sinking it is not required).
#[test]
fn picket_duty_no_merchants_and_success_on_a_warship() {
    let mut g = escorted_contact(on_station(mission_opts(MissionPlan::PicketDuty)), 2);
    assert!(refused(&mut g, "attack medium submerged"));
    assert!(refused(&mut g, "change_time"));
    act(&mut g, "decline");
    // Without a warship the picket fails.
    feed(&mut g, &[3, 3, 3, 3, 3, 3, 3, 3]);
    assert_eq!(result_of(&g).mission_success, Some(false));
    // A3 3 = warship, T3 1, day: engaging it is the success, hit or miss.
    let mut g = on_station(mission_opts(MissionPlan::PicketDuty));
    feed(&mut g, &[1, 2, 1, 1]);
    let ev = act(&mut g, "attack medium submerged");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Mission { .. })));
    assert!(g.mission.done);
}

/// [7.10] Minelaying: mines are carried in the torpedo tubes, which reduces the torpedo load by the number
/// of tubes used; A3 Special Missions until clear; after laying, the tubes may be reloaded with torpedoes.
#[test]
fn minelaying_mines_take_tubes_then_reload() {
    let mut g = scripted(mission_opts(MissionPlan::Minelaying), &[4, 3, 3, 3, 3]);
    assert_eq!(g.boat().torpedoes(), 18, "two bow tubes hold mines");
    assert_eq!(g.boat().bow_tubes.iter().filter(|t| t.is_none()).count(), 2);
    assert_eq!(g.torpedo_ledger().0, 18);
    assert!(waits_roll(&g, RollPurpose::MissionEncounter));
    let ev = feed(&mut g, &[3, 4]);
    assert_eq!(rolls_of(&ev, "7.10").len(), 1);
    assert_eq!(g.mission.success, Some(true));
    assert!(g.boat().bow_tubes.iter().all(Option::is_some), "reloaded");
    assert_eq!(g.boat().torpedoes(), 18);
}

/// [7.10 note] Kirai-Sen lays mines from stern compartments and does not reduce its torpedo load.
#[test]
fn kirai_sen_lays_from_the_stern_without_losing_torpedoes() {
    let plain = Patrol::new(
        PatrolOptions {
            class: "kirai_sen".into(),
            start: month(1942, 7),
            mission: MissionPlan::Patrol,
            ..PatrolOptions::default()
        },
        1,
        DiceMode::Physical,
    );
    let mines = Patrol::new(
        PatrolOptions {
            class: "kirai_sen".into(),
            start: month(1942, 7),
            mission: MissionPlan::Minelaying,
            ..PatrolOptions::default()
        },
        1,
        DiceMode::Physical,
    );
    let (Ok(mut plain), Ok(mut mines)) = (plain, mines) else {
        panic!("kirai_sen patrols")
    };
    act(&mut plain, "load 0");
    act(&mut mines, "load 0");
    assert_eq!(plain.boat().torpedoes(), mines.boat().torpedoes());
    assert_eq!(mines.mission.mines_aboard, 0);
    assert!(mines.markers.iter().any(|m| m == "mines"));
}

/// [7.11] Passenger delivery: A3 Special Missions until clear, the passenger lands, success; the passenger
/// counts as a pilot on the Crew Wounds Table, and SW or KIA before landing is a failure.
#[test]
fn passenger_delivery_and_the_passenger_on_b7() {
    let g = scripted(
        mission_opts(MissionPlan::PassengerDelivery),
        &[4, 3, 3, 3, 3, 3, 4],
    );
    assert_eq!(g.mission.success, Some(true));
    assert!(g.mission.passenger.is_none(), "landed");
    // Wounded on the way: B7 11 (pilot) falls on the passenger; SW before the mission box fails it.
    let mut g = scripted(mission_opts(MissionPlan::PassengerDelivery), &[4, 3, 3]);
    let mut ev = Vec::new();
    let resolved = g.resolve(
        RollPurpose::Damage(DamageRoll::CrewWho { auto_lw: true }),
        vec![5, 6],
        &mut ev,
    );
    assert_eq!(resolved, Ok(()));
    assert_eq!(g.mission.passenger, Some(Some(Wound::Lw)));
    assert!(g.crew().crew.iter().all(Option::is_none));
    g.mission.passenger = Some(Some(Wound::Sw));
    g.phase = Phase::Roll {
        purpose: RollPurpose::Encounter,
    };
    feed(&mut g, &[3, 3]);
    assert_eq!(g.mission.success, Some(false));
    assert!(waits_roll(&g, RollPurpose::Encounter), "the box rolls as usual");
}

/// [7.6] Evacuation: tubes loaded, no reloads; A3 Special Missions until clear, passengers embarked;
/// success requires returning to base with the passenger unharmed.
#[test]
fn evacuation_needs_the_passengers_home() {
    let g = scripted(
        mission_opts(MissionPlan::Evacuation),
        &[4, 3, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 3, 3, 3],
    );
    assert!(g.boat().bow_reloads.is_empty());
    let r = result_of(&g);
    assert_eq!(r.mission_success, Some(true));
    // A passenger seriously wounded on the way home fails it.
    let mut g = scripted(mission_opts(MissionPlan::Evacuation), &[4, 3, 3, 3, 3, 3, 4]);
    assert_eq!(g.mission.passenger, Some(None));
    g.mission.passenger = Some(Some(Wound::Sw));
    feed(&mut g, &[3, 3, 3, 3, 3, 3, 3, 3]);
    assert_eq!(result_of(&g).mission_success, Some(false));
}

/// [7.9] Coastal bombardment: A3 Special Missions until clear, then surface and remove all deck-gun
/// ammunition; success = the sub returns to base.
#[test]
fn coastal_bombardment_fires_all_ammunition() {
    let g = scripted(
        mission_opts(MissionPlan::CoastalBombardment),
        &[4, 3, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 3, 3, 3],
    );
    assert_eq!(g.boat().ammunition, 0);
    assert_eq!(result_of(&g).mission_success, Some(true));
}

/// [7.1] Reconnaissance requires an aviation-equipped sub; a Type C has no aircraft, so it is unable to fly
/// the mission and makes a normal patrol [7.14]; the result says so.
#[test]
fn reconnaissance_falls_back_to_a_patrol() {
    let g = scripted(mission_opts(MissionPlan::Reconnaissance), &[4, 3, 3, 3, 3]);
    assert!(
        waits_roll(&g, RollPurpose::Encounter),
        "the mission box rolls as usual"
    );
    let mut g = g;
    feed(&mut g, &[3, 3, 3, 3, 3, 3, 3, 3, 3, 3]);
    let r = result_of(&g);
    assert_eq!(r.mission, MissionPlan::Patrol);
    assert_eq!(r.mission_success, None);
    assert!(r.mission_note.is_some_and(|n| n.contains("7.14")));
}

/// [7.0] A mission field missing from an options file is a plain patrol.
#[test]
fn a_missing_mission_is_a_plain_patrol() {
    let o: PatrolOptions = match serde_json::from_str("{\"area\": \"pearl_harbor\"}") {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(o.mission, MissionPlan::Patrol);
    assert_eq!(PatrolOptions::default().mission, MissionPlan::MidgetAttack);
}

// ---- markers and skills spent on patrol ------------------------------------------------------------------

/// [B11] Radio intelligence (B11 8): keep the marker and spend it to roll twice for an encounter in one
/// on-station box and choose.
#[test]
fn radio_intelligence_rolls_twice_and_chooses() {
    let mut g = on_station(patrol_opts());
    g.markers.push("radio_intelligence".into());
    // Pearl Harbor 6 = nothing: the marker is offered.
    feed(&mut g, &[3, 3]);
    assert!(waits(&g, AskView::Reroll));
    act(&mut g, "radio");
    assert!(!g.markers.iter().any(|m| m == "radio_intelligence"));
    // 7 = ship(s) + escort on the second roll; choose it.
    feed(&mut g, &[3, 4]);
    assert!(waits(&g, AskView::Reroll));
    let mut first = g.clone();
    feed(&mut g, &[1, 3, 7, 7, 2]);
    act(&mut g, "choose second");
    assert!(waits(&g, AskView::Engage));
    // Or keep the first (nothing): on to the next box.
    let at = first.position();
    act(&mut first, "choose first");
    assert_eq!(first.position(), at + 1);
    // Kept, it is offered again in the next on-station box.
    let mut g = on_station(patrol_opts());
    g.markers.push("radio_intelligence".into());
    feed(&mut g, &[3, 3]);
    act(&mut g, "keep");
    feed(&mut g, &[3, 3]);
    assert!(waits(&g, AskView::Reroll));
}

/// [B11] The Maneki Neko marker (B11 7; the Lucky skill [11.7]): spend it once to roll again the latest
/// roll of your own.
#[test]
fn maneki_neko_rolls_again_the_latest_own_roll() {
    let mut g = lone_ship();
    g.markers.push("maneki_neko".into());
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    assert!(waits(&g, AskView::AfterRound));
    let ev = act(&mut g, "maneki_neko");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Spent { .. })));
    assert!(waits_roll(&g, RollPurpose::Attack(AttackRoll::ToHit)));
    assert!(!g.markers.iter().any(|m| m == "maneki_neko"));
    // A hit this time: the defective check follows.
    feed(&mut g, &[1, 1]);
    assert!(waits_roll(&g, RollPurpose::Attack(AttackRoll::Defective)));
    // Spent: no longer offered.
    let mut g = lone_ship();
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    assert!(refused(&mut g, "maneki_neko"));
}

/// [11.7] Shibumi: once per patrol, the captain may pass a dice test without rolling (here the torpedo hit
/// roll and the test-depth check).
#[test]
fn shibumi_passes_a_roll_without_rolling() {
    let mut g = lone_ship();
    g.options.crew.shibumi = true;
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    let ev = act(&mut g, "shibumi");
    let hit = rolls_of(&ev, "8.2.3");
    assert!(hit[0].outcome.starts_with("hit") && hit[0].outcome.contains("Shibumi"));
    assert!(waits_roll(&g, RollPurpose::Attack(AttackRoll::Defective)));
    assert!(g.luck.shibumi.spent());
    // The test-depth check.
    let mut opts = patrol_opts();
    opts.crew.shibumi = true;
    let mut g = escorted_contact(on_station(opts), 2);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    assert!(waits(&g, AskView::TestDepth));
    act(&mut g, "shibumi");
    assert_eq!(g.boat().hull, 1);
    assert!(waits_roll(&g, RollPurpose::Escort(EscortRoll::Detection)));
    // Once per patrol.
    assert!(g.luck.shibumi.spent());
}

/// [11.7] Shibumi can also pass the defective-torpedo check (B2) and the A4 quick dive: while it is unspent
/// the captain is asked before each; declining rolls as usual and he is asked again at the next one.
#[test]
fn shibumi_passes_the_defective_check_and_the_quick_dive() {
    let mut g = lone_ship();
    g.options.crew.shibumi = true;
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    act(&mut g, "declare bow 1");
    act(&mut g, "fire");
    // Two hits (B1 6 and 6); the decision comes before the first B2 check.
    feed(&mut g, &[3, 3, 3, 3]);
    assert!(waits(&g, AskView::Shibumi));
    act(&mut g, "continue");
    assert!(waits_roll(&g, RollPurpose::Attack(AttackRoll::Defective)));
    let ev = feed(&mut g, &[1]);
    assert_eq!(rolls_of(&ev, "8.2.3")[0].outcome, "defective");
    assert!(waits(&g, AskView::Shibumi), "asked again before the second check");
    let ev = act(&mut g, "shibumi");
    let b2 = rolls_of(&ev, "8.2.3");
    assert!(b2[0].chart == "B2" && b2[0].outcome.contains("Shibumi"));
    assert!(g.luck.shibumi.spent());
    // The quick dive: passed without rolling, no attack, on to the next box.
    let mut opts = patrol_opts();
    opts.crew.shibumi = true;
    let mut g = on_station(opts);
    feed(&mut g, &[1, 3]);
    assert!(waits(&g, AskView::Shibumi));
    let ev = act(&mut g, "shibumi");
    let a4 = rolls_of(&ev, "8.3.1");
    assert!(a4[0].outcome.starts_with("dived in time") && a4[0].outcome.contains("Shibumi"));
    assert_eq!(g.position(), 3);
    assert_eq!(g.boat().hull, 0);
}

/// [7.5] Strategic transport to Europe: follow the Indian Ocean transit boxes toward Europe, with one A3
/// "Special Missions" roll per box, and reverse to return; success = the supplies delivered in Europe.
#[test]
fn europe_transport_rolls_special_missions_on_the_route() {
    let opts = PatrolOptions {
        class: "type_a".into(),
        area: "europe".into(),
        start: month(1942, 7),
        mission: MissionPlan::EuropeTransport,
        ..PatrolOptions::default()
    };
    let mut g = scripted(opts, &[]);
    act(&mut g, "load 0");
    let map_boxes = g.route().iter().filter(|b| b.map_box).count();
    assert_eq!(map_boxes, 10, "five route boxes each way");
    // Every box quiet (7 is none on every column here).
    let faces = [3, 4].repeat(g.route().len());
    let ev = feed(&mut g, &faces);
    assert_eq!(
        rolls_of(&ev, "6.2.2B")
            .iter()
            .filter(|r| r.outcome.contains("special_missions"))
            .count(),
        10,
        "{ev:?}"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::Mission { what } if what.contains("7.5")))
    );
    let r = result_of(&g);
    assert_eq!(r.mission, MissionPlan::EuropeTransport);
    assert_eq!(r.mission_success, Some(true));
}

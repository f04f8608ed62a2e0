//! Sensuikan patrol tests: the attack and the escorts [8.2]; scripted dice, each test citing its rule case.

use super::test_support::*;
use super::*;

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
/// [2.0] The deck gun is used "when making surface attacks": a night surface attack [8.2.2], never from a
/// submerged boat.
#[test]
fn deck_gun_two_shots_per_gun_with_ammunition() {
    let mut g = lone_ship_at(4);
    assert_eq!(g.boat().ammunition, 5);
    act(&mut g, "attack short surfaced");
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
    let mut g = lone_ship_at(4);
    g.boat.ammunition = 1;
    act(&mut g, "attack short surfaced");
    feed(&mut g, &[6, 6]);
    act(&mut g, "gun 1");
    assert!(refused(&mut g, "gun 1"));
    // Not against escorted ships.
    let mut g = escorted_contact(on_station(patrol_opts()), 4);
    act(&mut g, "attack medium surfaced");
    assert!(refused(&mut g, "gun 1"));
    // [2.0] Not from a submerged attack, by day or by night.
    let mut g = lone_ship();
    act(&mut g, "attack short submerged");
    assert!(refused(&mut g, "gun 1"));
    assert!(!crate::testing::choices(&g).iter().any(|c| c.starts_with("gun")));
    let mut g = lone_ship_at(4);
    act(&mut g, "attack short submerged");
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
/// [6.2.2Bc] The detection and depth-charge cycle repeats of itself: detected, attacked, then detection
/// again (here a second time) until the submarine escapes.
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
    let mut g = escorted_contact_on(on_station_late(opts), [5, 3], 1);
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

// ---- the tube declared is the tube fired (issue 13) --------------------------------------------------

/// [8.2.3] The salvo's choices list each loaded tube, by end and number, with its torpedo, at each
/// target; an action names the tube (`declare bow 2 1`), and only loaded, undeclared tubes are offered.
#[test]
fn the_salvo_offers_each_loaded_tube() {
    let mut g = lone_ship();
    act(&mut g, "attack medium submerged");
    let c = crate::testing::choices(&g);
    let bow = g.boat().bow_tubes.len();
    let stern = g.boat().stern_tubes.len();
    for t in 1..=bow {
        assert!(c.contains(&format!("declare bow {t} 1")), "{c:?}");
    }
    for t in 1..=stern {
        assert!(c.contains(&format!("declare stern {t} 1")), "{c:?}");
    }
    let Pending::Decision(d) = g.pending() else {
        panic!()
    };
    assert!(
        d.choices
            .iter()
            .any(|x| x.label == "Bow tube 2 (Type 95) at Nancy Moller"),
        "{:?}",
        d.choices
    );
    act(&mut g, "declare bow 2 1");
    let c = crate::testing::choices(&g);
    assert!(!c.contains(&"declare bow 2 1".to_string()), "tube 2 is declared");
    assert!(c.contains(&"declare bow 1 1".to_string()));
    assert!(refused(&mut g, "declare bow 2 1"), "a tube is declared once");
    assert!(refused(&mut g, "declare bow 9 1"), "no such tube");
}

/// [8.2.3] The engine fires exactly the declared tubes: bow tubes 2 and 4 fire, tubes 1 and 3 stay
/// loaded, and a tube holding another torpedo type fires that torpedo.
#[test]
fn the_declared_tubes_are_the_tubes_fired() {
    let mut g = lone_ship();
    g.boat.bow_tubes[3] = Some(Torpedo::Type89);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 4 1");
    act(&mut g, "declare bow 2 1");
    let shots = g.combat().map(|c| c.attack.shots.clone()).unwrap_or_default();
    assert_eq!(
        shots.iter().map(|s| (s.tube, s.torpedo)).collect::<Vec<_>>(),
        vec![(4, Torpedo::Type89), (2, Torpedo::Type95)]
    );
    // Two misses (12 on B1): the torpedoes have left tubes 4 and 2, and only those.
    g.dice = crate::dice::DiceSource::Manual([6u8, 6, 6, 6].into_iter().collect());
    g.combat_decide(CombatAsk::Salvo, PatrolAction::Fire, &mut Vec::new());
    assert_eq!(
        g.boat().bow_tubes.iter().map(Option::is_some).collect::<Vec<_>>(),
        vec![true, false, true, false]
    );
    let (_, fired, _) = g.torpedo_ledger();
    assert_eq!(fired, 2);
}

/// [8.2.3] A declaration without a tube — the form of saves written before the tube was named, in JSON
/// (`{"type":"declare","end":"bow","target":1}`) or in text (`declare bow 1`) — still reads and means
/// what it meant: the first loaded tube of that end not yet declared.
#[test]
fn an_old_declaration_takes_the_first_free_loaded_tube() {
    let old: PatrolAction = serde_json::from_str(r#"{"type":"declare","end":"bow","target":1}"#).unwrap();
    assert_eq!(
        old,
        PatrolAction::Declare {
            end: End::Bow,
            tube: None,
            target: 1
        }
    );
    assert_eq!(old.to_string(), "declare bow 1");
    assert_eq!(
        serde_json::to_string(&old).unwrap(),
        r#"{"type":"declare","end":"bow","target":1}"#
    );
    let new: PatrolAction = "declare bow 2 1".parse().unwrap();
    assert_eq!(
        serde_json::to_string(&new).unwrap(),
        r#"{"type":"declare","end":"bow","tube":2,"target":1}"#
    );
    let mut g = lone_ship();
    g.boat.bow_tubes[0] = None;
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 3 1");
    g.apply(old.clone()).unwrap();
    g.apply(old).unwrap();
    let tubes: Vec<u8> = g
        .combat()
        .map(|c| c.attack.shots.iter().map(|s| s.tube).collect())
        .unwrap_or_default();
    assert_eq!(tubes, vec![3, 2, 4], "tube 1 is empty, tube 3 declared already");
}

/// [8.2.3] A save of the old form (`tests/compat/sensuikan-patrol.json`, written before the tube was named)
/// loads and replays to the same patrol: its four `declare bow 1` are the four bow tubes in order.
#[test]
fn a_save_of_the_old_form_replays() {
    let text = include_str!("../../../../tests/compat/sensuikan-patrol.json");
    assert!(text.contains(r#""type": "declare""#) || text.contains(r#""type":"declare""#));
    assert!(!text.contains("\"tube\""), "the save is of the old form");
    let s = crate::Session::<Patrol>::load(text).unwrap();
    let declares: Vec<&PatrolAction> = s
        .actions()
        .iter()
        .filter(|a| matches!(a, PatrolAction::Declare { tube: None, .. }))
        .collect();
    assert!(!declares.is_empty());
    // Replayed action by action, each old declaration took the next free bow tube.
    let save = crate::save::peek(text).unwrap();
    let mut replay = crate::Session::<Patrol>::new(
        serde_json::from_value(save.options.clone()).unwrap(),
        save.seed,
        save.dice.clone(),
    )
    .unwrap();
    let mut tubes = Vec::new();
    for a in s.actions() {
        let before = replay.game().combat().map_or(0, |c| c.attack.shots.len());
        replay.apply(a.clone()).unwrap();
        if matches!(a, PatrolAction::Declare { .. })
            && let Some(c) = replay.game().combat()
            && c.attack.shots.len() > before
        {
            tubes.push(c.attack.shots[before].tube);
        }
    }
    assert_eq!(
        tubes,
        (1..=u8::try_from(tubes.len()).unwrap()).collect::<Vec<_>>()
    );
    assert_eq!(replay.game().result(), s.game().result());
}

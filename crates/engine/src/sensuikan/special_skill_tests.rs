//! The OPTIONAL special skills [11.7] on patrol: each one that acts in combat shows in a roll's
//! modifiers, in a roll it spares, or in the choices a decision offers. (Lucky, Teamwork and Leadership
//! act in the career: `career/optional_tests.rs`.)

use super::test_support::*;
use super::*;

/// A patrol whose captain has the special skill `id`.
fn with_skill(id: &str) -> PatrolOptions {
    let mut o = patrol_opts();
    o.crew.special_skill = Some(id.into());
    o
}

/// The tracking tests' damaged escorted ship, for a captain with the skill `id`.
fn damaged_escorted_ship(id: &str) -> Patrol {
    damaged_escorted_ship_with(with_skill(id))
}

/// [11.7] Tracker: "no roll is required to maintain contact with ships or convoys" — tracking the convoy
/// [8.4.4] needs no 1-4 roll and a damaged capital ship [8.4.2] no modified 1; without the skill both roll.
#[test]
fn tracker_keeps_contact_without_a_roll() {
    let mut g = damaged_escorted_ship("tracker");
    // No tracking face: the convoy window's faces come straight after.
    feed(&mut g, &[1, 1, 0, 1, 1, 0, 2, 1, 0, 3, 1]);
    let ev = act(&mut g, "track_convoy");
    assert!(rolls_of(&ev, "8.4.4").is_empty(), "{ev:?}");
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::SpecialSkill { what } if what.starts_with("Tracker")))
    );
    assert!(
        g.combat()
            .is_some_and(|c| c.picture.kind == ContactKind::Convoy && c.picture.targets.len() == 3)
    );

    let mut g = damaged_escorted_ship("tracker");
    if let Some(c) = g.combat.as_mut() {
        c.picture.targets[0].capital = true;
    }
    let ev = act(&mut g, "track_damaged");
    assert!(rolls_of(&ev, "8.4.2").is_empty(), "{ev:?}");
    assert!(waits(&g, AskView::Engage), "attacked again");

    // Without the skill the convoy is rolled for: a 5 escapes.
    let mut g = damaged_escorted_ship("lucky");
    feed(&mut g, &[5]);
    let ev = act(&mut g, "track_convoy");
    assert_eq!(rolls_of(&ev, "8.4.4").len(), 1);
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::ContactLost)));
}

/// [11.7] The hunters: -1 to hit capital ships (T4), CV and CVE, and tankers; only at their own kind.
#[test]
fn the_hunters_take_one_off_the_to_hit_roll_at_their_kind() {
    use periscope_data::sensuikan::charts::ShipKind;
    let g = escorted_contact(on_station(patrol_opts()), 1);
    let base = g.combat().unwrap().picture.targets[0].clone();
    let kinds = [
        ("capital_ship_hunter", ShipKind::Battleship, true),
        ("carrier_hunter", ShipKind::EscortCarrier, false),
        ("carrier_hunter", ShipKind::FleetCarrier, false),
        ("tanker_hunter", ShipKind::Tanker, false),
    ];
    for (skill, kind, capital) in kinds {
        let mut t = base.clone();
        t.ship.kind = kind;
        t.capital = capital;
        let mut with = g.clone();
        with.options.crew.special_skill = Some(skill.into());
        let mods = with.hit_mods(Some(&t), false, false).unwrap();
        assert!(
            mods.iter().any(|m| m.rule == "11.7" && m.value == -1),
            "{skill} at {kind:?}: {mods:?}"
        );
        // Not at another kind of ship.
        let mods = with.hit_mods(Some(&base), false, false).unwrap();
        assert!(
            !mods.iter().any(|m| m.rule == "11.7"),
            "{skill} at a freighter: {mods:?}"
        );
        // Not without the skill.
        let mods = g.hit_mods(Some(&t), false, false).unwrap();
        assert!(!mods.iter().any(|m| m.rule == "11.7"), "no skill: {mods:?}");
    }

    // In the B1 roll record: a Tanker hunter firing at a tanker.
    let mut g = escorted_contact(on_station(with_skill("tanker_hunter")), 1);
    if let Some(c) = g.combat.as_mut() {
        c.picture.targets[0].ship.kind = ShipKind::Tanker;
    }
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    let ev = act(&mut g, "fire");
    let b1 = rolls_of(&ev, "8.2.3");
    assert_eq!(b1[0].chart, "B1");
    assert!(has_mod(b1[0], "11.7", -1), "{:?}", b1[0]);
}

/// [11.7] Expert: bow and stern torpedoes without the to-hit penalty — the second salvo's +1 [8.2.2] is
/// not applied to an Expert's.
#[test]
fn an_expert_fires_the_second_salvo_without_its_penalty() {
    let g = escorted_contact(on_station(patrol_opts()), 1);
    let t = g.combat().unwrap().picture.targets[0].clone();
    let plain = g.hit_mods(Some(&t), true, false).unwrap();
    assert!(
        plain.iter().any(|m| m.rule == "8.2.2" && m.value == 1),
        "{plain:?}"
    );
    let mut expert = g.clone();
    expert.options.crew.special_skill = Some("expert".into());
    let mods = expert.hit_mods(Some(&t), true, false).unwrap();
    assert!(!mods.iter().any(|m| m.rule == "8.2.2"), "{mods:?}");
    assert_eq!(mods.len(), plain.len() - 1);
}

/// [11.7] Aggressive: "must always attack any ship contact if possible" — letting the contact go is not
/// offered while the boat can fire; "must always start an additional combat round against non-sunk
/// targets that are unescorted" — only the next round is offered while the box allows one.
#[test]
fn an_aggressive_captain_attacks_and_fights_on() {
    let mut g = escorted_contact(on_station(with_skill("aggressive")), 1);
    assert!(
        !g.offered_actions().contains(&PatrolAction::Decline),
        "{:?}",
        g.offered_actions()
    );
    assert!(refused(&mut g, "decline"));
    let plain = escorted_contact(on_station(patrol_opts()), 1);
    assert!(plain.offered_actions().contains(&PatrolAction::Decline));

    // Against a ship sailing alone, after a round that missed: only another round.
    let mut g = lone_ship();
    g.options.crew.special_skill = Some("aggressive".into());
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    assert!(waits(&g, AskView::AfterRound));
    assert_eq!(g.offered_actions(), [PatrolAction::AdditionalRound]);
    assert!(refused(&mut g, "continue"));
    // With nothing left to fire, the choice is the captain's again.
    for end in [End::Bow, End::Stern] {
        for t in g.boat.tubes_mut(end).iter_mut() {
            *t = None;
        }
    }
    g.class.deck_guns = 0;
    assert!(g.offered_actions().contains(&PatrolAction::Continue));
}

/// [11.7] Vigilant: +1 on the quick dive (A4); Anti-aircraft expert: -1 on anti-aircraft fire (A2).
#[test]
fn vigilant_and_the_anti_aircraft_expert_on_a4_and_a2() {
    let g = on_station(patrol_opts());
    assert!(!g.dive_mods().unwrap().iter().any(|m| m.rule == "11.7"));
    assert!(!g.aa_mods().unwrap().iter().any(|m| m.rule == "11.7"));
    let v = on_station(with_skill("vigilant"));
    assert!(
        v.dive_mods()
            .unwrap()
            .iter()
            .any(|m| m.rule == "11.7" && m.value == 1)
    );
    let a = on_station(with_skill("anti_aircraft_expert"));
    assert!(
        a.aa_mods()
            .unwrap()
            .iter()
            .any(|m| m.rule == "11.7" && m.value == -1)
    );
}

/// [11.7] Bold: the text names no roll where a closer range could follow (our reading,
/// `docs/rules/sensuikan.md`): its label promises nothing, and a Bold captain's patrol plays as without it.
#[test]
fn bold_promises_nothing_it_does_not_do() {
    let effect = words::effect("special_skill", "bold").unwrap_or_default();
    assert!(effect.contains("no effect in Periscope"), "{effect}");
    let bold = escorted_contact(on_station(with_skill("bold")), 1);
    let plain = escorted_contact(on_station(patrol_opts()), 1);
    assert_eq!(bold.offered_actions(), plain.offered_actions());
}

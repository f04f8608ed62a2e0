//! The escorts' hunt [7.1.3]: the traps first — B3 and B4 once per U-boat, one boat per escort per
//! impulse, the movement penalty once, the year only after an attack, a natural 2 always escaping — then
//! damage, flooding, ramming, the kill's credit, the Hedgehog and the optional rules.

use super::support::*;
use crate::atlantic::{EscortSetup, MissionEvent, MissionOptions, OptionalRules, Phase};
use crate::game::{Game, Pending};
use crate::testing::{act, choices, feed};
use periscope_data::atlantic::charts::Quality;

/// A single Type VII at H, found by the Type 271 in J at night (1); the Example's array.
fn radar_contact(o: MissionOptions) -> crate::atlantic::Mission {
    radar_contact_with(o, &EXAMPLE)
}

fn radar_contact_with(o: MissionOptions, places: &[(&str, &str)]) -> crate::atlantic::Mission {
    let mut m = scripted(o, &opening(NIGHT, 1));
    array(&mut m, places);
    let mut f = at("H");
    f.extend([1, 1]); // silent; the radar's 1
    feed(&mut m, &f);
    m
}

fn battle(m: &crate::atlantic::Mission) -> &crate::atlantic::battle::Battle {
    m.battle().expect("a battle")
}

fn boat_mut(m: &mut crate::atlantic::Mission) -> &mut crate::atlantic::Uboat {
    match &mut m.phase {
        Phase::Battle(b) => &mut b.boats[0],
        _ => panic!("no battle"),
    }
}

/// [7.1.3 Important] Three escorts hunt one boat: one B4 and one B3 a round, and the "two escorts" +1
/// once [8.0]. [7.1.3 ERRATA] The player may break off at any time; a boat whose damage is minor comes
/// back next cycle [7.3.9] [7.1.3].
#[test]
fn b3_and_b4_are_rolled_once_per_boat_whatever_the_number_of_escorts() {
    let mut m = radar_contact(opts());
    for s in [
        "hunt hurricane",
        "hunt anchusa",
        "hunt dahlia",
        "engage",
        "depth_charges",
    ] {
        act(&mut m, s);
    }
    // B4 7 = 2 hits: B5 25 and 44, minor damage; B3 9 + 3 = 12: held.
    let ev = feed(&mut m, &[3, 4, 2, 5, 4, 4, 4, 5]);
    assert_eq!(on(&ev, "B4").len(), 1);
    assert_eq!(on(&ev, "B3").len(), 1);
    let b3 = on(&ev, "B3")[0];
    assert_eq!(b3.modifiers.iter().filter(|m| m.rule == "8.0").count(), 1);
    assert!(has_mod(b3, "8.0", 1));
    assert_eq!(b3.result, 12);
    assert!(choices(&m).contains(&"break_off".to_string()));
    let ev = act(&mut m, "break_off");
    assert!(ev.iter().all(|e| !matches!(e, MissionEvent::Removed { .. })));
    // Cycle 2 (day) begins: the boat is back [7.1.1].
    assert_eq!(battle(&m).cycle, 2);
    assert_eq!(choices(&m), ["keep", "rearray"]);
}

/// [7.1.3 Important] Each escort engages one boat an impulse: the four hunting U-boat 1 are not
/// offered against U-boat 2.
#[test]
fn an_escort_hunts_one_boat_per_impulse() {
    let mut m = scripted(opts(), &opening(NIGHT, 3));
    array(&mut m, &EXAMPLE);
    let mut f = at("H");
    f.extend(at("H"));
    f.extend([1, 1, 1, 1]); // both silent; the radar finds both
    let ev = feed(&mut m, &f);
    // [7.1.3] Two boats at one circle: each is rolled for, one after the other.
    assert_eq!(on(&ev, "Type 271 radar by night").len(), 2);
    assert_eq!(battle(&m).acting, [0, 1]);
    for s in [
        "hunt hurricane",
        "hunt anchusa",
        "hunt dahlia",
        "hunt monkshood",
        "engage",
        "depth_charges",
    ] {
        act(&mut m, s);
    }
    feed(&mut m, &[1, 2, 1, 1]); // B4 3: no hit; B3 a natural 2
    // The hunt's main choice first, within the number keys.
    assert_eq!(choices(&m), ["let_go", "hunt rockingham", "hunt venomous"]);
}

/// [7.1.3 ERRATA] Moving costs -1 on B3 once, however many escorts moved (the Example's -1 each is
/// wrong); escorts beside the boat do not move.
#[test]
fn moving_costs_minus_1_once_however_many_move() {
    let mut m = radar_contact(opts());
    for s in [
        "hunt hurricane",
        "hunt anchusa",
        "hunt dahlia",
        "engage",
        "depth_charges",
    ] {
        act(&mut m, s);
    }
    let b = battle(&m);
    assert!(b.moved[0] && b.moved[3] && b.moved[4], "all three moved to H");
    assert_eq!(b.spots[0].as_deref(), Some("H"));
    let ev = feed(&mut m, &[1, 2, 3, 3]); // B4 3: no hit; B3 6
    let b3 = on(&ev, "B3")[0];
    assert_eq!(b3.modifiers.iter().filter(|m| m.value == -1).count(), 1);
    assert!(has_mod(b3, "7.1.3 ERRATA", -1));
}

/// The boat at K, undetected, attacks from medium range and misses with all four; the Flower beside it
/// in K hunts it after the attack.
fn after_an_attack_at_k(o: MissionOptions) -> (crate::atlantic::Mission, Vec<MissionEvent>) {
    let mut m = scripted(o, &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    let mut f = at("K");
    // silent; ASDIC from K 6: not detected; range 3: medium; sizes 1 1 1; M1 07 12 23; C1 7;
    // night torpedoes 5: G7e; four misses (12).
    f.extend([
        1, 6, 3, 1, 1, 1, 0, 7, 1, 2, 2, 3, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6,
    ]);
    let ev = feed(&mut m, &f);
    (m, ev)
}

/// [7.1.5 ERRATA] [8.0] The year's modifier is for B3 after an attack on the boat only: none on ASDIC,
/// none on the first B3 after the boat attacked; +2 in 1942 once the escorts have attacked.
#[test]
fn the_year_modifier_comes_only_after_an_attack_on_the_boat() {
    let (mut m, ev) = after_an_attack_at_k(opts());
    assert!(on(&ev, "ASDIC")[0].modifiers.is_empty());
    assert!(matches!(m.pending(), Pending::Decision(_)));
    act(&mut m, "hunt anchusa");
    let ev = act(&mut m, "engage");
    let ev = [ev, feed(&mut m, &[4, 5])].concat(); // B3 9: detected
    let first = on(&ev, "B3")[0];
    assert!(
        first.modifiers.is_empty(),
        "no year, no prior, one escort, no move: {first:?}"
    );
    assert_eq!(first.result, 9);
    act(&mut m, "depth_charges");
    let ev = feed(&mut m, &[1, 2, 3, 3]); // B4 3: no hit; B3 6 +1 +2 = 9
    let second = on(&ev, "B3")[0];
    assert!(has_mod(second, "7.1.5 ERRATA", 2) && has_mod(second, "7.1.3", 1));
    assert_eq!(second.result, 9);
}

/// [7.1.5 ERRATA] In 1943 the year's modifier on B3 is the 1943 one.
#[test]
fn the_year_modifier_of_1943() {
    let o = MissionOptions {
        month: periscope_data::Month { year: 1943, month: 1 },
        ..opts()
    };
    let (mut m, _) = after_an_attack_at_k(o);
    act(&mut m, "hunt anchusa");
    act(&mut m, "engage");
    feed(&mut m, &[4, 5]);
    act(&mut m, "depth_charges");
    let ev = feed(&mut m, &[1, 2, 3, 3]);
    let b3 = on(&ev, "B3")[0];
    let year = m
        .data()
        .data()
        .charts
        .b3
        .modifiers
        .iter()
        .find(|x| x.id == "year_1943")
        .unwrap()
        .drm;
    assert!(has_mod(b3, "7.1.5 ERRATA", year));
    assert!(!has_mod(b3, "7.1.5 ERRATA", 2) || year == 2);
}

/// [7.1.5 ERRATA] A natural 2 always escapes, whatever the modifiers: in 1943, two escorts beside A1
/// (no move), after an attack that left the fuel tanks and dive planes damaged, +7.
#[test]
fn a_natural_2_always_escapes() {
    let o = MissionOptions {
        month: periscope_data::Month { year: 1943, month: 1 },
        ..opts()
    };
    let mut m = scripted(o, &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    let mut f = at("A1");
    f.extend([1, 1]); // silent; ASDIC from K: detected
    feed(&mut m, &f);
    for s in ["hunt anchusa", "hunt dahlia", "engage", "depth_charges"] {
        act(&mut m, s);
    }
    // B4 7: B5 66 fuel tanks, 26 dive planes; B3 a natural 2 at +7.
    let ev = feed(&mut m, &[3, 4, 6, 6, 2, 6, 1, 1]);
    let b3 = on(&ev, "B3")[0];
    assert!(b3.result >= 9, "the modifiers alone would hold it: {}", b3.result);
    assert!(b3.outcome.contains("natural 2"));
    // [7.3.5] [7.3.7] [B8] Leaking fuel tanks and damaged dive planes: +1 each on B3.
    assert_eq!(
        b3.modifiers
            .iter()
            .filter(|x| x.rule == "B8" && x.value == 1)
            .count(),
        2
    );
    assert!(ev.iter().any(|e| matches!(e, MissionEvent::Escaped { boat: 1 })));
    // [7.3.9] Fuel tanks and dive planes keep it out of the encounter: the battle is over.
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Removed { boat: 1, .. }))
    );
    assert!(m.battle().is_none());
}

/// [B8] [7.3.3] [7.3.5] [7.3.7] Damage's modifiers: fuel tanks +1 on B3 and B4, dive planes +1 on B3,
/// one motor +1 and both +2 (not +3) on B4, batteries +1 from the next attack, hydrophones +1 on B4.
#[test]
fn damage_brings_its_modifiers() {
    let mut m = radar_contact(opts());
    for s in ["hunt hurricane", "hunt anchusa", "engage", "depth_charges"] {
        act(&mut m, s);
    }
    // B4 9 = 3 hits: 16 motor 1, 11 batteries, 32 hydrophones; B3 6 +3 = 9 held.
    let ev = feed(&mut m, &[4, 5, 1, 6, 1, 1, 3, 2, 3, 3]);
    assert_eq!(on(&ev, "B3")[0].result, 9);
    act(&mut m, "depth_charges");
    // B4 2: +1 motor, +1 batteries (hit in the last attack), +1 hydrophones = 5: 1 hit, 36 motor 2.
    let ev = feed(&mut m, &[1, 1, 3, 6, 3, 3]);
    let b4 = on(&ev, "B4")[0];
    assert_eq!(b4.modifiers.iter().map(|x| x.value).sum::<i32>(), 3);
    assert_eq!(b4.modifiers.len(), 3);
    act(&mut m, "depth_charges");
    // Both motors out: +2 instead of +1.
    let ev = feed(&mut m, &[1, 1]);
    let b4 = on(&ev, "B4")[0];
    let motors: Vec<i32> = b4
        .modifiers
        .iter()
        .filter(|x| x.reason.contains("motor"))
        .map(|x| x.value)
        .collect();
    assert_eq!(motors, [2]);
    assert_eq!(b4.result, 2 + 2 + 1 + 1);
}

/// [B8] The first attack after the batteries are hit is not at +1: only the next.
#[test]
fn batteries_count_from_the_next_attack() {
    let mut m = radar_contact(opts());
    for s in ["hunt hurricane", "hunt anchusa", "engage", "depth_charges"] {
        act(&mut m, s);
    }
    let ev = feed(&mut m, &[2, 3, 1, 1, 3, 3]); // B4 5: 11 batteries; B3 9
    assert!(on(&ev, "B4")[0].modifiers.is_empty());
    act(&mut m, "depth_charges");
    let ev = feed(&mut m, &[1, 2]);
    assert!(
        on(&ev, "B4")[0]
            .modifiers
            .iter()
            .any(|x| x.reason.contains("batteries"))
    );
}

/// [7.3.2] [B8] New flooding brings the halt roll at the end of the turn (5-6 one more box); a turn
/// without new flooding none. [7.3.9] [7.3.1] Flooding alone keeps no boat out: it is pumped out at the
/// end of the cycle and the boat returns.
#[test]
fn flooding_is_checked_after_a_turn_with_new_flooding_and_pumped_out_after_the_cycle() {
    let mut m = radar_contact(opts());
    for s in ["hunt hurricane", "hunt anchusa", "engage", "depth_charges"] {
        act(&mut m, s);
    }
    // B4 5: 12 flooding; halt roll 5: one more; B3 9 held.
    let ev = feed(&mut m, &[2, 3, 1, 2, 5, 3, 3]);
    assert_eq!(on(&ev, "B8").len(), 1);
    assert_eq!(battle(&m).boats[0].damage.flooding, 2);
    act(&mut m, "depth_charges");
    let ev = feed(&mut m, &[1, 2, 1, 2]); // B4 3: no hit; B3 3: escapes
    assert!(on(&ev, "B8").is_empty(), "no new flooding, no check");
    assert!(ev.iter().all(|e| !matches!(e, MissionEvent::Removed { .. })));
    assert_eq!(battle(&m).cycle, 2, "it returns in cycle 2");
    assert_eq!(battle(&m).boats[0].damage.flooding, 0, "pumped out [7.3.1]");
}

/// [7.3.2] [7.4.2] [B8] Full flooding brings the boat up: gunfire sinks it; the kill goes to the radar
/// ship that first detected it [7.5.1].
#[test]
fn full_flooding_surfaces_the_boat_and_gunfire_sinks_it() {
    let mut m = radar_contact(opts());
    act(&mut m, "hunt hurricane");
    act(&mut m, "hunt anchusa");
    boat_mut(&mut m).damage.flooding = 9;
    act(&mut m, "engage");
    act(&mut m, "depth_charges");
    let ev = feed(&mut m, &[2, 3, 1, 2]); // B4 5: 12 flooding, the tenth box
    assert!(ev.iter().any(|e| matches!(e, MissionEvent::Surfaced { boat: 1 })));
    assert!(on(&ev, "B8").is_empty(), "up at once: no halt roll");
    assert_eq!(choices(&m), ["gunfire", "ram hurricane", "ram anchusa"]);
    let ev = act(&mut m, "gunfire");
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::UboatSunk { boat: 1, .. }))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::KillCredited { ship, .. } if ship == "Hurricane"))
    );
    assert_eq!(m.group().escorts[0].kills, 1);
}

/// [7.4.2] Ram and board: 11-12 seizes the crypto (a victory level), and the rammer spends a month in
/// dock; 2-10 sinks the boat.
#[test]
fn ramming_sinks_the_boat_and_on_11_12_seizes_the_crypto() {
    for (faces, crypto) in [([6, 5], true), ([5, 5], false)] {
        let mut m = radar_contact(opts());
        act(&mut m, "hunt hurricane");
        act(&mut m, "hunt anchusa");
        boat_mut(&mut m).damage.flooding = 9;
        act(&mut m, "engage");
        act(&mut m, "depth_charges");
        feed(&mut m, &[2, 3, 1, 2]);
        act(&mut m, "ram anchusa");
        let ev = feed(&mut m, &faces);
        assert_eq!(on(&ev, "Ram and board")[0].rule, "7.4.2");
        assert!(ev.iter().any(|e| matches!(e, MissionEvent::UboatSunk { .. })));
        assert_eq!(
            ev.iter()
                .any(|e| matches!(e, MissionEvent::CryptoCaptured { .. })),
            crypto
        );
        assert!(m.group().escorts[3].rammed);
        assert_eq!(
            m.group().escorts[3].damage,
            0,
            "every class survives a ramming [7.4.1]"
        );
    }
}

/// [7.3.4] Every hull box full: sunk with all hands. [7.3.8] Hull accumulates; a system hit twice, or
/// one the boat lacks (a Type VII's second flak gun), is no effect.
#[test]
fn full_hull_sinks_and_repeated_or_absent_systems_are_no_effect() {
    let mut m = radar_contact(opts());
    act(&mut m, "hunt hurricane");
    act(&mut m, "hunt anchusa");
    boat_mut(&mut m).damage.hull = 7;
    act(&mut m, "engage");
    act(&mut m, "depth_charges");
    // B4 11 = 4 hits: 66 fuel, 66 fuel again, 56 flak gun 2, 41 hull (8 of 10); B3 6 +4 = 10 held.
    let ev = feed(&mut m, &[5, 6, 6, 6, 6, 6, 5, 6, 4, 1, 3, 3]);
    let b5: Vec<&str> = on(&ev, "B5").iter().map(|r| r.outcome.as_str()).collect();
    assert!(b5[1].contains("no effect [7.3.8]"), "{b5:?}");
    assert!(b5[2].contains("has none"), "{b5:?}");
    assert_eq!(battle(&m).boats[0].damage.hull, 8);
    act(&mut m, "depth_charges");
    // B4 8 + 1 fuel = 9: 3 hits, two of them hull: sunk at 10.
    let ev = feed(&mut m, &[4, 4, 4, 1, 5, 2]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::UboatSunk { boat: 1, .. }))
    );
    assert_eq!(on(&ev, "B5").len(), 2, "no more hits once the hull is full");
}

/// [7.3.9] Flak damage keeps no boat out; [7.3.1] it rolls its repair at the end of the cycle and
/// returns. With the literal reading, minor damage keeps it out.
#[test]
fn flak_damage_keeps_the_boat_in_and_is_repaired_at_the_end_of_the_cycle() {
    let mut m = radar_contact(opts());
    for s in ["hunt hurricane", "hunt anchusa", "engage", "depth_charges"] {
        act(&mut m, s);
    }
    let ev = feed(&mut m, &[2, 3, 4, 2, 1, 2]); // B4 5: 42 flak gun 1; B3 3: escapes
    assert!(ev.iter().all(|e| !matches!(e, MissionEvent::Removed { .. })));
    assert_eq!(battle(&m).step_name(), "repairs");
    let ev = feed(&mut m, &[1]);
    let r = on(&ev, "B8")[0];
    assert_eq!(r.rule, "7.3.1");
    assert!(r.outcome.contains("repaired"));
    assert_eq!(battle(&m).cycle, 2);

    let literal = MissionOptions {
        optional: OptionalRules {
            literal_minor_damage: true,
            ..OptionalRules::default()
        },
        ..opts()
    };
    let mut m = radar_contact(literal);
    for s in ["hunt hurricane", "hunt anchusa", "engage", "depth_charges"] {
        act(&mut m, s);
    }
    let ev = feed(&mut m, &[2, 3, 1, 5, 1, 2]); // B4 5: 15 minor damage; B3 escapes
    assert!(ev.iter().any(|e| matches!(e, MissionEvent::Removed { .. })));
}

/// [7.5.1] A boat first found by HF/DF: the player picks which hunter is credited.
#[test]
fn after_an_hf_df_detection_the_player_credits_the_kill() {
    let mut m = scripted(opts(), &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    let mut f = at("D");
    f.extend([4, 2]); // reports; HF/DF 2: detected
    feed(&mut m, &f);
    act(&mut m, "hunt rockingham");
    act(&mut m, "hunt venomous");
    boat_mut(&mut m).damage.hull = 9;
    act(&mut m, "engage");
    act(&mut m, "depth_charges");
    feed(&mut m, &[2, 3, 4, 1]); // B4 5: 41 hull: sunk
    assert_eq!(choices(&m), ["credit rockingham", "credit venomous"]);
    let ev = act(&mut m, "credit venomous");
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::KillCredited { ship, .. } if ship == "Venomous"))
    );
}

/// [7.1.3] A Hedgehog attack replaces depth charges when a hunting escort has one: B4's Hedgehog
/// column; [7.5.2] an Elite crew fires it at -1.
#[test]
fn the_hedgehog_replaces_depth_charges_and_an_elite_crew_fires_it_at_minus_1() {
    let mut o = opts();
    o.escorts = EXAMPLE
        .iter()
        .map(|(s, _)| EscortSetup {
            type_271: *s == "hurricane",
            hedgehog: *s == "anchusa",
            crew: if *s == "anchusa" {
                Quality::Elite
            } else {
                Quality::Trained
            },
            ..EscortSetup::new(s)
        })
        .collect();
    let mut m = radar_contact(o);
    act(&mut m, "hunt hurricane");
    act(&mut m, "hunt anchusa");
    act(&mut m, "engage");
    assert_eq!(choices(&m), ["depth_charges", "hedgehog", "break_off"]);
    act(&mut m, "hedgehog");
    let ev = feed(&mut m, &[2, 2]);
    let b4 = on(&ev, "B4")[0];
    assert!(b4.outcome.starts_with("Hedgehog"));
    assert!(has_mod(b4, "7.5.2", -1));
    assert_eq!(b4.result, 3);
}

/// [ERRATA B4] A River-class frigate hunting adds +1 on B4; a Canadian River destroyer does not.
/// [12.6] A hunt of Green crews only attacks at -1.
#[test]
fn river_frigates_add_1_and_green_crews_take_1() {
    let mut o = opts();
    o.month = periscope_data::Month { year: 1942, month: 6 };
    o.escorts = vec![
        EscortSetup {
            type_271: true,
            ..EscortSetup::new("hurricane")
        },
        EscortSetup::new("spey"),
        EscortSetup::new("rockingham"),
        EscortSetup::new("anchusa"),
        EscortSetup::new("dahlia"),
        EscortSetup::new("monkshood"),
    ];
    let places = [
        ("hurricane", "J"),
        ("spey", "C"),
        ("rockingham", "D"),
        ("anchusa", "K"),
        ("dahlia", "A"),
        ("monkshood", "B"),
    ];
    let mut m = radar_contact_with(o.clone(), &places);
    act(&mut m, "hunt hurricane");
    act(&mut m, "hunt spey");
    act(&mut m, "engage");
    act(&mut m, "depth_charges");
    let ev = feed(&mut m, &[1, 2]);
    assert!(has_mod(on(&ev, "B4")[0], "ERRATA B4", 1));

    for e in &mut o.escorts {
        e.crew = Quality::Green;
    }
    o.escorts[1] = EscortSetup {
        crew: Quality::Green,
        ..EscortSetup::new("assiniboine")
    };
    let places = [
        ("hurricane", "J"),
        ("assiniboine", "C"),
        ("rockingham", "D"),
        ("anchusa", "K"),
        ("dahlia", "A"),
        ("monkshood", "B"),
    ];
    let mut m = radar_contact_with(o, &places);
    act(&mut m, "hunt hurricane");
    act(&mut m, "hunt assiniboine");
    act(&mut m, "engage");
    act(&mut m, "depth_charges");
    let ev = feed(&mut m, &[1, 2]);
    let b4 = on(&ev, "B4")[0];
    assert!(!has_mod(b4, "ERRATA B4", 1));
    assert!(has_mod(b4, "12.6", -1));
}

/// [12.7] Limited depth charges: Flowers 4 points, others 11; each attack spends one from the ship the
/// player picks; a hunt with none left lets the boat slip away with its damage [12.7]. [12.7 ERRATA]
/// Six Hedgehog reloads.
#[test]
fn limited_depth_charges_are_spent_from_the_chosen_ship() {
    let mut o = opts();
    o.optional.limited_depth_charges = true;
    o.escorts = EXAMPLE
        .iter()
        .map(|(s, _)| EscortSetup {
            type_271: *s == "hurricane",
            hedgehog: *s == "dahlia",
            depth_charges: (*s == "anchusa").then_some(1),
            ..EscortSetup::new(s)
        })
        .collect();
    let mut m = radar_contact(o);
    let e = &m.group().escorts;
    assert_eq!(
        (e[0].depth_charges, e[4].depth_charges, e[3].depth_charges),
        (Some(11), Some(4), Some(1))
    );
    assert_eq!(e[4].hedgehog_reloads, Some(6));
    assert_eq!(e[3].hedgehog_reloads, None);
    act(&mut m, "hunt anchusa");
    act(&mut m, "engage");
    assert_eq!(choices(&m), ["depth_charges anchusa", "break_off"]);
    act(&mut m, "depth_charges anchusa");
    assert_eq!(m.group().escorts[3].depth_charges, Some(0));
    // No hit; B3 12 held: but no depth charge is left, and the boat slips away.
    let ev = feed(&mut m, &[1, 2, 6, 6]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, MissionEvent::Note { text } if text.contains("[12.7]")))
    );
    assert_eq!(m.group().escorts[3].depth_charges, Some(0), "never below zero");
    assert_eq!(
        battle(&m).cycle,
        2,
        "undamaged, it attacks again next cycle [12.7]"
    );
}

/// [12.8] Evasion: the boat's number (rolled solitaire), the escorts' die: the exact number +3 hits, the
/// same direction +1, another -1; none with the hydrophones out.
#[test]
fn evasive_manoeuvres_change_the_hits() {
    for (escort, extra) in [(6u8, 3i32), (5, 1), (1, -1)] {
        let mut o = opts();
        o.optional.evasion = true;
        let mut m = radar_contact(o);
        act(&mut m, "hunt hurricane");
        act(&mut m, "hunt anchusa");
        act(&mut m, "engage");
        act(&mut m, "depth_charges");
        // The boat's 6 (straight), the escorts', B4 9 = 3 hits (then the hits' B5 rolls, minor).
        let mut f = vec![6, escort, 4, 5];
        let hits = 3 + extra;
        for _ in 0..hits {
            f.extend([1, 5]);
        }
        f.extend([1, 1]); // B3 natural 2
        let ev = feed(&mut m, &f);
        assert_eq!(on(&ev, "Evasive manoeuvres").len(), 2);
        assert!(
            ev.iter()
                .any(|e| matches!(e, MissionEvent::Hits { hits: h, .. } if i32::from(*h) == hits))
        );
    }
    let mut o = opts();
    o.optional.evasion = true;
    let mut m = radar_contact(o);
    act(&mut m, "hunt hurricane");
    act(&mut m, "hunt anchusa");
    boat_mut(&mut m).damage.systems.push("hydrophones".into());
    act(&mut m, "engage");
    act(&mut m, "depth_charges");
    let ev = feed(&mut m, &[1, 2, 1, 1]);
    assert!(
        on(&ev, "Evasive manoeuvres").is_empty(),
        "[12.8] no evasion without hydrophones"
    );
}

/// [7.1.3] After the attack, with no escort beside the circle, an escort must move to hunt (-1); [6.1
/// 2e] a boat that attacked and is let go comes back next cycle; [6.1 2a] engaging is always the
/// player's choice: letting the boat go is offered.
#[test]
fn after_the_attack_an_escort_moves_to_hunt() {
    let mut m = scripted(opts(), &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    let mut f = at("G");
    // silent; range 3; sizes 1 1 1; M1 07 12 23; C1 7; G7e; four misses
    f.extend([1, 3, 1, 1, 1, 0, 7, 1, 2, 2, 3, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6]);
    feed(&mut m, &f);
    let c = choices(&m);
    assert!(c.iter().all(|a| a.starts_with("hunt") || a == "let_go"));
    assert!(c.contains(&"let_go".to_string()));
    act(&mut m, "hunt monkshood");
    act(&mut m, "engage");
    let ev = feed(&mut m, &[3, 3]);
    assert!(has_mod(on(&ev, "B3")[0], "7.1.3 ERRATA", -1));
}

impl crate::atlantic::battle::Battle {
    /// The step's name, as the view gives it.
    pub(crate) fn step_name(&self) -> &'static str {
        use crate::atlantic::battle::Step;
        match self.step {
            Step::Setup(_) => "setup",
            Step::Air(_) => "air",
            Step::Array(_) => "array",
            Step::Place(_) => "placement",
            Step::Detect(_) => "detection",
            Step::Hunt(_) => "hunt",
            Step::Attack(_) => "attack",
            Step::Repairs(_) => "repairs",
            Step::Guard => "guard",
            Step::Finished | Step::Limbo => "over",
        }
    }
}

/// [7.3] [7.3.6] [B8] A crew hit is marked but not tracked: no effect, and the boat stays in the pool
/// [7.3.9].
#[test]
fn crew_wounds_are_not_tracked() {
    let mut m = radar_contact(opts());
    for s in ["hunt hurricane", "hunt anchusa", "engage", "depth_charges"] {
        act(&mut m, s);
    }
    let ev = feed(&mut m, &[2, 3, 1, 4, 1, 2]); // B4 5: 14 crew; B3 3: escapes
    assert!(on(&ev, "B5")[0].outcome.contains("not tracked [7.3.6]"));
    assert_eq!(battle(&m).boats[0].damage.wounds, 1);
    assert!(ev.iter().all(|e| !matches!(e, MissionEvent::Removed { .. })));
    assert_eq!(battle(&m).cycle, 2);
}

/// [12.7] A ship without depth charges still hunts, as the one holding ASDIC contact: the other spends
/// the point, and the two escorts' +1 holds.
#[test]
fn a_ship_without_depth_charges_still_hunts() {
    let mut o = opts();
    o.optional.limited_depth_charges = true;
    o.escorts = EXAMPLE
        .iter()
        .map(|(s, _)| EscortSetup {
            type_271: *s == "hurricane",
            depth_charges: (*s == "anchusa").then_some(0),
            ..EscortSetup::new(s)
        })
        .collect();
    let mut m = radar_contact(o);
    act(&mut m, "hunt anchusa");
    act(&mut m, "hunt hurricane");
    act(&mut m, "engage");
    assert_eq!(choices(&m), ["depth_charges hurricane", "break_off"]);
    act(&mut m, "depth_charges hurricane");
    let ev = feed(&mut m, &[1, 2, 3, 3]);
    assert!(has_mod(on(&ev, "B3")[0], "8.0", 1));
    assert_eq!(m.group().escorts[0].depth_charges, Some(10));
}

/// [7.1.5] [7.1.5 Designer] Steam torpedoes fired by day: +1 on every B3 roll against the boat in the
/// combat, not only the first.
#[test]
fn steam_torpedoes_by_day_help_every_detection_roll() {
    let mut m = scripted(opts(), &opening(DAY, 1));
    array(&mut m, &EXAMPLE);
    let mut f = at("G");
    // silent; it attacks; medium, three small, C1 7; by day 1 = G7a; four misses.
    f.extend([
        1, 1, 3, 1, 1, 1, 0, 7, 1, 2, 2, 3, 3, 4, 1, 6, 6, 6, 6, 6, 6, 6, 6,
    ]);
    feed(&mut m, &f);
    act(&mut m, "hunt monkshood");
    act(&mut m, "engage");
    let first = feed(&mut m, &[5, 5]);
    act(&mut m, "depth_charges");
    let second = feed(&mut m, &[1, 2, 2, 2]);
    assert!(has_mod(on(&first, "B3")[0], "7.1.5", 1));
    assert!(has_mod(on(&second, "B3")[0], "7.1.5", 1));
}

//! The expansion's procedures: loners [4.0]-[4.3], crash dive [5.0]-[5.2], targeting an escort [6.0]
//! [6.1], early War Period 4 [7.0].
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::super::*;
use super::support::*;
use crate::testing::{act, choices, feed, roll_on, try_act};

/// A 1941 game in `month` and War Period `wp`, the player drawing.
fn at(month: &str, wp: u8, faces: &[u8]) -> Companion {
    let mut g = game(faces);
    set_up(
        &mut g,
        Start {
            month,
            war_period: wp,
            ..Start::default()
        },
    );
    g
}

/// To a loner: the row has red boxes, the contact roll a white box, the second roll a red box.
fn find_loner(g: &mut Companion) -> Vec<SwEvent> {
    let mut ev = act(g, "loner");
    ev.extend(act(g, "yes"));
    ev.extend(act(g, "box white"));
    ev.extend(act(g, "box red"));
    ev
}

/// [4.1] On an Area Activity Chart War Period row with red boxes, a white-box contact roll earns a second
/// roll; a red box on it is a loner. A first roll of 0 makes the second roll the Sub vs Sub roll too
/// [SW14.6]. A row without red boxes, or a first roll that is not a white box, gives no loner.
#[test]
fn a_loner_is_a_white_box_then_a_red_one() {
    let mut g = at("4/42", 1, &[0, 7]);
    act(&mut g, "loner");
    assert!(prompt(&g).contains("Does this War Period's row of the Area Activity Chart have red boxes?"));
    let ev = act(&mut g, "yes");
    roll_on(&ev, "Area Activity Chart").rule("4.1").faces(&[0]);
    assert!(prompt(&g).starts_with("The contact roll is 0."), "{}", prompt(&g));
    let ev = act(&mut g, "box white");
    roll_on(&ev, "Area Activity Chart").faces(&[7]);
    let ev = act(&mut g, "box red");
    assert!(
        notes(&ev, "4.1")
            .iter()
            .any(|n| n.contains("the second roll (7) is also your Sub vs Sub roll [SW14.6]"))
    );
    assert!(notes(&ev, "4.1").contains(&"A red box on the second roll: a loner"));
    // No red box on the row: no loner.
    let mut g = at("4/42", 1, &[]);
    act(&mut g, "loner");
    let ev = act(&mut g, "no");
    assert_eq!(notes(&ev, "4.1"), ["No red box on this row: no loner can be met"]);
    assert!(prompt(&g).starts_with("April 1942"));
    // A first roll showing a red box is the base game's contact, not a loner; nor is a second roll that is
    // not red. Without a first 0 there is no Sub vs Sub reminder.
    let mut g = at("4/42", 1, &[5, 5]);
    act(&mut g, "loner");
    act(&mut g, "yes");
    act(&mut g, "box white");
    let ev = act(&mut g, "box other");
    assert_eq!(notes(&ev, "4.1"), ["No red box on the second roll: no loner"]);
    let mut g = at("4/42", 1, &[5]);
    act(&mut g, "loner");
    act(&mut g, "yes");
    let ev = act(&mut g, "box red");
    assert!(notes(&ev, "4.1")[0].starts_with("Not a white box: no loner"));
}

/// [4.2 Target] A loner is one counter drawn from the cup of the War Period (WP1 A, WP2 B, WP3 C, WP4 D),
/// placed in that cup's column.
#[test]
fn the_loner_comes_from_the_war_periods_cup() {
    for (wp, cup) in [(1, 'A'), (2, 'B'), (3, 'C'), (4, 'D')] {
        let mut g = at("4/44", wp, &[0, 0]);
        let ev = find_loner(&mut g);
        assert!(
            notes(&ev, "4.2 Target").contains(
                &format!("Draw one counter from cup {cup} (War Period {wp}) and place it in column {cup}")
                    .as_str()
            ),
            "{}",
            text(&ev)
        );
    }
}

/// [4.2 Submarine] One die less the Super Skipper value against the tactical rating: with rating 4 and
/// Super Skipper 1 a 5 puts the submarine in the loner's column and a 6 in an adjacent one, the player
/// picking which (at an edge column there is only one).
#[test]
fn the_submarine_is_placed_by_its_tactical_rating() {
    let mut g = at("4/43", 3, &[1, 1, 5]);
    find_loner(&mut g);
    assert!(prompt(&g).contains("tactical rating"), "{}", prompt(&g));
    act(&mut g, "tactical 4");
    let ev = act(&mut g, "skipper 1");
    roll_on(&ev, "Loner placement")
        .rule("4.2 Submarine")
        .faces(&[5])
        .modifier("4.2 Submarine", -1)
        .result(4)
        .outcome("the same column as the loner (C)");
    assert_eq!(notes(&ev, "4.2 Submarine"), ["Place the submarine in column C"]);

    let mut g = at("4/43", 3, &[1, 1, 6]);
    find_loner(&mut g);
    act(&mut g, "tactical 4");
    let ev = act(&mut g, "skipper 1");
    roll_on(&ev, "Loner placement")
        .result(5)
        .outcome("a column next to the loner's (C)");
    assert_eq!(choices(&g), ["column b", "column d"]);
    assert!(try_act(&mut g, "column a").is_err());
    let ev = act(&mut g, "column d");
    assert_eq!(notes(&ev, "4.2 Submarine"), ["Place the submarine in column D"]);
    assert_eq!(g.boat().tactical, Some(4));

    // War Period 1: cup A is an edge column; the only one beside it is B. The boat is remembered.
    let mut g = at("4/42", 1, &[1, 1, 9, 1, 1, 9]);
    find_loner(&mut g);
    act(&mut g, "tactical 4");
    let ev = act(&mut g, "skipper 1");
    assert_eq!(notes(&ev, "4.2 Submarine"), ["Place the submarine in column B"]);
    act(&mut g, "is aircraft");
    find_loner(&mut g);
    let ev = act(&mut g, "boat same");
    assert_eq!(notes(&ev, "4.2 Submarine"), ["Place the submarine in column B"]);
}

/// [4.3] A revealed Combat Event applies only on a 3 or 4 of its roll [SW19.2]; 0, 1, 2, 5-9 are no event.
/// An aircraft (not an aircraft capable ship) makes one counterattack round, then combat ends.
#[test]
fn a_loners_combat_event_applies_only_on_three_or_four() {
    for face in 0..=9u8 {
        let mut g = at("4/42", 1, &[1, 1, 0]);
        find_loner(&mut g);
        act(&mut g, "tactical 4");
        act(&mut g, "skipper 0");
        act(&mut g, "is event");
        let ev = feed(&mut g, &[face]);
        let roll = roll_on(&ev, "Loner Combat Event").rule("4.3").faces(&[face]);
        if face == 3 || face == 4 {
            roll.outcome("the event applies");
            assert!(
                prompt(&g).contains("Which Combat Event did the roll give?"),
                "{}",
                prompt(&g)
            );
            act(&mut g, "event other");
        } else {
            roll.outcome("no event");
        }
        assert!(prompt(&g).starts_with("April 1942"), "{face}: {}", prompt(&g));
    }
    let mut g = at("4/42", 1, &[1, 1, 0]);
    find_loner(&mut g);
    act(&mut g, "tactical 4");
    act(&mut g, "skipper 0");
    let ev = act(&mut g, "is aircraft");
    assert_eq!(
        notes(&ev, "4.3"),
        ["An aircraft (not an aircraft capable ship): it makes one counterattack round, then combat ends"]
    );
    assert!(prompt(&g).starts_with("April 1942"));
}

/// [4.3] A merchant goes to the combat procedure; a Japanese warship or a non-warship auxiliary is first
/// replaced from the IJN Set [3.1]. [4.3 Combat Procedure] The player may invoke Surface Gunnery Combat
/// (Combat Event #1), never against a warship but against an auxiliary; re-attacks are allowed with the
/// Super Skipper's extra one [SW14.41]; the Endurance Check at the end is at -1. [3.7 Michel] Michel may be
/// met as a loner. [4.0] Loners are lone ships, mostly warships.
#[test]
fn a_loner_is_fought_with_its_own_procedure() {
    // A warship: replaced from its pile, no gunnery.
    let mut g = at("4/42", 1, &[1, 1, 0]);
    find_loner(&mut g);
    act(&mut g, "tactical 4");
    act(&mut g, "skipper 0");
    act(&mut g, "is warship");
    let c = choices(&g);
    assert!(
        c.contains(&"reveal dd".to_string()) && !c.contains(&"reveal ao".to_string()),
        "{c:?}"
    );
    let ev = act(&mut g, "reveal dd");
    assert!(
        text(&ev).contains("Re-attacks are allowed against a loner"),
        "{}",
        text(&ev)
    );
    let ev = act(&mut g, "drew dd_arashi");
    assert!(
        text(&ev).contains("the SW DD goes back to cup A"),
        "the loner's column is its cup: {}",
        text(&ev)
    );
    assert!(prompt(&g).starts_with("Loner combat"), "{}", prompt(&g));
    assert!(
        !choices(&g).contains(&"gunnery".to_string()),
        "no gunnery against a warship"
    );
    assert!(try_act(&mut g, "gunnery").is_err());
    act(&mut g, "end_combat");
    let ev = act(&mut g, "undamaged");
    assert_eq!(
        notes(&ev, "4.3 Combat Procedure"),
        ["Loner combat over: subtract 1 on the Endurance Check."]
    );
    assert_eq!(g.data.loners.endurance_check_modifier, -1);

    // An auxiliary, Michel herself: met, and gunned.
    let mut g = at("6/43", 2, &[1, 1, 0]);
    find_loner(&mut g);
    act(&mut g, "tactical 4");
    act(&mut g, "skipper 0");
    act(&mut g, "is auxiliary");
    act(&mut g, "reveal ao");
    act(&mut g, "drew ax_michel");
    assert_eq!(g.view().display[0].id, "ax_michel");
    let ev = act(&mut g, "gunnery");
    assert!(
        text(&ev).contains("Surface Gunnery Combat (Combat Event #1) invoked"),
        "{}",
        text(&ev)
    );
    assert!(!choices(&g).contains(&"gunnery".to_string()), "once");

    // A merchant: straight to the combat procedure, gunnery allowed.
    let mut g = at("4/42", 1, &[1, 1, 0]);
    find_loner(&mut g);
    act(&mut g, "tactical 4");
    act(&mut g, "skipper 0");
    act(&mut g, "is merchant");
    assert!(choices(&g).contains(&"gunnery".to_string()));
    let ev = act(&mut g, "end_combat");
    assert_eq!(notes(&ev, "4.3 Combat Procedure").len(), 1);
}

/// A task-force combat up to a Diligent Escort drawn (values 6-2) for a boat of `class`; `skipper` its
/// Super Skipper rating.
fn diligent_escort(class: &str, skipper: u8, faces: &[u8]) -> Companion {
    let mut g = at("4/42", 1, faces);
    act(&mut g, "combat");
    act(&mut g, "reveal diligent");
    act(&mut g, "column a");
    act(&mut g, "drew dd_arashi");
    act(&mut g, "values 6-2");
    act(&mut g, &format!("class {class}"));
    if g.boat().super_skipper.is_none() && prompt(&g).contains("Super Skipper") {
        act(&mut g, &format!("skipper {skipper}"));
    }
    g
}

/// [5.1] [5.2] One die less the Super Skipper rating, at most the class's Crash Dive Rating succeeds: a Gato
/// (0) succeeds on a 0 and fails on a 1, or on a 1 with Super Skipper 1; a British T2 (2) succeeds on a 2
/// and fails on a 3; an Argonaut (X) cannot try. [5.0] It is a second chance against the escort.
#[test]
fn crash_dive_for_gato_british_t2_and_argonaut() {
    for (class, skipper, face, success) in [
        ("gato", 0, 0, true),
        ("gato", 0, 1, false),
        ("gato", 1, 1, true),
        ("gato", 1, 2, false),
        ("british_t2", 0, 2, true),
        ("british_t2", 0, 3, false),
        ("new_s1", 0, 1, true),
    ] {
        let mut g = diligent_escort(class, skipper, &[]);
        assert!(
            prompt(&g).starts_with("Attempt a crash dive?"),
            "{class}: {}",
            prompt(&g)
        );
        act(&mut g, "yes");
        let ev = feed(&mut g, &[face]);
        let mut roll = roll_on(&ev, "Crash Dive").rule("5.1").faces(&[face]);
        if skipper > 0 {
            roll = roll.modifier("5.1", -i32::from(skipper));
        }
        if success {
            roll.outcome("the crash dive succeeds");
            assert!(prompt(&g).contains("Diligent Escort Table"), "{}", prompt(&g));
        } else {
            roll.outcome("the crash dive fails");
            assert!(
                notes(&ev, "5.1").contains(&"The crash dive failed: resolve it normally, and combat goes on")
            );
            assert!(prompt(&g).starts_with("Combat Phase"));
        }
    }
    let mut g = diligent_escort("argonaut", 0, &[]);
    assert!(
        prompt(&g).starts_with("Combat Phase"),
        "no dive for an X: {}",
        prompt(&g)
    );
    assert_eq!(g.boat().class.as_deref(), Some("argonaut"));
    let mut g2 = at("4/42", 1, &[]);
    act(&mut g2, "combat");
    act(&mut g2, "reveal diligent");
    act(&mut g2, "column a");
    act(&mut g2, "drew dd_arashi");
    let ev = act(&mut g2, "values 6-2");
    let _ = act(&mut g2, "class argonaut");
    assert!(text(&ev).contains("before it is resolved the submarine may crash dive"));
    g = g2;
    assert!(!choices(&g).contains(&"yes".to_string()));
}

/// [5.1] On a successful dive the Diligent Escort or Event Aircraft Table is rolled as usual but every
/// result except No Effect becomes Spotted; a circular running torpedo misses; after a Betty Bomber, the
/// Endurance Check. A dive not tried, or failed, leaves the occurrence to be resolved normally.
#[test]
fn a_successful_dive_turns_results_into_spotted() {
    let mut g = diligent_escort("gato", 0, &[0]);
    act(&mut g, "yes");
    let ev = act(&mut g, "table other");
    assert_eq!(
        notes(&ev, "5.1"),
        ["The result becomes Spotted: the submarine is Spotted"]
    );
    // [6.1] a: now Spotted, no escort can be targeted.
    assert!(!choices(&g).contains(&"target".to_string()));

    let mut g = diligent_escort("gato", 0, &[0]);
    act(&mut g, "yes");
    let ev = act(&mut g, "table no_effect");
    assert_eq!(notes(&ev, "5.1"), ["No Effect: it stays No Effect"]);

    // A Betty Bomber: the Event Aircraft Table, then the Endurance Check.
    let mut g = at("4/42", 1, &[1]);
    act(&mut g, "combat");
    act(&mut g, "reveal event");
    let ev = act(&mut g, "event betty_bomber_spots_submarine");
    assert!(notes(&ev, "5.1")[0].starts_with("Betty Bomber Spots Submarine: before it is resolved"));
    act(&mut g, "class new_s2");
    act(&mut g, "skipper 0");
    act(&mut g, "yes");
    assert!(prompt(&g).contains("Event Aircraft Table"), "{}", prompt(&g));
    let ev = act(&mut g, "table no_effect");
    assert!(
        notes(&ev, "5.1")
            .contains(&"Crash dive from the Betty made: go on to the Endurance Check as the event directs.")
    );

    // A circular running torpedo misses a boat that dived.
    let mut g = at("4/42", 1, &[0]);
    act(&mut g, "combat");
    act(&mut g, "reveal event");
    act(&mut g, "event circular_running_torpedo");
    act(&mut g, "class balao");
    act(&mut g, "skipper 0");
    let ev = act(&mut g, "yes");
    assert!(
        notes(&ev, "5.1")
            .contains(&"The circular running torpedo misses the submarine: combat goes on as normal")
    );

    // Declined: resolved normally.
    let mut g = diligent_escort("gato", 0, &[]);
    let ev = act(&mut g, "no");
    assert_eq!(
        notes(&ev, "5.1"),
        ["No crash dive: resolve it normally, and combat goes on"]
    );
    // [5.2] The ratings are the table's.
    for (class, rating) in [
        ("gato", "0"),
        ("british_t2", "2"),
        ("argonaut", "X"),
        ("o_21", "1"),
        ("leviathan", "X"),
    ] {
        assert_eq!(
            g.data.crash_dive.rating(class).unwrap().rating.to_string(),
            rating
        );
    }
}

/// A task-force combat with DD Arashi (values 6-2) on the display.
fn with_escort() -> Companion {
    let mut g = at("4/42", 1, &[]);
    act(&mut g, "combat");
    act(&mut g, "reveal dd");
    act(&mut g, "column a");
    act(&mut g, "drew dd_arashi");
    act(&mut g, "values dd_arashi");
    act(&mut g, "values 6-2");
    g
}

/// [6.0] In the first attack round the submarine may target one escort: its ASW is left out of its unit's
/// defence while the other escorts' counts; if it is damaged or sunk its ASW stays out of the counterattack
/// round. Once only, and not in a re-attack.
#[test]
fn targeting_an_escort_leaves_its_asw_out() {
    let mut g = with_escort();
    act(&mut g, "target");
    assert!(prompt(&g).contains("Is the submarine Spotted?"));
    act(&mut g, "no");
    act(&mut g, "no");
    act(&mut g, "no");
    assert!(choices(&g).contains(&"target dd_arashi".to_string()));
    let ev = act(&mut g, "target dd_arashi");
    assert!(text(&ev).contains("DD Arashi targeted: its ASW (2) is left out of its unit's defence in this first attack round; the other escorts' ASW counts [6.0]"), "{}", text(&ev));
    assert!(!choices(&g).contains(&"target".to_string()));
    let e = try_act(&mut g, "target").unwrap_err();
    assert!(e.contains("only one escort"), "{e}");
    act(&mut g, "end_combat");
    let ev = act(&mut g, "sunk");
    assert_eq!(
        notes(&ev, "6.0"),
        ["DD Arashi was the targeted escort: its ASW is not used in the counterattack round"]
    );

    // Not after the first round.
    let mut g = with_escort();
    act(&mut g, "first_round");
    let e = try_act(&mut g, "target").unwrap_err();
    assert!(e.contains("first attack round only"), "{e}");

    // An unrevealed target fired at proves an escort when it is revealed.
    let mut g = at("4/42", 1, &[]);
    act(&mut g, "combat");
    act(&mut g, "target");
    for _ in 0..3 {
        act(&mut g, "no");
    }
    act(&mut g, "target unrevealed");
    act(&mut g, "reveal de");
    act(&mut g, "column b");
    let first = choices(&g)[0].clone();
    let ev = act(&mut g, &first);
    assert!(
        ev.iter()
            .any(|e| matches!(e, SwEvent::EscortTargeted { ship: Some(_), .. })),
        "{}",
        text(&ev)
    );

    // An unrevealed target that proves no escort: the option is spent, no ASW is left out.
    let mut g = at("4/42", 1, &[]);
    act(&mut g, "combat");
    act(&mut g, "target");
    for _ in 0..3 {
        act(&mut g, "no");
    }
    act(&mut g, "target unrevealed");
    act(&mut g, "reveal ca");
    act(&mut g, "column b");
    let first = choices(&g)[0].clone();
    let ev = act(&mut g, &first);
    assert!(
        notes(&ev, "6.0")[0].contains("not an escort: no escort's ASW is left out"),
        "{}",
        text(&ev)
    );
    act(&mut g, "reveal dd");
    act(&mut g, "column c");
    let first = choices(&g)[0].clone();
    let ev = act(&mut g, &first);
    assert!(
        !ev.iter().any(|e| matches!(e, SwEvent::EscortTargeted { .. })),
        "only one target in all"
    );
    assert!(try_act(&mut g, "target").unwrap_err().contains("only one escort"));
}

/// [6.1] The option is refused when (a) the submarine is Spotted, (b) a Diligent Escort or (c) an aircraft
/// has been revealed, (d) Betty Bomber Spots Submarine or either Counterattack event came up, (e) another
/// boat of the wolfpack has attacked; each refusal says its letter and why. What the companion knows it
/// refuses at once; the rest it asks.
#[test]
fn each_restriction_refuses_targeting_with_its_reason() {
    // a, c and e are asked.
    for (answers, letter) in [
        (&["yes"][..], 'a'),
        (&["no", "yes"][..], 'c'),
        (&["no", "no", "yes"][..], 'e'),
    ] {
        let mut g = with_escort();
        act(&mut g, "target");
        let mut ev = Vec::new();
        for a in answers {
            ev = act(&mut g, a);
        }
        let refused = ev
            .iter()
            .find_map(|e| match e {
                SwEvent::TargetingRefused { letter, reason } => Some((*letter, reason.clone())),
                _ => None,
            })
            .unwrap();
        assert_eq!(refused.0, letter);
        let r = g.data.targeting.restriction(letter).unwrap();
        assert!(refused.1.contains(&r.reason), "{refused:?}");
        let e = try_act(&mut g, "target").unwrap_err();
        assert!(e.contains(&format!("not allowed ({letter})")), "{e}");
    }
    // b: a Diligent Escort revealed.
    let mut g = diligent_escort("gato", 0, &[]);
    act(&mut g, "no");
    assert!(!choices(&g).contains(&"target".to_string()));
    let before = g.clone();
    let e = try_act(&mut g, "target").unwrap_err();
    assert!(
        e.contains("not allowed (b): a Diligent Escort has been revealed"),
        "{e}"
    );
    assert_eq!(g, before);
    // c: an aircraft revealed through the companion.
    let mut g = with_escort();
    act(&mut g, "reveal aircraft");
    assert!(try_act(&mut g, "target").unwrap_err().contains("(c)"));
    // d: the three alerting events; another event does not forbid it.
    for event in [
        "betty_bomber_spots_submarine",
        "counterattack_hold_down",
        "counterattack_combat",
    ] {
        let mut g = with_escort();
        act(&mut g, "reveal event");
        act(&mut g, &format!("event {event}"));
        while !prompt(&g).starts_with("Combat Phase") {
            if prompt(&g).contains("class") {
                act(&mut g, "class argonaut");
            } else {
                act(&mut g, "no");
            }
        }
        let e = try_act(&mut g, "target").unwrap_err();
        assert!(e.contains("not allowed (d)"), "{event}: {e}");
    }
    let mut g = with_escort();
    act(&mut g, "reveal event");
    act(&mut g, "event surface_gunnery");
    assert!(choices(&g).contains(&"target".to_string()));
}

/// [7.0] In the War Progress Phase, Ships Sunk at 860 or more and Tons Sunk at 3,800 (thousand) or more make
/// the current month the first of the War Period 4 transition, numbered 9 (like the printed June 1944),
/// the later months following: in March 1944 with 860 ships and 3,900,000 t, March is 9, April 8, May 7.
/// Then the War Period Modification Table as usual. 859 ships, or 3,799 thousand tons, do not trigger it.
#[test]
fn early_war_period_four_at_860_ships_and_not_one_below() {
    let mut g = at("3/44", 3, &[]);
    act(&mut g, "progress");
    assert!(prompt(&g).contains("Ships Sunk"), "{}", prompt(&g));
    act(&mut g, "ships 860");
    let ev = act(&mut g, "tons 3900");
    let numbers = ev
        .iter()
        .find_map(|e| match e {
            SwEvent::WarPeriod4 { month, numbers } => Some((*month, numbers.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(numbers.0.to_string(), "3/44");
    let first: Vec<(String, u8)> = numbers
        .1
        .iter()
        .take(3)
        .map(|(m, n)| (m.to_string(), *n))
        .collect();
    assert_eq!(
        first,
        [
            ("3/44".to_string(), 9),
            ("4/44".to_string(), 8),
            ("5/44".to_string(), 7)
        ]
    );
    assert!(
        text(&ev).contains("roll on the War Period Modification Table as usual"),
        "{}",
        text(&ev)
    );
    assert_eq!(g.transition_number(), Some(9));
    assert!(
        !choices(&g).contains(&"progress".to_string()),
        "once advanced, never again"
    );
    act(&mut g, "month");
    act(&mut g, "no");
    assert_eq!(g.transition_number(), Some(8));
    assert!(
        prompt(&g).contains("War Period Transition number 8"),
        "{}",
        prompt(&g)
    );

    for (ships, tons) in [(859, 3900), (860, 3799), (0, 0)] {
        let mut g = at("3/44", 3, &[]);
        act(&mut g, "progress");
        act(&mut g, &format!("ships {ships}"));
        let ev = act(&mut g, &format!("tons {tons}"));
        assert!(
            !ev.iter().any(|e| matches!(e, SwEvent::WarPeriod4 { .. })),
            "{ships} {tons}"
        );
        assert!(notes(&ev, "7.0")[0].contains("both are needed"));
        assert_eq!(g.war_period_4_from(), None);
    }
    // At the marks exactly: 860 and 3,800.
    let mut g = at("11/43", 3, &[]);
    act(&mut g, "progress");
    act(&mut g, "ships 860");
    act(&mut g, "tons 3800");
    assert_eq!(
        g.war_period_4_from().map(|m| m.to_string()).as_deref(),
        Some("11/43")
    );
}

//! What a campaign walked at the table found: the owner's counters decide over Periscope's reconstructed
//! dates and ships [2.1.1] [3.0 step 1] [3.1A]; a Diligent Escort ends targeting even as the unrevealed
//! target fired at [6.1 b]; a restriction that arises later agrees with what is reported at the end
//! [6.0] [6.1]; the transition number goes once War Period 4 begins [7.0]; and the companion asks only
//! what it needs [5.2] [3.1].
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;

use periscope_data::silent_war_ijn::IjnData;
use periscope_data::silent_war_ijn::ships::PileId;

use super::super::*;
use super::support::*;
use crate::Session;
use crate::testing::{act, choices, try_act};

/// A combat in 5/43 with the player drawing: the DD pile is asked for.
fn dd_draw_in_may_43() -> Companion {
    let mut g = in_month("5/43", &[]);
    act(&mut g, "combat");
    act(&mut g, "reveal dd");
    g
}

/// [2.1.1] [3.0 step 1] A campaign on the owner's dates (an override) removes a counter by the owner's
/// date: Kagero leaves at the start of May 1943, not June.
#[test]
fn a_campaign_draws_by_the_players_date() {
    let mut data = IjnData::shipped().unwrap();
    let i = data.set.index_of("dd_kagero").unwrap();
    assert_eq!(
        data.set.counters[i].removal.map(|m| m.short()).as_deref(),
        Some("6/43")
    );
    data.set.counters[i].removal = Some(periscope_data::Month::parse("5/43").unwrap());
    let mut g = Companion::with_data(Arc::new(data), 1, DiceMode::Scripted { faces: vec![] });
    set_up(
        &mut g,
        Start {
            month: "4/43",
            war_period: 2,
            past: &["coral", "midway", "solomons"],
            ..Start::default()
        },
    );
    assert_eq!(place(&g, "dd_kagero"), Place::Pile);
    assert!(g.view().leaving_next_month.contains(&"DD Kagero".to_string()));
    assert!(
        g.view().to_string().contains("Leaving next month: ") && g.view().to_string().contains("DD Kagero")
    );
    act(&mut g, "month");
    assert!(matches!(place(&g, "dd_kagero"), Place::RemovedByDate { .. }));
    // The shipped date keeps her until June.
    let g = in_month("5/43", &[]);
    assert_eq!(place(&g, "dd_kagero"), Place::Pile);
}

/// [3.1A] The player draws a counter Periscope's data removed (Tokitsukaze, 4/43): asked once, "no" goes
/// back to the draw, "yes" takes her, records the correction, and she plays on — back to her pile after
/// combat and not removed again. A save of it replays to the same companion.
#[test]
fn a_removed_counter_drawn_is_taken_once_confirmed() {
    let mut g = dd_draw_in_may_43();
    assert!(matches!(place(&g, "dd_tokitsukaze"), Place::RemovedByDate { .. }));
    assert!(!choices(&g).contains(&"drew dd_tokitsukaze".to_string()));
    let ev = act(&mut g, "drew dd_tokitsukaze");
    assert!(ev.is_empty(), "nothing happens before the player confirms");
    let p = prompt(&g);
    assert!(
        p.contains(
            "By Periscope's data DD Tokitsukaze is not in the DD pile: it left the pile in April 1943"
        ),
        "{p}"
    );
    assert!(
        p.contains("Your counter sheet disagrees with Periscope's dates"),
        "{p}"
    );
    assert_eq!(choices(&g), ["yes", "no"]);
    act(&mut g, "no");
    assert!(
        prompt(&g).starts_with("Draw a counter from your DD pile"),
        "{}",
        prompt(&g)
    );
    act(&mut g, "drew Tokitsukaze");
    let ev = act(&mut g, "yes");
    let corrected: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            SwEvent::Corrected { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(corrected.len(), 1, "{}", text(&ev));
    assert!(
        corrected[0].contains("the player's counter decides"),
        "{}",
        corrected[0]
    );
    assert_eq!(place(&g, "dd_tokitsukaze"), Place::OnDisplay);
    assert_eq!(g.corrections().len(), 1);
    assert!(
        g.view()
            .to_string()
            .contains("Correction: DD Tokitsukaze drawn in May 1943")
    );
    act(&mut g, "end_combat");
    act(&mut g, "undamaged");
    assert_eq!(place(&g, "dd_tokitsukaze"), Place::Pile);
    act(&mut g, "month");
    assert_eq!(place(&g, "dd_tokitsukaze"), Place::Pile, "not removed again");

    // The save replays exactly: the same actions, the same companion.
    let mut s = Session::<Companion>::new(CompanionOptions::default(), 3, DiceMode::Seeded).unwrap();
    for a in [
        "scenario 1941",
        "start 5/43",
        "past coral",
        "past midway",
        "past solomons",
        "past done",
        "war_period 2",
        "no",
        "draws player",
        "piles",
        "combat",
        "reveal dd",
        "drew dd_tokitsukaze",
        "yes",
    ] {
        s.apply(a.parse().unwrap()).unwrap();
    }
    let back = Session::<Companion>::load(&s.to_json().unwrap()).unwrap();
    assert_eq!(back.game(), s.game());
    assert_eq!(back.game().place("dd_tokitsukaze"), Some(Place::OnDisplay));
}

/// [3.1A] A counter on the display, or one of another pile, is still refused and nothing changes; a
/// counter the game itself has sunk is taken only once confirmed, the prompt saying why.
#[test]
fn what_cannot_have_been_drawn_is_still_refused() {
    let mut g = dd_draw_in_may_43();
    act(&mut g, "drew dd_arashi");
    act(&mut g, "reveal dd");
    let before = g.clone();
    let e = try_act(&mut g, "drew dd_arashi").unwrap_err();
    assert!(e.contains("not in the DD pile"), "{e}");
    assert_eq!(g, before);
    let e = try_act(&mut g, "drew ca_chokai").unwrap_err();
    assert!(e.contains("not in the DD pile"), "{e}");
    assert_eq!(g, before);
    put(&mut g, "dd_hagikaze", Place::Sunk);
    act(&mut g, "drew dd_hagikaze");
    assert!(prompt(&g).contains("this campaign has it sunk"), "{}", prompt(&g));
    assert!(
        prompt(&g).contains("The counter in your hand decides"),
        "{}",
        prompt(&g)
    );
}

/// [3.1A] [3.6] A counter Periscope's data does not have is entered as the player names it, with its
/// tonnage and printed values, and kept for the rest of the campaign: after combat it is in its pile and
/// is drawn by name like any other.
#[test]
fn an_unknown_counter_is_added_with_its_values() {
    let mut g = in_month("4/42", &[]);
    act(&mut g, "combat");
    act(&mut g, "reveal ao");
    let ax = g.pile(PileId::AX).len();
    act(&mut g, "drew Kinai Maru");
    let p = prompt(&g);
    assert!(
        p.contains("No counter of Periscope's IJN Set is called 'Kinai Maru'"),
        "{p}"
    );
    act(&mut g, "yes");
    assert!(prompt(&g).contains("tonnage"), "{}", prompt(&g));
    assert!(try_act(&mut g, "tons 0").is_err(), "a counter has a tonnage");
    let ev = act(&mut g, "tons 8");
    assert!(
        text(&ev).contains("not in Periscope's data: added to the AX pile"),
        "{}",
        text(&ev)
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, SwEvent::Drawn { ship, .. } if ship.name.ends_with("Kinai Maru")))
    );
    let p = prompt(&g);
    assert!(p.contains("The counter is new to Periscope"), "{p}");
    let ev = act(&mut g, "values 2-0");
    assert!(text(&ev).contains("Kinai Maru fights as 2-0"), "{}", text(&ev));
    act(&mut g, "end_combat");
    let ev = act(&mut g, "sunk");
    assert!(text(&ev).contains("credit 8000 tons"), "{}", text(&ev));
    assert_eq!(g.credited(), 8);
    assert_eq!(g.pile(PileId::AX).len(), ax);
    assert_eq!(g.corrections().len(), 1);

    // Undamaged, she goes back to the pile and is drawn by name next time, without a question.
    let mut g = in_month("4/42", &[]);
    act(&mut g, "combat");
    act(&mut g, "reveal ao");
    act(&mut g, "drew Kinai Maru");
    act(&mut g, "yes");
    act(&mut g, "tons 8");
    act(&mut g, "values 2-0");
    act(&mut g, "end_combat");
    act(&mut g, "undamaged");
    assert_eq!(g.pile(PileId::AX).len(), ax + 1);
    act(&mut g, "combat");
    act(&mut g, "reveal ao");
    assert!(
        choices(&g).contains(&"drew player_kinai_maru".to_string()),
        "{:?}",
        choices(&g)
    );
    act(&mut g, "drew kinai maru");
    assert!(prompt(&g).starts_with("Combat Phase"), "{}", prompt(&g));
    assert_eq!(g.view().display[0].values.as_deref(), Some("2-0"));
}

/// A task force combat with targeting chosen for an unrevealed target.
fn firing_at_an_unrevealed_target() -> Companion {
    let mut g = in_month("4/42", &[]);
    act(&mut g, "combat");
    act(&mut g, "target");
    for _ in 0..3 {
        act(&mut g, "no");
    }
    act(&mut g, "target unrevealed");
    g
}

/// [6.1 b] The unrevealed target fired at proves a Diligent Escort: once a Diligent Escort is revealed
/// the option cannot be used, so her ASW is not left out — she fights with the Diligent Escort's raised
/// ASW — and she is not reported as the targeted escort at the end.
#[test]
fn an_unrevealed_target_proving_a_diligent_escort_is_not_targeted() {
    let mut g = firing_at_an_unrevealed_target();
    act(&mut g, "reveal diligent");
    let mut ev = act(&mut g, "drew dd_arashi");
    ev.extend(act(&mut g, "values 6-2"));
    let t = text(&ev);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, SwEvent::EscortTargeted { ship: Some(_), .. })),
        "{t}"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, SwEvent::TargetingRefused { letter: 'b', .. })),
        "{t}"
    );
    assert!(
        t.contains("DD Arashi is a Diligent Escort: targeting an escort cannot be used in this combat (b)"),
        "{t}"
    );
    assert!(t.contains("DD Arashi prints 6-2 and fights as 6-5"), "{t}");
    while !prompt(&g).starts_with("Combat Phase") {
        let answer = if prompt(&g).contains("class") {
            "class argonaut"
        } else {
            "no"
        };
        act(&mut g, answer);
    }
    assert!(try_act(&mut g, "target").unwrap_err().contains("(b)"));
    act(&mut g, "end_combat");
    let ev = act(&mut g, "damaged");
    assert!(notes(&ev, "6.0").is_empty(), "{}", text(&ev));
}

/// [6.0] [6.1 c] An aircraft revealed in the first attack round after an escort was targeted: the option
/// cannot be used, so the escort's ASW counts and the end of combat does not call it the targeted escort.
/// Revealed after the first round, the targeting made in it stands, and both messages say so.
#[test]
fn a_later_restriction_and_the_end_of_combat_agree() {
    let targeted = || {
        let mut g = in_month("4/42", &[]);
        act(&mut g, "combat");
        act(&mut g, "reveal dd");
        act(&mut g, "drew dd_arashi");
        act(&mut g, "target");
        for _ in 0..3 {
            act(&mut g, "no");
        }
        act(&mut g, "target dd_arashi");
        g
    };
    let mut g = targeted();
    let ev = act(&mut g, "reveal aircraft");
    assert_eq!(
        notes(&ev, "6.1"),
        [
            "An aircraft is revealed: targeting an escort cannot be used in this combat (c), so DD Arashi's ASW counts after all"
        ]
    );
    act(&mut g, "end_combat");
    let ev = act(&mut g, "sunk");
    assert!(notes(&ev, "6.0").is_empty(), "{}", text(&ev));

    let mut g = targeted();
    act(&mut g, "first_round");
    let ev = act(&mut g, "reveal aircraft");
    assert_eq!(
        notes(&ev, "6.1"),
        [
            "An aircraft is revealed (c) after the first attack round: DD Arashi stays the escort targeted in it [6.0]"
        ]
    );
    act(&mut g, "end_combat");
    let ev = act(&mut g, "sunk");
    assert_eq!(
        notes(&ev, "6.0"),
        ["DD Arashi was the targeted escort: its ASW is not used in the counterattack round"]
    );

    // With nothing targeted, the restriction only forbids it.
    let mut g = in_month("4/42", &[]);
    act(&mut g, "combat");
    let ev = act(&mut g, "reveal aircraft");
    assert_eq!(
        notes(&ev, "6.1"),
        ["An aircraft is revealed: no escort can be targeted in this combat (c)"]
    );
}

/// [7.0] Early War Period 4 triggered in March 1944: the prompt carries the transition number (9, 8, 7…)
/// while War Period 3 lasts, and not once War Period 4 has begun.
#[test]
fn the_transition_number_goes_once_war_period_four_begins() {
    let mut g = in_month("3/44", &[]);
    // The game started in War Period 1 by the set-up's default: answer the War Period questions "no".
    act(&mut g, "progress");
    act(&mut g, "ships 860");
    act(&mut g, "tons 3900");
    assert!(
        prompt(&g).contains("War Period Transition number 9"),
        "{}",
        prompt(&g)
    );
    act(&mut g, "month");
    assert!(prompt(&g).contains("War Period"), "{}", prompt(&g));
    act(&mut g, "no");
    assert!(
        prompt(&g).contains("War Period Transition number 8"),
        "{}",
        prompt(&g)
    );
    // War Period 2, 3, then 4 begin in turn (the base game's table says when).
    for wp in [2, 3, 4] {
        act(&mut g, "month");
        assert!(
            prompt(&g).contains(&format!("War Period {wp} begins")) || prompt(&g).contains("new War Period"),
            "{}",
            prompt(&g)
        );
        act(&mut g, "yes");
    }
    assert_eq!(g.calendar().war_period, 4);
    assert_eq!(g.transition_number(), None);
    assert!(!prompt(&g).contains("Transition number"), "{}", prompt(&g));
    assert_eq!(g.view().transition_number, None);
    act(&mut g, "month");
    assert!(!prompt(&g).contains("Transition number"), "{}", prompt(&g));
}

/// [5.2] The boat is asked about only when its ratings are needed: a task force combat without a crash
/// dive never asks whether it is the same submarine; a Diligent Escort's crash dive asks once, and the
/// answer holds for the rest of that combat.
#[test]
fn the_submarine_is_asked_about_only_when_needed() {
    let mut g = in_month("4/42", &[]);
    act(&mut g, "combat");
    act(&mut g, "reveal diligent");
    act(&mut g, "drew dd_arashi");
    act(&mut g, "values 6-2");
    act(&mut g, "class gato");
    act(&mut g, "skipper 0");
    act(&mut g, "no");
    act(&mut g, "end_combat");
    act(&mut g, "undamaged");
    assert!(g.boat().is_known());
    for _ in 0..3 {
        act(&mut g, "combat");
        assert!(prompt(&g).starts_with("Combat Phase"), "{}", prompt(&g));
        act(&mut g, "reveal dd");
        act(&mut g, "drew dd_arashi");
        act(&mut g, "end_combat");
        act(&mut g, "undamaged");
    }
    act(&mut g, "combat");
    act(&mut g, "reveal diligent");
    act(&mut g, "drew dd_arashi");
    assert!(
        prompt(&g).contains("Is it the same submarine as last time (Gato class"),
        "{}",
        prompt(&g)
    );
    act(&mut g, "boat same");
    assert!(prompt(&g).contains("crash dive"), "{}", prompt(&g));
    act(&mut g, "no");
    act(&mut g, "reveal event");
    act(&mut g, "event circular_running_torpedo");
    assert!(
        !prompt(&g).contains("same submarine"),
        "asked once a combat: {}",
        prompt(&g)
    );
}

/// [3.1C] [3.2] Asking a drawn counter's values says why: only the owner's counter prints them, and this
/// ship needs them now.
#[test]
fn the_values_asked_say_why() {
    let mut g = in_month("4/42", &[]);
    act(&mut g, "combat");
    act(&mut g, "reveal diligent");
    act(&mut g, "drew dd_arashi");
    assert!(
        prompt(&g).contains(
            "Only your counter prints them, and a Diligent Escort fights with its ASW raised [3.1C]"
        ),
        "{}",
        prompt(&g)
    );
}

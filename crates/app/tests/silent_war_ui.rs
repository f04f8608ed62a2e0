//! The Silent War IJN companion on the desktop, driven like a player: a 1941 game set up on its set-up
//! page [3.0], draws from two piles clicked on the board [3.1A], a ship dragged onto the repair track
//! [3.5] [3.51*] (and one dropped out of turn, which snaps back with the reason), a month advanced with
//! its arrivals and removals shown [3.0 step 1] [2.1.1], Midway declared from its dialog with its ships
//! listed first [2.1.1] [9.0], and undo.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use periscope_app::PeriscopeApp;
use periscope_app::app::Screen;
use periscope_app::silent_war_ijn::CompanionTable;
use periscope_app::silent_war_ijn::setup::SetupPage;
use periscope_engine::Session;
use periscope_engine::silent_war_ijn::{Companion, Place, Procedure};

type H = Harness<'static, PeriscopeApp>;

fn session(h: &H) -> &Session<Companion> {
    match h.state().session::<Companion>() {
        Some(s) => s,
        None => panic!("not on the companion's table"),
    }
}

fn game(h: &H) -> &Companion {
    session(h).game()
}

/// Clicks the widget whose label contains `part` (one of them must).
fn click_containing(h: &mut H, part: &str) {
    h.get_by_label_contains(part).click();
    settle(h);
}

/// Drags the widget labelled `from` (a label prefix) onto the one labelled `to` (a label prefix).
fn drag_onto(h: &mut H, from: &str, to: &str) {
    let start = h.get_by_label_contains(from).rect().center();
    let end = h.get_by_label_contains(to).rect().center();
    h.drag_at(start);
    h.step();
    h.hover_at(start + (end - start) * 0.5);
    h.step();
    h.hover_at(end);
    h.step();
    h.drop_at(end);
    settle(h);
}

/// [3.0] The set-up page: every answer clicked, the month chosen by its year.
fn set_up_1941(h: &mut H) {
    settle(h);
    if let Screen::Start(start) = &mut h.state_mut().screen {
        start.seed_text = "12".into();
    }
    click(h, "New companion");
    assert!(
        h.state().screen_as::<SetupPage>().is_some(),
        "the set-up page opens"
    );
    // Nothing is answered for the player: the companion cannot start yet.
    assert!(
        h.get_by_label("Start the companion")
            .accesskit_node()
            .is_disabled()
    );
    click(h, "1941 or later: every counter but the '32 versions");
    click(h, "Start year");
    click(h, "1941");
    click(h, "War Period 1");
    click(
        h,
        "Yes: damaged ships roll on the Damage Table and go on the repair track",
    );
    click(h, "Not a Campaign Game");
    click(h, "Periscope draws from its shuffled piles");
    click(h, "Piles, face down (shuffle them to keep the draws random)");
    click(h, "Start the companion");
    assert!(
        h.state().screen_as::<CompanionTable>().is_some(),
        "the companion opens on its table"
    );
    let s = session(h);
    assert_eq!(s.game().procedure(), Procedure::Turn);
    assert_eq!(s.game().calendar().month.to_string(), "12/41");
    assert!(s.game().settings().is_some_and(|x| x.damage_table));
}

/// Clicks a pile on the board, picks what the SW counter showed when several draw from it, and answers
/// the wizard's column: one more IJN ship on the display [3.1A].
fn draw_from(h: &mut H, pile: &str, shown: Option<&str>, column: &str) {
    let before = game(h).view().display.len();
    click_containing(h, &format!("Draw from the {pile} pile"));
    if let Some(shown) = shown {
        click(h, shown);
    }
    assert!(
        matches!(game(h).procedure(), Procedure::Draw { .. }),
        "{:?}",
        game(h).procedure()
    );
    click_containing(h, column);
    assert_eq!(game(h).view().display.len(), before + 1, "a ship is drawn");
}

#[test]
fn a_1941_companion_keeps_its_books_on_the_board() {
    let storage = temp_storage("silent-war-books");
    let mut h = harness(storage.clone());
    set_up_1941(&mut h);

    // [3.1A] Two piles clicked: the destroyers (which SW counter?) and the light cruisers.
    click_containing(&mut h, "Combat Phase: a target is about to be revealed");
    let dd = game(&h).view().piles[4].count;
    draw_from(
        &mut h,
        "Destroyers",
        Some("A Japanese DD: draw from the DD pile [3.1A]"),
        "Column B: cup B",
    );
    draw_from(&mut h, "Light cruisers", None, "Column C: cup C");
    let v = game(&h).view();
    assert_eq!(v.piles[4].count, dd - 1);
    assert_eq!(v.display[0].pile, "DD");
    assert_eq!(v.display[1].pile, "CL");
    let (first, second) = (v.display[0].clone(), v.display[1].clone());

    // [3.4] [3.5] The end of combat: the first ship is asked; the second dropped on the track snaps back.
    click_containing(&mut h, "End the combat: what became of the IJN ships");
    assert_eq!(game(&h).procedure(), Procedure::Fate { ship: 0 });
    let played = session(&h).actions().len();
    drag_onto(&mut h, &format!("{}, ", second.name), "Repair track [3.51*]");
    assert_eq!(
        session(&h).actions().len(),
        played,
        "the drop out of turn is refused"
    );
    let status = h
        .state()
        .table::<Companion>()
        .and_then(|t| t.status.clone())
        .unwrap_or_default();
    assert!(
        status.contains(&format!("asks what became of {} first", first.name)),
        "{status}"
    );

    // [3.51*] The first ship dropped on the repair track: damaged, the Damage Table rolled, on its month.
    drag_onto(&mut h, &format!("{}, ", first.name), "Repair track [3.51*]");
    assert!(
        matches!(game(&h).place(&first.id), Some(Place::InRepair { .. })),
        "{:?}",
        game(&h).place(&first.id)
    );
    let rolls = session(&h).last_action_events().iter().any(
        |e| matches!(e, periscope_engine::silent_war_ijn::SwEvent::Rolled { roll } if roll.rule == "3.51*"),
    );
    assert!(rolls, "the Damage Table's roll is the action's");
    assert!(
        h.query_by_label("IJN Optional Damage Table").is_some(),
        "in the chart panel"
    );
    // The second one is undamaged: the wizard's own button.
    click(&mut h, "1  Undamaged: back to its pile");
    assert_eq!(game(&h).procedure(), Procedure::Turn);
    assert_eq!(game(&h).place(&second.id), Some(Place::Pile));
    let back = game(&h).view().damaged[0].returns.clone();
    assert!(
        h.query_by_label_contains(&format!("{} back in {back}", first.name))
            .is_some(),
        "the damaged list gives the return"
    );

    // [3.0 step 1] [2.1.1] A month advanced: its card lists what joins and what leaves.
    click_containing(&mut h, "End the turn: January 1942, week 1");
    assert_eq!(game(&h).calendar().month.to_string(), "1/42");
    assert!(
        h.query_by_label("January 1942 begins").is_some(),
        "the month's card"
    );
    assert!(h.query_by_label("Removed by date [2.1.1]").is_some());
    assert!(h.query_by_label("Joining their piles [3.0 step 1]").is_some());
    assert!(h.query_by_label("DD Hayate, DD Kisaragi, DD Shinonome").is_some());
    click(&mut h, "Close the january 1942 begins");
    // The board's strip shows them too.
    assert!(
        h.query_by_label_contains("Removed: DD Hayate").is_some(),
        "this week's removals on the calendar strip"
    );
    // [3.5] The War Period question, in its wizard.
    assert_eq!(game(&h).procedure(), Procedure::NewWarPeriod);
    click(&mut h, "1  No: still War Period 1");
    assert_eq!(game(&h).procedure(), Procedure::Turn);

    // [2.1.1] [9.0] Midway from the board: its dialog lists its ships before it is declared.
    click(&mut h, "Declare Midway…");
    assert!(
        h.query_by_label_contains("BB Ise, BB Hyuga, CA Mogami-15t, CA Mikuma, CV Akagi")
            .is_some(),
        "Midway's ships, listed first"
    );
    assert!(
        game(&h).declared().iter().all(|e| e != "midway"),
        "not yet declared"
    );
    click(&mut h, "Declare Midway");
    assert!(game(&h).declared().iter().any(|e| e == "midway"));
    assert_eq!(game(&h).view().leaving_end_of_turn, ["Midway"]);

    // Undo takes the declaration back.
    click(&mut h, "Undo");
    assert!(game(&h).declared().iter().all(|e| e != "midway"));
    assert!(game(&h).view().leaving_end_of_turn.is_empty());

    // The autosave holds the companion: Continue reopens it where it stands.
    let reopened =
        Session::<Companion>::load(&std::fs::read_to_string(storage.autosave("silent-war-ijn")).unwrap())
            .unwrap();
    assert_eq!(reopened.game(), game(&h));
}

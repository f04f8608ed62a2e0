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

/// Clicks a pile on the board and picks what the SW counter showed when several draw from it: Periscope
/// draws at once, never asking the column [3.1A]; one more IJN ship on the display.
fn draw_from(h: &mut H, pile: &str, shown: Option<&str>) {
    let before = game(h).view().display.len();
    click_containing(h, &format!("Draw from the {pile} pile"));
    if let Some(shown) = shown {
        click(h, shown);
    }
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
    );
    draw_from(&mut h, "Light cruisers", None);
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

/// Types into the text field labelled `label`; a closing newline presses Enter.
fn type_into(h: &mut H, label: &str, text: &str) {
    h.get_by_label(label).focus();
    settle(h);
    let (text, enter) = match text.strip_suffix('\n') {
        Some(t) => (t, true),
        None => (text, false),
    };
    h.get_by_label(label).type_text(text);
    settle(h);
    if enter {
        h.key_press(egui::Key::Enter);
        settle(h);
    }
}

/// A companion from a save's actions, on the table (a test's set-up).
fn companion_with(h: &mut H, physical: bool, actions: &[&str]) {
    let dice = if physical {
        periscope_engine::DiceMode::Physical
    } else {
        periscope_engine::DiceMode::Seeded
    };
    let mut s = Session::<Companion>::new(Default::default(), 7, dice).unwrap();
    for a in actions {
        s.begin(a.parse().unwrap()).unwrap();
        s.finish();
    }
    let screen = CompanionTable::started(s, &h.state().storage.clone());
    h.state_mut().show_screen(Box::new(screen));
    settle(h);
}

/// The typed answers of the wizards: [3.1A] the counter the player drew, by name (an alias too) and a
/// name that is no counter refused with the engine's reason; [3.1A] a ship's printed values typed
/// `6-2`; [3.52*A] the Tons Sunk marker typed before the repair roll; [3.51*] that roll entered as the
/// physical die's face and shown in the chart panel; [7.0] the Ships Sunk and Tons Sunk markers typed.
#[test]
fn the_wizards_take_typed_answers_and_the_players_die() {
    let mut h = harness(temp_storage("silent-war-typed"));
    settle(&mut h);
    companion_with(
        &mut h,
        true,
        &[
            "scenario 1941",
            "start 4/42",
            "past done",
            "war_period 1",
            "yes",
            "campaign 1",
            "draws player",
            "piles",
            "combat",
        ],
    );
    click_containing(&mut h, "Draw from the Destroyers pile");
    click(&mut h, "A Japanese DD: draw from the DD pile [3.1A]");
    // A name that is no counter: the engine says why, nothing changes.
    let played = session(&h).actions().len();
    type_into(&mut h, "The counter you drew", "Zuiho\n");
    assert_eq!(session(&h).actions().len(), played);
    let status = h
        .state()
        .table::<Companion>()
        .and_then(|t| t.status.clone())
        .unwrap_or_default();
    assert!(status.contains("Zuiho"), "{status}");
    // Kuroshio is the alias of the counter printed Kurushio [9.0].
    h.state_mut()
        .screen_as_mut::<CompanionTable>()
        .unwrap()
        .wizard
        .text
        .clear();
    type_into(&mut h, "The counter you drew", "Kuroshio\n");
    assert_eq!(game(&h).view().display[0].name, "DD Kurushio");

    click_containing(&mut h, "Enter DD Kurushio's printed values");
    type_into(&mut h, "Printed values, defence-ASW", "6-2\n");
    assert_eq!(game(&h).view().display[0].fights_as.as_deref(), Some("6-2"));

    click_containing(&mut h, "End the combat: what became of the IJN ships");
    click(&mut h, "2  Damaged");
    assert_eq!(game(&h).procedure(), Procedure::Repair { ship: 0 });
    type_into(&mut h, "Your Tons Sunk marker", "2700\n");
    // [3.51*] The player's die: a 4 on the 1-4t line is 2 months (Arashi's example), doubled in Campaign
    // Game 1 from 2,660,000 tons [3.52*A]: 4 full months after April, back in September.
    click(&mut h, "The die shows 4");
    assert!(
        matches!(game(&h).place("dd_kurushio"), Some(Place::InRepair { returns }) if returns.to_string() == "9/42"),
        "{:?}",
        game(&h).place("dd_kurushio")
    );
    assert!(
        h.query_by_label("IJN Optional Damage Table").is_some(),
        "the roll in the chart panel"
    );

    // [7.0] The War Progress Phase: both markers typed; 859 ships are not enough.
    click_containing(&mut h, "War Progress Phase: check the early advance");
    type_into(&mut h, "Your Ships Sunk marker", "859\n");
    type_into(&mut h, "Your Tons Sunk marker", "3900\n");
    assert_eq!(game(&h).procedure(), Procedure::Turn);
    assert_eq!(game(&h).war_period_4_from(), None);
}

/// [3.1A] At the table the player's counter decides: Tokitsukaze, removed by Periscope's date in April
/// 1943, is drawn from the physical pile in May. Typed, the wizard says she is not among Periscope's and
/// sends the name; the companion asks once, "Yes" takes her onto the board's display, and the correction
/// is kept: the save reopens to the same companion.
#[test]
fn a_removed_counter_drawn_at_the_table_is_taken_after_asking() {
    let storage = temp_storage("silent-war-removed");
    let mut h = harness(storage.clone());
    settle(&mut h);
    companion_with(
        &mut h,
        true,
        &[
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
        ],
    );
    click_containing(&mut h, "Draw from the Destroyers pile");
    click(&mut h, "A Japanese DD: draw from the DD pile [3.1A]");
    type_into(&mut h, "The counter you drew", "Tokitsukaze");
    assert!(
        h.query_by_label_contains("not in Periscope's DD pile").is_some(),
        "the wizard says the name matches none of Periscope's"
    );
    h.key_press(egui::Key::Enter);
    settle(&mut h);
    assert!(
        h.query_all_by_label_contains("Your counter sheet disagrees with Periscope's dates")
            .next()
            .is_some(),
        "the question says why"
    );
    assert!(
        game(&h).view().display.is_empty(),
        "nothing taken before the answer"
    );
    click_containing(&mut h, "Yes: DD Tokitsukaze came up");
    assert_eq!(game(&h).view().display[0].id, "dd_tokitsukaze");
    assert!(
        h.query_all_by_label_contains("DD Tokitsukaze").next().is_some(),
        "she is on the board"
    );
    assert_eq!(game(&h).corrections().len(), 1);
    let reopened =
        Session::<Companion>::load(&std::fs::read_to_string(storage.autosave("silent-war-ijn")).unwrap())
            .unwrap();
    assert_eq!(reopened.game(), game(&h));
}

/// [3.1A] [3.6] A counter Periscope does not have: typed, confirmed, its tonnage typed in the wizard's
/// tonnage field and its printed values in the values field; it lands on the board's display with them.
#[test]
fn an_unknown_counter_is_entered_in_the_wizard() {
    let mut h = harness(temp_storage("silent-war-unknown"));
    settle(&mut h);
    companion_with(
        &mut h,
        true,
        &[
            "scenario 1941",
            "start 4/42",
            "past done",
            "war_period 1",
            "no",
            "draws player",
            "piles",
            "combat",
            "reveal ao",
        ],
    );
    type_into(&mut h, "The counter you drew", "Kinai Maru\n");
    assert!(
        h.query_all_by_label_contains("No counter of Periscope's IJN Set is called 'Kinai Maru'")
            .next()
            .is_some()
    );
    click_containing(&mut h, "Yes: add Kinai Maru to the AX pile");
    type_into(&mut h, "Its tonnage", "8\n");
    type_into(&mut h, "Printed values, defence-ASW", "2-0\n");
    let shown = &game(&h).view().display[0];
    assert_eq!(
        (shown.name.as_str(), shown.fights_as.as_deref()),
        ("AO Kinai Maru", Some("2-0"))
    );
    assert_eq!(game(&h).corrections().len(), 1);
}

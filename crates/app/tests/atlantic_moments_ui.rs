//! Atlantic Sentinels at the table as a game: a convoy that makes port shows its report, then the harbour
//! on the Group Board with the next assignment, before the next convoy sails its first box; a number key
//! held down across the end of a battle decides nothing after it, and a second press as the decision
//! changes is not taken for the new one.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};
use periscope_app::PeriscopeApp;
use periscope_app::app::Screen;
use periscope_app::atlantic::career_wizard::CareerWizard;
use periscope_engine::atlantic::MissionAction;
use periscope_engine::atlantic::Phase as MissionPhase;
use periscope_engine::atlantic::career::{Career, CareerAction, Phase};
use periscope_engine::dice::SeededRng;
use periscope_engine::policy::Policy;
use periscope_engine::{Game, Session};

type H = Harness<'static, PeriscopeApp>;

fn session(h: &H) -> &Session<Career> {
    h.state().session::<Career>().expect("on the career's table")
}

fn career(h: &H) -> &Career {
    session(h).game()
}

fn played(h: &H) -> usize {
    session(h).actions().len()
}

fn start_career(h: &mut H, seed: u64) {
    settle(h);
    if let Screen::Start(start) = &mut h.state_mut().screen {
        start.seed_text = seed.to_string();
    }
    click(h, "New Atlantic career");
    assert!(h.state().screen_as::<CareerWizard>().is_some());
    h.get_by_label_contains("Group B-1: ").click();
    settle(h);
    click(h, "Based at Londonderry");
    click(h, "Start the career");
}

/// Clicks the careful captain's choice in the decision panel (the game must wait for a decision).
fn click_careful(h: &mut H, rng: &mut SeededRng) {
    let g = career(h);
    let action = Policy::Careful.choose(g, rng).expect("a decision");
    let label = g
        .pending()
        .choices()
        .iter()
        .find(|c| c.action == action)
        .unwrap()
        .label
        .clone();
    let suffix = format!("  {label}");
    let before = played(h);
    h.get(egui_kittest::kittest::by().predicate(|n| {
        n.label()
            .is_some_and(|l| l == label || l.ends_with(suffix.as_str()))
    }))
    .click();
    settle(h);
    assert_eq!(played(h), before + 1, "'{label}' was played");
}

/// The title of the moment's card on the table, if one is up.
fn card(h: &H) -> Option<String> {
    h.query(egui_kittest::kittest::by().predicate(|n| {
        n.role() == egui::accesskit::Role::Button && n.label().is_some_and(|l| l.starts_with("Close the "))
    }))
    .and_then(|n| n.accesskit_node().label())
    .map(|l| l.trim_start_matches("Close the ").to_string())
}

/// [3.5] [6.3.3] [6.1 1A] The first convoy's end: its report (ships lost by name, the U-boats), then
/// the harbour on the Group Board with the refit's rolls and the next assignment, then the mats.
#[test]
fn a_convoys_end_shows_its_report_then_the_harbour_before_the_next_convoy_sails() {
    let mut h = harness(temp_storage("atlantic-moments"));
    start_career(&mut h, 5);
    let mut rng = SeededRng::new(5);
    let mut clicks = 0;
    // Play the first convoy to its end.
    while card(&h).is_none() {
        click_careful(&mut h, &mut rng);
        clicks += 1;
        assert!(clicks < 3000, "the first convoy should make port");
    }
    assert_eq!(card(&h).as_deref(), Some("convoy report"));
    let log = career(&h).convoy_log().unwrap().clone();
    let row = log.missions().next().unwrap();
    assert!(h.query_by_label("Convoy report").is_some());
    assert!(h.query_by_label("Ships lost [7.1.3]").is_some());
    for t in row.targets.iter().filter(|t| t.sunk) {
        let line = format!("{}, {} t,", t.name, periscope_print::atlantic::tons(t.tonnage));
        assert!(
            h.query_by_label_contains(&line).is_some(),
            "the report names {line}"
        );
    }
    if row.targets.iter().all(|t| !t.sunk) {
        assert!(h.query_by_label("Every merchant made port.").is_some());
    }
    // The report holds the game: Instant pace made no roll past it.
    let held = played(&h);
    let events = session(&h).events().len();
    settle(&mut h);
    assert_eq!(session(&h).events().len(), events, "the card holds the game");
    assert!(session(&h).settling(), "the refit's rolls wait behind the card");

    // A key press only closes the card.
    h.key_press(egui::Key::Num1);
    settle(&mut h);
    assert_eq!(played(&h), held, "the key only closed the card");
    assert_ne!(card(&h).as_deref(), Some("convoy report"));

    // The harbour: the Group Board under the card, and the next convoy assigned but not yet at sea.
    assert!(
        card(&h).is_some_and(|c| c.starts_with("in harbour at")),
        "the harbour's card: {:?}",
        card(&h)
    );
    assert!(h.query_by_label("Next assignment [6.1]").is_some());
    assert!(
        h.query_by_label_contains("Group Board: Escort group B-1")
            .is_some(),
        "the Group Board stands under the harbour's card"
    );
    assert!(matches!(career(&h).phase(), Phase::Mission));
    let next = career(&h).mission().unwrap().view();
    let mut size = next.size.clone();
    size[..1].make_ascii_uppercase();
    let assignment = format!("{size} {} convoy, {}:", next.convoy, next.month);
    assert!(
        h.query_by_label_contains(&assignment).is_some(),
        "the card names the assignment: {assignment}"
    );
    close_cards(&mut h);
    assert!(h.query_by_label_contains("Group Board: Escort group").is_none());
    assert!(
        h.query_by_label_contains("Convoy marker").is_some(),
        "the mats again"
    );

    // [6.1 2e] A later battle's array: "the same array as the last one" in one choice.
    let same = loop {
        close_cards(&mut h);
        let g = career(&h);
        if let Some(c) = g.pending().choices().iter().find(|c| {
            matches!(
                c.action,
                CareerAction::Mission {
                    action: MissionAction::SameArray
                }
            )
        }) {
            break c.label.clone();
        }
        assert!(
            g.convoy_log().unwrap().totals.missions < 6,
            "a later battle offers the last array"
        );
        click_careful(&mut h, &mut rng);
    };
    let before = played(&h);
    h.get_by_label_contains(&same).click();
    settle(&mut h);
    assert_eq!(played(&h), before + 1, "one choice arrays them all");
    let listed = same.split_once(": ").map_or("", |(_, l)| l);
    assert!(!listed.is_empty(), "the choice names the stations: {same}");
    let v = career(&h).mission().unwrap().view();
    for pair in listed.split(", ") {
        let (name, station) = pair.rsplit_once(' ').unwrap();
        let e = v.escorts.iter().find(|e| e.name == name).unwrap();
        assert_eq!(e.station.as_deref(), Some(station), "{name} back on {station}");
    }
}

/// A number key held down across the end of a battle decides the battle's last decision and nothing
/// after it; a second press made as the decision changes is not taken for the new one.
#[test]
fn a_key_held_across_the_end_of_a_battle_decides_nothing_after_it() {
    let mut h = harness(temp_storage("atlantic-held-key"));
    start_career(&mut h, 3);
    let mut rng = SeededRng::new(3);
    let mut clicks = 0;
    // Play until the first choice of the decision on screen ends a battle.
    let last = loop {
        close_cards(&mut h);
        let g = career(&h);
        let in_battle = |c: &Career| {
            c.mission()
                .is_some_and(|m| matches!(m.phase(), MissionPhase::Battle(_)))
        };
        if in_battle(g) && !session(&h).settling() {
            let first = g.pending().choices()[0].action.clone();
            let mut after = g.clone();
            if after.apply(first.clone()).is_ok() && !in_battle(&after) {
                break first;
            }
        }
        click_careful(&mut h, &mut rng);
        clicks += 1;
        assert!(clicks < 5000, "a battle should end");
    };
    let before = played(&h);
    h.run_steps(2);
    // Key 1 goes down, and stays down: the desktop repeats it every frame.
    h.key_down(egui::Key::Num1);
    h.step();
    for _ in 0..24 {
        h.event(egui::Event::Key {
            key: egui::Key::Num1,
            physical_key: None,
            pressed: true,
            repeat: true,
            modifiers: egui::Modifiers::NONE,
        });
        h.step();
        close_cards_by_mouse_only(&mut h);
    }
    h.key_up(egui::Key::Num1);
    settle(&mut h);
    assert_eq!(played(&h), before + 1, "the held key decided once");
    assert_eq!(
        session(&h).actions()[before],
        last,
        "the battle's last decision was the one taken"
    );

    // Two quick presses as the decision changes: the second falls before the new decision is seen.
    close_cards(&mut h);
    while session(&h).settling() || career(&h).pending().choices().is_empty() {
        close_cards(&mut h);
        settle(&mut h);
    }
    let n = played(&h);
    h.key_press(egui::Key::Num1);
    h.step();
    h.key_press(egui::Key::Num1);
    h.step();
    assert_eq!(
        played(&h),
        n + 1,
        "the second press was not taken for the next decision"
    );
}

/// The cards a held key runs into are closed by the mouse in this test, so that only the key is judged.
fn close_cards_by_mouse_only(h: &mut H) {
    if card(h).is_some() {
        close_cards(h);
    }
}

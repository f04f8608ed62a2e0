//! Issue 38: learning by playing the book's examples. Each guided game is begun from its card, walked
//! from its first step to its last by clicking the choice the decision panel marks, with the guide
//! checked at every step (its step, the counter it highlights on the board, the board the view moved
//! to, what the rolls decided) and the dice checked against the book's; the end equals the golden replay
//! of the example. A choice off the path leaves the example cleanly and plays on; the game can go back.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use periscope_app::PeriscopeApp;
use periscope_app::panels::decision::MARKED;
use periscope_app::table::TableGame;
use periscope_engine::atlantic::Mission;
use periscope_engine::hunt::Hunt;
use periscope_engine::sensuikan::career::Career;
use periscope_engine::{Game, Session};

const SENSUIKAN_GOLDEN: &str = include_str!("../../../tests/golden/sensuikan-example.json");
const ATLANTIC_GOLDEN: &str = include_str!("../../../tests/golden/atlantic-mission-example.json");

fn session<'h, G: TableGame>(h: &'h Harness<'static, PeriscopeApp>) -> &'h Session<G> {
    h.state()
        .session::<G>()
        .unwrap_or_else(|| panic!("not on the {} table", G::NAME))
}

/// Every face the game has rolled, in order.
fn faces_rolled<G: TableGame>(h: &Harness<'static, PeriscopeApp>) -> Vec<u8> {
    let s = session::<G>(h);
    s.game()
        .last_rolls(s.events())
        .iter()
        .flat_map(|r| r.faces.iter().copied())
        .collect()
}

/// Whether some node's label holds `text`.
fn shows(h: &Harness<'static, PeriscopeApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// A text as the guide shows it: its cited cases are links of their own.
fn shown(text: &str) -> String {
    text.split('[').next().unwrap_or(text).trim().to_string()
}

/// Begins a game's guided game from its card and walks it to the end by the marked choices, checking
/// the guide and the table at every step (the chart panel showing the book's roll); returns the harness
/// at the end.
fn walk_from_the_card<G: TableGame>(name: &str, card_button: &str) -> Harness<'static, PeriscopeApp> {
    let mut h = harness(temp_storage(name));
    settle(&mut h);
    click(&mut h, card_button);
    let book = (G::WALKTHROUGH.unwrap())().unwrap();
    assert!(
        shows(&h, &shown(&book.introduction)),
        "the introduction before the first step"
    );
    let boards = G::boards();
    for (i, step) in book.steps.iter().enumerate() {
        close_cards(&mut h);
        let heading = format!("Step {} of {}: {}", i + 1, book.steps.len(), step.title);
        assert!(h.query_by_label(&heading).is_some(), "{heading}");
        assert!(shows(&h, &shown(&step.text)), "{heading}: its text");
        if let Some(board) = &step.focus.board {
            let (_, rect) = boards.iter().find(|(n, _)| n == board).unwrap();
            let view = h.state().table::<G>().unwrap().view_rect();
            assert!(
                view.contains(rect.center()),
                "{heading}: the view moved to the {board}"
            );
        }
        if let Some(counter) = step.focus.counter_name() {
            assert!(
                h.query_by_label(&format!("Highlighted on the table: {counter}"))
                    .is_some(),
                "{heading}: {counter} highlighted on the board"
            );
        }
        let expected = session::<G>(&h).actions().len();
        let label = step.choice.clone();
        h.get_by_label_contains(MARKED).click();
        settle(&mut h);
        assert_eq!(
            session::<G>(&h).actions().len(),
            expected + 1,
            "{heading}: {label} played"
        );
        close_cards(&mut h);
        settle(&mut h);
        // The chart panel shows the action's last roll.
        let s = session::<G>(&h);
        if let Some(last) = s.game().last_rolls(s.last_action_events()).last() {
            let line = periscope_app::panels::chart::dice_line(last, G::reads_faces(last));
            assert!(shows(&h, &line), "{heading}: the chart panel shows {line}");
        }
        // The rolls made are the book's, face by face (after those of the game's setup, which no
        // action made).
        if let Some(dice) = &book.dice {
            let rolled = faces_rolled::<G>(&h);
            let setup = (0..=dice.len().min(8)).find(|&k| dice[k..].starts_with(&rolled));
            assert!(setup.is_some(), "{heading}: the book's dice");
        }
        // What the rolls decided, in the guide (when the next step shows it).
        if let Some(note) = step.rolls.last()
            && i + 1 < book.steps.len()
        {
            assert!(
                shows(&h, &shown(&note.text)),
                "{heading}: the note on its {} roll",
                note.chart
            );
        }
    }
    close_cards(&mut h);
    assert!(h.query_by_label("The example ends here").is_some());
    assert!(shows(&h, &shown(&book.ending)));
    h
}

/// [12.0] The Example of Play walked on the Sensuikan table: Type C, the lucky cat, the midget lost at
/// Pearl Harbor, the Nancy Moller sunk; the career ends where the golden replay does. Then the player
/// plays on with Periscope's dice: the A1 roll the book's dice stop before is made.
#[test]
fn the_sensuikan_example_is_walked_on_the_table() {
    let mut h =
        walk_from_the_card::<Career>("walk-sensuikan", "Learn by playing the book's example: SENSUIKAN");
    let golden: serde_json::Value = serde_json::from_str(SENSUIKAN_GOLDEN).unwrap();
    let state = serde_json::to_value(session::<Career>(&h).game().view()).unwrap();
    assert_eq!(state, golden["state"], "the golden replay's end");
    click(&mut h, "Play on with Periscope's dice");
    let s = session::<Career>(&h);
    assert!(matches!(
        s.dice_mode(),
        periscope_engine::DiceMode::ScriptedThenSeeded { .. }
    ));
    assert!(
        !matches!(s.pending(), periscope_engine::Pending::Roll(_)),
        "the program rolled A1 for March 1942"
    );
    assert!(
        h.query_by_label_contains("You played the whole example")
            .is_some()
    );
    assert!(h.query_by_label("Back to the example").is_none());
}

/// [8.0] The Example of Play walked on the Atlantic table: the escorts arrayed, the boats hunted, the
/// Kongsgaard lost; the convoy ends where the golden replay does, and the hall of fame records it as a
/// tutorial.
#[test]
fn the_atlantic_example_is_walked_on_the_table() {
    let h = walk_from_the_card::<Mission>(
        "walk-atlantic",
        "Learn by playing the book's example: ATLANTIC SENTINELS",
    );
    let golden: serde_json::Value = serde_json::from_str(ATLANTIC_GOLDEN).unwrap();
    let state = serde_json::to_value(session::<Mission>(&h).game().view()).unwrap();
    assert_eq!(state, golden["state"], "the golden replay's end");
    let hall = periscope_app::stats::store::read(&h.state().storage);
    assert_eq!(hall.entries.len(), 1, "the convoy finished is recorded");
    assert!(
        hall.entries.iter().all(|e| e.tutorial),
        "a guided game is a tutorial in the hall: {:?}",
        hall.entries
            .iter()
            .map(|e| (&e.game, e.tutorial))
            .collect::<Vec<_>>()
    );
}

/// The guided first patrol of Submarine Hunt walked on the table: home with 60 Sink Points, in the hall
/// of fame as a tutorial.
#[test]
fn the_hunt_guided_game_is_walked_on_the_table() {
    let h = walk_from_the_card::<Hunt>("walk-hunt", "Learn by playing a guided game: SUBMARINE HUNT");
    let s = session::<Hunt>(&h);
    assert!(matches!(
        s.pending(),
        periscope_engine::Pending::Over { won: true, .. }
    ));
    assert_eq!(s.game().sink_points(), 60);
    let hall = periscope_app::stats::store::read(&h.state().storage);
    assert_eq!(hall.entries.len(), 1);
    assert!(hall.entries[0].tutorial);
    assert!(periscope_app::stats::game_name(&hall.entries[0]).ends_with("(tutorial)"));
}

/// A choice off the example's path is held while the guide says how the book goes on; playing on with
/// Periscope's dice plays it and the game goes on as an ordinary one, saved with where it left the
/// example; Back to the example returns to the path. The Help menu offers the guided games too.
#[test]
fn a_choice_off_the_path_leaves_the_example_cleanly() {
    let mut h = harness(temp_storage("walk-leave"));
    settle(&mut h);
    click(&mut h, "Learn by playing the book's example: ATLANTIC SENTINELS");
    click_marked(&mut h); // launch
    // Another box for the Hurricane.
    click_other(&mut h);
    assert_eq!(session::<Mission>(&h).actions().len(), 1, "held, not played");
    assert!(h.query_by_label("That is not the example's choice").is_some());
    assert!(
        h.query_by_label_contains("In the book: The example's array")
            .is_some()
    );
    click(&mut h, "Back to the example's choice");
    assert!(h.query_by_label("That is not the example's choice").is_none());
    assert_eq!(session::<Mission>(&h).actions().len(), 1);
    click_other(&mut h);
    click(&mut h, "Play on with Periscope's dice");
    let s = session::<Mission>(&h);
    assert_eq!(s.actions().len(), 2, "the choice played");
    assert_eq!(s.tutorial().and_then(|t| t.left_at), Some(1));
    assert!(
        h.query_by_label_contains(MARKED).is_none(),
        "nothing marked off the path"
    );
    assert!(
        h.query_by_label_contains("You left the example at step 2")
            .is_some()
    );
    // The autosave keeps where it left the example.
    let autosave = h.state().storage.autosave(Mission::ID);
    let save = periscope_engine::save::peek(&std::fs::read_to_string(autosave).unwrap()).unwrap();
    assert_eq!(save.tutorial.and_then(|t| t.left_at), Some(1));
    click(&mut h, "Back to the example");
    let s = session::<Mission>(&h);
    assert_eq!(s.actions().len(), 1);
    assert_eq!(s.tutorial().and_then(|t| t.left_at), None);
    assert!(
        h.query_by_label_contains(MARKED).is_some(),
        "the example's choice marked again"
    );
    // Undo and redo on the path, like any game.
    h.get_by_label("Undo").click();
    settle(&mut h);
    assert_eq!(session::<Mission>(&h).actions().len(), 0);
    assert!(h.query_by_label_contains("Step 1 of 28").is_some());
    // The Help menu offers every guided game.
    h.get_by_label("Help").click();
    settle(&mut h);
    h.get_by_label_contains("Learn by playing a guided game").click();
    settle(&mut h);
    assert!(
        session::<Hunt>(&h).tutorial().is_some(),
        "the Hunt guided game from the Help menu"
    );
}

/// Clicks a choice of the decision panel that is not the example's.
fn click_other(h: &mut Harness<'static, PeriscopeApp>) {
    h.query_all(egui_kittest::kittest::by().predicate(|n| {
        n.role() == egui::accesskit::Role::Button
            && n.label()
                .is_some_and(|l| l.starts_with("2  ") && !l.contains(MARKED))
    }))
    .next()
    .expect("another choice")
    .click();
    settle(h);
}

fn click_marked(h: &mut Harness<'static, PeriscopeApp>) {
    h.get_by_label_contains(MARKED).click();
    settle(h);
    close_cards(h);
}

/// Every case a guided game cites (in its texts and its lists of cases) is a case of its game's rules
/// reference, linked as written: never a link to another case, never a dead bracket.
#[test]
fn every_case_a_guided_game_cites_is_in_its_rules_reference() {
    fn check<G: TableGame>() {
        let book = (G::WALKTHROUGH.unwrap())().unwrap();
        let rules = G::RULES.unwrap();
        let mut texts = vec![book.introduction.clone(), book.ending.clone()];
        let mut cases = book.cases.clone();
        texts.extend(book.opening.iter().map(|n| n.text.clone()));
        for s in &book.steps {
            texts.extend([s.text.clone(), s.otherwise.clone()]);
            texts.extend(s.rolls.iter().map(|n| n.text.clone()));
            cases.extend(s.cases.iter().cloned());
        }
        for text in &texts {
            for part in text.split('[').skip(1) {
                let inside = part.split(']').next().unwrap_or_default();
                cases.extend(inside.split([',', ';']).map(|c| c.trim().to_string()));
            }
        }
        let bad: Vec<&String> = cases
            .iter()
            .filter(|c| {
                periscope_app::panels::rules_reference::cited_cases(rules, &format!("[{c}]")) != [c.as_str()]
            })
            .collect();
        assert!(
            bad.is_empty(),
            "{}: cases not in the rules reference: {bad:?}",
            book.id
        );
    }
    check::<Career>();
    check::<Mission>();
    check::<Hunt>();
}

/// A guided game is continued like any other: quit mid-example, start Periscope again on the same data
/// folder, and Continue puts the game back on its table with the guide at the step it had reached.
#[test]
fn a_guided_game_is_continued_at_its_step() {
    let mut h = harness(temp_storage("walk-continue"));
    settle(&mut h);
    click(&mut h, "Learn by playing the book's example: SENSUIKAN");
    click_marked(&mut h);
    click_marked(&mut h);
    assert!(h.query_by_label("Step 3 of 9: Attack the Nancy Moller").is_some());
    let storage = h.state().storage.clone();
    drop(h);
    let mut again = harness(storage);
    settle(&mut again);
    click(&mut again, "Continue career");
    close_cards(&mut again);
    let s = session::<Career>(&again);
    assert_eq!(s.actions().len(), 2);
    assert!(s.tutorial().is_some());
    assert!(
        again
            .query_by_label("Step 3 of 9: Attack the Nancy Moller")
            .is_some()
    );
    assert!(again.query_by_label_contains(MARKED).is_some());
}

//! The new-career wizard, the rules reference and the victory screen, driven by clicking and typing like a
//! player: every wizard page [10.1] [11.1]-[11.8] [4.1] [4.3.1] [4.8.1] [4.8.3] [11.7], then the career on
//! the table with undo; a cited case opened in the rules reference; a finished career's victory screen
//! [5.2.2].
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use periscope_app::PeriscopeApp;
use periscope_app::app::Screen;
use periscope_app::sensuikan::CareerTable;
use periscope_app::sensuikan::wizard::{Page, Wizard};
use periscope_engine::Decision;
use periscope_engine::dice::SeededRng;
use periscope_engine::policy::Policy;
use periscope_engine::sensuikan::career::{
    Career, CareerAction, CareerOptions, SpecialSkill, SpecialSkillRule,
};
use periscope_engine::{DiceMode, Game, Pending, Session};

fn wizard<'h>(h: &'h Harness<'static, PeriscopeApp>) -> &'h Wizard {
    match h.state().screen_as::<Wizard>() {
        Some(w) => w,
        None => panic!("not in the wizard"),
    }
}

fn page(h: &Harness<'static, PeriscopeApp>) -> Page {
    wizard(h).page
}

fn career<'h>(h: &'h Harness<'static, PeriscopeApp>) -> &'h Session<Career> {
    match h.state().session::<Career>() {
        Some(s) => s,
        None => panic!("not on the Sensuikan table"),
    }
}

/// The career's screen: its table, with its victory screen up or not.
fn career_table<'h>(h: &'h Harness<'static, PeriscopeApp>) -> Option<&'h CareerTable> {
    h.state().screen_as::<CareerTable>()
}

/// The engine's label for a class in its setup decision [4.1].
fn class_label(id: &str) -> String {
    let s = Session::<Career>::new(CareerOptions::default(), 1, DiceMode::Physical).unwrap();
    s.pending()
        .choices()
        .iter()
        .find(|c| matches!(&c.action, CareerAction::ChooseClass { class } if class == id))
        .map(|c| c.label.clone())
        .unwrap()
}

/// Clicks through AccessKit (the widget's own click action), as a screen reader would.
fn press(h: &mut Harness<'static, PeriscopeApp>, label: &str) {
    h.get_by_label(label).click_accesskit();
    settle(h);
}

fn type_into(h: &mut Harness<'static, PeriscopeApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    settle(h);
    h.get_by_label(label).type_text(text);
    settle(h);
}

#[test]
fn a_career_is_set_up_through_every_wizard_page() {
    let mut h = harness(temp_storage("wizard"));
    settle(&mut h);
    if let Screen::Start(start) = &mut h.state_mut().screen {
        start.seed_text = "12".into();
    }
    press(&mut h, "New career");
    assert_eq!(page(&h), Page::Dice);
    // [10.1] Digital dice with the start screen's seed.
    press(&mut h, "Digital dice (Periscope rolls)");
    press(&mut h, "Next");
    assert_eq!(page(&h), Page::Rules);
    // [11.1] [11.2] [11.3] [11.4] [11.7] on; [11.5] left off.
    press(&mut h, "Standard tonnage [11.1]");
    press(&mut h, "Historical targets [11.2]");
    press(&mut h, "Evasive manoeuvres [11.3]");
    press(&mut h, "Escort quality [11.4]");
    press(&mut h, "choose");
    assert_eq!(wizard(&h).options.special_skill, SpecialSkillRule::Choose);
    press(&mut h, "Next");
    assert_eq!(page(&h), Page::Class);
    // [4.1] [4.2.2] The engine's class choices, with the key facts of the chosen one.
    press(&mut h, &class_label("type_b"));
    assert!(
        h.query_by_label("Torpedo tubes").is_some(),
        "the class's key facts are shown"
    );
    press(&mut h, "Next");
    assert_eq!(page(&h), Page::Commander);
    // [4.3.1] The name and the I-number typed.
    type_into(&mut h, "Commander name", "Hashimoto Mochitsura");
    type_into(&mut h, "Typed I-number", "I-58");
    press(&mut h, "Next");
    assert_eq!(page(&h), Page::Schools);
    // [4.8.1] The F1 rolls are made; the free-time decision is the engine's own choices.
    assert!(
        h.query_all_by_label_contains("F1 ").count() >= 3,
        "three Kure rolls shown"
    );
    let free_time = wizard(&h).session.as_ref().unwrap().pending().choices()[0]
        .label
        .clone();
    press(&mut h, &free_time);
    // [4.8.3] Type B has a seaplane: its pilot's F3 roll follows.
    assert!(
        h.query_all_by_label_contains("F3 ").count() >= 1,
        "the pilot's F3 roll shown"
    );
    // [11.7] Chosen: the engine's twelve skills, each with its label (name and effect).
    let tracker = wizard(&h)
        .session
        .as_ref()
        .unwrap()
        .pending()
        .choices()
        .iter()
        .find(|c| {
            matches!(
                c.action,
                CareerAction::SpecialSkill {
                    skill: SpecialSkill::Tracker
                }
            )
        })
        .map(|c| c.label.clone())
        .unwrap();
    press(&mut h, &tracker);
    press(&mut h, "Start career");
    assert!(
        career_table(&h).is_some_and(|t| t.victory.is_none()),
        "Start opens the table"
    );

    let s = career(&h);
    let g = s.game();
    let o = g.options();
    assert!(o.standard_tonnage && o.historical_targets);
    assert!(o.evasive_manoeuvres && o.escort_quality && !o.aircrew_quality);
    assert_eq!(o.special_skill, SpecialSkillRule::Choose);
    assert_eq!(s.seed(), 12);
    assert_eq!(g.class_id(), "type_b");
    let v = g.view();
    assert_eq!(v.commander, "Hashimoto Mochitsura");
    assert_eq!(v.hull_number, "I-58");
    assert_eq!(v.base, "yokosuka", "[4.7.1] the first base");
    assert_eq!(v.special_skill.as_deref(), Some("tracker"));
    assert_eq!(
        s.actions()[0],
        CareerAction::ChooseClass {
            class: "type_b".into()
        }
    );
    assert!(s.actions().contains(&CareerAction::SpecialSkill {
        skill: SpecialSkill::Tracker
    }));
    // The wizard's choices are ordinary actions: undo takes the last one back.
    let before = s.actions().len();
    while career(&h).actions().len() >= before && career(&h).can_undo() {
        click(&mut h, "Undo");
    }
    assert_eq!(career(&h).actions().len(), before - 1);
}

#[test]
fn a_cited_case_opens_the_rules_reference() {
    let mut h = harness(temp_storage("rules-ref"));
    settle(&mut h);
    h.state_mut().start_game(Career::ID, false, Some(12));
    settle(&mut h);
    // The first decision is the class [4.1]: its case id is a link in the decision panel.
    let rule = match career(&h).pending() {
        Pending::Decision(Decision { rule, .. }) => rule,
        other => panic!("a decision first, not {other:?}"),
    };
    assert_eq!(rule, "4.1");
    h.get_all_by_label("[4.1]").next().unwrap().click();
    settle(&mut h);
    assert!(h.state().rules.open);
    assert_eq!(h.state().rules.selected.as_deref(), Some("4.1"));
    let summary = periscope_app::sensuikan::rules::summaries()
        .unwrap()
        .get("4.1")
        .unwrap()
        .summary
        .clone();
    assert!(
        h.query_all_by_label(&summary).count() >= 1,
        "our summary of [4.1] is shown"
    );
    // The searchable list finds a case by word.
    h.state_mut().rules.query.clear();
    type_into(&mut h, "Search rules", "yokosuka");
    assert!(h.query_by_label_contains("[4.7.1] First base").is_some());
}

#[test]
fn the_players_rulebook_paragraph_is_shown_beside_the_summary() {
    let storage = temp_storage("rules-book");
    let book = storage.dir.join("my-rulebook.txt");
    std::fs::write(
        &book,
        "[4.7.1] My own copy says something here.\n\n[4.7.2] Next.\n",
    )
    .unwrap();
    let mut h = harness(storage.clone());
    settle(&mut h);
    {
        let app = h.state_mut();
        let (rules, settings) = (&mut app.rules, &mut app.settings);
        rules.set_rulebook(Some(book.clone()), settings, &storage);
        rules.open_at(Some("4.7.1".into()));
    }
    settle(&mut h);
    assert!(
        h.query_by_label("[4.7.1] My own copy says something here.")
            .is_some()
    );
    // The path is remembered in the settings file.
    let saved = periscope_app::storage::Settings::load(&storage);
    assert_eq!(saved.rulebook.as_deref(), Some(book.as_path()));
}

#[test]
fn a_finished_career_shows_the_victory_screen() {
    let mut session = Session::<Career>::new(CareerOptions::default(), 12, DiceMode::Seeded).unwrap();
    let mut rng = SeededRng::new(4);
    while !session.pending().is_over() {
        let action = Policy::Careful.choose(session.game(), &mut rng).unwrap();
        session.apply(action).unwrap();
    }
    let end = *session.game().end().unwrap();
    let mut h = harness(temp_storage("victory"));
    settle(&mut h);
    let storage = h.state().storage.clone();
    h.state_mut()
        .show_screen(Box::new(CareerTable::started(session, &storage)));
    settle(&mut h);
    assert!(career_table(&h).is_some_and(|t| t.victory.is_some()));
    // [5.2.2] The level the engine judged.
    let level = format!(
        "Victory level: {}{}",
        end.level.name(),
        if end.posthumous { " (posthumous)" } else { "" }
    );
    assert!(h.query_by_label(&level).is_some(), "'{level}' is shown");
    assert!(h.query_by_label("Print / Export…").is_some());
    click(&mut h, "Back to the table");
    assert!(career_table(&h).is_some_and(|t| t.victory.is_none()));
    // Back on the table the victory screen stays away until the career changes.
    settle(&mut h);
    assert!(career_table(&h).is_some_and(|t| t.victory.is_none()));
    h.state_mut().screen = Screen::Start(Default::default());
    settle(&mut h);
}

/// The player's own charts (`overrides/sensuikan.json` in the data folder) are carried by the career the
/// wizard begins: the start screen says they are in force in new careers, and the career's options hold
/// the file, so its save replays with them.
#[test]
fn a_new_career_carries_the_players_charts() {
    let storage = temp_storage("wizard-overrides");
    std::fs::create_dir_all(storage.overrides_dir()).unwrap();
    let (_, a2) = periscope_data::sensuikan::charts::shipped_files()
        .iter()
        .find(|(name, _)| name.ends_with("a2.json"))
        .unwrap();
    let text =
        format!(r#"{{"format": "periscope-overrides", "game": "sensuikan", "charts": {{"A2": {a2}}}}}"#);
    std::fs::write(storage.overrides_dir().join("sensuikan.json"), &text).unwrap();
    let mut h = harness(storage);
    settle(&mut h);
    assert!(
        h.query_by_label_contains("in force in the careers you begin")
            .is_some()
    );
    press(&mut h, "New career");
    let carried = wizard(&h)
        .options
        .overrides
        .clone()
        .expect("the wizard carries the file");
    assert_eq!(carried.text, text);
    assert_eq!(carried.file, "overrides/sensuikan.json");
}

//! Every rule case the Atlantic Sentinels and Submarine Hunt engines cite opens our summary: the
//! decisions' and choices' cases, the rolls' and their modifiers' cases, gathered from seeded games played
//! to their end (single convoys, careers with every optional rule, Hunt games), and the bracketed
//! citations of the Atlantic product sources. On the table, clicking [7.1.3] in the chart panel opens the
//! rules reference at its summary, and a Hunt decision's [Each Turn.1] opens Hunt's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeSet;

use common::*;
use egui_kittest::kittest::Queryable;
use periscope_app::panels::rules_reference::{RuleBook, cited_cases};
use periscope_app::screen::{GameScreen, TableGame};
use periscope_engine::atlantic::{
    Career, CareerEvent, CareerOptions, CareerRules, Mission, MissionEvent, MissionOptions, OptionalRules,
};
use periscope_engine::dice::SeededRng;
use periscope_engine::hunt::{Hunt, HuntEvent, HuntOptions};
use periscope_engine::policy::{Captain, Policy};
use periscope_engine::{DiceMode, Pending, RollRecord, Session};

/// The cases of what a game waits for: the decision's and each choice's, or the roll's.
fn waiting<A>(pending: &Pending<A>, into: &mut BTreeSet<String>) {
    match pending {
        Pending::Decision(d) => {
            into.insert(d.rule.clone());
            into.extend(d.choices.iter().map(|c| c.rule.clone()));
        }
        Pending::Roll(spec) => {
            into.insert(spec.rule.clone());
        }
        Pending::Over { .. } => {}
    }
}

/// A roll's case and its modifiers' cases.
fn roll(r: &RollRecord, into: &mut BTreeSet<String>) {
    into.insert(r.rule.clone());
    into.extend(r.modifiers.iter().map(|m| m.rule.clone()));
}

/// Plays a game to its end (or `most` actions) with a policy, gathering every case it cites.
fn cases_of<G: Captain>(
    options: G::Options,
    seed: u64,
    policy: Policy,
    most: usize,
    rolls: fn(&G::Event) -> Option<&RollRecord>,
    into: &mut BTreeSet<String>,
) {
    let mut session = Session::<G>::new(options, seed, DiceMode::Seeded).unwrap();
    let mut rng = SeededRng::new(seed);
    for _ in 0..most {
        let pending = session.pending();
        waiting(&pending, into);
        let Some(action) = policy.choose(session.game(), &mut rng) else {
            break;
        };
        for e in session.apply(action).unwrap() {
            if let Some(r) = rolls(&e) {
                roll(r, into);
            }
        }
    }
}

fn mission_roll(e: &MissionEvent) -> Option<&RollRecord> {
    match e {
        MissionEvent::Rolled { roll } => Some(roll),
        _ => None,
    }
}

fn career_roll(e: &CareerEvent) -> Option<&RollRecord> {
    match e {
        CareerEvent::Rolled { roll } => Some(roll),
        CareerEvent::Mission { mission, .. } => mission_roll(mission),
        _ => None,
    }
}

fn hunt_roll(e: &HuntEvent) -> Option<&RollRecord> {
    match e {
        HuntEvent::Rolled { roll } => Some(roll.as_ref()),
        _ => None,
    }
}

/// Every cited case is a link of the book, and every link has a summary.
fn assert_summarised(book: &dyn RuleBook, cited: &BTreeSet<String>) {
    let mut missing = Vec::new();
    for rule in cited {
        let links = cited_cases(book, &format!("[{rule}]"));
        if links.is_empty()
            || links
                .iter()
                .any(|c| book.get(c).is_none_or(|l| l.summary.is_empty()))
        {
            missing.push(rule.clone());
        }
    }
    assert!(
        missing.is_empty(),
        "{} cites cases with no summary: {missing:?}",
        book.name()
    );
}

const ALL_OPTIONAL: CareerRules = CareerRules {
    standard_tonnage: false,
    historical_targeting: true,
    uboat_quality: true,
    aircrew_quality: true,
    convoy_ids: true,
    green_crews: true,
    limited_depth_charges: true,
    evasion: true,
    literal_minor_damage: false,
};

#[test]
fn every_case_the_atlantic_engine_cites_has_a_summary() {
    let mut cited = BTreeSet::new();
    for seed in 1..=6 {
        for policy in [Policy::Careful, Policy::Random] {
            let options = MissionOptions {
                optional: OptionalRules {
                    uboat_quality: seed % 2 == 0,
                    aircrew_quality: seed % 2 == 0,
                    limited_depth_charges: seed % 3 == 0,
                    evasion: seed % 2 == 1,
                    ..Default::default()
                },
                ..Default::default()
            };
            cases_of::<Mission>(options, seed, policy, 3_000, mission_roll, &mut cited);
        }
    }
    for seed in 1..=2 {
        let options = CareerOptions {
            rules: ALL_OPTIONAL,
            ..Default::default()
        };
        cases_of::<Career>(options, seed, Policy::Careful, 20_000, career_roll, &mut cited);
    }
    cited.retain(|c| !c.is_empty());
    // The games cite the wolfpack, the detection and the travel box at the least.
    for case in ["7.1.3", "6.1 2A"] {
        assert!(cited.contains(case), "{case} among {cited:?}");
    }
    assert!(cited.len() > 30, "{cited:?}");
    assert_summarised(&periscope_app::atlantic::rules::BOOK, &cited);
}

#[test]
fn every_case_the_hunt_engine_cites_has_a_summary() {
    let mut cited = BTreeSet::new();
    for seed in 1..=12 {
        for policy in [Policy::Careful, Policy::Random] {
            cases_of::<Hunt>(HuntOptions::default(), seed, policy, 2_000, hunt_roll, &mut cited);
        }
    }
    cited.retain(|c| !c.is_empty());
    for case in ["Each Turn.1", "Hunt.2", "Enemy.1", "Return.1"] {
        assert!(cited.contains(case), "{case} among {cited:?}");
    }
    assert_summarised(&periscope_app::hunt::rules::BOOK, &cited);
}

/// The product's own files of a folder, their test modules left out.
fn product_sources(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        let name = path.display().to_string();
        if path.is_dir() {
            if !name.ends_with("tests") {
                product_sources(&path, out);
            }
        } else if name.ends_with(".rs") && !name.ends_with("tests.rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            let product = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            out.push((name, product));
        }
    }
}

/// Every bracketed citation in the Atlantic sources of the engine, the boards, the app and the print
/// crate names a case we summarise.
#[test]
fn every_case_the_atlantic_sources_cite_has_a_summary() {
    use periscope_data::atlantic::cases::{CaseIds, citations, resolve};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in ["engine/src/atlantic", "boards/src/atlantic", "app/src/atlantic"] {
        product_sources(&root.join(dir), &mut files);
    }
    let print = root.join("print/src/atlantic.rs");
    files.push((
        print.display().to_string(),
        std::fs::read_to_string(&print).unwrap(),
    ));
    assert!(files.len() > 40, "the sources are found: {}", files.len());
    let summaries = periscope_app::atlantic::rules::summaries().unwrap();
    let ids = CaseIds::new(summaries.all().iter().map(|c| c.case.clone()));
    let mut missing = BTreeSet::new();
    let mut seen = 0;
    for (name, text) in &files {
        for c in citations(text) {
            seen += 1;
            if resolve(c, &ids).is_none() {
                missing.insert(format!("[{c}] in {name}"));
            }
        }
    }
    assert!(seen > 200, "{seen} citations");
    assert!(missing.is_empty(), "cited without a summary: {missing:#?}");
}

/// A mission played by the careful captain until its last action rolled on the battle's case [7.1.3].
fn mission_at_battle() -> Session<Mission> {
    for seed in 1..40 {
        let mut session = Session::<Mission>::new(MissionOptions::default(), seed, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        for _ in 0..2_000 {
            let Some(action) = Policy::Careful.choose(session.game(), &mut rng) else {
                break;
            };
            let events = session.apply(action).unwrap();
            if events.iter().filter_map(mission_roll).any(|r| r.rule == "7.1.3") {
                return session;
            }
        }
    }
    panic!("no seed rolls for a battle [7.1.3]");
}

/// Clicking [7.1.3] in the chart panel of an Atlantic table opens the Atlantic book at its summary.
#[test]
fn clicking_7_1_3_in_the_chart_panel_opens_its_summary() {
    let mut h = harness(temp_storage("cite-7-1-3"));
    settle(&mut h);
    let session = mission_at_battle();
    h.state_mut()
        .show_screen(<Mission as TableGame>::screen(GameScreen::new(session)));
    settle(&mut h);
    assert!(h.query_by_label_contains("[7.1.3] Wolfpacks").is_none());
    let link = h.get_all_by_label("[7.1.3]").next().expect("a [7.1.3] link");
    link.click();
    settle(&mut h);
    assert!(h.state().rules.open, "the rules reference opens");
    assert_eq!(h.state().rules.book, Some("atlantic"));
    assert_eq!(h.state().rules.selected.as_deref(), Some("7.1.3"));
    assert!(
        h.query_by_label("[7.1.3] Wolfpacks and the battle").is_some(),
        "the summary's title is shown"
    );
    let summary = periscope_app::atlantic::rules::BOOK.get("7.1.3").unwrap().summary;
    assert!(h.query_by_label(summary).is_some(), "the summary is shown");
    // Its tab sits beside the other games' books.
    for name in ["Atlantic Sentinels", "Submarine Hunt"] {
        assert!(h.query_all_by_label(name).next().is_some(), "the {name} tab");
    }
}

/// A Hunt decision's case, [Each Turn.1], is one link that opens Hunt's book at its summary; the
/// player's rules text is read for Hunt apart from the other books'.
#[test]
fn a_hunt_decisions_case_opens_the_hunt_book() {
    let storage = temp_storage("cite-hunt");
    let mut h = harness(storage.clone());
    settle(&mut h);
    let session = Session::<Hunt>::new(HuntOptions::default(), 3, DiceMode::Seeded).unwrap();
    h.state_mut()
        .show_screen(<Hunt as TableGame>::screen(GameScreen::new(session)));
    settle(&mut h);
    h.get_all_by_label("[Each Turn.1]")
        .next()
        .expect("a link")
        .click();
    settle(&mut h);
    assert_eq!(h.state().rules.book, Some("hunt"));
    assert!(h.query_by_label("[Each Turn.1] One action").is_some());
    let text = storage.dir.join("hunt.txt");
    std::fs::write(
        &text,
        "Each Turn\n\nPick one thing, in my words.\n\nCruising Modes\nOther.\n",
    )
    .unwrap();
    {
        let app = h.state_mut();
        let (rules, settings) = (&mut app.rules, &mut app.settings);
        rules.set_rulebook(Some(text.clone()), settings, &storage);
    }
    settle(&mut h);
    assert!(
        h.query_by_label_contains("Pick one thing, in my words.")
            .is_some(),
        "the player's section is shown"
    );
    let settings = &h.state().settings;
    assert_eq!(settings.rulebooks.get("hunt"), Some(&text));
    assert!(settings.rulebook.is_none(), "the first book's text is untouched");
}

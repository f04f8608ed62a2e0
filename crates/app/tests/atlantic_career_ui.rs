//! An Atlantic Sentinels career on the desktop, driven like a player: set up in its wizard (group, base,
//! SOE, an optional rule), its first missions played from the decision panel on the single convoy's
//! mats, a refit decision taken, undone and redone, the career saved to a file and reopened; and a whole
//! career played through the panel by the careful captain to its victory screen, whose totals the
//! printed Convoy Log repeats.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use periscope_app::PeriscopeApp;
use periscope_app::app::Screen;
use periscope_app::atlantic::career::CareerTable;
use periscope_app::atlantic::career_wizard::CareerWizard;
use periscope_engine::atlantic::career::{Ask, Career, Cause, Phase};
use periscope_engine::dice::SeededRng;
use periscope_engine::policy::Policy;
use periscope_engine::{Game, Session};

type H = Harness<'static, PeriscopeApp>;

fn session(h: &H) -> &Session<Career> {
    match h.state().session::<Career>() {
        Some(s) => s,
        None => panic!("not on the career's table"),
    }
}

fn career(h: &H) -> &Career {
    session(h).game()
}

fn played(h: &H) -> usize {
    session(h).actions().len()
}

fn on_victory(h: &H) -> bool {
    h.state()
        .screen_as::<CareerTable>()
        .is_some_and(|t| t.victory.is_some())
}

/// Clicks the careful captain's choice in the decision panel, the cards of the moments before and after
/// it read and closed; returns its label.
fn click_careful(h: &mut H, rng: &mut SeededRng) -> String {
    close_cards(h);
    let g = career(h);
    let pending = g.pending();
    let action = Policy::Careful.choose(g, rng).expect("a decision");
    let label = pending
        .choices()
        .iter()
        .find(|c| c.action == action)
        .unwrap()
        .label
        .clone();
    let before = played(h);
    click_choice(h, &label);
    close_cards(h);
    assert_eq!(played(h), before + 1, "'{label}' was played");
    label
}

/// [4.1] [4.3.1] [12.5] The wizard: B-1 from Londonderry, the SOE named, convoy numbers on.
fn start_career(h: &mut H, seed: u64) {
    settle(h);
    if let Screen::Start(start) = &mut h.state_mut().screen {
        start.seed_text = seed.to_string();
    }
    click(h, "New Atlantic career");
    assert!(
        h.state().screen_as::<CareerWizard>().is_some(),
        "the career's wizard opens"
    );
    h.get_by_label_contains("Group B-1: ").click();
    settle(h);
    click(h, "Based at Londonderry");
    click(h, "Historical convoy numbers [12.5]");
    if let Some(w) = h.state_mut().screen_as_mut::<CareerWizard>() {
        w.options.soe = "P. W. Gretton".into();
    }
    click(h, "Start the career");
    let o = career(h).options();
    assert_eq!(o.group.as_deref(), Some("b1"));
    assert_eq!(o.base.as_deref(), Some("londonderry"));
    assert_eq!(o.soe, "P. W. Gretton");
    assert!(o.rules.convoy_ids);
}

#[test]
fn a_career_is_set_up_its_missions_played_a_refit_undone_saved_and_reopened() {
    let storage = temp_storage("atlantic-career");
    let mut h = harness(storage.clone());
    start_career(&mut h, 7);
    let mut rng = SeededRng::new(7);
    let mut saw_mat = false;
    let mut saw_board = false;
    let mut refit = false;
    let mut clicks = 0;
    // Until a refit's upgrade decision [6.3.3] has been taken, undone and redone (or two missions in).
    while !refit {
        let g = career(&h);
        assert!(!g.pending().is_over(), "the career should not end this early");
        match g.phase() {
            Phase::Mission => {
                saw_mat |= h.query_by_label_contains("Convoy marker").is_some();
            }
            _ => {
                saw_board |= h
                    .query_by_label_contains("Group Board: Escort group B-1")
                    .is_some();
            }
        }
        // [6.3.3] [7.6.1] A refit's decision: which ship gets a fitting, or a new Captain's request.
        let refit_decision = matches!(
            g.phase(),
            Phase::Decide {
                ask: Ask::Fit {
                    rule: Cause::Refit | Cause::Rank,
                    ..
                } | Ask::Perk
            }
        );
        let after_mission = g.convoy_log().is_some_and(|l| l.totals.missions >= 1);
        if refit_decision && after_mission {
            let before = career(&h).clone();
            let n = played(&h);
            let label = click_careful(&mut h, &mut rng);
            let after = career(&h).clone();
            click(&mut h, "Undo");
            assert_eq!(played(&h), n, "undo takes '{label}' back");
            assert_eq!(career(&h), &before);
            click(&mut h, "Redo");
            assert_eq!(career(&h), &after, "redo plays '{label}' again");
            refit = true;
            continue;
        }
        click_careful(&mut h, &mut rng);
        clicks += 1;
        assert!(clicks < 3000, "a refit decision should come");
    }
    assert!(saw_mat, "the mission was played on the Tactical Display");
    assert!(saw_board, "the Group Board stood on the table in harbour");
    let log = career(&h).convoy_log().unwrap();
    assert!(log.totals.missions >= 1);
    assert_eq!(log.group, "B-1");

    // Save as a file, then reopen it in a new app.
    let actions = session(&h).actions().to_vec();
    let path = storage.saved_games_dir().join("my-career.json");
    if let Some(t) = h.state_mut().table_mut::<Career>() {
        t.save_path = Some(path.clone());
        assert!(t.save(), "the career is saved");
    }
    let mut h = harness(storage.clone());
    settle(&mut h);
    h.state_mut().open_path(&path).unwrap();
    settle(&mut h);
    assert_eq!(session(&h).actions(), actions.as_slice());
    assert!(h.state().screen_as::<CareerTable>().is_some());

    // Continue career brings the autosave back too.
    let mut h = harness(storage);
    settle(&mut h);
    click(&mut h, "Continue Atlantic career");
    assert_eq!(session(&h).actions(), actions.as_slice());
}

/// [5.1] [5.2] A whole career clicked through the decision panel by the careful captain ends on the
/// victory screen; the printed Convoy Log has every mission's row, the upgrade rows grey [3.5], the
/// sunk ships circled, and the totals of the victory screen.
#[test]
fn a_whole_career_is_clicked_to_its_victory_screen_and_its_log_printed() {
    let mut h = harness(temp_storage("atlantic-career-whole"));
    start_career(&mut h, 11);
    let mut rng = SeededRng::new(11);
    let mut clicks = 0;
    while !career(&h).pending().is_over() {
        click_careful(&mut h, &mut rng);
        clicks += 1;
        assert!(clicks < 20_000, "the career should end");
    }
    assert!(on_victory(&h), "the ended career shows its victory screen");
    let g = career(&h);
    let end = g.end().unwrap();
    let log = g.convoy_log().unwrap();
    let victory = log.victory.as_ref().unwrap();
    let level = format!("Victory level: {}", victory.level_name);
    assert!(h.query_by_label(&level).is_some(), "the screen shows {level}");
    let totals = &log.totals;
    let shown = format!(
        "Tonnage lost: {} t ({} merchants) · U-boats sunk: {} ·",
        periscope_print::atlantic::tons(totals.tonnage_lost),
        totals.merchants_lost,
        totals.uboats_sunk
    );
    assert!(
        h.query_by_label_contains(&shown).is_some(),
        "the screen shows {shown}"
    );
    assert_eq!(end.results[0].tonnage_lost, victory.tonnage_lost);
    // [4.3.2] The screen marks a ship sunk as the printed log does (†), with thousands separators.
    let sunk = log
        .missions()
        .flat_map(|m| m.targets.iter())
        .find(|t| t.sunk)
        .expect("a career loses a ship");
    let marked = periscope_print::atlantic::target_item(&sunk.name, sunk.tonnage, true);
    assert!(marked.starts_with("† ") && marked.ends_with(" t"));
    assert!(
        h.query_all_by_label_contains(&marked).next().is_some(),
        "the victory screen shows '{marked}'"
    );

    // The printed log: every row, the grey ones, the sunk marked †, the victory screen's totals.
    let paper = periscope_app::screen::TableGame::paperwork(g).unwrap();
    let sheet = &paper.sheets[0];
    let rows: Vec<_> = log.missions().collect();
    assert_eq!(sheet.rows.len(), rows.len());
    assert_eq!(rows.len() as u32, totals.missions);
    for (printed, row) in sheet.rows.iter().zip(&rows) {
        assert_eq!(printed.cells[0], row.month.short());
        assert_eq!(printed.shaded, row.upgrade_row, "mission {} grey", row.number);
        for t in &row.targets {
            let item = format!("{} {} t", t.name, periscope_print::atlantic::tons(t.tonnage));
            let marked = printed.cells[3].contains(&format!("† {item}"));
            assert_eq!(marked, t.sunk, "{} marked (and so ringed) only if sunk", t.name);
        }
    }
    let total = |k: &str| sheet.totals.iter().find(|(n, _)| n == k).unwrap().1.clone();
    assert_eq!(
        total("Tonnage lost"),
        format!("{} t", periscope_print::atlantic::tons(victory.tonnage_lost))
    );
    assert_eq!(total("U-boats sunk"), totals.uboats_sunk.to_string());
    assert_eq!(total("Missions"), totals.missions.to_string());
    assert_eq!(total("Victory level"), victory.level_name);

    click(&mut h, "Back to the table");
    assert!(!on_victory(&h));
}

//! Pixel snapshots of every screen, rendered with wgpu on a (software) Vulkan driver. Behind the
//! `snapshot` feature: `.ci/run` installs the driver and runs them with every other test, `cargo test
//! --workspace --features periscope/snapshot` (alone: `cargo test -p periscope --features snapshot --test
//! snapshots`). Update the images with `UPDATE_SNAPSHOTS=1`.
#![cfg(feature = "snapshot")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use periscope_app::PeriscopeApp;
use periscope_app::sensuikan::CareerTable;
use periscope_engine::Game;
use periscope_engine::hunt::{Hunt, HuntAction};
use periscope_engine::sensuikan::career::Career;

fn rendered(storage: periscope_app::storage::Storage) -> Harness<'static, PeriscopeApp> {
    let mut app = PeriscopeApp::new(storage);
    app.settings.pacing = periscope_app::storage::Pacing::Instant;
    // The images predate the odds beside the choices: they are taken with the odds hidden.
    app.settings.show_odds = false;
    Harness::builder()
        .with_size(egui::vec2(1366.0, 768.0))
        .with_max_steps(20)
        .wgpu()
        .with_theme(egui::Theme::Dark)
        .with_context_setup(periscope_app::theme::apply)
        .build_ui_state(|ui, app: &mut PeriscopeApp| app.frame(ui), app)
}

fn play(h: &mut Harness<'static, PeriscopeApp>, actions: &[&str]) {
    for a in actions {
        let action: HuntAction = a.parse().unwrap();
        if let Some(screen) = h.state_mut().table_mut::<Hunt>() {
            screen.session.apply(action).unwrap();
        }
    }
    // Let animations settle on their final positions.
    for _ in 0..8 {
        h.step();
    }
}

#[test]
fn start_screen() {
    let mut h = rendered(temp_storage("snap-start"));
    h.run_steps(4);
    h.snapshot("start_screen");
}

#[test]
fn hunt_table_at_the_start() {
    let mut h = rendered(temp_storage("snap-hunt-start"));
    new_game(&mut h, 3, false);
    play(&mut h, &[]);
    h.snapshot("hunt_table_start");
}

#[test]
fn hunt_table_in_an_attack() {
    let mut h = rendered(temp_storage("snap-hunt-attack"));
    new_game(&mut h, 3, false);
    // The first moves of the golden patrol of seed 3 (tests/scenarios/hunt/seed3-careful.actions).
    let script = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/scenarios/hunt/seed3-careful.actions"
    ))
    .unwrap();
    let actions: Vec<&str> = script
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(14)
        .collect();
    play(&mut h, &actions);
    h.snapshot("hunt_table_attack");
}

#[test]
fn track_mode_table() {
    let mut h = rendered(temp_storage("snap-track"));
    h.run_steps(2);
    h.state_mut().track("hunt");
    h.run_steps(4);
    h.snapshot("track_table");
}

#[test]
fn sensuikan_control_sheet_in_combat() {
    use periscope_engine::dice::SeededRng;
    use periscope_engine::policy::Policy;
    let mut h = rendered(temp_storage("snap-career"));
    h.run_steps(2);
    h.state_mut().start_game(Career::ID, false, Some(12));
    let mut rng = SeededRng::new(4);
    if let Some(screen) = h.state_mut().table_mut::<Career>() {
        // Play on until a combat is under way in a patrol.
        for _ in 0..400 {
            let in_combat = screen
                .session
                .game()
                .view()
                .patrol
                .is_some_and(|p| p.combat.is_some());
            if in_combat {
                break;
            }
            let Some(action) = Policy::Careful.choose(screen.session.game(), &mut rng) else {
                break;
            };
            screen.session.apply(action).unwrap();
        }
    }
    for _ in 0..8 {
        h.step();
    }
    // The view moves to the Combat Sheet when an encounter starts: back to the Control Sheet.
    look_at(
        &mut h,
        egui::Rect::from_min_size(egui::Pos2::ZERO, periscope_app::sensuikan::SHEET),
    );
    h.snapshot("sensuikan_control_sheet");
}

/// A Sensuikan career (seed 12) played by the careful policy until `stop` holds.
fn career_until(
    h: &mut Harness<'static, PeriscopeApp>,
    stop: impl Fn(&periscope_engine::sensuikan::career::Career) -> bool,
) {
    use periscope_engine::dice::SeededRng;
    use periscope_engine::policy::Policy;
    h.run_steps(2);
    h.state_mut().start_game(Career::ID, false, Some(12));
    let mut rng = SeededRng::new(4);
    if let Some(screen) = h.state_mut().table_mut::<Career>() {
        for _ in 0..5000 {
            if stop(screen.session.game()) {
                break;
            }
            let Some(action) = Policy::Careful.choose(screen.session.game(), &mut rng) else {
                break;
            };
            screen.session.apply(action).unwrap();
        }
    }
    for _ in 0..8 {
        h.step();
    }
}

/// Moves the view to a part of the table.
fn look_at(h: &mut Harness<'static, PeriscopeApp>, rect: egui::Rect) {
    if let Some(screen) = h.state_mut().table_mut::<Career>() {
        screen.look_at(rect);
    }
    for _ in 0..4 {
        h.step();
    }
}

#[test]
fn sensuikan_combat_sheet_in_an_attack() {
    use periscope_engine::Game;
    let mut h = rendered(temp_storage("snap-combat"));
    // Stop at the salvo, with a shot declared by the policy's first choice.
    career_until(&mut h, |g| {
        g.view()
            .patrol
            .and_then(|p| p.combat)
            .is_some_and(|c| !c.shots.is_empty())
            || g.pending().choices().iter().any(|c| {
                matches!(
                    c.action,
                    periscope_engine::sensuikan::career::CareerAction::Patrol {
                        action: periscope_engine::sensuikan::PatrolAction::Fire
                    }
                )
            })
    });
    h.snapshot("sensuikan_combat_sheet");
}

#[test]
fn sensuikan_operations_map() {
    let mut h = rendered(temp_storage("snap-map"));
    career_until(&mut h, |g| g.view().patrol.is_some());
    look_at(&mut h, periscope_app::sensuikan::map_rect());
    h.snapshot("sensuikan_operations_map");
}

#[test]
fn sensuikan_patrol_log() {
    let mut h = rendered(temp_storage("snap-log"));
    career_until(&mut h, |g| g.view().log.len() >= 12);
    // A career that ended on the way shows its victory screen first: back to the table to read its log.
    if let Some(career) = h.state_mut().screen_as_mut::<CareerTable>()
        && career.victory.is_some()
    {
        career.leave_victory();
        h.run_steps(2);
    }
    look_at(
        &mut h,
        egui::Rect::from_min_size(
            egui::pos2(0.0, periscope_app::sensuikan::LOG_TOP),
            periscope_app::sensuikan::LOG,
        ),
    );
    h.snapshot("sensuikan_patrol_log");
}

#[test]
fn sensuikan_track_mode_table() {
    let mut h = rendered(temp_storage("snap-sensuikan-track"));
    h.run_steps(2);
    h.state_mut().track("sensuikan");
    h.run_steps(4);
    h.snapshot("sensuikan_track_table");
}

#[test]
fn sensuikan_wizard_class_page() {
    use periscope_app::sensuikan::wizard::{Page, Wizard};
    let mut h = rendered(temp_storage("snap-wizard"));
    h.run_steps(2);
    let mut wizard = Wizard::new(false, "12".into());
    wizard.page = Page::Class;
    wizard.class = Some("type_b".into());
    h.state_mut().show_screen(Box::new(wizard));
    h.run_steps(4);
    h.snapshot("sensuikan_wizard_class");
}

#[test]
fn sensuikan_victory_screen() {
    use periscope_engine::dice::SeededRng;
    use periscope_engine::policy::Policy;
    use periscope_engine::sensuikan::career::{Career, CareerOptions};
    use periscope_engine::{DiceMode, Session};
    let mut session = Session::<Career>::new(CareerOptions::default(), 12, DiceMode::Seeded).unwrap();
    let mut rng = SeededRng::new(4);
    while !session.pending().is_over() {
        let action = Policy::Careful.choose(session.game(), &mut rng).unwrap();
        session.apply(action).unwrap();
    }
    let mut h = rendered(temp_storage("snap-victory"));
    h.run_steps(2);
    let storage = h.state().storage.clone();
    h.state_mut()
        .show_screen(Box::new(CareerTable::started(session, &storage)));
    h.run_steps(4);
    h.snapshot("sensuikan_victory");
}

/// Defect 5: board labels keep every letter and sign when the table is zoomed out or in: the Control
/// Sheet's captions that lost their I ("SPECIAL MISSIONS", "NAVIGATOR", "ENGINEER", "DIVING PLANES"),
/// the Hunt mat's "−1", and every letter, digit and sign, at four zooms of the table.
#[test]
fn board_labels_at_every_zoom() {
    use periscope_app::board::{self, BoardText as _};
    const ALL: &str =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 −1 -1 +2 · — – / ( ) . , : ' % ×";
    let mut h = Harness::builder()
        .with_size(egui::vec2(900.0, 560.0))
        .wgpu()
        .with_theme(egui::Theme::Dark)
        .with_context_setup(periscope_app::theme::apply)
        .build_ui(|ui| {
            for (row, zoom) in [0.55_f32, 0.75, 1.0, 1.6].into_iter().enumerate() {
                let at = egui::Rect::from_min_size(
                    egui::pos2(10.0, 10.0 + row as f32 * 136.0),
                    egui::vec2(880.0, 130.0),
                );
                let mut child = ui.new_child(egui::UiBuilder::new().max_rect(at).id_salt(row));
                let mut view = egui::Rect::from_min_size(egui::Pos2::ZERO, at.size() / zoom);
                egui::Scene::new()
                    .zoom_range(0.3..=3.0)
                    .show(&mut child, &mut view, |ui| {
                        let p = ui.painter().clone();
                        let paper = egui::Rect::from_min_size(egui::Pos2::ZERO, at.size() / zoom);
                        p.rect_filled(paper, 4.0, periscope_app::theme::PAPER);
                        for (i, caption) in ["Special missions", "Navigator", "Engineer", "Diving planes"]
                            .into_iter()
                            .enumerate()
                        {
                            let r = egui::Rect::from_min_size(
                                egui::pos2(8.0 + i as f32 * 130.0, 8.0),
                                egui::vec2(124.0, 40.0),
                            );
                            board::printed_box(&p, r, caption, periscope_app::theme::PAPER);
                        }
                        p.board_text(
                            egui::pos2(540.0, 28.0),
                            egui::Align2::LEFT_CENTER,
                            "2 dice · Oxy −1 · Bat -1 · seen 1-2",
                            egui::FontId::proportional(9.5),
                            periscope_app::theme::NAVY_LIGHT,
                        );
                        p.board_text(
                            egui::pos2(8.0, 64.0),
                            egui::Align2::LEFT_CENTER,
                            ALL,
                            egui::FontId::proportional(12.5),
                            periscope_app::theme::NAVY,
                        );
                    });
            }
        });
    h.run_steps(3);
    h.snapshot("board_labels");
}

/// An Atlantic convoy on its table, the mission played by the careful captain until `until` holds.
fn atlantic_until(
    name: &str,
    seed: u64,
    options: periscope_engine::atlantic::MissionOptions,
    until: impl Fn(&periscope_engine::atlantic::Mission) -> bool,
) -> Harness<'static, PeriscopeApp> {
    use periscope_engine::atlantic::Mission;
    let storage = temp_storage(name);
    let mut h = rendered(storage);
    h.run_steps(2);
    let session = periscope_engine::testing::played_until::<Mission>(options, seed, 2000, until);
    let screen = periscope_app::screen::GameScreen::new(session);
    h.state_mut().screen = periscope_app::app::Screen::Game(Box::new(screen));
    for _ in 0..6 {
        h.step();
    }
    h
}

fn atlantic_look_at(h: &mut Harness<'static, PeriscopeApp>, rect: egui::Rect) {
    if let Some(screen) = h.state_mut().table_mut::<periscope_engine::atlantic::Mission>() {
        screen.look_at(rect);
    }
    for _ in 0..4 {
        h.step();
    }
}

/// A battle under way with every escort on station: the first hunt's decision.
fn atlantic_in_a_hunt(m: &periscope_engine::atlantic::Mission) -> bool {
    m.pending()
        .choices()
        .iter()
        .any(|c| matches!(c.action, periscope_engine::atlantic::MissionAction::Hunt { .. }))
}

#[test]
fn atlantic_tactical_display_t1b_in_a_hunt() {
    let mut h = atlantic_until("snap-atl-t1b", 3, Default::default(), atlantic_in_a_hunt);
    atlantic_look_at(&mut h, periscope_app::atlantic::tactical_rect());
    h.snapshot("atlantic_tactical_t1b");
}

#[test]
fn atlantic_tactical_display_t1a_array() {
    use periscope_data::atlantic::catalog::merchants::ConvoySize;
    use periscope_data::atlantic::charts::ConvoyType;
    use periscope_engine::atlantic::{ConvoyAssignment, MissionAction, MissionOptions};
    let options = MissionOptions {
        convoy: Some(ConvoyAssignment {
            convoy: ConvoyType::On,
            size: ConvoySize::Large,
        }),
        ..Default::default()
    };
    let mut h = atlantic_until("snap-atl-t1a", 3, options, |m| {
        m.battle()
            .is_some_and(|b| b.spots.iter().filter(|s| s.is_some()).count() >= 3)
            && m.pending()
                .choices()
                .iter()
                .any(|c| matches!(c.action, MissionAction::Place { .. }))
    });
    atlantic_look_at(&mut h, periscope_app::atlantic::tactical_rect());
    h.snapshot("atlantic_tactical_t1a");
}

#[test]
fn atlantic_escort_group_mat() {
    let mut h = atlantic_until("snap-atl-e1", 3, Default::default(), atlantic_in_a_hunt);
    atlantic_look_at(&mut h, periscope_app::atlantic::escort_mat_rect());
    h.snapshot("atlantic_escort_mat");
}

#[test]
fn atlantic_operations_map() {
    let mut h = atlantic_until("snap-atl-ops", 3, Default::default(), atlantic_in_a_hunt);
    atlantic_look_at(&mut h, periscope_app::atlantic::ops_map_rect());
    h.snapshot("atlantic_operations_map");
}

#[test]
fn atlantic_uboat_mat() {
    let mut h = atlantic_until("snap-atl-u1", 3, Default::default(), |m| {
        m.battle().is_some_and(|b| {
            b.boats
                .iter()
                .any(|u| u.damage.hull > 0 || !u.damage.systems.is_empty())
        })
    });
    atlantic_look_at(&mut h, periscope_app::atlantic::uboat_mat_rect());
    h.snapshot("atlantic_uboat_mat");
}

#[test]
fn atlantic_wizard() {
    let mut h = rendered(temp_storage("snap-atl-wizard"));
    h.run_steps(2);
    h.state_mut().screen = periscope_app::app::Screen::Game(Box::new(
        periscope_app::atlantic::wizard::Wizard::new(false, "3".into()),
    ));
    h.run_steps(4);
    h.snapshot("atlantic_wizard");
}

#[test]
fn atlantic_track_mode_table() {
    let mut h = rendered(temp_storage("snap-atl-track"));
    h.run_steps(2);
    h.state_mut().track("atlantic");
    h.run_steps(4);
    h.snapshot("atlantic_track_table");
}

#[test]
fn atlantic_career_wizard() {
    use periscope_app::atlantic::career_wizard::CareerWizard;
    let mut h = rendered(temp_storage("snap-atl-career-wizard"));
    h.run_steps(2);
    h.state_mut()
        .show_screen(Box::new(CareerWizard::new(false, "7".into())));
    h.run_steps(4);
    h.snapshot("atlantic_career_wizard");
}

/// An Atlantic career played by the careful captain until `until` holds, on its table.
fn atlantic_career_until(
    name: &str,
    seed: u64,
    until: impl Fn(&periscope_engine::atlantic::career::Career) -> bool,
) -> Harness<'static, PeriscopeApp> {
    use periscope_app::atlantic::career::CareerTable;
    use periscope_engine::atlantic::career::{Career, CareerOptions};
    use periscope_engine::policy::Policy;
    use periscope_engine::{DiceMode, Session};
    let options = CareerOptions {
        group: Some("b1".into()),
        base: Some("londonderry".into()),
        ..Default::default()
    };
    let mut session = Session::<Career>::new(options, seed, DiceMode::Seeded).unwrap();
    let mut rng = periscope_engine::dice::SeededRng::new(seed);
    while !until(session.game()) && !session.pending().is_over() {
        let action = Policy::Careful.choose(session.game(), &mut rng).unwrap();
        session.apply(action).unwrap();
    }
    let mut h = rendered(temp_storage(name));
    h.run_steps(2);
    let storage = h.state().storage.clone();
    h.state_mut()
        .show_screen(Box::new(CareerTable::started(session, &storage)));
    for _ in 0..6 {
        h.step();
    }
    h
}

#[test]
fn atlantic_career_group_board_in_harbour() {
    use periscope_engine::atlantic::career::Phase;
    let mut h = atlantic_career_until("snap-atl-group-board", 7, |c| {
        c.convoy_log().is_some_and(|l| l.totals.missions >= 3) && !matches!(c.phase(), Phase::Mission)
    });
    if let Some(screen) = h
        .state_mut()
        .table_mut::<periscope_engine::atlantic::career::Career>()
    {
        screen.look_at(periscope_app::atlantic::tactical_rect());
    }
    for _ in 0..6 {
        h.step();
    }
    h.snapshot("atlantic_career_group_board");
}

#[test]
fn atlantic_career_victory_screen() {
    let mut h = atlantic_career_until("snap-atl-victory", 11, |_| false);
    h.snapshot("atlantic_career_victory");
}

/// The chart editor on A2, a range typed backwards: the error on its row and field, Save refused.
#[test]
fn chart_editor_with_an_error() {
    // The window names the override file's path: a folder of a fixed name (no process id), so the
    // picture is the same on every run.
    let dir = std::path::Path::new("/tmp/periscope-snapshot-chart-editor");
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let storage = periscope_app::storage::Storage::at(dir.to_path_buf()).without_file_dialogs();
    let mut h = rendered(storage);
    h.run_steps(4);
    click(&mut h, "Chart editor…");
    click(&mut h, "Edit chart A2");
    h.get_by_label("A2 row 2 roll").focus();
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("A2 row 2 roll").type_text("5-3");
    h.run_steps(4);
    h.snapshot("chart_editor");
}

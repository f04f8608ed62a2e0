//! Benchmark: CPU time of one frame in the kittest harness (no GPU): the Submarine Hunt table with an
//! attack under way, and the Sensuikan career table in an escorted combat with its tubes full (the
//! busiest Sensuikan board), and the Atlantic Tactical Display at its busiest (the battle with the most
//! U-boats and stragglers the careful captain meets over many seeds, every escort of the group on the
//! display). Run with `cargo bench -p periscope --bench frame`.

use std::hint::black_box;
use std::time::Instant;

use egui_kittest::Harness;
use periscope_app::PeriscopeApp;
use periscope_app::storage::Storage;
use periscope_engine::Game;
use periscope_engine::hunt::{Hunt, HuntAction};
use periscope_engine::sensuikan::career::Career;

fn main() {
    hunt();
    sensuikan();
    atlantic();
}

/// Steps the harness `frames` times with the pointer sweeping the table; prints median and p95.
fn measure(harness: &mut Harness<'_, PeriscopeApp>, what: &str) {
    for _ in 0..20 {
        harness.step();
    }
    let frames = 300;
    let mut times = Vec::with_capacity(frames);
    for i in 0..frames {
        harness.hover_at(egui::pos2(100.0 + (i % 800) as f32, 300.0));
        let start = Instant::now();
        harness.step();
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        black_box(harness.output());
    }
    times.sort_by(f64::total_cmp);
    println!(
        "frame ({what}, 1366x768): median {:.2} ms, p95 {:.2} ms over {frames} frames",
        times[frames / 2],
        times[frames * 95 / 100]
    );
}

/// The career table at a salvo: targets, escorts and full tubes on the Combat Sheet.
fn sensuikan() {
    use periscope_engine::dice::SeededRng;
    use periscope_engine::policy::Policy;
    use periscope_engine::sensuikan::career::CareerAction;
    use periscope_engine::sensuikan::{End, PatrolAction};
    let dir = std::env::temp_dir().join(format!("periscope-bench-s-{}", std::process::id()));
    let mut app = PeriscopeApp::new(Storage::at(&dir));
    let mut found = false;
    for seed in 1..40u64 {
        app.start_game(Career::ID, false, Some(seed));
        let mut rng = SeededRng::new(seed);
        if let Some(screen) = app.table_mut::<Career>() {
            for _ in 0..20_000 {
                let g = screen.session.game();
                let salvo = g.pending().choices().iter().any(|c| {
                    matches!(
                        c.action,
                        CareerAction::Patrol {
                            action: PatrolAction::Declare { end: End::Bow, .. }
                        }
                    )
                });
                let busy = g.view().patrol.and_then(|p| p.combat).is_some_and(|c| {
                    c.shots.is_empty()
                        && c.targets.len() >= 2
                        && (c.escorted || c.targets.iter().any(|t| t.is_escort))
                });
                if salvo && busy {
                    found = true;
                    break;
                }
                let Some(action) = Policy::Careful.choose(g, &mut rng) else {
                    break;
                };
                if screen.session.apply(action).is_err() {
                    break;
                }
            }
        }
        if found {
            break;
        }
    }
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1366.0, 768.0))
        .build_ui_state(|ui, app: &mut PeriscopeApp| app.frame(ui), app);
    let what = if found {
        "Sensuikan career table, escorted combat, full tubes"
    } else {
        "Sensuikan career table (no escorted salvo found)"
    };
    measure(&mut harness, what);
    let _ = std::fs::remove_dir_all(dir);
}

fn hunt() {
    let dir = std::env::temp_dir().join(format!("periscope-bench-{}", std::process::id()));
    let mut app = PeriscopeApp::new(Storage::at(&dir));
    app.start_game(Hunt::ID, false, Some(3));
    let script = include_str!("../../../tests/scenarios/hunt/seed3-careful.actions");
    if let Some(screen) = app.table_mut::<Hunt>() {
        for line in script
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(14)
        {
            if let Ok(action) = line.parse::<HuntAction>() {
                let _ = screen.session.apply(action);
            }
        }
    }
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1366.0, 768.0))
        .build_ui_state(|ui, app: &mut PeriscopeApp| app.frame(ui), app);
    measure(&mut harness, "Submarine Hunt table, attack under way");
    let _ = std::fs::remove_dir_all(dir);
}

/// The Tactical Display at its busiest: over many seeds of a large convoy with all its air support, the
/// battle with the most U-boats (then stragglers) the careful captain meets, replayed to that moment.
fn atlantic() {
    use periscope_data::atlantic::catalog::merchants::ConvoySize;
    use periscope_data::atlantic::charts::ConvoyType;
    use periscope_engine::atlantic::{ConvoyAssignment, Mission, MissionOptions};
    use periscope_engine::dice::SeededRng;
    use periscope_engine::policy::Policy;
    use periscope_engine::{DiceMode, Session};
    let mut options = MissionOptions {
        convoy: Some(ConvoyAssignment {
            convoy: ConvoyType::On,
            size: ConvoySize::Large,
        }),
        ..Default::default()
    };
    options.air.cam = true;
    options.air.long_range_air = true;
    let busyness = |m: &Mission| {
        let v = m.view();
        v.battle.as_ref().map_or(0, |b| b.boats.len() * 100) + v.stragglers.len() * 10
    };
    // (score, seed, actions to replay)
    let mut best = (0usize, 1u64, 0usize);
    for seed in 1..80u64 {
        let Ok(mut session) = Session::<Mission>::new(options.clone(), seed, DiceMode::Seeded) else {
            continue;
        };
        let mut rng = SeededRng::new(seed);
        for step in 0..3000 {
            let score = busyness(session.game());
            if score > best.0 {
                best = (score, seed, step);
            }
            let Some(action) = Policy::Careful.choose(session.game(), &mut rng) else {
                break;
            };
            if session.apply(action).is_err() {
                break;
            }
        }
    }
    let (_, seed, steps) = best;
    let Ok(mut session) = Session::<Mission>::new(options, seed, DiceMode::Seeded) else {
        return;
    };
    let mut rng = SeededRng::new(seed);
    for _ in 0..steps {
        let Some(action) = Policy::Careful.choose(session.game(), &mut rng) else {
            break;
        };
        let _ = session.apply(action);
    }
    let v = session.game().view();
    let what = format!(
        "Atlantic Tactical Display T1A: {} U-boats, {} escorts, {} stragglers (seed {seed})",
        v.battle.as_ref().map_or(0, |b| b.boats.len()),
        v.escorts.len(),
        v.stragglers.len()
    );
    let dir = std::env::temp_dir().join(format!("periscope-bench-a-{}", std::process::id()));
    let mut app = PeriscopeApp::new(Storage::at(&dir));
    let screen = periscope_app::screen::GameScreen::new(session);
    app.screen =
        periscope_app::app::Screen::Game(<Mission as periscope_app::screen::TableGame>::screen(screen));
    if let Some(table) = app.table_mut::<Mission>() {
        table.look_at(periscope_app::atlantic::tactical_rect());
    }
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1366.0, 768.0))
        .build_ui_state(|ui, app: &mut PeriscopeApp| app.frame(ui), app);
    measure(&mut harness, &what);
    let _ = std::fs::remove_dir_all(dir);
}

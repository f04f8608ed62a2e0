//! Benchmark: CPU time of one frame of the Submarine Hunt table in the kittest harness (no GPU), with an
//! attack under way. Run with `cargo bench -p periscope --bench frame`.

use std::hint::black_box;
use std::time::Instant;

use egui_kittest::Harness;
use periscope_app::PeriscopeApp;
use periscope_app::app::Screen;
use periscope_app::storage::Storage;
use periscope_engine::hunt::HuntAction;

fn main() {
    let dir = std::env::temp_dir().join(format!("periscope-bench-{}", std::process::id()));
    let mut app = PeriscopeApp::new(Storage::at(&dir));
    app.new_hunt(false, Some(3));
    let script = include_str!("../../../tests/scenarios/hunt/seed3-careful.actions");
    if let Screen::Hunt(screen) = &mut app.screen {
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
    for _ in 0..20 {
        harness.step();
    }
    let frames = 300;
    let mut times = Vec::with_capacity(frames);
    for i in 0..frames {
        // Move the pointer across the table so hover highlights are recomputed too.
        harness.hover_at(egui::pos2(100.0 + (i % 800) as f32, 300.0));
        let start = Instant::now();
        harness.step();
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        black_box(harness.output());
    }
    times.sort_by(f64::total_cmp);
    println!(
        "frame (Submarine Hunt table, attack under way, 1366x768): median {:.2} ms, p95 {:.2} ms over {frames} frames",
        times[frames / 2],
        times[frames * 95 / 100]
    );
    let _ = std::fs::remove_dir_all(dir);
}

//! Benchmark: the chart editor's cost per edit (every change is checked by the data crate's validation,
//! which reads the game's shipped data each time) and the CPU time of a frame with the editor open on the
//! biggest charts (every value is a text cell). Run with `cargo bench -p periscope --bench chart_editor`.

use std::time::Instant;

use egui_kittest::Harness;
use periscope_app::PeriscopeApp;
use periscope_app::storage::Storage;

fn median(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], times[times.len() * 95 / 100])
}

fn main() {
    let dir = std::env::temp_dir().join(format!("periscope-bench-editor-{}", std::process::id()));
    let storage = Storage::at(&dir);
    for (game, section, id) in [
        ("sensuikan", "charts", "A2"),
        ("sensuikan", "charts", "A1"),
        ("sensuikan", "classes", "kd3"),
        ("atlantic", "charts", "B5"),
        ("atlantic", "tactical", "T1A"),
        ("silent_war_ijn", "charts", "ijn_damage"),
    ] {
        let mut editor = periscope_app::panels::chart_editor::ChartEditor::default();
        editor.open_on(Some(game));
        let runs = 30;
        let mut times = Vec::with_capacity(runs);
        for _ in 0..runs {
            let start = Instant::now();
            // Loading a chart validates it, as every edit does.
            editor.edit(&storage, section, id);
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        assert!(editor.errors().is_empty(), "{:?}", editor.errors());
        let (m, p95) = median(times);
        println!("chart editor validation ({game} {id}): median {m:.2} ms, p95 {p95:.2} ms over {runs} runs");
    }
    for (game, section, id) in [("sensuikan", "charts", "A1"), ("atlantic", "tactical", "T1A")] {
        let mut app = PeriscopeApp::new(storage.clone());
        app.chart_editor.open_on(Some(game));
        app.chart_editor.edit(&storage, section, id);
        let mut h = Harness::builder()
            .with_size(egui::vec2(1366.0, 768.0))
            .build_ui_state(|ui, app: &mut PeriscopeApp| app.frame(ui), app);
        for _ in 0..10 {
            h.step();
        }
        let frames = 100;
        let mut times = Vec::with_capacity(frames);
        for i in 0..frames {
            h.hover_at(egui::pos2(400.0 + (i % 600) as f32, 400.0));
            let start = Instant::now();
            h.step();
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        let (m, p95) = median(times);
        println!(
            "frame (chart editor on {id}, 1366x768): median {m:.2} ms, p95 {p95:.2} ms over {frames} frames"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

//! `periscope`: the desktop app.

use periscope_app::PeriscopeApp;
use periscope_app::storage::Storage;

fn main() -> eframe::Result {
    let storage = Storage::from_env();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Periscope")
            .with_inner_size([1366.0, 768.0])
            .with_min_inner_size([900.0, 600.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Periscope",
        options,
        Box::new(|cc| {
            let app = PeriscopeApp::new(storage);
            PeriscopeApp::setup(&cc.egui_ctx, &app.settings);
            Ok(Box::new(app))
        }),
    )
}

//! `periscope`: the desktop app.

use periscope_app::PeriscopeApp;
use periscope_app::storage::Storage;

/// "What are my chances" plays thousands of careers on every core, making millions of small lists:
/// careers play about 1.6 times as fast on mimalloc as on the system's allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// What `periscope --version` and `periscope --help` print.
const HELP: &str = "Usage: periscope [FILE | --version | --help]

Periscope: a table for solitaire naval wargames (Submarine Hunt, Sensuikan, Silent War: IJN, Atlantic
Sentinels). Opens the desktop window, with FILE (a save or a Track table) on its table when one is
given; headless play is `periscope-cli`.";

fn main() -> eframe::Result {
    let started = std::time::Instant::now();
    // The flags a desktop program answers before it opens a window.
    if let Some(flag) = std::env::args_os().nth(1) {
        match flag.to_str() {
            Some("--version" | "-V") => {
                println!("periscope {}", env!("CARGO_PKG_VERSION"));
                return Ok(());
            }
            Some("--help" | "-h") => {
                println!("{HELP}");
                return Ok(());
            }
            _ => {}
        }
    }
    let storage = Storage::from_env();
    // A panic anywhere writes a report into the data folder, offered at the next start.
    periscope_app::crash::install(storage.crash_reports_dir());
    let file = periscope_app::desktop::file_argument(std::env::args_os());
    let (settings, _) = periscope_app::storage::Settings::read(&storage);
    let mut viewport = periscope_app::desktop::viewport(&settings);
    if let Some(icon) = periscope_app::assets::window_icon() {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    eframe::run_native(
        "Periscope",
        options,
        Box::new(|cc| {
            let mut app = PeriscopeApp::new(storage);
            // `PERISCOPE_STARTUP_BENCH=1`: print the time to the first frame, then quit (a benchmark).
            if std::env::var_os("PERISCOPE_STARTUP_BENCH").is_some() {
                app.startup_bench = Some(started);
            }
            PeriscopeApp::setup(&cc.egui_ctx, &app.settings);
            if let Some(file) = file {
                app.open_file_or_tell(&file);
            }
            Ok(Box::new(app))
        }),
    )
}

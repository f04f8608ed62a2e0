//! A panic inside the app writes a crash report into the data folder (the version, what failed and
//! where, the game on the screen and its file, never the save's content), and the next start offers it
//! with a button that copies it (issue 33). The panic hook is the process's, so this file holds one test.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::any::Any;

use common::*;
use egui_kittest::kittest::Queryable;
use periscope_app::screen::{AnyScreen, Desk};

/// A screen that fails while drawing, as a defect would.
struct Faulty;

impl AnyScreen for Faulty {
    fn show(&mut self, _ui: &mut egui::Ui, _desk: &mut Desk<'_>) -> Option<periscope_app::Nav> {
        panic!("the board could not be drawn");
    }

    fn game_name(&self) -> &'static str {
        "Faulty game"
    }

    fn file(&self) -> Option<std::path::PathBuf> {
        Some("/home/player/saves/career.json".into())
    }

    fn table(&self) -> Option<&dyn Any> {
        None
    }
}

#[test]
fn a_panic_writes_a_report_offered_with_a_copy_button_at_the_next_start() {
    let storage = temp_storage("crash");
    periscope_app::crash::install(storage.crash_reports_dir());
    let mut h = harness(storage.clone());
    settle(&mut h);
    h.state_mut().show_screen(Box::new(Faulty));
    let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        h.run_steps(2);
    }));
    assert!(failed.is_err(), "the screen panicked");

    let reports = periscope_app::crash::pending(&storage.crash_reports_dir());
    assert_eq!(reports.len(), 1, "one report is written");
    let text = &reports[0].text;
    for wanted in [
        concat!("periscope ", env!("CARGO_PKG_VERSION")),
        "the board could not be drawn",
        "crash_report.rs",
        "Faulty game — Periscope",
        "/home/player/saves/career.json",
        "Backtrace:",
    ] {
        assert!(text.contains(wanted), "the report names '{wanted}':\n{text}");
    }
    assert!(!text.contains("\"actions\""), "never the save's content");

    // The next start offers it, copies it, and sets it aside when the player is done.
    let mut next = harness(storage.clone());
    settle(&mut next);
    assert!(
        next.query_by_label("Periscope stopped unexpectedly last time.")
            .is_some()
    );
    next.get_by_label("Copy the report").click();
    next.step();
    let copied = copied(&next);
    assert_eq!(copied.len(), 1);
    assert_eq!(&copied[0], text, "the whole report is copied");
    settle(&mut next);
    click(&mut next, "Done");
    assert!(
        next.query_by_label("Periscope stopped unexpectedly last time.")
            .is_none()
    );
    assert!(periscope_app::crash::pending(&storage.crash_reports_dir()).is_empty());
    let kept = std::fs::read_dir(storage.crash_reports_dir()).unwrap().count();
    assert_eq!(kept, 1, "the report stays in the folder, set aside");
    let mut again = harness(storage);
    settle(&mut again);
    assert!(
        again
            .query_by_label("Periscope stopped unexpectedly last time.")
            .is_none()
    );
}

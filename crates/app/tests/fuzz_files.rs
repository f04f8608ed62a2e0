//! The player's own files fed broken (issue 21): saves and autosaves of every game as the app opens them
//! (Open…, Continue), Track tables, and the settings — truncated, bit-flipped, type-swapped, deeply
//! nested, huge and not UTF-8 (`periscope_data::mangle`). Opening one never panics, a refusal names the
//! file, and the file on disk is never changed by being opened.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use common::temp_storage;
use periscope_app::PeriscopeApp;
use periscope_app::storage::{Settings, Storage};
use periscope_app::track::{TrackLayout, TrackTable, tables};
use periscope_data::mangle::Mangler;
use periscope_engine::Session;

/// Broken inputs per file in the default tests; `PERISCOPE_FUZZ_CASES` runs longer.
fn cases() -> usize {
    std::env::var("PERISCOPE_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(40)
}

fn compat(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/compat")
            .join(name),
    )
    .unwrap()
}

/// Writes each broken version of `valid` to `path`, runs `open`, and checks: no panic, a refusal names
/// the file, the file unchanged. Returns how many were tried and how many were refused.
fn fuzz(
    path: &Path,
    valid: &str,
    seed: u64,
    mut open: impl FnMut(&Path) -> Result<(), String>,
) -> (usize, usize) {
    let mut mangler = Mangler::new(seed);
    let mut refused = 0;
    let n = cases();
    for case in 0..n {
        let (way, bytes) = mangler.mangle(valid.as_bytes());
        std::fs::write(path, &bytes).unwrap();
        let outcome = catch_unwind(AssertUnwindSafe(|| open(path)));
        let result = outcome.unwrap_or_else(|_| panic!("{}: case {case} ({way:?}) panicked", path.display()));
        if let Err(e) = result {
            refused += 1;
            assert!(
                e.len() < 16 * 1024,
                "{}: case {case} ({way:?}): a refusal of {} bytes",
                path.display(),
                e.len()
            );
            assert!(
                e.contains(&path.display().to_string()),
                "{}: case {case} ({way:?}): the refusal does not name the file: {e}",
                path.display()
            );
        }
        assert_eq!(
            std::fs::read(path).unwrap(),
            bytes,
            "{}: case {case}: the file changed",
            path.display()
        );
    }
    (n, refused)
}

/// The saves of every game the app opens: the old main's autosaves, and a Silent War companion.
fn saves() -> Vec<(&'static str, String)> {
    use periscope_engine::silent_war_ijn::Companion;
    let mut companion =
        Session::<Companion>::new(Default::default(), 4, periscope_engine::DiceMode::Seeded).unwrap();
    for a in [
        "scenario 1941",
        "start 4/42",
        "past done",
        "war_period 1",
        "no",
        "draws periscope",
        "piles",
    ] {
        companion.apply(a.parse().unwrap()).unwrap();
    }
    vec![
        ("hunt", compat("autosave-hunt.json")),
        ("hunt-physical", compat("hunt-physical.json")),
        ("sensuikan-career", compat("autosave-sensuikan-career.json")),
        ("silent-war-ijn", companion.to_json().unwrap()),
    ]
}

#[test]
fn broken_saves_open_with_a_reason_and_stay_as_they_are() {
    let storage = temp_storage("fuzz-saves");
    let dir = storage.saved_games_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = PeriscopeApp::new(storage.clone());
    let (mut tried, mut refused) = (0, 0);
    for (i, (name, valid)) in saves().into_iter().enumerate() {
        let path: PathBuf = dir.join(format!("{name}.json"));
        // The valid save opens.
        std::fs::write(&path, &valid).unwrap();
        app.open_path(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (t, r) = fuzz(&path, &valid, 100 + i as u64, |p| app.open_path(p));
        tried += t;
        refused += r;
    }
    eprintln!("saves: {tried} broken inputs, {refused} refused with the file named, none changed");
}

#[test]
fn broken_track_tables_open_with_a_reason_and_stay_as_they_are() {
    let storage = temp_storage("fuzz-tables");
    let layouts: [(&dyn TrackLayout, String); 3] = [
        (&periscope_app::hunt::track::LAYOUT, compat("track-table.json")),
        (
            &periscope_app::sensuikan::track::LAYOUT,
            compat("track-table-sensuikan.json"),
        ),
        (
            &periscope_app::silent_war_ijn::track::LAYOUT,
            serde_json::to_string_pretty(&TrackTable::fresh(&periscope_app::silent_war_ijn::track::LAYOUT))
                .unwrap(),
        ),
    ];
    let (mut tried, mut refused) = (0, 0);
    for (i, (layout, valid)) in layouts.iter().enumerate() {
        let path = storage.track_table(layout.id());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, valid).unwrap();
        tables::read(&path, *layout).unwrap_or_else(|e| panic!("{}: {e}", layout.id()));
        let (t, r) = fuzz(&path, valid, 200 + i as u64, |p| {
            tables::read(p, *layout).map(drop)
        });
        tried += t;
        refused += r;
    }
    eprintln!("Track tables: {tried} broken inputs, {refused} refused with the file named, none changed");
}

/// Damaged settings fall back to the defaults, say why naming the file, and the file is left for the
/// player to mend; the app starts all the same.
#[test]
fn broken_settings_fall_back_to_the_defaults_and_stay_as_they_are() {
    let storage: Storage = temp_storage("fuzz-settings");
    let valid = compat("settings.json");
    let path = storage.settings();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let (tried, refused) = fuzz(&path, &valid, 300, |_| match Settings::read(&storage) {
        (_, Some(why)) => Err(why),
        (_, None) => Ok(()),
    });
    // The app opens on a damaged file, with the reason on its start screen.
    std::fs::write(&path, b"{\"ui_scale\": \"large\"").unwrap();
    let app = PeriscopeApp::new(storage.clone());
    match &app.screen {
        periscope_app::app::Screen::Start(start) => {
            let m = start.message.as_deref().unwrap_or_default();
            assert!(m.contains("settings could not be read"), "{m}");
        }
        _ => panic!("the app opens on its start screen"),
    }
    eprintln!("settings: {tried} broken inputs, {refused} reported with the file named, none changed");
}

/// The player's own rulebook text, broken: reading it names the file when it cannot be read, and finding a
/// case's paragraphs in whatever it holds never panics, for every book.
#[test]
fn a_broken_rulebook_text_is_read_or_refused_and_stays_as_it_is() {
    use periscope_app::panels::rules_reference::RuleBook;
    let storage = temp_storage("fuzz-rulebook");
    let path = storage.saved_games_dir().join("my-rulebook.txt");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let books: [&dyn RuleBook; 2] = [
        &periscope_app::sensuikan::rules::BOOK,
        &periscope_app::silent_war_ijn::rules::BOOK,
    ];
    let mut tried = 0;
    for (i, book) in books.iter().enumerate() {
        // A text laid out as a rulebook is: each case's number at the start of its paragraph.
        let cases: Vec<String> = book
            .search("")
            .iter()
            .map(|l| l.case.to_string())
            .take(40)
            .collect();
        let valid: String = cases
            .iter()
            .map(|c| format!("{c} A paragraph of the player's own copy about case {c}.\nIt goes on.\n\n"))
            .collect();
        let (t, _) = fuzz(&path, &valid, 400 + i as u64, |p| {
            let text = Storage::read(p)?;
            for c in &cases {
                let _ = book.paragraphs(&text, c);
            }
            Ok(())
        });
        tried += t;
    }
    eprintln!("rulebook texts: {tried} broken inputs, none changed");
}

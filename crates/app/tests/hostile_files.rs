//! A data folder full of hostile files (issue 32): FIFOs where the settings, an autosave, a saved game, an
//! override file, a Track table, a career's save and a counter picture belong (opening one would block the
//! app for ever), links to `/dev/zero` (read until memory runs out), an override file over its size cap,
//! one with a key written twice and one with hundreds of errors. The app starts, and its start screen
//! names each refused file; the override errors are capped with a count of the rest.
#![cfg(unix)]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::{Path, PathBuf};

use common::*;
use egui_kittest::kittest::Queryable;
use periscope_app::app::Screen;
use periscope_app::overrides::MAX_ERRORS;

fn mkfifo(path: &Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let made = std::process::Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

fn zero_link(path: &Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink("/dev/zero", path).unwrap();
}

/// The shipped Sensuikan A2 with `n` rows that each answer every roll: every row after the first
/// overlaps the one before.
fn overlapping_a2(n: usize) -> String {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/sensuikan/charts/a2.json"),
    )
    .unwrap();
    let mut chart: serde_json::Value = serde_json::from_str(&text).unwrap();
    let row = serde_json::json!({"roll": "2-12", "result": "no_effect",
        "provenance": {"source": "reconstructed", "reason": "test"}});
    chart["rows"] = serde_json::Value::Array(vec![row; n]);
    serde_json::json!({"format": "periscope-overrides", "game": "sensuikan", "charts": {"A2": chart}})
        .to_string()
}

/// Stops the whole test binary if the app blocks on a file (a FIFO opened), rather than hanging CI.
fn watchdog(secs: u64) {
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(secs));
        eprintln!("the app blocked for {secs} s on a hostile file");
        std::process::exit(101);
    });
}

#[test]
fn the_app_starts_among_hostile_files_and_names_each_one_it_refuses() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    watchdog(300);
    let storage = temp_storage("hostile");
    let dir = storage.dir.clone();
    let fifos: Vec<PathBuf> = [
        "settings.json",
        "autosave-hunt.json",
        "saved-games/x.json",
        "overrides/x.json",
        "track-tables/hunt-x.json",
        "careers/x.json",
        "counters/hunt/mode.png",
    ]
    .iter()
    .map(|f| dir.join(f))
    .collect();
    for f in &fifos {
        mkfifo(f);
    }
    let zeros: Vec<PathBuf> = [
        "saved-games/zero.json",
        "overrides/zero.json",
        "counters/hunt/oxygen.png",
        "hall-of-fame.jsonl",
    ]
    .iter()
    .map(|f| dir.join(f))
    .collect();
    for z in &zeros {
        zero_link(z);
    }
    let big = dir.join("overrides/big.json");
    std::fs::write(&big, vec![b' '; 5 << 20]).unwrap();
    let twice = dir.join("overrides/atlantic.json");
    std::fs::write(
        &twice,
        r#"{"format": "periscope-overrides", "game": "atlantic", "game": "sensuikan", "charts": {}}"#,
    )
    .unwrap();
    let many = dir.join("overrides/sensuikan.json");
    std::fs::write(&many, overlapping_a2(300)).unwrap();

    let started = std::time::Instant::now();
    let mut h = harness(storage.clone());
    settle(&mut h);
    eprintln!("start screen among hostile files after {:?}", started.elapsed());

    let Screen::Start(start) = &h.state().screen else {
        panic!("the app is on its start screen");
    };
    let mut said: Vec<String> = start.overrides.clone();
    said.extend(start.counter_art.iter().cloned());
    said.extend(start.skipped.iter().cloned());
    said.extend(start.message.iter().cloned());
    let names = |path: &Path, what: &str| {
        let shown = path.display().to_string();
        assert!(
            said.iter().any(|l| l.contains(&shown) && l.contains(what)),
            "{shown} is named as {what}: {said:#?}"
        );
    };
    for f in &fifos {
        names(f, "a FIFO (named pipe)");
    }
    for z in &zeros {
        names(z, "a device");
    }
    names(
        &big,
        "is 5 MB; Periscope reads at most 4 MB of a chart override file",
    );
    names(&twice, "the key \"game\" is written twice");
    // The file of 300 overlapping rows: MAX_ERRORS lines, then the count of the rest.
    let of_many = start
        .overrides
        .iter()
        .filter(|l| l.contains(&many.display().to_string()))
        .count();
    assert_eq!(of_many, MAX_ERRORS + 1, "{:#?}", start.overrides);
    names(&many, &format!("and {} more errors", 299 - MAX_ERRORS));
    // The screen shows the lists (each a scrolling area of its own).
    assert!(h.query_by_label("Files skipped").is_some());
    assert!(h.query_by_label("Chart overrides").is_some());
    // Nothing was replaced or written over.
    for f in &fifos {
        assert!(
            std::fs::symlink_metadata(f).is_ok_and(|m| !m.is_file()),
            "{} left as it was",
            f.display()
        );
    }
}

/// The player's rulebook text over its cap is refused with its size, naming the file; one whose case
/// runs on for megabytes shows a cut paragraph, read once.
#[test]
fn a_rulebook_text_too_large_is_refused_and_a_long_case_is_cut() {
    let storage = temp_storage("hostile-rulebook");
    let huge = storage.dir.join("huge.txt");
    std::fs::write(&huge, vec![b'x'; 17 << 20]).unwrap();
    let mut h = harness(storage.clone());
    settle(&mut h);
    h.state_mut().settings.rulebook = Some(huge.clone());
    h.state_mut().rules.open_at(Some("4.1".into()));
    settle(&mut h);
    let refusal = format!(
        "{} is 17 MB; Periscope reads at most 16 MB of a rulebook text",
        huge.display()
    );
    assert!(h.query_by_label_contains(&refusal).is_some(), "{refusal}");

    let long = storage.dir.join("long.txt");
    let text = format!("4.1 The case\n{}\n4.2 Next\n", "word ".repeat(2_000_000));
    std::fs::write(&long, text).unwrap();
    h.state_mut().settings.rulebook = Some(long.clone());
    settle(&mut h);
    assert!(
        h.query_by_label_contains("bytes of a case)").is_some(),
        "the case's 10 MB paragraph is shown cut"
    );
}

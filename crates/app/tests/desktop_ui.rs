//! Periscope behaves like a desktop program (issue 33): Help lists every key the handlers know, a save
//! dropped on the window opens, Escape closes the window on top, the window's size comes back from the
//! settings, messages and the log reach the system clipboard, recently opened files are offered, and
//! times are the player's local ones.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use common::*;
use egui_kittest::kittest::{NodeT as _, Queryable};
use periscope_app::app::Screen;
use periscope_app::keys;
use periscope_app::storage::{Settings, Storage, WindowPlace};
use periscope_engine::hunt::Hunt;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/compat")
        .join(name)
}

fn has(h: &egui_kittest::Harness<'static, periscope_app::PeriscopeApp>, label: &str) -> bool {
    h.query_all_by_label(label).next().is_some()
}

#[test]
fn the_help_window_lists_every_key_the_handlers_know() {
    let mut h = harness(temp_storage("help-keys"));
    settle(&mut h);
    h.key_press(egui::Key::F1);
    settle(&mut h);
    assert!(h.state().help.open, "F1 opens Help");
    let ctx = h.ctx.clone();
    let mut lines = 0;
    for group in keys::TABLE {
        assert!(has(&h, group.place), "the place '{}' is listed", group.place);
        for b in group.bindings {
            assert!(has(&h, b.does), "'{}' is listed", b.does);
            assert!(
                has(&h, &keys::label(&ctx, &b.keys)),
                "the keys of '{}' are shown",
                b.does
            );
            lines += 1;
        }
    }
    assert!(lines >= 20, "the table holds every key ({lines} lines)");
    // The shortcuts are written as the desktop writes them, never by hand.
    assert!(has(&h, &ctx.format_shortcut(&keys::UNDO)));
}

#[test]
fn no_file_of_the_app_reads_a_key_past_the_key_table() {
    // Every key is read through `keys.rs`, whose table the Help window lists: a handler elsewhere would
    // act on a key Help does not name.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut offenders = Vec::new();
    let mut dirs = vec![src];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.file_name().is_some_and(|n| n == "keys.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for needle in [
                "Key::",
                "consume_key",
                "key_pressed",
                "consume_shortcut",
                "Event::Key",
                "\"Ctrl+",
            ] {
                if text.contains(needle) {
                    offenders.push(format!("{} reads '{needle}'", path.display()));
                }
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}

#[test]
fn how_to_play_and_about_are_in_the_help_window() {
    let storage = temp_storage("help-guide");
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Help");
    assert!(has(&h, "Playing Submarine Hunt"), "the guide lists its sections");
    click(&mut h, "Playing an Atlantic Sentinels career");
    assert!(
        h.query_all_by_label_contains("Group Board").next().is_some(),
        "the section's text is shown"
    );
    // Every line of the section wraps inside a 1366-point window: none runs off its right edge.
    for n in h.query_all(egui_kittest::kittest::by()) {
        if n.accesskit_node().bounding_box().is_none() {
            continue;
        }
        assert!(
            n.rect().right() <= 1366.0,
            "a line runs off the window: {:?} {:?}",
            n.rect(),
            n.accesskit_node().label()
        );
    }
    click(&mut h, "About Periscope");
    assert!(has(&h, &format!("Periscope {}", env!("CARGO_PKG_VERSION"))));
    assert!(
        has(&h, &storage.dir.display().to_string()),
        "the data folder is named"
    );
}

/// A file dropped on the window, as the desktop hands it over.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

fn drop_file(h: &mut egui_kittest::Harness<'static, periscope_app::PeriscopeApp>, path: &Path) {
    h.input_mut()
        .dropped_files
        .push(Arc::new(Dropped(path.to_path_buf())));
    settle(h);
}

#[test]
fn a_save_or_a_track_table_dropped_on_the_window_opens_and_is_remembered() {
    let storage = temp_storage("drop");
    let save = storage.dir.join("a save.json");
    std::fs::copy(fixture("autosave-hunt.json"), &save).unwrap();
    let mut h = harness(storage.clone());
    settle(&mut h);
    drop_file(&mut h, &save);
    assert!(
        h.state().table::<Hunt>().is_some(),
        "the dropped save is on its table"
    );
    assert_eq!(
        h.state().settings.recent.first(),
        Some(&std::path::absolute(&save).unwrap())
    );

    let table = storage.dir.join("kitchen table.json");
    std::fs::copy(fixture("track-table-sensuikan.json"), &table).unwrap();
    drop_file(&mut h, &table);
    assert!(
        matches!(h.state().screen, Screen::Track(_)),
        "a Track table opens in Track mode"
    );

    // Both are offered on the start screen, newest first, and open from there.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    settle(&mut h);
    assert!(
        matches!(h.state().screen, Screen::Start(_)),
        "Ctrl+N: the start screen"
    );
    let save_name = format!("Open {}", std::path::absolute(&save).unwrap().display());
    assert!(has(&h, "Opened recently"));
    click(&mut h, &save_name);
    assert!(h.state().table::<Hunt>().is_some());

    // A file that is not a save is refused with its name, and left as it is.
    let junk = storage.dir.join("notes.json");
    std::fs::write(&junk, "{\"hello\": 1}").unwrap();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    settle(&mut h);
    drop_file(&mut h, &junk);
    match &h.state().screen {
        Screen::Start(s) => assert!(s.message.as_deref().unwrap_or("").contains("notes.json")),
        _ => panic!("a refused file leaves the start screen showing"),
    }
    assert_eq!(std::fs::read_to_string(&junk).unwrap(), "{\"hello\": 1}");
}

#[test]
fn the_file_named_on_the_command_line_opens() {
    let storage = temp_storage("argument");
    let save = storage.dir.join("arg.json");
    std::fs::copy(fixture("autosave-hunt.json"), &save).unwrap();
    let mut h = harness(storage);
    let arg = periscope_app::desktop::file_argument(["periscope".into(), save.clone().into_os_string()]);
    h.state_mut().open_file_or_tell(&arg.unwrap());
    settle(&mut h);
    assert!(h.state().table::<Hunt>().is_some());
}

#[test]
fn escape_closes_the_window_on_top_then_the_one_under_it() {
    let mut h = harness(temp_storage("escape"));
    settle(&mut h);
    click(&mut h, "Chart editor…");
    assert!(h.state().chart_editor.open);
    h.key_press(egui::Key::F1);
    settle(&mut h);
    assert!(h.state().help.open);
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    assert!(!h.state().help.open, "Escape closes Help, on top");
    assert!(h.state().chart_editor.open, "the window under it stays");
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    assert!(
        !h.state().chart_editor.open,
        "the next Escape closes the chart editor"
    );
}

#[test]
fn the_window_comes_back_at_the_size_it_was_left() {
    let storage = temp_storage("window");
    let mut h = harness(storage.clone());
    // The desktop reports the window's place every frame; the settings keep it once it has settled.
    for _ in 0..4 {
        h.input_mut()
            .viewports
            .entry(egui::ViewportId::ROOT)
            .or_default()
            .inner_rect = Some(egui::Rect::from_min_size(
            egui::pos2(0.0, 0.0),
            egui::vec2(1500.0, 900.0),
        ));
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(250));
    }
    let (settings, damaged) = Settings::read(&storage);
    assert!(damaged.is_none());
    let place = settings.window.expect("the window's place is written");
    assert_eq!((place.width, place.height), (1500.0, 900.0));
    let viewport = periscope_app::desktop::viewport(&settings);
    assert_eq!(
        viewport.inner_size,
        Some(egui::vec2(1500.0, 900.0)),
        "the next start opens it so"
    );

    // A settings file from a hand or an older version cannot open an impossible window.
    let odd = Settings {
        window: Some(WindowPlace {
            x: Some(1.0e12),
            y: None,
            width: 800.0,
            height: 600.0,
            maximized: false,
        }),
        ..Settings::default()
    };
    std::fs::write(storage.settings(), serde_json::to_string(&odd).unwrap()).unwrap();
    assert_eq!(Settings::read(&storage).0.window, None);
}

#[test]
fn the_log_the_seed_and_messages_reach_the_clipboard() {
    let mut h = harness(temp_storage("clipboard"));
    new_game(&mut h, 4242, false);
    click(&mut h, "1  Hunt: roll 2 sonar dice");
    h.get_by_label("Copy the log").click();
    h.step();
    let log = copied(&h);
    assert_eq!(log.len(), 1);
    assert!(!log[0].is_empty(), "the log's lines are copied");
    h.get_by_label_contains("seed 4242").click();
    h.step();
    assert_eq!(copied(&h), ["4242"], "a click on the seed copies it");
    settle(&mut h);
    // The message that says so can be copied too.
    h.get_by_label("Copy the message").click();
    h.step();
    assert_eq!(copied(&h), ["Seed 4242 copied."]);
}

#[test]
fn a_game_nobody_played_is_not_kept_among_the_saved_games() {
    let storage = temp_storage("unplayed");
    let mut h = harness(storage.clone());
    new_game(&mut h, 1, false);
    assert!(storage.autosave("hunt").exists());
    // A second new game replaces the first, which had no action: nothing joins the saved games.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    settle(&mut h);
    click(&mut h, "New game");
    assert!(h.state().table::<Hunt>().is_some());
    let kept: Vec<_> = std::fs::read_dir(storage.saved_games_dir())
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    assert!(kept.is_empty(), "kept {kept:?}");
    let _ = Storage::read(&storage.autosave("hunt")).unwrap();
}

//! Shared helpers for the UI tests: an app on a fresh data folder, driven like a person would.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use periscope_app::PeriscopeApp;
use periscope_app::app::Screen;
use periscope_app::storage::Storage;
use periscope_engine::hunt::Hunt;

/// A fresh, empty data folder for one test, with Periscope's own file prompts (a test never opens the
/// desktop's dialog).
pub fn temp_storage(name: &str) -> Storage {
    let dir = std::env::temp_dir().join(format!("periscope-ui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Storage::at(dir).without_file_dialogs()
}

/// The app on a data folder, at instant pace: each click's action is played out at once, as the tests
/// that play whole games expect (the pacing tests set their own pace).
pub fn harness(storage: Storage) -> Harness<'static, PeriscopeApp> {
    let mut app = PeriscopeApp::new(storage);
    app.settings.pacing = periscope_app::storage::Pacing::Instant;
    Harness::builder()
        .with_size(egui::vec2(1366.0, 768.0))
        .with_max_steps(20)
        .build_ui_state(|ui, app: &mut PeriscopeApp| app.frame(ui), app)
}

/// Lets a few frames pass (the table animates, so it never becomes fully idle).
pub fn settle(h: &mut Harness<'static, PeriscopeApp>) {
    h.run_steps(3);
}

pub fn click(h: &mut Harness<'static, PeriscopeApp>, label: &str) {
    h.get_by_label(label).click();
    settle(h);
}

/// Scrolls the widget labelled `label` into view, as a person scrolls a long page down to it, then
/// clicks it.
pub fn click_scrolled(h: &mut Harness<'static, PeriscopeApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    settle(h);
    click(h, label);
}

/// Starts a new game of Submarine Hunt from the start screen with a fixed seed.
pub fn new_game(h: &mut Harness<'static, PeriscopeApp>, seed: u64, physical: bool) {
    settle(h);
    if let Screen::Start(start) = &mut h.state_mut().screen {
        start.seed_text = seed.to_string();
    }
    if physical {
        click(h, "Physical (I roll)");
    }
    click(h, "New game");
    assert!(
        h.state().table::<Hunt>().is_some(),
        "the new game opens the table"
    );
}

pub fn game<'h>(h: &'h Harness<'static, PeriscopeApp>) -> &'h Hunt {
    match h.state().session::<Hunt>() {
        Some(s) => s.game(),
        None => panic!("not on the Hunt table"),
    }
}

pub fn actions_played(h: &Harness<'static, PeriscopeApp>) -> usize {
    h.state().session::<Hunt>().map_or(0, |s| s.actions().len())
}

/// Closes every moment's card on the table, as a player reads and closes them (a card holds the game at
/// every pace, Instant too); returns how many were closed.
pub fn close_cards(h: &mut Harness<'static, PeriscopeApp>) -> usize {
    let mut closed = 0;
    while closed < 100 {
        let Some(close) = h.query(egui_kittest::kittest::by().predicate(|n| {
            n.role() == egui::accesskit::Role::Button
                && n.label().is_some_and(|l| l.starts_with("Close the "))
        })) else {
            break;
        };
        close.click();
        settle(h);
        closed += 1;
    }
    closed
}

/// Drags the widget labelled `from` (a label part) onto the one labelled `to` (a label part), as a
/// mouse does: down, two moves, up.
pub fn drag_onto(h: &mut Harness<'static, PeriscopeApp>, from: &str, to: &str) {
    let start = h.get_by_label_contains(from).rect().center();
    let end = h.get_by_label_contains(to).rect().center();
    h.drag_at(start);
    h.step();
    h.hover_at(start + (end - start) * 0.5);
    h.step();
    h.hover_at(end);
    h.step();
    h.drop_at(end);
    settle(h);
}

/// Clicks a choice of the decision panel by its label (the first nine carry their number key).
pub fn click_choice(h: &mut Harness<'static, PeriscopeApp>, label: &str) {
    let suffix = format!("  {label}");
    h.get(egui_kittest::kittest::by().predicate(|n| {
        n.label()
            .is_some_and(|l| l == label || l.ends_with(suffix.as_str()))
    }))
    .click();
    settle(h);
}

/// The texts the last frame put on the system clipboard.
pub fn copied(h: &Harness<'static, PeriscopeApp>) -> Vec<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .collect()
}

/// Drags with the left button from `from` to `to` (screen points), through the middle, as a person would.
pub fn drag(h: &mut Harness<'static, PeriscopeApp>, from: egui::Pos2, to: egui::Pos2) {
    h.drag_at(from);
    h.step();
    h.hover_at(from + (to - from) * 0.5);
    h.step();
    h.hover_at(to);
    h.step();
    h.drop_at(to);
    settle(h);
}

/// The Track mode screen on show.
pub fn track<'h>(h: &'h Harness<'static, PeriscopeApp>) -> &'h periscope_app::track::TrackScreen {
    match &h.state().screen {
        Screen::Track(t) => t,
        _ => panic!("not in Track mode"),
    }
}

/// The Track table's counter labelled `label`.
pub fn counter<'a>(
    h: &'a Harness<'static, PeriscopeApp>,
    label: &str,
) -> &'a periscope_app::track::FreeCounter {
    track(h)
        .table
        .counters
        .iter()
        .find(|c| c.label == label)
        .unwrap_or_else(|| panic!("no counter {label}"))
}

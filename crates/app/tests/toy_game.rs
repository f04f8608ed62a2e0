//! The proof that a game joins the app with its own file and one registry line: Coin Toss, the toy game of
//! `tests/toy`, gets a trivial table here and is added to the shipped games; then the start screen shows
//! its card, New game opens its table, a call clicked on the table plays it, Ctrl+Z takes it back, the
//! autosave is written, and a new app on the same data folder continues it at the same action. It joins
//! the rest of the house the same way: its counters (`tests/toy/counters.rs`, one line for the data
//! crate's mixes and one `with_counters` for the boards'), a picture of its board, and its chart
//! overrides in its entry. No file of the app changes for it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/toy/coin_toss.rs"]
mod coin_toss;
mod common;
#[path = "../../../tests/toy/counters.rs"]
mod toy_counters;

use coin_toss::{CoinToss, Side, TossAction};
use common::*;
use egui::{Rect, Role, Sense, Vec2, pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use periscope_app::PeriscopeApp;
use periscope_app::app::Screen;
use periscope_app::entry::{Card, GameEntry, Overrides};
use periscope_app::panels::chart_editor::Editable;
use periscope_app::screen::{Effects, TableGame};
use periscope_app::storage::Storage;
use periscope_boards::Board;
use periscope_boards::picture::saves::{PICTURED, Pictured, counters_in};
use periscope_boards::widgets::counter_art::{self, GameCounters};
use periscope_boards::widgets::{art, counter_drawings};
use periscope_data::DataError;
use periscope_data::overrides::OverrideReport;
use periscope_engine::{DiceMode, Game, RollRecord, Session};
use serde_json::{Value, json};

type H = Harness<'static, PeriscopeApp>;

const TABLE: Vec2 = vec2(420.0, 220.0);

/// Coin Toss on the table: a mat with the score and two boxes to call heads or tails.
impl Board for CoinToss {
    fn table_size() -> Vec2 {
        TABLE
    }

    fn draw_table(ui: &mut egui::Ui, game: &Self, _fx: &Effects) -> Option<TossAction> {
        let painter = ui.painter().clone();
        let mat = Rect::from_min_size(pos2(0.0, 0.0), TABLE);
        periscope_app::board::paper(
            &painter,
            mat,
            "COIN TOSS",
            &format!("{} right · {} wrong", game.right, game.wrong),
        );
        ui.allocate_rect(mat, Sense::hover());
        let legal = game.pending();
        let mut action = None;
        for (i, (side, name)) in [(Side::Heads, "heads"), (Side::Tails, "tails")]
            .into_iter()
            .enumerate()
        {
            let call = TossAction::Call { side };
            let r = Rect::from_min_size(pos2(40.0 + i as f32 * 180.0, 80.0), vec2(160.0, 100.0));
            periscope_app::board::printed_box(&painter, r, name, periscope_app::theme::PAPER);
            if legal.choices().iter().any(|c| c.action == call) {
                let resp = ui.interact(r, egui::Id::unique(("coin-toss", name)), Sense::click());
                periscope_app::a11y::label(ui, &resp, Role::Button, &format!("Call {name}"));
                if resp.clicked() {
                    action = Some(call);
                }
            }
        }
        action
    }
}

impl TableGame for CoinToss {
    fn last_roll(&self) -> Option<&RollRecord> {
        self.last_roll.as_ref()
    }
}

/// Checks a Coin Toss override file (`{"game": "coin-toss", "charts": {"Toss": {"heads_up_to": 3}}}`):
/// the toss's one chart, whose heads run from 1 to 1-5.
fn check_toss(file: &str, text: &str) -> Result<OverrideReport, DataError> {
    let v: Value = serde_json::from_str(text).map_err(|e| DataError::parse(file, &e))?;
    let mut report = OverrideReport {
        file: file.to_string(),
        game: toy_counters::GAME.to_string(),
        ..OverrideReport::default()
    };
    for (id, chart) in v["charts"].as_object().into_iter().flatten() {
        match (id.as_str(), chart["heads_up_to"].as_u64()) {
            ("Toss", Some(1..=5)) => report.charts.push(id.clone()),
            _ => report.errors.push(DataError::new(
                file,
                id.as_str(),
                "heads_up_to",
                "the Toss chart gives heads_up_to, 1 to 5",
            )),
        }
    }
    Ok(report)
}

/// What the chart editor can edit of Coin Toss: its Toss chart, as the game plays it.
fn toss_editables() -> Vec<Editable> {
    vec![Editable {
        section: "charts",
        id: "Toss".into(),
        title: "Toss the coin".into(),
        shipped: json!({"heads_up_to": 3}),
    }]
}

/// Coin Toss's chart overrides, in its entry.
const TOSS_OVERRIDES: Overrides = Overrides {
    game: toy_counters::GAME,
    check: check_toss,
    played_by: Some("the coin tosses you begin"),
    editables: toss_editables,
};

/// The one line Coin Toss needs in the registry.
fn games() -> Vec<GameEntry> {
    let mut games = periscope_app::games::shipped();
    games.push(
        GameEntry::table::<CoinToss>(Card {
            title: "COIN TOSS",
            blurb: "Call heads or tails, then toss: three right calls win.",
            new_label: "New game",
            continue_label: "Continue",
        })
        .overrides(TOSS_OVERRIDES),
    );
    games
}

/// The boards' registry with Coin Toss's line: its boards and the counters they draw.
fn pictured() -> Vec<Pictured> {
    let mut pictured = PICTURED.to_vec();
    pictured.push(Pictured::of::<CoinToss>().with_counters(&toy_counters::COUNTERS));
    pictured
}

fn harness(storage: Storage) -> H {
    let mut app = PeriscopeApp::with_games(storage, games());
    app.settings.pacing = periscope_app::storage::Pacing::Instant;
    Harness::builder()
        .with_size(egui::vec2(1366.0, 768.0))
        .with_max_steps(20)
        .build_ui_state(|ui, app: &mut PeriscopeApp| app.frame(ui), app)
}

/// Clicks the card button labelled `label` that belongs to the Coin Toss card (the other cards have
/// buttons of the same name): the first one below the card's title.
fn click_on_card(h: &mut H, label: &str) {
    let title = h.get_by_label("COIN TOSS").rect();
    let button = h
        .get_all_by_label(label)
        .filter(|n| n.rect().top() > title.top())
        .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
        .unwrap_or_else(|| panic!("no '{label}' on the Coin Toss card"));
    button.click();
    settle(h);
}

fn toss(h: &H) -> &CoinToss {
    h.state()
        .session::<CoinToss>()
        .expect("on the Coin Toss table")
        .game()
}

fn played(h: &H) -> usize {
    h.state().session::<CoinToss>().map_or(0, |s| s.actions().len())
}

#[test]
fn a_new_game_joins_the_app_with_one_registry_line() {
    let storage = temp_storage("toy-game");
    let mut h = harness(storage.clone());
    settle(&mut h);

    // The start screen shows the card beside the shipped games'.
    assert!(h.query_by_label("COIN TOSS").is_some(), "the Coin Toss card");
    assert!(h.query_by_label("SUBMARINE HUNT").is_some() && h.query_by_label("SENSUIKAN").is_some());
    if let Screen::Start(start) = &mut h.state_mut().screen {
        start.seed_text = "7".into();
    }

    // New game opens its table, on the start screen's seed; the autosave is written at once.
    click_on_card(&mut h, "New game");
    assert!(
        h.state().table::<CoinToss>().is_some(),
        "New game opens the table"
    );
    assert_eq!(h.state().session::<CoinToss>().unwrap().seed(), 7);
    assert_eq!(played(&h), 0);
    let autosave = storage.autosave(CoinToss::ID);
    assert!(autosave.exists(), "the new game's autosave");

    // Clicking a call on the table plays it (the toss is rolled by the digital dice).
    click(&mut h, "Call heads");
    assert_eq!(played(&h), 1, "the call was played");
    assert_eq!(toss(&h).right + toss(&h).wrong, 1, "and the coin tossed");
    assert!(toss(&h).last_roll.is_some());
    let after_one = toss(&h).clone();

    // Ctrl+Z takes it back; the Undo button too.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    settle(&mut h);
    assert_eq!(played(&h), 0, "Ctrl+Z took the call back");
    assert_eq!(toss(&h).right + toss(&h).wrong, 0);
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z);
    settle(&mut h);
    assert_eq!(toss(&h), &after_one, "redo plays it again");
    click(&mut h, "Call tails");
    assert_eq!(played(&h), 2);
    click(&mut h, "Undo");
    assert_eq!(played(&h), 1, "the Undo button took the second call back");
    click(&mut h, "Call tails");
    assert_eq!(played(&h), 2);
    let before = toss(&h).clone();

    // The autosave holds every action.
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&autosave).unwrap()).unwrap();
    assert_eq!(saved["game"], "coin-toss");
    assert_eq!(saved["actions"].as_array().unwrap().len(), 2);

    // A new app on the same data folder continues it at the same action.
    let mut h2 = harness(storage);
    settle(&mut h2);
    click_on_card(&mut h2, "Continue");
    assert_eq!(played(&h2), 2, "continued at the same action");
    assert_eq!(toss(&h2), &before);
}

/// The picture of its board, through the function its line in the boards' registry gives (what
/// `periscope-cli export --format png` calls for a save): a PNG of the table's size at the zoom.
#[test]
fn its_board_is_pictured_from_a_save() {
    let line = Pictured::of::<CoinToss>();
    assert_eq!(line.info.id, CoinToss::ID);
    let boards: Vec<&str> = (line.boards)().iter().map(|(n, _)| *n).collect();
    assert_eq!(boards, ["Table"], "a table of one board");

    let mut s = Session::<CoinToss>::new(Default::default(), 4, DiceMode::Seeded).unwrap();
    s.apply("heads".parse().unwrap()).unwrap();
    let save = || periscope_engine::save::peek(&s.to_json().unwrap()).unwrap();
    for zoom in [1.0, 2.0] {
        let png = (line.png)(save(), "table", zoom).unwrap();
        let image = image::load_from_memory(&png).unwrap().to_rgba8();
        assert_eq!(
            (image.width(), image.height()),
            ((TABLE.x * zoom) as u32, (TABLE.y * zoom) as u32),
            "at zoom {zoom}"
        );
        // The mat is drawn: not every pixel is the felt's.
        let first = *image.get_pixel(0, 0);
        assert!(image.pixels().any(|p| *p != first), "a blank picture");
    }
    let every = (line.every_png)(save(), 1.0).unwrap();
    assert_eq!(every.len(), 1);
    assert!(matches!(
        (line.png)(save(), "combat-sheet", 1.0),
        Err(periscope_boards::picture::PictureError::UnknownBoard { .. })
    ));
}

/// Its counters: its mix reads through the data crate's registry line, every counter its board draws
/// is of the mix, and the shared code that finds a counter's drawing finds its drawings once its line
/// is in the boards' registry (and not before); the player's counter art is filed under its ids.
#[test]
fn its_counters_join_through_their_registry_lines() {
    let mix = toy_counters::MIX.mix().unwrap();
    assert_eq!(mix.game, toy_counters::GAME);
    assert_eq!(mix.total(), 3);
    assert!(
        periscope_data::counters::of_game(toy_counters::GAME).is_none(),
        "not shipped"
    );

    let pictured = pictured();
    let counters: Vec<&str> = counters_in(&pictured).map(|c| c.game).collect();
    assert_eq!(counters.last(), Some(&toy_counters::GAME), "{counters:?}");
    assert_eq!(
        counters.len(),
        periscope_boards::picture::saves::counters().count() + 1,
        "its counters once, beside every game's"
    );
    for c in counters_in(&pictured).filter(|c| c.game == toy_counters::GAME) {
        for id in c.all {
            assert!(mix.kind(id.id).is_some(), "{} is not in the mix", id.id);
        }
    }
    for kind in &mix.kinds {
        let drawing = counter_drawings::drawing_in(&pictured, &mix.game, &kind.id, None)
            .unwrap_or_else(|| panic!("'{}' has no drawing", kind.id));
        assert!(art::get(drawing).is_some(), "'{drawing}' is not in assets/art");
        assert_eq!(
            counter_drawings::drawing_in(PICTURED, &mix.game, &kind.id, None),
            None,
            "the shipped registry does not know it"
        );
    }
    assert_eq!(
        counter_drawings::drawing_in(&pictured, toy_counters::GAME, "call", None),
        Some("flag")
    );

    // The player's picture for its call marker is read; one named for no counter of it is refused.
    let dir = std::env::temp_dir().join(format!("periscope-toy-art-{}", std::process::id()));
    let folder = dir.join(toy_counters::GAME);
    std::fs::create_dir_all(&folder).unwrap();
    image::RgbaImage::from_pixel(8, 8, image::Rgba([200, 30, 30, 255]))
        .save(folder.join("call.png"))
        .unwrap();
    std::fs::copy(folder.join("call.png"), folder.join("coin.png")).unwrap();
    let mut games = GameCounters::shipped();
    games.push(GameCounters::from_mix(mix));
    let loaded = counter_art::load(&dir, &games);
    let pictures: Vec<(&str, &str, &str)> = loaded
        .pictures
        .iter()
        .map(|p| (p.game.as_str(), p.id.as_str(), p.label.as_str()))
        .collect();
    assert_eq!(pictures, [(toy_counters::GAME, "call", "CALL")]);
    assert_eq!(loaded.messages.len(), 1, "{:?}", loaded.messages);
    assert!(
        loaded.messages[0].contains("no counter of coin-toss has the id 'coin'"),
        "{:?}",
        loaded.messages
    );
    let shipped_only = counter_art::load(&dir, &GameCounters::shipped());
    assert!(shipped_only.pictures.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

fn start_lines(app: &PeriscopeApp) -> Vec<String> {
    match &app.screen {
        Screen::Start(start) => start.overrides.clone(),
        _ => panic!("not on the start screen"),
    }
}

/// Its chart overrides: the start screen checks its file with the check of its entry and says it is in
/// force where its entry says; a mistake is refused under the file's name; the chart editor lists its
/// chart. Without its line the file is refused as a game with no overrides.
#[test]
fn its_overrides_are_checked_and_edited() {
    let storage = temp_storage("toy-overrides");
    std::fs::create_dir_all(storage.overrides_dir()).unwrap();
    let file = storage.overrides_dir().join("coin-toss.json");
    std::fs::write(
        &file,
        r#"{"format": "periscope-overrides", "game": "coin-toss", "charts": {"Toss": {"heads_up_to": 4}}}"#,
    )
    .unwrap();
    let app = PeriscopeApp::with_games(storage.clone(), games());
    assert_eq!(
        start_lines(&app),
        [format!(
            "{}: your values for Toss are in force in the coin tosses you begin.",
            file.display()
        )]
    );
    let items = app.chart_editor.editables(toy_counters::GAME);
    assert_eq!(items.len(), 1);
    assert_eq!((items[0].section, items[0].id.as_str()), ("charts", "Toss"));

    // A shipped game's app knows nothing of it: the data crate's check refuses the file.
    let shipped = PeriscopeApp::with_games(storage.clone(), periscope_app::games::shipped());
    let lines = start_lines(&shipped);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("Override refused") && lines[0].contains("'coin-toss', which has no overrides"),
        "{lines:?}"
    );
    assert!(shipped.chart_editor.editables(toy_counters::GAME).is_empty());

    // A mistake in its file is refused, named by file and chart.
    std::fs::write(
        &file,
        r#"{"format": "periscope-overrides", "game": "coin-toss", "charts": {"Toss": {"heads_up_to": 9}}}"#,
    )
    .unwrap();
    let app = PeriscopeApp::with_games(storage, games());
    let lines = start_lines(&app);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("Override refused, shipped chart in force:")
            && lines[0].contains("coin-toss.json")
            && lines[0].contains("Toss"),
        "{lines:?}"
    );
}

//! The proof that a game joins the app with its own file and one registry line: Coin Toss, the toy game of
//! `tests/toy`, gets a trivial table here and is added to the shipped games; then the start screen shows
//! its card, New game opens its table, a call clicked on the table plays it, Ctrl+Z takes it back, the
//! autosave is written, and a new app on the same data folder continues it at the same action. No file of
//! the app changes for it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/toy/coin_toss.rs"]
mod coin_toss;
mod common;

use coin_toss::{CoinToss, Side, TossAction};
use common::*;
use egui::{Rect, Role, Sense, Vec2, pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use periscope_app::PeriscopeApp;
use periscope_app::app::Screen;
use periscope_app::entry::{Card, GameEntry};
use periscope_app::screen::{Effects, TableGame};
use periscope_app::storage::Storage;
use periscope_boards::Board;
use periscope_engine::{Game, RollRecord};

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

/// The one line Coin Toss needs in the registry.
fn games() -> Vec<GameEntry> {
    let mut games = periscope_app::games::shipped();
    games.push(GameEntry::table::<CoinToss>(Card {
        title: "COIN TOSS",
        blurb: "Call heads or tails, then toss: three right calls win.",
        new_label: "New game",
        continue_label: "Continue",
    }));
    games
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

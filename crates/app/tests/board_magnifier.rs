//! The magnifier on the game boards, as in Track mode: the pointer rests on a counter of a Play-mode board
//! (or the magnifier key is held over it) and the counter shows large with its full name, its face and its
//! back; moving off it, the magnifier goes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::kittest::Queryable;
use periscope_app::screen::GameScreen;
use periscope_app::table::TableGame;
use periscope_boards::widgets::lens;
use periscope_engine::atlantic::Mission;
use periscope_engine::{DiceMode, Session};

#[test]
fn a_board_counter_is_magnified_under_the_pointer() {
    let mut h = harness(temp_storage("board-magnifier"));
    settle(&mut h);
    let session = Session::<Mission>::new(Default::default(), 3, DiceMode::Seeded).unwrap();
    h.state_mut()
        .show_screen(<Mission as TableGame>::screen(GameScreen::new(session)));
    settle(&mut h);
    // A counter the board painted, well inside the window: the pointer goes to its middle.
    let ctx = h.ctx.clone();
    let target = lens::noted(&ctx)
        .into_iter()
        .find(|n| {
            let r = n.screen_rect(&ctx);
            r.width() > 8.0
                && r.center().x > 100.0
                && r.center().x < 900.0
                && r.center().y > 80.0
                && r.center().y < 700.0
        })
        .expect("the board painted counters");
    let at = target.screen_rect(&ctx).center();
    let name = lens::name_of(&target);
    h.event(egui::Event::PointerMoved(at));
    h.run_steps(2);
    assert!(
        h.query_all_by_label_contains("magnified").next().is_none(),
        "not before the pointer rests or the key is held"
    );
    h.key_down(egui::Key::M);
    h.run_steps(2);
    assert!(
        h.query_all_by_label_contains(&format!("{name} — magnified"))
            .next()
            .is_some(),
        "{name}"
    );
    assert!(h.query_all_by_label_contains("face").next().is_some());
    assert!(h.query_all_by_label_contains("back").next().is_some());
    h.key_up(egui::Key::M);
    h.event(egui::Event::PointerMoved(egui::pos2(5.0, 760.0)));
    h.run_steps(2);
    assert!(h.query_all_by_label_contains("magnified").next().is_none());
}

//! Atlantic Sentinels' boards: the four printed mats, drawn from the data to scale — the Tactical
//! Display T1A or T1B by the convoy's size (`tactical.rs`), the Escort Group Display Mat E1
//! (`escort_mat.rs`), the Operations Map (`ops_map.rs`) and the U-boat mat U1 (`uboat_mat.rs`) — with
//! the counters they draw (`counters.rs`), and a career's Group Board between its missions
//! (`group_board.rs`). A career plays each of its missions on the single convoy's mats.
//!
//! The boards only read the mission's view and its public state, and every move on them is one of the
//! engine's actions: an escort dragged into an escort box is `place SHIP BOX` naming exactly that
//! escort [6.1 2e]; an escort dropped on a detected U-boat commits it to the hunt [7.1.3].

pub mod counters;
pub mod escort_mat;
pub mod group_board;
pub mod ops_map;
pub mod stacks;
pub mod tactical;
pub mod uboat_mat;

use egui::{Pos2, Rect, Vec2, pos2, vec2};
use periscope_engine::Game;
use periscope_engine::atlantic::career::{Career, CareerAction};
use periscope_engine::atlantic::{Mission, Phase};

use crate::{Board, Effects};

/// Where each board lies on the table, in table units (points at 100 % zoom).
pub fn tactical_rect() -> Rect {
    Rect::from_min_size(pos2(0.0, 0.0), tactical::SIZE)
}
pub fn escort_mat_rect() -> Rect {
    Rect::from_min_size(pos2(0.0, tactical::SIZE.y + GAP), escort_mat::SIZE)
}
pub fn ops_map_rect() -> Rect {
    Rect::from_min_size(pos2(tactical::SIZE.x + GAP, 0.0), ops_map::SIZE)
}
pub fn uboat_mat_rect() -> Rect {
    Rect::from_min_size(
        pos2(tactical::SIZE.x + GAP, ops_map::SIZE.y + GAP),
        uboat_mat::SIZE,
    )
}

/// The felt between two mats.
const GAP: f32 = 40.0;

/// The whole table.
pub fn table_size() -> Vec2 {
    let right = tactical::SIZE.x + GAP + ops_map::SIZE.x.max(uboat_mat::SIZE.x);
    let bottom = (tactical::SIZE.y + GAP + escort_mat::SIZE.y).max(ops_map::SIZE.y + GAP + uboat_mat::SIZE.y);
    vec2(right, bottom)
}

/// A mission's four mats, each at its place on the table; returns the action dragged on the Tactical
/// Display, if any.
fn draw_mats(ui: &mut egui::Ui, mission: &Mission, fx: &Effects) -> Option<<Mission as Game>::Action> {
    let pending = mission.pending();
    let view = mission.view();
    let action = tactical::show(ui, mission, &view, &pending, tactical_rect().min, fx);
    escort_mat::show(ui, mission, &view, escort_mat_rect().min, fx);
    ops_map::show(ui, mission, &view, ops_map_rect().min);
    uboat_mat::show(ui, mission, &view, uboat_mat_rect().min, fx);
    action
}

impl Board for Mission {
    fn table_size() -> Vec2 {
        table_size()
    }

    /// The Tactical Display: where the battles are fought and the array is dragged.
    fn home_view() -> Rect {
        tactical_rect()
    }

    fn boards() -> Vec<(&'static str, Rect)> {
        vec![
            ("Tactical Display", tactical_rect()),
            ("Escort Group Mat", escort_mat_rect()),
            ("Operations Map", ops_map_rect()),
            ("U-boat Mat", uboat_mat_rect()),
        ]
    }

    /// A battle shows the Tactical Display; the crossing the Operations Map.
    fn focus(&self) -> Option<Rect> {
        match self.phase() {
            Phase::Battle(_) => Some(tactical_rect()),
            Phase::Voyage(_) => Some(ops_map_rect().union(tactical_rect())),
            Phase::Over | Phase::Limbo => None,
        }
    }

    fn draw_table(ui: &mut egui::Ui, game: &Self, fx: &Effects) -> Option<Self::Action> {
        draw_mats(ui, game, fx)
    }
}

impl Board for Career {
    fn table_size() -> Vec2 {
        table_size()
    }

    fn home_view() -> Rect {
        tactical_rect()
    }

    fn boards() -> Vec<(&'static str, Rect)> {
        <Mission as Board>::boards()
    }

    /// At sea the mission's focus; ashore the Group Board.
    fn focus(&self) -> Option<Rect> {
        match self.mission() {
            Some(m) => <Mission as Board>::focus(m),
            None => Some(tactical_rect()),
        }
    }

    /// The mission under way on its four mats, its moves sent as the career's; ashore the Group Board
    /// and the mats of the last convoy left as they were.
    fn draw_table(ui: &mut egui::Ui, game: &Self, fx: &Effects) -> Option<Self::Action> {
        ui.allocate_rect(
            Rect::from_min_size(Pos2::ZERO, Self::table_size()),
            egui::Sense::hover(),
        );
        let Some(mission) = game.mission() else {
            group_board::show(ui, game, tactical_rect().min);
            return None;
        };
        draw_mats(ui, mission, fx).map(|action| CareerAction::Mission { action })
    }
}

/// A tonnage as the boards print it, its thousands separated: `538,500 t`.
pub fn tons(t: u32) -> String {
    format!("{} t", periscope_print::atlantic::tons(t))
}

//! Periscope's boards: every game's painter code (its folder here: `hunt/`, `sensuikan/`, `atlantic/`,
//! `silent_war_ijn/`), the pieces every board shares (`board`, `theme`, `widgets`), and the pictures of
//! the boards drawn on the CPU (`picture`). It depends on egui and the engine, never on a window: the app
//! draws these boards on its table, the command line pictures them as PNG. Each game joins with its
//! [`Board`] and one line in [`picture::saves::PICTURED`].

pub mod a11y;
pub mod atlantic;
pub mod board;
pub mod effects;
pub mod hunt;
pub mod picture;
pub mod sensuikan;
pub mod silent_war_ijn;
pub mod theme;
pub mod widgets;

use egui::{Rect, Vec2};
use periscope_engine::Game;

pub use effects::Effects;

/// What a game draws on the table: its boards, where they lie, and the part the view shows first. The
/// app's table (its `TableGame`) and the pictures both draw through it.
pub trait Board: Game + 'static {
    /// The size of the table's boards, in table units (points at 100% zoom).
    fn table_size() -> Vec2;
    /// The part of the table shown at first and by *Reset view*: all of it unless a game says otherwise.
    fn home_view() -> Rect {
        Rect::from_min_size(egui::Pos2::ZERO, Self::table_size())
    }
    /// The boards on the table by name, for the menu bar's buttons that move the view to each.
    fn boards() -> Vec<(&'static str, Rect)> {
        Vec::new()
    }
    /// A part of the table the view should move to now (an encounter's sheet), or `None` for the home view.
    /// The view moves only when this changes, so the player may pan away freely.
    fn focus(&self) -> Option<Rect> {
        None
    }
    /// Draws the table and returns the action the player took on it, if any.
    fn draw_table(ui: &mut egui::Ui, game: &Self, fx: &Effects) -> Option<Self::Action>;
}

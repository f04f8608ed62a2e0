//! Periscope's desktop app: a thin shell over the engine. It reads game state, draws the table and panels,
//! and sends actions; the rules live in `periscope-engine`.

pub mod a11y;
pub mod app;
pub mod board;
pub mod hunt;
pub mod panels;
pub mod screen;
pub mod sensuikan;
pub mod start;
pub mod storage;
pub mod theme;
pub mod track;
pub mod widgets;

pub use app::PeriscopeApp;

/// Where a screen asks the app to go next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Nav {
    Start,
    Open,
}

//! Periscope's desktop app: a thin shell over the engine. It reads game state, draws the table and panels,
//! and sends actions; the rules live in `periscope-engine`. Each game joins the app with one line in
//! [`games::SHIPPED`]; the shared screens know no game. The boards themselves (every game's painters, the
//! shared board pieces and their pictures) are `periscope-boards`, which the command line uses too.

pub mod app;
pub mod assets;
pub mod atlantic;
pub mod career;
pub mod crash;
pub mod desktop;
pub mod entry;
pub mod files;
pub mod games;
pub mod hunt;
pub mod keys;
pub mod opening;
pub mod overrides;
pub mod panels;
pub mod screen;
pub mod sensuikan;
pub mod silent_war_ijn;
pub mod start;
pub mod stats;
pub mod storage;
pub mod table;
pub mod track;
pub mod work;
pub mod writing;

pub use app::PeriscopeApp;
/// The boards' pieces, painters and pictures (`periscope-boards`), under the names the app has always
/// used for them.
pub use periscope_boards::{a11y, board, picture, theme, widgets};

/// Where a screen asks the app to go next.
pub enum Nav {
    Start,
    Open,
    /// Another screen of the game takes this one's place (the wizard's career on its table).
    Show(Box<dyn screen::AnyScreen>),
    /// Open this save on its game's table (a Track table's carried companion).
    OpenFile(std::path::PathBuf),
}

//! A career on the table, written once for every game that plays one: the game's table, and its victory
//! screen shown instead of the table once the career has ended [5.1.4] (`victory.rs`: the frame, the
//! buttons and the way back around the game's own header and body). A game joins by implementing
//! [`CareerGame`] for what differs: whether the career has ended, its victory screen's header and body,
//! and anything it does after each frame of the table.

pub mod victory;

use std::any::Any;

use periscope_engine::Session;

use crate::Nav;
use crate::screen::{AnyScreen, Desk, GameScreen};
use crate::storage::Storage;
use crate::table::TableGame;
pub use victory::{VictoryChoice, VictoryScreen};

/// What a career game tells the shared career screen and its victory screen.
pub trait CareerGame: TableGame {
    /// The game this screen plays, for the window's title ("Sensuikan — Periscope").
    const GAME_NAME: &'static str;
    /// The id of the victory screen's scrolled body.
    const VICTORY_BODY_ID: &'static str;
    /// The height the victory screen keeps for its header and buttons above the scrolled body.
    const VICTORY_HEADER_HEIGHT: f32;
    /// Whether the career has ended.
    fn ended(&self) -> bool;
    /// The victory screen's header above the buttons: the level, why the career ended, the totals.
    fn victory_header(ui: &mut egui::Ui, session: &Session<Self>);
    /// The victory screen's scrolled body below the buttons.
    fn victory_body(ui: &mut egui::Ui, session: &Session<Self>);
    /// After each frame of the table (not of the victory screen): nothing by default.
    fn after_table(_table: &mut GameScreen<Self>, _ui: &egui::Ui) {}
}

/// A career on the table, and its victory screen once it has ended [5.1.4].
pub struct CareerTable<G: CareerGame> {
    pub table: GameScreen<G>,
    /// Shown instead of the table while the ended career's victory screen is up.
    pub victory: Option<VictoryScreen>,
    /// The number of actions of the career when the player left its victory screen for the table: it is
    /// not shown again until the career changes.
    left_at: Option<usize>,
}

impl<G: CareerGame> CareerTable<G> {
    pub fn new(table: GameScreen<G>) -> Self {
        Self {
            table,
            victory: None,
            left_at: None,
        }
    }

    /// The career the wizard set up, on the table; its choices are the session's first actions, and the
    /// autosave is replaced at once.
    pub fn started(session: Session<G>, storage: &Storage) -> Self {
        let mut table = GameScreen::new(session);
        table.act_none(storage);
        Self::new(table)
    }

    /// [5.1.4] A career that has just ended shows its victory screen (unless the player went back to the
    /// table from it and nothing changed since).
    fn show_victory_when_over(&mut self) {
        let played = self.table.session.actions().len();
        let ended = self.table.session.game().ended();
        if self.victory.is_none() && ended && self.left_at != Some(played) {
            self.victory = Some(VictoryScreen::default());
        }
    }

    /// From the victory screen back to the career's table.
    pub fn leave_victory(&mut self) {
        if self.victory.take().is_some() {
            self.left_at = Some(self.table.session.actions().len());
        }
    }
}

impl<G: CareerGame> AnyScreen for CareerTable<G> {
    fn game_name(&self) -> &'static str {
        G::GAME_NAME
    }

    fn show(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_>) -> Option<Nav> {
        let nav = match &mut self.victory {
            Some(victory) => match victory.show(ui, &self.table, desk.storage) {
                Some(VictoryChoice::Start) => Some(Nav::Start),
                Some(VictoryChoice::Table) => {
                    self.leave_victory();
                    None
                }
                None => None,
            },
            None => {
                let nav = self.table.show(ui, desk);
                G::after_table(&mut self.table, ui);
                nav
            }
        };
        self.show_victory_when_over();
        nav
    }

    fn tell(&mut self, message: String) {
        self.table.status = Some(message);
    }

    fn table(&self) -> Option<&dyn Any> {
        Some(&self.table)
    }

    fn table_mut(&mut self) -> Option<&mut dyn Any> {
        Some(&mut self.table)
    }
}

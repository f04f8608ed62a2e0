//! The table's contract: what a game adds to the shared game screen ([`TableGame`], on top of the
//! [`Board`] that draws its boards), the moments that get a card of their own, and the pace of the rolls.
//! The screen (`screen.rs`) and the app's other parts (`stats`, `panels`, `track`, ...) read games through
//! it.

use periscope_engine::{Paced, Pending, RollRecord};

use crate::panels::chances;
use crate::panels::decision::{self, OddsOf, ShownOdds};
use crate::panels::rules_reference::RuleBook;
use crate::screen::{AnyScreen, GameScreen};
pub use periscope_boards::{Board, Effects};

/// The time between two rolls at brisk pace.
pub const BRISK_SECONDS: f64 = 0.7;

/// A moment of the game worth a card of its own over the table: a patrol report, the refit and awards.
#[derive(Debug, Clone, PartialEq)]
pub struct Moment {
    pub title: String,
    pub lines: Vec<MomentLine>,
    /// The board the table shows under the card, when it is not the game's board of the moment (the
    /// harbour's Group Board under a convoy's next assignment): read back by the boards through
    /// [`Effects::under_card`].
    pub board: Option<&'static str>,
}

/// One line of a moment's card; cited cases are links to the rules reference.
#[derive(Debug, Clone, PartialEq)]
pub struct MomentLine {
    pub text: String,
    /// A heading inside the card.
    pub heading: bool,
}

impl MomentLine {
    /// A line of text; the arrows of the log's roll lines are written "->", which every font has.
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            text: text.into().replace('→', "->"),
            heading: false,
        }
    }
    pub fn heading(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            heading: true,
        }
    }
}

/// Where a game's walkthrough is read from: its data module's `walkthrough`.
pub type WalkthroughData =
    fn() -> Result<periscope_data::walkthrough::Walkthrough, periscope_data::DataError>;

/// What a game adds to the shared screen: its table (its [`Board`]: the boards and how they are drawn), and
/// how to read its rolls, hits and moments.
pub trait TableGame: Board + Paced {
    /// The game's rule summaries: the cited cases of the panels are links to them. None for a game
    /// without a rules reference.
    const RULES: Option<&'static dyn RuleBook> = None;
    /// How the decision panel asks for the exact odds of each choice's roll: a game played through the
    /// rules machine says `Some(OddsOf::RULES)`; none by default.
    const ODDS: Option<OddsOf<Self>> = None;
    /// "What are my chances from here?" in the game menu: the run of playing on from the game as it
    /// stands (`Some(chances::job::<Self>)` for a career); none by default.
    const CHANCES: Option<fn(&Self) -> chances::Job> = None;
    /// The game's guided first game (a book's example of play, `data/<game>/walkthrough.json`), if it
    /// has one: "Learn by playing the book's example" on its card and in the Help menu.
    const WALKTHROUGH: Option<WalkthroughData> = None;
    /// The screen the app shows for the table: the table itself, unless the game keeps a screen of its own
    /// around it (a career's victory screen).
    fn screen(table: GameScreen<Self>) -> Box<dyn AnyScreen> {
        Box::new(table)
    }
    /// The decision in the side panel: by default every legal choice as a button with its case. A game
    /// that walks its procedures in wizards of its own, or groups a long menu, draws it its own way here;
    /// number keys may pick a choice when `keys` is true; `odds` are the odds of the choices' rolls when
    /// the player shows them. Returns the action chosen.
    fn decision_panel(
        ui: &mut egui::Ui,
        _game: &Self,
        pending: &Pending<Self::Action>,
        keys: bool,
        odds: Option<&ShownOdds>,
    ) -> Option<Self::Action> {
        decision::show_with_odds(ui, pending, keys, Self::RULES, odds)
    }
    /// The last roll the game made.
    fn last_roll(&self) -> Option<&RollRecord>;
    /// The rolls of the last action, in order, for the chart panel: by default the game's last roll. A
    /// game whose events record its rolls lists them all, so an action without a roll shows none.
    fn last_rolls<'a>(&'a self, _last_action: &'a [Self::Event]) -> Vec<&'a RollRecord> {
        self.last_roll().into_iter().collect()
    }
    /// Whether a roll is read die by die (a choice of dice, sixes to lock) rather than as one result: the
    /// chart panel then says what the dice allow instead of a meaningless total.
    fn reads_faces(_roll: &RollRecord) -> bool {
        false
    }
    /// The game's paperwork for "Print / Export…", if it has any.
    fn paperwork(&self) -> Option<crate::panels::export::Paperwork> {
        None
    }
    /// Whether an event is a hit on the player's boat (the table flashes).
    fn is_hit(_event: &Self::Event) -> bool {
        false
    }
    /// What one step of play changed that the board should flash, as keys the game's own board reads
    /// back from [`Effects::lit`] (a target hit, a damage box filled).
    fn flashes(_before: &Self, _after: &Self) -> Vec<String> {
        Vec::new()
    }
    /// The moments one step of play reached: the game before and after the step, and the events of the
    /// whole game, the step's from `step_from` on.
    fn moments(_before: &Self, _events: &[Self::Event], _step_from: usize, _after: &Self) -> Vec<Moment> {
        Vec::new()
    }
    /// Where the game stands in a line, for the start screen's Continue and saved games.
    fn summary(&self) -> Option<String> {
        None
    }
    /// Dangers the player should hear of before the next action (the last of the oxygen).
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
    /// The hall of fame's line for the game once it is finished (a career ended, a game won or lost),
    /// written by the game's own `hall.rs` from the engine's views; `None` while it goes on, or for a
    /// game with no end. What every game shares (the id, the date, the dice, the save) is filled in by
    /// `stats::store::record_finished`.
    fn hall_entry(&self) -> Option<periscope_data::hall::Entry> {
        None
    }
}

/// The hall of fame reads a table game's line and standing through its own small trait, so the hall
/// (`stats/`) never imports the table contract.
impl<G: TableGame> crate::stats::store::HallGame for G {
    fn hall_line(&self) -> Option<periscope_data::hall::Entry> {
        self.hall_entry()
    }

    fn standing(&self) -> Option<String> {
        self.summary()
    }
}

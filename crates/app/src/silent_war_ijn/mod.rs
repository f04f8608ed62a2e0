//! The Silent War IJN companion on the desktop: the companion's board (`periscope_boards::silent_war_ijn`:
//! the calendar strip, the six piles face down, the combat display, the damaged ships, the War Events and
//! the repair track) in the shared game screen, with each of the expansion's procedures walked in a small
//! wizard over the table (`wizard.rs`), the War Events declared from a menu that lists their ships first
//! (`declare.rs`), and a new companion's base-game facts entered once on a set-up page (`setup.rs`).
//!
//! Every step is one of the engine's decisions with its rule case; the board acts where it is natural
//! (a pile clicked draws from it, a drawn ship dropped on the repair track is damaged), and every such
//! move is one of the engine's legal choices: anything else snaps back and says why.

pub mod chart_items;
pub mod declare;
pub mod hall;
pub mod moments;
pub mod panel;
pub mod rules;
pub mod setup;
pub mod track;
pub mod wizard;

use std::any::Any;

use periscope_engine::silent_war_ijn::{Companion, Procedure, SwEvent};
use periscope_engine::{RollRecord, Session};

use crate::Nav;
use crate::entry::{Card, GameEntry, Overrides};
use crate::panels::rules_reference::RuleBook;
use crate::screen::{AnyScreen, Desk, GameScreen};
use crate::storage::Storage;
use crate::table::{Moment, TableGame};
pub use periscope_boards::silent_war_ijn::{Ask, ask, board, take_asks};

/// The companion in the app's registry: New companion opens the set-up page; the rule book is the
/// table's.
pub const ENTRY: GameEntry = GameEntry::table::<Companion>(Card {
    title: "SILENT WAR: IJN",
    blurb: "The Imperial Japanese Navy expansion's bookkeeping beside your Silent War game: piles, draws, \
            arrivals and removals, damage and repair, loners, crash dives.",
    new_label: "New companion",
    continue_label: "Continue companion",
})
.new_game(setup::open)
.track(&track::LAYOUT)
.overrides(Overrides {
    game: "silent_war_ijn",
    check: periscope_data::overrides::check,
    played_by: Some("the companions you begin (a companion keeps the values it began with)"),
    editables: chart_items::editables,
});

/// The companion's table screen.
pub type CompanionScreen = GameScreen<Companion>;

/// Whether a procedure is walked in the wizard: all but the turn's menu and a task force's Combat
/// Phase menu, which the board and the side panel hold.
pub fn in_wizard(p: &Procedure) -> bool {
    !matches!(
        p,
        Procedure::Turn | Procedure::Combat { loner: false } | Procedure::Over
    )
}

/// The companion's table with its wizard and its War Event dialog.
pub struct CompanionTable {
    pub table: CompanionScreen,
    pub wizard: wizard::Wizard,
    /// The War Event dialog, while it is open.
    pub declare: Option<declare::DeclareDialog>,
}

impl CompanionTable {
    pub fn new(table: CompanionScreen) -> Self {
        Self {
            table,
            wizard: wizard::Wizard::default(),
            declare: None,
        }
    }

    /// A companion the set-up page made: its answers are the session's first actions (each undoable),
    /// and the autosave is replaced at once.
    pub fn started(session: Session<Companion>, storage: &Storage) -> Self {
        let mut table = CompanionScreen::new(session);
        table.act_none(storage);
        Self::new(table)
    }

    /// Whether the table is waiting for the player (no action's rolls under way, no moment's card up).
    fn waiting(&self) -> bool {
        !self.table.session.settling() && self.table.moments.is_empty()
    }
}

impl AnyScreen for CompanionTable {
    fn game_name(&self) -> &'static str {
        "Silent War: IJN companion"
    }

    fn show(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_>) -> Option<Nav> {
        let before = (
            self.table.session.actions().len(),
            self.table.session.events().len(),
        );
        let nav = self.table.show(ui, desk);
        // The table acted this frame (a click, a number key, an undo): the wizard waits for the next
        // frame, so that the same key press is never taken twice.
        let acted = before
            != (
                self.table.session.actions().len(),
                self.table.session.events().len(),
            );
        if acted {
            ui.ctx().request_repaint();
        }
        let storage = desk.storage;
        let pacing = desk.settings.pacing;
        let now = ui.input(|i| i.time);
        for a in take_asks(ui.ctx()) {
            match a {
                Ask::Declare(event) => {
                    self.declare = Some(declare::DeclareDialog::at(event));
                }
                Ask::Refused(reason) => {
                    board::refused(ui.ctx(), &reason, now);
                    self.table.status = Some(reason);
                }
            }
        }
        let mut action = None;
        let mut undo = false;
        if self.waiting() && !acted {
            let game = self.table.session.game();
            let procedure = game.procedure();
            if in_wizard(&procedure) {
                self.declare = None;
            }
            match self.wizard.show(ui.ctx(), &self.table, &procedure) {
                Some(wizard::Step::Act(a)) => action = Some(a),
                Some(wizard::Step::Back) => undo = true,
                None => {}
            }
            if let Some(dialog) = &mut self.declare {
                match dialog.show(ui.ctx(), game) {
                    declare::Outcome::Open => {}
                    declare::Outcome::Closed => self.declare = None,
                    declare::Outcome::Declare(a) => {
                        self.declare = None;
                        action = Some(a);
                    }
                }
            }
        }
        if undo {
            self.table.undo(storage);
        }
        if let Some(a) = action {
            self.table.act(a, storage, pacing, now);
        }
        nav
    }

    fn table(&self) -> Option<&dyn Any> {
        Some(&self.table)
    }

    fn table_mut(&mut self) -> Option<&mut dyn Any> {
        Some(&mut self.table)
    }

    fn tell(&mut self, message: String) {
        self.table.status = Some(message);
    }
}

impl TableGame for Companion {
    const RULES: Option<&'static dyn RuleBook> = Some(&rules::BOOK);

    /// The table keeps its wizard and its War Event dialog around it.
    fn screen(table: GameScreen<Self>) -> Box<dyn AnyScreen> {
        Box::new(CompanionTable::new(table))
    }

    fn decision_panel(
        ui: &mut egui::Ui,
        game: &Self,
        pending: &periscope_engine::Pending<Self::Action>,
        keys: bool,
        _odds: Option<&crate::panels::decision::ShownOdds>,
    ) -> Option<Self::Action> {
        panel::show(ui, game, pending, keys)
    }

    fn last_roll(&self) -> Option<&RollRecord> {
        Companion::last_roll(self)
    }

    /// The rolls of the last action only: an action without a roll shows none.
    fn last_rolls<'a>(&'a self, last_action: &'a [SwEvent]) -> Vec<&'a RollRecord> {
        last_action
            .iter()
            .filter_map(|e| match e {
                SwEvent::Rolled { roll } => Some(roll),
                _ => None,
            })
            .collect()
    }

    /// A pile whose count changed, the display, the damaged ships, the sunk box, the calendar and the
    /// War Events flash as they change.
    fn flashes(before: &Self, after: &Self) -> Vec<String> {
        let (b, a) = (before.view(), after.view());
        let mut lit = Vec::new();
        for (pb, pa) in b.piles.iter().zip(&a.piles) {
            if pb.count != pa.count {
                lit.push(format!("pile-{}", pa.pile));
            }
        }
        if b.display != a.display {
            lit.push("display".into());
        }
        if b.damaged != a.damaged {
            lit.push("repair".into());
        }
        if b.sunk != a.sunk {
            lit.push("sunk".into());
        }
        if (b.month.as_str(), b.week, b.war_period) != (a.month.as_str(), a.week, a.war_period) {
            lit.push("calendar".into());
        }
        if b.events_declared != a.events_declared {
            lit.push("events".into());
        }
        lit
    }

    /// A new month (what joins and leaves), a War Event's ships removed, a new War Period, the early
    /// War Period 4, the end.
    fn moments(_before: &Self, events: &[SwEvent], from: usize, _after: &Self) -> Vec<Moment> {
        moments::moments(events.get(from..).unwrap_or_default())
    }

    fn hall_entry(&self) -> Option<periscope_data::hall::Entry> {
        hall::entry(self)
    }

    fn summary(&self) -> Option<String> {
        let v = self.view();
        if self.settings().is_none() {
            return Some("Silent War IJN: set-up".into());
        }
        let month = self.calendar().month.long();
        let sunk = match v.sunk.len() {
            1 => "1 IJN ship sunk".to_string(),
            n => format!("{n} IJN ships sunk"),
        };
        Some(format!(
            "{month}, week {} · War Period {} · {sunk}",
            v.week, v.war_period
        ))
    }
}

/// The companion session of a screen, for tests and tools.
pub fn session(screen: &dyn AnyScreen) -> Option<&Session<Companion>> {
    screen
        .table()?
        .downcast_ref::<CompanionScreen>()
        .map(|t| &t.session)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use periscope_engine::Game;

    /// The turn's menu and a task force's Combat Phase stay on the board; every other procedure [4.1]
    /// [5.1] [6.0] [3.51*] [7.0] is a wizard.
    #[test]
    fn which_procedures_are_wizards() {
        assert!(!in_wizard(&Procedure::Turn));
        assert!(!in_wizard(&Procedure::Combat { loner: false }));
        assert!(in_wizard(&Procedure::Combat { loner: true }));
        assert!(in_wizard(&Procedure::CrashDive { loner: false }));
        assert!(in_wizard(&Procedure::Repair { ship: 0 }));
        assert!(in_wizard(&Procedure::WarPeriod4));
        assert!(in_wizard(&Procedure::SetUp));
    }

    /// The companion's summary names the month, the week and the War Period once set up.
    #[test]
    fn the_summary_says_where_the_companion_stands() {
        let mut g = Companion::new(Default::default(), 1, periscope_engine::DiceMode::Physical).unwrap();
        assert_eq!(TableGame::summary(&g).as_deref(), Some("Silent War IJN: set-up"));
        for a in [
            "scenario 1941",
            "start 4/42",
            "past done",
            "war_period 1",
            "no",
            "draws periscope",
            "piles",
        ] {
            g.apply(a.parse().unwrap()).unwrap();
        }
        assert_eq!(
            TableGame::summary(&g).as_deref(),
            Some("April 1942, week 1 · War Period 1 · 0 IJN ships sunk")
        );
    }
}

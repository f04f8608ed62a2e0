//! Atlantic Sentinels on the desktop, as "a single convoy": one convoy escort mission of the rules
//! machine (`atlantic-mission`) on four printed mats drawn from the data to scale (by
//! `periscope_boards::atlantic`: the Tactical Display T1A or T1B by the convoy's size, the Escort Group
//! Display Mat E1, the Operations Map and the U-boat mat U1) — set up in a small wizard (`wizard.rs`),
//! with its counters for Track mode (`track.rs`) and the Convoy Log on paper (`convoy_log.rs`, printed by
//! `periscope-print`). A whole career (`career.rs`, set up in `career_wizard.rs`, ended on `victory.rs`)
//! plays each of its missions on the same mats.
//!
//! The boards only read the mission's view and its public state, and every move on them is one of the
//! engine's actions: an escort dragged into an escort box is `place SHIP BOX` naming exactly that
//! escort [6.1 2e]; an escort dropped on a detected U-boat commits it to the hunt [7.1.3]. A drop the
//! rules refuse is still sent to the engine, which changes nothing and says why; the counter, drawn
//! from the state, is back where it was.

pub mod career;
pub mod career_wizard;
pub mod chart_items;
pub mod convoy_log;
pub mod hall;
pub mod moments;
pub mod rules;
pub mod track;
pub mod track_charts;
pub mod victory;
pub mod wizard;

use periscope_engine::atlantic::{Mission, MissionEvent, Phase};
use periscope_engine::{RollRecord, Session};

use crate::entry::{Card, GameEntry};
use crate::screen::{AnyScreen, GameScreen};
use crate::table::TableGame;
pub use periscope_boards::atlantic::{
    escort_mat, escort_mat_rect, ops_map, ops_map_rect, table_size, tactical, tactical_rect, uboat_mat,
    uboat_mat_rect,
};

/// Atlantic Sentinels in the app's registry: the career (see `career.rs`), which also opens the
/// single convoy's saves.
pub const ENTRY: GameEntry = career::ENTRY;

/// The single convoy's own entry (its wizard and table), reached from the career's wizard; the
/// registry lists the career's, which reads the single convoy's saves too.
pub const SINGLE_CONVOY: GameEntry = GameEntry::table::<Mission>(Card {
    title: "ATLANTIC SENTINELS",
    blurb: "Escort one North Atlantic convoy across the six travel boxes: array your escorts on the \
            Tactical Display, hunt the wolf packs, count the tonnage lost.",
    new_label: "New convoy",
    continue_label: "Continue convoy",
})
.new_game(wizard::open)
.track(&track::LAYOUT);

/// The mission's table screen.
pub type MissionScreen = GameScreen<Mission>;

/// The mission's session on a screen, for tests and tools.
pub fn session(screen: &dyn AnyScreen) -> Option<&Session<Mission>> {
    screen
        .table()?
        .downcast_ref::<MissionScreen>()
        .map(|t| &t.session)
}

/// The mission's table: the shared game screen, whose status line gets the board's own words on a
/// refused drop in place of the engine's.
pub struct ConvoyTable {
    pub table: MissionScreen,
}

impl AnyScreen for ConvoyTable {
    fn game_name(&self) -> &'static str {
        "Atlantic Sentinels"
    }

    fn show(&mut self, ui: &mut egui::Ui, desk: &mut crate::screen::Desk<'_>) -> Option<crate::Nav> {
        let nav = self.table.show(ui, desk);
        if let Some(hint) = tactical::take_refusal_hint(ui.ctx())
            && let Some(status) = &self.table.status
            && status.starts_with("Not allowed")
        {
            self.table.status = Some(hint);
        }
        nav
    }

    fn table(&self) -> Option<&dyn std::any::Any> {
        Some(&self.table)
    }

    fn table_mut(&mut self) -> Option<&mut dyn std::any::Any> {
        Some(&mut self.table)
    }

    fn tell(&mut self, message: String) {
        self.table.status = Some(message);
    }
}

impl TableGame for Mission {
    const RULES: Option<&'static dyn crate::panels::rules_reference::RuleBook> = Some(&rules::BOOK);
    /// The Example of Play [8.0], walked with the book's dice.
    const WALKTHROUGH: Option<crate::table::WalkthroughData> = Some(periscope_data::atlantic::walkthrough);
    const ODDS: Option<crate::panels::decision::OddsOf<Self>> = Some(crate::panels::decision::OddsOf::RULES);

    /// The table keeps the board's words on a refused drop.
    fn screen(table: GameScreen<Self>) -> Box<dyn AnyScreen> {
        Box::new(ConvoyTable { table })
    }

    /// The engine's choices, under what the crossing did before the first of them: the boxes sailed
    /// and the rolls made when the convoy put to sea [6.1 1A] [6.1 2A], which no action of the player's
    /// set off (so the log, which lists the actions' events, does not hold them).
    fn decision_panel(
        ui: &mut egui::Ui,
        game: &Self,
        pending: &periscope_engine::Pending<Self::Action>,
        keys: bool,
        odds: Option<&crate::panels::decision::ShownOdds>,
    ) -> Option<Self::Action> {
        let opening = game.opening_events();
        if !opening.is_empty() {
            egui::CollapsingHeader::new("How the convoy put to sea")
                .id_salt("atlantic-opening")
                .default_open(false)
                .show(ui, |ui| {
                    for e in opening {
                        ui.label(e.to_string());
                    }
                });
            ui.add_space(4.0);
        }
        crate::panels::decision::show_with_odds(ui, pending, keys, Self::RULES, odds)
    }

    fn last_roll(&self) -> Option<&RollRecord> {
        Mission::last_roll(self)
    }

    /// The rolls of the last action only: an action without a roll shows none.
    fn last_rolls<'a>(&'a self, last_action: &'a [MissionEvent]) -> Vec<&'a RollRecord> {
        last_action
            .iter()
            .filter_map(|e| match e {
                MissionEvent::Rolled { roll } => Some(roll),
                _ => None,
            })
            .collect()
    }

    /// A merchant lost or an escort damaged flashes the convoy; a boat's damage its row on U1.
    fn flashes(before: &Self, after: &Self) -> Vec<String> {
        let (b, a) = (before.view(), after.view());
        let mut lit = Vec::new();
        if b.lost.len() != a.lost.len() || b.stragglers.len() != a.stragglers.len() {
            lit.push("convoy".into());
        }
        for (eb, ea) in b.escorts.iter().zip(&a.escorts) {
            if eb.damage != ea.damage || eb.status != ea.status {
                lit.push(format!("escort-{}", ea.ship));
            }
        }
        if let (Some(bb), Some(ab)) = (&b.battle, &a.battle) {
            for (ub, ua) in bb.boats.iter().zip(&ab.boats) {
                if (ub.hull, ub.flooding, ub.systems.len(), &ub.state)
                    != (ua.hull, ua.flooding, ua.systems.len(), &ua.state)
                {
                    lit.push(format!("boat-{}", ua.number));
                }
            }
        }
        lit
    }

    fn paperwork(&self) -> Option<crate::panels::export::Paperwork> {
        convoy_log::paperwork(self)
    }

    fn hall_entry(&self) -> Option<periscope_data::hall::Entry> {
        hall::convoy(self)
    }

    fn summary(&self) -> Option<String> {
        let v = self.view();
        let lost: u32 = v.lost.iter().map(|m| m.tonnage).sum();
        let place = match self.phase() {
            Phase::Over => "over".to_string(),
            _ if v.box_number == 0 => "arrived".to_string(),
            _ => format!("box {} of {}", v.box_number, v.boxes.len()),
        };
        Some(format!(
            "{} · {} {} convoy, {} · {place} · {} merchants lost ({lost} tons)",
            v.group,
            v.size,
            v.convoy,
            v.month,
            v.lost.len()
        ))
    }
}

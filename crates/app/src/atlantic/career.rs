//! An Atlantic Sentinels career on the table: the career of the rules machine (`atlantic`) plays its
//! missions on the single convoy's four mats — the mission under way is the career's embedded
//! [`Mission`], drawn by the same boards, its actions sent as the career's — and between missions the
//! Group Board on the Tactical Display's place (`periscope_boards::atlantic::group_board`) shows the group
//! at its base, the calendar and the Convoy Log so far, while the refit, upgrade and promotion decisions
//! [6.3.3] [7.6] are taken in the decision panel. An ended career shows its victory screen [5.1.4] [5.2]
//! (`victory.rs`).

use periscope_engine::atlantic::career::{Career, CareerEvent};
use periscope_engine::atlantic::{Mission, MissionEvent};
use periscope_engine::{Game, Pending, RollRecord, Session};

use super::tactical;
use super::victory;
use crate::career::CareerGame;
use crate::entry::{Card, GameEntry, Opened, Overrides};
use crate::screen::{AnyScreen, GameScreen};
use crate::table::TableGame;
use crate::theme;

/// The career's table screen.
pub type CareerScreen = GameScreen<Career>;

/// Atlantic Sentinels in the app's registry: the career, whose wizard also offers a single convoy. Its
/// saves and the single convoy's open from the same card and the saved games (the single convoy's id is
/// read by this entry too), each on its own table.
pub const ENTRY: GameEntry = GameEntry {
    info: periscope_engine::games::GameInfo {
        id: <Career as Game>::ID,
        name: "Atlantic Sentinels (a career, or a single convoy)",
        old_ids: &[<Mission as Game>::ID],
    },
    card: Card {
        title: "ATLANTIC SENTINELS",
        blurb: "Command a North Atlantic escort group from February 1942 to June 1943: two convoys a \
                month, refits and upgrades, promotion, the Convoy Log. The wizard also sails a single \
                convoy.",
        new_label: "New Atlantic career",
        continue_label: "Continue Atlantic career",
    },
    new_game: super::career_wizard::open,
    start: crate::entry::start::<Career>,
    open: open_either,
    track: Some(&super::track::LAYOUT),
    rules: Some(&super::rules::BOOK),
    overrides: Some(Overrides {
        game: "atlantic",
        check: periscope_data::overrides::check,
        played_by: Some("the careers and convoys you begin (each keeps the values it began with)"),
        editables: super::chart_items::editables,
    }),
    hall_panels: &[],
    learn: None,
}
.learn::<Mission>("Learn by playing the book's example");

/// A save of the career, or of a single convoy, on its own table.
fn open_either(
    save: periscope_engine::save::SaveFile,
    opened: Opened,
) -> Result<Box<dyn AnyScreen>, periscope_engine::LoadError> {
    if save.game == <Mission as Game>::ID {
        crate::entry::open::<Mission>(save, opened)
    } else {
        crate::entry::open::<Career>(save, opened)
    }
}

/// A career on the table, and its victory screen once it has ended [5.1.4].
pub type CareerTable = crate::career::CareerTable<Career>;

/// The career's victory screen: its header and body (`victory.rs`) in the shared shell; at the table, a
/// refused action on the Tactical Display gets its hint.
impl CareerGame for Career {
    const GAME_NAME: &'static str = "Atlantic Sentinels";
    const VICTORY_BODY_ID: &'static str = "atlantic-victory-body";
    const VICTORY_HEADER_HEIGHT: f32 = 260.0;

    fn ended(&self) -> bool {
        self.end().is_some()
    }

    fn victory_header(ui: &mut egui::Ui, session: &Session<Self>) {
        let game = session.game();
        if let (Some(end), Some(log)) = (game.end(), game.convoy_log()) {
            victory::header(ui, end, log);
        }
    }

    fn victory_body(ui: &mut egui::Ui, session: &Session<Self>) {
        victory::body(
            ui,
            session.game().convoy_log(),
            &victory::promotions(session.events()),
        );
    }

    /// A refused action on the Tactical Display is told in the board's words (the rule and its case), in
    /// place of the engine's.
    fn after_table(table: &mut GameScreen<Self>, ui: &egui::Ui) {
        if let Some(hint) = tactical::take_refusal_hint(ui.ctx())
            && let Some(status) = &table.status
            && status.starts_with("Not allowed")
        {
            table.status = Some(hint);
        }
    }
}

impl TableGame for Career {
    const RULES: Option<&'static dyn crate::panels::rules_reference::RuleBook> = Some(&super::rules::BOOK);
    const ODDS: Option<crate::panels::decision::OddsOf<Self>> = Some(crate::panels::decision::OddsOf::RULES);
    const CHANCES: Option<fn(&Self) -> crate::panels::chances::Job> =
        Some(crate::panels::chances::job::<Self>);

    fn screen(table: GameScreen<Self>) -> Box<dyn AnyScreen> {
        Box::new(CareerTable::new(table))
    }

    /// The engine's choices, with the career's calendar over them.
    fn decision_panel(
        ui: &mut egui::Ui,
        game: &Self,
        pending: &Pending<Self::Action>,
        keys: bool,
        odds: Option<&crate::panels::decision::ShownOdds>,
    ) -> Option<Self::Action> {
        let slot = game.slot();
        let half = if slot.half == 1 { "first" } else { "second" };
        ui.label(
            egui::RichText::new(format!(
                "{} · the month's {half} convoy [6.3.2]",
                slot.month.long()
            ))
            .color(theme::NAVY_LIGHT),
        );
        if let Some(m) = game.mission() {
            let opening = m.opening_events();
            if !opening.is_empty() {
                egui::CollapsingHeader::new("How the convoy put to sea")
                    .id_salt("atlantic-career-opening")
                    .default_open(false)
                    .show(ui, |ui| {
                        for e in opening {
                            ui.label(e.to_string());
                        }
                    });
            }
        }
        ui.add_space(4.0);
        crate::panels::decision::show_with_odds(ui, pending, keys, Self::RULES, odds)
    }

    /// At sea the mission's rolls; ashore the career's.
    fn last_roll(&self) -> Option<&RollRecord> {
        self.mission()
            .and_then(Mission::last_roll)
            .or_else(|| Career::last_roll(self))
    }

    /// Every roll of the action, the career's and its mission's.
    fn last_rolls<'a>(&'a self, last_action: &'a [CareerEvent]) -> Vec<&'a RollRecord> {
        last_action
            .iter()
            .filter_map(|e| match e {
                CareerEvent::Rolled { roll }
                | CareerEvent::Mission {
                    mission: MissionEvent::Rolled { roll },
                    ..
                } => Some(roll),
                _ => None,
            })
            .collect()
    }

    /// The mission's flashes while the same convoy is at sea.
    fn flashes(before: &Self, after: &Self) -> Vec<String> {
        match (before.mission(), after.mission()) {
            (Some(b), Some(a)) => <Mission as TableGame>::flashes(b, a),
            _ => Vec::new(),
        }
    }

    /// A convoy's report when it makes port, the harbour when the next convoy is assigned.
    fn moments(
        before: &Self,
        events: &[CareerEvent],
        step_from: usize,
        after: &Self,
    ) -> Vec<crate::table::Moment> {
        super::moments::of_step(before, events, step_from, after)
    }

    /// The career's Convoy Log, every mission's row.
    fn paperwork(&self) -> Option<crate::panels::export::Paperwork> {
        super::convoy_log::career_paperwork(self)
    }

    fn hall_entry(&self) -> Option<periscope_data::hall::Entry> {
        super::hall::career(self)
    }

    fn summary(&self) -> Option<String> {
        let log = self.convoy_log()?;
        let t = &log.totals;
        Some(match self.end() {
            Some(end) => format!(
                "{} · over: {} · {} t lost, {} U-boats sunk",
                log.group,
                end.results.first().map_or("", |r| r.level_name.as_str()),
                t.tonnage_lost,
                t.uboats_sunk
            ),
            None => format!(
                "{} · {} · {} missions · {} t lost, {} U-boats sunk",
                if log.group.is_empty() {
                    "setting up"
                } else {
                    log.group.as_str()
                },
                self.slot().month.long(),
                t.missions,
                t.tonnage_lost,
                t.uboats_sunk
            ),
        })
    }
}

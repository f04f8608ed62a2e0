//! An Atlantic Sentinels career on the table: the career of the rules machine (`atlantic`) plays its
//! missions on the single convoy's four mats — the mission under way is the career's embedded
//! [`Mission`], drawn by the same boards, its actions sent as the career's — and between missions the
//! Group Board on the Tactical Display's place shows the group at its base, the calendar and the Convoy
//! Log so far, while the refit, upgrade and promotion decisions [6.3.3] [7.6] are taken in the decision
//! panel. An ended career shows its victory screen [5.1.4] [5.2] (`victory.rs`).

use std::any::Any;

use egui::{Align2, FontId, Pos2, Rect, Ui, pos2, vec2};
use periscope_engine::atlantic::career::{Career, CareerAction, CareerEvent, Dock, LogRow, Phase};
use periscope_engine::atlantic::{Mission, MissionEvent};
use periscope_engine::{Game, Pending, RollRecord, Session};

use super::victory::{VictoryChoice, VictoryScreen};
use super::{escort_mat, ops_map, tactical, uboat_mat};
use crate::Nav;
use crate::board;
use crate::board::BoardText as _;
use crate::entry::{Card, GameEntry, Opened, Overrides};
use crate::screen::{AnyScreen, Desk, Effects, GameScreen, TableGame};
use crate::storage::Storage;
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
    rules: None,
    overrides: Some(Overrides {
        game: "atlantic",
        check: periscope_data::overrides::check,
        played_by: None,
        editables: super::chart_items::editables,
    }),
    hall_panels: &[],
};

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
pub struct CareerTable {
    pub table: CareerScreen,
    /// Shown instead of the table while the ended career's victory screen is up.
    pub victory: Option<VictoryScreen>,
    /// The number of actions when the player left the victory screen for the table.
    left_at: Option<usize>,
}

impl CareerTable {
    pub fn new(table: CareerScreen) -> Self {
        Self {
            table,
            victory: None,
            left_at: None,
        }
    }

    /// The career the wizard set up, on the table; the autosave is replaced at once.
    pub fn started(session: Session<Career>, storage: &Storage) -> Self {
        let mut table = CareerScreen::new(session);
        table.act_none(storage);
        Self::new(table)
    }

    fn show_victory_when_over(&mut self) {
        let played = self.table.session.actions().len();
        let ended = self.table.session.game().end().is_some();
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

impl AnyScreen for CareerTable {
    fn game_name(&self) -> &'static str {
        "Atlantic Sentinels"
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
                if let Some(hint) = tactical::take_refusal_hint(ui.ctx())
                    && let Some(status) = &self.table.status
                    && status.starts_with("Not allowed")
                {
                    self.table.status = Some(format!("{hint} {status}"));
                }
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

/// The Group Board: on the Tactical Display's place while no convoy is at sea.
pub const GROUP_BOARD: egui::Vec2 = tactical::SIZE;

impl TableGame for Career {
    const RULES: Option<&'static dyn crate::panels::rules_reference::RuleBook> = Some(&super::rules::BOOK);
    const ODDS: Option<crate::panels::decision::OddsOf<Self>> = Some(crate::panels::decision::OddsOf::RULES);
    const CHANCES: Option<fn(&Self) -> crate::panels::chances::Job> =
        Some(crate::panels::chances::job::<Self>);

    fn screen(table: GameScreen<Self>) -> Box<dyn AnyScreen> {
        Box::new(CareerTable::new(table))
    }

    fn table_size() -> egui::Vec2 {
        super::table_size()
    }

    fn home_view() -> Rect {
        super::tactical_rect()
    }

    fn boards() -> Vec<(&'static str, Rect)> {
        <Mission as TableGame>::boards()
    }

    /// At sea the mission's focus; ashore the Group Board.
    fn focus(&self) -> Option<Rect> {
        match self.mission() {
            Some(m) => <Mission as TableGame>::focus(m),
            None => Some(super::tactical_rect()),
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
            group_board(ui, game, super::tactical_rect().min);
            return None;
        };
        let pending = mission.pending();
        let view = mission.view();
        let action = tactical::show(ui, mission, &view, &pending, super::tactical_rect().min, fx);
        escort_mat::show(ui, mission, &view, super::escort_mat_rect().min, fx);
        ops_map::show(ui, mission, &view, super::ops_map_rect().min);
        uboat_mat::show(ui, mission, &view, super::uboat_mat_rect().min, fx);
        action.map(|action| CareerAction::Mission { action })
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

/// What the Group Board's band says of where the career stands.
fn standing(game: &Career) -> String {
    match game.phase() {
        Phase::Over { .. } => "the career is over".into(),
        Phase::Mission => "a convoy at sea".into(),
        _ if game.view().phase == "setup" => "setting up [4.0]".into(),
        _ => "refit in harbour [6.3.3]".into(),
    }
}

/// The Group Board: the group's ships with their fittings, crew, kills and repairs; the SOE, his rank
/// and the calendar; and the Convoy Log's last rows.
pub fn group_board(ui: &mut Ui, game: &Career, origin: Pos2) {
    let painter = ui.painter().clone();
    let rect = Rect::from_min_size(origin, GROUP_BOARD);
    board::paper(
        &painter,
        rect,
        "ATLANTIC SENTINELS · ESCORT GROUP",
        &standing(game),
    );
    let ink = theme::NAVY;
    let text = |at: Pos2, s: String, size: f32| {
        painter.board_text(at, Align2::LEFT_TOP, s, FontId::proportional(size), ink);
    };
    let slot = game.slot();
    let mut y = origin.y + 60.0;
    let x = origin.x + 30.0;
    let Some(c) = game.command() else {
        return;
    };
    let group = if c.group_name.is_empty() {
        "no group yet [4.1]".to_string()
    } else {
        format!("Escort group {}", c.group_name)
    };
    let base = if c.base.is_empty() {
        "no base yet [4.1]".to_string()
    } else {
        format!("based at {}", base_name(game, &c.base))
    };
    info(
        ui,
        Rect::from_min_size(pos2(x, y), vec2(GROUP_BOARD.x - 60.0, 22.0)),
        "group",
        &format!("Group Board: {group}, {base}"),
    );
    text(pos2(x, y), format!("{group} · {base}"), 18.0);
    y += 26.0;
    let rank = if c.log.rank.is_empty() {
        String::new()
    } else {
        format!("{} ", c.log.rank)
    };
    text(
        pos2(x, y),
        format!(
            "SOE: {rank}{} · the calendar: {}, the month's {} convoy · next promotion roll: {}",
            c.soe,
            slot.month.long(),
            if slot.half == 1 { "first" } else { "second" },
            c.next_promotion.long()
        ),
        14.0,
    );
    y += 30.0;
    board::heading(&painter, pos2(x, y + 14.0), "The group's ships [4.4.2]");
    y += 22.0;
    let cols = [
        ("Ship", 220.0),
        ("Type", 70.0),
        ("Type 271", 80.0),
        ("Hedgehog", 80.0),
        ("Crew", 90.0),
        ("Kills", 60.0),
        ("State", 300.0),
    ];
    let row_h = 20.0;
    let mut cx = x;
    for (title, w) in cols {
        let r = Rect::from_min_size(pos2(cx, y), vec2(w, row_h));
        board::printed_box(&painter, r, "", theme::PAPER_SHADE);
        painter.board_text(
            r.left_center() + vec2(4.0, 0.0),
            Align2::LEFT_CENTER,
            title.to_uppercase(),
            FontId::proportional(10.0),
            ink,
        );
        cx += w;
    }
    y += row_h;
    for s in &c.ships {
        let state = match &s.dock {
            Dock::Ready => "ready to sail".to_string(),
            Dock::Repair { missions_left, cause } => {
                format!("in repair ({}), {missions_left} missions [7.4]", cause.words())
            }
        };
        let cells = [
            s.name.clone(),
            if s.dd_ff { "DD/FF" } else { "corvette" }.to_string(),
            if s.type_271 { "fitted" } else { "" }.to_string(),
            if s.hedgehog { "fitted" } else { "" }.to_string(),
            format!("{:?}", s.crew),
            s.kills.to_string(),
            state,
        ];
        info(
            ui,
            Rect::from_min_size(pos2(x, y), vec2(900.0, row_h)),
            ("ship", &s.ship),
            &format!("Group ship {}: {}", cells[0], cells[6]),
        );
        let mut cx = x;
        for ((_, w), cell) in cols.iter().zip(cells) {
            let r = Rect::from_min_size(pos2(cx, y), vec2(*w, row_h));
            painter.rect_stroke(
                r,
                0.0,
                egui::Stroke::new(0.5, theme::NAVY_LIGHT),
                egui::StrokeKind::Inside,
            );
            painter.with_clip_rect(r.shrink(1.0)).board_text(
                r.left_center() + vec2(4.0, 0.0),
                Align2::LEFT_CENTER,
                cell,
                FontId::proportional(12.0),
                ink,
            );
            cx += w;
        }
        y += row_h;
    }
    y += 18.0;
    let log = &c.log;
    let t = &log.totals;
    board::heading(
        &painter,
        pos2(x, y + 14.0),
        &format!(
            "Convoy Log [4.3]: {} missions · {} t lost ({} merchants) · {} U-boats sunk, {} damaged",
            t.missions, t.tonnage_lost, t.merchants_lost, t.uboats_sunk, t.uboats_damaged
        ),
    );
    y += 24.0;
    let room = ((rect.bottom() - 30.0 - y) / 18.0).max(0.0) as usize;
    let start = log.rows.len().saturating_sub(room);
    for row in log.rows.iter().skip(start) {
        let line = match row {
            LogRow::Mission(m) => {
                let sunk: Vec<String> = m
                    .targets
                    .iter()
                    .filter(|t| t.sunk)
                    .map(|t| format!("{} {} t", t.name, t.tonnage))
                    .collect();
                format!(
                    "{}. {} ({}): {} convoy · {} t lost{} · {} U-boats sunk{}",
                    m.number,
                    m.month.short(),
                    m.half,
                    super::convoy_log::convoy_words(m.convoy, m.size),
                    m.tonnage_lost,
                    if sunk.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", sunk.join(", "))
                    },
                    m.uboats_sunk.len(),
                    if m.upgrade_row { " · upgrades checked" } else { "" }
                )
            }
            LogRow::Refit { month } => format!("{}: Refit [7.7.1]", month.short()),
        };
        if let LogRow::Mission(m) = row
            && m.upgrade_row
        {
            painter.rect_filled(
                Rect::from_min_size(pos2(x - 4.0, y - 1.0), vec2(GROUP_BOARD.x - 52.0, 18.0)),
                0.0,
                theme::PAPER_SHADE,
            );
        }
        painter.with_clip_rect(rect.shrink(8.0)).board_text(
            pos2(x, y),
            Align2::LEFT_TOP,
            line,
            FontId::proportional(12.0),
            ink,
        );
        y += 18.0;
    }
}

/// An accessible label over a part of the board (for screen readers and the UI tests).
fn info(ui: &mut Ui, rect: Rect, id: impl std::hash::Hash + std::fmt::Debug, label: &str) {
    let resp = ui.interact(
        rect,
        egui::Id::unique(("atlantic-group-board", id)),
        egui::Sense::hover(),
    );
    crate::a11y::label(ui, &resp, egui::Role::Label, label);
}

fn base_name(game: &Career, id: &str) -> String {
    game.data()
        .data()
        .catalog
        .map
        .bases
        .iter()
        .find(|b| b.id == id)
        .map_or_else(|| id.to_string(), |b| b.name.clone())
}

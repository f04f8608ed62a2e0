//! Sensuikan on the table: the Control Sheet (`control_sheet.rs`) above the Patrol Log (`patrol_log.rs`),
//! the Combat Sheet (`combat_sheet.rs`) beside the Control Sheet and the Operations Map (`ops_map.rs`)
//! beside the Patrol Log, in the shared game screen. Decisions are taken in the decision panel, with every
//! legal choice and its rule case; the boards show the career and the patrol as the engine has them. A new
//! career is set up in the wizard (`wizard.rs`); an ended one shows its victory screen (`victory.rs`). The
//! rules reference holds our summaries of the rulebook's cases (`rules.rs`); Track mode has the three boards
//! and a counter tray (`track.rs`).

pub mod chart_items;
pub mod combat_sheet;
pub mod control_sheet;
pub mod hall;
pub mod moments;
pub mod ops_map;
pub mod patrol_log;
pub mod rules;
pub mod tournaments;
pub mod track;
pub mod victory;
pub mod wizard;

use std::any::Any;

use periscope_engine::sensuikan::PatrolAction;
use periscope_engine::sensuikan::PatrolEvent;
use periscope_engine::sensuikan::career::{Career, CareerAction, CareerEvent};
use periscope_engine::{Game, Pending, RollRecord, Session};

use crate::Nav;
use crate::entry::{Card, GameEntry, Overrides};
use crate::panels::rules_reference::RuleBook;
use crate::screen::{AnyScreen, Desk, Effects, GameScreen, Moment, TableGame};
use crate::storage::Storage;
use victory::{VictoryChoice, VictoryScreen};

/// The Sensuikan career screen.
pub type CareerScreen = GameScreen<Career>;

/// Sensuikan in the app's registry: New career opens the wizard; a Track table, a rules reference,
/// chart overrides and the tournaments on the Statistics screen.
pub const ENTRY: GameEntry = GameEntry::table::<Career>(Card {
    title: "SENSUIKAN",
    blurb: "A Japanese fleet submarine from December 1941 to July 1945: patrols, combat, refit, \
            awards and promotion.",
    new_label: "New career",
    continue_label: "Continue career",
})
.new_game(wizard::open)
.track(&track::LAYOUT)
.overrides(Overrides {
    game: "sensuikan",
    check: periscope_data::overrides::check,
    played_by: Some("the careers you begin (a career keeps the values it began with)"),
    editables: chart_items::editables,
})
.hall_panels(&[tournaments::show]);

/// A career on the table, and its victory screen once it has ended [5.1.4].
pub struct CareerTable {
    pub table: CareerScreen,
    /// Shown instead of the table while the ended career's victory screen is up.
    pub victory: Option<VictoryScreen>,
    /// The number of actions of the career when the player left its victory screen for the table: it is
    /// not shown again until the career changes.
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

    /// The career the wizard set up, on the table; its choices are the session's first actions, and the
    /// autosave is replaced at once.
    pub fn started(session: Session<Career>, storage: &Storage) -> Self {
        let mut table = CareerScreen::new(session);
        table.act_none(storage);
        Self::new(table)
    }

    /// [5.1.4] A career that has just ended shows its victory screen (unless the player went back to the
    /// table from it and nothing changed since).
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
        "Sensuikan"
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
            None => self.table.show(ui, desk),
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

/// What the Combat Sheet says instead of "Drag a torpedo…" when the engine offers no shot now, from the
/// engine's own decision: a contact that may not be attacked (picket duty's merchants [7.2]) names the
/// only choices the rules leave and their cases; a contact to engage says to choose the attack first;
/// another decision (test depth, the next round) is named with its case.
fn no_attack(pending: &Pending<CareerAction>) -> Option<String> {
    let Pending::Decision(d) = pending else {
        return None;
    };
    let patrol: Vec<(&PatrolAction, &str, &str)> = d
        .choices
        .iter()
        .filter_map(|c| match &c.action {
            CareerAction::Patrol { action } => Some((action, c.label.as_str(), c.rule.as_str())),
            _ => None,
        })
        .collect();
    let shoot = patrol.iter().any(|(a, ..)| {
        matches!(
            a,
            PatrolAction::Declare { .. } | PatrolAction::Gun { .. } | PatrolAction::Fire
        )
    });
    if shoot {
        return None;
    }
    let attack = patrol
        .iter()
        .any(|(a, ..)| matches!(a, PatrolAction::Attack { .. } | PatrolAction::AdditionalRound));
    if attack {
        return Some(format!(
            "{}: choose how to attack in the decision panel, then drag torpedoes onto the targets.",
            cited(&d.prompt, &d.rule)
        ));
    }
    let offered: Vec<String> = patrol
        .iter()
        .map(|(_, label, rule)| format!("{label} [{rule}]"))
        .collect();
    let engage = patrol.iter().any(|(a, ..)| matches!(a, PatrolAction::Decline));
    Some(if engage {
        format!(
            "No attack is allowed on this contact: {}. The only choice: {}.",
            cited(&d.prompt, &d.rule),
            offered.join(", ")
        )
    } else {
        format!(
            "Now: {} — choose in the decision panel.",
            cited(&d.prompt, &d.rule)
        )
    })
}

/// A decision's prompt with its rule case, unless the prompt cites it already.
fn cited(prompt: &str, rule: &str) -> String {
    let prompt = prompt.trim_end_matches(['?', '.']);
    if prompt.contains(&format!("[{rule}]")) {
        prompt.to_string()
    } else {
        format!("{prompt} [{rule}]")
    }
}

/// Where the boards sit on the table.
pub const SHEET: egui::Vec2 = egui::vec2(1180.0, 720.0);
pub const LOG_TOP: f32 = SHEET.y + 40.0;
pub const LOG: egui::Vec2 = egui::vec2(1180.0, 600.0);
/// The right-hand column: the Combat Sheet beside the Control Sheet, the Operations Map beside the log.
pub const RIGHT: f32 = SHEET.x + 40.0;
pub const COMBAT_AT: egui::Pos2 = egui::pos2(RIGHT, 0.0);
pub const MAP_AT: egui::Pos2 = egui::pos2(RIGHT, LOG_TOP);

/// The Combat Sheet's place on the table.
pub fn combat_rect() -> egui::Rect {
    egui::Rect::from_min_size(COMBAT_AT, combat_sheet::SIZE)
}

/// The Operations Map's place on the table.
pub fn map_rect() -> egui::Rect {
    egui::Rect::from_min_size(MAP_AT, ops_map::SIZE)
}

impl TableGame for Career {
    const RULES: Option<&'static dyn RuleBook> = Some(&rules::BOOK);
    const ODDS: Option<crate::panels::decision::OddsOf<Self>> = Some(crate::panels::decision::OddsOf::RULES);
    const CHANCES: Option<fn(&Self) -> crate::panels::chances::Job> =
        Some(crate::panels::chances::job::<Self>);

    /// The career's table keeps its victory screen with it.
    fn screen(table: GameScreen<Self>) -> Box<dyn AnyScreen> {
        Box::new(CareerTable::new(table))
    }

    fn table_size() -> egui::Vec2 {
        egui::vec2(RIGHT + combat_sheet::SIZE.x, LOG_TOP + LOG.y)
    }

    /// The Control Sheet fills the view; the Patrol Log is below it, a pan away.
    fn home_view() -> egui::Rect {
        egui::Rect::from_min_size(egui::Pos2::ZERO, SHEET)
    }

    fn boards() -> Vec<(&'static str, egui::Rect)> {
        vec![
            ("Control Sheet", Self::home_view()),
            ("Combat Sheet", combat_rect()),
            (
                "Patrol Log",
                egui::Rect::from_min_size(egui::pos2(0.0, LOG_TOP), LOG),
            ),
            ("Operations Map", map_rect()),
        ]
    }

    fn draw_table(ui: &mut egui::Ui, game: &Self, fx: &Effects) -> Option<Self::Action> {
        let view = game.view();
        ui.allocate_rect(
            egui::Rect::from_min_size(egui::Pos2::ZERO, Self::table_size()),
            egui::Sense::hover(),
        );
        control_sheet::show(ui, &view, fx);
        patrol_log::show(ui, &view, egui::pos2(0.0, LOG_TOP));
        let at_sea = view.patrol.as_ref().map(|p| ops_map::AtSea {
            box_number: p.box_number,
            boxes: &p.boxes,
        });
        ops_map::show(ui, &view.map, &view.month, &view.base, at_sea, MAP_AT);
        let pending = game.pending();
        // (A declaration without a tube takes the first free loaded tube of its end, as the engine reads it.)
        let legal = |a: &PatrolAction| {
            pending.choices().iter().any(|c| match (&c.action, a) {
                (
                    CareerAction::Patrol {
                        action: PatrolAction::Declare { end, target, .. },
                    },
                    PatrolAction::Declare {
                        end: e,
                        tube: None,
                        target: t,
                    },
                ) => end == e && target == t,
                (CareerAction::Patrol { action }, a) => action == a,
                _ => false,
            })
        };
        let notes = combat_sheet::SheetNotes {
            fx: Some(fx),
            no_attack: no_attack(&pending),
        };
        combat_sheet::show(ui, view.patrol.as_ref(), &legal, COMBAT_AT, &notes)
            .map(|action| CareerAction::Patrol { action })
    }

    /// During an encounter the view moves to the Combat Sheet; after it, back to the Control Sheet.
    fn focus(&self) -> Option<egui::Rect> {
        let in_combat = self.patrol().is_some_and(|p| p.view().combat.is_some());
        in_combat.then(combat_rect)
    }

    /// During a patrol, the patrol's rolls; between patrols, the career's.
    fn last_roll(&self) -> Option<&RollRecord> {
        self.patrol()
            .and_then(|p| p.last_roll())
            .or_else(|| Career::last_roll(self))
    }

    /// The filled Patrol Log and the career summary, the ships attacked, the after-action report.
    fn paperwork(&self) -> Option<crate::panels::export::Paperwork> {
        use periscope_print::sensuikan::career;
        let v = self.view();
        Some(crate::panels::export::Paperwork {
            sheets: vec![career::patrol_log(&v), career::summary(&v)],
            table: career::ships_attacked(&v),
            report: career::after_action_report(&v),
            name: {
                let name = format!("{}-{}", v.class, v.hull_number)
                    .replace([' ', '.'], "-")
                    .to_lowercase();
                // Before the class is chosen there is no boat to name the file after.
                if name.trim_matches('-').is_empty() {
                    "sensuikan-career".to_string()
                } else {
                    name
                }
            },
        })
    }

    /// Damage to the boat flashes the hull boxes.
    fn is_hit(event: &CareerEvent) -> bool {
        matches!(
            event,
            CareerEvent::Patrol {
                patrol: PatrolEvent::HullDamage { .. }
            }
        )
    }

    /// Every roll of the action, the career's and the patrol's: a salvo's to-hit, defective and damage
    /// rolls together; none for an action without a roll (never an old one).
    fn last_rolls<'a>(&'a self, last_action: &'a [CareerEvent]) -> Vec<&'a RollRecord> {
        last_action
            .iter()
            .filter_map(|e| match e {
                CareerEvent::Rolled { roll }
                | CareerEvent::Patrol {
                    patrol: PatrolEvent::Rolled { roll },
                } => Some(roll),
                _ => None,
            })
            .collect()
    }

    /// A target hit or sunk flashes on the Combat Sheet; damage to the boat on both sheets; the boat's
    /// box on the track as it moves.
    fn flashes(before: &Self, after: &Self) -> Vec<String> {
        let (b, a) = (before.view().patrol, after.view().patrol);
        let (Some(b), Some(a)) = (b, a) else {
            return Vec::new();
        };
        let mut lit = Vec::new();
        if let (Some(cb), Some(ca)) = (&b.combat, &a.combat) {
            for (i, t) in ca.targets.iter().enumerate() {
                let was = cb.targets.get(i);
                if was.is_none_or(|w| w.damage != t.damage || w.sunk != t.sunk) {
                    lit.push(format!("target-{i}"));
                }
            }
            for (i, s) in ca.shots.iter().enumerate() {
                if cb.shots.get(i).is_some_and(|w| w.stage != s.stage) {
                    lit.push(format!("target-{}", s.target));
                }
            }
        }
        if a.hull != b.hull {
            lit.push("hull".into());
        }
        if a.flooding != b.flooding {
            lit.push("flooding".into());
        }
        if a.systems != b.systems {
            lit.push("systems".into());
        }
        if a.crew != b.crew {
            lit.push("crew".into());
        }
        if a.box_number != b.box_number {
            lit.push("track".into());
        }
        lit
    }

    /// The patrol report when the boat makes port or is lost, and the refit and awards before the next
    /// assignment.
    fn moments(before: &Self, events: &[CareerEvent], from: usize, after: &Self) -> Vec<Moment> {
        moments::moments(before, events, from, after)
    }

    fn hall_entry(&self) -> Option<periscope_data::hall::Entry> {
        hall::entry(self)
    }

    fn summary(&self) -> Option<String> {
        let v = self.view();
        Some(match &v.end {
            Some(end) => format!(
                "{} {}: over, {} ({} t)",
                v.class,
                v.hull_number,
                end.level.name(),
                end.tonnage
            ),
            None => format!(
                "{} {} · {} · {} · {} t sunk",
                v.class,
                v.hull_number,
                v.month,
                match v.patrols {
                    1 => "1 patrol".to_string(),
                    n => format!("{n} patrols"),
                },
                v.tonnage
            ),
        })
    }
}

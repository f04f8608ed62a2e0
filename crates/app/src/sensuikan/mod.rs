//! Sensuikan on the table: the Control Sheet above the Patrol Log, the Combat Sheet beside the Control
//! Sheet and the Operations Map beside the Patrol Log (drawn by `periscope_boards::sensuikan`), in the
//! shared game screen. Decisions are taken in the decision panel, with every legal choice and its rule
//! case; the boards show the career and the patrol as the engine has them. A new career is set up in the
//! wizard (`wizard.rs`); an ended one shows its victory screen (`victory.rs`). The rules reference holds
//! our summaries of the rulebook's cases (`rules.rs`); Track mode has the three boards and a counter tray
//! (`track.rs`).

pub mod chart_items;
pub mod hall;
pub mod moments;
pub mod rules;
pub mod tournaments;
pub mod track;
pub mod victory;
pub mod wizard;

use periscope_engine::sensuikan::PatrolEvent;
use periscope_engine::sensuikan::career::{Career, CareerEvent};
use periscope_engine::{RollRecord, Session};

use crate::career::CareerGame;
use crate::entry::{Card, GameEntry, Overrides};
use crate::panels::rules_reference::RuleBook;
use crate::screen::{AnyScreen, GameScreen};
use crate::table::{Moment, TableGame};
pub use periscope_boards::sensuikan::{
    COMBAT_AT, LOG, LOG_TOP, MAP_AT, RIGHT, SHEET, combat_rect, combat_sheet, control_sheet, map_rect,
    ops_map, patrol_log,
};

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
.hall_panels(&[tournaments::show])
.learn::<Career>("Learn by playing the book's example");

/// A career on the table, and its victory screen once it has ended [5.1.4].
pub type CareerTable = crate::career::CareerTable<Career>;

/// The career's victory screen: its header and body (`victory.rs`) in the shared shell.
impl CareerGame for Career {
    const GAME_NAME: &'static str = "Sensuikan";
    const VICTORY_BODY_ID: &'static str = "victory-body";
    const VICTORY_HEADER_HEIGHT: f32 = 190.0;

    fn ended(&self) -> bool {
        self.end().is_some()
    }

    fn victory_header(ui: &mut egui::Ui, session: &Session<Self>) {
        victory::header(ui, session.game());
    }

    fn victory_body(ui: &mut egui::Ui, session: &Session<Self>) {
        victory::body(ui, &session.game().view());
    }
}

impl TableGame for Career {
    const RULES: Option<&'static dyn RuleBook> = Some(&rules::BOOK);
    /// The Example of Play [12.0], walked with the book's dice.
    const WALKTHROUGH: Option<crate::table::WalkthroughData> = Some(periscope_data::sensuikan::walkthrough);
    const ODDS: Option<crate::panels::decision::OddsOf<Self>> = Some(crate::panels::decision::OddsOf::RULES);
    const CHANCES: Option<fn(&Self) -> crate::panels::chances::Job> =
        Some(crate::panels::chances::job::<Self>);

    /// The career's table keeps its victory screen with it.
    fn screen(table: GameScreen<Self>) -> Box<dyn AnyScreen> {
        Box::new(CareerTable::new(table))
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

//! What happens in a career, for the log, the app and the tests.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::victory::CareerEnd;
use crate::roll::RollRecord;
use crate::sensuikan::PatrolEvent;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum CareerEvent {
    /// A career roll with its chart, rule case, faces and modifiers.
    Rolled { roll: RollRecord },
    /// Something the rules did, with the case that says so.
    Note { rule: String, text: String },
    /// The Patrol Log header [4.3.1].
    Header {
        class: String,
        hull_number: String,
        commander: String,
    },
    /// The patrol of the month [6.2.1C].
    Assigned {
        month: String,
        area: String,
        mission: String,
        base: String,
    },
    /// An event of the patrol under way.
    Patrol { patrol: PatrolEvent },
    /// The patrol is home (or lost): the log line.
    PatrolOver { summary: String },
    /// [10.1] A patrol roll the other player made (two-player game), before its result.
    RolledBy {
        player: u8,
        chart: String,
        faces: Vec<u8>,
    },
    /// The career is over [5.1].
    Ended { end: CareerEnd },
}

impl fmt::Display for CareerEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CareerEvent::Rolled { roll } => {
                write!(
                    f,
                    "[{}] {} {} → {}",
                    roll.rule,
                    roll.chart,
                    crate::sensuikan::words::faces(&roll.faces),
                    roll.result
                )?;
                for m in &roll.modifiers {
                    write!(f, " ({:+} {} [{}])", m.value, m.reason, m.rule)?;
                }
                if !roll.outcome.is_empty() {
                    write!(f, ": {}", roll.outcome)?;
                }
                Ok(())
            }
            CareerEvent::Note { rule, text } => write!(f, "[{rule}] {text}"),
            CareerEvent::Header {
                class,
                hull_number,
                commander,
            } => write!(
                f,
                "[4.3.1] Patrol Log: {class} {hull_number}, commander {commander}"
            ),
            CareerEvent::Assigned {
                month,
                area,
                mission,
                base,
            } => write!(
                f,
                "[6.2.1C] {month}: {mission}, to {} from {}",
                crate::sensuikan::words::area(area),
                crate::sensuikan::words::base(base)
            ),
            CareerEvent::Patrol { patrol } => write!(f, "    {patrol}"),
            CareerEvent::PatrolOver { summary } => write!(f, "[6.2.2C] {summary}"),
            CareerEvent::RolledBy { player, chart, faces } if chart == super::ESCORT_DIRECTION => {
                write!(
                    f,
                    "[10.1] [11.3] player {player} chooses in secret {chart}: {}",
                    crate::sensuikan::words::faces(faces)
                )
            }
            CareerEvent::RolledBy { player, chart, faces } => {
                write!(
                    f,
                    "[10.1] player {player} rolls {chart}: {}",
                    crate::sensuikan::words::faces(faces)
                )
            }
            CareerEvent::Ended { end } => write!(f, "[5.1.4] {}", end.describe()),
        }
    }
}

#[cfg(any(test, feature = "testing"))]
impl crate::testing::RecordsRolls for CareerEvent {
    fn roll(&self) -> Option<&RollRecord> {
        match self {
            CareerEvent::Rolled { roll } => Some(roll),
            CareerEvent::Patrol { patrol } => crate::testing::RecordsRolls::roll(patrol),
            _ => None,
        }
    }
}

//! What happens in a career, for the log, the app and the tests.

use std::fmt;

use serde::Serialize;

use super::CareerEnd;
use crate::atlantic::MissionEvent;
use crate::roll::RollRecord;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum CareerEvent {
    /// A career roll with its chart, rule case, faces and modifiers.
    Rolled { roll: RollRecord },
    /// Something the rules did, with the case that says so.
    Note { rule: String, text: String },
    /// An event of the mission under way (`player` is the commander whose convoy it is).
    Mission { player: u8, mission: MissionEvent },
    /// [10.1] [10.2] A decision of the mission made by the player commanding the U-boats.
    DecidedBy { player: u8, action: String },
    /// The mission is over: its Convoy Log line.
    MissionOver { player: u8, summary: String },
    /// The career is over [5.1].
    Ended { end: CareerEnd },
}

impl fmt::Display for CareerEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CareerEvent::Rolled { roll } => {
                let mods: String = roll
                    .modifiers
                    .iter()
                    .map(|m| format!(" {:+} {} [{}]", m.value, m.reason, m.rule))
                    .collect();
                write!(
                    f,
                    "{} [{}]: {} ({}){} = {}: {}",
                    roll.chart,
                    roll.rule,
                    roll.dice,
                    crate::atlantic::words::faces(&roll.faces),
                    mods,
                    roll.result,
                    roll.outcome
                )
            }
            CareerEvent::Note { rule, text } => write!(f, "{text} [{rule}]"),
            CareerEvent::Mission { mission, .. } => write!(f, "  {mission}"),
            CareerEvent::DecidedBy { player, action } => {
                write!(f, "  Player {player} (the U-boats) decides: {action} [10.1]")
            }
            CareerEvent::MissionOver { summary, .. } => write!(f, "Convoy Log: {summary}"),
            CareerEvent::Ended { end } => write!(f, "{}", end.describe()),
        }
    }
}

//! What a player sees of the career: the calendar, each command with its ships, rank and Convoy Log, the
//! mission under way, and the end.

use serde::Serialize;

use super::command::Command;
use super::{Career, CareerEnd, Phase};
use crate::atlantic::MissionView;

#[derive(Debug, Clone, Serialize)]
pub struct CareerView {
    pub month: String,
    /// 1 or 2: the month's first or second mission [6.3.2].
    pub half: u8,
    /// The commander whose turn it is (1 or 2).
    pub player: u8,
    /// `setup`, `refit`, `at_sea` or `over`.
    pub phase: String,
    pub commands: Vec<Command>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mission: Option<MissionView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<CareerEnd>,
}

impl Career {
    pub fn view(&self) -> CareerView {
        let phase = match &self.phase {
            Phase::Mission => "at_sea",
            Phase::Over { .. } => "over",
            _ if self
                .commands
                .iter()
                .any(|c| c.base.is_empty() || c.group.is_empty()) =>
            {
                "setup"
            }
            _ => "refit",
        };
        CareerView {
            month: self.slot.month.to_string(),
            half: self.slot.half,
            player: u8::try_from(self.at + 1).unwrap_or(1),
            phase: phase.into(),
            commands: self.commands.clone(),
            mission: self.mission.as_ref().map(|m| m.view()),
            end: self.end().cloned(),
        }
    }
}

//! The player's actions in the career and their short text form (`class kd6`, `request`, `upgrade kd7`),
//! with every patrol action beside them: saves replay them, so their forms never change.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::SpecialSkill;
use crate::sensuikan::PatrolAction;

/// A player's action in the career.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CareerAction {
    /// Choose the submarine type [4.1] [4.2.2].
    ChooseClass { class: String },
    /// One of the Kure school's free-time options [4.8.1].
    FreeTime { option: String },
    /// Choose the special skill [11.7].
    SpecialSkill { skill: SpecialSkill },
    /// Request a specific patrol (Commander or Captain) or not [8.9.1].
    Request { request: bool },
    /// The area chosen after a successful request [8.9.1].
    Area { area: String },
    /// A skill or the crew level after 3 successful patrols [8.7.1] [8.7.2].
    Improve { choice: String },
    /// Use an upgrade marker for a class, or keep it (`None`) [9.3].
    Upgrade { class: Option<String> },
    /// An action of the patrol under way.
    Patrol { action: PatrolAction },
    /// The faces of real dice (for the career's rolls or the patrol's).
    Roll { faces: Vec<u8> },
}

impl fmt::Display for CareerAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CareerAction::ChooseClass { class } => write!(f, "class {class}"),
            CareerAction::FreeTime { option } => write!(f, "free_time {option}"),
            CareerAction::SpecialSkill { skill } => write!(f, "special_skill {}", skill.id()),
            CareerAction::Request { request } => f.write_str(if *request { "request" } else { "no_request" }),
            CareerAction::Area { area } => write!(f, "area {area}"),
            CareerAction::Improve { choice } => write!(f, "improve {choice}"),
            CareerAction::Upgrade { class } => match class {
                Some(c) => write!(f, "upgrade {c}"),
                None => f.write_str("keep_marker"),
            },
            CareerAction::Patrol { action } => write!(f, "{action}"),
            CareerAction::Roll { faces } => {
                let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
                write!(f, "roll {}", faces.join(" "))
            }
        }
    }
}

/// Short forms: `class kd6`, `free_time gosei`, `special_skill lucky`, `request`, `no_request`,
/// `area pearl_harbor`, `improve crew_level`, `upgrade kd7`, `keep_marker`, `roll 3 4`, and every patrol
/// action (`attack medium`, `fire`, …).
impl FromStr for CareerAction {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let word = |i: usize| words.get(i).map(|w| w.to_ascii_lowercase()).unwrap_or_default();
        match (word(0).as_str(), words.len()) {
            ("class", 2) => Ok(CareerAction::ChooseClass { class: word(1) }),
            ("free_time", 2) => Ok(CareerAction::FreeTime { option: word(1) }),
            ("special_skill", 2) => SpecialSkill::from_id(&word(1))
                .map(|skill| CareerAction::SpecialSkill { skill })
                .ok_or_else(|| format!("'{s}': no special skill '{}'", word(1))),
            ("request", 1) => Ok(CareerAction::Request { request: true }),
            ("no_request", 1) => Ok(CareerAction::Request { request: false }),
            ("area", 2) => Ok(CareerAction::Area { area: word(1) }),
            ("improve", 2) => Ok(CareerAction::Improve { choice: word(1) }),
            ("upgrade", 2) => Ok(CareerAction::Upgrade { class: Some(word(1)) }),
            ("keep_marker", 1) => Ok(CareerAction::Upgrade { class: None }),
            ("roll", n) if n > 1 => {
                let faces: Result<Vec<u8>, String> = words[1..]
                    .iter()
                    .map(|x| {
                        x.parse::<u8>()
                            .map_err(|_| format!("'{s}': '{x}' is not a number"))
                    })
                    .collect();
                Ok(CareerAction::Roll { faces: faces? })
            }
            _ => s
                .parse::<PatrolAction>()
                .map(|action| CareerAction::Patrol { action })
                .map_err(|e| {
                    format!(
                        "{e}; career actions: class C, free_time F, special_skill S, request, no_request, \
                         area A, improve X, upgrade C, keep_marker"
                    )
                }),
        }
    }
}

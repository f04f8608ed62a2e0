//! The player's actions in the career and their short text form (`group b1`, `group roll`, `base
//! londonderry`, `fit type_271 hurricane`, `perk hedgehog`), with every mission action beside them: saves
//! replay them, so their forms never change.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::atlantic::MissionAction;

/// A fitting the refit or a rank installs on a ship of the player's choice [4.5] [6.3.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fitting {
    #[serde(rename = "type_271")]
    Type271,
    Hedgehog,
}

impl Fitting {
    pub fn id(self) -> &'static str {
        match self {
            Fitting::Type271 => "type_271",
            Fitting::Hedgehog => "hedgehog",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Fitting::Type271 => "Type 271 radar",
            Fitting::Hedgehog => "Hedgehog",
        }
    }
}

/// What a new Captain asks for [7.6.1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Perk {
    Hedgehog,
    #[serde(rename = "type_271")]
    Type271,
    Flower,
}

impl Perk {
    pub fn id(self) -> &'static str {
        match self {
            Perk::Hedgehog => "hedgehog",
            Perk::Type271 => "type_271",
            Perk::Flower => "flower",
        }
    }
}

/// A player's action in the career.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CareerAction {
    /// Choose the escort group [4.1].
    ChooseGroup { group: String },
    /// Roll 1d10 for the escort group [4.1].
    RollGroup,
    /// The starting base [4.1].
    ChooseBase { base: String },
    /// Install a fitting on this ship [4.5] [6.3.3].
    Fit { fitting: Fitting, ship: String },
    /// A new Captain's request [7.6.1].
    Perk { perk: Perk },
    /// An action of the mission under way.
    Mission { action: MissionAction },
    /// The faces of real dice (for the career's rolls or the mission's).
    Roll { faces: Vec<u8> },
}

impl fmt::Display for CareerAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CareerAction::ChooseGroup { group } => write!(f, "group {group}"),
            CareerAction::RollGroup => f.write_str("group roll"),
            CareerAction::ChooseBase { base } => write!(f, "base {base}"),
            CareerAction::Fit { fitting, ship } => write!(f, "fit {} {ship}", fitting.id()),
            CareerAction::Perk { perk } => write!(f, "perk {}", perk.id()),
            CareerAction::Mission { action } => write!(f, "{action}"),
            CareerAction::Roll { faces } => {
                let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
                write!(f, "roll {}", faces.join(" "))
            }
        }
    }
}

/// Short forms: `group b1`, `group roll`, `base st_johns`, `fit type_271 SHIP`, `fit hedgehog SHIP`,
/// `perk hedgehog|type_271|flower`, `roll F …`, and every mission action (`place hurricane J`, …).
impl FromStr for CareerAction {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<String> = s.split_whitespace().map(str::to_ascii_lowercase).collect();
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        match w.as_slice() {
            ["group", "roll"] => Ok(CareerAction::RollGroup),
            ["group", g] => Ok(CareerAction::ChooseGroup { group: g.to_string() }),
            ["base", b] => Ok(CareerAction::ChooseBase { base: b.to_string() }),
            ["fit", item, ship] => {
                let fitting = match *item {
                    "type_271" => Fitting::Type271,
                    "hedgehog" => Fitting::Hedgehog,
                    _ => return Err(format!("'{s}': a fitting is type_271 or hedgehog")),
                };
                Ok(CareerAction::Fit {
                    fitting,
                    ship: ship.to_string(),
                })
            }
            ["perk", p] => {
                let perk = match *p {
                    "hedgehog" => Perk::Hedgehog,
                    "type_271" => Perk::Type271,
                    "flower" => Perk::Flower,
                    _ => return Err(format!("'{s}': a perk is hedgehog, type_271 or flower")),
                };
                Ok(CareerAction::Perk { perk })
            }
            _ => match s.parse::<MissionAction>() {
                Ok(MissionAction::Roll { faces }) => Ok(CareerAction::Roll { faces }),
                Ok(action) => Ok(CareerAction::Mission { action }),
                Err(e) => Err(format!(
                    "{e}; career actions: group G, group roll, base B, fit type_271|hedgehog SHIP, \
                     perk hedgehog|type_271|flower"
                )),
            },
        }
    }
}

/// [10.1] The decisions a U-boat player makes in a two-player mission.
pub fn uboat_players(action: &MissionAction) -> bool {
    use MissionAction as A;
    matches!(
        action,
        A::Approach { .. }
            | A::Attack
            | A::Shadow
            | A::Range { .. }
            | A::Fire { .. }
            | A::FireEscort
            | A::Salvo
            | A::Evade { .. }
    )
}

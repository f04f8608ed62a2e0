//! The Patrol Log [3.5] [4.3.2]: one row per month, with the P and R marks, each patrol's area and
//! mission, the ships damaged or sunk with name and tonnage, and the result.

use serde::{Deserialize, Serialize};

/// A ship on the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogShip {
    pub name: String,
    /// The ship's type as the target charts give it (`Freighter`, `Destroyer`); empty in older saves.
    #[serde(default)]
    pub kind: String,
    pub tonnage: u32,
    pub sunk: bool,
    /// Sunk or damaged by the boat's midget submarine: its tonnage is the boat's [7.3].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_midget: bool,
}

/// One month of the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogRow {
    /// `12/41`.
    pub month: String,
    /// `patrol` for the month a patrol sails, `P` for its further months, `R` for refit months [6.2.3A].
    pub mark: String,
    /// The patrol area's catalog id (data); `area_name` is its name on the map.
    pub area: String,
    #[serde(default)]
    pub area_name: String,
    pub mission: String,
    pub ships: Vec<LogShip>,
    /// Tonnage sunk this patrol (on the sailing row only).
    pub tonnage: u32,
    pub result: String,
    /// The patrol under way, shown on the log as it stands (the ships so far, the tonnage sunk so far)
    /// until the boat is home and its row is written: only in the career's view, never in its record.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub under_way: bool,
}

impl LogRow {
    pub fn mark(month: String, mark: &str) -> Self {
        Self {
            month,
            mark: mark.into(),
            area: String::new(),
            area_name: String::new(),
            mission: String::new(),
            ships: Vec::new(),
            tonnage: 0,
            result: String::new(),
            under_way: false,
        }
    }
}

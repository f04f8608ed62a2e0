//! The rolls the Sensuikan rulebook states in its running text (time of day, tracking, initiative,
//! scuttling, rescue, the doctor's rolls) and the repair roll it names without numbers, as validated
//! [`Chart`]s with provenance, plus the small fixed numbers of the combat procedure. Shipped in
//! `data/sensuikan/procedures.json`.

use serde::{Deserialize, Serialize};

use crate::chart::Chart;
use crate::{DataError, Provenance};

/// What an in-text roll can give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProcedureResult {
    Day,
    Night,
    Success,
    Failure,
    /// The player's submarine has the initiative [8.2.9.1].
    Player,
    /// The enemy submarine has it.
    Enemy,
    /// A tracked damaged ship stays escorted [8.4.2] [8.4.3].
    Escorted,
    /// It becomes an unescorted straggler.
    Straggler,
    /// One ship with the escort [8.1.3].
    One,
    /// Two ships with the escort [8.1.3].
    Two,
    /// Escort or aircrew quality, table D10 [11.4] [11.5].
    Novice,
    Trained,
    Veteran,
    Elite,
}

/// A fixed number of the procedure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProcedureConstant {
    pub id: String,
    pub value: i32,
    pub meaning: String,
    pub provenance: Provenance,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    game: String,
    catalog: String,
    #[serde(default)]
    notes: Vec<String>,
    charts: Vec<Chart<ProcedureResult>>,
    constants: Vec<ProcedureConstant>,
}

/// The procedure charts, each with the results it must give.
const REQUIRED: &[(&str, &[ProcedureResult])] = {
    use ProcedureResult::*;
    &[
        ("time_of_day", &[Day, Night]),
        ("change_time", &[Success, Failure]),
        ("escorted_ships", &[]),
        ("initiative", &[Player, Enemy]),
        ("track_damaged", &[Escorted, Straggler]),
        ("track_damaged_escort", &[Escorted, Straggler]),
        ("track_convoy_damaged", &[Escorted, Straggler]),
        ("track_capital", &[Success, Failure]),
        ("track_convoy", &[Success, Failure]),
        ("repair", &[Success, Failure]),
        ("doctor_survival", &[Success, Failure]),
        ("expert_doctor", &[Success, Failure]),
        ("scuttle", &[Success, Failure]),
        ("rescue", &[Success, Failure]),
        ("quality_1941", &[Novice, Trained, Veteran, Elite]),
        ("quality_1943", &[Novice, Trained, Veteran, Elite]),
        ("quality_1945", &[Novice, Trained, Veteran, Elite]),
    ]
};

const REQUIRED_CONSTANTS: &[&str] = &[
    "enemy_submarine_torpedoes",
    "deck_gun_shots_per_gun",
    "additional_rounds_per_box",
    "tracking_per_box",
    "hounded_after",
    "special_attacks_per_encounter",
    "test_depth_hull",
    "repair_expert_engineer",
    "repair_engineer_out",
    "scuttle_captain_out",
    "rescue_radio_inop",
    "tracking_radar",
    "track_capital_per_damage",
    "evasion_wrong_direction",
    "evasion_same_direction",
    "evasion_exact",
    "quality_novice_hits",
    "quality_veteran_hits",
    "quality_elite_hits",
    "elite_aircrew_casualties",
];

/// The validated procedure charts and constants.
#[derive(Debug, Clone, PartialEq)]
pub struct Procedures {
    pub notes: Vec<String>,
    pub charts: Vec<Chart<ProcedureResult>>,
    pub constants: Vec<ProcedureConstant>,
}

pub const SHIPPED: &str = include_str!("../../../../data/sensuikan/procedures.json");
const FILE: &str = "data/sensuikan/procedures.json";

impl Procedures {
    pub fn shipped() -> Result<Self, DataError> {
        Self::parse(FILE, SHIPPED)
    }

    /// Reads and validates a procedures file: every chart covers its dice, every required chart and
    /// constant is present and every provenance names its case or reason.
    pub fn parse(file: &str, text: &str) -> Result<Self, DataError> {
        let raw: Raw = serde_json::from_str(text).map_err(|e| DataError::parse(file, &e))?;
        if raw.game != "sensuikan" || raw.catalog != "procedures" {
            return Err(DataError::new(file, "", "", "not a Sensuikan procedures file"));
        }
        for c in &raw.charts {
            c.validate(file)?;
        }
        for (id, results) in REQUIRED {
            let Some(c) = raw.charts.iter().find(|c| c.id == *id) else {
                return Err(DataError::new(file, *id, "", "this procedure chart is missing"));
            };
            for r in &c.rows {
                if !results.is_empty() && !results.contains(&r.result) {
                    return Err(DataError::new(
                        file,
                        *id,
                        String::from(r.roll),
                        format!("{:?} is not a result of this roll", r.result),
                    ));
                }
            }
        }
        for id in REQUIRED_CONSTANTS {
            if !raw.constants.iter().any(|c| c.id == *id) {
                return Err(DataError::new(file, "constants", *id, "this constant is missing"));
            }
        }
        Ok(Self {
            notes: raw.notes,
            charts: raw.charts,
            constants: raw.constants,
        })
    }

    /// A procedure chart by id.
    pub fn chart(&self, id: &str) -> Option<&Chart<ProcedureResult>> {
        self.charts.iter().find(|c| c.id == id)
    }

    /// A constant by id.
    pub fn constant(&self, id: &str) -> Option<i32> {
        self.constants.iter().find(|c| c.id == id).map(|c| c.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_procedures_are_valid() {
        let p = Procedures::shipped();
        assert!(p.is_ok(), "{p:?}");
    }
}

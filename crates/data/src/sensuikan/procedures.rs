//! The rolls the Sensuikan rulebook states in its running text (time of day, tracking, initiative,
//! scuttling, rescue, the doctor's rolls) and the repair roll it names without numbers, as validated
//! [`Chart`]s with provenance, plus the small fixed numbers of the combat procedure. Shipped in
//! `data/sensuikan/procedures.json`.

use serde::{Deserialize, Serialize};

use crate::chart::{Chart, CoveredChart};
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

/// Declares the procedure charts the rules read: one field per chart id, with the results its rows may give
/// (none listed: any).
macro_rules! procedure_charts {
    ($($(#[doc = $doc:literal])* $id:ident: [$($result:ident),*];)*) => {
        /// The procedure charts the rules read, each checked to answer every roll of its span and to give
        /// only its own results.
        #[derive(Debug, Clone, PartialEq)]
        pub struct ProcedureCharts {
            $($(#[doc = $doc])* pub $id: CoveredChart<ProcedureResult>,)*
        }

        impl ProcedureCharts {
            /// Every procedure chart id, in the order of the fields.
            pub const IDS: &'static [&'static str] = &[$(stringify!($id)),*];

            fn take(file: &str, charts: &[Chart<ProcedureResult>]) -> Result<Self, DataError> {
                use ProcedureResult::*;
                Ok(Self {
                    $($id: required_chart(file, charts, stringify!($id), &[$($result),*])?,)*
                })
            }
        }
    };
}

procedure_charts! {
    /// Day or night for an encounter [8.1.9].
    time_of_day: [Day, Night];
    /// Keeping the contact while changing between day and night [8.1.10].
    change_time: [Success, Failure];
    /// How many ships sail with the escort [8.1.3].
    escorted_ships: [];
    /// Who attacks first against an enemy submarine [8.2.9.1].
    initiative: [Player, Enemy];
    /// Tracking a damaged escorted ship [8.4.2].
    track_damaged: [Escorted, Straggler];
    /// Tracking a damaged escort [8.4.2].
    track_damaged_escort: [Escorted, Straggler];
    /// Damaged convoy ships: together or stragglers [8.4.3].
    track_convoy_damaged: [Escorted, Straggler];
    /// Tracking a damaged capital ship [8.4.2].
    track_capital: [Success, Failure];
    /// Tracking a convoy [8.4.4].
    track_convoy: [Success, Failure];
    /// Repairing a damaged system after combat [8.5.2].
    repair: [Success, Failure];
    /// A seriously wounded man without a doctor [8.5.9].
    doctor_survival: [Success, Failure];
    /// The expert doctor treats a light wound [8.5.9.3].
    expert_doctor: [Success, Failure];
    /// Scuttling the submarine [8.6.3].
    scuttle: [Success, Failure];
    /// Rescue of the crew [8.6.3].
    rescue: [Success, Failure];
    /// Escort or aircrew quality, 1941-42 (D10) [11.4] [11.5].
    quality_1941: [Novice, Trained, Veteran, Elite];
    /// Escort or aircrew quality, 1943-44 (D10) [11.4] [11.5].
    quality_1943: [Novice, Trained, Veteran, Elite];
    /// Escort or aircrew quality, 1945 (D10) [11.4] [11.5].
    quality_1945: [Novice, Trained, Veteran, Elite];
}

/// Declares the fixed numbers the rules read: one field per constant id, typed as the rules use it (a count
/// is a `u8`, a modifier an `i32`).
macro_rules! procedure_constants {
    ($($(#[doc = $doc:literal])* $id:ident: $ty:ty,)*) => {
        /// The fixed numbers of the procedures, each present and in range for its type.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct ProcedureConstants {
            $($(#[doc = $doc])* pub $id: $ty,)*
        }

        impl ProcedureConstants {
            /// Every constant id, in the order of the fields.
            pub const IDS: &'static [&'static str] = &[$(stringify!($id)),*];

            fn take(file: &str, constants: &[ProcedureConstant]) -> Result<Self, DataError> {
                Ok(Self {
                    $($id: required_constant(file, constants, stringify!($id))?,)*
                })
            }
        }
    };
}

procedure_constants! {
    /// Torpedoes an enemy submarine fires [8.2.9.1].
    enemy_submarine_torpedoes: u8,
    /// Deck gun shots per gun per combat round [8.2.4].
    deck_gun_shots_per_gun: u8,
    /// Additional combat rounds in one track box [8.2.8].
    additional_rounds_per_box: u8,
    /// Tracking attempts in one track box [8.4.5].
    tracking_per_box: u8,
    /// Arrivals in a row that hound the submarine to exhaustion [8.3.4].
    hounded_after: u8,
    /// Hedgehog special attacks in one encounter [8.2.5].
    special_attacks_per_encounter: u8,
    /// Hull boxes taken on going beyond test depth [8.2.6].
    test_depth_hull: u8,
    /// Repair modifier with an expert engineer [8.5.2].
    repair_expert_engineer: i32,
    /// Repair modifier with the engineer dead or seriously wounded [8.5.2].
    repair_engineer_out: i32,
    /// Scuttling modifier with the captain SW or KIA [8.6.3].
    scuttle_captain_out: i32,
    /// Rescue modifier with the radio inoperative [8.6.3].
    rescue_radio_inop: i32,
    /// Tracking modifier with an operational radar [8.4.4].
    tracking_radar: i32,
    /// Capital ship tracking modifier per point of damage [8.4.2].
    track_capital_per_damage: i32,
    /// B5 hits when the escort turns the other way than the evading submarine [11.3].
    evasion_wrong_direction: i32,
    /// B5 hits when the escort turns the same way, with a different number [11.3].
    evasion_same_direction: i32,
    /// B5 hits when the escort's number is the submarine's [11.3].
    evasion_exact: i32,
    /// B5 hits from novice escorts or aircrews [11.4] [11.5].
    quality_novice_hits: i32,
    /// B5 hits from veteran escorts or aircrews [11.4] [11.5].
    quality_veteran_hits: i32,
    /// B5 hits from elite escorts or aircrews [11.4] [11.5].
    quality_elite_hits: i32,
    /// Automatic crew casualties from an elite aircrew's first attack [11.5].
    elite_aircrew_casualties: u8,
    /// Bow tubes that carry mines on a minelaying mission, not the Kirai-Sen [7.10].
    minelaying_tubes: u8,
}

/// The chart `id` of the file: present, covering its dice, giving only `results` (when any are listed).
fn required_chart(
    file: &str,
    charts: &[Chart<ProcedureResult>],
    id: &str,
    results: &[ProcedureResult],
) -> Result<CoveredChart<ProcedureResult>, DataError> {
    let Some(c) = charts.iter().find(|c| c.id == id) else {
        return Err(DataError::new(file, id, "", "this procedure chart is missing"));
    };
    for r in &c.rows {
        if !results.is_empty() && !results.contains(&r.result) {
            return Err(DataError::new(
                file,
                id,
                String::from(r.roll),
                format!("{:?} is not a result of this roll", r.result),
            ));
        }
    }
    c.clone().covered(file)
}

/// The constant `id` of the file, present and in range for its type.
fn required_constant<T: TryFrom<i32>>(
    file: &str,
    constants: &[ProcedureConstant],
    id: &str,
) -> Result<T, DataError> {
    let Some(c) = constants.iter().find(|c| c.id == id) else {
        return Err(DataError::new(file, "constants", id, "this constant is missing"));
    };
    T::try_from(c.value).map_err(|_| {
        DataError::new(
            file,
            "constants",
            id,
            format!("{} is out of range for this number", c.value),
        )
    })
}

/// The validated procedure charts and constants, one typed field each.
#[derive(Debug, Clone, PartialEq)]
pub struct Procedures {
    pub notes: Vec<String>,
    pub charts: ProcedureCharts,
    pub constants: ProcedureConstants,
}

pub const SHIPPED: &str = include_str!("../../../../data/sensuikan/procedures.json");
const FILE: &str = "data/sensuikan/procedures.json";

impl Procedures {
    pub fn shipped() -> Result<Self, DataError> {
        Self::parse(FILE, SHIPPED)
    }

    /// Reads and validates a procedures file: every chart covers its dice, every chart and constant the
    /// rules read is present (and nothing else), each chart gives only its own results, each constant is
    /// in range, and every provenance names its case or reason.
    pub fn parse(file: &str, text: &str) -> Result<Self, DataError> {
        let raw: Raw = serde_json::from_str(text).map_err(|e| DataError::parse(file, &e))?;
        if raw.game != "sensuikan" || raw.catalog != "procedures" {
            return Err(DataError::new(file, "", "", "not a Sensuikan procedures file"));
        }
        for c in &raw.charts {
            c.validate(file)?;
            if !ProcedureCharts::IDS.contains(&c.id.as_str()) {
                return Err(DataError::new(
                    file,
                    &c.id,
                    "",
                    "the rules read no procedure chart of this id",
                ));
            }
        }
        for c in &raw.constants {
            if !ProcedureConstants::IDS.contains(&c.id.as_str()) {
                return Err(DataError::new(
                    file,
                    "constants",
                    &c.id,
                    "the rules read no constant of this id",
                ));
            }
        }
        Ok(Self {
            charts: ProcedureCharts::take(file, &raw.charts)?,
            constants: ProcedureConstants::take(file, &raw.constants)?,
            notes: raw.notes,
        })
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

    /// The shipped file as JSON, changed by `edit`, then parsed.
    fn edited(edit: impl FnOnce(&mut serde_json::Value)) -> Result<Procedures, DataError> {
        let mut v: serde_json::Value = serde_json::from_str(SHIPPED).unwrap();
        edit(&mut v);
        Procedures::parse("p.json", &v.to_string())
    }

    fn without(v: &mut serde_json::Value, list: &str, id: &str) {
        v[list].as_array_mut().unwrap().retain(|c| c["id"] != id);
    }

    #[test]
    fn every_constant_the_rules_read_is_typed_and_present() {
        let p = Procedures::shipped().unwrap();
        assert_eq!(p.constants.enemy_submarine_torpedoes, 4);
        assert_eq!(p.constants.minelaying_tubes, 2);
        assert_eq!(p.constants.rescue_radio_inop, 4);
        for id in ProcedureConstants::IDS {
            let e = edited(|v| without(v, "constants", id)).unwrap_err();
            assert_eq!((e.file.as_str(), e.entry.as_str()), ("p.json", *id), "{e}");
            assert!(
                e.to_string().contains("p.json") && e.to_string().contains(id),
                "{e}"
            );
            assert!(e.message.contains("missing"), "{e}");
        }
    }

    #[test]
    fn a_procedures_file_missing_a_constant_is_refused_naming_file_and_constant() {
        let e = edited(|v| without(v, "constants", "minelaying_tubes")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "p.json, chart constants, entry minelaying_tubes: this constant is missing"
        );
    }

    #[test]
    fn every_chart_the_rules_read_is_present_and_read_without_fail() {
        let p = Procedures::shipped().unwrap();
        assert_eq!(*p.charts.time_of_day.read(1), ProcedureResult::Day);
        assert_eq!(*p.charts.time_of_day.read(6), ProcedureResult::Night);
        // Modified rolls beyond the span are read at its ends.
        assert_eq!(*p.charts.repair.read(-5), *p.charts.repair.read(0));
        assert_eq!(*p.charts.rescue.read(40), *p.charts.rescue.read(16));
        for id in ProcedureCharts::IDS {
            let e = edited(|v| without(v, "charts", id)).unwrap_err();
            assert_eq!((e.file.as_str(), e.chart.as_str()), ("p.json", *id), "{e}");
            assert!(e.message.contains("missing"), "{e}");
        }
    }

    #[test]
    fn a_count_out_of_range_an_unknown_id_or_a_foreign_result_is_refused() {
        let e = edited(|v| {
            for c in v["constants"].as_array_mut().unwrap() {
                if c["id"] == "hounded_after" {
                    c["value"] = serde_json::json!(-1);
                }
            }
        })
        .unwrap_err();
        assert_eq!(e.entry, "hounded_after");
        assert!(e.message.contains("out of range"), "{e}");

        let e = edited(|v| {
            let mut extra = v["constants"][0].clone();
            extra["id"] = serde_json::json!("hounded_afterr");
            v["constants"].as_array_mut().unwrap().push(extra);
        })
        .unwrap_err();
        assert_eq!(e.entry, "hounded_afterr");

        let e = edited(|v| {
            for c in v["charts"].as_array_mut().unwrap() {
                if c["id"] == "time_of_day" {
                    c["rows"][0]["result"] = serde_json::json!("success");
                }
            }
        })
        .unwrap_err();
        assert_eq!(e.chart, "time_of_day");
        assert!(e.message.contains("not a result"), "{e}");
    }
}

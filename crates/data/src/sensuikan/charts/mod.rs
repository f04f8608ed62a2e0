//! Sensuikan charts: the reconstructed player-aid tables (A, B, T, M, P, K, F, H).
//!
//! The printed charts are not in the rulebook, so Periscope ships its own set under
//! `data/sensuikan/charts/`: every value the rulebook states is reproduced (rows marked `rule` or
//! `example` with their case), the rest is designed to play as the book describes (rows marked
//! `reconstructed` with a one-line reason). `docs/tables.md` lists each chart and where its numbers come
//! from. A player who owns the printed charts replaces any of them with an override file
//! ([`crate::overrides`]); an override is read and validated by exactly the code that reads the shipped
//! files.
//!
//! Every chart uses the generic [`crate::chart::Chart`]: a chart printed as several columns is a
//! [`Table`] of them, one per key (area, base, weapon…) and, where the odds change during the war, one per
//! period. Each chart id's data is a [`crate::read::Family`] read by the crate's shared reader, so every
//! mistake in a file is named by file, chart, entry and field; this module adds what is Sensuikan's: the
//! families, what each checks ([`Refs`], the operations map's ids), and the chart set.

mod aviation;
mod b;
mod encounters;
mod kaiten;
mod maps;
mod midget;
mod refs;
mod schools;
mod targets;

#[cfg(test)]
mod service_tests;
#[cfg(test)]
mod tests;

use serde_json::Value;

pub use aviation::{
    AirCombat, AirEncounter, AircraftRecovery, Bombing, P1, P2, P3, P3Key, P4, P5, P6, Takeoff,
};
pub use b::{
    A2, A4, AaResult, AbortWhen, Attack, AttackResult, B1, B1Key, B2, B3, B4, B4Key, B5, B5Key, B6, B7, B11,
    ChartDrm, CrewMember, DamageSource, Detection, DiveResult, Flooding, HitResult, Range, SpecialAttack,
    SubDamage, System, SystemEffect, TorpedoCheck, TorpedoKind, Weapon, Wound, WoundStep,
};
pub use encounters::{
    A1, A3, ADDITIONAL_COMBAT_ROUND, Assignment, Encounter, SPECIAL_MISSIONS, ShipSize, TRANSIT,
};
pub use kaiten::{K1, KT, KaitenEncounter, KaitenKey, Launch, Position, Premature, Reef};
pub use maps::{MissionMap, Step, StepKind};
pub use midget::{M5, M5Key, M6, M7, MidgetEncounter, MidgetRecovery};
pub use refs::{AreaRef, BaseRef, Refs, SHIPPED_MAP};
pub use schools::{F1, F2, F3, F4, FreeTime, H2, NO_SKILL, NamePart, Officer, School, SkillDef};
pub use targets::{CapitalList, FixedTarget, Service, Ship, ShipKind, ShipList, T3, T4};

// The shapes every game's charts share, here under the names Sensuikan's callers already use.
pub use crate::modifier::{Constant, Modifier, Named, find};
pub use crate::month::Month;
pub use crate::summary::Summary;
pub use crate::table::{Column, Dates, Table};

use crate::DataError;
use crate::read::{Family, load};

/// Something that happens on a chart: an event, a mishap, a midget-submarine event.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// Stable name the engine acts on (`run_aground`).
    pub id: String,
    pub name: String,
    /// What happens, in our own words.
    pub effect: String,
    /// The marker stays on the Control Sheet until used [3.3.2].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub keep_marker: bool,
}

/// The shipped chart files, embedded: a file holds one chart object, or a list of them.
const FILES: &[(&str, &str)] = &[
    (
        "data/sensuikan/charts/a1.json",
        include_str!("../../../../../data/sensuikan/charts/a1.json"),
    ),
    (
        "data/sensuikan/charts/a2.json",
        include_str!("../../../../../data/sensuikan/charts/a2.json"),
    ),
    (
        "data/sensuikan/charts/a3.json",
        include_str!("../../../../../data/sensuikan/charts/a3.json"),
    ),
    (
        "data/sensuikan/charts/a4.json",
        include_str!("../../../../../data/sensuikan/charts/a4.json"),
    ),
    (
        "data/sensuikan/charts/b1.json",
        include_str!("../../../../../data/sensuikan/charts/b1.json"),
    ),
    (
        "data/sensuikan/charts/b2.json",
        include_str!("../../../../../data/sensuikan/charts/b2.json"),
    ),
    (
        "data/sensuikan/charts/b3.json",
        include_str!("../../../../../data/sensuikan/charts/b3.json"),
    ),
    (
        "data/sensuikan/charts/b4.json",
        include_str!("../../../../../data/sensuikan/charts/b4.json"),
    ),
    (
        "data/sensuikan/charts/b5.json",
        include_str!("../../../../../data/sensuikan/charts/b5.json"),
    ),
    (
        "data/sensuikan/charts/b6.json",
        include_str!("../../../../../data/sensuikan/charts/b6.json"),
    ),
    (
        "data/sensuikan/charts/b7.json",
        include_str!("../../../../../data/sensuikan/charts/b7.json"),
    ),
    (
        "data/sensuikan/charts/b11.json",
        include_str!("../../../../../data/sensuikan/charts/b11.json"),
    ),
    (
        "data/sensuikan/charts/targets.json",
        include_str!("../../../../../data/sensuikan/charts/targets.json"),
    ),
    (
        "data/sensuikan/charts/midget.json",
        include_str!("../../../../../data/sensuikan/charts/midget.json"),
    ),
    (
        "data/sensuikan/charts/aviation.json",
        include_str!("../../../../../data/sensuikan/charts/aviation.json"),
    ),
    (
        "data/sensuikan/charts/kaiten.json",
        include_str!("../../../../../data/sensuikan/charts/kaiten.json"),
    ),
    (
        "data/sensuikan/charts/schools.json",
        include_str!("../../../../../data/sensuikan/charts/schools.json"),
    ),
    (
        "data/sensuikan/charts/names.json",
        include_str!("../../../../../data/sensuikan/charts/names.json"),
    ),
];

/// The shipped chart files, each as (path, text): a starting point for a player's override file.
pub fn shipped_files() -> &'static [(&'static str, &'static str)] {
    FILES
}

macro_rules! chart_set {
    ($($field:ident: $ty:ty = $id:literal;)*) => {
        /// The whole validated Sensuikan chart set. Field names are the chart ids.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Charts {
            $(pub $field: $ty,)*
        }

        /// Every chart id, in the order of the player aids.
        pub const CHART_IDS: &[&str] = &[$($id),*];

        impl Charts {
            fn assemble(
                found: &[(String, String, Value)],
                refs: &Refs,
                errors: &mut Vec<DataError>,
            ) -> Option<Self> {
                $(
                    let $field: Option<$ty> = match found.iter().find(|(_, id, _)| id == $id) {
                        None => {
                            errors.push(DataError::new("data/sensuikan/charts", $id, "", "no shipped file holds this chart"));
                            None
                        }
                        Some((file, _, value)) => match load::<Refs, $ty>(file, $id, value, refs) {
                            Ok(c) => Some(c),
                            Err(mut e) => {
                                errors.append(&mut e);
                                None
                            }
                        },
                    };
                )*
                Some(Self { $($field: $field?,)* })
            }

            /// Reads `value` as chart `id` and, if it is valid, puts it in place of the current one. An
            /// invalid chart changes nothing; every error in it is returned.
            pub fn replace(
                &mut self,
                file: &str,
                id: &str,
                value: &Value,
                refs: &Refs,
            ) -> Result<(), Vec<DataError>> {
                match id {
                    $($id => {
                        self.$field = load::<Refs, $ty>(file, id, value, refs)?;
                        Ok(())
                    })*
                    _ => Err(vec![DataError::new(file, id, "", unknown_chart(id))]),
                }
            }

            /// One summary per chart, in [`CHART_IDS`] order.
            pub fn summaries(&self) -> Vec<Summary> {
                vec![$(Family::<Refs>::summary(&self.$field)),*]
            }
        }
    };
}

chart_set! {
    a1: A1 = "A1";
    a2: A2 = "A2";
    a3: A3 = "A3";
    a4: A4 = "A4";
    b1: B1 = "B1";
    b2: B2 = "B2";
    b3: B3 = "B3";
    b4: B4 = "B4";
    b5: B5 = "B5";
    b6: B6 = "B6";
    b7: B7 = "B7";
    b11: B11 = "B11";
    t1: ShipList = "T1";
    t2: ShipList = "T2";
    t3: T3 = "T3";
    t4: T4 = "T4";
    t5: ShipList = "T5";
    m1: MissionMap = "M1";
    m2: MissionMap = "M2";
    m3: MissionMap = "M3";
    m4: MissionMap = "M4";
    m5: M5 = "M5";
    m6: M6 = "M6";
    m7: M7 = "M7";
    p1: P1 = "P1";
    p2: P2 = "P2";
    p3: P3 = "P3";
    p4: P4 = "P4";
    p5: P5 = "P5";
    p6: P6 = "P6";
    p7: MissionMap = "P7";
    p8: MissionMap = "P8";
    p9: MissionMap = "P9";
    p10: MissionMap = "P10";
    p11: MissionMap = "P11";
    p12: MissionMap = "P12";
    k1: K1 = "K1";
    k2: MissionMap = "K2";
    k3: MissionMap = "K3";
    kt: KT = "KT";
    f1: F1 = "F1";
    f2: School = "F2";
    f3: School = "F3";
    f4: School = "F4";
    h2: H2 = "H2";
}

pub(crate) fn unknown_chart(id: &str) -> String {
    format!(
        "unknown chart id '{id}'; Sensuikan's charts are {}",
        CHART_IDS.join(", ")
    )
}

impl Charts {
    /// The shipped chart set, validated (a test validates it too, so this cannot fail in a release).
    pub fn shipped() -> Result<Self, DataError> {
        Self::shipped_all_errors().map_err(|mut errors| {
            let more = errors.len().saturating_sub(1);
            let mut first = errors.swap_remove(0);
            if more > 0 {
                first.message = format!("{} (and {more} more errors)", first.message);
            }
            first
        })
    }

    /// The shipped chart set, or every error in it.
    pub fn shipped_all_errors() -> Result<Self, Vec<DataError>> {
        let refs = Refs::shipped().map_err(|e| vec![e])?;
        let mut errors = Vec::new();
        let found = crate::read::shipped_charts(FILES, CHART_IDS, unknown_chart, &mut errors);
        let set = Self::assemble(&found, &refs, &mut errors);
        match set {
            Some(s) if errors.is_empty() => Ok(s),
            _ => Err(errors),
        }
    }
}

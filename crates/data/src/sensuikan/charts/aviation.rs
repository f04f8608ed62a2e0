//! The Aviation Module's tables: P1 take-off and mishaps, P2 recovery, P3 encounters, P4 air combat,
//! P5 anti-aircraft fire at the floatplane, P6 bombing. The mission maps P7-P12 are
//! [`super::MissionMap`]s.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::b::AaResult;
use super::{Outcome, Refs};
use crate::chart::Chart;
use crate::read::{Cx, Family, Fields};
use crate::summary::{Summary, dice_list};
use crate::table::{Dates, Table};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Takeoff {
    Airborne,
    /// Roll on the mishaps section.
    Mishap,
}

/// P1 Take-off, Mishaps and Malfunctions [7.17].
#[derive(Debug, Clone, PartialEq)]
pub struct P1 {
    pub title: String,
    pub notes: Vec<String>,
    pub takeoff: Chart<Takeoff>,
    pub mishaps: Chart<Outcome>,
}

impl Family<Refs> for P1 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let h = cx.header(f);
        let takeoff = cx.section(f, "takeoff", "Take-off");
        let mishaps = cx.section(f, "mishaps", "Mishaps and malfunctions");
        let h = h?;
        Some(Self {
            title: h.title,
            notes: h.notes,
            takeoff: takeoff?,
            mishaps: mishaps?,
        })
    }
    fn summary(&self) -> Summary {
        Summary {
            id: self.takeoff.id.clone(),
            title: self.title.clone(),
            dice: dice_list(&[self.takeoff.dice, self.mishaps.dice]),
            shape: "2 sections".into(),
            rows: self.takeoff.rows.len() + self.mishaps.rows.len(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AircraftRecovery {
    /// Aircraft and crew back aboard (the crew only if the crane is out [7.17]).
    Recovered,
    /// The aircraft is lost; its crew is picked up.
    CrewRescued,
    /// Aircraft and crew lost.
    Lost,
}

/// P2 Aircraft Recovery [7.17].
#[derive(Debug, Clone, PartialEq)]
pub struct P2 {
    pub chart: Chart<AircraftRecovery>,
}

impl Family<Refs> for P2 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

/// A P3 column [7.17].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum P3Key {
    Transit,
    Reconnaissance,
    Target,
}

impl fmt::Display for P3Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            P3Key::Transit => "transit",
            P3Key::Reconnaissance => "reconnaissance",
            P3Key::Target => "target",
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AirEncounter {
    None,
    /// An enemy fighter: P4.
    Fighter,
    /// Anti-aircraft fire: P5.
    AaFire,
    /// Bad weather: the aircraft turns back (mission not flown).
    Weather,
}

/// P3 Aviation Encounters [7.17].
#[derive(Debug, Clone, PartialEq)]
pub struct P3 {
    pub table: Table<P3Key, AirEncounter>,
}

impl Family<Refs> for P3 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { table: cx.table(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for k in [P3Key::Transit, P3Key::Reconnaissance, P3Key::Target] {
            if self.table.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the column '{k}' is missing"));
            }
        }
        self.table.check_dates(cx, |_| Dates::default());
    }
    fn summary(&self) -> Summary {
        Summary::of_table(&self.table, &[])
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AirCombat {
    ShotDown,
    /// Damaged: the aircraft aborts [7.17].
    Damaged,
    Escapes,
}

/// P4 Air Combat (a fighter meets the floatplane).
#[derive(Debug, Clone, PartialEq)]
pub struct P4 {
    pub chart: Chart<AirCombat>,
}

impl Family<Refs> for P4 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

/// P5 Anti-Aircraft Fire at the floatplane.
#[derive(Debug, Clone, PartialEq)]
pub struct P5 {
    pub chart: Chart<AaResult>,
}

impl Family<Refs> for P5 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bombing {
    Miss,
    NearMiss,
    Hit,
}

/// P6 Bombing [7.17].
#[derive(Debug, Clone, PartialEq)]
pub struct P6 {
    pub chart: Chart<Bombing>,
}

impl Family<Refs> for P6 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

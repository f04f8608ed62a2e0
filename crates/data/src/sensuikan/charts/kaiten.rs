//! K1, the Captain and Crew Status record, and KT, the Kaiten Tables sheet [7.8]: launch, premature
//! detonation, the Ulithi reef and the kaiten encounters. The kaiten maps K2-K3 are
//! [`super::MissionMap`]s.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Refs;
use crate::Provenance;
use crate::chart::Chart;
use crate::read::{Cx, Family, Fields};
use crate::summary::Summary;
use crate::table::{Dates, Table};

/// A position of the K1 record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub id: String,
    pub name: String,
    /// Boxes for this position (several for the generic crew).
    pub boxes: u8,
    /// Whether skill markers are placed here [4.8.1].
    pub skills: bool,
    pub provenance: Provenance,
}

/// K1 Captain and Crew Status [4.0] [4.8.1]: the positions whose wounds and skills are tracked.
#[derive(Debug, Clone, PartialEq)]
pub struct K1 {
    pub id: String,
    pub title: String,
    pub notes: Vec<String>,
    pub positions: Vec<Position>,
}

impl Family<Refs> for K1 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let h = cx.header(f);
        let positions: Vec<Position> = cx.entries(f, "positions", "position");
        for (i, p) in positions.iter().enumerate() {
            cx.provenance(&p.provenance, &format!("position {} ({})", i + 1, p.id));
            if p.boxes == 0 {
                cx.err(
                    &format!("position {} ({}), field boxes", i + 1, p.id),
                    "a position needs a box",
                );
            }
        }
        let h = h?;
        Some(Self {
            id: cx.chart.clone(),
            title: h.title,
            notes: h.notes,
            positions,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for id in [
            "captain",
            "executive_officer",
            "navigation_officer",
            "doctor",
            "engineer",
            "crew",
            "pilot",
        ] {
            if !self.positions.iter().any(|p| p.id == id) {
                cx.err(
                    "field positions",
                    format!("the position '{id}' [8.5.9] is missing"),
                );
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary {
            id: self.id.clone(),
            title: self.title.clone(),
            dice: "-".into(),
            shape: format!("record of {} positions", self.positions.len()),
            rows: self.positions.len(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Launch {
    Launched,
    /// Mechanical failure: this kaiten is not launched.
    Failed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Premature {
    Runs,
    /// Explodes prematurely and is removed.
    Explodes,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reef {
    Crosses,
    /// The kaiten is lost on the reef.
    Lost,
}

/// A kaiten encounter column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KaitenKey {
    Transit,
    Target,
}

impl fmt::Display for KaitenKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KaitenKey::Transit => "transit",
            KaitenKey::Target => "target",
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KaitenEncounter {
    None,
    /// The steering fails: the kaiten is lost.
    Malfunction,
    /// A patrol craft rolls to detect (B4, medium range).
    PatrolCraft,
    /// Target Box: a capital ship (T4).
    CapitalShip,
    /// Target Box: a warship (T3).
    Warship,
    /// Target Box: a large merchant or auxiliary (T2).
    LargeShip,
}

/// KT Kaiten Tables [7.8] [7.18].
#[derive(Debug, Clone, PartialEq)]
pub struct KT {
    pub encounters: Table<KaitenKey, KaitenEncounter>,
    pub launch: Chart<Launch>,
    pub premature: Chart<Premature>,
    pub reef: Chart<Reef>,
}

impl Family<Refs> for KT {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let encounters = cx.table(f);
        let launch = cx.section(f, "launch", "Launch");
        let premature = cx.section(f, "premature", "Premature detonation");
        let reef = cx.section(f, "reef", "Ulithi reef");
        Some(Self {
            encounters: encounters?,
            launch: launch?,
            premature: premature?,
            reef: reef?,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for k in [KaitenKey::Transit, KaitenKey::Target] {
            if self.encounters.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the column '{k}' is missing"));
            }
        }
        self.encounters.check_dates(cx, |_| Dates::default());
    }
    fn summary(&self) -> Summary {
        Summary::of_table(
            &self.encounters,
            &[
                (self.launch.dice, self.launch.rows.len()),
                (self.premature.dice, self.premature.rows.len()),
                (self.reef.dice, self.reef.rows.len()),
            ],
        )
    }
}

//! The Midget Submarine Module's tables: M5 encounters (transit, target, net, detector loop), M6 events,
//! M7 recovery. The harbour maps M1-M4 are [`super::MissionMap`]s.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Outcome, Refs};
use crate::chart::Chart;
use crate::read::{Cx, Family, Fields};
use crate::summary::Summary;
use crate::table::{Dates, Table};

/// An M5 column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum M5Key {
    Transit,
    Target,
    Net,
    DetectorLoop,
}

impl fmt::Display for M5Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            M5Key::Transit => "transit",
            M5Key::Target => "target",
            M5Key::Net => "net",
            M5Key::DetectorLoop => "detector_loop",
        })
    }
}

/// An M5 result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MidgetEncounter {
    None,
    /// Roll on M6.
    Event,
    /// Roll on M6 twice.
    TwoEvents,
    /// A patrol boat rolls to detect (B4, medium range).
    PatrolBoat,
    /// Net or loop passed.
    Passes,
    /// Caught in the net: the midget is trapped and lost [7.16].
    Entangled,
    /// The loop gives the alarm: a patrol boat rolls to detect.
    Alarm,
    /// Target Box: a capital ship at anchor (T4).
    CapitalShip,
    /// Target Box: a warship (T3).
    Warship,
    /// Target Box: a large merchant or auxiliary (T2).
    LargeShip,
    /// Target Box: nothing worth a torpedo in reach.
    NoTarget,
}

/// M5 Midget Submarine Encounters [7.16].
#[derive(Debug, Clone, PartialEq)]
pub struct M5 {
    pub table: Table<M5Key, MidgetEncounter>,
}

impl Family<Refs> for M5 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { table: cx.table(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        use MidgetEncounter as E;
        for k in [M5Key::Transit, M5Key::Target, M5Key::Net, M5Key::DetectorLoop] {
            if self.table.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the column '{k}' is missing"));
            }
        }
        self.table.check_dates(cx, |_| Dates::default());
        for c in &self.table.columns {
            let allowed: &[E] = match c.key {
                M5Key::Transit => &[E::None, E::Event, E::TwoEvents, E::PatrolBoat],
                M5Key::Target => &[
                    E::CapitalShip,
                    E::Warship,
                    E::LargeShip,
                    E::NoTarget,
                    E::PatrolBoat,
                ],
                M5Key::Net => &[E::Passes, E::Entangled, E::PatrolBoat],
                M5Key::DetectorLoop => &[E::Passes, E::Alarm],
            };
            for (i, r) in c.chart.rows.iter().enumerate() {
                if !allowed.contains(&r.result) {
                    cx.err(
                        &format!(
                            "{}, row {} ({}), field result",
                            c.label(),
                            i + 1,
                            String::from(r.roll)
                        ),
                        format!("{:?} is not a result of the {} column", r.result, c.key),
                    );
                }
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary::of_table(&self.table, &[])
    }
}

/// M6 Midget Submarine Events [7.16].
#[derive(Debug, Clone, PartialEq)]
pub struct M6 {
    pub chart: Chart<Outcome>,
}

impl Family<Refs> for M6 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MidgetRecovery {
    Lost,
    Recovered,
}

/// M7 Midget Submarine Recovery [7.16].
#[derive(Debug, Clone, PartialEq)]
pub struct M7 {
    pub chart: Chart<MidgetRecovery>,
}

impl Family<Refs> for M7 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

//! The A charts: A1a and A1b convoy assignment [6.1 1A], A2 encounters [6.1 2A], A3 wolfpack size
//! [7.1.3] and A4 refit, air support and upgrades [6.3.3].

use serde::{Deserialize, Serialize};

use super::{Refs, check_columns_in_game, game_dates, require_results, row_entry};
use crate::atlantic::catalog::merchants::ConvoySize;
use crate::chart::{Chart, ChartDice};
use crate::modifier::{Constant, Modifier};
use crate::month::Month;
use crate::read::{Cx, Family, Fields};
use crate::summary::{Summary, dice_list};
use crate::table::Table;

/// The historical series of a convoy: for interest only [6.3.1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ConvoyType {
    #[serde(rename = "ON")]
    On,
    #[serde(rename = "HX")]
    Hx,
    #[serde(rename = "SC")]
    Sc,
}

/// An A1 result: the convoy and its size, which picks the tactical display [6.1 1B].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assignment {
    pub convoy: ConvoyType,
    pub size: ConvoySize,
}

/// A1a (Londonderry) or A1b (St. John's) [6.1 1A].
#[derive(Debug, Clone, PartialEq)]
pub struct A1 {
    pub chart: Chart<Assignment>,
}

impl Family<Refs> for A1 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

/// An A2 encounter [7.1.2] [7.1.3] [7.1.4] [7.2.7].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Encounter {
    None,
    SingleUboat,
    Wolfpack,
    Condor,
}

/// A2's one column: every travel box reads it, the air gap included [6.1 2A].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum A2Key {
    AnyBox,
}

/// A2 Encounters, in date bands.
#[derive(Debug, Clone, PartialEq)]
pub struct A2 {
    pub table: Table<A2Key, Encounter>,
    pub constants: Vec<Constant>,
}

impl A2 {
    /// The encounter of a natural roll in `when` (the first natural 12 of a mission is the random
    /// event instead [9.1]: the engine's to tell).
    pub fn encounter(&self, when: Month, roll: i32) -> Option<Encounter> {
        self.table.lookup(&A2Key::AnyBox, when, roll).map(|r| r.result)
    }
}

impl Family<Refs> for A2 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let table = cx.table(f);
        let constants = cx.constants(f);
        Some(Self {
            table: table?,
            constants,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        self.table.check_dates(cx, |_| game_dates());
        check_columns_in_game(cx, &self.table);
        for c in &self.table.columns {
            let rows: Vec<_> = c.chart.rows.iter().collect();
            require_results(cx, &c.label(), &rows, &[Encounter::None, Encounter::Wolfpack]);
        }
        cx.require_named(
            &self.constants,
            "constant",
            &["random_event_on_natural", "rolls_after_condor"],
        );
    }
    fn summary(&self) -> Summary {
        super::table_summary(&self.table)
    }
}

/// An A3 result: the pack's size, reduced by `reduce_by` when it is 8 or more [7.1.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackSize {
    pub boats: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduce_by: Option<ChartDice>,
}

/// A3 Wolfpack Size [7.1.3], with the single boat's type [7.1.4].
#[derive(Debug, Clone, PartialEq)]
pub struct A3 {
    pub chart: Chart<PackSize>,
    pub modifiers: Vec<Modifier>,
    /// A single U-boat's type: a `uboats.json` type id.
    pub single_uboat_type: Chart<String>,
}

/// From this many boats, A3's reduction is rolled [7.1.3].
pub const REDUCE_FROM: u8 = 8;

impl Family<Refs> for A3 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let chart = cx.chart(f);
        let modifiers = cx.modifiers(f);
        let single = cx.section(f, "single_uboat_type", "Single U-boat type");
        Some(Self {
            chart: chart?,
            modifiers,
            single_uboat_type: single?,
        })
    }
    fn check(&self, cx: &mut Cx, refs: &Refs) {
        for (i, r) in self.chart.rows.iter().enumerate() {
            let entry = row_entry("", i, r);
            let big = r.result.boats >= REDUCE_FROM;
            if r.result.boats == 0 {
                cx.err(
                    &format!("{entry}, field result.boats"),
                    "a wolfpack has at least one boat",
                );
            }
            match (big, r.result.reduce_by) {
                (true, None) => cx.err(
                    &format!("{entry}, field result.reduce_by"),
                    format!("a pack of {REDUCE_FROM} or more is reduced by 1d6 [7.1.3]"),
                ),
                (false, Some(_)) => cx.err(
                    &format!("{entry}, field result.reduce_by"),
                    format!("only a pack of {REDUCE_FROM} or more is reduced [7.1.3]"),
                ),
                _ => {}
            }
        }
        super::check_modifiers_in_game(cx, &self.modifiers);
        cx.require_named(&self.modifiers, "modifier", &["year_1942", "year_1943"]);
        for (i, r) in self.single_uboat_type.rows.iter().enumerate() {
            if !refs.uboat_types.contains(&r.result) {
                cx.err(
                    &format!("{}, field result", row_entry("single_uboat_type", i, r)),
                    format!(
                        "unknown U-boat type '{}'; the types are {}",
                        r.result,
                        refs.uboat_types.join(", ")
                    ),
                );
            }
        }
    }
    fn summary(&self) -> Summary {
        let mut s = Summary::of_chart(&self.chart, "1 column and 1 section");
        s.dice = dice_list(&[self.chart.dice, self.single_uboat_type.dice]);
        s.rows += self.single_uboat_type.rows.len();
        s
    }
}

/// A4's columns: air support, rolled at every refit, and the upgrades, every second refit [6.3.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum A4Key {
    AirSupport,
    HfDf,
    #[serde(rename = "type_271")]
    Type271,
    Hedgehog,
    DdFf,
    Corvette,
}

impl A4Key {
    pub const ALL: [A4Key; 6] = [
        A4Key::AirSupport,
        A4Key::HfDf,
        A4Key::Type271,
        A4Key::Hedgehog,
        A4Key::DdFf,
        A4Key::Corvette,
    ];

    /// The results a column of this key may give.
    pub fn results(self) -> &'static [Refit] {
        match self {
            A4Key::AirSupport => &[Refit::None, Refit::LongRangeAir, Refit::Cam, Refit::Cve],
            A4Key::HfDf => &[Refit::None, Refit::HfDf],
            // A Type 271 result is always one set [ERRATA C4].
            A4Key::Type271 => &[Refit::None, Refit::Type271Set],
            A4Key::Hedgehog => &[Refit::None, Refit::Hedgehog],
            A4Key::DdFf => &[Refit::None, Refit::DdFf],
            A4Key::Corvette => &[Refit::None, Refit::Corvette],
        }
    }
}

/// An A4 result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refit {
    None,
    LongRangeAir,
    Cam,
    Cve,
    HfDf,
    #[serde(rename = "type_271_set")]
    Type271Set,
    Hedgehog,
    DdFf,
    Corvette,
}

/// The month CVE support begins: the air column is the CVE column from 3/43 [7.2.1 ERRATA].
pub const CVE_FROM: Month = Month { year: 1943, month: 3 };

/// A4 Refit: Air Support and Upgrades.
#[derive(Debug, Clone, PartialEq)]
pub struct A4 {
    pub table: Table<A4Key, Refit>,
}

impl A4 {
    pub fn roll(&self, key: A4Key, when: Month, roll: i32) -> Option<Refit> {
        self.table.lookup(&key, when, roll).map(|r| r.result)
    }
}

impl Family<Refs> for A4 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { table: cx.table(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for k in A4Key::ALL {
            if self.table.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the column '{k}' is missing"));
            }
        }
        self.table.check_dates(cx, |_| game_dates());
        check_columns_in_game(cx, &self.table);
        for c in &self.table.columns {
            for (i, r) in c.chart.rows.iter().enumerate() {
                if !c.key.results().contains(&r.result) {
                    cx.err(
                        &format!("{}, field result", row_entry(&c.label(), i, r)),
                        format!("{r:?} is not a result of the {} column", c.key, r = r.result),
                    );
                }
            }
            if c.key == A4Key::AirSupport {
                let cve = c.chart.rows.iter().any(|r| r.result == Refit::Cve);
                let from_cve = c.dates.from.is_some_and(|f| f >= CVE_FROM);
                let before_cve = c.dates.until.is_some_and(|u| u < CVE_FROM);
                if cve && !from_cve {
                    cx.err(&c.label(), "CVE support is rolled from 3/43 only [7.2.1 ERRATA]");
                }
                if !cve && !before_cve {
                    cx.err(
                        &c.label(),
                        "from 3/43 the air column is the CVE column [7.2.1 ERRATA]",
                    );
                }
            }
        }
    }
    fn summary(&self) -> Summary {
        super::table_summary(&self.table)
    }
}

//! The C charts: C1 U-boat targets [7.1.3], C2 flak [7.2.3], C3 weather [6.1c], C4 crash dive [7.2.2],
//! C5 random events [9.2], and the FIDO homing torpedo [7.2.5].

use serde::{Deserialize, Serialize};

use super::{Refs, check_columns_in_game, check_modifiers_in_game, game_dates, require_results, row_entry};
use crate::Provenance;
use crate::atlantic::catalog::ChartModifier;
use crate::chart::Chart;
use crate::modifier::Modifier;
use crate::month::Month;
use crate::read::{Cx, Family, Fields};
use crate::summary::Summary;
use crate::table::Table;

/// Which of the three ships in reach a salvo's torpedoes go to, ranked by tonnage, or an escort.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    Largest,
    Middle,
    Smallest,
    Escort,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shot {
    pub target: Target,
    pub torpedoes: u8,
}

/// A C1 result: the bow salvo, and whether the boat also fires its stern tubes (the printed "**":
/// 1 torpedo from a Type VII, 2 from a Type IX [ERRATA C1]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Salvo {
    pub salvo: Vec<Shot>,
    pub stern: bool,
}

impl Salvo {
    pub fn torpedoes(&self) -> u32 {
        self.salvo.iter().map(|s| u32::from(s.torpedoes)).sum()
    }
}

/// C1 U-boat Targets [7.1.3].
#[derive(Debug, Clone, PartialEq)]
pub struct C1 {
    pub chart: Chart<Salvo>,
}

impl Family<Refs> for C1 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn check(&self, cx: &mut Cx, refs: &Refs) {
        for (i, r) in self.chart.rows.iter().enumerate() {
            let n = r.result.torpedoes();
            if n == 0 || n > u32::from(refs.bow_tubes) || r.result.salvo.iter().any(|s| s.torpedoes == 0) {
                cx.err(
                    &format!("{}, field result.salvo", row_entry("", i, r)),
                    format!(
                        "a salvo fires 1 to {} bow torpedoes, each shot at least one (this one {n})",
                        refs.bow_tubes
                    ),
                );
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flak {
    ShotDown,
    Damaged,
    Missed,
}

/// C2 U-boat Flak against the attacking aircraft [7.2.3] [7.2.4].
#[derive(Debug, Clone, PartialEq)]
pub struct C2 {
    pub chart: Chart<Flak>,
    pub modifiers: Vec<Modifier>,
}

impl Family<Refs> for C2 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let chart = cx.chart(f);
        let modifiers = cx.modifiers(f);
        Some(Self {
            chart: chart?,
            modifiers,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        let rows: Vec<_> = self.chart.rows.iter().collect();
        require_results(
            cx,
            "field rows",
            &rows,
            &[Flak::ShotDown, Flak::Damaged, Flak::Missed],
        );
        cx.require_named(
            &self.modifiers,
            "modifier",
            &["two_flak_mounts", "veteran_or_elite_crew"],
        );
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

/// C3's one column, in seasonal bands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum C3Key {
    Weather,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weather {
    Fair,
    Poor,
    Bad,
}

/// What a weather brings: stragglers [7.1.6], no air support [7.2.8], and modifiers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    pub id: Weather,
    pub name: String,
    /// Merchants that straggle at once (temporary stragglers [7.1.6]).
    pub stragglers: u8,
    pub no_air_support: bool,
    pub effects: Vec<ChartModifier>,
    pub provenance: Provenance,
    #[serde(default)]
    pub field_provenance: std::collections::BTreeMap<String, Provenance>,
}

/// C3 Weather [6.1c] [7.1.3 ERRATA].
#[derive(Debug, Clone, PartialEq)]
pub struct C3 {
    pub table: Table<C3Key, Weather>,
    pub conditions: Vec<Condition>,
}

impl C3 {
    pub fn weather(&self, when: Month, roll: i32) -> Option<Weather> {
        self.table.lookup(&C3Key::Weather, when, roll).map(|r| r.result)
    }

    pub fn condition(&self, w: Weather) -> Option<&Condition> {
        self.conditions.iter().find(|c| c.id == w)
    }
}

impl Family<Refs> for C3 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let table = cx.table(f);
        let conditions: Vec<Condition> = cx.required_entries(f, "conditions", "condition");
        for (i, c) in conditions.iter().enumerate() {
            cx.provenance(&c.provenance, &format!("condition {}", i + 1));
        }
        Some(Self {
            table: table?,
            conditions,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        self.table.check_dates(cx, |_| game_dates());
        check_columns_in_game(cx, &self.table);
        for w in [Weather::Fair, Weather::Poor, Weather::Bad] {
            if self.conditions.iter().filter(|c| c.id == w).count() != 1 {
                cx.err(
                    "field conditions",
                    format!("the weather {w:?} needs one condition"),
                );
            }
        }
        for (i, c) in self.conditions.iter().enumerate() {
            let at = format!("condition {}", i + 1);
            if c.id != Weather::Fair && c.stragglers == 0 {
                cx.err(
                    &format!("{at}, field stragglers"),
                    "Poor and Bad weather make stragglers [7.1.6]",
                );
            }
            if (c.id == Weather::Bad) != c.no_air_support {
                cx.err(
                    &format!("{at}, field no_air_support"),
                    "Bad weather, and only Bad, grounds air support [7.2.8]",
                );
            }
        }
    }
    fn summary(&self) -> Summary {
        let mut s = super::table_summary(&self.table);
        s.shape = format!("{} and {} conditions", s.shape, self.conditions.len());
        s
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CrashDive {
    /// Two attacks on B4 (a modified 1) [7.2.3].
    TwoAttacks,
    /// One attack on B4 at +2 [7.2.3].
    Attacked,
    /// No combat; the boat misses the first cycle [7.2.2].
    CrashDive,
}

/// C4 Crash Dive, before an aircraft attack [7.2.2] [7.2.3 ERRATA].
#[derive(Debug, Clone, PartialEq)]
pub struct C4 {
    pub chart: Chart<CrashDive>,
    pub modifiers: Vec<Modifier>,
}

impl Family<Refs> for C4 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let chart = cx.chart(f);
        let modifiers = cx.modifiers(f);
        Some(Self {
            chart: chart?,
            modifiers,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        if self.chart.span().0 > 1 {
            cx.err(
                "field span",
                "a modified 1 brings a second attack [7.2.3]: the span must reach 1",
            );
        }
        let rows: Vec<_> = self.chart.rows.iter().collect();
        require_results(
            cx,
            "field rows",
            &rows,
            &[CrashDive::TwoAttacks, CrashDive::Attacked, CrashDive::CrashDive],
        );
        check_modifiers_in_game(cx, &self.modifiers);
        cx.require_named(
            &self.modifiers,
            "modifier",
            &["green_uboat", "veteran_uboat", "dive_planes"],
        );
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

/// A random event [9.2].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    /// Stable name the engine acts on (`touch_wood`).
    pub id: String,
    pub name: String,
    /// What happens, in our words.
    pub effect: String,
    /// The marker stays on the Escort Group Display until used; several may be held [9.2].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub keep_marker: bool,
}

/// C5 Random Events [9.1] [9.2].
#[derive(Debug, Clone, PartialEq)]
pub struct C5 {
    pub chart: Chart<Event>,
}

impl Family<Refs> for C5 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for (i, r) in self.chart.rows.iter().enumerate() {
            let at = row_entry("", i, r);
            if r.result.id.trim().is_empty() || r.result.name.trim().is_empty() {
                cx.err(&format!("{at}, field result"), "an event needs an id and a name");
            }
            if self.chart.rows[..i]
                .iter()
                .any(|o| o.result.id == r.result.id && o.result != r.result)
            {
                cx.err(&format!("{at}, field result.id"), "another event has this id");
            }
            if r.result.id == "touch_wood" && !r.result.keep_marker {
                cx.err(
                    &format!("{at}, field result.keep_marker"),
                    "Touch Wood is kept until used [9.2]",
                );
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

/// A FIDO result: sunk outright, or hits rolled on B5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FidoResult {
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sunk: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<u8>,
}

/// The FIDO homing torpedo chart, from 5/43 [7.2.5].
#[derive(Debug, Clone, PartialEq)]
pub struct Fido {
    pub chart: Chart<FidoResult>,
}

impl Family<Refs> for Fido {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for (i, r) in self.chart.rows.iter().enumerate() {
            if r.result.sunk == r.result.hits.is_some() {
                cx.err(
                    &format!("{}, field result", row_entry("", i, r)),
                    "a result gives its hits (0 for none) or \"sunk\": true",
                );
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

//! The ship lists: M1-M3, the merchants of a normal convoy by size, read with percentile dice [7.1.3]
//! [3.4], and H-1 and H-2, the ships of the scenarios' convoys, read with a band die and a d20 with
//! rerolls [11.1] [11.2].

use serde::{Deserialize, Serialize};

use super::{Refs, row_entry};
use crate::Provenance;
use crate::atlantic::catalog::merchants::{MerchantSize, points_to_sink};
use crate::chart::{Chart, ChartDice, Coverage, RollRange, Row};
use crate::read::{Cx, Family, Fields};
use crate::summary::Summary;

/// A merchant ship of a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Merchant {
    pub name: String,
    pub size: MerchantSize,
    /// Gross register tons, the tonnage lost when she sinks.
    pub tonnage: u32,
    /// Damage points that sink her, by her tonnage (merchants.json) [8.0].
    pub damage: u8,
    /// Stands for many ships, not one named ship: never rolled again under [12.2].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub generic: bool,
}

fn check_merchant(cx: &mut Cx, refs: &Refs, entry: &str, m: &Merchant) {
    if m.name.trim().is_empty() {
        cx.err(&format!("{entry}, field result.name"), "a ship needs a name");
    }
    if m.tonnage == 0 {
        cx.err(
            &format!("{entry}, field result.tonnage"),
            "a ship needs a tonnage",
        );
    }
    if let Some(points) = points_to_sink(&refs.damage_to_sink, m.tonnage)
        && points != m.damage
    {
        cx.err(
            &format!("{entry}, field result.damage"),
            format!(
                "a ship of {} tons sinks at {points} points (merchants.json) [8.0]",
                m.tonnage
            ),
        );
    }
}

/// M1, M2 or M3: the merchants of one size [7.1.3].
#[derive(Debug, Clone, PartialEq)]
pub struct ShipList {
    pub chart: Chart<Merchant>,
}

impl Family<Refs> for ShipList {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn check(&self, cx: &mut Cx, refs: &Refs) {
        if self.chart.dice != ChartDice::D100 {
            cx.err(
                "field dice",
                "the M charts are read with percentile dice [7.1.3] [3.4]",
            );
        }
        let size = refs.size_of_chart(&self.chart.id);
        for (i, r) in self.chart.rows.iter().enumerate() {
            let entry = row_entry("", i, r);
            check_merchant(cx, refs, &entry, &r.result);
            if let Some(s) = size
                && r.result.size != s
            {
                cx.err(
                    &format!("{entry}, field result.size"),
                    format!("{} lists {s} ships (merchants.json)", self.chart.id),
                );
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

/// A band of H-1 or H-2: what its face of the band die adds to the d20.
pub type Band = Chart<i32>;

/// Totals rolled again [11.1] [11.2].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reroll {
    pub roll: RollRange,
    pub provenance: Provenance,
}

/// What an H total gives: a ship, or a roll again.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pick<'a> {
    /// The list's entry `entry` (counted from 0): each entry is its own ship, even where two entries
    /// carry the same name [11.1] [11.2].
    Ship {
        entry: usize,
        row: &'a Row<Merchant>,
    },
    Reroll,
}

/// H-1 or H-2: the ships of a scenario's convoy, picked by a band die and a d20 [11.1] [11.2].
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioShips {
    /// The ships; `dice` is band+1d20 and `span` runs from 1 + the lowest band to 20 + the highest.
    pub chart: Chart<Merchant>,
    pub band: Band,
    pub reroll: Vec<Reroll>,
}

impl ScenarioShips {
    /// The number a face of the band die adds.
    pub fn band_number(&self, face: i32) -> Option<i32> {
        self.band.lookup(face).map(|r| r.result)
    }

    /// What a band face and a d20 give.
    pub fn pick(&self, band_face: i32, d20: i32) -> Option<Pick<'_>> {
        let total = self.band_number(band_face)? + d20;
        if self.reroll.iter().any(|r| r.roll.contains(total)) {
            return Some(Pick::Reroll);
        }
        self.chart
            .rows
            .iter()
            .enumerate()
            .find(|(_, r)| r.roll.contains(total))
            .map(|(entry, row)| Pick::Ship { entry, row })
    }

    /// The ships of the list.
    pub fn ships(&self) -> impl Iterator<Item = &Merchant> {
        self.chart.rows.iter().map(|r| &r.result)
    }
}

impl Family<Refs> for ScenarioShips {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let before = cx.errors.len();
        let header = cx.header(f);
        let obj = f.part(&["dice", "rows"]);
        let dice = cx.req::<ChartDice>(obj, "dice", "");
        let rows = cx.rows::<Merchant>(obj.get("rows"), "");
        let band = cx.section::<i32>(f, "band", "Band");
        let reroll: Vec<Reroll> = cx.entries(f, "reroll", "reroll");
        for (i, r) in reroll.iter().enumerate() {
            cx.provenance(&r.provenance, &format!("reroll {}", i + 1));
        }
        if cx.errors.len() > before {
            return None;
        }
        let (header, dice, band) = (header?, dice?, band?);
        if dice != ChartDice::BandD20 {
            cx.err(
                "field dice",
                "H-1 and H-2 are read with \"band+1d20\" [11.1] [11.2]",
            );
            return None;
        }
        let low = band.rows.iter().map(|r| r.result).min().unwrap_or(0);
        let high = band.rows.iter().map(|r| r.result).max().unwrap_or(0);
        let span = (1 + low, 20 + high);
        // The rows and the rerolls together answer every total once.
        let mut all: Vec<(String, RollRange)> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| (format!("row {} ({})", i + 1, String::from(r.roll)), r.roll))
            .chain(
                reroll
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (format!("reroll {} ({})", i + 1, String::from(r.roll)), r.roll)),
            )
            .collect();
        all.sort_by_key(|(_, r)| (r.low, r.high));
        let mut coverage = Coverage::new(ChartDice::D20, span);
        for (label, roll) in &all {
            if let Some(m) = coverage.row(*roll) {
                cx.err(label, m);
            }
        }
        if let Some(m) = coverage.finish() {
            cx.err("", format!("{m} (rows and rerolls together)"));
        }
        for (i, r) in rows.iter().enumerate() {
            if let Err(m) = r.provenance.validate() {
                cx.err(&row_entry("", i, r), m);
            }
        }
        let chart = Chart {
            id: cx.chart.clone(),
            title: header.title,
            dice,
            span: Some(span),
            rows,
            notes: header.notes,
        };
        Some(Self { chart, band, reroll })
    }
    fn check(&self, cx: &mut Cx, refs: &Refs) {
        if self.band.rows.iter().any(|r| r.result < 0) {
            cx.err("band", "a band adds 0 or more to the d20");
        }
        for (i, r) in self.chart.rows.iter().enumerate() {
            check_merchant(cx, refs, &row_entry("", i, r), &r.result);
        }
    }
    fn summary(&self) -> Summary {
        Summary {
            id: self.chart.id.clone(),
            title: self.chart.title.clone(),
            dice: format!("{} + 1d20", crate::summary::dice_name(self.band.dice)),
            shape: format!(
                "{} ships, {} bands, {} reroll ranges",
                self.chart.rows.len(),
                self.band.rows.len(),
                self.reroll.len()
            ),
            rows: self.chart.rows.len() + self.band.rows.len(),
        }
    }
}

//! T1-T5 target ships: small and large merchants, warships, capital ships (with the British sub-list) and
//! the British warships of the Indian Ocean, Malaya, Indochina and the Dutch East Indies.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Refs;
use crate::Provenance;
use crate::chart::{Chart, Row};
use crate::modifier::Constant;
use crate::read::{Cx, Family, Fields, join};
use crate::summary::Summary;
use crate::table::{Dates, Table};

/// What kind of ship a target is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShipKind {
    SailingVessel,
    Coaster,
    Freighter,
    Tanker,
    /// Troopship or passenger liner.
    Transport,
    /// A generic escort [8.2.11].
    Escort,
    Corvette,
    Sloop,
    Frigate,
    DestroyerEscort,
    Destroyer,
    LightCruiser,
    HeavyCruiser,
    EscortCarrier,
    LightCarrier,
    FleetCarrier,
    Battlecruiser,
    Battleship,
    Submarine,
}

impl ShipKind {
    /// DE, DD and escorts: +1 more to hit for their size [8.1.5] [8.2.11].
    pub fn is_small_warship(self) -> bool {
        matches!(
            self,
            ShipKind::Escort
                | ShipKind::Corvette
                | ShipKind::Sloop
                | ShipKind::Frigate
                | ShipKind::DestroyerEscort
                | ShipKind::Destroyer
        )
    }

    /// CV and CVE targets, for the carrier hunter [11.7].
    pub fn is_carrier(self) -> bool {
        matches!(
            self,
            ShipKind::EscortCarrier | ShipKind::LightCarrier | ShipKind::FleetCarrier
        )
    }

    pub fn is_merchant(self) -> bool {
        matches!(
            self,
            ShipKind::SailingVessel
                | ShipKind::Coaster
                | ShipKind::Freighter
                | ShipKind::Tanker
                | ShipKind::Transport
        )
    }
}

/// A target ship.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ship {
    pub name: String,
    pub kind: ShipKind,
    /// Gross register tons for merchants, standard displacement for warships: the tonnage credited.
    pub tonnage: u32,
    /// Damage points to sink her [8.2.3].
    pub damage: u8,
    /// A Fast Target: +1 to hit with torpedoes [8.1.4] [8.1.5].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fast: bool,
    /// A generic entry standing for many ships (a class or a type), not one named ship: the optional
    /// historical targets rule never re-rolls it [11.2].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub generic: bool,
    /// When she could be met: every named ship carries her dates, a class the month its first ship
    /// entered service. A roll never produces a ship outside them (`docs/tables.md`).
    #[serde(default, skip_serializing)]
    pub service: Option<Service>,
}

impl Ship {
    /// Whether she was in service in `month` (a ship without dates always is).
    pub fn in_service(&self, month: crate::Month) -> bool {
        self.service.as_ref().is_none_or(|s| s.covers(month))
    }
}

/// A ship's (or a class's) service: from her commissioning or completion to her loss or transfer, both
/// months included; no `from` for a ship already in service in December 1941, no `until` for one that
/// survived the war.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Service {
    #[serde(default)]
    pub from: Option<crate::Month>,
    #[serde(default)]
    pub until: Option<crate::Month>,
    /// The historical record the dates come from.
    pub source: String,
}

impl Service {
    pub fn covers(&self, month: crate::Month) -> bool {
        self.from.is_none_or(|f| f <= month) && self.until.is_none_or(|u| month <= u)
    }
}

/// `rolled`: a chart row (a named one needs her dates), not a fixed target.
fn check_ship(cx: &mut Cx, entry: &str, s: &Ship, rolled: bool) {
    if s.name.trim().is_empty() {
        cx.err(&format!("{entry}, field result.name"), "a ship needs a name");
    }
    if s.tonnage == 0 {
        cx.err(
            &format!("{entry}, field result.tonnage"),
            "a ship needs a tonnage",
        );
    }
    if s.damage == 0 {
        cx.err(
            &format!("{entry}, field result.damage"),
            "a ship needs at least 1 damage point to sink",
        );
    }
    match &s.service {
        None if rolled && !s.generic => cx.err(
            &format!("{entry}, field result.service"),
            "a named ship needs her service dates (from, until, source)",
        ),
        Some(v) if v.source.trim().is_empty() => cx.err(
            &format!("{entry}, field result.service.source"),
            "service dates need their source",
        ),
        Some(Service {
            from: Some(f),
            until: Some(u),
            ..
        }) if f > u => cx.err(
            &format!("{entry}, field result.service"),
            format!("in service from {f} until {u}: the dates are reversed"),
        ),
        _ => {}
    }
}

/// Every month a patrol may sail, 12/41 to 7/45 [5.1.1].
fn war_months() -> impl Iterator<Item = crate::Month> {
    let start = crate::sensuikan::WAR_START;
    (0..=start.months_until(crate::Month { year: 1945, month: 7 })).map(move |i| start.plus(i))
}

/// A roll that lands on a ship out of service is rolled again: each month of the war needs a row in
/// service, or the roll would never end.
fn check_every_month_has_a_ship<'a>(cx: &mut Cx, entry: &str, ships: impl Iterator<Item = &'a Ship> + Clone) {
    for m in war_months() {
        if !ships.clone().any(|s| s.in_service(m)) {
            cx.err(entry, format!("no ship of this chart is in service in {m}"));
        }
    }
}

fn row_entry<T>(prefix: &str, i: usize, r: &Row<T>) -> String {
    join(prefix, &format!("row {} ({})", i + 1, String::from(r.roll)))
}

/// T1, T2 and T5: one list of ships.
#[derive(Debug, Clone, PartialEq)]
pub struct ShipList {
    pub chart: Chart<Ship>,
    /// T1 and T2: the optional standard tonnages [11.1].
    pub constants: Vec<Constant>,
}

impl Family<Refs> for ShipList {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let chart = cx.chart(f);
        let constants = cx.constants(f);
        Some(Self {
            chart: chart?,
            constants,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        let warships = self.chart.id == "T5";
        check_every_month_has_a_ship(cx, "field rows", self.chart.rows.iter().map(|r| &r.result));
        for (i, r) in self.chart.rows.iter().enumerate() {
            let entry = row_entry("", i, r);
            check_ship(cx, &entry, &r.result, true);
            if warships && !r.result.fast {
                cx.err(
                    &format!("{entry}, field result.fast"),
                    "every warship is a Fast Target [8.1.5]",
                );
            }
            if warships && r.result.kind.is_merchant() {
                cx.err(&format!("{entry}, field result.kind"), "T5 lists warships");
            }
            if !warships && !r.result.kind.is_merchant() {
                cx.err(
                    &format!("{entry}, field result.kind"),
                    "T1 and T2 list merchant ships",
                );
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

/// A ship that is not rolled for: the generic escort [8.2.11], the enemy submarine [8.2.9.3].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixedTarget {
    pub id: String,
    pub ship: Ship,
    pub provenance: Provenance,
}

/// T3 Warships [8.1.5], with the generic escort and the enemy submarine.
#[derive(Debug, Clone, PartialEq)]
pub struct T3 {
    pub chart: Chart<Ship>,
    pub fixed: Vec<FixedTarget>,
}

impl T3 {
    pub fn fixed(&self, id: &str) -> Option<&Ship> {
        self.fixed.iter().find(|f| f.id == id).map(|f| &f.ship)
    }
}

impl Family<Refs> for T3 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let chart = cx.chart(f);
        let fixed: Vec<FixedTarget> = cx.entries(f, "fixed", "fixed target");
        for (i, f) in fixed.iter().enumerate() {
            let entry = format!("fixed target {} ({})", i + 1, f.id);
            cx.provenance(&f.provenance, &entry);
            check_ship(cx, &entry, &f.ship, false);
        }
        Some(Self { chart: chart?, fixed })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        check_every_month_has_a_ship(cx, "field rows", self.chart.rows.iter().map(|r| &r.result));
        for (i, r) in self.chart.rows.iter().enumerate() {
            let entry = row_entry("", i, r);
            check_ship(cx, &entry, &r.result, true);
            if !r.result.fast {
                cx.err(
                    &format!("{entry}, field result.fast"),
                    "every warship is a Fast Target [8.1.5]",
                );
            }
            if r.result.kind.is_merchant() {
                cx.err(&format!("{entry}, field result.kind"), "T3 lists warships");
            }
        }
        for id in ["escort", "enemy_submarine"] {
            if self.fixed(id).is_none() {
                cx.err("field fixed", format!("the fixed target '{id}' is missing"));
            }
        }
    }
    fn summary(&self) -> Summary {
        let mut s = Summary::of_chart(&self.chart, "1 column");
        s.shape = format!("1 column and {} fixed targets", self.fixed.len());
        s
    }
}

/// A T4 sub-list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CapitalList {
    /// The Pacific list.
    Us,
    /// The British sub-list: Dutch East Indies, Malaya, Indochina, Indian Ocean [8.1.4].
    British,
}

impl fmt::Display for CapitalList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CapitalList::Us => "us",
            CapitalList::British => "british",
        })
    }
}

/// T4 Capital Ships [8.1.4].
#[derive(Debug, Clone, PartialEq)]
pub struct T4 {
    pub table: Table<CapitalList, Ship>,
}

impl T4 {
    pub fn roll(&self, list: CapitalList, roll: i32) -> Option<&Row<Ship>> {
        self.table.lookup(&list, crate::sensuikan::WAR_START, roll)
    }
}

impl Family<Refs> for T4 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { table: cx.table(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for k in [CapitalList::Us, CapitalList::British] {
            if self.table.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the list '{k}' is missing"));
            }
        }
        self.table.check_dates(cx, |_| Dates::default());
        for c in &self.table.columns {
            check_every_month_has_a_ship(
                cx,
                &format!("{}, field rows", c.label()),
                c.chart.rows.iter().map(|r| &r.result),
            );
            for (i, r) in c.chart.rows.iter().enumerate() {
                let entry = row_entry(&c.label(), i, r);
                check_ship(cx, &entry, &r.result, true);
                if !(5..=7).contains(&r.result.damage) {
                    cx.err(
                        &format!("{entry}, field result.damage"),
                        "every capital ship needs 5 to 7 damage points [8.2.3]",
                    );
                }
                if !matches!(
                    r.result.kind,
                    ShipKind::Battleship | ShipKind::Battlecruiser | ShipKind::FleetCarrier
                ) {
                    cx.err(
                        &format!("{entry}, field result.kind"),
                        "T4 lists battleships, battlecruisers and fleet carriers",
                    );
                }
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary::of_table(&self.table, &[])
    }
}

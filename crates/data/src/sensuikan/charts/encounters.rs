//! A1 Patrol Assignment and A3 Encounters: the two charts keyed by the operations map.

use serde::{Deserialize, Serialize};

use super::Refs;
use crate::chart::{Chart, Row};
use crate::modifier::Constant;
use crate::month::Month;
use crate::read::{Cx, Family, Fields};
use crate::summary::Summary;
use crate::table::{Dates, Table};

/// An A1 result: the patrol area, and the base the submarine moves to before sailing, if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assignment {
    pub area: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
}

/// A1 Patrol Assignment [6.2.1B]: one column per base and period, keyed by base id.
#[derive(Debug, Clone, PartialEq)]
pub struct A1 {
    pub table: Table<String, Assignment>,
}

impl A1 {
    /// The assignment for a submarine based at `base` sailing in `when`.
    pub fn assign(&self, base: &str, when: Month, roll: i32) -> Option<&Row<Assignment>> {
        self.table.lookup(&base.to_string(), when, roll)
    }

    /// The areas the column lists, for a Commander or Captain who may choose one [8.9.1].
    pub fn active_areas(&self, base: &str, when: Month) -> Vec<&str> {
        let mut areas: Vec<&str> = Vec::new();
        if let Some(c) = self.table.column(&base.to_string(), when) {
            for r in &c.chart.rows {
                if !areas.contains(&r.result.area.as_str()) {
                    areas.push(&r.result.area);
                }
            }
        }
        areas
    }
}

impl Family<Refs> for A1 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { table: cx.table(f)? })
    }

    fn check(&self, cx: &mut Cx, refs: &Refs) {
        for key in self.table.keys() {
            if refs.base(&key).is_none() {
                cx.err(
                    &format!("column {key}"),
                    format!("unknown base '{key}' (the map's bases: {})", refs.base_ids()),
                );
            }
        }
        if self.table.columns_of(&"yokosuka".to_string()).next().is_none() {
            cx.err(
                "field columns",
                "Yokosuka, where every career starts [4.7.1], has no column",
            );
        }
        self.table.check_dates(cx, |key| match key.as_str() {
            "yokosuka" => Dates {
                from: Some(crate::sensuikan::WAR_START),
                until: None,
            },
            other => {
                let key = other.to_string();
                let first = self.table.columns_of(&key).next();
                Dates {
                    from: first.and_then(|c| c.dates.from),
                    until: refs.base(other).and_then(|b| b.open.until),
                }
            }
        });
        // Coverage of each base, to check moves into it.
        let covered = |base: &str| -> Option<Dates> {
            let key = base.to_string();
            let cols: Vec<_> = self.table.columns_of(&key).collect();
            Some(Dates {
                from: cols.first()?.dates.from,
                until: cols.last()?.dates.until,
            })
        };
        for c in &self.table.columns {
            let label = c.label();
            if let Some(b) = refs.base(&c.key)
                && !c.dates.within(b.open)
            {
                cx.err(&label, format!("runs past the months base '{}' is in use", c.key));
            }
            let restricted = refs.base(&c.key).and_then(|b| b.patrols_restricted_to.clone());
            for (i, r) in c.chart.rows.iter().enumerate() {
                let entry = format!("{label}, row {} ({})", i + 1, String::from(r.roll));
                let a = &r.result;
                match refs.area(&a.area) {
                    None => cx.err(
                        &format!("{entry}, field result.area"),
                        format!("unknown area '{}' (the map's areas: {})", a.area, refs.area_ids()),
                    ),
                    Some(area) => {
                        if let Some(need) = &area.requires_base
                            && a.base.as_ref() != Some(need)
                        {
                            cx.err(
                                &format!("{entry}, field result.base"),
                                format!(
                                    "a patrol to '{}' first moves the submarine to '{need}' [4.7.2]",
                                    a.area
                                ),
                            );
                        }
                    }
                }
                if let Some(only) = &restricted
                    && a.area != *only
                {
                    cx.err(
                        &format!("{entry}, field result.area"),
                        format!("every patrol from '{}' goes to '{only}' [4.7.2]", c.key),
                    );
                }
                if let Some(base) = &a.base {
                    if refs.base(base).is_none() {
                        cx.err(
                            &format!("{entry}, field result.base"),
                            format!("unknown base '{base}' (the map's bases: {})", refs.base_ids()),
                        );
                    } else if !covered(base).is_some_and(|d| c.dates.within(d)) {
                        cx.err(
                            &format!("{entry}, field result.base"),
                            format!("base '{base}' has no A1 column for all of {}", c.dates),
                        );
                    }
                }
            }
        }
    }

    fn summary(&self) -> Summary {
        Summary::of_table(&self.table, &[])
    }
}

/// An A3 result (and an arrival, in the Special Missions and Additional Combat Round columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Encounter {
    /// Nothing happens [8.1.2].
    None,
    /// A single ship sailing alone: roll its size [8.1.3].
    Ship,
    /// "Ship(s) + escort": one or two ships with an escort [8.1.3].
    ShipsEscorted,
    /// Three ships in the window of opportunity, always escorted [8.1.6].
    Convoy,
    /// T4, always escorted [8.1.4].
    CapitalShip,
    /// T3 (T5 in the British areas), always escorted [8.1.5].
    Warship,
    /// A4 [8.1.7].
    Aircraft,
    /// [8.2.9].
    EnemySubmarine,
    /// An escort arrives and rolls to detect (Special Missions and Additional Combat Round columns) [8.2.8].
    Escort,
}

/// The A3 size note: the T table a ship is rolled on [8.1.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShipSize {
    /// T1.
    Small,
    /// T2.
    Large,
}

/// The A3 columns that are not patrol areas.
pub const TRANSIT: &str = "transit";
pub const SPECIAL_MISSIONS: &str = "special_missions";
pub const ADDITIONAL_COMBAT_ROUND: &str = "additional_combat_round";

/// A3 Encounters [6.2.2B]: a column per patrol area, the Transit column, the Special Missions column and
/// the Additional Combat Round column, each over the periods of the war; the ship size note; the random
/// event on the first natural 12 [8.1.8].
#[derive(Debug, Clone, PartialEq)]
pub struct A3 {
    pub table: Table<String, Encounter>,
    pub ship_size: Chart<ShipSize>,
    pub constants: Vec<Constant>,
}

impl A3 {
    /// The encounter for a (modified) roll in column `column` (an area id or one of the special columns).
    pub fn encounter(&self, column: &str, when: Month, roll: i32) -> Option<&Row<Encounter>> {
        self.table.lookup(&column.to_string(), when, roll)
    }
}

impl Family<Refs> for A3 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let table = cx.table(f);
        let ship_size = cx.section(f, "ship_size", "Ship size");
        let constants = cx.constants(f);
        Some(Self {
            table: table?,
            ship_size: ship_size?,
            constants,
        })
    }

    fn check(&self, cx: &mut Cx, refs: &Refs) {
        let special = [TRANSIT, SPECIAL_MISSIONS, ADDITIONAL_COMBAT_ROUND];
        for key in self.table.keys() {
            if !special.contains(&key.as_str()) && refs.area(&key).is_none() {
                cx.err(
                    &format!("column {key}"),
                    format!(
                        "unknown column '{key}': A3 has {} and the map's areas ({})",
                        special.join(", "),
                        refs.area_ids()
                    ),
                );
            }
        }
        let needed = special
            .iter()
            .map(|s| (*s).to_string())
            .chain(refs.areas.iter().map(|a| a.id.clone()));
        for key in needed {
            if self.table.columns_of(&key).next().is_none() {
                cx.err("field columns", format!("the column '{key}' is missing"));
            }
        }
        self.table.check_dates(cx, |_| Dates {
            from: Some(crate::sensuikan::WAR_START),
            until: None,
        });
        for c in &self.table.columns {
            let arrivals_only = c.key == SPECIAL_MISSIONS || c.key == ADDITIONAL_COMBAT_ROUND;
            for (i, r) in c.chart.rows.iter().enumerate() {
                let ok = if arrivals_only {
                    matches!(
                        r.result,
                        Encounter::None | Encounter::Aircraft | Encounter::Escort
                    )
                } else {
                    r.result != Encounter::Escort
                };
                if !ok {
                    let what = if arrivals_only {
                        "this column answers only none, aircraft or escort [8.2.8]"
                    } else {
                        "an escort arrives only in the Special Missions and Additional Combat Round columns"
                    };
                    cx.err(
                        &format!(
                            "{}, row {} ({}), field result",
                            c.label(),
                            i + 1,
                            String::from(r.roll)
                        ),
                        what,
                    );
                }
            }
        }
        if self.ship_size.dice != crate::chart::ChartDice::D6 {
            cx.err("ship_size, field dice", "the ship size is rolled on 1d6 [8.1.3]");
        }
        cx.require_named(&self.constants, "constant", &["random_event_on_natural"]);
    }

    fn summary(&self) -> Summary {
        Summary::of_table(&self.table, &[(self.ship_size.dice, self.ship_size.rows.len())])
    }
}

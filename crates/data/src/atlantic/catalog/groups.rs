//! `groups.json`: the ship classes, every named ship, the ten starting escort groups [4.1], the two
//! scenario groups [11.1] [11.2], the reinforcement pools and the caps [6.3.3].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ChartModifier;
use super::reader::{FileReader, label, unique};
use crate::atlantic::cases::CaseIds;
use crate::atlantic::{GAME_END, GAME_START};
use crate::month::Month;
use crate::{DataError, Provenance};

pub const SHIPPED: &str = include_str!("../../../../../data/atlantic/groups.json");
pub const FILE: &str = "data/atlantic/groups.json";

/// What a class of escort is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShipKind {
    Destroyer,
    Frigate,
    /// The US Treasury-class cutters, destroyers for the game [4.1 note].
    Cutter,
    Corvette,
}

/// The caps [6.3.3] and the damage rule [7.4.1] go by category.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Destroyers, frigates and cutters.
    DdFf,
    /// The Flower-class corvettes.
    Corvette,
}

impl Category {
    pub fn name(self) -> &'static str {
        match self {
            Category::DdFf => "dd_ff",
            Category::Corvette => "corvette",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Navy {
    #[serde(rename = "HMS")]
    Hms,
    #[serde(rename = "HMCS")]
    Hmcs,
    #[serde(rename = "USCGC")]
    Uscgc,
    /// The Free French Lobelia and Renoncule [4.1].
    #[serde(rename = "FFL")]
    Ffl,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Nationality {
    British,
    Canadian,
    American,
}

type FieldProvenance = BTreeMap<String, Provenance>;

/// A class of escort: what it carries and the damage that sinks it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShipClass {
    pub id: String,
    pub name: String,
    pub kind: ShipKind,
    pub category: Category,
    /// A ship sinks when its damage reaches this: 2 for DD/FF, 1 for a Flower [7.4.1].
    pub damage_points: u8,
    /// Optional limited depth charges: 4 for a Flower, 11 for the rest [12.7].
    pub depth_charge_points: u8,
    /// The counter that stands for the ship; the Canadian River destroyers use any destroyer's
    /// [3.3.2 ERRATA].
    pub counter: String,
    /// Reinforcements of this class join from this month on (the River-class frigates from 5/42
    /// [ERRATA B4]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available_from: Option<Month>,
    /// The chart modifiers the class brings (the River frigate's +1 on B4 [ERRATA B4]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chart_modifiers: Vec<ChartModifier>,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// A named escort.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ship {
    pub id: String,
    pub name: String,
    pub class: String,
    pub navy: Navy,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// The months a Canadian group is withdrawn for its refit [7.7.1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Withdrawal {
    pub from: Month,
    pub until: Month,
}

/// One of the ten starting escort groups [4.1].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EscortGroup {
    pub id: String,
    pub name: String,
    pub nationality: Nationality,
    /// In order; the first is the SOE's ship, destroyer #1 or Cutter #1 [4.4.2] [4.1 note].
    pub ships: Vec<String>,
    /// Placed on ships of the player's choice [4.5].
    pub type_271_sets: u8,
    /// A capability of the group, not of a ship [4.6.1].
    pub hf_df: bool,
    pub hedgehog_sets: u8,
    /// `player_choice` [4.1], or a base.
    pub start_base: String,
    /// Card 0's base: British at Londonderry, Canadians at St. John's [6.2].
    pub default_base: String,
    /// C-1, C-2 and C-4 refit in Feb-Mar 1943 [7.7.1].
    pub withdrawn: Option<Withdrawal>,
    /// Tons added to the score for victory [5.2.4] [5.2.4 ERRATA].
    pub victory_tons_added: u32,
    /// The reinforcement pool the group draws from.
    pub reinforcements: String,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// A scenario's own group [11.1] [11.2].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioGroup {
    pub id: String,
    pub name: String,
    pub nationality: Nationality,
    pub ships: Vec<String>,
    pub type_271_sets: u8,
    pub hf_df: bool,
    pub hedgehog_sets: u8,
    pub provenance: Provenance,
}

/// The ships a group's A4 ship results draw, in order (reconstructed: the rules name none).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReinforcementPool {
    pub id: String,
    pub dd_ff: Vec<String>,
    pub corvettes: Vec<String>,
    pub provenance: Provenance,
}

/// At most `max` ships of a category in a group [6.3.3].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cap {
    pub category: Category,
    pub max: u8,
    pub provenance: Provenance,
}

/// The validated `groups.json`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Groups {
    pub notes: Vec<String>,
    pub classes: Vec<ShipClass>,
    pub ships: Vec<Ship>,
    pub groups: Vec<EscortGroup>,
    pub scenario_groups: Vec<ScenarioGroup>,
    pub reinforcement_pools: Vec<ReinforcementPool>,
    pub caps: Vec<Cap>,
}

impl Groups {
    pub fn shipped(cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        Self::parse(FILE, SHIPPED, cases)
    }

    /// Reads and checks `groups.json`: every reference inside the file resolves, the groups respect
    /// the caps, and every entry says where it comes from. Every mistake is returned.
    pub fn parse(file: &str, text: &str, cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        let mut r = FileReader::new(file, text, "groups")?;
        let g = Groups {
            notes: r.notes(),
            classes: r.list("classes"),
            ships: r.list("ships"),
            groups: r.list("groups"),
            scenario_groups: r.list("scenario_groups"),
            reinforcement_pools: r.list("reinforcement_pools"),
            caps: r.list("caps"),
        };
        g.check(&mut r);
        let errors = r.finish(cases);
        if errors.is_empty() { Ok(g) } else { Err(errors) }
    }

    /// Puts `value` in place of the entry `id` of `list` (`classes`, `ships` or `groups`: an override of
    /// one class, ship or escort group) if the whole file with it still reads and checks by exactly the
    /// code that reads the shipped file ([`Groups::parse`]); otherwise nothing changes and every error is
    /// returned, named by `file`.
    pub fn replace(
        &mut self,
        file: &str,
        list: &str,
        id: &str,
        value: &serde_json::Value,
        cases: &CaseIds,
    ) -> Result<(), Vec<DataError>> {
        let err = |message: String| vec![DataError::new(file, id, "", message)];
        let mut doc = self
            .document()
            .map_err(|e| err(format!("cannot be rebuilt: {e}")))?;
        let Some(entries) = doc.get_mut(list).and_then(serde_json::Value::as_array_mut) else {
            return Err(err(format!("groups.json has no list '{list}'")));
        };
        let Some(slot) = entries
            .iter_mut()
            .find(|e| e.get("id").and_then(serde_json::Value::as_str) == Some(id))
        else {
            return Err(err(format!("groups.json has no {list} entry '{id}' to replace")));
        };
        if value.get("id").and_then(serde_json::Value::as_str) != Some(id) {
            return Err(err(format!("the entry must keep its id \"{id}\"")));
        }
        *slot = value.clone();
        *self = Groups::parse(file, &doc.to_string(), cases)?;
        Ok(())
    }

    /// The file these catalogs read from, as `groups.json` writes it.
    fn document(&self) -> serde_json::Result<serde_json::Value> {
        use serde_json::to_value;
        Ok(serde_json::json!({
            "game": "atlantic",
            "catalog": "groups",
            "notes": self.notes,
            "classes": to_value(&self.classes)?,
            "ships": to_value(&self.ships)?,
            "groups": to_value(&self.groups)?,
            "scenario_groups": to_value(&self.scenario_groups)?,
            "reinforcement_pools": to_value(&self.reinforcement_pools)?,
            "caps": to_value(&self.caps)?,
        }))
    }

    fn check(&self, r: &mut FileReader) {
        let mut cx = r.cx("classes");
        unique(&mut cx, "classes", self.classes.iter().map(|c| c.id.as_str()));
        for (i, c) in self.classes.iter().enumerate() {
            let at = label("classes", i, &c.id);
            if c.damage_points == 0 {
                cx.err(
                    &format!("{at}, field damage_points"),
                    "a ship takes at least 1 point [7.4.1]",
                );
            }
            if let Some(m) = c.available_from
                && !(GAME_START..=GAME_END).contains(&m)
            {
                cx.err(
                    &format!("{at}, field available_from"),
                    format!("{m} is outside the game ({GAME_START} to {GAME_END})"),
                );
            }
            let corvette = c.kind == ShipKind::Corvette;
            if corvette != (c.category == Category::Corvette) {
                cx.err(
                    &format!("{at}, field category"),
                    "corvettes are the corvette category; destroyers, frigates and cutters are dd_ff [4.1 note]",
                );
            }
        }
        r.absorb(cx);

        let mut cx = r.cx("ships");
        unique(&mut cx, "ships", self.ships.iter().map(|s| s.id.as_str()));
        for (i, s) in self.ships.iter().enumerate() {
            if self.class(&s.class).is_none() {
                cx.err(
                    &format!("{}, field class", label("ships", i, &s.id)),
                    format!("no class '{}' in classes", s.class),
                );
            }
        }
        r.absorb(cx);

        let mut cx = r.cx("caps");
        for cat in [Category::DdFf, Category::Corvette] {
            match self.caps.iter().filter(|c| c.category == cat).count() {
                1 => {}
                0 => cx.err("", format!("no cap for {} [6.3.3]", cat.name())),
                _ => cx.err("", format!("{} is capped twice", cat.name())),
            }
        }
        r.absorb(cx);

        let mut cx = r.cx("groups");
        unique(&mut cx, "groups", self.groups.iter().map(|g| g.id.as_str()));
        for (i, g) in self.groups.iter().enumerate() {
            let at = label("groups", i, &g.id);
            self.check_ships(&mut cx, &at, &g.ships, g.type_271_sets, g.hedgehog_sets);
            if self.pool(&g.reinforcements).is_none() {
                cx.err(
                    &format!("{at}, field reinforcements"),
                    format!("no pool '{}' in reinforcement_pools", g.reinforcements),
                );
            }
            if let Some(w) = g.withdrawn
                && (w.from > w.until || w.from < GAME_START || w.until > GAME_END)
            {
                cx.err(
                    &format!("{at}, field withdrawn"),
                    format!(
                        "{} to {} must run forwards inside the game ({GAME_START} to {GAME_END})",
                        w.from, w.until
                    ),
                );
            }
        }
        r.absorb(cx);

        let mut cx = r.cx("scenario_groups");
        unique(
            &mut cx,
            "scenario_groups",
            self.scenario_groups.iter().map(|g| g.id.as_str()),
        );
        for (i, g) in self.scenario_groups.iter().enumerate() {
            let at = label("scenario_groups", i, &g.id);
            self.check_ships(&mut cx, &at, &g.ships, g.type_271_sets, g.hedgehog_sets);
        }
        r.absorb(cx);

        let mut cx = r.cx("reinforcement_pools");
        unique(
            &mut cx,
            "reinforcement_pools",
            self.reinforcement_pools.iter().map(|p| p.id.as_str()),
        );
        for (i, p) in self.reinforcement_pools.iter().enumerate() {
            let at = label("reinforcement_pools", i, &p.id);
            for (field, list, cat) in [
                ("dd_ff", &p.dd_ff, Category::DdFf),
                ("corvettes", &p.corvettes, Category::Corvette),
            ] {
                for (j, ship) in list.iter().enumerate() {
                    let entry = format!("{at}, field {field}.{j}");
                    match self.class_of(ship) {
                        None => cx.err(&entry, format!("no ship '{ship}' in ships")),
                        Some(c) if c.category != cat => cx.err(
                            &entry,
                            format!("'{ship}' is a {}, not a {}", c.category.name(), cat.name()),
                        ),
                        Some(_) => {}
                    }
                }
            }
        }
        r.absorb(cx);
    }

    /// A group's ships resolve, appear once, start with the SOE's DD/FF [4.4.2] and respect the caps
    /// [6.3.3]; its sets fit on its ships.
    fn check_ships(&self, cx: &mut crate::read::Cx, at: &str, ships: &[String], sets: u8, hedgehogs: u8) {
        for (j, s) in ships.iter().enumerate() {
            if self.ship(s).is_none() {
                cx.err(
                    &format!("{at}, field ships.{j}"),
                    format!("no ship '{s}' in ships"),
                );
            } else if ships[..j].contains(s) {
                cx.err(
                    &format!("{at}, field ships.{j}"),
                    format!("'{s}' is listed twice"),
                );
            }
        }
        match ships.first().and_then(|s| self.class_of(s)) {
            Some(c) if c.category == Category::DdFf => {}
            Some(_) => cx.err(
                &format!("{at}, field ships.0"),
                "the SOE's ship, first in the list, is destroyer #1 or Cutter #1 [4.4.2] [4.1 note]",
            ),
            None if ships.is_empty() => cx.err(&format!("{at}, field ships"), "a group has ships"),
            None => {}
        }
        for cap in &self.caps {
            let n = ships
                .iter()
                .filter(|s| self.class_of(s).is_some_and(|c| c.category == cap.category))
                .count();
            if n > usize::from(cap.max) {
                cx.err(
                    &format!("{at}, field ships"),
                    format!(
                        "{n} {} ships, beyond the cap of {} [6.3.3]",
                        cap.category.name(),
                        cap.max
                    ),
                );
            }
        }
        for (field, n) in [("type_271_sets", sets), ("hedgehog_sets", hedgehogs)] {
            if usize::from(n) > ships.len() {
                cx.err(
                    &format!("{at}, field {field}"),
                    "more sets than ships to carry them",
                );
            }
        }
    }

    pub fn class(&self, id: &str) -> Option<&ShipClass> {
        self.classes.iter().find(|c| c.id == id)
    }

    pub fn ship(&self, id: &str) -> Option<&Ship> {
        self.ships.iter().find(|s| s.id == id)
    }

    /// The class of ship `id`.
    pub fn class_of(&self, ship: &str) -> Option<&ShipClass> {
        self.ship(ship).and_then(|s| self.class(&s.class))
    }

    pub fn group(&self, id: &str) -> Option<&EscortGroup> {
        self.groups.iter().find(|g| g.id == id)
    }

    pub fn scenario_group(&self, id: &str) -> Option<&ScenarioGroup> {
        self.scenario_groups.iter().find(|g| g.id == id)
    }

    pub fn pool(&self, id: &str) -> Option<&ReinforcementPool> {
        self.reinforcement_pools.iter().find(|p| p.id == id)
    }

    /// The cap of a category [6.3.3].
    pub fn cap(&self, category: Category) -> Option<u8> {
        self.caps.iter().find(|c| c.category == category).map(|c| c.max)
    }
}

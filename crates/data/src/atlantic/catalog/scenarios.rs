//! `scenarios.json`: the set-up of ON 113 [11.1] and ONS 154 [11.2].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::merchants::ConvoySize;
use super::reader::{FileReader, label, unique};
use crate::atlantic::cases::CaseIds;
use crate::atlantic::{GAME_END, GAME_START};
use crate::month::Month;
use crate::{DataError, Provenance};

pub const SHIPPED: &str = include_str!("../../../../../data/atlantic/scenarios.json");
pub const FILE: &str = "data/atlantic/scenarios.json";

/// What a scenario's travel box holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoxEncounter {
    /// Rolled on A2 as usual (less any `ignore`d result).
    Roll,
    SingleUboat,
    Wolfpack,
}

/// An A2 result a scenario box may disregard [11.1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ignored {
    SingleUboat,
    Wolfpack,
    Condor,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioBox {
    /// 1 to 6, in the order sailed.
    #[serde(rename = "box")]
    pub number: u8,
    pub encounter: BoxEncounter,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ignore: Vec<Ignored>,
    /// A named wolfpack (`Wolf` [11.1]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The wolfpack's size before A3's reduction [11.1].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boats: Option<u8>,
    /// The size is reduced by A3's roll for 8 boats or more [11.1].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reduce_per_a3: bool,
    /// A3 is rolled with this modifier instead of the year's (+2 in ONS 154's third box [11.2]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub a3_modifier: Option<i32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioAir {
    /// Air support is rolled on A4 before sailing.
    pub rolled: bool,
    /// A CAM ship sails with the convoy.
    pub cam: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioVictory {
    /// The player wins losing this many merchants or fewer.
    pub max_merchants_lost: u8,
    /// Each U-boat sunk cancels this many losses.
    pub each_uboat_sunk_cancels: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub id: String,
    pub name: String,
    pub month: Month,
    pub sailed: String,
    /// A `scenario_groups` id of groups.json.
    pub group: String,
    /// The meeting point play starts at.
    pub start: String,
    pub route: String,
    pub convoy_size: ConvoySize,
    pub merchants: u8,
    /// The H chart whose ships are the targets.
    pub merchant_chart: String,
    pub air_support: ScenarioAir,
    pub boxes: Vec<ScenarioBox>,
    /// Optional: this many of the attacking boats are Green [11.1].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional_green_uboats: Option<u8>,
    pub victory: ScenarioVictory,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: BTreeMap<String, Provenance>,
}

impl Scenario {
    /// The box numbered `n` (1-6).
    pub fn travel_box(&self, n: u8) -> Option<&ScenarioBox> {
        self.boxes.iter().find(|b| b.number == n)
    }
}

/// The validated `scenarios.json`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenarios {
    pub scenarios: Vec<Scenario>,
}

impl Scenarios {
    pub fn shipped(cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        Self::parse(FILE, SHIPPED, cases)
    }

    pub fn parse(file: &str, text: &str, cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        let mut r = FileReader::new(file, text, "scenarios")?;
        let scenarios: Vec<Scenario> = r.list("scenarios");
        let mut cx = r.cx("scenarios");
        unique(&mut cx, "scenarios", scenarios.iter().map(|s| s.id.as_str()));
        for (i, s) in scenarios.iter().enumerate() {
            let at = label("scenarios", i, &s.id);
            if !(GAME_START..=GAME_END).contains(&s.month) {
                cx.err(
                    &format!("{at}, field month"),
                    format!("{} is outside the game", s.month),
                );
            }
            let numbers: Vec<u8> = s.boxes.iter().map(|b| b.number).collect();
            if numbers != [1, 2, 3, 4, 5, 6] {
                cx.err(&format!("{at}, field boxes"), "boxes 1 to 6, in order, each once");
            }
            for b in &s.boxes {
                let entry = format!("{at}, box {}", b.number);
                if (b.boats.is_some() || b.reduce_per_a3) && b.encounter != BoxEncounter::Wolfpack {
                    cx.err(&entry, "only a wolfpack has boats");
                }
                if !b.ignore.is_empty() && b.encounter != BoxEncounter::Roll {
                    cx.err(&entry, "only a rolled box ignores results");
                }
            }
        }
        r.absorb(cx);
        let errors = r.finish(cases);
        if errors.is_empty() {
            Ok(Self { scenarios })
        } else {
            Err(errors)
        }
    }

    pub fn get(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }
}

//! `uboats.json`: the Type VII and Type IX [3.3.2] and the damage boxes of the U1 mat, in B5's
//! vocabulary.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::reader::{FileReader, label, unique};
use crate::atlantic::cases::CaseIds;
use crate::{DataError, Provenance};

pub const SHIPPED: &str = include_str!("../../../../../data/atlantic/uboats.json");
pub const FILE: &str = "data/atlantic/uboats.json";

/// B5's result that is no box of the mat [B8].
pub const MINOR_DAMAGE: &str = "minor_damage";

/// A U-boat type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UboatType {
    pub id: String,
    pub name: String,
    pub bow_tubes: u8,
    /// The torpedoes the printed "**" adds: 1 for a Type VII, 2 for a Type IX [ERRATA C1].
    pub stern_tubes: u8,
    /// Torpedoes are not counted: enough for this many attacks [4.5].
    pub attacks_carried: u8,
    pub hull_boxes: u8,
    pub flooding_boxes: u8,
    pub flak_mounts: u8,
    pub deck_gun: bool,
    /// About 50 men [7.3.6].
    pub crew: u16,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: BTreeMap<String, Provenance>,
}

/// A damage box (or row of boxes) of the U1 mat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct System {
    pub id: String,
    pub name: String,
    /// Boxes of a system with a fixed count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boxes: Option<u8>,
    /// Hull and flooding take the type's count.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub boxes_from_type: bool,
    /// Damage here keeps the boat out of the rest of the encounter, repaired or not [7.3.9].
    pub removes_from_encounter: bool,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: BTreeMap<String, Provenance>,
}

/// B5's minor damage, which is no box: no effect [B8], unless [7.3.9] is read literally.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinorDamage {
    pub removes_from_encounter: bool,
    /// What the option that reads [7.3.9] literally does.
    pub removes_under_literal_reading: bool,
    pub provenance: Provenance,
}

/// The validated `uboats.json`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uboats {
    pub notes: Vec<String>,
    pub types: Vec<UboatType>,
    pub systems: Vec<System>,
    pub minor_damage: MinorDamage,
}

impl Uboats {
    pub fn shipped(cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        Self::parse(FILE, SHIPPED, cases)
    }

    pub fn parse(file: &str, text: &str, cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        let mut r = FileReader::new(file, text, "uboats")?;
        let notes = r.notes();
        let types: Vec<UboatType> = r.list("types");
        let systems: Vec<System> = r.list("systems");
        let minor_damage = r.one::<MinorDamage>("minor_damage");

        let mut cx = r.cx("types");
        unique(&mut cx, "types", types.iter().map(|t| t.id.as_str()));
        for (i, t) in types.iter().enumerate() {
            let at = label("types", i, &t.id);
            for (field, n) in [
                ("bow_tubes", t.bow_tubes),
                ("attacks_carried", t.attacks_carried),
                ("hull_boxes", t.hull_boxes),
                ("flooding_boxes", t.flooding_boxes),
            ] {
                if n == 0 {
                    cx.err(&format!("{at}, field {field}"), "must be at least 1");
                }
            }
        }
        if types.is_empty() {
            cx.err("", "no U-boat type");
        }
        r.absorb(cx);

        let mut cx = r.cx("systems");
        unique(&mut cx, "systems", systems.iter().map(|s| s.id.as_str()));
        for (i, s) in systems.iter().enumerate() {
            let at = label("systems", i, &s.id);
            match (s.boxes, s.boxes_from_type) {
                (Some(0), false) => cx.err(&format!("{at}, field boxes"), "a system has at least one box"),
                (Some(_), false) | (None, true) => {}
                _ => cx.err(&at, "give either boxes or boxes_from_type: true"),
            }
            if s.id == MINOR_DAMAGE {
                cx.err(&at, "minor damage is no box of the mat: it has its own entry");
            }
        }
        for needed in ["hull", "flooding"] {
            if !systems.iter().any(|s| s.id == needed && s.boxes_from_type) {
                cx.err(
                    "",
                    format!("the mat needs '{needed}', whose boxes come from the type [B8]"),
                );
            }
        }
        r.absorb(cx);

        let errors = r.finish(cases);
        match minor_damage {
            Some(minor_damage) if errors.is_empty() => Ok(Self {
                notes,
                types,
                systems,
                minor_damage,
            }),
            _ => Err(errors),
        }
    }

    pub fn uboat_type(&self, id: &str) -> Option<&UboatType> {
        self.types.iter().find(|t| t.id == id)
    }

    pub fn system(&self, id: &str) -> Option<&System> {
        self.systems.iter().find(|s| s.id == id)
    }

    /// The boxes of a system on a boat of a type: the type's hull or flooding count, else the system's.
    pub fn boxes(&self, system: &str, uboat_type: &str) -> Option<u8> {
        let s = self.system(system)?;
        if s.boxes_from_type {
            let t = self.uboat_type(uboat_type)?;
            match s.id.as_str() {
                "hull" => Some(t.hull_boxes),
                "flooding" => Some(t.flooding_boxes),
                _ => None,
            }
        } else {
            s.boxes
        }
    }

    /// Whether damage to a B5 result keeps the boat out of the rest of the encounter [7.3.9];
    /// `literal` is the option that reads [7.3.9] literally for minor damage.
    pub fn removes_from_encounter(&self, result: &str, literal: bool) -> Option<bool> {
        if result == MINOR_DAMAGE {
            return Some(if literal {
                self.minor_damage.removes_under_literal_reading
            } else {
                self.minor_damage.removes_from_encounter
            });
        }
        self.system(result).map(|s| s.removes_from_encounter)
    }
}

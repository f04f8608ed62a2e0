//! `mats.json`: the Escort Group Display Mat E1 [4.4.2] and the optional U-boat Combat Mat B7 [7.1.7],
//! described (the text does not print them).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::groups::Category;
use super::reader::{FileReader, unique};
use crate::atlantic::cases::CaseIds;
use crate::{DataError, Provenance};

pub const SHIPPED: &str = include_str!("../../../../../data/atlantic/mats.json");
pub const FILE: &str = "data/atlantic/mats.json";

/// An area of ship displays on E1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatArea {
    pub id: String,
    pub name: String,
    pub holds: Category,
    pub ships: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mat {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub optional: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<MatArea>,
    /// The boxes beside each ship's display.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ship_boxes: Vec<String>,
    pub boxes: Vec<String>,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: BTreeMap<String, Provenance>,
}

/// The validated `mats.json`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mats {
    pub notes: Vec<String>,
    pub mats: Vec<Mat>,
}

impl Mats {
    pub fn shipped(cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        Self::parse(FILE, SHIPPED, cases)
    }

    pub fn parse(file: &str, text: &str, cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        let mut r = FileReader::new(file, text, "mats")?;
        let notes = r.notes();
        let mats: Vec<Mat> = r.list("mats");
        let mut cx = r.cx("mats");
        unique(&mut cx, "mats", mats.iter().map(|m| m.id.as_str()));
        for id in ["E1", "B7"] {
            if !mats.iter().any(|m| m.id == id) {
                cx.err("", format!("the mat '{id}' is missing"));
            }
        }
        r.absorb(cx);
        let errors = r.finish(cases);
        if errors.is_empty() {
            Ok(Self { notes, mats })
        } else {
            Err(errors)
        }
    }

    pub fn get(&self, id: &str) -> Option<&Mat> {
        self.mats.iter().find(|m| m.id == id)
    }
}

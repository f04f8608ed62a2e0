//! `merchants.json`: merchant sizes and their standard tonnages [12.1], the damage that sinks a ship by
//! its tonnage [8.0], the convoy sizes [7.1.3] and the ships in reach of one attack [7.1.3].

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::reader::{FileReader, label};
use crate::atlantic::cases::CaseIds;
use crate::{DataError, Provenance};

pub const SHIPPED: &str = include_str!("../../../../../data/atlantic/merchants.json");
pub const FILE: &str = "data/atlantic/merchants.json";

/// A merchant's size: what the target roll gives and which M chart names it [7.1.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MerchantSize {
    Small,
    Large,
    Tanker,
}

impl MerchantSize {
    pub const ALL: [MerchantSize; 3] = [MerchantSize::Small, MerchantSize::Large, MerchantSize::Tanker];
}

impl fmt::Display for MerchantSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MerchantSize::Small => "small",
            MerchantSize::Large => "large",
            MerchantSize::Tanker => "tanker",
        })
    }
}

/// A convoy's size: large on T1A, small on T1B [6.1 1B] [ERRATA T-1B].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConvoySize {
    Small,
    Large,
}

impl fmt::Display for ConvoySize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ConvoySize::Small => "small",
            ConvoySize::Large => "large",
        })
    }
}

type FieldProvenance = BTreeMap<String, Provenance>;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeEntry {
    pub id: MerchantSize,
    pub name: String,
    /// The M chart that names ships of this size.
    pub chart: String,
    /// The optional standard tonnage [12.1].
    pub standard_tons: u32,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// Ships up to `up_to_tons` (the last band has none) sink at `points` of damage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageBand {
    pub up_to_tons: Option<u32>,
    pub points: u8,
    pub provenance: Provenance,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConvoySizeEntry {
    pub size: ConvoySize,
    /// About this many ships [7.1.3].
    pub ships: u16,
    /// The tactical display it is fought on [6.1 1B].
    pub display: String,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// A number the rules state, with where they state it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stated {
    pub value: u8,
    pub provenance: Provenance,
}

/// The validated `merchants.json`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merchants {
    pub notes: Vec<String>,
    pub sizes: Vec<SizeEntry>,
    /// In tonnage order, the last open-ended.
    pub damage_to_sink: Vec<DamageBand>,
    pub convoy_sizes: Vec<ConvoySizeEntry>,
    pub targets_per_attack: Stated,
}

impl Merchants {
    pub fn shipped(cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        Self::parse(FILE, SHIPPED, cases)
    }

    pub fn parse(file: &str, text: &str, cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        let mut r = FileReader::new(file, text, "merchants")?;
        let notes = r.notes();
        let sizes: Vec<SizeEntry> = r.list("sizes");
        let damage_to_sink: Vec<DamageBand> = r.list("damage_to_sink");
        let convoy_sizes: Vec<ConvoySizeEntry> = r.list("convoy_sizes");
        let targets = r.one::<Stated>("targets_per_attack");

        let mut cx = r.cx("sizes");
        for want in MerchantSize::ALL {
            if sizes.iter().filter(|s| s.id == want).count() != 1 {
                cx.err("", format!("the size '{want}' must be listed once"));
            }
        }
        for (i, s) in sizes.iter().enumerate() {
            if sizes[..i].iter().any(|o| o.chart == s.chart) {
                cx.err(
                    &format!("{}, field chart", label("sizes", i, &s.id.to_string())),
                    format!("'{}' already names another size", s.chart),
                );
            }
        }
        r.absorb(cx);

        let mut cx = r.cx("damage_to_sink");
        let mut last: Option<u32> = None;
        for (i, b) in damage_to_sink.iter().enumerate() {
            let at = format!("band {}", i + 1);
            let is_last = i + 1 == damage_to_sink.len();
            match (b.up_to_tons, is_last) {
                (None, false) => cx.err(&at, "only the last band is open-ended"),
                (Some(_), true) => cx.err(&at, "the last band is open-ended (up_to_tons: null)"),
                (Some(t), false) if last.is_some_and(|l| t <= l) => cx.err(&at, "the bands go up in tonnage"),
                _ => {}
            }
            if b.points == 0 {
                cx.err(
                    &format!("{at}, field points"),
                    "a ship takes at least 1 point to sink",
                );
            }
            last = b.up_to_tons.or(last);
        }
        if damage_to_sink.is_empty() {
            cx.err("", "no band");
        }
        r.absorb(cx);

        let mut cx = r.cx("convoy_sizes");
        for want in [ConvoySize::Small, ConvoySize::Large] {
            if convoy_sizes.iter().filter(|c| c.size == want).count() != 1 {
                cx.err("", format!("the convoy size '{want}' must be listed once"));
            }
        }
        r.absorb(cx);

        let errors = r.finish(cases);
        match targets {
            Some(targets_per_attack) if errors.is_empty() => Ok(Self {
                notes,
                sizes,
                damage_to_sink,
                convoy_sizes,
                targets_per_attack,
            }),
            _ => Err(errors),
        }
    }

    pub fn size(&self, id: MerchantSize) -> Option<&SizeEntry> {
        self.sizes.iter().find(|s| s.id == id)
    }

    pub fn convoy(&self, size: ConvoySize) -> Option<&ConvoySizeEntry> {
        self.convoy_sizes.iter().find(|c| c.size == size)
    }

    /// The damage points that sink a ship of `tons` [8.0].
    pub fn points_to_sink(&self, tons: u32) -> Option<u8> {
        points_to_sink(&self.damage_to_sink, tons)
    }
}

/// The damage points that sink a ship of `tons`, by the bands.
pub fn points_to_sink(bands: &[DamageBand], tons: u32) -> Option<u8> {
    bands
        .iter()
        .find(|b| b.up_to_tons.is_none_or(|t| tons <= t))
        .map(|b| b.points)
}

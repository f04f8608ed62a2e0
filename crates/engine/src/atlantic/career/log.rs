//! The Convoy Log [3.5] [4.3]: the header (escort group and SOE), one row per mission (two a month, every
//! second row the grey "Check for Upgrades" row), the Canadian "Refit" rows [7.7.1], the career's totals and
//! the victory computation [5.2] — built from the missions' results, for the printed sheet and the screens.

use periscope_data::Month;
use periscope_data::atlantic::catalog::merchants::{ConvoySize, MerchantSize};
use periscope_data::atlantic::charts::ConvoyType;
use serde::{Deserialize, Serialize};

/// The whole Convoy Log of one escort commander.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConvoyLog {
    /// The escort group's designation (`B-1`) [4.3.1].
    pub group: String,
    /// The group's id in `groups.json` (`b1`).
    pub group_id: String,
    /// The Senior Officer of the Escort's name [4.3.1].
    pub soe: String,
    /// His rank now (`Lieutenant Commander` …) [7.6.1].
    pub rank: String,
    /// Every row in order: missions and the Canadian refit months.
    pub rows: Vec<LogRow>,
    pub totals: LogTotals,
    /// The victory computation, once the career is over [5.1.4] [5.2].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory: Option<VictoryComputation>,
}

/// One row of the sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "row", rename_all = "snake_case")]
// A log has at most 36 rows: a plain row is simpler for the printers than a boxed one.
#[allow(clippy::large_enum_variant)]
pub enum LogRow {
    /// A convoy escorted.
    Mission(MissionRow),
    /// [7.7.1] "Refit" written at the start of a month the Canadian group spends in St. John's.
    Refit { month: Month },
}

impl LogRow {
    pub fn mission(&self) -> Option<&MissionRow> {
        match self {
            LogRow::Mission(m) => Some(m),
            LogRow::Refit { .. } => None,
        }
    }
}

/// A mission's row [3.5] [4.3.2].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionRow {
    /// The mission's number in the career, from 1.
    pub number: u32,
    /// The month it sailed; `half` 1 or 2 is its place in the month [6.3.2].
    pub month: Month,
    pub half: u8,
    /// The grey row: the refit after it checks for upgrades [3.5] [6.3.3].
    pub upgrade_row: bool,
    pub convoy: ConvoyType,
    pub size: ConvoySize,
    /// [12.5] The month's historical convoy numbers, when the optional rule is on and the book gives them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub convoy_ids: Option<String>,
    /// The meeting points, from and to, and the base the group refits at after [4.7].
    pub from: String,
    pub to: String,
    pub refit_at: String,
    /// Every merchant that came into reach, fell out of line or was lost, once each [7.1.3].
    pub targets: Vec<LogTarget>,
    /// The tons sunk (the circled ships) [3.5] [5.2.1].
    pub tonnage_lost: u32,
    pub merchants_lost: u32,
    pub uboats_sunk: Vec<LogUboat>,
    pub uboats_damaged: Vec<LogUboat>,
    /// Escorts lost, torpedoed or rammed on the mission, in words.
    pub escort_notes: Vec<String>,
    /// Crypto material captured by a boarding party [7.4.2].
    pub crypto_captured: u8,
    /// The SOE's ship was sunk [5.1.2].
    pub soe_sunk: bool,
}

/// A merchant of a row [7.1.3]: circled when sunk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogTarget {
    pub name: String,
    pub size: MerchantSize,
    pub tonnage: u32,
    pub sunk: bool,
    /// Damage points taken, and how many sink her.
    pub damage: u8,
    pub sinks_at: u8,
    /// What sank her (a U-boat, a Condor).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sunk_by: Option<String>,
    /// The travel box, 1-6 in the order sailed, its name, and whether it is one of the air gap's [4.8].
    pub box_number: u8,
    pub box_name: String,
    pub air_gap: bool,
}

/// A U-boat sunk or damaged [4.3.2].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogUboat {
    pub box_number: u8,
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sunk_by: Option<String>,
    /// The escort credited with the kill [7.5.1].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credited_to: Option<String>,
    /// Hull boxes hit and the systems damaged.
    pub hull: u8,
    pub systems: Vec<String>,
}

/// The career's totals so far.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogTotals {
    pub missions: u32,
    pub tonnage_lost: u32,
    pub merchants_lost: u32,
    /// Aircraft kills count [7.2.3].
    pub uboats_sunk: u32,
    pub uboats_damaged: u32,
    pub crypto_captured: u32,
    pub escorts_lost: u32,
}

/// The victory computation at the end [5.2] with the errata: the level the tons give, every shift summed,
/// the level clamped once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryComputation {
    /// The tons on the log [5.2.1].
    pub tonnage_lost: u32,
    /// [5.2.4] Tons a Canadian group adds (none for C-3 [5.2.4 ERRATA]).
    pub tons_added: u32,
    /// The tons victory reads.
    pub tons_counted: u32,
    /// The level the tons give [5.2.2] (id and name).
    pub base_level: String,
    pub base_level_name: String,
    /// [5.2.3] +1 per 20 U-boats sunk.
    pub uboat_shift: i32,
    /// [5.2.3 ERRATA] −1 per 40,000 t, or part, beyond 240,000 t.
    pub tonnage_shift: i32,
    /// [7.4.2] +1 per crypto capture.
    pub crypto_shift: i32,
    /// Every shift summed, before the clamp.
    pub total_shift: i32,
    /// [5.1.2] The SOE's ship sunk: Defeat, whatever the shifts.
    pub soe_sunk: bool,
    /// The level (id and name), after the clamp.
    pub level: String,
    pub level_name: String,
    /// [10.1] With a U-boat player, his result (id and name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub german_level: Option<String>,
    /// [5.1.3] The final rank.
    pub final_rank: String,
    /// [11.1] [11.2] A scenario's own victory condition, which then gives the level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<ScenarioJudgement>,
}

/// A historical scenario's victory [11.1] [11.2]: merchants lost, less one per U-boat sunk, at most the
/// scenario's number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioJudgement {
    pub scenario: String,
    pub merchants_lost: u32,
    pub uboats_sunk: u32,
    /// Merchants lost less the U-boats' cancellations.
    pub counted: u32,
    pub max_merchants_lost: u32,
    pub won: bool,
}

impl ConvoyLog {
    /// The mission rows, in order.
    pub fn missions(&self) -> impl Iterator<Item = &MissionRow> {
        self.rows.iter().filter_map(LogRow::mission)
    }
}

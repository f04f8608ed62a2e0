//! What a mission is given: the mission as the career hands it over (issue 17) — the group's ships with
//! their equipment, crews and kills, the air support, the month, the base and the convoy — and the
//! optional rules [12.x] and readings as flags. The defaults are the Example of Play's setting [8.0]: B-1
//! at Londonderry in 2/42 with a CAM ship and the group's Type 271 on the H-class.

use periscope_data::Month;
use periscope_data::atlantic::catalog::merchants::ConvoySize;
use periscope_data::atlantic::charts::{ConvoyType, Quality};
use serde::{Deserialize, Serialize};

/// One escort as the career hands it over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EscortSetup {
    /// A ship id of `data/atlantic/groups.json` (`hurricane`).
    pub ship: String,
    #[serde(default)]
    pub type_271: bool,
    #[serde(default)]
    pub hedgehog: bool,
    /// Crew quality [3.3.2]: Trained unless told; Green only with [12.6].
    #[serde(default = "trained")]
    pub crew: Quality,
    /// Damage points carried: a DD/FF with one sails only as a target [7.4.3]; a ship with as many as
    /// sink it cannot sail.
    #[serde(default)]
    pub damage: u8,
    /// U-boats credited to the ship so far [7.5.1].
    #[serde(default)]
    pub kills: u8,
    /// Depth-charge points left, with limited depth charges [12.7]; none means a full load.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth_charges: Option<u8>,
    /// Hedgehog reloads left, with limited depth charges [12.7 ERRATA]; none means a full load.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hedgehog_reloads: Option<u8>,
}

fn trained() -> Quality {
    Quality::Trained
}

impl EscortSetup {
    /// A fresh ship with a Trained crew and nothing fitted.
    pub fn new(ship: &str) -> Self {
        Self {
            ship: ship.to_string(),
            type_271: false,
            hedgehog: false,
            crew: Quality::Trained,
            damage: 0,
            kills: 0,
            depth_charges: None,
            hedgehog_reloads: None,
        }
    }
}

/// The air support of the mission (A4's result at the last refit) [4.4.2] [7.2.1].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AirCover {
    /// Long-range aircraft: every white box, not the air gap [7.2.1].
    pub long_range_air: bool,
    /// A CAM ship in the convoy: one Hurricane against a Condor in a C box [4.5] [7.2.7].
    pub cam: bool,
    /// An escort carrier: every box, and Condors are driven off [7.2.1] [7.2.7].
    pub cve: bool,
}

/// The convoy, when the career has already rolled it on A1a/A1b.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConvoyAssignment {
    pub convoy: ConvoyType,
    pub size: ConvoySize,
}

/// The optional rules of [12.0] and the readings players may differ on, each off by default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OptionalRules {
    /// [12.1] Standard tonnages instead of M1-M3.
    pub standard_tonnage: bool,
    /// [12.2] A ship sunk earlier in the career is rolled again.
    pub historical_targeting: bool,
    /// [12.3] Each U-boat's crew quality on B9.
    pub uboat_quality: bool,
    /// [12.4] Each attacking aircrew's quality.
    pub aircrew_quality: bool,
    /// [12.7] Limited depth charges (and six Hedgehog reloads [12.7 ERRATA]).
    pub limited_depth_charges: bool,
    /// [12.8] Evasive manoeuvres before each escort attack.
    pub evasion: bool,
    /// Reading: [7.3.9] taken literally, minor damage also keeps a boat out of the encounter.
    pub literal_minor_damage: bool,
}

/// A mission's options. Unknown fields are refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MissionOptions {
    /// The escort group's id in `groups.json` (`b1`): its name and nationality, and its ships when
    /// `escorts` is empty.
    pub group: String,
    /// The ships sailing, first the SOE's [4.4.2]. Empty: the group's ships as [4.1] lists them, its
    /// Type 271 sets on the first ships, every crew Trained.
    pub escorts: Vec<EscortSetup>,
    /// Whether the group has HF/DF [4.6.1]; none means as [4.1] gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hf_df: Option<bool>,
    pub month: Month,
    /// The base the group sails from: `londonderry` or `st_johns` [4.7].
    pub base: String,
    /// The convoy, or none to roll it on A1a/A1b [6.1 1A].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub convoy: Option<ConvoyAssignment>,
    pub air: AirCover,
    /// Touch Wood markers the group holds from earlier missions [9.2].
    pub touch_wood: u8,
    /// Ships sunk earlier in the career, by name, for [12.2].
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sunk_before: Vec<String>,
    pub optional: OptionalRules,
    /// [10.1] A second player commands the U-boats: placement, attacks, range, targets and evasion are
    /// that player's decisions.
    pub two_player: bool,
    /// [11.1] [11.2] A historical scenario's script (`on113`, `ons154`): its boxes and its merchants.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    /// [6.1 2e] The stations of the group's last array on the career's last convoy (ship id, station),
    /// for "the same array as last convoy" at this mission's first battle. Empty: none to take again.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub last_array: Vec<(String, String)>,
    /// The player's override file for a single convoy, carried so that it replays with the same values;
    /// `None`: Periscope's data. (A career's missions play on the career's data instead.)
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overrides: Option<crate::game::PlayerData>,
}

impl Default for MissionOptions {
    /// The Example of Play's setting [8.0]: B-1 at Londonderry in February 1942, a CAM ship, the Type
    /// 271 on the H-class Hurricane; the convoy rolled on A1a.
    fn default() -> Self {
        Self {
            group: "b1".into(),
            escorts: Vec::new(),
            hf_df: None,
            month: Month { year: 1942, month: 2 },
            base: "londonderry".into(),
            convoy: None,
            air: AirCover {
                long_range_air: false,
                cam: true,
                cve: false,
            },
            touch_wood: 0,
            sunk_before: Vec::new(),
            optional: OptionalRules::default(),
            two_player: false,
            scenario: None,
            last_array: Vec::new(),
            overrides: None,
        }
    }
}

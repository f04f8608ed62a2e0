//! What a career is given: the group and base (or none, to roll and choose them [4.1]), the SOE's name
//! [4.3.1], who plays [10.1] [10.2], and the optional rules [12.1]-[12.8] with the readings players may
//! differ on. Unknown fields are refused.

use serde::{Deserialize, Serialize};

use crate::atlantic::OptionalRules;

/// Who plays the career.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Players {
    /// One player, the U-boats run by the charts.
    #[default]
    Solo,
    /// [10.1] A second player commands the U-boats: their placement, day attacks, range, targets and
    /// evasion are that player's decisions, recorded as player 2's.
    UboatPlayer,
    /// [10.2] Two escort commanders, each with his own group from opposite bases; in each other's
    /// encounters the other commands the U-boats.
    BothAllied,
}

/// The career's optional rules [12.0], each off by default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CareerRules {
    /// [12.1] Standard tonnages instead of M1-M3.
    pub standard_tonnage: bool,
    /// [12.2] A ship sunk earlier in the career is rolled again.
    pub historical_targeting: bool,
    /// [12.3] Each U-boat's crew quality on B9.
    pub uboat_quality: bool,
    /// [12.4] Each attacking aircrew's quality.
    pub aircrew_quality: bool,
    /// [12.5] Each Convoy Log row carries the month's historical convoy numbers (flavour only).
    pub convoy_ids: bool,
    /// [12.6] Each ship's crew may start Green (1d6: a 1).
    pub green_crews: bool,
    /// [12.7] Limited depth charges, restocked at every base.
    pub limited_depth_charges: bool,
    /// [12.8] Evasive manoeuvres before each escort attack.
    pub evasion: bool,
    /// Reading: [7.3.9] taken literally, minor damage also keeps a boat out of the encounter.
    pub literal_minor_damage: bool,
}

impl CareerRules {
    /// The rules a mission plays with.
    pub fn mission(self) -> OptionalRules {
        OptionalRules {
            standard_tonnage: self.standard_tonnage,
            historical_targeting: self.historical_targeting,
            uboat_quality: self.uboat_quality,
            aircrew_quality: self.aircrew_quality,
            limited_depth_charges: self.limited_depth_charges,
            evasion: self.evasion,
            literal_minor_damage: self.literal_minor_damage,
        }
    }
}

/// A career's options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CareerOptions {
    /// The escort group (`b1` … `c4`, `a3`); none: the player rolls 1d10 or chooses at the table [4.1].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// The starting base (`londonderry`, `st_johns`); none: the player chooses [4.1].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    /// The SOE's name, for the Convoy Log's header [4.3.1].
    pub soe: String,
    /// [10.2] The second commander's name, with two Allied players.
    pub second_soe: String,
    pub players: Players,
    pub rules: CareerRules,
    /// [11.1] [11.2] A historical scenario instead of a career: `on113` or `ons154`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    /// The player's own charts and entries (their override file), carried with the career so that it
    /// replays with the same values; `None`: Periscope's data. Every mission of the career plays on them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overrides: Option<crate::game::PlayerData>,
}

impl Default for CareerOptions {
    fn default() -> Self {
        Self {
            group: None,
            base: None,
            soe: "F. J. Walker".into(),
            second_soe: "D. Macintyre".into(),
            players: Players::Solo,
            rules: CareerRules::default(),
            scenario: None,
            overrides: None,
        }
    }
}

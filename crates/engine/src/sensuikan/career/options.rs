//! The career's options: the setup choices and the optional rules of section 11, each off by default
//! (the rulebook's standard game).

use serde::{Deserialize, Serialize};

use crate::Month;

/// How the optional special skill [11.7] is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SpecialSkillRule {
    /// Not used (default: 11.7 is optional).
    #[default]
    Off,
    /// Roll 1d20; 13-20 are undefined in the text and are rolled again.
    Roll,
    /// The player chooses one of the twelve.
    Choose,
}

/// `Career` options. Every field is optional in JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CareerOptions {
    /// A class id (`kd6`), or `None` to choose it as the first decision [4.1].
    pub class: Option<String>,
    /// The month the career starts; December 1941 by default, or the class's availability if later
    /// [4.2.1].
    pub start: Month,
    /// The commander's name; empty = "the Commander" unless the H2 generator is on [4.3.1].
    pub commander: String,
    /// [4.3.1] The I-number the player wrote on the log header; empty = the class list's number (the
    /// historical one with [11.6]).
    pub hull_number: String,
    /// [11.6] OPTIONAL historical hull numbers (default off: "I-" and a number from the class list anyway,
    /// the first of its list).
    pub historical_id: bool,
    /// [11.8] OPTIONAL name generator H2 (default off).
    pub name_generator: bool,
    /// [11.7] OPTIONAL special skill (default off).
    pub special_skill: SpecialSkillRule,
    /// [11.1] OPTIONAL standard tonnage (default off): the career credits a sunk small merchant 3,500 t, a
    /// large merchant 7,000 t and a tanker 9,000 t on its Patrol Log; naval targets keep their tonnage.
    pub standard_tonnage: bool,
    /// [11.2] OPTIONAL historical targets (default off): the career keeps the names it has sunk and hands
    /// them to each patrol, which identifies a named ship again when she was sunk before.
    pub historical_targets: bool,
    /// [11.3] OPTIONAL evasive manoeuvres (default off), passed to each patrol; in a two-player game the
    /// escort's direction is player 2's secret choice [10.1].
    pub evasive_manoeuvres: bool,
    /// [11.4] OPTIONAL escort quality (default off), passed to each patrol.
    pub escort_quality: bool,
    /// [11.5] OPTIONAL aircrew quality (default off), passed to each patrol.
    pub aircrew_quality: bool,
    /// [10.1] Hot-seat two-player (default off): player 2 rolls the escorts' detection and attacks, the
    /// damage and the aviation attacks (B4-B7) with physical dice; each of those rolls is recorded as his.
    pub two_player: bool,
    /// The player's own charts and class entries (their override file), carried with the career so that
    /// it replays with the same values; `None`: Periscope's data. A chart the file gets wrong stays
    /// Periscope's, as the start screen says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overrides: Option<PlayerData>,
}

pub use crate::game::PlayerData;

impl Default for CareerOptions {
    fn default() -> Self {
        Self {
            class: None,
            start: Month {
                year: 1941,
                month: 12,
            },
            commander: String::new(),
            hull_number: String::new(),
            historical_id: false,
            name_generator: false,
            special_skill: SpecialSkillRule::Off,
            standard_tonnage: false,
            historical_targets: false,
            evasive_manoeuvres: false,
            escort_quality: false,
            aircrew_quality: false,
            two_player: false,
            overrides: None,
        }
    }
}

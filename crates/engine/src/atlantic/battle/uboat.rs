//! A U-boat of the encounter: its mat (hull and flooding boxes, tubes, flak, deck gun) [7.1.3], what the
//! B5 results have done to it [7.3.8], its part in the encounter [7.3.9], where it attacks from and who
//! first detected it [7.5.1]. Plain state: the procedures of `battle` and `damage` change it.

use periscope_data::atlantic::charts::Quality;
use serde::Serialize;

/// Where a boat attacks from: an approach circle, or a range box by the Straggler Box [7.1.3] [7.1.6].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "at", content = "id", rename_all = "snake_case")]
pub enum Station {
    Approach(String),
    Stragglers(String),
}

impl Station {
    pub fn id(&self) -> &str {
        match self {
            Station::Approach(s) | Station::Stragglers(s) => s,
        }
    }
}

/// A boat's part in the encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum BoatState {
    Active,
    /// Out of this cycle only (a crash dive, an aircraft that found it) [7.2.2] [7.2.3].
    SitsOut {
        cycle: u8,
    },
    /// Out of the rest of the encounter [7.3.9] [7.2.3].
    Removed {
        why: String,
    },
    Sunk {
        by: String,
    },
}

/// Who first detected a boat: the kill's credit [7.5.1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "credit", content = "escort", rename_all = "snake_case")]
pub enum Credit {
    Escort(usize),
    /// A detection no one ship made (HF/DF, a hunt's B3): the player picks among the hunters.
    Pick,
}

/// A U-boat of the encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Uboat {
    /// U-boat 1, 2 … of this encounter.
    pub number: u8,
    /// A type id of `uboats.json`.
    pub kind: String,
    pub kind_name: String,
    pub hull_boxes: u8,
    pub flooding_boxes: u8,
    pub bow_tubes: u8,
    pub stern_tubes: u8,
    pub flak_mounts: u8,
    pub deck_gun: bool,
    /// Its crew, with the optional rule [12.3].
    pub quality: Option<Quality>,
    pub damage: Damage,
    pub state: BoatState,
    pub station: Option<Station>,
    /// A contact report this cycle [7.1.3].
    pub reported: bool,
    /// By day, shadowing rather than attacking this cycle [7.1.3].
    pub shadowing: bool,
    /// Detected before its attack this impulse [7.1.3].
    pub detected: bool,
    pub credit: Option<Credit>,
    /// Attacks on the convoy so far: its torpedoes last three [4.5].
    pub attacks: u8,
    /// Fired steam torpedoes by day: +1 on every B3 roll of the combat [7.1.5].
    pub g7a_by_day: bool,
    /// Attacks it has suffered, for the batteries' delay [B8].
    pub rounds: u32,
}

impl Uboat {
    /// Whether it may act in cycle `cycle`.
    pub fn available(&self, cycle: u8) -> bool {
        match self.state {
            BoatState::Active => true,
            BoatState::SitsOut { cycle: c } => c < cycle,
            _ => false,
        }
    }

    pub fn sunk(&self) -> bool {
        matches!(self.state, BoatState::Sunk { .. })
    }

    pub fn at_stragglers(&self) -> bool {
        matches!(self.station, Some(Station::Stragglers(_)))
    }

    pub fn hull_full(&self) -> bool {
        self.damage.hull >= self.hull_boxes
    }

    pub fn flooding_full(&self) -> bool {
        self.damage.flooding >= self.flooding_boxes
    }

    /// Whether a system is on this boat: a Type VII has one flak gun, a boat without a deck gun none.
    pub(crate) fn carries(&self, system: &str) -> bool {
        match system {
            "flak_gun_1" => self.flak_mounts >= 1,
            "flak_gun_2" => self.flak_mounts >= 2,
            "deck_gun" => self.deck_gun,
            _ => true,
        }
    }

    /// Working flak mounts [7.2.4].
    pub fn flak_working(&self) -> u8 {
        let mut n = 0;
        for (i, id) in ["flak_gun_1", "flak_gun_2"].iter().enumerate() {
            if usize::from(self.flak_mounts) > i && !self.damage.has(id) {
                n += 1;
            }
        }
        n
    }

    /// Electric motors out [B8] [7.3.3].
    pub fn motors_out(&self) -> usize {
        ["electric_motor_1", "electric_motor_2"]
            .iter()
            .filter(|m| self.damage.has(m))
            .count()
    }
}

/// What the B5 results have done to a boat.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Damage {
    pub hull: u8,
    pub flooding: u8,
    /// Systems out, by their ids on U1 (B5's words).
    pub systems: Vec<String>,
    /// Minor damage results (no effect, unless [7.3.9] is read literally).
    pub minor: u8,
    /// Crew wounds: not tracked in play [7.3.6].
    pub wounds: u8,
}

impl Damage {
    /// Whether any B5 result has struck the boat.
    pub fn any(&self) -> bool {
        self.hull > 0 || self.flooding > 0 || !self.systems.is_empty() || self.minor > 0 || self.wounds > 0
    }

    pub fn has(&self, system: &str) -> bool {
        self.systems.iter().any(|s| s == system)
    }
}

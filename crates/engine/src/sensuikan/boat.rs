//! The submarine on its Control Sheet: tubes and reloads [4.5], ammunition, hull and flooding boxes and
//! damaged systems [8.5].

use periscope_data::sensuikan::charts::{System, Weapon};
use serde::{Deserialize, Serialize};

/// Which end of the hull a torpedo is fired from [8.2.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    Bow,
    Stern,
}

impl End {
    pub fn other(self) -> End {
        match self {
            End::Bow => End::Stern,
            End::Stern => End::Bow,
        }
    }
}

/// A torpedo type [4.5].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Torpedo {
    Type89,
    Type6,
    Type95,
    Type92,
}

impl Torpedo {
    pub fn weapon(self) -> Weapon {
        match self {
            Torpedo::Type89 => Weapon::Type89,
            Torpedo::Type6 => Weapon::Type6,
            Torpedo::Type95 => Weapon::Type95,
            Torpedo::Type92 => Weapon::Type92,
        }
    }
    /// Steam torpedoes leave a wake by day [8.1.9].
    pub fn is_steam(self) -> bool {
        matches!(self, Torpedo::Type89 | Torpedo::Type6)
    }
}

/// A damaged system's state [8.5.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SystemState {
    Damaged,
    Inop,
}

/// The submarine on its Control Sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Boat {
    /// Loaded tubes; `None` is an empty tube.
    pub bow_tubes: Vec<Option<Torpedo>>,
    pub stern_tubes: Vec<Option<Torpedo>>,
    pub bow_reloads: Vec<Torpedo>,
    pub stern_reloads: Vec<Torpedo>,
    pub ammunition: u32,
    pub hull: u8,
    pub flooding: u8,
    /// Damaged or inoperative systems (hull and flooding are counted in boxes).
    pub systems: Vec<(System, SystemState)>,
    /// AA guns out of action (a second AA hit takes out the second gun) [8.5.10].
    pub aa_guns_out: u8,
    /// Diesel engines out of action (a second hit puts both out) [8.5.4].
    pub diesels_out: u8,
}

impl Boat {
    pub fn state(&self, s: System) -> Option<SystemState> {
        self.systems.iter().find(|(x, _)| *x == s).map(|(_, st)| *st)
    }
    pub fn working(&self, s: System) -> bool {
        self.state(s).is_none()
    }
    pub fn torpedoes(&self) -> u32 {
        let n = self.bow_tubes.iter().flatten().count()
            + self.stern_tubes.iter().flatten().count()
            + self.bow_reloads.len()
            + self.stern_reloads.len();
        u32::try_from(n).unwrap_or(u32::MAX)
    }
    pub fn tubes(&self, end: End) -> &Vec<Option<Torpedo>> {
        match end {
            End::Bow => &self.bow_tubes,
            End::Stern => &self.stern_tubes,
        }
    }
    pub(crate) fn tubes_mut(&mut self, end: End) -> &mut Vec<Option<Torpedo>> {
        match end {
            End::Bow => &mut self.bow_tubes,
            End::Stern => &mut self.stern_tubes,
        }
    }
}

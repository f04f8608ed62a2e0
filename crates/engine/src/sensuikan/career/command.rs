//! The command: the captain, the boat he commands and the men who sail with him. Setup [4.x] fills it,
//! the crew checks [8.7] and promotion [8.9] change it, reassignment [9.x] gives him another boat.

use super::{Kite, Rank, SpecialSkill};
use crate::sensuikan::{CrewQuality, CrewSetup};

/// The captain, his boat and his crew.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Command {
    pub(super) commander: String,
    pub(super) family_name: String,
    pub(super) rank: Rank,
    pub(super) special_skill: Option<SpecialSkill>,
    pub(super) shibumi: bool,
    pub(super) kite: Option<Kite>,
    /// [4.8.1] [11.7] The markers the captain holds (Maneki Neko, the free time's).
    pub(super) markers: Vec<String>,
    /// The boat: her class's catalog id, her hull number and her base.
    pub(super) class: String,
    pub(super) hull_number: String,
    pub(super) base: String,
    pub(super) crew: CrewSetup,
    /// Successful-patrol credits toward the next skill [8.7.1].
    pub(super) credits: u32,
    pub(super) unsuccessful_in_a_row: u32,
    pub(super) midget_commander: Option<String>,
    pub(super) pilots: Vec<String>,
    /// The kaiten pilots' F4 results [4.8.4].
    pub(super) kaiten_pilots: Vec<String>,
}

impl Command {
    /// [4.4.2] A Lieutenant Commander with the crew at Trained, the boat in port at `base`.
    pub(super) fn new(commander: String, base: String) -> Self {
        Self {
            commander,
            family_name: String::new(),
            rank: Rank::LieutenantCommander,
            special_skill: None,
            shibumi: false,
            kite: None,
            markers: Vec::new(),
            class: String::new(),
            hull_number: String::new(),
            base,
            crew: CrewSetup {
                quality: CrewQuality::Trained,
                ..CrewSetup::default()
            },
            credits: 0,
            unsuccessful_in_a_row: 0,
            midget_commander: None,
            pilots: Vec::new(),
            kaiten_pilots: Vec::new(),
        }
    }
}
